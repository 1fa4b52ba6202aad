package dev.ptxlint.diag;

import java.util.List;

/** A repair for a diagnostic: a title shown to the user and the text edits that apply it. */
public record Fix(String title, List<Edit> edits) {

    /** Replace {@code range} with {@code newText} (an insertion when the range is empty). */
    public record Edit(TextRange range, String newText) {
    }

    public static Fix replace(String title, TextRange range, String newText) {
        return new Fix(title, List.of(new Edit(range, newText)));
    }
}
