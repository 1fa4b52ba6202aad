package dev.ptxlint.syntax;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The char-based lexer of 2762e4c, kept unchanged as the reference for {@link LexerEquivalenceTest}:
 * the byte lexer must produce exactly its tokens, spans, errors, comments and trivia problems.
 *
 * <p>Original description:
 * Hand-written streaming lexer for PTX ISA 9.0.
 *
 * <p>It reads its input in fixed-size chunks and never holds more than one chunk plus the token
 * being scanned, so memory does not grow with the file. Malformed input never throws: it becomes
 * an {@link TokenKind#ERROR} token with an exact span and a message. Bytes that are not valid
 * UTF-8 are decoded to U+FFFD and reported where they appear outside comments and strings.
 *
 * <p>Positions: see {@link Span} (0-based lines, 0-based UTF-16 columns). A line ends at
 * {@code \n}, {@code \r\n} or a lone {@code \r}.
 */
final class ReferenceLexer {

    private static final int CHUNK = 1 << 16;
    /** Replacement character produced by the decoder for invalid UTF-8. */
    private static final char REPLACEMENT = '\uFFFD';

    private final Reader in;
    private char[] buf = new char[CHUNK];
    private int pos;
    private int lim;
    private boolean inputDone;

    private long offset;
    private int line;
    private int col;

    private final StringBuilder sb = new StringBuilder(64);
    private Consumer<Token> commentListener;
    private boolean sawSpace;
    private IOException ioError;

    ReferenceLexer(Reader in) {
        this.in = in;
    }

    /** Lexes UTF-8 bytes; invalid sequences become U+FFFD and are reported as error tokens. */
    static ReferenceLexer ofUtf8(InputStream in) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new ReferenceLexer(new InputStreamReader(in, decoder));
    }

    /**
     * Starts counting positions at {@code offset}, {@code line} and {@code column} instead of the
     * beginning of a document: for lexing a slice of a larger text (the language server re-lexes
     * one function) so that spans are those of the whole document. Call before the first token.
     */
    ReferenceLexer startingAt(long offset, int line, int column) {
        this.offset = offset;
        this.line = line;
        this.col = column;
        return this;
    }

    static ReferenceLexer of(String text) {
        return new ReferenceLexer(new StringReader(text));
    }

    private Consumer<Token> triviaProblemListener;

    /**
     * Receives error tokens for problems inside comments and strings (non-ASCII characters and NUL
     * bytes, which ptxas rejects anywhere in a file). They are not part of the token stream.
     */
    public void setTriviaProblemListener(Consumer<Token> listener) {
        this.triviaProblemListener = listener;
    }

    /** Tracks the first run of non-ASCII characters (or a NUL) inside the comment or string being scanned. */
    private long badStart = -1;
    private int badLine;
    private int badCol;
    private boolean badNul;
    private boolean badUtf8;
    private int badLen;

    /** Called for each character of a comment or string, before it is consumed. */
    private void noteTrivia(int ch) {
        boolean nul = ch == 0;
        if (ch < 0x80 && !nul) {
            if (badStart >= 0) {
                flushTrivia();
            }
            return;
        }
        if (badStart < 0) {
            badStart = offset;
            badLine = line;
            badCol = col;
            badNul = nul;
            badUtf8 = ch == REPLACEMENT;
            badLen = 0;
        }
        badLen++;
    }

    private void flushTrivia() {
        if (badStart < 0) {
            return;
        }
        if (triviaProblemListener != null) {
            Span s = new Span(badStart, badStart + badLen, badLine, badCol, badLine, badCol + badLen);
            String msg;
            ProblemKind kind;
            if (badNul) {
                kind = ProblemKind.INVALID_CHARACTER;
                msg = "NUL character: ptxas stops reading the file here ('Unexpected EOF'); remove it";
            } else if (badUtf8) {
                kind = ProblemKind.INVALID_UTF8;
                msg = "invalid UTF-8 byte sequence: ptxas rejects any byte above 0x7F, even in comments and strings";
            } else {
                kind = ProblemKind.INVALID_CHARACTER;
                msg = "non-ASCII character in a comment or string: ptxas rejects any byte above 0x7F anywhere "
                        + "in the file; use ASCII only";
            }
            triviaProblemListener.accept(new Token(TokenKind.ERROR, "", s, false, msg, kind));
        }
        badStart = -1;
    }

    /** Receives every comment token; comments are otherwise skipped. */
    public void setCommentListener(Consumer<Token> listener) {
        this.commentListener = listener;
    }

    /** The I/O error that ended the input early, if any (the lexer then reports end of file). */
    public IOException ioError() {
        return ioError;
    }

    // ---------------------------------------------------------------- input buffer

    /** Character {@code k} positions ahead, or -1 at end of input. */
    private int peek(int k) {
        if (pos + k >= lim) {
            fill(k);
            if (pos + k >= lim) {
                return -1;
            }
        }
        return buf[pos + k];
    }

    private void fill(int k) {
        if (inputDone) {
            return;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
        if (k + 1 > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, k + 1));
        }
        try {
            while (lim <= k && !inputDone) {
                int n = in.read(buf, lim, buf.length - lim);
                if (n < 0) {
                    inputDone = true;
                } else {
                    lim += n;
                }
            }
        } catch (IOException e) {
            ioError = e;
            inputDone = true;
        } catch (RuntimeException e) {
            // A broken Reader must not take the linter down; treat it as end of input.
            ioError = new IOException(e.getMessage(), e);
            inputDone = true;
        }
    }

    private char advance() {
        char c = buf[pos++];
        offset++;
        if (c == '\n') {
            line++;
            col = 0;
        } else if (c == '\r') {
            if (peek(0) == '\n') {
                col++;
            } else {
                line++;
                col = 0;
            }
        } else {
            col++;
        }
        return c;
    }

    private static boolean isIdentStart(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    private static boolean isIdentPart(int c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    private static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    // ---------------------------------------------------------------- tokens

    private long tStart;
    private int tLine;
    private int tCol;

    private void mark() {
        tStart = offset;
        tLine = line;
        tCol = col;
    }

    private Span span() {
        return new Span(tStart, offset, tLine, tCol, line, col);
    }

    /** The line of the last token returned (a '#' after a token on its line is no preprocessor line). */
    private int lastTokenLine = -1;

    private Token make(TokenKind kind, String text) {
        lastTokenLine = tLine;
        Token t = new Token(kind, text, span(), sawSpace);
        sawSpace = false;
        return t;
    }

    private Token error(ProblemKind kind, String text, String message) {
        lastTokenLine = tLine;
        Token t = new Token(TokenKind.ERROR, text, span(), sawSpace, message, kind);
        sawSpace = false;
        return t;
    }

    private boolean started;
    /** Set when the input is not text ptxlint can read (UTF-16): the lexer reports end of input. */
    private boolean stopped;

    /**
     * The start of a document: a UTF-8 byte-order mark is reported once (ptxas rejects it:
     * "Unexpected non-ASCII character encountered on line 1") and then skipped like white space;
     * a UTF-16 file (a UTF-16 byte-order mark, or a NUL byte between every two characters) is
     * reported once and not read further, instead of one error per character.
     */
    private void checkStart() {
        int skip = 0;
        while (skip < 2 && (peek(skip) == REPLACEMENT || peek(skip) == 0xFEFF || peek(skip) == 0xFFFE)) {
            skip++;
        }
        int n = 0;
        int nulEven = 0;
        int nulOdd = 0;
        for (int i = 0; i < 64; i++) {
            int c = peek(skip + i);
            if (c < 0) {
                break;
            }
            n++;
            if (c == 0) {
                if (i % 2 == 0) {
                    nulEven++;
                } else {
                    nulOdd++;
                }
            }
        }
        boolean utf16 = n >= 8 && (nulOdd == n / 2 && nulEven == 0 || nulEven == (n + 1) / 2 && nulOdd == 0);
        if (utf16) {
            stopped = true;
            report(ProblemKind.UTF16, 0, Math.max(1, skip), "this file looks like UTF-16 ("
                    + (skip > 0 ? "it starts with a UTF-16 byte-order mark" : "a NUL byte between every two characters")
                    + "), which ptxas cannot read: save it as UTF-8 or ASCII; ptxlint does not read it further");
        } else if (peek(0) == 0xFEFF) {
            report(ProblemKind.INVALID_CHARACTER, 0, 1, "UTF-8 byte-order mark at the start of the file: ptxas rejects it"
                    + " ('Unexpected non-ASCII character encountered on line 1'); save the file without the mark");
            advance();
            sawSpace = true;
        }
    }

    /** Whether the input was found unreadable (UTF-16) and not lexed: module-level checks should not run. */
    public boolean unreadable() {
        return stopped;
    }

    /** Reports a problem that is not a token through the trivia listener. */
    private void report(ProblemKind kind, long start, int length, String message) {
        if (triviaProblemListener != null) {
            Span s = new Span(start, start + length, line, col, line, col + length);
            triviaProblemListener.accept(new Token(TokenKind.ERROR, "", s, false, message, kind));
        }
    }

    /** Returns the next token; after the end of input it returns {@link TokenKind#EOF} forever. */
    public Token next() {
        if (!started) {
            started = true;
            if (offset == 0) {
                checkStart();
            }
        }
        if (stopped) {
            mark();
            return make(TokenKind.EOF, "");
        }
        while (true) {
            int c = peek(0);
            if (c < 0) {
                mark();
                return make(TokenKind.EOF, "");
            }
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x1A) {
                advance();
                sawSpace = true;
                continue;
            }
            if (c == '/' && peek(1) == '/') {
                lineComment();
                continue;
            }
            if (c == '@' && isDwarfLine()) {
                lineComment(); // nvopencc's debug information: ptxas 13.0 reads and ignores it
                continue;
            }
            if (c == '/' && peek(1) == '*') {
                Token t = blockComment();
                if (t != null) {
                    return t;
                }
                continue;
            }
            mark();
            return scan((char) c);
        }
    }

    /**
     * Whether an {@code @@DWARF} line starts here: PTX ISA 1.x-2.x from nvopencc carries its debug
     * information as lines {@code @@DWARF .byte 0x95, 0x00} between module items; they are read as
     * comments (ptxas accepts them at module scope; inside a function it does not, which is not checked).
     */
    private boolean isDwarfLine() {
        String w = "@@DWARF";
        for (int i = 0; i < w.length(); i++) {
            if (peek(i) != w.charAt(i)) {
                return false;
            }
        }
        int after = peek(w.length());
        return after == ' ' || after == '\t';
    }

    private void lineComment() {
        mark();
        boolean keep = commentListener != null;
        if (keep) {
            sb.setLength(0);
        }
        int c;
        while ((c = peek(0)) >= 0 && c != '\n' && c != '\r') {
            noteTrivia(c);
            char ch = advance();
            if (keep) {
                sb.append(ch);
            }
        }
        flushTrivia();
        emitComment(keep);
    }

    /** Returns an error token for an unterminated comment, else null. */
    private Token blockComment() {
        mark();
        boolean keep = commentListener != null;
        if (keep) {
            sb.setLength(0);
        }
        advance();
        advance();
        if (keep) {
            sb.append("/*");
        }
        while (true) {
            int c = peek(0);
            if (c < 0) {
                flushTrivia();
                Span open = new Span(tStart, tStart + 2, tLine, tCol, tLine, tCol + 2);
                Token t = new Token(TokenKind.ERROR, "/*", open, sawSpace,
                        "unterminated /* comment: add the closing */", ProblemKind.UNTERMINATED_COMMENT);
                sawSpace = false;
                return t;
            }
            if (c == '*' && peek(1) == '/') {
                flushTrivia();
                advance();
                advance();
                if (keep) {
                    sb.append("*/");
                }
                emitComment(keep);
                return null;
            }
            noteTrivia(c);
            char ch = advance();
            if (keep) {
                sb.append(ch);
            }
        }
    }

    private void emitComment(boolean keep) {
        sawSpace = true;
        if (keep) {
            commentListener.accept(new Token(TokenKind.COMMENT, sb.toString(), span(), true));
        }
    }

    private Token scan(char c) {
        if (isIdentStart(c)) {
            return identifier();
        }
        if (c == '%') {
            if (isIdentPart(peek(1))) {
                return identifier();
            }
            advance();
            return make(TokenKind.PERCENT, "%");
        }
        if (isDigit(c)) {
            return number();
        }
        if (c == '.') {
            if (isDigit(peek(1)) && isDotFloat()) {
                sb.setLength(0);
                sb.append(advance());
                while (isDigit(peek(0))) {
                    sb.append(advance());
                }
                if (peek(0) == 'e' || peek(0) == 'E') {
                    sb.append(advance());
                    if (peek(0) == '+' || peek(0) == '-') {
                        sb.append(advance());
                    }
                    while (isDigit(peek(0))) {
                        sb.append(advance());
                    }
                }
                return make(TokenKind.FLOAT, sb.toString());
            }
            if (isIdentPart(peek(1))) {
                sb.setLength(0);
                sb.append(advance());
                while (true) {
                    int p = peek(0);
                    if (isIdentPart(p)) {
                        sb.append(advance());
                    } else if (p == ':' && peek(1) == ':' && isIdentPart(peek(2))) {
                        // .shared::cta, .mbarrier::complete_tx::bytes, .L2::cache_hint
                        sb.append(advance()).append(advance());
                    } else {
                        break;
                    }
                }
                return make(TokenKind.DOT_NAME, sb.toString());
            }
            advance();
            return error(ProblemKind.INVALID_CHARACTER, ".", "stray '.': a directive or modifier name must follow the dot");
        }
        if (c == '"') {
            return string();
        }
        if (c == '#') {
            if (tLine == lastTokenLine) {
                // not first on its line: a stray character, not a preprocessor line that would
                // swallow the rest of the line (and its ';')
                advance();
                return strayCharacter(c);
            }
            return preprocessor();
        }
        advance();
        switch (c) {
            case ',': return make(TokenKind.COMMA, ",");
            case ';': return make(TokenKind.SEMI, ";");
            case ':': return make(TokenKind.COLON, ":");
            case '{': return make(TokenKind.LBRACE, "{");
            case '}': return make(TokenKind.RBRACE, "}");
            case '[': return make(TokenKind.LBRACKET, "[");
            case ']': return make(TokenKind.RBRACKET, "]");
            case '(': return make(TokenKind.LPAREN, "(");
            case ')': return make(TokenKind.RPAREN, ")");
            case '+': return make(TokenKind.PLUS, "+");
            case '-': return make(TokenKind.MINUS, "-");
            case '*': return make(TokenKind.STAR, "*");
            case '/': return make(TokenKind.SLASH, "/");
            case '^': return make(TokenKind.CARET, "^");
            case '~': return make(TokenKind.TILDE, "~");
            case '?': return make(TokenKind.QUESTION, "?");
            case '@': return make(TokenKind.AT, "@");
            case '<':
                if (peek(0) == '<') { advance(); return make(TokenKind.SHL, "<<"); }
                if (peek(0) == '=') { advance(); return make(TokenKind.LE, "<="); }
                return make(TokenKind.LT, "<");
            case '>':
                if (peek(0) == '>') { advance(); return make(TokenKind.SHR, ">>"); }
                if (peek(0) == '=') { advance(); return make(TokenKind.GE, ">="); }
                return make(TokenKind.GT, ">");
            case '=':
                if (peek(0) == '=') { advance(); return make(TokenKind.EQ_EQ, "=="); }
                return make(TokenKind.ASSIGN, "=");
            case '!':
                if (peek(0) == '=') { advance(); return make(TokenKind.NOT_EQ, "!="); }
                return make(TokenKind.BANG, "!");
            case '&':
                if (peek(0) == '&') { advance(); return make(TokenKind.AMP_AMP, "&&"); }
                return make(TokenKind.AMP, "&");
            case '|':
                if (peek(0) == '|') { advance(); return make(TokenKind.PIPE_PIPE, "||"); }
                return make(TokenKind.PIPE, "|");
            default:
                return strayCharacter(c);
        }
    }

    private Token strayCharacter(char c) {
        if (c == REPLACEMENT) {
            return error(ProblemKind.INVALID_UTF8, String.valueOf(c), "invalid UTF-8 byte sequence");
        }
        if (c == 0) {
            return error(ProblemKind.INVALID_CHARACTER, "\\0", "NUL character in source");
        }
        if (Character.isHighSurrogate(c) && Character.isLowSurrogate((char) Math.max(peek(0), 0))) {
            char low = advance();
            int cp = Character.toCodePoint(c, low);
            return error(ProblemKind.INVALID_CHARACTER, new String(new char[] {c, low}),
                    String.format("unexpected character U+%04X '%s'", cp, Character.toString(cp)));
        }
        if (c < 0x20 || c == 0x7F) {
            return error(ProblemKind.INVALID_CHARACTER, String.format("\\x%02X", (int) c),
                    String.format("unexpected control character U+%04X", (int) c));
        }
        return error(ProblemKind.INVALID_CHARACTER, String.valueOf(c), String.format("unexpected character U+%04X '%c'", (int) c, c));
    }

    /**
     * Whether a '.' followed by a digit starts a float such as {@code .5} or {@code .5e-3} rather
     * than a modifier such as {@code .2d} or {@code .32x32b}: only digits, then an optional
     * exponent, and no identifier character after.
     */
    private boolean isDotFloat() {
        int k = 1;
        while (isDigit(peek(k))) {
            k++;
        }
        int c = peek(k);
        if (c == 'e' || c == 'E') {
            int j = k + 1;
            if (peek(j) == '+' || peek(j) == '-') {
                j++;
            }
            if (!isDigit(peek(j))) {
                return false;
            }
            while (isDigit(peek(j))) {
                j++;
            }
            return !isIdentPart(peek(j));
        }
        return !isIdentPart(c);
    }

    private Token identifier() {
        sb.setLength(0);
        sb.append(advance());
        while (isIdentPart(peek(0))) {
            sb.append(advance());
        }
        return make(TokenKind.IDENT, sb.toString());
    }

    /** Consumes any identifier characters glued to a number; returns true if there were any. */
    private boolean gluedSuffix() {
        boolean any = false;
        while (isIdentPart(peek(0))) {
            sb.append(advance());
            any = true;
        }
        return any;
    }

    private Token number() {
        sb.setLength(0);
        char first = advance();
        sb.append(first);
        int c = peek(0);
        if (first == '0' && (c == 'f' || c == 'F' || c == 'd' || c == 'D')) {
            return hexFloat(c == 'f' || c == 'F' ? 8 : 16);
        }
        if (first == '0' && (c == 'x' || c == 'X')) {
            sb.append(advance());
            int n = 0;
            while (isHex(peek(0))) {
                sb.append(advance());
                n++;
            }
            return integerTail(n == 0 ? "hexadecimal literal '0x' has no digits" : null);
        }
        if (first == '0' && (c == 'b' || c == 'B')) {
            sb.append(advance());
            int n = 0;
            while (peek(0) == '0' || peek(0) == '1') {
                sb.append(advance());
                n++;
            }
            String err = n == 0 ? "binary literal '0b' has no digits" : null;
            if (err == null && isDigit(peek(0))) {
                err = "invalid digit in binary literal";
            }
            return integerTail(err);
        }
        while (isDigit(peek(0))) {
            sb.append(advance());
        }
        c = peek(0);
        boolean isFloat = false;
        if (c == '.' && !isIdentStart(peek(1))) {
            isFloat = true;
            sb.append(advance());
            while (isDigit(peek(0))) {
                sb.append(advance());
            }
            c = peek(0);
        }
        if ((c == 'e' || c == 'E')
                && (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
            isFloat = true;
            sb.append(advance());
            if (peek(0) == '+' || peek(0) == '-') {
                sb.append(advance());
            }
            while (isDigit(peek(0))) {
                sb.append(advance());
            }
        }
        if (isFloat) {
            if (gluedSuffix()) {
                return error(ProblemKind.MALFORMED_NUMBER, sb.toString(), "invalid suffix on float literal '" + sb + "'");
            }
            return make(TokenKind.FLOAT, sb.toString());
        }
        String err = null;
        if (sb.length() > 1 && sb.charAt(0) == '0') {
            for (int i = 1; i < sb.length(); i++) {
                if (sb.charAt(i) > '7') {
                    err = "invalid digit '" + sb.charAt(i) + "' in octal literal '" + sb + "'";
                    break;
                }
            }
        }
        return integerTail(err);
    }

    private Token integerTail(String err) {
        if (peek(0) == 'U') {
            if (!isIdentPart(peek(1))) {
                sb.append(advance());
            }
        }
        if (gluedSuffix() && err == null) {
            err = "invalid suffix on integer literal '" + sb + "'";
        }
        if (err != null) {
            return error(ProblemKind.MALFORMED_NUMBER, sb.toString(), err);
        }
        return make(TokenKind.INTEGER, sb.toString());
    }

    private Token hexFloat(int digits) {
        char kindChar = advance();
        sb.append(kindChar);
        int n = 0;
        while (isHex(peek(0))) {
            sb.append(advance());
            n++;
        }
        boolean glued = gluedSuffix();
        String type = digits == 8 ? "single-precision" : "double-precision";
        if (n != digits || glued) {
            return error(ProblemKind.MALFORMED_NUMBER, sb.toString(), String.format(
                    "malformed %s float literal '%s': '0%c' must be followed by exactly %d hex digits",
                    type, sb, kindChar, digits));
        }
        return make(TokenKind.FLOAT, sb.toString());
    }

    /** How far ahead a string's closing quote is searched for when the string spans lines. */
    private static final int STRING_LOOKAHEAD = 1 << 16;

    /**
     * A string as ptxas reads it: everything up to the next {@code "}, newlines included, with no
     * escape sequences (a backslash is an ordinary character). If no closing quote follows, the
     * error covers the opening line and lexing resumes on the next line.
     */
    private Token string() {
        int k = 1;
        int firstEol = -1;
        while (true) {
            int c = peek(k);
            if (c == '"') {
                break;
            }
            if (c < 0 || k > STRING_LOOKAHEAD) {
                k = -1;
                break;
            }
            if ((c == '\n' || c == '\r') && firstEol < 0) {
                firstEol = k;
            }
            k++;
        }
        sb.setLength(0);
        if (k < 0) {
            int stop = firstEol < 0 ? Integer.MAX_VALUE : firstEol;
            for (int i = 0; i < stop && peek(0) >= 0; i++) {
                sb.append(advance());
            }
            return error(ProblemKind.UNTERMINATED_STRING, sb.toString(),
                    "unterminated string literal: add the closing '\"'");
        }
        for (int i = 0; i <= k; i++) {
            int c = peek(0);
            noteTrivia(c);
            sb.append(advance());
        }
        flushTrivia();
        return make(TokenKind.STRING, sb.toString());
    }

    private Token preprocessor() {
        sb.setLength(0);
        int c;
        while ((c = peek(0)) >= 0 && c != '\n' && c != '\r') {
            sb.append(advance());
        }
        return make(TokenKind.PREPROCESSOR, sb.toString());
    }

    /** The contents of a STRING token without its quotes (PTX strings have no escape sequences). */
    public static String unquote(String s) {
        if (s.length() < 2 || s.charAt(0) != '"') {
            return s;
        }
        return s.substring(1, s.length() - 1);
    }
}
