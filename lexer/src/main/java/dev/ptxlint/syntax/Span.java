package dev.ptxlint.syntax;

/**
 * A range of source text. Offsets count UTF-16 code units from the start of the input; lines are
 * 0-based; columns are 0-based and count UTF-16 code units from the start of the line (the unit
 * the Language Server Protocol uses by default). The end is exclusive.
 */
public record Span(long start, long end, int line, int column, int endLine, int endColumn) {

    public static final Span NONE = new Span(0, 0, 0, 0, 0, 0);

    /** The smallest span covering both. */
    public Span to(Span other) {
        if (other == null) {
            return this;
        }
        return new Span(start, other.end, line, column, other.endLine, other.endColumn);
    }

    public int length() {
        return (int) (end - start);
    }

    @Override
    public String toString() {
        return (line + 1) + ":" + (column + 1) + "-" + (endLine + 1) + ":" + (endColumn + 1);
    }
}
