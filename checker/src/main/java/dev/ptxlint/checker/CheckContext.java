package dev.ptxlint.checker;

import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Token;

/** What an {@link InstructionCheck} can see and do. */
public interface CheckContext {

    /** The symbol a name refers to at this point, or null if it is undeclared. */
    Symbol resolve(String name);

    /**
     * {@link #resolve(String)} of the name token {@code name}'s text; the resolver finds it by the
     * token's spelling id, without reading the text (ask by the token where there is one).
     */
    default Symbol resolve(Token name) {
        return resolve(name.text());
    }

    /** The module's {@code .version} directive, or null. */
    Ast.Directive version();

    /** The module's first {@code .target} directive, or null. */
    Ast.Directive target();

    /** Where findings go. */
    Reporter reporter();

    /** The declared PTX ISA version as ptxas reads it, or null when missing or malformed. */
    PtxVersion declaredVersion();

    /**
     * The target architecture as ptxas reads the header (the last architecture listed wins), or
     * null when there is none.
     */
    Target declaredTarget();

    /**
     * The module's {@code .address_size} as ptxas reads it: 32 or 64 as declared, or 0 when the
     * module declares none (ptxas then compiles 64-bit code, and a 32-bit address stops it just as
     * under {@code .address_size 64}) or declares another value (reported by the header check).
     */
    default int addressSize() {
        return 0;
    }
}
