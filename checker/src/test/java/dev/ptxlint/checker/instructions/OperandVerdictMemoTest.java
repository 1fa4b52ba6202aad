package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link IsaChecks} counts the operand problems of a spelling's bindings once per kind-and-register-type
 * key of the operands and reuses the counts: it must report exactly what the walk of every
 * instruction's operands reports.
 */
class OperandVerdictMemoTest {

    private static List<String> lint(byte[] text, boolean memo) {
        List<String> out = new ArrayList<>();
        for (Diagnostic d : diagnostics(text, memo)) {
            out.add(d.code() + " " + d.severity() + " " + d.message() + " " + d.range() + " " + d.fixes());
        }
        return out;
    }

    /** Code and message only: the same findings of instructions linted one by one, whose lines differ. */
    private static List<String> messages(String text, boolean memo) {
        List<String> out = new ArrayList<>();
        for (Diagnostic d : diagnostics(text.getBytes(StandardCharsets.UTF_8), memo)) {
            out.add(d.code() + " " + d.message());
        }
        return out;
    }

    private static List<Diagnostic> diagnostics(byte[] text, boolean memo) {
        FormChecks forms = new FormChecks();
        IsaChecks isa = memo ? new IsaChecks(forms) : IsaChecks.withoutMemo(forms);
        List<InstructionCheck> checks = List.of(forms, isa, new OperandSyntax());
        List<Diagnostic> ds = new ArrayList<>();
        try {
            new Linter(checks).lint(new ByteArrayInputStream(text), ds::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ds;
    }

    private static List<String> lint(String text, boolean memo) {
        return lint(text.getBytes(StandardCharsets.UTF_8), memo);
    }

    @Test
    void theMemoReportsAsTheWalkOnEveryFixtureAndValidFile() throws IOException {
        List<Path> files = new ArrayList<>(TestData.ptxFiles("fixtures"));
        files.addAll(TestData.ptxFiles("valid"));
        int withFindings = 0;
        for (Path f : files) {
            if (Files.size(f) > 150_000) {
                continue; // the big nvcc modules add time, not cases
            }
            byte[] text = Files.readAllBytes(f);
            List<String> memo = lint(text, true);
            assertEquals(lint(text, false), memo, f.toString());
            withFindings += memo.isEmpty() ? 0 : 1;
        }
        assertTrue(withFindings > 50, "the fixtures have findings of these checks: " + withFindings);
    }

    private static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            + ".reg .pred %p<4>;\n.reg .b16 %rs<4>;\n.reg .b32 %r<8>;\n.reg .u32 %u<4>;\n.reg .s32 %s<4>;\n"
            + ".reg .b64 %rd<4>;\n.reg .f32 %f<8>;\n.reg .f64 %fd<4>;\n.reg .f16x2 %h<4>;\n";

    /**
     * One spelling again and again with operands of other kinds and register types, the right ones and
     * wrong ones interleaved, so that later instructions meet the counts of earlier ones: the same
     * diagnostics, each on its own line.
     */
    @Test
    void aSpellingMetWithOtherOperandTypesIsCheckedForEach() {
        String[] insns = {
            "add.s32 %r1, %r2, %r3;", "add.s32 %r1, %f2, %r3;", "add.s32 %r1, %r2, %r3;", "add.s32 %r1, %fd2, %r3;",
            "add.s32 %r1, %r2, 1;", "add.s32 %r1, %r2, 1.0;", "add.s32 %r1, %r2, 0f3F800000;", "add.s32 %r1, %r2, 1;",
            "add.s32 %r1, %rd2, %r3;", "add.s32 _, %r2, %r3;", "add.s32 %p1, %r2, %r3;",
            "add.s32 %r1, %r2, %f3;", "add.s32 %f1, %r2, %r3;", "add.s32 %r1, %r2, %r3;", "add.s32 %r1, %r2;",
            "add.s32 %r1, %r2, %r3, %r4;", "add.s32 1, %r2, %r3;", "add.s32 %r1, %h2, %r3;",
            "mov.b32 %r1, %f1;", "mov.b32 %f1, %r1;", "mov.b32 %r1, %rd1;", "mov.b32 %r1, %p1;", "mov.b32 %r1, 7;",
            "mov.b32 %p1, %r1;", "mov.b32 %r1, %h1;", "mov.b32 %rd1, %r1;", "mov.b32 %r1, %f1;",
            "selp.b32 %r1, %r2, %r3, %p1;", "selp.b32 %r1, %r2, %r3, %r4;", "selp.b32 %r1, %r2, %r3, 1;",
            "selp.b32 %r1, %r2, %r3, %p1;", "setp.lt.s32 %p1, %r1, %r2;", "setp.lt.s32 %r1, %r1, %r2;",
            "cvt.rn.f32.s32 %f1, %r1;", "cvt.rn.f32.s32 %r1, %f1;", "cvt.rn.f32.s32 %f1, %rd1;",
            // a constant's value is checked here: the memo takes registers only
            "bfe.u32 %r1, %r2, 4, 8;", "bfe.u32 %r1, %r2, 4294967296, 8;", "bfe.u32 %r1, %r2, 4, 8;",
            "bfe.u32 %r1, %r2, %r3, %r4;", "bfe.u32 %r1, %f2, %r3, %r4;", "bfe.u32 %r1, %r2, %r3, %r4;",
            "shfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;", "shfl.sync.bfly.b32 %r1, %r2, 1, 32, -1;",
            "shfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;", "shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;",
        };
        StringBuilder all = new StringBuilder(HEAD);
        for (String i : insns) {
            all.append(i).append('\n');
        }
        all.append("ret;\n}\n");
        List<String> memo = lint(all.toString(), true);
        assertEquals(lint(all.toString(), false), memo);
        // each wrong instruction has its finding: none is lost to the counts of a right one before it
        List<String> one = new ArrayList<>();
        for (String i : insns) {
            one.addAll(messages(HEAD + i + "\nret;\n}\n", false));
        }
        assertEquals(one, messages(all.toString(), true));
        assertTrue(memo.size() > 15, memo.toString());
    }

    /** More keys for one spelling than the memo keeps: those past the limit are walked, with the same findings. */
    @Test
    void keysPastTheLimitAreWalked() {
        String[] regs = {"%r1", "%u1", "%s1", "%f1", "%fd1", "%rd1", "%rs1", "%p1", "%h1", "1", "1.0", "0f3F800000",
            "0d3FF0000000000000"};
        StringBuilder all = new StringBuilder(HEAD);
        int n = 0;
        for (String a : regs) {
            for (String b : regs) {
                // ('_' only as the destination: as a source it is a syntax error, and the ISA checks leave the
                // instructions before one alone)
                all.append("add.u32 ").append(n % 5 == 0 ? "_" : "%r1").append(", ").append(a).append(", ").append(b)
                        .append(";\n");
                n++;
            }
        }
        assertTrue(n > 4 * IsaChecks.MEMO_LIMIT);
        // and again, now that the memo is full
        for (String a : regs) {
            all.append("add.u32 %r1, ").append(a).append(", %r2;\n");
        }
        all.append("ret;\n}\n");
        List<String> memo = lint(all.toString(), true);
        assertEquals(lint(all.toString(), false), memo);
        assertTrue(memo.size() > n / 2, memo.toString());
    }
}
