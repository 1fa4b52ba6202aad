package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Checks;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Parser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link FormChecks} and {@link IsaChecks} made together ({@code Checks}) look each instruction's
 * spelling up once between them, and {@link FormChecks} reads every instruction with one reused
 * {@link FormAnalysis}: neither may change a diagnostic.
 */
class SharedSpellingsTest {

    /** Every diagnostic, with every field that reaches the output. */
    private static List<String> lint(String text, List<InstructionCheck> checks) {
        return lint(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), checks);
    }

    private static List<String> lint(byte[] text, List<InstructionCheck> checks) {
        List<Diagnostic> ds = new ArrayList<>();
        try {
            new Linter(checks).lint(new java.io.ByteArrayInputStream(text), ds::add);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> out = new ArrayList<>();
        for (Diagnostic d : ds) {
            out.add(d.code() + " " + d.severity() + " " + d.message() + " " + d.range().startColumn() + "|"
                    + d.range() + " " + d.fixes());
        }
        return out;
    }

    @Test
    void sharedLookupAndReusedAnalysisReportAsSeparateChecksDo() throws IOException {
        List<Path> files = new ArrayList<>(TestData.ptxFiles("fixtures"));
        files.addAll(TestData.ptxFiles("valid"));
        int withFindings = 0;
        for (Path f : files) {
            if (Files.size(f) > 150_000) {
                continue; // the big nvcc modules add time, not cases
            }
            byte[] text = Files.readAllBytes(f);
            FormChecks forms = new FormChecks();
            List<String> shared = lint(text, List.of(forms, new IsaChecks(forms), new OperandSyntax()));
            List<String> apart = lint(text, List.of(new FormChecks(), new IsaChecks(), new OperandSyntax()));
            assertEquals(apart, shared, f.toString());
            withFindings += shared.isEmpty() ? 0 : 1;
        }
        assertTrue(withFindings > 50, "the fixtures have findings of these checks: " + withFindings);
    }

    /** One module linted with one set of checks, instruction after instruction of changing spellings. */
    @Test
    void aReusedSetReportsEachInstructionAsAFreshSetWould() {
        String head = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
                + ".reg .pred %p<4>;\n.reg .b32 %r<8>;\n.reg .f32 %f<8>;\n";
        String[] insns = {
            "setp.lt.s32 %p1, %r1, %r2;", "setp.lt.and.s32 %p1, %r1, %r2, %p2;", "setp.lt.s32.ftz %p1, %r1, %r2;",
            "setp.ltx.f32 %p1, %f1, %f2;", "setp.lt.f32.s32 %p1, %f1, %f2;", "selp.b32 %r1, %r2, %r3, %p1;",
            "set.lt.u32.f32 %r1, %f1, %f2;", "setp.eq.or.f32 %p1|%p2, %f1, %f2, %p3;", "add.s32 %r1, %r2, %r3;",
            "setp.lo.f32 %p1, %f1, %f2;", "slct.f32.s32 %f1, %f2, %f3, %r1;", "setp.f32.lt %p1, %f1, %f2;",
        };
        StringBuilder all = new StringBuilder(head);
        List<String> one = new ArrayList<>();
        for (String i : insns) {
            all.append(i).append('\n');
            one.addAll(lint(head + i + "\nret;\n}\n", Checks.withFold(new dev.ptxlint.checker.fold.FoldCheck())));
        }
        all.append("ret;\n}\n");
        List<String> together = lint(all.toString(), Checks.withFold(new dev.ptxlint.checker.fold.FoldCheck()));
        assertFalse(together.isEmpty());
        // the same findings, in the same order (their lines and offsets differ)
        assertEquals(codesAndMessages(one), codesAndMessages(together));
    }

    private static List<String> codesAndMessages(List<String> l) {
        List<String> out = new ArrayList<>();
        for (String s : l) {
            out.add(s.substring(0, s.indexOf('|')));
        }
        return out;
    }

    @Test
    void oneLookupPerInstructionAndOneEntryPerSpelling() {
        Parser p = new Parser(Lexer.of(".version 8.0\n.target sm_90\n.visible .entry k()\n{\n.reg .b32 %r<4>;\n"
                + "add.s32 %r1, %r2, %r3;\nadd.s32 %r1, %r2, %r3;\nadd.u32 %r1, %r2, %r3;\n}\n"), x -> { });
        List<Ast.Instruction> insns = new ArrayList<>();
        Ast.TopLevel t;
        while ((t = p.next()) != null) {
            if (t instanceof Ast.Function fn && fn.body() != null) {
                for (Ast.Statement s : fn.body().statements()) {
                    if (s instanceof Ast.Instruction i) {
                        insns.add(i);
                    }
                }
            }
        }
        assertEquals(3, insns.size());
        Spellings sp = new Spellings();
        Spellings.Spelling a = sp.get(insns.get(0));
        assertNotNull(a);
        assertSame(a, sp.get(insns.get(0)));
        assertSame(a, sp.get(insns.get(1)), "the same spelling, another instruction");
        Spellings.Spelling c = sp.get(insns.get(2));
        assertEquals("add", c.opcode);
        assertEquals(List.of(".u32"), List.of(c.mods));
        assertFalse(a == c);
    }
}
