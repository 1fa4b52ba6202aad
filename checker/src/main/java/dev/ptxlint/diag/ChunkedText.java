package dev.ptxlint.diag;

import java.io.Reader;
import java.util.Arrays;

/**
 * An immutable text kept as a sequence of chunks, so that an edit makes a new text sharing every
 * chunk it does not touch: the language server's documents. An edit of a 20 MB document copies one
 * chunk and two small arrays (a few tens of KB) instead of the whole text twice (40 MB of garbage
 * per keystroke, whose collections were the p99 of an edit: docs/performance.md, "The language
 * server"). The whole text as a {@link String} is made only when asked for ({@link #toString()}),
 * once per text.
 *
 * <p>Chunks hold {@link #CHUNK} to {@code 2 * CHUNK} chars, except where an edit left a shorter
 * one: a chunk shorter than {@code CHUNK / 4} is merged with its neighbour, so that deleting and
 * inserting again and again does not fragment the text. Thread-safe: nothing observable changes
 * after construction (the lookup hint and the cached string are benign races).
 */
public final class ChunkedText implements CharSequence {

    /** The usual chunk size, in chars. */
    static final int CHUNK = 8192;

    private static final ChunkedText EMPTY = new ChunkedText(new String[0], new int[] {0});

    private final String[] chunks;
    /** {@code starts[i]} is the offset of chunk i; {@code starts[chunks.length]} the length. */
    private final int[] starts;
    /** The chunk of the last {@link #charAt}: a hint, checked before use. */
    private int hint;
    private volatile String whole;

    private ChunkedText(String[] chunks, int[] starts) {
        this.chunks = chunks;
        this.starts = starts;
    }

    /** A text holding {@code s}. */
    public static ChunkedText of(CharSequence s) {
        if (s instanceof ChunkedText c) {
            return c;
        }
        int n = s.length();
        if (n == 0) {
            return EMPTY;
        }
        String str = s.toString();
        int count = (n + CHUNK - 1) / CHUNK;
        String[] chunks = new String[count];
        int[] starts = new int[count + 1];
        for (int i = 0; i < count; i++) {
            int from = i * CHUNK;
            starts[i] = from;
            chunks[i] = str.substring(from, Math.min(n, from + CHUNK));
        }
        starts[count] = n;
        ChunkedText t = new ChunkedText(chunks, starts);
        t.whole = str;
        return t;
    }

    @Override
    public int length() {
        return starts[chunks.length];
    }

    /** The number of chunks (for tests). */
    int chunkCount() {
        return chunks.length;
    }

