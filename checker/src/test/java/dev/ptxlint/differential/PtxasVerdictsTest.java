package dev.ptxlint.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replays the recorded ptxas verdicts (testdata/ptxas/*.tsv, made by scripts/ptxas-diff) against
 * ptxlint without needing CUDA. Each case is testdata/ptxas/template.ptx with its version,
 * target and instruction filled in.
 *
 * <p>Enforced: no error on any case ptxas accepts (no false errors), an error on every case ptxas
 * rejects with a syntax error ({@code Parsing error}), and at least 99.9% agreement (error or not)
 * overall and per family. Disagreements are printed.
 */
class PtxasVerdictsTest {

    record Case(String id, String family, String version, String target, String instruction, String verdict,
                String messages) {
    }

    static List<Case> load(Path tsv) throws IOException {
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(tsv, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                out.add(new Case(f[0], f[1], f[2], f[3], f[5], f[6], f.length > 7 ? f[7] : ""));
            }
        }
        return out;
    }

    static String source(String template, Case c) {
        return template.replace("@VERSION@", c.version()).replace("@TARGET@", c.target())
                .replace("@BODY@", c.instruction());
    }

    static boolean hasError(List<Diagnostic> diags) {
        return diags.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    /**
     * set-family.tsv: the verdicts the rules were written against; set-family-holdout.tsv: fresh
     * mutations (another seed) recorded after the rules were written, to show they generalise;
     * video.tsv: vset, vset2 and vset4, on their own template (no .address_size line, so that
     * the version grid can go below PTX ISA 2.3); video-holdout.tsv: fresh video mutations
     * (scripts/ptxas-diff/holdout.py --family video) recorded after the video rules were written.
     */
    @ParameterizedTest
    @CsvSource({"set-family.tsv, template.ptx, 20000", "set-family-holdout.tsv, template.ptx, 5000",
            "video.tsv, template-video.ptx, 12000", "video-holdout.tsv, template-video.ptx, 3000"})
    void noFalseErrorsAndEverySyntaxErrorCaught(String file, String templateFile, int minimum) throws IOException {
        Path dir = TestData.testdata().resolve("ptxas");
        String template = Files.readString(dir.resolve(templateFile));
        List<Case> cases = load(dir.resolve(file));
        assertTrue(cases.size() > minimum, "expected the recorded verdicts in " + file);
        System.out.println("== " + file);
        Linter linter = new Linter();
        List<String> falseErrors = new ArrayList<>();
        List<String> missedFatal = new ArrayList<>();
        List<String> missedErrors = new ArrayList<>();
        List<String> all = new ArrayList<>(); // every disagreement, written to target/ for inspection
        Map<String, int[]> perFamily = new TreeMap<>(); // agree, disagree
        // per family: [ptxas rejects & error, rejects & no error, accepts & error, accepts & clean, accepts & warning]
        Map<String, int[]> confusion = new TreeMap<>();
        for (Case c : cases) {
            List<Diagnostic> diags = linter.lint(source(template, c));
            boolean err = hasError(diags);
            boolean ptxasRejects = !c.verdict().equals("ok");
            if (!ptxasRejects && err) {
                falseErrors.add(c.id() + " " + c.instruction() + " -> " + diags.get(0).code() + " "
                        + diags.get(0).message());
            }
            if (c.verdict().equals("fatal") && c.messages().contains("Parsing error") && !err) {
                missedFatal.add(c.id() + " " + c.instruction() + " (ptxas: " + c.messages() + ")");
            }
            if (ptxasRejects && !err) {
                String m = c.id() + " " + c.version() + "/" + c.target() + " " + c.instruction() + " (ptxas: "
                        + c.messages() + ")";
                all.add("missed: " + m);
                if (missedErrors.size() < 60) {
                    missedErrors.add(m);
                }
            }
            if (!ptxasRejects && err) {
                all.add("false error: " + c.id() + " " + c.version() + "/" + c.target() + " " + c.instruction()
                        + " -> " + diags.stream().filter(d -> d.severity() == Severity.ERROR)
                        .map(d -> d.code() + " " + d.message()).toList());
            }
            int[] m = confusion.computeIfAbsent(c.family(), k -> new int[5]);
            m[ptxasRejects ? (err ? 0 : 1) : (err ? 2 : 3)]++;
            if (!ptxasRejects && !err && !diags.isEmpty()) {
                m[4]++;
            }
            int[] counts = perFamily.computeIfAbsent(c.family(), k -> new int[2]);
            counts[err == ptxasRejects ? 0 : 1]++;
        }
        missedErrors.forEach(m -> System.out.println("ptxas rejects, ptxlint accepts: " + m));
        Path out = Path.of("target", "ptxas-disagreements-" + file.replace(".tsv", ".txt"));
        if (Files.isDirectory(out.getParent())) {
            Files.write(out, all, StandardCharsets.UTF_8);
        }
        perFamily.forEach((fam, n) -> System.out.printf("ptxas agreement %-10s %6d/%6d (%.2f%%)%n", fam, n[0],
                n[0] + n[1], 100.0 * n[0] / (n[0] + n[1])));
        assertEquals(List.of(), falseErrors.subList(0, Math.min(20, falseErrors.size())),
                falseErrors.size() + " cases accepted by ptxas get an error from ptxlint");
        System.out.println("| family | ptxas rejects, ptxlint error | ptxas rejects, no error | ptxas accepts, "
                + "ptxlint error | ptxas accepts, no error (of which with a warning) |");
        confusion.forEach((fam, m) -> System.out.printf("| %s | %d | %d | %d | %d (%d) |%n", fam, m[0], m[1], m[2],
                m[3], m[4]));
        int agree = perFamily.values().stream().mapToInt(n -> n[0]).sum();
        double overall = (double) agree / cases.size();
        System.out.printf("ptxas agreement overall %d/%d (%.3f%%)%n", agree, cases.size(), 100 * overall);
        assertTrue(overall >= 0.999, "agreement with ptxas below 99.9%: " + overall);
        perFamily.forEach((fam, n) -> assertTrue(n[0] >= 0.999 * (n[0] + n[1]), fam + " below 99.9%"));
        assertEquals(List.of(), missedFatal.subList(0, Math.min(20, missedFatal.size())),
                missedFatal.size() + " cases ptxas rejects with a syntax error get no error from ptxlint");
    }
}
