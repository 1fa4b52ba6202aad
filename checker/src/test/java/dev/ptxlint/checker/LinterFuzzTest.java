package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Coverage-guided fuzz tests of the lexer, parser and checks (Jazzer). In a plain test run
 * ({@code mvn verify}) each target runs once per input of its corpus: every fixture and example
 * (copied in by the checker's pom) and every crasher committed under
 * {@code src/test/resources/dev/ptxlint/checker/LinterFuzzTestInputs/}. With {@code JAZZER_FUZZ=1}
 * ({@code scripts/fuzz.sh}) Jazzer mutates them, guided by coverage. See docs/fuzzing.md.
 *
 * <p>Invariants: nothing is thrown (the linter documents no exception for in-memory input), every
 * diagnostic has a registered code, a message, and a range inside the document whose line and
 * column agree with its offset, the number of diagnostics is bounded by the input's size, and
 * an incrementally updated lint equals a fresh full lint of the same text.
 */
class LinterFuzzTest {

    /** Inputs longer than this are cut: a fuzzer's inputs are small, a seed may not be. */
    private static final int MAX_INPUT = 64 * 1024;

    private static final String[] SNIPPETS = {"x", "\n", "\r", "\r\n", ";", "}", "{", "(", ")", "[", "]", "/*", "*/",
        "//", "\"", " ", "\0", "\u00fc", "\ud83d\ude00", "\ud800", "\tadd.s32 %r1, %r2, 1;\n", "\tret;\n",
        "\tsetp.lt.s32 %p1, %r1, %r2;\n", "\t// ptxlint-disable-next-line PTX0101\n", "// ptxlint-disable-line\n",
        "L_new:\n", "\tbra L_new;\n", "\t.reg .b32 %q<4>;\n", "%r9999", ".s32", "mull", ".func g()\n{\n}\n",
        ".entry k()\n{\n", "@%p1 ", "1+", "?", ":", "%r<99999999999999999999>", ".version 8.0\n", ".target sm_90\n"};

    @FuzzTest(maxDuration = "30s")
    void lintBytes(byte[] input) throws IOException {
        byte[] bytes = input.length > MAX_INPUT ? java.util.Arrays.copyOf(input, MAX_INPUT) : input;
        List<Diagnostic> diags = new ArrayList<>();
        new Linter().lint(new ByteArrayInputStream(bytes), diags::add);
        // decoded length in UTF-16 units is at most the number of bytes
        checkDiagnostics(diags, null, bytes.length);
        // the same bytes read as Latin-1 text: every char is one unit, so lines and columns can be checked
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        checkDiagnostics(new Linter().lint(text), text, text.length());
    }

    @FuzzTest(maxDuration = "30s")
    void incrementalEdits(FuzzedDataProvider data) {
        int edits = data.consumeInt(1, 4);
        int[] at = new int[edits];
        int[] del = new int[edits];
        int[] pick = new int[edits];
        for (int i = 0; i < edits; i++) {
            at[i] = data.consumeInt(0, Integer.MAX_VALUE);
            del[i] = data.consumeInt(0, 64);
            pick[i] = data.consumeInt(0, SNIPPETS.length + 1);
        }
        String text = data.consumeRemainingAsString();
        if (text.length() > MAX_INPUT) {
            text = text.substring(0, MAX_INPUT);
        }
        IncrementalLinter inc = new IncrementalLinter();
        checkDiagnostics(inc.lint(text), text, text.length());
        for (int i = 0; i < edits; i++) {
            int from = at[i] % (text.length() + 1);
            int to = Math.min(text.length(), from + del[i]);
            String ins;
            if (pick[i] < SNIPPETS.length) {
                ins = SNIPPETS[pick[i]];
            } else if (pick[i] == SNIPPETS.length) {
                ins = ""; // a pure deletion
            } else {
                ins = text.substring(from, to); // a block of the text itself, pasted again
            }
            String next = text.substring(0, from) + ins + text.substring(to);
            List<Diagnostic> got = inc.update(next, from, text.length() - to);
            checkDiagnostics(got, next, next.length());
            List<Diagnostic> want = new Linter().lint(next);
            assertEquals(want, got, "incremental lint after replacing [" + from + ", " + to + ") by "
                    + escape(ins) + " differs from a full lint");
            text = next;
        }
    }

    /**
     * The invariants every diagnostic list must hold. {@code text} null: only offsets are checked
     * against {@code length}; else lines and columns are recomputed from the text.
     */
    static void checkDiagnostics(List<Diagnostic> diags, String text, int length) {
        // one diagnostic per input character is the worst the linter does today (all-NUL input);
        // a cap per file only lowers it
        int bound = 2 * length + 16;
        if (diags.size() > bound) {
            fail(diags.size() + " diagnostics for " + length + " characters (bound " + bound + ")");
        }
        int[] lineStarts = text == null ? null : lineStarts(text);
        for (Diagnostic d : diags) {
            TextRange r = d.range();
            if (Rules.byCode(d.code()) == null || d.message() == null || d.message().isBlank()) {
                fail("unregistered code or empty message: " + d);
            }
            if (r.startOffset() < 0 || r.startOffset() > r.endOffset() || r.endOffset() > length) {
                fail("range outside the document (length " + length + "): " + d);
            }
            if (r.startLine() < 0 || r.startColumn() < 0 || r.endLine() < r.startLine() || r.endColumn() < 0
                    || (r.endLine() == r.startLine() && r.endColumn() < r.startColumn())) {
                fail("malformed range: " + d);
            }
            if (lineStarts != null) {
                checkPosition(lineStarts, r.startOffset(), r.startLine(), r.startColumn(), d);
                checkPosition(lineStarts, r.endOffset(), r.endLine(), r.endColumn(), d);
            }
        }
    }

    private static void checkPosition(int[] lineStarts, long offset, int line, int column, Diagnostic d) {
        int l = java.util.Arrays.binarySearch(lineStarts, (int) offset);
        if (l < 0) {
            l = -l - 2;
        }
        if (l != line || offset - lineStarts[l] != column) {
            fail("offset " + offset + " is line " + l + " column " + (offset - lineStarts[l]) + ", the range says "
                    + line + ":" + column + ": " + d);
        }
    }

    /** Offsets where lines start, with the lexer's line breaks: LF, CR LF and a lone CR. */
    private static int[] lineStarts(String text) {
        int[] starts = new int[16];
        int n = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
                if (n == starts.length) {
                    starts = java.util.Arrays.copyOf(starts, n * 2);
                }
                starts[n++] = i + 1;
            }
        }
        return java.util.Arrays.copyOf(starts, n);
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            b.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return b.append('"').toString();
    }
}
