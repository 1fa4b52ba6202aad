package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Exprs;
import dev.ptxlint.checker.FunctionCheck;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.checker.instructions.ModifierMatch.Binding;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.InstructionSet;
import dev.ptxlint.isa.IsaForm;
import dev.ptxlint.isa.IsaSource;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Since;
import dev.ptxlint.isa.SpecialRegisterTable;
import dev.ptxlint.isa.TypeRules;
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
public final class IsaChecks implements FunctionCheck {

    /**
     * At most this many distinct spellings are cached (shared by every linter): real modules have
     * a few hundred; beyond the limit (random input) a spelling is matched each time it is seen.
     */
    static final int CACHE_LIMIT = 20_000;

    private static final ConcurrentHashMap<String, ModifierMatch> CACHE = new ConcurrentHashMap<>();

    private final InstructionSet isa;
    private final Set<String> skip;
    /** The shared cache for the shipped instruction set, a private one for any other. */
    private final ConcurrentHashMap<String, ModifierMatch> cache;

    public IsaChecks() {
        this(InstructionSet.get(), FormChecks.opcodes(), new Spellings());
    }

    /** Checks that look each instruction's spelling up once with {@code forms} (of the same set). */
    public IsaChecks(FormChecks forms) {
        this(InstructionSet.get(), FormChecks.opcodes(), forms.spellings);
    }

    IsaChecks(InstructionSet isa, Set<String> skip) {
        this(isa, skip, new Spellings(), true);
    }

    /** Checks that walk every instruction's operands, without the verdict memo (tests compare the two). */
    static IsaChecks withoutMemo(FormChecks forms) {
        return new IsaChecks(InstructionSet.get(), FormChecks.opcodes(), forms.spellings, false);
    }

    private IsaChecks(InstructionSet isa, Set<String> skip, Spellings spellings) {
        this(isa, skip, spellings, true);
    }

    private IsaChecks(InstructionSet isa, Set<String> skip, Spellings spellings, boolean memo) {
        this.isa = isa;
        this.skip = skip;
        this.cache = isa == InstructionSet.get() ? CACHE : new ConcurrentHashMap<>();
        this.spellings = spellings;
        this.memo = memo;
    }

    /** Whether the operand verdicts are memoised per spelling ({@link #verdicts}). */
    private final boolean memo;

    /**
     * What the spelling alone decides, prepared once per distinct opcode-and-modifier spelling:
     * whether the instruction is left alone, which modifiers ptxas ignores (their indices), the
     * modifiers without them (with their token indices) and the forms they fit.
     */
    private static final class Prepared {
        final int[] ignoredAt;
        final String[] mods;
        final int[] index;
        final ModifierMatch match;
        /** The instruction's name as written ({@code tcgen05.mma}), when it ignores a word; else null. */
        final String name;

        Prepared(int[] ignoredAt, String[] mods, int[] index, ModifierMatch match, String name) {
            this.name = name;
            this.ignoredAt = ignoredAt;
            this.mods = mods;
            this.index = index;
            this.match = match;
        }

        /**
         * Which operands the verdict memo takes ({@link #verdicts}): 0 not yet known, {@link #MEMO_NONE}
         * (some form has an operand whose check reads more than the operand's kind and register type),
         * {@link #MEMO_REGISTERS} (constants' values matter: registers and {@code _} only),
         * {@link #MEMO_ALL} (registers, {@code _} and literal constants).
         */
        byte memo;
        /** The memo's keys ({@link #operandKey}) and, per key, each binding's problem count (-1: not yet). */
        long[] keys;
        int[][] counts;
        int size;
    }

    private static final byte MEMO_NONE = -1;
    private static final byte MEMO_REGISTERS = 1;
    private static final byte MEMO_ALL = 2;
    /** At most this many operand keys per spelling (real modules: a handful); past it the operands are walked. */
    static final int MEMO_LIMIT = 16;
    /** At most this many operands in a key: 6 bits each in a long. */
    private static final int MEMO_OPERANDS = 10;

    /** Not checked here: another check's opcode, no forms, a malformed or an {@code @elsewhere} modifier. */
    private static final Prepared SKIP = new Prepared(null, null, null, null, null);
    private static final int[] NONE = new int[0];

    /** The spelling lookup, shared with the {@link FormChecks} of the same set when made with it. */
    private final Spellings spellings;

    private Prepared prepare(String opcode, String[] mods) {
        if (skip.contains(opcode) || !isa.has(opcode)) {
            return SKIP;
        }
        for (String t : mods) {
            if (t.length() > 1 && Character.isDigit(t.charAt(1)) && !isa.isKnownWord(t)) {
                return SKIP; // a malformed modifier: the parser reported it
            }
        }
        Set<String> elsewhere = isa.elsewhere(opcode);
        if (!elsewhere.isEmpty()) {
            for (String m : mods) {
                if (elsewhere.contains(m)) {
                    return SKIP;
                }
            }
        }
        int[] index = null; // modifier index -> token index, when ignored words were dropped
        int[] ignoredAt = NONE;
        Set<String> ignored = isa.ignored(opcode, mods);
        if (!ignored.isEmpty()) {
            int kept = 0;
            for (String m : mods) {
                if (!ignored.contains(m)) {
                    kept++;
                }
            }
            if (kept < mods.length) {
                ignoredAt = new int[mods.length - kept];
                String[] m2 = new String[kept];
                index = new int[kept];
                for (int i = 0, k = 0, g = 0; i < mods.length; i++) {
                    if (!ignored.contains(mods[i])) {
                        index[k] = i;
                        m2[k++] = mods[i];
                    } else {
                        ignoredAt[g++] = i;
                    }
                }
                mods = m2;
            }
        }
        String name = null;
        if (ignoredAt.length > 0) {
            StringBuilder sb = new StringBuilder(opcode);
            for (int i = 0, k = isa.nameLength(opcode, mods); i < k; i++) {
                sb.append(mods[i]);
            }
            name = sb.toString();
        }
        return new Prepared(ignoredAt, mods, index, match(opcode, mods), name);
    }

    @Override
    public void check(Ast.Instruction insn, CheckContext ctx) {
        if (insn.guard() != null) {
            guard(insn, ctx);
        }
        String op = insn.opcode().text();
        if (op.length() == 4 && op.equals("call")) {
            callReturns(insn);
        }
        Spellings.Spelling s = spellings.get(insn);
        Prepared p = (Prepared) s.isa;
        if (p == null) {
            p = prepare(s.opcode, s.mods);
            s.isa = p;
        }
        if (p == SKIP) {
            return;
        }
        if (ctx.reporter().lastSyntaxErrorOffset() >= insn.span().start()) {
            return; // the parser could not read the instruction whole and said so
        }
        List<Token> toks = insn.modifiers();
        for (int i : p.ignoredAt) {
            String m = toks.get(i).text();
            TextRange r = TextRange.of(toks.get(i).span());
            ctx.reporter().report(Diagnostic.of(Rules.IGNORED_MODIFIER, r, "ptxas ignores '" + m + "' on '"
                    + p.name + "' (it has no meaning there); remove it")
                    .withFix(Fix.safe("Remove '" + m + "'", r, "")));
        }
        ModifierMatch match = p.match;
        if (match.bindings.isEmpty()) {
            for (ModifierMatch.Problem pr : match.problems) {
                int ti = pr.index() < 0 || p.index == null ? pr.index() : p.index[pr.index()];
                Span at = ti >= 0 ? toks.get(ti).span() : mnemonicSpan(insn);
                ctx.reporter().report(pr.rule(), at, pr.message());
            }
            return;
        }
        Binding used = checkOperands(insn, match.bindings, memo ? verdicts(p, insn, ctx) : null, ctx);
        if (used == null || !hasSpaces(used.form())) {
            addressSpace(insn, p.mods, used, ctx);
        }
    }

    /**
     * The guard {@code @p} / {@code @!p} of any instruction: ptxas 13.0 takes only a register declared
     * {@code .reg .pred} there; any other register ({@code @%r3}, {@code @!%f3}), a special register,
     * a variable, a label or a function is "Predicate expression expected" (measured; an undeclared
     * name is reported where names are resolved).
     */
    private static void guard(Ast.Instruction insn, CheckContext ctx) {
        Token g = insn.guard().predicate();
        Symbol s = ctx.resolve(g);
        if (s == null || s.isRegister() && ".pred".equals(s.type())) {
            return;
        }
        String bang = insn.guard().negated() ? "!" : "";
        if (s.isRegister()) {
            ctx.reporter().report(Rules.OPERAND_TYPE_MISMATCH, g.span(), "the guard '@" + bang + g.text()
                    + "' is a " + s.type() + " register: a guard must be a .pred register ('@" + bang
                    + "%p', declared .reg .pred)");
            return;
        }
        String what = switch (s.kind()) {
            case SPECIAL_REGISTER -> "a special register";
            case LABEL -> "a label";
            case FUNCTION -> "a function";
            default -> s.space() == null ? "a variable" : "a " + s.space() + " variable";
        };
        ctx.reporter().report(Rules.INVALID_OPERAND_KIND, g.span(), "the guard '@" + bang + g.text() + "' is "
                + what + ": a guard must be a .pred register ('@" + bang + "%p', declared .reg .pred)");
    }

