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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One instruction read against its family's {@link FormTable}: the modifiers sorted by kind,
 * the instruction types, and the {@link Form} they select (null when the types select none).
 * Computed once per instruction and shared by every {@link FormRule}.
 */
final class FormAnalysis {

    /** What one modifier token is. */
    enum ModKind { TYPE, CMP, BOOL, FTZ, SECONDARY, ILLEGAL, UNKNOWN }

    /** The secondary operations of any video instruction. */
    static final Set<String> SECONDARY_OPS = Set.of(".add", ".min", ".max");

    record Mod(Token token, ModKind kind) {
    }

    final Ast.Instruction insn;
    final FormTable table;
    final List<Mod> mods = new ArrayList<>();
    final List<Token> types = new ArrayList<>();
    final List<Token> cmps = new ArrayList<>();
    final List<Token> bools = new ArrayList<>();
    final List<Token> ftzs = new ArrayList<>();
    final List<Token> secondaries = new ArrayList<>();
    /** The form selected by the types, or null (wrong count, unknown type or combination). */
    final Form form;
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

    FormAnalysis(Ast.Instruction insn, FormTable table, CheckContext ctx) {
        this(insn, table, java.util.Set.of(), ctx);
    }

    /** {@code ignored}: words ptxas ignores on this opcode ({@code @ignores}); they are left out. */
    FormAnalysis(Ast.Instruction insn, FormTable table, java.util.Set<String> ignored, CheckContext ctx) {
        this.insn = insn;
        this.table = table;
        for (Token m : insn.modifiers()) {
            String t = m.text();
            if (!ignored.isEmpty() && ignored.contains(t)) {
                continue;
            }
            ModKind k;
            if (TypeCache.of(t) != null) {
                k = ModKind.TYPE;
                types.add(m);
            } else if (CmpOp.of(t) != null && table.has(FormTable.Part.CMP)) {
                k = ModKind.CMP;
                cmps.add(m);
            } else if (KnownModifiers.BOOL_OPS.contains(t) && table.has(FormTable.Part.BOOL)) {
                k = ModKind.BOOL;
                bools.add(m);
            } else if (t.equals(".ftz") && table.has(FormTable.Part.FTZ)) {
                k = ModKind.FTZ;
                ftzs.add(m);
            } else if (table.secondaryOps().contains(t)) {
                k = ModKind.SECONDARY;
                secondaries.add(m);
            } else {
                k = KnownModifiers.isKnown(t) ? ModKind.ILLEGAL : ModKind.UNKNOWN;
            }
            mods.add(new Mod(m, k));
        }
        Form f = null;
        if (types.size() == table.typeCount()) {
            List<PtxType> ts = new ArrayList<>();
            for (Token t : types) {
                ts.add(TypeCache.of(t.text()));
            }
            f = table.form(ts);
        }
        this.form = f;
        List<Ast.Expr> ops = insn.operands();
        List<FormTable.Operand> expected = expectedOperands(ctx);
        for (int i = 0; i < Math.min(ops.size(), expected.size()); i++) {
            Ast.Expr e = ops.get(i);
            Token sel = selectorOf(e, ctx);
            slots.add(new Slot(i, expected.get(i), e, sel == null ? e : withoutSelector(e), sel));
        }
    }

    String opcode() {
        return table.opcode();
    }

    CmpOp cmp() {
        return cmps.isEmpty() ? null : CmpOp.of(cmps.get(0).text());
    }

    boolean hasBoolOp() {
        return !bools.isEmpty();
    }

    /** The instruction's name with its types, e.g. {@code setp.f16x2}, for messages. */
    String formName() {
        if (formName == null) {
            StringBuilder sb = new StringBuilder(opcode());
            for (Token t : types) {
                sb.append(t.text());
            }
            formName = sb.toString();
        }
        return formName;
    }

    private String formName;

    boolean hasSecondary() {
        return !secondaries.isEmpty();
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
        List<FormTable.Operand> l = new ArrayList<>();
        for (FormTable.Operand o : table.operands()) {
            boolean present = switch (o.presence()) {
                case ALWAYS -> true;
                case WITH_BOOLOP -> hasBoolOp();
                case WITH_SECONDARY -> hasSecondary() || mergeSelector;
            };
            if (present) {
                l.add(o);
            }
        }
        return l;
    }

    /**
     * The operand slots the table lays out for this instruction: c only with a BoolOp; scalar
     * vset's c with a secondary operation or a merging selector, or when there is an operand
     * for it (ptxas accepts it without either).
     */
    private List<FormTable.Operand> expectedOperands(CheckContext ctx) {
        List<Ast.Expr> ops = insn.operands();
        boolean dsel = !ops.isEmpty() && !table.operands().isEmpty()
                && merges(table.operands().get(0), selectorOf(ops.get(0), ctx));
        List<FormTable.Operand> required = requiredOperands(dsel);
        List<FormTable.Operand> l = new ArrayList<>();
        for (FormTable.Operand o : table.operands()) {
            if (required.contains(o) || (o.presence() == FormTable.Presence.WITH_SECONDARY
                    && ops.size() > required.size())) {
                l.add(o);
            }
        }
        return l;
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
        Symbol s = ctx.resolve(n.text());
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
            Symbol s = ctx.resolve(n.text());
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
                Symbol s = ctx.resolve(n.text());
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
     */
    static boolean plusConstantFits(PtxType operand, PtxType reg) {
        if (operand == null || reg == null) {
            return true;
        }
        if (operand.kind() == PtxType.Kind.PREDICATE || reg.kind() == PtxType.Kind.PREDICATE) {
            return operand.kind() == reg.kind();
        }
        return switch (operand.kind()) {
            case UNSIGNED, SIGNED -> reg.kind() != PtxType.Kind.FLOAT;
            case FLOAT -> reg.kind() == PtxType.Kind.FLOAT || reg.kind() == PtxType.Kind.BIT;
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
                return !n.text().equals("WARP_SZ") && ctx.resolve(n.text()) == null;
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
