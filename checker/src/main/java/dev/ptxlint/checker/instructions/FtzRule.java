package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import java.util.LinkedHashSet;
import java.util.Set;

/** {@code .ftz} on a form that does not flush subnormals (PTX0204), with a fix that removes it. */
final class FtzRule implements FormRule {

    @Override
    public void check(FormAnalysis a, CheckContext ctx) {
        if (a.ftzs.isEmpty() || a.form == null || a.form.ftz()) {
            return;
        }
        int compared = a.table.typeCount() - 1;
        Set<PtxType> withFtz = new LinkedHashSet<>();
        for (Form f : a.table.forms().values()) {
            if (f.ftz()) {
                withFtz.add(f.types().get(compared));
            }
        }
        PtxType t = a.form.types().get(compared);
        String slot = a.table.typeCount() == 1 ? "" : a.table.typeNames().get(compared) + " ";
        String which = Edits.list(withFtz.stream().map(PtxType::text).toList());
        FormTable.Operand sel = a.table.selecting();
        if (sel != null && sel.typeIndex() == compared && sel.role() == FormTable.Role.SOURCE) {
            // the compared type is that of the source whose sign selects (@operand c : .ctype selects)
            ctx.reporter().report(Edits.at(Rules.FTZ_NOT_ALLOWED, a.ftzs.get(0).span(), "'.ftz' needs " + slot + which
                    + " (it flushes a subnormal " + sel.name() + " to zero before testing its sign), not " + slot
                    + t.text() + "; remove it").withFix(Edits.remove("Remove '.ftz'", a.ftzs.get(0))));
            return;
        }
        String msg = "'.ftz' applies only to " + which + " " + "comparisons"
                + " in " + a.opcode() + ", not to " + slot + t.text() + "; remove it";
        if (withFtz.contains(t)) {
            // the type allows .ftz with another partner type (set.f16.b32 vs set.f16.f32)
            msg = "'.ftz' is not allowed for " + a.form.name(a.opcode()) + ": with " + slot + t.text() + " only "
                    + partners(a, compared, t) + " take it; remove it";
        }
        ctx.reporter().report(Edits.at(Rules.FTZ_NOT_ALLOWED, a.ftzs.get(0).span(), msg)
                .withFix(Edits.remove("Remove '.ftz'", a.ftzs.get(0))));
    }

    private static String partners(FormAnalysis a, int compared, PtxType t) {
        Set<String> names = new LinkedHashSet<>();
        for (Form f : a.table.forms().values()) {
            if (f.ftz() && f.types().get(compared) == t) {
                names.add(f.name(a.opcode()));
            }
        }
        return Edits.list(names);
    }
}
