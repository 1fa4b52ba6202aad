package dev.ptxlint.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.TargetsTsv;
import dev.ptxlint.isa.TargetsTsv.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Lints every module of testdata/ptxas/targets.tsv whose verdict depends on the header alone and
 * checks that ptxlint reports an error exactly where ptxas 13.0 rejects the module.
 *
 * <p>Left out: section {@code arch} (the verdict depends on ptxas's -arch, which a linter does
 * not know), {@code feature} and {@code compare} (instruction rules), and cases whose only
 * failure is a mismatch between .target and -arch, or that pass only because -arch is a virtual
 * architecture (parse only).
 */
class HeaderVerdictsTest {

    private static final Set<String> SECTIONS = Set.of("version", "scan", "grid", "options");

    static boolean archOnly(Row r) {
        if (r.arch().startsWith("compute_")) {
            return true;
        }
        if (r.accepted()) {
            return false;
        }
        for (String m : r.messages().split(" \\| ")) {
            boolean mismatch = m.startsWith("warning") || m.contains("higher than default SM version")
                    || m.contains("cannot be compiled");
            if (!mismatch) {
                return false;
            }
        }
        return true;
    }

    @Test
    void errorExactlyWherePtxasRejectsTheHeader() {
        Linter linter = new Linter();
        List<String> falseErrors = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        int checked = 0;
        int left = 0;
        for (Row r : TargetsTsv.load()) {
            if (!SECTIONS.contains(r.section())) {
                continue;
            }
            if (archOnly(r)) {
                left++;
                continue;
            }
            checked++;
            List<Diagnostic> diags = linter.lint(r.source());
            Diagnostic err = diags.stream().filter(d -> d.severity() == Severity.ERROR).findFirst().orElse(null);
            if (r.accepted() && err != null) {
                falseErrors.add(r.id() + " " + r.version() + " / " + r.target() + " -> " + err.code() + " "
                        + err.message());
            } else if (!r.accepted() && err == null) {
                missed.add(r.id() + " " + r.module() + " " + r.version() + " / " + r.target() + " (ptxas: "
                        + r.messages() + ")");
            }
        }
        System.out.printf("header verdicts: %d cases checked, %d left out (-arch dependent)%n", checked, left);
        assertTrue(checked > 9000, "expected the recorded header verdicts");
        assertEquals(List.of(), falseErrors.subList(0, Math.min(20, falseErrors.size())),
                falseErrors.size() + " modules ptxas accepts get an error from ptxlint");
        assertEquals(List.of(), missed.subList(0, Math.min(20, missed.size())),
                missed.size() + " modules ptxas rejects get no error from ptxlint");
    }
}
