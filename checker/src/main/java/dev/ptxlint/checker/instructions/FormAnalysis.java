package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.isa.Selectors;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Token;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import java.util.Set;

/**
 * One instruction read against its family's {@link FormTable}: the modifiers sorted by kind,
 * the instruction types, and the {@link Form} they select (null when the types select none).
 * Shared by every {@link FormRule}.
 *
 * <p>Everything the spelling (opcode and modifiers) fixes is a {@link Layout}, prepared once per
 * distinct spelling with {@link FormChecks}' other spelling facts; an instruction only points the
 * lists at its own tokens and maps its operands onto the slots ({@link #reset}). One analysis is
 * reused from instruction to instruction by its {@code FormChecks} (a check set serves one thread
 * at a time): a rule reads it, its lists and its {@link Mod}s during its check only.
 */
final class FormAnalysis {

    /** What one modifier token is. */
    enum ModKind { TYPE, CMP, BOOL, FTZ, SECONDARY, ILLEGAL, UNKNOWN }

    /** The secondary operations of any video instruction. */
    static final Set<String> SECONDARY_OPS = Set.of(".add", ".min", ".max");

    /** One modifier token and its kind (reused: valid during a rule's check). */
    static final class Mod {
        private Token token;
        private ModKind kind;

        Token token() {
            return token;
        }

        ModKind kind() {
            return kind;
        }
    }

    /**
     * What an opcode-and-modifier spelling fixes, for a table and the words ptxas ignores on it:
     * each kept modifier's token index and kind, the token indices of each kind, the form the types
     * select, the form's name and the operand layouts. Immutable; shared by the threads.
     */
    static final class Layout {
        private static final int[] NONE = new int[0];

        final FormTable table;
        final int[] modAt;
        final ModKind[] kinds;
        final int[] typeAt;
        final int[] cmpAt;
        final int[] boolAt;
        final int[] ftzAt;
        final int[] secondaryAt;
        final Form form;
        final CmpOp cmp;
        final String formName;
        /** Whether the first slot's selector can merge the result into c (scalar vset's d.dsel). */
        final boolean dselSlot;
        /** {@link #requiredOperands} without and with a merging selector. */
        final List<FormTable.Operand> required;
        final List<FormTable.Operand> requiredMerging;
        /** The slots laid out, by (merging selector ? 2 : 0) + (more operands than required ? 1 : 0). */
        final List<List<FormTable.Operand>> expected;

        Layout(FormTable table, String[] mods, Set<String> ignored) {
            this.table = table;
            int n = 0;
            for (String m : mods) {
                if (ignored.isEmpty() || !ignored.contains(m)) {
                    n++;
                }
            }
            modAt = new int[n];
            kinds = new ModKind[n];
            int[] count = new int[ModKind.values().length];
            for (int i = 0, k = 0; i < mods.length; i++) {
                String t = mods[i];
                if (!ignored.isEmpty() && ignored.contains(t)) {
                    continue;
                }
                ModKind kind;
                if (TypeCache.of(t) != null) {
                    kind = ModKind.TYPE;
                } else if (CmpOp.of(t) != null && table.has(FormTable.Part.CMP)) {
                    kind = ModKind.CMP;
                } else if (KnownModifiers.BOOL_OPS.contains(t) && table.has(FormTable.Part.BOOL)) {
                    kind = ModKind.BOOL;
                } else if (t.equals(".ftz") && table.has(FormTable.Part.FTZ)) {
                    kind = ModKind.FTZ;
                } else if (table.secondaryOps().contains(t)) {
                    kind = ModKind.SECONDARY;
                } else {
                    kind = KnownModifiers.isKnown(t) ? ModKind.ILLEGAL : ModKind.UNKNOWN;
                }
                modAt[k] = i;
                kinds[k++] = kind;
                count[kind.ordinal()]++;
            }
            typeAt = at(ModKind.TYPE, count);
            cmpAt = at(ModKind.CMP, count);
            boolAt = at(ModKind.BOOL, count);
            ftzAt = at(ModKind.FTZ, count);
            secondaryAt = at(ModKind.SECONDARY, count);
            Form f = null;
            if (typeAt.length == table.typeCount()) {
                List<PtxType> ts = new ArrayList<>();
                for (int i : typeAt) {
                    ts.add(TypeCache.of(mods[i]));
                }
                f = table.form(ts);
            }
            form = f;
            cmp = cmpAt.length == 0 ? null : CmpOp.of(mods[cmpAt[0]]);
            StringBuilder sb = new StringBuilder(table.opcode());
            for (int i : typeAt) {
                sb.append(mods[i]);
            }
            formName = sb.toString();
            List<FormTable.Operand> ops = table.operands();
            dselSlot = !ops.isEmpty() && ops.get(0).selectors().use() == Selectors.Use.MERGE;
            required = required(false);
            requiredMerging = required(true);
            List<List<FormTable.Operand>> e = new ArrayList<>();
            for (List<FormTable.Operand> r : List.of(required, requiredMerging)) {
                for (boolean more : new boolean[] {false, true}) {
                    List<FormTable.Operand> l = new ArrayList<>();
                    for (FormTable.Operand o : ops) {
                        if (r.contains(o) || (o.presence() == FormTable.Presence.WITH_SECONDARY && more)) {
                            l.add(o);
                        }
                    }
                    e.add(List.copyOf(l));
                }
            }
            expected = List.copyOf(e);
        }

