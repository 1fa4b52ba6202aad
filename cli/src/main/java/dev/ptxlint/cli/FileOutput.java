package dev.ptxlint.cli;

import java.io.OutputStream;

/**
 * One file's output on its way from the thread that lints the file to standard output, in
 * chunks (docs/limits.md "Output"). Bytes are collected until {@link #CHUNK} are pending or the
 * file ends, so a file with less output is still written in one piece (its lines stay together
 * when several ptxlint processes share one output). A file whose turn to be printed has not come
 * holds at most {@link #BOUND} bytes; then the thread linting it waits until the output thread
 * takes them, which it does once every earlier file is printed.
 *
 * <p>Direct mode ({@link #direct}): no other thread; a chunk is handed to the given sink as soon
 * as it is complete, on the writing thread (one file linted at a time).
 */
final class FileOutput extends OutputStream {
    /** Bytes collected before they are handed on. */
    static final int CHUNK = 64 << 10;
    /** Most bytes a file waiting for its turn holds before the thread linting it waits. */
    static final int BOUND = 1 << 20;

    /** Where direct mode hands a chunk. */
    interface Sink {
        void chunk(byte[] bytes, int length);
    }

    private final Sink direct;
    private final int chunk;
    private final int bound;
    private byte[] buf = new byte[512];
    private int len;
    private boolean closed;
    /** Set when nobody will take the output any more (the run is ending): writes are dropped. */
    private boolean abandoned;

    private FileOutput(Sink direct, int chunk, int bound) {
        this.direct = direct;
        this.chunk = chunk;
        this.bound = bound;
    }

    /** A file output handed to the output thread with {@link #take}. */
    static FileOutput queued() {
        return new FileOutput(null, CHUNK, BOUND);
    }

    /** A file output written to {@code sink} on the writing thread, {@code chunk} bytes at a time. */
    static FileOutput direct(Sink sink, int chunk) {
        return new FileOutput(sink, chunk, Math.max(chunk, BOUND));
    }

    /** A file output with other sizes (tests use small ones). */
    static FileOutput queued(int chunk, int bound) {
        return new FileOutput(null, chunk, Math.max(chunk, bound));
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int n) {
        if (direct != null) {
            append(b, off, n);
            if (len >= chunk) {
                handDirect();
            }
            return;
        }
        synchronized (this) {
            // waits only while a whole chunk is pending, which the output thread takes in its turn
            while (len >= chunk && len + n > bound && !abandoned) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    abandoned = true;
                }
            }
            if (abandoned) {
                return;
            }
            append(b, off, n);
            if (len >= chunk) {
                notifyAll();
            }
        }
    }

    private void append(byte[] b, int off, int n) {
        if (len + n > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(len + n, Math.min(2 * buf.length, Math.max(chunk, bound) * 2)));
        }
        System.arraycopy(b, off, buf, len, n);
        len += n;
    }

    private void handDirect() {
        if (len > 0) {
            direct.chunk(buf, len);
            len = 0;
        }
    }

    /** The file's output is complete: what is pending is handed on. */
    @Override
    public void close() {
        if (direct != null) {
            handDirect();
            closed = true;
            return;
        }
        synchronized (this) {
            closed = true;
            notifyAll();
        }
    }

    /**
     * For the output thread: waits until a chunk is complete or the file's output is, and returns
     * what is pending (null: the output is complete and everything was taken).
     */
    synchronized byte[] take() throws InterruptedException {
        while (len < chunk && !closed) {
            wait();
        }
        if (len == 0) {
            return null;
        }
        byte[] out = java.util.Arrays.copyOf(buf, len);
        len = 0;
        if (buf.length > 4 * chunk) {
            buf = new byte[512];
        }
        notifyAll();
        return out;
    }

    /** Drops what is pending and every later write, and wakes the writer (the run is ending). */
    synchronized void abandon() {
        abandoned = true;
        len = 0;
        notifyAll();
    }
}
