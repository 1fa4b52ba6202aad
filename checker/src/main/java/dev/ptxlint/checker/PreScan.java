package dev.ptxlint.checker;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a PTX file's bytes and cuts them into chunks at top-level item boundaries without lexing
 * (docs/scaling.md, Step 1): one pass over the bytes that skips comments, strings and preprocessor
 * lines as the lexer does and keeps the brace depth. A chunk ends after a line break whose line
 * ends a top-level item ({@code ;} or {@code }} at depth 0, then only white space or comments), once
 * it holds at least the target size. Each chunk records the UTF-16 offset and line of its first
 * byte (its column is 0), so that a lexer started there gives every span exactly as a lexer of the
 * whole file does.
 *
 * <p>The scan only proposes cuts: {@link ChunkedParser} checks each chunk's parse and falls back to
 * one thread where the parser did not end an item at the cut. Where the scan itself cannot be sure
 * (a brace closed that was not open, a string over a line break, no cut within {@link #max} bytes)
 * it stops cutting: {@link #next()} returns null and {@link #rest()} is the rest of the file, for
 * one lexer on one thread as before.
 */
final class PreScan {

    /** A piece of the file: {@code bytes[0..length)}, starting at a line start. */
    record Chunk(byte[] bytes, int length, long offset, int line, boolean last) {
    }

    private static final int CODE = 0;
    private static final int LINE_COMMENT = 1;
    private static final int BLOCK_COMMENT = 2;
    private static final int STRING = 3;
    /** Bytes of lookahead the scan needs ({@code @@DWARF} and a blank). */
    private static final int LOOKAHEAD = 8;
    /**
     * A string longer than this (bytes) stops the cutting: the lexer ends a string at the next quote
     * only within 65,536 UTF-16 units.
     */
    private static final int MAX_STRING = 60_000;
    /**
     * No cut before this many bytes when the file does not start with two ASCII bytes: the lexer
     * looks at the first 70 units for a byte-order mark or UTF-16 ({@code Lexer.checkStart}).
     */
    private static final int FIRST_MIN = 512;

    private final InputStream in;
    private final int target;
    private final int max;

    /** The bytes from the start of the chunk being scanned: {@code buf[0..filled)}, scanned up to {@link #scanned}. */
    private byte[] buf;
    private int filled;
    private int scanned;
    private long offset;
    private int line;
    private boolean eof;
    private IOException ioError;
    private boolean stopped;
    private boolean done;
    private boolean first = true;
    private int firstMin;

    private int mode = CODE;
    private int depth;
    /** Whether the last token outside comments was a ';' or '}' at depth 0. */
    private boolean boundary = true;
    /** Whether a token starts on the current line (a '#' there is no preprocessor line). */
    private boolean tokenOnLine;
    private int stringStart;
    /** Line breaks since the chunk's start. */
    private int lines;
    /** Bytes minus UTF-16 units since the chunk's start (non-ASCII runs). */
    private long surplus;
    /** Start of the non-ASCII run being scanned, or -1. */
    private int runStart = -1;
    private CharsetDecoder decoder;
    private char[] units;

    /**
     * @param target a chunk ends at the first item boundary at or after this many bytes
     * @param max    no boundary within this many bytes stops the cutting
     */
    PreScan(InputStream in, int target, int max) {
        this.in = in;
        this.target = Math.max(1, target);
        this.max = Math.max(this.target, max);
        this.buf = new byte[Math.min(this.max, this.target) + (1 << 16)];
    }

    /** The next chunk, or null at the end of the file or where the scan stopped ({@link #stopped()}). */
    Chunk next() {
        if (stopped || done) {
            return null;
        }
        while (true) {
            int limit = eof ? filled : filled - LOOKAHEAD;
            int cut = scan(limit);
            if (cut > 0) {
                return cut(cut, false);
            }
            if (stopped) {
                return null;
            }
            if (eof) {
                endRun(filled);
                done = true;
                return filled == 0 ? null : cut(filled, true);
            }
            if (filled >= max) {
                stopped = true;
                return null;
            }
            read();
        }
    }

    /** Whether the scan stopped cutting before the end: {@link #rest()} is to be read on one thread. */
    boolean stopped() {
        return stopped;
    }

    /** The I/O error that ended the input early (the scan saw an end of file there), or null. */
    IOException ioError() {
        return ioError;
    }

    /** UTF-16 offset of the first byte not yet returned in a chunk. */
    long offset() {
        return offset;
    }

    /** Line of the first byte not yet returned in a chunk (it starts a line). */
    int line() {
        return line;
    }

    /** The bytes not yet returned in a chunk and the rest of the input, from {@link #offset()}. */
    InputStream rest() {
        InputStream head = new ByteArrayInputStream(buf, 0, filled);
        if (eof) {
            return head;
        }
        return new SequenceInputStream(head, in);
    }

    private void read() {
        if (filled == buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(buf.length * 2L, filled + 1L)));
        }
        try {
            int n = in.read(buf, filled, buf.length - filled);
            if (n < 0) {
                eof = true;
            } else {
                filled += n;
            }
        } catch (IOException e) {
            ioError = e;
            eof = true;
        } catch (RuntimeException e) {
            ioError = new IOException(e.getMessage(), e);
            eof = true;
        }
        if (first && filled >= 2) {
            first = false;
            firstMin = buf[0] > 0 && buf[1] > 0 ? 0 : FIRST_MIN;
        }
    }

    /** Returns {@code buf[0..at)} as a chunk and keeps the rest for the next one. */
    private Chunk cut(int at, boolean last) {
        Chunk c = new Chunk(Arrays.copyOf(buf, at), at, offset, line, last);
        offset += at - surplus;
        line += lines;
        lines = 0;
        surplus = 0;
        System.arraycopy(buf, at, buf, 0, filled - at);
        filled -= at;
        scanned -= at;
        return c;
    }

    /** Byte classes of the scan: part of a token, blank, or one the scan looks at. */
    private static final byte TOKEN = 0;
    private static final byte BLANK = 1;
    private static final byte SPECIAL = 2;
    private static final byte[] CLASS = new byte[256];
    /** In a comment: a byte that may end it or that must be counted (line breaks, '*', non-ASCII). */
    private static final boolean[] COMMENT_STOP = new boolean[256];

    static {
        for (int c = 0x80; c < 256; c++) {
            CLASS[c] = SPECIAL;
            COMMENT_STOP[c] = true;
        }
        for (char c : new char[] {' ', '\t', '\f', 0x1A}) {
            CLASS[c] = BLANK;
        }
        for (char c : new char[] {'\n', '\r', '/', '@', '#', '"', '{', '}', ';'}) {
            CLASS[c] = SPECIAL;
        }
        COMMENT_STOP['\n'] = true;
        COMMENT_STOP['\r'] = true;
        COMMENT_STOP['*'] = true;
    }

    /** Scans {@code buf[scanned..limit)}; returns the position after a cut (a line break), or 0. */
    private int scan(int limit) {
        byte[] b = buf;
        byte[] cls = CLASS;
        boolean[] stop = COMMENT_STOP;
        int i = scanned;
        try {
            while (i < limit) {
                int c = b[i] & 0xFF;
                if (mode != CODE) {
                    // comments and strings: skip to the next byte that matters ('*' only ends a block comment)
                    while (!stop[c] && c != '"' && ++i < limit) {
                        c = b[i] & 0xFF;
                    }
                    if (i >= limit) {
                        return 0;
                    }
                } else if (cls[c] != SPECIAL) {
                    if (cls[c] == TOKEN) {
                        tokenOnLine = true;
                        boundary = false;
                    }
                    i++;
                    while (i < limit && cls[b[i] & 0xFF] == TOKEN) {
                        i++;
                    }
                    continue;
                }
                if (c >= 0x80) {
                    if (runStart < 0) {
                        runStart = i;
                    }
                    if (mode == CODE) {
                        // a stray character; the byte-order mark at the start is read as white space
                        if (!(offset == 0 && i < 3 && startsWithMark())) {
                            tokenOnLine = true;
                            boundary = false;
                        }
                    }
                    i++;
                    continue;
                }
                if (runStart >= 0) {
                    endRun(i);
                }
                switch (mode) {
                    case CODE:
                        if (c == '\n') {
                            lines++;
                            tokenOnLine = false;
                            i++;
                            if (boundary && depth == 0 && i >= target && i >= firstMin) {
                                return i;
                            }
                            continue;
                        }
                        if (c == '\r') {
                            if (i + 1 >= filled || b[i + 1] != '\n') {
                                lines++;
                                tokenOnLine = false;
                            }
                            i++;
                            continue;
                        }
                        if (c == '/' && i + 1 < filled && b[i + 1] == '/') {
                            mode = LINE_COMMENT;
                            i += 2;
                            continue;
                        }
                        if (c == '/' && i + 1 < filled && b[i + 1] == '*') {
                            mode = BLOCK_COMMENT;
                            i += 2;
                            continue;
                        }
                        if (c == '@' && dwarf(i)) {
                            mode = LINE_COMMENT;
                            i++;
                            continue;
                        }
                        if (c == '#' && !tokenOnLine) {
                            mode = LINE_COMMENT; // a preprocessor line: the lexer takes it whole
                            tokenOnLine = true;
                            i++;
                            continue;
                        }
                        tokenOnLine = true;
                        if (c == '"') {
                            mode = STRING;
                            stringStart = i;
                            boundary = false;
                            i++;
                            continue;
                        }
                        if (c == '{') {
                            depth++;
                        } else if (c == '}') {
                            if (--depth < 0) {
                                stopped = true;
                                return 0;
                            }
                        }
                        boundary = (c == ';' || c == '}') && depth == 0;
                        i++;
                        continue;
                    case LINE_COMMENT:
                        if (c == '\n' || c == '\r') {
                            mode = CODE; // the line break itself is read as code
                            continue;
                        }
                        i++;
                        continue;
                    case BLOCK_COMMENT:
                        if (c == '*' && i + 1 < filled && b[i + 1] == '/') {
                            mode = CODE;
                            i += 2;
                            continue;
                        }
                        if (c == '\n') {
                            lines++;
                            tokenOnLine = false;
                        } else if (c == '\r' && (i + 1 >= filled || b[i + 1] != '\n')) {
                            lines++;
                            tokenOnLine = false;
                        }
                        i++;
                        continue;
                    default: // STRING
                        if (i - stringStart > MAX_STRING) {
                            stopped = true; // the lexer ends a long string at the next quote only within 65,536 units
                            return 0;
                        }
                        if (c == '"') {
                            mode = CODE;
                        } else if (c == '\n' || c == '\r') {
                            stopped = true; // the lexer's rules for strings over lines are not followed here
                            return 0;
                        }
                        i++;
                        continue;
                }
            }
            return 0;
        } finally {
            scanned = i;
        }
    }

    /** Whether the file starts with a UTF-8 byte-order mark (at the start of the first chunk). */
    private boolean startsWithMark() {
        return filled >= 3 && (buf[0] & 0xFF) == 0xEF && (buf[1] & 0xFF) == 0xBB && (buf[2] & 0xFF) == 0xBF;
    }

    /** Whether {@code @@DWARF} and a blank start at {@code i}: a line the lexer reads as a comment. */
    private boolean dwarf(int i) {
        String w = "@@DWARF";
        if (i + w.length() >= filled) {
            return false;
        }
        for (int k = 0; k < w.length(); k++) {
            if (buf[i + k] != w.charAt(k)) {
                return false;
            }
        }
        int after = buf[i + w.length()];
        return after == ' ' || after == '\t';
    }

    /** The non-ASCII run from {@link #runStart} ends at {@code end}: counts its UTF-16 units as the lexer decodes them. */
    private void endRun(int end) {
        if (runStart < 0) {
            return;
        }
        int n = end - runStart;
        if (decoder == null) {
            decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE);
        }
        if (units == null || units.length < n + 4) {
            units = new char[n + 4];
        }
        CharBuffer out = CharBuffer.wrap(units);
        decoder.reset();
        decoder.decode(ByteBuffer.wrap(buf, runStart, n), out, true);
        decoder.flush(out);
        surplus += n - out.position();
        runStart = -1;
    }
}
