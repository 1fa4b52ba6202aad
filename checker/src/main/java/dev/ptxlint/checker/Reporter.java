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

    private long errors;

    public void report(Diagnostic d) {
        if (d.severity() == dev.ptxlint.diag.Severity.ERROR) {
            errors++;
        }
        sink.accept(d);
    }

    public void report(Rule rule, Span span, String message) {
        report(Diagnostic.of(rule, TextRange.of(span), message));
    }

    /**
     * Sets the error count: the incremental linter re-creates the count a full lint would have
     * reached when it re-checks one function without re-reporting what came before it.
     */
    void setErrorCount(long n) {
        errors = n;
    }

    /** How many errors have been reported so far (checks use it to skip code that has errors). */
    public long errorCount() {
        return errors;
    }

}
