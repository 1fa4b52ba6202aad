package dev.ptxlint.checker.fold;

import dev.ptxlint.eval.ScalarType;

/**
 * One scalar register of a function: its name, the block that declared it (so an inner block's
 * {@code %p1} is not the outer {@code %p1}), and its declared type. The type is null
 * for types the evaluator does not model ({@code .b128}, {@code .e4m3}...): such a register is
 * never known. {@code bit} is its index among the function's tracked registers (dense, from 0),
 * or -1 when it is not tracked: an untracked register is never known either. A flow graph makes
 * one {@code Reg} per register (the registers of a range too), so its fields are fixed per graph.
 */
record Reg(String name, int block, ScalarType type, int bit) {

    /** Whether the analysis follows this register's value. */
    boolean tracked() {
        return bit >= 0;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + block; // no identity hash of the type's enum constant
    }
}
