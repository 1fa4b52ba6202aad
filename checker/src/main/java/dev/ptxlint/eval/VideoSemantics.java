package dev.ptxlint.eval;

import java.util.Locale;
import java.util.Objects;

/**
 * The video comparison instructions {@code vset} (scalar, PTX ISA 9.7.18.1 and 9.7.18.1.4),
 * {@code vset2} (9.7.18.2.2) and {@code vset4} (9.7.18.2.3), written from the manual's Semantics
 * blocks (quoted at each method) and the forms ptxas 13.0 accepts ({@code docs/ptxas-video.md}).
 *
 * <p>Operands {@code a}, {@code b}, {@code c} are 32-bit register values in {@code long}s; only their
 * low 32 bits are read. The result is a {@link Value} of type {@code .u32} ("the intermediate result
 * of the comparison is always unsigned, and therefore destination d and operand c are also
 * unsigned"). Selectors and masks are passed as written in the PTX text ({@code ".h01"} or
 * {@code "h01"}); {@code null} or {@code ""} means none (the manual's default). Everything ptxas
 * rejects, and everything ptxas accepts whose meaning is not documented (the scalar {@code .b01},
 * {@code .b12}, {@code .b23} oddity), throws {@link IllegalArgumentException}. The choices made where
 * the manual is ambiguous are listed in {@code docs/evaluator-semantics.md} ("Video").
 */
public final class VideoSemantics {
    private VideoSemantics() {
    }

    private static final long M32 = 0xFFFF_FFFFL;

    /** The secondary operation of scalar {@code vset}: {@code .add}, {@code .min}, {@code .max}. */
    public enum Op2 {
        ADD, MIN, MAX;

        public String ptxName() {
            return "." + name().toLowerCase(Locale.ROOT);
        }

        /** {@code ".add"}, {@code "min"}, ...; anything else is empty. */
        public static java.util.Optional<Op2> fromPtx(String name) {
            String n = name.startsWith(".") ? name.substring(1) : name;
            for (Op2 op : values()) {
                if (op.name().toLowerCase(Locale.ROOT).equals(n)) {
                    return java.util.Optional.of(op);
                }
            }
            return java.util.Optional.empty();
        }
    }

    // ---- scalar vset ----------------------------------------------------------------------------

    /**
     * {@code vset.atype.btype.cmp d, a{.asel}, b{.bsel};}
     *
     * <pre>
     * ta = partSelectSignExtend( a, atype, asel );
     * tb = partSelectSignExtend( b, btype, bsel );
     * tmp = compare( ta, tb, cmp ) ? 1 : 0;
     * </pre>
     *
     * @param asel {@code .b0 .b1 .b2 .b3 .h0 .h1} or none (the whole word)
     * @return 1 or 0 as {@code .u32}
     */
    public static Value vset(CmpOp cmp, ScalarType atype, ScalarType btype, long a, String asel, long b, String bsel) {
        return Value.truncate(ScalarType.U32, scalarCompare(cmp, atype, btype, a, asel, b, bsel));
    }

    /**
     * {@code vset.atype.btype.cmp.op2 d, a{.asel}, b{.bsel}, c;} and, with {@code op2 == null}, the
     * four-operand form without a secondary operation that ptxas also accepts
     * ({@code vset.u32.u32.lt d, a, b, c;}: {@code optSecOp}'s {@code default: return tmp}, c unused).
     *
     * <pre>
     * .s33 optSecOp(Modifier secop, .s33 tmp, .s33 c) {
     *     switch ( secop ) {
     *         .add:     return tmp + c;
     *         .min:     return MIN(tmp, c);
     *         .max      return MAX(tmp, c);
     *         default:  return tmp;
     * </pre>
     *
     * c is read as an unsigned 32-bit value ("operand c [is] also unsigned"); the low 32 bits of the
     * result are written.
     */
    public static Value vset(CmpOp cmp, ScalarType atype, ScalarType btype, long a, String asel, long b, String bsel,
            Op2 op2, long c) {
        long tmp = scalarCompare(cmp, atype, btype, a, asel, b, bsel);
        long uc = c & M32;
        long d = op2 == null ? tmp : switch (op2) {
            case ADD -> tmp + uc;
            case MIN -> Math.min(tmp, uc);
            case MAX -> Math.max(tmp, uc);
        };
        return Value.truncate(ScalarType.U32, d);
    }

