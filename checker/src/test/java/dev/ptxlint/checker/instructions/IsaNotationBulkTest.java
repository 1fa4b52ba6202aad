package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.isa.InstructionSet;
import dev.ptxlint.isa.IsaSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The notation of the bulk and asynchronous families on a small data file written here:
 * {@code @names} (also through an enumeration), {@code space(...)}, {@code only(...)},
 * {@code exact}, WARP_SZ as a constant, state spaces and shared-value slots read by position.
 * Every verdict below was checked with ptxas 13.0 on the same instruction (the shipped data
 * describes these instructions in full; this excerpt only exercises the mechanisms).
 */
class IsaNotationBulkTest {

    static final String DATA = """
            @names cp.async.bulk mbarrier.arrive mbarrier.arrive_drop mbarrier.arrive.expect_tx mbarrier.arrive_drop.expect_tx
            @names createpolicy.fractional st.bulk
            @section cp.async.bulk
            cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [dstMem], [srcMem], size, [mbar];
            @operand dstMem mbar : addr space(.shared)
            @operand srcMem : addr space(.global)
            @operand size : .u32 val range(0,1048560) multiple(16)
            ---
            cp.async.bulk.global.shared::cta.bulk_group.level::cache_hint [dstMem], [srcMem], size, cache-policy;
            .level::cache_hint = { .L2::cache_hint };
            @operand dstMem : addr space(.global)
            @operand srcMem : addr space(.shared)
            @operand size : .u32 val range(0,1048560) multiple(16)
            @operand cache-policy : .u64 val only(.b64,.u64,.s64)
            ---
            @section mbarrier.arrive
            mbarrier.op{.state}.b64            state, [addr];
            mbarrier.op.expect_tx{.state}.b64  state, [addr], txCount;
            .op = { .arrive, .arrive_drop };
            .state = { .shared, .shared::cta };
            @operand state : reg .u64 only(.b64,.u64,.s64)
            @operand addr : addr space(.shared)
            @operand txCount : .u32 val
            ---
            @section prefetch
            prefetch{.space}.level  [a];
            .space = { .global, .local };
            .level = { .L1, .L2 };
            @operand a : addr space(.space|generic)
            ---
            @section st.bulk
            st.bulk{.weak}{.shared::cta}  [a], size, initval;
            @operand a : addr space({.shared::cta}|generic)
            @operand size : val .u64 only(.b64,.u64,.s64) range(0,16777216) multiple(8) exact
            @operand initval : imm .u32 values(0) exact
            ---
            @section createpolicy
            createpolicy.fractional.level::primary_priority{.level::secondary_priority}.b64  cache-policy, fraction;
            .level::primary_priority = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged };
            .level::secondary_priority = { .L2::evict_first, .L2::evict_unchanged };
            @operand cache-policy : reg .b64
            @operand fraction : val .f32
            """;

    static final String DECLS = ".reg .b32 %r<9>; .reg .u32 %u<9>; .reg .b64 %rd<9>; .reg .u64 %ud<9>; "
            + ".reg .f32 %f<3>; .global .align 16 .b8 g[64]; .shared .align 16 .b8 s[64]; .const .align 16 .b8 c[64];";

    private static List<Diagnostic> lint(String insn) {
        InstructionSet isa = InstructionSet.of(Map.of("t.ptxisa", DATA));
        String src = ".version 8.6\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{\n" + DECLS + "\n" + insn
                + "\nret;\n}\n";
        return new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(src).stream()
                .filter(d -> d.code().startsWith("PTX02")).collect(Collectors.toList());
    }

