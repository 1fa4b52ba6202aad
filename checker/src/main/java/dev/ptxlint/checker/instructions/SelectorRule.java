package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Exprs;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.Selectors;
import dev.ptxlint.isa.Selectors.Use;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Selectors and masks written on operands ({@code %r1.h10}), against the slot's
 * {@link Selectors}: a mask that is not one of the instruction's (PTX0220), a selector the
 * operand does not take (PTX0221), a selector on an operand that takes none (PTX0222), scalar
 * vset's destination selector without c (PTX0223) or with a secondary operation (PTX0224), and,
 * as a warning, the undocumented {@code .b01/.b12/.b23} where ptxas accepts them (PTX0260).
 */
final class SelectorRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        for (int k = 0, n = a.slots.size(); k < n; k++) { // (no iterator: per instruction)
            FormAnalysis.Slot s = a.slots.get(k);
            Token tok = s.selector();
            if (tok == null) {
                continue;
            }
            Selectors spec = s.spec().selectors();
            String sel = tok.text();
            if (Selectors.ODD_TOKENS.contains(sel) && spec.odd() != Selectors.Odd.INVALID) {
                odd(a, s, spec, tok, ctx);
            } else if (!spec.allowsAny()) {
                notAllowed(a, s, tok, ctx);
            } else if (!spec.isLegal(sel)) {
                invalid(a, s, spec, tok, ctx);
            } else if (spec.use() == Use.MERGE) {
                merge(a, s, tok, ctx);
            }
        }
    }

    private void odd(FormAnalysis a, FormAnalysis.Slot s, Selectors spec, Token tok, CheckContext ctx) {
        String sel = tok.text();
        String where = "operand " + s.spec().name() + " of " + a.opcode();
        if (spec.odd() == Selectors.Odd.FATAL) {
            ctx.reporter().report(Edits.at(Rules.INVALID_VIDEO_SELECTOR, tok.span(), "'" + sel + "' is not a selector "
                    + "of " + where + ": " + spec.name() + " is " + spec.syntax() + " (ptxas stops with a misleading "
                    + "'Parsing error near ';'' in <builtin> here)"));
            return;
        }
        ctx.reporter().report(Edits.at(Rules.UNDOCUMENTED_VIDEO_SELECTOR, tok.span(), "'" + sel + "' on " + where
                + " is not a documented video selector: ptxas accepts it without a message, but what it selects is "
                + "not defined" + (spec.allowsAny() ? " (" + spec.name() + " is " + spec.syntax() + ")"
                : " and " + s.spec().name() + " takes no selector") + "; remove it or use a documented one"));
    }

    private void notAllowed(FormAnalysis a, FormAnalysis.Slot s, Token tok, CheckContext ctx) {
        String sel = tok.text();
        String msg;
        if (a.table.hasSelectors()) {
            msg = "operand " + s.spec().name() + " of " + a.opcode() + " takes no selector: " + a.opcode()
                    + " reads all of " + s.spec().name() + "; remove '" + sel + "'";
        } else {
            msg = a.opcode() + " takes no video selectors ('" + sel + "' on " + Exprs.text(s.base())
                    + "): selectors belong to the video instructions; remove it";
        }
        ctx.reporter().report(Edits.at(Rules.SELECTOR_NOT_ALLOWED, tok.span(), msg)
                .withFix(Edits.remove("Remove '" + sel + "'", tok)));
    }

    private void invalid(FormAnalysis a, FormAnalysis.Slot s, Selectors spec, Token tok, CheckContext ctx) {
        String sel = tok.text();
        Rule rule = spec.use() == Use.MASK ? Rules.INVALID_VIDEO_MASK : Rules.INVALID_VIDEO_SELECTOR;
        String what = switch (spec.use()) {
            case MASK -> "a destination mask of " + a.opcode();
            case MERGE -> "a destination selector of " + a.opcode();
            default -> "a selector of operand " + s.spec().name() + " of " + a.opcode();
        };
        StringBuilder msg = new StringBuilder("'" + sel + "' is not " + what);
        if (!Selectors.isVideoSelectorToken(sel)) {
            msg.append(" (nor any video selector: .h takes the digits 0-3, .b at most four digits 0-7)");
        }
        msg.append(": ").append(describe(spec));
        List<String> suggestions = suggestions(spec, sel);
        if (!suggestions.isEmpty()) {
            msg.append("; did you mean ").append(Edits.list(suggestions.stream().map(x -> "'" + x + "'").toList()))
                    .append('?');
        }
        Diagnostic d = Edits.at(rule, tok.span(), msg.toString());
        for (String x : suggestions) {
            d = d.withFix(Edits.replace("Replace with '" + x + "'", tok.span(), x));
        }
        ctx.reporter().report(d);
    }

    private void merge(FormAnalysis a, FormAnalysis.Slot s, Token tok, CheckContext ctx) {
        String sel = tok.text();
        String d = Exprs.text(s.base());
        if (a.hasSecondary()) {
            Token op2 = a.secondaries.get(0);
            ctx.reporter().report(Edits.at(Rules.DSEL_WITH_SECONDARY_OP, tok.span(), "the destination selector '"
                    + sel + "' merges the comparison into c, and the secondary operation '" + op2.text()
                    + "' combines it with c: " + a.opcode() + " takes one or the other")
                    .withFix(Edits.remove("Remove '" + sel + "'", tok))
                    .withFix(Edits.remove("Remove '" + op2.text() + "'", op2)));
            return;
        }
        List<FormTable.Operand> required = a.requiredOperands(true);
        if (a.insn.operands().size() == required.size() - 1) {
            ctx.reporter().report(Edits.at(Rules.DSEL_WITHOUT_C, tok.span(), "the destination selector '" + sel
                    + "' merges the comparison into that part of c (the rest of " + d + " is copied from c), but "
                    + "there is no operand c: write " + a.insn.mnemonic() + " " + d + sel + ", a, b, c, or remove '"
                    + sel + "'")
                    .withFix(Edits.remove("Remove '" + sel + "'", tok)));
        }
    }

    private static String describe(Selectors spec) {
        return switch (spec.use()) {
            case MASK -> {
                List<String> l = new ArrayList<>(spec.legal());
                String list;
                if (l.size() <= 4) {
                    list = "a mask is " + Edits.list(l) + " (the lanes to write)";
                } else {
                    // group by length: .b0 … .b3, .b10 … .b32, …
                    List<String> groups = new ArrayList<>();
                    int i = 0;
                    while (i < l.size()) {
                        int j = i;
                        while (j + 1 < l.size() && l.get(j + 1).length() == l.get(i).length()) {
                            j++;
                        }
                        groups.add(i == j ? l.get(i) : l.get(i) + " … " + l.get(j));
                        i = j + 1;
                    }
                    list = "a mask is " + spec.syntax() + " (" + String.join(", ", groups) + ")";
                }
                yield list + "; none means " + spec.defaultValue();
            }
            case SOURCE -> spec.name() + " is " + spec.syntax()
                    + (spec.defaultValue() != null ? " (default " + spec.defaultValue() + ")" : "");
            default -> spec.name() + " is " + spec.syntax();
        };
    }

    /** Legal selectors the author may have meant: another case, or a mask's digits reordered. */
    private static List<String> suggestions(Selectors spec, String sel) {
        List<String> out = new ArrayList<>();
        String lower = sel.toLowerCase(Locale.ROOT);
        if (!lower.equals(sel) && spec.isLegal(lower)) {
            out.add(lower);
        }
        if (spec.use() == Use.MASK && sel.length() > 2) {
            char[] digits = sel.substring(2).toCharArray();
            java.util.Arrays.sort(digits);
            String desc = new StringBuilder(new String(digits)).reverse().toString();
            String candidate = sel.substring(0, 2).toLowerCase(Locale.ROOT) + desc;
            if (spec.isLegal(candidate) && !out.contains(candidate)) {
                out.add(candidate);
            }
        }
        return out;
    }
}
