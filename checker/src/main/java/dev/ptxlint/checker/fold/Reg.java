package dev.ptxlint.checker.fold;

import dev.ptxlint.eval.ScalarType;

/**
 * One scalar register of a function: its name, the block that declared it (so an inner block's
 * {@code %p1} is not the outer {@code %p1}), and its declared type. The type is null
 * for types the evaluator does not model ({@code .b128}, {@code .e4m3}...): such a register is
 * never known.
 */
record Reg(String name, int block, ScalarType type) {
}