    /** The chunk holding offset {@code i} ({@code 0 <= i < length()}). */
    private int chunkOf(int i) {
        int h = hint;
        if (h < chunks.length && starts[h] <= i && i < starts[h + 1]) {
            return h;
        }
        int lo = 0;
        int hi = chunks.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        hint = lo;
        return lo;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length()) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + length());
        }
        int c = chunkOf(index);
        return chunks[c].charAt(index - starts[c]);
    }

    /** The text from {@code start} to {@code end} as a String (a copy of that stretch only). */
    @Override
    public String subSequence(int start, int end) {
        return substring(start, end);
    }

    /** The text from {@code start} to {@code end}. */
    public String substring(int start, int end) {
        if (start < 0 || end > length() || start > end) {
            throw new StringIndexOutOfBoundsException("begin " + start + ", end " + end + ", length " + length());
        }
        String w = whole;
        if (w != null) {
            return w.substring(start, end);
        }
        if (start == end) {
            return "";
        }
        int a = chunkOf(start);
        int b = chunkOf(end - 1);
        if (a == b) {
            return chunks[a].substring(start - starts[a], end - starts[a]);
        }
        StringBuilder sb = new StringBuilder(end - start);
        sb.append(chunks[a], start - starts[a], chunks[a].length());
        for (int i = a + 1; i < b; i++) {
            sb.append(chunks[i]);
        }
        sb.append(chunks[b], 0, end - starts[b]);
        return sb.toString();
    }

    /** The whole text, made once. */
    @Override
    public String toString() {
        String w = whole;
        if (w == null) {
            StringBuilder sb = new StringBuilder(length());
            for (String c : chunks) {
                sb.append(c);
            }
            w = sb.toString();
            whole = w;
        }
        return w;
    }

    /** Whether the whole text has been made as a String already. */
    boolean hasString() {
        return whole != null;
    }

    /**
     * This text with {@code [from, to)} replaced by {@code inserted}. Shares every chunk before and
     * after the replaced stretch.
     */
    public ChunkedText replace(int from, int to, CharSequence inserted) {
        int len = length();
        if (from < 0 || to > len || from > to) {
            throw new StringIndexOutOfBoundsException("replace " + from + ".." + to + ", length " + len);
        }
        int n = chunks.length;
        if (n == 0) {
            return of(inserted);
        }
        // chunks a..b (inclusive) are rebuilt: a holds 'from', b holds to - 1 (or 'from' when empty)
        int a = from == len ? n - 1 : chunkOf(from);
        int b = to > from ? chunkOf(to - 1) : a;
        // a small neighbour goes with them, so that chunks do not shrink for ever
        if (a > 0 && chunks[a - 1].length() < CHUNK / 4) {
            a--;
        }
        if (b + 1 < n && chunks[b + 1].length() < CHUNK / 4) {
            b++;
        }
        String head = substring(starts[a], from);
        String tail = substring(to, starts[b + 1]);
        int midLen = head.length() + inserted.length() + tail.length();
        // the rebuilt stretch, cut into pieces of at most 2 * CHUNK
        int pieces = midLen == 0 ? 0 : midLen <= 2 * CHUNK ? 1 : (midLen + CHUNK - 1) / CHUNK;
        if (pieces == 0 && n == b - a + 1) {
            return EMPTY;
        }
        String mid = pieces == 0 ? "" : new StringBuilder(midLen).append(head).append(inserted).append(tail).toString();
        int newN = n - (b - a + 1) + pieces;
        String[] nc = new String[newN];
        int[] ns = new int[newN + 1];
        System.arraycopy(chunks, 0, nc, 0, a);
        System.arraycopy(starts, 0, ns, 0, a);
        int at = starts[a];
        for (int p = 0; p < pieces; p++) {
            int f = pieces == 1 ? 0 : p * CHUNK;
            int t = pieces == 1 ? midLen : Math.min(midLen, f + CHUNK);
            nc[a + p] = pieces == 1 ? mid : mid.substring(f, t);
            ns[a + p] = at + f;
        }
        int delta = midLen - (starts[b + 1] - starts[a]);
        int rest = n - b - 1;
        System.arraycopy(chunks, b + 1, nc, a + pieces, rest);
        for (int i = 0; i <= rest; i++) {
            ns[a + pieces + i] = starts[b + 1 + i] + delta;
        }
        return new ChunkedText(nc, ns);
    }

    /** The first index of {@code s} at or after {@code from}, or -1. */
    public int indexOf(String s, int from) {
        String w = whole;
        if (w != null) {
            return w.indexOf(s, from);
        }
        int len = length();
        from = Math.max(0, from);
        if (s.isEmpty()) {
            return Math.min(from, len);
        }
        if (from >= len) {
            return -1;
        }
        int m = s.length();
        for (int c = chunkOf(from); c < chunks.length; c++) {
            String chunk = chunks[c];
            int base = starts[c];
            int i = chunk.indexOf(s, Math.max(0, from - base));
            if (i >= 0) {
                return base + i;
            }
            // a match that starts in this chunk and ends in a later one
            int scanFrom = Math.max(from, Math.max(base, starts[c + 1] - m + 1));
            for (int k = scanFrom; k < starts[c + 1] && k + m <= len; k++) {
                if (regionMatches(k, s)) {
                    return k;
                }
            }
        }
        return -1;
    }

    private boolean regionMatches(int at, String s) {
        for (int j = 0; j < s.length(); j++) {
            if (charAt(at + j) != s.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    /** The first index of {@code s} in {@code text} at or after {@code from}, or -1. */
    public static int indexOf(CharSequence text, String s, int from) {
        if (text instanceof String str) {
            return str.indexOf(s, from);
        }
        return of(text).indexOf(s, from);
    }

    /** {@code text}'s stretch {@code [start, end)} as a String. */
    public static String substring(CharSequence text, int start, int end) {
        if (text instanceof String s) {
            return s.substring(start, end);
        }
        if (text instanceof ChunkedText c) {
            return c.substring(start, end);
        }
        return text.subSequence(start, end).toString();
    }

    /** A reader of {@code text} that does not make it a String first. */
    public static Reader reader(CharSequence text) {
        if (text instanceof String s) {
            return new java.io.StringReader(s);
        }
        ChunkedText c = of(text);
        if (c.whole != null) {
            return new java.io.StringReader(c.whole);
        }
        return c.new ChunkReader();
    }

    /** Reads the chunks in order. */
    private final class ChunkReader extends Reader {
        private int chunk;
        private int pos;

        @Override
        public int read(char[] buf, int off, int len) {
            while (chunk < chunks.length && pos == chunks[chunk].length()) {
                chunk++;
                pos = 0;
            }
            if (chunk == chunks.length) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            String c = chunks[chunk];
            int n = Math.min(len, c.length() - pos);
            c.getChars(pos, pos + n, buf, off);
            pos += n;
            return n;
        }

        @Override
        public void close() {
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ChunkedText c) || c.length() != length()) {
            return false;
        }
        return toString().equals(c.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    /** The chunk lengths (for tests). */
    int[] chunkLengths() {
        int[] out = new int[chunks.length];
        Arrays.setAll(out, i -> chunks[i].length());
        return out;
    }
}
