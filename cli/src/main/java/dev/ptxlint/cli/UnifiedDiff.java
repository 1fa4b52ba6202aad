package dev.ptxlint.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff ({@code diff -u}, {@code git apply} and {@code patch -p1} read it) of two versions
 * of a file, for {@code --diff}. Fixes change a few lines in place, so the line matching is a
 * linear walk that, at a difference, resynchronises on the nearest pair of equal lines (within
 * {@link #WINDOW} lines); the result is always a correct diff, if not always a minimal one.
 */
final class UnifiedDiff {
    /** Lines of context around each change. */
    static final int CONTEXT = 3;
    /** How far ahead a difference looks for equal lines again. */
    static final int WINDOW = 200;

    private UnifiedDiff() {
    }

    /** One line of the diff: ' ', '-' or '+', and the line. */
    private record Line(char op, String text, boolean noNewline) {
    }

    /**
     * The diff of {@code before} and {@code after} with headers {@code --- a/NAME} and
     * {@code +++ b/NAME}, or "" when they are equal.
     */
    static String diff(String name, String before, String after) {
        if (before.equals(after)) {
            return "";
        }
        List<String> a = lines(before);
        List<String> b = lines(after);
        boolean aOpen = !before.isEmpty() && !before.endsWith("\n");
        boolean bOpen = !after.isEmpty() && !after.endsWith("\n");
        List<Line> ops = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && same(a, i, aOpen, b, j, bOpen)) {
                ops.add(new Line(' ', a.get(i), i == a.size() - 1 && aOpen));
                i++;
                j++;
                continue;
            }
            int di = a.size() - i;
            int dj = b.size() - j;
            search:
            for (int k = 1; k <= 2 * WINDOW; k++) {
                for (int x = 0; x <= k; x++) {
                    int y = k - x;
                    if (x > WINDOW || y > WINDOW) {
                        continue;
                    }
                    int p = i + x;
                    int q = j + y;
                    if (p < a.size() && q < b.size() && same(a, p, aOpen, b, q, bOpen)) {
                        di = x;
                        dj = y;
                        break search;
                    }
                }
            }
            if (di > WINDOW || dj > WINDOW) { // no resynchronisation nearby: one line each
                di = Math.min(1, a.size() - i);
                dj = Math.min(1, b.size() - j);
            }
            for (int x = 0; x < di; x++, i++) {
                ops.add(new Line('-', a.get(i), i == a.size() - 1 && aOpen));
            }
            for (int y = 0; y < dj; y++, j++) {
                ops.add(new Line('+', b.get(j), j == b.size() - 1 && bOpen));
            }
        }
        return hunks(name, ops);
    }

    /** Equal lines: the same text, and both or neither the last line without a newline. */
    private static boolean same(List<String> a, int i, boolean aOpen, List<String> b, int j, boolean bOpen) {
        return a.get(i).equals(b.get(j)) && (i == a.size() - 1 && aOpen) == (j == b.size() - 1 && bOpen);
    }

    private static String hunks(String name, List<Line> ops) {
        StringBuilder sb = new StringBuilder();
        sb.append("--- a/").append(name).append('\n').append("+++ b/").append(name).append('\n');
        int n = ops.size();
        // line numbers before each op
        int[] aLine = new int[n + 1];
        int[] bLine = new int[n + 1];
        for (int k = 0; k < n; k++) {
            char op = ops.get(k).op();
            aLine[k + 1] = aLine[k] + (op != '+' ? 1 : 0);
            bLine[k + 1] = bLine[k] + (op != '-' ? 1 : 0);
        }
        int k = 0;
        while (k < n) {
            if (ops.get(k).op() == ' ') {
                k++;
                continue;
            }
            int start = Math.max(0, k - CONTEXT);
            int end = k;
            // extend over changes closer than 2 * CONTEXT lines of context
            while (true) {
                while (end < n && ops.get(end).op() != ' ') {
                    end++;
                }
                int next = end;
                while (next < n && ops.get(next).op() == ' ' && next - end < 2 * CONTEXT) {
                    next++;
                }
                if (next < n && ops.get(next).op() != ' ') {
                    end = next;
                } else {
                    end = Math.min(n, end + CONTEXT);
                    break;
                }
            }
            int aCount = aLine[end] - aLine[start];
            int bCount = bLine[end] - bLine[start];
            sb.append("@@ -").append(range(aLine[start], aCount)).append(" +").append(range(bLine[start], bCount))
                    .append(" @@\n");
            for (int x = start; x < end; x++) {
                Line l = ops.get(x);
                sb.append(l.op()).append(l.text()).append('\n');
                if (l.noNewline()) {
                    sb.append("\\ No newline at end of file\n");
                }
            }
            k = end;
        }
        return sb.toString();
    }

    /** {@code START,COUNT} with a 1-based start (the line before, for an empty range). */
    private static String range(int start0, int count) {
        int start = count == 0 ? start0 : start0 + 1;
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }

    /** The lines of a text, without their '\n' (a '\r' stays part of the line). */
    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            if (nl < 0) {
                out.add(text.substring(at));
                break;
            }
            out.add(text.substring(at, nl));
            at = nl + 1;
        }
        return out;
    }
}
