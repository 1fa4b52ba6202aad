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
 * The notation of the matrix instructions on a small data file written here: {@code vec(A|B|...)}
 * (widths, 0 for a scalar), {@code literals(...)}, {@code only(...)} naming a type the rules
 * refuse, file-wide {@code @positional} and optional type slots of {@code @repeatable} values.
 * Every verdict below was checked with ptxas 13.0 on the same instruction (sm_90a, and sm_120a
 * for .kind::f8f6f4); the shipped data (mma.ptxisa, ldmatrix.ptxisa) describes them in full.
 */
class IsaNotationMatrixTest {

    static final String META = ".b32 only(.b32,.u32,.s32,.f32,.f16x2,.pred) literals(0f) neg";

    static final String DATA = """
            @positional .row .col
            @positional .b8x16 .b6x16_p32 .b4x16_p64
            @section mma.sp
            mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16  d, a, b, c, e, f;
            @operand d : reg .b32 vec(2) sink
            @operand a b c : .b32 vec(2)
            @operand e : META vec(0|1|2|4|8)
            @operand f : imm .u32 range(0,3)
            ---
            mma.sp.sync.aligned.m16n8k32.row.col.s32.atype.btype.s32  d, a, b, c, e, f;
            .atype = .btype = { .u8, .s8 };
            @operand d : reg .s32 vec(4)
            @operand a : META vec(0|2)
            @operand b : .b32 vec(2)
            @operand c : .s32 vec(4)
            @operand e : META vec(0|1|2|4|8)
            @operand f : imm .u32 range(0,1)
            ---
            mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.f6f4.f6f4.f16  d, a, b, c;
            mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16{.xd}.f6f4{.xa}.f6f4{.xb}.f16{.xc}  d, a, b, c;  @undocumented "ignored sub-byte words"
            .f6f4 = { .e3m2, .e2m3 };
            .xd = { .b1, .u2, .s2 };
            .xa = { .u4, .s4, .b1, .u2, .s2 };
            .xb = { .u4, .s4, .b1, .u2, .s2, .bf16 };
            .xc = { .u4, .s4, .b1, .u2, .s2, .bf16, .tf32 };
            @operand d c : .b32 vec(2)
            @operand a : .b32 vec(4)
            @operand b : .b32 vec(2)
            @repeatable .u4 .s4 .b1 .u2 .s2 .bf16 .tf32
            ---
            @section ldmatrix
            ldmatrix.sync.aligned.m8n16.x1.dst_fmt.src_fmt  {d0}, [p];
            .dst_fmt = { .b8x16 };
            .src_fmt = { .b6x16_p32, .b4x16_p64 };
            @operand d0 : reg .b32
            ---
            @section movmatrix
            movmatrix.sync.aligned.m8n8.trans.b16  d, a;
            @operand d : reg .b32
            @operand a : val .f32 literals(0f)
            """.replace("META", META);

    static final String DECLS = ".reg .pred %p<3>; .reg .b16 %rs<3>; .reg .b32 %r<40>; .reg .u32 %u<9>; "
            + ".reg .s32 %s<50>; .reg .f32 %f<9>; .reg .f16x2 %hh<3>; .reg .b64 %rd<9>; .global .b8 g[64];";

    private static List<Diagnostic> lint(String insn) {
        InstructionSet isa = InstructionSet.of(Map.of("t.ptxisa", DATA));
        String src = ".version 9.0\n.target sm_120a\n.address_size 64\n.visible .entry k()\n{\n" + DECLS + "\n" + insn
                + "\nret;\n}\n";
        return new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(src).stream()
                .filter(d -> d.code().startsWith("PTX02")).collect(Collectors.toList());
    }