    private static String codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).collect(Collectors.joining(" "));
    }

    /** Instructions ptxas accepts. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [s], [g], 64, [s+32];",
            "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%rd1], [%rd2], 4294967312, [%rd3];",
            "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [g], [s], %u1, %ud1;",
            "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1], [%rd2], 16, 7;",
            "mbarrier.arrive.shared.b64 %rd1, [s];",
            "mbarrier.arrive_drop.expect_tx.shared::cta.b64 %ud1, [s], 16;",
            "prefetch.L1 [g];",
            "prefetch.L2 [s];",
            "prefetch.local.L1 [%rd1];",
            "st.bulk [g], 256, 0;",
            "st.bulk.weak [%rd1], %rd2, 0;",
            // exact: a constant longer than 64 bits counts by its low 64 bits (2^64 is 0, 2^64 + 256 is 256)
            "st.bulk [%rd1], 256, 18446744073709551616;",
            "st.bulk [%rd1], 18446744073709551872, 0;",
            "createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %rd1, 0f3F000000;",
    })
    void accepted(String insn) {
        assertEquals("", codes(lint(insn)), insn);
    }

    /** Instructions ptxas rejects, with ptxas's message. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // State space mismatch between instruction and address
            "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [g], [g], 64, [s+32];|PTX0226",
            "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [s], [s], 64, [s+32];|PTX0226",
            "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [s], [g], 64, [c];|PTX0226",
            "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [s+8], [s], %u1, %ud1;|PTX0226",
            "prefetch.L1 [c];|PTX0226",
            "prefetch.global.L2 [s];|PTX0226",
            "st.bulk.shared::cta [g], %rd2, 0;|PTX0226",
            // Illegal state space for address operand
            "mbarrier.arrive.b64 %rd1, [g];|PTX0226",
            // State space incorrect (the spaces are read in order)
            "cp.async.bulk.global.shared::cta.mbarrier::complete_tx::bytes [%rd1], [%rd2], 64, [%rd3];|PTX0201",
            // Arguments mismatch: a 32-bit cache policy or mbarrier state
            "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1], [%rd2], 16, %u1;|PTX0213",
            "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1], [%rd2], 16, 1.5;|PTX0214",
            "mbarrier.arrive.shared.b64 %r1, [s];|PTX0213",
            // unexpected value, expected to be multiple of 16 / 8, zero, out of range
            "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [s], [g], 17, [s+32];|PTX0214",
            "st.bulk [%rd1], 17, 0;|PTX0214",
            "st.bulk [%rd1], 4294967296, 0;|PTX0214",
            "st.bulk [%rd1], -8, 0;|PTX0214",
            "st.bulk [%rd1], 256, WARP_SZ;|PTX0214",
            "st.bulk [%rd1], 256, 4294967296;|PTX0214",
            "st.bulk [%rd1], 256, 18446744073709551617;|PTX0214",
            "st.bulk [%rd1], 18446744073709551617, 0;|PTX0214",
            // Unknown modifier: a name's word out of place
            "mbarrier.arrive.shared.expect_tx.b64 %rd1, [s], 16;|PTX0201",
            "mbarrier.shared.arrive.b64 %rd1, [s];|PTX0201",
            "createpolicy.L2::evict_last.fractional.b64 %rd1, 0f3F000000;|PTX0201",
            "st.weak.bulk [%rd1], 256, 0;|PTX0201",
    })
    void rejected(String insn, String code) {
        assertEquals(code, codes(lint(insn)), insn);
    }

    /** ptxas reads the two priorities by position ("Unsupported modifier '.evict_normal' as secondary_priority"). */
    @Test
    void slotsThatShareValuesAreReadInOrder() {
        assertEquals("", codes(lint("createpolicy.fractional.L2::evict_normal.L2::evict_first.b64 %rd1, 0f3F000000;")));
        assertTrue(!codes(lint("createpolicy.fractional.L2::evict_first.L2::evict_normal.b64 %rd1, 0f3F000000;"))
                .isEmpty());
    }

    @Test
    void messagesNameTheLegalForm() {
        assertEquals("'cp.async.bulk' reads its state spaces in order, the destination's first, then the source's: "
                + "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes", lint(
                "cp.async.bulk.global.shared::cta.mbarrier::complete_tx::bytes [%rd1], [%rd2], 64, [%rd3];")
                .get(0).message());
        assertEquals("'.expect_tx' is part of the instruction name mbarrier.arrive.expect_tx, whose words must follow"
                + " 'mbarrier' in this order: write mbarrier.arrive.expect_tx.shared.b64 (mbarrier.op.expect_tx{.state}.b64)",
                lint("mbarrier.arrive.shared.expect_tx.b64 %rd1, [s], 16;").get(0).message());
        assertEquals("'g' is a .global variable, but operand addr of 'mbarrier.arrive.b64' is an address in .shared:"
                + " use a variable of .shared or a register holding an address",
                lint("mbarrier.arrive.b64 %rd1, [g];").get(0).message());
        assertEquals("'%u1' is .u32, but operand cache-policy of 'cp.async.bulk.global.shared::cta.bulk_group"
                + ".L2::cache_hint' takes .b64 or .u64 or .s64 registers",
                lint("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1], [%rd2], 16, %u1;")
                        .get(0).message());
    }

    @Test
    void malformedSpaceAndOnly() {
        IsaSource.FormatException e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "prefetch.level [a];\n.level = { .L1 };\n@operand a : addr space(.nowhere)\n")));
        assertTrue(e.getMessage().contains("'.nowhere'"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "st.bulk [a], size;\n@operand size : reg .u32 only(.u32,.q7)\n")));
        assertTrue(e.getMessage().contains(".q7"), e.getMessage());
    }

    @Test
    void anOperandGivenTwiceInABlockIsAnError() {
        // the second line used to replace the first silently (st's 'writes' was lost that way in a merge)
        IsaSource.FormatException e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "st.type [a], b;\n.type = { .u32 };\n@operand a : addr writes\n@operand a : addr generic\n")));
        assertTrue(e.getMessage().contains("@operand a is given twice"), e.getMessage());
    }
}
