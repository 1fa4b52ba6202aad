package dev.ptxlint.eval;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

import static dev.ptxlint.eval.ScalarType.*;

/**
 * The comparison and selection instructions, one function per family, written from the Semantics
 * blocks of the PTX ISA manual (9.7.6 and 9.7.7) and the forms ptxas 13.0 accepts
 * ({@code docs/ptxas-set-family.md}). Operands are bit patterns in {@code long}s; only the low
 * {@code width} bits of each are read, as a register of that width would be. Forms that ptxas
 * rejects (an operator or {@code .ftz} that does not apply to the type, an illegal type pair) throw
 * {@link IllegalArgumentException}. See {@code docs/evaluator-semantics.md} for the decisions.
 */
public final class Semantics {
    private Semantics() {
    }

    /** The two predicate results of {@code setp}: {@code p} and {@code q} (see {@link #setp}). */
    public record SetpResult(boolean p, boolean q) {
    }

    /**
     * The optional {@code .BoolOp} with its predicate operand.
     *
     * @param op      and, or, xor
     * @param negated the operand was written {@code !c}
     * @param c       the predicate's value as read from the register (before {@code !})
     */
    public record Combine(BoolOp op, boolean negated, boolean c) {
        public Combine {
            Objects.requireNonNull(op, "op");
        }

        /** {@code c} or {@code !c}: the value the BoolOp sees. */
        public boolean effectiveC() {
            return negated != c;
        }

        /** {@code BoolOp(t, {!}c)}. */
        public boolean apply(boolean t) {
            return op.apply(t, effectiveC());
        }
    }

    private static boolean combine(boolean t, Combine combine) {
        return combine == null ? t : combine.apply(t);
    }

    private static final Set<ScalarType> SETP_TYPES = EnumSet.of(B16, B32, B64, U16, U32, U64, S16, S32, S64,
            F32, F64, F16, F16X2, BF16, BF16X2);
    private static final Set<ScalarType> SELECT_TYPES = EnumSet.of(B16, B32, B64, U16, U32, U64, S16, S32, S64,
            F32, F64);
    private static final Set<ScalarType> SET_NON_HALF_STYPES = SELECT_TYPES;

    // ---- compare ------------------------------------------------------------------------------

    /**
     * {@code a CmpOp b} for a scalar type (not packed, not {@code .pred}).
     *
     * <ul>
     *   <li>{@code .bN}: {@code eq}/{@code ne} on the bits;</li>
     *   <li>{@code .uN}: unsigned order; {@code lo ls hi hs} are {@code lt le gt ge};</li>
     *   <li>{@code .sN}: two's complement order;</li>
     *   <li>floats: IEEE order with {@code -0 == +0}; the ordered operators are false and the
     *       unordered ones true when either operand is NaN; {@code num}/{@code nan} test for NaN.
     *       {@code ftz} first flushes subnormal inputs to a zero of the same sign (f32 and f16 only).</li>
     * </ul>
     *
     * @throws IllegalArgumentException if ptxas rejects the operator or {@code .ftz} for the type
     */
    public static boolean compare(CmpOp op, ScalarType type, long a, long b, boolean ftz) {
        Objects.requireNonNull(op, "op");
        if (type.isPacked() || type == PRED) {
            throw new IllegalArgumentException("compare takes a scalar type, not " + type.ptxName()
                    + "; compare the lanes of a packed type one by one");
        }
        checkOp(op, type);
        checkFtz(ftz, type);
        long m = type.mask();
        a &= m;
        b &= m;
        return switch (type.kind()) {
            case BITS -> op == CmpOp.EQ ? a == b : a != b;
            case UNSIGNED -> ordered(op, Long.compareUnsigned(a, b));
            case SIGNED -> {
                int sh = 64 - type.width();
                yield ordered(op, Long.compare((a << sh) >> sh, (b << sh) >> sh));
            }
            case FLOAT -> compareFloat(op, type.format(), a, b, ftz);
            default -> throw new AssertionError(type);
        };
    }

    private static boolean compareFloat(CmpOp op, FloatFormat f, long a, long b, boolean ftz) {
        if (ftz) {
            a = f.flushSubnormal(a);
            b = f.flushSubnormal(b);
        }
        boolean unordered = f.isNaN(a) || f.isNaN(b);
        if (op == CmpOp.NUM) {
            return !unordered;
        }
        if (op == CmpOp.NAN) {
            return unordered;
        }
        if (unordered) {
            return op.isUnordered();
        }
        return ordered(op, Long.compare(f.orderKey(a), f.orderKey(b)));
    }

