package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import static dev.ptxlint.isa.FormTable.of;
import static dev.ptxlint.isa.PtxType.B16;
import static dev.ptxlint.isa.PtxType.B32;
import static dev.ptxlint.isa.PtxType.B64;
import static dev.ptxlint.isa.PtxType.BF16;
import static dev.ptxlint.isa.PtxType.BF16X2;
import static dev.ptxlint.isa.PtxType.F16;
import static dev.ptxlint.isa.PtxType.F16X2;
import static dev.ptxlint.isa.PtxType.F32;
import static dev.ptxlint.isa.PtxType.F64;
import static dev.ptxlint.isa.PtxType.S16;
import static dev.ptxlint.isa.PtxType.S32;
import static dev.ptxlint.isa.PtxType.S64;
import static dev.ptxlint.isa.PtxType.U16;
import static dev.ptxlint.isa.PtxType.U32;
import static dev.ptxlint.isa.PtxType.U64;

import dev.ptxlint.isa.Form.Quirk;
import dev.ptxlint.isa.FormTable.Part;
import java.util.List;
import java.util.Set;

/**
 * The comparison and selection instructions: {@code set}, {@code setp}, {@code selp},
 * {@code slct} (manual 9.7.6) and the half-precision {@code set}/{@code setp} (9.7.7), as
 * ptxas 13.0 accepts them. Each row transcribes a Syntax block; where ptxas and the manual
 * differ (docs/ptxas-set-family.md) the row follows ptxas and says so.
 */
public final class SetFamily {
    private SetFamily() {
    }

    private static final Set<PtxType> BITS = of(B16, B32, B64);
    private static final Set<PtxType> UNSIGNED = of(U16, U32, U64);
    private static final Set<PtxType> SIGNED = of(S16, S32, S64);
    /** The types of selp and of slct's d, a, b: every 16-64-bit scalar type except half precision. */
    private static final Set<PtxType> SCALARS = of(B16, B32, B64, U16, U32, U64, S16, S32, S64, F32, F64);

    private static final String F16_FEATURE = "f16 arithmetic and compare instructions";
    private static final String F16_INT_RESULT = "half precision set with an integer result";

    /** 9.7.6.2 setp and 9.7.7.2 half-precision setp. */
    public static final FormTable SETP;
    /** 9.7.6.1 set and 9.7.7.1 half-precision set: types are {@code .dtype.stype}. */
    public static final FormTable SET;
    /** 9.7.6.3 selp. */
    public static final FormTable SELP;
    /** 9.7.6.4 slct: types are {@code .dtype.ctype}. */
    public static final FormTable SLCT;

    static {
        // setp.CmpOp{.BoolOp}{.ftz}.type  p[|q], a, b{, {!}c}
        FormTable.Builder b = FormTable.builder("setp", "9.7.6.2 setp, 9.7.7.2 setp (half precision)")
                .modifiers(Part.CMP, Part.BOOL, Part.FTZ, Part.TYPES)
                .dest("p").source("a", 0).source("b", 0).boolOpPredicate("c").constantPredicate();
        b.forms(BITS).cmp(CmpOp.BIT).dest(Dest.PREDICATE_OR_PAIR);
        b.forms(UNSIGNED).cmp(CmpOp.UNSIGNED).dest(Dest.PREDICATE_OR_PAIR);
        b.forms(SIGNED).cmp(CmpOp.SIGNED).dest(Dest.PREDICATE_OR_PAIR);
        b.forms(of(F32)).cmp(CmpOp.FLOAT).ftz().dest(Dest.PREDICATE_OR_PAIR);
        b.forms(of(F64)).cmp(CmpOp.FLOAT).dest(Dest.PREDICATE_OR_PAIR).since("1.0", 13, "setp.f64");
        b.forms(of(F16)).cmp(CmpOp.FLOAT).ftz().dest(Dest.PREDICATE).since("4.2", 53, F16_FEATURE);
        b.forms(of(F16X2)).cmp(CmpOp.FLOAT).ftz().dest(Dest.PREDICATE_PAIR).since("4.2", 53, F16_FEATURE);
        b.forms(of(BF16)).cmp(CmpOp.FLOAT).dest(Dest.PREDICATE).since("7.8", 90, "setp.bf16").noConstantPredicate()
                .quirk(Quirk.VECTOR_SOURCE);
        b.forms(of(BF16X2)).cmp(CmpOp.FLOAT).dest(Dest.PREDICATE_PAIR).since("7.8", 90, "setp.bf16x2").noConstantPredicate()
                .quirk(Quirk.VECTOR_SOURCE).quirk(Quirk.PREDICATE_SECOND_SOURCE);
        SETP = b.build();
    }

