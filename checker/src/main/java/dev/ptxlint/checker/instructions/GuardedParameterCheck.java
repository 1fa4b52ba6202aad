package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.FunctionCheck;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.syntax.Ast;

import java.util.List;

/**
 * A predicated instruction that reads or writes a call parameter, the {@code .param} variables a
 * function body declares for the arguments of a call (ptxas 13.0: {@code @%p st.param.b32 [cpb], %r1}
 * and {@code @%p ld.param.b32 %r1, [cpb]} are "Illegal to predicate instruction 'st.param' with operand
 * 'cpb'", with and without an offset, ld.param::func and vectors too; measured 2026-11-28). A
 * predicated {@code ld.param} of a function's return parameter is refused the same way, a predicated
 * {@code st.param} to it is accepted; a kernel's or function's own input parameters may be read under a
 * guard. The function's return parameters are what this check needs of the function, hence a
 * {@link FunctionCheck}; every other instruction without a guard costs one test.
 */
public final class GuardedParameterCheck implements FunctionCheck {

    private List<Ast.VarDecl> returns = List.of();

    @Override
    public void begin(Ast.Function function, CheckContext context) {
        returns = function.returns() == null ? List.of() : function.returns();
    }

    @Override
    public void end(Ast.Function function, CheckContext context) {
        returns = List.of();
    }

    @Override
    public void check(Ast.Instruction insn, CheckContext ctx) {
        if (insn.guard() == null || !namesParam(insn)) {
            return; // a generic ld/st of a .param variable is another error (State space mismatch)
        }
        for (Ast.Expr e : insn.operands()) {
            if (!(e instanceof Ast.Address a) || a.items().size() != 1) {
                continue;
            }
            Ast.Expr base = a.items().get(0) instanceof Ast.Binary bin ? bin.left() : a.items().get(0);
            if (!(base instanceof Ast.Name n) || !n.suffixes().isEmpty()) {
                continue;
            }
            Symbol s = ctx.resolve(n.text());
            if (s == null || s.input() || s.kind() != Symbol.Kind.VARIABLE || !".param".equals(s.space())) {
                continue;
            }
            boolean ret = isReturn(n.text());
            if (ret && !"ld".equals(insn.opcode().text())) {
                continue; // @%p st.param [fr], %r1 assembles
            }
            ctx.reporter().report(Rules.GUARDED_CALL_PARAMETER, n.span(), "'" + insn.mnemonic() + "' under the guard '@"
                    + (insn.guard().negated() ? "!" : "") + insn.guard().predicate().text() + "' names '" + n.text()
                    + "', " + (ret ? "a return parameter of this function" : "a .param variable of the body (a call"
                    + " parameter)") + ", which ptxas does not allow in a predicated instruction: move the value"
                    + " through a register unconditionally, or branch around the unpredicated instruction");
            return;
        }
    }

    private static boolean namesParam(Ast.Instruction insn) {
        for (dev.ptxlint.syntax.Token m : insn.modifiers()) {
            if (m.text().startsWith(".param")) {
                return true;
            }
        }
        return false;
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
}