        /** The token indices of the modifiers of {@code kind}, in order. */
        private int[] at(ModKind kind, int[] count) {
            int c = count[kind.ordinal()];
            if (c == 0) {
                return NONE;
            }
            int[] r = new int[c];
            for (int i = 0, k = 0; i < kinds.length; i++) {
                if (kinds[i] == kind) {
                    r[k++] = modAt[i];
                }
            }
            return r;
        }

        private List<FormTable.Operand> required(boolean mergeSelector) {
            List<FormTable.Operand> l = new ArrayList<>();
            for (FormTable.Operand o : table.operands()) {
                boolean present = switch (o.presence()) {
                    case ALWAYS -> true;
                    case WITH_BOOLOP -> boolAt.length > 0;
                    case WITH_SECONDARY -> secondaryAt.length > 0 || mergeSelector;
                };
                if (present) {
                    l.add(o);
                }
            }
            return List.copyOf(l);
        }
    }

    /** Some of an instruction's modifier tokens, by index (repointed per instruction). */
    private static final class Picked extends AbstractList<Token> implements RandomAccess {
        private List<Token> from = List.of();
        private int[] at = Layout.NONE;

        void set(List<Token> from, int[] at) {
            this.from = from;
            this.at = at;
        }

        @Override
        public Token get(int i) {
            return from.get(at[i]);
        }

        @Override
        public int size() {
            return at.length;
        }
    }

    /** The kept modifiers as {@link Mod}s, from a pool that grows to the longest spelling met. */
    private static final class Mods extends AbstractList<Mod> implements RandomAccess {
        private Mod[] pool = new Mod[0];
        private int size;

        void set(List<Token> tokens, Layout l) {
            int n = l.modAt.length;
            if (pool.length < n) {
                Mod[] p = java.util.Arrays.copyOf(pool, n);
                for (int i = pool.length; i < n; i++) {
                    p[i] = new Mod();
                }
                pool = p;
            }
            for (int i = 0; i < n; i++) {
                pool[i].token = tokens.get(l.modAt[i]);
                pool[i].kind = l.kinds[i];
            }
            for (int i = n; i < size; i++) {
                pool[i].token = null;
            }
            size = n;
        }

        @Override
        public Mod get(int i) {
            if (i >= size) {
                throw new IndexOutOfBoundsException(i);
            }
            return pool[i];
        }

        @Override
        public int size() {
            return size;
        }
    }

