package dev.ptxlint.diag;

import java.util.Arrays;

/**
 * Line starts of a text, kept up to date edit by edit (a one-line edit in a 20 MB document must
 * not rescan the document). Lines end at {@code \n}, {@code \r\n} or a lone {@code \r}, as the
 * lexer counts them; columns are UTF-16 code units, as in LSP. Shared by the language server (its
 * documents) and the CUDA reader (mapping asm diagnostics back to the {@code .cu} file).
 */
public final class LineIndex {
    private int[] starts;
    private int count;

    public LineIndex(CharSequence text) {
        starts = new int[Math.max(16, text.length() / 32)];
        count = 0;
        add(0);
        scan(text, 0, text.length());
    }

    private void add(int start) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
        }
        starts[count++] = start;
    }

    private void scan(CharSequence text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                add(i + 1);
            }
        }
    }

    public int lineCount() {
        return count;
    }

    public int lineStart(int line) {
        return starts[Math.max(0, Math.min(line, count - 1))];
    }

    /**
     * The offset of an LSP position, clamped into the text; a character past the end of its line
     * means the end of the line (before its line break), as LSP says.
     */
    public int offset(int line, int character, int textLength) {
        return offset(line, character, textLength, null);
    }

    public int offset(int line, int character, int textLength, CharSequence text) {
        if (line < 0) {
            return 0;
        }
        if (line >= count) {
            return textLength;
        }
        int start = starts[line];
        int end = line + 1 < count ? starts[line + 1] : textLength;
        if (line + 1 < count) {
            // drop the line break: '\n', '\r' or "\r\n"
            end--;
            if (text != null && end > start && text.charAt(end) == '\n' && text.charAt(end - 1) == '\r') {
                end--;
            }
        }
        return (int) Math.max(start, Math.min((long) start + Math.max(0, character), end));
    }

    /** The 0-based line of an offset. */
    public int line(int offset) {
        int lo = 0;
        int hi = count - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * Updates the index after {@code [from, to)} of the old text was replaced, giving
     * {@code newText}, in which the replacement occupies {@code [from, from + inserted)}.
     */
    public void replace(CharSequence newText, int from, int to, int inserted) {
        int delta = inserted - (to - from);
        // Lines starting at or before 'from' are unchanged, except that a '\r' just before 'from' may
        // now be followed by '\n' (or no longer be): rescan from the start of the line holding from-1.
        int keep = line(Math.max(0, from - 1));
        int oldAfter = keep + 1; // first old line start after the replaced text
        while (oldAfter < count && starts[oldAfter] <= to) {
            oldAfter++;
        }
        // the line starts of the rescanned stretch, then the old tail moved in place
        int scanFrom = starts[keep];
        int scanTo = Math.min(newText.length(), from + inserted + 1);
        int[] fresh = new int[8];
        int n = 0;
        for (int i = scanFrom; i < scanTo; i++) {
            char c = newText.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= newText.length() || newText.charAt(i + 1) != '\n'))) {
                if (n == fresh.length) {
                    fresh = Arrays.copyOf(fresh, n * 2);
                }
                fresh[n++] = i + 1;
            }
        }
        int last = n > 0 ? fresh[n - 1] : scanFrom;
        int tailStart = oldAfter;
        while (tailStart < count && starts[tailStart] + delta <= last) {
            tailStart++; // already produced by the rescan
        }
        int tailLen = count - tailStart;
        int newCount = keep + 1 + n + tailLen;
        if (newCount > starts.length) {
            starts = Arrays.copyOf(starts, Math.max(newCount, starts.length * 2));
        }
        System.arraycopy(starts, tailStart, starts, keep + 1 + n, tailLen);
        System.arraycopy(fresh, 0, starts, keep + 1, n);
        for (int k = keep + 1 + n; k < newCount; k++) {
            starts[k] += delta;
        }
        count = newCount;
    }

    /** The 0-based UTF-16 column of an offset on its line. */
    public int column(int offset) {
        return offset - starts[line(offset)];
    }

    /** The range {@code [from, to)} of the text, with lines and columns. */
    public TextRange range(int from, int to) {
        int l0 = line(from);
        int l1 = line(to);
        return new TextRange(from, to, l0, from - starts[l0], l1, to - starts[l1]);
    }
}
