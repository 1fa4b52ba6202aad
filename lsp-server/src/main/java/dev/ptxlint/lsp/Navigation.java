package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.NameListener;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Go to definition, references (registers and labels within their function; module variables and
 * functions across the document) and the outline.
 */
final class Navigation {
    private Navigation() {
    }

    static List<Location> definition(Document doc, PtxLanguageServer.Snapshot snap, Position p) {
        Analysis a = Analysis.at(doc, snap, p);
        Analysis.Ref r = a.refAtCursor();
        if (r == null || r.symbol() == null || r.symbol().declaration() == null) {
            return List.of();
        }
        Symbol s = r.symbol();
        if (s.kind() == Symbol.Kind.FUNCTION) {
            // a call's target resolves to the first declaration (often a prototype): go to the body
            for (Ast.TopLevel top : doc.linter.analyzeMentioning(s.name(), new NameListener() { })) {
                if (top instanceof Ast.Function f && f.body() != null && f.name() != null
                        && f.name().text().equals(s.name())) {
                    return List.of(new Location(doc.uri, a.range(f.name().span())));
                }
            }
        }
        return List.of(new Location(doc.uri, a.range(s.declaration())));
    }

    static List<Location> references(Document doc, PtxLanguageServer.Snapshot snap, Position p, boolean withDecl) {
        Analysis a = Analysis.at(doc, snap, p);
        Analysis.Ref target = a.refAtCursor();
        if (target == null || target.symbol() == null) {
            return List.of();
        }
        Symbol s = target.symbol();
        if (moduleScope(doc, s)) {
            return moduleReferences(doc, a, s, withDecl);
        }
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

    /** Whether {@code s} is a function or a variable declared at module scope. */
    static boolean moduleScope(Document doc, Symbol s) {
        if (s.kind() == Symbol.Kind.FUNCTION) {
            return true;
        }
        if (s.kind() != Symbol.Kind.VARIABLE || s.declaration() == null) {
            return false;
        }
        long at = s.declaration().start();
        for (IncrementalLinter.TopItem it : doc.linter.outline()) {
            if (it.range().startOffset() <= at && at < it.range().endOffset()) {
                return it.kind() == IncrementalLinter.ItemKind.VARIABLE;
            }
        }
        return false;
    }

    /**
     * Every declaration (with {@code withDecl}) and use of a module variable or function in the
     * whole document, in source order. A use resolves as ptxas resolves it, so a function-local
     * declaration of the same name shadows the module one and its uses are not listed.
     */
    private static List<Location> moduleReferences(Document doc, Analysis a, Symbol s, boolean withDecl) {
        List<Analysis.Ref> all = new ArrayList<>();
        doc.linter.analyzeMentioning(s.name(), new NameListener() {
            @Override
            public void declared(Token name, Symbol symbol) {
                all.add(new Analysis.Ref(name, symbol, true));
            }

            @Override
            public void used(Token name, Symbol symbol) {
                all.add(new Analysis.Ref(name, symbol, false));
            }
        });
        Set<Span> seen = new HashSet<>();
        List<Location> out = new ArrayList<>();
        for (Analysis.Ref r : all) {
            Symbol t = r.symbol();
            boolean match = s.kind() == Symbol.Kind.FUNCTION
                    ? t != null && t.kind() == Symbol.Kind.FUNCTION && t.name().equals(s.name())
                    : Analysis.same(t, s);
            if (match && (withDecl || !r.declaration()) && seen.add(r.token().span())) {
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
