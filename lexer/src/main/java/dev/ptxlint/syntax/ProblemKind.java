package dev.ptxlint.syntax;

/**
 * The kinds of problem the lexer and parser find. The checker maps each kind to a stable
 * diagnostic code in its registry; this enum never appears in output.
 */
public enum ProblemKind {
    /** A character that cannot start any PTX token, a control character or a NUL. */
    INVALID_CHARACTER,
    /** Bytes that are not valid UTF-8. */
    INVALID_UTF8,
    /** A malformed integer or float literal ({@code 0f3F80}, {@code 09}, {@code 12abc}). */
    MALFORMED_NUMBER,
    /** A string literal without its closing quote on the same line. */
    UNTERMINATED_STRING,
    /** A block comment without its closing {@code *}{@code /}. */
    UNTERMINATED_COMMENT,
    /** A {@code #} preprocessor line, which ptxas does not accept. */
    PREPROCESSOR,
    /** A token where the grammar allows something else. */
    UNEXPECTED_TOKEN,
    /** A {@code ;} missing at the end of a statement. */
    MISSING_SEMICOLON,
    /** A {@code }} missing at the end of a function or block. */
    UNCLOSED_BLOCK,
    /** A dotted directive that PTX does not have, or one used where it is not allowed. */
    UNKNOWN_DIRECTIVE,
    /** A statement with more binary operators than the parser builds a tree for (a warning: ptxas accepts it). */
    TOO_MANY_OPERATORS,
    /** An expression nested deeper than the parser builds a tree for, which ptxas accepts (a warning). */
    TOO_DEEP,
    /** A file that looks like UTF-16 (byte-order mark, or NUL bytes between the characters). */
    UTF16,
}
