package dev.ptxlint.checker;

import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Ast.Name;
import dev.ptxlint.syntax.Ast.VarDecl;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code .alias a, b;} as ptxas 13.0 checks it (measured; docs/ptxas-behaviour.md ".alias"): PTX ISA
 * 6.3; {@code a} declared before as a function prototype (not a variable, not an entry, not defined
 * before, not aliased twice, not {@code b}); {@code b} a function (not an entry nor a variable) with
 * the same parameters, return parameters and {@code .noreturn} as {@code a}. An undeclared {@code b}
 * is PTX0101 (the resolver's use). One diagnostic per {@code .alias}.
 */
final class AliasCheck {

    /** The functions of the module so far, by name: the last declaration or definition of each. */
    private final Map<String, Function> functions = new HashMap<>();
    /** Whether each function of {@link #functions} has had a body. */
    private final Set<String> defined = new HashSet<>();
    private final Set<String> aliased = new HashSet<>();

    /**
     * How many functions are kept: a module with more (a generated one with hundreds of thousands)
     * is not checked for .alias names past them, so that memory stays bounded (HostileInputsIT).
     */
    static final int MAX_FUNCTIONS = 4096;
    private boolean full;

    void function(Function f, boolean hasBody) {
        if (f.name() == null) {
            return;
        }
        String n = f.name().text();
        if (!functions.containsKey(n) && functions.size() >= MAX_FUNCTIONS) {
            full = true;
            return;
        }
        // the header only: the body is not needed and would keep the whole module's AST alive
        functions.put(n, f.body() == null ? f : new Function(f.linkage(), f.kind(), f.returns(), f.name(), f.params(),
                f.performance(), null, f.span()));
        if (hasBody) {
            defined.add(n);
        }
    }

    /**
     * Checks {@code d}; {@code variable} tells whether a name is a module variable. Returns whether
     * the alias name is unknown (the resolver then declares it, so later uses do not cascade).
     */
    boolean check(Ast.Directive d, Reporter out, HeaderCheck header,
                  java.util.function.Predicate<String> variable) {
        PtxVersion v = header.declaredVersion();
        if (v != null && !v.atLeast(PtxVersion.of(6, 3))) {
            out.report(Rules.REQUIRES_NEWER, d.name().span(), "'.alias' requires .version 6.3 or later (this module "
                    + "declares " + v + ")");
            return false;
        }
        if (d.args().size() != 2 || !(d.args().get(0) instanceof Name a) || !(d.args().get(1) instanceof Name b)) {
            return false;
        }
        String an = a.text();
        String bn = b.text();
        Function fa = functions.get(an);
        Function fb = functions.get(bn);
        if (full && (fa == null || fb == null)) {
            return false; // a function past MAX_FUNCTIONS: not known here
        }
        if (an.equals(bn)) {
            out.report(Rules.INVALID_ALIAS, a.span(), "a function cannot be an alias of itself: .alias NEW, "
                    + "EXISTING names a declared prototype NEW and a defined function EXISTING");
        } else if (fa == null) {
            if (variable.test(an)) {
                out.report(Rules.INVALID_ALIAS, a.span(), "'" + an + "' is a variable: an alias must be a function "
                        + "declared as a prototype before the .alias");
                return false;
            }
            out.report(Rules.INVALID_ALIAS, a.span(), "'" + an + "' is not declared: declare the alias as a function "
                    + "prototype with " + bn + "'s parameters before the .alias (.func " + an + "(...);)");
            return true;
        } else if (fa.isEntry()) {
            out.report(Rules.INVALID_ALIAS, a.span(), "'" + an + "' is an .entry: only .func functions can be "
                    + "aliases or aliased");
        } else if (defined.contains(an)) {
            out.report(Rules.INVALID_ALIAS, a.span(), "'" + an + "' already has a body: the alias must be a "
                    + "prototype only (.func " + an + "(...);)");
        } else if (!aliased.add(an)) {
            out.report(Rules.INVALID_ALIAS, a.span(), "'" + an + "' is already an alias: write one .alias per name");
        } else if (fb == null) {
            if (variable.test(bn)) {
                out.report(Rules.INVALID_ALIAS, b.span(), "'" + bn + "' is a variable: .alias can name only a "
                        + "function");
            }
        } else if (fb.isEntry()) {
            out.report(Rules.INVALID_ALIAS, b.span(), "'" + bn + "' is an .entry: only .func functions can be "
                    + "aliased");
        } else {
            String why = mismatch(fa, fb);
            if (why != null) {
                out.report(Rules.INVALID_ALIAS, b.span(), "the prototypes of alias '" + an + "' and '" + bn
                        + "' differ (" + why + "): declare " + an + " exactly as " + bn + " is declared");
            }
        }
        return false;
    }

    /** How the prototypes of {@code a} and {@code b} differ, or null when they agree. */
    private static String mismatch(Function a, Function b) {
        String r = mismatch(a.returns(), b.returns(), "return parameters");
        if (r != null) {
            return r;
        }
        r = mismatch(a.params(), b.params(), "parameters");
        if (r != null) {
            return r;
        }
        if (noreturn(a) != noreturn(b)) {
            return "one is .noreturn";
        }
        return null;
    }

    private static String mismatch(List<VarDecl> a, List<VarDecl> b, String what) {
        int na = count(a);
        int nb = count(b);
        if (na != nb) {
            return na + " " + what + " against " + nb;
        }
        if (a == null || b == null) {
            return null;
        }
        for (int i = 0; i < a.size() && i < b.size(); i++) {
            if (!shape(a.get(i)).equals(shape(b.get(i)))) {
                return (what.startsWith("return") ? "return parameter " : "parameter ") + (i + 1) + " has another type";
            }
        }
        return null;
    }

    private static int count(List<VarDecl> ps) {
        return ps == null ? 0 : ps.size();
    }

    /** A parameter's state space, vector width, type and array dimensions (not its name nor .align). */
    private static String shape(VarDecl p) {
        StringBuilder sb = new StringBuilder();
        for (Ast.Attr at : p.attrs()) {
            String t = at.name().text();
            if (!t.equals(".align") && !t.equals(".ptr")) {
                sb.append(t);
            }
        }
        if (p.declarators().size() == 1) {
            for (Ast.Expr e : p.declarators().get(0).dims()) {
                sb.append('[').append(e instanceof Ast.IntLit l ? DeclarationCheck.intValue(l) : -2).append(']');
            }
        }
        return sb.toString();
    }

    private static boolean noreturn(Function f) {
        for (Ast.Directive d : f.performance()) {
            if (d.name().text().equals(".noreturn")) {
                return true;
            }
        }
        return false;
    }
}
