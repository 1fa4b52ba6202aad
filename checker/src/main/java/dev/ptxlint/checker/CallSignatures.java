package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.VarDecl;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A direct {@code call} checked against the callee's declaration, as ptxas 13.0 checks it (measured
 * in docs/ptxas-behaviour.md, "Calls"): the number of return and argument values ("Call has wrong
 * number of parameters", PTX0285), that the callee is a {@code .func} ("Illegal call target, device
 * function expected", PTX0285), and each value against its formal parameter ("Type of argument does
 * not match formal parameter", "Alignment of argument does not match formal parameter", "Inconsistent
 * state space for parameter", PTX0286).
 *
 * <p>The matching rule, measured over every pair of 17 parameter declarations and 10 register and
 * immediate kinds, in both the argument and the return list: a scalar takes a {@code .param}
 * scalar or a register of the same size whose type is compatible (a bit-size type on either side,
 * signed and unsigned integers together, floats together); an integer constant takes any integer
 * or bit-size parameter, a floating-point constant any float or bit-size one; an array takes only
 * a {@code .param} array of the same size and alignment. A {@code .u8}, {@code .s8}, {@code .u16} or
 * {@code .s16} parameter takes nothing: the values of its size stop ptxas with a fatal ABI message,
 * the others do not match. What was not measured ({@code .f16x2}, vectors, unsized arrays, variables
 * of other state spaces) is not checked.
 *
 * <p>The signatures are the module's: written by the reading thread as functions are declared,
 * read by the threads that check bodies, so the table is concurrent. The shapes of the {@code .param}
 * variables a body declares are per resolver (per thread), keyed by where the name is declared.
 */
final class CallSignatures {

    /** One formal or actual {@code .param}: its type and, for an array, its size in bytes and alignment. */
    record Shape(String type, long bytes, long align, boolean array) {
    }

    /** One formal parameter: its name, and its shape (null where the matching rule is not known). */
    record Formal(String name, Shape shape) {
    }

    /** A function's formal parameters; {@code returns} empty for an entry. */
    record Signature(boolean entry, Formal[] returns, Formal[] params) {
    }

    /**
     * The most functions whose signatures are kept (docs/limits.md): a module with more has calls to the
     * later ones unchecked, so that memory stays flat however many functions a module declares.
     */
    static final int MAX_SIGNATURES = 16_384;

    private static final Formal[] NONE = new Formal[0];

    private final Map<String, Signature> functions;
    private final Map<Long, Shape> locals = new HashMap<>();
    /** The body's {@code .callprototype} labels (null: the label names two, in sibling blocks). */
    private final Map<String, Signature> prototypes = new HashMap<>();
    /** The body's {@code .calltargets} labels and their functions (null: ambiguous, as above). */
    private final Map<String, String[]> targets = new HashMap<>();

    /** A table of its own (the reading thread's resolver). */
    CallSignatures() {
        this.functions = new ConcurrentHashMap<>();
    }

    /** A body's table over the module's signatures (a worker's resolver). */
    CallSignatures(CallSignatures module) {
        this.functions = module.functions;
    }

    /**
     * Records the signature of {@code f} at its first declaration. {@code abi}: the module is PTX ISA 3.1 or
     * later, where a call passes parameters by the ABI, unless the function has several return values
     * (ptxas: "Function 'f' with multiple return values found, disabling ABI"): then a {@code .reg} formal
     * that is .pred or an 8- or 16-bit integer cannot be passed either.
     */
    void declare(Ast.Function f, boolean abi) {
        if (f.name() == null || functions.size() >= MAX_SIGNATURES) {
            return; // only the reading thread writes: the size cannot grow past the limit between the two calls
        }
        List<Ast.VarDecl> returns = f.isEntry() || f.returns() == null ? List.of() : f.returns();
        boolean narrow = abi && count(returns) <= 1;
        functions.putIfAbsent(f.name().text(), new Signature(f.isEntry(), formals(returns, narrow),
                formals(f.params(), narrow)));
    }

    private static int count(List<Ast.VarDecl> decls) {
        int n = 0;
        for (int i = 0; i < decls.size(); i++) {
            n += decls.get(i).declarators().size();
        }
        return n;
    }

    /** Records the shapes of a {@code .param} declaration of a body or of the function's parameters. */
    void local(Ast.VarDecl d) {
        if (!isParam(d)) {
            return;
        }
        for (Ast.Declarator x : d.declarators()) {
            Shape s = shape(d, x);
            if (s != null) {
                locals.put(x.name().span().start(), s);
            }
        }
    }

    /** Forgets the body's declarations (a new function). */
    void clearLocals() {
        locals.clear();
        prototypes.clear();
        targets.clear();
    }

    /**
     * A {@code .callprototype} or {@code .calltargets} directive of a body with its label: what an
     * indirect call that names the label is checked against.
     */
    void directive(String label, Ast.Directive d) {
        String n = d.name().text();
        if (n.equals(".callprototype")) {
            List<VarDecl> returns = List.of();
            List<VarDecl> params = List.of();
            boolean sink = false;
            for (Ast.Expr e : d.args()) {
                if (e instanceof Ast.Sink) {
                    sink = true;
                } else if (e instanceof Ast.Params p) {
                    if (sink) {
                        params = p.decls();
                    } else {
                        returns = p.decls();
                    }
                }
            }
            prototypes.put(label, prototypes.containsKey(label) ? null
                    : new Signature(false, formals(returns, false), formals(params, false)));
        } else if (n.equals(".calltargets")) {
            String[] names = new String[d.args().size()];
            for (int k = 0; k < names.length; k++) {
                names[k] = d.args().get(k) instanceof Ast.Name m ? m.token().text() : null;
            }
            targets.put(label, targets.containsKey(label) ? null : names);
        }
    }

    private static boolean isParam(Ast.VarDecl d) {
        for (Ast.Attr a : d.attrs()) {
            if (a.name().text().equals(".param")) {
                return true;
            }
        }
        return false;
    }

    /** The formals of a parameter or return list; {@code narrow}: see {@link #declare}. */
    private static Formal[] formals(List<Ast.VarDecl> decls, boolean narrow) {
        if (decls.isEmpty()) {
            return NONE;
        }
        Formal[] out = new Formal[count(decls)];
        int k = 0;
        for (Ast.VarDecl d : decls) {
            for (Ast.Declarator x : d.declarators()) {
                Shape s = narrow ? narrowRegister(d, x) : null;
                out[k++] = new Formal(x.name().text(), s != null ? s : shape(d, x));
            }
        }
        return out;
    }

    /**
     * A scalar {@code .reg} formal of a type the ABI cannot pass ({@code .pred}, 8- and 16-bit integers), as a
     * shape that no value matches ({@link #value}), or null. Of {@code .reg} formals (PTX before the ABI, still
     * accepted) only this is known: call g, (%rs1) to .func g(.reg .u16 x) is fatal "In ABI compilation, passing
     * predicate, 8-bit and 16-bit parameters to device functions is not supported" (measured 2026-11-28).
     */
    private static Shape narrowRegister(Ast.VarDecl d, Ast.Declarator x) {
        String type = null;
        boolean reg = false;
        for (Ast.Attr a : d.attrs()) {
            String t = a.name().text();
            if (t.equals(".reg")) {
                reg = true;
            } else if (Symbol.TYPES.contains(t)) {
                type = t;
            } else {
                return null;
            }
        }
        if (!reg || type == null || !DeclarationCheck.ABI_NARROW.contains(type) || x.isRange() || !x.dims().isEmpty()) {
            return null;
        }
        return new Shape(type, type.equals(".pred") ? 1 : size(type), 0, false);
    }

    /** The shape of one declarator, or null where the rule is not known (see the class comment). */
    private static Shape shape(Ast.VarDecl d, Ast.Declarator x) {
        String type = null;
        long align = 0;
        boolean param = false;
        for (Ast.Attr a : d.attrs()) {
            String t = a.name().text();
            if (t.equals(".param")) {
                param = true;
            } else if (t.equals(".align")) {
                if (a.args().size() != 1 || !(a.args().get(0) instanceof Ast.IntLit l)) {
                    return null;
                }
                align = parse(l.token().text());
            } else if (Symbol.TYPES.contains(t)) {
                type = t;
            } else if (!t.equals(".ptr") && !t.equals(".global") && !t.equals(".const") && !t.equals(".local")
                    && !t.equals(".shared")) {
                return null; // .v2, .v4 and anything else: not measured
            }
        }
        int size = size(type);
        if (!param || size <= 0 || x.isRange()) {
            return null;
        }
        if (x.dims().isEmpty()) {
            return new Shape(type, size, 0, false);
        }
        long bytes = size;
        for (Ast.Expr e : x.dims()) {
            if (!(e instanceof Ast.IntLit l)) {
                return null; // unsized or an expression
            }
            long n = parse(l.token().text());
            if (n <= 0 || n > (1L << 31)) {
                return null;
            }
            bytes *= n;
        }
        return new Shape(type, bytes, align > 0 ? align : size, true);
    }

    private static long parse(String t) {
        try {
            return t.startsWith("0x") || t.startsWith("0X") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The size in bytes of a type whose matching rule was measured, else 0. */
    private static int size(String t) {
        if (t == null) {
            return 0;
        }
        return switch (t) {
            case ".b8", ".u8", ".s8" -> 1;
            case ".b16", ".u16", ".s16", ".f16" -> 2;
            case ".b32", ".u32", ".s32", ".f32" -> 4;
            case ".b64", ".u64", ".s64", ".f64" -> 8;
            case ".b128" -> 16;
            default -> 0; // .f16x2, .pred, opaque types: not measured
        };
    }

    /** 'b' bit-size, 'u' and 's' integers, 'f' float, 'p' predicate, 0 other. */
    private static char kind(String t) {
        if (t == null || t.length() < 2) {
            return 0;
        }
        return switch (t.charAt(1)) {
            case 'b', 'u', 's', 'f' -> t.equals(".pred") ? 'p' : t.charAt(1);
            case 'p' -> 'p';
            default -> 0;
        };
    }

    private static boolean compatible(String formal, String actual) {
        char f = kind(formal);
        char a = kind(actual);
        if (f == 0 || a == 0) {
            return true;
        }
        if (a == 'p') {
            return false;
        }
        return f == 'b' || a == 'b' || f == a || (f == 'u' || f == 's') && (a == 'u' || a == 's');
    }

    /** Checks {@code call} instruction {@code i}: counts, the callee, and every value against its formal. */
    void check(Ast.Instruction i, java.util.function.Function<String, Symbol> resolver, Reporter out) {
        List<Ast.Expr> ops = i.operands();
        for (Ast.Expr e : ops) {
            if (!(e instanceof Ast.Group || e instanceof Ast.Name)) {
                return; // a malformed call (a vector among its operands is a syntax error, PTX0001)
            }
        }
        int fi = ops.isEmpty() ? -1 : ops.get(0) instanceof Ast.Group ? 1 : 0;
        if (fi < 0 || fi >= ops.size() || !(ops.get(fi) instanceof Ast.Name callee) || !callee.suffixes().isEmpty()) {
            return;
        }
        Symbol s = resolver.apply(callee.token().text());
        if (s != null && s.kind() == Symbol.Kind.VARIABLE && ".reg".equals(s.space())) {
            indirect(i, ops, fi, callee, resolver, out);
            return;
        }
        if (s == null || s.kind() != Symbol.Kind.FUNCTION) {
            return; // undeclared (reported elsewhere), or a label
        }
        Signature sig = functions.get(callee.token().text());
        if (sig == null) {
            return;
        }
        String name = callee.token().text();
        if (sig.entry()) {
            out.report(Diagnostic.of(Rules.CALL_SIGNATURE, TextRange.of(callee.span()), "'" + name
                    + "' is a kernel (.entry), which cannot be called; call a .func, or launch the kernel from the host"));
            return;
        }
        Ast.Group rets = fi == 1 ? (Ast.Group) ops.get(0) : null;
        Ast.Group args = fi + 1 < ops.size() && ops.get(fi + 1) instanceof Ast.Group g ? g : null;
        against(sig, "'" + name + "'", name, callee, rets, args, resolver, out);
    }

    /**
     * An indirect call {@code call (r), %rd1, (a), LABEL;}: against the {@code .callprototype} that
     * LABEL names, or against every function of the {@code .calltargets} list it names (the first
     * that does not match is reported), as ptxas 13.0 checks it (measured: probe_calls.py
     * indirect_cases). A label declared after the call is not known here: the call is not checked.
     */
    private void indirect(Ast.Instruction i, List<Ast.Expr> ops, int fi, Ast.Name callee,
                          java.util.function.Function<String, Symbol> resolver, Reporter out) {
        Ast.Group rets = fi == 1 ? (Ast.Group) ops.get(0) : null;
        Ast.Group args = fi + 1 < ops.size() && ops.get(fi + 1) instanceof Ast.Group g ? g : null;
        int li = fi + (args != null ? 2 : 1);
        if (li != ops.size() - 1 || !(ops.get(li) instanceof Ast.Name label) || !label.suffixes().isEmpty()) {
            return; // no prototype or target list (PTX0215 and the like say what is wrong)
        }
        String l = label.token().text();
        Signature proto = prototypes.get(l);
        if (proto != null) {
            against(proto, "the .callprototype '" + l + "'", l, label, rets, args, resolver, out);
            return;
        }
        String[] names = targets.get(l);
        if (names == null) {
            return;
        }
        for (String n : names) {
            Signature sig = n == null ? null : functions.get(n);
            if (sig != null && !sig.entry() && against(sig, "'" + n + "' (in the .calltargets '" + l + "')", n, label,
                    rets, args, resolver, out)) {
                return;
            }
        }
    }

    /**
     * The return and argument lists of a call against {@code sig}: {@code who} names the callee in
     * messages, {@code at} is where a missing list is reported. Returns whether anything was reported.
     */
    private boolean against(Signature sig, String who, String name, Ast.Name at, Ast.Group rets, Ast.Group args,
                            java.util.function.Function<String, Symbol> resolver, Reporter out) {
        long before = out.errorCount();
        Ast.Name callee = at;
        int nr = rets == null ? 0 : rets.items().size();
        int na = args == null ? 0 : args.items().size();
        if (nr != sig.returns().length) {
            out.report(Diagnostic.of(Rules.CALL_SIGNATURE, TextRange.of(rets != null ? rets.span() : callee.span()),
                    who + " " + count(sig.returns().length, "value", "returns") + ", but this call "
                            + (nr == 0 ? "lists none" : "lists " + nr)
                            + (sig.returns().length == 0 ? "; remove the return list"
                                    : "; write " + listOf(sig.returns()) + (who.startsWith("'") && !who.contains(".calltargets")
                                    ? " before the function name"
                                    : " before the address register"))));
        }
        if (na != sig.params().length) {
            out.report(Diagnostic.of(Rules.CALL_SIGNATURE, TextRange.of(args != null ? args.span() : callee.span()),
                    who + " " + count(sig.params().length, "parameter", "takes") + " "
                            + listOf(sig.params()) + ", but this call passes " + (na == 0 ? "none" : na)));
        }
        if (rets != null) {
            for (Ast.Expr r : rets.items()) {
                if (r instanceof Ast.IntLit || r instanceof Ast.Unary u && u.operand() instanceof Ast.IntLit) {
                    // measured: ptxas 13.0 is killed by a signal on it, whatever the formal's type
                    out.report(Diagnostic.of(Rules.CALL_ARGUMENT, TextRange.of(r.span()), "the return list of the"
                            + " call of '" + name + "' names the constant '" + dev.ptxlint.checker.Exprs.text(r)
                            + "', which cannot receive a value (ptxas 13.0 crashes on it); write a register or a"
                            + " .param variable"));
                    return true;
                }
            }
        }
        if (nr == sig.returns().length && rets != null) {
            for (int k = 0; k < nr; k++) {
                value(rets.items().get(k), sig.returns()[k], name, resolver, out);
            }
        }
        if (na == sig.params().length && args != null) {
            for (int k = 0; k < na; k++) {
                value(args.items().get(k), sig.params()[k], name, resolver, out);
            }
        }
        return out.errorCount() != before;
    }

    private static String count(int n, String what, String verb) {
        return n == 0 ? (verb.equals("returns") ? "returns no value" : "takes no parameter")
                : verb + " " + n + " " + what + (n == 1 ? "" : "s");
    }

    private static String listOf(Formal[] formals) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < formals.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(formals[i].name());
        }
        return sb.append(')').toString();
    }

    private void value(Ast.Expr e, Formal f, String fn, java.util.function.Function<String, Symbol> resolver,
                       Reporter out) {
        Shape formal = f.shape();
        String formalName = f.name();
        if (formal == null) {
            return;
        }
        String problem = null;
        char fk = kind(formal.type());
        boolean pred = formal.type().equals(".pred");
        if (!formal.array() && formal.bytes() <= 2 && (fk == 'u' || fk == 's' || pred)) {
            // measured for .u8 .s8 .u16 .s16 with every kind of value: the values it would take stop ptxas
            // ("In ABI compilation, passing predicate, 8-bit and 16-bit parameters to device functions is not
            // supported"), the others are "Type of argument does not match"
            out.report(Diagnostic.of(Rules.CALL_ARGUMENT, TextRange.of(e.span()), "ptxas cannot pass a value to "
                    + describe(formal, formalName) + " of '" + fn + "': it refuses 8- and 16-bit signed and unsigned"
                    + " parameters in a call ('In ABI compilation, passing predicate, 8-bit and 16-bit parameters to"
                    + " device functions is not supported'); declare the parameter " + (pred ? ".u32 (selp the predicate"
                    + " into it)" : ".b" + formal.bytes() * 8 + " or ." + fk + "32")));
            return;
        }
        if (e instanceof Ast.Name n && n.suffixes().isEmpty()) {
            Symbol v = resolver.apply(n.token().text());
            if (v == null || v.kind() != Symbol.Kind.VARIABLE || v.vector() > 1) {
                return;
            }
            if (".reg".equals(v.space())) {
                if (formal.array()) {
                    problem = "is a register, and " + describe(formal, formalName) + " takes a .param array of the same size and"
                            + " alignment";
                } else if (size(v.type()) > 0 && (size(v.type()) != formal.bytes() || !compatible(formal.type(), v.type()))
                        || ".pred".equals(v.type())) {
                    problem = "is a " + v.type() + " register, and " + describe(formal, formalName) + " takes " + takes(formal);
                }
            } else if (".param".equals(v.space()) && v.declaration() != null) {
                Shape a = locals.get(v.declaration().start());
                if (a == null) {
                    return;
                }
                if (formal.array() != a.array()) {
                    problem = "is " + describeActual(a) + ", and " + describe(formal, formalName) + " takes "
                            + (formal.array() ? "a .param array of the same size and alignment" : takes(formal));
                } else if (formal.array()) {
                    if (a.bytes() != formal.bytes()) {
                        problem = "is " + describeActual(a) + ", and " + describe(formal, formalName) + " takes " + formal.bytes()
                                + " bytes";
                    } else if (a.align() != formal.align()) {
                        problem = "is aligned to " + a.align() + " bytes, and " + describe(formal, formalName) + " to "
                                + formal.align() + " (declare it .align " + formal.align() + ")";
                    }
                } else if (a.bytes() != formal.bytes() || !compatible(formal.type(), a.type())) {
                    problem = "is " + describeActual(a) + ", and " + describe(formal, formalName) + " takes " + takes(formal);
                }
            }
        } else if (e instanceof Ast.IntLit || e instanceof Ast.Unary u && u.operand() instanceof Ast.IntLit) {
            if (formal.array() || kind(formal.type()) == 'f') {
                problem = "is an integer constant, and " + describe(formal, formalName) + " takes " + takes(formal);
            }
        } else if (e instanceof Ast.FloatLit || e instanceof Ast.Unary u && u.operand() instanceof Ast.FloatLit) {
            char k = kind(formal.type());
            if (formal.array() || k == 'u' || k == 's') {
                problem = "is a floating-point constant, and " + describe(formal, formalName) + " takes " + takes(formal);
            }
        }
        if (problem != null) {
            out.report(Diagnostic.of(Rules.CALL_ARGUMENT, TextRange.of(e.span()),
                    "'" + dev.ptxlint.checker.Exprs.text(e) + "' " + problem + " (in the call of '" + fn + "')"));
        }
    }

    private static String describe(Shape formal, String name) {
        return "formal parameter '" + name + "' " + (formal.array() ? "(an array of " + formal.bytes() + " bytes aligned to "
                + formal.align() + ")" : "(" + formal.type() + ")");
    }

    private static String describeActual(Shape a) {
        return a.array() ? "a .param array of " + a.bytes() + " bytes aligned to " + a.align()
                : "a .param " + a.type();
    }

    /** What a scalar formal takes, for messages. */
    private static String takes(Shape f) {
        if (f.array()) {
            return "a .param array of " + f.bytes() + " bytes aligned to " + f.align();
        }
        int bits = (int) f.bytes() * 8;
        return switch (kind(f.type())) {
            case 'b' -> "a " + bits + "-bit value (.b" + bits + ", .u" + bits + ", .s" + bits
                    + (bits >= 32 ? ", .f" + bits : "") + ")";
            case 'f' -> "a .f" + bits + " or .b" + bits + " value";
            default -> "a " + bits + "-bit integer (.u" + bits + ", .s" + bits + ", .b" + bits + ")";
        };
    }
}
