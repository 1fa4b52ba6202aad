package dev.ptxlint.cli;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Puts a file's diagnostics, as the linter streams them, in the order of the buffered output
 * ({@link Linter#ORDER}, stable: diagnostics at the same place with the same code keep the order
 * they came in), passing each on as soon as the linter says its offset is settled
 * ({@link Linter#lint(java.io.InputStream, Consumer, LongConsumer)}). It holds only the diagnostics
 * not settled yet: those of the item being checked, and those held back by a suppression comment
 * not used yet, a diagnostic cap note or a header diagnostic of the module's end.
 *
 * <p>The order is the buffered one because every diagnostic before a settled offset has arrived
 * when it is passed on, and the batches passed on cover increasing ranges of offsets.
 */
final class SortedOutput implements Consumer<Diagnostic>, LongConsumer {
    private final Consumer<Diagnostic> next;
    private List<Diagnostic> held = new ArrayList<>();
    /** The lowest offset held (Long.MAX_VALUE: none). */
    private long lowest = Long.MAX_VALUE;
    private long settled = -1;
    /** Diagnostics that came for an offset already settled (a broken promise: passed on at once). */
    private long late;

    SortedOutput(Consumer<Diagnostic> next) {
        this.next = next;
    }

    @Override
    public void accept(Diagnostic d) {
        long at = d.range().startOffset();
        if (at < settled) {
            late++;
            next.accept(d); // cannot go before what was passed on; never seen on any fixture or corpus file
            return;
        }
        held.add(d);
        lowest = Math.min(lowest, at);
    }

    /** Every diagnostic starting before {@code offset} has arrived: passes them on, sorted. */
    @Override
    public void accept(long offset) {
        if (offset <= settled) {
            return;
        }
        settled = offset;
        if (lowest >= offset) {
            return;
        }
        List<Diagnostic> ready = new ArrayList<>();
        List<Diagnostic> rest = new ArrayList<>();
        long restLowest = Long.MAX_VALUE;
        for (Diagnostic d : held) {
            long at = d.range().startOffset();
            if (at < offset) {
                ready.add(d);
            } else {
                rest.add(d);
                restLowest = Math.min(restLowest, at);
            }
        }
        held = rest;
        lowest = restLowest;
        ready.sort(Linter.ORDER);
        for (Diagnostic d : ready) {
            next.accept(d);
        }
    }

    /** The end of the file: passes on everything held, sorted. */
    void finish() {
        settled = Long.MAX_VALUE - 1;
        List<Diagnostic> ready = held;
        held = new ArrayList<>();
        lowest = Long.MAX_VALUE;
        ready.sort(Linter.ORDER);
        for (Diagnostic d : ready) {
            next.accept(d);
        }
    }

    /** How many diagnostics came after their offset was settled (0 unless the linter broke its promise). */
    long late() {
        return late;
    }
}
