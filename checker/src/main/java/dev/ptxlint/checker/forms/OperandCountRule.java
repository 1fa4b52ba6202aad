package dev.ptxlint.checker.forms;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.forms.FormTable;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Operand count: a BoolOp without its operand c (PTX0209), a c without a BoolOp (PTX0210), and
 * any other wrong number of operands (PTX0212).
 */
final class OperandCountRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        List<Ast.Expr> ops = a.insn.operands();
        if (ops.stream().anyMatch(e -> e instanceof Ast.Missing)) {
            return; // the parser reported it
        }
        if (a.mods.stream().anyMatch(m -> m.kind() == FormAnalysis.ModKind.UNKNOWN)) {
            return; // perhaps a misspelt BoolOp: the count depends on it
        }
        List<FormTable.Operand> expected = a.expectedOperands();
        int n = ops.size();
        if (n == expected.size()) {
            return;
        }
        if (a.hasBoolOp() && n == expected.size() - 1) {
            Token b = a.bools.get(0);
            String form = names(expected);
            ctx.reporter().report(Edits.at(Rules.BOOLOP_WITHOUT_OPERAND, b.span(),
                    "'" + b.text() + "' combines the comparison with a predicate c, but c is missing: add it ("
                            + a.insn.mnemonic() + " " + form + "), or remove '" + b.text() + "'")
                    .withFix(Edits.remove("Remove '" + b.text() + "'", b)));
            return;
        }
        if (!a.hasBoolOp() && a.table.has(FormTable.Part.BOOL) && n == expected.size() + 1) {
            Ast.Expr c = ops.get(n - 1);
            Span prev = ops.get(n - 2).span();
            Span removal = new Span(prev.end(), c.span().end(), prev.endLine(), prev.endColumn(),
                    c.span().endLine(), c.span().endColumn());
            String insertAfter = a.cmps.isEmpty() ? null : a.cmps.get(0).text();
            var d = Edits.at(Rules.OPERAND_WITHOUT_BOOLOP, c.span(),
                    "a fourth operand c needs a BoolOp to combine it with the comparison: write "
                            + a.opcode() + (insertAfter == null ? ".CmpOp" : insertAfter)
                            + ".and (or .or, .xor), or remove c");
            if (insertAfter != null) {
                Span at = a.cmps.get(0).span();
                Span point = new Span(at.end(), at.end(), at.endLine(), at.endColumn(), at.endLine(), at.endColumn());
                d = d.withFix(Edits.replace("Insert '.and' after '" + insertAfter + "'", point, ".and"));
            }
            d = d.withFix(Fix.replace("Remove c", TextRange.of(removal), ""));
            ctx.reporter().report(d);
            return;
        }
        Span span = n > expected.size() ? ops.get(expected.size()).span().to(ops.get(n - 1).span())
                : (n == 0 ? a.insn.opcode().span() : ops.get(0).span().to(ops.get(n - 1).span()));
        ctx.reporter().report(Edits.at(Rules.OPERAND_COUNT, span,
                a.insn.mnemonic() + " takes " + expected.size() + " operands (" + names(expected) + "), not " + n
                        + (n > expected.size() ? "; remove the extra ones" : "")));
    }

    private static String names(List<FormTable.Operand> ops) {
        return ops.stream().map(FormTable.Operand::name).collect(Collectors.joining(", "));
    }
}
