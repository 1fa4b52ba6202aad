package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Exprs;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;

import java.util.List;

/**
 * The shape of an address and of a variable's address in an operand, as ptxas 13.0 parses them;
 * ptxlint's parser reads any expression there.
 *
 * <p>ptxas takes an address {@code [a]} where {@code a} is a register, a variable, a register or a
 * variable plus an integer constant expression ({@code [%r1+4]}, {@code [s+4-2]},
 * {@code [%r1+(-4)]}, {@code [s+WARP_SZ]}), or an integer constant expression alone. Everything
 * else is a syntax error ("Parsing error near '-'"): a {@code -} or any other operator right after
 * the base ({@code [%r1-4]}, {@code [%r1*4]}), a base in parentheses or under a unary operator
 * ({@code [(%r1)]}, {@code [-%r1]}), a register or variable after the first one ({@code [%r1+%r2]},
 * {@code [4+s]}, {@code [s+(s)]}), a special register ({@code [%tid.x]}) and a vector
 * ({@code [{%r1}]}). A floating-point constant there is an error of its own ("Integer constant
 * expression expected"). The same holds for a variable in a source ({@code mov.u64 %rd1, s+4} but
 * not {@code s-4}, {@code 4+s}, {@code (s)}; {@code -s} is "Illegal argument to unary minus"), and a
 * vector is never part of an expression ({@code {%r2}+1}).
 *
 * <p>Measured with ptxas 13.0 on ld, st, atom, cp.async (both addresses), prefetch, mbarrier, mov,
 * add and cvta, .shared, .global and generic addresses (scripts/ptxas-diff probes of 2026-11-28, and
 * the fixture {@code operand-syntax.ptx}). A register plus a constant in a source, and every other
 * expression over a register there, is {@link IsaChecks}' (PTX0272 / PTX0215).
 *
 * <p>Cost: an operand that is a name, a literal or a vector of names is passed over at once; an
 * address {@code [r+imm]} is one walk of a three-node tree; nothing is allocated unless a finding
 * is reported, and names are resolved only on the way to a finding or in a source expression.
 */
public final class OperandSyntax implements InstructionCheck {

    @Override
    public void check(Ast.Instruction insn, CheckContext ctx) {
        List<Ast.Expr> ops = insn.operands();
        for (int i = 0, n = ops.size(); i < n; i++) {
            Ast.Expr e = ops.get(i);
            if (e instanceof Ast.Address a) {
                List<Ast.Expr> items = a.items();
                if (items.size() == 1) {
                    address(insn, items.get(0), ctx);
                } else {
                    for (int k = 0; k < items.size(); k++) {
                        Ast.Expr part = items.get(k);
                        if (isCompound(part)) {
                            vectorInExpression(insn, part, ctx);
                        } else if (part instanceof Ast.VectorExpr v) {
                            vectorElements(insn, v, ctx);
                        }
                    }
                }
            } else if (e instanceof Ast.VectorExpr v) {
                if (argumentLists(insn)) {
                    vectorInArgumentList(insn, e, ctx);
                } else {
                    vectorElements(insn, v, ctx);
                }
            } else if (e instanceof Ast.Group g && argumentLists(insn)) {
                // call's (a, b) lists are argument lists, not expressions (@arglists)
                List<Ast.Expr> items = g.items();
                for (int k = 0; k < items.size(); k++) {
                    if (items.get(k) instanceof Ast.VectorExpr) {
                        vectorInArgumentList(insn, items.get(k), ctx);
                    } else if (isCompound(items.get(k))) {
                        expressionInArgumentList(insn, items.get(k), ctx);
                    }
                }
            } else if (isCompound(e)) {
                if (argumentLists(insn)) {
                    expressionInArgumentList(insn, e, ctx);
                } else {
                    source(insn, e, ctx);
                }
            }
        }
    }

    /**
     * Whether the instruction's operands are argument lists ({@code @arglists call}, bra.ptxisa):
     * a parenthesised operand is a list of arguments, and ptxas's grammar there has no vector.
     */
    private static boolean argumentLists(Ast.Instruction insn) {
        return dev.ptxlint.isa.InstructionSet.get().listed("arglists", insn.opcode().text());
    }

    /** A vector among the operands of an instruction with argument lists: ptxas "Parsing error near '{'" (PTX0001). */
    private static void vectorInArgumentList(Ast.Instruction insn, Ast.Expr v, CheckContext ctx) {
        StringBuilder items = new StringBuilder();
        for (Ast.Expr x : ((Ast.VectorExpr) v).items()) {
            items.append(items.length() == 0 ? "" : ", ").append(Exprs.text(x));
        }
        ctx.reporter().report(Rules.SYNTAX_ERROR, v.span(), "{" + items + "}: the operands of " + insn.mnemonic()
                + " are no vectors (ptxas: \"Parsing error near '{'\"): write the callee and a target list bare,"
                + " a parameter or return list in parentheses: (" + items + ")");
    }

