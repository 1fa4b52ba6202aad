package dev.ptxlint.checker;

import dev.ptxlint.syntax.Ast;

/**
 * One check of instructions. Checks see every instruction of every function body, in source
 * order, with the scope at that point: {@link CheckContext#resolve} tells what each operand
 * name refers to. Each check reports through the context under its own rule codes.
 */
public interface InstructionCheck {
    void check(Ast.Instruction instruction, CheckContext context);
}
