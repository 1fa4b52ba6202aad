package dev.ptxlint.eval;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An independent model of vset, vset2 and vset4, written from the manual's text (Syntax lists,
 * Description, Semantics) and not from {@link VideoSemantics}: operands become {@link BigInteger}s,
 * the selectable elements are cut out by division, sign extension subtracts 2^w, the comparison is
 * {@code compareTo}, merging rebuilds d lane by lane as a sum of {@code value * 2^(w*i)}, and the
 * legal selectors and masks are the manual's lists copied verbatim. Everything is by name
 * ({@code "lt"}, {@code "s32"}, {@code "h01"}); {@code null} comes back for a form that is not legal.
 * Nothing here calls the code under test.
 */
final class VideoReference {
    private VideoReference() {
    }

    static final List<String> CMPS = List.of("eq", "ne", "lt", "le", "gt", "ge");
    static final List<String> TYPES = List.of("u32", "s32");
    /** .dsel = .asel = .bsel = { .b0, .b1, .b2, .b3, .h0, .h1 } */
    static final List<String> SCALAR_SELS = List.of("b0", "b1", "b2", "b3", "h0", "h1");
    static final List<String> OP2S = List.of("add", "min", "max");
    /** .mask = { .h0, .h1, .h10 } */
    static final List<String> MASKS2 = List.of("h0", "h1", "h10");
    /** .mask = { .b0, .b1, .b10, .b2, .b20, .b21, .b210, .b3, .b30, .b31, .b310, .b32, .b320, .b321, .b3210 } */
    static final List<String> MASKS4 = List.of("b0", "b1", "b10", "b2", "b20", "b21", "b210", "b3", "b30", "b31",
            "b310", "b32", "b320", "b321", "b3210");
    /** .asel = .bsel = { .hxy, where x,y are from { 0, 1, 2, 3 } } */
    static final Pattern SEL2 = Pattern.compile("h[0-3][0-3]");
    /** .asel = .bsel = .bxyzw, where x,y,z,w are from { 0, ..., 7 } */
    static final Pattern SEL4 = Pattern.compile("b[0-7][0-7][0-7][0-7]");

    static final BigInteger TWO32 = BigInteger.ONE.shiftLeft(32);

    static BigInteger word(long x) {
        return BigInteger.valueOf(x).mod(TWO32);
    }

    static BigInteger pow2(int n) {
        return BigInteger.TWO.pow(n);
    }

    /** An unsigned w-bit value read as the type says: .s32 sign-extends (subtract 2^w if the top bit is set). */
    static BigInteger asType(BigInteger v, int w, String type) {
        if (type.equals("s32") && v.compareTo(pow2(w - 1)) >= 0) {
            return v.subtract(pow2(w));
        }
        return v;
    }

    static boolean cmp(String op, BigInteger x, BigInteger y) {
        int r = x.compareTo(y);
        switch (op) {
            case "eq": return r == 0;
            case "ne": return r != 0;
            case "lt": return r < 0;
            case "le": return r <= 0;
            case "gt": return r > 0;
            case "ge": return r >= 0;
            default: throw new IllegalStateException(op);
        }
    }

    static boolean legalHead(String op, String atype, String btype) {
        return CMPS.contains(op) && TYPES.contains(atype) && TYPES.contains(btype);
    }

    // ---- scalar vset: partSelectSignExtend, compare, optSecOp, optMerge ------------------------

    /** Element {@code sel} of x as an unsigned number, and its width: bK byte K, hK half-word K, "" the word. */
    static BigInteger[] part(long x, String sel) {
        BigInteger w = word(x);
        if (sel.isEmpty()) {
            return new BigInteger[] {w, BigInteger.valueOf(32)};
        }
        int size = sel.charAt(0) == 'b' ? 8 : 16;
        int k = Integer.parseInt(sel.substring(1));
        return new BigInteger[] {w.divide(pow2(size * k)).mod(pow2(size)), BigInteger.valueOf(size)};
    }

    static BigInteger scalarTmp(String op, String atype, String btype, long a, String asel, long b, String bsel) {
        BigInteger[] pa = part(a, asel);
        BigInteger[] pb = part(b, bsel);
        BigInteger ta = asType(pa[0], pa[1].intValue(), atype);
        BigInteger tb = asType(pb[0], pb[1].intValue(), btype);
        return cmp(op, ta, tb) ? BigInteger.ONE : BigInteger.ZERO;
    }

