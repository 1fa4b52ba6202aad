package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
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
 * The engine of the whole-ISA checks on a small data file written here, so that each behaviour
 * is pinned independently of the shipped data. Every verdict below was checked with ptxas 13.0
 * (the shipped data files describe these instructions in full; these excerpts only exercise the
 * mechanisms).
 */
class IsaChecksTest {

    static final String DATA = """
            @section add
            add.type       d, a, b;
            add{.sat}.s32  d, a, b;
            .type = { .u16, .u32, .u64, .s16, .s32, .s64 };
            ---
            add.type       d, a, b;
            .type = { .u16x2, .s16x2 };
            @operand d, a, b : .b32
            @since 8.0 sm_90
            ---
            add{.rnd}{.ftz}{.sat}.f32  d, a, b;
            add{.rnd}.f64              d, a, b;
            .rnd = { .rn, .rz, .rm, .rp };
            ---
            @section mad
            mad.lo.type  d, a, b, c;
            mad.hi.type  d, a, b, c;
            mad.hi.sat.s32 d, a, b, c;
            .type = { .u16, .u32, .u64, .s16, .s32, .s64 };
            ---
            mad.wide.type d, a, b, c;
            .type = { .u16, .u32, .s16, .s32 };
            @operand d, c : .type wide
            ---
            mad.rnd{.ftz}{.sat}.f32  d, a, b, c;
            .rnd = { .rn, .rz, .rm, .rp };
            ---
            ld{.ss}{.vec}.type  d, [a];
            .ss = { .global, .shared, .shared::cta };
            .vec = { .v2, .v4 };
            .type = { .b32, .b64, .u32, .u64, .s32, .f32, .f64 };
            @operand d : vec(.vec) relaxed
            ---
            shl.type d, a, b;
            .type = { .b16, .b32, .b64 };
            @operand b : .u32
            ---
            cp.async.wait_group N;
            @operand N : imm .u32
            @since 7.0 sm_80
            ---
            wgmma.fence.sync.aligned;
            @since 8.0 sm_90a
            ---
            tcgen05.fence::before_thread_sync;
            @since 8.6 sm_100f
            @ignores .pred : shl
            """;

    static final String DECLS = ".reg .b32 %r<9>; .reg .f32 %f<9>; .reg .b64 %rd<9>; .reg .pred %p<3>; "
            + ".reg .f64 %fd<3>; .reg .u16 %rs<3>;";

    private static List<Diagnostic> lint(String version, String target, String insn) {
        InstructionSet isa = InstructionSet.of(Map.of("t.ptxisa", DATA));
        String src = ".version " + version + "\n.target " + target + "\n.address_size 64\n.visible .entry k()\n{\n"
                + DECLS + "\n" + insn + "\nret;\n}\n";
        return new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(src).stream()
                .filter(d -> d.code().startsWith("PTX02")).collect(Collectors.toList());
    }

    private static List<Diagnostic> lint(String insn) {
        return lint("9.0", "sm_90", insn);
    }

