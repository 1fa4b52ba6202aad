package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.checker.instructions.ModifierMatch.Binding;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.InstructionSet;
import dev.ptxlint.isa.IsaForm;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Since;
import dev.ptxlint.isa.Target;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks every instruction whose opcode has forms in the ISA data ({@link InstructionSet}):
 * its modifiers against the forms (once per distinct spelling, cached), then its operands
 * against the forms its modifiers fit (count, kind, register type, constants, vectors), then the
 * {@code .version} and {@code .target} the form needs. The set family and the video comparisons
 * have their own rules ({@link FormChecks}) and are skipped here.
 */
public final class IsaChecks implements InstructionCheck {

    /**
     * At most this many distinct spellings are cached (shared by every linter): real modules have
     * a few hundred; beyond the limit (random input) a spelling is matched each time it is seen.
     */
    static final int CACHE_LIMIT = 20_000;

    private static final ConcurrentHashMap<String, ModifierMatch> CACHE = new ConcurrentHashMap<>();

    private final InstructionSet isa;
    private final Set<String> skip;

    public IsaChecks() {
        this(InstructionSet.get(), FormChecks.opcodes());
    }

    IsaChecks(InstructionSet isa, Set<String> skip) {
        this.isa = isa;
        this.skip = skip;
    }

    @Override
    public void check(Ast.Instruction insn, CheckContext ctx) {
        String opcode = insn.opcode().text();
        if (skip.contains(opcode) || !isa.has(opcode)) {
            return;
        }
        List<Token> toks = insn.modifiers();
        String[] mods = new String[toks.size()];
        for (int i = 0; i < mods.length; i++) {
            String t = toks.get(i).text();
            if (t.length() > 1 && Character.isDigit(t.charAt(1)) && !isa.isKnownWord(t)) {
                return; // a malformed modifier: the parser reported it
            }
            mods[i] = t;
        }
        Set<String> elsewhere = isa.elsewhere(opcode);
        if (!elsewhere.isEmpty()) {
            for (String m : mods) {
                if (elsewhere.contains(m)) {
                    return;
                }
            }
        }
        for (Ast.Expr e : insn.operands()) {
            if (e instanceof Ast.Missing) {
                return; // the parser could not read the instruction whole and said so
            }
        }
        ModifierMatch match = match(opcode, mods);
        if (match.bindings.isEmpty()) {
            for (ModifierMatch.Problem p : match.problems) {
                Span at = p.index() >= 0 ? toks.get(p.index()).span() : mnemonicSpan(insn);
                ctx.reporter().report(p.rule(), at, p.message());
            }
            return;
        }
        checkOperands(insn, match.bindings, ctx);
    }

    private ModifierMatch match(String opcode, String[] mods) {
        String key = ModifierMatch.mnemonic(opcode, mods);
        ModifierMatch m = CACHE.get(key);
        if (m == null) {
            m = ModifierMatch.of(isa, opcode, mods);
            if (CACHE.size() < CACHE_LIMIT && isa == InstructionSet.get()) {
                CACHE.put(key, m);
            }
        }
        return m;
    }

    private static Span mnemonicSpan(Ast.Instruction insn) {
        Span s = insn.opcode().span();
        List<Token> m = insn.modifiers();
        return m.isEmpty() ? s : s.to(m.get(m.size() - 1).span());
    }

    // ------------------------------------------------------------------ operands

    /** One operand finding, before it is reported. */
    record Finding(Rule rule, Span span, String message) {
    }

    private void checkOperands(Ast.Instruction insn, List<Binding> bindings, CheckContext ctx) {
        Binding passed = null;
        Binding best = null;
        int bestCount = Integer.MAX_VALUE;
        for (Binding b : bindings) {
            int n = operandProblems(insn, b, ctx, null);
            if (n == 0) {
                if (passed == null) {
                    passed = b;
                }
                if (requirementsMet(b, ctx)) {
                    report(insn, b, ctx);
                    return;
                }
            } else if (n < bestCount) {
                bestCount = n;
                best = b;
            }
        }
        if (passed != null) {
            requirement(insn, passed, ctx);
            return;
        }
        List<Finding> out = new ArrayList<>();
        operandProblems(insn, best, ctx, out);
        for (Finding f : out) {
            ctx.reporter().report(f.rule(), f.span(), f.message());
        }
    }

    /** Warnings of a form that passed: undocumented forms. */
    private void report(Ast.Instruction insn, Binding b, CheckContext ctx) {
        if (b.form().undocumented() != null) {
            ctx.reporter().report(Rules.UNDOCUMENTED_FORM, mnemonicSpan(insn), "'" + insn.mnemonic()
                    + "' is not a form the PTX ISA manual lists (ptxas accepts it"
                    + (b.form().undocumented().isEmpty() ? "" : ": " + b.form().undocumented()) + ")");
        }
    }

