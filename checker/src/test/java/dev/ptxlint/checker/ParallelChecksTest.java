package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Function bodies checked on worker threads ({@link FunctionPool}) give exactly the diagnostics
 * of a run on one thread, in the same order as they reach the sink: over every PTX file of
 * testdata and examples up to 150 KB (174 of 180), over modules made of several fixtures (repeated names, headers in the
 * middle, suppression comments) and over random modules, with and without bodies large enough to
 * be checked as they stream. The parallel runs start at offset 0, with a queue of two bodies, so
 * that every function after the first goes to a worker and the reading thread waits for them.
 */
class ParallelChecksTest {

    /** Every diagnostic in the order the sink received it (ChunkedParsingTest uses it too). */
    static List<Diagnostic> sinkOrder(Linter linter, byte[] text) {
        List<Diagnostic> out = new ArrayList<>();
        try {
            linter.lint(new ByteArrayInputStream(text), out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void same(byte[] text, long budget, String what, int... threadCounts) {
        Linter one = new Linter().withThreads(1, 0, 0, 1).withBodyBudget(budget);
        List<Diagnostic> expected = sinkOrder(one, text);
        for (int threads : threadCounts) {
            // batches of one body, of a few and of the default size
            long batch = threads == 2 ? 1 : 1 + (text.length + budget) % 40;
            Linter many = new Linter().withThreads(threads, 0, 2, batch).withBodyBudget(budget);
            List<Diagnostic> got = sinkOrder(many, text);
            if (!expected.equals(got)) {
                assertEquals(render(expected), render(got), what + ", " + threads + " threads, budget " + budget);
                assertEquals(expected, got, what + ", " + threads + " threads, budget " + budget);
            }
        }
    }

    private static String render(List<Diagnostic> ds) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : ds) {
            sb.append(d).append('\n');
        }
        return sb.toString();
    }

    /** Files larger than this are left out (six nvcc modules, 3.3 MB: the test time; the smaller ones are alike). */
    private static final long MAX_FILE = 150_000;

    @TestFactory
    Stream<DynamicTest> everyFileGivesTheSameDiagnosticsInTheSameOrder() {
        List<Path> files = TestData.ptxFilesAndExamples().stream().filter(f -> f.toFile().length() <= MAX_FILE).toList();
        assertFalse(files.isEmpty());
        Path root = TestData.root();
        return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), () -> {
            byte[] text = TestData.bytes(f);
            same(text, Long.MAX_VALUE, root.relativize(f).toString(), 2);
            if (text.length < 20_000) {
                same(text, 8, root.relativize(f).toString(), 3); // some bodies stream, the pool drains first
            }
        }));
    }

    @Test
    void theBodiesWentToTheWorkers() {
        byte[] text = TestData.bytes(TestData.testdata().resolve("fixtures/suppression/ranges.ptx"));
        long before = FunctionPool.bodiesSent();
        sinkOrder(new Linter().withThreads(2, 0, 2, 3), text);
        assertTrue(FunctionPool.bodiesSent() > before, "no body was checked on a worker");
        long after = FunctionPool.bodiesSent();
        sinkOrder(new Linter().withThreads(2, Long.MAX_VALUE, 2, 3), text);
        sinkOrder(new Linter().withThreads(1, 0, 2, 3), text);
        assertEquals(after, FunctionPool.bodiesSent(), "a body went to a worker below the offset or with one thread");
    }

    /**
     * A stream that says it holds at least {@link Linter#PARALLEL_FROM} bytes (a regular file does,
     * through {@code available()}) sends its bodies to the workers from the first one on, with the
     * same diagnostics in the same order; the same text that does not say so keeps them all on the
     * reading thread (it is below the offset).
     */
    @Test
    void aStreamKnownToBeLargeSendsItsBodiesFromTheFirst() throws IOException {
        byte[] text = TestData.bytes(TestData.testdata().resolve("fixtures/suppression/ranges.ptx"));
        List<Diagnostic> expected = sinkOrder(new Linter().withThreads(1, 0, 0, 1), text);
        Linter linter = new Linter().withThreads(2, Linter.PARALLEL_FROM, 1, 1);
        long before = FunctionPool.bodiesSent();
        assertEquals(expected, sinkOrder(linter, text));
        assertEquals(before, FunctionPool.bodiesSent(), "a body of a small stream went to a worker");
        ByteArrayInputStream large = new ByteArrayInputStream(text) {
            private boolean asked;

            @Override
            public synchronized int available() {
                if (asked) {
                    return super.available();
                }
                asked = true;
                return (int) Linter.PARALLEL_FROM;
            }
        };
        List<Diagnostic> got = new ArrayList<>();
        linter.lint(large, got::add);
        assertTrue(FunctionPool.bodiesSent() > before, "no body of a stream known to be large went to a worker");
        assertEquals(expected, got);
    }

    /** Modules made of two to four fixtures one after the other: names declared twice, headers in the middle. */
    @TestFactory
    Stream<DynamicTest> concatenatedFixtures() {
        List<Path> fixtures = TestData.ptxFiles("fixtures");
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            StringBuilder sb = new StringBuilder();
            int parts = 2 + r.nextInt(3);
            for (int k = 0; k < parts; k++) {
                String t = new String(TestData.bytes(fixtures.get(r.nextInt(fixtures.size()))), StandardCharsets.UTF_8);
                if (k > 0 && r.nextBoolean()) {
                    t = t.replaceAll("(?m)^\\s*\\.(version|target|address_size)\\b.*$", "");
                }
                sb.append(t).append('\n');
            }
            byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
            long budget = r.nextInt(3) == 0 ? r.nextInt(30) : Long.MAX_VALUE;
            int n = i;
            tests.add(DynamicTest.dynamicTest("module " + i, () -> same(text, budget, "module " + n + " of seed "
                    + seed, 2, 3)));
        }
        return tests.stream();
    }

    private static final String[] EXTRA = {
        "// ptxlint-disable-next-line\n",
        "// ptxlint-disable-next-line PTX0201 PTX0301\n",
        "// ptxlint-disable\n",
        "// ptxlint-enable\n",
        "// ptxlint-disable PTX0202\n",
        "// ptxlint-enable PTX0202\n",
        "// ptxlint-disable-nextline PTX0202\n",
        ".global .u32 g9;\n",
        ".global .u32 g0;\n",
        "\tsetp.eq.s32 %p1, 1, 1;\n",
        "\t.reg .pred %p<3>;\n",
        "\tfoo.u32 %r1, %r2;\n",
        "\tadd.s32 %r1, %r2\n",
        "\tmov.u32 %r1, %tid.x;\n",
        "\tcall f9;\n",
        "\tld.global.u32 %r1, [g9];\n",
        "\t@%p1 bra $L1;\n",
        ".func f0()\n{\n\tret;\n}\n",
        "}\n",
    };

    /** Random modules (those of {@link StreamedBodyTest}) with suppressions, module variables and errors inserted. */
    @TestFactory
    Stream<DynamicTest> randomModules() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            String[] lines = StreamedBodyTest.program(r).split("\n", -1);
            StringBuilder sb = new StringBuilder();
            for (String line : lines) {
                if (r.nextInt(12) == 0) {
                    sb.append(EXTRA[r.nextInt(EXTRA.length)]);
                }
                sb.append(line).append('\n');
            }
            byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
            long budget = r.nextInt(3) == 0 ? r.nextInt(40) : Long.MAX_VALUE;
            int n = i;
            tests.add(DynamicTest.dynamicTest("program " + i, () -> same(text, budget, "program " + n + " of seed "
                    + seed + ":\n" + new String(text, StandardCharsets.UTF_8), 1 + n % 2 + 1)));
        }
        return tests.stream();
    }

    /** A check that fails on a worker stops the file where a run on one thread stops it, with the same diagnostic. */
    @Test
    void aFailureOnAWorkerIsTheFailureOfOneThread() {
        StringBuilder sb = new StringBuilder(".version 8.0\n.target sm_90\n.address_size 64\n");
        for (int f = 0; f < 6; f++) {
            sb.append(".visible .entry k").append(f).append("()\n{\n\t.reg .b32 %r<2>;\n\tfoo.u32 %r1, %r1;\n");
            sb.append(f == 3 ? "\ttrap;\n" : "\tret;\n").append("}\n");
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
        java.util.function.Supplier<List<InstructionCheck>> failing = () -> List.of((insn, ctx) -> {
            if (insn.opcode().text().equals("trap")) {
                throw new IllegalStateException("boom");
            }
        });
        List<Diagnostic> one = sinkOrder(Linter.withCheckFactory(failing).withThreads(1, 0, 0, 1), text);
        List<Diagnostic> many = sinkOrder(Linter.withCheckFactory(failing).withThreads(2, 0, 2, 100), text);
        assertEquals(render(one), render(many));
        assertEquals(Rules.INTERNAL_ERROR, one.get(one.size() - 1).rule());
        // k0 to k2; that of k3 waited for its line to be settled, and the failure ends the file first
        assertEquals(3, one.stream().filter(d -> d.rule() == Rules.UNKNOWN_INSTRUCTION).count());
    }
}
