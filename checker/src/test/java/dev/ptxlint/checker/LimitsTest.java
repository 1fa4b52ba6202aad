package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.syntax.Parser;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The limits of docs/limits.md (issue 15): every input is generated. No recursion over input goes
 * deeper than the parser's bounds, whatever the shape, and a failure inside the checks becomes one
 * diagnostic instead of an exception.
 */
class LimitsTest {

    static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            + "\t.reg .b32 %r<4>;\n\t.reg .pred %p<2>;\n";

    /** A kernel with {@code operand} as the third operand of an add, then a branch to a label after it. */
    static String kernel(String operand) {
        return HEAD + "\tadd.s32 %r1, %r2, " + operand + ";\n\tbra $L1;\n$L1:\n\tret;\n}\n";
    }

    /** Lints on a thread with a 512 KiB stack (half the JVM's default), to show there is headroom. */
    static List<Diagnostic> lintSmallStack(String text) {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(new Linter().lint(text));
            } catch (Throwable e) {
                result.set(e);
            }
        }, "small-stack", 512 * 1024);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        if (result.get() instanceof Throwable e) {
            fail("the linter threw " + e, e);
        }
        @SuppressWarnings("unchecked")
        List<Diagnostic> out = (List<Diagnostic>) result.get();
        for (Diagnostic d : out) {
            if (d.rule() == Rules.INTERNAL_ERROR) {
                fail("the linter failed: " + d.message());
            }
        }
        return out;
    }

    static String codes(List<Diagnostic> ds) {
        StringBuilder b = new StringBuilder();
        for (Diagnostic d : ds) {
            b.append(d.code()).append(' ');
        }
        return b.toString().strip();
    }

    static String repeat(String s, int n) {
        return s.repeat(n);
    }

    @Test
    void longOperatorChainsAreAWarningNotAStackOverflow() {
        for (int n : new int[] {Parser.MAX_OPERATORS + 1, 5_000, 100_000}) {
            String chain = "1" + "+1".repeat(n);
            List<Diagnostic> ds = lintSmallStack(kernel(chain));
            assertEquals("PTX0011", codes(ds), n + " operators");
            // the label after the statement is still defined: the statement ended at its ';'
        }
        for (String op : new String[] {"+", "*", "-", "<<", "&", "|", "^", "&&", "||", "==", "<"}) {
            assertEquals("PTX0011", codes(lintSmallStack(kernel("%r3" + (op + "%r3").repeat(3_000)))), op);
        }
    }

    @Test
    void chainsUpToTheLimitAreCheckedAsBefore() {
        String chain = "1" + "+1".repeat(Parser.MAX_OPERATORS - 1);
        assertEquals("", codes(lintSmallStack(kernel(chain))));
        // names inside a long chain are resolved: an undeclared one is found
        assertEquals("PTX0101", codes(lintSmallStack(kernel("%r3" + "+%r3".repeat(500) + "+%bad"))));
    }

    /**
     * Nesting deeper than ptxlint builds trees for (200 levels) is a warning while ptxas accepts it
     * and one error where it does not. The largest depths ptxas (CUDA 13.0, sm_90) accepts for
     * each shape were measured by bisection; at the measured depth no error, a little deeper
     * (ptxas's stack also holds the statement's start) an error, and never a cascade.
     */
    @Test
    void deepNestingIsAWarningWherePtxasAcceptsItAndOneErrorWhereNot() {
        record Shape(String name, Function<Integer, String> text, int ptxasMax) {}
        List<Shape> shapes = List.of(
                new Shape("(1)", n -> repeat("(", n) + "1" + repeat(")", n), 9_978),
                new Shape("1?1?..:1:1", n -> repeat("1?", n) + "1" + repeat(":1", n), 4_988),
                new Shape("1?1:1?1:..", n -> repeat("1?1:", n) + "1", 2_494),
                new Shape("--1", n -> repeat("-", n) + "1", 4_989),
                new Shape("~~1", n -> repeat("~", n) + "1", 4_989),
                new Shape("(1+(1+", n -> repeat("(1+", n) + "1" + repeat(")", n), 3_326),
                new Shape("-(-(", n -> repeat("-(", n) + "1" + repeat(")", n), 3_326),
                new Shape("~(~(", n -> repeat("~(", n) + "1" + repeat(")", n), 3_326),
                new Shape("(1?(1?", n -> repeat("(1?", n) + "1" + repeat(":1)", n), 3_325));
        for (Shape s : shapes) {
            for (int n : new int[] {Parser.MAX_DEPTH + 1, 1000, s.ptxasMax()}) {
                List<Diagnostic> ds = lintSmallStack(kernel(s.text().apply(n)));
                assertEquals("PTX0015", codes(ds), s.name() + ", " + n + " levels (ptxas accepts it)");
            }
            for (int n : new int[] {s.ptxasMax() + 1, s.ptxasMax() + 30, 100_000}) {
                List<Diagnostic> ds = lintSmallStack(kernel(s.text().apply(n)));
                assertEquals("PTX0001", codes(ds), s.name() + ", " + n + " levels (ptxas rejects it)");
                assertTrue(ds.get(0).message().contains("deeper than ptxas accepts"), ds.get(0).message());
            }
        }
        // casts nest without a limit in ptxlint's estimate: never an error, never a cascade
        for (int n : new int[] {Parser.MAX_DEPTH + 1, 7_000, 100_000}) {
            assertEquals("PTX0015", codes(lintSmallStack(kernel(repeat("(.s32)", n) + "1"))), n + " casts");
        }
        // just under the tree limit: checked as usual
        assertEquals("", codes(lintSmallStack(kernel(repeat("(", Parser.MAX_DEPTH - 5) + "1"
                + repeat(")", Parser.MAX_DEPTH - 5)))));
        // a module-level initializer (ptxas: 9,988 parentheses) and an address
        String mod = ".version 8.0\n.target sm_90\n.address_size 64\n.global .u32 g = ";
        assertEquals("PTX0015", codes(lintSmallStack(mod + repeat("(", 9_988) + "1" + repeat(")", 9_988) + ";\n")));
        assertEquals("PTX0001", codes(lintSmallStack(mod + repeat("(", 10_100) + "1" + repeat(")", 10_100) + ";\n")));
    }

    /**
     * The worst trees the parser builds (nesting just under its limit, each level a chain, with
     * the operator budget spent at the deepest point) go through every check: no walker overflows.
     */
    @Test
    void theDeepestAcceptedTreesPassEveryCheck() {
        int depth = 190;
        int ops = Parser.MAX_OPERATORS - depth - 5;
        List<String> operands = List.of(
                repeat("(", depth) + "%r3" + "+%r3".repeat(ops) + repeat(")", depth),
                repeat("(%r3+", depth) + "%r3" + "*%r3".repeat(ops - depth) + repeat(")", depth),
                "%r3" + "+%r3".repeat(ops) + "+" + repeat("-", depth) + "%r3",
                repeat("1?", depth / 2) + "%r3" + repeat(":1", depth / 2),
                repeat("1?1:", depth / 2) + "1" + "+1".repeat(ops));
        for (String o : operands) {
            List<Diagnostic> ds = lintSmallStack(kernel(o));
            for (Diagnostic d : ds) {
                assertFalse(d.code().equals("PTX0102") || d.code().equals("PTX0001"), d.toString());
            }
        }
        // the same in a module-level initializer and in an address
        lintSmallStack(".version 8.0\n.target sm_90\n.address_size 64\n.global .u32 g = "
                + repeat("(", depth) + "1" + "+1".repeat(ops) + repeat(")", depth) + ";\n");
        lintSmallStack(HEAD + "\t.reg .b64 %rd<2>;\n\tld.global.u32 %r1, [%rd1+" + repeat("(", depth) + "1"
                + "+1".repeat(ops) + repeat(")", depth) + "];\n\tret;\n}\n");
    }

    @Test
    void randomExpressionShapesNeverOverflow() {
        long seed = 0x15_0001L;
        SplittableRandom r = new SplittableRandom(seed);
        String[] ops = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "==", "!=", "<", ">="};
        for (int c = 0; c < 200; c++) {
            StringBuilder b = new StringBuilder();
            int open = 0;
            int len = 1 + r.nextInt(3000);
            for (int k = 0; k < len; k++) {
                switch (r.nextInt(6)) {
                    case 0 -> {
                        b.append('(');
                        open++;
                    }
                    case 1 -> b.append(r.nextBoolean() ? "-" : "~");
                    default -> {
                        b.append(r.nextBoolean() ? "%r3" : "1");
                        if (open > 0 && r.nextInt(4) == 0) {
                            b.append(')');
                            open--;
                        }
                        b.append(r.nextInt(10) == 0 ? "?1:" : ops[r.nextInt(ops.length)]);
                    }
                }
            }
            b.append('1').append(")".repeat(open));
            try {
                List<Diagnostic> ds = lintSmallStack(kernel(b.toString()));
                for (Diagnostic d : ds) {
                    assertFalse(d.code().equals("PTX0102"), "a later label went undefined: " + d);
                }
            } catch (AssertionError e) {
                throw new AssertionError("seed " + seed + ", case " + c + ": " + e.getMessage(), e);
            }
        }
    }

    /** A check that fails the way a deep recursion or a full heap does. */
    static final class Failing implements InstructionCheck {
        final Throwable what;

        Failing(Throwable what) {
            this.what = what;
        }

        @Override
        public void check(dev.ptxlint.syntax.Ast.Instruction instruction, CheckContext context) {
            if (instruction.opcode().text().equals("bra")) {
                if (what instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) what;
            }
        }
    }

    @Test
    void anyThrowableInTheChecksBecomesOneInternalErrorDiagnostic() {
        for (Throwable t : List.of(new StackOverflowError(), new OutOfMemoryError("Java heap space"),
                new IllegalStateException("bug\u001b[31m"), new AssertionError())) {
            List<Diagnostic> ds = new Linter(List.of(new Failing(t))).lint(kernel("1"));
            assertEquals(1, ds.stream().filter(d -> d.rule() == Rules.INTERNAL_ERROR).count(), t.toString());
            Diagnostic d = ds.stream().filter(x -> x.rule() == Rules.INTERNAL_ERROR).findFirst().orElseThrow();
            assertTrue(d.message().contains(t.getClass().getSimpleName()), d.message());
            assertFalse(d.message().contains("\u001b") || d.message().contains("\n"), d.message());

            IncrementalLinter inc = new IncrementalLinter(LintSettings.DEFAULT, () -> List.of(new Failing(t)));
            List<Diagnostic> di = inc.lint(kernel("1"));
            assertEquals(List.of("PTX0900"), di.stream().map(Diagnostic::code).toList(), t.toString());
            // the next edit is linted again (from scratch), and answered
            String edited = kernel("2");
            assertEquals(List.of("PTX0900"), inc.update(edited, edited.indexOf("2"), edited.length()
                    - edited.indexOf("2") - 1).stream().map(Diagnostic::code).toList());
        }
    }

    @Test
    void theLanguageServersLinterPublishesABoundedList() {
        int n = 1_000_000;
        String nul = "\0".repeat(n);
        IncrementalLinter inc = new IncrementalLinter();
        List<Diagnostic> ds = inc.lint(nul);
        assertEquals(DiagnosticCap.PER_CODE, ds.stream().filter(d -> d.code().equals("PTX0004")).count());
        List<Diagnostic> notes = ds.stream().filter(d -> d.rule() == Rules.DIAGNOSTIC_LIMIT).toList();
        assertEquals(1, notes.size());
        assertTrue(notes.get(0).message().startsWith((n - DiagnosticCap.PER_CODE) + " more PTX0004"),
                notes.get(0).message());
        // a function with many findings after a clean header: edits inside it stay bounded
        StringBuilder b = new StringBuilder(HEAD);
        for (int i = 0; i < 3000; i++) {
            b.append("\tbogus;\n");
        }
        b.append("\tret;\n}\n");
        String text = b.toString();
        List<Diagnostic> first = inc.lint(text);
        assertEquals(DiagnosticCap.PER_CODE + 1, first.size());
        int at = text.indexOf("bogus");
        String edited = text.substring(0, at) + "x" + text.substring(at);
        List<Diagnostic> after = inc.update(edited, at, text.length() - at);
        assertEquals(DiagnosticCap.PER_CODE + 1, after.size());
        assertTrue(after.get(after.size() - 1).message().startsWith("2000 more PTX0100")
                || after.stream().anyMatch(d -> d.message().startsWith("2000 more PTX0100")), after.toString());
    }
}
