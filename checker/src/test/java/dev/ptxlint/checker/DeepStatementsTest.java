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
 * Expressions nested past ptxlint's 200 levels in every kind of statement (docs/limits.md, issue
 * 15): a PTX0015 warning up to the depth ptxas's parser stack holds in that place, one PTX0001
 * error from the next level on, and the statement's declaration and the code after it unharmed.
 * The limits are ptxas's (CUDA 13.0), measured per place with nested parentheses; the inputs are
 * generated.
 */
class DeepStatementsTest {

    private static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n";
    private static final String KERNEL = HEAD + ".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<5>;\n"
            + "\t.reg .b64 %rd<3>;\n\t.reg .pred %p<2>;\n\tSTATEMENT";

    private record Place(String name, String text, int ptxasMax) {
        String with(int n) {
            return text.replace("EXPR", "(".repeat(n) + "1" + ")".repeat(n));
        }
    }

    private static Place inKernel(String name, String statement, int ptxasMax) {
        return new Place(name, KERNEL.replace("STATEMENT", statement + "\n\tret;\n}\n"), ptxasMax);
    }

    private static final List<Place> PLACES = List.of(
            inKernel("third operand", "add.s32 %r1, %r2, EXPR;", 9_978),
            inKernel("second operand", "add.s32 %r1, EXPR, %r2;", 9_978),
            inKernel("guarded", "@%p1 add.s32 %r1, %r2, EXPR;", 9_977),
            inKernel("guarded, negated", "@!%p1 add.s32 %r1, %r2, EXPR;", 9_977),
            inKernel("labelled", "$L0: add.s32 %r1, %r2, EXPR;", 9_978),
            inKernel("store value", "st.global.u32 [%rd1], EXPR;", 9_978),
            inKernel("address [EXPR]", "ld.local.u32 %r1, [EXPR];", 9_977),
            inKernel("address [reg+EXPR]", "ld.global.u32 %r1, [%rd1+EXPR];", 9_974),
            inKernel("address [sym+EXPR]", "ld.param.u64 %rd1, [p+EXPR];", 9_974),
            inKernel("address [reg+-EXPR]", "ld.global.u32 %r1, [%rd1+-EXPR];", 9_972),
            inKernel("vector element 0", "mov.b64 %rd1, {EXPR, %r1};", 9_977),
            inKernel("vector element 1", "mov.b64 %rd1, {%r1, EXPR};", 9_975),
            inKernel("initializer in a body", ".global .u32 v = EXPR;", 9_979),
            new Place("module initializer", HEAD + ".global .u32 g = EXPR;\n", 9_988),
            new Place("list element 0", HEAD + ".global .u32 g[2] = {EXPR, 1};\n", 9_986),
            new Place("list element 1", HEAD + ".global .u32 g[2] = {1, EXPR};\n", 9_984),
            new Place("list element 2", HEAD + ".global .u64 g[3] = {1, 2, EXPR};\n", 9_984),
            new Place("nested list element 1", HEAD + ".global .u32 g[1][2] = {{1, EXPR}};\n", 9_983));

    @Test
    void anErrorExactlyWherePtxasRunsOutOfStack() {
        for (Place p : PLACES) {
            assertEquals("PTX0015", codes(lintSmallStack(p.with(Parser.MAX_DEPTH + 1))), p.name + ": past 200 levels");
            assertEquals("PTX0015", codes(lintSmallStack(p.with(p.ptxasMax))), p.name + ": " + p.ptxasMax
                    + " parentheses, which ptxas accepts");
            List<Diagnostic> over = lintSmallStack(p.with(p.ptxasMax + 1));
            assertEquals("PTX0001", codes(over), p.name + ": " + (p.ptxasMax + 1) + " parentheses, which ptxas rejects");
            assertTrue(over.get(0).message().contains("deeper than ptxas accepts"), over.get(0).message());
        }
    }

    @Test
    void aGuardTakesAnEntryOnlyOnceTheOperandsHoldAParenthesis() {
        // measured with CUDA 13.0: guarded, 4,989 unary operators parse (as unguarded), 3,325 of '(1+' (one less)
        String unary = KERNEL.replace("STATEMENT", "@%p1 add.s32 %r1, %r2, EXPR;\n\tret;\n}\n");
        assertEquals("PTX0015", codes(lintSmallStack(unary.replace("EXPR", "-".repeat(4_989) + "1"))));
        assertEquals("PTX0001", codes(lintSmallStack(unary.replace("EXPR", "-".repeat(4_990) + "1"))));
        assertEquals("PTX0015", codes(lintSmallStack(unary.replace("EXPR", "(1+".repeat(3_325) + "1" + ")".repeat(3_325)))));
        assertEquals("PTX0001", codes(lintSmallStack(unary.replace("EXPR", "(1+".repeat(3_326) + "1" + ")".repeat(3_326)))));
    }

    @Test
    void aDeclarationNestedTooDeepStillDeclaresItsName() {
        String deep = "(".repeat(300) + "1" + ")".repeat(300);
        String text = HEAD + ".global .u32 g = " + deep + ";\n"
                + ".global .u32 a[2] = {1, " + deep + "};\n"
                + ".global .u32 b[" + deep + "];\n"
                + ".visible .entry k()\n{\n\t.reg .b64 %rd<2>;\n"
                + "\t.global .u32 v = " + deep + ";\n"
                + "\tmov.u64 %rd1, g;\n\tmov.u64 %rd1, a;\n\tmov.u64 %rd1, b;\n\tmov.u64 %rd1, v;\n\tret;\n}\n";
        List<Diagnostic> ds = lintSmallStack(text);
        // a dimension ptxas does not evaluate is an error at any depth; the rest are warnings only
        assertEquals("PTX0015 PTX0015 PTX0001 PTX0015 PTX0015", codes(ds));
        assertEquals(5, ds.get(2).range().startLine(), ds.get(2).toString());
        assertTrue(ds.get(2).message().contains("array dimension"), ds.get(2).message());
    }

    @Test
    void aLimitInsideAVectorOperandSkipsJustTheStatement() {
        String deep = "(".repeat(300) + "%r1" + ")".repeat(300);
        String text = KERNEL.replace("STATEMENT", "mov.b64 %rd1, {" + deep + ", %r2};\n\tmov.b64 %rd1, {%r1, %r2};\n"
                + "\tadd.s32 %r1, %r9, 1;\n\tret;\n}\n");
        List<Diagnostic> ds = lintSmallStack(text);
        // the warning, then the statements after it checked as usual: %r9 is past %r<5>
        assertEquals("PTX0015 PTX0101", codes(ds));
    }
}
