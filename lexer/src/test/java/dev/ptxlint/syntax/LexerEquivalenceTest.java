package dev.ptxlint.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The byte lexer against the char lexer it replaced ({@link ReferenceLexer}, the lexer of
 * 2762e4c): on random PTX-like input with non-ASCII text, invalid UTF-8, NUL bytes, byte-order
 * marks, UTF-16, unterminated strings and comments, long runs and long lines, both must produce
 * the same events (tokens, comments and trivia problems, in order, with texts, spans and
 * messages), from bytes and from characters, read whole or one byte at a time.
 */
class LexerEquivalenceTest {

    private static final String[] PIECES = {
        "mov.u32", " ", "\t", "\n", "\r\n", "\r", "%r1", "%rd12", ",", ";", "{", "}", "[", "]", "(", ")",
        ".reg", ".b32", ".shared::cta", ".L2::cache_hint", "::", ".", ".5", ".5e-3", ".2d", "0", "07", "08",
        "0x1F", "0x", "0b101", "0b2", "0b", "12U", "12Ux", "1.5", "1e5", "1.e", "3.0f", "0f3F800000",
        "0f3F80", "0d3FF0000000000000", "0fZZ", "12abc", "@%p1", "@!%p", "@@DWARF .byte 0x95\n", "@@DWARFx",
        "//", "// comment\n", "/*", "*/", "/* block\n */", "\"", "\"str\"", "\"a\\\"", "#", "# 12 \"f.cu\"\n",
        "#include <x>\n", "+", "-", "*", "/", "<", "<<", "<=", ">", ">>", ">=", "=", "==", "!", "!=", "&",
        "&&", "|", "||", "^", "~", "?", ":", "%", "$L__BB0_1", "_", "`", "'", "\\", "\f", "\u001a", "\u007f",
        "\u0001", "\0", "\u00e9", "\u20ac", "\ud83d\ude00", "\ufeff", "\ufffe", "\ufffd", "\u3042\u3044",
        "U", "e", "E", "x", "d",
    };

    private static final byte[][] BAD_BYTES = {
        {(byte) 0xff}, {(byte) 0xfe}, {(byte) 0x80}, {(byte) 0xc3}, {(byte) 0xe2, (byte) 0x82},
        {(byte) 0xf0, (byte) 0x9f, (byte) 0x98}, {(byte) 0xc0, (byte) 0xaf}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
        {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xef, (byte) 0xbb, (byte) 0xbf},
        {(byte) 0xbf, (byte) 0xbf, (byte) 0xbf},
    };

    /** Everything a lexer delivers: tokens, comments and trivia problems, in the order they come. */
    private interface Source {
        Token next();
    }

    private static List<String> events(Source next, List<Token> side) {
        List<String> out = new ArrayList<>();
        int i = 0;
        Token t;
        do {
            t = next.next();
            for (; i < side.size(); i++) {
                out.add("side " + describe(side.get(i)));
            }
            out.add(describe(t));
        } while (t.kind() != TokenKind.EOF && out.size() < 2_000_000);
        return out;
    }

    private static String describe(Token t) {
        // the position accessors, asked before the span is made (the lexer's tokens make it on
        // first use), must be the span's
        String at = t.start() + "-" + t.end() + " " + t.line() + ":" + t.column() + "-" + t.endLine() + ":"
                + t.endColumn();
        Span s = t.span();
        assertEquals(s.start() + "-" + s.end() + " " + s.line() + ":" + s.column() + "-" + s.endLine() + ":"
                + s.endColumn(), at, t::toString);
        org.junit.jupiter.api.Assertions.assertSame(s, t.span(), "one span per token");
        return t.kind() + " " + t.span() + " " + t.span().start() + "-" + t.span().end() + " sp=" + t.spaceBefore()
                + " err=" + t.errorKind() + " " + t.error() + " [" + t.text() + "]";
    }

    private static List<String> reference(Reader in, long offset) {
        ReferenceLexer lx = new ReferenceLexer(in);
        if (offset > 0) {
            lx.startingAt(offset, 3, 7);
        }
        List<Token> side = new ArrayList<>();
        lx.setCommentListener(side::add);
        lx.setTriviaProblemListener(side::add);
        List<String> out = events(lx::next, side);
        out.add("unreadable " + lx.unreadable());
        return out;
    }

