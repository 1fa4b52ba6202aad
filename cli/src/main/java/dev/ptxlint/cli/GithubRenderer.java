package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.TextRange;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * GitHub Actions workflow commands, which the runner turns into annotations on the pull request:
 * {@code ::error file=PATH,line=L,col=C,endLine=L,endColumn=C,title=PTXnnnn::MESSAGE}, with
 * {@code warning} and {@code notice} for the other severities. Files under the working directory
 * (the checkout, in a workflow) are given relative to it, as GitHub expects. {@code endColumn} is
 * the last column of the range (inclusive), and columns are only given for one-line ranges.
 * Related places are appended to the message, one per line; a fix is noted after the message
 * ({@code (fixable with --fix)}, or {@code --unsafe-fixes}).
 */
final class GithubRenderer implements Renderer {
    private final Path cwd;

    GithubRenderer(Path cwd) {
        this.cwd = cwd;
    }

    @Override
    public FileRenderer file(Source source) {
        String relative = source.relativeTo(cwd);
        String file = relative != null ? relative : source.display();
        StringBuilder sb = new StringBuilder();
        return (d, out) -> {
            TextRange r = d.range();
            sb.setLength(0);
            sb.append("::").append(command(d)).append(" file=").append(escapeProperty(file))
                    .append(",line=").append(r.startLine() + 1);
            if (r.startLine() == r.endLine()) {
                int col = r.startColumn() + 1;
                sb.append(",col=").append(col);
                sb.append(",endLine=").append(r.endLine() + 1);
                sb.append(",endColumn=").append(Math.max(col, r.endColumn()));
            } else {
                sb.append(",endLine=").append(r.endLine() + 1);
            }
            sb.append(",title=").append(escapeProperty(d.code())).append("::");
            StringBuilder message = new StringBuilder(d.message()).append(Renderer.fixNote(d));
            for (Diagnostic.Related rel : d.related()) {
                message.append('\n').append(file).append(':').append(rel.range().startLine() + 1).append(':')
                        .append(rel.range().startColumn() + 1).append(": note: ").append(rel.message());
            }
            sb.append(escapeData(message.toString()));
            out.println(sb);
        };
    }

    private static String command(Diagnostic d) {
        return switch (d.severity()) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case NOTE -> "notice";
        };
    }

    /** Escapes the message of a workflow command (as @actions/core's escapeData does). */
    static String escapeData(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** Escapes a property value of a workflow command (as @actions/core's escapeProperty does). */
    static String escapeProperty(String s) {
        return escapeData(s).replace(":", "%3A").replace(",", "%2C");
    }
}
