package dev.ptxlint.lsp;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Quick fixes: one action per {@link Fix} of a diagnostic, and a
 * {@code // ptxlint-disable-next-line CODE} action for every diagnostic. The diagnostics the
 * client sends in the context are matched to the server's by code, range and message; each
 * action carries the client's diagnostic object so the client can tie them together.
 */
final class CodeActions {
    private CodeActions() {
    }

    static List<Either<Command, CodeAction>> actions(Document doc, PtxLanguageServer.Snapshot snap, CodeActionParams params) {
        List<Either<Command, CodeAction>> out = new ArrayList<>();
        List<Diagnostic> ours = doc.result;
        if (ours == null || params.getRange() == null) {
            return out;
        }
        List<org.eclipse.lsp4j.Diagnostic> theirs = params.getContext() == null ? null : params.getContext().getDiagnostics();
        List<Object[]> pairs = new ArrayList<>();
        if (theirs != null && !theirs.isEmpty()) {
            for (org.eclipse.lsp4j.Diagnostic c : theirs) {
                for (Diagnostic d : ours) {
                    if (matches(doc.uri, d, c)) {
                        pairs.add(new Object[] {d, c});
                        break;
                    }
                }
            }
        } else {
            for (Diagnostic d : ours) {
                if (overlaps(Convert.range(d.range()), params.getRange())) {
                    pairs.add(new Object[] {d, Convert.diagnostic(doc.uri, d)});
                }
            }
        }
        List<String> only = params.getContext() == null ? null : params.getContext().getOnly();
        if (only != null && !only.isEmpty() && only.stream().noneMatch(k -> k.equals(CodeActionKind.QuickFix)
                || CodeActionKind.QuickFix.startsWith(k + "."))) {
            return out;
        }
        for (Object[] pair : pairs) {
            Diagnostic d = (Diagnostic) pair[0];
            org.eclipse.lsp4j.Diagnostic c = (org.eclipse.lsp4j.Diagnostic) pair[1];
            // CUDA documents: only the suppression comment (a C++ comment line, which CUDA
            // sources honour before or between an asm statement's literals); a fix's edit is PTX
            // text, which inside a C++ string literal would need escaping
            for (Fix f : doc.cuda ? List.<Fix>of() : d.fixes()) {
                CodeAction a = new CodeAction(f.title());
                a.setKind(CodeActionKind.QuickFix);
                a.setDiagnostics(List.of(c));
                a.setEdit(new WorkspaceEdit(Map.of(doc.uri, Convert.edits(f))));
                // Preferred (what an editor's "auto fix" applies): the fix 'ptxlint --fix' applies,
                // a diagnostic's only safe fix; guesses and alternatives are offered, not preferred.
                a.setIsPreferred(f.safe() && d.fixes().stream().filter(Fix::safe).count() == 1);
                out.add(Either.forRight(a));
            }
            out.add(Either.forRight(disable(doc, snap, d, c)));
        }
        return out;
    }

    private static CodeAction disable(Document doc, PtxLanguageServer.Snapshot snap, Diagnostic d,
                                      org.eclipse.lsp4j.Diagnostic c) {
        dev.ptxlint.diag.ChunkedText text = snap.source();
        int lineStart = (int) Math.max(0, Math.min(text.length(), d.range().startOffset() - d.range().startColumn()));
        int i = lineStart;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        String indent = text.substring(lineStart, i);
        String insert = indent + "// " + "ptxlint-disable-next-line " + d.code() + "\n";
        Position at = new Position(d.range().startLine(), 0);
        CodeAction a = new CodeAction("Disable " + d.code() + " for this line");
        a.setKind(CodeActionKind.QuickFix);
        a.setDiagnostics(List.of(c));
        a.setEdit(new WorkspaceEdit(Map.of(doc.uri, List.of(new TextEdit(new Range(at, at), insert)))));
        return a;
    }

    private static boolean matches(String uri, Diagnostic d, org.eclipse.lsp4j.Diagnostic c) {
        if (c == null || c.getRange() == null) {
            return false;
        }
        Object code = c.getCode() == null ? null : c.getCode().get();
        return Objects.equals(String.valueOf(code), d.code()) && Convert.range(d.range()).equals(c.getRange())
                && (c.getMessage() == null || Objects.equals(c.getMessage().getLeft(), d.message()));
    }

    private static boolean overlaps(Range a, Range b) {
        return compare(a.getStart(), b.getEnd()) <= 0 && compare(b.getStart(), a.getEnd()) <= 0;
    }

    private static int compare(Position x, Position y) {
        return x.getLine() != y.getLine() ? Integer.compare(x.getLine(), y.getLine())
                : Integer.compare(x.getCharacter(), y.getCharacter());
    }
}
