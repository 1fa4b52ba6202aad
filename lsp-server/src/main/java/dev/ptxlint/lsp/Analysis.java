package dev.ptxlint.lsp;

import dev.ptxlint.checker.NameListener;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.diag.LineIndex;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * The names of the top-level item under the cursor, resolved: every declaration and use with its
 * symbol. Built on the lint thread from the document's {@link dev.ptxlint.checker.IncrementalLinter}.
 */
final class Analysis {

    /** One name in the item: a declaration or a use, and the symbol it resolves to (null: none). */
    record Ref(Token token, Symbol symbol, boolean declaration) {
    }

    final PtxLanguageServer.Snapshot snap;
    final Ast.TopLevel item;
    final List<Ref> refs;
    /** The cursor, in the linter's coordinates. */
    final long offset;

    private Analysis(PtxLanguageServer.Snapshot snap, Ast.TopLevel item, List<Ref> refs, long offset) {
        this.snap = snap;
        this.item = item;
        this.refs = refs;
        this.offset = offset;
    }

    /** The document offset of an LSP position, clamped. */
    static int docOffset(Document doc, PtxLanguageServer.Snapshot snap, Position p) {
        LineIndex lines;
        synchronized (doc) {
            lines = doc.version == snap.version() ? doc.lines : new LineIndex(snap.source());
        }
        if (p == null) {
            return 0;
        }
        return lines.offset(p.getLine(), p.getCharacter(), snap.source().length(), snap.source());
    }

    static Analysis at(Document doc, PtxLanguageServer.Snapshot snap, Position p) {
        long offset = docOffset(doc, snap, p);
        List<Ref> refs = new ArrayList<>();
        Ast.TopLevel item = doc.linter.analyze(offset, new NameListener() {
            @Override
            public void declared(Token name, Symbol symbol) {
                refs.add(new Ref(name, symbol, true));
            }

            @Override
            public void used(Token name, Symbol symbol) {
                refs.add(new Ref(name, symbol, false));
            }
        });
        return new Analysis(snap, item, refs, offset);
    }

    /** The name under the cursor (touching its start or end), or null. */
    Ref refAtCursor() {
        for (Ref r : refs) {
            Span s = r.token().span();
            if (s.start() <= offset && offset <= s.end()) {
                return r;
            }
        }
        return null;
    }

    /** Whether two symbols are the same declaration (a range register names one register of it). */
    static boolean same(Symbol a, Symbol b) {
        return a != null && b != null && a.declaration() != null && a.declaration().equals(b.declaration())
                && a.name().equals(b.name());
    }

    Range range(Span s) {
        return new Range(new Position(s.line(), s.column()),
                new Position(s.endLine(), s.endColumn()));
    }

    /** The innermost instruction whose span holds the cursor, or null. */
    Ast.Instruction instructionAtCursor() {
        if (item instanceof Ast.Function f && f.body() != null) {
            return find(f.body().statements());
        }
        return null;
    }

    private Ast.Instruction find(List<Ast.Statement> statements) {
        for (Ast.Statement s : statements) {
            if (s.span().start() <= offset && offset <= s.span().end()) {
                if (s instanceof Ast.Instruction i) {
                    return i;
                }
                if (s instanceof Ast.Block b) {
                    return find(b.statements());
                }
            }
        }
        return null;
    }

    /** The source line of a span's start in the document, without its line break. */
    String lineText(Span s) {
        dev.ptxlint.diag.ChunkedText t = snap.source();
        long docStart = s.start();
        if (docStart < 0 || docStart > t.length()) {
            return "";
        }
        int a = (int) docStart;
        while (a > 0 && t.charAt(a - 1) != '\n' && t.charAt(a - 1) != '\r') {
            a--;
        }
        int b = (int) docStart;
        while (b < t.length() && t.charAt(b) != '\n' && t.charAt(b) != '\r') {
            b++;
        }
        return t.substring(a, b);
    }
}
