package dev.ptxlint.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The line index kept edit by edit must equal one built from scratch, CR, LF and CRLF included. */
class LineIndexTest {

    private static final String[] PIECES = {"a", "\n", "\r", "\r\n", "xyz", "", "\n\n", "\t;"};

    @Test
    void incrementalUpdatesMatchARebuild() {
        Random rnd = new Random(3);
        for (int doc = 0; doc < 200; doc++) {
            StringBuilder sb = new StringBuilder();
            for (int k = rnd.nextInt(20); k > 0; k--) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            String text = sb.toString();
            LineIndex index = new LineIndex(text);
            for (int edit = 0; edit < 30; edit++) {
                int from = rnd.nextInt(text.length() + 1);
                int to = from + rnd.nextInt(Math.min(4, text.length() - from) + 1);
                String ins = PIECES[rnd.nextInt(PIECES.length)];
                text = text.substring(0, from) + ins + text.substring(to);
                index.replace(text, from, to, ins.length());
                LineIndex fresh = new LineIndex(text);
                assertEquals(fresh.lineCount(), index.lineCount(), text.replace("\r", "\\r").replace("\n", "\\n"));
                for (int l = 0; l < fresh.lineCount(); l++) {
                    assertEquals(fresh.lineStart(l), index.lineStart(l));
                }
            }
        }
    }

    @Test
    void positionsOutsideTheTextAreClamped() {
        LineIndex index = new LineIndex("ab\ncd");
        assertEquals(0, index.offset(-1, 5, 5));
        assertEquals(2, index.offset(0, 99, 5, "ab\ncd"));
        assertEquals(2, new LineIndex("ab\r\ncd").offset(0, 99, 6, "ab\r\ncd"));
        assertEquals(5, index.offset(7, 0, 5));
        assertEquals(3, index.offset(1, -4, 5));
    }

    @Test
    void rangesCountLfCrlfAndLoneCrAsLineBreaks() {
        String text = "ab\ncd\r\nef\rgh";
        LineIndex index = new LineIndex(text);
        assertEquals(4, index.lineCount());
        assertEquals(new TextRange(1, 4, 0, 1, 1, 1), index.range(1, 4));
        assertEquals(new TextRange(5, 8, 1, 2, 2, 1), index.range(5, 8));
        assertEquals(3, index.line(text.indexOf('g')));
        assertEquals(1, index.column(text.indexOf('h')));
        assertEquals(new TextRange(12, 12, 3, 2, 3, 2), index.range(12, 12));
    }
}