    Ast.Instruction insn;
    FormTable table;
    private Layout layout;
    final List<Mod> mods = new Mods();
    final List<Token> types = new Picked();
    final List<Token> cmps = new Picked();
    final List<Token> bools = new Picked();
    final List<Token> ftzs = new Picked();
    final List<Token> secondaries = new Picked();
    /** The form selected by the types, or null (wrong count, unknown type or combination). */
    Form form;
    /** The operands mapped onto the table's slots (at most as many as the slots). */
    final List<Slot> slots = new ArrayList<>();

    /**
     * One operand in its slot. {@code base} is the operand without its selector suffix
     * ({@code %r1} for {@code %r1.h10}, {@code -%r1} for {@code -%r1.h10}); {@code selector} is
     * that suffix, or null. Only a register's single suffix is split off; a special register's
     * suffix ({@code %tid.x}) is part of its name.
     */
    record Slot(int index, FormTable.Operand spec, Ast.Expr expr, Ast.Expr base, Token selector) {
    }

    /** Reads {@code insn}, whose spelling's layout is {@code l}, for the rules. */
    void reset(Ast.Instruction insn, Layout l, CheckContext ctx) {
        this.insn = insn;
        this.layout = l;
        this.table = l.table;
        this.form = l.form;
        List<Token> toks = insn.modifiers();
        ((Mods) mods).set(toks, l);
        ((Picked) types).set(toks, l.typeAt);
        ((Picked) cmps).set(toks, l.cmpAt);
        ((Picked) bools).set(toks, l.boolAt);
        ((Picked) ftzs).set(toks, l.ftzAt);
        ((Picked) secondaries).set(toks, l.secondaryAt);
        slots.clear();
        List<Ast.Expr> ops = insn.operands();
        // the slots laid out for this instruction: c only with a BoolOp; scalar vset's c with a
        // secondary operation or a merging selector, or when there is an operand for it (ptxas
        // accepts it without either)
        boolean dsel = l.dselSlot && !ops.isEmpty() && merges(table.operands().get(0), selectorOf(ops.get(0), ctx));
        List<FormTable.Operand> required = dsel ? l.requiredMerging : l.required;
        List<FormTable.Operand> expected = l.expected.get((dsel ? 2 : 0) + (ops.size() > required.size() ? 1 : 0));
        for (int i = 0, n = Math.min(ops.size(), expected.size()); i < n; i++) {
            Ast.Expr e = ops.get(i);
            Token sel = selectorOf(e, ctx);
            slots.add(new Slot(i, expected.get(i), e, sel == null ? e : withoutSelector(e), sel));
        }
    }

    String opcode() {
        return table.opcode();
    }

    CmpOp cmp() {
        return layout.cmp;
    }

    boolean hasBoolOp() {
        return layout.boolAt.length > 0;
    }

    /** The instruction's name with its types, e.g. {@code setp.f16x2}, for messages. */
    String formName() {
        return layout.formName;
    }

    boolean hasSecondary() {
        return layout.secondaryAt.length > 0;
    }

    /**
     * The selector written on the destination when the destination's selector merges the
     * result into c (scalar vset's {@code d.dsel}, odd tokens aside), or null.
     */
    Token mergeSelector() {
        if (slots.isEmpty()) {
            return null;
        }
        Slot d = slots.get(0);
        return merges(d.spec(), d.selector()) ? d.selector() : null;
    }

    /** Whether {@code sel} on a slot is a selector that merges the result into c. */
    private static boolean merges(FormTable.Operand spec, Token sel) {
        return sel != null && spec.selectors().use() == Selectors.Use.MERGE
                && !Selectors.ODD_TOKENS.contains(sel.text());
    }

    /** The slots of this form whose presence does not depend on the operand count. */
    List<FormTable.Operand> requiredOperands(boolean mergeSelector) {
        return mergeSelector ? layout.requiredMerging : layout.required;
    }

    // ------------------------------------------------------------------ selectors

