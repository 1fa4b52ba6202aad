package dev.ptxlint.checker;

import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Attr;
import dev.ptxlint.syntax.Ast.Declarator;
import dev.ptxlint.syntax.Ast.Expr;
import dev.ptxlint.syntax.Ast.VarDecl;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.List;
import java.util.Set;

/**
 * Declarations as ptxas 13.0 checks them: which state spaces each scope allows, which types and
 * vector widths each state space takes, incomplete arrays, alignment, {@code .ptr}, linkage and
 * initializers. Every rule is measured (testdata/ptxas/decl, made by
 * scripts/ptxas-diff/decl/gen_decl.py; the rules and figures are in docs/ptxas-declarations.md).
 * One diagnostic per declaration: the first problem found.
 */
final class DeclarationCheck {

    /** Where a declaration stands. */
    enum Scope {
        MODULE("at module scope"), BODY("in a function body"), ENTRY_PARAM("as a kernel (.entry) parameter"),
        FUNC_PARAM("as a .func parameter"), FUNC_RETURN("as a .func return parameter");

        final String where;

        Scope(String where) {
            this.where = where;
        }

        boolean isParam() {
            return this == ENTRY_PARAM || this == FUNC_PARAM || this == FUNC_RETURN;
        }
    }

    static final Set<String> SPACES = Set.of(".reg", ".sreg", ".const", ".global", ".local", ".param", ".shared",
            ".tex");
    /** Types a variable may have (measured: every other type is instruction-only). */
    static final Set<String> DATA_TYPES = Set.of(".b8", ".b16", ".b32", ".b64", ".b128", ".s8", ".s16", ".s32",
            ".s64", ".u8", ".u16", ".u32", ".u64", ".f16", ".f16x2", ".f32", ".f64", ".pred");
    static final Set<String> OPAQUE_TYPES = Set.of(".texref", ".samplerref", ".surfref");
    /** Types that exist only as instruction types. */
    static final Set<String> INSTRUCTION_TYPES = Set.of(".bf16", ".bf16x2", ".tf32", ".e4m3", ".e5m2", ".e4m3x2",
            ".e5m2x2", ".e2m3", ".e3m2", ".e2m1", ".e2m3x2", ".e3m2x2", ".e2m1x2", ".ue8m0", ".ue8m0x2", ".s2f6x2",
            ".ue4m3", ".b4", ".u4", ".s4", ".b1", ".f8", ".f6", ".f4", ".s16x2", ".u16x2", ".s8x4", ".u8x4");
    static final Set<String> LINKAGES = Set.of(".extern", ".visible", ".weak", ".common");

    private final Reporter out;
    private final HeaderCheck header;
    private final java.util.function.Function<String, Symbol> resolver;

    /**
     * Whether the function whose parameters are being checked returns several values: ptxas then
     * compiles it without the ABI ("Function 'f' with multiple return values found, disabling ABI"),
     * so the ABI's type rule does not apply, and every return value must be in .reg (measured).
     */
    private boolean severalReturns;

    /** Sets how many return values the function whose parameters are checked next has. */
    void functionReturns(int count) {
        severalReturns = count > 1;
    }

    DeclarationCheck(Reporter out, HeaderCheck header, java.util.function.Function<String, Symbol> resolver) {
        this.out = out;
        this.header = header;
        this.resolver = resolver;
    }

    /** The parts of one declaration. */
    private static final class Parts {
        Attr space;
        Attr type;
        Attr vector;
        Attr align;
        Attr ptr;
        Attr ptrSpace;
        Attr ptrAlign;
        Attr attribute;
        Attr unknown;
        Attr second;
        /** An attribute written where ptxas's grammar does not take it (.align after the type, .ptr before it). */
        Attr misplaced;
        int width = 1;
    }

