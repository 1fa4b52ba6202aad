package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Opcodes;
import dev.ptxlint.checker.instructions.FormAnalysis.Mod;
import dev.ptxlint.checker.instructions.FormAnalysis.ModKind;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.FormTable.Part;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Modifiers: unknown ones (PTX0200), ones the instruction does not take (PTX0201), the same one
 * twice (PTX0202), two of one kind (PTX0203), and, as a warning, an order other than the
 * manual's (PTX0250; ptxas accepts any order, but for two types their order is their meaning).
 */
final class ModifierRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        boolean clean = true;
        for (Mod m : a.mods) {
            if (m.kind() == ModKind.UNKNOWN) {
                unknown(a, m.token(), ctx);
                clean = false;
            } else if (m.kind() == ModKind.ILLEGAL) {
                illegal(a, m.token(), ctx);
                clean = false;
            }
        }
        clean &= repeated(a, a.cmps, "comparison operators", ctx);
        clean &= repeated(a, a.bools, "BoolOps", ctx);
        clean &= repeated(a, a.ftzs, "", ctx);
        clean &= repeated(a, a.secondaries, "secondary operations", ctx);
        if (clean && a.types.size() == a.table.typeCount()) {
            order(a, ctx);
        }
    }

    private void unknown(FormAnalysis a, Token t, CheckContext ctx) {
        List<String> legal = legalModifiers(a.table);
        String word = t.text();
        List<String> s = new ArrayList<>();
        for (String l : legal) {
            if (l.equalsIgnoreCase(word)) {
                s.add(l);
            }
        }
        if (s.isEmpty()) {
            s = Opcodes.Suggest.closest(word, legal, 3);
        }
        String msg = "'" + word + "' is not a PTX modifier";
        Diagnostic d;
        if (s.isEmpty()) {
            d = Edits.at(Rules.UNKNOWN_MODIFIER, t.span(), msg + "; " + a.opcode() + " takes " + describe(a.table));
        } else {
            d = Edits.at(Rules.UNKNOWN_MODIFIER, t.span(), msg + "; did you mean " + Edits.list(quoted(s)) + "?"
                    + (word.equals(word.toUpperCase(Locale.ROOT)) && !word.equals(word.toLowerCase(Locale.ROOT))
                    ? " (modifiers are lower case)" : ""));
            for (String c : s) {
                d = d.withFix(Edits.replace("Replace with '" + c + "'", t.span(), c));
            }
        }
        ctx.reporter().report(d.withFix(Edits.remove("Remove '" + word + "'", t)));
    }

    private static List<String> quoted(List<String> s) {
        List<String> q = new ArrayList<>();
        s.forEach(x -> q.add("'" + x + "'"));
        return q;
    }

    private void illegal(FormAnalysis a, Token t, CheckContext ctx) {
        String w = t.text();
        String op = a.opcode();
        String msg;
        if (KnownModifiers.ROUNDING.contains(w)) {
            msg = op + " takes no rounding modifier; remove '" + w + "'";
        } else if (CmpOp.of(w) != null) {
            FormTable.Operand sel = a.table.selecting(); // @operand c : ... selects
            msg = op + " takes no comparison operator ('" + w + "')" + (sel == null ? "" : ": it selects on "
                    + (sel.role() == FormTable.Role.PREDICATE ? "the predicate " : "the sign of ") + sel.name())
                    + "; remove it, or compare first with setp" + w + " and select on its predicate with selp";
        } else if (KnownModifiers.BOOL_OPS.contains(w)) {
            msg = op + " takes no BoolOp ('" + w + "'); remove it";
        } else if (w.equals(".ftz")) {
            msg = op + " does not flush subnormals: it takes no '.ftz'; remove it";
        } else if (FormAnalysis.SECONDARY_OPS.contains(w) && a.table.has(Part.SECONDARY)) {
            List<String> own = a.table.secondaryOps();
            msg = op + (own.size() == 1 ? "'s only secondary operation is " + own.get(0) : " takes the secondary "
                    + "operations " + Edits.list(own)) + ", not '" + w + "'"
                    + (a.table.hint(w) == null ? "" : " " + a.table.hint(w)) + "; remove it";
        } else if (w.equals(".cc")) {
            msg = "'.cc' (carry) is not a modifier of " + op + "; remove it";
        } else {
            msg = "'" + w + "' is not a modifier of " + op + "; " + op + " takes " + describe(a.table);
        }
        ctx.reporter().report(Edits.at(Rules.ILLEGAL_MODIFIER, t.span(), msg)
                .withFix(Edits.remove("Remove '" + w + "'", t)));
    }

    /** Reports repeats in one kind of modifier; returns whether there were none. */
    private boolean repeated(FormAnalysis a, List<Token> tokens, String what, CheckContext ctx) {
        boolean clean = true;
        for (int i = 1; i < tokens.size(); i++) {
            Token first = tokens.get(0);
            Token t = tokens.get(i);
            clean = false;
            if (t.text().equals(first.text())) {
                ctx.reporter().report(Edits.at(Rules.DUPLICATE_MODIFIER, t.span(),
                        "'" + t.text() + "' is written twice; remove this one")
                        .withFix(Edits.removeSafe("Remove the second '" + t.text() + "'", t)));
            } else {
                ctx.reporter().report(Edits.at(Rules.CONFLICTING_MODIFIERS, t.span(),
                        "two " + what + ", '" + first.text() + "' and '" + t.text() + "': " + a.opcode()
                                + " takes one; keep the one you mean")
                        .withFix(Edits.remove("Remove '" + t.text() + "'", t))
                        .withFix(Edits.remove("Remove '" + first.text() + "'", first)));
            }
        }
        return clean;
    }

    private void order(FormAnalysis a, CheckContext ctx) {
        if (a.mods.isEmpty() || inManualOrder(a)) {
            return;
        }
        List<Token> expected = new ArrayList<>();
        for (Part p : a.table.order()) {
            switch (p) {
                case CMP -> expected.addAll(a.cmps);
                case BOOL -> expected.addAll(a.bools);
                case FTZ -> expected.addAll(a.ftzs);
                case TYPES -> expected.addAll(a.types);
                case SECONDARY -> expected.addAll(a.secondaries);
            }
        }
        StringBuilder want = new StringBuilder();
        expected.forEach(t -> want.append(t.text()));
        var span = a.mods.get(0).token().span().to(a.mods.get(a.mods.size() - 1).token().span());
        ctx.reporter().report(Edits.at(Rules.MODIFIER_ORDER, span,
                "modifiers out of the manual's order: write " + a.opcode() + want + " (" + syntax(a.table)
                        + "); ptxas accepts any order, other tools may not")
                .withFix(Edits.replaceSafe("Reorder to " + a.opcode() + want, span, want.toString())));
    }

    /** Whether each modifier's kind comes no earlier in the table's order than the one before it. */
    private static boolean inManualOrder(FormAnalysis a) {
        int last = -1;
        for (Mod m : a.mods) {
            int rank = a.table.order().indexOf(part(m.kind()));
            if (rank < last) {
                return false;
            }
            last = rank;
        }
        return true;
    }

    private static Part part(ModKind k) {
        return switch (k) {
            case TYPE -> Part.TYPES;
            case CMP -> Part.CMP;
            case BOOL -> Part.BOOL;
            case FTZ -> Part.FTZ;
            case SECONDARY -> Part.SECONDARY;
            default -> null; // unknown or illegal: order() is not reached with these
        };
    }

    /** {@code setp.CmpOp.BoolOp.ftz.type}-style summary of a table's modifiers. */
    static String syntax(FormTable t) {
        StringBuilder sb = new StringBuilder(t.opcode());
        for (Part p : t.order()) {
            switch (p) {
                case CMP -> sb.append('.').append(t.cmpName());
                case BOOL -> sb.append("{.BoolOp}");
                case FTZ -> sb.append("{.ftz}");
                case TYPES -> t.typeNames().forEach(n -> sb.append('.').append(n));
                case SECONDARY -> sb.append(t.secondaryOps().size() == 1 ? "{" + t.secondaryOps().get(0) + "}"
                        : "{.op2}");
            }
        }
        return sb.toString();
    }

    private static String describe(FormTable t) {
        return "the modifiers " + syntax(t).substring(t.opcode().length());
    }

    /** Every modifier the table's forms can take. */
    static List<String> legalModifiers(FormTable t) {
        Set<String> s = new LinkedHashSet<>();
        if (t.has(Part.CMP)) {
            Set<CmpOp> used = new java.util.TreeSet<>();
            t.forms().values().forEach(f -> used.addAll(f.cmpOps()));
            for (CmpOp c : used) {
                s.add(c.text());
            }
        }
        if (t.has(Part.BOOL)) {
            s.addAll(KnownModifiers.BOOL_OPS);
        }
        if (t.anyFtz()) {
            s.add(".ftz");
        }
        s.addAll(t.secondaryOps());
        for (int i = 0; i < t.typeCount(); i++) {
            for (PtxType p : t.typesAt(i)) {
                s.add(p.text());
            }
        }
        return new ArrayList<>(s);
    }
}
