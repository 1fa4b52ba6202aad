package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import dev.ptxlint.syntax.TokenKind;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Suppression comments and diagnostics piling up on one line (docs/limits.md, issue 15): what
 * {@link Suppressions} holds stays bounded however long the line, and the result is the one it
 * gave holding everything. All inputs are generated.
 */
class SuppressionLimitsTest {

    private static final Rule[] RULES = {Rules.UNDECLARED_IDENTIFIER, Rules.MODIFIER_ORDER, Rules.UNDECLARED_LABEL};

    /** One event on a line: a diagnostic of a rule, or a suppression comment. */
    private record Event(Rule rule, String comment) {
    }

    private static String directive(SplittableRandom r) {
        String[] kinds = {"ptxlint-disable-line", "ptxlint-disable", "ptxlint-enable", "ptxlint-disable-next-line"};
        StringBuilder b = new StringBuilder("/* ").append(kinds[r.nextInt(kinds.length)]);
        int codes = r.nextInt(3);
        for (int i = 0; i < codes; i++) {
            b.append(' ').append(RULES[r.nextInt(RULES.length)].code());
        }
        return b.append(" */").toString();
    }

    /**
     * Feeds the lines to {@code s} as the linter does: comments and diagnostics in source order, a
     * line settled when the next one starts (or, with {@code settleLate}, only at the end).
     */
    private static void feed(Suppressions s, List<List<Event>> lines, boolean settleLate) {
        for (int l = 0; l < lines.size(); l++) {
            long offset = 1_000_000L * l;
            int col = 0;
            for (Event e : lines.get(l)) {
                int len = e.comment != null ? e.comment.length() : 3;
                Span span = new Span(offset, offset + len, l, col, l, col + len);
                if (e.comment != null) {
                    s.comment(new Token(TokenKind.COMMENT, e.comment, span, true));
                } else {
                    s.report(Diagnostic.of(e.rule, TextRange.of(span), e.rule.code() + " at " + l + ":" + col));
                }
                offset += len + 1;
                col += len + 1;
            }
            if (!settleLate) {
                s.settle(l + 1);
            }
        }
        s.finish();
    }

    private static List<Diagnostic> run(List<List<Event>> lines, boolean bounded, int perCode, boolean settleLate) {
        List<Diagnostic> out = new ArrayList<>();
        DiagnosticCap cap = new DiagnosticCap(out::add, perCode, 40);
        // a sink that is not the cap itself: Suppressions then holds everything, as before the bound
        Consumer<Diagnostic> sink = bounded ? cap : cap::accept;
        feed(new Suppressions(LintSettings.DEFAULT, sink), lines, settleLate);
        cap.finish();
        out.sort(Linter.ORDER);
        return out;
    }

    @Test
    void holdingAFewPerRuleAndLineGivesWhatHoldingAllGave() {
        SplittableRandom r = new SplittableRandom(15);
        int overflowing = 0;
        for (int round = 0; round < 3000; round++) {
            int perCode = 1 + r.nextInt(4);
            List<List<Event>> lines = new ArrayList<>();
            int nLines = 1 + r.nextInt(4);
            for (int l = 0; l < nLines; l++) {
                List<Event> line = new ArrayList<>();
                int n = r.nextInt(40);
                for (int i = 0; i < n; i++) {
                    line.add(r.nextInt(5) == 0 ? new Event(null, directive(r))
                            : new Event(RULES[r.nextInt(r.nextBoolean() ? 1 : RULES.length)], null));
                }
                lines.add(line);
            }
            boolean late = r.nextInt(4) == 0;
            List<Diagnostic> want = run(lines, false, perCode, late);
            List<Diagnostic> got = run(lines, true, perCode, late);
            assertEquals(want, got, "round " + round + ": " + lines);
            if (want.stream().anyMatch(d -> d.rule() == Rules.DIAGNOSTIC_LIMIT)) {
                overflowing++;
            }
        }
        assertTrue(overflowing > 500, overflowing + " rounds went past a cap");
    }

