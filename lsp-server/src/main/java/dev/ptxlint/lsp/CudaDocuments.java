package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.cuda.CudaLinter;
import dev.ptxlint.diag.TextRange;
import java.util.List;
import java.util.Locale;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * CUDA C++ documents: diagnostics, hover and completion inside the string literals of asm
 * statements, nothing elsewhere (clangd serves the C++). Hover and completion run on the PTX
 * module of the statement under the cursor ({@link CudaLinter#virtualAt}) and map their ranges
 * back into the literals.
 */
final class CudaDocuments {
    private CudaDocuments() {
    }

    /** Whether a document is CUDA C++: its language id ({@code cuda-cpp}, {@code cuda}) or its name. */
    static boolean isCuda(String languageId, String uri) {
        if (languageId != null) {
            String l = languageId.toLowerCase(Locale.ROOT);
            if (l.equals("cuda-cpp") || l.equals("cuda") || l.equals("cuda-c++")) {
                return true;
            }
            if (l.equals("ptx")) {
                return false;
            }
        }
        String u = uri == null ? "" : uri.toLowerCase(Locale.ROOT);
        return u.endsWith(".cu") || u.endsWith(".cuh");
    }

    /** The statement's PTX module as a document of its own, linted, with the cursor's place in it. */
    private record View(CudaLinter.Virtual virtual, Document doc, PtxLanguageServer.Snapshot snap, Position at) {
    }

    private static View view(Document doc, PtxLanguageServer.Snapshot snap, Position p, LintSettings settings) {
        String text = snap.text();
        int offset = doc.lines.offset(p.getLine(), p.getCharacter(), text.length(), text);
        CudaLinter.Virtual v = new CudaLinter(settings).virtualAt(text, offset);
        if (v == null) {
            return null;
        }
        Document d = new Document("ptxlint-asm:" + doc.uri, v.ptx(), 0);
        d.linter = new IncrementalLinter(settings);
        d.linter.lint(v.ptx());
        int line = d.lines.line(v.ptxOffset());
        Position at = new Position(line, v.ptxOffset() - d.lines.lineStart(line));
        return new View(v, d, new PtxLanguageServer.Snapshot(v.ptx(), 0), at);
    }

    /** A PTX range of the view in the CUDA document, or null when it is on a line ptxlint added. */
    private static Range back(View v, Range r) {
        if (r == null) {
            return null;
        }
        String t = v.virtual().ptx();
        int from = v.doc().lines.offset(r.getStart().getLine(), r.getStart().getCharacter(), t.length(), t);
        int to = v.doc().lines.offset(r.getEnd().getLine(), r.getEnd().getCharacter(), t.length(), t);
        TextRange s = v.virtual().sourceRange(from, to);
        return s == null ? null : new Range(new Position(s.startLine(), s.startColumn()),
                new Position(s.endLine(), s.endColumn()));
    }

    static Hover hover(Document doc, PtxLanguageServer.Snapshot snap, Position p, LintSettings settings) {
        View v = view(doc, snap, p, settings);
        if (v == null) {
            return null;
        }
        Hover h = Hovers.hover(v.doc(), v.snap(), v.at());
        if (h == null || !h.getContents().isRight()) {
            return h;
        }
        MarkupContent c = h.getContents().getRight();
        Hover out = new Hover(new MarkupContent(c.getKind(), v.virtual().rename(c.getValue())));
        out.setRange(back(v, h.getRange()));
        return out;
    }

    static CompletionList complete(Document doc, PtxLanguageServer.Snapshot snap, Position p, LintSettings settings) {
        View v = view(doc, snap, p, settings);
        if (v == null) {
            return new CompletionList(false, List.of());
        }
        CompletionList list = Completions.complete(v.doc(), v.snap(), v.at());
        for (CompletionItem item : list.getItems()) {
            Either<TextEdit, org.eclipse.lsp4j.InsertReplaceEdit> e = item.getTextEdit();
            if (e != null && e.isLeft()) {
                Range r = back(v, e.getLeft().getRange());
                if (r == null) {
                    item.setTextEdit(null);
                } else {
                    e.getLeft().setRange(r);
                }
            }
            // operand registers are written %N in the template; PTX names need '%%' there only with operands
            item.setLabel(v.virtual().rename(item.getLabel()));
            if (e != null && e.isLeft()) {
                e.getLeft().setNewText(v.virtual().rename(e.getLeft().getNewText()));
            }
        }
        return list;
    }
}
