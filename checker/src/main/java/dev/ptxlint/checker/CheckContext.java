package dev.ptxlint.checker;

import dev.ptxlint.forms.PtxVersion;
import dev.ptxlint.forms.Target;
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

    /** The declared PTX ISA version, or null when missing or malformed. */
    default PtxVersion declaredVersion() {
        Ast.Directive d = version();
        if (d == null || d.args().isEmpty()) {
            return null;
        }
        Ast.Expr e = d.args().get(0);
        return e instanceof Ast.FloatLit f ? PtxVersion.parse(f.token().text()) : null;
    }

    /** The declared {@code sm_N} target (the first one of the first {@code .target}), or null. */
    default Target declaredTarget() {
        Ast.Directive d = target();
        if (d == null) {
            return null;
        }
        for (Ast.Expr e : d.args()) {
            if (e instanceof Ast.Name n) {
                Target t = Target.parse(n.text());
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }
}