    private static List<String> reference(byte[] bytes) {
        ReferenceLexer lx = ReferenceLexer.ofUtf8(new ByteArrayInputStream(bytes));
        List<Token> side = new ArrayList<>();
        lx.setCommentListener(side::add);
        lx.setTriviaProblemListener(side::add);
        List<String> out = events(lx::next, side);
        out.add("unreadable " + lx.unreadable());
        return out;
    }

    private static List<String> lexed(Lexer lx, long offset, boolean comments) {
        if (offset > 0) {
            lx.startingAt(offset, 3, 7);
        }
        List<Token> side = new ArrayList<>();
        if (comments) {
            lx.setCommentListener(side::add);
        }
        lx.setTriviaProblemListener(side::add);
        List<String> out = events(lx::next, side);
        out.add("unreadable " + lx.unreadable());
        return out;
    }

    private static byte[] randomInput(Random r, int pieces) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < pieces; i++) {
            if (r.nextInt(12) == 0) {
                out.writeBytes(BAD_BYTES[r.nextInt(BAD_BYTES.length)]);
            } else {
                out.writeBytes(PIECES[r.nextInt(PIECES.length)].getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toByteArray();
    }

    private static void assertSame(byte[] bytes) {
        List<String> expected = reference(bytes);
        assertEquals(expected, lexed(Lexer.ofUtf8(new ByteArrayInputStream(bytes)), 0, true), () -> show(bytes));
        if (bytes.length < 20_000) { // one byte per read: every buffer boundary
            assertEquals(expected, lexed(Lexer.ofUtf8(new Trickle(bytes)), 0, true), () -> show(bytes));
        }
    }

    private static void assertSameChars(String text) {
        assertEquals(reference(new StringReader(text), 0), lexed(Lexer.of(text), 0, true), () -> show(text));
        assertEquals(reference(new StringReader(text), 41), lexed(new Lexer(new StringReader(text)), 41, true),
                () -> show(text));
    }

    private static String show(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(x >= 0x20 && x < 0x7f ? String.valueOf((char) x) : String.format("\\x%02x", x & 0xff));
        }
        return sb.length() > 2000 ? sb.substring(0, 2000) : sb.toString();
    }

    private static String show(String s) {
        return show(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void randomBytesLexAsBefore() {
        Random r = new Random(13);
        for (int i = 0; i < 3000; i++) {
            assertSame(randomInput(r, 1 + r.nextInt(40)));
        }
    }

    @Test
    void randomCharactersLexAsBefore() {
        Random r = new Random(14);
        for (int i = 0; i < 2000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + r.nextInt(30);
            for (int k = 0; k < n; k++) {
                int pick = r.nextInt(20);
                if (pick == 0) {
                    sb.append((char) (0xd800 + r.nextInt(0x800))); // lone or paired surrogates
                } else if (pick == 1) {
                    sb.append((char) (0x80 + r.nextInt(0xff00)));
                } else {
                    sb.append(PIECES[r.nextInt(PIECES.length)]);
                }
            }
            assertSameChars(sb.toString());
        }
    }

    @Test
    void everyStartOfFileCaseLexesAsBefore() {
        Random r = new Random(15);
        byte[][] starts = {
            {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, {(byte) 0xff, (byte) 0xfe}, {(byte) 0xfe, (byte) 0xff},
            {(byte) 0xef, (byte) 0xbf, (byte) 0xbe}, {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, (byte) 0xc3, (byte) 0xa9},
            {0}, {'a', 0}, {0, 'a'}, {},
        };
        for (byte[] start : starts) {
            for (String body : new String[] {".version 8.0\n.target sm_90\n", "a", "", ".version 8.0 // \u00e9\n"}) {
                for (Charsetish cs : Charsetish.values()) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.writeBytes(start);
                    out.writeBytes(cs.encode(body));
                    assertSame(out.toByteArray());
                }
            }
            for (int i = 0; i < 50; i++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes(start);
                out.writeBytes(randomInput(r, 1 + r.nextInt(10)));
                assertSame(out.toByteArray());
            }
        }
    }

    private enum Charsetish {
        UTF8, UTF16LE, UTF16BE;

        byte[] encode(String s) {
            return s.getBytes(switch (this) {
                case UTF8 -> StandardCharsets.UTF_8;
                case UTF16LE -> StandardCharsets.UTF_16LE;
                case UTF16BE -> StandardCharsets.UTF_16BE;
            });
        }
    }

    @Test
    void longRunsStringsAndCommentsLexAsBefore() {
        String[] units = {"\u00e9", "\ud83d\ude00", "a\u20ac", "\ufffd"};
        for (String u : units) {
            for (int n : new int[] {3000, 9000, 70000}) {
                String run = u.repeat(n);
                assertSame(("a " + run + " b").getBytes(StandardCharsets.UTF_8));
                assertSame((".pragma \"" + run + "\";\n").getBytes(StandardCharsets.UTF_8));
                assertSame((".pragma \"" + run + "\n;x\"").getBytes(StandardCharsets.UTF_8));
                assertSame((".pragma \"x\n" + run + "\";").getBytes(StandardCharsets.UTF_8));
                assertSame(("// " + run + "\n/* " + run + " */ x /* " + run).getBytes(StandardCharsets.UTF_8));
                assertSame(("#line " + run + "\nx").getBytes(StandardCharsets.UTF_8));
                assertSameChars("a " + run + " \"" + run + "\" // " + run);
            }
        }
        byte[] bad = new byte[100_001];
        java.util.Arrays.fill(bad, (byte) 0xe2);
        assertSame(bad);
        byte[] quoted = new byte[70_000];
        java.util.Arrays.fill(quoted, (byte) 'q');
        quoted[0] = '"';
        quoted[69_999] = '"';
        assertSame(quoted);
        quoted[35_000] = '\n';
        assertSame(quoted);
        assertSame(("\"" + "x".repeat(65_535) + "\"").getBytes(StandardCharsets.UTF_8));
        assertSame(("\"" + "x".repeat(65_536) + "\"").getBytes(StandardCharsets.UTF_8));
        assertSame(("\"" + "x".repeat(65_534) + "\u00e9\u00e9\"").getBytes(StandardCharsets.UTF_8));
        assertSame(("\"" + "x".repeat(65_535) + "\ud83d\ude00\"").getBytes(StandardCharsets.UTF_8));
        assertSame(("x".repeat(200_000) + " // " + "y".repeat(200_000)).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void largeRandomFilesLexAsBefore() {
        Random r = new Random(16);
        for (int i = 0; i < 3; i++) {
            assertSame(randomInput(r, 40_000));
        }
    }

    @Test
    void withoutACommentListenerTheTokensAreTheSame() {
        Random r = new Random(17);
        for (int i = 0; i < 300; i++) {
            byte[] b = randomInput(r, 1 + r.nextInt(40));
            List<String> with = lexed(Lexer.ofUtf8(new ByteArrayInputStream(b)), 0, true);
            with.removeIf(e -> e.startsWith("side COMMENT"));
            assertEquals(with, lexed(Lexer.ofUtf8(new ByteArrayInputStream(b)), 0, false));
        }
    }

    /**
     * The parser's lexer ({@code light}: punctuation comes back as {@link Lexer#LIGHT} and its
     * fields, and the parser makes a token of them with {@link Lexer#punctToken} only when a node
     * keeps it): the tokens it makes are those of a lexer that makes every token.
     */
    @Test
    void punctuationKeptAsPositionsMakesTheSameTokens() {
        Random r = new Random(18);
        int[] light = new int[1];
        for (int i = 0; i < 1000; i++) {
            byte[] b = randomInput(r, 1 + r.nextInt(40));
            List<String> all = lexed(Lexer.ofUtf8(new ByteArrayInputStream(b)), 0, true);
            Lexer lx = Lexer.ofUtf8(i % 2 == 0 ? new ByteArrayInputStream(b) : new Trickle(b));
            lx.light = true;
            List<Token> side = new ArrayList<>();
            lx.setCommentListener(side::add);
            lx.setTriviaProblemListener(side::add);
            List<String> out = events(() -> {
                Token t = lx.next();
                if (t != Lexer.LIGHT) {
                    return t;
                }
                light[0]++;
                return Lexer.punctToken(lx.lightKind, lx.lightStart, lx.lightLine, lx.lightColumn, lx.lightLength);
            }, side);
            out.add("unreadable " + lx.unreadable());
            assertEquals(all, out, () -> show(b));
        }
        org.junit.jupiter.api.Assertions.assertTrue(light[0] > 1000, "punctuation kept as positions: " + light[0]);
    }

    /** An input stream that hands out one byte per read. */
    private static final class Trickle extends InputStream {
        private final byte[] b;
        private int i;

        Trickle(byte[] b) {
            this.b = b;
        }

        @Override
        public int read() {
            return i < b.length ? b[i++] & 0xff : -1;
        }

        @Override
        public int read(byte[] dst, int off, int len) {
            if (i >= b.length) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            dst[off] = b[i++];
            return 1;
        }
    }
}
