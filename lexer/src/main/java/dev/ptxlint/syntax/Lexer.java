package dev.ptxlint.syntax;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Hand-written streaming lexer for PTX ISA 9.0.
 *
 * <p>It reads its input as bytes in large blocks and never holds more than one block plus the
 * token being scanned, so memory does not grow with the file. PTX is ASCII: every token is
 * scanned on the bytes themselves, nothing ASCII is decoded, and the texts of identifiers,
 * modifiers, opcodes and numbers come from a byte-keyed intern table ({@link TextTable}), so a
 * repeated spelling allocates no String. Only a run of non-ASCII bytes (which can only be a
 * stray character, or part of a comment or string) is decoded, by the JDK's UTF-8 decoder, one
 * run at a time: invalid sequences become U+FFFD exactly as when the whole file is decoded (a
 * malformed sequence never takes an ASCII byte with it, so runs decode independently).
 *
 * <p>Malformed input never throws: it becomes an {@link TokenKind#ERROR} token with an exact
 * span and a message. Bytes that are not valid UTF-8 are reported where they appear outside
 * comments and strings.
 *
 * <p>Positions: see {@link Span} (0-based lines, 0-based UTF-16 columns; offsets count UTF-16
 * code units, so a non-ASCII character counts as its UTF-16 length, not its UTF-8 length). A line
 * ends at {@code \n}, {@code \r\n} or a lone {@code \r}.
 *
 * <p>A character source ({@link #Lexer(Reader)}, {@link #of(String)}) is fed through the same
 * byte core: ASCII characters as themselves, every other UTF-16 unit (lone surrogates included)
 * as three bytes that only this lexer decodes back, so positions and texts are those of the
 * characters.
 */
public final class Lexer {

    /**
     * The text of the sink operand {@code _}. Every {@code _} identifier this lexer makes has this
     * very String as its text, so a token from it may be tested with {@code text() == SINK}
     * (which does not touch the String: on a large module its first touch is a cache miss).
     */
    public static final String SINK = "_";

    private static final int CHUNK = 1 << 16;
    /** Largest piece of a non-ASCII run decoded at once (longer runs are decoded in pieces). */
    private static final int PIECE = 1 << 13;
    /** Replacement character produced by the decoder for invalid UTF-8. */
    private static final char REPLACEMENT = '\uFFFD';

    /** The byte source, or null when the input is characters. */
    private final InputStream bytesIn;
    /** The character source, or null when the input is bytes. */
    private final Reader charsIn;
    private char[] cbuf;
    /** Decoder of non-ASCII runs of a byte source (null for a character source). */
    private final CharsetDecoder decoder;

    private byte[] buf;
    private int pos;
    private int lim;
    private boolean inputDone;

    /** Decoded UTF-16 units of the non-ASCII run being consumed (stray characters only). */
    private final char[] ubuf = new char[PIECE];
    private int upos;
    private int ulim;

    private long offset;
    private int line;
    private int col;

    private final StringBuilder sb = new StringBuilder(64);
    private final TextTable texts;
    private Consumer<Token> commentListener;
    private boolean sawSpace;
    private IOException ioError;

    /** Lexes characters. */
    public Lexer(Reader in) {
        this.bytesIn = null;
        this.charsIn = in;
        this.decoder = null;
        this.texts = new TextTable();
        this.buf = new byte[CHUNK];
    }

    private Lexer(InputStream in, TextTable texts, byte[] buf) {
        this.texts = texts;
        this.buf = buf;
        this.bytesIn = in;
        this.charsIn = null;
        this.decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    /** Lexes UTF-8 bytes; invalid sequences become U+FFFD and are reported as error tokens. */
    public static Lexer ofUtf8(InputStream in) {
        return new Lexer(in, new TextTable(), new byte[CHUNK]);
    }

    /**
     * Lexes UTF-8 bytes as {@link #ofUtf8(InputStream)} does, interning token texts through {@code
     * texts}: lexers of one file's chunks that use tables of the same {@link Texts#shared} hand out
     * the same String and the same spelling id ({@link Token#id()}) for a spelling, so texts stay
     * comparable by identity, and ids by value, across chunks.
     */
    public static Lexer ofUtf8(InputStream in, Texts texts) {
        return new Lexer(in, texts.table, new byte[CHUNK]);
    }

    /**
     * Lexes the UTF-8 bytes {@code bytes[0..length)} and then those of {@code after}, interning as
     * {@link #ofUtf8(InputStream, Texts)} does: for a chunk of a file already in memory, without a
     * copy into a buffer of the lexer's own. The lexer takes the array over (it may move bytes
     * within it once it reads past {@code length}).
     */
    public static Lexer ofUtf8(byte[] bytes, int length, InputStream after, Texts texts) {
        Lexer l = new Lexer(after, texts.table, bytes.length >= 16 ? bytes : Arrays.copyOf(bytes, 16));
        l.lim = length;
        return l;
    }

    /**
     * An intern table for {@link #ofUtf8(InputStream, Texts)}: one per lexer at a time (it is not
     * thread-safe), each made by {@link #cache()} of one shared table, whose Strings and ids they
     * hand out.
     */
    public static final class Texts {
        final TextTable table;

        private Texts(TextTable table) {
            this.table = table;
        }

        /** A table shared by the caches made of it (they ask it under its lock). */
        public static Texts shared() {
            return new Texts(new TextTable());
        }

        /** A table for one lexer at a time that keeps what this shared table gives it. */
        public Texts cache() {
            return new Texts(new TextTable(table));
        }
    }

    /**
     * Starts at the beginning of line {@code line} (0-based) of a larger text, at UTF-16 offset
     * {@code offset}, just after its line break: as {@link #startingAt} with column 0, and the first
     * token has white space before it, as it has in the whole text. For lexing a chunk of a file
     * that starts at a line (docs/scaling.md). Call before the first token.
     */
    public Lexer startingAtLine(long offset, int line) {
        startingAt(offset, line, 0);
        this.sawSpace = offset > 0;
        return this;
    }

    /**
     * Starts counting positions at {@code offset}, {@code line} and {@code column} instead of the
     * beginning of a document: for lexing a slice of a larger text (the language server re-lexes
     * one function) so that spans are those of the whole document. Call before the first token.
     */
    public Lexer startingAt(long offset, int line, int column) {
        this.offset = offset;
        this.line = line;
        this.col = column;
        return this;
    }

    public static Lexer of(String text) {
        return new Lexer(new StringReader(text));
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

    /** Byte {@code k} positions ahead (0-255), or -1 at end of input. */
    private int peek(int k) {
        if (pos + k >= lim) {
            fill(k);
            if (pos + k >= lim) {
                return -1;
            }
        }
        return buf[pos + k] & 0xFF;
    }

    /** Makes byte {@code pos + k} available if the input has it; may move the buffer (pos becomes 0). */
    private void fill(int k) {
        if (inputDone) {
            return;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
        if (k + 1 > buf.length - 2) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, k + 3));
        }
        try {
            while (lim <= k && !inputDone) {
                int n = bytesIn != null ? bytesIn.read(buf, lim, buf.length - lim) : readChars();
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
            // A broken stream or Reader must not take the linter down; treat it as end of input.
            ioError = new IOException(e.getMessage(), e);
            inputDone = true;
        }
    }

    /**
     * Reads characters into the byte buffer: ASCII as itself, any other unit as three bytes
     * {@code 1110xxxx 10xxxxxx 10xxxxxx} (see {@link #decodeChars}). Returns the bytes added, or -1.
     */
    private int readChars() throws IOException {
        int room = (buf.length - lim) / 3;
        if (cbuf == null) {
            cbuf = new char[CHUNK / 4];
        }
        int n = charsIn.read(cbuf, 0, Math.max(1, Math.min(room, cbuf.length)));
        if (n < 0) {
            return -1;
        }
        int j = lim;
        for (int i = 0; i < n; i++) {
            char c = cbuf[i];
            if (c < 0x80) {
                buf[j++] = (byte) c;
            } else {
                buf[j++] = (byte) (0xE0 | (c >>> 12));
                buf[j++] = (byte) (0x80 | ((c >>> 6) & 0x3F));
                buf[j++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return j - lim;
    }

    /**
     * Consumes one ASCII byte (never a non-ASCII one: those go through {@link #decodeRun}),
     * keeping offset, line and column.
     */
    private int advance() {
        int c = buf[pos++];
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

    /** Consumes {@code n} ASCII bytes that hold no line break. */
    private void skip(int n) {
        pos += n;
        offset += n;
        col += n;
    }

    /**
     * Decodes the non-ASCII bytes at {@code pos} (up to the next ASCII byte or end of input, or a
     * piece of at most {@link #PIECE} bytes of a longer run) into {@code ubuf[0..ulim)} and moves
     * {@code pos} past them. Offsets are not moved: the caller consumes the units.
     */
    private void decodeRun() {
        int len = 0;
        boolean complete;
        while (true) {
            if (pos + len >= lim) {
                fill(len);
                if (pos + len >= lim) {
                    complete = true; // end of input
                    break;
                }
            }
            if (buf[pos + len] >= 0) {
                complete = true; // an ASCII byte ends the run
                break;
            }
            if (++len >= PIECE) {
                complete = false;
                break;
            }
        }
        if (decoder == null) {
            int n = len / 3;
            for (int i = 0; i < n; i++) {
                int p = pos + 3 * i;
                ubuf[i] = (char) (((buf[p] & 0x0F) << 12) | ((buf[p + 1] & 0x3F) << 6) | (buf[p + 2] & 0x3F));
            }
            pos += 3 * n;
            upos = 0;
            ulim = n;
            return;
        }
        ByteBuffer in = ByteBuffer.wrap(buf, pos, len);
        CharBuffer out = CharBuffer.wrap(ubuf);
        decoder.decode(in, out, complete);
        if (complete) {
            decoder.flush(out);
            decoder.reset();
        }
        pos = in.position();
        upos = 0;
        ulim = out.position();
    }

    private static final byte IDENT_START = 1;
    private static final byte IDENT_PART = 2;
    private static final byte DIGIT = 4;
    private static final byte HEX = 8;
    private static final byte[] CLASS = new byte[256];

    static {
        for (int c = 0; c < 128; c++) {
            int k = 0;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$') {
                k |= IDENT_START | IDENT_PART;
            }
            if (c >= '0' && c <= '9') {
                k |= IDENT_PART | DIGIT | HEX;
            }
            if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
                k |= HEX;
            }
            CLASS[c] = (byte) k;
        }
    }

    private static boolean isIdentStart(int c) {
        return c >= 0 && (CLASS[c] & IDENT_START) != 0;
    }

    private static boolean isIdentPart(int c) {
        return c >= 0 && (CLASS[c] & IDENT_PART) != 0;
    }

    private static boolean isHex(int c) {
        return c >= 0 && (CLASS[c] & HEX) != 0;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** The number of identifier characters from {@code pos + k} on. */
    private int identRun(int k) {
        // fast path: the run ends inside the buffer (fields read once: C1 does not hoist them)
        byte[] b = buf;
        int p = pos;
        int end = lim;
        int i = p + k;
        while (i < end && (CLASS[b[i] & 0xFF] & IDENT_PART) != 0) {
            i++;
        }
        if (i < end) {
            return i - p;
        }
        k = i - p;
        while (true) {
            if (pos + k >= lim) {
                fill(k);
                if (pos + k >= lim) {
                    return k;
                }
            }
            if ((CLASS[buf[pos + k] & 0xFF] & IDENT_PART) == 0) {
                return k;
            }
            k++;
        }
    }

    /** The number of decimal digits from {@code pos + k} on, plus k. */
    private int digitRun(int k) {
        while (isDigit(peek(k))) {
            k++;
        }
        return k;
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

    /**
     * The text of each punctuation kind (null for the others): what {@link #punct} gives a token,
     * and what the parser gives a punctuation token it makes from {@link #LIGHT}'s fields.
     */
    private static final String[] PUNCT_TEXT = new String[TokenKind.values().length];

    static {
        String[][] pairs = {{"COMMA", ","}, {"SEMI", ";"}, {"COLON", ":"}, {"LBRACE", "{"}, {"RBRACE", "}"},
            {"LBRACKET", "["}, {"RBRACKET", "]"}, {"LPAREN", "("}, {"RPAREN", ")"}, {"PLUS", "+"}, {"MINUS", "-"},
            {"STAR", "*"}, {"SLASH", "/"}, {"CARET", "^"}, {"TILDE", "~"}, {"QUESTION", "?"}, {"AT", "@"},
            {"SHL", "<<"}, {"LE", "<="}, {"LT", "<"}, {"SHR", ">>"}, {"GE", ">="}, {"GT", ">"}, {"EQ_EQ", "=="},
            {"ASSIGN", "="}, {"NOT_EQ", "!="}, {"BANG", "!"}, {"AMP_AMP", "&&"}, {"AMP", "&"},
            {"PIPE_PIPE", "||"}, {"PIPE", "|"}};
        for (String[] p : pairs) {
            PUNCT_TEXT[TokenKind.valueOf(p[0]).ordinal()] = p[1];
        }
    }

    /** The text of a punctuation token of this kind. */
    static String punctText(TokenKind kind) {
        return PUNCT_TEXT[kind.ordinal()];
    }

    /**
     * What {@link #next()} returns, with {@link #light} set, for a punctuation token: no token is
     * made, its kind and position are in {@link #lightKind} and the fields after it until the next
     * call. Never seen outside the parser, which sets {@link #light} and makes a token of those
     * fields only for what a node keeps.
     */
    static final Token LIGHT = new Token(TokenKind.COMMA, ",", null, false);

    /** Set by the parser: punctuation comes back as {@link #LIGHT}. */
    boolean light;
    TokenKind lightKind;
    long lightStart;
    int lightLine;
    int lightColumn;
    /** The length, with bit 31 set when white space or a comment comes before (as {@link Token}'s). */
    int lightLength;

    /**
     * The punctuation token {@link #next()} would have made without {@link #light}, from the fields
     * kept instead ({@code length} with bit 31 for white space before, as {@link #lightLength}).
     */
    static Token punctToken(TokenKind kind, long start, int line, int column, int length) {
        return new Token(kind, PUNCT_TEXT[kind.ordinal()], -1, start, line, column, length & ~(1 << 31), length < 0);
    }

    /** A punctuation token of the mark to here (one line, one or two ASCII characters). */
    private Token punct(TokenKind kind) {
        if (!light) {
            return make(kind, PUNCT_TEXT[kind.ordinal()]);
        }
        lastTokenLine = tLine;
        lightKind = kind;
        lightStart = tStart;
        lightLine = tLine;
        lightColumn = tCol;
        int n = (int) (offset - tStart);
        lightLength = sawSpace ? n | 1 << 31 : n;
        sawSpace = false;
        return LIGHT;
    }

    /** The line of the last token returned (a '#' after a token on its line is no preprocessor line). */
    private int lastTokenLine = -1;

    private Token make(TokenKind kind, String text) {
        lastTokenLine = tLine;
        Token t = token(kind, text, -1, sawSpace);
        sawSpace = false;
        return t;
    }

    /**
     * The token from the mark to here: one that keeps its position and makes its span when asked
     * (on one line, as many UTF-16 units as offsets: nearly every token), else one with its span.
     */
    private Token token(TokenKind kind, String text, int id, boolean space) {
        long len = offset - tStart;
        if (line == tLine && col - tCol == len && len < 1 << 30) {
            return new Token(kind, text, id, tStart, tLine, tCol, (int) len, space);
        }
        return new Token(kind, text, span(), space);
    }

    /** A token of the next {@code n} bytes (ASCII, no line break), its text interned. */
    private Token makeBytes(TokenKind kind, int n) {
        String text = texts.get(buf, pos, n);
        int id = texts.lastId;
        int start = tCol;
        pos += n;
        offset += n;
        col += n;
        lastTokenLine = tLine;
        Token t = new Token(kind, text, id, tStart, tLine, start, n, sawSpace);
        sawSpace = false;
        return t;
    }

    private String bytes(int n) {
        return new String(buf, pos, n, StandardCharsets.ISO_8859_1);
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
     * The first UTF-16 units of the input (-1 past its end), decoded from the bytes at the start:
     * what {@link #checkStart} looks at.
     */
    private int[] startUnits(int count) {
        fill(4 * count + 16);
        int[] units = new int[count];
        Arrays.fill(units, -1);
        int n = 0;
        int i = pos;
        int end = Math.min(lim, pos + 4 * count + 16);
        CharsetDecoder d = decoder == null ? null : StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        char[] tmp = new char[4 * count + 16];
        while (i < end && n < count) {
            if (buf[i] >= 0) {
                units[n++] = buf[i++];
                continue;
            }
            int j = i;
            while (j < end && buf[j] < 0) {
                j++;
            }
            int got;
            if (d == null) {
                got = 0;
                for (int p = i; p + 2 < j; p += 3) {
                    tmp[got++] = (char) (((buf[p] & 0x0F) << 12) | ((buf[p + 1] & 0x3F) << 6) | (buf[p + 2] & 0x3F));
                }
            } else {
                CharBuffer out = CharBuffer.wrap(tmp);
                boolean complete = j < end || (j == lim && inputDone);
                d.decode(ByteBuffer.wrap(buf, i, j - i), out, complete);
                if (complete) {
                    d.flush(out);
                }
                d.reset();
                got = out.position();
            }
            for (int k = 0; k < got && n < count; k++) {
                units[n++] = tmp[k];
            }
            i = j;
        }
        return units;
    }

    /**
     * The start of a document: a UTF-8 byte-order mark is reported once (ptxas rejects it:
     * "Unexpected non-ASCII character encountered on line 1") and then skipped like white space;
     * a UTF-16 file (a UTF-16 byte-order mark, or a NUL byte between every two characters) is
     * reported once and not read further, instead of one error per character.
     */
    private void checkStart() {
        if (peek(0) < 0x80 && peek(0) != 0 && peek(1) != 0 && peek(1) < 0x80) {
            // plain ASCII text starts here: no mark, and not UTF-16 (it would have a NUL in the
            // first two units); the common case decodes nothing
            return;
        }
        int[] u = startUnits(70);
        int skip = 0;
        while (skip < 2 && (u[skip] == REPLACEMENT || u[skip] == 0xFEFF || u[skip] == 0xFFFE)) {
            skip++;
        }
        int n = 0;
        int nulEven = 0;
        int nulOdd = 0;
        for (int i = 0; i < 64; i++) {
            int c = u[skip + i];
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
        } else if (u[0] == 0xFEFF) {
            report(ProblemKind.INVALID_CHARACTER, 0, 1, "UTF-8 byte-order mark at the start of the file: ptxas rejects it"
                    + " ('Unexpected non-ASCII character encountered on line 1'); save the file without the mark");
            decodeRun();
            upos++; // the mark itself; the rest of its run stays pending
            offset++;
            col++;
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
        if (upos < ulim) {
            mark();
            return strayUnit();
        }
        while (true) {
            int c;
            if (pos < lim) {
                c = buf[pos] & 0xFF;
            } else {
                c = peek(0);
                if (c < 0) {
                    mark();
                    return make(TokenKind.EOF, "");
                }
            }
            if (c == ' ' || c == '\t') {
                skip(1);
                sawSpace = true;
                continue;
            }
            if (c == '\n' || c == '\r' || c == '\f' || c == 0x1A) {
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
            if (c >= 0x80) {
                decodeRun();
                return strayUnit();
            }
            return scan(c);
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

    /**
     * Consumes the units of a non-ASCII run (decoded into {@code ubuf}) inside a comment or
     * string: each is noted as trivia and, with {@code keep}, appended to {@code sb}.
     */
    private void triviaUnits(boolean note, boolean keep) {
        for (int i = upos; i < ulim; i++) {
            char ch = ubuf[i];
            if (note) {
                noteTrivia(ch);
            }
            offset++;
            col++;
            if (keep) {
                sb.append(ch);
            }
        }
        upos = ulim;
    }

    private void lineComment() {
        mark();
        boolean keep = commentListener != null;
        // Fast path: a comment of ASCII characters without NUL, whole in the buffer.
        int k = 0;
        int c;
        while ((c = peek(k)) > 0 && c < 0x80 && c != '\n' && c != '\r' && k < CHUNK) {
            k++;
        }
        if (c < 0 || c == '\n' || c == '\r') {
            String text = keep ? bytes(k) : null;
            skip(k);
            emitComment(text);
            return;
        }
        if (keep) {
            sb.setLength(0);
        }
        while ((c = peek(0)) >= 0 && c != '\n' && c != '\r') {
            if (c >= 0x80) {
                decodeRun();
                triviaUnits(true, keep);
                continue;
            }
            noteTrivia(c);
            advance();
            if (keep) {
                sb.append((char) c);
            }
        }
        flushTrivia();
        emitComment(keep ? sb.toString() : null);
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
                emitComment(keep ? sb.toString() : null);
                return null;
            }
            if (c >= 0x80) {
                decodeRun();
                triviaUnits(true, keep);
                continue;
            }
            noteTrivia(c);
            advance();
            if (keep) {
                sb.append((char) c);
            }
        }
    }

    private void emitComment(String text) {
        sawSpace = true;
        if (text != null) {
            commentListener.accept(token(TokenKind.COMMENT, text, -1, true));
        }
    }

    private Token scan(int c) {
        if (isIdentStart(c)) {
            return makeBytes(TokenKind.IDENT, identRun(1));
        }
        if (c == '%') {
            int n = identRun(1);
            if (n > 1) {
                return makeBytes(TokenKind.IDENT, n);
            }
            skip(1);
            return make(TokenKind.PERCENT, "%");
        }
        if (isDigit(c)) {
            return number();
        }
        if (c == '.') {
            if (isDigit(peek(1)) && isDotFloat()) {
                int k = digitRun(1);
                if (peek(k) == 'e' || peek(k) == 'E') {
                    k++;
                    if (peek(k) == '+' || peek(k) == '-') {
                        k++;
                    }
                    k = digitRun(k);
                }
                return makeBytes(TokenKind.FLOAT, k);
            }
            if (isIdentPart(peek(1))) {
                int k = 1;
                while (true) {
                    k = identRun(k);
                    if (peek(k) == ':' && peek(k + 1) == ':' && isIdentPart(peek(k + 2))) {
                        // .shared::cta, .mbarrier::complete_tx::bytes, .L2::cache_hint
                        k += 2;
                    } else {
                        break;
                    }
                }
                return makeBytes(TokenKind.DOT_NAME, k);
            }
            skip(1);
            return error(ProblemKind.INVALID_CHARACTER, ".", "stray '.': a directive or modifier name must follow the dot");
        }
        if (c == '"') {
            return string();
        }
        if (c == '#') {
            if (tLine == lastTokenLine) {
                // not first on its line: a stray character, not a preprocessor line that would
                // swallow the rest of the line (and its ';')
                skip(1);
                return strayCharacter(c);
            }
            return preprocessor();
        }
        advance();
        switch (c) {
            case ',': return punct(TokenKind.COMMA);
            case ';': return punct(TokenKind.SEMI);
            case ':': return punct(TokenKind.COLON);
            case '{': return punct(TokenKind.LBRACE);
            case '}': return punct(TokenKind.RBRACE);
            case '[': return punct(TokenKind.LBRACKET);
            case ']': return punct(TokenKind.RBRACKET);
            case '(': return punct(TokenKind.LPAREN);
            case ')': return punct(TokenKind.RPAREN);
            case '+': return punct(TokenKind.PLUS);
            case '-': return punct(TokenKind.MINUS);
            case '*': return punct(TokenKind.STAR);
            case '/': return punct(TokenKind.SLASH);
            case '^': return punct(TokenKind.CARET);
            case '~': return punct(TokenKind.TILDE);
            case '?': return punct(TokenKind.QUESTION);
            case '@': return punct(TokenKind.AT);
            case '<':
                if (peek(0) == '<') { advance(); return punct(TokenKind.SHL); }
                if (peek(0) == '=') { advance(); return punct(TokenKind.LE); }
                return punct(TokenKind.LT);
            case '>':
                if (peek(0) == '>') { advance(); return punct(TokenKind.SHR); }
                if (peek(0) == '=') { advance(); return punct(TokenKind.GE); }
                return punct(TokenKind.GT);
            case '=':
                if (peek(0) == '=') { advance(); return punct(TokenKind.EQ_EQ); }
                return punct(TokenKind.ASSIGN);
            case '!':
                if (peek(0) == '=') { advance(); return punct(TokenKind.NOT_EQ); }
                return punct(TokenKind.BANG);
            case '&':
                if (peek(0) == '&') { advance(); return punct(TokenKind.AMP_AMP); }
                return punct(TokenKind.AMP);
            case '|':
                if (peek(0) == '|') { advance(); return punct(TokenKind.PIPE_PIPE); }
                return punct(TokenKind.PIPE);
            default:
                return strayCharacter(c);
        }
    }

    /** An ASCII character that starts no token (already consumed). */
    private Token strayCharacter(int c) {
        if (c == 0) {
            return error(ProblemKind.INVALID_CHARACTER, "\\0", "NUL character in source");
        }
        if (c < 0x20 || c == 0x7F) {
            return error(ProblemKind.INVALID_CHARACTER, String.format("\\x%02X", c),
                    String.format("unexpected control character U+%04X", c));
        }
        return error(ProblemKind.INVALID_CHARACTER, String.valueOf((char) c),
                String.format("unexpected character U+%04X '%c'", c, (char) c));
    }

    /** The next decoded non-ASCII unit (a surrogate pair together) as a stray character. */
    private Token strayUnit() {
        char c = ubuf[upos++];
        offset++;
        col++;
        if (c == REPLACEMENT) {
            return error(ProblemKind.INVALID_UTF8, String.valueOf(c), "invalid UTF-8 byte sequence");
        }
        if (Character.isHighSurrogate(c)) {
            if (upos == ulim && peek(0) >= 0x80) {
                // the low half may start the next piece of a long run
                decodeRun();
            }
            if (upos < ulim && Character.isLowSurrogate(ubuf[upos])) {
                char low = ubuf[upos++];
                offset++;
                col++;
                int cp = Character.toCodePoint(c, low);
                return error(ProblemKind.INVALID_CHARACTER, new String(new char[] {c, low}),
                        String.format("unexpected character U+%04X '%s'", cp, Character.toString(cp)));
            }
        }
        return error(ProblemKind.INVALID_CHARACTER, String.valueOf(c), String.format("unexpected character U+%04X '%c'", (int) c, c));
    }

    /**
     * Whether a '.' followed by a digit starts a float such as {@code .5} or {@code .5e-3} rather
     * than a modifier such as {@code .2d} or {@code .32x32b}: only digits, then an optional
     * exponent, and no identifier character after.
     */
    private boolean isDotFloat() {
        int k = digitRun(1);
        int c = peek(k);
        if (c == 'e' || c == 'E') {
            int j = k + 1;
            if (peek(j) == '+' || peek(j) == '-') {
                j++;
            }
            if (!isDigit(peek(j))) {
                return false;
            }
            j = digitRun(j);
            return !isIdentPart(peek(j));
        }
        return !isIdentPart(c);
    }

    private Token number() {
        int first = peek(0);
        int c = peek(1);
        if (first == '0' && (c == 'f' || c == 'F' || c == 'd' || c == 'D')) {
            return hexFloat(c == 'f' || c == 'F' ? 8 : 16);
        }
        if (first == '0' && (c == 'x' || c == 'X')) {
            int k = 2;
            while (isHex(peek(k))) {
                k++;
            }
            return integerTail(k, k == 2 ? "hexadecimal literal '0x' has no digits" : null);
        }
        if (first == '0' && (c == 'b' || c == 'B')) {
            int k = 2;
            while (peek(k) == '0' || peek(k) == '1') {
                k++;
            }
            String err = k == 2 ? "binary literal '0b' has no digits" : null;
            if (err == null && isDigit(peek(k))) {
                err = "invalid digit in binary literal";
            }
            return integerTail(k, err);
        }
        int k = digitRun(1);
        c = peek(k);
        boolean isFloat = false;
        if (c == '.' && !isIdentStart(peek(k + 1))) {
            isFloat = true;
            k = digitRun(k + 1);
            c = peek(k);
        }
        if ((c == 'e' || c == 'E')
                && (isDigit(peek(k + 1)) || ((peek(k + 1) == '+' || peek(k + 1) == '-') && isDigit(peek(k + 2))))) {
            isFloat = true;
            k++;
            if (peek(k) == '+' || peek(k) == '-') {
                k++;
            }
            k = digitRun(k);
        }
        if (isFloat) {
            int end = identRun(k);
            if (end > k) {
                String text = bytes(end);
                skip(end);
                return error(ProblemKind.MALFORMED_NUMBER, text, "invalid suffix on float literal '" + text + "'");
            }
            return makeBytes(TokenKind.FLOAT, k);
        }
        String err = null;
        if (k > 1 && first == '0') {
            for (int i = 1; i < k; i++) {
                int d = buf[pos + i];
                if (d > '7') {
                    err = "invalid digit '" + (char) d + "' in octal literal '" + bytes(k) + "'";
                    break;
                }
            }
        }
        return integerTail(k, err);
    }

    /** An integer literal of the first {@code k} bytes, its optional {@code U} and any glued suffix. */
    private Token integerTail(int k, String err) {
        if (peek(k) == 'U') {
            if (!isIdentPart(peek(k + 1))) {
                k++;
            }
        }
        int end = identRun(k);
        if (end > k && err == null) {
            err = "invalid suffix on integer literal '" + bytes(end) + "'";
        }
        if (err != null) {
            String text = bytes(end);
            skip(end);
            return error(ProblemKind.MALFORMED_NUMBER, text, err);
        }
        return makeBytes(TokenKind.INTEGER, end);
    }

    private Token hexFloat(int digits) {
        char kindChar = (char) peek(1);
        int k = 2;
        while (isHex(peek(k))) {
            k++;
        }
        int n = k - 2;
        int end = identRun(k);
        boolean glued = end > k;
        String type = digits == 8 ? "single-precision" : "double-precision";
        if (n != digits || glued) {
            String text = bytes(end);
            skip(end);
            return error(ProblemKind.MALFORMED_NUMBER, text, String.format(
                    "malformed %s float literal '%s': '0%c' must be followed by exactly %d hex digits",
                    type, text, kindChar, digits));
        }
        return makeBytes(TokenKind.FLOAT, end);
    }

    /** How far ahead a string's closing quote is searched for when the string spans lines (UTF-16 units). */
    private static final int STRING_LOOKAHEAD = 1 << 16;

    /** Scratch decoder that counts the units of a non-ASCII run without consuming it. */
    private CharsetDecoder counter;
    private char[] countBuf;

    /**
     * The UTF-16 units of the non-ASCII run at {@code pos + k}, decoded until its end or until more
     * than {@code max} units; returns {@code units << 32 | bytes}.
     */
    private long runUnits(int k, int max) {
        int start = k;
        while (peek(k) >= 0x80) {
            k++;
            if (k - start > 4L * max + 8) {
                break;
            }
        }
        int len = k - start;
        if (decoder == null) {
            return ((long) (len / 3) << 32) | len;
        }
        if (counter == null) {
            counter = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE);
            countBuf = new char[PIECE];
        }
        boolean complete = peek(k) < 0x80; // an ASCII byte or the end of input ends the run
        ByteBuffer in = ByteBuffer.wrap(buf, pos + start, len);
        long units = 0;
        while (true) {
            CharBuffer out = CharBuffer.wrap(countBuf);
            var r = counter.decode(in, out, complete);
            units += out.position();
            if (!r.isOverflow()) {
                break;
            }
        }
        if (complete) {
            CharBuffer out = CharBuffer.wrap(countBuf);
            counter.flush(out);
            units += out.position();
        }
        counter.reset();
        return (units << 32) | len;
    }

    /**
     * A string as ptxas reads it: everything up to the next {@code "}, newlines included, with no
     * escape sequences (a backslash is an ordinary character). If no closing quote follows, the
     * error covers the opening line and lexing resumes on the next line.
     */
    private Token string() {
        int k = 1;          // bytes ahead
        long units = 1;     // UTF-16 units ahead (the unit index the old char lexer counted)
        int firstEol = -1;  // in bytes
        boolean closed;
        while (true) {
            int c = peek(k);
            if (c == '"') {
                closed = true;
                break;
            }
            if (c < 0 || units > STRING_LOOKAHEAD) {
                closed = false;
                break;
            }
            if (c >= 0x80) {
                long r = runUnits(k, STRING_LOOKAHEAD);
                long u = r >>> 32;
                if (units + u - 1 > STRING_LOOKAHEAD) {
                    closed = false;
                    break;
                }
                units += u;
                k += (int) r;
                continue;
            }
            if ((c == '\n' || c == '\r') && firstEol < 0) {
                firstEol = k;
            }
            k++;
            units++;
        }
        sb.setLength(0);
        if (!closed) {
            int stop = firstEol < 0 ? Integer.MAX_VALUE : firstEol;
            // consume up to the first line break (bytes before it); positions move by units
            int consumed = 0;
            while (consumed < stop) {
                int c = peek(0);
                if (c < 0) {
                    break;
                }
                if (c >= 0x80) {
                    int before = pos;
                    decodeRun();
                    consumed += pos - before;
                    triviaUnits(false, true);
                    continue;
                }
                sb.append((char) advance());
                consumed++;
            }
            return error(ProblemKind.UNTERMINATED_STRING, sb.toString(),
                    "unterminated string literal: add the closing '\"'");
        }
        // k is the closing quote (bytes); consume through it
        boolean open = true;
        while (true) {
            int c = peek(0);
            if (c >= 0x80) {
                decodeRun();
                triviaUnits(true, true);
                continue;
            }
            noteTrivia(c);
            sb.append((char) advance());
            if (c == '"' && !open) {
                break;
            }
            open = false;
        }
        flushTrivia();
        return make(TokenKind.STRING, sb.toString());
    }

    private Token preprocessor() {
        sb.setLength(0);
        int c;
        while ((c = peek(0)) >= 0 && c != '\n' && c != '\r') {
            if (c >= 0x80) {
                decodeRun();
                triviaUnits(false, true);
                continue;
            }
            sb.append((char) advance());
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