    private static boolean requirementsMet(Binding b, CheckContext ctx) {
        Since s = since(b);
        return s.versionMet(ctx.declaredVersion()) && s.targetMet(ctx.declaredTarget());
    }

    /** What the bound form needs, its modifiers' values included. */
    private static Since since(Binding b) {
        IsaForm f = b.form();
        Since s = f.since();
        if (f.hasValueRequirements()) {
            for (String v : b.values()) {
                if (v != null) {
                    Since x = f.since(v);
                    if (x != null) {
                        s = s.and(x);
                    }
                }
            }
        }
        return s;
    }

    private static void requirement(Ast.Instruction insn, Binding b, CheckContext ctx) {
        Since s = since(b);
        PtxVersion v = ctx.declaredVersion();
        Target t = ctx.declaredTarget();
        Span at = mnemonicSpan(insn);
        if (!s.versionMet(v)) {
            ctx.reporter().report(Rules.REQUIRES_NEWER, at, "'" + insn.mnemonic() + "' requires .version "
                    + s.version() + " or later; the module declares " + v);
        }
        if (!s.targetMet(t)) {
            boolean exact = s.targets().stream().allMatch(r -> r.kind() != ' ');
            ctx.reporter().report(Rules.REQUIRES_NEWER, at, "'" + insn.mnemonic() + "' requires .target "
                    + s.targetText() + (exact ? "" : " or later") + "; the module targets " + t.name());
        }
    }

    /**
     * Counts (and with {@code out}, describes) what is wrong with the operands for the bound form.
     * Allocates nothing when {@code out} is null.
     */
    private int operandProblems(Ast.Instruction insn, Binding b, CheckContext ctx, List<Finding> out) {
        IsaForm f = b.form();
        List<Ast.Expr> ops = insn.operands();
        int n = ops.size();
        if (n < f.minOperands() || n > f.maxOperands()) {
            if (out != null) {
                String count = f.minOperands() == f.maxOperands() ? String.valueOf(f.maxOperands())
                        : f.minOperands() + " to " + f.maxOperands();
                Span at = n > f.maxOperands() ? ops.get(f.maxOperands()).span() : insn.span();
                out.add(new Finding(Rules.OPERAND_COUNT, at, "'" + insn.mnemonic() + "' takes " + count
                        + (f.maxOperands() == 1 ? " operand" : " operands") + " (" + f.syntax() + "); this one has " + n));
            }
            return 1;
        }
        int problems = 0;
        IsaForm.Operand[] specs = f.operands();
        for (int i = 0; i < n; i++) {
            problems += operand(insn, b, specs[i], ops.get(i), i == 0 && specs[i].kind() == IsaForm.Kind.REG, ctx, out);
        }
        return problems;
    }

