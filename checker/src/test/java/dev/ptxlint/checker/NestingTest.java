package dev.ptxlint.checker;

import static dev.ptxlint.checker.LimitsTest.codes;
import static dev.ptxlint.checker.LimitsTest.lintSmallStack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.syntax.Parser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Nested blocks and brace initializers up to ptxas's own limits (measured with CUDA 13.0,
 * docs/limits.md): no diagnostic where ptxas accepts, one error where it does not, and no
 * recursion over the nesting (linted on a thread with half the JVM's default stack).
 */
class NestingTest {

    private static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n";

    /** {@code n} nested blocks in a kernel, with {@code inner} in the innermost and a branch across them. */
    static String blocks(int n, String inner) {
        return HEAD + ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\t.reg .pred %p<2>;\n"
                + "\tsetp.eq.s32 %p1, %r1, 0;\n"
                + "{\n".repeat(n) + inner + "\t@%p1 bra $L_out;\n" + "}\n".repeat(n)
                + "$L_out:\n\tselp.b32 %r1, 1, 2, %p1;\n\tret;\n}\n";
    }

    @Test
    void blocksAsDeepAsPtxasAcceptsAreClean() {
        String text = blocks(Parser.MAX_BLOCK_DEPTH, "\tmov.b32 %r1, %r2;\n$L_in:\n");
        assertEquals("", codes(lintSmallStack(text)));
        // checked as a stream too (a body larger than the linter's budget)
        assertEquals("", codes(new Linter().withBodyBudget(0).lint(text)));
    }

    @Test
    void oneBlockDeeperIsOneErrorAtItsBrace() {
        for (int n : new int[] {Parser.MAX_BLOCK_DEPTH + 1, 5_000, 100_000}) {
            String text = blocks(n, "\tmov.b32 %r1, %r2;\n");
            List<Diagnostic> ds = lintSmallStack(text);
            assertEquals("PTX0001", codes(ds), "n = " + n);
            // the 1,664th nested '{': 8 lines (0-based) after the kernel's own, then 1663 more
            assertEquals(8 + Parser.MAX_BLOCK_DEPTH, ds.get(0).range().startLine(), "n = " + n);
            assertTrue(ds.get(0).message().contains("1663"));
        }
    }

    /** Each block takes 6 entries of ptxas's stack: inside 1,660 blocks, 18 nested parentheses parse and 19 do not. */
    @Test
    void expressionsInsideDeepBlocksGetLessOfPtxassStack() {
        int d = 1660;
        String ok = blocks(d, "\tadd.s32 %r1, %r2, " + "(".repeat(18) + "1" + ")".repeat(18) + ";\n");
        assertEquals("", codes(lintSmallStack(ok)));
        String over = blocks(d, "\tadd.s32 %r1, %r2, " + "(".repeat(19) + "1" + ")".repeat(19) + ";\n");
        assertEquals("PTX0001", codes(lintSmallStack(over)));
    }

    /**
     * Not only parentheses: inside 1,650 blocks ptxas accepts (measured with CUDA 13.0) 78 nested
     * parentheses, 39 unary operators, 38 '?:' nested in the middle operand, 19 in the last, 26
     * of '(1+' or '-('; one more of each is an error, wherever it is shallower than the 200
     * levels at which ptxlint stops following an expression.
     */
    @Test
    void everyKindOfNestingInsideDeepBlocksCountsTheBlocks() {
        int d = 1650;
        java.util.Map<String, java.util.function.IntFunction<String>> forms = new java.util.LinkedHashMap<>();
        forms.put("parentheses 78", n -> "(".repeat(n) + "1" + ")".repeat(n));
        forms.put("unary 39", n -> "-".repeat(n) + "1");
        forms.put("middle 38", n -> "1?".repeat(n) + "1" + ":1".repeat(n));
        forms.put("last 19", n -> "1?1:".repeat(n) + "1");
        forms.put("plus 26", n -> "(1+".repeat(n) + "1" + ")".repeat(n));
        forms.put("negated 26", n -> "-(".repeat(n) + "1" + ")".repeat(n));
        forms.forEach((name, form) -> {
            int max = Integer.parseInt(name.substring(name.indexOf(' ') + 1));
            String ok = blocks(d, "\tadd.s32 %r1, %r2, " + form.apply(max) + ";\n");
            assertEquals("", codes(lintSmallStack(ok)), name);
            String over = blocks(d, "\tadd.s32 %r1, %r2, " + form.apply(max + 1) + ";\n");
            List<Diagnostic> ds = lintSmallStack(over);
            assertEquals("PTX0001", codes(ds), name);
            assertTrue(ds.get(0).message().contains("inside 1650 nested blocks"), ds.get(0).message());
        });
    }

    static String initializer(int n) {
        return HEAD + ".global .u32 a" + "[1]".repeat(n) + " = " + "{".repeat(n) + "1" + "}".repeat(n) + ";\n"
                + ".visible .entry k()\n{\n\tret;\n}\n";
    }

    @Test
    void deepInitializersAreAWarningUntilPtxasRunsOutOfStack() {
        assertEquals("", codes(lintSmallStack(initializer(Parser.MAX_DEPTH - 1))));
        // a deep expression inside an initializer: one warning, the declaration skipped whole
        assertEquals("PTX0015", codes(lintSmallStack(HEAD + ".global .u32 a[1] = {" + "(".repeat(500) + "1"
                + ")".repeat(500) + "};\n")));
        for (int n : new int[] {Parser.MAX_DEPTH, Parser.MAX_DEPTH + 1, 2_000, Parser.PTXAS_BRACES}) {
            assertEquals("PTX0015", codes(lintSmallStack(initializer(n))), "n = " + n);
        }
        for (int n : new int[] {Parser.PTXAS_BRACES + 1, 50_000}) {
            List<Diagnostic> ds = lintSmallStack(initializer(n));
            assertEquals("PTX0001", codes(ds), "n = " + n);
        }
    }
}