    static {
        // set.CmpOp{.BoolOp}{.ftz}.dtype.stype  d, a, b{, {!}c}
        FormTable.Builder b = FormTable.builder("set", "9.7.6.1 set, 9.7.7.1 set (half precision)")
                .types("dtype", "stype")
                .modifiers(Part.CMP, Part.BOOL, Part.FTZ, Part.TYPES)
                .dest("d").source("a", 1).source("b", 1).boolOpPredicate("c").constantPredicate();
        Set<PtxType> d32 = of(U32, S32, F32);
        b.forms(d32, BITS).cmp(CmpOp.BIT);
        b.forms(d32, UNSIGNED).cmp(CmpOp.UNSIGNED);
        b.forms(d32, SIGNED).cmp(CmpOp.SIGNED);
        b.forms(d32, of(F32)).cmp(CmpOp.FLOAT).ftz();
        b.forms(d32, of(F64)).cmp(CmpOp.FLOAT).since("1.0", 13, "set.f64");
        // set.CmpOp{.ftz}.f16.stype: the manual allows .ftz with every stype, ptxas only with f32 and f16.
        b.forms(of(F16), BITS).cmp(CmpOp.BIT).since("4.2", 53, F16_FEATURE);
        b.forms(of(F16), UNSIGNED).cmp(CmpOp.UNSIGNED).since("4.2", 53, F16_FEATURE);
        b.forms(of(F16), SIGNED).cmp(CmpOp.SIGNED).since("4.2", 53, F16_FEATURE);
        b.forms(of(F16), of(F32, F16)).cmp(CmpOp.FLOAT).ftz().since("4.2", 53, F16_FEATURE);
        b.forms(of(F16), of(F64)).cmp(CmpOp.FLOAT).since("4.2", 53, F16_FEATURE);
        b.forms(of(F16X2), of(F16X2)).cmp(CmpOp.FLOAT).ftz().since("4.2", 53, F16_FEATURE);
        b.forms(of(U16, S16, U32, S32), of(F16)).cmp(CmpOp.FLOAT).ftz().since("6.5", 53, F16_INT_RESULT);
        b.forms(of(U32, S32), of(F16X2)).cmp(CmpOp.FLOAT).ftz().since("6.5", 53, F16_INT_RESULT);
        // set.CmpOp.bf16.stype; ptxas also takes a .u16/.s16 register or a vector of two .b16 as d.
        b.forms(of(BF16), BITS).cmp(CmpOp.BIT).since("7.8", 90, "set.bf16").noConstantPredicate()
                .quirk(Quirk.INTEGER_DESTINATION).quirk(Quirk.VECTOR_DESTINATION);
        b.forms(of(BF16), UNSIGNED).cmp(CmpOp.UNSIGNED).since("7.8", 90, "set.bf16").noConstantPredicate()
                .quirk(Quirk.INTEGER_DESTINATION).quirk(Quirk.VECTOR_DESTINATION);
        b.forms(of(BF16), SIGNED).cmp(CmpOp.SIGNED).since("7.8", 90, "set.bf16").noConstantPredicate()
                .quirk(Quirk.INTEGER_DESTINATION).quirk(Quirk.VECTOR_DESTINATION);
        b.forms(of(BF16), of(F32, F64, F16)).cmp(CmpOp.FLOAT).since("7.8", 90, "set.bf16").noConstantPredicate()
                .quirk(Quirk.INTEGER_DESTINATION).quirk(Quirk.VECTOR_DESTINATION);
        // Not in the manual's stype list for set.bf16, but ptxas accepts it and nvcc emits it
        // (cuda_bf16.hpp's __hisnan: set.nan.bf16.bf16), so the list is incomplete, not stricter.
        b.forms(of(BF16), of(BF16)).cmp(CmpOp.FLOAT).since("7.8", 90, "set.bf16").noConstantPredicate()
                .quirk(Quirk.VECTOR_SOURCE).quirk(Quirk.INTEGER_DESTINATION).quirk(Quirk.VECTOR_DESTINATION);
        b.forms(of(U16, S16, U32, S32), of(BF16)).cmp(CmpOp.FLOAT).since("7.8", 90, "set.bf16").noConstantPredicate()
                .quirk(Quirk.VECTOR_SOURCE);
        b.forms(of(BF16X2, U32, S32), of(BF16X2)).cmp(CmpOp.FLOAT).since("7.8", 90, "set.bf16x2").noConstantPredicate()
                .quirk(Quirk.VECTOR_SOURCE).quirk(Quirk.PREDICATE_SECOND_SOURCE);
        SET = b.build();
    }

    static {
        // selp.type  d, a, b, c
        FormTable.Builder b = FormTable.builder("selp", "9.7.6.3 selp")
                .dest("d").source("a", 0).source("b", 0).predicate("c").constantPredicate();
        b.forms(SCALARS);
        SELP = b.build();
    }

    static {
        // slct.dtype.s32  d, a, b, c;   slct{.ftz}.dtype.f32  d, a, b, c
        FormTable.Builder b = FormTable.builder("slct", "9.7.6.4 slct")
                .types("dtype", "ctype")
                .modifiers(Part.FTZ, Part.TYPES)
                .dest("d").source("a", 0).source("b", 0).source("c", 1);
        b.forms(SCALARS, of(S32));
        b.forms(SCALARS, of(F32)).ftz();
        SLCT = b.build();
    }

    /** Every table of this family. */
    public static List<FormTable> tables() {
        return List.of(SETP, SET, SELP, SLCT);
    }
}
