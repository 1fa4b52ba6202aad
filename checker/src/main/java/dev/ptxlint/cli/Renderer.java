package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import java.io.PrintStream;
import java.util.List;

/** Writes diagnostics in one output format. One small class per format. */
interface Renderer {

    /** Called once per linted file, with that file's diagnostics sorted by position. */
    void file(String path, List<Diagnostic> diagnostics, PrintStream out);

    /** Called once after all files. */
    default void finish(Summary summary, PrintStream out) {
    }

    static Renderer forName(String format) {
        return switch (format) {
            case "text" -> new TextRenderer();
            case "json" -> new JsonRenderer();
            default -> null;
        };
    }

    /** Totals over a run. */
    record Summary(int files, int filesWithDiagnostics, int errors, int warnings, int notes, int ioErrors) {
    }
}
