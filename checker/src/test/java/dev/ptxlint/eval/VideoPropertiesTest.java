package dev.ptxlint.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static dev.ptxlint.eval.Gen.w;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Properties: {@link VideoSemantics} against {@link VideoReference} for vset (plain, .op2,
 * four operands without op2, dsel merge), vset2 and vset4 (merge and .add, every mask, selectors,
 * types and comparisons), the illegal forms, and the spelled-out defaults. Cases are drawn by
 * {@link Gen#forAll} from fixed seeds, {@link Gen#tries()} per property; a failure names its case
 * and seed. The bulk counts are in {@link VideoBulkTest}.
 */
class VideoPropertiesTest {
    static final AtomicLong CASES = new AtomicLong();

    @AfterAll
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] VideoPropertiesTest: %,d property cases checked%n", CASES.get());
    }

    // ---- generators ---------------------------------------------------------------------------

    static Gen<Long> specialByte() {
        return Gen.frequency(
                w(3, Gen.of(0x00L, 0x01L, 0x7FL, 0x80L, 0x81L, 0xFEL, 0xFFL)),
                w(1, Gen.longs(0, 255)));
    }

    /** 32-bit operands: lanes of special bytes, special half-words, or uniform bits. */
    static Gen<Long> operand() {
        Gen<Long> sb = specialByte();
        Gen<Long> bytes = r -> {
            long b0 = sb.next(r);
            long b1 = sb.next(r);
            long b2 = sb.next(r);
            return b0 | b1 << 8 | b2 << 16 | sb.next(r) << 24;
        };
        Gen<Long> half = Gen.of(0x0000L, 0x0001L, 0x7FFFL, 0x8000L, 0x8001L, 0xFFFEL, 0xFFFFL, 0x00FFL);
        Gen<Long> halves = r -> {
            long lo = half.next(r);
            return lo | half.next(r) << 16;
        };
        return Gen.frequency(w(3, bytes), w(2, halves),
                w(2, Gen.longs(0, 0xFFFFFFFFL)));
    }

    /** (a, b) with b often equal to a, or a with one byte moved by one, or sign bits flipped. */
    static Gen<long[]> pair() {
        Gen<Long> operand = operand();
        return r -> {
            long a = operand.next(r);
            long other = operand.next(r);
            int kind = r.nextInt(7);
            int k = r.nextInt(4);
            long b = switch (kind) {
                case 3 -> a;
                case 4 -> (a + (1L << 8 * k)) & 0xFFFFFFFFL;
                case 5 -> (a - (1L << 8 * k)) & 0xFFFFFFFFL;
                case 6 -> a ^ 0x80808080L;
                default -> other;
            };
            return new long[] {a, b};
        };
    }

    static Gen<String> of(List<String> xs) {
        return Gen.of(xs);
    }

    static Gen<String> simdSel(int lanes) {
        Gen<String> spelled = r -> {
            StringBuilder sb = new StringBuilder(lanes == 2 ? "h" : "b");
            for (int i = 0; i < lanes; i++) {
                sb.append(r.nextInt(2 * lanes));
            }
            return sb.toString();
        };
        return Gen.frequency(w(1, Gen.just("")), w(4, spelled));
    }

    /** The head of every case: cmp, atype, btype. */
    record Head(String op, String at, String bt) {
    }

    static Gen<Head> head() {
        Gen<String> cmps = of(VideoReference.CMPS);
        Gen<String> types = of(VideoReference.TYPES);
        return r -> {
            String op = cmps.next(r);
            String at = types.next(r);
            return new Head(op, at, types.next(r));
        };
    }

    static Gen<Long> cOperand() {
        return Gen.frequency(w(2, Gen.of(0L, 1L, 2L, 0xFFFFFFFFL, 0x80000000L)),
                w(3, operand()));
    }

    // ---- scalar vset -------------------------------------------------------------------------

    static Gen<VideoCase> scalarCases() {
        Gen<Head> head = head();
        Gen<String> sel = of(VideoCase.SCALAR_SEL_OR_NONE);
        Gen<String> op2s = of(VideoReference.OP2S);
        Gen<String> dsels = of(VideoReference.SCALAR_SELS);
        Gen<long[]> pair = pair();
        Gen<Long> cOperand = cOperand();
        // form 0 plain, 1 op2, 2 c without op2, 3 merge
        return r -> {
            Head h = head.next(r);
            String as = sel.next(r);
            String bs = sel.next(r);
            int form = r.nextInt(4);
            String op2 = op2s.next(r);
            String dsel = dsels.next(r);
            long[] ab = pair.next(r);
            long c = cOperand.next(r);
            return new VideoCase("vset", h.op(), h.at(), h.bt(), as, bs,
                    form == 3 ? dsel : null, form == 1 ? op2 : null, ab[0], ab[1], form == 0 ? null : c);
        };
    }

    @Test
    void vsetMatchesReference() {
        Gen.forAll("vset", 201, Gen.tries(), scalarCases(), VideoPropertiesTest::check);
    }

    // ---- vset2 / vset4 ---------------------------------------------------------------------

    static Gen<VideoCase> simdCases(int lanes) {
        Gen<Head> head = head();
        Gen<String> sel = simdSel(lanes);
        Gen<String> masks = of(lanes == 2 ? VideoCase.MASK2_OR_NONE : VideoCase.MASK4_OR_NONE);
        Gen<long[]> pair = pair();
        Gen<Long> cOperand = cOperand();
        return r -> {
            Head h = head.next(r);
            String as = sel.next(r);
            String bs = sel.next(r);
            String mask = masks.next(r);
            boolean add = r.nextBoolean();
            long[] ab = pair.next(r);
            long c = cOperand.next(r);
            return new VideoCase(lanes == 2 ? "vset2" : "vset4", h.op(), h.at(), h.bt(), as, bs, mask,
                    add ? "add" : null, ab[0], ab[1], c);
        };
    }

    @Test
    void vset2MatchesReference() {
        Gen.forAll("vset2", 202, Gen.tries(), simdCases(2), VideoPropertiesTest::check);
    }

    @Test
    void vset4MatchesReference() {
        Gen.forAll("vset4", 204, Gen.tries(), simdCases(4), VideoPropertiesTest::check);
    }

    static void check(VideoCase c) {
        CASES.incrementAndGet();
        Long want = c.reference();
        assertTrue(want != null, () -> "generated an illegal case " + c);
        assertEquals(want.longValue(), c.evaluate(), c::toString);
    }

    // ---- spelled-out defaults ----------------------------------------------------------------

    record SimdPair(VideoCase c2, VideoCase c4) {
    }

    @Test
    void spelledOutDefaultsAreTheDefaults() {
        Gen<VideoCase> g2 = simdCases(2);
        Gen<VideoCase> g4 = simdCases(4);
        Gen.forAll("spelledOutDefaults", 205, Gen.tries(), r -> new SimdPair(g2.next(r), g4.next(r)),
                p -> checkSpelledOutDefaults(p.c2(), p.c4()));
    }

    static void checkSpelledOutDefaults(VideoCase c2, VideoCase c4) {
        CASES.addAndGet(2);
        VideoCase d2 = new VideoCase("vset2", c2.op(), c2.atype(), c2.btype(), "h10", "h32", "h10", c2.op2(), c2.a(),
                c2.b(), c2.c());
        VideoCase n2 = new VideoCase("vset2", c2.op(), c2.atype(), c2.btype(), "", "", "", c2.op2(), c2.a(), c2.b(), c2.c());
        assertEquals(n2.evaluate(), d2.evaluate(), c2::toString);
        VideoCase d4 = new VideoCase("vset4", c4.op(), c4.atype(), c4.btype(), "b3210", "b7654", "b3210", c4.op2(),
                c4.a(), c4.b(), c4.c());
        VideoCase n4 = new VideoCase("vset4", c4.op(), c4.atype(), c4.btype(), "", "", "", c4.op2(), c4.a(), c4.b(), c4.c());
        assertEquals(n4.evaluate(), d4.evaluate(), c4::toString);
    }

    // ---- illegal forms -------------------------------------------------------------------------

    static final List<String> ANY_TYPES = List.of("u32", "s32", "b32", "u16", "s64", "f32");
    static final List<String> ANY_CMPS = java.util.Arrays.stream(CmpOp.values())
            .map(o -> o.name().toLowerCase(Locale.ROOT)).toList();
    /** Legal and illegal spellings for every slot; .b01 .b12 .b23 are ptxas's undocumented oddity. */
    static final List<String> ANY_SELS = List.of("", "b0", "b1", "b2", "b3", "h0", "h1", "b01", "b12", "b23", "b4",
            "h2", "h10", "h32", "h01", "h33", "h40", "h4", "b3210", "b7654", "b0123", "b7777", "b8000", "b321", "b10",
            "b20", "b210", "b3201", "h100", "B0", "H1", "x", "b", "h", "b00", "b33", "b310", "b301", "h00", "h11");

    static Gen<VideoCase> anyCases() {
        Gen<String> opcode = Gen.of("vset", "vset2", "vset4");
        Gen<String> op2 = Gen.of("add", "min", "max");
        Gen<String> type = Gen.frequency(w(4, of(VideoReference.TYPES)), w(1, of(ANY_TYPES)));
        Gen<String> cmp = Gen.frequency(w(4, of(VideoReference.CMPS)), w(1, of(ANY_CMPS)));
        Gen<String> sels = of(ANY_SELS);
        Gen<long[]> pair = pair();
        return r -> {
            String oc = opcode.next(r);
            String op = cmp.next(r);
            String at = type.next(r);
            String bt = type.next(r);
            String as = sels.next(r);
            String bs = sels.next(r);
            String dm = sels.next(r);
            boolean withOp2 = r.nextBoolean();
            String someOp2 = op2.next(r);
            long[] ab = pair.next(r);
            boolean fourth = r.nextBoolean();
            boolean scalar = oc.equals("vset");
            String o2 = withOp2 ? (scalar ? someOp2 : "add") : null;
            String dmod = scalar ? (fourth && !withOp2 ? dm.isEmpty() ? "b0" : dm : null) : dm;
            Long c = scalar && !withOp2 && dmod == null && fourth ? null : (Long) 5L;
            return new VideoCase(oc, op, at, bt, as, bs, dmod, o2, ab[0], ab[1], c);
        };
    }

    @Test
    void illegalFormsThrowExactlyWhereTheManualAndPtxasSaySo() {
        Gen.forAll("illegalForms", 206, Gen.tries(), anyCases(), VideoPropertiesTest::checkIllegalForm);
    }

    static void checkIllegalForm(VideoCase c) {
        CASES.incrementAndGet();
        Long want = c.reference();
        if (want == null) {
            assertThrows(IllegalArgumentException.class, c::evaluate, c::toString);
        } else {
            assertEquals(want.longValue(), c.evaluate(), c::toString);
        }
    }

    @Test
    void undocumentedSelectorsAreRejectedEverywhere() {
        Gen.forAll("undocumentedSelectors", 207, 200, anyCases(), VideoPropertiesTest::checkUndocumentedSelectors);
    }

    static void checkUndocumentedSelectors(VideoCase c) {
        CASES.incrementAndGet();
        List<String> odd = new ArrayList<>(List.of("b01", "b12", "b23"));
        for (String s : odd) {
            VideoCase onA = new VideoCase("vset", "lt", "u32", "u32", s, "", null, null, c.a(), c.b(), null);
            VideoCase onD = new VideoCase("vset", "lt", "u32", "u32", "", "", s, null, c.a(), c.b(), 0L);
            assertThrows(IllegalArgumentException.class, onA::evaluate);
            assertThrows(IllegalArgumentException.class, onD::evaluate);
        }
    }
}
