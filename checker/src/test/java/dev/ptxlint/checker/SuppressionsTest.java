package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Suppression comments: ranges, messages and quick fixes of PTX0400-PTX0403, streaming. */
class SuppressionsTest {

    static final String HEAD = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            + "    .reg .pred %p<3>;\n    .reg .f32 %f<4>;\n";
    static final String WRONG_ORDER = "    setp.f32.ftz.lt %p1, %f1, %f2;\n";
    static final String RIGHT_ORDER = "    setp.lt.ftz.f32 %p1, %f1, %f2;\n";
    static final String TAIL = "    ret;\n}\n";

    static List<String> codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).collect(Collectors.toList());
    }

    static String covered(String src, Diagnostic d) {
        return src.substring((int) d.range().startOffset(), (int) d.range().endOffset());
    }

    static String applyFix(String src, Diagnostic d) {
        Fix.Edit e = d.fixes().get(0).edits().get(0);
        return src.substring(0, (int) e.range().startOffset()) + e.newText()
                + src.substring((int) e.range().endOffset());
    }

    @Test
    void unusedCommentIsReportedOnTheWholeCommentAndTheFixRemovesIt() {
        String src = HEAD + "    // ptxlint-disable-next-line PTX0250\n" + RIGHT_ORDER + TAIL;
        List<Diagnostic> d = new Linter().lint(src);
        assertEquals(List.of("PTX0401"), codes(d));
        assertEquals("// ptxlint-disable-next-line PTX0250", covered(src, d.get(0)));
        assertEquals(Severity.WARNING, d.get(0).severity());
        assertEquals("'ptxlint-disable-next-line PTX0250' suppresses nothing: PTX0250 (modifier-order) is not"
                + " reported on the next line (line 9); remove the comment", d.get(0).message());
        assertEquals("Remove the suppression comment", d.get(0).fixes().get(0).title());
        String fixed = applyFix(src, d.get(0));
        assertEquals(HEAD + "    \n" + RIGHT_ORDER + TAIL, fixed);
        assertEquals(List.of(), codes(new Linter().lint(fixed)));
    }

    @Test
    void anUnusedCodeAmongUsedOnesIsReportedOnTheCodeAndTheFixRemovesOnlyIt() {
        for (String list : new String[] {"PTX0101, PTX0250", "PTX0101 PTX0250", "PTX0250,PTX0101"}) {
            String src = HEAD + "    // ptxlint-disable-next-line " + list + " -- generated\n" + WRONG_ORDER + TAIL;
            List<Diagnostic> d = new Linter().lint(src);
            assertEquals(List.of("PTX0401"), codes(d), list);
            assertEquals("PTX0101", covered(src, d.get(0)));
            assertEquals("PTX0101 (undeclared-identifier) is not reported on the next line (line 9), so"
                    + " suppressing it does nothing; remove PTX0101 from the comment", d.get(0).message());
            String fixed = applyFix(src, d.get(0));
            assertTrue(fixed.contains("    // ptxlint-disable-next-line PTX0250 -- generated\n"), fixed);
            assertEquals(List.of(), codes(new Linter().lint(fixed)), fixed);
        }
    }

    @Test
    void trailingDisableLineOnTheLastLineOfAnItemIsSeenBeforeTheDiagnosticIsDecided() {
        // The closing brace is the item's last token; the comment after it comes later from the lexer.
        String src = HEAD + "    ret;\n    setp.f32.ftz.lt %p1, %f1, %f2; } // ptxlint-disable-line PTX0250\n";
        assertEquals(List.of(), codes(new Linter().lint(src)));
        String headerOnly = ".target sm_90 // ptxlint-disable-line PTX0105\n";
        assertEquals(List.of(), codes(new Linter().lint(headerOnly)));
    }

    @Test
    void multiLineBlockCommentAppliesToTheLineAfterItsEnd() {
        String src = HEAD + "    /* ptxlint-disable-next-line\n       PTX0250 */\n" + WRONG_ORDER + TAIL;
        assertEquals(List.of(), codes(new Linter().lint(src)));
        String unused = HEAD + "    /* ptxlint-disable-next-line\n       PTX0101, PTX0250 */\n" + WRONG_ORDER + TAIL;
        List<Diagnostic> d = new Linter().lint(unused);
        assertEquals(List.of("PTX0401"), codes(d));
        assertEquals("PTX0101", covered(unused, d.get(0)));
        assertEquals(8, d.get(0).range().startLine());
        assertEquals(7, d.get(0).range().startColumn());
    }

    @Test
    void crlfLineEndingsKeepRangesExact() {
        String src = (HEAD + "    // ptxlint-disable-next-line PTX0250 PTX9999\n" + WRONG_ORDER + TAIL)
                .replace("\n", "\r\n");
        List<Diagnostic> d = new Linter().lint(src);
        assertEquals(List.of("PTX0400"), codes(d));
        assertEquals("PTX9999", covered(src, d.get(0)));
        assertEquals(7, d.get(0).range().startLine());
    }

    @Test
    void misspeltNameAndDirectiveGetDidYouMeanFixes() {
        String src = HEAD + "    // ptxlint-disable-next-line modifer-order\n" + RIGHT_ORDER + TAIL;
        List<Diagnostic> d = new Linter().lint(src);
        assertEquals(List.of("PTX0400"), codes(d));
        assertTrue(d.get(0).message().endsWith("did you mean 'modifier-order' (PTX0250)?"), d.get(0).message());
        assertEquals("Change to 'modifier-order'", d.get(0).fixes().get(0).title());
        assertTrue(applyFix(src, d.get(0)).contains("// ptxlint-disable-next-line modifier-order\n"));

        String dir = HEAD + "    // ptxlint-disable-nextline PTX0250\n" + WRONG_ORDER + TAIL;
        d = new Linter().lint(dir);
        assertEquals(List.of("PTX0403", "PTX0250"), codes(d));
        assertEquals("ptxlint-disable-nextline", covered(dir, d.get(0)));
        String fixed = applyFix(dir, d.get(0));
        assertEquals(List.of(), codes(new Linter().lint(fixed)), fixed);
    }

    @Test
    void syntaxErrorsAndSuppressionDiagnosticsCannotBeSuppressed() {
        String src = HEAD + "    // ptxlint-disable-next-line PTX0002, PTX0401\n    ret\n}\n";
        List<Diagnostic> d = new Linter().lint(src);
        assertEquals(List.of("PTX0402", "PTX0402", "PTX0002"), codes(d));
        assertTrue(d.get(0).message().startsWith("PTX0002 (missing-semicolon) is a syntax error, which cannot be"
                + " suppressed"), d.get(0).message());
        assertTrue(d.get(1).message().contains("set 'PTX0401 = off' in the configuration file"), d.get(1).message());
        // An all-rules comment does not silence a syntax error either, so it is unused.
        String all = HEAD + "    // ptxlint-disable-next-line\n    ret\n}\n";
        assertEquals(List.of("PTX0401", "PTX0002"), codes(new Linter().lint(all)));
    }

    @Test
    void suppressionDiagnosticsFollowTheSettings() {
        String src = HEAD + "    // ptxlint-disable-next-line PTX0250\n" + RIGHT_ORDER + TAIL;
        assertEquals(List.of(), codes(new Linter(LintSettings.DEFAULT.withDisabled("PTX0401")).lint(src)));
        List<Diagnostic> d = new Linter(LintSettings.DEFAULT.withSeverity("unused-suppression", Severity.ERROR))
                .lint(src);
        assertEquals(Severity.ERROR, d.get(0).severity());
    }

    @Test
    void aCommentMatchingARuleThatIsOffIsNotUnused() {
        String src = HEAD + "    // ptxlint-disable-next-line PTX0250\n" + WRONG_ORDER + TAIL;
        assertEquals(List.of(), codes(new Linter(LintSettings.DEFAULT.withDisabled("PTX0250")).lint(src)));
    }

    @Test
    void enableThatEndsNothingIsUnused() {
        String src = HEAD + "    // ptxlint-disable PTX0250\n" + WRONG_ORDER + "    // ptxlint-enable PTX0250, PTX0101\n"
                + TAIL;
        List<Diagnostic> d = new Linter().lint(src);
        assertEquals(List.of("PTX0401"), codes(d));
        assertEquals("PTX0101", covered(src, d.get(0)));
        assertEquals("PTX0101 (undeclared-identifier) is not disabled here, so enabling it does nothing; remove"
                + " PTX0101 from the comment", d.get(0).message());
        String bare = HEAD + "    // ptxlint-enable\n" + TAIL;
        d = new Linter().lint(bare);
        assertEquals(List.of("PTX0401"), codes(d));
        assertEquals("'ptxlint-enable' ends no disabled range: no rule is disabled here; remove it",
                d.get(0).message());
    }

    @Test
    void ordinaryCommentsAreIgnored() {
        String src = HEAD + "    // see ptxlint-disable-next-line in the docs\n    // ptxlint is great\n"
                + "    // PTX0250 ptxlint-disable\n" + RIGHT_ORDER + TAIL;
        assertEquals(List.of(), codes(new Linter().lint(src)));
    }

    @Test
    void diagnosticsStreamPerItemNotAtTheEnd() throws Exception {
        // The first function's diagnostic reaches the sink long before the input is read to the end.
        StringBuilder src = new StringBuilder(HEAD + WRONG_ORDER + TAIL);
        while (src.length() < 1_000_000) {
            src.append(".visible .entry k").append(src.length()).append("()\n{\n    ret; // a comment\n}\n");
        }
        long[] read = {0};
        java.io.Reader counting = new java.io.FilterReader(new java.io.StringReader(src.toString())) {
            @Override
            public int read(char[] b, int off, int len) throws java.io.IOException {
                int n = super.read(b, off, len);
                read[0] += Math.max(n, 0);
                return n;
            }
        };
        List<String> events = new ArrayList<>();
        new Linter().lint(new dev.ptxlint.syntax.Lexer(counting), x -> events.add(x.code() + "@"
                + x.range().startLine() + " after " + (read[0] < 200_000 ? "little" : "most") + " of the input"));
        assertEquals(List.of("PTX0250@7 after little of the input"), events);
    }
}
