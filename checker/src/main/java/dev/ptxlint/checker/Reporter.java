package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Span;
import java.util.function.Consumer;

/** Where checks send their findings. */
public final class Reporter {
    private final Consumer<Diagnostic> sink;

    public Reporter(Consumer<Diagnostic> sink) {
        this.sink = sink;
    }

    public void report(Diagnostic d) {
        sink.accept(d);
    }

    public void report(Rule rule, Span span, String message) {
        sink.accept(Diagnostic.of(rule, TextRange.of(span), message));
    }

}