    private static Parts parts(VarDecl d) {
        Parts p = new Parts();
        for (Attr a : d.attrs()) {
            String t = a.name().text();
            if (SPACES.contains(t)) {
                if (p.space == null && p.ptr == null) {
                    p.space = a;
                } else if (p.ptr != null && p.ptrSpace == null) {
                    p.ptrSpace = a;
                } else if (p.second == null) {
                    p.second = a;
                }
            } else if (t.equals(".align")) {
                if (p.ptr == null && (p.type != null || p.vector != null) && p.misplaced == null) {
                    p.misplaced = a; // .align after the vector width or type (but .ptr.align N is fine)
                }
                if (p.ptr != null) {
                    if (p.ptrAlign == null) {
                        p.ptrAlign = a;
                    }
                } else if (p.align == null) {
                    p.align = a;
                } else if (p.second == null) {
                    p.second = a;
                }
            } else if (t.equals(".v2") || t.equals(".v4") || t.equals(".v8")) {
                if (p.vector == null) {
                    p.vector = a;
                    p.width = t.charAt(2) - '0';
                } else if (p.second == null) {
                    p.second = a;
                }
            } else if (DATA_TYPES.contains(t) || OPAQUE_TYPES.contains(t) || INSTRUCTION_TYPES.contains(t)) {
                if (p.type == null) {
                    p.type = a;
                } else if (p.second == null) {
                    p.second = a;
                }
            } else if (t.equals(".ptr")) {
                if (p.type == null && p.misplaced == null) {
                    p.misplaced = a;
                }
                p.ptr = a;
            } else if (t.equals(".attribute")) {
                p.attribute = a;
            } else if (p.unknown == null) {
                p.unknown = a;
            }
        }
        return p;
    }

    void check(VarDecl d, Scope scope) {
        Parts p = parts(d);
        if (p.space == null || p.type == null) {
            return; // a declaration without a state space or type is a syntax matter
        }
        String space = p.space.name().text();
        String type = p.type.name().text();
        PtxVersion v = header.declaredVersion();
        if (!checkGrammar(d, p, scope) || !checkSpace(d, p, scope, space, v)
                || !checkType(d, p, scope, space, type, v) || !checkAttributes(d, p, scope, space, type, v)) {
            return;
        }
        for (Declarator decl : d.declarators()) {
            if (!checkDeclarator(d, p, decl, scope, space, type, v)) {
                return;
            }
        }
    }

    private boolean report(Rule rule, Span at, String message) {
        out.report(rule, at, message);
        return false;
    }

    private static boolean before(PtxVersion v, int major, int minor) {
        return v != null && !v.atLeast(PtxVersion.of(major, minor));
    }

    private static boolean atLeast(PtxVersion v, int major, int minor) {
        return v == null || v.atLeast(PtxVersion.of(major, minor));
    }

    // ---------------------------------------------------------------- what ptxas's grammar refuses

