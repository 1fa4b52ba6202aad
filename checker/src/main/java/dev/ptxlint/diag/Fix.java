package dev.ptxlint.diag;

import java.util.List;

/**
 * A repair for a diagnostic: a title shown to the user, the text edits that apply it, and whether
 * it is safe.
 *
 * <p>A <em>safe</em> fix keeps the meaning the author evidently intended and what ptxas makes of
 * the file (a missing ';' at the end of a line, a duplicate modifier, a word ptxas ignores, a
 * suppression comment that suppresses nothing); {@code ptxlint --fix} applies it without asking.
 * An <em>unsafe</em> fix is a guess or changes what the code does (a "did you mean" spelling,
 * a raised {@code .version}, one of several alternatives, a simplification that trusts the
 * constant folder); it is applied only with {@code --unsafe-fixes}, and editors offer it as a
 * quick fix like any other.
 */
public record Fix(String title, List<Edit> edits, boolean safe) {

    /** Replace {@code range} with {@code newText} (an insertion when the range is empty). */
    public record Edit(TextRange range, String newText) {
    }

    public Fix {
        edits = List.copyOf(edits);
    }

    /** An unsafe fix. */
    public Fix(String title, List<Edit> edits) {
        this(title, edits, false);
    }

    /** A safe fix of one edit: applied by {@code --fix}. */
    public static Fix safe(String title, TextRange range, String newText) {
        return new Fix(title, List.of(new Edit(range, newText)), true);
    }

    /** An unsafe fix of one edit: applied only with {@code --unsafe-fixes}. */
    public static Fix unsafe(String title, TextRange range, String newText) {
        return new Fix(title, List.of(new Edit(range, newText)), false);
    }

    /** An unsafe fix of one edit (the cautious default; say {@link #safe} where the fix is safe). */
    public static Fix replace(String title, TextRange range, String newText) {
        return unsafe(title, range, newText);
    }

    /** The same fix, with its edits replaced (for example moved to other offsets). */
    public Fix withEdits(List<Edit> newEdits) {
        return new Fix(title, newEdits, safe);
    }
}
