package dev.ptxlint.syntax;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lexer's intern table of token texts, keyed by their bytes. PTX repeats the same few thousand
 * spellings ({@code .b32}, {@code %r12}, {@code mov}, {@code 0}) millions of times; a repeated
 * spelling is found by hashing and comparing its bytes in the input buffer, so it costs no
 * allocation, and it is the same String every time, so identity-keyed caches downstream hit.
 *
 * <p>A spelling is kept from its first appearance on and never evicted: a spelling that recurs
 * anywhere in the file is made once. Memory is bounded all the same: at most
 * {@link #MAX_ENTRIES} spellings and {@link #MAX_BYTES} bytes of them; a new spelling past either
 * bound is not added (its text is made for each occurrence, as for a text longer than
 * {@link #MAX_LEN}), so a module of any size keeps at most about 8 MB here.
 *
 * <p>Laid out for the cache, because a lookup is made for most tokens and the other phases push the
 * table out of the nearer caches between two tokens. A text of at most 8 bytes (97 % of the
 * lookups in an nvcc module) is its own key: its bytes packed into a {@code long}, hashed with
 * one multiplication and compared in one step, the text in the parallel slot. A longer one has
 * one {@code long} per slot holding a tag (24 bits of the hash and the length) and an id, and its
 * bytes are compared in one contiguous arena, not in a byte array per key. Open addressing with
 * linear probing, at most half full.
 */
final class TextTable {
    /** Texts longer than this are not interned (long mangled names repeat rarely). */
    static final int MAX_LEN = 128;
    /** Most spellings kept. */
    static final int MAX_ENTRIES = 1 << 16;
    /** Most bytes of spellings kept. */
    static final int MAX_BYTES = 2 << 20;

    /** Per slot: 0 when empty, else {@code tag << 32 | id} with tag = high 24 hash bits | length. */
    private long[] slots = new long[1 << 10];
    /**
     * By id (short and long texts share one numbering, dense from 0 in the order of first
     * appearance): the text; for a long text also its full hash and where its bytes start in
     * {@link #arena}.
     */
    private String[] strings = new String[1 << 9];
    private int[] hashes = new int[1 << 9];
    private int[] starts = new int[1 << 9];
    private byte[] arena = new byte[1 << 13];
    /** Spellings kept (short and long): the next id. */
    private int count;
    /** Long texts kept (the load of {@link #slots}). */
    private int longCount;
    private int used;
    /** The id of the text {@link #get} returned last, or -1 when it was not kept. */
    int lastId;

    /** Short texts: the bytes packed big-endian into the key (never 0: tokens hold no NUL), and the text. */
    private long[] shortKeys = new long[1 << 10];
    private String[] shortTexts = new String[1 << 10];
    private int[] shortIds = new int[1 << 10];
    private int shortCount;

    /**
     * The table asked for a spelling this one has not kept (under its lock), so that several
     * lexers of one file (its chunks lexed on worker threads) hand out the same Strings and the
     * same ids (the shared table's numbering, not dense in this one); null for a table of its own.
     * This table then only caches what the shared one gave.
     */
    private final TextTable shared;

    TextTable() {
        this(null);
    }

    /** A table that takes its new spellings from {@code shared} (null: makes them itself). */
    TextTable(TextTable shared) {
        this.shared = shared;
        // the sink's text is the literal itself, so the parser and the resolver can test it by
        // identity, without touching the String (Lexer.SINK)
        String sink = Lexer.SINK;
        long k = '_';
        int s = (int) ((k * 0x9E3779B97F4A7C15L) >>> 40) & (shortKeys.length - 1);
        shortKeys[s] = k;
        shortTexts[s] = sink;
        shortIds[s] = 0;
        strings[0] = sink;
        shortCount = 1;
        count = 1;
    }

    /** The id of the sink's text {@code _} ({@link Lexer#SINK}). */
    static final int SINK_ID = 0;

    /** The text of a spelling by its id (in a table of a shared one: a spelling it has kept). */
    String text(int id) {
        return strings[id];
    }

    /** The text of {@code b[off..off+len)} (ASCII bytes), the same String each time it recurs. */
    String get(byte[] b, int off, int len) {
        if (len <= 8) {
            long k = 0;
            for (int i = off, end = off + len; i < end; i++) {
                k = (k << 8) | (b[i] & 0xFF);
            }
            long x = k * 0x9E3779B97F4A7C15L;
            long[] keys = shortKeys;
            int mask = keys.length - 1;
            for (int s = (int) (x >>> 40) & mask; ; s = (s + 1) & mask) {
                long e = keys[s];
                if (e == k) {
                    lastId = shortIds[s];
                    return shortTexts[s];
                }
                if (e == 0) {
                    return insertShort(s, k, b, off, len);
                }
            }
        }
        if (len > MAX_LEN) {
            lastId = -1;
            return new String(b, off, len, StandardCharsets.ISO_8859_1);
        }
        int h = 0;
        for (int i = off, end = off + len; i < end; i++) {
            h = 31 * h + b[i];
        }
        h ^= h >>> 15;
        h *= 0x2c1b3c6d;
        h ^= h >>> 12;
        long tag = (long) ((h & 0xFFFFFF00) | len) << 32;
        long[] sl = slots;
        int mask = sl.length - 1;
        for (int s = h & mask; ; s = (s + 1) & mask) {
            long e = sl[s];
            if (e == 0) {
                return insert(s, h, b, off, len);
            }
            if ((e & 0xFFFFFFFF00000000L) == tag) {
                int id = (int) e;
                if (same(starts[id], b, off, len)) {
                    lastId = id;
                    return strings[id];
                }
            }
        }
    }

    private String insertShort(int slot, long k, byte[] b, int off, int len) {
        String value = make(b, off, len);
        int id = keptId();
        if (id < 0) {
            lastId = -1;
            return value; // full: bounded memory; the table keeps what it has
        }
        strings[id] = value;
        lastId = id;
        shortKeys[slot] = k;
        shortTexts[slot] = value;
        shortIds[slot] = id;
        if (++shortCount * 2 > shortKeys.length) {
            long[] oldKeys = shortKeys;
            String[] oldTexts = shortTexts;
            int[] oldIds = shortIds;
            long[] keys = new long[oldKeys.length * 2];
            String[] texts = new String[keys.length];
            int[] ids = new int[keys.length];
            int mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                long e = oldKeys[i];
                if (e == 0) {
                    continue;
                }
                int s = (int) ((e * 0x9E3779B97F4A7C15L) >>> 40) & mask;
                while (keys[s] != 0) {
                    s = (s + 1) & mask;
                }
                keys[s] = e;
                texts[s] = oldTexts[i];
                ids[s] = oldIds[i];
            }
            shortKeys = keys;
            shortTexts = texts;
            shortIds = ids;
        }
        return value;
    }

    /**
     * A new spelling's text: the shared table's String for it (and its id there in
     * {@link #sharedId}), else a new one.
     */
    private String make(byte[] b, int off, int len) {
        if (shared != null) {
            synchronized (shared) {
                String s = shared.get(b, off, len);
                sharedId = shared.lastId;
                return s;
            }
        }
        return new String(b, off, len, StandardCharsets.ISO_8859_1);
    }

    /** The id the shared table gave the spelling {@link #make} made last (-1: not kept there). */
    private int sharedId;

    /**
     * The id of the spelling {@link #make} made last, with room for it in the arrays by id, or -1
     * when it is not kept: a table of its own numbers its spellings itself; a table that takes
     * them from a shared one has the shared table's numbering, so that the tokens of every lexer
     * of one file (its chunks) carry one numbering.
     */
    private int keptId() {
        if (shared == null) {
            return count >= MAX_ENTRIES ? -1 : newId();
        }
        int id = sharedId;
        if (id < 0) {
            return -1;
        }
        count++;
        if (id >= strings.length) {
            int n = Math.max(id + 1, strings.length * 2);
            strings = Arrays.copyOf(strings, n);
            hashes = Arrays.copyOf(hashes, n);
            starts = Arrays.copyOf(starts, n);
        }
        return id;
    }

    private boolean same(int start, byte[] b, int off, int len) {
        return Arrays.equals(arena, start, start + len, b, off, off + len);
    }

    private String insert(int slot, int h, byte[] b, int off, int len) {
        String value = make(b, off, len);
        if (used + len > MAX_BYTES) {
            // full: bounded memory; the table keeps what it has (a table of a shared one keeps a
            // part of what the shared one keeps, so it is not full first; its id is the shared one's)
            lastId = shared != null ? sharedId : -1;
            return value;
        }
        int id = keptId();
        if (id < 0) {
            lastId = -1;
            return value;
        }
        lastId = id;
        longCount++;
        if (used + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.min(MAX_BYTES, Math.max(arena.length * 2, used + len)));
        }
        System.arraycopy(b, off, arena, used, len);
        strings[id] = value;
        hashes[id] = h;
        starts[id] = used;
        used += len;
        slots[slot] = ((long) ((h & 0xFFFFFF00) | len) << 32) | id;
        if (longCount * 2 > slots.length) {
            grow();
        }
        return value;
    }

    /** A new id, with room for it in the arrays by id. */
    private int newId() {
        int id = count++;
        if (id == strings.length) {
            int n = id * 2;
            strings = Arrays.copyOf(strings, n);
            hashes = Arrays.copyOf(hashes, n);
            starts = Arrays.copyOf(starts, n);
        }
        return id;
    }

    private void grow() {
        long[] next = new long[slots.length * 2];
        int mask = next.length - 1;
        for (long e : slots) {
            if (e == 0) {
                continue;
            }
            int s = hashes[(int) e] & mask;
            while (next[s] != 0) {
                s = (s + 1) & mask;
            }
            next[s] = e;
        }
        slots = next;
    }

    /** The number of spellings kept (for tests). */
    int size() {
        return count;
    }
}
