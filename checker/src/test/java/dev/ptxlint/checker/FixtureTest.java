package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every fixture under testdata/fixtures and testdata/valid. A fixture carries its
 * expectations inline: {@code // expect: PTX0101} on the offending line (several codes separated
 * by spaces; {@code PTX0101@13} also pins the 1-based column), or
 * {@code // expect-next-line: PTX0008} for a diagnostic on the following line. Every other line
 * must stay clean: a missing, extra or misplaced diagnostic fails the fixture.
 */
class FixtureTest {

    private static final Pattern EXPECT = Pattern.compile("//\\s*expect(-next-line)?:\\s*([^\\n]*)");
    private static final Pattern CODE = Pattern.compile("(PTX\\d{4})(?:@(\\d+))?");

    record Expectation(int line, String code, int column) {
    }

    @TestFactory
    Stream<DynamicTest> fixtures() {
        List<Path> files = new ArrayList<>(TestData.ptxFiles("fixtures"));
        files.addAll(TestData.ptxFiles("valid"));
        assertFalse(files.isEmpty(), "no fixtures found under " + TestData.testdata());
        Path base = TestData.testdata();
        return files.stream().map(f -> DynamicTest.dynamicTest(base.relativize(f).toString(), f.toUri(),
                () -> check(f)));
    }

    static List<Expectation> expectations(String text) {
        List<Expectation> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = EXPECT.matcher(lines[i]);
            if (!m.find()) {
                continue;
            }
            int line = i + (m.group(1) != null ? 1 : 0);
            Matcher c = CODE.matcher(m.group(2));
            boolean any = false;
            while (c.find()) {
                any = true;
                if (Rules.byCode(c.group(1)) == null) {
                    throw new AssertionError("line " + (i + 1) + ": unknown code " + c.group(1));
                }
                out.add(new Expectation(line, c.group(1), c.group(2) == null ? -1 : Integer.parseInt(c.group(2))));
            }
            if (!any) {
                throw new AssertionError("line " + (i + 1) + ": expectation without a PTX code");
            }
        }
        return out;
    }

    static void check(Path file) throws IOException {
        String text = Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1);
        List<Expectation> expected = expectations(text);
        List<Diagnostic> actual = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            new Linter().lint(in, actual::add);
        }
        actual.sort(Linter.ORDER);
        // Match per line: codes (and columns where pinned) must agree exactly.
        Map<Integer, List<String>> want = new TreeMap<>();
        Map<Integer, List<String>> got = new TreeMap<>();
        for (Expectation e : expected) {
            want.computeIfAbsent(e.line(), k -> new ArrayList<>()).add(e.code());
        }
        for (Diagnostic d : actual) {
            got.computeIfAbsent(d.range().startLine(), k -> new ArrayList<>()).add(d.code());
        }
        want.values().forEach(l -> l.sort(null));
        got.values().forEach(l -> l.sort(null));
        StringBuilder problems = new StringBuilder();
        java.util.Set<Integer> lines = new java.util.TreeSet<>(want.keySet());
        lines.addAll(got.keySet());
        for (int line : lines) {
            List<String> w = want.getOrDefault(line, List.of());
            List<String> g = got.getOrDefault(line, List.of());
            if (!w.equals(g)) {
                problems.append("\n  line ").append(line + 1).append(": expected ").append(w).append(", got ")
                        .append(g);
                for (Diagnostic d : actual) {
                    if (d.range().startLine() == line) {
                        problems.append("\n      ").append(d.range()).append(' ').append(d.code()).append(": ")
                                .append(d.message());
                    }
                }
            }
        }
        for (Expectation e : expected) {
            if (e.column() < 0) {
                continue;
            }
            boolean found = actual.stream().anyMatch(d -> d.range().startLine() == e.line()
                    && d.code().equals(e.code()) && d.range().startColumn() + 1 == e.column());
            if (!found) {
                problems.append("\n  line ").append(e.line() + 1).append(": expected ").append(e.code())
                        .append(" at column ").append(e.column());
            }
        }
        if (problems.length() > 0) {
            fail(file.getFileName() + ":" + problems);
        }
    }
}
