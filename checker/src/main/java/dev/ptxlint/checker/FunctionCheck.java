package dev.ptxlint.checker;

import dev.ptxlint.syntax.Ast;

/**
 * An {@link InstructionCheck} that also wants to see function boundaries: {@link #begin} before
 * the first instruction of a function body, {@link #end} after its last, for checks that analyse
 * a whole function (the constant-folding dataflow).
 */
public interface FunctionCheck extends InstructionCheck {

    void begin(Ast.Function function, CheckContext context);

    void end(Ast.Function function, CheckContext context);
}
