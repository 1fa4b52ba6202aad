package dev.ptxlint.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Replays the ptxas verdicts recorded on declarations (testdata/ptxas/decl/*.tsv.gz, made by
 * scripts/ptxas-diff/decl/gen_decl.py) against ptxlint, without CUDA. Each case is the module
 * {@link #render} writes (the same as gen_decl.py's {@code render}); ptxlint agrees with ptxas when
 * it reports an error exactly when ptxas said {@code error} or {@code fatal} ({@code timeout} and
 * {@code crash} cases are left out).
 *
 * <p>Enforced per file: no false error (ptxas accepts, ptxlint reports an error), and agreement at
 * least {@link #FLOOR}. Every disagreement is written to target/decl-disagreements.txt.
 */
class DeclarationVerdictsTest {

    /** The agreement every recorded file reaches (measured: see docs/ptxas-declarations.md). */
    static final Map<String, Double> FLOOR = Map.of("decl.tsv.gz", 99.9, "decl-holdout.tsv.gz", 99.9);

    record Case(String version, String target, String scope, String decl, String verdict, String message) {
        boolean rejected() {
            return verdict.equals("error") || verdict.equals("fatal");
        }

        boolean excluded() {
            return verdict.equals("timeout") || verdict.equals("crash");
        }

        @Override
        public String toString() {
            return version + "\t" + target + "\t" + scope + "\t" + decl;
        }
    }

    static boolean atLeast(String version, int major, int minor) {
        String[] p = version.split("\\.");
        int a = Integer.parseInt(p[0]);
        int b = Integer.parseInt(p[1]);
        return a != major ? a > major : b >= minor;
    }

    /** The module of one case: identical to gen_decl.py's render(). */
    static String render(String version, String target, String scope, String decl) {
        StringBuilder sb = new StringBuilder();
        sb.append(".version ").append(version).append('\n').append(".target ").append(target).append('\n');
        if (atLeast(version, 2, 3)) {
            sb.append(".address_size 64\n");
        }
        sb.append("\n.global .u32 g0;\n.func fv()\n{\n\tret;\n}\n.entry ke()\n{\n\tret;\n}\n");
        switch (scope) {
            case "module" -> sb.append(decl).append(";\n");
            case "body" -> sb.append(".entry k()\n{\n\t").append(decl).append(";\n\tret;\n}\n");
            case "entry-param" -> sb.append(".entry k(\n\t").append(decl).append("\n)\n{\n\tret;\n}\n");
            case "func-param" -> sb.append(".func fp(\n\t").append(decl).append("\n)\n{\n\tret;\n}\n");
            case "func-return" -> sb.append(".func (").append(decl).append(") fr()\n{\n\tret;\n}\n");
            default -> throw new IllegalArgumentException(scope);
        }
        return sb.toString();
    }

    static List<Case> load(Path gz) throws IOException {
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                out.add(new Case(f[0], f[1], f[2], f[3], f[4], f.length > 5 ? f[5] : ""));
            }
        }
        return out;
    }

    static String describe(List<Diagnostic> diags) {
        return diags.stream().filter(d -> d.severity() == Severity.ERROR)
                .map(d -> d.code() + " " + (d.range().startLine() + 1) + ": " + d.message())
                .collect(Collectors.joining(" | "));
    }

    @Test
    void renderIsTheGeneratorsModule() {
        assertEquals(".version 2.0\n.target sm_20\n\n.global .u32 g0;\n.func fv()\n{\n\tret;\n}\n.entry ke()\n{\n"
                + "\tret;\n}\n.entry k(\n\t.param .u32 p\n)\n{\n\tret;\n}\n",
                render("2.0", "sm_20", "entry-param", ".param .u32 p"));
        assertTrue(render("2.3", "sm_20", "module", ".global .u32 v").contains(".address_size 64\n"));
    }

    @Test
    void ptxlintAgreesWithPtxasOnRecordedDeclarations() throws IOException {
        Path dir = TestData.testdata().resolve("ptxas").resolve("decl");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".tsv.gz")).sorted().toList();
        }
        assertTrue(files.size() >= 2, "expected decl.tsv.gz and decl-holdout.tsv.gz in " + dir);
        List<String> report = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        ThreadLocal<Linter> linters = ThreadLocal.withInitial(Linter::new);
        for (Path f : files) {
            List<Case> cases = load(f);
            String[] errors = new String[cases.size()];
            boolean[] abiWarned = new boolean[cases.size()];
            IntStream.range(0, cases.size()).parallel().forEach(i -> {
                Case c = cases.get(i);
                if (c.excluded()) {
                    return;
                }
                List<Diagnostic> diags = linters.get().lint(render(c.version(), c.target(), c.scope(), c.decl()));
                boolean err = diags.stream().anyMatch(d -> d.severity() == Severity.ERROR);
                errors[i] = err ? describe(diags) : null;
                abiWarned[i] = diags.stream().anyMatch(d -> d.rule() == Rules.ABI_NARROW_PARAMETER);
            });
            int n = 0;
            int agree = 0;
            List<String> falseErrors = new ArrayList<>();
            int missed = 0;
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                if (c.excluded()) {
                    continue;
                }
                n++;
                boolean err = errors[i] != null;
                if (err == c.rejected() || !err && abiWarned[i] && c.message().contains("In ABI compilation")) {
                    // the generator compiles with -c from PTX ISA 3.1, which checks the ABI of every function; a
                    // whole-program compile accepts an uncalled one and refuses each call (PTX0286): the
                    // declaration is the warning PTX0132
                    agree++;
                } else if (err) {
                    falseErrors.add(c + "\t-> " + errors[i]);
                    report.add(f.getFileName() + "\tfalse error\t" + c + "\tptxlint: " + errors[i]);
                } else {
                    missed++;
                    report.add(f.getFileName() + "\tmissed error\t" + c + "\tptxas: " + c.verdict() + " " + c.message());
                }
            }
            String name = f.getFileName().toString();
            double pct = 100.0 * agree / Math.max(1, n);
            double floor = FLOOR.getOrDefault(name, 99.0);
            System.out.printf("DeclarationVerdictsTest: %s: %d cases, %.2f%% agree (floor %.1f%%), %d false errors, "
                    + "%d missed%n", name, n, pct, floor, falseErrors.size(), missed);
            if (!falseErrors.isEmpty()) {
                problems.add(name + ": " + falseErrors.size() + " false errors, e.g.\n  "
                        + String.join("\n  ", falseErrors.subList(0, Math.min(20, falseErrors.size()))));
            }
            if (pct < floor) {
                problems.add(String.format("%s: agreement %.2f%% < %.1f%%", name, pct, floor));
            }
            assertTrue(n > 1000, name + ": expected recorded cases");
        }
        Path out = Path.of("target", "decl-disagreements.txt");
        if (Files.isDirectory(out.getParent())) {
            Files.write(out, report, StandardCharsets.UTF_8);
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
