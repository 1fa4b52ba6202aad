package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.diag.TextRange;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/** Go to definition, references (registers and labels, within their function) and the outline. */
final class Navigation {
    private Navigation() {
    }

    static List<Location> definition(Document doc, PtxLanguageServer.Snapshot snap, Position p) {
        Analysis a = Analysis.at(doc, snap, p);
        Analysis.Ref r = a.refAtCursor();
        if (r == null || r.symbol() == null || r.symbol().declaration() == null) {
            return List.of();
        }
        return List.of(new Location(doc.uri, a.range(r.symbol().declaration())));
    }

    static List<Location> references(Document doc, PtxLanguageServer.Snapshot snap, Position p, boolean withDecl) {
        Analysis a = Analysis.at(doc, snap, p);
        Analysis.Ref target = a.refAtCursor();
        if (target == null || target.symbol() == null) {
            return List.of();
        }
        Symbol s = target.symbol();
        List<Location> out = new ArrayList<>();
        if (withDecl && s.declaration() != null) {
            out.add(new Location(doc.uri, a.range(s.declaration())));
        }
        for (Analysis.Ref r : a.refs) {
            if (!r.declaration() && Analysis.same(r.symbol(), s)) {
                out.add(new Location(doc.uri, a.range(r.token().span())));
            }
        }
        return out;
    }

    static List<Either<SymbolInformation, DocumentSymbol>> symbols(Document doc, PtxLanguageServer.Snapshot snap) {
        List<Either<SymbolInformation, DocumentSymbol>> out = new ArrayList<>();
        for (IncrementalLinter.TopItem it : doc.linter.outline()) {
            Range whole = range(snap, it.range());
            switch (it.kind()) {
                case ENTRY, FUNCTION -> {
                    if (it.names().isEmpty()) {
                        continue;
                    }
                    var name = it.names().get(0);
                    DocumentSymbol s = new DocumentSymbol(name.name(), SymbolKind.Function, whole,
                            range(snap, name.range()), it.kind() == IncrementalLinter.ItemKind.ENTRY ? ".entry" : ".func");
                    List<DocumentSymbol> labels = new ArrayList<>();
                    for (var l : it.labels()) {
                        Range lr = range(snap, l.range());
                        labels.add(new DocumentSymbol(l.name(), SymbolKind.Key, lr, lr, "label"));
                    }
                    s.setChildren(labels);
                    out.add(Either.forRight(s));
                }
                case VARIABLE -> {
                    for (var n : it.names()) {
                        out.add(Either.forRight(new DocumentSymbol(n.name(), SymbolKind.Variable, whole,
                                range(snap, n.range()), "module variable")));
                    }
                }
                default -> {
                }
            }
        }
        return out;
    }

    static Range range(PtxLanguageServer.Snapshot snap, TextRange r) {
        return Convert.range(r);
    }
}
