package dev.ptxlint.eval;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Property tests: the evaluator against {@link Reference} on generated cases biased toward special
 * values. The number of tries per property is jqwik's default, set from {@code -Dptxlint.eval.tries}
 * (see checker/pom.xml).
 */
class EvalPropertiesTest {
    static final AtomicLong CASES = new AtomicLong();

    @AfterContainer
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] EvalPropertiesTest: %,d property cases checked%n", CASES.get());
    }

    static String name(ScalarType t) {
        return t.name().toLowerCase(Locale.ROOT);
    }

    static final List<ScalarType> SCALARS = Arrays.stream(ScalarType.values())
            .filter(t -> !t.isPacked() && t != ScalarType.PRED).toList();

    // ---- operand generators -------------------------------------------------------------------

    static Arbitrary<Long> uniform(int width) {
        long mask = width == 64 ? -1L : (1L << width) - 1;
        return Arbitraries.randomValue(r -> r.nextLong() & mask);
    }

    /** One operand of a (lane) type: special values, their neighbours, or uniform bits. */
    static Arbitrary<Long> operand(ScalarType t) {
        if (t.isPacked()) {
            Arbitrary<Long> lane = operand(t.lane());
            return Combinators.combine(lane, lane).as((lo, hi) -> lo | hi << 16);
        }
        int w = t.width();
        long mask = w == 64 ? -1L : (1L << w) - 1;
        List<Long> specials = t.isFloat() ? Specials.floats(Reference.fmtOf(name(t))) : Specials.ints(w);
        Arbitrary<Long> special = Arbitraries.of(specials);
        Arbitrary<Long> near = special.flatMap(s -> Arbitraries.integers().between(-3, 3).map(d -> (s + d) & mask));
        return Arbitraries.frequencyOf(
                Tuple.of(4, special),
                Tuple.of(2, near),
                Tuple.of(3, uniform(w)));
    }

    /** A pair (a, b): independent, equal, sign-flipped, or one apart (lane-wise for packed types). */
    static Arbitrary<long[]> pair(ScalarType t) {
        int w = t.isPacked() ? 16 : t.width();
        long sign = 1L << (w - 1);
        long laneMask = w == 64 ? -1L : (1L << w) - 1;
        long mask = t.mask();
        return operand(t).flatMap(a -> Arbitraries.frequencyOf(
                Tuple.of(5, operand(t)),
                Tuple.of(1, Arbitraries.just(a)),
                Tuple.of(1, Arbitraries.just((a ^ (t.isPacked() ? sign | sign << 16 : sign)) & mask)),
                Tuple.of(1, Arbitraries.just((a & ~laneMask) | ((a + 1) & laneMask))),
                Tuple.of(1, Arbitraries.just((a & ~laneMask) | ((a - 1) & laneMask))))
                .map(b -> new long[] {a, b}));
    }

    static Arbitrary<CmpOp> legalOp(ScalarType t) {
        return Arbitraries.of(Reference.opsFor(name(t))).map(s -> CmpOp.fromPtx(s).orElseThrow());
    }

    static Arbitrary<Boolean> legalFtz(ScalarType t) {
        return Reference.FTZ_TYPES.contains(name(t)) ? Arbitraries.of(false, true) : Arbitraries.just(false);
    }

    /** No BoolOp (null) or one of the three, with c and !c. */
    static Arbitrary<Semantics.Combine> combine() {
        Arbitrary<Semantics.Combine> some = Combinators.combine(Arbitraries.of(BoolOp.values()),
                Arbitraries.of(false, true), Arbitraries.of(false, true)).as(Semantics.Combine::new);
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(null)), Tuple.of(3, some));
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

    @Provide
    Arbitrary<CompareCase> compareCases() {
        return Arbitraries.of(SCALARS).flatMap(t -> Combinators.combine(legalOp(t), pair(t), legalFtz(t))
                .as((op, ab, ftz) -> new CompareCase(t, op, ab[0], ab[1], ftz)));
    }

    @Property
    void compareMatchesReference(@ForAll("compareCases") CompareCase c) {
        CASES.incrementAndGet();
        Boolean expected = Reference.compare(c.op().name().toLowerCase(Locale.ROOT), name(c.type()), c.a(), c.b(), c.ftz());
        assertEquals(expected, Semantics.compare(c.op(), c.type(), c.a(), c.b(), c.ftz()), c::toString);
    }

    record SetpCase(ScalarType type, CmpOp op, long a, long b, boolean ftz, Semantics.Combine combine) {
    }

    static final List<ScalarType> SETP_TYPES = Reference.SETP_TYPES.stream()
            .map(s -> ScalarType.fromPtx(s).orElseThrow()).toList();

    @Provide
    Arbitrary<SetpCase> setpCases() {
        return Arbitraries.of(SETP_TYPES).flatMap(t -> Combinators.combine(legalOp(t), pair(t), legalFtz(t), combine())
                .as((op, ab, ftz, cb) -> new SetpCase(t, op, ab[0], ab[1], ftz, cb)));
    }

    @Property
    void setpMatchesReference(@ForAll("setpCases") SetpCase c) {
        CASES.incrementAndGet();
        boolean[] expected = Reference.setp(c.op().name().toLowerCase(Locale.ROOT), name(c.type()), c.a(), c.b(), c.ftz(),
                boolName(c.combine()), effC(c.combine()));
        Semantics.SetpResult r = Semantics.setp(c.op(), c.type(), c.a(), c.b(), c.ftz(), c.combine());
        assertEquals(expected[0], r.p(), () -> "p of " + c);
        assertEquals(expected[1], r.q(), () -> "q of " + c);
    }

    // ---- set ----------------------------------------------------------------------------------

    record SetCase(ScalarType dtype, ScalarType stype, CmpOp op, long a, long b, boolean ftz, Semantics.Combine combine) {
    }

    @Provide
    Arbitrary<SetCase> setCases() {
        return Arbitraries.of(Reference.legalSetPairs()).flatMap(p -> {
            ScalarType d = ScalarType.fromPtx(p[0]).orElseThrow();
            ScalarType s = ScalarType.fromPtx(p[1]).orElseThrow();
            Arbitrary<Boolean> ftzs = d == ScalarType.BF16 ? Arbitraries.just(false) : legalFtz(s);
            return Combinators.combine(legalOp(s), pair(s), ftzs, combine())
                    .as((op, ab, ftz, cb) -> new SetCase(d, s, op, ab[0], ab[1], ftz, cb));
        });
    }

    @Property
    void setMatchesReference(@ForAll("setCases") SetCase c) {
        CASES.incrementAndGet();
        Long expected = Reference.set(c.op().name().toLowerCase(Locale.ROOT), name(c.dtype()), name(c.stype()), c.a(), c.b(),
                c.ftz(), boolName(c.combine()), effC(c.combine()));
        Value v = Semantics.set(c.op(), c.dtype(), c.stype(), c.a(), c.b(), c.ftz(), c.combine());
        assertEquals(c.dtype(), v.type());
        assertEquals(expected.longValue(), v.bits(), c::toString);
    }

    // ---- selp / slct ------------------------------------------------------------------------

    static final List<ScalarType> SELECT_TYPES = Reference.SELECT_TYPES.stream()
            .map(s -> ScalarType.fromPtx(s).orElseThrow()).toList();

    @Property
    void selpMatchesReference(@ForAll("selectTypes") ScalarType t, @ForAll long a, @ForAll long b, @ForAll boolean c) {
        CASES.incrementAndGet();
        Value v = Semantics.selp(t, a, b, c);
        assertEquals(Reference.selp(name(t), a, b, c).longValue(), v.bits());
        assertEquals(t, v.type());
    }

    @Provide
    Arbitrary<ScalarType> selectTypes() {
        return Arbitraries.of(SELECT_TYPES);
    }

    record SlctCase(ScalarType dtype, boolean floatC, long a, long b, long c, boolean ftz) {
    }

    @Provide
    Arbitrary<SlctCase> slctCases() {
        Arbitrary<Long> fc = operand(ScalarType.F32);
        Arbitrary<Long> ic = operand(ScalarType.S32);
        return Combinators.combine(Arbitraries.of(SELECT_TYPES), Arbitraries.of(false, true), uniform(64), uniform(64),
                Arbitraries.of(false, true)).flatAs((d, isF, a, b, ftz) ->
                (isF ? fc : ic).map(c -> new SlctCase(d, isF, a, b, c, isF && ftz)));
    }

    @Property
    void slctMatchesReference(@ForAll("slctCases") SlctCase c) {
        CASES.incrementAndGet();
        ScalarType ct = c.floatC() ? ScalarType.F32 : ScalarType.S32;
        Long expected = Reference.slct(name(c.dtype()), name(ct), c.a(), c.b(), c.c(), c.ftz());
        assertEquals(expected.longValue(), Semantics.slct(c.dtype(), ct, c.a(), c.b(), c.c(), c.ftz()).bits(), c::toString);
    }

    // ---- illegal forms ----------------------------------------------------------------------

    @Property
    void illegalFormsThrowExactlyWhenTheTablesSaySo(@ForAll ScalarType d, @ForAll ScalarType s, @ForAll CmpOp op,
            @ForAll boolean ftz) {
        CASES.incrementAndGet();
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
    @Provide
    Arbitrary<Integer> f32Bits() {
        Arbitrary<Integer> nearHalfRange = Combinators.combine(Arbitraries.of(0, 1), Arbitraries.integers().between(95, 145),
                Arbitraries.integers().between(0, (1 << 23) - 1)).as((s, e, m) -> s << 31 | e << 23 | m);
        Arbitrary<Integer> halfMidpoints = Arbitraries.integers().between(0, 65535).flatMap(h ->
                Arbitraries.integers().between(-2, 2).map(d -> {
                    // an f32 at or next to the midpoint between f16 h and its successor
                    double lo = Reference.decode(Reference.F16, h).value() == null ? 0
                            : Reference.decode(Reference.F16, h).value().doubleValue();
                    double hi = Reference.decode(Reference.F16, h + 1).value() == null ? lo * 2
                            : Reference.decode(Reference.F16, h + 1).value().doubleValue();
                    return Float.floatToRawIntBits((float) ((lo + hi) / 2)) + d;
                }));
        return Arbitraries.frequencyOf(
                Tuple.of(3, nearHalfRange),
                Tuple.of(2, halfMidpoints),
                Tuple.of(2, Arbitraries.of(Specials.floats(Reference.F32)).map(Long::intValue)),
                Tuple.of(2, uniform(32).map(Long::intValue)));
    }

    @Property
    void floatToF16AndBf16MatchReference(@ForAll("f32Bits") int bits) {
        CASES.incrementAndGet();
        float f = Float.intBitsToFloat(bits);
        assertEquals(Reference.roundTo16(Reference.F16, bits & 0xFFFFFFFFL, Reference.F32), FloatConv.floatToF16(f),
                () -> Integer.toHexString(bits));
        assertEquals(Reference.roundTo16(Reference.BF16, bits & 0xFFFFFFFFL, Reference.F32), FloatConv.floatToBf16(f),
                () -> Integer.toHexString(bits));
    }

    @Provide
    Arbitrary<Long> f64Bits() {
        Arbitrary<Long> nearHalfRange = Combinators.combine(Arbitraries.of(0L, 1L), Arbitraries.longs().between(960, 1090),
                uniform(52)).as((s, e, m) -> s << 63 | e << 52 | m);
        Arbitrary<Long> f32Mid = Arbitraries.integers().between(0, Integer.MAX_VALUE).flatMap(fb ->
                Arbitraries.longs().between(-2, 2).map(d -> {
                    // a double at or next to the midpoint between f32 fb and its successor
                    double lo = Float.intBitsToFloat(fb);
                    double hi = Float.intBitsToFloat(fb + 1);
                    return Double.doubleToRawLongBits((lo + hi) / 2) + d;
                }));
        return Arbitraries.frequencyOf(
                Tuple.of(3, nearHalfRange),
                Tuple.of(2, f32Mid),
                Tuple.of(2, Arbitraries.of(Specials.floats(Reference.F64))),
                Tuple.of(2, uniform(64)));
    }

    @Property
    void doubleConversionsMatchReference(@ForAll("f64Bits") long bits) {
        CASES.incrementAndGet();
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

    @Property
    void wideningIsExact(@ForAll("f32Bits") int bits) {
        CASES.incrementAndGet();
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

    @Provide
    Arbitrary<IntLit> integerLiterals() {
        Arbitrary<BigInteger> mags = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.TWO.pow(64).subtract(BigInteger.ONE))),
                Tuple.of(1, Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.TWO.pow(80))),
                Tuple.of(2, Arbitraries.of(Specials.ints(64)).map(v -> new BigInteger(Long.toUnsignedString(v)))));
        return Combinators.combine(mags, Arbitraries.of(2, 8, 10, 16), Arbitraries.of("", "-", "+", "--"),
                Arbitraries.of(false, true), Arbitraries.of(false, true)).as((m, radix, sign, upper, u) -> {
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
                });
    }

    static final List<ScalarType> INT_TYPES = Arrays.stream(ScalarType.values()).filter(ScalarType::isInteger).toList();

    @Property
    void integerLiteralsWrapAndTruncate(@ForAll("integerLiterals") IntLit lit) {
        CASES.incrementAndGet();
        for (ScalarType t : INT_TYPES) {
            BigInteger mod = BigInteger.TWO.pow(t.width());
            assertEquals(lit.value().mod(mod).longValue(), Literals.decode(lit.text(), t).bits(), () -> lit + " " + t);
        }
        assertEquals(lit.value().signum() != 0 && !lit.value().mod(BigInteger.TWO.pow(64)).equals(BigInteger.ZERO),
                Literals.decode(lit.text(), ScalarType.PRED).pred(), lit::toString);
        assertThrows(Literals.LiteralException.class, () -> Literals.decode(lit.text(), ScalarType.F32));
    }

    @Property
    void decimalLiteralsAreTheNearestDouble(@ForAll("f64Bits") long bits, @ForAll boolean exactForm) {
        CASES.incrementAndGet();
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

    @Property
    void valuesKeepExactBits(@ForAll ScalarType t, @ForAll long bits) {
        CASES.incrementAndGet();
        Value v = Value.truncate(t, bits);
        assertEquals(bits & t.mask(), v.bits());
        if (t.kind() == ScalarType.Kind.SIGNED) {
            assertEquals(Reference.intValue(bits, t.width(), true).longValue(), v.signed());
        }
        assertEquals(v, new Value(t, v.bits()));
        assertEquals(false, v.toString().isEmpty());
    }
}
