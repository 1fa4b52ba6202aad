/**
 * Exact PTX value semantics for the constant-folding evaluator: the scalar types and their bit
 * patterns ({@link dev.ptxlint.eval.ScalarType}, {@link dev.ptxlint.eval.Value}), IEEE conversions
 * between the floating-point formats ({@link dev.ptxlint.eval.FloatConv}), literals decoded as ptxas
 * decodes them ({@link dev.ptxlint.eval.Literals}), and the comparison and selection instructions
 * {@code setp}, {@code set}, {@code selp} and {@code slct} ({@link dev.ptxlint.eval.Semantics}), and the
 * video comparisons {@code vset}, {@code vset2} and {@code vset4} ({@link dev.ptxlint.eval.VideoSemantics}).
 *
 * <p>The package is pure: it depends on nothing else in ptxlint and works on {@code long} bit
 * patterns only. What it does where the manual is silent or wrong was measured with ptxas 13.0;
 * see {@code docs/evaluator-literals.md} and {@code docs/evaluator-semantics.md}.
 */
package dev.ptxlint.eval;
