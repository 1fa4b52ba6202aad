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
     * Called once per linted file, with that file's diagnostics sorted by position. What a
     * renderer writes for one file is written in one piece, so a file's lines stay together.
     */
    void file(Source source, List<Diagnostic> diagnostics, PrintStream out);

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
