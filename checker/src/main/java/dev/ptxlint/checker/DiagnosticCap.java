package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Bounds the diagnostics of one file (docs/limits.md): at most {@link #PER_CODE} of one code and
 * {@link #PER_FILE} in all are passed on; for each code with more, {@link #finish} adds one
 * {@link Rules#DIAGNOSTIC_LIMIT} note, at the first one left out, that says how many were left
 * out. Internal errors (PTX0900) always pass.
 */
public final class DiagnosticCap implements Consumer<Diagnostic> {

    /** Most diagnostics of one code reported for one file. */
    public static final int PER_CODE = 1000;
    /** Most diagnostics reported for one file, all codes together (the limit notes aside). */
    public static final int PER_FILE = 10_000;

    private final Consumer<Diagnostic> sink;
    private final int perCode;
    private final int perFile;
    private final Map<Rule, int[]> counts = new HashMap<>();
    private int total;
    /** Per code: the first diagnostic left out and how many were. */
    private final Map<Rule, Dropped> dropped = new LinkedHashMap<>();

    /** What was left out of one code. */
    public static final class Dropped {
        final Diagnostic first;
        long count;

        Dropped(Diagnostic first) {
            this.first = first;
        }
    }

    public DiagnosticCap(Consumer<Diagnostic> sink) {
        this(sink, PER_CODE, PER_FILE);
    }

    /** A cap with other limits (the language server's raw store uses larger ones). */
    public DiagnosticCap(Consumer<Diagnostic> sink, int perCode, int perFile) {
        this.sink = sink;
        this.perCode = perCode;
        this.perFile = perFile;
    }

    @Override
    public void accept(Diagnostic d) {
        if (d.rule() == Rules.INTERNAL_ERROR) {
            sink.accept(d);
            return;
        }
        int[] c = counts.computeIfAbsent(d.rule(), r -> new int[1]);
        if (c[0] >= perCode || total >= perFile) {
            dropped.computeIfAbsent(d.rule(), r -> new Dropped(d)).count++;
            lowestDropped = Math.min(lowestDropped, d.range().startOffset());
            return;
        }
        c[0]++;
        total++;
        sink.accept(d);
    }

    /** Most diagnostics of one code passed on. */
    public int perCode() {
        return perCode;
    }

    /**
     * Counts {@code n} more diagnostics of {@code rule} as left out, after {@link #accept} left out
     * one of that rule: the ones a suppression comment could not silence on a line holding more
     * than {@link #perCode} of them ({@link Suppressions}), which were never built.
     */
    void leftOutMore(Rule rule, long n) {
        Dropped d = dropped.get(rule);
        if (d == null) {
            throw new IllegalStateException("no diagnostic of " + rule.code() + " was left out");
        }
        d.count += n;
    }

    /** Where the first diagnostic left out starts (its code's note goes there), or Long.MAX_VALUE. */
    private long lowestDropped = Long.MAX_VALUE;

    /**
     * The lowest offset at which {@link #finish} may still pass on a note: where the earliest
     * diagnostic left out so far starts; {@code Long.MAX_VALUE} while nothing was left out.
     */
    public long lowestDropped() {
        return lowestDropped;
    }

    /** Counts {@code n} diagnostics of {@code first}'s code left out before they reached this cap. */
    public void droppedEarlier(Diagnostic first, long n) {
        lowestDropped = Math.min(lowestDropped, first.range().startOffset());
        Dropped x = dropped.computeIfAbsent(first.rule(), r -> new Dropped(first));
        if (Linter.ORDER.compare(first, x.first) < 0) {
            Dropped y = new Dropped(first);
            y.count = x.count;
            dropped.put(first.rule(), y);
            x = y;
        }
        x.count += n;
    }

    /** The codes left out so far, with how many (for a store that caps again later). */
    public Map<Rule, Dropped> dropped() {
        return dropped;
    }

    /** Whether anything was left out. */
    public boolean droppedAny() {
        return !dropped.isEmpty();
    }

    /** Passes on one note per code with diagnostics left out. */
    public void finish() {
        for (Map.Entry<Rule, Dropped> e : dropped.entrySet()) {
            Rule r = e.getKey();
            long n = e.getValue().count;
            sink.accept(Diagnostic.of(Rules.DIAGNOSTIC_LIMIT, e.getValue().first.range(), n + " more " + r.code()
                    + " (" + r.name() + ") " + (n == 1 ? "diagnostic" : "diagnostics")
                    + " in this file not shown, from here on: ptxlint reports at most " + perCode
                    + " of one code and " + perFile + " in all per file (docs/limits.md)"));
        }
        dropped.clear();
    }

    /** Merges what {@code other} left out into this cap's count. */
    public void droppedEarlier(Map<Rule, Dropped> other) {
        for (Dropped d : other.values()) {
            droppedEarlier(d.first, d.count);
        }
    }
}