    /**
     * vset in any of its forms: {@code op2} one of add/min/max or null; {@code dsel} null or a
     * selector; {@code c} null for the three-operand form. Selectors "" = none. Null if illegal:
     * ptxas's forms are plain (no c), op2 with c, dsel with c (not with op2), and c alone.
     */
    static Long vset(String op, String atype, String btype, String asel, String bsel, String op2, String dsel,
            long a, long b, Long c) {
        if (!legalHead(op, atype, btype)) {
            return null;
        }
        if (!(asel.isEmpty() || SCALAR_SELS.contains(asel)) || !(bsel.isEmpty() || SCALAR_SELS.contains(bsel))) {
            return null;
        }
        if (op2 != null && !OP2S.contains(op2) || dsel != null && !SCALAR_SELS.contains(dsel)) {
            return null;
        }
        if ((op2 != null || dsel != null) && c == null || op2 != null && dsel != null) {
            return null;
        }
        BigInteger tmp = scalarTmp(op, atype, btype, a, asel, b, bsel);
        BigInteger d = tmp;
        if (op2 != null) {
            BigInteger uc = word(c);   // "operand c [is] also unsigned"
            d = switch (op2) {
                case "add" -> tmp.add(uc);
                case "min" -> tmp.min(uc);
                default -> tmp.max(uc);
            };
        } else if (dsel != null) {
            // "truncate the intermediate result to a byte or half-word value and merge into a
            // specified position in the third operand"
            int size = dsel.charAt(0) == 'b' ? 8 : 16;
            int pos = size * Integer.parseInt(dsel.substring(1));
            BigInteger cw = word(c);
            BigInteger old = cw.divide(pow2(pos)).mod(pow2(size));
            d = cw.subtract(old.multiply(pow2(pos))).add(tmp.mod(pow2(size)).multiply(pow2(pos)));
        }
        return d.mod(TWO32).longValueExact();   // "The lower 32-bits are then written"
    }

    // ---- vset2 / vset4 ------------------------------------------------------------------------

    /**
     * vset2 (lanes 2) or vset4 (lanes 4). {@code add}: the accumulate form. Selectors/mask "" = the
     * default. Null if illegal.
     */
    static Long simd(int lanes, String op, String atype, String btype, boolean add, String mask, String asel,
            String bsel, long a, long b, long c) {
        if (!legalHead(op, atype, btype)) {
            return null;
        }
        Pattern selPattern = lanes == 2 ? SEL2 : SEL4;
        List<String> masks = lanes == 2 ? MASKS2 : MASKS4;
        String as = asel.isEmpty() ? (lanes == 2 ? "h10" : "b3210") : asel;
        String bs = bsel.isEmpty() ? (lanes == 2 ? "h32" : "b7654") : bsel;
        String mk = mask.isEmpty() ? (lanes == 2 ? "h10" : "b3210") : mask;
        if (!selPattern.matcher(as).matches() || !selPattern.matcher(bs).matches() || !masks.contains(mk)) {
            return null;
        }
        int size = 32 / lanes;
        // "selected from any of the four half-words [eight bytes] in the two source operands a and b"
        List<BigInteger> elems = new ArrayList<>();
        BigInteger both = word(b).multiply(TWO32).add(word(a));
        for (int k = 0; k < 2 * lanes; k++) {
            BigInteger[] qr = both.divideAndRemainder(pow2(size));
            elems.add(qr[1]);
            both = qr[0];
        }
        String aDigits = new StringBuilder(as.substring(1)).reverse().toString();   // index i = lane i
        String bDigits = new StringBuilder(bs.substring(1)).reverse().toString();
        BigInteger cw = word(c);
        BigInteger d = add ? cw : BigInteger.ZERO;
        for (int i = 0; i < lanes; i++) {
            BigInteger va = asType(elems.get(aDigits.charAt(i) - '0'), size, atype);
            BigInteger vb = asType(elems.get(bDigits.charAt(i) - '0'), size, btype);
            BigInteger t = cmp(op, va, vb) ? BigInteger.ONE : BigInteger.ZERO;
            boolean on = mk.substring(1).indexOf((char) ('0' + i)) >= 0;
            if (add) {
                if (on) {
                    d = d.add(t);
                }
            } else {
                BigInteger vc = cw.divide(pow2(size * i)).mod(pow2(size));
                d = d.add((on ? t : vc).multiply(pow2(size * i)));
            }
        }
        return d.mod(TWO32).longValueExact();
    }
}
