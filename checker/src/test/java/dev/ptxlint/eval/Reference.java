package dev.ptxlint.eval;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An independent model of the same semantics, written differently on purpose: numbers are decoded
 * from their binary digit strings into exact {@link BigDecimal}s and {@link BigInteger}s, the
 * operators are a truth table, the legal forms and result constants are explicit tables copied
 * from the manual and from docs/ptxas-set-family.md, and rounding to a 16-bit format searches the
 * sorted list of all its values. Nothing here calls the code under test.
 */
final class Reference {
    private Reference() {
    }

    // ---- formats: name -> exponent bits, fraction bits ----------------------------------------

    record Fmt(String name, int e, int f) {
        int width() {
            return 1 + e + f;
        }

        int bias() {
            return BigInteger.TWO.pow(e - 1).intValueExact() - 1;
        }
    }

    static final Fmt F16 = new Fmt("f16", 5, 10);
    static final Fmt BF16 = new Fmt("bf16", 8, 7);
    static final Fmt F32 = new Fmt("f32", 8, 23);
    static final Fmt F64 = new Fmt("f64", 11, 52);

    static Fmt fmtOf(String type) {
        return switch (type) {
            case "f16", "f16x2" -> F16;
            case "bf16", "bf16x2" -> BF16;
            case "f32" -> F32;
            case "f64" -> F64;
            default -> throw new IllegalArgumentException(type);
        };
    }

    /** The binary digits of the pattern, most significant first, exactly {@code width} of them. */
    static String digits(long bits, int width) {
        String s = Long.toBinaryString(bits);
        if (s.length() > width) {
            s = s.substring(s.length() - width);
        }
        return "0".repeat(width - s.length()) + s;
    }

    /** A decoded float: NaN, an infinity, or an exact finite value (both zeros are 0). */
    record Num(boolean nan, int inf, BigDecimal value, boolean negativeSign, boolean subnormal) {
        boolean isNaN() {
            return nan;
        }
    }

    private static final Map<Integer, BigInteger> FIVE_POW = new HashMap<>();

    private static synchronized BigInteger fivePow(int k) {
        return FIVE_POW.computeIfAbsent(k, BigInteger.valueOf(5)::pow);
    }

    /** sig * 2^k exactly. */
    static BigDecimal times2pow(BigInteger sig, int k) {
        if (k >= 0) {
            return new BigDecimal(sig.shiftLeft(k));
        }
        // sig / 2^n = sig * 5^n / 10^n
        return new BigDecimal(sig.multiply(fivePow(-k)), -k);
    }

    static Num decode(Fmt fmt, long bits) {
        String d = digits(bits, fmt.width());
        boolean neg = d.charAt(0) == '1';
        String expDigits = d.substring(1, 1 + fmt.e());
        String fracDigits = d.substring(1 + fmt.e());
        boolean expAllOnes = !expDigits.contains("0");
        boolean expAllZeros = !expDigits.contains("1");
        boolean fracZero = !fracDigits.contains("1");
        if (expAllOnes) {
            return fracZero ? new Num(false, neg ? -1 : 1, null, neg, false) : new Num(true, 0, null, neg, false);
        }
        BigInteger frac = new BigInteger(fracDigits, 2);
        BigDecimal mag;
        if (expAllZeros) {
            mag = times2pow(frac, 1 - fmt.bias() - fmt.f());
        } else {
            int exp = Integer.parseInt(expDigits, 2);
            mag = times2pow(BigInteger.TWO.pow(fmt.f()).add(frac), exp - fmt.bias() - fmt.f());
        }
        return new Num(false, 0, neg ? mag.negate() : mag, neg, expAllZeros && !fracZero);
    }

    /** With .ftz: a subnormal input counts as zero. */
    static Num flush(Num n) {
        return n.subnormal() ? new Num(false, 0, BigDecimal.ZERO, n.negativeSign(), false) : n;
    }

    // ---- relations and the operator truth table ----------------------------------------------

    enum Rel { LT, EQ, GT, UN }

    static Rel relate(Num a, Num b) {
        if (a.isNaN() || b.isNaN()) {
            return Rel.UN;
        }
        int c;
        if (a.inf() != 0 || b.inf() != 0) {
            c = Integer.compare(rank(a), rank(b));
            if (c == 0 && a.inf() == 0) {
                c = a.value().compareTo(b.value());
            }
        } else {
            c = a.value().compareTo(b.value());
        }
        return c < 0 ? Rel.LT : c == 0 ? Rel.EQ : Rel.GT;
    }

