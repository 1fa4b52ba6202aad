package dev.ptxlint.checker.instructions;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.Collection;
import java.util.stream.Collectors;

/** Small helpers for the form rules' diagnostics and fixes. */
final class Edits {
    private Edits() {
    }

    static Diagnostic at(Rule rule, Span span, String message) {
        return Diagnostic.of(rule, TextRange.of(span), message);
    }

    /** An unsafe fix removing {@code t} (a guess: applied only with --unsafe-fixes). */
    static Fix remove(String title, Token t) {
        return Fix.unsafe(title, TextRange.of(t.span()), "");
    }

    /** A fix removing {@code t}, safe or not. */
    static Fix remove(String title, Token t, boolean safe) {
        return safe ? removeSafe(title, t) : remove(title, t);
    }

    /** A safe fix removing {@code t} (meaning kept: applied by --fix). */
    static Fix removeSafe(String title, Token t) {
        return Fix.safe(title, TextRange.of(t.span()), "");
    }

    /** An unsafe fix replacing {@code s} with {@code text}. */
    static Fix replace(String title, Span s, String text) {
        return Fix.unsafe(title, TextRange.of(s), text);
    }

    /** A safe fix replacing {@code s} with {@code text}. */
    static Fix replaceSafe(String title, Span s, String text) {
        return Fix.safe(title, TextRange.of(s), text);
    }

    /** {@code .b16, .b32 or .b64}. */
    static String list(Collection<?> items) {
        java.util.List<String> l = items.stream().map(Object::toString).collect(Collectors.toList());
        if (l.size() <= 1) {
            return String.join("", l);
        }
        return String.join(", ", l.subList(0, l.size() - 1)) + " or " + l.get(l.size() - 1);
    }

    static String types(Collection<PtxType> ts) {
        return ts.stream().map(PtxType::text).collect(Collectors.joining(" "));
    }
}
