package dev.ptxlint.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkedTextTest {

    private static String random(SplittableRandom r, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(20);
            sb.append(k == 0 ? '\n' : k == 1 ? '\u00fc' : k == 2 ? '\u4e2d' : (char) ('a' + r.nextInt(3)));
        }
        return sb.toString();
    }

    private static String read(Reader in) throws IOException {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[777];
        int n;
        while ((n = in.read(buf, 0, buf.length)) >= 0) {
            sb.append(buf, 0, n);
        }
        return sb.toString();
    }

    /** Every operation agrees with the same operation on a String, through random edits. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void randomEditsAgreeWithAString(long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        String model = random(r, r.nextInt(5 * ChunkedText.CHUNK));
        ChunkedText text = ChunkedText.of(model);
        ChunkedText before = text;
        String beforeModel = model;
        for (int step = 0; step < 400; step++) {
            int from = r.nextInt(model.length() + 1);
            int to = Math.min(model.length(), from + (r.nextInt(4) == 0 ? r.nextInt(3 * ChunkedText.CHUNK) : r.nextInt(40)));
            String ins = r.nextInt(3) == 0 ? "" : random(r, r.nextInt(5) == 0 ? r.nextInt(3 * ChunkedText.CHUNK) : r.nextInt(60));
            text = text.replace(from, to, ins);
            model = model.substring(0, from) + ins + model.substring(to);
            String msg = "seed " + seed + " step " + step;
            assertEquals(model.length(), text.length(), msg);
            for (int k = 0; k < 20 && !model.isEmpty(); k++) {
                int i = r.nextInt(model.length());
                assertEquals(model.charAt(i), text.charAt(i), msg + " charAt " + i);
                int j = i + r.nextInt(Math.min(model.length() - i, 3 * ChunkedText.CHUNK) + 1);
                assertEquals(model.substring(i, j), text.substring(i, j), msg + " substring " + i + ".." + j);
                String needle = model.substring(i, Math.min(model.length(), i + 1 + r.nextInt(12)));
                int from2 = r.nextInt(model.length() + 1);
                assertEquals(model.indexOf(needle, from2), text.indexOf(needle, from2), msg + " indexOf");
                assertEquals(model.indexOf("zq", from2), text.indexOf("zq", from2), msg + " indexOf absent");
            }
            if (step % 50 == 0) {
                assertEquals(model, read(ChunkedText.reader(text)), msg + " reader");
            }
        }
        assertEquals(model, text.toString());
        assertEquals(model, read(ChunkedText.reader(text)));
        // the earlier version is untouched by the edits made since
        assertEquals(beforeModel, before.toString());
    }

    /** Chunks stay between a quarter chunk and two chunks, whatever the edits: no fragmentation. */
    @Test
    void manySmallEditsDoNotFragment() {
        SplittableRandom r = new SplittableRandom(7);
        ChunkedText text = ChunkedText.of(random(r, 40 * ChunkedText.CHUNK));
        for (int step = 0; step < 20_000; step++) {
            int from = r.nextInt(text.length() + 1);
            if (r.nextBoolean() && from < text.length()) {
                text = text.replace(from, Math.min(text.length(), from + 1 + r.nextInt(30)), "");
            } else {
                text = text.replace(from, from, "x\n");
            }
        }
        int[] lengths = text.chunkLengths();
        int small = 0;
        for (int len : lengths) {
            assertTrue(len <= 2 * ChunkedText.CHUNK + 60, "chunk of " + len);
            if (len < ChunkedText.CHUNK / 4) {
                small++;
            }
        }
        assertTrue(lengths.length <= 2 * text.length() / ChunkedText.CHUNK + 2, lengths.length + " chunks");
        assertTrue(small <= lengths.length / 4 + 1, small + " small chunks of " + lengths.length);
    }

    /** An edit does not make the whole text, and shares what it did not touch. */
    @Test
    void anEditDoesNotMakeTheWholeText() {
        String s = random(new SplittableRandom(3), 10 * ChunkedText.CHUNK);
        ChunkedText t = ChunkedText.of(s).replace(100, 100, "inserted");
        assertFalse(t.hasString());
        t = t.replace(5 * ChunkedText.CHUNK, 5 * ChunkedText.CHUNK + 3, "");
        assertFalse(t.hasString());
        assertEquals(s.substring(0, 100) + "inserted" + s.substring(100, 5 * ChunkedText.CHUNK - 8)
                + s.substring(5 * ChunkedText.CHUNK - 5), t.toString());
        assertSame(t.toString(), t.toString());
    }

    @Test
    void emptyTexts() throws IOException {
        ChunkedText e = ChunkedText.of("");
        assertEquals(0, e.length());
        assertEquals("", e.toString());
        assertEquals("", read(ChunkedText.reader(e)));
        assertEquals(-1, e.indexOf("a", 0));
        assertEquals(0, e.indexOf("", 0));
        ChunkedText t = e.replace(0, 0, "abc");
        assertEquals("abc", t.toString());
        assertEquals("", t.replace(0, 3, "").toString());
        assertEquals(0, t.replace(0, 3, "").length());
        assertThrows(IndexOutOfBoundsException.class, () -> t.charAt(3));
        assertThrows(IndexOutOfBoundsException.class, () -> t.replace(2, 4, "x"));
        assertThrows(IndexOutOfBoundsException.class, () -> t.substring(2, 1));
    }

    /** A match across a chunk boundary is found. */
    @Test
    void indexOfAcrossChunks() {
        StringBuilder sb = new StringBuilder("a".repeat(ChunkedText.CHUNK - 2)).append("needle").append("b".repeat(100));
        ChunkedText t = ChunkedText.of(sb).replace(0, 0, "");
        ChunkedText fresh = ChunkedText.of(sb.toString()).replace(1, 1, "");
        assertEquals(ChunkedText.CHUNK - 2, t.indexOf("needle", 0));
        assertEquals(ChunkedText.CHUNK - 2, fresh.indexOf("needle", 0));
        assertEquals(-1, fresh.indexOf("needle", ChunkedText.CHUNK - 1));
        assertEquals(ChunkedText.CHUNK - 2, ChunkedText.indexOf(fresh, "needle", 3));
    }
}
