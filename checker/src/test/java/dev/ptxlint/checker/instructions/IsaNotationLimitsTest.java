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
 * The operand words that limit constants and registers ({@code pow2}, {@code literal},
 * {@code nonzero}, {@code range()} with decimal bounds, {@code atmost()}, {@code fixed},
 * {@code generic}) and the {@code @geometry} lines, on a small data file written here. Every
 * verdict below was checked with ptxas 13.0 on the same instruction (the shipped data describes
 * these instructions in full; this excerpt only exercises the mechanisms).
 */
class IsaNotationLimitsTest {

    static final String DATA = """
            @names createpolicy.range createpolicy.fractional bar.red
            @section alloca
            alloca.type  ptr, size{, immAlign};
            .type = { .u32, .u64 };
            @operand ptr : reg .type
            @operand size : val .type
            @operand immAlign : imm literal pow2 range(1,8388608)
            ---
            @section createpolicy
            createpolicy.range.level::primary_priority.b64  cache-policy, [a], primary-size, total-size;
            createpolicy.fractional.level::primary_priority.b64  cache-policy, fraction;
            .level::primary_priority = { .L2::evict_last, .L2::evict_normal };
            @operand cache-policy : reg .u64 only(.b64,.u64,.s64)
            @operand primary-size : val .b32 atmost(total-size)
            @operand total-size : val .b32
            @operand fraction : val .f32 range(>0.0,1.0)
            ---
            @section bar
            bar.arrive                    a, b;
            @operand a : .u32 val range(0,15)
            @operand b : .u32 val multiple(32) nonzero
            ---
            bar.red.popc.u32              d, a, {!}c;
            @operand a : .u32 val range(0,15) fixed
            @operand c : .pred val neg fixed
            ---
            @section ld
            ld{.ss}.type  d, [a];
            .ss = { .global, .const };
            .type = { .b32 };
            @operand a : addr generic
            """;

    static final String DECLS = ".reg .pred %p<3>; .reg .b32 %r<9>; .reg .u32 %u<9>; .reg .b64 %rd<9>; "
            + ".reg .f16x2 %hh<3>; .global .align 16 .b8 g[64]; .const .align 16 .b8 c[64];";

    private static List<Diagnostic> lint(String insn, String target) {
        InstructionSet isa = InstructionSet.of(Map.of("t.ptxisa", DATA));
        String src = ".version 8.6\n.target " + target + "\n.address_size 64\n.func fv()\n{\nret;\n}\n"
                + ".visible .entry k()\n{\n" + DECLS + "\n" + insn + "\nret;\n}\n";
        return new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(src).stream()
                .filter(d -> d.code().startsWith("PTX02")).collect(Collectors.toList());
    }

