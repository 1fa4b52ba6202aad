package dev.ptxlint.syntax;

/** The kinds of token the PTX lexer produces. */
public enum TokenKind {
    /** An identifier: {@code add}, {@code %r12}, {@code __$temp3}, {@code $L__BB0_1}, {@code _}. */
    IDENT,
    /** A dot followed by identifier characters: {@code .version}, {@code .s32}, {@code .h10}, {@code .2d}. */
    DOT_NAME,
    /** An integer literal: decimal, hex {@code 0x}, octal {@code 0...}, binary {@code 0b}, optional {@code U}. */
    INTEGER,
    /** A float literal: {@code 0f} + 8 hex digits, {@code 0d} + 16 hex digits, or a decimal with fraction/exponent. */
    FLOAT,
    /** A string literal in double quotes. */
    STRING,
    COMMA, SEMI, COLON, LBRACE, RBRACE, LBRACKET, RBRACKET, LPAREN, RPAREN,
    LT, GT, LE, GE, EQ_EQ, NOT_EQ, ASSIGN,
    PLUS, MINUS, STAR, SLASH, PERCENT, SHL, SHR,
    AMP, AMP_AMP, PIPE, PIPE_PIPE, CARET, TILDE, BANG, QUESTION, AT,
    /** A comment, {@code //...} or {@code /* ... *&#47;}. Only delivered to a comment listener. */
    COMMENT,
    /** A {@code #} line (C preprocessor directive). ptxas has no preprocessor; the parser reports it. */
    PREPROCESSOR,
    /** A malformed token; {@link Token#error()} says what is wrong. */
    ERROR,
    EOF;

    /** How the token kind is written in messages. */
    public String display() {
        return switch (this) {
            case IDENT -> "identifier";
            case DOT_NAME -> "directive or modifier";
            case INTEGER -> "integer literal";
            case FLOAT -> "float literal";
            case STRING -> "string literal";
            case COMMA -> "','";
            case SEMI -> "';'";
            case COLON -> "':'";
            case LBRACE -> "'{'";
            case RBRACE -> "'}'";
            case LBRACKET -> "'['";
            case RBRACKET -> "']'";
            case LPAREN -> "'('";
            case RPAREN -> "')'";
            case LT -> "'<'";
            case GT -> "'>'";
            case LE -> "'<='";
            case GE -> "'>='";
            case EQ_EQ -> "'=='";
            case NOT_EQ -> "'!='";
            case ASSIGN -> "'='";
            case PLUS -> "'+'";
            case MINUS -> "'-'";
            case STAR -> "'*'";
            case SLASH -> "'/'";
            case PERCENT -> "'%'";
            case SHL -> "'<<'";
            case SHR -> "'>>'";
            case AMP -> "'&'";
            case AMP_AMP -> "'&&'";
            case PIPE -> "'|'";
            case PIPE_PIPE -> "'||'";
            case CARET -> "'^'";
            case TILDE -> "'~'";
            case BANG -> "'!'";
            case QUESTION -> "'?'";
            case AT -> "'@'";
            case COMMENT -> "comment";
            case PREPROCESSOR -> "preprocessor line";
            case ERROR -> "invalid token";
            case EOF -> "end of file";
        };
    }
}
