package dev.ptxlint.checker;

import dev.ptxlint.syntax.Span;

/**
 * A compact table of module-level names (docs/limits.md "Memory"): each entry is one record of
 * bytes in a list of pages (the name, one byte of flags, an int value and the declaration's
 * position as variable-length numbers), found by an open-addressing index of record addresses.
 * A million entries of eight-character names take about 30 MB, against about 220 MB as a
 * {@code HashMap<String, Symbol>} with a String, a Symbol and a Span each. Entries are never
 * removed. Not thread-safe.
 *
 * <p>Names are stored one byte per character when every character is below 256, else two.
 */
final class NameTable {

    /**
     * Pages of 256 KiB and index chunks of 64 Ki slots (256 KiB): arrays below half a G1 region
     * (1 MiB in a 64 MiB heap) are ordinary objects, while a larger one takes whole regions and
     * leaves the rest of its last region unused.
     */
    private static final int PAGE_BITS = 18;
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final int OFFSET_MASK = PAGE_SIZE - 1;
    /** Addresses are {@code page << PAGE_BITS | offset} and stored plus one in an int. */
    private static final int MAX_PAGES = (Integer.MAX_VALUE >>> PAGE_BITS) - 1;

    /** Flag bits the table uses itself (callers use the others). */
    static final int HAS_VALUE = 0x40;
    /** The span is not one line as long as the name: its end is stored too. */
    private static final int OTHER_END = 0x20;
    private static final int LINE_START = 0x80;
    /** Flag bits callers may use. */
    static final int USER_FLAGS = 0x1f;

    private byte[][] pages = new byte[4][];
    /** Bytes used in each full page (the last page's is {@link #pos}). */
    private int[] used = new int[4];
    private int pageCount;
    /** Write position in the last page. */
    private int pos;

    /**
     * Open addressing: record address + 1, 0 for an empty slot, in chunks of {@link #CHUNK} slots
     * (one smaller chunk while the table is small). Capacity a power of two.
     */
    private int[][] index = {new int[64]};
    private int capacity = 64;
    private int size;

    /** How many names the table holds. */
    int size() {
        return size;
    }

    /**
     * Where the next record will be added, or later: every record added so far has a smaller
     * address and every record added from now on an address at least this one (addresses only
     * grow). A function body checked on another thread sees only the names below the mark taken
     * when its function was read (docs/performance.md "Parallel function checks").
     */
    int nextAddress() {
        return pageCount == 0 ? 0 : (pageCount - 1) << PAGE_BITS | pos;
    }

    /** Bytes held by the pages and the index (for tests and docs/limits.md). */
    long footprint() {
        long b = (long) capacity * 4;
        for (int i = 0; i < pageCount; i++) {
            b += pages[i].length;
        }
        return b;
    }

    // ------------------------------------------------------------------ lookup

    /** The address of {@code name}'s record, or -1. */
    int find(String name) {
        return find(name, 0, name.length(), name.hashCode());
    }

