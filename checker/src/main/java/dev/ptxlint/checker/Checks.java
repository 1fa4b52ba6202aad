package dev.ptxlint.checker;

import java.util.List;

/** The registry of instruction checks, one class per check. */
public final class Checks {
    private Checks() {
    }

    /** Every instruction check, in the order they run. */
    public static List<InstructionCheck> all() {
        return withFold(new dev.ptxlint.checker.fold.FoldCheck());
    }

    /**
     * Every instruction check, with {@code fold} as the constant-folding check (the hover index
     * and tests pass one that watches the analysis). It stays last: it skips instructions that any
     * check before it found errors in.
     */
    public static List<InstructionCheck> withFold(FunctionCheck fold) {
        // the two look each instruction's spelling up once between them
        var forms = new dev.ptxlint.checker.instructions.FormChecks();
        return List.of(forms, new dev.ptxlint.checker.instructions.IsaChecks(forms),
                new dev.ptxlint.checker.instructions.OperandSyntax(), fold);
    }
}