    /** Forms ptxas stops at with "Parsing error": reported as syntax errors. */
    private boolean checkGrammar(VarDecl d, Parts p, Scope scope) {
        if (p.vector != null && p.width == 8) {
            return report(Rules.SYNTAX_ERROR, p.vector.name().span(), ".v8 is not a vector width of variables "
                    + "(only .v2 and .v4); declare an array or two .v4 variables");
        }
        if (p.misplaced != null) {
            String what = p.misplaced.name().text();
            return report(Rules.SYNTAX_ERROR, p.misplaced.name().span(), what.equals(".ptr")
                    ? ".ptr goes after the parameter's type: .param .u64 .ptr.global.align 8 p"
                    : ".align goes before the vector width and type: .global .align 16 .v4 .f32 v");
        }
        for (Declarator decl : d.declarators()) {
            if (decl.isRange() && (decl.init() != null || scope.isParam())) {
                return report(Rules.SYNTAX_ERROR, decl.span(), scope.isParam()
                        ? "a parameter declares one name: " + decl.name().text() + "<N> is for .reg declarations"
                        : decl.name().text() + "<N> declares several names and cannot have an initializer");
            }
            for (Expr e : decl.dims()) {
                if (e != null && !(e instanceof Ast.IntLit)) {
                    return report(Rules.SYNTAX_ERROR, e.span(), "an array dimension is a non-negative integer "
                            + "literal (ptxas does not evaluate '" + Exprs.text(e) + "')");
                }
            }
            if (scope.isParam() && decl.dims().size() > 1) {
                return report(Rules.SYNTAX_ERROR, decl.span(), "a parameter array has one dimension; declare "
                        + decl.name().text() + " with the product of the dimensions");
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- state space per scope

    private boolean checkSpace(VarDecl d, Parts p, Scope scope, String space, PtxVersion v) {
        Span at = p.space.name().span();
        switch (scope) {
            case MODULE -> {
                if (space.equals(".reg") || space.equals(".local")) {
                    if (before(v, 3, 0)) {
                        out.report(Rules.MODULE_SCOPE_REGISTER, at, space + " at module scope: ptxas accepts it "
                                + "before PTX ISA 3.0 with a warning and rejects it from 3.0; declare it in a function");
                        return true;
                    }
                    return report(Rules.DECLARATION_STATE_SPACE, at, space + " variables cannot be declared at "
                            + "module scope (from PTX ISA 3.0); declare it inside a function, or use .global");
                }
                if (space.equals(".param")) {
                    return report(Rules.DECLARATION_STATE_SPACE, at, ".param variables cannot be declared at "
                            + "module scope; use .const or .global, or make it a function parameter");
                }
                if (space.equals(".tex") && !before(v, 1, 5)) {
                    return report(Rules.DECLARATION_STATE_SPACE, at, ".tex variables were removed in PTX ISA 1.5; "
                            + "declare a .global .texref");
                }
            }
            case BODY -> {
                if (space.equals(".tex")) {
                    return report(Rules.DECLARATION_STATE_SPACE, at, ".tex variables are declared at module "
                            + "scope only (and only before PTX ISA 1.5); use a module-scope .global .texref");
                }
                if (space.equals(".param") && before(v, 2, 0)) {
                    return report(Rules.DECLARATION_STATE_SPACE, at, ".param variables in a function body need PTX "
                            + "ISA 2.0; before it, parameters are declared in the .entry parameter list only");
                }
            }
            case ENTRY_PARAM -> {
                if (!space.equals(".param")) {
                    return report(Rules.DECLARATION_STATE_SPACE, at, "kernel parameters must be in .param, not "
                            + space);
                }
            }
            case FUNC_PARAM, FUNC_RETURN -> {
                if (!space.equals(".param") && !space.equals(".reg")) {
                    return report(Rules.DECLARATION_STATE_SPACE, at, ".func parameters must be in .param or "
                            + ".reg, not " + space);
                }
                if (scope == Scope.FUNC_RETURN && severalReturns && !space.equals(".reg")) {
                    // measured: "Multiple return parameters require .register state space"
                    return report(Rules.DECLARATION_STATE_SPACE, at, "a function with several return values "
                            + "returns them in .reg, not " + space + " (ptxas compiles it without the ABI); "
                            + "declare .reg, or return one .param value");
                }
            }
            default -> {
            }
        }
        if (space.equals(".sreg")) {
            return report(Rules.DECLARATION_STATE_SPACE, at, ".sreg cannot be declared: special registers are "
                    + "predefined");
        }
        return true;
    }

    // ---------------------------------------------------------------- types and vectors

    private boolean checkType(VarDecl d, Parts p, Scope scope, String space, String type, PtxVersion v) {
        Span at = p.type.name().span();
        boolean array = !d.declarators().isEmpty() && !d.declarators().get(0).dims().isEmpty();
        if (INSTRUCTION_TYPES.contains(type)) {
            return report(Rules.DECLARATION_TYPE, at, type + " is an instruction type only: a variable cannot "
                    + "have it; declare " + storage(type) + " and use " + type + " on the instructions");
        }
        if (p.vector != null && (OPAQUE_TYPES.contains(type) || type.equals(".pred"))) {
            return report(Rules.DECLARATION_TYPE, p.vector.name().span(), "vectors are made of the basic types "
                    + "(.bN, .uN, .sN, .fN): " + type + " cannot be a vector");
        }
        if (space.equals(".tex")) {
            if (p.vector != null || array || !(type.equals(".u32") || type.equals(".u64"))) {
                return report(Rules.DECLARATION_TYPE, at, ".tex variables are scalar .u32 or .u64");
            }
            return true;
        }
        if (OPAQUE_TYPES.contains(type)) {
            // measured: ptxas checks the placement of texture/sampler/surface arrays in bodies only
            if (scope == Scope.BODY) {
                return report(Rules.DECLARATION_TYPE, at, type + " variables are declared at module scope in "
                        + ".global or as kernel .param parameters only, not in a function body");
            }
            if (!array) {
                boolean ok = scope == Scope.MODULE && space.equals(".global") || scope == Scope.ENTRY_PARAM;
                if (!ok) {
                    return report(Rules.DECLARATION_TYPE, at, type + " variables are declared at module scope in "
                            + ".global or as kernel .param parameters only");
                }
                if (type.equals(".samplerref") && !header.texmodeIndependent()) {
                    return report(Rules.DECLARATION_TYPE, at, ".samplerref variables need .target ... , "
                            + "texmode_independent (the default texmode_unified has no separate samplers)");
                }
            }
            return true;
        }
        if (type.equals(".pred") && !space.equals(".reg")) {
            return report(Rules.DECLARATION_TYPE, at, ".pred variables live in .reg only; use .u8 or .u32 in "
                    + space);
        }
        if (type.equals(".b128") && before(v, 8, 3) && !array) {
            return report(Rules.DECLARATION_TYPE, at, ".b128 needs PTX ISA 8.3 (this module declares " + v + ")");
        }
        if (type.equals(".f16x2") && header.declaredTarget() != null && header.declaredTarget().sm() < 53) {
            return report(Rules.DECLARATION_TYPE, at, ".f16x2 needs .target sm_53 or later");
        }
        if (p.vector != null) {
            int bits = bits(type) * p.width;
            if (bits > 128) {
                return report(Rules.DECLARATION_TYPE, p.vector.name().span(), p.vector.name().text() + " "
                        + type + " is " + bits + " bits: vector variables are at most 128 bits (.v4 .b32, .v2 .b64)");
            }
            if (space.equals(".param") && !array) {
                return report(Rules.DECLARATION_TYPE, p.vector.name().span(), "a scalar .param cannot be a vector; "
                        + "declare an array (" + type + " p[" + p.width + "]) with .align " + (bits / 8));
            }
        }
        if (type.equals(".f16x2") && space.equals(".param") && !array) {
            return report(Rules.DECLARATION_TYPE, at, "a scalar .param cannot be .f16x2; use .b32");
        }
        if ((scope == Scope.FUNC_PARAM || scope == Scope.FUNC_RETURN) && atLeast(v, 3, 1) && !severalReturns
                && ABI_NARROW.contains(type) && !array && p.vector == null && !(type.equals(".pred") && space.equals(".param"))) {
            // ptxas 13.0 accepts the declaration and refuses each call to the function (fatal "In ABI compilation,
            // passing predicate, 8-bit and 16-bit parameters to device functions is not supported": PTX0286 there),
            // measured with .param and .reg parameters, called and not (2026-11-28)
            report(Rules.ABI_NARROW_PARAMETER, at, "from PTX ISA 3.1 (the ABI), a .func parameter or return value "
                    + "cannot be passed when it is .pred or an 8- or 16-bit signed/unsigned integer (" + type
                    + "): ptxas accepts this declaration but refuses every call to the function; use "
                    + (type.equals(".pred") ? ".u32" : type.startsWith(".s") ? ".s32" : ".u32")
                    + (type.equals(".pred") ? "" : ", or .b8/.b16"));
            return true;
        }
        return true;
    }

    /** Types the ABI refuses as .func parameters (measured: .b8, .b16 and .f16 are accepted). */
    static final Set<String> ABI_NARROW = Set.of(".u8", ".s8", ".u16", ".s16", ".pred");

    private static String storage(String type) {
        return switch (type) {
            case ".bf16", ".b16" -> ".b16";
            case ".bf16x2", ".tf32" -> ".b32";
            default -> ".b8 (or .b16/.b32 for packed forms)";
        };
    }

    static int bits(String type) {
        return switch (type) {
            case ".b8", ".s8", ".u8" -> 8;
            case ".b16", ".s16", ".u16", ".f16" -> 16;
            case ".b32", ".s32", ".u32", ".f32", ".f16x2" -> 32;
            case ".b64", ".s64", ".u64", ".f64" -> 64;
            case ".b128" -> 128;
            default -> 1;
        };
    }

    // ---------------------------------------------------------------- attributes and linkage

    private boolean checkAttributes(VarDecl d, Parts p, Scope scope, String space, String type, PtxVersion v) {
        if (p.unknown != null) {
            return report(Rules.DECLARATION_ATTRIBUTE, p.unknown.name().span(), p.unknown.name().text()
                    + " is not a declaration attribute");
        }
        if (p.second != null) {
            return report(Rules.DECLARATION_ATTRIBUTE, p.second.name().span(), "a second "
                    + p.second.name().text() + ": a declaration has one state space, type, vector width and .align");
        }
        for (Attr a : new Attr[] {p.align, p.ptrAlign}) {
            if (a != null && !a.args().isEmpty() && a.args().get(0) instanceof Ast.IntLit lit) {
                long n = intValue(lit);
                if (n <= 0 || (n & (n - 1)) != 0) {
                    return report(Rules.DECLARATION_ATTRIBUTE, lit.span(), ".align " + lit.token().text()
                            + ": the alignment must be a power of two (1, 2, 4, 8, 16, ...)");
                }
                if (a == p.align && space.equals(".param") && n > 128) {
                    return report(Rules.DECLARATION_ATTRIBUTE, lit.span(), ".align " + lit.token().text()
                            + ": parameters are aligned to at most 128 bytes");
                }
            }
        }
        if (p.ptr != null && scope != Scope.ENTRY_PARAM) {
            return report(Rules.DECLARATION_ATTRIBUTE, p.ptr.name().span(), ".ptr is allowed on kernel (.entry) "
                    + "parameters only");
        }
        if (p.attribute != null) {
            if (before(v, 4, 0)) {
                return report(Rules.DECLARATION_ATTRIBUTE, p.attribute.name().span(), ".attribute needs PTX ISA 4.0");
            }
            if (!space.equals(".global") && mentions(p.attribute, ".managed")) {
                return report(Rules.DECLARATION_ATTRIBUTE, p.attribute.name().span(), ".attribute(.managed) is "
                        + "for .global variables only");
            }
        }
        if (d.linkage().size() > 1) {
            Token t = d.linkage().get(1);
            return report(Rules.DECLARATION_ATTRIBUTE, t.span(), "a second linkage directive: a variable takes one "
                    + "of .visible, .extern, .weak or .common, not " + d.linkage().get(0).text() + " and " + t.text());
        }
        for (Token t : d.linkage()) {
            String l = t.text();
            if (l.equals(".weak") && before(v, 3, 1)) {
                return report(Rules.DECLARATION_ATTRIBUTE, t.span(), ".weak needs PTX ISA 3.1");
            }
            if (l.equals(".common")) {
                if (before(v, 5, 0)) {
                    return report(Rules.DECLARATION_ATTRIBUTE, t.span(), ".common needs PTX ISA 5.0");
                }
                if (!space.equals(".global")) {
                    return report(Rules.DECLARATION_ATTRIBUTE, t.span(), ".common variables must be in .global, "
                            + "not " + space);
                }
                if (OPAQUE_TYPES.contains(type)) {
                    return report(Rules.DECLARATION_ATTRIBUTE, t.span(), ".common cannot declare a " + type);
                }
            }
        }
        return true;
    }

    private static boolean mentions(Attr a, String name) {
        for (Expr e : a.args()) {
            if (mentions(e, name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentions(Expr e, String name) {
        if (e instanceof Ast.DotRef r) {
            return r.token().text().equals(name);
        }
        if (e instanceof Ast.Call c) {
            return c.callee().text().equals(name);
        }
        if (e instanceof Ast.Group g) {
            for (Expr x : g.items()) {
                if (mentions(x, name)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- arrays and initializers

    private boolean checkDeclarator(VarDecl d, Parts p, Declarator decl, Scope scope, String space, String type,
                                    PtxVersion v) {
        List<Expr> dims = decl.dims();
        if (!dims.isEmpty() && space.equals(".reg")) {
            return report(Rules.DECLARATION_ATTRIBUTE, decl.name().span(), "registers cannot be arrays; declare "
                    + decl.name().text() + "<N> for N registers, or use .local");
        }
        boolean extern = hasLinkage(d, ".extern");
        for (int k = 0; k < dims.size(); k++) {
            boolean incomplete = dims.get(k) == null || isZero(dims.get(k));
            if (!incomplete) {
                continue;
            }
            Span at = dims.get(k) == null ? decl.span() : dims.get(k).span();
            if (k > 0) {
                return report(Rules.INCOMPLETE_ARRAY, at, "only the first dimension of an array may be left "
                        + "open; give dimension " + (k + 1) + " of " + decl.name().text() + " a size");
            }
            if (scope == Scope.ENTRY_PARAM) {
                return report(Rules.INCOMPLETE_ARRAY, at, "a kernel parameter must have a complete type; give "
                        + decl.name().text() + " a size");
            }
            if (scope == Scope.FUNC_RETURN) {
                return report(Rules.INCOMPLETE_ARRAY, at, "a return parameter must have a complete type; give "
                        + decl.name().text() + " a size");
            }
            if (scope == Scope.FUNC_PARAM && (before(v, 6, 0) || targetBefore(30))) {
                return report(Rules.INCOMPLETE_ARRAY, at, "unsized array parameters need PTX ISA 6.0 and sm_30");
            }
            if (scope == Scope.MODULE || scope == Scope.BODY) {
                if (!extern && decl.init() == null) {
                    return report(Rules.INCOMPLETE_ARRAY, at, decl.name().text() + " has no size: declare it "
                            + ".extern, give the dimension a size, or size it with an initializer");
                }
            }
        }
        if (decl.init() != null && !checkInitializer(d, p, decl, space, type, extern)) {
            return false;
        }
        long bytes = bytes(p, decl);
        if (space.equals(".const") && bytes > 0x10000) {
            return report(Rules.DECLARATION_TYPE, decl.name().span(), decl.name().text() + " takes " + bytes
                    + " bytes: the constant bank holds 65536 bytes (64 KB)");
        }
        if (scope == Scope.ENTRY_PARAM) {
            long max = before(v, 8, 1) ? 0x1100 : 0x7ffc;
            if (bytes > max) {
                return report(Rules.DECLARATION_TYPE, decl.name().span(), decl.name().text() + " takes " + bytes
                        + " bytes: kernel parameters hold at most " + max + " bytes"
                        + (max == 0x1100 ? " before PTX ISA 8.1 (32764 from 8.1)" : ""));
            }
        }
        return true;
    }

    private boolean targetBefore(int sm) {
        return header.declaredTarget() != null && header.declaredTarget().sm() < sm;
    }

    /** Size in bytes of the declarator (0 when unknown or open). */
    private static long bytes(Parts p, Declarator decl) {
        long n = Math.max(1, bits(p.type.name().text()) / 8) * p.width;
        for (Expr e : decl.dims()) {
            if (!(e instanceof Ast.IntLit lit)) {
                return 0;
            }
            long k = intValue(lit);
            if (k <= 0) {
                return 0;
            }
            n = k > Long.MAX_VALUE / n ? Long.MAX_VALUE : n * k;
        }
        return n;
    }

    private boolean checkInitializer(VarDecl d, Parts p, Declarator decl, String space, String type, boolean extern) {
        Span at = decl.init().span();
        if (broken(decl.init())) {
            return true; // a syntax error is already reported
        }
        if (extern) {
            return report(Rules.DECLARATION_INITIALIZER, at, "an .extern variable cannot have an initializer: "
                    + "its definition elsewhere gives the value");
        }
        if (!space.equals(".global") && !space.equals(".const")) {
            return report(Rules.DECLARATION_INITIALIZER, at, "only .global and .const variables can have an "
                    + "initializer, not " + space);
        }
        if (OPAQUE_TYPES.contains(type)) {
            if (!(decl.init() instanceof Ast.Brace)) {
                return report(Rules.DECLARATION_INITIALIZER, at, type + " variables are not initialized with a "
                        + "value");
            }
            return true;
        }
        if (type.equals(".f16")) {
            if (decl.init() instanceof Ast.Brace b && b.items().isEmpty() && !decl.dims().isEmpty()
                    && decl.dims().get(0) != null && !isZero(decl.dims().get(0))) {
                return true; // measured: '= {}' is accepted
            }
            return report(Rules.DECLARATION_INITIALIZER, at, ".f16 variables cannot be initialized; declare .b16 "
                    + "and write the half-precision bits (0x3C00 is 1.0)");
        }
        return shape(decl.init(), decl.dims(), 0, p.width, type);
    }

    /**
     * The initializer {@code e} for dimension {@code level} of the variable (measured): each array
     * dimension takes a { } list of at most its size (any size for an open dimension, at least one
     * element), a .vN element a list of exactly N values, an .f16x2 element a list, and any other
     * element one value of its type's kind.
     */
    private boolean shape(Expr e, List<Expr> dims, int level, int width, String type) {
        if (level < dims.size()) {
            Expr dim = dims.get(level);
            if (!(e instanceof Ast.Brace b)) {
                return report(Rules.DECLARATION_INITIALIZER, e.span(), "an array is initialized with a { ... } list, "
                        + "one entry per element");
            }
            long n = dim instanceof Ast.IntLit lit ? intValue(lit) : 0;
            if (n > 0 && b.items().size() > n) {
                return report(Rules.DECLARATION_INITIALIZER, b.items().get((int) n).span(), "more initializers ("
                        + b.items().size() + ") than the " + n + " elements of the dimension");
            }
            if (n <= 0 && level == 0 && b.items().isEmpty()) {
                return report(Rules.DECLARATION_INITIALIZER, e.span(), "an empty { } cannot size an open dimension; "
                        + "give at least one element");
            }
            for (Expr item : b.items()) {
                if (!shape(item, dims, level + 1, width, type)) {
                    return false;
                }
            }
            return true;
        }
        if (width > 1) {
            if (!(e instanceof Ast.Brace b) || b.items().size() != width) {
                return report(Rules.DECLARATION_INITIALIZER, e.span(), "a .v" + width + " value is initialized with "
                        + "exactly " + width + " values in { }");
            }
            for (Expr item : b.items()) {
                if (!scalar(item, type)) {
                    return false;
                }
            }
            return true;
        }
        if (type.equals(".f16x2")) {
            if (!(e instanceof Ast.Brace)) {
                return report(Rules.DECLARATION_INITIALIZER, e.span(), "an .f16x2 value is initialized with a "
                        + "{ } list of its two halves");
            }
            return true;
        }
        if (e instanceof Ast.Brace) {
            return report(Rules.DECLARATION_INITIALIZER, e.span(), "a scalar is initialized with one value, "
                    + "not a { } list");
        }
        return scalar(e, type);
    }

    /** One initial value of a scalar {@code type}. */
    private boolean scalar(Expr e, String type) {
        if (e instanceof Ast.Brace) {
            return report(Rules.DECLARATION_INITIALIZER, e.span(), "a scalar is initialized with one value, "
                    + "not a { } list");
        }
        Ast.Name name = firstName(e);
        if (name != null) {
            String n = name.token().text();
            if (n.startsWith("%") || resolver.apply(n) == null) {
                return report(Rules.DECLARATION_INITIALIZER, name.span(), "'" + n + "' is not a variable or "
                        + "function declared before this initializer (registers and undeclared names cannot be "
                        + "initial values)");
            }
            String bad = address(e, false);
            if (bad != null) {
                return report(Rules.DECLARATION_INITIALIZER, e.span(), bad);
            }
            if (!type.equals(".u64") && !type.equals(".u32")) {
                // measured (decls3): .u32 and .u64 take an address with either .address_size; every other
                // type, .b32/.b64/.s64 included, is 'Initial value type mismatch'
                return report(Rules.DECLARATION_INITIALIZER, e.span(), "an address ('" + n + "') initializes "
                        + ".u64 or .u32 variables only, not " + type);
            }
            return true;
        }
        boolean flt = hasFloat(e);
        char c = type.charAt(1);
        if (type.equals(".pred")) {
            return report(Rules.DECLARATION_INITIALIZER, e.span(), ".pred variables cannot be initialized");
        }
        if (flt && (c == 'u' || c == 's')) {
            return report(Rules.DECLARATION_INITIALIZER, e.span(), "a floating-point value initializes " + type
                    + " (an integer type): write an integer, or use a .b or .f type");
        }
        if (!flt && c == 'f') {
            return report(Rules.DECLARATION_INITIALIZER, e.span(), "an integer initializes " + type
                    + " (a floating-point type): write it as a float (1.0, 0f3F800000)");
        }
        return true;
    }

    /**
     * Why {@code e}, an initial value that names something, is not an address ptxas takes, or null
     * (measured, decls3: addr_grid of gen_decl.py): {@code NAME}, {@code NAME+C}, {@code generic(VAR)}
     * and {@code generic(VAR)+C}, C a constant expression ({@code g0+4+4}, {@code g0+-4}, {@code g0+(4)}
     * too). A function takes no offset ('Initial value type mismatch') and no generic() ('Invalid
     * initial value expression'); {@code g0-4}, {@code 4+g0}, {@code -g0}, {@code (g0)}, {@code g0+g0}
     * and {@code generic(g0+4)} are syntax errors. {@code offset}: {@code e} is the left of a '+'.
     */
    private String address(Expr e, boolean offset) {
        if (e instanceof Ast.Name n) {
            Symbol s = resolver.apply(n.token().text());
            if (offset && s != null && s.kind() == Symbol.Kind.FUNCTION) {
                return "a function's address ('" + n.token().text() + "') takes no offset: write '"
                        + n.token().text() + "' alone";
            }
            return null;
        }
        if (e instanceof Ast.Call c && c.callee().text().equals("generic") && c.args().size() == 1) {
            if (!(c.args().get(0) instanceof Ast.Name n)) {
                return "generic() takes a variable's name only: write generic(NAME)+OFFSET";
            }
            Symbol s = resolver.apply(n.token().text());
            if (s != null && s.kind() == Symbol.Kind.FUNCTION) {
                return "generic() takes a variable, not the function '" + n.token().text() + "': write '"
                        + n.token().text() + "' alone";
            }
            return null;
        }
        if (e instanceof Ast.Binary b && b.op().text().equals("+") && firstName(b.right()) == null) {
            return address(b.left(), true);
        }
        return "an address initial value is NAME, NAME+OFFSET, generic(NAME) or generic(NAME)+OFFSET, with a constant"
                + " OFFSET after the name; ptxas takes no other expression of an address";
    }

    private static Ast.Name firstName(Expr e) {
        if (e instanceof Ast.Name n) {
            return n;
        }
        if (e instanceof Ast.Unary u) {
            return firstName(u.operand());
        }
        if (e instanceof Ast.Binary b) {
            Ast.Name l = firstName(b.left());
            return l != null ? l : firstName(b.right());
        }
        if (e instanceof Ast.Call c) {
            for (Expr a : c.args()) {
                Ast.Name n = firstName(a);
                if (n != null) {
                    return n;
                }
            }
        }
        if (e instanceof Ast.Group g) {
            for (Expr a : g.items()) {
                Ast.Name n = firstName(a);
                if (n != null) {
                    return n;
                }
            }
        }
        return null;
    }

    private static boolean hasFloat(Expr e) {
        if (e instanceof Ast.FloatLit) {
            return true;
        }
        if (e instanceof Ast.Unary u) {
            return hasFloat(u.operand());
        }
        if (e instanceof Ast.Binary b) {
            return hasFloat(b.left()) || hasFloat(b.right());
        }
        return false;
    }

    private static boolean broken(Expr e) {
        if (e instanceof Ast.Missing || e instanceof Ast.StringLit) {
            return true;
        }
        if (e instanceof Ast.Brace b) {
            for (Expr x : b.items()) {
                if (broken(x)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isZero(Expr e) {
        return e instanceof Ast.IntLit lit && intValue(lit) == 0;
    }

    /** The value of an integer literal; -1 when it is not one or does not fit. */
    static long intValue(Ast.IntLit lit) {
        try {
            dev.ptxlint.eval.Literals.IntegerValue v = dev.ptxlint.eval.Literals.parseInteger(lit.token().text());
            return v.overflow() ? -1 : v.bits();
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    private static boolean hasLinkage(VarDecl d, String name) {
        for (Token t : d.linkage()) {
            if (t.text().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