    private static boolean hasSpaces(IsaForm f) {
        for (IsaForm.Operand o : f.operands()) {
            if (o.spaces() != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The variable of an address against the state spaces its operand allows ({@code space(...)} in
     * the data): {@code [g]} or {@code [g+8]} of a .global variable where the operand is an address
     * in .shared is "State space mismatch" / "Illegal state space for address operand" in ptxas.
     * Registers and constants are not checked (generic addresses).
     */
    private static int addressSpaceOf(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr base,
                                      CheckContext ctx, List<Finding> out) {
        Ast.Name n = variableOf(base);
        if (n == null) {
            return 0;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null || !inStateSpace(s)) {
            return 0;
        }
        String want = wantedSpace(b, spec, s.space());
        return want == null ? 0 : spaceMismatch(insn, spec, n, s, want, out);
    }

    /** A variable of a memory state space (not a register, special register or texture reference). */
    private static boolean inStateSpace(Symbol s) {
        return s.kind() == Symbol.Kind.VARIABLE && s.space() != null && !s.isRegister() && !".sreg".equals(s.space())
                && !".tex".equals(s.space());
    }

    /**
     * Whether a variable of state space {@code space} may stand in the operand ({@code space(...)}
     * in the data, with the form's written modifiers): null when it may, else the spaces it may be
     * in, for messages.
     */
    private static String wantedSpace(Binding b, IsaForm.Operand spec, String space) {
        String[] allowed = spec.spaces();
        IsaForm f = b.form();
        for (String w : allowed) {
            boolean optionalSlot = w.startsWith("{");
            if (optionalSlot || !IsaForm.STATE_SPACES.contains(w) && !w.equals("generic")) {
                int slot = slotIndex(f, optionalSlot ? w.substring(1, w.length() - 1) : w);
                String v = b.value(slot);
                if (v != null) {
                    return spaceOf(v).equals(space) ? null : spaceOf(v);
                }
                continue; // not written: the items after it
            }
            if (w.equals("generic") ? GENERIC_SPACES.contains(space) : spaceOf(w).equals(space)) {
                return null;
            }
        }
        StringBuilder want = new StringBuilder();
        for (String w : allowed) {
            String sp = w.equals("generic") ? ".global, .shared or .local"
                    : IsaForm.STATE_SPACES.contains(w) ? spaceOf(w) : null;
            if (sp != null && want.indexOf(sp) < 0) {
                want.append(want.length() == 0 ? "" : " or ").append(sp);
            }
        }
        return want.toString();
    }

    /**
     * The variable a value operand names, alone or plus an offset ({@code g}, {@code g+8}), against
     * the state spaces of its {@code space(...)}: cvta.global takes the address of a .global variable,
     * mapa and getctarank of a .shared one (ptxas 13.0: "State space mismatch between instruction and
     * address in instruction 'cvta'", cvta.ptxisa, mapa.ptxisa). A function is in no state space: with
     * {@code nofunc} it is refused the same way (cvta.global.u64 %rd1, fv); registers and constants pass.
     */
    private static int valueSpace(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr e,
                                  CheckContext ctx, List<Finding> out) {
        Ast.Name n = variableOf(e);
        if (n == null) {
            return 0;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null) {
            return 0;
        }
        if (s.kind() == Symbol.Kind.FUNCTION) {
            return !spec.noFunction() ? 0 : fail(out, Rules.ADDRESS_SPACE_MISMATCH, n, "'" + n.text() + "' is a"
                    + " function, not a variable: operand " + spec.name() + " of '" + insn.mnemonic() + "' takes the"
                    + " address of a " + wantedSpace(b, spec, "") + " variable");
        }
        if (!inStateSpace(s)) {
            return 0;
        }
        String want = wantedSpace(b, spec, s.space());
        return want == null ? 0 : fail(out, Rules.ADDRESS_SPACE_MISMATCH, n, "'" + n.text() + "' is a " + s.space()
                + " variable, but operand " + spec.name() + " of '" + insn.mnemonic() + "' takes the address of a "
                + want + " variable" + (IsaForm.STATE_SPACES.contains(s.space()) && spec.spaces().length == 1
                && !IsaForm.STATE_SPACES.contains(spec.spaces()[0]) ? ": use " + insn.opcode().text() + s.space()
                + " for it" : ""));
    }

    /**
     * A written address ({@code @operand a : addr writes}) that names a parameter of the function or kernel
     * itself: ptxas 13.0 "Illegal to write to function input parameter" (st.param [pa], [pa+4]); its return
     * parameters and the .param variables of its body (call arguments) may be written.
     */
    private static int inputParameter(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr base, CheckContext ctx,
                                      List<Finding> out) {
        Ast.Name n = variableOf(base);
        if (n == null) {
            return 0;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null || !s.input() || !".param".equals(s.space())) {
            return 0;
        }
        return fail(out, Rules.INPUT_PARAMETER_WRITE, n, "'" + n.text() + "' is an input parameter of this function,"
                + " which '" + insn.mnemonic() + "' cannot write (operand " + spec.name() + "): copy it to a register"
                + " (ld.param) or write a return parameter or a .param variable of the body");
    }

    /** The return parameters of the function being checked ({@link #begin}), for {@link #guardedParameter}. */
    private List<Ast.VarDecl> returns = List.of();
    /** Whether the function being checked is a kernel ({@code .entry}), for {@link #paramCrash}. */
    private boolean entry;
    /** The names a call above has returned into, in the function being checked ({@link #paramCrash}). */
    private final Set<String> returned = new java.util.HashSet<>();

    @Override
    public void begin(Ast.Function function, CheckContext context) {
        returns = function.returns() == null ? List.of() : function.returns();
        entry = function.isEntry();
        returned.clear();
    }

    @Override
    public void end(Ast.Function function, CheckContext context) {
        returns = List.of();
        returned.clear();
    }

    /** Notes the names of a call's return list ({@code call (r1, r2), f, (a)}) for {@link #paramCrash}. */
    private void callReturns(Ast.Instruction insn) {
        List<Ast.Expr> ops = insn.operands();
        if (!ops.isEmpty() && ops.get(0) instanceof Ast.Group g) {
            List<Ast.Expr> items = g.items();
            for (int k = 0, n = items.size(); k < n; k++) {
                if (items.get(k) instanceof Ast.Name nm && returned.size() < RETURNED_LIMIT) {
                    returned.add(nm.text());
                }
            }
        }
    }

    /** The most return names {@link #returned} keeps per function (more are not noted: fewer reports). */
    private static final int RETURNED_LIMIT = 4096;

    /**
     * Addresses of an instruction naming {@code .param} on which ptxas 13.0 is killed by SIGSEGV (measured
     * alone, task misses2, 2026-11-29; docs/ptxas-behaviour.md §28):
     * <ul>
     * <li>a store ({@code writes}: st.param, st.param::func) through a register ({@code [%rd1]}, {@code [%r1+4]},
     * any integer register, any type and vector) in a kernel on sm_90 and later (sm_20 ... sm_89 and
     * a {@code .func} on sm_90 assemble it);</li>
     * <li>a load (ld.param, ::func, ::entry) of a {@code .param} variable of the body that no call above
     * in the function has returned into ({@code ld.param.b32 %r1, [cpa]} with no call, after
     * {@code call fv}, of a call's argument, or before the call that returns into it), on every
     * target, in kernels and functions alike.</li>
     * </ul>
     */
    private int paramCrash(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr base, CheckContext ctx,
                           List<Finding> out) {
        String space = namedSpace(b);
        Ast.Name n = space == null || !space.startsWith(".param") ? null : variableOf(base);
        if (n == null) {
            return 0;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null || s.kind() != Symbol.Kind.VARIABLE) {
            return 0;
        }
        if (spec.writes()) {
            Target t = ctx.declaredTarget();
            if (!entry || !s.isRegister() || t == null || t.sm() < 90) {
                return 0;
            }
            return fail(out, Rules.PTXAS_CRASH, n, "'" + insn.mnemonic() + "' through the register '" + n.text()
                    + "' in a kernel: ptxas 13.0 crashes (killed by SIGSEGV) on a .param store through a register"
                    + " address on " + t.name() + " (sm_90 and later; a .func or an older target assembles it);"
                    + " name the .param variable instead ([param], [param+4])");
        }
        if (s.input() || !".param".equals(s.space()) || s.isRegister() || isReturn(n.text())
                || returned.contains(n.text())) {
            return 0;
        }
        return fail(out, Rules.PTXAS_CRASH, n, "'" + insn.mnemonic() + "' reads '" + n.text() + "', a .param"
                + " variable of the body that no call above has returned a value into: ptxas 13.0 crashes"
                + " (killed by SIGSEGV) on it; read it after the call that names it in its return list"
                + " (call (" + n.text() + "), f, (...);), or keep the value in a register");
    }

    /**
     * A predicated instruction's address naming a {@code .param} variable of the body (a call parameter),
     * or reading a return parameter: ptxas 13.0 "Illegal to predicate instruction 'st.param' with operand
     * 'cpb'" (ld.param and st.param, with an offset, ::func and vectors too; measured 2026-11-28). Writing
     * a return parameter ({@code writes} in the data: st's address) and reading an input parameter under a
     * guard assemble. Only when the instruction names .param (or .param::func): a generic address naming a
     * .param variable is another error (State space mismatch).
     */
    private int guardedParameter(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr base,
                                 CheckContext ctx, List<Finding> out) {
        String space = namedSpace(b);
        Ast.Name n = space == null || !space.startsWith(".param") ? null : variableOf(base);
        if (n == null) {
            return 0;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null || s.input() || s.kind() != Symbol.Kind.VARIABLE || !".param".equals(s.space())) {
            return 0;
        }
        boolean ret = isReturn(n.text());
        if (ret && spec.writes()) {
            return 0; // @%p st.param [fr], %r1 assembles
        }
        return fail(out, Rules.GUARDED_CALL_PARAMETER, n, "'" + insn.mnemonic() + "' under the guard '@"
                + (insn.guard().negated() ? "!" : "") + insn.guard().predicate().text() + "' names '" + n.text()
                + "', " + (ret ? "a return parameter of this function" : "a .param variable of the body (a call"
                + " parameter)") + ", which ptxas does not allow in a predicated instruction: move the value"
                + " through a register unconditionally, or branch around the unpredicated instruction");
    }

    /**
     * A call parameter, a {@code .param} variable of the body, named alone where its address is taken
     * (mov's and cvta's variable, any register or value operand): ptxas 13.0 "Illegal to take address of
     * parameter 'cpa'" (mov.u64, mov.u32, cvta.param, cvta.param::entry, mapa; before and after the call);
     * the address of a kernel's or function's own parameters (input and return) is taken (mov.u64 %rd1, pa;
     * cvta.param.u64 %rd1, fa). Plus an offset ptxas takes it in cvta (cvta.param.u64 %rd1, cpa+4) and
     * crashes on it in mov, so only the name alone is reported (measured 2026-11-28).
     */
    private int callParameterAddress(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, CheckContext ctx,
                                     List<Finding> out) {
        if (!(e instanceof Ast.Name n) || !n.suffixes().isEmpty()) {
            return 0;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null || s.input() || s.kind() != Symbol.Kind.VARIABLE || !".param".equals(s.space())
                || isReturn(n.text())) {
            return 0;
        }
        return fail(out, Rules.CALL_PARAMETER_ADDRESS, n, "'" + n.text() + "' is a .param variable of the body (a"
                + " call parameter), whose address ptxas does not take (operand " + spec.name() + " of '"
                + insn.mnemonic() + "': 'Illegal to take address of parameter'): read it with ld.param after the call,"
                + " or take the address of a .local copy");
    }

    private boolean isReturn(String name) {
        for (Ast.VarDecl v : returns) {
            for (Ast.Declarator d : v.declarators()) {
                if (d.name().text().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The state spaces of the variables a generic address may name. */
    private static final Set<String> GENERIC_SPACES = Set.of(".global", ".shared", ".local");

    private static int spaceMismatch(Ast.Instruction insn, IsaForm.Operand spec, Ast.Name n, Symbol s, String want,
                                     List<Finding> out) {
        return fail(out, Rules.ADDRESS_SPACE_MISMATCH, n, "'" + n.text() + "' is a " + s.space() + " variable, but"
                + " operand " + spec.name() + " of '" + insn.mnemonic() + "' is an address in " + want
                + ": use a variable of " + want + " or a register holding an address");
    }

    private static int slotIndex(IsaForm f, String name) {
        for (int i = 0; i < f.slotCount(); i++) {
            if (f.slot(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** .shared::cta and .shared::cluster address .shared variables, .param::entry .param ones. */
    private static String spaceOf(String w) {
        return w.startsWith(".shared") ? ".shared" : w.startsWith(".param") ? ".param" : w;
    }

    /**
     * The variable of an address against the one state space the instruction names (measured on the
     * recorded verdicts: every instruction with one state-space modifier and one address operand
     * {@code [var]} or {@code [var+N]} of another space is "State space mismatch between instruction
     * and address"; .shared, .shared::cta and .shared::cluster all take a .shared variable, .param,
     * .param::entry and .param::func a .param one: a kernel's or function's parameter or a .param
     * variable of the body; ld.param [s], [g], [l], [c] and st.param [l+32] are "State space mismatch",
     * holdout-cross, 2026-11-28). Instructions with two spaces or two addresses are left alone.
     */
    private static void addressSpace(Ast.Instruction insn, String[] mods, Binding used, CheckContext ctx) {
        String space = null;
        for (String m : mods) {
            String s = switch (m) {
                case ".global" -> ".global";
                case ".shared", ".shared::cta", ".shared::cluster" -> ".shared";
                case ".const" -> ".const";
                case ".local" -> ".local";
                case ".param", ".param::entry", ".param::func" -> ".param";
                default -> null;
            };
            if (s != null) {
                if (space != null) {
                    return; // two state spaces (cp.async.bulk.shared::cluster.global): not checked
                }
                space = s;
            }
        }
        if (space == null && used != null && genericAddress(used.form())) {
            generic(insn, used.form(), ctx);
            return;
        }
        if (space == null || space.isEmpty()) {
            return;
        }
        Ast.Address address = soleAddress(insn);
        if (address == null) {
            return;
        }
        Ast.Expr base = address.items().get(0);
        Ast.Name n = variableOf(base);
        if (n == null) {
            return;
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null || s.kind() != Symbol.Kind.VARIABLE || s.space() == null || s.isRegister()
                || ".sreg".equals(s.space()) || ".tex".equals(s.space()) || s.space().equals(space)) {
            return;
        }
        ctx.reporter().report(Rules.ADDRESS_SPACE_MISMATCH, n.span(), "'" + n.text() + "' is a " + s.space()
                + " variable, but '" + insn.mnemonic() + "' accesses " + space + " memory: use the " + s.space()
                + " form of the instruction for it, or an address in " + space);
    }

    /** The variable an address part names ({@code g} in {@code [g]} or {@code [g+8]}), or null. */
    private static Ast.Name variableOf(Ast.Expr part) {
        Ast.Expr e = part instanceof Ast.Binary bin ? bin.left() : part;
        return e instanceof Ast.Name n && n.suffixes().isEmpty() ? n : null;
    }

    /** The instruction's one address operand when it has exactly one and it has one part, else null. */
    private static Ast.Address soleAddress(Ast.Instruction insn) {
        Ast.Address address = null;
        List<Ast.Expr> ops = insn.operands();
        for (int k = 0, n = ops.size(); k < n; k++) { // (no iterator: asked per memory instruction)
            if (ops.get(k) instanceof Ast.Address a) {
                if (address != null) {
                    return null;
                }
                address = a;
            }
        }
        return address == null || address.items().size() != 1 ? null : address;
    }

    /** Whether the form's generic address says {@code localcrash} (atom). */
    private static boolean localCrash(IsaForm f) {
        for (IsaForm.Operand o : f.operands()) {
            if (o.limits().localCrash()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the form's address is generic when the instruction names no state space
     * ({@code @operand a : addr generic} in the data: ld, st, atom, red).
     */
    private static boolean genericAddress(IsaForm f) {
        for (IsaForm.Operand o : f.operands()) {
            if (o.limits().generic()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A generic address (no state space named): ptxas needs sm_20 for it ("Feature 'generic
     * addressing' requires .target sm_20 or higher"), and a {@code .const} variable is not in the
     * generic space ("State space mismatch between instruction and address": ld.b32 %r1, [c]),
     * measured with ptxas 13.0 on ld, st, atom, red, ldu and prefetch (the operand word {@code generic}).
     */
    private static void generic(Ast.Instruction insn, IsaForm form, CheckContext ctx) {
        Ast.Address address = soleAddress(insn);
        if (address == null) {
            return;
        }
        Target t = ctx.declaredTarget();
        if (t != null && t.sm() < 20) {
            ctx.reporter().report(Rules.REQUIRES_NEWER, address.span(), "a generic address (no state space on '"
                    + insn.mnemonic() + "') requires .target sm_20 or later; the module targets " + t.name()
                    + ": name the state space (" + insn.opcode().text() + ".global, ." + "shared, ...)");
            return;
        }
        Ast.Expr base = address.items().get(0);
        Ast.Name n = variableOf(base);
        if (n == null) {
            return;
        }
        Symbol s = ctx.resolve(n.token());
        if (s != null && s.kind() == Symbol.Kind.VARIABLE && ".const".equals(s.space())) {
            ctx.reporter().report(Rules.ADDRESS_SPACE_MISMATCH, n.span(), "'" + n.text() + "' is a .const variable,"
                    + " which a generic address cannot reach: write '" + insn.opcode().text() + ".const' for it");
        } else if (s != null && s.kind() == Symbol.Kind.VARIABLE && ".local".equals(s.space()) && !s.isRegister()
                && localCrash(form) && !insn.operands().isEmpty() && !(insn.operands().get(0) instanceof Ast.Sink)) {
            // localcrash: a generic atom with a result on a .local variable: ptxas 13.0 is killed by SIGSEGV (every
            // operation, type, order and target measured; red and atom with '_' as the result assemble: task misses2)
            ctx.reporter().report(Rules.PTXAS_CRASH, n.span(), "'" + n.text() + "' is a .local variable: ptxas 13.0"
                    + " crashes (killed by SIGSEGV) on a generic atom that returns a value from .local memory;"
                    + " atomics act on .global or .shared memory: put the value there, or use ld.local/st.local"
                    + " (a thread's .local memory is its own)");
        } else if (s != null && s.kind() == Symbol.Kind.VARIABLE && ".param".equals(s.space()) && !s.isRegister()) {
            // ld/st/atom/red without a state space on a parameter or a .param variable ([pb+8], [pa], [cpa]):
            // ptxas 13.0 "State space mismatch between instruction and address" (crossfix, 2026-11-28)
            String op = insn.opcode().text();
            ctx.reporter().report(Rules.ADDRESS_SPACE_MISMATCH, n.span(), "'" + n.text() + "' is a .param variable,"
                    + " which a generic address cannot reach: " + (op.equals("ld") || op.equals("st")
                    ? "write '" + op + ".param' for it" : "'" + op + "' takes no parameter; copy it into .global or"
                    + " .shared memory first"));
        }
    }

    private ModifierMatch match(String opcode, String[] mods) {
        String key = ModifierMatch.mnemonic(opcode, mods);
        ModifierMatch m = cache.get(key);
        if (m == null) {
            m = ModifierMatch.of(isa, opcode, mods);
            if (cache.size() < CACHE_LIMIT) {
                cache.put(key, m);
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

    /**
     * Checks the operands; the binding they were checked against (the best one when none fit).
     * {@code counts}: each binding's problem count for operands of this kind and register types, -1
     * where not yet counted (filled here), or null: counted for this instruction alone.
     */
    private Binding checkOperands(Ast.Instruction insn, List<Binding> bindings, int[] counts, CheckContext ctx) {
        Binding passed = null;
        Binding best = null;
        int bestCount = Integer.MAX_VALUE;
        int target = excludedTarget(bindings, ctx);
        for (int i = 0, nb = bindings.size(); i < nb; i++) {
            Binding b = bindings.get(i);
            if (target >= 0 && b.form().excludes(target)) {
                continue; // @except: another form says how ptxas reads it on this target
            }
            int n;
            if (counts == null) {
                n = operandProblems(insn, b, ctx, null);
            } else if ((n = counts[i]) < 0) {
                n = operandProblems(insn, b, ctx, null);
                counts[i] = n;
            }
            if (n == 0) {
                if (passed == null) {
                    passed = b;
                }
                if (requirementsMet(b, ctx)) {
                    report(insn, b, ctx);
                    plusConstants(insn, b, ctx);
                    return b;
                }
            } else if (n < bestCount || n == bestCount && shapeMisses(insn, b) < shapeMisses(insn, best)) {
                bestCount = n;
                best = b;
            }
        }
        if (passed != null) {
            requirement(insn, passed, ctx);
            plusConstants(insn, passed, ctx);
            return passed;
        }
        List<Finding> out = new ArrayList<>();
        operandProblems(insn, best, ctx, out);
        for (Finding f : out) {
            ctx.reporter().report(f.rule(), f.span(), f.message());
        }
        return best;
    }

    /**
     * The module's target number when some binding does not apply on it ({@code @except}) and another
     * does, else -1 (every binding counts).
     */
    private static int excludedTarget(List<Binding> bindings, CheckContext ctx) {
        Target t = ctx.declaredTarget();
        if (t == null) {
            return -1;
        }
        boolean some = false;
        boolean other = false;
        for (int i = 0, nb = bindings.size(); i < nb; i++) {
            IsaForm f = bindings.get(i).form();
            if (f.hasExcept() && f.excludes(t.sm())) {
                some = true;
            } else {
                other = true;
            }
        }
        return some && other ? t.sm() : -1;
    }

    // ------------------------------------------------------------------ the operand verdict memo

    /**
     * The problem counts of the spelling's bindings for operands like this instruction's, or null when
     * they must be walked: nearly every operand of a compiled module is a scalar register or a literal
     * constant, whose check reads nothing but its kind and its register's type, so one count per
     * binding serves every instruction of the spelling whose operands have the same kinds and types
     * ({@link #operandKey}). Filled binding by binding as {@link #checkOperands} asks; at most
     * {@link #MEMO_LIMIT} keys per spelling. The set serves one thread at a time ({@link Spellings}),
     * so the memo needs no lock.
     */
    private int[] verdicts(Prepared p, Ast.Instruction insn, CheckContext ctx) {
        byte kinds = p.memo;
        if (kinds == 0) {
            kinds = memoKinds(p.match.bindings);
            p.memo = kinds;
        }
        if (kinds == MEMO_NONE) {
            return null;
        }
        long key = operandKey(insn, kinds == MEMO_ALL, ctx);
        if (key == 0) {
            return null;
        }
        long[] keys = p.keys;
        if (keys == null) {
            keys = new long[MEMO_LIMIT];
            p.keys = keys;
            p.counts = new int[MEMO_LIMIT][];
        }
        int n = p.size;
        for (int i = 0; i < n; i++) {
            if (keys[i] == key) {
                return p.counts[i];
            }
        }
        if (n == MEMO_LIMIT) {
            return null;
        }
        int[] counts = new int[p.match.bindings.size()];
        java.util.Arrays.fill(counts, -1);
        keys[n] = key;
        p.counts[n] = counts;
        p.size = n + 1;
        return counts;
    }

    /**
     * Which operands the memo may take for these bindings: none when an operand of some form is checked
     * by what more than a plain operand's kind and register type decide (a state space, a texture
     * handle or coordinates, a memory, label, function or variable operand: their checks read the
     * operand's symbol); registers only when a constant's value is checked (a range, a list of values,
     * a multiple, a power of two, not zero, a float range, at most another operand).
     */
    private static byte memoKinds(List<Binding> bindings) {
        byte kinds = MEMO_ALL;
        for (Binding b : bindings) {
            for (IsaForm.Operand o : b.form().operands()) {
                switch (o.kind()) {
                    case REG, VAL, IMM, PRED -> {
                        if (o.spaces() != null) {
                            return MEMO_NONE;
                        }
                    }
                    case ADDR, ANY -> {
                        // ADDR: anything but [...] fails at once; ANY: not checked
                    }
                    default -> {
                        return MEMO_NONE;
                    }
                }
                IsaForm.Limits l = o.limits();
                if (o.hasRange() || o.values() != null || o.multiple() != 0 || l.pow2() || l.nonzero()
                        || l.floatRange() || l.atMost() != null) {
                    kinds = MEMO_REGISTERS;
                }
            }
        }
        return kinds;
    }

    /**
     * The operands' kinds and register types in a long, 6 bits an operand, or 0 when an operand is
     * none of those the memo takes: a scalar register named whole (its type), {@code _}, and with
     * {@code constants} an integer or floating-point literal (its kind). No string is made.
     */
    private static long operandKey(Ast.Instruction insn, boolean constants, CheckContext ctx) {
        List<Ast.Expr> ops = insn.operands();
        int n = ops.size();
        if (n > MEMO_OPERANDS) {
            return 0;
        }
        long key = 0;
        for (int i = 0; i < n; i++) {
            Ast.Expr e = ops.get(i);
            int code;
            if (e instanceof Ast.Name nm) {
                if (!nm.suffixes().isEmpty()) {
                    return 0;
                }
                // (WARP_SZ gives 0 too: asked after the resolver, which finds the name by its id, so
                // that a register's text is not read here)
                Symbol s = ctx.resolve(nm.token());
                if (s == null || s.vector() != 1 || s.kind() != Symbol.Kind.VARIABLE || !s.isRegister()
                        || nm.text().equals("WARP_SZ")) {
                    return 0;
                }
                PtxType t = TypeCache.of(s.type());
                code = t == null ? 7 : t.ordinal() < 56 ? 8 + t.ordinal() : 0;
                if (code == 0) {
                    return 0;
                }
            } else if (e instanceof Ast.Sink) {
                code = 6;
            } else if (!constants) {
                return 0;
            } else if (e instanceof Ast.IntLit) {
                code = 2;
            } else if (e instanceof Ast.FloatLit f) {
                String t = f.token().text();
                char c = t.length() > 1 && t.charAt(0) == '0' ? t.charAt(1) : 0;
                code = c == 'f' || c == 'F' ? 3 : c == 'd' || c == 'D' ? 4 : 5;
            } else {
                return 0;
            }
            key = key << 6 | code;
        }
        return key;
    }

    /**
     * How many operands are written as a vector where the form has none or one of another width, or the
     * other way round: between
     * forms with as many problems, the one whose shapes fit is reported (tex.level's lod {%f1, %f2} with
     * .s32 coordinates is a wrong vector, not a wrong scalar).
     */
    private static int shapeMisses(Ast.Instruction insn, Binding b) {
        IsaForm.Operand[] specs = b.form().operands();
        List<Ast.Expr> ops = insn.operands();
        if (specs.length != ops.size()) {
            return 0;
        }
        int m = 0;
        for (int i = 0; i < specs.length; i++) {
            IsaForm.Operand s = specs[i];
            if (s.kind() == IsaForm.Kind.ANY || s.kind() == IsaForm.Kind.COORDS) {
                continue;
            }
            if (s.widths() != null) {
                // vec(A|B): a vector of a width it does not take (vec(0): sust's wider scalar source as {%rd1})
                m += s.takesWidth(ops.get(i) instanceof Ast.VectorExpr v ? v.items().size() : 0) ? 0 : 1;
                continue;
            }
            int wants = s.vectorSlot() >= 0 ? vectorWidth(b.value(s.vectorSlot())) : s.vector();
            m += wants != (ops.get(i) instanceof Ast.VectorExpr v ? v.items().size() : 0) ? 1 : 0;
        }
        return m;
    }

    /** Warnings of a form that passed: undocumented forms. */
    private void report(Ast.Instruction insn, Binding b, CheckContext ctx) {
        String crash = b.form().crash();
        if (crash != null) {
            // @crash: ptxas 13.0 parses and checks the form, then is killed generating code for it
            ctx.reporter().report(Rules.PTXAS_CRASH, mnemonicSpan(insn), "ptxas 13.0 cannot compile '" + insn.mnemonic()
                    + "'" + (crash.isEmpty() ? "" : ": " + crash));
            return;
        }
        if (b.form().undocumented() != null) {
            ctx.reporter().report(Rules.UNDOCUMENTED_FORM, mnemonicSpan(insn), "'" + insn.mnemonic()
                    + "' is not a form the PTX ISA manual lists (ptxas accepts it"
                    + (b.form().undocumented().isEmpty() ? "" : ": " + b.form().undocumented()) + ")");
        }
    }

    private static boolean requirementsMet(Binding b, CheckContext ctx) {
        Since s = since(b);
        return s.versionMet(ctx.declaredVersion()) && s.targetMet(ctx.declaredTarget()) && !removed(b, ctx);
    }

    /** Whether the form is no longer accepted for the module's version and target ({@code @until}). */
    private static boolean removed(Binding b, CheckContext ctx) {
        IsaForm.Until u = b.form().until();
        PtxVersion v = ctx.declaredVersion();
        Target t = ctx.declaredTarget();
        return u != null && v != null && t != null && v.atLeast(u.version()) && t.sm() >= u.sm();
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
            s = f.comboSince(s, b.values());
        }
        return s;
    }

    private static void requirement(Ast.Instruction insn, Binding b, CheckContext ctx) {
        Since s = since(b);
        PtxVersion v = ctx.declaredVersion();
        Target t = ctx.declaredTarget();
        Span at = mnemonicSpan(insn);
        if (removed(b, ctx)) {
            IsaForm.Until u = b.form().until();
            // sm_10 and later is every target: only the version matters then
            String where = u.sm() <= 10 ? " from PTX ISA " + u.version() + " on (the module declares " + v + ")"
                    : " on .target sm_" + u.sm() + " and later from PTX ISA " + u.version() + " (the module: " + t.name()
                            + ", " + v + ")";
            ctx.reporter().report(Rules.REMOVED_FORM, at, "'" + insn.mnemonic() + "' is not supported" + where
                    + (u.replacement() == null ? "" : "; use " + u.replacement()));
            return;
        }
        if (!s.versionMet(v)) {
            ctx.reporter().report(Rules.REQUIRES_NEWER, at, "'" + insn.mnemonic() + "' requires .version "
                    + s.version() + " or later; the module declares " + v);
        }
        if (!s.targetMet(t)) {
            Since u = s.strictestUnmet(t);
            boolean exact = u.targets().stream().allMatch(r -> r.kind() != ' ');
            ctx.reporter().report(Rules.REQUIRES_NEWER, at, "'" + insn.mnemonic() + "' requires .target "
                    + u.targetText() + (exact ? "" : " or later") + "; the module targets " + t.name());
        }
    }

    /**
     * Counts (and with {@code out}, describes) what is wrong with the operands for the bound form.
     * Optional operands ({@code {, b}}) may stand anywhere: every choice of the ones present is
     * tried and the best counts. Allocates nothing when {@code out} is null.
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
            return 2; // a wrong count weighs more than one wrong operand: the form with the count written is reported
        }
        IsaForm.Operand[] specs = f.operands();
        int optionals = specs.length - f.minOperands();
        int present = n - f.minOperands();
        if (optionals == present) {
            return operands(insn, b, -1, ctx, out);
        }
        // choose which optional operands are present: masks over the optional ones, fewest problems wins
        int best = Integer.MAX_VALUE;
        int bestMask = 0;
        int limit = optionals > 16 ? 0 : 1 << optionals;
        for (int mask = 0; mask < limit; mask++) {
            if (Integer.bitCount(mask) != present) {
                continue;
            }
            int p = operands(insn, b, mask, ctx, null);
            if (p < best) {
                best = p;
                bestMask = mask;
                if (p == 0) {
                    break;
                }
            }
        }
        if (out != null && best > 0) {
            operands(insn, b, bestMask, ctx, out);
        }
        return best;
    }

    /** The operands against the specs, with the optional ones in {@code mask} present (-1: all). */
    private int operands(Ast.Instruction insn, Binding b, int mask, CheckContext ctx, List<Finding> out) {
        IsaForm.Operand[] specs = b.form().operands();
        List<Ast.Expr> ops = insn.operands();
        int problems = 0;
        int k = 0;
        int optionalIndex = 0;
        for (int i = 0; i < specs.length && k < ops.size(); i++) {
            IsaForm.Operand spec = specs[i];
            if (spec.optional()) {
                boolean on = mask < 0 || (mask & (1 << optionalIndex)) != 0;
                optionalIndex++;
                if (!on) {
                    continue;
                }
            }
            problems += operand(insn, b, spec, ops.get(k), i == 0 && spec.kind() == IsaForm.Kind.REG, ctx, out);
            if (spec.limits().atMost() != null) {
                problems += atMost(insn, spec, ops.get(k), writtenOperand(specs, mask, ops, spec.limits().atMost()), out);
            }
            List<String> np = spec.limits().negProduct();
            if (np != null) {
                problems += negProduct(insn, spec, ops.get(k), writtenOperand(specs, mask, ops, np.get(0)),
                        writtenOperand(specs, mask, ops, np.get(1)), out);
            }
            k++;
        }
        return problems;
    }

    /**
     * {@code negproduct(a b)} on c (vmad: d = a*b + c): ptxas 13.0 negates the product when exactly one of a
     * and b is written {@code -%r}, and takes that or {@code -c}, not both: "Operand negation limited to either
     * (source A xor source B) or source C" ({@code -a, b, -c} and {@code a, -b, -c}; {@code -a, -b, -c}
     * assembles: the product's signs cancel). Where c takes no {@code -} ({@code .po}), a negated product
     * is "Conflicting use of '.po' modifier with operand negation" ({@code -a, -b} assembles there). A
     * negative constant ({@code -7}) is a constant, not a negation.
     */
    private static int negProduct(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr c, Ast.Expr a, Ast.Expr b,
                                  List<Finding> out) {
        boolean na = negated(a);
        if (na == negated(b)) {
            return 0;
        }
        Ast.Expr factor = na ? a : b;
        if (negated(c)) {
            return fail(out, Rules.INVALID_NEGATION, c, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' cannot be negated while the product is (" + Exprs.text(factor) + " has '-'): ptxas takes"
                    + " either (a xor b) or c negated; negate both factors or neither, or leave " + spec.name()
                    + " unnegated");
        }
        if (!spec.minus()) {
            return fail(out, Rules.INVALID_NEGATION, factor, "'" + insn.mnemonic() + "' takes no negated product ("
                    + Exprs.text(factor) + " has '-' and the other factor has none): with this form negate both"
                    + " factors or neither");
        }
        return 0;
    }

    /** {@code -%r1}, {@code -%r1.h0}: an operand negated with '-' (a negative constant is none). */
    private static boolean negated(Ast.Expr e) {
        return e instanceof Ast.Unary u && u.op().text().equals("-") && !FormAnalysis.isIntegerConstant(u.operand());
    }

    /** The operand written for the spec named {@code name}, with the optional ones in {@code mask} present. */
    private static Ast.Expr writtenOperand(IsaForm.Operand[] specs, int mask, List<Ast.Expr> ops, String name) {
        for (int k = 0; k < ops.size(); k++) {
            IsaForm.Operand spec = specAt(specs, mask, ops.size(), k);
            if (spec != null && spec.name().equals(name)) {
                return ops.get(k);
            }
        }
        return null;
    }

    /**
     * {@code atmost(other)}: a constant may not exceed the other operand's constant, both read as
     * unsigned 32-bit numbers (ptxas 13.0, createpolicy.range: "value '1' must be less than or equal
     * to the value '0' of argument 4" for 1, 4294967296 and for -1, 1). Registers are not compared.
     */
    private static int atMost(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, Ast.Expr other,
                              List<Finding> out) {
        java.math.BigInteger v = other == null ? null : IntegerConstants.value(e);
        java.math.BigInteger w = v == null ? null : IntegerConstants.value(other);
        if (w == null) {
            return 0;
        }
        long x = v.longValue() & 0xFFFFFFFFL;
        long y = w.longValue() & 0xFFFFFFFFL;
        return x <= y ? 0 : fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                + "' (" + x + ") may not exceed operand " + spec.limits().atMost() + " (" + y + "; ptxas reads both as"
                + " unsigned 32-bit numbers)");
    }

    private int operand(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr e, boolean dest,
                        CheckContext ctx, List<Finding> out) {
        if (spec.kind() == IsaForm.Kind.ANY) {
            return 0;
        }
        if (spec.shape() == IsaSource.Shape.PAIR || spec.shape() == IsaSource.Shape.OPTIONAL_PAIR) {
            if (e instanceof Ast.PredPair pp) {
                if (pp.second() instanceof Ast.Sink && spec.kind() != IsaForm.Kind.PRED && spec.text().contains("{|")) {
                    // d{|p} written d|_ (tex, tld4): ptxas 13.0 reads no sink there (fatal "Parsing error near
                    // '_'"), where d[|p] takes one (shfl.sync's %r1|_)
                    return fail(out, Rules.INVALID_OPERAND_KIND, pp.second(), "the predicate result of " + spec.text()
                            + " in '" + insn.mnemonic() + "' cannot be '_': write a predicate register or leave '|"
                            + "p' out");
                }
                int p = spec.kind() == IsaForm.Kind.PRED ? 0 : value(insn, b, spec, pp.first(), dest, ctx, out);
                if (spec.limits().pairSince() != null) {
                    // pairsince(V TARGET): the second half of d{|p} needs them (tex's residency predicate)
                    p += TextureOperands.requires(spec.limits().pairSince(), pp.second(), "the predicate result ("
                            + spec.text() + ") of '" + insn.mnemonic() + "'", "; leave it out", ctx, out);
                }
                if (spec.kind() == IsaForm.Kind.PRED) {
                    p += predicateHalf(insn, spec, pp.first(), ctx, out);
                }
                return p + predicateHalf(insn, spec, pp.second(), ctx, out);
            }
            if (spec.shape() == IsaSource.Shape.PAIR) {
                return fail(out, Rules.INVALID_DESTINATION, e, "operand " + spec.text() + " of '" + insn.mnemonic()
                        + "' is a pair p|q");
            }
        }
        return value(insn, b, spec, e, dest, ctx, out);
    }

    /**
     * A {@code _} element of a written vector: taken in a destination ({@code {%f1, _}}) unless the operand
     * says {@code nosinkelement} (tex's .v2.f16x2 destination), in a source only where it says {@code sink}.
     */
    private static int sinkElement(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr item, boolean dest,
                                   List<Finding> out) {
        if (!dest) {
            return spec.sink() ? 0 : fail(out, Rules.INVALID_DESTINATION, item, "'_' cannot stand in source operand "
                    + spec.name() + " of '" + insn.mnemonic() + "'");
        }
        if (spec.limits().noSinkElement()) {
            // tex.2d.v2.f16x2.f32 {_, %r1}: ptxas 13.0 fatal "Result discard mode is not allowed for instruction
            // 'mov'" (it writes the destination through a mov), on every target
            return fail(out, Rules.INVALID_DESTINATION, item, "no element of destination " + spec.name() + " of '"
                    + insn.mnemonic() + "' may be '_' (ptxas moves the result into it and a move takes no sink):"
                    + " write a register there");
        }
        return 0;
    }

    private static boolean allSinks(Ast.VectorExpr v) {
        for (Ast.Expr x : v.items()) {
            if (!(x instanceof Ast.Sink)) {
                return false;
            }
        }
        return true;
    }

    /** One half of a pair that is a predicate: a predicate register or {@code _}. */
    private int predicateHalf(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, CheckContext ctx,
                              List<Finding> out) {
        if (e instanceof Ast.Sink) {
            return 0;
        }
        FormAnalysis.Operand o = FormAnalysis.classify(e, ctx);
        if (o.kind() == Kind.UNDECLARED || o.kind() == Kind.OTHER || o.isPredicateRegister()) {
            return 0;
        }
        return fail(out, Rules.INVALID_OPERAND_KIND, e, "the second half of " + spec.text() + " in '"
                + insn.mnemonic() + "' is a predicate register");
    }

    private int value(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr e, boolean dest,
                      CheckContext ctx, List<Finding> out) {
        if (spec.kind() == IsaForm.Kind.ANY) {
            return 0;
        }
        if (e instanceof Ast.VectorExpr v && v.items().size() > 1 && allSinks(v)) {
            // {_, _, _, _}: ptxas 13.0 "Unable to infer type of vector elements" (ld, mma, tex, tld4)
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "every element of operand " + spec.name() + " of '"
                    + insn.mnemonic() + "' is '_': ptxas cannot tell the vector's type; write a register in one");
        }
        switch (spec.kind()) {
            case HANDLE -> {
                return TextureOperands.handle(insn, spec, e, ctx, out);
            }
            case COORDS -> {
                IsaForm.Geometry g = spec.vectorSlot() < 0 ? null : spec.limits().geometry(b.value(spec.vectorSlot()));
                if (e instanceof Ast.VectorExpr v && !dest && (v.items().size() == 2 || v.items().size() == 4)) {
                    int c = constantsOnly(insn, b, spec, typeOf(b, spec), v, g, out);
                    if (c >= 0) {
                        return c;
                    }
                }
                if (e instanceof Ast.VectorExpr v && (mixedConstants(v.items(), ctx) & MIX_REGISTER) != 0
                        && intCrash(insn, b, spec, typeOf(b, spec), v.items(),
                        g == null || !g.index() ? -1 : g.apart() ? 1 : 0, ctx, out) > 0) {
                    return 1; // (an array index is an integer: TextureOperands)
                }
                return spec.vectorSlot() < 0 ? 0 : TextureOperands.coordinates(insn, spec, b.value(spec.vectorSlot()),
                        typeOf(b, spec), e, ctx, out);
            }
            default -> {
            }
        }
        PtxType type = typeOf(b, spec);
        int width = spec.vectorSlot() >= 0 ? vectorWidth(b.value(spec.vectorSlot())) : spec.vector();
        if (spec.widths() != null) {
            // vec(0|1|2|4|8): a vector of one of these widths, or (0) a scalar; {x} is x when both may be
            // (mma.sp's metadata: {1} is refused as 1 is); vec(0|2) refuses {x} (the sparse A fragment)
            int n = e instanceof Ast.VectorExpr v ? v.items().size() : 0;
            if (n > 0 && spec.anyVector()) {
                return 0; // vec(0|*): ptxas 13.0 takes wgmma.sp's sp-meta as a vector of any width, loosely
            }
            if (n == 1 && spec.takesWidth(0) && spec.takesWidth(1)) {
                e = ((Ast.VectorExpr) e).items().get(0);
                n = 0;
            }
            if (!(e instanceof Ast.VectorExpr) && vectorRegister(e, ctx) == null && !spec.takesWidth(0)
                    || e instanceof Ast.VectorExpr && !spec.takesWidth(n)) {
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is " + widthsText(spec) + "; this one " + (n == 0 ? "is not a vector" : "has " + n));
            }
            width = n;
        }
        if (width > 0) {
            if (e instanceof Ast.Sink && spec.sink()) {
                // a written vector {a, b} whose elements may be _ is not _ itself (mov.b32 _, %r1: "Result
                // discard mode is not allowed for instruction 'mov'"); a vec(N) operand may be
                return spec.shape() != IsaSource.Shape.VECTOR ? 0 : fail(out, Rules.INVALID_DESTINATION, e,
                        "'_' cannot stand for the vector " + spec.text() + " of '" + insn.mnemonic() + "'; write _ for"
                        + " each of its elements instead");
            }
            Symbol vr = vectorRegister(e, ctx);
            if (vr != null && vr.vector() == width) {
                PtxType r = TypeCache.of(vr.type());
                return type == null || r == null || fits(b, spec, type, r, true) ? 0
                        : fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + vr.name() + "' is .v" + width + " " + r.text()
                        + ", but operand " + spec.name() + " of '" + insn.mnemonic() + "' is a vector of "
                        + type.text());
            }
            if (!(e instanceof Ast.VectorExpr v)) {
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is a vector of " + width + " {...}" + widthSource(b, spec) + "; this one is not");
            }
            if (v.items().size() != width) {
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is a vector of " + width + widthSource(b, spec) + "; this one has " + v.items().size());
            }
            if (!dest && spec.kind() != IsaForm.Kind.PRED) {
                int c = constantsOnly(insn, b, spec, type, v, null, out);
                if (c >= 0) {
                    return c;
                }
                if ((type == PtxType.F16 || type == PtxType.F16X2 || type == PtxType.B16 || type == PtxType.B32)
                        && (mixedConstants(v.items(), ctx) & MIX_REGISTER) != 0
                        && halfFirstConstant(insn, b, spec, type, v.items(), ctx, out) > 0) {
                    return 1;
                }
                if (spec.relaxed() && type != null && type.kind() == PtxType.Kind.BIT && literalKind(v.items().get(0)) == 1
                        && firstFloatWider(insn, spec, type, v.items(), ctx, out) > 0) {
                    return 1;
                }
            }
            if (spec.limits().whole()) {
                return wholeVector(insn, b, spec, type, v, dest, ctx, out);
            }
            int p = 0;
            List<Ast.Expr> items = v.items();
            // constants among the elements: ptxas judges them by their kind against their neighbours, not by
            // the operand's type, once the vector has a register or float constants of two types (mixedConstants)
            boolean register = spec.kind() == IsaForm.Kind.REG;
            int mix = dest || spec.kind() == IsaForm.Kind.PRED ? 0 : mixedConstants(items, ctx);
            PtxType loweredType = (mix & MIX_REGISTER) != 0 ? loweredAs(b, spec, type, ctx) : null;
            boolean lowered = loweredType != null;
            if (mix != 0 && (lowered || isa.listed("vectorconstscalar", b.form().name()))) {
                // ptxas lowers tcgen05.st and tcgen05.mma (and FP8 mma on some targets: @lowered) into
                // per-element st/mov/add: each constant is then judged as a lone constant of the operand's type
                // ({%r1, 1.0} for .b32: "Arguments mismatch for instruction 'st'"), after the kind test of its
                // neighbours (@vectorconstscalar; slots-mixedvec)
                mix = MIX_CONSTANT;
            }
            PtxType elementType = lowered ? loweredType : (mix & MIX_FLOAT_TYPES) != 0 && !register && type != null
                    && type.kind() != PtxType.Kind.BIT ? type.bitType() : bitElementType(v, type, spec.relaxed(), ctx);
            boolean f64 = type == PtxType.F64 && (mix & MIX_REGISTER) == 0;
            if (((mix & MIX_REGISTER) != 0 || f64 && mix != 0) && intCrash(insn, b, spec, type, items, -1, ctx, out) > 0) {
                return 1;
            }
            int size = 0;
            boolean kinds = false;
            // elements with @operand lines of their own (mma's block-scale selectors {byte-id, thread-id}):
            // ptxas checks each constant's value by its element, beside registers too ('out of range')
            List<IsaForm.Operand> elements = spec.parts();
            PtxType before = null; // the register type of the element before, for the neighbour test
            // an integer constant as the first element: ptxas 13.0 then does not compare the sizes of the registers
            // after it with the element type ({1, %rs9} and {1, %rd9} for st.global.v2.b32, {1, %r1, %rs1, %rs2}
            // for .v4.b16 assemble; their kinds are still compared), except where it moves each element on its own
            // (@lowered, @vectorconstscalar) and in register-only sources (stmatrix, wmma.store): probe_constfirst.py,
            // docs/ptxas-behaviour.md §33
            boolean intFirst = !dest && !register && !lowered && mix != MIX_CONSTANT && items.size() > 1
                    && literalKind(items.get(0)) == 2 && elementType != null;
            for (int i = 0; i < items.size(); i++) {
                Ast.Expr item = items.get(i);
                PtxType previous = before;
                before = null; // set again below when this element is a register
                IsaForm.Operand es = elements == null || i >= elements.size() || elements.get(i) == null ? spec
                        : elements.get(i);
                if (es != spec && FormAnalysis.isIntegerConstant(item) && constantValue(insn, es, item, out) > 0) {
                    p++;
                    continue;
                }
                int lk = mix == 0 ? 0 : literalKind(item);
                if (lk != 0) {
                    int q = kinds ? 0 : constantNeighbours(insn, spec, items, i, ctx, out);
                    kinds |= q > 0; // one such diagnostic per vector, as ptxas gives one
                    if (lowered && q == 0) {
                        // @lowered: the element is moved on its own (a register-only operand too: wmma.store's data
                        // {%r24, %r25, %r26, 1.0}, "Arguments mismatch for instruction 'mov'")
                        p += loweredConstant(insn, b, spec, loweredType, item, lk, out);
                        continue;
                    }
                    if (q > 0 || (mix & MIX_REGISTER) != 0 || (mix & MIX_FLOAT_TYPES) != 0 && !register
                            || f64 && lk == 2 && !register) {
                        // (integers in a vector of .f64 constants: mma.sync...f64 {1, 1} assembles, where a lone
                        // .f64 operand refuses an integer; st and mov crash on them: intCrash)
                        p += q;
                        continue;
                    }
                    if (register && lk == 2 && type != null && (type.kind() == PtxType.Kind.SIGNED
                            || type.kind() == PtxType.Kind.UNSIGNED)) {
                        continue; // wmma.store...s32 [a], {1, 1, 1, 1, 1, 1, 1, 1} assembles (stmatrix's .b32: no)
                    }
                    if (register && lk == 1 && type != null) {
                        // a source of registers only (stmatrix's, wmma.store's) takes floating-point constants
                        // when every element is one, each as a constant of the operand's type would be taken
                        // ({0f3F800000, 0f3F800000} for .b32; {1.0} is "Arguments mismatch"); an integer there is
                        // not ({1, 1}: "Arguments mismatch") (ptxas 13.0, slots-mixedvec)
                        TypeRules.ImmediateFit fit = immediateFit(b, spec, type, item, floatKindOf(item), true);
                        p += fit == TypeRules.ImmediateFit.WRONG_KIND ? fail(out, Rules.INVALID_IMMEDIATE, item,
                                OperandFit.immediateMessage(type, floatKindOf(item), spec.name(), insn.mnemonic())) : 0;
                        continue;
                    }
                }
                // the element's register type, once for the neighbour, size and predicate tests below (null: not a
                // scalar register)
                PtxType reg = TypeCache.of(registerType(item, ctx));
                if (!kinds) {
                    // two registers of different kinds side by side (.f32 and .u32/.s32, .f16x2, .f16 and .s16, ...):
                    // ptxas 13.0 compares each element with the one before it in every vector, not only in whole
                    // ones ("Vector with elements of different types are not allowed in st instruction" for
                    // st.global.v4.b32 [a], {%f1, %s2, %r3, %r4}; ld, mov's unpacking {%hh1, %s1}, ldmatrix, wmma.load
                    // destinations too; a .bN register goes with any; slots-mixedvec, slots-lowering)
                    int q = reg == null || previous == null ? 0 : registerNeighbours(insn, spec, items, i, reg, previous, out);
                    before = reg;
                    if (q > 0) {
                        kinds = true; // one such diagnostic per vector
                        p += q;
                        continue;
                    }
                }
                if (intFirst && i > 0 && reg != null && reg != PtxType.PRED && reg.bits() != elementType.bits()) {
                    continue;
                }
                if (spec.relaxed()) {
                    // registers wider than the type are taken (ld.shared.v4.b32 {%rd1, %rd2, %rd3, %rd4}), but
                    // not of two sizes in one vector: {%r1, %r2, %r3, %q4}, {%rs1, %r2} are "Incompatible elements
                    // of vector expression" (ptxas 13.0: ld, ld.global.nc, ldu, st; a .pred element is apart)
                    if (reg != null && reg != PtxType.PRED) {
                        if (size != 0 && reg.bits() != size) {
                            p += fail(out, Rules.OPERAND_TYPE_MISMATCH, item, "'" + ((Ast.Name) item).text() + "' is "
                                    + reg.text() + ", but an earlier element of operand " + spec.name() + " of '"
                                    + insn.mnemonic() + "' has " + size + " bits: the registers of a vector have one"
                                    + " size (ptxas: Incompatible elements of vector expression)");
                            continue;
                        }
                        size = reg.bits();
                    }
                }
                if (spec.limits().predElements() && reg == PtxType.PRED) {
                    int q = predElement(insn, spec, items, i, ctx, out);
                    if (q >= 0) {
                        p += q;
                        continue;
                    }
                }
                if (item instanceof Ast.Sink) {
                    p += sinkElement(insn, spec, item, dest, out);
                    continue;
                }
                p += scalar(insn, b, es, elementType, item, dest, true, ctx, out);
            }
            return p;
        }
        if (spec.kind() == IsaForm.Kind.MEM && e instanceof Ast.VectorExpr) {
            return bareAddress(insn, spec, e, ctx, out); // ptxas: 'Vector operand is not allowed', {%r1} too
        }
        boolean bf16 = type == PtxType.BF16 || type == PtxType.BF16X2;
        if (e instanceof Ast.VectorExpr && bf16 && spec.only() != null) {
            // only(...) asks for one register: ex2.approx.ftz.bf16x2 takes no vector, {%r1} neither
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is a " + onlyText(b, spec, null) + " register, not a vector");
        }
        boolean element = false;
        if (e instanceof Ast.VectorExpr v && v.items().size() == 1
                && (spec.limits().vectorOfOne() || bf16 || !isa.listed("novectorofone", insn.opcode().text()))) {
            // ptxas reads {%r1} as %r1 (ld, st, ldu, mov's destination, multimem.ld_reduce's destination:
            // @operand ... vectorofone; every .bf16/.bf16x2 operand: add.bf16 {%rs1}, %rs2, {%rs3}), with the
            // type rule of a vector's element: st.f32 [a], {%s1} assembles, st.f32 [a], %s1 does not (ptxas
            // 13.0, 2026-11-28; st.u32 [a], {%f1} does not either)
            element = !bf16;
            e = v.items().get(0);
        }
        if (e instanceof Ast.VectorExpr v && bf16) {
            int c = dest ? -1 : constantsOnly(insn, b, spec, type, v, null, out);
            if (c >= 0) {
                return c;
            }
            if (!dest && (mixedConstants(v.items(), ctx) & MIX_REGISTER) != 0
                    && intCrash(insn, b, spec, type, v.items(), -1, ctx, out) > 0) {
                return 1;
            }
            return bf16Vector(insn, spec, type, v, dest, ctx, out);
        }
        if (e instanceof Ast.VectorExpr v && spec.kind() != IsaForm.Kind.ADDR) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + describe(spec, type) + ", not a vector" + (v.items().size() != 1 ? ""
                    : "; ptxas does not read a vector of one as its element on '" + insn.opcode().text()
                    + "': write the element without braces"));
        }
        return scalar(insn, b, spec, type, e, dest, element, ctx, out);
    }

    /**
     * The type ptxas 13.0 gives a source vector of constants only (docs/ptxas-behaviour.md §30): {@link
     * PtxType#S64} standing for "integers" when every element is an integer constant, the constants' type when
     * all floating-point ones are of one ({@code 0f} .f32; {@code 0d} and decimals .f64), else the bit-size type
     * of the first element whose type differs from the first element's ({@code {0f3F800000, 1.0}} and {@code
     * {0f3F800000, 0f3F800000, 0d3FF0000000000000}} are .b64, {@code {1.0, 0f3F800000}} and {@code
     * {0d3FF0000000000000, 0f3F800000, 0f3F800000}} .b32: measured on mov, st and the vector operands of every
     * family, slots-allconst); {@link PtxType#PRED} standing for "integers and floating-point constants" (the
     * neighbours' kinds: PTX0280); null for a vector of fewer than two elements or not of constants only.
     */
    static PtxType constantVectorType(List<Ast.Expr> items) {
        if (items.size() < 2) {
            return null;
        }
        PtxType first = null;
        PtxType type = null;
        for (int i = 0; i < items.size(); i++) {
            Ast.Expr item = items.get(i);
            int k = literalKind(item);
            if (k == 0) {
                return null;
            }
            if (i > 0 && (k == 2) != (first == PtxType.S64)) {
                type = PtxType.PRED; // integers and floating-point constants: "Vector with elements of different types"
                continue;
            }
            PtxType t = k == 2 ? PtxType.S64 : literalFloatType(item);
            if (i == 0) {
                first = t;
                type = t;
            } else if (type == first && t != first && type != PtxType.PRED) {
                type = t.bitType();
            }
        }
        return type;
    }

    /**
     * Whether the form's name, or its name and one of its type modifiers ({@code mma.tf32} for
     * {@code mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32}), is listed under {@code keyword}.
     * Builds strings: for the rare paths only (vectors of constants only).
     */
    private boolean listedFor(String keyword, Binding b) {
        String name = b.form().name();
        if (isa.listed(keyword, name)) {
            return true;
        }
        String k = b.typeKey();
        for (int i = k == null ? -1 : k.indexOf('.'); i >= 0; ) {
            int j = k.indexOf('.', i + 1);
            if (isa.listed(keyword, name + k.substring(i, j < 0 ? k.length() : j))) {
                return true;
            }
            i = j;
        }
        return false;
    }

    /**
     * The floating-point type every element has when each is a floating-point register or constant of that one
     * type ({@code {%f1, 0f3F800000}}: .f32; {@code 0d} and decimal constants are .f64), else null.
     */
    static PtxType singleFloatType(List<Ast.Expr> items, CheckContext ctx) {
        PtxType t = null;
        for (Ast.Expr item : items) {
            int k = literalKind(item);
            PtxType e;
            if (k == 1) {
                e = literalFloatType(item);
            } else if (k == 2) {
                return null;
            } else {
                String rt = registerType(item, ctx);
                e = rt == null ? null : TypeCache.of(rt);
                if (e == null || e.kind() != PtxType.Kind.FLOAT || e.isPacked()) {
                    return null;
                }
            }
            if (t != null && t != e) {
                return null;
            }
            t = e;
        }
        return t;
    }

    /**
     * The element type a vector operand's constants are judged against: the operand's type, but a {@code .bN}
     * operand of a floating-point instruction type of that size is of that type (atom/red's vector sources,
     * {@code .b16}/{@code .b32} of {@code .f16}, {@code .bf16x2}...; multimem.st's {@code .b32} of
     * {@code .e5m2x4}), not mma's A and B fragments ({@code whole} without {@code only(...)}).
     */
    private static PtxType elementOf(Binding b, IsaForm.Operand spec, PtxType type) {
        int dot = b.typeKey() == null ? -1 : b.typeKey().lastIndexOf('.');
        if (type == null || type.kind() != PtxType.Kind.BIT || spec.limits().whole() && spec.only() == null || dot < 0) {
            return type;
        }
        PtxType last = PtxType.of(b.typeKey().substring(dot));
        return last != null && last.kind() == PtxType.Kind.FLOAT && last.bits() == type.bits() ? last : type;
    }

    /**
     * A constant first in a source vector that holds registers, whose elements are {@code .f16} or
     * {@code .f16x2} (ptxas 13.0 types such a vector by its first element, docs/ptxas-behaviour.md §30):
     * a floating-point constant there is "Arguments mismatch" ({@code red.relaxed.add.noftz.v8.f16 [a],
     * {1.0, %h25, ...}}, {@code atom...v8.f16}, {@code multimem.st.v4.f16x2 [a], {0f3F800000, %r11, %hh26,
     * %hh27}}), and so is an integer one among {@code .f16x2} elements ({@code {1, %r15, %hh26, %hh27}}) or
     * before a {@code .u16}/{@code .s16} register among {@code .f16} ones ({@code {1, %us11, %h26, ...}}); later
     * positions take them ({@code {%h24, ..., 1.0}}, {@code {%hh24, %hh25, %r11, 0f3F800000}}). Returns 1
     * when reported.
     */
    private static int halfFirstConstant(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type,
                                         List<Ast.Expr> items, CheckContext ctx, List<Finding> out) {
        PtxType element = elementOf(b, spec, type);
        int k = literalKind(items.get(0));
        if (k == 0 || element != PtxType.F16 && element != PtxType.F16X2) {
            return 0;
        }
        if (element == PtxType.F16 && k == 2) {
            // an integer first: the vector is of the register after it, .u16/.s16 are refused, .b16 is taken
            // ({1, %us11, %h26, ...}: "Arguments mismatch"; {1, %rs9, %h26, ...} assembles)
            String rt = registerType(items.get(1), ctx);
            PtxType r = rt == null ? null : TypeCache.of(rt);
            if (r == null || r.kind() != PtxType.Kind.SIGNED && r.kind() != PtxType.Kind.UNSIGNED) {
                return 0;
            }
        }
        return fail(out, Rules.INVALID_IMMEDIATE, items.get(0), "the constant '" + constantText(items.get(0))
                + "' first in vector operand " + spec.name() + " of '" + insn.mnemonic() + "', whose elements are "
                + element.text() + ", gives the vector its type, which does not fit (ptxas: Arguments mismatch):"
                + " put a register first");
    }

    /**
     * A floating-point constant first in ld/st/sust data of a bit-size type, followed by registers wider than
     * the type and none of its size: ptxas 13.0 types the vector by that constant and refuses it ("Arguments
     * mismatch": {@code st.global.v2.b16 [a], {0f3F800000, %r1}}, {@code st.global.v2.b32 [a], {1.0, %rd1}},
     * {@code sust.b.2d.v4.b8.clamp [a, {x, y}], {1.0, %rs10, %rs11, %rs12}}), where a register of the type's size
     * among them ({@code {0f3F800000, %r1, %rs1, %rs2}} for .b16), a constant later ({@code {%rs9, %rs10, %rs11,
     * 1.0}}) or an integer first ({@code {1, %rs10, ...}}) is taken (docs/ptxas-behaviour.md §30). Returns 1 when
     * reported.
     */
    private static int firstFloatWider(Ast.Instruction insn, IsaForm.Operand spec, PtxType type, List<Ast.Expr> items,
                                       CheckContext ctx, List<Finding> out) {
        Ast.Expr wider = null;
        for (int i = 1; i < items.size(); i++) {
            String rt = registerType(items.get(i), ctx);
            PtxType r = rt == null ? null : TypeCache.of(rt);
            if (r == null || r == PtxType.PRED) {
                continue;
            }
            if (r.bits() == type.bits()) {
                return 0;
            }
            wider = wider == null && r.bits() > type.bits() ? items.get(i) : wider;
        }
        return wider == null ? 0 : fail(out, Rules.INVALID_IMMEDIATE, items.get(0), "the floating-point constant '"
                + constantText(items.get(0)) + "' first in vector operand " + spec.name() + " of '" + insn.mnemonic()
                + "' gives the vector its type, and its registers are wider than " + type.text() + " (ptxas: Arguments"
                + " mismatch): put a register first, or use " + type.bits() + "-bit registers");
    }

    /**
     * A source vector of constants only ({@link #constantVectorType}), judged as ptxas 13.0 judges its type
     * against the operand (docs/ptxas-behaviour.md §30, slots-allconst and slots-mixedvec): integers fit no
     * floating-point element but {@code .f64} (mma's {@code .f64} fragments; st and mov crash on a 128-bit
     * vector of them: {@link #intCrash}), no bit-size fragment without {@code only(...)} read whole (mma's A and
     * B) and no bit-size operand of the names in {@code @vectorconstnoint} (wgmma's A) or
     * {@code @vectorconstscalar} (tcgen05.st, tcgen05.mma); floating-point constants fit a {@code .f32}/{@code
     * .f64} element whatever their types (tex's coordinates, cvt, mov, st), except in the names of
     * {@code @vectorconsttyped} (mma, wmma.mma, wgmma), where the vector fits as a register of its type would
     * ({@code .f64} constants do not fit {@code .f32}), no {@code .f16}, {@code .f16x2} or {@code .bf16} element
     * (multimem.st, atom, red, the half-precision arithmetic), a {@code .bf16x2} element only as a {@code .b32}
     * vector, a register-only source ({@code reg}: stmatrix, wmma.store) as a register of their type of the same
     * kind would, and other operands as a register of the vector's type would, under the instruction-typed rule
     * or (integer elements of ld/st data) the relaxed one, or by {@code only(...)}; the array index of texture
     * coordinates is an integer, so floating-point coordinates of an array geometry take no vector of constants
     * only. Returns -1 where the vector is not one of constants only or the per-element checks decide (integers
     * and one floating-point type where they fit; the names of {@code @vectorconstscalar}, whose constants are
     * judged one by one), else the number of diagnostics (0 or 1).
     */
    private int constantsOnly(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, Ast.VectorExpr v,
                              IsaForm.Geometry g, List<Finding> out) {
        PtxType vt = type == null ? null : constantVectorType(v.items());
        if (vt == null) {
            return -1;
        }
        String name = b.form().name();
        PtxType element = elementOf(b, spec, type);
        boolean scalar = isa.listed("vectorconstscalar", name);
        boolean half = element == PtxType.F16 || element == PtxType.F16X2 || element == PtxType.BF16;
        boolean fits;
        if (vt == PtxType.PRED) {
            if (!half && element != PtxType.BF16X2) {
                return -1;
            }
            fits = false;
        } else if (vt == PtxType.S64) {
            if (element == PtxType.F64) {
                return -1;
            }
            fits = element.kind() != PtxType.Kind.FLOAT && !(type.kind() == PtxType.Kind.BIT && (scalar
                    || spec.only() == null && (spec.limits().whole() || listedFor("vectorconstnoint", b))))
                    && (spec.literals() < 0 || spec.takesLiteral(TypeRules.LiteralKind.INTEGER));
            if (fits) {
                return -1;
            }
        } else if (scalar) {
            return -1; // tcgen05.st, tcgen05.mma: each constant as a lone .b32 one ({1.0, 0f3F800000} is refused)
        } else if (g != null && g.index() && element.kind() == PtxType.Kind.FLOAT) {
            fits = false; // the array index (an integer) of .f32 coordinates
        } else if (half) {
            fits = false;
        } else if (element == PtxType.BF16X2) {
            fits = vt == PtxType.B32;
        } else if (spec.kind() == IsaForm.Kind.REG) {
            fits = type == PtxType.F64 || (vt.kind() == PtxType.Kind.BIT ? type.kind() == PtxType.Kind.BIT
                    && vt.bits() == type.bits() : vt == type || type.kind() == PtxType.Kind.BIT && vt.bits() == type.bits());
        } else if (spec.only() != null && (spec.limits().whole() || spec.kind() == IsaForm.Kind.COORDS)) {
            fits = spec.only().contains(vt);
        } else if (element == PtxType.F32 || element == PtxType.F64) {
            fits = element == PtxType.F64 || !listedFor("vectorconsttyped", b)
                    || TypeRules.registerFits(element, vt, TypeRules.Origin.TYPED);
        } else if (element.kind() == PtxType.Kind.FLOAT) {
            fits = vt.bits() == element.bits() && vt != PtxType.F64; // packed FP8/FP6/FP4 (multimem.st .e5m2x4)
        } else {
            boolean relaxed = spec.relaxed() && vt.kind() == PtxType.Kind.BIT && element.kind() != PtxType.Kind.BIT;
            fits = TypeRules.registerFits(element, vt, relaxed ? TypeRules.Origin.RELAXED : TypeRules.Origin.TYPED);
        }
        if (fits) {
            return vt.kind() == PtxType.Kind.BIT ? 0 : -1;
        }
        String what = vt == PtxType.S64 ? "integer constants" : vt == PtxType.PRED
                ? "integer and floating-point constants" : vt.kind() == PtxType.Kind.BIT
                ? "floating-point constants of two types, which ptxas reads as " + vt.text()
                : vt.text() + " constants";
        return fail(out, Rules.INVALID_IMMEDIATE, v, "operand " + spec.name() + " of '" + insn.mnemonic() + "' is "
                + (element == type ? "" : "a vector of ") + element.text() + (g != null && g.index()
                ? " with an integer array index" : "") + "; ptxas types a vector of constants only by its"
                + " constants, and a vector of " + what + " does not fit (Arguments mismatch): put the values in"
                + " registers" + (vt.kind() == PtxType.Kind.BIT ? " or write constants of one type" : ""));
    }

    /**
     * A vector that ptxas reads as one value ({@code whole}: the destinations of tex and tld4, the lod of
     * tex.level), measured with ptxas 13.0: its registers have the operand type's size ({@code {%r1, %r2,
     * %r3, %rd4}}: "Incompatible elements of vector expression"; a {@code .pred} register is sized apart);
     * no two neighbours are of different kinds, floating-point ({@code .f16 .f32 .f64}), integer
     * ({@code .uN .sN}), {@code .f16x2} or {@code .pred}, while a {@code .bN} register goes with any
     * ({@code {%f1, %u1, ...}}: "Vector with elements of different types are not allowed", {@code {%f1,
     * %r1, %u1, %u2}} assembles); and the vector's type fits the operand's type as one register of an
     * instruction-typed operand would: the type of its registers when all have one ({@code .uN}/{@code .sN}
     * read as {@code .bN}), else {@code .bN} ({@code only(...)}, when given, lists the vector types it takes).
     * So tex.2d.v4.u32.f32 refuses {@code {%f1, %f2, %f3, %f4}} ("Arguments mismatch") and takes
     * {@code {%f1, %f2, %f3, %r4}} and four .f16x2 registers; tex.2d.v4.f32.f32 takes four .u32 registers
     * and refuses four .f16x2. Elements that are not registers are checked one by one, as in other vectors,
     * and leave the vector's type open.
     */
    private int wholeVector(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, Ast.VectorExpr v,
                            boolean dest, CheckContext ctx, List<Finding> out) {
        List<Ast.Expr> items = v.items();
        int p = 0;
        int previous = 0;
        PtxType previousType = null;
        PtxType common = null;
        boolean mixed = false;
        boolean typed = true;
        boolean constants = !dest && spec.kind() != IsaForm.Kind.REG && spec.kind() != IsaForm.Kind.PRED;
        boolean withRegister = constants && (mixedConstants(items, ctx) & MIX_REGISTER) != 0;
        if (withRegister && intCrash(insn, b, spec, type, items, -1, ctx, out) > 0) {
            return 1;
        }
        int registers = 0;
        PtxType lowered = withRegister ? loweredAs(b, spec, type, ctx) : null;
        for (int i = 0; i < items.size(); i++) {
            Ast.Expr item = items.get(i);
            int lk = constants ? literalKind(item) : 0;
            if (lk != 0) {
                // a constant: judged by its kind against its neighbours; a floating-point one types the vector
                // as a register of its type would ({%f1, 0f3F800000} is .f32, {%f1, 1.0} of no one type), an
                // integer one leaves it untyped ({%u1, 1} fits only(.b32)) (ptxas 13.0, slots-mixedvec)
                if (constantNeighbours(insn, spec, items, i, ctx, out) > 0) {
                    return p + 1;
                }
                if (lowered != null) {
                    // @lowered (FP8 mma on sm_90 ... sm_119, wmma's .f16 c): ptxas moves each element on its own, so a
                    // constant beside registers is judged as a lone constant of that type ({%r1, 1.0} for .b32:
                    // "Arguments mismatch for instruction 'mov'")
                    p += loweredConstant(insn, b, spec, lowered, item, lk, out);
                }
                previous = 0;
                PtxType r = lk == 1 ? literalFloatType(item) : null;
                mixed |= r == null || common != null && common != r;
                common = common == null ? r : common;
                continue;
            }
            FormAnalysis.Operand o = item instanceof Ast.Sink ? null : FormAnalysis.classify(item, ctx);
            if (o != null && o.kind() == Kind.REGISTER) {
                registers++;
            }
            if (o == null || o.kind() != Kind.REGISTER || o.type() == null) {
                typed = false;
                previous = 0;
                if (o != null && o.kind() == Kind.SPECIAL_REGISTER) {
                    // ptxas 13.0 takes a special register in such a vector, a destination's too:
                    // tex.level's lod {%tid.x, %r1}, tex.2d.v4.f32.f32 {%tid.x, %f2, %f3, %f4} assemble
                    continue;
                }
                if (item instanceof Ast.Sink) {
                    p += sinkElement(insn, spec, item, dest, out);
                } else {
                    p += scalar(insn, b, spec, type, item, dest, true, ctx, out);
                }
                continue;
            }
            PtxType r = o.type();
            if (type != null && r != PtxType.PRED && r.bits() != type.bits()) {
                return p + fail(out, Rules.OPERAND_TYPE_MISMATCH, item, "'" + o.symbol().name() + "' is " + r.text()
                        + ", but the elements of operand " + spec.name() + " of '" + insn.mnemonic() + "' are "
                        + type.bits() + "-bit registers (ptxas reads the vector as one " + type.text() + " value)");
            }
            int k = elementKind(r);
            if (previous != 0 && k != 0 && previous != k) {
                return p + fail(out, Rules.VECTOR_ELEMENT_KINDS, item, "'" + o.symbol().name() + "' (" + r.text()
                        + ") follows a " + previousType.text() + " register in operand " + spec.name() + " of '"
                        + insn.mnemonic() + "': ptxas reads the vector as one value and refuses elements of different"
                        + " kinds side by side; use registers of one kind"
                        + (type == null ? "" : " for " + type.text() + " (a .b" + type.bits() + " register goes with any)"));
            }
            previous = k;
            previousType = r;
            mixed |= common != null && common != r;
            common = common == null ? r : common;
        }
        if (constants && registers == 0 && p == 0 && allConstants(items)) {
            // a vector of constants only: of integers it is integer-typed, which only(...) without an integer
            // type refuses ({1, 1} for mma's and atom/red's fragments: "Arguments mismatch"; txq.level's lod,
            // only(.b32,.u32,.s32), takes it), of floating-point constants the constants' type
            // ({0f3F800000, 0f3F800000} is .f32, which mma's only(.b32,.f16x2) refuses; tex.level's lod takes
            // {1.0, 1.0}) (ptxas 13.0, slots-mixedvec)
            if (common == null && spec.only() != null && !takesInteger(spec.only())
                    || common == null && spec.only() == null && type != null && type.kind() == PtxType.Kind.FLOAT
                    || common != null && spec.only() != null && !mixed && !spec.only().contains(common)) {
                return fail(out, Rules.INVALID_IMMEDIATE, v, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is one " + (type == null ? "" : type.text() + " ") + "value that ptxas types by its"
                        + " registers; a vector of " + (common == null ? "integer constants" : common.text()
                        + " constants") + " does not fit it (" + (spec.only() == null ? "" : onlyText(b, spec, type)
                        + " registers; ") + "ptxas: Arguments mismatch): put the value in registers");
            }
            return 0;
        }
        if (!typed || common == null || type == null || p > 0) {
            return p;
        }
        PtxType whole = mixed ? type.bitType() : common;
        return wholeFits(spec, type, whole) ? 0 : fail(out, Rules.OPERAND_TYPE_MISMATCH, v, "operand " + spec.name() + " of '"
                + insn.mnemonic() + "' is one " + type.text() + " value; ptxas reads this vector of " + whole.text()
                + " registers as " + whole.text() + ", which does not fit: use registers that do ("
                + wholeText(spec, type) + "), or one .b" + type.bits() + " register among them");
    }

    /** The register types a vector marked {@code whole} may consist of, for messages. */
    private static String wholeText(IsaForm.Operand spec, PtxType type) {
        StringBuilder sb = new StringBuilder();
        for (PtxType t : PtxType.values()) {
            if (t.isRegisterType() && t != PtxType.PRED && t.bits() == type.bits() && wholeFits(spec, type, t)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t.text());
            }
        }
        return sb.toString();
    }

    /**
     * Whether a vector all of whose registers are of type {@code r} fits a {@code whole} operand of {@code type}:
     * with {@code only(...)}, when the list holds {@code r} itself (atom/red's vector .bf16 source refuses four
     * .u16 registers; mma's .f16 fragments: four .u32 registers are "Arguments mismatch", four .b32 or .f16x2
     * assemble; ptxas 13.0); else as one register of type {@code r} ({@code .uN}/{@code .sN} read as
     * {@code .bN}) would.
     */
    private static boolean wholeFits(IsaForm.Operand spec, PtxType type, PtxType r) {
        if (spec.only() != null) {
            return spec.only().contains(r);
        }
        PtxType n = r.kind() == PtxType.Kind.SIGNED || r.kind() == PtxType.Kind.UNSIGNED ? r.bitType() : r;
        return OperandFit.register(null, -1, TypeRules.Origin.TYPED, type, n);
    }

    /** 0 for a bit-size register (it goes with any), else 1 floating-point, 2 integer, 3 packed, 4 predicate. */
    private static int elementKind(PtxType r) {
        if (r.isPacked()) {
            return 3;
        }
        return switch (r.kind()) {
            case BIT -> 0;
            case FLOAT -> 1;
            case SIGNED, UNSIGNED -> 2;
            case PREDICATE -> 4;
        };
    }

    /**
     * A vector where one .bf16 or .bf16x2 value goes: ptxas 13.0 takes 2 or 4 elements, each a .b16 (.bf16)
     * or .b32 (.bf16x2) register exactly, a constant in a source, {@code _} in a destination
     * (cvt.f32.bf16 %f1, {%rs1, %rs2}; add.rn.bf16x2 %r1, {%r2, %r3}, %r4; cvt.rn.bf16.f32 {%rs1, _}, %f1).
     * Three or eight elements: "Illegal vector size"; {%r1, %r2} for .bf16, {%us1, %us2}, {%f1, %f2},
     * {%hh1, %hh2}: "Arguments mismatch"; a constant in a destination: "Result register required".
     */
    private static int bf16Vector(Ast.Instruction insn, IsaForm.Operand spec, PtxType type, Ast.VectorExpr v,
                                  boolean dest, CheckContext ctx, List<Finding> out) {
        int n = v.items().size();
        if (n != 2 && n != 4) {
            return fail(out, Rules.INVALID_OPERAND_KIND, v, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + type.text() + ": ptxas takes a vector of 2 or 4 registers for it, not " + n);
        }
        PtxType element = type == PtxType.BF16 ? PtxType.B16 : PtxType.B32;
        // with a constant beside them, registers of any kind of the element's size are taken, and the constants
        // are judged by their kind against their neighbours (mul.rn.bf16x2 d, a, {%f1, 1.0}, {%u1, 1} assemble;
        // {%f1, 1}: "Vector with elements of different types"; {%rs1, 1}: "Arguments mismatch"; ptxas 13.0)
        boolean mixed = !dest && (mixedConstants(v.items(), ctx) & MIX_REGISTER) != 0;
        List<Ast.Expr> items = v.items();
        if (mixed && type == PtxType.BF16X2 && singleFloatType(items, ctx) == PtxType.F32) {
            // .f32 registers and 0f constants: a .f32 vector, which .bf16x2 refuses as it refuses {%f1, %f2}
            // (mul.rn.bf16x2 d, a, {%f15, 0f3F800000}: "Arguments mismatch"; {%f15, 1.0} is of no one type and
            // assembles; ptxas 13.0, slots-mixedvec, docs/ptxas-behaviour.md §30)
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, v, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is .bf16x2; ptxas reads this vector of .f32 registers and 0f constants as .f32, which does"
                    + " not fit: use .b32 registers");
        }
        for (int i = 0; i < items.size(); i++) {
            Ast.Expr item = items.get(i);
            if (item instanceof Ast.Sink) {
                if (!dest) {
                    return fail(out, Rules.INVALID_DESTINATION, item, "'_' cannot stand in source operand "
                            + spec.name() + " of '" + insn.mnemonic() + "'");
                }
                continue;
            }
            FormAnalysis.Operand o = FormAnalysis.classify(item, ctx);
            switch (o.kind()) {
                case UNDECLARED, OTHER, REGISTER_EXPRESSION -> {
                }
                case INTEGER, FLOAT_HEX_F, FLOAT_HEX_D, FLOAT_DECIMAL -> {
                    if (dest) {
                        return fail(out, Rules.INVALID_IMMEDIATE, item, "operand " + spec.name() + " of '"
                                + insn.mnemonic() + "' is a destination: its elements are " + element.text()
                                + " registers, not constants");
                    }
                    if (mixed && constantNeighbours(insn, spec, items, i, ctx, out) > 0) {
                        return 1;
                    }
                }
                case REGISTER -> {
                    if (o.type() != null && (mixed ? o.type().bits() != element.bits() : o.type() != element)) {
                        return fail(out, Rules.OPERAND_TYPE_MISMATCH, item, "'" + o.symbol().name() + "' is "
                                + o.type().text() + ", but the elements of a vector for " + type.text() + " operand "
                                + spec.name() + " of '" + insn.mnemonic() + "' are " + element.text() + " registers");
                    }
                }
                default -> {
                    return fail(out, Rules.INVALID_OPERAND_KIND, item, "the elements of a vector for "
                            + type.text() + " operand " + spec.name() + " of '" + insn.mnemonic() + "' are "
                            + element.text() + " registers");
                }
            }
        }
        return 0; // one diagnostic per vector, as ptxas gives one
    }

    /**
     * The type the elements of a vector are checked against: ptxas types a vector of registers by
     * its bit-size registers, so one {@code .b32} register among them lets {@code .f32} and
     * {@code .f16x2} registers and float constants stand for a {@code .u32} element too
     * ({@code {%r1, %f1}} is accepted where {@code {%f1, %f2}} and {@code {%u1, %f1}} are not). Under the
     * relaxed rules (ld, st) a wider bit-size register does the same: {@code st.global.v2.u8 [a], {%r1, %f1}},
     * {@code {%rs1, %h1}} and {@code ld.global.v2.s16 {%rd1, %fd1}, [a]} assemble (ptxas 13.0, holdout-headers).
     */
    /** A constant element of a lowered vector, judged as a lone constant of {@code type} ({@code lk}: its literalKind). */
    private static int loweredConstant(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, Ast.Expr item,
                                       int lk, List<Finding> out) {
        Kind k = lk == 2 ? Kind.INTEGER : floatKindOf(item);
        if (immediateFit(b, spec, type, item, k, true) != TypeRules.ImmediateFit.WRONG_KIND) {
            return 0;
        }
        Kind other = lk == 2 ? Kind.FLOAT_HEX_F : Kind.INTEGER;
        return fail(out, Rules.INVALID_IMMEDIATE, item, immediateFit(b, spec, type, item, other, true)
                == TypeRules.ImmediateFit.WRONG_KIND ? "operand " + spec.name() + " of '" + insn.mnemonic() + "' takes no"
                + " constant beside its registers here: ptxas moves each element on its own as " + type.text()
                + ", which takes none; put the value in a register"
                : OperandFit.immediateMessage(type, k, spec.name(), insn.mnemonic())
                + " (ptxas moves each element of this vector on its own here)");
    }

    /**
     * The type whose lone constants the elements of this operand must be, where ptxas lowers the binding's form
     * into per-element instructions on the module's target ({@code @lowered}: FP8 mma on sm_90 ... sm_119,
     * wmma.store's data and wmma.mma's .f16 c as .b32; slots-mixedvec), or null.
     */
    private static PtxType loweredAs(Binding b, IsaForm.Operand spec, PtxType type, CheckContext ctx) {
        Target t = ctx.declaredTarget();
        return t == null ? null : b.form().loweredAs(t.sm(), spec.name(), type);
    }

    private static PtxType bitElementType(Ast.VectorExpr v, PtxType type, boolean relaxed, CheckContext ctx) {
        if (type == null || type.kind() == PtxType.Kind.BIT || type.kind() == PtxType.Kind.PREDICATE) {
            return type;
        }
        for (Ast.Expr item : v.items()) {
            if (item instanceof Ast.Name n && n.suffixes().isEmpty()) {
                Symbol s = ctx.resolve(n.token());
                PtxType r = s != null && s.isRegister() && s.vector() == 1 ? TypeCache.of(s.type()) : null;
                if (r != null && r.kind() == PtxType.Kind.BIT
                        && (r.bits() == type.bits() || relaxed && r.bits() > type.bits())) {
                    return r;
                }
            }
        }
        return type;
    }

    /**
     * An integer constant in a vector with registers whose element is floating-point, on an instruction listed
     * in {@code @vectorintcrash} (by name, or name and last type: {@code atom.f32}, {@code mul.bf16x2}) or
     * {@code @vectorintcrashfirst}: ptxas 13.0 is killed by SIGSEGV ({@code st.global.v2.f32 [a], {%r1, 1}},
     * {@code red.global.add.v2.f32}, {@code atom}, {@code mov.v2.f32}, tex's coordinates and tex.level's lod;
     * st.async, multimem.st and mma assemble it: slots-mixedvec, docs/ptxas-behaviour.md §29). The element is
     * the operand's type, or for a bit-size operand type the instruction's last written type (red.f16's
     * {@code .b16} source). The constant must follow another element ({@code st.global.v2.f32 [a], {1, %r1}}
     * assembles) but on the names of {@code @vectorintcrashfirst} (mov, tex, tex.level). Next to a
     * floating-point register the constant is PTX0280 instead. Element {@code index} (the array index of
     * texture coordinates; -1: none) is left out. Returns 1 when reported. Called for vectors
     * that have a constant and a register, and for vectors of constants only with .f64 elements
     * ({@code st.global.v2.f64 [a], {1, 1}} is killed too, where mma's .f64 fragments take them).
     */
    private int intCrash(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, List<Ast.Expr> items,
                         int index, CheckContext ctx, List<Finding> out) {
        String name = b.form().name();
        String last = null;
        if (type != null && b.typeKey() != null && b.typeKey().lastIndexOf('.') >= 0) {
            last = b.typeKey().substring(b.typeKey().lastIndexOf('.'));
        }
        boolean first = isa.listed("vectorintcrashfirst", name);
        if (type == null || !first && !isa.listed("vectorintcrash", name)
                && (last == null || !isa.listed("vectorintcrash", name + last))) {
            return 0;
        }
        PtxType element = type.kind() == PtxType.Kind.BIT && last != null ? PtxType.of(last) : type;
        if (element == null || element.kind() != PtxType.Kind.FLOAT || items.size() * element.bits() > 128) {
            // (a 256-bit vector takes them: st.global.v4.f64 [a], {1, 1, 1, 1}, {%rd1, 1, %rd2, %rd3} and
            // st.global.v8.f32 [a], {%r1, 1, ...} assemble on sm_100a, where .v2.f64 {1, 1} is killed)
            return 0;
        }
        for (int i = 0; i < items.size(); i++) {
            Ast.Expr item = items.get(i);
            if (literalKind(item) == 2 && (i > 0 || first) && i != index && !nextToFloat(items, i, ctx)) {
                return fail(out, Rules.INVALID_IMMEDIATE, item, "the integer constant '" + constantText(item)
                        + "' in vector operand " + spec.name() + " of '" + insn.mnemonic() + "', whose elements are "
                        + element.text() + ", kills ptxas 13.0 (SIGSEGV) when the vector has a register; write it"
                        + " as a floating-point constant (0f3F800000 for 1.0)");
            }
        }
        return 0;
    }

    /** Whether element {@code i} has a floating-point register beside it (then PTX0280 speaks of it). */
    private static boolean nextToFloat(List<Ast.Expr> items, int i, CheckContext ctx) {
        for (int j = i - 1; j <= i + 1; j += 2) {
            String rt = j < 0 || j >= items.size() ? null : registerType(items.get(j), ctx);
            PtxType r = rt == null ? null : TypeCache.of(rt);
            if (r != null && r.kind() == PtxType.Kind.FLOAT) {
                return true;
            }
        }
        return false;
    }

    /** {@link #mixedConstants}: the vector has a constant. */
    private static final int MIX_CONSTANT = 1;
    /** {@link #mixedConstants}: the vector has a constant and a typed scalar register. */
    private static final int MIX_REGISTER = 2;
    /**
     * {@link #mixedConstants}: a floating-point constant of one type (.f32 for {@code 0f}, .f64 for {@code 0d}
     * and decimals) stands with a floating-point register or constant of another type.
     */
    private static final int MIX_FLOAT_TYPES = 4;

    /**
     * What a vector's constants make of it, as ptxas 13.0 types a vector (measured on st, mov, mma, wmma,
     * multimem.st, sust, the tensor copies' coordinates: slots-mixedvec, docs/ptxas-behaviour.md §29):
     * 0 without constants, else {@link #MIX_CONSTANT} and, when the vector also has a register,
     * {@link #MIX_REGISTER} (ptxas then judges each constant only by its kind against its neighbours: a
     * {@code .b32} vector takes {@code 1.0} and {@code 0d3FF0000000000000}, which a lone {@code .b32} operand
     * refuses), and {@link #MIX_FLOAT_TYPES} when floating-point elements of two types meet: the vector is
     * then of no floating-point type, so {@code st.global.v2.u32 [a], {%f1, 0d3FF0000000000000}} and
     * {@code {0f3F800000, 1.0}} assemble where {@code {%f1, %f2}} and {@code {1.0, 1.0}} are "Arguments mismatch".
     */
    private static int mixedConstants(List<Ast.Expr> items, CheckContext ctx) {
        if (!anyConstant(items)) {
            return 0; // the common case: no symbol lookups
        }
        int flags = 0;
        PtxType floats = null;
        for (Ast.Expr item : items) {
            int k = literalKind(item);
            PtxType t = null;
            if (k != 0) {
                flags |= MIX_CONSTANT;
                t = k == 1 ? literalFloatType(item) : null;
            } else {
                String rt = registerType(item, ctx);
                PtxType r = rt == null ? null : TypeCache.of(rt);
                if (r != null) {
                    flags |= MIX_REGISTER;
                    t = r.kind() == PtxType.Kind.FLOAT && !r.isPacked() ? r : null;
                }
            }
            if (t != null) {
                if (floats != null && floats != t) {
                    flags |= MIX_FLOAT_TYPES;
                }
                floats = t;
            }
        }
        return (flags & MIX_CONSTANT) == 0 ? 0 : flags;
    }

    /** The kind of a floating-point constant element ({@code -1.0} too). */
    private static Kind floatKindOf(Ast.Expr e) {
        String t = ((Ast.FloatLit) (e instanceof Ast.Unary u ? u.operand() : e)).token().text();
        char c = t.length() > 1 && t.charAt(0) == '0' ? Character.toLowerCase(t.charAt(1)) : ' ';
        return c == 'f' ? Kind.FLOAT_HEX_F : c == 'd' ? Kind.FLOAT_HEX_D : Kind.FLOAT_DECIMAL;
    }

    /** Whether an only(...) list holds an integer type ({@code .u32}, {@code .s32}). */
    private static boolean takesInteger(java.util.Set<PtxType> only) {
        for (PtxType t : only) {
            if (t.kind() == PtxType.Kind.SIGNED || t.kind() == PtxType.Kind.UNSIGNED) {
                return true;
            }
        }
        return false;
    }

    /** Whether some element is a constant. */
    private static boolean anyConstant(List<Ast.Expr> items) {
        for (int i = 0; i < items.size(); i++) {
            if (literalKind(items.get(i)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether every element is a constant. */
    private static boolean allConstants(List<Ast.Expr> items) {
        for (Ast.Expr item : items) {
            if (literalKind(item) == 0) {
                return false;
            }
        }
        return true;
    }

    /** 2 for an integer constant ({@code 1}, {@code -1}, {@code 0x10}), 1 for a floating-point one, else 0. */
    private static int literalKind(Ast.Expr e) {
        if (e instanceof Ast.Unary u && u.op().text().equals("-")) {
            e = u.operand();
        }
        return e instanceof Ast.IntLit ? 2 : e instanceof Ast.FloatLit ? 1 : 0;
    }

    /** The type ptxas gives a floating-point constant: .f32 for {@code 0f...}, else .f64. */
    private static PtxType literalFloatType(Ast.Expr e) {
        if (e instanceof Ast.Unary u) {
            e = u.operand();
        }
        String t = ((Ast.FloatLit) e).token().text();
        return t.length() > 1 && t.charAt(0) == '0' && (t.charAt(1) == 'f' || t.charAt(1) == 'F') ? PtxType.F32
                : PtxType.F64;
    }

    /**
     * The constant element {@code i} of a vector against its neighbours: ptxas 13.0 refuses an integer constant
     * next to a floating-point, {@code .f16x2} or {@code .pred} register or a floating-point constant, and a
     * floating-point constant next to an integer ({@code .uN .sN}), {@code .f16x2} or {@code .pred} register or an
     * integer constant ("Vector with elements of different types are not allowed"); a {@code .bN} register goes
     * with either, and elements further away do not count ({@code {%u1, %r1, 1.0, %r2}} assembles). A pair of
     * constants is reported at the second. Returns 1 when reported.
     */
    private static int constantNeighbours(Ast.Instruction insn, IsaForm.Operand spec, List<Ast.Expr> items, int i,
                                          CheckContext ctx, List<Finding> out) {
        Ast.Expr item = items.get(i);
        int k = literalKind(item);
        for (int j = i - 1; j <= i + 1; j += 2) {
            if (j < 0 || j >= items.size()) {
                continue;
            }
            Ast.Expr n = items.get(j);
            int nk = literalKind(n);
            String what;
            if (nk != 0) {
                if (j > i) {
                    continue; // reported at the second constant
                }
                what = "the " + (nk == 2 ? "integer" : "floating-point") + " constant '" + constantText(n) + "'";
            } else {
                String rt = registerType(n, ctx);
                PtxType r = rt == null ? null : TypeCache.of(rt);
                if (r == null || r == PtxType.PRED && spec.limits().predElements()) {
                    continue; // predElement speaks of a .pred register next to a constant
                }
                nk = elementKind(r);
                nk = nk == 0 ? k : nk == 3 || nk == 4 ? -1 : nk;
                what = "'" + ((Ast.Name) n).text() + "' (" + r.text() + ")";
            }
            if (nk != k) {
                return fail(out, Rules.VECTOR_ELEMENT_KINDS, item, "the " + (k == 2 ? "integer" : "floating-point")
                        + " constant '" + constantText(item) + "' stands next to " + what + " in operand " + spec.name()
                        + " of '" + insn.mnemonic() + "': ptxas refuses elements of different kinds side by side"
                        + " (\"Vector with elements of different types\"); " + (nk < 0
                        ? "no constant goes next to it: use a .b register for the constant"
                        : "write " + (k == 2 ? "a floating-point constant (0f...)" : "an integer") + ", or a .b register"));
            }
        }
        return 0;
    }

    /** A register element next to the register before it, of another kind (.bN and .pred sit next to any). */
    private static int registerNeighbours(Ast.Instruction insn, IsaForm.Operand spec, List<Ast.Expr> items, int i,
                                          PtxType r, PtxType q, List<Finding> out) {
        int k = elementKind(r);
        int pk = elementKind(q);
        if (k == 0 || pk == 0 || k == 4 || pk == 4 || k == pk) {
            return 0;
        }
        return fail(out, Rules.VECTOR_ELEMENT_KINDS, items.get(i), "'" + ((Ast.Name) items.get(i)).text() + "' ("
                + r.text() + ") follows '" + ((Ast.Name) items.get(i - 1)).text() + "' (" + q.text() + ") in operand "
                + spec.name() + " of '" + insn.mnemonic() + "': ptxas refuses elements of different kinds side by side"
                + " (\"Vector with elements of different types\"); use registers of one kind (a .b register goes with any)");
    }

    /** The text of a constant element, for messages. */
    private static String constantText(Ast.Expr e) {
        if (e instanceof Ast.Unary u) {
            return "-" + constantText(u.operand());
        }
        return e instanceof Ast.IntLit il ? il.token().text() : ((Ast.FloatLit) e).token().text();
    }

    /** The declared type of a scalar register named whole ({@code .pred}, {@code .b32}), or null. */
    private static String registerType(Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Name n && n.suffixes().isEmpty()) {
            Symbol s = ctx.resolve(n.token());
            if (s != null && s.isRegister() && s.vector() <= 1) {
                return s.type();
            }
        }
        return null;
    }

    /**
     * A {@code .pred} register as element {@code i} of a vector operand marked {@code predelements}
     * (ld, ldu, st, measured with ptxas 13.0): ptxas takes it where each element next to it is a
     * {@code .b32} or {@code .pred} register and the vector has a {@code .b32} register
     * ({@code ld.global.v4.s32 {%r1, %p1, %r3, %r4}}, {@code {%p1, %p2, %r1, %r2}} assemble;
     * {@code {%s1, %p1}}, {@code {%f1, %p1}}: "Vector with elements of different types", {@code {%rs1, %p1}}:
     * "Incompatible elements of vector expression", {@code {%p1, %p2}}, {@code {%p1, _}}: "Arguments mismatch").
     * Returns 0 when it is taken, 1 when reported, -1 when the vector has no {@code .b32} register (the
     * element is then checked as any other).
     */
    private static int predElement(Ast.Instruction insn, IsaForm.Operand spec, List<Ast.Expr> items, int i,
                                   CheckContext ctx, List<Finding> out) {
        for (int j = i - 1; j <= i + 1; j += 2) {
            if (j < 0 || j >= items.size()) {
                continue;
            }
            String t = registerType(items.get(j), ctx);
            if (!".b32".equals(t) && !".pred".equals(t)) {
                Ast.Expr n = items.get(j);
                String what = n instanceof Ast.Name nm ? "'" + nm.text() + "'" + (t != null ? " (" + t + ")" : "")
                        : n instanceof Ast.Sink ? "'_'" : n instanceof Ast.IntLit il ? "'" + il.token().text() + "'"
                        : n instanceof Ast.FloatLit fl ? "'" + fl.token().text() + "'" : "that element";
                return fail(out, Rules.OPERAND_TYPE_MISMATCH, items.get(i), "'" + ((Ast.Name) items.get(i)).text()
                        + "' is .pred: ptxas"
                        + " takes a .pred register in vector " + spec.text() + " of '" + insn.mnemonic()
                        + "' only next to .b32 registers, not next to " + what + "; declare the elements .b32");
            }
        }
        for (Ast.Expr item : items) {
            if (".b32".equals(registerType(item, ctx))) {
                return 0;
            }
        }
        return -1;
    }

    /** A register declared as a vector ({@code .reg .v2 .u32 v}), named whole, or null. */
    private static Symbol vectorRegister(Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Name n && n.suffixes().isEmpty()) {
            Symbol s = ctx.resolve(n.token());
            if (s != null && s.isRegister() && s.vector() > 1) {
                return s;
            }
        }
        return null;
    }

    private static final Set<String> COMPONENTS = Set.of(".x", ".y", ".z", ".w", ".r", ".g", ".b", ".a");

    private static String widthSource(Binding b, IsaForm.Operand spec) {
        return spec.vectorSlot() >= 0 ? " (" + b.value(spec.vectorSlot()) + ")" : "";
    }

    /** "a vector of 2 or 4 {...}" or "a scalar or a vector of 1, 2, 4 or 8 {...}" for vec(A|B|...). */
    private static String widthsText(IsaForm.Operand spec) {
        int count = 0;
        for (int w : spec.widths()) {
            count += w > 0 ? 1 : 0;
        }
        if (count == 0) {
            return "a scalar, not a vector (not {x} either)";
        }
        StringBuilder sb = new StringBuilder(spec.takesWidth(0) ? "a scalar or a vector of " : "a vector of ");
        int k = 0;
        for (int w : spec.widths()) {
            if (w > 0) {
                sb.append(k == 0 ? "" : k == count - 1 ? " or " : ", ").append(w);
                k++;
            }
        }
        return sb.append(" {...}").toString();
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
        PtxType t = spec.typeSlot() >= 0 ? TypeCache.of(b.value(spec.typeSlot())) : spec.fixedType();
        return spec.wide() && t != null ? OperandFit.wide(t) : t;
    }

    private int scalar(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, Ast.Expr e, boolean dest,
                       boolean element, CheckContext ctx, List<Finding> out) {
        switch (spec.kind()) {
            case ADDR -> {
                if (!(e instanceof Ast.Address a)) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is an address [...]");
                }
                int u = a.unified() == null ? 0 : unified(insn, b, spec, a, ctx, out);
                if (u > 0) {
                    return u;
                }
                if (spec.spaces() != null && !a.items().isEmpty()
                        && addressSpaceOf(insn, b, spec, a.items().get(0), ctx, out) > 0) {
                    return 1;
                }
                if (spec.writes() && !a.items().isEmpty() && inputParameter(insn, spec, a.items().get(0), ctx, out) > 0) {
                    return 1;
                }
                if (insn.guard() != null && !a.items().isEmpty()
                        && guardedParameter(insn, b, spec, a.items().get(0), ctx, out) > 0) {
                    return 1;
                }
                if (!a.items().isEmpty() && paramCrash(insn, b, spec, a.items().get(0), ctx, out) > 0) {
                    return 1;
                }
                if (spec.parts() != null) {
                    return addressParts(insn, b, spec, a, ctx, out);
                }
                if (type == null && immediateAddress(insn, b, spec, a, out) > 0) {
                    return 1;
                }
                int bad = type == null ? untypedAddressBase(insn, spec, a, ctx, out)
                        : addressBase(insn, b, spec, type, a, ctx, out);
                return bad > 0 || !spec.limits().address64() ? bad : address64(insn, b, spec, a, ctx, out);
            }
            case MEM -> {
                if (e instanceof Ast.Address a) {
                    if (immediateAddress(insn, b, spec, a, out) > 0 || untypedAddressBase(insn, spec, a, ctx, out) > 0) {
                        return 1;
                    }
                    return spec.spaces() == null || a.items().isEmpty() ? 0
                            : addressSpaceOf(insn, b, spec, a.items().get(0), ctx, out);
                }
                int p = bareAddress(insn, spec, e, ctx, out);
                if (p == 0 && spec.only() != null) {
                    // a register holding the address, against only(...): cp.async.bulk.tensor's mbar on the sm_120
                    // family, where ptxas 13.0 movs it ('Arguments mismatch for instruction 'mov'' for %rs7, %f7)
                    FormAnalysis.Operand o = FormAnalysis.classify(e, ctx);
                    if (o.kind() == Kind.REGISTER && o.type() != null && !spec.only().contains(o.type())) {
                        return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + o.symbol().name() + "' is "
                                + o.type().text() + ", but operand " + spec.name() + " of '" + insn.mnemonic()
                                + "' (a register holding an address) takes " + onlyText(b, spec, type) + " registers");
                    }
                }
                return p > 0 || spec.spaces() == null ? p : addressSpaceOf(insn, b, spec, e, ctx, out);
            }
            case LABEL, FUNC, VAR -> {
                if (spec.kind() == IsaForm.Kind.VAR && callParameterAddress(insn, spec, e, ctx, out) > 0) {
                    return 1;
                }
                if (e instanceof Ast.Binary && FormAnalysis.classify(e, ctx).kind() == Kind.REGISTER_EXPRESSION) {
                    // a variable plus a register (mov.u64 %rd2, s+%rd1; cvta.shared.u64 %rd2, s+%rd1): ptxas 13.0
                    // "Parsing error near '%rd1'", as in a value operand (add.u64 %rd2, s+%rd1, 1)
                    return registerExpression(insn, spec, type, e, dest, out, ctx);
                }
                return symbolOperand(insn, b, spec, e, ctx, out);
            }
            default -> {
                if ((spec.kind() == IsaForm.Kind.VAL || spec.kind() == IsaForm.Kind.REG)
                        && callParameterAddress(insn, spec, e, ctx, out) > 0) {
                    return 1;
                }
                if (spec.spaces() != null) {
                    int p = valueSpace(insn, b, spec, e, ctx, out);
                    if (p > 0) {
                        return p;
                    }
                }
            }
        }
        if (e instanceof Ast.Sink) {
            return spec.sink() ? 0 : fail(out, Rules.INVALID_DESTINATION, e, "'_' cannot be operand " + spec.name()
                    + " of '" + insn.mnemonic() + "'");
        }
        if (e instanceof Ast.Name vn && vn.suffixes().size() == 1 && COMPONENTS.contains(vn.suffixes().get(0).text())) {
            Symbol vs = ctx.resolve(vn.token());
            if (vs != null && vs.isRegister() && vs.vector() > 1) {
                // v.x of a .reg .v4 .u32 v: a scalar of the element type
                PtxType r = TypeCache.of(vs.type());
                if (spec.kind() == IsaForm.Kind.IMM) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is a constant, not a register");
                }
                return type == null || r == null || fits(b, spec, type, r, element) ? 0
                        : fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + vn.text() + vn.suffixes().get(0).text()
                        + "' is " + r.text() + ", but operand " + spec.name() + " of '" + insn.mnemonic() + "' is "
                        + describe(spec, type));
            }
        }
        // a selector suffix on a register: %r1.h0
        if (e instanceof Ast.Name n && n.suffixes().size() == 1) {
            Token sel = FormAnalysis.selectorOf(e, ctx);
            if (sel != null) {
                if (!spec.takesSelector()) {
                    return fail(out, Rules.SELECTOR_NOT_ALLOWED, sel, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' takes no selector ('" + sel.text() + "')");
                }
                if (!spec.selectors().isEmpty() && !spec.selectors().contains(sel.text())) {
                    return fail(out, Rules.INVALID_VIDEO_SELECTOR, sel, "'" + sel.text() + "' is not a selector of "
                            + "operand " + spec.name() + " of '" + insn.mnemonic() + "': one of "
                            + ModifierMatch.limit(spec.selectors(), 16));
                }
                e = new Ast.Name(n.token(), List.of(), n.token().span());
            }
        } else if (spec.selectorRequired() && (e instanceof Ast.Name)) {
            return fail(out, Rules.INVALID_VIDEO_SELECTOR, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' needs a selector (" + spec.text() + ")");
        }
        if (e instanceof Ast.Unary u && u.op().text().equals("-") && spec.minus()) {
            e = u.operand();
        }
        Symbol vs = vectorRegister(e, ctx);
        if (vs != null) {
            PtxType r = TypeCache.of(vs.type());
            // a whole .v2 .b16 register where one 32-bit value goes
            if (type != null && r != null && r.bits() * vs.vector() == type.bits() && spec.kind() != IsaForm.Kind.IMM
                    && spec.kind() != IsaForm.Kind.PRED) {
                return 0;
            }
        }
        FormAnalysis.Operand o = FormAnalysis.classify(e, ctx);
        if (o.kind() == Kind.NEGATED) {
            if (!spec.neg()) {
                return fail(out, Rules.INVALID_NEGATION, e, "'!' is not allowed on operand " + spec.name() + " of '"
                        + insn.mnemonic() + "'");
            }
            o = o.inner();
            if (o.kind() == Kind.REGISTER && !o.isPredicateRegister() && o.type() != null) {
                // and.b32 %r1, %r2, !%r3: ptxas 13.0 "Illegal argument to predicate negation" (xor.b16, or.b64,
                // not.b32 too; holdout-cross, 2026-11-28)
                return fail(out, Rules.INVALID_NEGATION, e, "'!' negates a predicate, but " + o.symbol().name() + " is a "
                        + o.type().text() + " register (ptxas: 'Illegal argument to predicate negation'); to complement"
                        + " its bits use not." + (o.type().bits() > 8 ? "b" + o.type().bits() : "b16") + " first");
            }
        }
        switch (o.kind()) {
            case UNDECLARED, OTHER -> {
                return 0; // reported by the name resolver or the parser
            }
            case REGISTER_EXPRESSION -> {
                if (element) {
                    return 0; // OperandSyntax: no expression over a register inside a vector ("Parsing error")
                }
                // a predicate first operand is the result (testp, istypep, mbarrier.test_wait, bar.red), and so
                // is an operand marked `writes` (tcgen05.ld.red's redval): "Result register required"
                boolean written = dest || spec.kind() == IsaForm.Kind.PRED && firstOperand(insn, e)
                        || spec.writes() && spec.kind() != IsaForm.Kind.ADDR;
                return registerExpression(insn, spec, type, e, written, out, ctx);
            }
            case REGISTER -> {
                if (spec.kind() == IsaForm.Kind.IMM) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is a constant, not a register");
                }
                if (spec.only() != null && spec.only().isEmpty()) {
                    // only(): no register alone (mbarrier's discard: "Arguments mismatch", "Sink '_' is expected")
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "'" + o.symbol().name() + "' cannot be operand "
                            + spec.name() + " of '" + insn.mnemonic() + "': it takes no register" + noRegisterHint(spec));
                }
                PtxType r = o.type();
                if (type == null || r == null) {
                    return 0;
                }
                if (spec.only() == null && !fits(b, spec, type, r, element)) {
                    return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + o.symbol().name() + "' is "
                            + r.text() + ", but operand " + spec.name() + " of '" + insn.mnemonic() + "' is "
                            + describe(spec, type));
                }
                if (spec.only() != null && !spec.only().contains(r)) {
                    return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + o.symbol().name() + "' is "
                            + r.text() + ", but operand " + spec.name() + " of '" + insn.mnemonic() + "' takes "
                            + onlyText(b, spec, type) + " registers");
                }
                return 0;
            }
            case SPECIAL_REGISTER -> {
                return specialRegister(insn, b, spec, type, e, dest, ctx, out);
            }
            case INTEGER, FLOAT_HEX_F, FLOAT_HEX_D, FLOAT_DECIMAL, MINUS_REGISTER -> {
                if (o.kind() == Kind.MINUS_REGISTER) {
                    return fail(out, Rules.INVALID_NEGATION, e, "'" + insn.mnemonic() + "' cannot negate operand "
                            + spec.name() + " ('-' on a register)" + (spec.kind() == IsaForm.Kind.ANY ? "" : "; use neg"
                            + " first"));
                }
                if (spec.only() != null && spec.only().isEmpty()) {
                    return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                            + "' takes no constant" + noRegisterHint(spec));
                }
                if (spec.only() != null && spec.kind() == IsaForm.Kind.PRED) {
                    return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                            + "' is a " + onlyText(b, spec, type) + " register, not a constant");
                }
                if (spec.kind() == IsaForm.Kind.REG || spec.kind() == IsaForm.Kind.PRED) {
                    if (spec.kind() == IsaForm.Kind.PRED && o.kind() == Kind.INTEGER && !firstOperand(insn, e)) {
                        return 0; // ptxas takes integer constants as predicate sources (bar.red, vote)
                    }
                    return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                            + "' is " + describe(spec, type) + ", not a constant");
                }
                if (spec.literals() >= 0) {
                    // literals(...): the kinds this operand takes written alone (ptxas reads a vector's
                    // constants by its first element: {%r1, 1} passes where a lone 1 does not)
                    if (!element && !spec.takesLiteral(literalKind(o.kind()))) {
                        return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '"
                                + insn.mnemonic() + "' takes " + literalsText(spec) + ", not this constant");
                    }
                } else if (type != null) {
                    TypeRules.ImmediateFit fit = immediateFit(b, spec, type, e, o.kind(), element);
                    if (fit == TypeRules.ImmediateFit.WRONG_KIND || fit == TypeRules.ImmediateFit.DESTINATION) {
                        return fail(out, Rules.INVALID_IMMEDIATE, e, OperandFit.immediateMessage(type, o.kind(),
                                spec.name(), insn.mnemonic()));
                    }
                }
                if (o.kind() == Kind.INTEGER && (spec.hasRange() || spec.values() != null || spec.multiple() != 0
                        || spec.limits().pow2() || spec.limits().nonzero())) {
                    return constantValue(insn, spec, e, out);
                }
                if (o.kind() != Kind.INTEGER && spec.limits().floatRange()) {
                    return floatValue(insn, spec, e, out);
                }
                return 0;
            }
            case OTHER_SYMBOL -> {
                Symbol s = o.symbol();
                if (spec.limits().literal() && !s.isRegister()) {
                    // @operand ... literal: a number, not an address (alloca.u32 %r1, %r2, fv: "Arguments mismatch")
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                            + "' is " + describe(spec, type) + " written as a number, not the address of '" + s.name()
                            + "'");
                }
                if (spec.only() != null && !s.isRegister()) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + (spec.only().isEmpty() ? "' takes no '" + s.name() + "'" + noRegisterHint(spec)
                            : "' is a " + onlyText(b, spec, type) + " register, not '" + s.name() + "'"));
                }
                if (s.kind() == Symbol.Kind.FUNCTION && !dest && spec.noFunction()) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is " + describe(spec, type) + ", not the function '" + s.name()
                            + "': ptxas takes no function address here; mov it into a register first (mov.u64 %rd1, "
                            + s.name() + ")");
                }
                if (s.kind() == Symbol.Kind.FUNCTION && !dest && (spec.kind() == IsaForm.Kind.VAL
                        || spec.kind() == IsaForm.Kind.IMM || spec.kind() == IsaForm.Kind.REG)
                        && !functionAddressFits(insn, spec, type, element)) {
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is " + describe(spec, type) + ", not the function '" + s.name()
                            + "': ptxas takes a function's address only where the operand's type is the instruction"
                            + " type (add.u64 %rd1, " + s.name() + ", 8), in mov and as a call target"
                            + (spec.kind() == IsaForm.Kind.IMM ? "; write a constant here" : "; mov it into a register first"));
                }
                if (!s.isRegister() && s.kind() != Symbol.Kind.FUNCTION && (spec.kind() == IsaForm.Kind.VAL
                        || spec.kind() == IsaForm.Kind.IMM || spec.kind() == IsaForm.Kind.REG)) {
                    // (ptxas takes a function's name as its address wherever a value goes)
                    // a variable, label or function where a register or constant goes
                    String what = s.kind() == Symbol.Kind.LABEL ? "label" : s.kind() == Symbol.Kind.FUNCTION
                            ? "function" : "variable";
                    return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is " + describe(spec, type) + ", not the " + what + " '"
                            + s.name() + "'");
                }
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
                    // p|q where one predicate goes: ptxas 13.0 "Predicate output not allowed for instruction
                    // 'testp'" (bar.red too), "Arguments mismatch" with other registers (holdout-cross, 2026-11-28)
                    return fail(out, Rules.INVALID_DESTINATION, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                            + "' is one predicate, not a pair p|q (ptxas: 'Predicate output not allowed'): write "
                            + Exprs.text(((Ast.PredPair) e).first()));
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

    /**
     * Whether ptxas takes a function's name (its address) in this source operand, as measured on
     * the recorded verdicts (testdata/ptxas/isa, every slot x the template's {@code fv}): in an
     * operand whose type is the instruction type ({@code add.u32 %r1, fv, 1}, {@code abs.f32},
     * {@code and.pred}) or a relaxed cvt/st operand ({@code cvt.pack.sat.u16.s32 %r1, fv, %r2}),
     * except .bf16/.bf16x2 ones; not in operands of a type the form fixes (bfe's positions, barrier
     * numbers, cache policies, sizes) or vector elements ("Arguments mismatch").
     */
    /**
     * An expression with a register in it where a value goes. ptxas 13.0 parses only a register plus
     * an integer constant ({@code %u2+1}, {@link FormAnalysis#registerPlusConstant}) as a source (add, mov,
     * st, cvta, shfl, atom, bar, ...; measured): PTX0272 (the manual does not describe it) where the
     * register's kind fits ({@link FormAnalysis#plusConstantFits}; "Arguments mismatch" otherwise,
     * PTX0213); not in a destination ("Result register required"), not in an operand that takes a
     * selector or is read like one ({@code nosum}: the video instructions, "Parsing error", "Incorrect
     * video selector"), not where only a constant goes. Anything else
     * ({@code %u2-1}, {@code 1+%u2}, {@code %u2+%u3}, {@code (%u2+1)}) is a syntax error (PTX0215).
     */
    private static int registerExpression(Ast.Instruction insn, IsaForm.Operand spec, PtxType type, Ast.Expr e,
                                          boolean dest, List<Finding> out, CheckContext ctx) {
        boolean selector = spec.takesSelector() || spec.limits().noSum();
        Symbol r = dest || selector || spec.kind() == IsaForm.Kind.IMM ? null
                : FormAnalysis.registerPlusConstant(e, ctx);
        if (r == null) {
            if (FormAnalysis.mentionsUndeclared(e, ctx)) {
                return 0; // the name resolver reports the name
            }
            if (!dest && selector && FormAnalysis.registerPlusConstant(e, ctx) != null) {
                return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' cannot be a register plus a constant: ptxas reads what follows a register here as a "
                        + "video selector ('Incorrect video selector', or a parsing error); compute the sum into a register first (add)");
            }
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is an expression over a register; ptxas takes " + (dest ? "a register in a destination"
                    : spec.takesSelector() || spec.kind() == IsaForm.Kind.IMM ? "a register or a constant here"
                    : "only a register plus a constant (%r1+4) in a source") + ": compute it into a register first");
        }
        PtxType rt = PtxType.of(r.type());
        if (spec.only() != null && spec.only().isEmpty() && rt == PtxType.PRED) {
            // only(): a register plus a constant of any type but .pred (sust's ci: "Arguments mismatch")
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + Exprs.text(e) + ", a predicate plus a constant; ptxas takes a register of another type"
                    + " plus a constant there");
        }
        if (spec.only() != null && !spec.only().isEmpty() && rt != null && !onlyTakesSum(spec.only(), rt)) {
            // only(...) decides a register plus a constant as it decides the register (createpolicy.cvt's
            // %fd3+1, %r3+1 and a cache policy's %r3+1: "Arguments mismatch"); ptxas 13.0 reads a .bN register plus a
            // constant as .sN (st.bulk's 32-bit size: %r3+1 is taken as the .s32 form, %r3 alone is not)
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + Exprs.text(e) + ", a register plus a constant, but " + r.name() + " is " + rt.text()
                    + ": ptxas takes a " + onlyText(null, spec, null) + " register there");
        }
        if (spec.only() == null && !FormAnalysis.plusConstantFits(type, rt)) {
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + Exprs.text(e) + ", a register plus a constant, but " + r.name() + " is " + rt.text()
                    + ": ptxas takes " + SourceRule.plusConstantTypes(type) + " registers there");
        }
        return 0; // PTX0272 once a form passed (plusConstants)
    }

    /** Whether a register of type {@code rt} plus a constant fits {@code only(...)}: its type listed, or .sN for a .bN one. */
    private static boolean onlyTakesSum(Set<PtxType> only, PtxType rt) {
        return only.contains(rt) || rt == PtxType.B32 && only.contains(PtxType.S32)
                || rt == PtxType.B64 && only.contains(PtxType.S64) || rt == PtxType.B16 && only.contains(PtxType.S16)
                || rt == PtxType.B8 && only.contains(PtxType.S8);
    }

    /**
     * PTX0272 on each register plus a constant among the operands of an instruction whose form passed;
     * PTX0282 instead where the operand's data says ptxas 13.0 crashes or does not terminate on it
     * ({@code noplus(...)}, {@link IsaForm.NoPlus}).
     */
    private void plusConstants(Ast.Instruction insn, Binding b, CheckContext ctx) {
        List<Ast.Expr> ops = insn.operands();
        int mask = 0;
        boolean masked = false;
        for (int i = 0; i < ops.size(); i++) {
            Ast.Expr e = ops.get(i);
            Symbol r = e instanceof Ast.Binary ? FormAnalysis.registerPlusConstant(e, ctx) : null;
            if (r == null) {
                continue;
            }
            if (!masked) {
                mask = passingMask(insn, b, ctx);
                masked = true;
            }
            IsaForm.Operand spec = specAt(b.form().operands(), mask, ops.size(), i);
            PtxType rt = PtxType.of(r.type());
            IsaForm.NoPlus np = noPlusFailure(spec == null ? null : spec.limits().noPlus(), rt, insn,
                    b.form().operands(), mask, ctx.declaredTarget());
            if (np != null) {
                ctx.reporter().report(Rules.PLUS_CONSTANT_CRASH, e.span(), noPlusMessage(np, e, rt, insn,
                        spec.name()));
                continue;
            }
            ctx.reporter().report(Rules.REGISTER_PLUS_CONSTANT, e.span(), "'" + Exprs.text(e) + "' in '"
                    + insn.mnemonic() + "' is a register plus a constant: ptxas accepts it, the manual does not"
                    + " describe it; compute the sum into a register first (add)");
        }
    }

    /** The optional operands present in the form that passed ({@link #operandProblems}' choice; -1: all). */
    private int passingMask(Ast.Instruction insn, Binding b, CheckContext ctx) {
        IsaForm f = b.form();
        int optionals = f.operands().length - f.minOperands();
        int present = insn.operands().size() - f.minOperands();
        if (optionals == present) {
            return -1;
        }
        int limit = optionals > 16 ? 0 : 1 << optionals;
        for (int mask = 0; mask < limit; mask++) {
            if (Integer.bitCount(mask) == present && operands(insn, b, mask, ctx, null) == 0) {
                return mask;
            }
        }
        return -1;
    }

    /** The spec of written operand {@code index}, with the optional ones in {@code mask} present. */
    private static IsaForm.Operand specAt(IsaForm.Operand[] specs, int mask, int written, int index) {
        int k = 0;
        int optionalIndex = 0;
        for (int i = 0; i < specs.length && k < written; i++) {
            IsaForm.Operand spec = specs[i];
            if (spec.optional()) {
                boolean on = mask < 0 || (mask & (1 << optionalIndex)) != 0;
                optionalIndex++;
                if (!on) {
                    continue;
                }
            }
            if (k == index) {
                return spec;
            }
            k++;
        }
        return null;
    }

    /**
     * The clause of an operand's {@code noplus(...)} under which ptxas 13.0 fails on a register of type
     * {@code rt} plus a constant in this instruction, or null (also for {@code np} null). Shared with the
     * form tables' operands (SourceRule).
     */
    static IsaForm.NoPlus noPlusFailure(IsaForm.NoPlus np, PtxType rt, Ast.Instruction insn,
                                        IsaForm.Operand[] specs, int mask, Target target) {
        while (np != null && !(np.fails(rt) && noPlusApplies(np, insn) && targetBelow(np, target)
                && constantsWritten(np, insn, specs, mask))) {
            np = np.or();
        }
        return np;
    }

    /** Whether a {@code noplus(... before(sm_N))} applies to the module's target (always without before). */
    private static boolean targetBelow(IsaForm.NoPlus np, Target target) {
        int b = np.before();
        return b == 0 || target != null && (b > 0 ? target.sm() < b : target.sm() >= -b);
    }

    /** PTX0282's message for register-plus-constant {@code e} in operand {@code operand}, failing under {@code np}. */
    static String noPlusMessage(IsaForm.NoPlus np, Ast.Expr e, PtxType rt, Ast.Instruction insn, String operand) {
        if (np.builtin()) {
            return "'" + Exprs.text(e) + "' in operand " + operand + " of '" + insn.mnemonic() + "': ptxas 13.0"
                    + " expands this instruction" + (np.before() == 0 ? "" : np.before() > 0 ? " (on targets below sm_"
                    + np.before() + ")" : " (on sm_" + -np.before() + " and later)")
                    + " into a built-in routine and substitutes the operand's text into it, where a register plus"
                    + " a constant cannot be parsed (a fatal \"Parsing error\"); compute the sum into a"
                    + " register first (as in 'add.u32 %r9, %r1, 1;') and write that register here";
        }
        return "'" + Exprs.text(e) + "' in '" + insn.mnemonic() + "': ptxas 13.0 " + (np.hang()
                ? "does not terminate (its memory grows without bound)" : "crashes (killed by SIGSEGV)") + " on a "
                + (rt == null ? "register" : rt.text() + " register") + " plus a constant in operand " + operand
                + (np.hang() ? "; write a predicate register here, computing the value into one first (setp, not.pred)"
                : "; compute the sum into a register first (as in 'add.u32 %r9, %r1, 1;') and write that register here");
    }

    /**
     * Whether every operand a {@code noplus(const(...))} names that the form has is written as a constant
     * (specs null, the form tables: only when it names none).
     */
    private static boolean constantsWritten(IsaForm.NoPlus np, Ast.Instruction insn, IsaForm.Operand[] specs,
                                            int mask) {
        for (String name : np.constants()) {
            if (specs == null) {
                return false;
            }
            Ast.Expr e = writtenOperand(specs, mask, insn.operands(), name);
            if (e != null && !FormAnalysis.isIntegerConstant(e)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the conditions of a {@code noplus(...)} hold: its modifier values written (a word
     * {@code .b8|.u8}: one of them; {@code !.mmio}: not written), a pair {@code p|q}.
     */
    private static boolean noPlusApplies(IsaForm.NoPlus np, Ast.Instruction insn) {
        List<Token> written = insn.modifiers();
        for (String m : np.modifiers()) {
            boolean negated = m.charAt(0) == '!';
            boolean found = false;
            for (int i = 0; i < written.size() && !found; i++) {
                found = oneOf(m, negated ? 1 : 0, written.get(i).text());
            }
            if (found == negated) {
                return false;
            }
        }
        if (np.pair()) {
            for (Ast.Expr e : insn.operands()) {
                if (e instanceof Ast.PredPair p && !(p.second() instanceof Ast.Sink)) {
                    return true;
                }
            }
            return false;
        }
        return true;
    }

    /** Whether {@code text} is one of the {@code |}-separated words of {@code words} from {@code from} on. */
    private static boolean oneOf(String words, int from, String text) {
        int s = from;
        while (s <= words.length()) {
            int e = words.indexOf('|', s);
            if (e < 0) {
                e = words.length();
            }
            if (e - s == text.length() && words.regionMatches(s, text, 0, e - s)) {
                return true;
            }
            s = e + 1;
        }
        return false;
    }

    private static boolean functionAddressFits(Ast.Instruction insn, IsaForm.Operand spec, PtxType type,
                                               boolean element) {
        if (element || type == null || type == PtxType.BF16 || type == PtxType.BF16X2) {
            return false;
        }
        TypeRules.Origin o = origin(spec, false);
        return o == TypeRules.Origin.TYPED || o == TypeRules.Origin.RELAXED;
    }

    /** Where the operand's type comes from, for the type rules. */
    private static TypeRules.Origin origin(IsaForm.Operand spec, boolean element) {
        if (spec.relaxed()) {
            return TypeRules.Origin.RELAXED; // ld/st data: each element of a vector too
        }
        if (element) {
            return TypeRules.Origin.ELEMENT;
        }
        return spec.typeSlot() < 0 && spec.fixedType() != null && !spec.typed() ? TypeRules.Origin.FIXED
                : TypeRules.Origin.TYPED;
    }

    private static int indexOf(Binding b, IsaForm.Operand spec) {
        IsaForm.Operand[] ops = b.form().operands();
        for (int i = 0; i < ops.length; i++) {
            if (ops[i] == spec) {
                return i;
            }
        }
        return -1;
    }

    private static boolean fits(Binding b, IsaForm.Operand spec, PtxType slot, PtxType reg, boolean element) {
        if (element && spec.relaxed() && slot.kind() == PtxType.Kind.FLOAT && reg.bits() == slot.bits()
                && (reg.kind() == PtxType.Kind.SIGNED || reg.kind() == PtxType.Kind.UNSIGNED)) {
            // an element of ld/st data: an integer register of the float type's size too (ld.global.v2.f32
            // {%u1, %u2}); otherwise the relaxed rule, as for a scalar (measured with ptxas 13.0: .f32 takes
            // no .u64/.s64/.f64/.f16x2 element, .u32/.s32/.u16 no .f32/.f64 element: Arguments mismatch)
            return true;
        }
        int index = indexOf(b, spec);
        return OperandFit.register(index < 0 ? null : b.typeKey(), index, origin(spec, element), slot, reg);
    }

    private static TypeRules.LiteralKind literalKind(Kind kind) {
        return switch (kind) {
            case FLOAT_HEX_F -> TypeRules.LiteralKind.F32_HEX;
            case FLOAT_HEX_D -> TypeRules.LiteralKind.F64_HEX;
            case FLOAT_DECIMAL -> TypeRules.LiteralKind.DECIMAL_FLOAT;
            default -> TypeRules.LiteralKind.INTEGER;
        };
    }

    /** "no constant" or "only 0f constants (0fXXXXXXXX)" for literals(...). */
    private static String literalsText(IsaForm.Operand spec) {
        StringBuilder sb = new StringBuilder();
        for (TypeRules.LiteralKind k : TypeRules.LiteralKind.values()) {
            if (spec.takesLiteral(k)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(switch (k) {
                    case INTEGER -> "integer";
                    case F32_HEX -> "0f (0fXXXXXXXX)";
                    case F64_HEX -> "0d (0dXXXXXXXXXXXXXXXX)";
                    case DECIMAL_FLOAT -> "decimal floating-point";
                });
            }
        }
        return sb.length() == 0 ? "no constant" : "only " + sb + " constants";
    }

    private static TypeRules.ImmediateFit immediateFit(Binding b, IsaForm.Operand spec, PtxType slot, Ast.Expr e,
                                                       Kind kind, boolean element) {
        TypeRules.LiteralKind lk = literalKind(kind);
        int index = indexOf(b, spec);
        return TypeRules.immediateFits(index < 0 ? null : b.typeKey(), index, origin(spec, element), slot, lk, false, 0,
                false);
    }

    /**
     * A special register ({@code %tid.x}): ptxas reads them only in the operands whose data says
     * {@code sreg(mov)} or {@code sreg(cvt)} (mov's sources, integer cvt's; also as an address or
     * guard), never writes them, and each has its components, read types and requirements
     * (special-registers.txt: the {@code use=} class the operand names).
     */
    private int specialRegister(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, Ast.Expr e,
                                boolean dest, CheckContext ctx, List<Finding> out) {
        String name = ((Ast.Name) e).text();
        if (spec.kind() == IsaForm.Kind.IMM) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is a constant, not a special register");
        }
        if (dest) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "special register '" + name + "' cannot be written");
        }
        SpecialRegisterTable.Entry sr = SpecialRegisterTable.lookup(name);
        if (sr == null) {
            return 0;
        }
        List<Token> suffixes = ((Ast.Name) e).suffixes();
        // a vector special register is four values (x, y, z, w): named whole where the data takes a vector of
        // 4 in place of the scalar (vec(0|4): mov.v4.u32 {%r1, %r2, %r3, %r4}, %tid assembles; mov.v2 and
        // mov.u32 with %tid are "Argument vector size mismatch", ptxas 13.0)
        boolean whole = sr.isVector() && suffixes.isEmpty() && spec.widths() != null && spec.takesWidth(4);
        if (sr.isVector() && !whole && (suffixes.isEmpty() || !sr.hasComponent(suffixes.get(0).text()))) {
            return fail(out, Rules.INVALID_OPERAND_KIND, suffixes.isEmpty() ? e.span() : suffixes.get(0).span(),
                    suffixes.isEmpty() ? "'" + name + "' is a vector: read one component ("
                            + String.join(", ", sr.components()) + ")"
                            : "'" + name + "' has no component '" + suffixes.get(0).text() + "': one of "
                            + String.join(", ", sr.components()));
        }
        if (!sr.isVector() && !suffixes.isEmpty()) {
            return fail(out, Rules.INVALID_OPERAND_KIND, suffixes.get(0), "'" + name + "' is a scalar; it takes no '"
                    + suffixes.get(0).text() + "'");
        }
        if (sr.since() != null && (!sr.since().versionMet(ctx.declaredVersion())
                || !sr.since().targetMet(ctx.declaredTarget()))) {
            return fail(out, Rules.REQUIRES_NEWER, e, "'" + name + "' requires .version " + sr.since().version()
                    + " and .target sm_" + sr.since().sm() + " or later");
        }
        SpecialRegisterTable.Use use = spec.limits().specialRegisters(); // sreg(mov), sreg(cvt) in the data
        if (use == null || !sr.usableIn(use)) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "'" + insn.mnemonic() + "' cannot read the special register '"
                    + name + "': ptxas reads special registers only with mov and integer cvt; mov it into a register"
                    + " first");
        }
        if (spec.only() != null && sr.type() != null && !spec.only().contains(sr.type())) {
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + name + (suffixes.isEmpty() ? "" : suffixes.get(0)
                    .text()) + "' is " + sr.type().text() + ", but operand "
                    + spec.name() + " of '" + insn.mnemonic() + "' takes " + onlyText(b, spec, null) + " registers");
        }
        if (use == SpecialRegisterTable.Use.CVT && type != null && sr.type() != null && sr.type().bits() < type.bits()) {
            // cvt.u32.u64 %r1, %tid.x: "Arguments mismatch" (a wider one is read: cvt.u32.u64 %r1, %clock64)
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + name + (suffixes.isEmpty() ? "" : suffixes.get(0)
                    .text()) + "' is " + sr.type().text() + ", narrower"
                    + " than operand " + spec.name() + " of '" + insn.mnemonic() + "' (" + type.text() + ")");
        }
        if (use == SpecialRegisterTable.Use.MOV && type != null && !sr.readableAs(type)) {
            return fail(out, Rules.OPERAND_TYPE_MISMATCH, e, "'" + name + "' is " + sr.type().text() + "; 'mov"
                    + type.text() + "' cannot read it (it reads as " + ModifierMatch.limit(
                    sr.readTypes().stream().map(PtxType::text).toList(), 8) + ")");
        }
        return 0;
    }

    private static boolean firstOperand(Ast.Instruction insn, Ast.Expr e) {
        return !insn.operands().isEmpty() && insn.operands().get(0).span().start() == e.span().start();
    }

    /** A label, function or variable operand: a name of that kind. */
    private static int symbolOperand(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Expr e,
                                     CheckContext ctx, List<Finding> out) {
        String what = switch (spec.kind()) {
            case LABEL -> "a label";
            case FUNC -> "a function name";
            default -> "a variable";
        };
        Ast.Expr base = e;
        if (spec.kind() == IsaForm.Kind.VAR && e instanceof Ast.Binary bin) {
            base = bin.left(); // var+4, A[5]
        }
        if (!(base instanceof Ast.Name n)) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + what);
        }
        Symbol s = ctx.resolve(n.token());
        if (s == null) {
            return 0; // undeclared: the name resolver reports it
        }
        if (spec.limits().branchTargets() && s.kind() == Symbol.Kind.LABEL && !".branchtargets".equals(s.type())) {
            // @operand tlist : label branchtargets (brx.idx; ptxas 13.0: "Label with '.branchtargets'
            // directive expected for argument 1", bra.ptxisa)
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is the label of a .branchtargets list (" + s.name() + "_list: .branchtargets L1, L2;), not the"
                    + " plain label '" + s.name() + "'");
        }
        if (spec.kind() == IsaForm.Kind.LABEL && !spec.limits().branchTargets() && ".branchtargets".equals(s.type())) {
            // bra Lt, call %rd1, Lt with Lt: .branchtargets ...: "Label expected", "Call target not recognized"
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "'" + s.name() + "' labels a .branchtargets list, which"
                    + " only brx.idx takes; operand " + spec.name() + " of '" + insn.mnemonic() + "' is a label"
                    + " of an instruction or directive");
        }
        boolean ok = switch (spec.kind()) {
            case LABEL -> s.kind() == Symbol.Kind.LABEL;
            case FUNC -> s.kind() == Symbol.Kind.FUNCTION;
            default -> s.kind() == Symbol.Kind.VARIABLE && !s.isRegister();
        };
        if (!ok) {
            return fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                    + "' is " + what + ", not '" + s.name() + "'");
        }
        // space(): the variable named alone, indexed or plus an offset (g, g[4], g+4)
        String want = spec.spaces() == null || spec.kind() != IsaForm.Kind.VAR || s.space() == null ? null
                : wantedSpace(b, spec, s.space());
        if (want != null) {
            return fail(out, Rules.ADDRESS_SPACE_MISMATCH, n, "'" + n.text() + "' is a " + s.space() + " variable, but"
                    + " operand " + spec.name() + " of '" + insn.mnemonic() + "' takes the address of a variable in "
                    + want + " (" + b.form().syntax() + "); use a form of '" + insn.opcode().text() + "' that takes a "
                    + s.space() + " variable");
        }
        return 0;
    }

    /** The parts of an address that the data describes ({@code [tensorMap, tensorCoords]}). */
    private int addressParts(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Address a, CheckContext ctx,
                             List<Finding> out) {
        List<IsaForm.Operand> parts = spec.parts();
        if (a.items().size() != parts.size()) {
            // two problems: the form whose address has the parts written is reported ([a, b, c] vs [a, c])
            return 1 + fail(out, Rules.INVALID_OPERAND_KIND, a, "operand " + spec.text() + " of '" + insn.mnemonic()
                    + "' has " + parts.size() + " parts; this one has " + a.items().size());
        }
        int p = 0;
        for (int i = 0; i < parts.size(); i++) {
            IsaForm.Operand part = parts.get(i);
            if (part != null) {
                p += value(insn, b, part, a.items().get(i), false, ctx, out);
            }
        }
        return p;
    }

    /**
     * A typed address ({@code @operand taddr : addr .u32}, tensor memory): {@code [r]} or
     * {@code [r+imm]} with a register {@code r} of that type; a constant, a variable or a register
     * of another type is not an address of this kind.
     */
    private int addressBase(Ast.Instruction insn, Binding b, IsaForm.Operand spec, PtxType type, Ast.Address a,
                            CheckContext ctx, List<Finding> out) {
        if (a.items().size() != 1) {
            return 0; // [a, b]: the parser and the part rules say more
        }
        Ast.Expr base = a.items().get(0);
        if (base instanceof Ast.Binary bin && (bin.op().text().equals("+") || bin.op().text().equals("-"))
                && FormAnalysis.isIntegerConstant(bin.right())) {
            base = bin.left();
        }
        FormAnalysis.Operand o = FormAnalysis.classify(base, ctx);
        switch (o.kind()) {
            case REGISTER -> {
                PtxType r = o.type();
                if (r != null && spec.only() != null) {
                    // addr .b32 only(.b32): tcgen05.mma's tensor-memory addresses take no .u32/.s32 register
                    return spec.only().contains(r) ? 0 : fail(out, Rules.OPERAND_TYPE_MISMATCH, base, "'"
                            + o.symbol().name() + "' is " + r.text() + ", but operand " + spec.name() + " of '"
                            + insn.mnemonic() + "' is an address [r] or [r+imm] with a " + onlyText(b, spec, null)
                            + " register r");
                }
                return r == null || fits(b, spec, type, r, false) ? 0 : fail(out, Rules.OPERAND_TYPE_MISMATCH, base,
                        "'" + o.symbol().name() + "' is " + r.text() + ", but operand " + spec.name() + " of '"
                        + insn.mnemonic() + "' is " + typedAddress(type));
            }
            case INTEGER -> {
                return fail(out, Rules.INVALID_OPERAND_KIND, base, "operand " + spec.name() + " of '" + insn.mnemonic()
                        + "' is " + typedAddress(type) + ", not a constant address");
            }
            case OTHER_SYMBOL -> {
                return o.symbol().isRegister() ? 0 : fail(out, Rules.INVALID_OPERAND_KIND, base, "operand "
                        + spec.name() + " of '" + insn.mnemonic() + "' is " + typedAddress(type) + ", not the variable '"
                        + o.symbol().name() + "'");
            }
            default -> {
                return 0;
            }
        }
    }

    /**
     * {@code [a].unified}: ptxas 13.0 takes it only where the form writes {@code [a]{.unified}} (ld, ldu,
     * ld.global.nc, atom and multimem.ld_reduce), with no state space or {@code .global} named (.shared, .local,
     * .const, .param, and st, red, prefetch, cp.async, multimem.st ...: "Illegal use of attribute '.unified'"),
     * and there only after a register address ({@code [%rd1]}, {@code [%rd1+8]}; a variable, {@code [g]},
     * {@code [g+8]}, {@code [s]}, is the same error).
     */
    private static int unified(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Address a,
                               CheckContext ctx, List<Finding> out) {
        String space = namedSpace(b);
        if (!spec.limits().unified() || space != null && !space.equals(".global")) {
            // two problems: a form that takes '.unified' is reported first (ld.u32 %r1, [g].unified)
            return 1 + fail(out, Rules.INVALID_OPERAND_KIND, a.unified(), "'.unified' cannot follow operand "
                    + spec.name() + " of '" + insn.mnemonic() + "': only ld, ldu, atom and multimem.ld_reduce on a"
                    + " .global or generic address take it; remove it");
        }
        Ast.Name n = addressBaseName(a);
        Symbol s = n == null ? null : ctx.resolve(n.text());
        if (s == null || s.isRegister()) {
            return 0;
        }
        return fail(out, Rules.INVALID_OPERAND_KIND, a.unified(), "'.unified' follows only an address held in a"
                + " register ([%rd1].unified), not the variable '" + n.text() + "' of '" + insn.mnemonic()
                + "'; remove it");
    }

    /**
     * The register name of an address {@code [r]} or {@code [r+imm]} ({@code [r-imm]} too: OperandSyntax
     * reports the '-'), without suffixes; null for any other address.
     */
    private static Ast.Name addressBaseName(Ast.Address a) {
        if (a.items().size() != 1) {
            return null;
        }
        Ast.Expr base = a.items().get(0);
        if (base instanceof Ast.Binary bin && (bin.op().text().equals("+") || bin.op().text().equals("-"))
                && FormAnalysis.isIntegerConstant(bin.right())) {
            base = bin.left();
        }
        return base instanceof Ast.Name n && n.suffixes().isEmpty() ? n : null;
    }

    /**
     * The register of an untyped address {@code [r]} / {@code [r+imm]}: ptxas 13.0 refuses a
     * floating-point or .pred register ("Illegal to use symbol '%f7' of type .f32 as address operand.
     * Use integer or bit only") and a .b128 one ("Illegal operand type for address/array-index"),
     * measured on ld, st, atom, prefetch, mbarrier, ldmatrix, cp.async and the bracketed addresses of
     * the bulk tensor copies ({@code mem}); 8-, 16- and 32-bit integer registers assemble (with a
     * warning outside .shared). fence.proxy.tensormap::generic.acquire
     * refuses only the .b128 one (hold-out cases, probed).
     */
    private static int untypedAddressBase(Ast.Instruction insn, IsaForm.Operand spec, Ast.Address a, CheckContext ctx,
                                          List<Finding> out) {
        Ast.Name n = addressBaseName(a);
        Symbol s = n == null ? null : ctx.resolve(n.token());
        if (s == null || !s.isRegister() || s.vector() != 1 || s.type() == null) {
            return 0;
        }
        Ast.Expr base = n;
        // @operand ... anyreg: fence.proxy.tensormap::generic.acquire takes [%f1], [%h1], [%p1] (not [%q1])
        boolean anyScalar = spec.limits().anyRegister();
        switch (s.type()) {
            case ".pred", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".b128" -> {
                if (anyScalar && !s.type().equals(".b128")) {
                    return 0;
                }
                return fail(out, Rules.OPERAND_TYPE_MISMATCH, base, "'" + n.text() + "' is a " + s.type()
                        + " register, which cannot hold the address of operand " + spec.name() + " of '"
                        + insn.mnemonic() + "': an address register has an integer or bit-size type (.u64 or .b64)");
            }
            default -> {
                // only(...) on an address: the register types its base may have (cp.async.bulk's [mbar]
                // refuses a 16-bit one: "Argument 3 of instruction 'cp.async.bulk': must be register")
                PtxType rt = spec.only() == null ? null : TypeCache.of(s.type());
                if (rt == null || spec.only().contains(rt)) {
                    return 0;
                }
                return fail(out, Rules.OPERAND_TYPE_MISMATCH, base, "'" + n.text() + "' is a " + s.type()
                        + " register, which ptxas does not take as the address of operand " + spec.name() + " of '"
                        + insn.mnemonic() + "': use a " + onlyText(null, spec, null) + " register");
            }
        }
    }

    /**
     * An immediate address ({@code [1024]}, {@code [WARP_SZ]}, {@code [-4]}, {@code [8+8]}): ptxas 13.0
     * takes one only when the instruction names {@code .local} (ld.local, st.local, prefetch.local);
     * anywhere else, generic addresses included, it is "Immediate addresses allowed only for .local
     * state space" (measured over every address operand of the recorded forms). An {@code anyreg}
     * address (fence.proxy.tensormap) takes one too.
     */
    private static int immediateAddress(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Address a,
                                        List<Finding> out) {
        if (a.items().size() != 1 || !FormAnalysis.isIntegerConstant(a.items().get(0)) || spec.limits().anyRegister()) {
            return 0;
        }
        IsaForm f = b.form();
        for (int i : f.spaceSlots()) {
            if (".local".equals(b.value(i))) {
                return 0;
            }
        }
        return fail(out, Rules.INVALID_OPERAND_KIND, a, "operand " + spec.name() + " of '" + insn.mnemonic()
                + "' is the immediate address [" + Exprs.text(a.items().get(0)) + "], which ptxas takes only in"
                + " .local ('Immediate addresses allowed only for .local state space'): put the address in a 64-bit"
                + " register or name a variable ([var+offset])");
    }

    /** The state space the instruction names (its form's written state-space slot), or null: a generic address. */
    private static String namedSpace(Binding b) {
        IsaForm f = b.form();
        for (int i : f.spaceSlots()) {
            String v = b.value(i);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /**
     * The register of a {@code .global} or generic address ({@code @operand a : addr addr64}): a
     * 32-bit integer register ({@code .b32 .u32 .s32}) there makes ptxas 13.0 compile the module as
     * 32-bit code, which it no longer does: fatal "32-Bit ABI (--machine 32 or 32-Bit addressing) is
     * not supported on sm_90 or higher architectures" (before sm_90: "32-Bit compilation is no longer
     * supported"), under {@code .address_size 64} and without {@code .address_size} alike. An address
     * in {@code .shared}, {@code .local}, {@code .const} or {@code .param} takes one. Measured on ld,
     * ld.global.nc, ldu, st, atom, red, prefetch, prefetchu, applypriority, discard, mbarrier and
     * multimem.ld_reduce/multimem.st on sm_75, sm_90 and sm_100a (docs/rules/PTX0273.md). Under
     * {@code .address_size 32} (PTX0118) the module is already refused.
     */
    private static int address64(Ast.Instruction insn, Binding b, IsaForm.Operand spec, Ast.Address a,
                                 CheckContext ctx, List<Finding> out) {
        if (ctx.addressSize() == 32) {
            return 0;
        }
        Ast.Name n = addressBaseName(a);
        Symbol s = n == null ? null : ctx.resolve(n.token());
        if (s == null || !s.isRegister() || s.vector() != 1 || s.type() == null) {
            return 0;
        }
        Ast.Expr base = n;
        switch (s.type()) {
            case ".b32", ".u32", ".s32" -> {
            }
            default -> {
                return 0;
            }
        }
        String space = namedSpace(b);
        if (space != null && !space.equals(".global")) {
            return 0; // .shared, .local, .const, .param: a 32-bit offset is fine
        }
        return fail(out, Rules.ADDRESS_32_BIT, base, "'" + n.text() + "' is a " + s.type() + " register, but "
                + (space == null ? "a generic" : "a .global") + " address is 64 bits wide " + (ctx.addressSize() == 64
                ? "under .address_size 64" : "(ptxas compiles 64-bit code)") + " and ptxas stops on a 32-bit one"
                + " ('32-Bit ... is not supported'): use a 64-bit register (cvt.u64.u32 from '" + n.text() + "'), or"
                + " name the state space if it is an offset into .shared or .local memory, where 32 bits are fine");
    }

    /** What a typed address operand takes, for messages only (built when a diagnostic is reported). */
    private static String typedAddress(PtxType type) {
        return "an address [r] or [r+imm] with a " + type.text() + " register r";
    }

    /**
     * An address written bare ({@code @operand dstMem : mem}): ptxas reads a register of any type, a
     * variable's name or a floating-point constant as the address, but not an integer constant, a
     * vector, a predicate, a special register, a label, a function or {@code _}.
     */
    private static int bareAddress(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, CheckContext ctx,
                                   List<Finding> out) {
        FormAnalysis.Operand o = FormAnalysis.classify(e, ctx);
        String what = switch (o.kind()) {
            // a predicate only where only(...) lists .pred (the tensor map of the bulk tensor stores and prefetches)
            case REGISTER -> o.type() == PtxType.PRED && (spec.only() == null || !spec.only().contains(PtxType.PRED))
                    ? "a predicate" : null;
            case INTEGER -> "an integer constant (ptxas takes immediate addresses only in .local)";
            case VECTOR -> "a vector";
            case SINK -> "'_'";
            case NEGATED -> "a negated predicate";
            case SPECIAL_REGISTER -> "a special register";
            case OTHER_SYMBOL -> o.symbol().kind() == Symbol.Kind.LABEL ? "a label"
                    : o.symbol().kind() == Symbol.Kind.FUNCTION ? "a function" : null;
            default -> null;
        };
        return what == null ? 0 : fail(out, Rules.INVALID_OPERAND_KIND, e, "operand " + spec.name() + " of '"
                + insn.mnemonic() + "' is an address [a] (or a register holding one), not " + what);
    }

    /** A constant's value against range(), values() and multiple() (ptxas reads it as 32 bits). */
    private static int constantValue(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, List<Finding> out) {
        java.math.BigInteger v = IntegerConstants.value(e);
        if (v == null) {
            return 0;
        }
        // ptxas keeps the low 64 bits of a longer constant (bfe.u32 %r1, %r2, 18446744073709551616, 8 is
        // accepted: 0; setmaxnreg.inc.sync.aligned.u32 18446744073709551617: "unexpected value '1'")
        long raw = v.longValue();
        long u32 = spec.exactConstant() ? raw : v.longValue() & 0xFFFFFFFFL;
        String want;
        if (spec.limits().nonzero() && v.signum() == 0) {
            want = "non-zero";
        } else if (spec.limits().pow2() && !(Long.bitCount(raw) == 1 && raw > 0 || Long.bitCount(u32) == 1 && u32 > 0)) {
            want = "a power of two";
        } else if (spec.hasRange() && !(raw >= spec.min() && raw <= spec.max() || u32 >= spec.min() && u32 <= spec.max())) {
            want = "in [" + spec.min() + ".." + spec.max() + "]";
        } else if (spec.values() != null && !oneOf(spec.values(), raw, u32)) {
            StringBuilder sb = new StringBuilder("one of ");
            for (int i = 0; i < spec.values().length; i++) {
                sb.append(i > 0 ? ", " : "").append(spec.values()[i]);
            }
            want = sb.toString();
        } else if (spec.multiple() != 0 && raw % spec.multiple() != 0 && u32 % spec.multiple() != 0) {
            want = "a multiple of " + spec.multiple();
        } else {
            return 0; // the message is built only for a value that fails
        }
        return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                + "' must be " + want + "; this one is " + v);
    }

    /**
     * A floating-point constant against {@code range(LO,HI)} with decimal bounds: its value as
     * ptxas reads it for an .f32 operand (a decimal or 0d constant rounded to .f32), NaN out of
     * every range.
     */
    private static int floatValue(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, List<Finding> out) {
        String text = e instanceof Ast.FloatLit f ? f.token().text()
                : e instanceof Ast.Unary u && u.op().text().equals("-") && u.operand() instanceof Ast.FloatLit f
                ? "-" + f.token().text() : null;
        if (text == null) {
            return 0;
        }
        double d;
        try {
            d = dev.ptxlint.eval.Literals.decode(text, dev.ptxlint.eval.ScalarType.F32).toDouble();
        } catch (RuntimeException ex) {
            return 0; // not a constant ptxas reads as .f32: other rules speak of it
        }
        IsaForm.Limits l = spec.limits();
        boolean low = l.floatMinOpen() ? d > l.floatMin() : d >= l.floatMin();
        if (low && d <= l.floatMax()) {
            return 0;
        }
        return fail(out, Rules.INVALID_IMMEDIATE, e, "operand " + spec.name() + " of '" + insn.mnemonic()
                + "' must be in " + (l.floatMinOpen() ? "(" : "[") + l.floatMin() + ", " + l.floatMax() + "]; this one is "
                + (Double.isNaN(d) ? "NaN" : Float.toString((float) d)) + " as .f32");
    }

    private static boolean oneOf(long[] values, long raw, long u32) {
        for (long x : values) {
            if (raw == x || u32 == x) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code .u32 or .s32}: the register types of only(...) that also fit the operand's type (a
     * list for both sizes names the 32-bit ones on a .u32 form), for messages.
     */
    private static String onlyText(Binding b, IsaForm.Operand spec, PtxType type) {
        if (spec.only().isEmpty()) {
            return "no"; // only(): "takes no registers"
        }
        StringBuilder sb = new StringBuilder();
        for (PtxType t : spec.only()) {
            if (type == null || fits(b, spec, type, t, false)) {
                sb.append(sb.length() == 0 ? "" : " or ").append(t.text());
            }
        }
        if (sb.length() == 0) {
            for (PtxType t : spec.only()) {
                sb.append(sb.length() == 0 ? "" : " or ").append(t.text());
            }
        }
        return sb.toString();
    }

    /** What an operand of {@code only()} (no register alone) takes instead, for a message. */
    private static String noRegisterHint(IsaForm.Operand spec) {
        return spec.sink() ? "; write the sink '_'" : spec.kind() == IsaForm.Kind.REG
                ? " alone, only a register plus a constant (%r1+1)" : "";
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
        return fail(out, rule, e.span(), message);
    }

    private static int fail(List<Finding> out, Rule rule, Token t, String message) {
        return fail(out, rule, t.span(), message);
    }

    private static int fail(List<Finding> out, Rule rule, Span at, String message) {
        if (out != null) {
            out.add(new Finding(rule, at, message));
        }
        return 1;
    }
}
