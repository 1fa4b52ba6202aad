package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The incremental linter past the caps (found by LinterFuzzTest#incrementalEdits): with more
 * diagnostics of one code than its raw store keeps, an edit gives what a full lint gives, the
 * PTX0012 note included, at the first diagnostic left out. Inputs generated.
 */
class IncrementalCapNoteTest {

    @Test
    void theCapNoteAfterAnEditIsWhereAFullLintPutsIt() {
        for (int n : new int[] {DiagnosticCap.PER_CODE + 1, 2_100, 2_500, 4_000}) {
            String text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
                    + "\t.reg .b32 %r<2>;\n" + "\tadd.s32 %r1, %r1, %q1;\n".repeat(n) + "\tret;\n}\n";
            IncrementalLinter inc = new IncrementalLinter();
            inc.lint(text);
            // an edit inside the function, then one before it
            int at = text.indexOf("\tret;");
            String next = text.substring(0, at) + "\tadd.s32 %r1, %r1, 1;\n" + text.substring(at);
            List<Diagnostic> got = inc.update(next, at, text.length() - at);
            List<Diagnostic> want = new Linter().lint(next);
            assertEquals(want, got, n + " diagnostics");
            Diagnostic note = got.stream().filter(d -> d.rule() == Rules.DIAGNOSTIC_LIMIT).findFirst().orElseThrow();
            // the 1001st use of %q1, on line 6 + 1001
            assertEquals(6 + DiagnosticCap.PER_CODE, note.range().startLine(), n + " diagnostics: " + note);
            String again = ".version 8.0\n" + next.substring(".version 8.0\n".length());
            assertEquals(new Linter().lint(again), inc.update(again, 0, next.length()), n + " diagnostics, second edit");
        }
    }
}
