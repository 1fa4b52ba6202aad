package dev.ptxlint.checker;

import java.util.List;

/** The registry of instruction checks, one class per check. */
public final class Checks {
    private Checks() {
    }

    /** Every instruction check, in the order they run. */
    public static List<InstructionCheck> all() {
        // the fold check must stay last: it skips instructions that any check before it found errors in
        return List.of(new dev.ptxlint.checker.forms.FormChecks(), new dev.ptxlint.checker.fold.FoldCheck());
    }
}
