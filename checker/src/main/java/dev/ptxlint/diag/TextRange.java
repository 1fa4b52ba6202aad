package dev.ptxlint.diag;

import dev.ptxlint.syntax.Span;

/**
 * A range in a document: 0-based line and UTF-16 column of start and (exclusive) end, plus
 * offsets in UTF-16 code units. Independent of any editor protocol.
 */
public record TextRange(long startOffset, long endOffset, int startLine, int startColumn, int endLine,
                        int endColumn) {

    public static TextRange of(Span s) {
        return new TextRange(s.start(), s.end(), s.line(), s.column(), s.endLine(), s.endColumn());
    }

    @Override
    public String toString() {
        return (startLine + 1) + ":" + (startColumn + 1) + "-" + (endLine + 1) + ":" + (endColumn + 1);
    }
}
