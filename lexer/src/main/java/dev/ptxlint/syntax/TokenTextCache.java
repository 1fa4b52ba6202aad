package dev.ptxlint.syntax;

/**
 * A small direct-mapped cache of token texts. PTX repeats the same few thousand spellings
 * ({@code .b32}, {@code %r12}, {@code mov}) millions of times; handing out the cached String
 * instead of a fresh copy removes most of the lexer's allocation.
 */
final class TokenTextCache {
    private static final int SLOTS = 1 << 12;
    private static final int MAX_LEN = 32;
    private final String[] slots = new String[SLOTS];

    String get(CharSequence cs) {
        int n = cs.length();
        if (n > MAX_LEN) {
            return cs.toString();
        }
        int h = 0;
        for (int i = 0; i < n; i++) {
            h = 31 * h + cs.charAt(i);
        }
        int slot = (h ^ (h >>> 12)) & (SLOTS - 1);
        String s = slots[slot];
        if (s != null && s.length() == n) {
            boolean same = true;
            for (int i = 0; i < n; i++) {
                if (s.charAt(i) != cs.charAt(i)) {
                    same = false;
                    break;
                }
            }
            if (same) {
                return s;
            }
        }
        s = cs.toString();
        slots[slot] = s;
        return s;
    }
}
