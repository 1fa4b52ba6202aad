package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import java.io.PrintStream;

/**
 * Checkstyle XML, which many CI tools and review bots read (Jenkins warnings-ng, reviewdog,
 * GitLab converters): {@code <checkstyle><file name><error line column severity message
 * source/>}. Written as the run goes: the document's start before the first file, each file's
 * element as its diagnostics come, the end when the run ends; the bytes are those a StAX writer
 * gives for the whole document (CliStreamingTest compares them). Severities are {@code error},
 * {@code warning} and {@code info} (Checkstyle's word for a note); {@code source} is the rule
 * code; a fix is noted at the end of the message ({@code (fixable with --fix)}, or
 * {@code --unsafe-fixes}). Characters that XML 1.0 cannot carry become U+FFFD.
 */
final class CheckstyleRenderer implements Renderer {
    private boolean started;

    @Override
    public FileRenderer file(Source source) {
        return new FileRenderer() {
            private boolean open;
            private boolean any;
            private final StringBuilder sb = new StringBuilder();

            private void open(PrintStream out) {
                if (!open) {
                    open = true;
                    out.print("\n  <file name=\"" + escape(xmlSafe(source.display())) + "\">");
                }
            }

            @Override
            public void diagnostic(Diagnostic d, PrintStream out) {
                open(out);
                any = true;
                sb.setLength(0);
                sb.append("\n    <error line=\"").append(d.range().startLine() + 1).append("\" column=\"")
                        .append(d.range().startColumn() + 1).append("\" severity=\"").append(switch (d.severity()) {
                            case ERROR -> "error";
                            case WARNING -> "warning";
                            case NOTE -> "info";
                        }).append("\" message=\"").append(escape(xmlSafe(d.message() + Renderer.fixNote(d))))
                        .append("\" source=\"").append(escape(d.code())).append("\"/>");
                out.print(sb);
            }

            @Override
            public void end(PrintStream out) {
                open(out);
                out.print(any ? "\n  </file>" : "</file>");
            }
        };
    }

    @Override
    public PrintStream target(PrintStream diagnostics, PrintStream document) {
        return document;
    }

    @Override
    public void beginFile(PrintStream out) {
        start(out);
    }

    private void start(PrintStream out) {
        if (!started) {
            started = true;
            out.print("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">");
        }
    }

    @Override
    public void finish(Summary summary, PrintStream out) {
        start(out);
        out.print("\n</checkstyle>");
        out.println();
    }

    /** Escapes an attribute value as the JDK's StAX writer does: {@code < > & "}. */
    static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String e = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                default -> null;
            };
            if (e != null && sb == null) {
                sb = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (sb != null) {
                if (e != null) {
                    sb.append(e);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** Replaces what XML 1.0 cannot represent (control characters, lone surrogates) with U+FFFD. */
    static String xmlSafe(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok;
            if (Character.isHighSurrogate(c)) {
                ok = i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
                if (ok) {
                    if (sb != null) {
                        sb.append(c).append(s.charAt(i + 1));
                    }
                    i++;
                    continue;
                }
            } else if (Character.isLowSurrogate(c)) {
                ok = false;
            } else {
                ok = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
            }
            if (!ok && sb == null) {
                sb = new StringBuilder(s.length()).append(s, 0, i);
            }
            if (sb != null) {
                sb.append(ok ? c : '\uFFFD');
            }
        }
        return sb == null ? s : sb.toString();
    }
}
