package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.FormTableData;
import dev.ptxlint.syntax.Ast;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks every instruction that has a form table: reads it once ({@link FormAnalysis}) and runs
 * each {@link FormRule} on the result.
 */
public final class FormChecks implements InstructionCheck {

    private final Map<String, FormTable> tables = new HashMap<>();
    private final List<FormRule> rules;

    public FormChecks() {
        this(List.of(new ModifierRule(), new TypeRule(), new CmpOpRule(), new FtzRule(), new OperandCountRule(),
                new DestinationRule(), new SourceRule(), new SelectorRule(), new RequirementRule()));
    }

    FormChecks(List<FormRule> rules) {
        this.rules = List.copyOf(rules);
        for (FormTable t : FormTableData.tables()) {
            tables.put(t.opcode(), t);
        }
    }

    /** The opcodes these rules check; {@link IsaChecks} leaves them alone. */
    public static java.util.Set<String> opcodes() {
        java.util.Set<String> s = new java.util.HashSet<>();
        for (FormTable t : FormTableData.tables()) {
            s.add(t.opcode());
        }
        return java.util.Set.copyOf(s);
    }

    @Override
    public void check(Ast.Instruction instruction, CheckContext context) {
        FormTable t = tables.get(instruction.opcode().text());
        if (t == null) {
            return;
        }
        for (var m : instruction.modifiers()) {
            if (m.text().length() > 1 && Character.isDigit(m.text().charAt(1))) {
                return; // a malformed modifier: the parser reported it
            }
        }
        FormAnalysis a = new FormAnalysis(instruction, t, context);
        for (FormRule r : rules) {
            r.check(a, context);
        }
    }
}
