package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Applies every fix of every fixture (safe ones, then all) and lints the result again: fixing
 * converges, a second run changes nothing, no diagnostic with an applicable fix is left, and no
 * error appears that the file did not have (per code, counted).
 */
class FixAllFixturesTest {

    @TestFactory
    Stream<DynamicTest> everyFixOfEveryFixture() {
        List<Path> files = TestData.ptxFiles("fixtures");
        assertFalse(files.isEmpty(), "no fixtures under " + TestData.testdata());
        Path base = TestData.testdata();
        return files.stream().flatMap(f -> Stream.of(false, true).map(unsafe -> DynamicTest.dynamicTest(
                base.relativize(f) + (unsafe ? " (unsafe fixes too)" : " (safe fixes)"), f.toUri(),
                () -> check(f, unsafe))));
    }

    private static List<Diagnostic> lint(String text) {
        return new Linter().lint(text);
    }

    static void check(Path file, boolean unsafe) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return; // --fix leaves files that are not UTF-8 alone (CliFixTest checks that)
        }
        List<Diagnostic> before = lint(text);
        Fixer.Result r = Fixer.fix(text, before, FixAllFixturesTest::lint, unsafe);
        assertTrue(r.converged(), "fixes still apply after " + Fixer.MAX_ROUNDS + " rounds");
        for (Diagnostic d : r.remaining()) {
            assertEquals(null, Fixer.permitted(d, unsafe), "a fixable diagnostic is left: " + d);
        }
        Map<String, Integer> errorsBefore = errors(before);
        Map<String, Integer> errorsAfter = errors(r.remaining());
        for (Map.Entry<String, Integer> e : errorsAfter.entrySet()) {
            assertTrue(e.getValue() <= errorsBefore.getOrDefault(e.getKey(), 0), "fixing made new " + e.getKey()
                    + " errors: " + errorsBefore + " -> " + errorsAfter + "\n" + r.remaining() + "\n--- fixed text:\n"
                    + r.text());
        }
        // Idempotent: fixing the result again changes nothing.
        Fixer.Result again = Fixer.fix(r.text(), lint(r.text()), FixAllFixturesTest::lint, unsafe);
        assertEquals(0, again.applied());
        assertEquals(r.text(), again.text());
        if (!before.isEmpty() && before.stream().anyMatch(d -> Fixer.permitted(d, unsafe) != null)) {
            assertTrue(r.applied() > 0, "a fix was offered but none applied");
        }
    }

    private static Map<String, Integer> errors(List<Diagnostic> diags) {
        Map<String, Integer> m = new TreeMap<>();
        for (Diagnostic d : diags) {
            if (d.severity() == Severity.ERROR) {
                m.merge(d.code(), 1, Integer::sum);
            }
        }
        return m;
    }
}