    private static String codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).collect(Collectors.joining(" "));
    }

    private static final String SP = "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r16, %r17}, {%r24, %r25}, "
            + "{%r32, %r33}, {%r20, %r21}, ";
    private static final String SPI = "mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32 {%s16, %s17, %s18, %s19}, ";
    private static final String SPI_REST = ", {%r32, %r33}, {%s40, %s41, %s42, %s43}, %r6, 1;";
    private static final String KIND = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4";
    private static final String KIND_OPS = " {%r16, %r17}, {%r24, %r25, %r26, %r27}, {%r32, %r33}, {%r20, %r21};";

    /** The metadata e: any 32-bit register, a predicate, a 0f constant, a vector of 1, 2, 4 or 8. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"%r6", "%u6", "%s6", "%f6", "%hh1", "%p1", "!%p1", "0f3F800000", "{%r6}",
            "{0f3F800000}", "{%r6, %r7}", "{%r6, %r7, %r8, %r9}", "{%r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13}",
            "{%p1, %p2}", "{%r6, 1}", "{%r6, 1.5}"})
    void metadataAccepted(String e) {
        assertEquals("", codes(lint(SP + e + ", 0;")), e);
    }

    /** ptxas: Arguments mismatch / Illegal vector size / must be register. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"%rd1|PTX0213", "%rs1|PTX0213", "0|PTX0214", "-1|PTX0214",
            "4294967296|PTX0214", "0d3FF0000000000000|PTX0214", "1.5|PTX0214", "{1}|PTX0214",
            "{%r6, %r7, %r8}|PTX0215", "{%r6, %r7, %r8, %r9, %r10}|PTX0215", "[g]|PTX0215", "g|PTX0215",
            "%r6.h0|PTX0222"})
    void metadataRejected(String e, String code) {
        assertEquals(code, codes(lint(SP + e + ", 0;")), e);
    }

    /** The sparse integer A fragment: the manual's vector of 2, or one such element alone; not {%r1}. */
    @Test
    void sparseIntegerFragment() {
        for (String a : new String[] {"{%r24, %r25}", "%r21", "%f1", "%p1", "0f3F800000", "{%r21, 1}"}) {
            assertEquals("", codes(lint(SPI + a + SPI_REST)), a);
        }
        assertEquals("PTX0215", codes(lint(SPI + "{%r21}" + SPI_REST)));
        assertEquals("PTX0215", codes(lint(SPI + "{%r24, %r25, %r26, %r27}" + SPI_REST)));
        assertEquals("PTX0214", codes(lint(SPI + "1" + SPI_REST)));
        assertEquals("PTX0213", codes(lint(SPI + "%rs1" + SPI_REST)));
        assertEquals("operand a of 'mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32' is a scalar or a vector of"
                + " 2 {...}; this one has 1", lint(SPI + "{%r21}" + SPI_REST).get(0).message());
        assertEquals("operand a of 'mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32' takes only 0f (0fXXXXXXXX)"
                + " constants, not this constant", lint(SPI + "1" + SPI_REST).get(0).message());
    }

    /** movmatrix's .f32 source: 0f constants only (0d and decimal: Arguments mismatch). */
    @Test
    void literals() {
        assertEquals("", codes(lint("movmatrix.sync.aligned.m8n8.trans.b16 %r1, 0f3F800000;")));
        assertEquals("", codes(lint("movmatrix.sync.aligned.m8n8.trans.b16 %r1, %f1;")));
        assertEquals("PTX0214", codes(lint("movmatrix.sync.aligned.m8n8.trans.b16 %r1, 1.5;")));
        assertEquals("PTX0214", codes(lint("movmatrix.sync.aligned.m8n8.trans.b16 %r1, 0d3FF0000000000000;")));
    }

    /** Layouts and ldmatrix's formats are read by position ("Illegal alayout '.col'", "Illegal modifier"). */
    @Test
    void positionalWords() {
        assertEquals("", codes(lint(SP + "%r6, 0;")));
        List<Diagnostic> d = lint(SP.replace("row.col", "col.row") + "%r6, 0;");
        assertEquals("PTX0201", codes(d));
        assertEquals("'mma' reads .row then .col by position, in this order: "
                + "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", d.get(0).message());
        assertEquals("", codes(lint("ldmatrix.sync.aligned.m8n16.x1.b8x16.b6x16_p32 {%r1}, [%rd1];")));
        assertEquals("PTX0201", codes(lint("ldmatrix.sync.aligned.m8n16.x1.b6x16_p32.b8x16 {%r1}, [%rd1];")));
    }

    /** .kind::f8f6f4: sub-byte words ptxas ignores after the types, several in a row too; not .u8 or .f32. */
    @Test
    void repeatableOptionalTypeSlots() {
        assertEquals("", codes(lint(KIND + ".f16.e2m3.e2m3.f16" + KIND_OPS)));
        for (String t : new String[] {".f16.e2m3.e2m3.u4.f16", ".f16.b1.e2m3.e2m3.f16", ".f16.e2m3.u4.e2m3.u4.f16",
                ".f16.e2m3.e2m3.f16.u4.s4.b1", ".f16.b1.b1.e2m3.e2m3.f16", ".f16.e2m3.e2m3.bf16.f16"}) {
            assertEquals("PTX0256", codes(lint(KIND + t + KIND_OPS)), t);
        }
        for (String t : new String[] {".f16.e2m3.e2m3.u8.f16", ".f16.e2m3.e2m3.f32.f16", ".f16.e2m3.e2m3.tf32.f16",
                ".u4.f16.e2m3.e2m3.f16", ".f16.u4.e2m3.e2m3.f16"}) {
            assertTrue(codes(lint(KIND + t + KIND_OPS)).matches("PTX020[78]"), t);
        }
    }

    @Test
    void malformed() {
        IsaSource.FormatException e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "movmatrix.b16 d, a;\n@operand a : val .f32 literals(0x)\n")));
        assertTrue(e.getMessage().contains("'0x'"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class, () -> InstructionSet.of(Map.of(
                "bad.ptxisa", "@positional .row\nmma.row.f16 d, a;\n")));
        assertTrue(e.getMessage().contains("@positional"), e.getMessage());
    }
}
