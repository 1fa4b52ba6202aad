package dev.ptxlint.checker;

import dev.ptxlint.syntax.Token;

/**
 * What names resolved to ({@link NameResolver#resolve}) while nothing that can change the answer
 * has changed since ({@link #epoch}): the resolver resolves every operand and the instruction
 * checks ask again for most of them.
 *
 * <p>A name with a spelling id ({@link Token#id()}, dense per module) has an entry of its own,
 * found by that index, so a hit neither hashes nor reads the name's String; the entry is keyed by
 * the text's identity as well (the lexer hands out one String per spelling), so an id of another
 * numbering (a function re-lexed by the language server, a module's chunks lexed apart) is a miss,
 * never a wrong answer. A name without an id (a text the lexer did not intern, a name asked for
 * by its text) goes to a small direct-mapped table by the text's hash.
 *
 * <p>One per resolver; a worker of the {@link FunctionPool} keeps one for all the bodies it checks
 * (a table by id sized for the module's spellings, made per body, would cost more than the body).
 */
final class ResolveCache {
    /**
     * What one spelling resolved to, and when; and what does not change with the scopes: where its
     * numeric suffix starts (-2: not known yet, -1: none) and that suffix's value (-1: not known yet).
     */
    static final class Entry {
        String key;
        Symbol value;
        int epoch;
        int suffix = -2;
        long index = -1;
    }

    /**
     * Changes with everything that can change what any name resolves to (a module name, a range,
     * a label, a scope of a function opened or closed); a declaration in a nested block changes only
     * its own name's entries ({@link #forget}). Never 0, so that 0 marks an entry as stale.
     */
    int epoch = 1;

    private static final Entry[] NO_ENTRIES = new Entry[0];
    private Entry[] byId = NO_ENTRIES;

    private static final int STRING_SLOTS = 256;
    private String[] stringKey;
    private Symbol[] stringValue;
    private int[] stringEpoch;

    /** Everything cached before is stale. */
    void changed() {
        if (++epoch == 0) { // wrapped: no entry may match a stamp from 2^32 changes ago
            epoch = 1;
            for (Entry e : byId) {
                if (e != null) {
                    e.epoch = 0;
                }
            }
            if (stringKey != null) {
                java.util.Arrays.fill(stringKey, null);
            }
        }
    }

    /** The entry of spelling {@code id} (at least 0), made on first use. */
    Entry entry(int id) {
        Entry[] a = byId;
        if (id < a.length) {
            Entry e = a[id];
            if (e != null) {
                return e;
            }
        }
        return newEntry(id);
    }

    private Entry newEntry(int id) {
        Entry[] a = byId;
        if (id >= a.length) {
            a = byId = java.util.Arrays.copyOf(a, Math.max(id + 1, Math.max(256, a.length * 2)));
        }
        Entry e = new Entry();
        a[id] = e;
        return e;
    }

    /** The slot of {@code n} in the table of names without an id. */
    int stringSlot(String n) {
        if (stringKey == null) {
            stringKey = new String[STRING_SLOTS];
            stringValue = new Symbol[STRING_SLOTS];
            stringEpoch = new int[STRING_SLOTS];
        }
        int h = n.hashCode();
        return (h ^ (h >>> 16)) & (STRING_SLOTS - 1);
    }

    /** The symbol cached for {@code n} (by identity) at {@code slot}, or null when none is current. */
    Symbol stringGet(int slot, String n) {
        return stringKey[slot] == n && stringEpoch[slot] == epoch ? stringValue[slot] : null;
    }

    void stringPut(int slot, String n, Symbol s) {
        stringKey[slot] = n;
        stringValue[slot] = s;
        stringEpoch[slot] = epoch;
    }

    /**
     * Whether {@code name}'s entries can be made stale alone ({@link #forget}): it has an id
     * (otherwise other occurrences of the spelling are other Strings, cached apart).
     */
    static boolean forgettable(Token name) {
        return name.id() >= 0;
    }

    /**
     * The entries of {@code name}'s spelling are stale (a declaration of it in a nested block, or
     * the end of that block): its entry by id and, by content, its slot among the names without
     * an id. Only for a {@link #forgettable} name, whose other occurrences in the body come from
     * the same lexer (the same id).
     */
    void forget(Token name) {
        int id = name.id();
        if (id < byId.length && byId[id] != null) {
            byId[id].epoch = 0;
        }
        if (stringKey != null) {
            String n = name.text();
            int slot = stringSlot(n);
            String k = stringKey[slot];
            if (k != null && (k == n || k.equals(n))) {
                stringEpoch[slot] = 0;
            }
        }
    }
}