    private int operand(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr e, boolean dest,
                        CheckContext ctx, List<Finding> out) {
        if (spec.kind() == IsaForm.Kind.ANY) {
            return 0;
        }
        PtxType type = typeOf(b, spec);
        int width = spec.vectorSlot() >= 0 ? vectorWidth(b.value(spec.vectorSlot())) : spec.vector();
        if (width > 0) {
            if (!(e instanceof Ast.VectorExpr v)) {
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is a vector of " + width + " {...}" + widthSource(b, spec) + "; this one is not");
            }
            if (v.items().size() != width) {
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is a vector of " + width + widthSource(b, spec) + "; this one has " + v.items().size());
            }
            int p = 0;
            for (Ast.Expr item : v.items()) {
                if (item instanceof Ast.Sink) {
                    continue;
                }
                p += scalar(insn, spec, type, item, dest, ctx, out);
            }
            return p;
        }
        if (e instanceof Ast.VectorExpr v && v.items().size() == 1) {
            e = v.items().get(0); // ptxas reads {%r1} as %r1
        }
        if (e instanceof Ast.VectorExpr && spec.kind() != IsaForm.Kind.ADDR) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + describe(spec, type) + ", not a vector");
        }
        return scalar(insn, spec, type, e, dest, ctx, out);
    }

    private static String widthSource(Binding b, IsaForm.Operand spec) {
        return spec.vectorSlot() >= 0 ? " (" + b.value(spec.vectorSlot()) + ")" : "";
    }

    private static int vectorWidth(String v) {
        if (v == null) {
            return 0;
        }
        int n = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c >= '0' && c <= '9') {
                n = n * 10 + (c - '0');
            }
        }
        return n;
    }

    private static PtxType typeOf(Binding b, IsaForm.Operand spec) {
        PtxType t = spec.typeSlot() >= 0 ? PtxType.of(b.value(spec.typeSlot())) : spec.fixedType();
        return spec.wide() && t != null ? OperandFit.wide(t) : t;
    }

    private int scalar(Ast.Instruction insn, IsaForm.Operand spec, PtxType type, Ast.Expr e, boolean dest,
                       CheckContext ctx, List<Finding> out) {
        switch (spec.kind()) {
            case ADDR -> {
                return e instanceof Ast.Address ? 0 : fail(out, Rules.INVALID_OPERAND_KIND, e, "operand "
                        + spec.name() + " of '" + insn.mnemonic() + "' is an address [...]");
            }
            case LABEL, FUNC, VAR -> {
                return e instanceof Ast.Name ? 0 : fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name()
                        + " of '" + insn.mnemonic() + "' is a " + spec.kind().name().toLowerCase(java.util.Locale.ROOT)
                        + " name");
            }
            default -> {
            }
        }
        if (e instanceof Ast.Sink) {
            return spec.sink() ? 0 : fail(out, Rules.INVALID_DESTINATION, e, "'_' cannot be operand " + spec.name()
                    + " of '" + insn.mnemonic() + "'");
        }
        FormAnalysis.Operand o = FormAnalysis.classify(e, ctx);
        if (o.kind() == Kind.NEGATED) {
            if (!spec.neg()) {
                return fail(out, Rules.INVALID_NEGATION, e, "'!' is not allowed on operand " + spec.name() + " of '"
                        + insn.mnemonic() + "'");
            }
            o = o.inner();
        }
        switch (o.kind()) {
            case UNDECLARED, OTHER, REGISTER_EXPRESSION -> {
                return 0; // reported by the name resolver or the parser
            }
            case REGISTER -> {
                if (spec.kind() == IsaForm.Kind.IMM) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is a constant, not a register");
                }
                PtxType r = o.type();
                if (type == null || r == null) {
                    return 0;
                }
                if (!OperandFit.register(type, r, dest, spec.relaxed())) {
                    return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + o.symbol().name() + "' is "
                            + r.text() + ", but operand " + spec.name() + " of '" + insn.mnemonic() + "' is "
                            + describe(spec, type));
                }
                return 0;
            }
            case SPECIAL_REGISTER -> {
                if (dest) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "special register '" + o.symbol().name()
                            + "' cannot be written");
                }
                return 0;
            }
            case INTEGER, FLOAT_HEX_F, FLOAT_HEX_D, FLOAT_DECIMAL, MINUS_REGISTER -> {
                if (o.kind() == Kind.MINUS_REGISTER) {
                    return 0; // the parser's concern
                }
                if (spec.kind() == IsaForm.Kind.REG || spec.kind() == IsaForm.Kind.PRED) {
                    if (spec.kind() == IsaForm.Kind.PRED && o.kind() == Kind.INTEGER) {
                        return 0; // ptxas takes integer constants as predicates in many places
                    }
                    return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                            + "' is " + describe(spec, type) + ", not a constant");
                }
                if (type != null && !OperandFit.immediate(type, o.kind())) {
                    return fail(out, Rules.INVALID_IMMEDIATE, e, OperandFit.immediateMessage(type, o.kind(), spec.name(),
                            insn.mnemonic()));
                }
                return 0;
            }
            case OTHER_SYMBOL -> {
                Symbol s = o.symbol();
                if (spec.kind() == IsaForm.Kind.PRED || spec.kind() == IsaForm.Kind.REG && dest) {
                    if (s.isRegister()) {
                        return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                                + insn.mnemonic() + "' is " + describe(spec, type) + ", not a vector register");
                    }
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is " + describe(spec, type) + ", not '" + s.name() + "'");
                }
                return 0; // a variable's address, a function or label name as a value: ptxas takes many
            }
            case VECTOR, ADDRESS, PAIR -> {
                if (spec.kind() == IsaForm.Kind.PRED && o.kind() == Kind.PAIR) {
                    return 0;
                }
                String what = o.kind() == Kind.VECTOR ? "a vector" : o.kind() == Kind.ADDRESS ? "an address"
                        : "a predicate pair";
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is " + describe(spec, type) + ", not " + what);
            }
            default -> {
                return 0;
            }
        }
    }

    private static String describe(IsaForm.Operand spec, PtxType type) {
        String t = type == null ? "" : type.text() + " ";
        return switch (spec.kind()) {
            case REG -> "a " + t + "register";
            case IMM -> "a " + t + "constant";
            case PRED -> "a predicate";
            default -> "a " + t + "register or constant";
        };
    }

    private static int fail(List<Finding> out, Rule rule, Ast.Expr e, String message) {
        if (out != null) {
            out.add(new Finding(rule, e.span(), message));
        }
        return 1;
    }
}