    /**
     * {@code vset.atype.btype.cmp d.dsel, a{.asel}, b{.bsel}, c;}: the 0/1 result merged into c.
     *
     * <pre>
     *         case .h0:  return ((tmp &amp; 0xffff)        | (0xffff0000 &amp; c);
     *         case .h1:  return ((tmp &amp; 0xffff) &lt;&lt; 16) | (0x0000ffff &amp; c);
     *         case .b0:  return ((tmp &amp; 0xff)          | (0xffffff00 &amp; c);
     *         case .b1:  return ((tmp &amp; 0xff) &lt;&lt;  8)   | (0xffff00ff &amp; c);
     *         case .b2:  return ((tmp &amp; 0xff) &lt;&lt; 16)   | (0xff00ffff &amp; c);
     *         case .b3:  return ((tmp &amp; 0xff) &lt;&lt; 24)   | (0x00ffffff &amp; c);
     * </pre>
     *
     * @param dsel {@code .b0 .b1 .b2 .b3 .h0 .h1} (required: ptxas has no merge without it)
     */
    public static Value vsetMerge(CmpOp cmp, ScalarType atype, ScalarType btype, String dsel, long a, String asel,
            long b, String bsel, long c) {
        int sel = scalarSelector(dsel, "dsel");
        if (sel == WORD) {
            throw new IllegalArgumentException("vset merge needs a destination selector (.b0-.b3, .h0, .h1)");
        }
        long tmp = scalarCompare(cmp, atype, btype, a, asel, b, bsel);
        int width = sel >= H0 ? 16 : 8;
        int shift = sel >= H0 ? 16 * (sel - H0) : 8 * sel;
        long field = ((1L << width) - 1) << shift;
        return Value.truncate(ScalarType.U32, ((tmp << shift) & field) | (c & M32 & ~field));
    }

    // selector codes of the scalar form: bytes 0..3, halves 4..5, whole word 6
    private static final int H0 = 4;
    private static final int WORD = 6;

    private static long scalarCompare(CmpOp cmp, ScalarType atype, ScalarType btype, long a, String asel, long b,
            String bsel) {
        checkCmp(cmp);
        boolean sa = signed(atype, "atype");
        boolean sb = signed(btype, "btype");
        long ta = partSelectSignExtend(a, sa, scalarSelector(asel, "asel"));
        long tb = partSelectSignExtend(b, sb, scalarSelector(bsel, "bsel"));
        return compare(cmp, ta, tb) ? 1 : 0;
    }

    /** The byte, half-word or word of x, sign- or zero-extended (an .s33 in a long). */
    private static long partSelectSignExtend(long x, boolean signed, int sel) {
        int width = sel == WORD ? 32 : sel >= H0 ? 16 : 8;
        int shift = sel == WORD ? 0 : sel >= H0 ? 16 * (sel - H0) : 8 * sel;
        return extend((x & M32) >>> shift, width, signed);
    }

    private static int scalarSelector(String sel, String what) {
        String s = strip(sel);
        if (s.isEmpty()) {
            return WORD;
        }
        return switch (s) {
            case "b0" -> 0;
            case "b1" -> 1;
            case "b2" -> 2;
            case "b3" -> 3;
            case "h0" -> 4;
            case "h1" -> 5;
            case "b01", "b12", "b23" -> throw new IllegalArgumentException("." + s + " as " + what
                    + ": ptxas accepts it in some places but its meaning is undocumented (docs/ptxas-video.md)");
            default -> throw new IllegalArgumentException("." + s + " is not a vset " + what + " (.b0-.b3, .h0, .h1)");
        };
    }

