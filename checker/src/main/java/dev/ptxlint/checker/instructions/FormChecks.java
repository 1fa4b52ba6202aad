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

    /**
     * What the spelling alone decides, prepared once per distinct opcode-and-modifier spelling:
     * the form table (null: not checked here), the modifiers ptxas ignores (their indices) and the
     * analysis' {@link FormAnalysis.Layout}.
     */
    private record Prepared(FormTable table, java.util.Set<String> ignored, int[] ignoredAt,
                            FormAnalysis.Layout layout) {
    }

    private static final Prepared SKIP = new Prepared(null, null, null, null);

    /** The spelling lookup, shared with the {@link IsaChecks} of the same set. */
    final Spellings spellings = new Spellings();
    /** Reused from instruction to instruction. */
    private final FormAnalysis analysis = new FormAnalysis();

    private Prepared prepare(String opcode, String[] mods) {
        FormTable t = FormTableData.table(opcode); // read on first use of the opcode
        if (t == null) {
            return SKIP;
        }
        for (String m : mods) {
            if (m.length() > 1 && Character.isDigit(m.charAt(1))) {
                return SKIP; // a malformed modifier: the parser reported it
            }
        }
        java.util.Set<String> ignored = isa.ignored(t.opcode());
        if (!ignored.isEmpty() && !typesFitWithout(mods, t, ignored)) {
            ignored = java.util.Set.of(); // without the word the types are wrong anyway: it is the type error
        }
        int n = 0;
        for (String m : mods) {
            if (ignored.contains(m)) {
                n++;
            }
        }
        int[] at = new int[n];
        for (int i = 0, k = 0; i < mods.length; i++) {
            if (ignored.contains(mods[i])) {
                at[k++] = i;
            }
        }
        return new Prepared(t, ignored, at, new FormAnalysis.Layout(t, mods, ignored));
    }

    @Override
    public void check(Ast.Instruction instruction, CheckContext context) {
        Spellings.Spelling s = spellings.get(instruction);
        Prepared p = (Prepared) s.forms;
        if (p == null) {
            p = prepare(s.opcode, s.mods);
            s.forms = p;
        }
        if (p == SKIP) {
            return;
        }
        FormTable t = p.table();
        for (int i : p.ignoredAt()) {
            var m = instruction.modifiers().get(i);
            dev.ptxlint.diag.TextRange r = dev.ptxlint.diag.TextRange.of(m.span());
            context.reporter().report(dev.ptxlint.diag.Diagnostic.of(dev.ptxlint.diag.Rules.IGNORED_MODIFIER, r,
                    "ptxas ignores '" + m.text() + "' on '" + t.opcode() + "' (it has no meaning there); remove it")
                    .withFix(dev.ptxlint.diag.Fix.replace("Remove '" + m.text() + "'", r, "")));
        }
        FormAnalysis a = analysis;
        a.reset(instruction, p.layout(), context);
        for (int i = 0, n = rules.size(); i < n; i++) {
            rules.get(i).check(a, context);
        }
    }

    /** Whether the instruction has as many types as the table once the ignored words are left out. */
    private static boolean typesFitWithout(String[] mods, FormTable t, java.util.Set<String> ignored) {
        int types = 0;
        boolean any = false;
        for (String m : mods) {
            if (ignored.contains(m)) {
                any = true;
            } else if (dev.ptxlint.isa.PtxType.of(m) != null) {
                types++;
            }
        }
        return any && types == t.typeCount();
    }
}
