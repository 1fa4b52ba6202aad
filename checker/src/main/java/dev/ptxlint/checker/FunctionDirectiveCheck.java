package dev.ptxlint.checker;

import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Since;
import dev.ptxlint.isa.Target;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Directive;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Token;
import java.util.List;

/**
 * The directives between a function's parameters and its body ({@code .maxntid}, {@code .reqntid},
 * {@code .reqnctapercluster}, {@code .noreturn}, ...) and the function's linkage, as ptxas 13.0
 * checks them (measured; docs/ptxas-behaviour.md "Function directives"): which pairs conflict,
 * which values must be non-zero, which directive needs which companion, and the PTX ISA version and
 * target each needs. One diagnostic per directive.
 */
final class FunctionDirectiveCheck {

    private FunctionDirectiveCheck() {
    }

    static void check(Function f, boolean hasBody, Reporter out, HeaderCheck header) {
        linkage(f, hasBody, out);
        if (f.performance().isEmpty()) {
            return;
        }
        PtxVersion v = header.declaredVersion();
        Target t = header.declaredTarget();
        Directive maxntid = null;
        Directive reqntid = null;
        Directive minctas = null;
        Directive cluster = null;
        Directive rank = null;
        Directive blocks = null;
        boolean noreturn = false;
        for (Directive d : f.performance()) {
            String n = d.name().text();
            switch (n) {
                case ".maxntid" -> maxntid = maxntid == null ? d : maxntid;
                case ".reqntid" -> reqntid = reqntid == null ? d : reqntid;
                case ".minnctapersm" -> minctas = minctas == null ? d : minctas;
                case ".reqnctapercluster" -> cluster = cluster == null ? d : cluster;
                case ".maxclusterrank" -> rank = rank == null ? d : rank;
                case ".blocksareclusters" -> blocks = blocks == null ? d : blocks;
                default -> { }
            }
            if (n.equals(".maxnctapersm")) {
                out.report(Rules.FUNCTION_DIRECTIVE, d.name().span(), ".maxnctapersm is not supported from PTX ISA "
                        + "2.1 on; use .minnctapersm (with .maxntid or .reqntid) to ask for CTAs per multiprocessor");
                continue;
            }
            if (requires(d, v, t, out)) {
                continue;
            }
            if (d.args().size() > 1 && (n.equals(".maxnreg") || n.equals(".maxclusterrank")
                    || n.equals(".minnctapersm") || n.equals(".abi_preserve") || n.equals(".abi_preserve_control"))) {
                out.report(Rules.FUNCTION_DIRECTIVE, d.args().get(1).span(), n + " takes one value, not "
                        + d.args().size() + " (only .maxntid, .reqntid and .reqnctapercluster take x, y, z)");
                continue;
            }
            if (n.equals(".noreturn")) {
                if (noreturn) {
                    out.report(Rules.FUNCTION_DIRECTIVE, d.name().span(), "a second .noreturn: write it once");
                }
                noreturn = true;
            }
            if (n.equals(".maxntid") || n.equals(".reqntid") || n.equals(".minnctapersm") || n.equals(".maxnreg")) {
                for (Ast.Expr e : d.args()) {
                    if (e instanceof Ast.IntLit lit && DeclarationCheck.intValue(lit) == 0) {
                        out.report(Rules.FUNCTION_DIRECTIVE, lit.span(), n + " " + lit.token().text()
                                + ": the value must be positive (at least 1)");
                        break;
                    }
                }
            }
        }
        if (maxntid != null && reqntid != null) {
            Directive later = maxntid.span().start() > reqntid.span().start() ? maxntid : reqntid;
            out.report(Rules.FUNCTION_DIRECTIVE, later.name().span(), ".maxntid and .reqntid cannot both be "
                    + "specified: keep .reqntid for an exact block size, or .maxntid for an upper bound");
        }
        if (cluster != null && rank != null) {
            Directive later = cluster.span().start() > rank.span().start() ? cluster : rank;
            out.report(Rules.FUNCTION_DIRECTIVE, later.name().span(), ".reqnctapercluster and .maxclusterrank "
                    + "cannot both be specified: keep .reqnctapercluster for an exact cluster shape, or "
                    + ".maxclusterrank for an upper bound");
        }
        if (blocks != null && (reqntid == null || cluster == null) && !before(v, 9, 0)
                && (t == null || t.sm() >= 90)) {
            out.report(Rules.FUNCTION_DIRECTIVE, blocks.name().span(), ".blocksareclusters needs both .reqntid "
                    + "and .reqnctapercluster on the same kernel (missing: "
                    + (reqntid == null && cluster == null ? ".reqntid and .reqnctapercluster"
                        : reqntid == null ? ".reqntid" : ".reqnctapercluster") + ")");
        }
        if (minctas != null && maxntid == null && reqntid == null) {
            out.report(Rules.IGNORED_FUNCTION_DIRECTIVE, minctas.name().span(), ".minnctapersm is ignored "
                    + "without .maxntid or .reqntid: add one of them, or remove .minnctapersm");
        }
    }