    // ---- SIMD vset2 / vset4 ---------------------------------------------------------------------

    /**
     * {@code vset2.atype.btype.cmp{.add} d{.mask}, a{.asel}, b{.bsel}, c;}
     *
     * <pre>
     * Va = extractAndSignExt_2( a, b, .asel, .atype );
     * Vb = extractAndSignExt_2( a, b, .bsel, .btype );
     * Vc = extractAndSignExt_2( c );
     * for (i=0; i&lt;2; i++) {
     *     t[i] = compare( Va[i], Vb[i], .cmp ) ? 1 : 0;
     * }
     * mask = extractMaskBits( .mask );
     * if (.add) {
     *     d = c;
     *     for (i=0; i&lt;2; i++) {  d += mask[i] ? t[i] : 0;  }
     * } else {
     *     d = 0;
     *     for (i=0; i&lt;2; i++)  {  d |= mask[i] ? t[i] : Vc[i];  }
     * }
     * </pre>
     *
     * Half-words 0..3 are a.lo, a.hi, b.lo, b.hi; in {@code .hxy} the last digit selects lane 0
     * (the defaults {@code .h10}/{@code .h32} are a and b unchanged). Merge writes {@code t[i]} or
     * {@code Vc[i]} into lane i's half-word of d (the pseudo-code's {@code d |=} leaves the lane
     * position implicit).
     *
     * @param mask {@code .h0 .h1 .h10} or none ({@code .h10})
     * @param asel {@code .hxy}, x, y in 0..3, or none ({@code .h10}); bsel: none is {@code .h32}
     */
    public static Value vset2(CmpOp cmp, ScalarType atype, ScalarType btype, boolean add, String mask, long a,
            String asel, long b, String bsel, long c) {
        return simd(2, cmp, atype, btype, add, mask, a, asel, b, bsel, c);
    }

    /**
     * {@code vset4.atype.btype.cmp{.add} d{.mask}, a{.asel}, b{.bsel}, c;} — as {@link #vset2} with
     * four byte lanes ({@code extractAndSignExt_4}, {@code for (i=0; i<4; i++)}): bytes 0..7 are
     * a's bytes 0..3 then b's; in {@code .bxyzw} the last digit selects lane 0.
     *
     * @param mask one of the 15 {@code .b0 ... .b3210} (digits strictly descending) or none ({@code .b3210})
     * @param asel {@code .bxyzw}, digits 0..7, or none ({@code .b3210}); bsel: none is {@code .b7654}
     */
    public static Value vset4(CmpOp cmp, ScalarType atype, ScalarType btype, boolean add, String mask, long a,
            String asel, long b, String bsel, long c) {
        return simd(4, cmp, atype, btype, add, mask, a, asel, b, bsel, c);
    }

    private static Value simd(int lanes, CmpOp cmp, ScalarType atype, ScalarType btype, boolean add, String mask,
            long a, String asel, long b, String bsel, long c) {
        checkCmp(cmp);
        boolean sa = signed(atype, "atype");
        boolean sb = signed(btype, "btype");
        int width = 32 / lanes;
        long laneMask = (1L << width) - 1;
        int m = simdMask(lanes, mask);
        int[] as = simdSelector(lanes, asel, 0, "asel");
        int[] bs = simdSelector(lanes, bsel, lanes, "bsel");
        long src = (a & M32) | (b & M32) << 32;   // element k of {a, b} at bits width*k
        long d = add ? c & M32 : 0;
        for (int i = 0; i < lanes; i++) {
            long va = extend(src >>> (width * as[i]), width, sa);
            long vb = extend(src >>> (width * bs[i]), width, sb);
            long t = compare(cmp, va, vb) ? 1 : 0;
            boolean on = (m >> i & 1) != 0;
            if (add) {
                d += on ? t : 0;
            } else {
                long vc = (c >>> (width * i)) & laneMask;
                d |= (on ? t : vc) << (width * i);
            }
        }
        return Value.truncate(ScalarType.U32, d);
    }

