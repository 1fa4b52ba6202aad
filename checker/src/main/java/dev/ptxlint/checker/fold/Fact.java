package dev.ptxlint.checker.fold;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.syntax.Span;
import java.util.List;

/**
 * Something the evaluator proved about one instruction: the rule it falls under, where to point,
 * the message with the folded values, an optional fix, and a one-line summary for hovers
 * ({@code p = true, q = false}); {@code related} points at the instructions in the same block that
 * set the known operands.
 */
record Fact(Rule rule, Span range, String message, Fix fix, Span instruction, String summary,
            List<Diagnostic.Related> related) {

    Fact(Rule rule, Span range, String message, Fix fix, Span instruction, String summary) {
        this(rule, range, message, fix, instruction, summary, List.of());
    }

    Fact withRelated(List<Diagnostic.Related> more) {
        return new Fact(rule, range, message, fix, instruction, summary, List.copyOf(more));
    }
}
