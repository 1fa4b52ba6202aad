package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * A function body larger than the linter's budget is checked as it streams, holding only its
 * scopes and the positions of branches to labels not defined yet (docs/limits.md "Memory"). For
 * bodies without syntax errors or decidable comparisons (the constant folding analyses only a
 * body it holds), streaming gives the same diagnostics as checking the body whole.
 */
class StreamedBodyTest {

    private static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n";

    /** A random module: functions with registers, nested blocks, labels used before and after them. */
    static String program(SplittableRandom r) {
        StringBuilder sb = new StringBuilder(HEAD);
        if (r.nextBoolean()) {
            sb.append(".global .u32 g0;\n.global .u32 g1[4];\n");
        }
        int functions = 1 + r.nextInt(3);
        for (int f = 0; f < functions; f++) {
            sb.append(r.nextBoolean() ? ".visible .entry k" : ".func f").append(f).append("()\n{\n");
            sb.append("\t.reg .b32 %r<").append(1 + r.nextInt(8)).append(">;\n");
            sb.append("\t.reg .b64 %rd<4>;\n");
            int depth = 0;
            int statements = r.nextInt(60);
            for (int k = 0; k < statements; k++) {
                int what = r.nextInt(20);
                if (what < 3 && depth < 6) {
                    sb.append("\t".repeat(depth + 1)).append("{\n");
                    depth++;
                    if (r.nextBoolean()) {
                        sb.append("\t.reg .b32 %r<").append(1 + r.nextInt(12)).append(">;\n");
                    }
                } else if (what < 5 && depth > 0) {
                    sb.append("\t".repeat(depth)).append("}\n");
                    depth--;
                } else if (what < 9) {
                    sb.append("$L").append(r.nextInt(6)).append(":\n");
                } else if (what < 13) {
                    sb.append("\tbra").append(r.nextBoolean() ? ".uni" : "").append(" $L").append(r.nextInt(7))
                            .append(";\n");
                } else if (what < 15) {
                    sb.append("\tadd.s32 %r").append(r.nextInt(10)).append(", %r").append(r.nextInt(10))
                            .append(", ").append(r.nextInt(100)).append(";\n");
                } else if (what < 16) {
                    sb.append("\tld.global.u32 %r").append(r.nextInt(4)).append(", [g").append(r.nextInt(3))
                            .append("];\n");
                } else if (what < 17) {
                    sb.append("\t.reg .b32 %x").append(r.nextInt(4)).append(";\n");
                } else if (what < 18) {
                    sb.append("\tmov.b32 %x").append(r.nextInt(4)).append(", %r0;\n");
                } else if (what < 19 && f > 0) {
                    sb.append("\tcall f").append(r.nextInt(f)).append(";\n");
                } else {
                    sb.append("\tmov.u64 %rd").append(r.nextInt(5)).append(", 7;\n");
                }
            }
            while (depth-- > 0) {
                sb.append("\t}\n");
            }
            sb.append("\tret;\n}\n");
        }
        return sb.toString();
    }

    private static String render(List<Diagnostic> ds) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : ds) {
            sb.append(d.code()).append(' ').append(d.range()).append(' ').append(d.message());
            for (Diagnostic.Related rel : d.related()) {
                sb.append(" [").append(rel.range()).append(' ').append(rel.message()).append(']');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @TestFactory
    Stream<DynamicTest> streamingGivesTheDiagnosticsOfTheWholeBody() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String text = program(r);
            long budget = r.nextInt(4) == 0 ? r.nextInt(40) : r.nextInt(3);
            int n = i;
            tests.add(DynamicTest.dynamicTest("program " + i, () -> {
                String whole = render(new Linter().lint(text));
                String streamed = render(new Linter().withBodyBudget(budget).lint(text));
                assertEquals(whole, streamed, "program " + n + " of seed " + seed + ", budget " + budget
                        + ":\n" + text);
            }));
        }
        return tests.stream();
    }

    /** Many branches forward to a label that comes last: held as positions, none reported. */
    @Test
    void manyBranchesForwardToOneLabel() {
        StringBuilder sb = new StringBuilder(HEAD).append(".visible .entry k()\n{\n");
        int n = 50_000;
        for (int i = 0; i < n; i++) {
            sb.append("\tbra $L_end;\n");
        }
        sb.append("$L_end:\n\tret;\n}\n");
        List<Diagnostic> ds = new Linter().withBodyBudget(100).lint(sb.toString());
        assertEquals("", render(ds));
    }

    /** Branches to a label no enclosing block defines are reported where they are, once each. */
    @Test
    void branchesToALabelOnlyASiblingBlockDefines() {
        StringBuilder sb = new StringBuilder(HEAD).append(".visible .entry k()\n{\n");
        sb.append("\t{\n\tbra $L_in;\n\tbra $L_out;\n\t}\n\t{\n$L_in:\n\tret;\n\t}\n$L_out:\n\tret;\n}\n");
        List<Diagnostic> whole = new Linter().lint(sb.toString());
        List<Diagnostic> streamed = new Linter().withBodyBudget(0).lint(sb.toString());
        assertEquals(render(whole), render(streamed));
        assertEquals(1, streamed.size());
        assertEquals(Rules.UNDECLARED_LABEL, streamed.get(0).rule());
        assertTrue(streamed.get(0).message().contains("$L_in"));
    }

    /**
     * Label operands that take only a label defined above them (call's target list and prototype,
     * brx.idx's list: PTX0276 when it comes further down) give the same diagnostics streamed, where
     * the use waits for the end of its block, as whole; a branch target may refer forward.
     */
    @Test
    void labelsThatMustComeFirstStreamedAsWhole() {
        String text = HEAD + ".visible .func f0()\n{\n\tret;\n}\n.visible .entry k()\n{\n\t.reg .b32 %r<4>;\n"
                + "\t.reg .b64 %rd<4>;\n\t.param .b32 a;\n"
                + "Lc_up: .calltargets f0;\n\tcall %rd1, Lc_up;\n"
                + "\tbra L_end;\n\tbrx.idx %r1, Lt_down;\n\tcall %rd1, Lc_down;\n"
                + "\t{\n\tcall %rd1, (a), Fp_down;\n\tcall %rd1, Lc_nowhere;\n\t}\n"
                + "Lc_down: .calltargets f0;\nFp_down: .callprototype _ (.param .b32 _);\n"
                + "Lt_down: .branchtargets L_end;\nL_end:\n\tret;\n}\n";
        String whole = render(new Linter().lint(text));
        for (long budget : new long[] {0, 1, 3, 6}) {
            assertEquals(whole, render(new Linter().withBodyBudget(budget).lint(text)), "budget " + budget);
        }
        List<String> codes = new Linter().lint(text).stream().map(d -> d.code() + " " + (d.range().startLine() + 1))
                .toList();
        assertEquals(List.of("PTX0276 16", "PTX0276 17", "PTX0276 19", "PTX0102 20"), codes);
    }
}