    private static String codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).collect(Collectors.joining(" "));
    }

    /** Instructions ptxas accepts. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "alloca.u32 %u1, %u2, 16;",
            "alloca.u32 %u1, %u2, 4294967297;",         // the low 32 bits: 1
            "alloca.u32 %u1, %u2, 8388608;",
            "alloca.u32 %u1, %u2, WARP_SZ;",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 5, 5;",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], -2, -1;",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 4294967297, 2;",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], %r1, 0;",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0;",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 1.00000001;", // rounds to 1.0f
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 0f00000001;",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 0d3FF0000000000001;",
            "bar.arrive 0, 4294967296;",
            "bar.arrive 0, 0x8000000000000000;",
            "bar.red.popc.u32 %u1, %u2, !%p1;",
            "bar.red.popc.u32 %u1, %u2, 1;",
            "ld.b32 %r1, [g];",
            "ld.const.b32 %r1, [c];",
    })
    void accepted(String insn) {
        assertEquals("", codes(lint(insn, "sm_90")), insn);
    }

    /** Instructions ptxas rejects, with the code ptxlint reports. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "alloca.u32 %u1, %u2, 17;                                        | PTX0214",
            "alloca.u32 %u1, %u2, 0;                                         | PTX0214",
            "alloca.u32 %u1, %u2, 4294967296;                                | PTX0214",
            "alloca.u32 %u1, %u2, 0x8000000000000000;                        | PTX0214",
            "alloca.u32 %u1, %u2, 16777216;                                  | PTX0214",
            "alloca.u32 %u1, %u2, fv;                                        | PTX0215",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 1, 0;          | PTX0214",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], -1, 1;         | PTX0214",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 1, 4294967296; | PTX0214",
            "createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], WARP_SZ, 1;    | PTX0214",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 1.5;           | PTX0214",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 0.0;           | PTX0214",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, -0.5;          | PTX0214",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 0f80000000;    | PTX0214",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 0f3F800001;    | PTX0214",
            "createpolicy.fractional.L2::evict_last.b64 %rd1, 0f7FC00000;    | PTX0214",
            "bar.arrive 0, 0;                                                | PTX0214",
            "bar.red.popc.u32 %u1, %hh1, %p1;                                | PTX0213",
            "bar.red.popc.u32 %u1, %u2, %hh1;                                | PTX0213",
            "bar.red.popc.u32 %u1, fv, %p1;                                  | PTX0215",
            "ld.b32 %r1, [c];                                                | PTX0226",
    })
    void rejected(String insn, String code) {
        assertEquals(code, codes(lint(insn, "sm_90")), insn);
    }

    /** A generic address needs sm_20 ("Feature 'generic addressing' requires .target sm_20"). */
    @Test
    void genericAddressNeedsSm20() {
        assertEquals("PTX0216", codes(lint("ld.b32 %r1, [%rd1];", "sm_13")));
        assertEquals("", codes(lint("ld.global.b32 %r1, [%rd1];", "sm_13")));
    }

    @Test
    void messagesSayWhatIsRight() {
        assertEquals("operand immAlign of 'alloca.u32' must be a power of two; this one is 17",
                lint("alloca.u32 %u1, %u2, 17;", "sm_90").get(0).message());
        assertEquals("operand fraction of 'createpolicy.fractional.L2::evict_last.b64' must be in (0.0, 1.0]; this one"
                + " is 1.5 as .f32", lint("createpolicy.fractional.L2::evict_last.b64 %rd1, 1.5;", "sm_90").get(0)
                .message());
        assertEquals("operand primary-size of 'createpolicy.range.L2::evict_last.b64' (1) may not exceed operand"
                + " total-size (0; ptxas reads both as unsigned 32-bit numbers)",
                lint("createpolicy.range.L2::evict_last.b64 %rd1, [%rd2], 1, 4294967296;", "sm_90").get(0).message());
    }

    @Test
    void malformedWords() {
        IsaSource.FormatException e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "createpolicy.range.b64 d, [a], p, t;\n@operand p : val .b32 atmost(total)\n")));
        assertTrue(e.getMessage().contains("atmost(total)"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "suld.b.geom.b32 d, [a, b];\n.geom = { .1d, .2d };\n@geometry .1d 1 \"{x}\"\n"
                        + "@operand b : coords(.geom) .b32\n")));
        assertTrue(e.getMessage().contains(".2d has no @geometry line"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "suld.b.geom.b32 d, [a, b];\n.geom = { .1d };\n@geometry .1d 1 \"{x}\" arrays\n"
                        + "@operand b : coords(.geom) .b32\n")));
        assertTrue(e.getMessage().contains("'arrays'"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "suq.width.b32 d, [a];\n@operand a : handle(.surfref|.bogus)\n")));
        assertTrue(e.getMessage().contains("'.bogus'"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "suq.width.b32 d, [a];\n@operand a : reg .b64 regsince(3.1 sm_20)\n")));
        assertTrue(e.getMessage().contains("go with handle(...)"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "suq.width.b32 d, [a];\n@operand d : reg .b32 pairsince(7.1 sm_60)\n")));
        assertTrue(e.getMessage().contains("d{|p}"), e.getMessage());
    }

    @Test
    void handleWordsFollowTheTexturingMode() {
        // the words of one handle decide alone: a made-up instruction takes what its data says
        Map<String, String> data = Map.of("t.ptxisa", "suq.width.b32 d, [a];\n@operand d : reg .b32\n"
                + "@operand a : handle(.surfref|.u64) independent(.texref) only(.b64) regsince(3.1 sm_20 unified)\n");
        InstructionSet isa = InstructionSet.of(data);
        assertEquals(List.of(), codes(isa, "9.0", "sm_90", "", ".global .u64 g;", "suq.width.b32 %r1, [g];"));
        assertEquals(List.of("PTX0270"), codes(isa, "9.0", "sm_90", ", texmode_independent", ".global .u64 g;",
                "suq.width.b32 %r1, [g];"));
        assertEquals(List.of("PTX0270"), codes(isa, "9.0", "sm_90", "", "", "suq.width.b32 %r1, [%ud1];"));
        assertEquals(List.of("PTX0216"), codes(isa, "3.0", "sm_20", "", "", "suq.width.b32 %r1, [%rd1];"));
        assertEquals(List.of(), codes(isa, "3.0", "sm_20", ", texmode_independent", "", "suq.width.b32 %r1, [%rd1];"));
    }

    @Test
    void sinkElementsNegatedProductsAndUnified() {
        // made-up excerpts: nosinkelement (tex's .v2.f16x2 destination), negproduct(a b) (vmad's c, its .po
        // form without {-}c) and [a]{.unified} (ld: .global or generic, after a register only); each verdict
        // is ptxas 13.0's on the real instruction (docs/ptxas-behaviour.md section 32)
        Map<String, String> data = Map.of("t.ptxisa", """
                tex.2d.v2.f16x2.f32  x, [a, c];
                @operand x : vec(2) reg .f16x2 nosinkelement
                @operand a : handle(.texref) only(.b64)
                @operand c : vec(2) .f32
                ---
                vmad.u32.u32.u32  d, {-}a, {-}b, {-}c;
                vmad.u32.u32.u32.po  d, {-}a, {-}b, c;
                @operand d : reg .u32
                @operand a b : val .u32
                @operand c : val .u32 negproduct(a b)
                ---
                ld{.ss}.u32  d, [a]{.unified};
                .ss = { .global, .shared };
                @operand d : reg .u32
                @operand a : addr generic
                ---
                createpolicy.cvt.L2.b64  d, a;
                @operand d : reg .u64 only(.b64,.u64,.s64)
                @operand a : val .u64 only(.b64,.u64,.s32)
                """);
        InstructionSet isa = InstructionSet.of(data);
        String decl = ".global .texref tex; .global .b8 g[16];";
        String regs = ".reg .f32 %f<4>; .reg .u32 %u<8>; ";
        assertEquals(List.of("PTX0211"), codes(isa, "9.0", "sm_90", "", decl, regs
                + "tex.2d.v2.f16x2.f32 {_, %r1}, [tex, {%f1, %f2}];"));
        assertEquals(List.of(), codes(isa, "9.0", "sm_90", "", decl, regs
                + "tex.2d.v2.f16x2.f32 {%r2, %r1}, [tex, {%f1, %f2}];"));
        assertEquals(List.of("PTX0217"), codes(isa, "9.0", "sm_90", "", decl, regs
                + "vmad.u32.u32.u32 %u1, %u2, -%u3, -%u4;"));
        assertEquals(List.of(), codes(isa, "9.0", "sm_90", "", decl, regs + "vmad.u32.u32.u32 %u1, -%u2, -%u3, -%u4;"));
        assertEquals(List.of(), codes(isa, "9.0", "sm_90", "", decl, regs + "vmad.u32.u32.u32 %u1, -7, %u3, -%u4;"));
        assertEquals(List.of("PTX0217"), codes(isa, "9.0", "sm_90", "", decl, regs
                + "vmad.u32.u32.u32.po %u1, -%u2, %u3, %u4;"));
        assertEquals(List.of(), codes(isa, "9.0", "sm_90", "", decl, regs + "vmad.u32.u32.u32.po %u1, -%u2, -%u3, %u4;"));
        assertEquals(List.of(), codes(isa, "9.0", "sm_90", "", decl, regs + "ld.global.u32 %u1, [%rd1+8].unified;"));
        assertEquals(List.of("PTX0215"), codes(isa, "9.0", "sm_90", "", decl, regs + "ld.global.u32 %u1, [g].unified;"));
        assertEquals(List.of("PTX0215"), codes(isa, "9.0", "sm_90", "", decl, regs + "ld.shared.u32 %u1, [%rd1].unified;"));
        // only(...) decides a register plus a constant as it decides the register; a .bN register reads as .sN
        assertEquals(List.of("PTX0213"), codes(isa, "9.0", "sm_90", "", decl, regs
                + "createpolicy.cvt.L2.b64 %rd1, %u2+1;"));
        assertEquals(List.of("PTX0272"), codes(isa, "9.0", "sm_90", "", decl, regs
                + "createpolicy.cvt.L2.b64 %rd1, %ud2+1;"));
        assertEquals(List.of("PTX0272"), codes(isa, "9.0", "sm_90", "", decl, regs
                + "createpolicy.cvt.L2.b64 %rd1, %r2+1;"));
    }

    private static List<String> codes(InstructionSet isa, String version, String target, String mode, String decl,
                                      String insn) {
        String text = ".version " + version + "\n.target " + target + mode + "\n.address_size 64\n" + decl + "\n"
                + ".entry k()\n{\n.reg .b32 %r<4>; .reg .b64 %rd<4>; .reg .u64 %ud<4>;\n" + insn + "\nret;\n}\n";
        return new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(text).stream()
                .filter(d -> d.code().startsWith("PTX02")).map(Diagnostic::code).collect(Collectors.toList());
    }
}