    /** The address of the record of {@code s.substring(from, to)}, or -1, without building the substring. */
    int find(String s, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + s.charAt(i);
        }
        return find(s, from, to, h);
    }

    private int find(String s, int from, int to, int hash) {
        if (size == 0) {
            return -1;
        }
        int mask = capacity - 1;
        int slot = mix(hash) & mask;
        while (true) {
            int a = index[slot >>> CHUNK_BITS][slot & (CHUNK - 1)];
            if (a == 0) {
                return -1;
            }
            if (nameEquals(a - 1, s, from, to)) {
                return a - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 15);
    }

    private boolean nameEquals(int address, String s, int from, int to) {
        byte[] p = pages[address >>> PAGE_BITS];
        int at = address & OFFSET_MASK;
        // header: varint (length << 1 | wide)
        int b = p[at++];
        int header;
        if (b >= 0) {
            header = b;
        } else {
            header = b & 0x7f;
            int shift = 7;
            do {
                b = p[at++];
                header |= (b & 0x7f) << shift;
                shift += 7;
            } while (b < 0);
        }
        int len = header >>> 1;
        if (len != to - from) {
            return false;
        }
        if ((header & 1) == 0) {
            for (int i = from; i < to; i++) {
                if ((p[at++] & 0xff) != s.charAt(i)) {
                    return false;
                }
            }
        } else {
            for (int i = from; i < to; i++) {
                char c = (char) (((p[at] & 0xff) << 8) | (p[at + 1] & 0xff));
                at += 2;
                if (c != s.charAt(i)) {
                    return false;
                }
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ adding

    /**
     * Adds {@code name} (which must not be in the table) with its flags, value and declaration
     * span (a span on one line, as a name token's is), and returns its address.
     */
    int add(String name, int flags, int info, Span at) {
        return add(name, flags & USER_FLAGS, info, 0, at);
    }

    /** As {@link #add(String, int, int, Span)}, with an int value (a register range's count). */
    int addWithValue(String name, int flags, int info, int value, Span at) {
        return add(name, (flags & USER_FLAGS) | HAS_VALUE, info, value, at);
    }

    private int add(String name, int flags, int info, int value, Span at) {
        int len = name.length();
        boolean wide = false;
        for (int i = 0; i < len; i++) {
            if (name.charAt(i) > 0xff) {
                wide = true;
                break;
            }
        }
        int max = 5 + (wide ? 2 * len : len) + 1 + 5 + 5 + 10 + 5 + 10 + 10 + 5 + 5;
        if (at.end() - at.start() != len || at.endLine() != at.line() || at.endColumn() != at.column() + len) {
            flags |= OTHER_END;
        }
        int address = reserve(max);
        byte[] p = pages[address >>> PAGE_BITS];
        int w = address & OFFSET_MASK;
        w = putVar(p, w, ((long) len << 1) | (wide ? 1 : 0));
        if (!wide) {
            for (int i = 0; i < len; i++) {
                p[w++] = (byte) name.charAt(i);
            }
        } else {
            for (int i = 0; i < len; i++) {
                char c = name.charAt(i);
                p[w++] = (byte) (c >>> 8);
                p[w++] = (byte) c;
            }
        }
        // the column, or where its line starts when that is shorter (a long line: 0)
        long lineStart = at.start() - at.column();
        boolean byLineStart = at.column() >= 128 && lineStart >= 0 && lineStart < at.column();
        p[w++] = (byte) (flags | (byLineStart ? LINE_START : 0));
        w = putVar(p, w, info & 0xffffffffL);
        if ((flags & HAS_VALUE) != 0) {
            w = putVar(p, w, value & 0xffffffffL);
        }
        w = putVar(p, w, at.start());
        w = putVar(p, w, at.line());
        w = putVar(p, w, byLineStart ? lineStart : at.column());
        if ((flags & OTHER_END) != 0) {
            w = putVar(p, w, at.end() - at.start());
            w = putVar(p, w, at.endLine());
            w = putVar(p, w, at.endColumn());
        }
        pos = w;
        if ((size + 1) * 4L > capacity * 3L) {
            grow();
        }
        insert(index, capacity, address, name.hashCode());
        size++;
        return address;
    }

    private int reserve(int bytes) {
        if (pageCount == 0 || pos + bytes > pages[pageCount - 1].length) {
            if (pageCount >= MAX_PAGES) {
                throw new IllegalStateException("more module-level names than ptxlint can hold (2 GB of names)");
            }
            if (pageCount == pages.length) {
                pages = java.util.Arrays.copyOf(pages, pages.length * 2);
                used = java.util.Arrays.copyOf(used, used.length * 2);
            }
            if (pageCount > 0) {
                used[pageCount - 1] = pos;
            }
            // the first pages are small, so that a module with a few names stays small
            int size = Math.max(bytes, Math.min(PAGE_SIZE, 4096 << Math.min(pageCount, 6)));
            pages[pageCount++] = new byte[size];
            pos = 0;
        }
        return (pageCount - 1) << PAGE_BITS | pos;
    }

    private static void insert(int[][] table, int capacity, int address, int hash) {
        int mask = capacity - 1;
        int slot = mix(hash) & mask;
        while (table[slot >>> CHUNK_BITS][slot & (CHUNK - 1)] != 0) {
            slot = (slot + 1) & mask;
        }
        table[slot >>> CHUNK_BITS][slot & (CHUNK - 1)] = address + 1;
    }

    private void grow() {
        int n = capacity * 2;
        int[][] bigger = new int[Math.max(1, n >>> CHUNK_BITS)][];
        for (int i = 0; i < bigger.length; i++) {
            bigger[i] = new int[Math.min(n, CHUNK)];
        }
        for (int[] chunk : index) {
            for (int a : chunk) {
                if (a != 0) {
                    insert(bigger, n, a - 1, hashAt(a - 1));
                }
            }
        }
        index = bigger;
        capacity = n;
    }

    private static int putVar(byte[] p, int w, long v) {
        while ((v & ~0x7fL) != 0) {
            p[w++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        p[w++] = (byte) v;
        return w;
    }

    // ------------------------------------------------------------------ reading a record

    /** A cursor over one record's fields. */
    private final class Cursor {
        byte[] p;
        int at;

        Cursor(int address) {
            p = pages[address >>> PAGE_BITS];
            at = address & OFFSET_MASK;
        }

        long var() {
            long v = 0;
            int shift = 0;
            int b;
            do {
                b = p[at++];
                v |= (long) (b & 0x7f) << shift;
                shift += 7;
            } while (b < 0);
            return v;
        }

        /** Skips the header and name; returns the position of the flags byte. */
        int flagsAt() {
            long header = var();
            int len = (int) (header >>> 1);
            at += (header & 1) == 0 ? len : 2 * len;
            return at;
        }
    }

    private int hashAt(int address) {
        Cursor c = new Cursor(address);
        long header = c.var();
        int len = (int) (header >>> 1);
        int h = 0;
        for (int i = 0; i < len; i++) {
            char ch;
            if ((header & 1) == 0) {
                ch = (char) (c.p[c.at++] & 0xff);
            } else {
                ch = (char) (((c.p[c.at] & 0xff) << 8) | (c.p[c.at + 1] & 0xff));
                c.at += 2;
            }
            h = 31 * h + ch;
        }
        return h;
    }

    /** The name stored at {@code address}. */
    String name(int address) {
        Cursor c = new Cursor(address);
        long header = c.var();
        int len = (int) (header >>> 1);
        char[] cs = new char[len];
        for (int i = 0; i < len; i++) {
            if ((header & 1) == 0) {
                cs[i] = (char) (c.p[c.at++] & 0xff);
            } else {
                cs[i] = (char) (((c.p[c.at] & 0xff) << 8) | (c.p[c.at + 1] & 0xff));
                c.at += 2;
            }
        }
        return new String(cs);
    }

    /** The flags of the record at {@code address} (the caller's bits). */
    int flags(int address) {
        Cursor c = new Cursor(address);
        return c.p[c.flagsAt()] & USER_FLAGS;
    }

    /** The info number stored with the record. */
    int info(int address) {
        Cursor c = new Cursor(address);
        c.at = c.flagsAt() + 1;
        return (int) c.var();
    }

    /** Sets bits of the flags byte. */
    void setFlags(int address, int bits) {
        Cursor c = new Cursor(address);
        c.p[c.flagsAt()] |= (byte) bits;
    }

    /** The value stored with the record (0 if none). */
    int value(int address) {
        Cursor c = new Cursor(address);
        int f = c.flagsAt();
        if ((c.p[f] & HAS_VALUE) == 0) {
            return 0;
        }
        c.at = f + 1;
        c.var();
        return (int) c.var();
    }

    /** The declaration span: one line, as long as the name. */
    Span span(int address) {
        Cursor c = new Cursor(address);
        long header = c.var();
        int len = (int) (header >>> 1);
        c.at += (header & 1) == 0 ? len : 2 * len;
        int flags = c.p[c.at++];
        c.var(); // info
        if ((flags & HAS_VALUE) != 0) {
            c.var();
        }
        long start = c.var();
        int line = (int) c.var();
        long last = c.var();
        int column = (int) ((flags & LINE_START) != 0 ? start - last : last);
        if ((flags & OTHER_END) != 0) {
            return new Span(start, start + c.var(), line, column, (int) c.var(), (int) c.var());
        }
        return new Span(start, start + len, line, column, line, column + len);
    }

    /** Calls {@code action} with the address of every record, in the order they were added. */
    void forEach(java.util.function.IntConsumer action) {
        for (int pg = 0; pg < pageCount; pg++) {
            int limit = pg == pageCount - 1 ? pos : used[pg];
            int at = 0;
            while (at < limit) {
                int address = pg << PAGE_BITS | at;
                action.accept(address);
                Cursor c = new Cursor(address);
                int f = c.flagsAt();
                c.at = f + 1;
                c.var();
                if ((c.p[f] & HAS_VALUE) != 0) {
                    c.var();
                }
                c.var();
                c.var();
                c.var();
                if ((c.p[f] & OTHER_END) != 0) {
                    c.var();
                    c.var();
                    c.var();
                }
                at = c.at;
            }
        }
    }
}
