package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** Writes diagnostics in one output format. One small class per format. */
interface Renderer {

    /** The formats {@code --format} accepts, in the order the help lists them. */
    List<String> FORMATS = List.of("text", "json", "sarif", "github", "checkstyle");

    /**
     * The writer of one linted file's output. It is given the file's diagnostics one at a time,
     * sorted by position, possibly on a thread that lints the file while earlier files are still
     * being printed (docs/limits.md "Output"); what it writes goes to the file's own output, which
     * the command copies to {@link #target} in the order of the files.
     */
    FileRenderer file(Source source);

    /** Writes one file's output: its diagnostics, sorted by position, then its end. */
    default void file(Source source, List<Diagnostic> diagnostics, PrintStream out) {
        FileRenderer f = file(source);
        for (Diagnostic d : diagnostics) {
            f.diagnostic(d, out);
        }
        f.end(out);
    }

    /** What one file's output is written with. */
    interface FileRenderer {
        /** Writes one diagnostic of the file. */
        void diagnostic(Diagnostic d, PrintStream out);

        /** The file's diagnostics are complete (or it stopped early: what was written is closed). */
        default void end(PrintStream out) {
        }
    }

    /**
     * Where files' output goes: {@code diagnostics}, the stream of a file's diagnostics (standard
     * output, or standard error when the fixed text of standard input goes to standard output),
     * for the line formats; the document stream, where {@link #finish} writes, for formats whose
     * files are elements of one document.
     */
    default PrintStream target(PrintStream diagnostics, PrintStream document) {
        return diagnostics;
    }

    /**
     * Called on the output thread, in the order of the files, before the first byte of a file's
     * output is copied to {@code target}: a document format writes what comes before the file
     * (its start, a separator from the file before).
     */
    default void beginFile(PrintStream target) {
    }

    /** Called once after all files. */
    default void finish(Summary summary, PrintStream out) {
    }

    /** The renderer for a {@code --format} value, or null if there is none; {@code cwd} is absolute. */
    static Renderer forName(String format, Path cwd) {
        return switch (format) {
            case "text" -> new TextRenderer();
            case "json" -> new JsonRenderer();
            case "sarif" -> new SarifRenderer(cwd);
            case "github" -> new GithubRenderer(cwd);
            case "checkstyle" -> new CheckstyleRenderer();
            default -> null;
        };
    }

    /**
     * What the text formats append to a diagnostic with fixes: {@code " (fixable with --fix)"} when
     * one of its fixes is safe, {@code " (fixable with --unsafe-fixes)"} when all are unsafe, else "".
     */
    static String fixNote(Diagnostic d) {
        if (d.fixes().isEmpty()) {
            return "";
        }
        for (dev.ptxlint.diag.Fix f : d.fixes()) {
            if (f.safe()) {
                return " (fixable with --fix)";
            }
        }
        return " (fixable with --unsafe-fixes)";
    }

    /** Totals over a run. */
    record Summary(int files, int filesWithDiagnostics, int errors, int warnings, int notes, int ioErrors) {
    }

    /**
     * A linted input: {@code display} is the path as given on the command line (or the directory
     * argument joined with the found file), {@code path} the file, null for standard input.
     */
    record Source(String display, Path path) {

        boolean isStdin() {
            return path == null;
        }

        /**
         * The file's path relative to {@code cwd} with '/' separators, or null when it is standard
         * input or not under {@code cwd}.
         */
        String relativeTo(Path cwd) {
            if (path == null || cwd == null) {
                return null;
            }
            Path abs;
            try {
                abs = path.toAbsolutePath().normalize();
            } catch (RuntimeException e) {
                return null;
            }
            if (!abs.startsWith(cwd) || abs.equals(cwd)) {
                return null;
            }
            StringBuilder sb = new StringBuilder();
            for (Path name : cwd.relativize(abs)) {
                if (sb.length() > 0) {
                    sb.append('/');
                }
                sb.append(name);
            }
            return sb.toString();
        }

        /** An absolute {@code file:} URI of the file, or null for standard input. */
        String absoluteUri() {
            if (path == null) {
                return null;
            }
            try {
                return path.toAbsolutePath().normalize().toUri().toASCIIString();
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    /** Percent-encodes a relative '/'-separated path as a URI reference (RFC 3986). */
    static String relativeUri(String relative) {
        try {
            String s = new URI(null, null, relative, null).toASCIIString();
            // A ':' in the first segment would read as a scheme; "./" keeps it a relative path.
            int colon = s.indexOf(':');
            int slash = s.indexOf('/');
            if (colon >= 0 && (slash < 0 || colon < slash)) {
                s = "./" + s;
            }
            return s;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
