package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Exprs;
import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.checker.instructions.FormAnalysis.Operand;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.isa.Dest;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;

/**
 * Destinations (PTX0211, PTX0213 for a register of the wrong type), and the manual's stricter
 * rules for the half-precision setp as warnings: a single destination for the packed forms
 * (PTX0251) and {@code p|_} for the scalar ones (PTX0252).
 */
final class DestinationRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        Form f = a.form;
        if (f == null || a.slots.isEmpty()) {
            return;
        }
        Ast.Expr e = a.slots.get(0).base();
        if (e instanceof Ast.Missing) {
            return;
        }
        Operand o = FormAnalysis.classify(e, ctx);
        if (f.dest() == Dest.REGISTER) {
            register(a, f, o, ctx);
        } else {
            predicate(a, f, o, ctx);
        }
    }

    private void register(FormAnalysis a, Form f, Operand o, CheckContext ctx) {
        PtxType d = f.types().get(0);
        java.util.function.Supplier<String> what = () -> a.formName() + " writes a " + d.text() + " result";
        switch (o.kind()) {
            case REGISTER -> {
                PtxType r = o.type();
                if (r == PtxType.F16X2 && d != PtxType.F16X2 && a.table.hasSelectors()) {
                    // video destinations: ptxas "Arguments mismatch" for .f16x2 (measured: vset, vset2, vset4)
                    err(Rules.OPERAND_TYPE_MISMATCH, o, what.get() + ", but " + Exprs.text(o.expr())
                            + " is .f16x2; the destination must be a .b32, .u32 or .s32 register", ctx);
                    return;
                }
                if (r == null || OperandTypes.registerFits(d, r)) {
                    return;
                }
                if (f.quirks().contains(Form.Quirk.INTEGER_DESTINATION) && r.bits() == d.bits()
                        && (r.kind() == PtxType.Kind.SIGNED || r.kind() == PtxType.Kind.UNSIGNED)) {
                    quirk(a, o, "a " + r.text() + " register as the destination", ctx);
                    return;
                }
                if (f.quirks().contains(Form.Quirk.ANY_32BIT_DESTINATION) && (r.bits() == 32 || r == PtxType.PRED)) {
                    // set's .bf16x2 result: ptxas 13.0 takes .u32, .s32, .f32, .f16x2 and .pred registers
                    // (set.eq.bf16x2.bf16x2 %p7, %r2, %r3; holdout-cross4, 2026-11-29)
                    quirk(a, o, "a " + r.text() + " register as the destination", ctx);
                    return;
                }
                if (r == PtxType.PRED) {
                    String hint = hint(a, ".pred");
                    err(Rules.INVALID_DESTINATION, o, what.get() + ", not a predicate: " + Exprs.text(o.expr())
                            + " is a .pred register" + hint, ctx);
                } else if (f.quirks().contains(Form.Quirk.ANY_32BIT_DESTINATION)) {
                    err(Rules.OPERAND_TYPE_MISMATCH, o, what.get() + ", but " + Exprs.text(o.expr()) + " is a "
                            + r.text() + " register; the destination must be a 32-bit register (.b32)", ctx);
                } else {
                    err(Rules.OPERAND_TYPE_MISMATCH, o, what.get() + ", but " + Exprs.text(o.expr()) + " is a "
                            + r.text() + " register; the destination must be a " + Edits.list(OperandTypes.fitting(d)) + " register",
                            ctx);
                }
            }
            case SINK -> err(Rules.INVALID_DESTINATION, o, a.opcode()
                    + "'s result cannot be discarded with '_': write it to a " + d.text() + " register", ctx);
            case PAIR -> err(Rules.INVALID_DESTINATION, o, what.get() + " in one register; p|q destinations belong to "
                    + "setp", ctx);
            case NEGATED -> err(o.inner().isPredicateRegister() ? Rules.INVALID_DESTINATION : Rules.INVALID_NEGATION,
                    o, "a destination cannot be negated with '!'", ctx);
            case MINUS_REGISTER -> err(Rules.INVALID_NEGATION, o, "a destination cannot be negated: write "
                    + Exprs.text(((Ast.Unary) o.expr()).operand()) + " and negate the result afterwards if needed",
                    ctx);
            case VECTOR -> {
                // a .bf16/.bf16x2 result: ptxas 13.0 takes a vector of registers of its size too (set.nan.bf16x2.bf16x2
                // {%r7}, %r2, %r2; {%r7, %r8}, {%f7}, {%u7}, {%hh7}; {%rs7} is 'Arguments mismatch'; set.eq.u32.bf16x2
                // {%r7} is 'Vector operand is not allowed'): holdout-cross3, 2026-11-28
                if (f.quirks().contains(Form.Quirk.VECTOR_DESTINATION)
                        && SourceRule.vectorOfFitting((Ast.VectorExpr) o.expr(), d, ctx)
                        || (d == PtxType.BF16 || d == PtxType.BF16X2) && vectorOfSize((Ast.VectorExpr) o.expr(), d, ctx)) {
                    quirk(a, o, "a vector destination", ctx);
                    return;
                }
                err(Rules.INVALID_DESTINATION, o, what.get() + " in one register, not a vector", ctx);
            }
            case SPECIAL_REGISTER -> err(Rules.INVALID_DESTINATION, o, "special registers are read-only; "
                    + what.get() + " into a register", ctx);
            case INTEGER, FLOAT_HEX_D, FLOAT_HEX_F, FLOAT_DECIMAL, ADDRESS -> err(Rules.INVALID_DESTINATION, o,
                    what.get() + ": the destination must be a register", ctx);
            case OTHER_SYMBOL -> symbol(o, what.get() + ": the destination must be a register", ctx);
            case REGISTER_EXPRESSION -> sum(a, o, what.get() + " into a register, not an expression", ctx);
            default -> {
            }
        }
    }

    private void predicate(FormAnalysis a, Form f, Operand o, CheckContext ctx) {
        switch (o.kind()) {
            case REGISTER -> {
                if (o.isPredicateRegister()) {
                    if (f.dest() == Dest.PREDICATE_PAIR) {
                        Span s = o.expr().span();
                        Span end = new Span(s.end(), s.end(), s.endLine(), s.endColumn(), s.endLine(), s.endColumn());
                        ctx.reporter().report(Edits.at(Rules.SINGLE_PACKED_DESTINATION, s, a.formName()
                                + " compares two lanes and writes one predicate per lane (p|q); with the single "
                                + "destination " + Exprs.text(o.expr()) + " the upper lane's result is lost. Write "
                                + Exprs.text(o.expr()) + "|q, or " + Exprs.text(o.expr())
                                + "|_ to discard it on purpose")
                                .withFix(Fix.unsafe("Discard the upper lane explicitly ('|_')", TextRange.of(end),
                                        "|_")));
                    }
                    return;
                }
                if (o.type() != null) {
                    err(Rules.INVALID_DESTINATION, o, a.opcode() + " writes a predicate, but "
                            + Exprs.text(o.expr()) + " is a " + o.type().text() + " register"
                            + hint(a, o.type().text()),
                            ctx);
                }
            }
            case PAIR -> pair(a, f, (Ast.PredPair) o.expr(), ctx);
            case NEGATED -> err(Rules.INVALID_DESTINATION, o, "a destination cannot be negated: write "
                    + Exprs.text(o.inner().expr()) + " and use @!" + Exprs.text(o.inner().expr()) + " where it is read",
                    ctx);
            case MINUS_REGISTER -> err(Rules.INVALID_NEGATION, o, "a destination cannot be negated: write "
                    + Exprs.text(((Ast.Unary) o.expr()).operand()), ctx);
            case VECTOR -> err(Rules.INVALID_DESTINATION, o, a.opcode() + " writes p or p|q, not a vector: write "
                    + "p|q for two results", ctx);
            case SPECIAL_REGISTER, INTEGER, FLOAT_HEX_D, FLOAT_HEX_F, FLOAT_DECIMAL, ADDRESS ->
                    err(Rules.INVALID_DESTINATION, o, a.opcode() + " writes a predicate register", ctx);
            case OTHER_SYMBOL -> symbol(o, a.opcode() + " writes a predicate register", ctx);
            case REGISTER_EXPRESSION -> sum(a, o, a.opcode() + " writes a predicate register, not an expression", ctx);
            default -> {
            }
        }
    }

    private void pair(FormAnalysis a, Form f, Ast.PredPair p, CheckContext ctx) {
        if (f.dest() == Dest.PREDICATE) {
            if (p.second() instanceof Ast.Sink s && !(p.first() instanceof Ast.Sink)) {
                Span first = p.first().span();
                Span tail = new Span(first.end(), s.span().end(), first.endLine(), first.endColumn(),
                        s.span().endLine(), s.span().endColumn());
                ctx.reporter().report(Edits.at(Rules.HALF_SETP_PAIR, p.span(), a.formName()
                        + " has one result: the manual gives only the destination p (ptxas also accepts p|_); "
                        + "write " + Exprs.text(p.first()))
                        .withFix(Fix.safe("Remove '|_'", TextRange.of(tail), "")));
                checkPredicateSide(a, p.first(), ctx);
                return;
            }
            ctx.reporter().report(Edits.at(Rules.INVALID_DESTINATION, p.span(), a.formName()
                    + " compares one value and writes one predicate: write a single destination p (p|q is for "
                    + "the packed " + a.formName() + "x2)"));
            return;
        }
        checkPredicateSide(a, p.first(), ctx);
        checkPredicateSide(a, p.second(), ctx);
    }

    private void checkPredicateSide(FormAnalysis a, Ast.Expr e, CheckContext ctx) {
        Operand o = FormAnalysis.classify(e, ctx);
        if (o.kind() == Kind.SINK || o.kind() == Kind.UNDECLARED || o.isPredicateRegister()) {
            return;
        }
        if (o.kind() == Kind.NEGATED && !o.inner().isPredicateRegister()) {
            err(Rules.INVALID_NEGATION, o, "'!' applies only to predicates", ctx);
            return;
        }
        err(Rules.INVALID_DESTINATION, o, "both destinations of p|q must be predicate registers (or '_'); "
                + Exprs.text(e) + (o.type() != null ? " is a " + o.type().text() + " register" : " is not"), ctx);
    }

    /**
     * An expression as the destination ({@code %p1+1}, {@code %r1+1}): ptxas "Result register required"
     * (set, setp, selp, slct, vset), "Incorrect video selector for operand 0" (vset2, vset4);
     * holdout-plusconst and slots-plusdest, 2026-11-28.
     */
    private static void sum(FormAnalysis a, Operand o, String what, CheckContext ctx) {
        if (FormAnalysis.registerPlusConstant(o.expr(), ctx) == null) {
            return; // another expression: the parser's or the resolver's to report (%p1|%p2|%p3, !%p1|%p2)
        }
        err(Rules.INVALID_DESTINATION, o, what + ": " + Exprs.text(o.expr()) + " is a register plus a constant"
                + " (ptxas: " + (a.table.hasSelectors() ? "'Result register required', or 'Incorrect video selector' in the"
                + " SIMD forms" : "'Result register required'") + "); write the result to a register and add to it afterwards",
                ctx);
    }

    /**
     * A label, function or variable as the destination: ptxas "Arguments mismatch", "Result register
     * required" or "must be register" (measured on the recorded set, setp, selp, slct and video
     * verdicts). A vector register named whole is left to the other rules.
     */
    private static void symbol(Operand o, String what, CheckContext ctx) {
        var s = o.symbol();
        if (s.isRegister()) {
            return;
        }
        String kind = switch (s.kind()) {
            case LABEL -> "the label ";
            case FUNCTION -> "the function ";
            default -> "the variable ";
        };
        err(Rules.INVALID_DESTINATION, o, what + "; " + kind + s.name() + " is not one", ctx);
    }

    /**
     * The data's hint for the destination ({@code @hint d : "TEXT"}), after "; ", with {@code {type}}
     * replaced by the type of the register written there; "" when the data gives none.
     */
    private static String hint(FormAnalysis a, String type) {
        String h = a.table.hint(a.table.operands().get(0).name());
        return h == null ? "" : "; " + h.replace("{type}", type);
    }

    /** A vector of 1, 2 or 4 registers (no predicate) of the type's size. */
    private static boolean vectorOfSize(Ast.VectorExpr v, PtxType t, CheckContext ctx) {
        int n = v.items().size();
        if (n != 1 && n != 2 && n != 4) {
            return false;
        }
        for (Ast.Expr e : v.items()) {
            Operand o = FormAnalysis.classify(e, ctx);
            if (o.kind() == Kind.SINK) {
                continue; // {%r7, _} assembles
            }
            if (o.kind() != Kind.REGISTER || o.type() == null || o.type() == PtxType.PRED || o.type().bits() != t.bits()
                    || t == PtxType.BF16 && o.type() == PtxType.F16) {
                return false; // {%rd7}, {%rs7} for .bf16x2, {%h7} for .bf16: 'Arguments mismatch'
            }
        }
        return true;
    }

    private static void quirk(FormAnalysis a, Operand o, String what, CheckContext ctx) {
        ctx.reporter().report(Edits.at(Rules.UNDOCUMENTED_OPERAND, o.expr().span(), a.formName() + " with "
                + what + " is accepted by ptxas but not by the manual, which requires a .b"
                + a.form.types().get(0).bits() + " register; its meaning is undocumented"));
    }

    private static void err(dev.ptxlint.diag.Rule rule, Operand o, String msg, CheckContext ctx) {
        ctx.reporter().report(Edits.at(rule, o.expr().span(), msg));
    }
}
