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

    private long lastSyntaxError = -1;

    public void report(Diagnostic d) {
        if (d.severity() == dev.ptxlint.diag.Severity.ERROR) {
            errors++;
        }
        if (!dev.ptxlint.diag.Rules.configurable(d.rule())) {
            lastSyntaxError = Math.max(lastSyntaxError, d.range().startOffset());
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

    /** Sets where the last syntax error so far starts: a function checked on another thread starts from the module's. */
    void setLastSyntaxErrorOffset(long offset) {
        lastSyntaxError = offset;
    }

    /**
     * Where the last lexical or syntax error so far starts (-1: none). The parser reports an item's
     * syntax errors before the checks see the item, so a check can tell whether the parser had
     * to recover inside the instruction it is looking at, and stay quiet about it.
     */
    public long lastSyntaxErrorOffset() {
        return lastSyntaxError;
    }

    /** How many errors have been reported so far (checks use it to skip code that has errors). */
    public long errorCount() {
        return errors;
    }

}
