package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.diag.ChunkedText;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.LineIndex;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * One open document. Fields are guarded by the document's monitor; the linter and the
 * {@code linted*} fields belong to the lint thread.
 */
final class Document {
    final String uri;
    /** The text: chunks shared from version to version, so an edit copies no more than a chunk. */
    ChunkedText text;
    int version;
    LineIndex lines;
    boolean open = true;
    /** A CUDA C++ document: only its asm statements are linted ({@link CudaDocuments}). */
    boolean cuda;

    /** Unchanged prefix and suffix lengths since the text the linter saw last (-1: lint from scratch). */
    int cleanPrefix = -1;
    int cleanSuffix = -1;
    ScheduledFuture<?> pending;

    // --- lint thread only
    IncrementalLinter linter = new IncrementalLinter();
    /** The settings of the project's {@code .ptxlintrc} (null: not looked up yet). */
    LintSettings project;
    /** The result for {@link #resultVersion}, in document coordinates; null before the first lint. */
    volatile List<Diagnostic> result;
    volatile int resultVersion = Integer.MIN_VALUE;
    /** Names {@link #result} for pull diagnostics: changes with every lint that stores a result. */
    volatile String resultId = "";

    Document(String uri, CharSequence text, int version) {
        this.uri = uri;
        this.text = ChunkedText.of(text);
        this.version = version;
        this.lines = new LineIndex(text);
    }

    /** Records that {@code [from, to)} of the text was replaced by {@code inserted}. */
    synchronized void edit(int from, int to, String inserted, int newVersion) {
        int oldLen = text.length();
        // A new text sharing every chunk but the edited ones: no copy of the whole text, whose
        // 40 MB of garbage per edit of a 20 MB document made the collections that were the p99 of
        // an edit (docs/performance.md "The language server").
        text = text.replace(from, to, inserted);
        lines.replace(text, from, to, inserted.length());
        if (cleanPrefix >= 0) {
            cleanPrefix = Math.min(cleanPrefix, from);
            cleanSuffix = Math.min(cleanSuffix, oldLen - to);
        }
        version = newVersion;
    }

    synchronized void replaceAll(String newText, int newVersion) {
        text = ChunkedText.of(newText);
        lines = new LineIndex(newText);
        cleanPrefix = -1;
        cleanSuffix = -1;
        version = newVersion;
    }
}