    /**
     * An expression over a register or a variable among the operands of an instruction with argument
     * lists, bare or in a list ({@code call fv, %r3+1}, {@code call (%r2), fn, (%r3+1)}, {@code (%r3*2)},
     * {@code (-%r3)}, {@code (g+4)}, {@code (%r2+1), fn}): ptxas 13.0 parses a name or a constant
     * expression there, and stops with a fatal "Parsing error near '+'" (measured 2026-11-29, task
     * plusrest; {@code (1+2)} assembles). '~' and '!' are the operand rules'.
     */
    private static void expressionInArgumentList(Ast.Instruction insn, Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Unary u && !u.op().text().equals("-")) {
            return;
        }
        int what = leaves(e, ctx);
        if ((what & UNDECLARED) != 0 || (what & (REGISTER | VARIABLE)) == 0) {
            return;
        }
        report(ctx, e.span(), "'" + Exprs.text(e) + "' among the operands of '" + insn.mnemonic() + "': ptxas parses a"
                + " name or a constant there, not an expression over a " + ((what & REGISTER) != 0 ? "register" : "variable")
                + " (\"Parsing error\"); compute it into a register first and pass that register");
    }

    /**
     * The elements of a vector operand or of an address's coordinate vector: ptxas 13.0 parses a
     * register, a constant expression or {@code _} there, and no expression over a register
     * ({@code {%r1+1, %r2}}, {@code [tex, {%f1+1, %f2}]}: fatal "Parsing error near '+'" in destinations
     * and sources alike: ld, st, mov, red, atom, mma, abs.bf16x2, cvt.f32.bf16, tex, tcgen05.st,
     * cp.async.bulk.tensor; {@code {%r1, 2+1}} assembles; measured 2026-11-28, slots-plusdest and
     * gen_plusslots.py).
     */
    private static void vectorElements(Ast.Instruction insn, Ast.VectorExpr v, CheckContext ctx) {
        List<Ast.Expr> items = v.items();
        for (int k = 0, n = items.size(); k < n; k++) {
            Ast.Expr x = items.get(k);
            if (isCompound(x) && (leaves(x, ctx) & (REGISTER | UNDECLARED)) == REGISTER) {
                report(ctx, x.span(), "'" + Exprs.text(x) + "' in the vector of '" + insn.mnemonic() + "': ptxas parses"
                        + " a register, a constant or '_' as an element of a vector, not an expression over a register"
                        + " (\"Parsing error near '+'\"); compute it into a register first");
            }
        }
    }

    private static boolean isCompound(Ast.Expr e) {
        return e instanceof Ast.Binary || e instanceof Ast.Unary || e instanceof Ast.Group
                || e instanceof Ast.Ternary || e instanceof Ast.Cast;
    }

    /** One address {@code [e]}. */
    private static void address(Ast.Instruction insn, Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Name name) {
            if (!name.suffixes().isEmpty()) {
                Token s = name.suffixes().get(0);
                report(ctx, s.span(), "'" + Exprs.text(e) + "' cannot be the address of '" + insn.mnemonic()
                        + "': ptxas takes a register or a variable there, not a special register's component;"
                        + " copy it into a register first (mov.u32 %r1, " + Exprs.text(e) + ")");
            }
            return;
        }
        if (e instanceof Ast.IntLit || e instanceof Ast.Missing) {
            return;
        }
        if (e instanceof Ast.VectorExpr v) {
            report(ctx, v.span(), "a vector is not an address of '" + insn.mnemonic()
                    + "': write [register], [variable] or [register+constant]");
            return;
        }
        Ast.Expr base = e;
        Ast.Binary parent = null;
        while (true) {
            if (base instanceof Ast.Binary b) {
                parent = b;
                base = b.left();
            } else if (base instanceof Ast.Ternary t) {
                parent = null; // '?' right after the base: not a base plus a constant
                base = t.cond();
            } else {
                break;
            }
        }
        shape(insn, e, base, parent, true, ctx);
    }

    /**
     * A source that is an expression: only one over a variable (and no register) is checked here;
     * registers are {@link IsaChecks}' and constant expressions are fine.
     */
    private static void source(Ast.Instruction insn, Ast.Expr e, CheckContext ctx) {
        if (vectorInExpression(insn, e, ctx)) {
            return;
        }
        int what = leaves(e, ctx);
        if ((what & REGISTER) != 0 || (what & VARIABLE) == 0 || (what & UNDECLARED) != 0) {
            return;
        }
        if (e instanceof Ast.Unary u) {
            if (u.op().text().equals("-") && u.operand() instanceof Ast.Name) {
                report(ctx, u.op().span(), "'" + Exprs.text(e) + "' in '" + insn.mnemonic() + "': ptxas cannot negate"
                        + " a variable's address (\"Illegal argument to unary minus\"); compute it with sub or neg");
            }
            return; // '~' and '!' on a variable: the operand rules say it
        }
        Ast.Expr base = e;
        Ast.Binary parent = null;
        while (base instanceof Ast.Binary b) {
            parent = b;
            base = b.left();
        }
        shape(insn, e, base, parent, false, ctx);
    }

    /**
     * Whether {@code e} is a base ({@code base}, the leftmost leaf, under {@code parent}) plus an
     * integer constant expression, or a constant expression; reports where ptxas's parser stops.
     */
    private static void shape(Ast.Instruction insn, Ast.Expr e, Ast.Expr base, Ast.Binary parent, boolean address,
                              CheckContext ctx) {
        // not a format string: the mnemonic is the user's text (an opcode '%r9999ll' made String.format throw)
        String pre = address ? "'[" : "'";
        String post = (address ? "]" : "") + "' in '" + insn.mnemonic() + "'";
        if (base instanceof Ast.Name name && !isConstantName(name)) {
            if (parent == null || !parent.op().text().equals("+")) {
                Token op = parent != null ? parent.op() : null;
                if (op == null) {
                    Ast.Expr stop = firstNonConstant(e, base);
                    report(ctx, (stop != null ? stop : e).span(), (pre + Exprs.text(e) + post)
                            + " is not a base plus a constant: ptxas parses " + (address ? "[base+constant]" : "base+constant")
                            + " only");
                    return;
                }
                boolean minus = op.text().equals("-") && additiveSpine(e, parent);
                String msg = (pre + Exprs.text(e) + post) + " is not a base plus a constant: after "
                        + Exprs.text(base) + " ptxas takes only '+' and an integer constant expression, not '" + op.text()
                        + "'" + (minus ? "; a negative offset is written +-" + Exprs.text(parent.right()) : "");
                if (minus) {
                    // (b-4)+6 == b+(-4+6): with only + and - above the base the value stays the same
                    ctx.reporter().report(Edits.at(Rules.INVALID_OPERAND_KIND, op.span(), msg)
                            .withFix(Edits.replaceSafe("Write '+-'", op.span(), "+-")));
                } else {
                    report(ctx, op.span(), msg);
                }
                return;
            }
            if (address && !name.suffixes().isEmpty()) {
                report(ctx, name.suffixes().get(0).span(), (pre + Exprs.text(e) + post) + ": a special register's"
                        + " component cannot be an address base; copy it into a register first");
                return;
            }
            Ast.Expr stop = firstNonConstant(e, base);
            if (stop != null) {
                reportLeaf(insn, e, stop, pre, post, address, ctx);
            }
            return;
        }
        // no register or variable as the base: everything must be constant
        Ast.Expr stop = firstNonConstant(e, null);
        if (stop != null) {
            reportLeaf(insn, e, stop, pre, post, address, ctx);
        }
    }

    private static void reportLeaf(Ast.Instruction insn, Ast.Expr e, Ast.Expr stop, String pre, String post,
                                   boolean address, CheckContext ctx) {
        if (stop instanceof Ast.FloatLit) {
            report(ctx, stop.span(), (pre + Exprs.text(e) + post) + ": '" + Exprs.text(stop)
                    + "' is a floating-point constant; ptxas takes an integer constant expression there");
            return;
        }
        if (stop instanceof Ast.Name n && ctx.resolve(n.token()) == null && n.suffixes().isEmpty()) {
            return; // the name resolver reports it
        }
        if (stop instanceof Ast.VectorExpr) {
            report(ctx, stop.span(), "a vector cannot be part of " + (address ? "an address" : "an expression") + " in '"
                    + insn.mnemonic() + "'; ptxas takes the vector alone");
            return;
        }
        report(ctx, stop.span(), (pre + Exprs.text(e) + post) + " is not " + (address
                ? "a register or variable plus an integer constant" : "a variable plus an integer constant")
                + ": '" + Exprs.text(stop) + "' cannot appear there (ptxas: \"Parsing error near '" + Exprs.text(stop)
                + "'\"); compute the address into a register first");
    }

    /** Whether every operator from {@code e} down to {@code parent} along the left spine is '+' or '-'. */
    private static boolean additiveSpine(Ast.Expr e, Ast.Binary parent) {
        Ast.Expr x = e;
        while (x instanceof Ast.Binary b) {
            String op = b.op().text();
            if (!op.equals("+") && !op.equals("-")) {
                return false;
            }
            if (b == parent) {
                return true;
            }
            x = b.left();
        }
        return false;
    }

    /** The first leaf of {@code e} (in source order) other than {@code base} that is not an integer constant. */
    private static Ast.Expr firstNonConstant(Ast.Expr e, Ast.Expr base) {
        if (e == base) {
            return null;
        }
        if (e instanceof Ast.IntLit) {
            return null;
        }
        if (e instanceof Ast.Name n) {
            return isConstantName(n) ? null : e;
        }
        if (e instanceof Ast.Binary b) {
            Ast.Expr l = firstNonConstant(b.left(), base);
            return l != null ? l : firstNonConstant(b.right(), base);
        }
        if (e instanceof Ast.Unary u) {
            return firstNonConstant(u.operand(), base);
        }
        if (e instanceof Ast.Cast c) {
            return firstNonConstant(c.operand(), base);
        }
        if (e instanceof Ast.Ternary t) {
            Ast.Expr c = firstNonConstant(t.cond(), base);
            if (c == null) {
                c = firstNonConstant(t.then(), base);
            }
            return c != null ? c : firstNonConstant(t.otherwise(), base);
        }
        if (e instanceof Ast.Group g) {
            for (Ast.Expr x : g.items()) {
                Ast.Expr c = firstNonConstant(x, base);
                if (c != null) {
                    return c;
                }
            }
            return null;
        }
        if (e instanceof Ast.Missing) {
            return null;
        }
        return e; // a float, a vector, an address, ...
    }

    /** {@code WARP_SZ}, the one predefined constant name. */
    private static boolean isConstantName(Ast.Name n) {
        return n.suffixes().isEmpty() && n.text().equals("WARP_SZ");
    }

    private static final int REGISTER = 1;
    private static final int VARIABLE = 2;
    private static final int UNDECLARED = 4;

    /** What names {@code e} holds: registers, other symbols, undeclared names (bits). */
    private static int leaves(Ast.Expr e, CheckContext ctx) {
        if (e instanceof Ast.Name n) {
            if (isConstantName(n)) {
                return 0;
            }
            Symbol s = ctx.resolve(n.token());
            return s == null ? (n.text().startsWith("%") ? REGISTER : UNDECLARED) : s.isRegister() ? REGISTER : VARIABLE;
        }
        if (e instanceof Ast.Binary b) {
            return leaves(b.left(), ctx) | leaves(b.right(), ctx);
        }
        if (e instanceof Ast.Unary u) {
            return leaves(u.operand(), ctx);
        }
        if (e instanceof Ast.Cast c) {
            return leaves(c.operand(), ctx);
        }
        if (e instanceof Ast.Ternary t) {
            return leaves(t.cond(), ctx) | leaves(t.then(), ctx) | leaves(t.otherwise(), ctx);
        }
        if (e instanceof Ast.Group g) {
            int r = 0;
            for (Ast.Expr x : g.items()) {
                r |= leaves(x, ctx);
            }
            return r;
        }
        return 0;
    }

    /** A vector inside an expression ({@code {%r2}+1}, {@code [tex, {%r1}+16]}): reported, true. */
    private static boolean vectorInExpression(Ast.Instruction insn, Ast.Expr e, CheckContext ctx) {
        Ast.VectorExpr v = vectorIn(e);
        if (v == null) {
            return false;
        }
        report(ctx, v.span(), "a vector cannot be part of an expression in '" + insn.mnemonic()
                + "'; ptxas takes the vector alone");
        return true;
    }

    private static Ast.VectorExpr vectorIn(Ast.Expr e) {
        if (e instanceof Ast.VectorExpr v) {
            return v;
        }
        if (e instanceof Ast.Binary b) {
            Ast.VectorExpr v = vectorIn(b.left());
            return v != null ? v : vectorIn(b.right());
        }
        if (e instanceof Ast.Unary u) {
            return vectorIn(u.operand());
        }
        if (e instanceof Ast.Cast c) {
            return vectorIn(c.operand());
        }
        if (e instanceof Ast.Group g) {
            for (Ast.Expr x : g.items()) {
                Ast.VectorExpr v = vectorIn(x);
                if (v != null) {
                    return v;
                }
            }
        }
        return null;
    }

    private static void report(CheckContext ctx, Span span, String message) {
        ctx.reporter().report(Rules.INVALID_OPERAND_KIND, span, message);
    }
}
