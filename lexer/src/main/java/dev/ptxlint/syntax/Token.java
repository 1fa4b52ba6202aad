package dev.ptxlint.syntax;

import java.util.Objects;

/**
 * One lexical token. {@code text} is the exact source text; for {@link TokenKind#ERROR} tokens
 * {@code error} says what is wrong. {@code spaceBefore} is true when whitespace or a comment
 * separates this token from the previous one (so the parser can tell {@code %r1.h10} from
 * {@code %r1 .h10}).
 *
 * <p>Made once per token of the input, so it is kept small (48 bytes with compressed references):
 * a token the lexer makes keeps its start offset, line, column and length, and its {@link Span}
 * is made on the first call of {@link #span()} (most tokens never need one: the parser builds its
 * nodes' spans from {@link #start()}, {@link #end()} and the rest); a token whose span is not
 * that of its text on one line (a string over lines, a non-ASCII character, an error) keeps the
 * span it was given. {@link #id()} is the lexer's number for the spelling (the same for every
 * token of the same text from one lexer, or from lexers of one shared table, dense from 0), or -1
 * when the text was not interned.
 *
 * <p>It was a record; it keeps the record's accessors, constructors, {@code equals} (every
 * component, the span by value), {@code hashCode} and {@code toString}. The span is made at most
 * once per token (a benign race between threads makes equal spans).
 */
public final class Token {
    private static final int SPACE = 1 << 31;

    private final String text;
    private final long start;
    private final int line;
    private final int column;
    /**
     * Bit 31: {@link #spaceBefore()}; the rest: the length in UTF-16 units of a token on one line
     * whose span was not given (one int for both keeps the token at 48 bytes).
     */
    private final int length;
    private final int id;
    private final TokenKind kind;
    /**
     * Null until the span is made; then the span (given, or made on first use), {@link #NO_SPAN}
     * for a null span given, or a {@link Problem} for an error token.
     */
    private Object extra;

    private static final Object NO_SPAN = new Object();

    /** What an error token says, and its span. */
    private static final class Problem {
        final Span span;
        final String error;
        final ProblemKind kind;

        Problem(Span span, String error, ProblemKind kind) {
            this.span = span;
            this.error = error;
            this.kind = kind;
        }
    }

    public Token(TokenKind kind, String text, Span span, boolean spaceBefore, String error,
                 ProblemKind errorKind) {
        this.kind = kind;
        this.text = text;
        this.start = span == null ? 0 : span.start();
        this.line = span == null ? 0 : span.line();
        this.column = span == null ? 0 : span.column();
        this.length = spaceBefore ? SPACE : 0;
        this.id = -1;
        this.extra = error != null || errorKind != null ? new Problem(span, error, errorKind)
                : span == null ? NO_SPAN : span;
    }

    public Token(TokenKind kind, String text, Span span, boolean spaceBefore) {
        this(kind, text, span, spaceBefore, null, null);
    }

    /**
     * The lexer's token of {@code length} UTF-16 units starting at {@code start}, on one line: its
     * span is made when asked for.
     */
    Token(TokenKind kind, String text, int id, long start, int line, int column, int length, boolean spaceBefore) {
        this.kind = kind;
        this.text = text;
        this.id = id;
        this.start = start;
        this.line = line;
        this.column = column;
        this.length = spaceBefore ? length | SPACE : length;
    }

    public TokenKind kind() {
        return kind;
    }

    public String text() {
        return text;
    }

    /**
     * The spelling's number in the lexer that made this token (dense from 0), or -1 when it has
     * none. Lexers whose intern tables are caches of one shared table ({@link Lexer.Texts}: the
     * chunks of one file) share one numbering; tokens of other lexers are not comparable by id.
     */
    public int id() {
        return id;
    }

    public boolean spaceBefore() {
        return length < 0;
    }

    public String error() {
        return extra instanceof Problem p ? p.error : null;
    }

    public ProblemKind errorKind() {
        return extra instanceof Problem p ? p.kind : null;
    }

    /** The token's span (made on the first call for most tokens, then the same object). */
    public Span span() {
        Object x = extra;
        if (x instanceof Span s) {
            return s;
        }
        if (x instanceof Problem p) {
            return p.span;
        }
        if (x == NO_SPAN) {
            return null;
        }
        int n = length & ~SPACE;
        Span s = new Span(start, start + n, line, column, line, column + n);
        extra = s;
        return s;
    }

    /** {@code span().start()}, without making the span. */
    public long start() {
        return start;
    }

    /** {@code span().end()}, without making the span. */
    public long end() {
        Object x = extra;
        if (x != null) {
            return span().end();
        }
        return start + (length & ~SPACE);
    }

    /** {@code span().line()}, without making the span. */
    public int line() {
        return line;
    }

    /** {@code span().column()}, without making the span. */
    public int column() {
        return column;
    }

    /** {@code span().endLine()}, without making the span. */
    public int endLine() {
        Object x = extra;
        if (x != null) {
            return span().endLine();
        }
        return line;
    }

    /** {@code span().endColumn()}, without making the span. */
    public int endColumn() {
        Object x = extra;
        if (x != null) {
            return span().endColumn();
        }
        return column + (length & ~SPACE);
    }

    public boolean is(TokenKind k) {
        return kind == k;
    }

    public boolean isIdent(String s) {
        return kind == TokenKind.IDENT && text.equals(s);
    }

    public boolean isDot(String s) {
        return kind == TokenKind.DOT_NAME && text.equals(s);
    }

    /** Human-readable description used in "expected X, found Y" messages. */
    public String describe() {
        return switch (kind()) {
            case EOF -> "end of file";
            case IDENT, DOT_NAME, INTEGER, FLOAT -> "'" + text + "'";
            case STRING -> "string " + (text.length() > 20 ? text.substring(0, 20) + "...\"" : text);
            default -> kind().display();
        };
    }

    /** Equal when every component (kind, text, span, spaceBefore, error, errorKind) is, as for the record it was. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Token t)) {
            return false;
        }
        return kind == t.kind && spaceBefore() == t.spaceBefore() && Objects.equals(text, t.text)
                && Objects.equals(span(), t.span()) && Objects.equals(error(), t.error())
                && errorKind() == t.errorKind();
    }

    @Override
    public int hashCode() {
        int h = kind().hashCode();
        h = 31 * h + Objects.hashCode(text);
        h = 31 * h + Objects.hashCode(span());
        h = 31 * h + Boolean.hashCode(spaceBefore());
        h = 31 * h + Objects.hashCode(error());
        return 31 * h + Objects.hashCode(errorKind());
    }

    @Override
    public String toString() {
        return kind() + "(" + text + ")@" + span();
    }
}
