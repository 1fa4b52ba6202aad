package dev.ptxlint.syntax;

/**
 * One lexical token. {@code text} is the exact source text; for {@link TokenKind#ERROR} tokens
 * {@code error} says what is wrong. {@code spaceBefore} is true when whitespace or a comment
 * separates this token from the previous one (so the parser can tell {@code %r1.h10} from
 * {@code %r1 .h10}).
 */
public record Token(TokenKind kind, String text, Span span, boolean spaceBefore, String error,
                    ProblemKind errorKind) {

    public Token(TokenKind kind, String text, Span span, boolean spaceBefore) {
        this(kind, text, span, spaceBefore, null, null);
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
        return switch (kind) {
            case EOF -> "end of file";
            case IDENT, DOT_NAME, INTEGER, FLOAT -> "'" + text + "'";
            case STRING -> "string " + (text.length() > 20 ? text.substring(0, 20) + "...\"" : text);
            default -> kind.display();
        };
    }

    @Override
    public String toString() {
        return kind + "(" + text + ")@" + span;
    }
}
