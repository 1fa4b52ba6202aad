package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Parser;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.SyntaxProblem;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Lints one PTX module: lexes and parses it in a stream, one top-level item at a time, and runs
 * every check on each item as it arrives. Memory is bounded by the largest function. The
 * {@link LintSettings} and the file's suppression comments (docs/suppressions.md) are applied to
 * every diagnostic before it reaches the sink.
 */
public final class Linter {

    private final List<InstructionCheck> checks;
    private final LintSettings settings;
    /** Makes a set of the checks for a worker thread; null when the checks were given (they run on one thread). */
    private final java.util.function.Supplier<List<InstructionCheck>> checkFactory;

    /** A linter with every registered instruction check and the default settings. */
    public Linter() {
        this(LintSettings.DEFAULT);
    }

    /**
     * A linter with every registered instruction check and the given settings: severity
     * overrides, rules turned off and the default .version/.target apply to every file it lints.
     */
    public Linter(LintSettings settings) {
        this(settings, Checks.all(), new java.util.function.Supplier<List<InstructionCheck>>() {
            @Override
            public List<InstructionCheck> get() {
                return Checks.all();
            }
        });
    }

    /** A linter with the given instruction checks (tests use this to run one check alone). */
    public Linter(List<InstructionCheck> checks) {
        this(LintSettings.DEFAULT, checks);
    }

    public Linter(LintSettings settings, List<InstructionCheck> checks) {
        this(settings, checks, null);
    }

    private Linter(LintSettings settings, List<InstructionCheck> checks,
                   java.util.function.Supplier<List<InstructionCheck>> checkFactory) {
        this.settings = java.util.Objects.requireNonNull(settings);
        this.checks = List.copyOf(checks);
        this.checkFactory = checkFactory;
    }

    // ------------------------------------------------------------------ parallel function checks

    /** A linter whose checks {@code factory} makes, a set for each thread (tests). */
    static Linter withCheckFactory(java.util.function.Supplier<List<InstructionCheck>> factory) {
        return new Linter(LintSettings.DEFAULT, factory.get(), factory);
    }

    /**
     * Where in a file (UTF-16 offset) function bodies start to be checked on worker threads: the
     * first mebibyte is checked on the reading thread, so a small file starts no thread and pays
     * nothing (docs/performance.md "Parallel function checks"). A stream known to hold at least
     * this many bytes ({@link #known}: a regular file) sends every body from the first on.
     */
    static final long PARALLEL_FROM = 1 << 20;

    private static volatile int defaultThreads;

    /**
     * The threads, in all, that check function bodies of one large file (the command line's {@code
     * -j}): the reading thread and {@code threads - 1} workers; 1 checks everything on the reading
     * thread. Unset (0): {@link #automaticThreads()}.
     */
    public static void setDefaultThreads(int threads) {
        defaultThreads = threads;
    }

    static int defaultThreads() {
        int n = defaultThreads;
        return n > 0 ? n : automaticThreads();
    }

    /**
     * The system property {@code ptxlint.threads}, else the number of processors from 3 on, else 1:
     * on 2 cores the workers cost more than they gain, even idle (their queued bodies survive young
     * collections; docs/performance.md "Why -j 2 was slower than -j 1 on 2 cores").
     */
    public static int automaticThreads() {
        int p = Runtime.getRuntime().availableProcessors();
        return Integer.getInteger("ptxlint.threads", p > 2 ? p : 1);
    }

    /** 0: {@link #defaultThreads()}. */
    private int threads;
    private long parallelFrom = PARALLEL_FROM;
    private int maxQueued;
    private long batch = FunctionPool.BATCH_STATEMENTS;

    /**
     * This linter with {@code threads} checking threads (1: none), from offset {@code from} on, at
     * most {@code queued} batches of bodies out at once (0: one per thread), batches of {@code
     * batch} statements; tests force the parallel path on small files with it.
     */
    Linter withThreads(int threads, long from, int queued, long batch) {
        Linter l = copy();
        l.threads = threads;
        l.parallelFrom = from;
        l.maxQueued = queued;
        l.batch = batch;
        return l;
    }

