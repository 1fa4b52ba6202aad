package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Instruction types: a type the instruction does not take, a missing or extra type (PTX0207),
 * and two types that no form combines (PTX0208, e.g. {@code set.f32.f16}).
 */
final class TypeRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        if (a.form != null) {
            return; // the types select a form: nothing to report
        }
        FormTable t = a.table;
        int n = t.typeCount();
        List<Token> types = a.types;
        if (types.isEmpty()) {
            ctx.reporter().report(Edits.at(Rules.INVALID_TYPE, a.insn.opcode().span(),
                    a.opcode() + " needs " + (n == 1 ? "an instruction type" : n + " instruction types ("
                            + String.join(", ", t.typeNames()) + ")") + ": " + ModifierRule.syntax(t)
                            + typeSummary(t)));
            return;
        }
        if (types.size() > n) {
            for (int i = n; i < types.size(); i++) {
                Token extra = types.get(i);
                boolean repeat = extra.text().equals(types.get(i - n).text()) || types.subList(0, i).stream()
                        .anyMatch(x -> x.text().equals(extra.text()));
                ctx.reporter().report(Edits.at(Rules.INVALID_TYPE, extra.span(),
                        (repeat ? "'" + extra.text() + "' is written twice" : "a " + ordinal(i + 1)
                                + " type '" + extra.text() + "'") + ": " + a.opcode() + " takes " + count(n)
                                + " (" + ModifierRule.syntax(t) + "); remove it")
                        .withFix(Edits.remove("Remove '" + extra.text() + "'", extra, repeat)));
            }
            return;
        }
        // each type must be legal in its slot
        boolean slotsOk = true;
        for (int i = 0; i < types.size(); i++) {
            Token tok = types.get(i);
            PtxType p = PtxType.of(tok.text());
            Set<PtxType> legal = t.typesAt(i);
            if (!legal.contains(p)) {
                slotsOk = false;
                reportSlot(a, i, tok, p, legal, ctx);
            }
        }
        if (!slotsOk) {
            return;
        }
        if (types.size() < n) {
            Token last = types.get(types.size() - 1);
            ctx.reporter().report(Edits.at(Rules.INVALID_TYPE, last.span(),
                    a.opcode() + " takes " + count(n) + " (" + ModifierRule.syntax(t) + ") but has only "
                            + types.size() + typeSummary(t)));
            return;
        }
        if (a.form == null) {
            combination(a, ctx);
        }
    }

    private void reportSlot(FormAnalysis a, int i, Token tok, PtxType p, Set<PtxType> legal, CheckContext ctx) {
        FormTable t = a.table;
        String slot = t.typeCount() == 1 ? "type" : t.typeNames().get(i);
        String msg = a.opcode() + " has no " + (t.typeCount() == 1 ? "" : slot + " ") + "'" + tok.text()
                + "'; the " + slot + " is one of " + Edits.types(legal);
        Diagnostic d;
        PtxType bit = p.bitType();
        if (p.isHalf() && bit != null && legal.contains(bit) && t.copies(i)) {
            // the slot's operands are copied unchanged (@operand a b : copied): the .bN of the size moves them
            msg += "; " + a.opcode() + " moves bits, so select " + p.text() + " values with '" + bit.text() + "'";
            d = Edits.at(Rules.INVALID_TYPE, tok.span(), msg)
                    .withFix(Edits.replaceSafe("Use '" + bit.text() + "'", tok.span(), bit.text()));
        } else if (p.bits() == 8 && !legal.contains(p)) {
            msg += " (8-bit types are not supported: use the 16-bit type)";
            d = Edits.at(Rules.INVALID_TYPE, tok.span(), msg);
        } else {
            d = Edits.at(Rules.INVALID_TYPE, tok.span(), msg);
        }
        ctx.reporter().report(d);
    }

    private void combination(FormAnalysis a, CheckContext ctx) {
        FormTable t = a.table;
        PtxType d = PtxType.of(a.types.get(0).text());
        PtxType s = PtxType.of(a.types.get(1).text());
        Token second = a.types.get(1);
        String dn = t.typeNames().get(0);
        String sn = t.typeNames().get(1);
        Set<PtxType> withD = t.typesAt(1, 0, d);
        Set<PtxType> withS = t.typesAt(0, 1, s);
        String msg = a.opcode() + " has no form " + a.opcode() + d.text() + s.text() + ": with " + dn + " "
                + d.text() + " the " + sn + " is one of " + Edits.types(withD) + "; " + sn + " " + s.text()
                + " goes with " + dn + " " + Edits.types(withS);
        FormTable.Operand sel = t.selecting();
        if (sel != null && sel.typeIndex() == 1 && s.kind() != PtxType.Kind.FLOAT) {
            // the second type is that of the source whose sign selects (@operand c : .ctype selects)
            msg = a.opcode() + "'s " + sn + " (the type of " + sel.name() + ", whose sign selects) must be "
                    + Edits.list(t.typesAt(1).stream().map(PtxType::text).toList()) + ", not " + s.text();
        }
        Diagnostic diag = Edits.at(Rules.INVALID_TYPE_COMBINATION, second.span(), msg);
        ctx.reporter().report(diag);
    }

    private static String count(int n) {
        return n == 1 ? "one type" : n + " types";
    }

    private static String ordinal(int i) {
        return switch (i) {
            case 2 -> "second";
            case 3 -> "third";
            default -> i + "th";
        };
    }

    private static String typeSummary(FormTable t) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < t.typeCount(); i++) {
            parts.add((t.typeCount() == 1 ? "type" : t.typeNames().get(i)) + " one of " + Edits.types(t.typesAt(i)));
        }
        return "; " + String.join("; ", parts);
    }
}
