package dev.ptxlint.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Splits the server's input into messages: headers, a blank line, then exactly
 * {@code Content-Length} bytes, whatever those bytes hold (LSP4J's own reader parses the body
 * straight from the stream and, when parsing fails, leaves the rest of it to be read as headers,
 * which loses every later message). Malformed framing never desynchronises the input for good:
 *
 * <ul>
 *   <li>a line that is not a header is skipped, and a {@code Content-Length:} inside it (the tail
 *       of a body shorter or longer than announced, glued to the next header) starts the next
 *       message;</li>
 *   <li>a header line is read into a bounded buffer ({@link #MAX_LINE} bytes): an endless line
 *       costs no memory;</li>
 *   <li>a body above the size limit is read and dropped, not held;</li>
 *   <li>{@link #pushBack} returns bytes of a body that turned out to hold the next message's header
 *       (a Content-Length larger than the body) to the input.</li>
 * </ul>
 *
 * Not thread-safe: one reader thread.
 */
final class MessageFramer {

    /** Longest header line kept; longer lines are scanned for a header and dropped. */
    static final int MAX_LINE = 8192;
    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);

    /** One message: its body, or why there is none ({@code body} null, {@code problem} set). */
    record Frame(byte[] body, String problem) {
    }

    private final InputStream in;
    private final long maxBody;
    private final Consumer<String> log;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int limit;
    /** Bytes given back by {@link #pushBack}, read before {@link #buf}. */
    private byte[] back;
    private int backPos;
    private final byte[] line = new byte[MAX_LINE];
    private int lineLength;
    private boolean lineOverflow;

    MessageFramer(InputStream in, long maxBody, Consumer<String> log) {
        this.in = in;
        this.maxBody = maxBody;
        this.log = log;
    }

    /** The next message, or null at the end of the input. */
    Frame next() throws IOException {
        long contentLength = -1;
        boolean headers = false;
        String problem = null;
        long skipped = 0;
        while (true) {
            int n = readLine();
            if (n < 0) {
                if (skipped > 0 || headers) {
                    log.accept("input ended inside a message header (" + skipped + " bytes of garbage skipped)");
                }
                return null;
            }
            if (lineOverflow) {
                // an endless line: drop it, but keep a header found in it (or a piece of one at the cut)
                int at = indexOfContentLength(line, 1, n);
                int from = at >= 0 ? at : n - (CONTENT_LENGTH.length - 1);
                skipped += from;
                pushBack(line, from, n);
                continue;
            }
            if (n == 0) {
                if (!headers) {
                    continue; // a stray blank line between messages
                }
                break;
            }
            int start = 0;
            int colon;
            int at = indexOfContentLength(line, 0, n);
            if (at > 0) {
                // garbage glued to the next message's header (the tail of a body longer than its
                // Content-Length, or a truncated header): the message starts at the header
                skipped += at;
                start = at;
                colon = at + CONTENT_LENGTH.length - 1;
            } else {
                colon = headerColon(n);
                if (colon < 0) {
                    skipped += n + 1; // not a header
                    continue;
                }
            }
            if (skipped > 0) {
                log.accept("skipped " + skipped + " bytes that are not a message header");
                skipped = 0;
            }
            headers = true;
            String name = ascii(start, colon).trim();
            String value = ascii(colon + 1, n).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                long v = parseLength(value);
                if (v < 0) {
                    problem = "Content-Length '" + excerpt(value) + "' is not a byte count";
                    contentLength = -1;
                } else {
                    contentLength = v;
                    problem = null;
                }
            } else if (name.equalsIgnoreCase("Content-Type")) {
                String cs = charset(value);
                if (cs != null && !cs.equalsIgnoreCase("utf-8") && !cs.equalsIgnoreCase("utf8")) {
                    log.accept("unsupported charset '" + excerpt(cs) + "' in Content-Type; the body is read as UTF-8");
                }
            }
        }
        if (contentLength < 0) {
            return new Frame(null, problem != null ? problem : "message header without Content-Length");
        }
        if (contentLength > maxBody) {
            long dropped = skip(contentLength);
            if (dropped < contentLength) {
                return null;
            }
            return new Frame(null, "message of " + contentLength + " bytes is above the limit of " + maxBody + " bytes");
        }
        byte[] body = new byte[(int) contentLength];
        int got = 0;
        while (got < body.length) {
            int r = read(body, got, body.length - got);
            if (r < 0) {
                log.accept("input ended inside a message body (" + got + " of " + body.length + " bytes)");
                return null;
            }
            got += r;
        }
        return new Frame(body, null);
    }

    /**
     * Gives {@code bytes[from, to)} back to the input, to be read again as headers: for a body
     * that held the start of the next message.
     */
    void pushBack(byte[] bytes, int from, int to) {
        byte[] rest = java.util.Arrays.copyOfRange(bytes, from, to);
        if (back != null && backPos < back.length) {
            byte[] joined = new byte[rest.length + back.length - backPos];
            System.arraycopy(rest, 0, joined, 0, rest.length);
            System.arraycopy(back, backPos, joined, rest.length, back.length - backPos);
            rest = joined;
        }
        back = rest;
        backPos = 0;
    }

    /** Index of the first {@code Content-Length:} (any case) in {@code bytes[from, to)}, or -1. */
    static int indexOfContentLength(byte[] bytes, int from, int to) {
        outer:
        for (int i = from; i <= to - CONTENT_LENGTH.length; i++) {
            for (int k = 0; k < CONTENT_LENGTH.length; k++) {
                int c = bytes[i + k];
                if (c >= 'A' && c <= 'Z') {
                    c += 'a' - 'A';
                }
                if (c != CONTENT_LENGTH[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Index of the colon of a {@code Name: value} header line, or -1. */
    private int headerColon(int n) {
        for (int i = 0; i < n; i++) {
            int c = line[i];
            if (c == ':') {
                return i == 0 ? -1 : i;
            }
            boolean token = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_';
            if (!token) {
                return -1;
            }
        }
        return -1;
    }

    private String ascii(int from, int to) {
        return new String(line, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1);
    }

    private static long parseLength(String v) {
        if (v.isEmpty() || v.length() > 18) {
            return -1;
        }
        long n = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    private static String charset(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.trim();
            if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                String cs = p.substring(8).trim();
                return cs.length() > 1 && cs.startsWith("\"") && cs.endsWith("\"") ? cs.substring(1, cs.length() - 1) : cs;
            }
        }
        return null;
    }

    /** A short printable excerpt of untrusted text for a log line. */
    static String excerpt(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && b.length() < 40; i++) {
            char c = s.charAt(i);
            b.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return s.length() > 40 ? b + "..." : b.toString();
    }

    /**
     * Reads one line (without its CR LF or LF) into {@link #line}; returns its length, -1 at the end
     * of input. A line longer than the buffer returns the buffer's worth with {@link #lineOverflow}
     * set, the rest still unread.
     */
    private int readLine() throws IOException {
        lineLength = 0;
        lineOverflow = false;
        while (true) {
            int c = read();
            if (c < 0) {
                return lineLength > 0 ? lineLength : -1;
            }
            if (c == '\n') {
                if (lineLength > 0 && line[lineLength - 1] == '\r') {
                    lineLength--;
                }
                return lineLength;
            }
            line[lineLength++] = (byte) c;
            if (lineLength == MAX_LINE) {
                lineOverflow = true;
                return lineLength;
            }
        }
    }

    private long skip(long count) throws IOException {
        long done = 0;
        byte[] scratch = new byte[8192];
        while (done < count) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, count - done));
            if (r < 0) {
                break;
            }
            done += r;
        }
        return done;
    }

    private int read() throws IOException {
        if (back != null) {
            if (backPos < back.length) {
                return back[backPos++] & 0xff;
            }
            back = null;
        }
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    private int read(byte[] b, int off, int len) throws IOException {
        if (back != null) {
            if (backPos < back.length) {
                int n = Math.min(len, back.length - backPos);
                System.arraycopy(back, backPos, b, off, n);
                backPos += n;
                return n;
            }
            back = null;
        }
        if (pos == limit) {
            if (len >= buf.length) {
                return in.read(b, off, len);
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, limit - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    private boolean fill() throws IOException {
        int r = in.read(buf, 0, buf.length);
        if (r <= 0) {
            return false;
        }
        pos = 0;
        limit = r;
        return true;
    }
}
