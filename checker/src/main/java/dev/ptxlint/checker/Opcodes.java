package dev.ptxlint.checker;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/** The complete list of PTX ISA 9.0 base instruction names (the part before the first dot). */
public final class Opcodes {
    private Opcodes() {
    }

    private static final Set<String> ALL = load();

    private static Set<String> load() {
        List<String> s = new ArrayList<>();
        byte[] bytes = dev.ptxlint.isa.Resources.bytes(Opcodes.class, "ptx-opcodes.txt"); // start-up: not getResourceAsStream
        if (bytes == null) {
            throw new IllegalStateException("ptx-opcodes.txt missing from the classpath");
        }
        // lines split by hand: a Reader would load and initialise a decoder and its buffers on every run
        String text = new String(bytes, StandardCharsets.UTF_8);
        for (int start = 0; start < text.length(); ) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            String line = text.substring(start, end).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                s.add(line);
            }
            start = end + 1;
        }
        // sorted (the file is: then this is one comparison a line, where a TreeSet made about ten
        // and rebalanced, a visible part of a small run's start-up; docs/performance.md)
        for (int i = 1; i < s.size(); i++) {
            if (s.get(i - 1).compareTo(s.get(i)) > 0) {
                Collections.sort(s);
                break;
            }
        }
        return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(s));
    }

    public static boolean isKnown(String opcode) {
        return ALL.contains(opcode);
    }

    public static Set<String> all() {
        return ALL;
    }

    /** The closest known opcodes to {@code word} (edit distance at most 2, at most 3 results). */
    public static List<String> suggestions(String word) {
        return Suggest.closest(word, ALL, 3);
    }

    /** Small edit-distance helper shared by did-you-mean messages. */
    public static final class Suggest {
        private Suggest() {
        }

        public static List<String> closest(String word, Iterable<String> candidates, int max) {
            int limit = word.length() <= 3 ? 1 : 2;
            List<String> best = new ArrayList<>();
            int bestD = Integer.MAX_VALUE;
            for (String c : candidates) {
                if (Math.abs(c.length() - word.length()) > limit) {
                    continue;
                }
                int d = distance(word, c, limit);
                if (d > limit) {
                    continue;
                }
                if (d < bestD) {
                    bestD = d;
                    best.clear();
                }
                if (d == bestD && best.size() < max) {
                    best.add(c);
                }
            }
            return best;
        }

        /** Damerau-Levenshtein (optimal string alignment) distance, cut off above {@code limit}. */
        static int distance(String a, String b, int limit) {
            int n = a.length();
            int m = b.length();
            int[][] d = new int[n + 1][m + 1];
            for (int i = 0; i <= n; i++) {
                d[i][0] = i;
            }
            for (int j = 0; j <= m; j++) {
                d[0][j] = j;
            }
            for (int i = 1; i <= n; i++) {
                int rowMin = Integer.MAX_VALUE;
                for (int j = 1; j <= m; j++) {
                    int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                    int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                    if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                        v = Math.min(v, d[i - 2][j - 2] + 1);
                    }
                    d[i][j] = v;
                    rowMin = Math.min(rowMin, v);
                }
                if (rowMin > limit) {
                    return limit + 1;
                }
            }
            return d[n][m];
        }
    }
}
