package dev.ptxlint.eval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Structured exhaustive checks against {@link Reference}: every f16 and bf16 pattern against a set
 * of partners under every operator with and without .ftz, all pairs of special values for f32, f64
 * and the integer types, every f16/bf16 pattern widened, and every rounding midpoint of the 16-bit
 * formats. Deterministic (seeded), so a failure reproduces.
 */
class EvalExhaustiveTest {
    static final AtomicLong CASES = new AtomicLong();
    static final List<CmpOp> FLOAT_OPS = Reference.FLOAT_OPS.stream().map(s -> CmpOp.fromPtx(s).orElseThrow()).toList();

    @AfterAll
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] EvalExhaustiveTest: %,d structured cases checked%n", CASES.get());
    }

    /** truth[op][rel] from the reference's table, looked up once. */
    static boolean[][] truthTable(List<CmpOp> ops) {
        boolean[][] t = new boolean[ops.size()][4];
        for (int i = 0; i < ops.size(); i++) {
            for (Reference.Rel r : Reference.Rel.values()) {
                t[i][r.ordinal()] = Reference.truth(ops.get(i).name().toLowerCase(Locale.ROOT), r);
            }
        }
        return t;
    }

    /** Every 16-bit pattern of {@code type} as a against the partners, every float op, with and without ftz. */
    private void everyHalfPattern(ScalarType type, Reference.Fmt fmt, int randomPartners) {
        Reference.Num[] num = new Reference.Num[65536];
        Reference.Num[] flushed = new Reference.Num[65536];
        for (int p = 0; p < 65536; p++) {
            num[p] = Reference.decode(fmt, p);
            flushed[p] = Reference.flush(num[p]);
        }
        int[] rank = ranks(num);
        int[] rankFtz = ranks(flushed);
        List<Long> base = new ArrayList<>(Specials.floats(fmt));
        base.addAll(Specials.random(16, randomPartners, 0x5EED + type.ordinal()));
        boolean ftzLegal = Reference.FTZ_TYPES.contains(type.name().toLowerCase(Locale.ROOT));
        boolean[][] truth = truthTable(FLOAT_OPS);
        long n = 0;
        for (int a = 0; a < 65536; a++) {
            Set<Long> partners = new LinkedHashSet<>(base);
            partners.add((long) a);
            partners.add((long) (a ^ 0x8000));
            partners.add((long) ((a + 1) & 0xFFFF));
            partners.add((long) ((a - 1) & 0xFFFF));
            for (long bl : partners) {
                int b = (int) bl;
                int rel = relate(rank, a, b);
                int relFtz = relate(rankFtz, a, b);
                for (int i = 0; i < FLOAT_OPS.size(); i++) {
                    CmpOp op = FLOAT_OPS.get(i);
                    if (Semantics.compare(op, type, a, b, false) != truth[i][rel]) {
                        fail(op + " " + type + " " + Integer.toHexString(a) + " " + Integer.toHexString(b));
                    }
                    n++;
                    if (ftzLegal) {
                        if (Semantics.compare(op, type, a, b, true) != truth[i][relFtz]) {
                            fail(op + ".ftz " + type + " " + Integer.toHexString(a) + " " + Integer.toHexString(b));
                        }
                        n++;
                    }
                }
            }
        }
        CASES.addAndGet(n);
    }

    /**
     * The position of each pattern's value in the reference's numeric order (equal values share a
     * rank, -1 for NaN), so that the 65,536 x N pairs need no BigDecimal comparison each.
     */
    static int[] ranks(Reference.Num[] num) {
        Integer[] order = new Integer[num.length];
        for (int i = 0; i < num.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> {
            boolean nx = num[x].isNaN();
            boolean ny = num[y].isNaN();
            if (nx || ny) {
                return Boolean.compare(nx, ny);
            }
            return Reference.relate(num[x], num[y]).ordinal() - 1;   // LT -1, EQ 0, GT 1
        });
        int[] rank = new int[num.length];
        int r = 0;
        for (int i = 0; i < order.length; i++) {
            int p = order[i];
            if (num[p].isNaN()) {
                rank[p] = -1;
                continue;
            }
            if (i > 0 && !num[order[i - 1]].isNaN() && Reference.relate(num[order[i - 1]], num[p]) != Reference.Rel.EQ) {
                r++;
            }
            rank[p] = r;
        }
        return rank;
    }

    static int relate(int[] rank, int a, int b) {
        if (rank[a] < 0 || rank[b] < 0) {
            return Reference.Rel.UN.ordinal();
        }
        int c = Integer.compare(rank[a], rank[b]);
        return (c < 0 ? Reference.Rel.LT : c == 0 ? Reference.Rel.EQ : Reference.Rel.GT).ordinal();
    }

    @Test
    void everyF16PatternUnderEveryOperator() {
        everyHalfPattern(ScalarType.F16, Reference.F16, 16);
    }

    @Test
    void everyBf16PatternUnderEveryOperator() {
        everyHalfPattern(ScalarType.BF16, Reference.BF16, 16);
    }

    /** All pairs of specials (plus seeded random values) for a type, every legal op and ftz. */
    private void allSpecialPairs(ScalarType type, int randoms) {
        String tn = type.name().toLowerCase(Locale.ROOT);
        List<Long> vals = new ArrayList<>(type.isFloat() ? Specials.floats(Reference.fmtOf(tn)) : Specials.ints(type.width()));
        vals.addAll(Specials.random(type.width(), randoms, 77 + type.ordinal()));
        boolean[] ftzs = Reference.FTZ_TYPES.contains(tn) ? new boolean[] {false, true} : new boolean[] {false};
        long n = 0;
        for (long a : vals) {
            for (long b : vals) {
                for (String o : Reference.opsFor(tn)) {
                    CmpOp op = CmpOp.fromPtx(o).orElseThrow();
                    for (boolean ftz : ftzs) {
                        Boolean want = Reference.compare(o, tn, a, b, ftz);
                        if (want != Semantics.compare(op, type, a, b, ftz)) {
                            fail(o + (ftz ? ".ftz " : " ") + tn + " " + Long.toHexString(a) + " " + Long.toHexString(b));
                        }
                        n++;
                    }
                }
            }
        }
        CASES.addAndGet(n);
    }

    @Test
    void allSpecialPairsOfTheWideTypes() {
        for (ScalarType t : ScalarType.values()) {
            if (t == ScalarType.PRED || t.isPacked() || t == ScalarType.F16 || t == ScalarType.BF16) {
                continue;
            }
            allSpecialPairs(t, 24);
        }
    }

    /** Packed forms: every pair of lane specials, in both lanes, for setp and every set dtype. */
    @Test
    void packedLanesAreIndependent() {
        long n = 0;
        for (ScalarType t : List.of(ScalarType.F16X2, ScalarType.BF16X2)) {
            String tn = t.name().toLowerCase(Locale.ROOT);
            List<Long> lane = Specials.floats(Reference.fmtOf(tn));
            List<String> dtypes = List.of(tn, "u32", "s32");
            for (long x : lane) {
                for (long y : lane) {
                    long a = x | y << 16;
                    long b = y | x << 16;
                    for (String o : Reference.FLOAT_OPS) {
                        CmpOp op = CmpOp.fromPtx(o).orElseThrow();
                        for (boolean ftz : t == ScalarType.F16X2 ? new boolean[] {false, true} : new boolean[] {false}) {
                            boolean[] want = Reference.setp(o, tn, a, b, ftz, "xor", true);
                            Semantics.SetpResult got = Semantics.setp(op, t, a, b, ftz, new Semantics.Combine(BoolOp.XOR, true, false));
                            assertEquals(want[0], got.p());
                            assertEquals(want[1], got.q());
                            for (String d : dtypes) {
                                ScalarType dt = ScalarType.fromPtx(d).orElseThrow();
                                assertEquals(Reference.set(o, d, tn, a, b, ftz, null, false).longValue(),
                                        Semantics.set(op, dt, t, a, b, ftz).bits());
                                n += 1;
                            }
                            n += 1;
                        }
                    }
                }
            }
        }
        CASES.addAndGet(n);
    }

    @Test
    void everyHalfPatternWidensExactly() {
        for (int h = 0; h < 65536; h++) {
            EvalPropertiesTest.checkSameNumber(Reference.decode(Reference.F16, h),
                    Reference.decode(Reference.F32, FloatConv.f16ToF32Bits(h) & 0xFFFFFFFFL));
            EvalPropertiesTest.checkSameNumber(Reference.decode(Reference.F16, h),
                    Reference.decode(Reference.F64, Double.doubleToRawLongBits(FloatConv.f16ToDouble(h))));
            EvalPropertiesTest.checkSameNumber(Reference.decode(Reference.BF16, h),
                    Reference.decode(Reference.F32, FloatConv.bf16ToF32Bits(h) & 0xFFFFFFFFL));
            // round trip: every non-NaN pattern converts back to itself
            if (!Reference.decode(Reference.F16, h).isNaN()) {
                assertEquals(h, FloatConv.floatToF16(FloatConv.f16ToFloat(h)));
                assertEquals(h, FloatConv.doubleToF16(FloatConv.f16ToDouble(h)));
            }
            if (!Reference.decode(Reference.BF16, h).isNaN()) {
                assertEquals(h, FloatConv.floatToBf16(FloatConv.bf16ToFloat(h)));
            }
        }
        CASES.addAndGet(65536L * 6);
    }

    /** Every midpoint between adjacent f16 / bf16 values, and the floats either side of it. */
    @Test
    void everyRoundingMidpoint() {
        long n = 0;
        for (Reference.Fmt f : List.of(Reference.F16, Reference.BF16)) {
            for (int h = 0; h < 0x7FFF; h++) {
                Reference.Num lo = Reference.decode(f, h);
                Reference.Num hi = Reference.decode(f, h + 1);
                if (lo.isNaN() || lo.inf() != 0 || hi.isNaN()) {
                    continue;
                }
                double l = lo.value().doubleValue();
                double u = hi.inf() != 0 ? 2 * l - Reference.decode(f, h - 1).value().doubleValue() : hi.value().doubleValue();
                double mid = (l + u) / 2;
                for (double x : new double[] {mid, Math.nextUp(mid), Math.nextDown(mid), -mid, -Math.nextUp(mid)}) {
                    long xb = Double.doubleToRawLongBits(x);
                    int want = Reference.roundTo16(f, xb, Reference.F64);
                    int got = f == Reference.F16 ? FloatConv.doubleToF16(x) : FloatConv.doubleToBf16(x);
                    assertEquals(want, got, () -> f + " " + x);
                    float xf = (float) x;
                    int wantF = Reference.roundTo16(f, Float.floatToRawIntBits(xf) & 0xFFFFFFFFL, Reference.F32);
                    int gotF = f == Reference.F16 ? FloatConv.floatToF16(xf) : FloatConv.floatToBf16(xf);
                    assertEquals(wantF, gotF, () -> f + " " + xf);
                    n += 2;
                }
            }
        }
        CASES.addAndGet(n);
    }
}
