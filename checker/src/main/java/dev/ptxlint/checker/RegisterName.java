package dev.ptxlint.checker;

/**
 * A name split where a register range would cover it: {@code %r123} is the prefix {@code %r} and
 * the index 123 (leading zeros allowed, so {@code %r007} is index 7). Prepared once per distinct
 * spelling and found again by the text's cached hash code and identity (the lexer hands out one
 * String per repeated spelling, {@code TextTable}), by value only when the identity differs: the
 * name resolver looks up every register of every instruction, and splitting each use again cost
 * two substrings and a hash of the prefix.
 *
 * <p>Safe to share between threads without locks: entries are immutable and published through
 * final fields; a lost insertion is only a missed cache hit. Past {@link #MAX} spellings (random
 * input, or a long-running language server) the table starts again empty.
 */
final class RegisterName {

    static final int MAX = 1 << 15;

    /** The name. */
    final String name;
    /** The part before the numeric suffix, or null when the name has no numeric suffix after a non-digit. */
    final String prefix;
    /** The value of the numeric suffix, saturating at {@link Long#MAX_VALUE} past {@link Integer#MAX_VALUE}. */
    final long index;
    private final int hash;

    private RegisterName(String name, int hash) {
        this.name = name;
        this.hash = hash;
        int i = suffixStart(name);
        this.prefix = i < 0 ? null : canonical(name.substring(0, i));
        this.index = i < 0 ? 0 : rangeIndex(name, i);
    }

    /** One String per prefix, so that a scope finds its range by identity ({@link #canonical}). */
    private static final java.util.concurrent.ConcurrentHashMap<String, String> PREFIXES =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The one String for the text {@code p} (the same object for {@code %r} of {@code %r1} and of a
     * declaration {@code %r<9>}), as long as fewer than {@link #MAX} prefixes have been seen; past
     * that the table starts again, and callers fall back to comparing by value.
     */
    static String canonical(String p) {
        String c = PREFIXES.get(p);
        if (c == null) {
            if (PREFIXES.size() >= MAX) {
                PREFIXES.clear();
            }
            c = PREFIXES.putIfAbsent(p, p);
            if (c == null) {
                c = p;
            }
        }
        return c;
    }

    private static volatile RegisterName[] table = new RegisterName[1024];
    private static int count;

    /** The split of {@code n}. */
    static RegisterName of(String n) {
        int h = n.hashCode();
        RegisterName[] t = table;
        int mask = t.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        for (int p = 0; p < t.length; p++) {
            RegisterName e = t[(slot + p) & mask];
            if (e == null) {
                break;
            }
            if (e.hash == h && (e.name == n || e.name.equals(n))) {
                return e;
            }
        }
        RegisterName e = new RegisterName(n, h);
        insert(e);
        return e;
    }

    private static synchronized void insert(RegisterName e) {
        RegisterName[] t = table;
        if (count >= MAX) {
            t = new RegisterName[1024];
            count = 0;
        } else if ((count + 1) * 2 > t.length) {
            RegisterName[] bigger = new RegisterName[t.length * 2];
            for (RegisterName old : t) {
                if (old != null) {
                    place(bigger, old);
                }
            }
            t = bigger;
        }
        if (place(t, e)) {
            count++;
        }
        table = t;
    }

    private static boolean place(RegisterName[] t, RegisterName e) {
        int mask = t.length - 1;
        int slot = (e.hash ^ (e.hash >>> 16)) & mask;
        while (t[slot] != null) {
            if (t[slot].hash == e.hash && t[slot].name.equals(e.name)) {
                return false; // another thread put it there first
            }
            slot = (slot + 1) & mask;
        }
        t[slot] = e;
        return true;
    }

    /** Where the numeric suffix of a register name starts ({@code %r12} gives 2), or -1 if none. */
    static int suffixStart(String n) {
        int i = n.length();
        while (i > 0 && Character.isDigit(n.charAt(i - 1))) {
            i--;
        }
        return i == n.length() || i == 0 ? -1 : i;
    }

    /** The value of the digits of {@code n} from {@code from} on (leading zeros allowed), saturating. */
    private static long rangeIndex(String n, int from) {
        long v = 0;
        for (int k = from; k < n.length(); k++) {
            v = v * 10 + (n.charAt(k) - '0');
            if (v > Integer.MAX_VALUE) {
                return Long.MAX_VALUE;
            }
        }
        return v;
    }
}
