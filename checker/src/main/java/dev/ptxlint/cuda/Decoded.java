package dev.ptxlint.cuda;

import java.util.Arrays;

/**
 * Text decoded from C++ string literals, each character with the range of source text it came
 * from (an escape such as {@code \n} or {@code \x41} covers all its characters; a raw string's
 * characters cover themselves). Offsets count UTF-16 code units of the source file.
 */
public final class Decoded {
    private final StringBuilder text = new StringBuilder();
    private int[] start = new int[16];
    private int[] end = new int[16];

    /** Appends {@code ch}, which came from source offsets {@code [from, to)}. */
    public void append(char ch, int from, int to) {
        int n = text.length();
        if (n == start.length) {
            start = Arrays.copyOf(start, n * 2);
            end = Arrays.copyOf(end, n * 2);
        }
        text.append(ch);
        start[n] = from;
        end[n] = to;
    }

    /** Appends all of {@code other}. */
    public void append(Decoded other) {
        for (int k = 0; k < other.length(); k++) {
            append(other.charAt(k), other.start(k), other.end(k));
        }
    }

    public int length() {
        return text.length();
    }

    public char charAt(int k) {
        return text.charAt(k);
    }

    /** The source offset where character {@code k} starts. */
    public int start(int k) {
        return start[k];
    }

    /** The source offset just after character {@code k}. */
    public int end(int k) {
        return end[k];
    }

    /** The decoded text. */
    public String text() {
        return text.toString();
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
