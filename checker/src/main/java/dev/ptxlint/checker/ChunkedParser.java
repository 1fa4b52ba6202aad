package dev.ptxlint.checker;

import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Parser;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.SyntaxProblem;
import dev.ptxlint.syntax.Token;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * Lexes and parses one file's chunks ({@link PreScan}) on the worker threads and hands their items
 * to the reading thread in order, as a {@link Parser} over the whole file would (docs/scaling.md,
 * Step 2). A worker records everything its parser and lexer tell while reading a chunk (syntax
 * problems, comments, a body's statements, the items) and the reading thread replays the record to
 * the same listeners, in the same order, so that the module level (names, header, suppressions,
 * the diagnostic cap) sees exactly the calls of a run on one thread.
 *
 * <p>A chunk's record is kept only if its parser ended its last item without looking past the
 * chunk (the lexer never read beyond its bytes before the parser asked for the end), so that the
 * parser over the whole file would have been between items at the cut, with nothing looked ahead
 * (the parser's state between items is empty; the lexer starts each chunk at a line start, after
 * white space, as it is there in the whole file). Otherwise, and where the pre-scan stopped, the
 * rest of the file is read by one lexer and parser on the reading thread, from the start of that
 * chunk, as before. Token texts come from one shared intern table ({@link Lexer.Texts}), so a
 * spelling is the same String in every chunk.
 */
final class ChunkedParser {

    /** A top-level item in a chunk's record (a {@link Ast.Skipped} is a statement too). */
    private record Item(Ast.TopLevel item) {
    }

    private record BodyStart(Ast.Function header) {
    }

    private record BlockOpen(Token brace) {
    }

    /** What a worker's parser and lexer told about one chunk, in order. */
    private static final class Result {
        ArrayList<Object> events;
        /** The parser ended the chunk between items: the record is that of the whole file's parser. */
        boolean ok = true;
        boolean unreadable;
    }

    /** A chunk to parse; run by a worker, or by the reading thread when no worker has started it. */
    private final class Task extends FutureTask<Result> {
        final PreScan.Chunk chunk;

        Task(PreScan.Chunk chunk) {
            super(new java.util.concurrent.Callable<Result>() {
                @Override
                public Result call() {
                    return parse(chunk);
                }
            });
            this.chunk = chunk;
        }
    }

    /** The end of a chunk: notes when the lexer asks for more than the chunk's bytes. */
    private static final class ChunkEnd extends InputStream {
        boolean exhausted;

        @Override
        public int read() {
            exhausted = true;
            return -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            exhausted = true;
            return -1;
        }
    }

    /** Records a body as the parser streams it. */
    private static final class Recorder implements Parser.BodyListener {
        private final ArrayList<Object> events;

        Recorder(ArrayList<Object> events) {
            this.events = events;
        }

        @Override
        public void bodyStart(Ast.Function header) {
            events.add(new BodyStart(header));
        }

        @Override
        public void blockOpen(Token brace) {
            events.add(new BlockOpen(brace));
        }

        @Override
        public void statement(Ast.Statement s) {
            events.add(s);
        }

        @Override
        public void blockClose(Span span) {
            events.add(span);
        }
    }

    /** Chunks parsed in this JVM (tests check that the chunked path ran). */
    static long chunksParsed() {
        return Parsed.CHUNKS.sum();
    }

    /** Chunks whose record was replayed in this JVM (the others were read again on one thread). */
    static long chunksReplayed() {
        return Parsed.REPLAYED.sum();
    }

    private static final class Parsed {
        static final java.util.concurrent.atomic.LongAdder CHUNKS = new java.util.concurrent.atomic.LongAdder();
        static final java.util.concurrent.atomic.LongAdder REPLAYED = new java.util.concurrent.atomic.LongAdder();
    }

    private final PreScan scan;
    private final ExecutorService executor;
    private final int window;
    private final ArrayDeque<Task> inflight = new ArrayDeque<>();
    private final Lexer.Texts shared = Lexer.Texts.shared();
    /** Intern caches of the shared table not in use by a worker. */
    private final ConcurrentLinkedQueue<Lexer.Texts> caches = new ConcurrentLinkedQueue<>();
    private final Consumer<SyntaxProblem> problems;
    private final Consumer<Token> comments;
    private Parser.BodyListener body;

    /** The record being replayed, and where. */
    private ArrayList<Object> events;
    private int at;
    /** One thread from here on: the lexer and parser of the rest of the file, or null. */
    private Lexer lexer;
    private Parser parser;
    private boolean unreadable;

    /**
     * @param window most chunks read ahead of the one being replayed (their syntax trees are held)
     */
    ChunkedParser(InputStream in, int target, int max, ExecutorService executor, int window,
                  Consumer<SyntaxProblem> problems, Consumer<Token> comments) {
        this.scan = new PreScan(in, target, max);
        this.executor = executor;
        this.window = Math.max(1, window);
        this.problems = problems;
        this.comments = comments;
    }

    /** Where bodies go, as {@link Parser#setBodyListener}; call before {@link #next()}. */
    void setBodyListener(Parser.BodyListener listener) {
        this.body = listener;
    }

    /** The next top-level item, or null at the end, after the listeners were told what comes before it. */
    Ast.TopLevel next() {
        while (true) {
            if (parser != null) {
                return parser.next();
            }
            if (events == null) {
                if (!advance()) {
                    return null;
                }
                continue;
            }
            if (at == events.size()) {
                events = null;
                continue;
            }
            Object e = events.get(at);
            events.set(at++, null); // replayed: garbage once its listener is done with it
            if (e instanceof Ast.Statement s) {
                body.statement(s);
            } else if (e instanceof Item i) {
                return i.item();
            } else if (e instanceof SyntaxProblem p) {
                problems.accept(p);
            } else if (e instanceof Token t) {
                comments.accept(t);
            } else if (e instanceof Span s) {
                body.blockClose(s);
            } else if (e instanceof BlockOpen b) {
                body.blockOpen(b.brace());
            } else {
                body.bodyStart(((BodyStart) e).header());
            }
        }
    }

    /** The I/O error that ended the input early, or null. */
    IOException ioError() {
        if (lexer != null && lexer.ioError() != null) {
            return lexer.ioError();
        }
        return scan.ioError();
    }

    /** Whether the file was found unreadable (UTF-16) at its start. */
    boolean unreadable() {
        return unreadable || (lexer != null && lexer.unreadable());
    }

    /** Stops the chunks still out (their records are not wanted). */
    void cancel() {
        for (Task t : inflight) {
            t.cancel(false);
        }
        inflight.clear();
    }

    /** Reads chunks ahead and hands them to the workers, up to the window. */
    private void fill() {
        while (inflight.size() < window) {
            PreScan.Chunk c = scan.next();
            if (c == null) {
                return;
            }
            Task t = new Task(c);
            inflight.addLast(t);
            executor.execute(t);
        }
    }

    /** Takes the next chunk's record, or goes on on one thread; false at the end. */
    private boolean advance() {
        if (unreadable) {
            return false;
        }
        fill();
        Task head = inflight.peekFirst();
        if (head == null) {
            if (scan.stopped()) {
                oneThread(List.of(), scan.rest(), scan.offset(), scan.line());
                return true;
            }
            return false;
        }
        Result r = await(head);
        inflight.pollFirst();
        if (!r.ok) {
            List<InputStream> parts = new ArrayList<>();
            parts.add(new java.io.ByteArrayInputStream(head.chunk.bytes(), 0, head.chunk.length()));
            for (Task t : inflight) {
                t.cancel(false);
                parts.add(new java.io.ByteArrayInputStream(t.chunk.bytes(), 0, t.chunk.length()));
            }
            inflight.clear();
            oneThread(parts, scan.rest(), head.chunk.offset(), head.chunk.line());
            return true;
        }
        if (r.unreadable) {
            unreadable = true; // as the lexer of the whole file, nothing after its start is read
            cancel();
        }
        Parsed.REPLAYED.increment();
        events = r.events;
        at = 0;
        if (!unreadable) {
            fill();
        }
        return true;
    }

    /**
     * The record of {@code head}: parsed here if no worker has started it; while a worker parses
     * it, this thread runs what waits for a worker (chunks, bodies) instead of waiting.
     */
    private Result await(Task head) {
        head.run(); // nothing if a worker runs it or ran it
        FunctionPool.helpUntil(executor, head);
        try {
            return head.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a chunk's parse", e);
        } catch (ExecutionException e) {
            Result failed = new Result(); // one thread meets the failure again, where it is
            failed.ok = false;
            return failed;
        }
    }

    /** One lexer and parser on this thread for {@code parts} and then {@code rest}, starting at {@code offset}. */
    private void oneThread(List<InputStream> parts, InputStream rest, long offset, int line) {
        InputStream in = rest;
        for (int i = parts.size() - 1; i >= 0; i--) {
            in = new SequenceInputStream(parts.get(i), in);
        }
        lexer = Lexer.ofUtf8(in, shared.cache()).startingAtLine(offset, line);
        lexer.setCommentListener(comments);
        parser = new Parser(lexer, problems);
        parser.setBodyListener(body);
    }

    /** A worker's part: lexes and parses one chunk, recording what its listeners are told. */
    private Result parse(PreScan.Chunk c) {
        Parsed.CHUNKS.increment();
        Result r = new Result();
        ArrayList<Object> ev = new ArrayList<>(Math.max(16, c.length() / 24));
        r.events = ev;
        ChunkEnd in = new ChunkEnd();
        Lexer.Texts texts = caches.poll();
        if (texts == null) {
            texts = shared.cache();
        }
        try {
            // a copy: the lexer may move bytes within its array, and the chunk is read again if this fails
            Lexer lx = Lexer.ofUtf8(Arrays.copyOf(c.bytes(), c.length()), c.length(), in, texts)
                    .startingAtLine(c.offset(), c.line());
            lx.setCommentListener(new Consumer<Token>() {
                @Override
                public void accept(Token t) {
                    ev.add(t);
                }
            });
            Parser p = new Parser(lx, new Consumer<SyntaxProblem>() {
                @Override
                public void accept(SyntaxProblem sp) {
                    ev.add(sp);
                }
            });
            p.setBodyListener(new Recorder(ev));
            Ast.TopLevel item;
            while ((item = p.next()) != null) {
                ev.add(new Item(item));
                if (!c.last() && in.exhausted) {
                    // the item's parse looked past the cut: the whole file's parser may not end it here
                    r.ok = false;
                    r.events = null;
                    caches.add(texts);
                    return r;
                }
            }
            r.unreadable = lx.unreadable();
        } catch (Throwable e) { // the reading thread parses this chunk again, and meets it where one thread does
            r.ok = false;
            r.events = null;
            return r;
        }
        caches.add(texts);
        return r;
    }
}
