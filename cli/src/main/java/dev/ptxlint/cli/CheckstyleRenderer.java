package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Checkstyle XML, which many CI tools and review bots read (Jenkins warnings-ng, reviewdog,
 * GitLab converters): {@code <checkstyle><file name><error line column severity message
 * source/>}. Written with StAX when the run ends. Severities are {@code error},
 * {@code warning} and {@code info} (Checkstyle's word for a note); {@code source} is the rule
 * code; a fix is noted at the end of the message ({@code (fixable with --fix)}, or
 * {@code --unsafe-fixes}). Characters that XML 1.0 cannot carry become U+FFFD.
 */
final class CheckstyleRenderer implements Renderer {
    private record Entry(String path, List<Diagnostic> diagnostics) {
    }

    private final List<Entry> files = new ArrayList<>();

    @Override
    public void file(Source source, List<Diagnostic> diagnostics, PrintStream out) {
        files.add(new Entry(source.display(), List.copyOf(diagnostics)));
    }

    @Override
    public void finish(Summary summary, PrintStream out) {
        try {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeCharacters("\n");
            w.writeStartElement("checkstyle");
            w.writeAttribute("version", "4.3");
            for (Entry f : files) {
                w.writeCharacters("\n  ");
                w.writeStartElement("file");
                w.writeAttribute("name", xmlSafe(f.path()));
                for (Diagnostic d : f.diagnostics()) {
                    w.writeCharacters("\n    ");
                    w.writeEmptyElement("error");
                    w.writeAttribute("line", Integer.toString(d.range().startLine() + 1));
                    w.writeAttribute("column", Integer.toString(d.range().startColumn() + 1));
                    w.writeAttribute("severity", switch (d.severity()) {
                        case ERROR -> "error";
                        case WARNING -> "warning";
                        case NOTE -> "info";
                    });
                    w.writeAttribute("message", xmlSafe(d.message() + Renderer.fixNote(d)));
                    w.writeAttribute("source", d.code());
                }
                if (!f.diagnostics().isEmpty()) {
                    w.writeCharacters("\n  ");
                }
                w.writeEndElement();
            }
            w.writeCharacters("\n");
            w.writeEndElement();
            w.writeEndDocument();
            w.flush();
            w.close();
            out.println();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write checkstyle XML: " + e.getMessage(), e);
        }
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
