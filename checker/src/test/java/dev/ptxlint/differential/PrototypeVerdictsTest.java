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
 * Replays the ptxas verdicts recorded on the declarations of one function (testdata/ptxas/prototypes.tsv.gz,
 * made by scripts/ptxas-diff/calls/probe_prototypes.py: a prototype alone, with each linkage, unused,
 * called or its address taken; two declarations with every pair of linkages, with and without a body;
 * a prototype and a definition whose signatures differ). Each module was judged whole-program and with
 * {@code -c}. Where both agree, ptxlint must report an error exactly when they reject the module; where
 * only whole-program compilation rejects it (an {@code .extern} function used but defined in no module:
 * a property of the link, docs/ptxas-behaviour.md §19), ptxlint must report no error.
 */
class PrototypeVerdictsTest {

    record Case(String name, String whole, String separate, String message, String module) {
    }

    static List<Case> load(java.nio.file.Path file) throws IOException {
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("#") || line.isEmpty()) {
                    continue;
                }
                String[] p = line.split("\t", -1);
                out.add(new Case(p[0], p[1], p[2], p[3], p[4].replace("\\n", "\n")));
            }
        }
        return out;
    }

    @Test
    void everyRecordedPrototypeVerdictIsReproduced() throws IOException {
        List<Case> cases = load(TestData.testdata().resolve("ptxas").resolve("prototypes.tsv.gz"));
        assertTrue(cases.size() > 800, "cases: " + cases.size());
        assertTrue(cases.stream().filter(c -> c.separate().equals("ok")).count() > 50, "accepted cases");
        assertTrue(cases.stream().anyMatch(c -> !c.whole().equals(c.separate())), "cases only -c accepts");
        int findings = disagreements(cases);
        assertTrue(findings > 500, "the declaration checks themselves decide most cases: " + findings);
    }

    /**
     * The hand-written module-level mistakes of scripts/ptxas-diff/decl/user_mistakes.py
     * (testdata/ptxas/user-mistakes.tsv.gz): declarations, initialisers, linkage, directives,
     * parameters and calls as a user gets them wrong; main at the start of decls3 disagreed on 16.
     */
    @Test
    void everyHandWrittenMistakeIsJudgedAsPtxasJudgesIt() throws IOException {
        List<Case> cases = load(TestData.testdata().resolve("ptxas").resolve("user-mistakes.tsv.gz"));
        assertTrue(cases.size() >= 50, "cases: " + cases.size());
        assertTrue(cases.stream().filter(c -> !c.separate().equals("ok")).count() >= 45, "rejected cases");
        disagreements(cases);
    }

    /** Asserts that ptxlint agrees on every case; returns how many PTX0130/PTX0131 it reported. */
    private static int disagreements(List<Case> cases) {
        Linter linter = new Linter();
        List<String> wrong = new ArrayList<>();
        int findings = 0;
        for (Case c : cases) {
            List<Diagnostic> d = linter.lint(c.module());
            boolean error = d.stream().anyMatch(x -> x.severity() == Severity.ERROR);
            findings += (int) d.stream().filter(x -> x.code().equals("PTX0130") || x.code().equals("PTX0131")).count();
            boolean rejected = !c.whole().equals("ok") && !c.separate().equals("ok");
            if (error != rejected) {
                wrong.add((error ? "false error " : "missed ") + c.name() + " (ptxas: " + c.whole() + "/" + c.separate()
                        + " " + c.message() + "; ptxlint: " + d + ")");
            }
        }
        assertEquals(List.of(), wrong, wrong.size() + " of " + cases.size() + " disagree");
        return findings;
    }
}