    /** Lane i's source element, from {@code .hxy}/{@code .bxyzw} (last digit = lane 0). */
    private static int[] simdSelector(int lanes, String sel, int defaultFirst, String what) {
        String s = strip(sel);
        int[] res = new int[lanes];
        if (s.isEmpty()) {
            for (int i = 0; i < lanes; i++) {
                res[i] = defaultFirst + i;
            }
            return res;
        }
        char letter = lanes == 2 ? 'h' : 'b';
        int limit = 2 * lanes;   // 4 half-words or 8 bytes
        if (s.length() != lanes + 1 || s.charAt(0) != letter) {
            throw new IllegalArgumentException("." + s + " is not a " + (lanes == 2 ? "vset2" : "vset4") + " " + what
                    + " (." + letter + " and " + lanes + " digits)");
        }
        for (int i = 0; i < lanes; i++) {
            int digit = s.charAt(lanes - i) - '0';
            if (digit < 0 || digit >= limit) {
                throw new IllegalArgumentException("." + s + ": selector digits are 0.." + (limit - 1));
            }
            res[i] = digit;
        }
        return res;
    }

    /** The mask as bits (bit i = lane i written), from {@code .h0/.h1/.h10} or the descending {@code .bxyz}. */
    private static int simdMask(int lanes, String mask) {
        String s = strip(mask);
        if (s.isEmpty()) {
            return (1 << lanes) - 1;
        }
        char letter = lanes == 2 ? 'h' : 'b';
        if (s.length() < 2 || s.length() > lanes + 1 || s.charAt(0) != letter) {
            throw new IllegalArgumentException("." + s + " is not a " + (lanes == 2 ? "vset2" : "vset4") + " mask");
        }
        int bits = 0;
        int previous = lanes;
        for (int k = 1; k < s.length(); k++) {
            int digit = s.charAt(k) - '0';
            if (digit < 0 || digit >= previous) {
                throw new IllegalArgumentException("." + s + " is not a " + (lanes == 2 ? "vset2" : "vset4")
                        + " mask: lane digits 0.." + (lanes - 1) + " in strictly descending order");
            }
            bits |= 1 << digit;
            previous = digit;
        }
        return bits;
    }

    // ---- shared -------------------------------------------------------------------------------

    private static long extend(long bits, int width, boolean signed) {
        int sh = 64 - width;
        return signed ? (bits << sh) >> sh : (bits << sh) >>> sh;
    }

    private static boolean compare(CmpOp cmp, long x, long y) {
        return switch (cmp) {
            case EQ -> x == y;
            case NE -> x != y;
            case LT -> x < y;
            case LE -> x <= y;
            case GT -> x > y;
            case GE -> x >= y;
            default -> throw new AssertionError(cmp);
        };
    }

    private static void checkCmp(CmpOp cmp) {
        Objects.requireNonNull(cmp, "cmp");
        if (cmp.ordinal() > CmpOp.GE.ordinal()) {
            throw new IllegalArgumentException("video comparisons are .eq .ne .lt .le .gt .ge, not " + cmp.ptxName());
        }
    }

    private static boolean signed(ScalarType t, String what) {
        Objects.requireNonNull(t, what);
        if (t == ScalarType.S32) {
            return true;
        }
        if (t == ScalarType.U32) {
            return false;
        }
        throw new IllegalArgumentException(what + " of a video instruction is .u32 or .s32, not " + t.ptxName());
    }

    private static String strip(String sel) {
        if (sel == null || sel.isEmpty()) {
            return "";
        }
        if (sel.equals(".")) {
            throw new IllegalArgumentException("'.' is not a selector");
        }
        return sel.startsWith(".") ? sel.substring(1) : sel;
    }
}
