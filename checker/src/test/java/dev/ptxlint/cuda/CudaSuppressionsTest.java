package dev.ptxlint.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Suppression comments in CUDA sources (docs/suppressions.md): C++ comments before, after or
 * inside an asm statement, and PTX comments inside its template.
 */
class CudaSuppressionsTest {

    /** A statement whose PTX has a constant comparison (PTX0300, a warning) on the template's line. */
    static final String CONSTANT_SETP = "asm(\"{ .reg .pred p; setp.eq.s32 p, 1, 1; }\");";

    static List<String> lint(LintSettings settings, String... lines) {
        String src = String.join("\n", lines) + "\n";
        List<String> out = new ArrayList<>();
        for (Diagnostic d : new CudaLinter(settings).lint(src).diagnostics()) {
            out.add(d.code() + "@" + (d.range().startLine() + 1) + ":" + (d.range().startColumn() + 1));
        }
        return out;
    }

    static List<String> lint(String... lines) {
        return lint(LintSettings.DEFAULT, lines);
    }

    @Test
    void withoutACommentTheWarningIsReportedInsideTheString() {
        assertEquals(List.of("PTX0300@2:24"), lint("__device__ void f() {", "  " + CONSTANT_SETP, "}"));
    }

    @Test
    void nextLineBeforeAStatementAndSameLineAfterIt() {
        assertEquals(List.of(), lint("__device__ void f() {", "  // ptxlint-disable-next-line PTX0300",
                "  " + CONSTANT_SETP, "}"));
        assertEquals(List.of(), lint("__device__ void f() {", "  /* ptxlint-disable-next-line constant-comparison */",
                "  " + CONSTANT_SETP, "}"));
        assertEquals(List.of(), lint("__device__ void f() {",
                "  " + CONSTANT_SETP + " // ptxlint-disable-line PTX0300 -- generated on purpose", "}"));
        // another code does not cover it, and is itself reported as unused (on the comment, in the .cu file)
        assertEquals(List.of("PTX0401@2:3", "PTX0300@3:24"), lint("__device__ void f() {",
                "  // ptxlint-disable-next-line PTX0301", "  " + CONSTANT_SETP, "}"));
        // a blank line between: the comment applies to the blank line only
        assertEquals(List.of("PTX0401@2:3", "PTX0300@4:24"), lint("__device__ void f() {",
                "  // ptxlint-disable-next-line PTX0300", "", "  " + CONSTANT_SETP, "}"));
    }

    @Test
    void nextLineBeforeAMultiLineStatementCoversAllOfIt() {
        String[] body = {"  asm volatile(", "      \"{ .reg .pred p;\\n\\t\"", "      \"setp.eq.s32 p, 1, 1;\\n\\t\"",
            "      \"}\");"};
        List<String> lines = new ArrayList<>(List.of("__device__ void f() {"));
        lines.addAll(List.of(body));
        lines.add("}");
        assertEquals(List.of("PTX0300@4:8"), lint(lines.toArray(String[]::new)));
        lines.add(1, "  // ptxlint-disable-next-line PTX0300");
        assertEquals(List.of(), lint(lines.toArray(String[]::new)));
    }

    @Test
    void commentsBetweenTheStringLiteralsOfAStatement() {
        String[] src = {"__device__ void f() {", "  asm volatile(", "      \"{ .reg .pred p, q;\\n\\t\"",
            "      // ptxlint-disable-next-line PTX0300", "      \"setp.eq.s32 p, 1, 1;\\n\\t\"",
            "      \"setp.eq.s32 q, 2, 2;\\n\\t\"", "      \"}\");", "}"};
        // the comment covers the literal after it, not the next one
        assertEquals(List.of("PTX0300@6:8"), lint(src));
    }

    @Test
    void rangesAcrossStatements() {
        assertEquals(List.of("PTX0300@5:24"), lint("__device__ void f() {", "  // ptxlint-disable PTX0300",
                "  " + CONSTANT_SETP, "  // ptxlint-enable PTX0300", "  " + CONSTANT_SETP, "}"));
        assertEquals(List.of(), lint("// ptxlint-disable", "__device__ void f() {", "  " + CONSTANT_SETP,
                "  " + CONSTANT_SETP, "}"));
    }

    @Test
    void ptxCommentsInsideTheTemplateStillWork() {
        assertEquals(List.of(), lint("__device__ void f() {", "  asm(\"{ .reg .pred p;\\n"
                + "// ptxlint-disable-next-line PTX0300\\n setp.eq.s32 p, 1, 1; }\");", "}"));
    }

    @Test
    void commentDiagnosticsAreReportedInTheCppFile() {
        // unknown code (with did-you-mean), a code that cannot be suppressed, an unknown directive
        assertEquals(List.of("PTX0400@2:32", "PTX0300@3:24"), lint("__device__ void f() {",
                "  // ptxlint-disable-next-line constant-comparisn", "  " + CONSTANT_SETP, "}"));
        assertEquals(List.of("PTX0402@1:30"), lint("// ptxlint-disable-next-line PTX0002", "int x;"));
        assertEquals(List.of("PTX0403@1:4"), lint("// ptxlint-disabel-next-line PTX0300", "int x;"));
        // comments that are not directives, and directive words inside string literals, are ignored
        assertEquals(List.of(), lint("// see ptxlint-disable-next-line in the docs",
                "const char *s = \"// ptxlint-disable-next-line PTX0300\";"));
    }

    @Test
    void aCommentForARuleTheConfigurationTurnsOffCountsAsUsed() {
        LintSettings off = LintSettings.DEFAULT.withDisabled("PTX0300");
        assertEquals(List.of(), lint(off, "__device__ void f() {", "  // ptxlint-disable-next-line PTX0300",
                "  " + CONSTANT_SETP, "}"));
        assertEquals(List.of(), lint(off, "__device__ void f() {", "  " + CONSTANT_SETP, "}"));
        // and levels still apply to what is not suppressed
        List<Diagnostic> ds = new CudaLinter(LintSettings.DEFAULT.withSeverity("PTX0300",
                dev.ptxlint.diag.Severity.ERROR)).lint("__device__ void f() {\n  " + CONSTANT_SETP + "\n}\n").diagnostics();
        assertEquals(1, ds.size());
        assertEquals(dev.ptxlint.diag.Severity.ERROR, ds.get(0).severity());
    }

    @Test
    void cudaDiagnosticsCanBeSuppressedToo() {
        String bad = "  asm(\"mov.u32 %0, %1;\" : \"=r\"(x));";
        assertTrue(lint("__device__ void f() {", bad, "}").contains("PTX0500@2:20"));
        assertEquals(List.of(), lint("__device__ void f() {", "  // ptxlint-disable-next-line asm-operand-out-of-range",
                bad, "}"));
    }
}