    private Linter copy() {
        Linter l = new Linter(settings, checks, checkFactory);
        l.bodyBudget = bodyBudget;
        l.threads = threads;
        l.parallelFrom = parallelFrom;
        l.maxQueued = maxQueued;
        l.batch = batch;
        l.chunkFrom = chunkFrom;
        l.chunkBytes = chunkBytes;
        l.chunkMax = chunkMax;
        return l;
    }

    /**
     * Chunks of about this many bytes (UTF-8) are lexed and parsed on the workers, when a file
     * known to hold at least {@link #PARALLEL_FROM} bytes is checked on more than one thread
     * (docs/scaling.md, "Built: Steps 1 and 2"); 0, the default, turns it off. The system property
     * {@code ptxlint.chunk} sets it (bytes; 16384 is what was measured). Off by default: with the
     * launchers' serial collector and 16 MB young generation the chunks alive at each collection
     * cost more CPU than the reading thread saves, on the 2 cores measured; the collector of step 3
     * of docs/scaling.md comes first.
     */
    static final int DEFAULT_CHUNK = Integer.getInteger("ptxlint.chunk", 0);

    private long chunkFrom = PARALLEL_FROM;
    private int chunkBytes = DEFAULT_CHUNK;
    private int chunkMax;

    /**
     * This linter cutting every stream read on more than one thread into chunks of {@code bytes}
     * (tests: tiny chunks put the cuts everywhere), with no cut within {@code max} bytes
     * sending the rest of the file to one thread (0: the default).
     */
    Linter withChunks(int bytes, int max) {
        Linter l = copy();
        l.chunkFrom = 0;
        l.chunkBytes = bytes;
        l.chunkMax = max;
        return l;
    }

    /**
     * Statements of one function body held so that the body is checked whole (docs/limits.md
     * "Memory"): 1 for every 2 KiB of the maximum heap, at least 4096 (32,768 at -Xmx64m, about
     * 12 MB of syntax tree). A larger body is checked as it is read.
     */
    static final long DEFAULT_BODY_BUDGET = Math.max(4096, Runtime.getRuntime().maxMemory() / 2048);

    private long bodyBudget = DEFAULT_BODY_BUDGET;

    /** This linter with another budget of held statements (tests: a small one streams every body). */
    Linter withBodyBudget(long statements) {
        Linter l = copy();
        l.bodyBudget = statements;
        return l;
    }

    /** The settings this linter applies. */
    public LintSettings settings() {
        return settings;
    }

    /**
     * Where the reading thread's diagnostics, comments and settled lines go: the pool, or the
     * suppressions. Classes, not method references: a small run links no lambda at all, which
     * saves it the {@code java.lang.invoke} linkage (about 30 ms CPU, docs/performance.md); the
     * other anonymous classes on a small run's path are there for the same reason.
     */
    private static final class Route implements Consumer<Diagnostic> {
        final FunctionPool pool;
        final Suppressions suppressions;
        final Consumer<dev.ptxlint.syntax.Token> comments = new Consumer<>() {
            @Override
            public void accept(dev.ptxlint.syntax.Token t) {
                if (pool != null) {
                    pool.comment(t);
                } else {
                    suppressions.comment(t);
                }
            }
        };
        final java.util.function.IntConsumer settle = new java.util.function.IntConsumer() {
            @Override
            public void accept(int line) {
                if (pool != null) {
                    pool.settle(line);
                } else {
                    suppressions.settle(line);
                }
            }
        };

        Route(FunctionPool pool, Suppressions suppressions) {
            this.pool = pool;
            this.suppressions = suppressions;
        }

        @Override
        public void accept(Diagnostic d) {
            if (pool != null) {
                pool.report(d);
            } else {
                suppressions.report(d);
            }
        }
    }

    /** Order of diagnostics in output: by position, then code. */
    public static final Comparator<Diagnostic> ORDER = new ByPosition();