    /** What each function directive needs (measured with ptxas 13.0, docs/ptxas-behaviour.md section 19). */
    private static final java.util.Map<String, Since> REQUIRES = java.util.Map.of(
            ".reqnctapercluster", since(7, 8, 90), ".maxclusterrank", since(7, 8, 90),
            ".explicitcluster", since(7, 8, 90), ".blocksareclusters", since(9, 0, 90),
            ".abi_preserve", since(9, 0, 80), ".abi_preserve_control", since(9, 0, 80), ".noreturn", since(6, 4, 0));

    private static Since since(int major, int minor, int sm) {
        return new Since(PtxVersion.of(major, minor), sm == 0 ? List.of() : List.of(new Since.TargetReq(sm, ' ')));
    }

    /** Reports a directive the module's version or target is too old for (PTX0216); true when reported. */
    private static boolean requires(Directive d, PtxVersion v, Target t, Reporter out) {
        String n = d.name().text();
        Since s = REQUIRES.get(n);
        if (s == null) {
            return false;
        }
        if (!s.versionMet(v)) {
            out.report(Rules.REQUIRES_NEWER, d.name().span(), "'" + n + "' requires .version " + s.version()
                    + " or later; the module declares " + v);
            return true;
        }
        if (!s.targetMet(t)) {
            out.report(Rules.REQUIRES_NEWER, d.name().span(), "'" + n + "' requires .target " + s.targetText()
                    + " or later; the module targets " + t.name());
            return true;
        }
        return false;
    }

    /**
     * Linkage of a function: one of .visible, .extern, .weak (two are a syntax error for ptxas,
     * .common is for variables), and no .extern on a definition.
     */
    private static void linkage(Function f, boolean hasBody, Reporter out) {
        Token first = null;
        for (Token l : f.linkage()) {
            if (l.text().equals(".common")) {
                out.report(Rules.DECLARATION_ATTRIBUTE, l.span(), ".common is for .global variables, not functions; "
                        + "use .weak for a definition another module may override");
                return;
            }
            if (first != null) {
                out.report(Rules.DECLARATION_ATTRIBUTE, l.span(), "a second linkage directive: a function takes one of "
                        + ".visible, .extern or .weak, not " + first.text() + " and " + l.text());
                return;
            }
            first = l;
        }
        if (first != null && first.text().equals(".extern") && hasBody) {
            out.report(Rules.DECLARATION_ATTRIBUTE, first.span(), ".extern declares a function defined in another "
                    + "module; a definition with a body cannot be .extern (use .visible, or drop the body)");
        }
    }

    private static boolean before(PtxVersion v, int major, int minor) {
        return v != null && !v.atLeast(PtxVersion.of(major, minor));
    }
}
