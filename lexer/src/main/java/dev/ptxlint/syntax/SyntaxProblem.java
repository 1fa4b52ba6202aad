package dev.ptxlint.syntax;

/**
 * A lexical or syntax error found while parsing. {@code fixSpan}/{@code fixText}, when present,
 * describe a replacement that repairs the problem (for example inserting a missing {@code ;}).
 */
public record SyntaxProblem(ProblemKind kind, Span span, String message, Span fixSpan, String fixText) {

    public SyntaxProblem(ProblemKind kind, Span span, String message) {
        this(kind, span, message, null, null);
    }

    public boolean hasFix() {
        return fixSpan != null;
    }
}
