package dev.ptxlint.checker.fold;

import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.syntax.Span;

/**
 * Something the evaluator proved about one instruction: the rule it falls under, where to point,
 * the message with the folded values, an optional fix, and a one-line summary for hovers
 * ({@code p = true, q = false}).
 */
record Fact(Rule rule, Span range, String message, Fix fix, Span instruction, String summary) {
}