    /**
     * {@link #ORDER}, written out: {@code Comparator.comparingLong(...).thenComparing(...)} makes
     * lambdas of {@code java.util.Comparator}, which the class-data-sharing archive does not keep, so
     * every run spun their classes (start-up, docs/performance.md).
     */
    private static final class ByPosition implements Comparator<Diagnostic> {
        @Override
        public int compare(Diagnostic a, Diagnostic b) {
            int c = Long.compare(a.range().startOffset(), b.range().startOffset());
            return c != 0 ? c : a.code().compareTo(b.code());
        }
    }

    /** Lints {@code text} and returns its diagnostics sorted by position. */
    public List<Diagnostic> lint(String text) {
        return lint(new StringReader(text));
    }

    /** Lints a character stream and returns its diagnostics sorted by position. */
    public List<Diagnostic> lint(Reader reader) {
        List<Diagnostic> out = new ArrayList<>();
        try {
            lint(new Lexer(reader), out::add);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.sort(ORDER);
        return out;
    }

    /** Lints UTF-8 bytes; invalid sequences are reported, not fatal. */
    public void lint(InputStream in, Consumer<Diagnostic> sink) throws IOException {
        lint(null, in, sink, null, known(in));
    }

    /**
     * Lints UTF-8 bytes as {@link #lint(InputStream, Consumer)} does and tells {@code settled}, as
     * the file is read, an offset before which every diagnostic of the file has reached the sink
     * (see {@link #lint(Lexer, Consumer, LongConsumer)}): what lets the command line print a file's
     * diagnostics sorted while it is still being read.
     */
    public void lint(InputStream in, Consumer<Diagnostic> sink, LongConsumer settled) throws IOException {
        lint(null, in, sink, settled, known(in));
    }

    /**
     * The bytes {@code in} says it has left ({@link InputStream#available()}: the rest of a regular
     * file for the streams of {@code Files.newInputStream} and {@code FileInputStream}, what is
     * buffered for a pipe), 0 if it cannot say. A file known to reach {@link #PARALLEL_FROM} sends
     * its function bodies to the workers from its first one (docs/performance.md "Parallel function
     * checks").
     */
    private static long known(InputStream in) {
        try {
            return in.available();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Streams diagnostics to {@code sink} roughly in source order (syntax errors of a function
     * come before its name errors). Throws only if the underlying input fails to read. Sets the
     * lexer's comment listener (suppression comments are read from it). A diagnostic that a
     * comment could silence is passed on once the lexer is past its line, at the latest at the end.
     */
    public void lint(Lexer lexer, Consumer<Diagnostic> sink) throws IOException {
        lint(lexer, sink, null);
    }

    /**
     * Lints as {@link #lint(Lexer, Consumer)} does and, when {@code settled} is not null, calls it
     * before each top-level item is checked with an offset W such that no diagnostic starting
     * before W reaches the sink after the call: every diagnostic that starts before W has been
     * passed on already. W is the item's start, held back by what can still come for earlier
     * text: diagnostics a suppression comment may still silence, unused-suppression diagnostics
     * of comments that have not been used yet, the notes of the diagnostic cap (at the first one
     * left out of each code) and the header's end-of-module diagnostics (a missing .target is
     * reported at the .version). The offsets given never decrease. {@code LinterSettledTest}
     * checks the promise on every fixture and on random modules.
     */
    public void lint(Lexer lexer, Consumer<Diagnostic> sink, LongConsumer settled) throws IOException {
        lint(lexer, null, sink, settled, 0);
    }

    /**
     * Lints what {@code lexer} reads, or (null) the UTF-8 bytes of {@code in}, in chunks on the
     * workers when they are many ({@link ChunkedParser}). {@code known}: bytes the input is known to
     * have ({@link #known}), 0 if not known.
     */
    private void lint(Lexer lexer, InputStream in, Consumer<Diagnostic> sink, LongConsumer settled, long known)
            throws IOException {
        DiagnosticCap cap = new DiagnosticCap(sink);
        long[] settledSoFar = {-1};
        Suppressions suppressions = new Suppressions(settings, cap);
        // -j N: N threads in all, the reading thread and N - 1 workers, with one batch out per worker
        // (docs/performance.md "Why -j 2 was slower than -j 1 on 2 cores"); withThreads (tests) gives
        // the workers themselves, 1 for none
        int n = threads > 0 ? (threads > 1 ? threads : 0) : defaultThreads() - 1;
        FunctionPool pool = checkFactory != null && n > 0 && Runtime.getRuntime().availableProcessors() > 1
                ? new FunctionPool(suppressions, n, checkFactory, known >= parallelFrom ? 0 : parallelFrom,
                maxQueued > 0 ? maxQueued : n,
                bodyBudget, batch)
                : null;
        Route route = new Route(pool, suppressions);
        Reporter out = new Reporter(route);
        Consumer<SyntaxProblem> problems = new Consumer<SyntaxProblem>() {
            @Override
            public void accept(SyntaxProblem p) {
                out.report(fromSyntax(p));
            }
        };
        ChunkedParser chunks = null;
        if (lexer == null) {
            if (pool != null && chunkBytes > 0 && known >= chunkFrom) {
                int target = chunkBytes;
                int max = chunkMax > 0 ? chunkMax : (int) Math.min(Integer.MAX_VALUE - 16, Math.max(4L * target,
                        Math.min(bodyBudget * 32, 64L << 20)));
                // chunks read ahead: one per worker (more are alive at each young collection and cost the
                // collector more than they gain: docs/scaling.md), within a sixteenth of the heap at about
                // 32 bytes of syntax tree per byte of text
                long heapChunks = Runtime.getRuntime().maxMemory() / 16 / (32L * target);
                int window = (int) Math.max(1, Math.min(Integer.getInteger("ptxlint.chunkWindow", n), heapChunks));
                chunks = new ChunkedParser(in, target, max, FunctionPool.executor(n), window, problems, route.comments);
            } else {
                lexer = Lexer.ofUtf8(in);
            }
        }
        if (lexer != null) {
            lexer.setCommentListener(route.comments);
        }
        java.util.function.IntConsumer settle = route.settle;
        Span last = Span.NONE;
        try {
            Parser parser = chunks != null ? null : new Parser(lexer, problems);
            HeaderCheck header = new HeaderCheck(out, settings.defaultVersion(), settings.defaultTarget());
            NameResolver names = new NameResolver(out, header, checks, bodyBudget);
            if (pool != null) {
                names.setPool(pool);
            }
            if (chunks != null) {
                chunks.setBodyListener(names.bodyListener(settle));
            } else {
                parser.setBodyListener(names.bodyListener(settle));
            }
            Ast.TopLevel item;
            while ((item = chunks != null ? chunks.next() : parser.next()) != null) {
                // The lexer has passed every comment before this item: earlier lines are final.
                settle.accept(item.span().line());
                last = item.span();
                if (settled != null) {
                    // with a pool, in order behind the bodies still out (their diagnostics come first)
                    long start = item.span().start();
                    Runnable tell = new Runnable() {
                        @Override
                        public void run() {
                            long w = Math.min(Math.min(start, suppressions.lowestOpen()),
                                    Math.min(cap.lowestDropped(), Math.min(header.lowestLate(), names.lowestLate())));
                            if (w > settledSoFar[0]) {
                                settledSoFar[0] = w;
                                settled.accept(w);
                            }
                        }
                    };
                    if (pool != null) {
                        pool.later(tell);
                    } else {
                        tell.run();
                    }
                }
                header.visit(item);
                names.visit(item);
                if (pool != null) {
                    pool.poll();
                }
            }
            if (pool != null) {
                pool.drain();
            }
            IOException io = chunks != null ? chunks.ioError() : lexer.ioError();
            if (io != null) {
                throw io;
            }
            if (!(chunks != null ? chunks.unreadable() : lexer.unreadable())) {
                header.finish(new Span(last.end(), last.end(), last.endLine(), last.endColumn(), last.endLine(),
                        last.endColumn()));
                names.finish();
            }
            suppressions.finish();
        } catch (IOException e) {
            if (chunks != null) {
                chunks.cancel();
            }
            if (pool != null) {
                pool.cancel();
            }
            throw e;
        } catch (Throwable e) { // the file boundary: a crash becomes one diagnostic (docs/limits.md)
            Throwable cause = e;
            if (pool != null) {
                // A body checked on a worker failed (where a run on one thread would have stopped), or
                // this thread did: then the bodies before it still count, unless one of them failed.
                if (e instanceof FunctionPool.Failure f) {
                    cause = f.getCause();
                    last = f.span;
                } else {
                    try {
                        pool.drain();
                    } catch (FunctionPool.Failure f) {
                        cause = f.getCause();
                        last = f.span;
                    } catch (RuntimeException ignored) {
                        // the first failure stands
                    }
                }
                pool.cancel();
            }
            if (chunks != null) {
                chunks.cancel();
            }
            IOException io = chunks != null ? chunks.ioError() : lexer.ioError();
            if (io != null) {
                throw io;
            }
            cap.accept(internalError(cause, last));
        }
        cap.finish();
    }

    /**
     * The diagnostic for a failure while checking (out of memory, a stack overflow, a bug): at the
     * end of the last item checked completely, with one line saying what failed.
     */
    public static Diagnostic internalError(Throwable e, Span last) {
        Span at = new Span(last.end(), last.end(), last.endLine(), last.endColumn(), last.endLine(), last.endColumn());
        return Diagnostic.of(Rules.INTERNAL_ERROR, TextRange.of(at), "ptxlint failed while checking this file ("
                + describe(e) + "): diagnostics after this point are missing; please report it");
    }

    /** One line naming a failure: its class and, for an ordinary exception, its message (shortened). */
    public static String describe(Throwable e) {
        String m = e instanceof VirtualMachineError ? null : e.getMessage();
        String name = e.getClass().getSimpleName();
        if (m == null || m.isBlank()) {
            return name;
        }
        m = m.replaceAll("[\\p{Cntrl}]+", " ").strip();
        return name + ": " + (m.length() > 120 ? m.substring(0, 120) + "..." : m);
    }

    static Diagnostic fromSyntax(SyntaxProblem p) {
        Rule rule = switch (p.kind()) {
            case INVALID_CHARACTER -> Rules.INVALID_CHARACTER;
            case INVALID_UTF8 -> Rules.INVALID_UTF8;
            case MALFORMED_NUMBER -> Rules.MALFORMED_NUMBER;
            case UNTERMINATED_STRING -> Rules.UNTERMINATED_STRING;
            case UNTERMINATED_COMMENT -> Rules.UNTERMINATED_COMMENT;
            case PREPROCESSOR -> Rules.PREPROCESSOR;
            case UNEXPECTED_TOKEN -> Rules.SYNTAX_ERROR;
            case MISSING_SEMICOLON -> Rules.MISSING_SEMICOLON;
            case UNCLOSED_BLOCK -> Rules.UNCLOSED_BLOCK;
            case UNKNOWN_DIRECTIVE -> Rules.UNKNOWN_DIRECTIVE;
            case TOO_MANY_OPERATORS -> Rules.TOO_MANY_OPERATORS;
            case TOO_DEEP -> Rules.EXPRESSION_TOO_DEEP;
            case UTF16 -> Rules.UTF16_FILE;
        };
        Diagnostic d = Diagnostic.of(rule, TextRange.of(p.span()), p.message());
        if (p.hasFix()) {
            String title = p.fixText().isEmpty()
                    ? "Remove the empty statement"
                    : "Insert '" + p.fixText().strip() + "'";
            d = d.withFix(Fix.safe(title, TextRange.of(p.fixSpan()), p.fixText()));
        }
        return d;
    }
}
