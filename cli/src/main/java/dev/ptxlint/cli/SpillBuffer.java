package dev.ptxlint.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Bytes kept for later: in memory up to a bound, then in a temporary file (deleted when the
 * buffer is closed, or when the JVM exits). Used for output that a format must hold until the run
 * ends (the results of a SARIF log come after its rules), so that memory does not grow with the
 * number of diagnostics of the run.
 */
final class SpillBuffer extends OutputStream {
    /** Bytes held in memory before spilling to a file. */
    static final int DEFAULT_MEMORY = 8 << 20;

    private final int memory;
    private ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private Path file;
    private OutputStream fileOut;

    SpillBuffer(int memory) {
        this.memory = memory;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        try {
            if (fileOut == null && bytes.size() + len > memory) {
                file = Files.createTempFile("ptxlint-", ".out");
                file.toFile().deleteOnExit();
                fileOut = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                bytes.writeTo(fileOut);
                bytes = null;
            }
            if (fileOut != null) {
                fileOut.write(b, off, len);
            } else {
                bytes.write(b, off, len);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep output in a temporary file: " + e.getMessage(), e);
        }
    }

    /** Whether the bytes went to a temporary file. */
    boolean spilled() {
        return file != null;
    }

    /** Copies everything written so far to {@code out}. */
    void transferTo(OutputStream out) throws IOException {
        if (fileOut == null) {
            bytes.writeTo(out);
            return;
        }
        fileOut.flush();
        try (java.io.InputStream in = Files.newInputStream(file)) {
            in.transferTo(out);
        }
    }

    @Override
    public void close() {
        bytes = new ByteArrayOutputStream();
        if (fileOut != null) {
            try {
                fileOut.close();
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // deleted on exit
            }
            fileOut = null;
            file = null;
        }
    }
}
