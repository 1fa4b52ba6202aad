package dev.ptxlint.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jqwik properties: {@link VideoSemantics} against {@link VideoReference} for vset (plain, .op2,
 * four operands without op2, dsel merge), vset2 and vset4 (merge and .add, every mask, selectors,
 * types and comparisons), the illegal forms, and the spelled-out defaults. Generators shrink
 * (operands toward 0, lists toward their first element). The bulk counts are in {@link VideoBulkTest}.
 */
class VideoPropertiesTest {
    static final AtomicLong CASES = new AtomicLong();

    @AfterContainer
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] VideoPropertiesTest: %,d property cases checked%n", CASES.get());
    }

    // ---- generators ---------------------------------------------------------------------------

    static Arbitrary<Long> specialByte() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(0x00L, 0x01L, 0x7FL, 0x80L, 0x81L, 0xFEL, 0xFFL)),
                Tuple.of(1, Arbitraries.longs().between(0, 255)));
    }

    /** 32-bit operands: lanes of special bytes, special half-words, or uniform bits. */
    static Arbitrary<Long> operand() {
        Arbitrary<Long> bytes = Combinators.combine(specialByte(), specialByte(), specialByte(), specialByte())
                .as((b0, b1, b2, b3) -> b0 | b1 << 8 | b2 << 16 | b3 << 24);
        Arbitrary<Long> half = Arbitraries.of(0x0000L, 0x0001L, 0x7FFFL, 0x8000L, 0x8001L, 0xFFFEL, 0xFFFFL, 0x00FFL);
        Arbitrary<Long> halves = Combinators.combine(half, half).as((lo, hi) -> lo | hi << 16);
        return Arbitraries.frequencyOf(Tuple.of(3, bytes), Tuple.of(2, halves),
                Tuple.of(2, Arbitraries.longs().between(0, 0xFFFFFFFFL)));
    }

    /** (a, b) with b often equal to a, or a with one byte moved by one, or sign bits flipped. */
    static Arbitrary<long[]> pair() {
        return Combinators.combine(operand(), operand(), Arbitraries.integers().between(0, 6),
                Arbitraries.integers().between(0, 3)).as((a, other, kind, k) -> {
                    long b = switch (kind) {
                        case 3 -> a;
                        case 4 -> (a + (1L << 8 * k)) & 0xFFFFFFFFL;
                        case 5 -> (a - (1L << 8 * k)) & 0xFFFFFFFFL;
                        case 6 -> a ^ 0x80808080L;
                        default -> other;
                    };
                    return new long[] {a, b};
                });
    }

    static Arbitrary<String> of(List<String> xs) {
        return Arbitraries.of(xs);
    }

    static Arbitrary<String> simdSel(int lanes) {
        Arbitrary<String> spelled = Arbitraries.integers().between(0, 2 * lanes - 1).list().ofSize(lanes)
                .map(ds -> (lanes == 2 ? "h" : "b") + ds.stream().map(String::valueOf).reduce("", String::concat));
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(4, spelled));
    }

    /** The head of every case: cmp, atype, btype. */
    record Head(String op, String at, String bt) {
    }

    static Arbitrary<Head> head() {
        return Combinators.combine(of(VideoReference.CMPS), of(VideoReference.TYPES), of(VideoReference.TYPES))
                .as(Head::new);
    }

    static Arbitrary<Long> cOperand() {
        return Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.of(0L, 1L, 2L, 0xFFFFFFFFL, 0x80000000L)),
                Tuple.of(3, operand()));
    }

    // ---- scalar vset -------------------------------------------------------------------------

    @Provide
    Arbitrary<VideoCase> scalarCases() {
        Arbitrary<String> sel = of(VideoCase.SCALAR_SEL_OR_NONE);
        // form 0 plain, 1 op2, 2 c without op2, 3 merge
        return Combinators.combine(head(), sel, sel, Arbitraries.integers().between(0, 3), of(VideoReference.OP2S),
                of(VideoReference.SCALAR_SELS), pair(), cOperand())
                .as((h, as, bs, form, op2, dsel, ab, c) -> new VideoCase("vset", h.op(), h.at(), h.bt(), as, bs,
                        form == 3 ? dsel : null, form == 1 ? op2 : null, ab[0], ab[1], form == 0 ? null : c));
    }

    @Property(edgeCases = EdgeCasesMode.MIXIN)
    void vsetMatchesReference(@ForAll("scalarCases") VideoCase c) {
        check(c);
    }

    // ---- vset2 / vset4 ---------------------------------------------------------------------

    Arbitrary<VideoCase> simdCases(int lanes) {
        List<String> masks = lanes == 2 ? VideoCase.MASK2_OR_NONE : VideoCase.MASK4_OR_NONE;
        return Combinators.combine(head(), simdSel(lanes), simdSel(lanes), of(masks), Arbitraries.of(false, true),
                pair(), cOperand())
                .as((h, as, bs, mask, add, ab, c) -> new VideoCase(lanes == 2 ? "vset2" : "vset4", h.op(), h.at(),
                        h.bt(), as, bs, mask, add ? "add" : null, ab[0], ab[1], c));
    }

    @Provide
    Arbitrary<VideoCase> vset2Cases() {
        return simdCases(2);
    }

    @Provide
    Arbitrary<VideoCase> vset4Cases() {
        return simdCases(4);
    }

    @Property(edgeCases = EdgeCasesMode.MIXIN)
    void vset2MatchesReference(@ForAll("vset2Cases") VideoCase c) {
        check(c);
    }

    @Property(edgeCases = EdgeCasesMode.MIXIN)
    void vset4MatchesReference(@ForAll("vset4Cases") VideoCase c) {
        check(c);
    }

    static void check(VideoCase c) {
        CASES.incrementAndGet();
        Long want = c.reference();
        assertTrue(want != null, () -> "generated an illegal case " + c);
        assertEquals(want.longValue(), c.evaluate(), c::toString);
    }

    // ---- spelled-out defaults ----------------------------------------------------------------

    @Property(edgeCases = EdgeCasesMode.MIXIN)
    void spelledOutDefaultsAreTheDefaults(@ForAll("vset2Cases") VideoCase c2, @ForAll("vset4Cases") VideoCase c4) {
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

    @Provide
    Arbitrary<VideoCase> anyCases() {
        Arbitrary<String> opcode = Arbitraries.of("vset", "vset2", "vset4");
        Arbitrary<String> op2 = Arbitraries.of("add", "min", "max");
        Arbitrary<String> type = Arbitraries.frequencyOf(Tuple.of(4, of(VideoReference.TYPES)), Tuple.of(1, of(ANY_TYPES)));
        Arbitrary<String> cmp = Arbitraries.frequencyOf(Tuple.of(4, of(VideoReference.CMPS)), Tuple.of(1, of(ANY_CMPS)));
        return Combinators.combine(opcode, cmp, type, type, of(ANY_SELS), of(ANY_SELS), of(ANY_SELS),
                Combinators.combine(Arbitraries.of(false, true), op2, pair(), Arbitraries.of(false, true)).as(Tuple::of))
                .as((oc, op, at, bt, as, bs, dm, rest) -> {
                    boolean scalar = oc.equals("vset");
                    boolean withOp2 = rest.get1();
                    String o2 = withOp2 ? (scalar ? rest.get2() : "add") : null;
                    String dmod = scalar ? (rest.get4() && !withOp2 ? dm.isEmpty() ? "b0" : dm : null) : dm;
                    Long c = scalar && !withOp2 && dmod == null && rest.get4() ? null : (Long) 5L;
                    return new VideoCase(oc, op, at, bt, as, bs, dmod, o2, rest.get3()[0], rest.get3()[1], c);
                });
    }

    @Property(edgeCases = EdgeCasesMode.MIXIN)
    void illegalFormsThrowExactlyWhereTheManualAndPtxasSaySo(@ForAll("anyCases") VideoCase c) {
        CASES.incrementAndGet();
        Long want = c.reference();
        if (want == null) {
            assertThrows(IllegalArgumentException.class, c::evaluate, c::toString);
        } else {
            assertEquals(want.longValue(), c.evaluate(), c::toString);
        }
    }

    @Property(tries = 50)
    void undocumentedSelectorsAreRejectedEverywhere(@ForAll("anyCases") VideoCase c) {
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