    private static int rank(Num n) {
        return n.inf();  // -1, 0 (finite), +1
    }

    /** Operator -> result for LT EQ GT UNORDERED, straight from the manual's notes. */
    private static final String[] TABLE = {
        "eq  0100", "ne  1010", "lt  1000", "le  1100", "gt  0010", "ge  0110",
        "lo  1000", "ls  1100", "hi  0010", "hs  0110",
        "equ 0101", "neu 1011", "ltu 1001", "leu 1101", "gtu 0011", "geu 0111",
        "num 1110", "nan 0001",
    };

    static boolean truth(String op, Rel r) {
        for (String row : TABLE) {
            String[] p = row.split("\\s+");
            if (p[0].equals(op)) {
                return p[1].charAt(r.ordinal()) == '1';
            }
        }
        throw new IllegalArgumentException(op);
    }

    // ---- legality tables ------------------------------------------------------------------------

    static final List<String> FLOAT_OPS = List.of("eq", "ne", "lt", "le", "gt", "ge",
            "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan");
    static final List<String> UNSIGNED_OPS = List.of("eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs");
    static final List<String> SIGNED_OPS = List.of("eq", "ne", "lt", "le", "gt", "ge");
    static final List<String> BIT_OPS = List.of("eq", "ne");

    static List<String> opsFor(String type) {
        return switch (type) {
            case "b8", "b16", "b32", "b64" -> BIT_OPS;
            case "u8", "u16", "u32", "u64" -> UNSIGNED_OPS;
            case "s8", "s16", "s32", "s64" -> SIGNED_OPS;
            case "f16", "bf16", "f32", "f64", "f16x2", "bf16x2" -> FLOAT_OPS;
            default -> List.of();
        };
    }

    static final Set<String> FTZ_TYPES = Set.of("f32", "f16", "f16x2");
    static final List<String> SETP_TYPES = List.of("b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64",
            "f32", "f64", "f16", "f16x2", "bf16", "bf16x2");
    static final List<String> SELECT_TYPES = List.of("b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64",
            "f32", "f64");

    /** The set dtype x stype grid of docs/ptxas-set-family.md ('x' = accepted). */
    private static final String[] SET_GRID = {
        //        b16 b32 b64 u16 u32 u64 s16 s32 s64 f32 f64 f16 f16x2 bf16 bf16x2
        "u32     x x x x x x x x x x x x x x x",
        "s32     x x x x x x x x x x x x x x x",
        "f32     x x x x x x x x x x x . . . .",
        "f16     x x x x x x x x x x x x . . .",
        "f16x2   . . . . . . . . . . . . x . .",
        "bf16    x x x x x x x x x x x x . x .",
        "bf16x2  . . . . . . . . . . . . . . x",
        "u16     . . . . . . . . . . . x . x .",
        "s16     . . . . . . . . . . . x . x .",
    };
    static final List<String> SET_STYPES = List.of("b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64",
            "f32", "f64", "f16", "f16x2", "bf16", "bf16x2");

    static boolean setLegal(String dtype, String stype) {
        for (String row : SET_GRID) {
            String[] p = row.trim().split("\\s+");
            if (p[0].equals(dtype)) {
                int i = SET_STYPES.indexOf(stype);
                return i >= 0 && p[i + 1].equals("x");
            }
        }
        return false;
    }

    static List<String[]> legalSetPairs() {
        List<String[]> res = new ArrayList<>();
        for (String row : SET_GRID) {
            String[] p = row.trim().split("\\s+");
            for (int i = 0; i < SET_STYPES.size(); i++) {
                if (p[i + 1].equals("x")) {
                    res.add(new String[] {p[0], SET_STYPES.get(i)});
                }
            }
        }
        return res;
    }

    /** What set writes for true: the whole value, or for a packed stype each lane. */
    static long setTrue(String dtype, boolean packedStype) {
        if (packedStype) {
            return switch (dtype) {
                case "f16x2" -> 0x3C00;     // 1.0 in f16
                case "bf16x2" -> 0x3F80;    // 1.0 in bf16
                case "u32", "s32" -> 0xFFFF;
                default -> throw new IllegalArgumentException(dtype);
            };
        }
        return switch (dtype) {
            case "u32", "s32" -> 0xFFFFFFFFL;
            case "u16", "s16" -> 0xFFFF;
            case "f32" -> 0x3F800000;       // 1.0f
            case "f16" -> 0x3C00;
            case "bf16" -> 0x3F80;
            default -> throw new IllegalArgumentException(dtype);
        };
    }