    /** The selector suffix of a register operand ({@code %r1.h10}, {@code -%r1.h10}), or null. */
    static Token selectorOf(Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Unary u && !u.op().text().equals("!")) {
            return selectorOf(u.operand(), ctx);
        }
        if (!(e instanceof Ast.Name n) || n.suffixes().size() != 1) {
            return null;
        }
        Symbol s = ctx.resolve(n.token());
        if (s != null && (!s.isRegister() || s.vector() != 1)) {
            return null; // a special register's field, a vector member, a variable: not a selector
        }
        if (s == null && n.text().equals("WARP_SZ")) {
            return null;
        }
        return n.suffixes().get(0);
    }

    private static Ast.Expr withoutSelector(Ast.Expr e) {
        if (e instanceof Ast.Unary u) {
            Ast.Expr inner = withoutSelector(u.operand());
            return new Ast.Unary(u.op(), inner, u.op().span().to(inner.span()));
        }
        Ast.Name n = (Ast.Name) e;
        return new Ast.Name(n.token(), List.of(), n.token().span());
    }

    // ------------------------------------------------------------------ operands

    /** What an operand expression is, for type checking. */
    enum Kind {
        REGISTER, SPECIAL_REGISTER, OTHER_SYMBOL, UNDECLARED, NEGATED, INTEGER, FLOAT_HEX_F, FLOAT_HEX_D,
        FLOAT_DECIMAL, VECTOR, ADDRESS, PAIR, SINK,
        /** {@code -%r1}: unary minus on a register. */
        MINUS_REGISTER,
        /** A register inside a constant expression ({@code 1+%r2}, {@code (%r2)}): ptxas cannot parse it. */
        REGISTER_EXPRESSION,
        OTHER
    }

    record Operand(Kind kind, Ast.Expr expr, Symbol symbol, Operand inner) {
        /** The register's declared type, or null. */
        PtxType type() {
            return symbol == null ? null : TypeCache.of(symbol.type());
        }

        boolean isPredicateRegister() {
            return kind == Kind.REGISTER && type() == PtxType.PRED;
        }
    }

    static Operand classify(Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Name n) {
            if (n.suffixes().size() > 1) {
                return new Operand(Kind.OTHER, e, null, null); // two suffixes: the parser reported it
            }
            if (n.text().equals("WARP_SZ")) {
                return new Operand(n.suffixes().isEmpty() ? Kind.INTEGER : Kind.OTHER, e, null, null);
            }
            Symbol s = ctx.resolve(n.token());
            if (s == null) {
                return new Operand(Kind.UNDECLARED, e, null, null);
            }
            if (s.kind() == Symbol.Kind.SPECIAL_REGISTER) {
                return new Operand(Kind.SPECIAL_REGISTER, e, s, null);
            }
            if (s.isRegister() && s.vector() == 1 && n.suffixes().isEmpty()) {
                return new Operand(Kind.REGISTER, e, s, null);
            }
            return new Operand(Kind.OTHER_SYMBOL, e, s, null);
        }
        if (e instanceof Ast.Unary u && u.op().text().equals("!")) {
            return new Operand(Kind.NEGATED, e, null, classify(u.operand(), ctx));
        }
        if (e instanceof Ast.FloatLit f) {
            return new Operand(floatKind(f.token().text()), e, null, null);
        }
        if (e instanceof Ast.Unary u && (u.op().text().equals("-") || u.op().text().equals("+"))
                && u.operand() instanceof Ast.FloatLit f) {
            return new Operand(floatKind(f.token().text()), e, null, null);
        }
        if (isIntegerConstant(e)) {
            return new Operand(Kind.INTEGER, e, null, null);
        }
        if (e instanceof Ast.Unary u && u.op().text().equals("-") && u.operand() instanceof Ast.Name n
                && n.text().startsWith("%")) {
            return new Operand(Kind.MINUS_REGISTER, e, null, null);
        }
        if (complementsRegister(e)) {
            return new Operand(Kind.OTHER, e, null, null); // '~' over a register: the parser reported it
        }
        if ((e instanceof Ast.Unary || e instanceof Ast.Binary || e instanceof Ast.Group || e instanceof Ast.Ternary
                || e instanceof Ast.Cast) && mentionsRegister(e)) {
            return new Operand(Kind.REGISTER_EXPRESSION, e, null, null);
        }
        if (e instanceof Ast.VectorExpr) {
            return new Operand(Kind.VECTOR, e, null, null);
        }
        if (e instanceof Ast.Address) {
            return new Operand(Kind.ADDRESS, e, null, null);
        }
        if (e instanceof Ast.PredPair) {
            return new Operand(Kind.PAIR, e, null, null);
        }
        if (e instanceof Ast.Sink) {
            return new Operand(Kind.SINK, e, null, null);
        }
        return new Operand(Kind.OTHER, e, null, null);
    }

    private static Kind floatKind(String text) {
        if (text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'f' || text.charAt(1) == 'F')) {
            return Kind.FLOAT_HEX_F;
        }
        if (text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'd' || text.charAt(1) == 'D')) {
            return Kind.FLOAT_HEX_D;
        }
        return Kind.FLOAT_DECIMAL;
    }

    /** Whether a '~' applies to an expression over a register anywhere in {@code e}. */
    private static boolean complementsRegister(Ast.Expr e) {
        if (e instanceof Ast.Unary u) {
            return (u.op().text().equals("~") && mentionsRegister(u.operand())) || complementsRegister(u.operand());
        }
        if (e instanceof Ast.Binary b) {
            return complementsRegister(b.left()) || complementsRegister(b.right());
        }
        if (e instanceof Ast.Group g) {
            return g.items().stream().anyMatch(FormAnalysis::complementsRegister);
        }
        return false;
    }

    private static boolean mentionsRegister(Ast.Expr e) {
        if (e instanceof Ast.Name n) {
            return n.text().startsWith("%");
        }
        if (e instanceof Ast.Unary u) {
            return mentionsRegister(u.operand());
        }
        if (e instanceof Ast.Binary b) {
            return mentionsRegister(b.left()) || mentionsRegister(b.right());
        }
        if (e instanceof Ast.Group g) {
            return g.items().stream().anyMatch(FormAnalysis::mentionsRegister);
        }
        if (e instanceof Ast.Ternary t) {
            return mentionsRegister(t.cond()) || mentionsRegister(t.then()) || mentionsRegister(t.otherwise());
        }
        if (e instanceof Ast.Cast c) {
            return mentionsRegister(c.operand());
        }
        return false;
    }

    /**
     * The register of an operand written as a register plus an integer constant ({@code %u1+1},
     * {@code %u1+-1}, {@code %u1+1-1}, {@code %u1+WARP_SZ}), or null for any other expression.
     * ptxas 13.0 takes this as a source of add, mov, st, setp, selp, ... ({@code setp.eq.and.u32 %p1,
     * %u1+1, %u2+-1, 2;} assembles, real input of ZLUDA); it parses nothing else with a register in
     * it: {@code %u1-1}, {@code 1+%u1}, {@code %u1+%u2}, {@code %u1*2}, {@code (%u1+1)},
     * {@code %tid.x+1}, {@code %u1+fv} are syntax errors, {@code %f1+1.5} "Integer constant
     * expression expected" (measured). The constant after the '+' is read whole, so the parser's
     * left-leaning {@code (%u1+1)-1} counts as well.
     */
    static Symbol registerPlusConstant(Ast.Expr e, CheckContext ctx) {
        while (e instanceof Ast.Binary b && isIntegerConstant(b.right())) {
            if (b.left() instanceof Ast.Name n) {
                if (!b.op().text().equals("+") || !n.suffixes().isEmpty() || !n.text().startsWith("%")) {
                    return null;
                }
                Symbol s = ctx.resolve(n.token());
                return s != null && s.isRegister() && s.vector() == 1 ? s : null;
            }
            e = b.left();
        }
        return null;
    }

    /**
     * Whether ptxas takes a register of type {@code reg} in {@code register+constant} where an operand
     * of type {@code operand} goes: by kind, of any size (measured with setp, add, mov, st: a .u16 or
     * .b64 register in a .u32 operand, a .b32 or .f64 one in an .f32 operand are accepted; a .f32
     * register in an integer operand, a .u32 or .s32 one in a floating-point operand, a .pred one in
     * any but a predicate are "Arguments mismatch"; a predicate operand takes only a .pred register).
     * A packed {@code .f16x2} register counts as an integer one: it is taken in integer operands of any
     * size ({@code add.u32 %r1, %r2, %hh3+1}, add.u16, add.u64, setp.eq.u32, st.global.u32, vadd's and
     * vmad's c) and in packed operands ({@code add.f16x2}), not in scalar floating-point ones
     * ({@code add.f32}, add.f16, add.f64: "Arguments mismatch"); a packed operand takes bit-size and
     * packed registers only ({@code add.f16x2 ..., %f3+1} and {@code %u3+1}: "Arguments mismatch").
     * Measured with ptxas 13.0, 2026-11-28 (slots-plusdest's false errors, then every combination).
     */
    static boolean plusConstantFits(PtxType operand, PtxType reg) {
        if (operand == null || reg == null) {
            return true;
        }
        if (operand.kind() == PtxType.Kind.PREDICATE || reg.kind() == PtxType.Kind.PREDICATE) {
            return operand.kind() == reg.kind();
        }
        return switch (operand.kind()) {
            case UNSIGNED, SIGNED -> reg.kind() != PtxType.Kind.FLOAT || reg.isPacked();
            case FLOAT -> operand.isPacked() ? reg.kind() == PtxType.Kind.BIT || reg.isPacked()
                    : reg.kind() == PtxType.Kind.BIT || reg.kind() == PtxType.Kind.FLOAT && !reg.isPacked();
            default -> true;
        };
    }

    /**
     * Whether a name in {@code e} resolves to nothing (the name resolver reports it: no second
     * diagnostic for the expression). Walks a left-leaning chain ({@code %r3+%r3+...}) without recursion.
     */
    static boolean mentionsUndeclared(Ast.Expr e, CheckContext ctx) {
        while (true) {
            if (e instanceof Ast.Binary b) {
                if (mentionsUndeclared(b.right(), ctx)) {
                    return true;
                }
                e = b.left();
            } else if (e instanceof Ast.Unary u) {
                e = u.operand();
            } else if (e instanceof Ast.Cast c) {
                e = c.operand();
            } else if (e instanceof Ast.Group g) {
                for (Ast.Expr x : g.items()) {
                    if (mentionsUndeclared(x, ctx)) {
                        return true;
                    }
                }
                return false;
            } else if (e instanceof Ast.Ternary t) {
                return mentionsUndeclared(t.cond(), ctx) || mentionsUndeclared(t.then(), ctx)
                        || mentionsUndeclared(t.otherwise(), ctx);
            } else if (e instanceof Ast.Name n) {
                return !n.text().equals("WARP_SZ") && ctx.resolve(n.token()) == null;
            } else {
                return false;
            }
        }
    }

    /** Integer literals and expressions over them (no names other than WARP_SZ, no floats). */
    static boolean isIntegerConstant(Ast.Expr e) {
        if (e instanceof Ast.IntLit) {
            return true;
        }
        if (e instanceof Ast.Name n) {
            return n.text().equals("WARP_SZ") && n.suffixes().isEmpty();
        }
        if (e instanceof Ast.Unary u) {
            return !u.op().text().equals("!") && isIntegerConstant(u.operand());
        }
        if (e instanceof Ast.Binary b) {
            return isIntegerConstant(b.left()) && isIntegerConstant(b.right());
        }
        if (e instanceof Ast.Group g) {
            return g.items().size() == 1 && isIntegerConstant(g.items().get(0));
        }
        if (e instanceof Ast.Ternary t) {
            return isIntegerConstant(t.cond()) && isIntegerConstant(t.then()) && isIntegerConstant(t.otherwise());
        }
        if (e instanceof Ast.Cast c) {
            return isIntegerConstant(c.operand());
        }
        return false;
    }
}
