package dev.ptxlint.checker;

import dev.ptxlint.syntax.Ast;

/** What an {@link InstructionCheck} can see and do. */
public interface CheckContext {

    /** The symbol a name refers to at this point, or null if it is undeclared. */
    Symbol resolve(String name);

    /** The module's {@code .version} directive, or null. */
    Ast.Directive version();

    /** The module's first {@code .target} directive, or null. */
    Ast.Directive target();

    /** Where findings go. */
    Reporter reporter();
}
