package dev.ptxlint.lsp;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.TextRange;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DiagnosticCodeDescription;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;

/** The one place where the checker's model meets LSP types. */
final class Convert {
    private Convert() {
    }

    static Range range(TextRange r) {
        return new Range(new Position(r.startLine(), r.startColumn()), new Position(r.endLine(), r.endColumn()));
    }

    static DiagnosticSeverity severity(dev.ptxlint.diag.Severity s) {
        return switch (s) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case NOTE -> DiagnosticSeverity.Information;
        };
    }

    static org.eclipse.lsp4j.Diagnostic diagnostic(String uri, Diagnostic d) {
        org.eclipse.lsp4j.Diagnostic out = new org.eclipse.lsp4j.Diagnostic(range(d.range()), d.message(),
                severity(d.severity()), "ptxlint", d.code());
        out.setCodeDescription(new DiagnosticCodeDescription(d.rule().docsUrl()));
        if (!d.related().isEmpty()) {
            List<DiagnosticRelatedInformation> rel = new ArrayList<>();
            for (Diagnostic.Related r : d.related()) {
                rel.add(new DiagnosticRelatedInformation(new Location(uri, range(r.range())), r.message()));
            }
            out.setRelatedInformation(rel);
        }
        return out;
    }

    static List<TextEdit> edits(Fix fix) {
        List<TextEdit> out = new ArrayList<>();
        for (Fix.Edit e : fix.edits()) {
            out.add(new TextEdit(range(e.range()), e.newText()));
        }
        return out;
    }
}
