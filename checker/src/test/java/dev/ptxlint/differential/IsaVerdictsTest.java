package dev.ptxlint.differential;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Replays the ptxas verdicts recorded for every instruction family (testdata/ptxas/isa/*.tsv.gz,
 * made by scripts/ptxas-diff/isa, see its README) against ptxlint, without CUDA.
 *
 * <p>Each case is testdata/ptxas/isa/template.ptx rendered for the case's .version and .target
 * (conditional lines resolved exactly as isa_run.py's render_template does) with the case's
 * instruction as the body. ptxlint agrees with ptxas on a case when it reports an error
 * ({@link Severity#ERROR}) exactly when ptxas said {@code error} or {@code fatal}; {@code timeout}
 * and {@code crash} cases (ptxas did not finish, or died on a signal) are left out.
 *
 * <p>Enforced: (a) no false error (ptxas accepts, ptxlint reports an error) except the cases listed
 * with a reason in testdata/ptxas/isa/known-false.tsv; (b) in every family but the hold-outs
 * ({@code holdout-*}, held by their floors), no missed error (ptxas rejects, ptxlint reports none)
 * except the cases listed with a reason in testdata/ptxas/isa/known-missed.tsv; in both lists a
 * listed case that ptxlint now gets right, or that is no longer recorded, fails too, so that the
 * lists only shrink; (c) every family's agreement is at least its floor in
 * testdata/ptxas/isa/floors.tsv, 99.5% for a family without one. Every disagreement is written to
 * target/isa-disagreements.txt, the per-family table in Markdown to target/isa-families.md.
 */
class IsaVerdictsTest {

    static final double DEFAULT_FLOOR = 99.5;
    /** Families whose missed errors are held by their floor alone, not listed one by one. */
    static final String HOLDOUT_PREFIX = "holdout-";
    static final Pattern COND = Pattern.compile("^(.*?)\\s*// @(needs|before) (\\d+\\.\\d+)(?: sm_(\\d+))?\\s*$");
    static final Pattern TARGET_NUMBER = Pattern.compile("(?:sm|compute)_(\\d+)");

    record Case(String family, String version, String target, String instruction, String verdict,
                String message) {
        boolean ptxasRejects() {
            return verdict.equals("error") || verdict.equals("fatal");
        }

        /** ptxas did not finish in time, or crashed: no verdict to compare with. */
        boolean excluded() {
            return verdict.equals("timeout") || verdict.equals("crash");
        }

        String key() {
            return family + "\t" + version + "\t" + target + "\t" + instruction;
        }
    }

    /** One family's figures: cases compared, agreeing, false errors and missed errors (of them listed). */
    static final class Tally {
        int cases;
        int agree;
        int falseErrors;
        int knownFalse;
        int missed;
        int knownMissed;
        int timeouts;
    }

    /**
     * A list of disagreements tolerated with a reason (known-false.tsv, known-missed.tsv): which listed
     * cases were seen, and whether each still disagrees in the listed way.
     */
    static final class Listed {
        final String file;
        final Map<String, String> reasons;
        final Map<String, Boolean> seen = new LinkedHashMap<>(); // listed key -> still disagrees

        Listed(Path dir, String file) throws IOException {
            this.file = file;
            this.reasons = knownCases(dir.resolve(file));
        }

        /** Records a recorded case; true when it is listed. */
        boolean note(Case c, boolean stillDisagrees) {
            if (!reasons.containsKey(c.key())) {
                return false;
            }
            seen.put(c.key(), stillDisagrees);
            return true;
        }

        /** Listed cases that ptxlint now gets right or that are no longer recorded. */
        List<String> stale() {
            List<String> out = new ArrayList<>();
            reasons.forEach((k, reason) -> {
                Boolean still = seen.get(k);
                if (still == null) {
                    out.add(k + "\t(not a recorded case)");
                } else if (!still) {
                    out.add(k + "\t(ptxlint agrees with ptxas now: remove it from " + file + ")");
                }
            });
            return out;
        }
    }

    static Path dir() {
        return TestData.testdata().resolve("ptxas").resolve("isa");
    }

    static List<Case> load(Path gz) {
        String name = gz.getFileName().toString();
        String family = name.substring(0, name.length() - ".tsv.gz".length());
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(gz), 1 << 16), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                out.add(new Case(family, f[0], f[1], f[2], f[3], f.length > 4 ? f[4] : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(gz.toString(), e);
        }
        return out;
    }

    static int[] versionKey(String v) {
        String[] p = v.split("\\.");
        return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1])};
    }

    static int compareVersions(String a, String b) {
        int[] x = versionKey(a);
        int[] y = versionKey(b);
        return x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]);
    }

    static int targetNumber(String t) {
        Matcher m = TARGET_NUMBER.matcher(t);
        return m.lookingAt() ? Integer.parseInt(m.group(1)) : 0;
    }

    /**
     * The template for one .version/.target (isa_run.py render_template): comment lines (starting
     * with //) left out, conditional lines resolved, the body placeholder kept.
     */
    static String render(String template, String version, String target) {
        StringBuilder sb = new StringBuilder(template.length());
        int tn = targetNumber(target);
        boolean first = true;
        for (String line : template.split("\n", -1)) {
            if (line.startsWith("//")) {
                continue;
            }
            Matcher m = COND.matcher(line);
            if (m.matches()) {
                boolean keep = m.group(2).equals("needs")
                        ? compareVersions(version, m.group(3)) >= 0
                                && (m.group(4) == null || tn >= Integer.parseInt(m.group(4)))
                        : compareVersions(version, m.group(3)) < 0;
                if (!keep) {
                    continue;
                }
                line = m.group(1);
            }
            if (!first) {
                sb.append('\n');
            }
            first = false;
            sb.append(line);
        }
        return sb.toString().replace("@VERSION@", version).replace("@TARGET@", target);
    }

    /** family TAB version TAB target TAB instruction TAB reason, '#' comments (known-false.tsv, known-missed.tsv). */
    static Map<String, String> knownCases(Path file) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            assertTrue(f.length >= 5 && !f[4].isBlank(), file.getFileName() + " needs 5 columns and a reason: " + line);
            assertTrue(out.put(f[0] + "\t" + f[1] + "\t" + f[2] + "\t" + f[3], f[4]) == null,
                    file.getFileName() + " lists a case twice: " + line);
        }
        return out;
    }

    /** family TAB floor (percent), '#' comments. */
    static Map<String, Double> floors(Path file) throws IOException {
        Map<String, Double> out = new TreeMap<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            out.put(f[0], Double.parseDouble(f[1].replace("%", "")));
        }
        return out;
    }

    /**
     * The per-family table in Markdown (family, cases, agreement, false errors, missed errors, explained:
     * the disagreements listed with a reason in known-false.tsv and known-missed.tsv), then the total.
     */
    static List<String> markdown(Map<String, Tally> tallies) {
        List<String> out = new ArrayList<>();
        out.add("| family | cases | agreement | false | missed | explained |");
        out.add("| --- | ---: | ---: | ---: | ---: | ---: |");
        Tally all = new Tally();
        tallies.forEach((fam, t) -> {
            out.add(markdownRow(fam, t));
            all.cases += t.cases;
            all.agree += t.agree;
            all.falseErrors += t.falseErrors;
            all.knownFalse += t.knownFalse;
            all.missed += t.missed;
            all.knownMissed += t.knownMissed;
        });
        out.add(markdownRow("**all**", all));
        return out;
    }

    static String markdownRow(String family, Tally t) {
        // agreement rounded down, so that 99.996% is not shown as 100.00%
        double pct = t.cases == 0 ? 100.0 : Math.floor(10000.0 * t.agree / t.cases) / 100.0;
        return String.format(java.util.Locale.ROOT, "| %s | %d | %.2f %% | %d | %d | %d |", family, t.cases, pct,
                t.falseErrors, t.missed, t.knownFalse + t.knownMissed);
    }

    /** CPU time of this process (all threads), or 0 where the JVM does not say. */
    static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    static String describe(List<Diagnostic> diags) {
        return diags.stream().filter(d -> d.severity() == Severity.ERROR)
                .map(d -> d.code() + " " + d.message()).collect(Collectors.joining(" | "));
    }

    /**
     * The template alone (an empty body) must lint without errors wherever ptxas accepts it (every
     * (version, target) pair of the grid is accepted by ptxas with an empty body), else every case
     * of that pair would count as a false error or hide a missed one. The rendering must drop the
     * comment lines and resolve the conditional lines.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"9.0, sm_90", "9.0, sm_100a", "9.0, sm_120f", "8.3, sm_70",
            "7.8, sm_90", "7.0, sm_70", "6.0, sm_61", "4.2, sm_53", "3.0, sm_30", "2.0, sm_20", "1.4, sm_13",
            "1.0, sm_10"})
    void templateAloneIsClean(String version, String target) throws IOException {
        String template = Files.readString(dir().resolve("template.ptx"), StandardCharsets.UTF_8);
        String text = render(template, version, target);
        assertTrue(!text.contains("//") && !text.contains("@VERSION@") && text.contains(".version " + version),
                "rendering left comments or placeholders:\n" + text);
        assertTrue(text.contains(".b128") == (compareVersions(version, "8.3") >= 0 && targetNumber(target) >= 70),
                ".b128 registers must be declared exactly from 8.3 and sm_70 on");
        List<Diagnostic> errors = new Linter().lint(text.replace("@BODY@", "")).stream()
                .filter(d -> d.severity() == Severity.ERROR).toList();
        assertTrue(errors.isEmpty(), version + " " + target + ": " + describe(errors) + "\n" + text);
    }

    @Test
    void ptxlintAgreesWithPtxasOnEveryRecordedFamily() throws IOException {
        Path dir = dir();
        List<Path> files;
        try (Stream<Path> s = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            // typerules and sreg hold the operand-type and special-register measurements, with their own
            // columns; TypeRulesTest and SpecialRegisterTableTest replay them
            files = s.filter(p -> p.getFileName().toString().endsWith(".tsv.gz"))
                    .filter(p -> !Set.of("typerules.tsv.gz", "sreg.tsv.gz").contains(p.getFileName().toString()))
                    .sorted().toList();
        }
        if (files.isEmpty()) {
            System.out.println("IsaVerdictsTest: no recorded ISA verdicts (testdata/ptxas/isa/*.tsv.gz) yet; "
                    + "nothing to compare (see scripts/ptxas-diff/isa/README.md)");
            return;
        }
        long t0 = System.nanoTime();
        List<Case> cases = files.parallelStream().flatMap(f -> load(f).stream()).toList();
        String template = Files.readString(dir.resolve("template.ptx"), StandardCharsets.UTF_8);
        Map<String, String> rendered = new ConcurrentHashMap<>();
        long t1 = System.nanoTime();
        long cpu1 = processCpuNanos();
        ThreadLocal<Linter> linters = ThreadLocal.withInitial(Linter::new);
        // per case: null when ptxlint reports no error, else its errors
        String[] errors = new String[cases.size()];
        IntStream.range(0, cases.size()).parallel().forEach(i -> {
            Case c = cases.get(i);
            if (c.excluded()) {
                return;
            }
            String head = rendered.computeIfAbsent(c.version() + "\t" + c.target(),
                    k -> render(template, c.version(), c.target()));
            List<Diagnostic> diags = linters.get().lint(head.replace("@BODY@", c.instruction()));
            boolean err = diags.stream().anyMatch(d -> d.severity() == Severity.ERROR);
            errors[i] = err ? describe(diags) : null;
        });
        long t2 = System.nanoTime();
        long cpu2 = processCpuNanos();

        Listed knownFalse = new Listed(dir, "known-false.tsv");
        Listed knownMissed = new Listed(dir, "known-missed.tsv");
        Map<String, Double> floors = floors(dir.resolve("floors.tsv"));
        Map<String, Tally> tallies = new TreeMap<>();
        List<String> unlistedFalse = new ArrayList<>();
        List<String> unlistedMissed = new ArrayList<>();
        List<String> report = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Tally t = tallies.computeIfAbsent(c.family(), k -> new Tally());
            if (c.excluded()) {
                t.timeouts++;
                continue;
            }
            t.cases++;
            boolean err = errors[i] != null;
            boolean listedFalse = knownFalse.note(c, !c.ptxasRejects() && err);
            boolean listedMissed = knownMissed.note(c, c.ptxasRejects() && !err);
            if (err == c.ptxasRejects()) {
                t.agree++;
                continue;
            }
            String where = c.family() + "\t" + c.version() + "\t" + c.target() + "\t" + c.instruction();
            if (err) {
                t.falseErrors++;
                if (listedFalse) {
                    t.knownFalse++;
                } else {
                    unlistedFalse.add(where + "\t-> " + errors[i]);
                }
                report.add("false error" + (listedFalse ? " (listed)" : "") + "\t" + where + "\tptxlint: " + errors[i]);
            } else {
                t.missed++;
                if (listedMissed) {
                    t.knownMissed++;
                } else if (!c.family().startsWith(HOLDOUT_PREFIX)) {
                    unlistedMissed.add(where + "\t<- ptxas: " + c.verdict() + " " + c.message());
                }
                report.add("missed error" + (listedMissed ? " (listed)" : "") + "\t" + where + "\tptxas: "
                        + c.verdict() + " " + c.message());
            }
        }
        Path out = Path.of("target", "isa-disagreements.txt");
        Path table = Path.of("target", "isa-families.md");
        if (Files.isDirectory(out.getParent())) {
            Files.write(out, report, StandardCharsets.UTF_8);
            Files.write(table, markdown(tallies), StandardCharsets.UTF_8);
        }

        System.out.printf("IsaVerdictsTest: %d cases in %d files; load %.1fs, lint %.1fs (%d threads, "
                        + "%.1fs of CPU: %.3f ms per case)%n",
                cases.size(), files.size(), (t1 - t0) / 1e9, (t2 - t1) / 1e9,
                java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1, (cpu2 - cpu1) / 1e9,
                (cpu2 - cpu1) / 1e6 / Math.max(1, cases.size()));
        System.out.printf("%-40s %8s %9s %7s %8s %8s %8s%n", "family", "cases", "agree%", "floor", "false",
                "(listed)", "missed");
        List<String> belowFloor = new ArrayList<>();
        tallies.forEach((fam, t) -> {
            double pct = t.cases == 0 ? 100.0 : 100.0 * t.agree / t.cases;
            double floor = floors.getOrDefault(fam, DEFAULT_FLOOR);
            System.out.printf("%-40s %8d %8.2f%% %6.1f%% %8d %8d %8d%s%n", fam, t.cases, pct, floor,
                    t.falseErrors, t.knownFalse, t.missed, t.timeouts > 0 ? "  (" + t.timeouts + " left out: ptxas timeout/crash)" : "");
            if (pct < floor) {
                belowFloor.add(String.format("%s %.2f%% < %.1f%%", fam, pct, floor));
            }
        });
        int total = tallies.values().stream().mapToInt(t -> t.cases).sum();
        int agree = tallies.values().stream().mapToInt(t -> t.agree).sum();
        System.out.printf("%-40s %8d %8.2f%%%n", "all", total, total == 0 ? 100.0 : 100.0 * agree / total);
        System.out.println("disagreements: " + out.toAbsolutePath() + "; table (Markdown): " + table.toAbsolutePath());

        List<String> problems = new ArrayList<>();
        if (!unlistedFalse.isEmpty()) {
            problems.add(unlistedFalse.size() + " false errors (ptxas accepts, ptxlint reports an error), e.g.:\n  "
                    + String.join("\n  ", unlistedFalse.subList(0, Math.min(20, unlistedFalse.size()))));
        }
        if (!unlistedMissed.isEmpty()) {
            problems.add(unlistedMissed.size() + " missed errors not listed in known-missed.tsv (ptxas rejects, "
                    + "ptxlint reports no error; hold-outs excepted), e.g.:\n  "
                    + String.join("\n  ", unlistedMissed.subList(0, Math.min(20, unlistedMissed.size()))));
        }
        for (Listed l : List.of(knownFalse, knownMissed)) {
            List<String> stale = l.stale();
            if (!stale.isEmpty()) {
                problems.add(stale.size() + " stale entries in " + l.file + ":\n  "
                        + String.join("\n  ", stale.subList(0, Math.min(20, stale.size()))));
            }
        }
        if (!belowFloor.isEmpty()) {
            problems.add("families below their agreement floor (floors.tsv; default " + DEFAULT_FLOOR + "%):\n  "
                    + String.join("\n  ", belowFloor));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
