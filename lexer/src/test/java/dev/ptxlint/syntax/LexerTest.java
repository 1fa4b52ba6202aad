package dev.ptxlint.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LexerTest {

    static List<Token> lex(String s) {
        return lex(Lexer.of(s));
    }

    static List<Token> lex(Lexer lx) {
        List<Token> out = new ArrayList<>();
        Token t;
        do {
            t = lx.next();
            out.add(t);
        } while (t.kind() != TokenKind.EOF);
        return out;
    }

    static Token one(String s) {
        List<Token> ts = lex(s);
        assertEquals(2, ts.size(), () -> "expected one token for " + s + " but got " + ts);
        return ts.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"%r12", "__$temp3", "$L__BB0_1", "%SPL", "add", "_", "sm_90a", "%r", "a$b_c9"})
    void identifiers(String s) {
        Token t = one(s);
        assertEquals(TokenKind.IDENT, t.kind());
        assertEquals(s, t.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {".version", ".s32", ".h10", ".b3210", ".2d", ".shared::cluster",
        ".mbarrier::complete_tx::bytes", ".L2::cache_hint", ".32x32b"})
    void dottedNames(String s) {
        Token t = one(s);
        assertEquals(TokenKind.DOT_NAME, t.kind());
        assertEquals(s, t.text());
    }

    @Test
    void dwarfLinesAreComments() {
        // nvopencc 2.x wrote debug information this way; ptxas 13.0 accepts this at module scope
        // (.version 1.4, -arch=sm_75): ".version 1.4 / .target sm_13 / @@DWARF ... / .entry k() { exit; }"
        String s = "@@DWARF .section .debug_info, \"\",@progbits\n\t@@DWARF .byte\t0x95, 0x00\n.entry";
        Lexer lx = Lexer.of(s);
        List<Token> comments = new ArrayList<>();
        lx.setCommentListener(comments::add);
        List<Token> ts = lex(lx);
        assertEquals(List.of(TokenKind.DOT_NAME, TokenKind.EOF), ts.stream().map(Token::kind).toList());
        assertEquals(2, comments.size());
        assertEquals("@@DWARF .byte\t0x95, 0x00", comments.get(1).text());
        // not a DWARF line: '@' stays a guard token (ptxas: syntax errors)
        assertEquals(TokenKind.AT, lex("@@DWARFX").get(0).kind());
        assertEquals(TokenKind.AT, lex("@ @DWARF x").get(0).kind());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "42", "0x1F", "0XdeadBEEF", "017", "0b1011", "0B1", "10U", "0xffU", "18446744073709551615"})
    void integers(String s) {
        Token t = one(s);
        assertEquals(TokenKind.INTEGER, t.kind(), t::toString);
        assertEquals(s, t.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0f3F800000", "0F7FC00000", "0d3FF0000000000000", "0D7FF8000000000000", "1.0", "1.5e-3",
        "2E10", "0.25", "1."})
    void floats(String s) {
        Token t = one(s);
        assertEquals(TokenKind.FLOAT, t.kind(), t::toString);
        assertEquals(s, t.text());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0f3F80|exactly 8 hex digits",
        "0f3F8000001|exactly 8 hex digits",
        "0d3FF0|exactly 16 hex digits",
        "09|invalid digit '9' in octal",
        "0x|no digits",
        "0b|no digits",
        "0b102|invalid digit in binary",
        "12abc|invalid suffix",
        "1.5foo|invalid suffix"})
    void malformedNumbersAreErrorTokensCoveringTheWholeLiteral(String s, String fragment) {
        Token t = one(s);
        assertEquals(TokenKind.ERROR, t.kind());
        assertEquals(ProblemKind.MALFORMED_NUMBER, t.errorKind());
        assertEquals(s, t.text());
        assertEquals(0, t.span().column());
        assertEquals(s.length(), t.span().endColumn());
        assertTrue(t.error().contains(fragment), t.error());
    }

    @Test
    void punctuationAndOperators() {
        List<Token> ts = lex(", ; : { } [ ] ( ) < > <= >= == != = + - * / % << >> & && | || ^ ~ ! ? @");
        List<TokenKind> kinds = ts.stream().map(Token::kind).toList();
        assertEquals(List.of(TokenKind.COMMA, TokenKind.SEMI, TokenKind.COLON, TokenKind.LBRACE, TokenKind.RBRACE,
                TokenKind.LBRACKET, TokenKind.RBRACKET, TokenKind.LPAREN, TokenKind.RPAREN, TokenKind.LT, TokenKind.GT,
                TokenKind.LE, TokenKind.GE, TokenKind.EQ_EQ, TokenKind.NOT_EQ, TokenKind.ASSIGN, TokenKind.PLUS,
                TokenKind.MINUS, TokenKind.STAR, TokenKind.SLASH, TokenKind.PERCENT, TokenKind.SHL, TokenKind.SHR,
                TokenKind.AMP, TokenKind.AMP_AMP, TokenKind.PIPE, TokenKind.PIPE_PIPE, TokenKind.CARET, TokenKind.TILDE,
                TokenKind.BANG, TokenKind.QUESTION, TokenKind.AT, TokenKind.EOF), kinds);
    }

    @Test
    void stringsHaveNoEscapesAsInPtxas() {
        // ptxas ends a string at the next quote: a backslash is an ordinary character.
        List<Token> ts = lex("\"a\\\" b\"");
        assertEquals(TokenKind.STRING, ts.get(0).kind());
        assertEquals("a\\", Lexer.unquote(ts.get(0).text()));
        assertEquals("b", ts.get(1).text());
    }

    @Test
    void stringsMaySpanLines() {
        List<Token> ts = lex("\"abc\ndef\" x");
        assertEquals(TokenKind.STRING, ts.get(0).kind());
        assertEquals(1, ts.get(1).span().line());
    }

    @Test
    void unterminatedStringStopsAtEndOfLine() {
        List<Token> ts = lex("\"abc\nfoo");
        assertEquals(TokenKind.ERROR, ts.get(0).kind());
        assertEquals(ProblemKind.UNTERMINATED_STRING, ts.get(0).errorKind());
        assertEquals(0, ts.get(0).span().line());
        assertEquals(4, ts.get(0).span().endColumn());
        assertEquals("foo", ts.get(1).text());
        assertEquals(1, ts.get(1).span().line());
    }

    @Test
    void commentsAreSkippedAndDeliveredToListener() {
        Lexer lx = Lexer.of("a // one\n/* two\n three */ b");
        List<Token> comments = new ArrayList<>();
        lx.setCommentListener(comments::add);
        List<Token> ts = lex(lx);
        assertEquals(List.of("a", "b", ""), ts.stream().map(Token::text).toList());
        assertEquals(2, comments.size());
        assertEquals("// one", comments.get(0).text());
        assertEquals("/* two\n three */", comments.get(1).text());
        assertTrue(ts.get(1).spaceBefore());
        assertEquals(2, ts.get(1).span().line());
        assertEquals(10, ts.get(1).span().column());
    }

    @Test
    void unterminatedBlockCommentIsOneErrorAtTheOpening() {
        List<Token> ts = lex("add /* never closed\n more");
        assertEquals(TokenKind.ERROR, ts.get(1).kind());
        assertEquals(ProblemKind.UNTERMINATED_COMMENT, ts.get(1).errorKind());
        assertEquals(4, ts.get(1).span().column());
        assertEquals(TokenKind.EOF, ts.get(2).kind());
    }

    @Test
    void lineCommentAtEndOfFileWithoutNewline() {
        List<Token> ts = lex("ret; // done");
        assertEquals(List.of(TokenKind.IDENT, TokenKind.SEMI, TokenKind.EOF), ts.stream().map(Token::kind).toList());
    }

    @Test
    void preprocessorLineIsOneToken() {
        List<Token> ts = lex("#include \"x.h\"\nret;");
        assertEquals(TokenKind.PREPROCESSOR, ts.get(0).kind());
        assertEquals("#include \"x.h\"", ts.get(0).text());
        assertEquals("ret", ts.get(1).text());
    }

    @Test
    void strayBytesNulAndControlCharacters() {
        List<Token> ts = lex("a ` b \0 c \u0001");
        assertEquals(TokenKind.ERROR, ts.get(1).kind());
        assertEquals(2, ts.get(1).span().column());
        assertEquals(ProblemKind.INVALID_CHARACTER, ts.get(1).errorKind());
        assertEquals(TokenKind.ERROR, ts.get(3).kind());
        assertTrue(ts.get(3).error().contains("NUL"));
        assertEquals(TokenKind.ERROR, ts.get(5).kind());
        assertTrue(ts.get(5).error().contains("control character"));
    }

    @Test
    void invalidUtf8InCodeIsAnErrorTokenAndInCommentsATriviaProblem() {
        byte[] bytes = {'a', ' ', (byte) 0xC3, ' ', '/', '/', ' ', (byte) 0xFF, (byte) 0xFE, ' ', 'x', '\n', 'b'};
        Lexer lx = Lexer.ofUtf8(new ByteArrayInputStream(bytes));
        List<Token> trivia = new ArrayList<>();
        lx.setTriviaProblemListener(trivia::add);
        List<Token> ts = lex(lx);
        assertEquals(List.of(TokenKind.IDENT, TokenKind.ERROR, TokenKind.IDENT, TokenKind.EOF),
                ts.stream().map(Token::kind).toList());
        assertEquals(ProblemKind.INVALID_UTF8, ts.get(1).errorKind());
        assertEquals(2, ts.get(1).span().column());
        assertEquals(1, trivia.size(), trivia::toString);
        assertEquals(7, trivia.get(0).span().column());
        assertEquals(9, trivia.get(0).span().endColumn());
    }

    @Test
    void nonAsciiAndNulInCommentsAndStringsAreReportedBecausePtxasRejectsThem() {
        Lexer lx = Lexer.of("/* caf\u00e9 */ \"\u00fc\" // \0\n");
        List<Token> trivia = new ArrayList<>();
        lx.setTriviaProblemListener(trivia::add);
        List<Token> ts = lex(lx);
        assertEquals(List.of(TokenKind.STRING, TokenKind.EOF), ts.stream().map(Token::kind).toList());
        assertEquals(List.of(6, 12, 18), trivia.stream().map(t -> t.span().column()).toList());
        assertTrue(trivia.get(2).error().contains("NUL"));
    }

    @Test
    void dotFloatsVersusNumericModifiers() {
        assertEquals(TokenKind.FLOAT, one(".5").kind());
        assertEquals(TokenKind.FLOAT, one(".5e-3").kind());
        assertEquals(TokenKind.DOT_NAME, one(".2d").kind());
        assertEquals(TokenKind.DOT_NAME, one(".32x32b").kind());
    }

    @Test
    void lowerCaseIntegerSuffixIsMalformed() {
        assertEquals(TokenKind.ERROR, one("10u").kind());
    }

    @Test
    void verticalTabIsInvalidAndCtrlZIsWhitespace() {
        assertEquals(TokenKind.ERROR, lex("a\u000Bb").get(1).kind());
        assertEquals(List.of("a", "b", ""), lex("a\u001Ab").stream().map(Token::text).toList());
    }

    @Test
    void columnsCountUtf16CodeUnits() {
        // U+1F600 is two UTF-16 code units, inside a comment.
        List<Token> ts = lex("/*\uD83D\uDE00*/x");
        assertEquals(6, ts.get(0).span().column());
        assertEquals(6, ts.get(0).span().start());
    }

    @Test
    void nonAsciiOutsideCommentsIsOneErrorPerCodePoint() {
        List<Token> ts = lex("\uD83D\uDE00 \u00e9");
        assertEquals(TokenKind.ERROR, ts.get(0).kind());
        assertEquals(2, ts.get(0).span().length());
        assertTrue(ts.get(0).error().contains("U+1F600"));
        assertEquals(TokenKind.ERROR, ts.get(1).kind());
        assertTrue(ts.get(1).error().contains("U+00E9"));
    }

    @Test
    void lineEndingsLfCrlfAndLoneCr() {
        List<Token> ts = lex("a\r\nb\rc\nd");
        assertEquals(List.of(0, 1, 2, 3), ts.subList(0, 4).stream().map(t -> t.span().line()).toList());
        assertTrue(ts.subList(0, 4).stream().allMatch(t -> t.span().column() == 0));
    }

    @Test
    void videoSelectorsAndSpecialRegistersAreGluedTokens() {
        List<Token> ts = lex("%r1.h10 %tid.x");
        assertEquals("%r1", ts.get(0).text());
        assertEquals(".h10", ts.get(1).text());
        assertTrue(!ts.get(1).spaceBefore());
        assertEquals("%tid", ts.get(2).text());
        assertTrue(ts.get(2).spaceBefore());
    }

    /** A reader that hands out one character per read call, to exercise every buffer boundary. */
    static final class TrickleReader extends Reader {
        private final Reader in;

        TrickleReader(String s) {
            this.in = new StringReader(s);
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws java.io.IOException {
            return in.read(cbuf, off, Math.min(len, 1));
        }

        @Override
        public void close() {
        }
    }

    @Test
    void tokensSpanningChunkBoundariesAreIntact() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20000; i++) {
            sb.append("setp.lt.s32 %p").append(i).append(", 0f3F800000, 0d3FF0000000000000; /* c */ // x\r\n");
        }
        String text = sb.toString();
        List<Token> a = lex(Lexer.of(text));
        List<Token> b = lex(new Lexer(new TrickleReader(text)));
        assertEquals(a, b);
        assertEquals(20000 * 9 + 1, a.size());
        assertNull(a.stream().filter(t -> t.kind() == TokenKind.ERROR).findFirst().orElse(null));
        Token last = a.get(a.size() - 2);
        assertEquals(19999, last.span().line());
    }

    @Test
    void longTokensLargerThanTheChunkAreRead() {
        String ident = "a".repeat(200_000);
        Token t = one(ident);
        assertEquals(ident, t.text());
    }

    @Test
    void eofIsSticky() {
        Lexer lx = Lexer.of("");
        assertEquals(TokenKind.EOF, lx.next().kind());
        assertEquals(TokenKind.EOF, lx.next().kind());
    }
}
