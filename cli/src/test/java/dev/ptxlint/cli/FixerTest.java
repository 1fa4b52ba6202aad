package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Choosing and applying fixes: alternatives, overlaps, rounds and the bound. */
class FixerTest {

    private static TextRange at(int start, int end) {
        return new TextRange(start, end, 0, start, 0, end);
    }

    private static Diagnostic diag(Fix... fixes) {
        Diagnostic d = Diagnostic.of(Rules.SYNTAX_ERROR, at(0, 0), "test");
        for (Fix f : fixes) {
            d = d.withFix(f);
        }
        return d;
    }

    @Test
    void oneSafeFixIsPermittedAlternativesAreNot() {
        Fix safe = Fix.safe("s", at(0, 1), "");
        Fix unsafe = Fix.unsafe("u", at(0, 1), "x");
        assertSame(safe, Fixer.permitted(diag(safe), false));
        assertSame(safe, Fixer.permitted(diag(unsafe, safe), true));
        assertNull(Fixer.permitted(diag(unsafe), false));
        assertSame(unsafe, Fixer.permitted(diag(unsafe), true));
        assertNull(Fixer.permitted(diag(unsafe, Fix.unsafe("v", at(0, 1), "y")), true));
        assertNull(Fixer.permitted(diag(safe, Fix.safe("t", at(1, 2), "")), false));
        assertFalse(Fix.replace("r", at(0, 0), "").safe());
    }

    @Test
    void touchingFixesWaitForTheNextRound() {
        // In "abc": insert X before b, and replace b with Y: they touch, so one per round.
        Diagnostic insert = diag(Fix.safe("insert", at(1, 1), "X"));
        Diagnostic replace = diag(Fix.safe("replace", at(1, 2), "Y"));
        List<String> linted = new java.util.ArrayList<>();
        Fixer.Result r = Fixer.fix("abc", List.of(insert, replace), t -> {
            linted.add(t);
            int b = t.indexOf('b');
            return b < 0 ? List.of() : List.of(diag(Fix.safe("replace", at(b, b + 1), "Y")));
        }, false);
        assertEquals("aXYc", r.text());
        assertEquals(2, r.applied());
        assertTrue(r.converged());
        assertEquals(List.of("aXbc", "aXYc"), linted);
        assertEquals(List.of(), r.remaining());
    }

    @Test
    void editsOutsideTheTextAreNotApplied() {
        Fixer.Result r = Fixer.fix("ab", List.of(diag(Fix.safe("far", at(5, 6), "x"))), t -> List.of(), false);
        assertEquals("ab", r.text());
        assertEquals(0, r.applied());
    }

    @Test
    void aFixThatNeverEndsStopsAtTheBound() {
        Diagnostic grow = diag(Fix.safe("grow", at(0, 0), "z"));
        Fixer.Result r = Fixer.fix("a", List.of(grow), t -> List.of(grow), false);
        assertEquals(Fixer.MAX_ROUNDS, r.applied());
        assertEquals("z".repeat(Fixer.MAX_ROUNDS) + "a", r.text());
        assertFalse(r.converged());
    }
}