    /** The relational operators on an ordered pair, given {@code Long.compare(a, b)}. */
    private static boolean ordered(CmpOp op, int cmp) {
        return switch (op) {
            case EQ, EQU -> cmp == 0;
            case NE, NEU -> cmp != 0;
            case LT, LO, LTU -> cmp < 0;
            case LE, LS, LEU -> cmp <= 0;
            case GT, HI, GTU -> cmp > 0;
            case GE, HS, GEU -> cmp >= 0;
            case NUM, NAN -> throw new AssertionError(op);
        };
    }

    private static void checkOp(CmpOp op, ScalarType type) {
        if (!op.appliesTo(type)) {
            throw new IllegalArgumentException("comparison " + op.ptxName() + " does not apply to " + type.ptxName());
        }
    }

    /** {@code .ftz} applies to f32 and f16 comparisons (f16x2 lanes included) only. */
    private static void checkFtz(boolean ftz, ScalarType type) {
        if (ftz && !(type == F32 || type == F16 || type == F16X2)) {
            throw new IllegalArgumentException(".ftz does not apply to " + type.ptxName());
        }
    }

    /** Per-lane comparison of a packed type; element 0 is bits 0..15. */
    private static boolean[] compareLanes(CmpOp op, ScalarType packed, long a, long b, boolean ftz) {
        ScalarType lane = packed.lane();
        return new boolean[] {
            compare(op, lane, a & 0xFFFF, b & 0xFFFF, ftz),
            compare(op, lane, (a >>> 16) & 0xFFFF, (b >>> 16) & 0xFFFF, ftz),
        };
    }

    // ---- setp ---------------------------------------------------------------------------------

    /** {@code setp.CmpOp{.ftz}.type p|q, a, b;} — see {@link #setp(CmpOp, ScalarType, long, long, boolean, Combine)}. */
    public static SetpResult setp(CmpOp op, ScalarType type, long a, long b, boolean ftz) {
        return setp(op, type, a, b, ftz, null);
    }

    /**
     * {@code setp.CmpOp{.BoolOp}{.ftz}.type p|q, a, b{, {!}c};}
     *
     * <p>Scalar types: {@code t = a CmpOp b; p = BoolOp(t, c); q = BoolOp(!t, c)} (without a BoolOp,
     * {@code p = t, q = !t}). Packed types: {@code p = BoolOp(t[0], c); q = BoolOp(t[1], c)}, lane 0
     * in bits 0..15.
     *
     * @param combine the BoolOp and {@code c}, or null for none
     */
    public static SetpResult setp(CmpOp op, ScalarType type, long a, long b, boolean ftz, Combine combine) {
        if (!SETP_TYPES.contains(type)) {
            throw new IllegalArgumentException("setp does not take " + type.ptxName());
        }
        checkFtz(ftz, type);
        if (type.isPacked()) {
            checkOp(op, type);
            boolean[] t = compareLanes(op, type, a, b, ftz);
            return new SetpResult(combine(t[0], combine), combine(t[1], combine));
        }
        boolean t = compare(op, type, a, b, ftz);
        return new SetpResult(combine(t, combine), combine(!t, combine));
    }

    // ---- set ----------------------------------------------------------------------------------

    /** Whether ptxas 13.0 accepts {@code set.CmpOp.dtype.stype} (docs/ptxas-set-family.md). */
    public static boolean isLegalSet(ScalarType dtype, ScalarType stype) {
        return switch (dtype) {
            case U32, S32 -> SET_NON_HALF_STYPES.contains(stype)
                    || stype == F16 || stype == F16X2 || stype == BF16 || stype == BF16X2;
            case F32 -> SET_NON_HALF_STYPES.contains(stype);
            case F16 -> SET_NON_HALF_STYPES.contains(stype) || stype == F16;
            case BF16 -> SET_NON_HALF_STYPES.contains(stype) || stype == F16 || stype == BF16;
            case U16, S16 -> stype == F16 || stype == BF16;
            case F16X2 -> stype == F16X2;
            case BF16X2 -> stype == BF16X2;
            default -> false;
        };
    }

