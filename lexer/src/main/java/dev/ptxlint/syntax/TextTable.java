package dev.ptxlint.syntax;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lexer's intern table of token texts, keyed by their bytes. PTX repeats the same few thousand
 * spellings ({@code .b32}, {@code %r12}, {@code mov}, {@code 0}) millions of times; a repeated
 * spelling is found by hashing and comparing its bytes in the input buffer, so it costs no
 * allocation. Open addressing, grown up to {@link #MAX_SLOTS}; when full, a new text replaces an
 * old one, so memory stays bounded whatever the file.
 */
final class TextTable {
    /** Texts longer than this are not interned (long mangled names repeat rarely). */
    static final int MAX_LEN = 128;
    private static final int MAX_SLOTS = 1 << 15;
    private static final int PROBES = 8;

    private byte[][] keys = new byte[1 << 10][];
    private String[] values = new String[1 << 10];
    private int count;

    /** The text of {@code b[off..off+len)} (ASCII bytes), the same String each time it recurs. */
    String get(byte[] b, int off, int len) {
        if (len > MAX_LEN) {
            return new String(b, off, len, StandardCharsets.ISO_8859_1);
        }
        int h = 0;
        for (int i = off, end = off + len; i < end; i++) {
            h = 31 * h + b[i];
        }
        h ^= h >>> 15;
        h *= 0x2c1b3c6d;
        h ^= h >>> 12;
        int mask = keys.length - 1;
        int first = h & mask;
        for (int p = 0; p < PROBES; p++) {
            int s = (first + p) & mask;
            byte[] k = keys[s];
            if (k == null) {
                return insert(s, b, off, len);
            }
            if (k.length == len && Arrays.equals(k, 0, len, b, off, off + len)) {
                return values[s];
            }
        }
        return insert(first, b, off, len); // every probed slot holds another text: replace one
    }

    private String insert(int slot, byte[] b, int off, int len) {
        byte[] key = Arrays.copyOfRange(b, off, off + len);
        String value = new String(key, StandardCharsets.ISO_8859_1);
        if (keys[slot] == null) {
            count++;
        }
        keys[slot] = key;
        values[slot] = value;
        if (count * 2 > keys.length && keys.length < MAX_SLOTS) {
            grow();
        }
        return value;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        String[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        values = new String[oldKeys.length * 2];
        count = 0;
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            byte[] k = oldKeys[i];
            if (k == null) {
                continue;
            }
            int h = 0;
            for (byte x : k) {
                h = 31 * h + x;
            }
            h ^= h >>> 15;
            h *= 0x2c1b3c6d;
            h ^= h >>> 12;
            for (int p = 0; p < PROBES; p++) {
                int s = (h + p) & mask;
                if (keys[s] == null) {
                    keys[s] = k;
                    values[s] = oldValues[i];
                    count++;
                    break;
                }
            }
        }
    }
}
