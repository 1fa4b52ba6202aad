package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Token;

/**
 * The comparison operator: missing (PTX0205), or one the compared type does not support
 * (PTX0206): {@code lo/ls/hi/hs} only for unsigned integers, ordering only for signed, unsigned
 * and float types (bit-size types compare for equality), unordered compares and
 * {@code num/nan} only for floats.
 */
final class CmpOpRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        if (!a.table.has(FormTable.Part.CMP)) {
            return;
        }
        if (a.cmps.isEmpty()) {
            if (a.mods.stream().anyMatch(m -> m.kind() == FormAnalysis.ModKind.UNKNOWN)) {
                return; // perhaps a misspelt CmpOp, reported as unknown
            }
            var span = a.insn.opcode().span();
            if (!a.insn.modifiers().isEmpty()) {
                span = span.to(a.insn.modifiers().get(a.insn.modifiers().size() - 1).span());
            }
            ctx.reporter().report(Edits.at(Rules.MISSING_CMPOP, span,
                    a.opcode() + " needs a comparison operator, e.g. " + a.opcode()
                            + (typesFirst(a.table) ? types(a) + ".lt" : ".lt" + types(a))
                            + " (" + ModifierRule.syntax(a.table) + ")"));
            return;
        }
        if (a.form == null) {
            return;
        }
        CmpOp op = a.cmp();
        if (a.form.cmpOps().contains(op)) {
            return;
        }
        Token tok = a.cmps.get(0);
        if (a.table.cmpOpsIndependentOfTypes()) {
            ctx.reporter().report(independent(a, op, tok));
            return;
        }
        int compared = a.table.typeCount() - 1; // setp: the type; set: the stype
        Token typeTok = a.types.get(compared);
        PtxType type = PtxType.of(typeTok.text());
        String allowed = Edits.list(a.form.cmpOps().stream().sorted().map(CmpOp::text).toList());
        String head = "'" + op.text() + "' cannot compare " + type.text() + " values";
        Diagnostic d;
        switch (type.kind()) {
            case BIT -> {
                PtxType u = PtxType.of(".u" + type.bits());
                String why = "bit-size " + type.text() + " compares only with .eq and .ne";
                if (op.isUnsignedOnly()) {
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": " + why + "; '" + op.text()
                            + "' is an unsigned comparison, so compare as " + u.text())
                            .withFix(Edits.replace("Compare as " + u.text(), typeTok.span(), u.text()));
                } else if (op.isFloatOnly()) {
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": " + why + " ('" + op.text()
                            + "' is a floating-point comparison)");
                } else {
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": " + why
                            + "; to order the values, compare as .u" + type.bits() + " or .s" + type.bits());
                }
            }
            case SIGNED, UNSIGNED -> {
                if (op.isUnsignedOnly()) {
                    CmpOp ordered = orderedEquivalent(op);
                    PtxType u = PtxType.of(".u" + type.bits());
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": '" + op.text()
                            + "' is for unsigned integers; for signed " + type.text() + " use '" + ordered.text()
                            + "', or compare as " + u.text())
                            .withFix(Edits.replace("Use '" + ordered.text() + "'", tok.span(), ordered.text()))
                            .withFix(Edits.replace("Compare as " + u.text(), typeTok.span(), u.text()));
                } else if (op == CmpOp.NUM || op == CmpOp.NAN) {
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": '" + op.text()
                            + "' tests for NaN, which integers do not have; the allowed comparisons are " + allowed);
                } else {
                    CmpOp ordered = orderedEquivalent(op);
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": '" + op.text()
                            + "' is an unordered floating-point comparison; integers have no NaN, use '"
                            + ordered.text() + "'")
                            .withFix(Edits.replace("Use '" + ordered.text() + "'", tok.span(), ordered.text()));
                }
            }
            default -> {
                if (op.isUnsignedOnly()) {
                    CmpOp ordered = orderedEquivalent(op);
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + ": '" + op.text()
                            + "' is for unsigned integers; for " + type.text() + " use '" + ordered.text() + "'")
                            .withFix(Edits.replace("Use '" + ordered.text() + "'", tok.span(), ordered.text()));
                } else {
                    d = Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + "; use one of " + allowed);
                }
            }
        }
        ctx.reporter().report(d);
    }

    /**
     * The video comparisons take the same six CmpOps for every type pair: whether the values are
     * signed comes from atype and btype, not from the CmpOp.
     */
    private static Diagnostic independent(FormAnalysis a, CmpOp op, Token tok) {
        String allowed = Edits.list(a.form.cmpOps().stream().sorted().map(CmpOp::text).toList());
        String head = "'" + op.text() + "' is not a comparison of " + a.opcode() + ", which takes " + allowed;
        CmpOp ordered = orderedEquivalent(op);
        if (op.isUnsignedOnly()) {
            return Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + "; whether the values compare as "
                    + "unsigned comes from the types (.u32), so use '" + ordered.text() + "'")
                    .withFix(Edits.replace("Use '" + ordered.text() + "'", tok.span(), ordered.text()));
        }
        if (op == CmpOp.NUM || op == CmpOp.NAN) {
            return Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + "; '" + op.text()
                    + "' tests for NaN, which integers do not have");
        }
        if (ordered != op) {
            return Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head + "; '" + op.text()
                    + "' is an unordered floating-point comparison and integers have no NaN: use '" + ordered.text()
                    + "'").withFix(Edits.replace("Use '" + ordered.text() + "'", tok.span(), ordered.text()));
        }
        return Edits.at(Rules.CMPOP_TYPE_MISMATCH, tok.span(), head);
    }

    /** lo->lt, ls->le, hi->gt, hs->ge, equ->eq, ... */
    static CmpOp orderedEquivalent(CmpOp op) {
        return switch (op) {
            case LO, LTU -> CmpOp.LT;
            case LS, LEU -> CmpOp.LE;
            case HI, GTU -> CmpOp.GT;
            case HS, GEU -> CmpOp.GE;
            case EQU -> CmpOp.EQ;
            case NEU -> CmpOp.NE;
            default -> op;
        };
    }

    /** Whether the manual writes the types before the CmpOp ({@code vset2.atype.btype.cmp}). */
    private static boolean typesFirst(FormTable t) {
        return t.order().indexOf(FormTable.Part.TYPES) < t.order().indexOf(FormTable.Part.CMP);
    }

    private static String types(FormAnalysis a) {
        StringBuilder sb = new StringBuilder();
        a.types.forEach(m -> sb.append(m.text()));
        return sb.toString();
    }
}
