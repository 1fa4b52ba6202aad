package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;

/** One check of an instruction against its form table; each class owns its rule codes. */
interface FormRule {
    void check(FormAnalysis a, CheckContext ctx);
}
