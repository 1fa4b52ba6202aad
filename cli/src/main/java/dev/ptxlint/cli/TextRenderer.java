package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import java.io.PrintStream;

/**
 * GCC-style lines that editors and CI systems parse:
 * {@code PATH:LINE:COL: error|warning|note: MESSAGE [PTXnnnn]}, followed by
 * {@code (fixable with --fix)} or {@code (fixable with --unsafe-fixes)} when the diagnostic has a
 * fix. Lines and columns are 1-based;
 * columns count UTF-16 code units.
 */
final class TextRenderer implements Renderer {
    @Override
    public FileRenderer file(Source source) {
        String path = source.display();
        StringBuilder sb = new StringBuilder();
        // a class, not a lambda: no invokedynamic on a small run's path (start-up, docs/performance.md)
        return new FileRenderer() {
            @Override
            public void diagnostic(Diagnostic d, java.io.PrintStream out) {
                sb.setLength(0);
                sb.append(path).append(':').append(d.range().startLine() + 1).append(':')
                        .append(d.range().startColumn() + 1).append(": ").append(d.severity().label()).append(": ")
                        .append(d.message()).append(" [").append(d.code()).append(']').append(Renderer.fixNote(d));
                out.println(sb);
                for (Diagnostic.Related r : d.related()) {
                    out.println(path + ":" + (r.range().startLine() + 1) + ":" + (r.range().startColumn() + 1)
                            + ": note: " + r.message());
                }
            }
        };
    }
}
