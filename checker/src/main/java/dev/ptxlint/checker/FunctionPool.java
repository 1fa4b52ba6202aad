package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Checks the function bodies of one module on worker threads while the reading thread lexes and
 * parses on, and passes every diagnostic on in exactly the order of a run on one thread
 * (docs/performance.md "Parallel function checks").
 *
 * <p>The reading thread keeps everything that later items depend on: the header, the module
 * tables (a function's name is declared before its body goes), the suppression comments and the
 * diagnostic cap. A body goes to a worker with what its checks would have seen at that point of a
 * sequential run: the header as it was ({@link HeaderCheck#frozen}), the module names declared
 * before it ({@link NameTable#nextAddress}), the errors reported since the last body (the
 * constant folding skips a function that has some) and where the last syntax error is. Each
 * worker uses a set of checks of its own.
 *
 * <p>Ordering: what the reading thread would have passed to the {@link Suppressions} (diagnostics,
 * comments, the lines it settles) goes straight there while no body is out; once one is, it is
 * queued behind that body, and the queue is replayed in order as the bodies at its head are done.
 * Consecutive bodies go to the workers in batches of about {@link #BATCH_STATEMENTS} statements
 * (a large function alone), so that a module of many small functions does not pay a hand-over per
 * function. The queue holds at most {@link #maxQueued} batches sent and, beyond the first body,
 * at most {@link #maxHeld} statements in all: when it is full the reading thread waits for the
 * oldest body, so memory stays bounded by about two function bodies of the budget.
 */
final class FunctionPool {

    /** A body handed to a worker: its diagnostics in the order reported, or the failure that stopped it. */
    private static final class Result {
        final ArrayList<Diagnostic> diagnostics = new ArrayList<>();
        Throwable failure;
    }

    /** One body to check, with what its checks see of the module at its point. */
    private record Job(Function function, long statements, long errorsBefore, long lastSyntaxError,
                       HeaderCheck header, int namesLimit, int rangesLimit) {
    }

    /**
     * Consecutive bodies checked by one worker, in order: small functions go together, so that
     * handing them over costs little next to checking them. Unsent while it fills.
     */
    private static final class Batch {
        final ArrayList<Job> jobs = new ArrayList<>();
        long statements;
        Future<List<Result>> future;
        /** Checked on the reading thread ({@link #checkHere}): not one of the {@link #sent}. */
        boolean here;
    }

    /**
     * The place of one body in the queue: the {@code index}th of its batch, with its statements and
     * span (the worker drops the body itself once it is checked, so that a checked body does not
     * stay alive until it is replayed).
     */
    private record Slot(Batch batch, int index, long statements, Span span) {
    }

    /** A worker's failure, replayed where the reading thread would have met it: at the end of {@link #span}. */
    static final class Failure extends RuntimeException {
        final transient Span span;

        Failure(Throwable cause, Span span) {
            super(cause);
            this.span = span;
        }
    }

    /** One settled line, queued. */
    private record Settle(int line) {
    }

    /** Bodies handed to workers so far, in this JVM (tests check that the parallel path ran). */
    static long bodiesSent() {
        return Sent.BODIES.sum();
    }

    /**
     * Its own class, initialised by the first body sent to a worker: a {@code LongAdder} (and the
     * queue of idle check sets below) link VarHandles, about 15 {@code java.lang.invoke} classes
     * that a small file, checked on the reading thread only, has no use for (docs/performance.md).
     */
    private static final class Sent {
        static final java.util.concurrent.atomic.LongAdder BODIES = new java.util.concurrent.atomic.LongAdder();
    }

    private static final ConcurrentHashMap<Integer, ExecutorService> EXECUTORS = new ConcurrentHashMap<>();

    /** A shared pool of {@code threads} daemon threads: the files linted at once share it. */
    static ExecutorService executor(int threads) {
        return EXECUTORS.computeIfAbsent(threads, n -> Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "ptxlint-check");
            t.setDaemon(true);
            return t;
        }));
    }

    /**
     * Runs the tasks waiting in {@code executor}'s queue (bodies to check, chunks to parse) on this
     * thread until {@code f} is done or the queue is empty: the reading thread helps instead of
     * waiting while every worker is busy (docs/scaling.md, step 1 of the table).
     */
    static void helpUntil(ExecutorService executor, Future<?> f) {
        if (HELP && executor instanceof java.util.concurrent.ThreadPoolExecutor t) {
            java.util.concurrent.BlockingQueue<Runnable> q = t.getQueue();
            Runnable r;
            while (!f.isDone() && (r = q.poll()) != null) {
                r.run();
            }
        }
    }

    /** Whether the reading thread helps ({@link #helpUntil}); the system property {@code ptxlint.help=false} measures without. */
    private static final boolean HELP = !"false".equals(System.getProperty("ptxlint.help"));

    private final Suppressions suppressions;
    private final int threads;
    private final Supplier<List<InstructionCheck>> checks;
    /**
     * Sets of checks not in use by a worker (at most one per thread busy at once). Made with the
     * executor, before the first batch is submitted (which publishes it to the workers).
     */
    private ConcurrentLinkedQueue<CheckSet> idle;

    /** A worker's checks and its cache of resolved names ({@link ResolveCache}), kept for its next batch. */
    private static final class CheckSet {
        final List<InstructionCheck> checks;
        final ResolveCache cache = new ResolveCache();

        CheckSet(List<InstructionCheck> checks) {
            this.checks = checks;
        }
    }
    private final long fromOffset;
    private final int maxQueued;
    private final long maxHeld;
    /** Bodies ({@link Slot}) and lists of queued events (diagnostics, comment tokens, settled lines), in order. */
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    /** Bodies in the queue, and their statements. */
    private int tasks;
    private long held;
    /** The batch filling up (its bodies are queued already), or null. */
    private Batch open;
    /** Batches sent to the workers and not replayed to their end. */
    private int sent;
    private ExecutorService executor;
    /** The reading thread's resolver, whose module tables the workers read ({@link NameResolver#setPool}). */
    NameResolver module;

    /**
     * A batch is sent when it holds this many statements (by default), or {@link #BATCH_BODIES}
     * bodies. Small: every body out is alive in the young generation at each collection (with 2,000,
     * 10,000 to 15,000 instructions were alive on the CUB module against 1,000 to 4,000 on one
     * thread, and the collector cost twice as much; docs/performance.md "Why -j 2 was slower").
     */
    static final long BATCH_STATEMENTS = 256;
    static final int BATCH_BODIES = 256;
    private final long batchStatements;

    /**
     * @param threads    worker threads (the shared pool of that size)
     * @param checks     makes a set of checks for one worker
     * @param fromOffset bodies of functions that start before this offset are checked on the reading thread
     * @param maxQueued  most batches sent to the workers at once
     * @param maxHeld    most statements in the bodies queued at once (a larger body still goes, alone)
     * @param batchStatements statements of a batch ({@link #BATCH_STATEMENTS})
     */
    FunctionPool(Suppressions suppressions, int threads, Supplier<List<InstructionCheck>> checks, long fromOffset,
                 int maxQueued, long maxHeld, long batchStatements) {
        this.batchStatements = batchStatements;
        this.suppressions = suppressions;
        this.threads = threads;
        this.checks = checks;
        this.fromOffset = fromOffset;
        this.maxQueued = maxQueued;
        this.maxHeld = maxHeld;
    }

    // ------------------------------------------------------------------ the reading thread's events

    void report(Diagnostic d) {
        if (queue.isEmpty()) {
            suppressions.report(d);
        } else {
            events().add(d);
        }
    }

    void comment(Token t) {
        if (queue.isEmpty()) {
            suppressions.comment(t);
        } else {
            events().add(t);
        }
    }

    void settle(int line) {
        if (queue.isEmpty()) {
            suppressions.settle(line);
        } else {
            events().add(new Settle(line));
        }
    }

    /**
     * Runs {@code r} on the reading thread once everything queued before it has been replayed (at
     * once when nothing is queued): the settled-offset callback of {@link Linter#lint(Lexer,
     * java.util.function.Consumer, java.util.function.LongConsumer)} must not run ahead of the
     * diagnostics of bodies still out on a worker.
     */
    void later(Runnable r) {
        if (queue.isEmpty()) {
            r.run();
        } else {
            events().add(r);
        }
    }

    @SuppressWarnings("unchecked")
    private ArrayList<Object> events() {
        if (queue.peekLast() instanceof ArrayList<?> l) {
            return (ArrayList<Object>) l;
        }
        ArrayList<Object> l = new ArrayList<>();
        queue.addLast(l);
        return l;
    }

    // ------------------------------------------------------------------ bodies

    /** Whether the body of {@code f} goes to a worker (the file is large enough there). */
    boolean accepts(Function f) {
        return f.span().start() >= fromOffset;
    }

    /**
     * Queues the body of {@code f} (already declared by the module's resolver) for a worker,
     * after waiting for the oldest bodies while the queue holds too many statements.
     */
    void submit(Function f, long statements, long errorsBefore, long lastSyntaxError, HeaderCheck header,
                int namesLimit, int rangesLimit) {
        long n = Math.max(1, statements);
        while (tasks > 0 && held + n > maxHeld) {
            replayHead(true);
        }
        if (open == null) {
            open = new Batch();
        }
        open.jobs.add(new Job(f, n, errorsBefore, lastSyntaxError, header, namesLimit, rangesLimit));
        open.statements += n;
        queue.addLast(new Slot(open, open.jobs.size() - 1, n, f.span()));
        tasks++;
        held += n;
        Sent.BODIES.increment();
        if (open.statements >= batchStatements || open.jobs.size() >= BATCH_BODIES) {
            send();
        }
    }

    /** Sends the open batch to the workers, after waiting while {@link #maxQueued} batches are out. */
    private void send() {
        Batch b = open;
        open = null;
        while (sent >= maxQueued) {
            replayHead(true); // the head is in a batch sent before b
        }
        if (executor == null) {
            if (idle == null) {
                idle = new ConcurrentLinkedQueue<>();
            }
            executor = executor(threads);
        }
        b.future = executor.submit(() -> check(b.jobs));
        sent++;
    }

    /**
     * Checks {@code b} on the reading thread, now: its diagnostics wait in the queue behind the
     * bodies out, as a worker's would.
     */
    private void checkHere(Batch b) {
        if (idle == null) {
            idle = new ConcurrentLinkedQueue<>();
        }
        java.util.concurrent.FutureTask<List<Result>> t = new java.util.concurrent.FutureTask<>(() -> check(b.jobs));
        t.run();
        b.future = t;
        b.here = true;
    }

    /** A worker's part: the bodies of one batch in order; after a failure the rest are not checked. */
    private List<Result> check(List<Job> jobs) {
        List<Result> results = new ArrayList<>(jobs.size());
        CheckSet set = idle.poll();
        if (set == null) {
            set = new CheckSet(checks.get());
        }
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            jobs.set(i, null); // the body is garbage once checked (the reading thread reads the batch after this)
            Result r = new Result();
            results.add(r);
            Reporter out = new Reporter(r.diagnostics::add);
            out.setErrorCount(j.errorsBefore());
            out.setLastSyntaxErrorOffset(j.lastSyntaxError());
            try {
                NameResolver.checkBody(j.function(), out, j.header(), set.checks, module, j.namesLimit(), j.rangesLimit(),
                        set.cache);
            } catch (Throwable e) { // replayed as the file's internal error; the set is dropped
                r.failure = e;
                return results;
            }
        }
        idle.add(set);
        return results;
    }

    /** Replays what is done at the head of the queue, without waiting. */
    void poll() {
        while (!queue.isEmpty() && replayHead(false)) {
            // replayed one
        }
    }

    /** Waits for every body out and replays everything queued. */
    void drain() {
        while (!queue.isEmpty()) {
            replayHead(true);
        }
    }

    /** Stops the bodies still out (after a failure): their results are not wanted. */
    void cancel() {
        for (Object o : queue) {
            if (o instanceof Slot s && s.batch().future != null) {
                s.batch().future.cancel(false);
            }
        }
        queue.clear();
        open = null;
        tasks = 0;
        held = 0;
        sent = 0;
    }

    /** Replays the head of the queue, waiting for it if {@code wait}; false if it is not done. */
    private boolean replayHead(boolean wait) {
        Object head = queue.peekFirst();
        if (head instanceof Slot slot) {
            Batch b = slot.batch();
            if (b.future == null) {
                if (!wait) {
                    return false;
                }
                // b is the open batch: every batch before it is replayed, and this thread would wait for it
                open = null;
                checkHere(b);
            }
            if (!wait && !b.future.isDone()) {
                return false;
            }
            if (executor != null && !b.future.isDone()) {
                helpUntil(executor, b.future);
            }
            List<Result> results;
            try {
                results = b.future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a function's checks", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
            queue.pollFirst();
            tasks--;
            held -= slot.statements();
            if (slot.index() == b.jobs.size() - 1 && !b.here) {
                sent--;
            }
            Result r = results.get(slot.index());
            for (Diagnostic d : r.diagnostics) {
                suppressions.report(d);
            }
            if (r.failure != null) {
                throw new Failure(r.failure, slot.span());
            }
            return true;
        }
        queue.pollFirst();
        for (Object e : (ArrayList<?>) head) {
            if (e instanceof Diagnostic d) {
                suppressions.report(d);
            } else if (e instanceof Token c) {
                suppressions.comment(c);
            } else if (e instanceof Runnable r) {
                r.run();
            } else {
                suppressions.settle(((Settle) e).line());
            }
        }
        return true;
    }
}
