package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Ast.VarDecl;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The declarations of each function of a module against each other and against the end of the
 * module, as ptxas 13.0 checks them (measured: scripts/ptxas-diff/calls/probe_prototypes.py,
 * testdata/ptxas/prototypes.tsv.gz, docs/ptxas-behaviour.md §22):
 *
 * <ul>
 * <li>PTX0130: a prototype ({@code .func f(...);}, {@code .visible}, {@code .weak}, an {@code .entry}
 * too) that no definition in the module follows: "Unresolved extern function 'f'", fatal with and
 * without {@code -c}, whether or not the function is used. An {@code .extern} prototype is the
 * declaration of another module's function (ptxas {@code -c} accepts it called), and a name that an
 * {@code .alias} defines is defined.</li>
 * <li>PTX0131: a later declaration of the same name that ptxas refuses: any declaration after the
 * definition ("Duplicate definition of function", two bodies stay PTX0103); a definition after an
 * {@code .extern} prototype ("Function definition conflicts with '.extern' declaration"); an
 * {@code .extern} after a prototype without it, or a linkage other than none or the first
 * declaration's ("Inconsistent redefinition of variable"); another kind ({@code .func} against
 * {@code .entry}); parameters or return parameters that differ in number, state space, type, array
 * size or alignment (the declared {@code .align} or the element size; "Inconsistent prototypes of
 * 'f'"), or {@code .noreturn} on one only. Parameter names may differ.</li>
 * </ul>
 *
 * <p>Only the reading thread's resolver has one (module level). At most {@link #MAX_FUNCTIONS}
 * names are kept, so that memory stays bounded on generated modules; later names are not checked.
 */
final class FunctionDeclarations {

    /** The most function names whose first declaration is kept (docs/limits.md). */
    static final int MAX_FUNCTIONS = 16_384;

    /** What is kept of the first declaration of a name. */
    private record First(Token name, String linkage, boolean entry, boolean noreturn, String[] returns,
                         String[] params) {
    }

    private final Map<String, First> first = new HashMap<>();
    /** The names with a body (or an .alias) so far. */
    private final Set<String> defined = new HashSet<>();
    /** The first non-.extern prototype of each name, in order, until a definition follows. */
    private final List<Token> prototypes = new ArrayList<>();
    /** Every prototype before this index has been defined (for {@link #lowestLate}). */
    private int settledPrototypes;
    /** Input skipped by error recovery (perhaps a definition): no unresolved prototype is reported. */
    private boolean skipped;

    /** A declaration or definition of {@code f}, in module order. */
    void declare(Function f, boolean hasBody, Reporter out) {
        if (f.name() == null || f.linkage().size() > 1
                || !f.linkage().isEmpty() && f.linkage().get(0).text().equals(".common")) {
            return; // a linkage ptxas refuses (PTX0123): not a declaration to compare with
        }
        String n = f.name().text();
        First p = first.get(n);
        String linkage = linkage(f);
        if (p == null) {
            if (first.size() >= MAX_FUNCTIONS) {
                return;
            }
            first.put(n, new First(f.name(), linkage, f.isEntry(), noreturn(f), keys(f.isEntry() ? null : f.returns()),
                    keys(f.params())));
            if (hasBody) {
                defined.add(n);
            } else if (!linkage.equals(".extern")) {
                prototypes.add(f.name());
            }
            return;
        }
        String problem = null;
        if (defined.contains(n)) {
            if (!hasBody) { // two bodies: PTX0103 (NameResolver)
                problem = "'" + n + "' is already defined above, and ptxas takes no declaration after the definition"
                        + " ('Duplicate definition of function'): remove this one or move it before the definition";
            }
        } else if (p.linkage().equals(".extern")) {
            if (hasBody && !linkage.equals(".extern")) { // an .extern with a body is PTX0123
                problem = "'" + n + "' is declared .extern above (defined in another module), so this module cannot"
                        + " define it: remove the .extern declaration, or this definition";
            } else if (!linkage.equals(".extern")) {
                problem = "'" + n + "' is declared .extern above; every declaration of it must be .extern";
            }
        } else if (linkage.equals(".extern")) {
            problem = "'" + n + "' is declared " + (p.linkage().isEmpty() ? "without .extern" : p.linkage())
                    + " above, so it is a function of this module and cannot be .extern here: remove the .extern";
        } else if (!linkage.isEmpty() && !linkage.equals(p.linkage())) {
            problem = "'" + n + "' is declared " + (p.linkage().isEmpty() ? "without linkage" : p.linkage())
                    + " above, and " + linkage + " here; a later declaration repeats the first one's linkage or has"
                    + " none (write " + (p.linkage().isEmpty() ? "the linkage on the first declaration" : p.linkage()
                    + " or nothing") + ")";
        } else if (p.entry() != f.isEntry()) {
            problem = "'" + n + "' is declared " + (p.entry() ? ".entry" : ".func") + " above and "
                    + (f.isEntry() ? ".entry" : ".func") + " here; declare it the same way";
        } else {
            String why = mismatch(p, f);
            if (why != null) {
                problem = "this declaration of '" + n + "' differs from the one above (" + why + "): every declaration"
                        + " of a function has the same parameters, return parameters and .noreturn (names may differ)";
            }
        }
        if (problem != null) {
            out.report(Diagnostic.of(Rules.INCONSISTENT_FUNCTION_DECLARATION, TextRange.of(f.name().span()), problem)
                    .withRelated(new Diagnostic.Related(TextRange.of(p.name().span()), "the first declaration of '" + n
                            + "'")));
        }
        if (hasBody) {
            defined.add(n);
        }
    }

    /** {@code .alias NAME, ...}: NAME is defined by the alias (PTX0128 checks the rest). */
    void alias(String name) {
        defined.add(name);
    }

    /** Input that error recovery skipped: it may hold a definition. */
    void skipped() {
        skipped = true;
    }

    /**
     * Where the earliest diagnostic that {@link #finish} may still report starts (Long.MAX_VALUE for
     * none), so that Linter's settled offsets stay behind it.
     */
    long lowestLate() {
        while (settledPrototypes < prototypes.size() && defined.contains(prototypes.get(settledPrototypes).text())) {
            settledPrototypes++;
        }
        return settledPrototypes < prototypes.size() ? prototypes.get(settledPrototypes).span().start()
                : Long.MAX_VALUE;
    }

    /** At the end of the module: every prototype that no definition followed (PTX0130). */
    void finish(Reporter out) {
        if (skipped) {
            return;
        }
        for (Token t : prototypes) {
            String n = t.text();
            if (!defined.contains(n)) {
                First p = first.get(n);
                String kind = p != null && p.entry() ? ".entry" : ".func";
                out.report(Rules.UNDEFINED_FUNCTION, t.span(), "'" + n + "' is declared (" + kind + " " + n
                        + "(...);) but never defined in this module, which ptxas refuses ('Unresolved extern function')"
                        + " even when it is not called: define it here, or declare it .extern if another module"
                        + " defines it");
            }
        }
    }

    private static String linkage(Function f) {
        return f.linkage().isEmpty() ? "" : f.linkage().get(0).text();
    }

    private static boolean noreturn(Function f) {
        for (Ast.Directive d : f.performance()) {
            if (d.name().text().equals(".noreturn")) {
                return true;
            }
        }
        return false;
    }

    private static final String[] NONE = new String[0];

    /** One key per declared parameter: state space, alignment (declared or the element size), vector, type, dims. */
    private static String[] keys(List<VarDecl> decls) {
        if (decls == null || decls.isEmpty()) {
            return NONE;
        }
        List<String> out = new ArrayList<>();
        for (VarDecl d : decls) {
            StringBuilder sb = new StringBuilder();
            String space = "";
            long align = 0;
            String vec = "";
            String type = "";
            for (Ast.Attr a : d.attrs()) {
                String t = a.name().text();
                if (t.equals(".align")) {
                    align = a.args().size() == 1 && a.args().get(0) instanceof Ast.IntLit l
                            ? DeclarationCheck.intValue(l) : -1;
                } else if (t.equals(".param") || t.equals(".reg")) {
                    space = t;
                } else if (t.equals(".v2") || t.equals(".v4") || t.equals(".v8")) {
                    vec = t;
                } else if (Symbol.TYPES.contains(t)) {
                    type = t;
                } else {
                    sb.append(t).append(' '); // .ptr and the like: compared as written
                }
            }
            if (align == 0) {
                align = (long) elementBytes(type) * (vec.isEmpty() ? 1 : Integer.parseInt(vec.substring(2)));
            }
            String prefix = space + (align > 0 ? " .align " + align : "") + " " + sb + (vec.isEmpty() ? "" : vec + " ")
                    + type;
            for (Ast.Declarator x : d.declarators()) {
                StringBuilder k = new StringBuilder(prefix);
                for (Ast.Expr e : x.dims()) {
                    k.append('[').append(e instanceof Ast.IntLit l ? Long.toString(DeclarationCheck.intValue(l))
                            : e == null ? "" : "?").append(']');
                }
                out.add(k.toString());
            }
        }
        return out.toArray(NONE);
    }

    private static int elementBytes(String type) {
        dev.ptxlint.isa.PtxType t = type.isEmpty() ? null : dev.ptxlint.isa.PtxType.of(type);
        return t == null || t.bits() < 8 ? 0 : t.bits() / 8;
    }

    /** How {@code f} differs from the first declaration, or null. */
    private static String mismatch(First p, Function f) {
        String r = mismatch(p.returns(), keys(f.isEntry() ? null : f.returns()), "return parameter");
        if (r != null) {
            return r;
        }
        r = mismatch(p.params(), keys(f.params()), "parameter");
        if (r != null) {
            return r;
        }
        if (p.noreturn() != noreturn(f)) {
            return p.noreturn() ? ".noreturn above, not here" : ".noreturn here, not above";
        }
        return null;
    }

    private static String mismatch(String[] before, String[] now, String what) {
        if (before.length != now.length) {
            return before.length + " " + what + (before.length == 1 ? "" : "s") + " above, " + now.length + " here";
        }
        for (int i = 0; i < before.length; i++) {
            if (!before[i].equals(now[i])) {
                return what + " " + (i + 1) + " is '" + now[i].strip() + "' here and '" + before[i].strip() + "' above";
            }
        }
        return null;
    }
}
