package dev.ptxlint.checker.instructions;

import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Token;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What a check decides from an instruction's spelling alone (opcode and modifiers), prepared once
 * per distinct spelling and found again without building a key: the hash combines the texts'
 * cached hash codes, and the texts are compared by identity first (the lexer hands out one String
 * per repeated spelling, {@code TextTable}), by value only when the identity differs. Real modules
 * have a few hundred spellings; past {@link #MAX} (random input) a spelling is prepared each time.
 *
 * <p>Safe to share between threads without locks: entries are immutable and published through
 * final fields; a lost insertion is only a missed cache hit.
 */
final class SpellingCache<T> {
    static final int MAX = 1 << 13;

    private static final class Entry<T> {
        final int hash;
        final String opcode;
        final String[] mods;
        final T value;

        Entry(int hash, String opcode, String[] mods, T value) {
            this.hash = hash;
            this.opcode = opcode;
            this.mods = mods;
            this.value = value;
        }
    }

    private final BiFunction<String, String[], T> prepare;
    @SuppressWarnings("unchecked")
    private Entry<T>[] table = new Entry[512];
    private int count;

    /** {@code prepare} receives the opcode and a fresh array of the modifiers' texts. */
    SpellingCache(BiFunction<String, String[], T> prepare) {
        this.prepare = prepare;
    }

    T get(Ast.Instruction insn) {
        String opcode = insn.opcode().text();
        List<Token> mods = insn.modifiers();
        int n = mods.size();
        int h = opcode.hashCode();
        for (int i = 0; i < n; i++) {
            h = 31 * h + mods.get(i).text().hashCode();
        }
        Entry<T>[] t = table;
        int mask = t.length - 1;
        int slot = (h ^ (h >>> 16)) & mask;
        for (int p = 0; p < t.length; p++) {
            Entry<T> e = t[(slot + p) & mask];
            if (e == null) {
                break;
            }
            if (e.hash == h && e.mods.length == n && same(e.opcode, opcode) && sameMods(e.mods, mods)) {
                return e.value;
            }
        }
        String[] texts = new String[n];
        for (int i = 0; i < n; i++) {
            texts[i] = mods.get(i).text();
        }
        T value = prepare.apply(opcode, texts.clone());
        if (count < MAX) {
            insert(new Entry<>(h, opcode, texts, value));
        }
        return value;
    }

    private static boolean same(String a, String b) {
        return a == b || a.equals(b);
    }

    private static boolean sameMods(String[] a, List<Token> b) {
        for (int i = 0; i < a.length; i++) {
            if (!same(a[i], b.get(i).text())) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private synchronized void insert(Entry<T> e) {
        Entry<T>[] t = table;
        if ((count + 1) * 2 > t.length) {
            Entry<T>[] bigger = new Entry[t.length * 2];
            for (Entry<T> old : t) {
                if (old != null) {
                    place(bigger, old);
                }
            }
            t = bigger;
        }
        place(t, e);
        count++;
        table = t;
    }

    private static <T> void place(Entry<T>[] t, Entry<T> e) {
        int mask = t.length - 1;
        int slot = (e.hash ^ (e.hash >>> 16)) & mask;
        while (t[slot] != null) {
            slot = (slot + 1) & mask;
        }
        t[slot] = e;
    }
}