    // ---- integers --------------------------------------------------------------------------

    static int widthOf(String type) {
        if (type.endsWith("x2")) {
            return 32;
        }
        String d = type.replaceAll("[^0-9]", "");
        return d.isEmpty() ? 1 : Integer.parseInt(d);
    }

    /** The value of the low {@code width} bits, read as unsigned or two's complement. */
    static BigInteger intValue(long bits, int width, boolean signed) {
        BigInteger v = new BigInteger(digits(bits, width), 2);
        if (signed && v.testBit(width - 1)) {
            v = v.subtract(BigInteger.TWO.pow(width));
        }
        return v;
    }

    // ---- the instructions --------------------------------------------------------------------

    /** a CmpOp b for a scalar type name, or null if the form is illegal. */
    static Boolean compare(String op, String type, long a, long b, boolean ftz) {
        if (!opsFor(type).contains(op) || (ftz && !FTZ_TYPES.contains(type)) || type.endsWith("x2")) {
            return null;
        }
        char k = FLOAT_OPS.equals(opsFor(type)) ? 'f' : type.charAt(0);
        int w = widthOf(type);
        if (k == 'b') {
            boolean same = digits(a, w).equals(digits(b, w));
            return op.equals("eq") == same;
        }
        if (k == 'u' || k == 's') {
            int c = intValue(a, w, k == 's').compareTo(intValue(b, w, k == 's'));
            return truth(op, c < 0 ? Rel.LT : c == 0 ? Rel.EQ : Rel.GT);
        }
        Fmt f = fmtOf(type);
        Num x = decode(f, a);
        Num y = decode(f, b);
        if (ftz) {
            x = flush(x);
            y = flush(y);
        }
        return truth(op, relate(x, y));
    }

    /** {p, q} of setp, or null if illegal. bool = null for no BoolOp; c already includes any '!'. */
    static boolean[] setp(String op, String type, long a, long b, boolean ftz, String bool, boolean c) {
        if (!SETP_TYPES.contains(type)) {
            return null;
        }
        if (type.endsWith("x2")) {
            String lane = type.substring(0, type.length() - 2);
            if (ftz && !FTZ_TYPES.contains(type)) {
                return null;
            }
            Boolean t0 = compare(op, lane, a & 0xFFFF, b & 0xFFFF, ftz);
            Boolean t1 = compare(op, lane, (a >> 16) & 0xFFFF, (b >> 16) & 0xFFFF, ftz);
            if (t0 == null) {
                return null;
            }
            return new boolean[] {boolOp(bool, t0, c), boolOp(bool, t1, c)};
        }
        Boolean t = compare(op, type, a, b, ftz);
        if (t == null) {
            return null;
        }
        return new boolean[] {boolOp(bool, t, c), boolOp(bool, !t, c)};
    }

    static boolean boolOp(String bool, boolean t, boolean c) {
        if (bool == null) {
            return t;
        }
        return switch (bool) {
            case "and" -> t && c;
            case "or" -> t || c;
            case "xor" -> t != c;
            default -> throw new IllegalArgumentException(bool);
        };
    }

    /** d of set, or null if illegal. */
    static Long set(String op, String dtype, String stype, long a, long b, boolean ftz, String bool, boolean c) {
        // .ftz: only for an f32/f16/f16x2 stype, and never with dtype bf16 (the grid's bf16 row has no +ftz)
        if (!setLegal(dtype, stype) || (ftz && (!FTZ_TYPES.contains(stype) || dtype.equals("bf16")))) {
            return null;
        }
        if (stype.endsWith("x2")) {
            boolean[] pq = setp(op, stype, a, b, ftz, bool, c);
            if (pq == null) {
                return null;
            }
            long one = setTrue(dtype, true);
            return (pq[0] ? one : 0) + (pq[1] ? one * 65536 : 0);
        }
        Boolean t = compare(op, stype, a, b, ftz);
        if (t == null) {
            return null;
        }
        return boolOp(bool, t, c) ? setTrue(dtype, false) : 0L;
    }

