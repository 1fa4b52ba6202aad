package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.diag.Diagnostic;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * One open document. Fields are guarded by the document's monitor; the linter and the
 * {@code linted*} fields belong to the lint thread.
 */
final class Document {
    final String uri;
    String text;
    int version;
    LineIndex lines;
    boolean open = true;

    /** Unchanged prefix and suffix lengths since the text the linter saw last (-1: lint from scratch). */
    int cleanPrefix = -1;
    int cleanSuffix = -1;
    ScheduledFuture<?> pending;
    /** Scratch space for edits, shared by all documents (sized to the largest edited one). */
    private static char[] buffer;

    /**
     * {@code text} with {@code [from, to)} replaced: one bulk copy into the shared buffer and one
     * new String, so a 20 MB document makes 20 MB of garbage per edit rather than 40 (substrings
     * and concatenation), which keeps GC pauses shorter.
     */
    static synchronized String splice(String text, int from, int to, String inserted) {
        int oldLen = text.length();
        int newLen = oldLen - (to - from) + inserted.length();
        if (buffer == null || buffer.length < newLen) {
            buffer = new char[newLen + newLen / 8];
        }
        text.getChars(0, from, buffer, 0);
        inserted.getChars(0, inserted.length(), buffer, from);
        text.getChars(to, oldLen, buffer, from + inserted.length());
        String out = new String(buffer, 0, newLen);
        if (buffer.length > (1 << 20) && buffer.length > 4 * newLen) {
            buffer = null; // do not keep a huge buffer for small documents
        }
        return out;
    }

    // --- lint thread only
    IncrementalLinter linter = new IncrementalLinter();
    /** The settings of the project's {@code .ptxlintrc} (null: not looked up yet). */
    LintSettings project;
    /** The result for {@link #resultVersion}, in document coordinates; null before the first lint. */
    volatile List<Diagnostic> result;
    volatile int resultVersion = Integer.MIN_VALUE;

    Document(String uri, String text, int version) {
        this.uri = uri;
        this.text = text;
        this.version = version;
        this.lines = new LineIndex(text);
    }

    /** Records that {@code [from, to)} of the text was replaced by {@code inserted}. */
    synchronized void edit(int from, int to, String inserted, int newVersion) {
        int oldLen = text.length();
        text = splice(text, from, to, inserted);
        lines.replace(text, from, to, inserted.length());
        if (cleanPrefix >= 0) {
            cleanPrefix = Math.min(cleanPrefix, from);
            cleanSuffix = Math.min(cleanSuffix, oldLen - to);
        }
        version = newVersion;
    }

    synchronized void replaceAll(String newText, int newVersion) {
        text = newText;
        lines = new LineIndex(newText);
        cleanPrefix = -1;
        cleanSuffix = -1;
        version = newVersion;
    }
}
