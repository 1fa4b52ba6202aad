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
public final class Lexer {

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

    public Lexer(Reader in) {
        this.in = in;
    }

    /** Lexes UTF-8 bytes; invalid sequences become U+FFFD and are reported as error tokens. */
    public static Lexer ofUtf8(InputStream in) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new Lexer(new InputStreamReader(in, decoder));
    }

    public static Lexer of(String text) {
        return new Lexer(new StringReader(text));
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

    private Token make(TokenKind kind, String text) {
        Token t = new Token(kind, text, span(), sawSpace);
        sawSpace = false;
        return t;
    }

    private Token error(ProblemKind kind, String text, String message) {
        Token t = new Token(TokenKind.ERROR, text, span(), sawSpace, message, kind);
        sawSpace = false;
        return t;
    }

    /** Returns the next token; after the end of input it returns {@link TokenKind#EOF} forever. */
    public Token next() {
        while (true) {
            int c = peek(0);
            if (c < 0) {
                mark();
                return make(TokenKind.EOF, "");
            }
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B) {
                advance();
                sawSpace = true;
                continue;
            }
            if (c == '/' && peek(1) == '/') {
                lineComment();
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

    private void lineComment() {
        mark();
        boolean keep = commentListener != null;
        if (keep) {
            sb.setLength(0);
        }
        int c;
        while ((c = peek(0)) >= 0 && c != '\n' && c != '\r') {
            char ch = advance();
            if (keep) {
                sb.append(ch);
            }
        }
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
                return error(ProblemKind.UNTERMINATED_COMMENT, "/*", "unterminated /* comment: add the closing */");
            }
            if (c == '*' && peek(1) == '/') {
                advance();
                advance();
                if (keep) {
                    sb.append("*/");
                }
                emitComment(keep);
                return null;
            }
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
        if (peek(0) == 'U' || peek(0) == 'u') {
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

    private Token string() {
        sb.setLength(0);
        sb.append(advance());
        while (true) {
            int c = peek(0);
            if (c < 0 || c == '\n' || c == '\r') {
                return error(ProblemKind.UNTERMINATED_STRING, sb.toString(), "unterminated string literal: add the closing '\"'");
            }
            char ch = advance();
            sb.append(ch);
            if (ch == '"') {
                return make(TokenKind.STRING, sb.toString());
            }
            if (ch == '\\') {
                int n = peek(0);
                if (n >= 0 && n != '\n' && n != '\r') {
                    sb.append(advance());
                }
            }
        }
    }

    private Token preprocessor() {
        sb.setLength(0);
        int c;
        while ((c = peek(0)) >= 0 && c != '\n' && c != '\r') {
            sb.append(advance());
        }
        return make(TokenKind.PREPROCESSOR, sb.toString());
    }

    /** Convenience for tests and tools: decodes a STRING token's contents (without quotes). */
    public static String unquote(String s) {
        if (s.length() < 2 || s.charAt(0) != '"') {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 1; i < s.length() - 1; i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() - 1) {
                char n = s.charAt(++i);
                switch (n) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case '0' -> out.append('\0');
                    default -> out.append(n);
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