    /** {@code set.CmpOp{.ftz}.dtype.stype d, a, b;} */
    public static Value set(CmpOp op, ScalarType dtype, ScalarType stype, long a, long b, boolean ftz) {
        return set(op, dtype, stype, a, b, ftz, null);
    }

    /**
     * {@code set.CmpOp{.BoolOp}{.ftz}.dtype.stype d, a, b{, {!}c};}
     *
     * <p>True is written as 0xFFFFFFFF for {@code .u32/.s32}, 0xFFFF for {@code .u16/.s16}, and 1.0
     * for a float dtype (0x3F800000 f32, 0x3C00 f16, 0x3F80 bf16); false as 0. A packed stype
     * compares lane by lane and packs the two results: 1.0/0.0 per lane for the packed dtype,
     * 0xFFFF/0 per lane for {@code .u32/.s32}.
     *
     * @param combine the BoolOp and {@code c}, or null for none
     */
    public static Value set(CmpOp op, ScalarType dtype, ScalarType stype, long a, long b, boolean ftz,
            Combine combine) {
        if (!isLegalSet(dtype, stype)) {
            throw new IllegalArgumentException("set does not take dtype " + dtype.ptxName() + " with stype "
                    + stype.ptxName());
        }
        checkFtz(ftz, stype);
        if (ftz && dtype == BF16) {
            // ptxas: "Illegal modifier '.ftz' for instruction 'set'" for set.ftz.bf16.{f32,f16}
            throw new IllegalArgumentException(".ftz does not apply to set with dtype .bf16");
        }
        if (stype.isPacked()) {
            checkOp(op, stype);
            boolean[] t = compareLanes(op, stype, a, b, ftz);
            long one = dtype.isPacked() ? trueBits(dtype.lane()) : 0xFFFF;
            long lo = combine(t[0], combine) ? one : 0;
            long hi = combine(t[1], combine) ? one : 0;
            return new Value(dtype, lo | hi << 16);
        }
        boolean d = combine(compare(op, stype, a, b, ftz), combine);
        if (!d) {
            return new Value(dtype, 0);
        }
        return new Value(dtype, trueBits(dtype));
    }

    /**
     * What {@code set} writes for true in a scalar dtype: all ones for integers, 1.0 for floats
     * (the biased exponent of 2^0 with a zero fraction).
     */
    public static long trueBits(ScalarType dtype) {
        if (dtype.kind() == ScalarType.Kind.FLOAT) {
            FloatFormat f = dtype.format();
            return (long) f.bias() << f.fractionBits();
        }
        return dtype.mask();
    }

    // ---- selp ---------------------------------------------------------------------------------

    /** {@code selp.type d, a, b, c;}: {@code d = c ? a : b}. */
    public static Value selp(ScalarType type, long a, long b, boolean c) {
        if (!SELECT_TYPES.contains(type)) {
            throw new IllegalArgumentException("selp does not take " + type.ptxName());
        }
        return Value.truncate(type, c ? a : b);
    }

    // ---- slct ---------------------------------------------------------------------------------

    /**
     * {@code slct{.ftz}.dtype.ctype d, a, b, c;}: {@code d = (c >= 0) ? a : b}, the chosen operand
     * copied bit for bit. For {@code .s32} c, the signed value. For {@code .f32} c: {@code -0 >= 0}
     * (a is chosen), NaN chooses b, a negative subnormal chooses b unless {@code .ftz} flushes it to
     * -0 (then a).
     */
    public static Value slct(ScalarType dtype, ScalarType ctype, long a, long b, long c, boolean ftz) {
        if (!SELECT_TYPES.contains(dtype)) {
            throw new IllegalArgumentException("slct does not take dtype " + dtype.ptxName());
        }
        boolean nonNegative;
        if (ctype == S32) {
            if (ftz) {
                throw new IllegalArgumentException(".ftz does not apply to slct with .s32");
            }
            nonNegative = (int) c >= 0;
        } else if (ctype == F32) {
            FloatFormat f = FloatFormat.F32;
            long cb = c & f.mask();
            if (ftz) {
                cb = f.flushSubnormal(cb);
            }
            nonNegative = !f.isNaN(cb) && f.orderKey(cb) >= 0;
        } else {
            throw new IllegalArgumentException("slct takes c as .s32 or .f32, not " + ctype.ptxName());
        }
        return Value.truncate(dtype, nonNegative ? a : b);
    }
}