    private static String codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).collect(Collectors.joining(" "));
    }

    /** Instructions ptxas accepts: no finding. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "add.s32 %r1, %r2, %r3;",
            "add.sat.s32 %r1, %r2, 5;",
            "add.u32 %r1, %r2, 0x10;",
            "add.rn.ftz.f32 %f1, %f2, 0f3F800000;",
            "add.ftz.rn.f32 %f1, %f2, %f3;",           // any order
            "add.f32 %f1, %f2, %r3;",                   // .b32 register in a .f32 slot
            "add.f64 %fd1, %fd2, 0d3FF0000000000000;",
            "mad.lo.s32 %r1, %r2, %r3, %r4;",
            "mad.wide.s32 %rd1, %r2, %r3, %rd4;",
            "mad.rn.f32 %f1, %f2, %f3, %f4;",
            "ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];",
            "ld.global.f32 %f1, [%rd1];",
            "ld.global.u32 %rd1, [%rd1];",              // relaxed: a wider destination
            "ld.shared::cta.b32 %r1, [%rd1+8];",
            "shl.b32 %r1, %r2, 3;",
            "shl.b64 %rd1, %rd2, %r3;",
            "cp.async.wait_group 0;",
            "add.u16x2 %r1, %r2, %r3;",
    })
    void accepted(String insn) {
        assertEquals("", codes(lint(insn)), insn);
    }

    /** Instructions ptxas rejects: the code and the text the finding covers. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "add.s32zz %r1, %r2, %r3;           | PTX0200 | .s32zz",
            "add.rni.s32 %r1, %r2, %r3;         | PTX0201 | .rni",
            "add.sat.sat.s32 %r1, %r2, %r3;     | PTX0202 | .sat",
            "add.rn.rz.f32 %f1, %f2, %f3;       | PTX0203 | .rz",
            "add.b8 %r1, %r2, %r3;              | PTX0207 | .b8",
            "add.s32.s32 %r1, %r2, %r3;         | PTX0207 | .s32",
            "mad.lo.f32 %f1, %f2, %f3, %f4;     | PTX0208 | .f32",
            "mad.s32 %r1, %r2, %r3, %r4;        | PTX0218 | mad.s32",
            "add.s32 %r1, %r2;                  | PTX0212 | add.s32 %r1, %r2;",
            "add.s32 %r1, %r2, %r3, %r4;        | PTX0212 | %r4",
            "add.u32 %r1, %f2, %r3;             | PTX0213 | %f2",
            "add.u32 %rd1, %r2, %r3;            | PTX0213 | %rd1",
            "mad.wide.s32 %r1, %r2, %r3, %rd4;  | PTX0213 | %r1",
            "shl.b32 %r1, %r2, %f1;             | PTX0213 | %f1",
            "add.f32 %f1, %f2, 1;               | PTX0214 | 1",
            "add.u32 %r1, %r2, 0f3F800000;      | PTX0214 | 0f3F800000",
            "add.u32 1, %r2, %r3;               | PTX0214 | 1",
            "ld.global.v4.f32 {%f1, %f2, %f3}, [%rd1]; | PTX0215 | '{%f1, %f2, %f3}'",
            "ld.global.v2.f32 %f1, [%rd1];      | PTX0215 | %f1",
            "ld.global.f32 %f1, %rd1;           | PTX0215 | %rd1",
            "ld.global.f32 {%f1, %f2}, [%rd1];  | PTX0215 | '{%f1, %f2}'",
            "cp.async.wait_group %r1;           | PTX0215 | %r1",
    })
    void rejected(String insn, String code, String covered) {
        List<Diagnostic> ds = lint(insn);
        assertEquals(code, codes(ds), insn + ": " + ds);
        String src = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n" + DECLS + "\n" + insn
                + "\nret;\n}\n";
        Diagnostic d = ds.get(0);
        assertEquals(covered, src.substring((int) d.range().startOffset(), (int) d.range().endOffset()));
    }

    @Test
    void messagesNameTheLegalForms() {
        assertEquals("'.s32zz' is not a modifier of 'add'; did you mean '.s32'?",
                lint("add.s32zz %r1, %r2, %r3;").get(0).message());
        String m = lint("mad.lo.f32 %f1, %f2, %f3, %f4;").get(0).message();
        assertTrue(m.contains("'.f32' is used in mad.rnd{.ftz}{.sat}.f32") && m.contains("mad.lo.type"), m);
        assertEquals("'mad.s32' needs a modifier: one of mad.lo.type, mad.hi.type, mad.hi.sat.s32, mad.wide.type",
                lint("mad.s32 %r1, %r2, %r3, %r4;").get(0).message());
        assertEquals("'.rn' and '.rz' cannot be combined: both are .rnd (one of .rn, .rz, .rm, .rp); write one",
                lint("add.rn.rz.f32 %f1, %f2, %f3;").get(0).message());
        assertEquals("operand d of 'ld.global.v4.f32' is a vector of 4 (.v4); this one has 3",
                lint("ld.global.v4.f32 {%f1, %f2, %f3}, [%rd1];").get(0).message());
        assertEquals("'%f1' is .f32, but operand b of 'shl.b32' is a .u32 register or constant",
                lint("shl.b32 %r1, %r2, %f1;").get(0).message());
    }

    /** A word ptxas ignores on an opcode is a warning with a fix, and the rest is checked without it. */
    @Test
    void ignoredWords() {
        assertEquals("PTX0257", codes(lint("shl.b32.pred %r1, %r2, 3;")));
        String src = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n" + DECLS
                + "\nshl.b32.pred %r1, %r2, %f1;\nret;\n}\n";
        List<Diagnostic> all = new Linter(List.of(new IsaChecks(InstructionSet.of(Map.of("t.ptxisa", DATA)), Set.of())))
                .lint(src);
        assertEquals("PTX0257 PTX0213", codes(all));
        assertEquals("Remove '.pred'", all.get(0).fixes().get(0).title());
        assertEquals("PTX0207", codes(lint("add.s32.pred %r1, %r2, %r3;"))); // not ignored on add here
    }

    @Test
    void versionsAndTargets() {
        assertEquals("PTX0216", codes(lint("7.8", "sm_90", "add.u16x2 %r1, %r2, %r3;")));
        assertEquals("PTX0216", codes(lint("8.0", "sm_80", "add.u16x2 %r1, %r2, %r3;")));
        assertEquals("", codes(lint("8.0", "sm_90", "add.u16x2 %r1, %r2, %r3;")));
        assertEquals("'add.u16x2' requires .version 8.0 or later; the module declares 7.8",
                lint("7.8", "sm_90", "add.u16x2 %r1, %r2, %r3;").get(0).message());
        // sm_90a only: an architecture-specific feature
        assertEquals("", codes(lint("8.0", "sm_90a", "wgmma.fence.sync.aligned;")));
        assertEquals("PTX0216", codes(lint("8.0", "sm_90", "wgmma.fence.sync.aligned;")));
        assertEquals("PTX0216", codes(lint("8.6", "sm_100a", "wgmma.fence.sync.aligned;")));
        assertEquals("'wgmma.fence.sync.aligned' requires .target sm_90a; the module targets sm_90",
                lint("8.0", "sm_90", "wgmma.fence.sync.aligned;").get(0).message());
        // sm_100f: the family, with an a or f suffix
        assertEquals("", codes(lint("8.8", "sm_100a", "tcgen05.fence::before_thread_sync;")));
        assertEquals("", codes(lint("8.8", "sm_103f", "tcgen05.fence::before_thread_sync;")));
        assertEquals("PTX0216", codes(lint("8.8", "sm_100", "tcgen05.fence::before_thread_sync;")));
        assertEquals("PTX0216", codes(lint("8.8", "sm_120a", "tcgen05.fence::before_thread_sync;")));
    }

    @Test
    void malformedDataNamesFileAndLine() {
        IsaSource.FormatException e = assertThrows(IsaSource.FormatException.class,
                () -> InstructionSet.of(Map.of("bad.ptxisa", "add.type d, a, b\n.type = { .u32 };\n")));
        assertTrue(e.getMessage().startsWith("bad.ptxisa:1: "), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class,
                () -> InstructionSet.of(Map.of("bad.ptxisa", "add.type d, a, b;\n.type = { .u32 };\n@operand q : .u32\n")));
        assertTrue(e.getMessage().contains("'q'"), e.getMessage());
        e = assertThrows(IsaSource.FormatException.class,
                () -> InstructionSet.of(Map.of("bad.ptxisa", "add.type d, a, b;\n.type = { .u32 };\n@since 9.9.9\n")));
        assertTrue(e.getMessage().startsWith("bad.ptxisa:3: "), e.getMessage());
    }

    /** The shipped data loads, and every file in the directory is in the index (and back). */
    @Test
    void shippedDataLoadsAndTheIndexListsEveryFile() throws java.io.IOException {
        InstructionSet.get().formCount(); // compiles every form: throws on malformed data
        java.nio.file.Path dir = TestData.testdata().getParent()
                .resolve("checker/src/main/resources/dev/ptxlint/isa");
        Set<String> files;
        try (var s = java.nio.file.Files.list(dir)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".ptxisa"))
                    .collect(Collectors.toCollection(java.util.TreeSet::new));
        }
        Set<String> indexed = new java.util.TreeSet<>();
        for (String line : java.nio.file.Files.readAllLines(dir.resolve("index.txt"))) {
            line = line.replaceAll("#.*", "").strip();
            if (!line.isEmpty()) {
                assertTrue(indexed.add(line), "listed twice in index.txt: " + line);
            }
        }
        assertEquals(files, indexed, "index.txt and the .ptxisa files in " + dir);
    }
}
