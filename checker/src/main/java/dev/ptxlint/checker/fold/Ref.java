package dev.ptxlint.checker.fold;

import dev.ptxlint.syntax.Ast;
import java.util.List;

/**
 * One operand of an instruction, resolved against the function's declarations: a scalar register
 * (optionally negated with {@code !} or carrying one selector suffix), a literal, the sink
 * {@code _}, a pair {@code p|q}, a list of registers ({@code {a, b}}), or something the
 * evaluator does not model.
 */
sealed interface Ref {

    Ast.Expr expr();

    /** A register; {@code reg} is null when the name is not a scalar register we model. */
    record Register(Ast.Expr expr, Reg reg, boolean negated, String selector) implements Ref {
    }

    /** A numeric literal, with its source text including any sign (for example {@code -1}). */
    record Literal(Ast.Expr expr, String text) implements Ref {
    }

    record Sink(Ast.Expr expr) implements Ref {
    }

    record Pair(Ast.Expr expr, Ref first, Ref second) implements Ref {
    }

    /** A braced list or a call's parenthesised list: only the registers in it matter (they are written). */
    record Many(Ast.Expr expr, List<Reg> regs) implements Ref {
    }

    record Other(Ast.Expr expr) implements Ref {
    }
}
