package dev.ptxlint.eval;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static dev.ptxlint.eval.Gen.w;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Property tests: the evaluator against {@link Reference} on generated cases biased toward special
 * values, drawn by {@link Gen} from fixed seeds (a failure names its seed and case). The number of
 * cases per property is {@link Gen#tries()}, set from {@code -Dptxlint.eval.tries} (see
 * checker/pom.xml); the illegal forms are enumerated exhaustively.
 */
class EvalPropertiesTest {
    static final AtomicLong CASES = new AtomicLong();

    @AfterAll
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] EvalPropertiesTest: %,d property cases checked%n", CASES.get());
    }

    static String name(ScalarType t) {
        return t.name().toLowerCase(Locale.ROOT);
    }

    static final List<ScalarType> SCALARS = Arrays.stream(ScalarType.values())
            .filter(t -> !t.isPacked() && t != ScalarType.PRED).toList();

    // ---- operand generators -------------------------------------------------------------------

    static Gen<Long> uniform(int width) {
        long mask = width == 64 ? -1L : (1L << width) - 1;
        return r -> r.nextLong() & mask;
    }

    /** One operand of a (lane) type: special values, their neighbours, or uniform bits. */
    static Gen<Long> operand(ScalarType t) {
        if (t.isPacked()) {
            Gen<Long> lane = operand(t.lane());
            return r -> {
                long lo = lane.next(r);
                return lo | lane.next(r) << 16;
            };
        }
        int w = t.width();
        long mask = w == 64 ? -1L : (1L << w) - 1;
        List<Long> specials = t.isFloat() ? Specials.floats(Reference.fmtOf(name(t))) : Specials.ints(w);
        Gen<Long> special = Gen.of(specials);
        Gen<Long> near = special.flatMap(s -> Gen.ints(-3, 3).map(d -> (s + d) & mask));
        return Gen.frequency(
                w(4, special),
                w(2, near),
                w(3, uniform(w)));
    }

    /** A pair (a, b): independent, equal, sign-flipped, or one apart (lane-wise for packed types). */
    static Gen<long[]> pair(ScalarType t) {
        int w = t.isPacked() ? 16 : t.width();
        long sign = 1L << (w - 1);
        long laneMask = w == 64 ? -1L : (1L << w) - 1;
        long mask = t.mask();
        return operand(t).flatMap(a -> Gen.<Long>frequency(
                w(5, operand(t)),
                w(1, Gen.just(a)),
                w(1, Gen.just((a ^ (t.isPacked() ? sign | sign << 16 : sign)) & mask)),
                w(1, Gen.just((a & ~laneMask) | ((a + 1) & laneMask))),
                w(1, Gen.just((a & ~laneMask) | ((a - 1) & laneMask))))
                .map(b -> new long[] {a, b}));
    }

    static Gen<CmpOp> legalOp(ScalarType t) {
        return Gen.of(Reference.opsFor(name(t))).map(s -> CmpOp.fromPtx(s).orElseThrow());
    }

    static Gen<Boolean> legalFtz(ScalarType t) {
        return Reference.FTZ_TYPES.contains(name(t)) ? Gen.bools() : Gen.just(false);
    }

    /** No BoolOp (null) or one of the three, with c and !c. */
    static Gen<Semantics.Combine> combine() {
        Gen<BoolOp> ops = Gen.of(BoolOp.values());
        Gen<Semantics.Combine> some = r -> new Semantics.Combine(ops.next(r), r.nextBoolean(), r.nextBoolean());
        return Gen.frequency(w(1, Gen.<Semantics.Combine>just(null)), w(3, some));
    }

    static String boolName(Semantics.Combine c) {
        return c == null ? null : c.op().name().toLowerCase(Locale.ROOT);
    }

    static boolean effC(Semantics.Combine c) {
        return c != null && c.effectiveC();
    }

    // ---- compare / setp -----------------------------------------------------------------------

    record CompareCase(ScalarType type, CmpOp op, long a, long b, boolean ftz) {
    }

    static Gen<CompareCase> compareCases() {
        return Gen.of(SCALARS).flatMap(t -> r -> {
            CmpOp op = legalOp(t).next(r);
            long[] ab = pair(t).next(r);
            return new CompareCase(t, op, ab[0], ab[1], legalFtz(t).next(r));
        });
    }

    @Test
    void compareMatchesReference() {
        CASES.addAndGet(Gen.forAll("compare", 101, Gen.tries(), compareCases(), EvalPropertiesTest::checkCompare));
    }

    static void checkCompare(CompareCase c) {
        Boolean expected = Reference.compare(c.op().name().toLowerCase(Locale.ROOT), name(c.type()), c.a(), c.b(), c.ftz());
        assertEquals(expected, Semantics.compare(c.op(), c.type(), c.a(), c.b(), c.ftz()), c::toString);
    }

    record SetpCase(ScalarType type, CmpOp op, long a, long b, boolean ftz, Semantics.Combine combine) {
    }

    static final List<ScalarType> SETP_TYPES = Reference.SETP_TYPES.stream()
            .map(s -> ScalarType.fromPtx(s).orElseThrow()).toList();

    static Gen<SetpCase> setpCases() {
        return Gen.of(SETP_TYPES).flatMap(t -> r -> {
            CmpOp op = legalOp(t).next(r);
            long[] ab = pair(t).next(r);
            boolean ftz = legalFtz(t).next(r);
            return new SetpCase(t, op, ab[0], ab[1], ftz, combine().next(r));
        });
    }

    @Test
    void setpMatchesReference() {
        CASES.addAndGet(Gen.forAll("setp", 102, Gen.tries(), setpCases(), EvalPropertiesTest::checkSetp));
    }

    static void checkSetp(SetpCase c) {
        boolean[] expected = Reference.setp(c.op().name().toLowerCase(Locale.ROOT), name(c.type()), c.a(), c.b(), c.ftz(),
                boolName(c.combine()), effC(c.combine()));
        Semantics.SetpResult r = Semantics.setp(c.op(), c.type(), c.a(), c.b(), c.ftz(), c.combine());
        assertEquals(expected[0], r.p(), () -> "p of " + c);
        assertEquals(expected[1], r.q(), () -> "q of " + c);
    }

    // ---- set ----------------------------------------------------------------------------------

    record SetCase(ScalarType dtype, ScalarType stype, CmpOp op, long a, long b, boolean ftz, Semantics.Combine combine) {
    }

    static Gen<SetCase> setCases() {
        return Gen.of(Reference.legalSetPairs()).flatMap(p -> {
            ScalarType d = ScalarType.fromPtx(p[0]).orElseThrow();
            ScalarType s = ScalarType.fromPtx(p[1]).orElseThrow();
            Gen<Boolean> ftzs = d == ScalarType.BF16 ? Gen.just(false) : legalFtz(s);
            return r -> {
                CmpOp op = legalOp(s).next(r);
                long[] ab = pair(s).next(r);
                boolean ftz = ftzs.next(r);
                return new SetCase(d, s, op, ab[0], ab[1], ftz, combine().next(r));
            };
        });
    }

    @Test
    void setMatchesReference() {
        CASES.addAndGet(Gen.forAll("set", 103, Gen.tries(), setCases(), EvalPropertiesTest::checkSet));
    }

    static void checkSet(SetCase c) {
        Long expected = Reference.set(c.op().name().toLowerCase(Locale.ROOT), name(c.dtype()), name(c.stype()), c.a(), c.b(),
                c.ftz(), boolName(c.combine()), effC(c.combine()));
        Value v = Semantics.set(c.op(), c.dtype(), c.stype(), c.a(), c.b(), c.ftz(), c.combine());
        assertEquals(c.dtype(), v.type(), c::toString);
        assertEquals(expected.longValue(), v.bits(), c::toString);
    }

    // ---- selp / slct ------------------------------------------------------------------------

    static final List<ScalarType> SELECT_TYPES = Reference.SELECT_TYPES.stream()
            .map(s -> ScalarType.fromPtx(s).orElseThrow()).toList();

    record SelpCase(ScalarType t, long a, long b, boolean c) {
    }

    static Gen<SelpCase> selpCases() {
        Gen<ScalarType> types = Gen.of(SELECT_TYPES);
        Gen<Long> anyLong = Gen.anyLong();
        return r -> new SelpCase(types.next(r), anyLong.next(r), anyLong.next(r), r.nextBoolean());
    }

    @Test
    void selpMatchesReference() {
        CASES.addAndGet(Gen.forAll("selp", 104, Gen.tries(), selpCases(), c -> {
            Value v = Semantics.selp(c.t(), c.a(), c.b(), c.c());
            assertEquals(Reference.selp(name(c.t()), c.a(), c.b(), c.c()).longValue(), v.bits());
            assertEquals(c.t(), v.type());
        }));
    }

    record SlctCase(ScalarType dtype, boolean floatC, long a, long b, long c, boolean ftz) {
    }

    static Gen<SlctCase> slctCases() {
        Gen<Long> fc = operand(ScalarType.F32);
        Gen<Long> ic = operand(ScalarType.S32);
        Gen<ScalarType> types = Gen.of(SELECT_TYPES);
        return r -> {
            ScalarType d = types.next(r);
            boolean isF = r.nextBoolean();
            long a = r.nextLong();
            long b = r.nextLong();
            boolean ftz = r.nextBoolean();
            return new SlctCase(d, isF, a, b, (isF ? fc : ic).next(r), isF && ftz);
        };
    }

    @Test
    void slctMatchesReference() {
        CASES.addAndGet(Gen.forAll("slct", 105, Gen.tries(), slctCases(), EvalPropertiesTest::checkSlct));
    }

    static void checkSlct(SlctCase c) {
        ScalarType ct = c.floatC() ? ScalarType.F32 : ScalarType.S32;
        Long expected = Reference.slct(name(c.dtype()), name(ct), c.a(), c.b(), c.c(), c.ftz());
        assertEquals(expected.longValue(), Semantics.slct(c.dtype(), ct, c.a(), c.b(), c.c(), c.ftz()).bits(), c::toString);
    }

    // ---- illegal forms ----------------------------------------------------------------------

    /** Every (dtype, stype, op, ftz): |ScalarType|^2 x |CmpOp| x 2 cases, enumerated. */
    @Test
    void illegalFormsThrowExactlyWhenTheTablesSaySo() {
        for (ScalarType d : ScalarType.values()) {
            for (ScalarType s : ScalarType.values()) {
                for (CmpOp op : CmpOp.values()) {
                    for (boolean ftz : new boolean[] {false, true}) {
                        try {
                            checkIllegalForms(d, s, op, ftz);
                        } catch (AssertionError | RuntimeException e) {
                            throw new AssertionError("illegal forms failed on d=" + d + " s=" + s + " op=" + op
                                    + " ftz=" + ftz + ": " + e, e);
                        }
                        CASES.incrementAndGet();
                    }
                }
            }
        }
    }

    static void checkIllegalForms(ScalarType d, ScalarType s, CmpOp op, boolean ftz) {
        String o = op.name().toLowerCase(Locale.ROOT);
        boolean setLegal = Reference.set(o, name(d), name(s), 0, 0, ftz, null, false) != null;
        if (setLegal) {
            Semantics.set(op, d, s, 0, 0, ftz);
        } else {
            assertThrows(IllegalArgumentException.class, () -> Semantics.set(op, d, s, 0, 0, ftz));
        }
        boolean setpLegal = Reference.setp(o, name(s), 0, 0, ftz, null, false) != null;
        if (setpLegal) {
            Semantics.setp(op, s, 0, 0, ftz);
        } else {
            assertThrows(IllegalArgumentException.class, () -> Semantics.setp(op, s, 0, 0, ftz));
        }
        boolean slctLegal = Reference.slct(name(d), name(s), 0, 0, 0, ftz) != null;
        if (slctLegal) {
            Semantics.slct(d, s, 0, 0, 0, ftz);
        } else {
            assertThrows(IllegalArgumentException.class, () -> Semantics.slct(d, s, 0, 0, 0, ftz));
        }
    }

    // ---- conversions --------------------------------------------------------------------------

    /** f32 patterns whose exponent is within reach of the f16/bf16 ranges, plus specials and uniform. */
    static Gen<Integer> f32Bits() {
        Gen<Integer> exps = Gen.ints(95, 145);
        Gen<Integer> mants = Gen.ints(0, (1 << 23) - 1);
        Gen<Integer> nearHalfRange = r -> {
            int s = r.nextInt(2);
            int e = exps.next(r);
            return s << 31 | e << 23 | mants.next(r);
        };
        Gen<Integer> halfMidpoints = Gen.ints(0, 65535).flatMap(h ->
                Gen.ints(-2, 2).map(d -> {
                    // an f32 at or next to the midpoint between f16 h and its successor
                    double lo = Reference.decode(Reference.F16, h).value() == null ? 0
                            : Reference.decode(Reference.F16, h).value().doubleValue();
                    double hi = Reference.decode(Reference.F16, h + 1).value() == null ? lo * 2
                            : Reference.decode(Reference.F16, h + 1).value().doubleValue();
                    return Float.floatToRawIntBits((float) ((lo + hi) / 2)) + d;
                }));
        return Gen.frequency(
                w(3, nearHalfRange),
                w(2, halfMidpoints),
                w(2, Gen.of(Specials.floats(Reference.F32)).map(Long::intValue)),
                w(2, uniform(32).map(Long::intValue)));
    }

    @Test
    void floatToF16AndBf16MatchReference() {
        CASES.addAndGet(Gen.forAll("floatToF16AndBf16", 106, Gen.tries(), f32Bits().map(Bits32::new),
                b -> checkFloatToF16AndBf16(b.bits())));
    }

    /** An f32 pattern, shown in hex. */
    record Bits32(int bits) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "0f%08X", bits);
        }
    }

    /** An f64 pattern, shown in hex. */
    record Bits64(long bits) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "0d%016X", bits);
        }
    }

    static void checkFloatToF16AndBf16(int bits) {
        float f = Float.intBitsToFloat(bits);
        assertEquals(Reference.roundTo16(Reference.F16, bits & 0xFFFFFFFFL, Reference.F32), FloatConv.floatToF16(f),
                () -> Integer.toHexString(bits));
        assertEquals(Reference.roundTo16(Reference.BF16, bits & 0xFFFFFFFFL, Reference.F32), FloatConv.floatToBf16(f),
                () -> Integer.toHexString(bits));
    }

    static Gen<Long> f64Bits() {
        Gen<Long> exps = Gen.longs(960, 1090);
        Gen<Long> mants = uniform(52);
        Gen<Long> nearHalfRange = r -> {
            long s = r.nextInt(2);
            long e = exps.next(r);
            return s << 63 | e << 52 | mants.next(r);
        };
        Gen<Long> f32Mid = Gen.ints(0, Integer.MAX_VALUE).flatMap(fb ->
                Gen.longs(-2, 2).map(d -> {
                    // a double at or next to the midpoint between f32 fb and its successor
                    double lo = Float.intBitsToFloat(fb);
                    double hi = Float.intBitsToFloat(fb + 1);
                    return Double.doubleToRawLongBits((lo + hi) / 2) + d;
                }));
        return Gen.frequency(
                w(3, nearHalfRange),
                w(2, f32Mid),
                w(2, Gen.of(Specials.floats(Reference.F64))),
                w(2, uniform(64)));
    }

    @Test
    void doubleConversionsMatchReference() {
        CASES.addAndGet(Gen.forAll("doubleConversions", 107, Gen.tries(), f64Bits().map(Bits64::new),
                b -> checkDoubleConversions(b.bits())));
    }

    static void checkDoubleConversions(long bits) {
        double d = Double.longBitsToDouble(bits);
        assertEquals(Reference.roundTo16(Reference.F16, bits, Reference.F64), FloatConv.doubleToF16(d), () -> Long.toHexString(bits));
        assertEquals(Reference.roundTo16(Reference.BF16, bits, Reference.F64), FloatConv.doubleToBf16(d), () -> Long.toHexString(bits));
        int expected32 = Double.isNaN(d) ? Reference.nanNarrow(bits, Reference.F64, Reference.F32)
                : Float.floatToRawIntBits((float) d);   // Java's cast: IEEE round to nearest even
        assertEquals(expected32, FloatConv.f64ToF32Bits(bits), () -> Long.toHexString(bits));
        // and the literal 0d<bits> for an f32 operand is that same conversion
        assertEquals(expected32 & 0xFFFFFFFFL, Literals.decode(String.format("0d%016X", bits), ScalarType.F32).bits());
        assertEquals(bits, Literals.decode(String.format("0d%016x", bits), ScalarType.F64).bits());
    }

    @Test
    void wideningIsExact() {
        CASES.addAndGet(Gen.forAll("wideningIsExact", 108, Gen.tries(), f32Bits().map(Bits32::new),
                b -> checkWidening(b.bits())));
    }

    static void checkWidening(int bits) {
        int h = bits >>> 16;
        Reference.Num n16 = Reference.decode(Reference.F16, h);
        Reference.Num nb = Reference.decode(Reference.BF16, h);
        Reference.Num n32 = Reference.decode(Reference.F32, bits & 0xFFFFFFFFL);
        checkSameNumber(n16, Reference.decode(Reference.F32, FloatConv.f16ToF32Bits(h) & 0xFFFFFFFFL));
        checkSameNumber(nb, Reference.decode(Reference.F32, FloatConv.bf16ToF32Bits(h) & 0xFFFFFFFFL));
        checkSameNumber(n32, Reference.decode(Reference.F64, FloatConv.f32ToF64Bits(bits)));
    }

    static void checkSameNumber(Reference.Num want, Reference.Num got) {
        assertEquals(want.isNaN(), got.isNaN());
        assertEquals(want.negativeSign(), got.negativeSign());
        assertEquals(want.inf(), got.inf());
        if (want.value() != null) {
            assertEquals(0, want.value().compareTo(got.value()), () -> want + " vs " + got);
        }
    }

    // ---- literals -----------------------------------------------------------------------------

    record IntLit(String text, BigInteger value) {
    }

    static Gen<IntLit> integerLiterals() {
        Gen<BigInteger> mags = Gen.frequency(
                w(3, Gen.bigIntegers(BigInteger.TWO.pow(64).subtract(BigInteger.ONE))),
                w(1, Gen.bigIntegers(BigInteger.TWO.pow(80))),
                w(2, Gen.of(Specials.ints(64)).map(v -> new BigInteger(Long.toUnsignedString(v)))));
        Gen<Integer> radixes = Gen.of(2, 8, 10, 16);
        Gen<String> signs = Gen.of("", "-", "+", "--");
        return r -> {
            BigInteger m = mags.next(r);
            int radix = radixes.next(r);
            String sign = signs.next(r);
            boolean upper = r.nextBoolean();
            boolean u = r.nextBoolean();
            String digits = m.toString(radix);
            String prefix = switch (radix) {
                case 2 -> upper ? "0B" : "0b";
                case 8 -> "0";
                case 16 -> upper ? "0X" : "0x";
                default -> "";
            };
            if (upper) {
                digits = digits.toUpperCase(Locale.ROOT);
            }
            if (radix == 10 && m.signum() == 0) {
                prefix = "";
            }
            if (radix == 8 && m.signum() == 0) {
                digits = "";       // "0"
            }
            BigInteger v = sign.equals("-") ? m.negate() : m;
            return new IntLit(sign + prefix + digits + (u ? "U" : ""), v);
        };
    }

    static final List<ScalarType> INT_TYPES = Arrays.stream(ScalarType.values()).filter(ScalarType::isInteger).toList();

    @Test
    void integerLiteralsWrapAndTruncate() {
        CASES.addAndGet(Gen.forAll("integerLiterals", 109, Gen.tries(), integerLiterals(),
                EvalPropertiesTest::checkIntegerLiteral));
    }

    static void checkIntegerLiteral(IntLit lit) {
        for (ScalarType t : INT_TYPES) {
            BigInteger mod = BigInteger.TWO.pow(t.width());
            assertEquals(lit.value().mod(mod).longValue(), Literals.decode(lit.text(), t).bits(), () -> lit + " " + t);
        }
        assertEquals(lit.value().signum() != 0 && !lit.value().mod(BigInteger.TWO.pow(64)).equals(BigInteger.ZERO),
                Literals.decode(lit.text(), ScalarType.PRED).pred(), lit::toString);
        assertThrows(Literals.LiteralException.class, () -> Literals.decode(lit.text(), ScalarType.F32));
    }

    record DecimalCase(long bits, boolean exactForm) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "0d%016X exactForm=%b", bits, exactForm);
        }
    }

    @Test
    void decimalLiteralsAreTheNearestDouble() {
        Gen<Long> f64 = f64Bits();
        CASES.addAndGet(Gen.forAll("decimalLiterals", 110, Gen.tries(),
                r -> new DecimalCase(f64.next(r), r.nextBoolean()), c -> checkDecimalLiteral(c.bits(), c.exactForm())));
    }

    static void checkDecimalLiteral(long bits, boolean exactForm) {
        double d = Double.longBitsToDouble(bits);
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return;
        }
        // the shortest repr (Double.toString) or the exact decimal expansion of the double
        String text = exactForm ? new BigDecimal(d).toString() : Double.toString(d);
        if (!text.contains(".") && !text.contains("E")) {
            text += ".0";     // an integer-looking expansion would be an integer literal
        }
        if (text.startsWith("-")) {
            text = text.substring(1);
        }
        boolean neg = bits < 0;
        String lit = (neg ? "-" : "") + text.replace("E", "e");
        if (Math.abs(d) < Double.MIN_NORMAL && d != 0 && !exactForm) {
            // an inexact subnormal: ptxas says Constant overflow
            String l = lit;
            assertThrows(Literals.LiteralException.class, () -> Literals.decode(l, ScalarType.F64));
            return;
        }
        assertEquals(bits, Literals.decode(lit, ScalarType.F64).bits(), lit);
        assertEquals(Float.floatToRawIntBits((float) d) & 0xFFFFFFFFL, Literals.decode(lit, ScalarType.F32).bits(), lit);
    }

    // ---- value model -------------------------------------------------------------------------

    record ValueCase(ScalarType t, long bits) {
    }

    @Test
    void valuesKeepExactBits() {
        Gen<ScalarType> types = Gen.of(ScalarType.values());
        Gen<Long> anyLong = Gen.anyLong();
        CASES.addAndGet(Gen.forAll("valuesKeepExactBits", 111, Gen.tries(),
                r -> new ValueCase(types.next(r), anyLong.next(r)), c -> checkValue(c.t(), c.bits())));
    }

    static void checkValue(ScalarType t, long bits) {
        Value v = Value.truncate(t, bits);
        assertEquals(bits & t.mask(), v.bits());
        if (t.kind() == ScalarType.Kind.SIGNED) {
            assertEquals(Reference.intValue(bits, t.width(), true).longValue(), v.signed());
        }
        assertEquals(v, new Value(t, v.bits()));
        assertEquals(false, v.toString().isEmpty());
    }
}