    static Long selp(String type, long a, long b, boolean c) {
        if (!SELECT_TYPES.contains(type)) {
            return null;
        }
        return new BigInteger(digits(c ? a : b, widthOf(type)), 2).longValue();
    }

    static Long slct(String dtype, String ctype, long a, long b, long c, boolean ftz) {
        if (!SELECT_TYPES.contains(dtype)) {
            return null;
        }
        boolean pickA;
        if (ctype.equals("s32")) {
            if (ftz) {
                return null;
            }
            pickA = intValue(c, 32, true).signum() >= 0;
        } else if (ctype.equals("f32")) {
            Num n = decode(F32, c);
            if (ftz) {
                n = flush(n);
            }
            // "If operand c is NaN, the comparison is ordered and operand b is selected."
            pickA = !n.isNaN() && (n.inf() > 0 || (n.inf() == 0 && n.value().signum() >= 0));
        } else {
            return null;
        }
        return selp(dtype, a, b, pickA);
    }

    // ---- rounding to the 16-bit formats by search --------------------------------------------

    /** The non-negative finite values of a 16-bit format, sorted, then its +infinity. */
    private static final Map<Fmt, double[]> VALUES = new HashMap<>();
    private static final Map<Fmt, int[]> PATTERNS = new HashMap<>();

    private static synchronized void tables(Fmt f) {
        if (VALUES.containsKey(f)) {
            return;
        }
        List<long[]> all = new ArrayList<>();
        for (int p = 0; p < 32768; p++) {           // sign bit clear
            Num n = decode(f, p);
            if (!n.isNaN() && n.inf() == 0) {
                all.add(new long[] {Double.doubleToLongBits(n.value().doubleValue()), p});
            }
        }
        all.sort((x, y) -> Double.compare(Double.longBitsToDouble(x[0]), Double.longBitsToDouble(y[0])));
        int n = all.size();
        double[] v = new double[n + 1];
        int[] pat = new int[n + 1];
        for (int i = 0; i < n; i++) {
            v[i] = Double.longBitsToDouble(all.get(i)[0]);
            pat[i] = (int) all.get(i)[1];
        }
        // +infinity rounds like a value one ulp above the largest finite one (its pattern is even)
        v[n] = v[n - 1] + (v[n - 1] - v[n - 2]);
        pat[n] = Integer.parseInt("0" + "1".repeat(f.e()) + "0".repeat(f.f()), 2);
        VALUES.put(f, v);
        PATTERNS.put(f, pat);
    }

    /**
     * The 16-bit pattern nearest to {@code x} (ties to the even pattern), for a non-NaN double; all
     * f16 and bf16 values and midpoints are exact doubles, so comparisons are exact.
     */
    static int nearest16(Fmt f, double x) {
        tables(f);
        String signDigit = Double.doubleToRawLongBits(x) < 0 ? "1" : "0";
        int signBit = Integer.parseInt(signDigit + "0".repeat(15), 2);
        double[] v = VALUES.get(f);
        int[] pat = PATTERNS.get(f);
        int inf = pat[pat.length - 1];
        double ax = Math.abs(x);
        int i = Arrays.binarySearch(v, ax);
        int p;
        if (i >= 0) {
            p = pat[i];
        } else if (-i - 1 >= v.length) {
            p = inf;
        } else {
            int hi = -i - 1;
            int lo = hi - 1;
            double mid = (v[lo] + v[hi]) / 2;   // exact: at most 12 significant bits
            if (ax < mid) {
                p = pat[lo];
            } else if (ax > mid) {
                p = pat[hi];
            } else {
                p = (pat[lo] & 1) == 0 ? pat[lo] : pat[hi];
            }
        }
        return signBit | p;
    }

    /** The NaN rule ptxas applies to 0d literals for f32 (measured), on digit strings. */
    static int nanNarrow(long bits, Fmt from, Fmt to) {
        String d = digits(bits, from.width());
        String frac = d.substring(1 + from.e());
        String kept = "1" + frac.substring(1, to.f());
        return (int) Long.parseLong(d.charAt(0) + "1".repeat(to.e()) + kept, 2);
    }

    static int roundTo16(Fmt f, long bits, Fmt from) {
        Num n = decode(from, bits);
        if (n.isNaN()) {
            return nanNarrow(bits, from, f);
        }
        double x = from == F64 ? Double.longBitsToDouble(bits) : Float.intBitsToFloat((int) bits);
        return nearest16(f, x);
    }
}