    @Test
    void aLineOfAnyLengthHoldsAtMostTheCapPerRule() {
        List<Diagnostic> out = new ArrayList<>();
        DiagnosticCap cap = new DiagnosticCap(out::add);
        Suppressions s = new Suppressions(LintSettings.DEFAULT, cap);
        int n = 100_000;
        long offset = 0;
        int maxHeld = 0;
        for (int i = 0; i < n; i++) {
            // every fourth one inside a disabled range, which is ended again right after it
            boolean disabled = i % 4 == 0;
            if (disabled) {
                String c = "/* ptxlint-disable PTX0101 */";
                s.comment(new Token(TokenKind.COMMENT, c, new Span(offset, offset + c.length(), 0, (int) offset, 0,
                        (int) offset + c.length()), true));
                offset += c.length();
            }
            for (Rule rule : RULES) {
                s.report(Diagnostic.of(rule, TextRange.of(new Span(offset, offset + 1, 0, (int) offset, 0,
                        (int) offset + 1)), "x"));
                offset += 2;
            }
            if (disabled) {
                String c = "/* ptxlint-enable PTX0101 */";
                s.comment(new Token(TokenKind.COMMENT, c, new Span(offset, offset + c.length(), 0, (int) offset, 0,
                        (int) offset + c.length()), true));
                offset += c.length();
            }
            maxHeld = Math.max(maxHeld, s.held());
        }
        // per rule: the first 1000, then 1000 more that no range silences, a marker and the first counted
        assertTrue(maxHeld <= 3 * (2 * DiagnosticCap.PER_CODE + 2), "held " + maxHeld);
        s.finish();
        cap.finish();
        // 10,000 directives at most are applied: the disabled ones past them are reported
        long ptx0101 = out.stream().filter(d -> d.rule() == Rules.UNDECLARED_IDENTIFIER).count();
        assertEquals(DiagnosticCap.PER_CODE, ptx0101);
        List<String> notes = out.stream().filter(d -> d.rule() == Rules.DIAGNOSTIC_LIMIT).map(Diagnostic::message)
                .toList();
        // PTX0101: 300,000, less the 5,000 silenced by the first 5,000 ranges (10,000 directives),
        // less the 1000 shown
        int applied = Suppressions.MAX_DIRECTIVES / 2;
        assertTrue(notes.stream().anyMatch(m -> m.startsWith((n - applied - 1000) + " more PTX0101 ")), notes.toString());
        assertTrue(notes.stream().anyMatch(m -> m.startsWith((n - 1000) + " more PTX0250 ")), notes.toString());
        assertEquals(1, out.stream().filter(d -> d.rule() == Rules.TOO_MANY_SUPPRESSIONS).count());
        // every applied range silenced its diagnostic, so none is unused
        assertEquals(0, out.stream().filter(d -> d.rule() == Rules.UNUSED_SUPPRESSION).count());
    }

    @Test
    void theDirectivesOfAFileAreBounded() {
        StringBuilder line = new StringBuilder(".version 8.0\n.target sm_90\n.address_size 64\n");
        int n = 3 * Suppressions.MAX_DIRECTIVES;
        for (int i = 0; i < n; i++) {
            line.append("/* ptxlint-disable-line PTX0101 */ ");
        }
        line.append('\n');
        List<Diagnostic> out = new Linter().lint(line.toString());
        List<Diagnostic> tooMany = out.stream().filter(d -> d.rule() == Rules.TOO_MANY_SUPPRESSIONS).toList();
        assertEquals(1, tooMany.size(), LimitsTest.codes(out));
        // at the first comment ignored: 10,000 comments of 35 characters before it on line 3
        assertEquals(3, tooMany.get(0).range().startLine());
        assertEquals(35L * Suppressions.MAX_DIRECTIVES, tooMany.get(0).range().startColumn());
        // the 10,000 applied are unused: 1000 reported and the rest counted; the ignored ones are not
        assertEquals(DiagnosticCap.PER_CODE, out.stream().filter(d -> d.rule() == Rules.UNUSED_SUPPRESSION).count());
        assertTrue(out.stream().anyMatch(d -> d.rule() == Rules.DIAGNOSTIC_LIMIT
                && d.message().startsWith((Suppressions.MAX_DIRECTIVES - 1000) + " more PTX0401 ")), LimitsTest.codes(out));
    }

    @Test
    void aCommentNamingTooManyCodesIsIgnoredWhole() {
        Suppressions probe = new Suppressions(LintSettings.DEFAULT, d -> { });
        String text = ".version 8.0\n.target sm_90\n.address_size 64\n// ptxlint-disable-next-line"
                + " PTX0101 nonsense-name".repeat(Suppressions.MAX_CODES) + "\n";
        List<Diagnostic> out = new Linter().lint(text);
        assertEquals("PTX0279", LimitsTest.codes(out));
        assertEquals(0, probe.directives());
    }

    @Test
    void aLongUnknownCodeIsQuotedShort() {
        String junk = "x".repeat(100_000);
        List<Diagnostic> out = new Linter().lint(".version 8.0\n.target sm_90\n.address_size 64\n"
                + "// ptxlint-disable-next-line " + junk + "\n// ptxlint-" + junk + "\n");
        assertEquals("PTX0400 PTX0403", LimitsTest.codes(out));
        for (Diagnostic d : out) {
            assertTrue(d.message().length() < 600, d.message().length() + " characters: " + d.code());
        }
    }
}
