package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Requirement;
import dev.ptxlint.isa.Target;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;

/**
 * The form's minimum {@code .version} and {@code .target} (PTX0216, with a fix raising
 * {@code .version} when that is enough).
 */
final class RequirementRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        Form f = a.form;
        if (f == null) {
            return;
        }
        Requirement r = f.requires();
        PtxVersion v = ctx.declaredVersion();
        Target t = ctx.declaredTarget();
        boolean vOk = r.versionMet(v);
        boolean tOk = r.targetMet(t);
        if (vOk && tOk) {
            return;
        }
        Span at = a.insn.opcode().span().to(a.types.get(a.types.size() - 1).span());
        String name = f.name(a.opcode());
        StringBuilder msg = new StringBuilder("'" + name + "' needs ");
        if (!vOk) {
            msg.append("PTX ISA ").append(r.version()).append(ctx.version() == null
                    ? " (the file has no .version and the configured default is " : " (this file declares ")
                    .append(v).append(")");
        }
        if (!tOk) {
            msg.append(vOk ? "" : " and ").append("sm_").append(r.sm()).append(" or newer (it targets ")
                    .append(t.name()).append(")");
        }
        if (!f.feature().isEmpty() && !f.feature().equals(name)) {
            msg.append(" for ").append(f.feature());
        }
        Diagnostic d = Edits.at(Rules.REQUIRES_NEWER, at, msg.toString());
        Ast.Directive version = ctx.version();
        if (!vOk && tOk && version != null && !version.args().isEmpty()) {
            d = d.withFix(Fix.unsafe("Raise .version to " + r.version(),
                    TextRange.of(version.args().get(0).span()), r.version().toString()));
        }
        ctx.reporter().report(d);
    }
}
