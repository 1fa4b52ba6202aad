package dev.ptxlint.checker.instructions;

import dev.ptxlint.isa.PtxType;

/**
 * {@link PtxType#of} for the per-operand paths (a register's declared type, the type a binding
 * gives an operand slot): answered by the text's identity from a small direct-mapped table, as the
 * lexer hands out one String per repeated spelling ({@code TextTable}), so that the operand checks
 * ask no hash map per operand. Safe to share between threads: entries are immutable and published
 * through final fields; a lost or replaced entry is only a missed hit.
 */
final class TypeCache {
    private TypeCache() {
    }

    private static final class Entry {
        final String text;
        final PtxType type;

        Entry(String text, PtxType type) {
            this.text = text;
            this.type = type;
        }
    }

    private static final int SIZE = 256;
    private static final Entry[] TABLE = new Entry[SIZE];

    /** The type spelled {@code text} (with its dot), or null: {@link PtxType#of}. */
    static PtxType of(String text) {
        if (text == null) {
            return null;
        }
        int h = text.hashCode();
        int slot = (h ^ (h >>> 8) ^ (h >>> 16)) & (SIZE - 1);
        Entry e = TABLE[slot];
        if (e != null && e.text == text) {
            return e.type;
        }
        PtxType t = PtxType.of(text);
        TABLE[slot] = new Entry(text, t);
        return t;
    }
}
