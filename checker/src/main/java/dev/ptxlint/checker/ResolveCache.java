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
 * numbering (a function the language server re-lexed with a lexer of its own, the next module a
 * linter's worker checks) is a miss, never a wrong answer. (The lexers of one file's chunks share
 * one numbering: {@code Lexer.Texts}.) A name without an id (a text the lexer did not intern, a name asked for
 * by its text) goes to a small direct-mapped table by the text's hash.
 *
 * <p>One per resolver; a worker of the {@link FunctionPool} keeps one for all the bodies it checks
 * (a table by id sized for the module's spellings, made per body, would cost more than the body).
 */
final class ResolveCache {
    /**
     * Changes with everything that can change what any name resolves to (a module name, a range,
     * a label, a scope of a function opened or closed); a declaration in a nested block changes only
     * its own name's entries ({@link #forget}). Never 0, so that 0 marks an entry as stale.
     */
    int epoch = 1;

    // By spelling id, in dense arrays (an id's entry is three array elements and an int, not an
    // object of its own: entries made as names first appear lie among the syntax tree's garbage,
    // and a hit on one was a cache miss).
    private static final Object[] NO_SLOTS = new Object[0];
    private static final int[] NO_INTS = new int[0];
    private static final long[] NO_LONGS = new long[0];
    /**
     * At 3 * id the text (compared by identity), at 3 * id + 1 the symbol, at 3 * id + 2 the name
     * of the register range that covered the text last ({@link #prefix}).
     */
    private Object[] byId = NO_SLOTS;
    /** The epoch of each id's entry (0: none or stale). */
    private int[] epochs = NO_INTS;
    /**
     * What does not change with the scopes, by id, for the text at 3 * id of {@link #byId}: where
     * its numeric suffix starts, plus 2, in the low 8 bits (0: not known yet, 1: none), and the
     * suffix's value plus 1 above them (0: not known yet; {@link #TOO_LARGE}: past 2^31).
     */
    private long[] parsed = NO_LONGS;
    private static final long TOO_LARGE = 1L << 40;

    private static final int STRING_SLOTS = 256;
    private String[] stringKey;
    private Symbol[] stringValue;
    private int[] stringEpoch;

    /** Everything cached before is stale. */
    void changed() {
        if (++epoch == 0) { // wrapped: no entry may match a stamp from 2^32 changes ago
            epoch = 1;
            java.util.Arrays.fill(epochs, 0);
            if (stringKey != null) {
                java.util.Arrays.fill(stringKey, null);
            }
        }
    }

    /** The symbol cached for the spelling {@code id} (at least 0) of text {@code n}, or null when none is current. */
    Symbol get(int id, String n) {
        int[] ep = epochs;
        if (id < ep.length && ep[id] == epoch) {
            Object[] a = byId;
            if (a[3 * id] == n) {
                return (Symbol) a[3 * id + 1];
            }
        }
        return null;
    }

    /** Caches {@code s} for the spelling {@code id} of text {@code n}. */
    void put(int id, String n, Symbol s) {
        prepare(id, n);
        byId[3 * id + 1] = s;
        epochs[id] = epoch;
    }

    /**
     * Makes room for {@code id} and makes it the entry of {@code n} (what was kept of another text
     * at that id is dropped).
     */
    private void prepare(int id, String n) {
        if (id >= epochs.length) {
            int size = Math.max(id + 1, Math.max(256, epochs.length * 2));
            byId = java.util.Arrays.copyOf(byId, 3 * size);
            epochs = java.util.Arrays.copyOf(epochs, size);
            parsed = java.util.Arrays.copyOf(parsed, size);
        }
        if (byId[3 * id] != n) {
            byId[3 * id] = n;
            byId[3 * id + 1] = null;
            byId[3 * id + 2] = null;
            epochs[id] = 0;
            parsed[id] = 0;
        }
    }

    /** Where the numeric suffix of {@code n} (spelling {@code id}) starts, -1 for none, -2 when not known yet. */
    int suffix(int id, String n) {
        return id < parsed.length && byId[3 * id] == n ? (int) (parsed[id] & 0xFF) - 2 : -2;
    }

    /** Notes where the numeric suffix of {@code n} starts (-1: none; at most 253: {@code n} has an id, so at most 128 characters). */
    void setSuffix(int id, String n, int suffix) {
        prepare(id, n);
        parsed[id] = parsed[id] & ~0xFFL | (suffix + 2);
    }

    /** The value of {@code n}'s numeric suffix (spelling {@code id}), -1 when not known yet. */
    long index(int id, String n) {
        if (id >= parsed.length || byId[3 * id] != n) {
            return -1;
        }
        long v = (parsed[id] >>> 8) - 1;
        return v >= TOO_LARGE - 1 ? Long.MAX_VALUE : v;
    }

    /** Notes the value of {@code n}'s numeric suffix (at most 2^31 - 1, or Long.MAX_VALUE when larger). */
    void setIndex(int id, String n, long index) {
        prepare(id, n);
        parsed[id] = parsed[id] & 0xFFL | (Math.min(index, TOO_LARGE - 1) + 1) << 8;
    }

    /**
     * The name of the register range that covered {@code n} (spelling {@code id}) last, or null:
     * a range of that name (the same String) covers it without comparing the texts.
     */
    String prefix(int id, String n) {
        return id < epochs.length && byId[3 * id] == n ? (String) byId[3 * id + 2] : null;
    }

    void setPrefix(int id, String n, String rangeName) {
        prepare(id, n);
        byId[3 * id + 2] = rangeName;
    }

    /** {@link #opcode} facts: the opcode is in the ISA ({@link Opcodes#isKnown}); it is {@code call}. */
    static final int KNOWN_OPCODE = 1, CALL = 2;
    /** By an opcode's spelling id: its text (compared by identity; null: none yet) and its facts. */
    private String[] opcodeKeys = new String[0];
    private int[] opcodeFacts = NO_INTS;

    /** {@link #KNOWN_OPCODE} and {@link #CALL} for the opcode token {@code op}, by its spelling id. */
    int opcode(Token op) {
        int id = op.id();
        String t = op.text();
        if (id >= 0 && id < opcodeKeys.length && opcodeKeys[id] == t) {
            return opcodeFacts[id];
        }
        int f = (Opcodes.isKnown(t) ? KNOWN_OPCODE : 0) | (t.equals("call") ? CALL : 0);
        if (id >= 0) {
            if (id >= opcodeKeys.length) {
                int size = Math.max(id + 1, Math.max(64, opcodeKeys.length * 2));
                opcodeKeys = java.util.Arrays.copyOf(opcodeKeys, size);
                opcodeFacts = java.util.Arrays.copyOf(opcodeFacts, size);
            }
            opcodeKeys[id] = t;
            opcodeFacts[id] = f;
        }
        return f;
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
        if (id < epochs.length) {
            epochs[id] = 0;
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
