package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.FormTableData;
import dev.ptxlint.syntax.Ast;
import java.util.List;

/**
 * Checks every instruction that has a form table: reads it once ({@link FormAnalysis}) and runs
 * each {@link FormRule} on the result.
 */
public final class FormChecks implements InstructionCheck {

    private final List<FormRule> rules;
    private final dev.ptxlint.isa.InstructionSet isa = dev.ptxlint.isa.InstructionSet.get();

    public FormChecks() {
        this(List.of(new ModifierRule(), new TypeRule(), new CmpOpRule(), new FtzRule(), new OperandCountRule(),
                new DestinationRule(), new SourceRule(), new SelectorRule(), new RequirementRule()));
    }

    FormChecks(List<FormRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The opcodes these rules check; {@link IsaChecks} leaves them alone. */
    public static java.util.Set<String> opcodes() {
        return FormTableData.opcodes(); // without reading the tables: a run reads those of its opcodes only
    }

    @Override
    public void check(Ast.Instruction instruction, CheckContext context) {
        FormTable t = FormTableData.table(instruction.opcode().text());
        if (t == null) {
            return;
        }
        for (var m : instruction.modifiers()) {
            if (m.text().length() > 1 && Character.isDigit(m.text().charAt(1))) {
                return; // a malformed modifier: the parser reported it
            }
        }
        java.util.Set<String> ignored = isa.ignored(t.opcode());
        if (!ignored.isEmpty() && !typesFitWithout(instruction, t, ignored)) {
            ignored = java.util.Set.of(); // without the word the types are wrong anyway: it is the type error
        }
        if (!ignored.isEmpty()) {
            for (var m : instruction.modifiers()) {
                if (ignored.contains(m.text())) {
                    dev.ptxlint.diag.TextRange r = dev.ptxlint.diag.TextRange.of(m.span());
                    context.reporter().report(dev.ptxlint.diag.Diagnostic.of(dev.ptxlint.diag.Rules.IGNORED_MODIFIER, r,
                            "ptxas ignores '" + m.text() + "' on '" + t.opcode() + "' (it has no meaning there); remove it")
                            .withFix(dev.ptxlint.diag.Fix.replace("Remove '" + m.text() + "'", r, "")));
                }
            }
        }
        FormAnalysis a = new FormAnalysis(instruction, t, ignored, context);
        for (FormRule r : rules) {
            r.check(a, context);
        }
    }

    /** Whether the instruction has as many types as the table once the ignored words are left out. */
    private static boolean typesFitWithout(Ast.Instruction insn, FormTable t, java.util.Set<String> ignored) {
        int types = 0;
        boolean any = false;
        for (var m : insn.modifiers()) {
            if (ignored.contains(m.text())) {
                any = true;
            } else if (dev.ptxlint.isa.PtxType.of(m.text()) != null) {
                types++;
            }
        }
        return any && types == t.typeCount();
    }
}
