package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Operand count: a BoolOp without its operand c (PTX0209), a c without a BoolOp (PTX0210), any
 * other wrong number of operands (PTX0212), and, as a warning, scalar vset's c without a
 * secondary operation or destination selector (PTX0262). A destination selector without c is
 * the {@link SelectorRule}'s (PTX0223).
 */
final class OperandCountRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        List<Ast.Expr> ops = a.insn.operands();
        // loops, not streams: every set-family instruction comes here, and the first stream
        // pipeline of a run loads and links its classes (start-up, docs/performance.md)
        for (Ast.Expr e : ops) {
            if (e instanceof Ast.Missing) {
                return; // the parser reported it
            }
        }
        for (FormAnalysis.Mod m : a.mods) {
            if (m.kind() == FormAnalysis.ModKind.UNKNOWN) {
                return; // perhaps a misspelt BoolOp: the count depends on it
            }
        }
        Token merge = a.mergeSelector();
        List<FormTable.Operand> expected = a.requiredOperands(merge != null);
        int n = ops.size();
        if (n == expected.size()) {
            return;
        }
        FormTable.Operand optional = a.table.operands().stream()
                .filter(o -> o.presence() == FormTable.Presence.WITH_SECONDARY && !expected.contains(o))
                .findFirst().orElse(null);
        if (optional != null && n == expected.size() + 1) {
            Ast.Expr c = ops.get(n - 1);
            String op2 = a.table.secondaryOps().isEmpty() ? "" : Edits.list(a.table.secondaryOps());
            ctx.reporter().report(Edits.at(Rules.VSET_C_WITHOUT_MERGE, c.span(), a.opcode() + " has an operand "
                    + optional.name() + " but neither a secondary operation (" + op2 + ") nor a destination "
                    + "selector: the manual has " + optional.name() + " only in those forms, and what ptxas does with "
                    + "it here is undocumented; add the operation or selector you meant, or remove "
                    + optional.name()));
            return;
        }
        boolean mergesIntoMissing = expected.stream()
                .anyMatch(o -> o.presence() == FormTable.Presence.WITH_SECONDARY);
        if (merge != null && !a.hasSecondary() && mergesIntoMissing && n == expected.size() - 1) {
            return; // the destination selector without c: PTX0223
        }
        if (a.hasSecondary() && mergesIntoMissing && n == expected.size() - 1) {
            Token op2 = a.secondaries.get(0);
            ctx.reporter().report(Edits.at(Rules.OPERAND_COUNT, ops.get(0).span().to(ops.get(n - 1).span()),
                    a.insn.mnemonic() + " takes " + expected.size() + " operands (" + names(expected) + "), not " + n
                            + ": the secondary operation '" + op2.text() + "' combines the comparison's result "
                            + "with c; add c, or remove '" + op2.text() + "'")
                    .withFix(Edits.remove("Remove '" + op2.text() + "'", op2)));
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
            d = d.withFix(Fix.unsafe("Remove c", TextRange.of(removal), ""));
            ctx.reporter().report(d);
            return;
        }
        int max = expected.size() + (optional != null ? 1 : 0);
        Span span = n > max ? ops.get(max).span().to(ops.get(n - 1).span())
                : (n == 0 ? a.insn.opcode().span() : ops.get(0).span().to(ops.get(n - 1).span()));
        String also = optional != null ? ", or " + max + " with " + optional.name() : "";
        ctx.reporter().report(Edits.at(Rules.OPERAND_COUNT, span,
                a.insn.mnemonic() + " takes " + expected.size() + " operands (" + names(expected) + ")" + also
                        + ", not " + n + (n > max ? "; remove the extra ones" : "")));
    }

    private static String names(List<FormTable.Operand> ops) {
        return ops.stream().map(FormTable.Operand::name).collect(Collectors.joining(", "));
    }
}
