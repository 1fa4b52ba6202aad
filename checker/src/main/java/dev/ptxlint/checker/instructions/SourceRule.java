package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Exprs;
import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.checker.instructions.FormAnalysis.Operand;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Ast;
import java.math.BigInteger;
import java.util.List;

/**
 * Source operands against the form's types: registers (PTX0213), constants (PTX0214, and
 * PTX0255 for an integer that does not fit), special registers, vectors, predicates and
 * addresses in data slots (PTX0215), {@code !} on a non-predicate (PTX0217); the predicate
 * operand c; and, as warnings, the operand forms ptxas accepts beyond the manual (an integer
 * constant as c, PTX0253; vector and predicate sources of the bf16 compares, PTX0254).
 */
final class SourceRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        for (int k = 0, n = a.slots.size(); k < n; k++) { // (no iterator: per instruction)
            FormAnalysis.Slot s = a.slots.get(k);
            FormTable.Operand slot = s.spec();
            Ast.Expr e = s.base();
            if (e instanceof Ast.Missing) {
                continue;
            }
            if (slot.role() == FormTable.Role.PREDICATE) {
                predicate(a, slot, FormAnalysis.classify(e, ctx), ctx);
            } else if (slot.role() == FormTable.Role.SOURCE && a.form != null) {
                boolean second = s.index() == 2;
                source(a, a.form, slot, second, FormAnalysis.classify(e, ctx), ctx);
            }
        }
    }

    private void source(FormAnalysis a, Form f, FormTable.Operand slot, boolean second, Operand o, CheckContext ctx) {
        PtxType t = f.types().get(slot.typeIndex());
        java.util.function.Supplier<String> where = new java.util.function.Supplier<>() {
            @Override
            public String get() {
                return "operand " + slot.name() + " of " + a.formName();
            }
        };
        switch (o.kind()) {
            case REGISTER -> {
                PtxType r = o.type();
                if (r == PtxType.F16X2 && a.table.hasSelectors() && !slot.selectors().allowsAny()) {
                    // video c (no selector): ptxas "Arguments mismatch" for .f16x2, which a and b take
                    report(Rules.OPERAND_TYPE_MISMATCH, o, where.get() + " must be a .b32, .u32 or .s32 register, but "
                            + Exprs.text(o.expr()) + " is .f16x2 (which only the operands with selectors take)", ctx);
                    return;
                }
                if (r == null || OperandTypes.registerFits(t, r)) {
                    return;
                }
                if (r == PtxType.PRED) {
                    if (second && !a.hasBoolOp() && f.quirks().contains(Form.Quirk.PREDICATE_SECOND_SOURCE)) {
                        warnQuirk(a, o, "a predicate as operand b", ctx);
                        return;
                    }
                    report(Rules.INVALID_OPERAND_KIND, o, where.get() + " is a " + t.text() + " value, not a predicate: "
                            + Exprs.text(o.expr()) + " is a .pred register" + hint(a, slot), ctx);
                    return;
                }
                report(Rules.OPERAND_TYPE_MISMATCH, o, where.get() + " must be a " + Edits.list(OperandTypes.fitting(t))
                        + " register, but " + Exprs.text(o.expr()) + " is " + r.text()
                        + conversionHint(t, r), ctx);
            }
            case NEGATED -> {
                if (suffixed(o.inner())) {
                    return; // '!%p.x': the parser reported it
                }
                if (!o.inner().isPredicateRegister()) {
                    if (o.inner().kind() != Kind.UNDECLARED) {
                        report(Rules.INVALID_NEGATION, o, "'!' applies only to predicates; "
                                + Exprs.text(o.inner().expr()) + " is not one"
                                + (o.inner().kind() == Kind.INTEGER ? " (write the constant's value instead)" : ""),
                                ctx);
                    }
                    return;
                }
                if (second && !a.hasBoolOp() && f.quirks().contains(Form.Quirk.PREDICATE_SECOND_SOURCE)) {
                    warnQuirk(a, o, "a negated predicate as operand b", ctx);
                    return;
                }
                report(Rules.INVALID_OPERAND_KIND, o, where.get() + " is a " + t.text() + " value, not a predicate"
                        + hint(a, slot), ctx);
            }
            case SPECIAL_REGISTER -> report(Rules.INVALID_OPERAND_KIND, o, "special register "
                    + Exprs.text(o.expr()) + " cannot be an operand of " + a.opcode() + ": copy it into a register "
                    + "first (" + (Exprs.text(o.expr()).contains("64") ? "mov.u64 %rd, " : "mov.u32 %r, ")
                    + Exprs.text(o.expr()) + ")", ctx);
            case OTHER_SYMBOL -> {
                if (functionFits(a, slot, t, o)) {
                    return;
                }
                symbol(a, slot, o, where.get(), false, ctx);
            }
            case MINUS_REGISTER -> report(Rules.INVALID_NEGATION, o, where.get() + " cannot be negated with '-': "
                    + a.opcode() + " has no operand negation; negate into a register first (neg)", ctx);
            case REGISTER_EXPRESSION -> {
                // ptxas takes a register plus a constant where it parses the operand as on every
                // non-video instruction: outside the video instructions, and in a video slot that
                // takes no selector and ignores .b01/.b12/.b23 (scalar vset's c: vset.u32.u32.lt
                // %r1, %r2, %r3, %r4+1 assembles). Where it reads selectors after a register, the
                // sum is a selector to it: "Parsing error" in a and b (vset.u32.u32.eq %u1, %u2+1,
                // %u3), "Incorrect video selector" in vset2/vset4's c (holdout-plusconst, 2026-11-28)
                boolean video = a.table.hasSelectors() && (slot.selectors().allowsAny()
                        || slot.selectors().odd() != dev.ptxlint.isa.Selectors.Odd.ACCEPTED);
                dev.ptxlint.checker.Symbol r = video ? null : FormAnalysis.registerPlusConstant(o.expr(), ctx);
                if (r != null) {
                    plusConstant(o, r, t, where.get(), slot, a.insn, ctx);
                    return;
                }
                if (video && FormAnalysis.registerPlusConstant(o.expr(), ctx) != null) {
                    report(Rules.INVALID_OPERAND_KIND, o, where.get() + " cannot be a register plus a constant: "
                            + "ptxas reads what follows a register here as a video selector ('Incorrect video "
                            + "selector', or a parsing error); compute the sum into a register first (add)", ctx);
                    return;
                }
                report(Rules.INVALID_OPERAND_KIND, o, where.get() + " is an expression over a register; only a "
                        + "register plus a constant (%r1+4) or constants can be combined in an operand: compute it"
                        + " into a register first", ctx);
            }
            case VECTOR -> {
                if (f.quirks().contains(Form.Quirk.VECTOR_SOURCE) && vectorOfFitting((Ast.VectorExpr) o.expr(), t,
                        ctx)) {
                    warnQuirk(a, o, "a vector operand", ctx);
                    return;
                }
                report(Rules.INVALID_OPERAND_KIND, o, where.get() + " must be a scalar " + t.text()
                        + " operand, not a vector", ctx);
            }
            case ADDRESS -> report(Rules.INVALID_OPERAND_KIND, o, where.get() + " must be a register"
                    + (slot.constants() == FormTable.Constants.NONE ? "" : " or constant") + "; "
                    + a.opcode() + " does not read memory: load the value with ld first", ctx);
            case INTEGER, FLOAT_HEX_F, FLOAT_HEX_D, FLOAT_DECIMAL -> {
                if (slot.constants() == FormTable.Constants.NONE) {
                    report(Rules.INVALID_IMMEDIATE, o, where.get() + " must be a register: " + a.opcode()
                            + " takes no constants" + (a.table.hasSelectors()
                            ? " (ptxas reports this as 'Incorrect video selector')" : "") + "; move "
                            + Exprs.text(o.expr()) + " into a .b" + t.bits() + " register first", ctx);
                } else if (!OperandTypes.constantFits(o.kind(), t)) {
                    report(Rules.INVALID_IMMEDIATE, o, where.get() + " cannot be " + OperandTypes.describe(o.kind())
                            + ": " + OperandTypes.constantsFor(t), ctx);
                } else if (o.kind() == Kind.INTEGER) {
                    if (slot.constants() == FormTable.Constants.UNDOCUMENTED_INTEGERS) {
                        ctx.reporter().report(Edits.at(Rules.VIDEO_IMMEDIATE, o.expr().span(), where.get() + " is a constant ("
                                + Exprs.text(o.expr()) + "); the manual gives " + a.opcode() + " register operands "
                                + "only (ptxas accepts an integer constant): put the value in a register"));
                    }
                    truncation(a, o, t, where, ctx);
                }
            }
            default -> {
            }
        }
    }

    private void predicate(FormAnalysis a, FormTable.Operand slot, Operand o, CheckContext ctx) {
        java.util.function.Supplier<String> where = () -> "operand " + slot.name() + " of " + a.opcode();
        switch (o.kind()) {
            case REGISTER -> {
                if (!o.isPredicateRegister() && o.type() != null) {
                    report(Rules.OPERAND_TYPE_MISMATCH, o, where.get() + " must be a predicate (.pred), but "
                            + Exprs.text(o.expr()) + " is a " + o.type().text() + " register; compare it first "
                            + "(setp.ne" + (o.type().kind() == PtxType.Kind.FLOAT ? o.type().bitType() : o.type())
                            + " %p, " + Exprs.text(o.expr()) + ", 0)", ctx);
                }
            }
            case NEGATED -> {
                Operand in = o.inner();
                if (in.isPredicateRegister() || in.kind() == Kind.UNDECLARED || suffixed(in)) {
                    return;
                }
                if (in.kind() == Kind.INTEGER) {
                    constantPredicate(a, o, where.get(), ctx);
                    return;
                }
                report(Rules.INVALID_NEGATION, o, "'!' applies only to predicates; " + Exprs.text(in.expr())
                        + " is not one", ctx);
            }
            case INTEGER -> constantPredicate(a, o, where.get(), ctx);
            case FLOAT_HEX_F, FLOAT_HEX_D, FLOAT_DECIMAL -> report(Rules.INVALID_IMMEDIATE, o, where.get()
                    + " must be a predicate, not " + OperandTypes.describe(o.kind()), ctx);
            case REGISTER_EXPRESSION -> {
                dev.ptxlint.checker.Symbol r = FormAnalysis.registerPlusConstant(o.expr(), ctx);
                if (r != null) {
                    plusConstant(o, r, PtxType.PRED, where.get(), slot, a.insn, ctx);
                    return;
                }
                report(Rules.INVALID_OPERAND_KIND, o, where.get() + " must be a predicate register", ctx);
            }
            case SPECIAL_REGISTER, VECTOR, ADDRESS -> report(Rules.INVALID_OPERAND_KIND, o,
                    where.get() + " must be a predicate register", ctx);
            case OTHER_SYMBOL -> symbol(a, slot, o, where.get(), true, ctx);
            case MINUS_REGISTER -> report(Rules.INVALID_NEGATION, o, where.get() + " cannot be negated with '-': "
                    + "negate a predicate with '!'", ctx);
            default -> {
            }
        }
    }

    /**
     * Whether ptxas takes a function's name (its address, a constant) in this data source, as
     * measured on the recorded verdicts (testdata/ptxas/isa set, setp, selp, slct, vset, vset2,
     * vset4 with the template's {@code fv}): in a and b of set, setp, selp and slct, and in slct's
     * c, except in .bf16/.bf16x2 operands; in a and b of scalar vset; never in a source that takes
     * no constants (vset2/vset4: "Incorrect video selector") nor in vset's merge operand c, which
     * takes no selector ("Arguments mismatch").
     */
    private static boolean functionFits(FormAnalysis a, FormTable.Operand slot, PtxType t, Operand o) {
        return o.symbol().kind() == dev.ptxlint.checker.Symbol.Kind.FUNCTION
                && slot.constants() != FormTable.Constants.NONE && t != PtxType.BF16 && t != PtxType.BF16X2
                && !(a.table.hasSelectors() && !slot.selectors().allowsAny());
    }

    /**
     * A variable, label or function where a register (or a constant) is needed: ptxas "must be
     * register" or "Arguments mismatch" (functions where {@link #functionFits} says so are accepted).
     */
    private void symbol(FormAnalysis a, FormTable.Operand slot, Operand o, String where, boolean predicate,
                        CheckContext ctx) {
        var s = o.symbol();
        if (s.kind() == dev.ptxlint.checker.Symbol.Kind.LABEL || s.kind() == dev.ptxlint.checker.Symbol.Kind.FUNCTION) {
            String what = s.kind() == dev.ptxlint.checker.Symbol.Kind.LABEL ? "the label " : "the function ";
            report(Rules.INVALID_OPERAND_KIND, o, where + (predicate ? " must be a predicate register"
                    : " must be a register" + (slot.constants() == FormTable.Constants.NONE ? ""
                    : " or a constant")) + ", not " + what + s.name(), ctx);
            return;
        }
        if (s.kind() != dev.ptxlint.checker.Symbol.Kind.VARIABLE) {
            return;
        }
        String what = s.isRegister() ? "the vector register " + s.name() + " (.v" + s.vector() + ")"
                : s.name() + ", a " + (s.space() == null ? "" : s.space() + " ") + "variable";
        report(Rules.INVALID_OPERAND_KIND, o, where + " must be a register or a constant, but it is " + what
                + (s.isRegister() ? "; use one element" : "; load it with ld" + (s.space() == null ? "" : s.space())
                + " first"), ctx);
    }

    /**
     * A register plus a constant ({@code %u1+1}) as a source or predicate: PTX0272 where the register's
     * kind fits the operand ({@link FormAnalysis#plusConstantFits}), PTX0213 where it does not; PTX0282
     * where the slot's {@code noplus(...)} says ptxas 13.0 crashes or hangs on it.
     */
    static void plusConstant(Operand o, dev.ptxlint.checker.Symbol r, PtxType t, String where, FormTable.Operand slot,
                             Ast.Instruction insn, CheckContext ctx) {
        PtxType rt = PtxType.of(r.type());
        if (!FormAnalysis.plusConstantFits(t, rt)) {
            report(Rules.OPERAND_TYPE_MISMATCH, o, where + " is " + Exprs.text(o.expr()) + ", a register plus a "
                    + "constant, but " + r.name() + " is " + rt.text() + ": ptxas takes " + plusConstantTypes(t)
                    + " registers there", ctx);
            return;
        }
        dev.ptxlint.isa.IsaForm.NoPlus np = IsaChecks.noPlusFailure(slot.noPlus(), rt, insn, null, -1,
                ctx.declaredTarget());
        if (np != null) {
            report(Rules.PLUS_CONSTANT_CRASH, o, IsaChecks.noPlusMessage(np, o.expr(), rt, insn, slot.name()), ctx);
            return;
        }
        report(Rules.REGISTER_PLUS_CONSTANT, o, where + " is " + Exprs.text(o.expr()) + ", a register plus a "
                + "constant: ptxas accepts it, the manual does not describe it; compute the sum into a register "
                + "first (add)", ctx);
    }

    /** The register types {@link FormAnalysis#plusConstantFits} takes for an operand of type {@code t}. */
    static String plusConstantTypes(PtxType t) {
        return switch (t.kind()) {
            case PREDICATE -> ".pred";
            case UNSIGNED, SIGNED -> "integer (.b, .u, .s of any size) and .f16x2";
            case FLOAT -> t.isPacked() ? ".b (of any size) and .f16x2" : ".f (not .f16x2) or .b (of any size)";
            default -> "non-predicate";
        };
    }

    private void constantPredicate(FormAnalysis a, Operand o, String where, CheckContext ctx) {
        if (a.form != null && !a.form.quirks().contains(Form.Quirk.CONSTANT_PREDICATE)) {
            ctx.reporter().report(Edits.at(Rules.INVALID_IMMEDIATE, o.expr().span(), where + " must be a predicate "
                    + "register: " + a.formName() + " does not take a constant here"));
            return;
        }
        ctx.reporter().report(Edits.at(Rules.CONSTANT_PREDICATE, o.expr().span(), where + " is a constant ("
                + Exprs.text(o.expr()) + "); the manual requires a .pred operand here (ptxas accepts an integer "
                + "constant): use a predicate register"));
    }

    private void warnQuirk(FormAnalysis a, Operand o, String what, CheckContext ctx) {
        ctx.reporter().report(Edits.at(Rules.UNDOCUMENTED_OPERAND, o.expr().span(), a.formName() + " with "
                + what + " is accepted by ptxas but not by the manual, which requires a .b"
                + a.form.types().get(a.table.typeCount() - 1).bits() + " register; its meaning is undocumented"));
    }

    static boolean vectorOfFitting(Ast.VectorExpr v, PtxType t, CheckContext ctx) {
        int n = v.items().size();
        if (n != 1 && n != 2 && n != 4) {
            return false; // ptxas: "Illegal vector size"
        }
        // a constant among registers (setp.geu.and.bf16x2 p|q, {%r1, %r2, %f3, 1.0}, %r4, %p5 assembles): the
        // registers need only the type's size, each constant a neighbour of its kind or a .bN register
        // ({%f3, 1}, {%u3, 1.0}: "Vector with elements of different types"); constants only are "Arguments
        // mismatch" (ptxas 13.0, slots-mixedvec)
        int[] kinds = new int[n];
        boolean constants = false;
        boolean registers = false;
        for (int i = 0; i < n; i++) {
            Operand o = FormAnalysis.classify(v.items().get(i), ctx);
            if (o.kind() == Kind.REGISTER && o.type() != null) {
                registers = true;
                PtxType r = o.type();
                kinds[i] = r.isPacked() || r == PtxType.PRED ? -1 : r.kind() == PtxType.Kind.FLOAT ? 1
                        : r.kind() == PtxType.Kind.BIT ? 0 : 2;
            } else if (o.kind() == Kind.INTEGER || o.kind() == Kind.FLOAT_HEX_F || o.kind() == Kind.FLOAT_HEX_D
                    || o.kind() == Kind.FLOAT_DECIMAL) {
                constants = true;
                kinds[i] = o.kind() == Kind.INTEGER ? 4 : 3;
            } else {
                return false;
            }
        }
        if (!registers) {
            // constants only: a .bf16x2 source takes floating-point constants of two types that ptxas reads as
            // .b32 ({1.0, 0f3F800000}; docs/ptxas-behaviour.md §30), no other vector of constants only
            return t == PtxType.BF16X2 && IsaChecks.constantVectorType(v.items()) == PtxType.B32;
        }
        if (constants && t == PtxType.BF16X2 && IsaChecks.singleFloatType(v.items(), ctx) == PtxType.F32) {
            return false; // {%f1, 0f3F800000} is a .f32 vector ({%f1, 1.0} of no one type): Arguments mismatch
        }
        for (int i = 0; i < n; i++) {
            Ast.Expr e = v.items().get(i);
            if (kinds[i] < 3) {
                PtxType r = FormAnalysis.classify(e, ctx).type();
                if (constants ? r.bits() != t.bits() : !OperandTypes.registerFits(t, r)) {
                    return false;
                }
            } else if (i > 0 && kinds[i - 1] != 0 && kind(kinds[i - 1]) != kind(kinds[i])
                    || i + 1 < n && kinds[i + 1] != 0 && kind(kinds[i + 1]) != kind(kinds[i])) {
                return false;
            }
        }
        return true;
    }

    /** vectorOfFitting's element kinds: a constant's (3 float, 4 integer) as a register's (1, 2). */
    private static int kind(int k) {
        return k >= 3 ? k - 2 : k;
    }

    private void truncation(FormAnalysis a, Operand o, PtxType t, java.util.function.Supplier<String> where,
                            CheckContext ctx) {
        BigInteger v = IntegerConstants.value(o.expr());
        if (v == null || t.bits() >= 64 || v.bitLength() < t.bits()) {
            return; // (fewer bits than the type: within [min, max] below, without making them)
        }
        BigInteger min = BigInteger.ONE.shiftLeft(t.bits() - 1).negate();
        BigInteger max = BigInteger.ONE.shiftLeft(t.bits()).subtract(BigInteger.ONE);
        if (v.compareTo(min) >= 0 && v.compareTo(max) <= 0) {
            return;
        }
        BigInteger kept = v.and(max);
        ctx.reporter().report(Edits.at(Rules.IMMEDIATE_TRUNCATED, o.expr().span(), where.get() + " is " + t.bits()
                + " bits wide, but the constant " + Exprs.text(o.expr()) + " needs more: it is truncated to 0x"
                + kept.toString(16).toUpperCase(java.util.Locale.ROOT) + " (" + kept + ")"));
    }

    /** A name with a selector or field after '!', which the parser reports as a syntax error. */
    private static boolean suffixed(Operand o) {
        return o.expr() instanceof Ast.Name n && !n.suffixes().isEmpty();
    }

    /** The data's hint for a source given a register of the other kind ({@code @hint a b : "TEXT"}), after "; ". */
    private static String hint(FormAnalysis a, FormTable.Operand slot) {
        String h = a.table.hint(slot.name());
        return h == null ? "" : "; " + h;
    }

    private static String conversionHint(PtxType t, PtxType r) {
        if (r.bits() != t.bits()) {
            return " (" + r.bits() + " bits, not " + t.bits() + "): convert it with cvt first";
        }
        return "";
    }

    private static void report(Rule rule, Operand o, String msg, CheckContext ctx) {
        Diagnostic d = Edits.at(rule, o.expr().span(), msg);
        ctx.reporter().report(d);
    }
}
