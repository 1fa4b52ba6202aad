package dev.ptxlint.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Replays the ptxas verdicts recorded on direct calls (testdata/ptxas/calls.tsv.gz, made by
 * scripts/ptxas-diff/calls/probe_calls.py: every formal parameter declaration crossed with every
 * kind of value, in the argument and the return list, and the counts of both lists; the same through
 * a .callprototype, and the counts through .callprototype and .calltargets labels). Each case is a
 * whole module. ptxlint must report an error exactly where ptxas rejects the module, crashes on it
 * included (a constant in the return list kills ptxas 13.0), and nowhere else: agreement is
 * required on every case.
 */
class CallVerdictsTest {

    record Case(String name, String verdict, String message, String module) {
        boolean rejected() {
            return !verdict.equals("ok");
        }
    }

    static List<Case> load() throws IOException {
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(TestData.testdata().resolve("ptxas").resolve("calls.tsv.gz"))),
                StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("#") || line.isEmpty()) {
                    continue;
                }
                String[] p = line.split("\t", -1);
                out.add(new Case(p[0], p[1], p[2], p[3].replace("\\n", "\n")));
            }
        }
        return out;
    }

    @Test
    void everyRecordedCallVerdictIsReproduced() throws IOException {
        List<Case> cases = load();
        assertTrue(cases.size() > 1500, "cases: " + cases.size());
        assertTrue(cases.stream().filter(c -> !c.rejected()).count() > 100, "accepted cases");
        assertTrue(cases.stream().anyMatch(c -> c.verdict().equals("crash")), "crash cases");
        assertTrue(cases.stream().filter(c -> c.name().startsWith("indirect") && c.rejected()).count() > 300,
                "rejected indirect calls");
        Linter linter = new Linter();
        List<String> wrong = new ArrayList<>();
        int callFindings = 0;
        for (Case c : cases) {
            List<Diagnostic> d = linter.lint(c.module());
            boolean error = d.stream().anyMatch(x -> x.severity() == Severity.ERROR);
            callFindings += (int) d.stream().filter(x -> x.code().equals("PTX0285") || x.code().equals("PTX0286")).count();
            if (error != c.rejected()) {
                wrong.add((error ? "false error " : "missed ") + c.name() + " (ptxas: " + c.verdict() + " " + c.message()
                        + "; ptxlint: " + d + ")");
            }
        }
        assertEquals(List.of(), wrong, wrong.size() + " of " + cases.size() + " disagree");
        assertTrue(callFindings > 1000, "the call checks themselves decide most cases: " + callFindings);
    }
}
