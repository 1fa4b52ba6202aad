package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import java.io.ByteArrayInputStream;
import java.io.IOException;
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
 * The promise of {@link Linter#lint(java.io.InputStream, java.util.function.Consumer,
 * java.util.function.LongConsumer)} that the command line's streamed output rests on: once the
 * linter says offset W is settled, no diagnostic starting before W reaches the sink. Checked on
 * every fixture and example, on the inputs that hold W back (suppression comments, the diagnostic
 * cap, a .version without .target, .target debug without sections) and on random modules and
 * random bytes (the seed is printed on failure).
 */
class LinterSettledTest {

    private static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n";

    /** Lints {@code bytes}, failing when a diagnostic arrives before a settled offset; returns how many settled calls. */
    private static int check(byte[] bytes, long bodyBudget, String what) throws IOException {
        return check(new Linter().withBodyBudget(bodyBudget), bytes, what);
    }

    /**
     * The same with function bodies checked on 2 workers from the first byte, in batches of 3
     * statements: the settled offsets must wait for the bodies still out (ParallelChecksTest).
     */
    private static int checkParallel(byte[] bytes, String what) throws IOException {
        return check(new Linter().withThreads(2, 0, 2, 3), bytes, what + " (2 workers)");
    }

    private static int check(Linter linter, byte[] bytes, String what) throws IOException {
        long[] settled = {-1};
        int[] calls = {0};
        List<String> late = new ArrayList<>(); // not thrown from the sink: the linter would catch it
        linter.lint(new ByteArrayInputStream(bytes), d -> {
            if (d.range().startOffset() < settled[0]) {
                late.add(d.code() + " at offset " + d.range().startOffset() + " (" + d.message()
                        + ") arrived after offset " + settled[0] + " was settled");
            }
            if (d.rule() == Rules.INTERNAL_ERROR) {
                late.add(d.message());
            }
        }, w -> {
            if (w <= settled[0]) {
                late.add("settled offsets must grow: " + w + " after " + settled[0]);
            }
            settled[0] = w;
            calls[0]++;
        });
        if (!late.isEmpty()) {
            fail(what + ": " + late);
        }
        return calls[0];
    }

    private static int check(String text, String what) throws IOException {
        return check(text.getBytes(StandardCharsets.UTF_8), Linter.DEFAULT_BODY_BUDGET, what);
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureAndExample() throws IOException {
        List<Path> files = new ArrayList<>(TestData.ptxFiles("fixtures"));
        files.addAll(TestData.ptxFiles("valid"));
        try (Stream<Path> s = Files.list(TestData.root().resolve("examples"))) {
            s.filter(p -> p.toString().endsWith(".ptx")).sorted().forEach(files::add);
        }
        assertFalse(files.isEmpty());
        return files.stream().map(f -> DynamicTest.dynamicTest(TestData.root().relativize(f).toString(), () -> {
            byte[] bytes = Files.readAllBytes(f);
            check(bytes, Linter.DEFAULT_BODY_BUDGET, f.toString());
            check(bytes, 2, f + " (bodies streamed)");
            checkParallel(bytes, f.toString());
        }));
    }

    /** A suppression comment that silences nothing holds W at the comment until the end. */
    @Test
    void unusedSuppressionComment() throws IOException {
        StringBuilder sb = new StringBuilder(HEAD);
        sb.append("// ptxlint-disable-next-line PTX0250\n");
        for (int i = 0; i < 50; i++) {
            sb.append(".visible .entry k").append(i).append("()\n{\n\tret;\n}\n");
        }
        check(sb.toString(), "unused suppression");
        List<Diagnostic> ds = new Linter().lint(sb.toString());
        assertEquals(Rules.UNUSED_SUPPRESSION, ds.get(0).rule());
    }

    /** Past the cap, the note goes where the first one left out starts, which holds W there. */
    @Test
    void diagnosticCapNotes() throws IOException {
        StringBuilder sb = new StringBuilder(HEAD);
        for (int i = 0; i < 1200; i++) {
            sb.append("add.s32 %r1, %r2, 3;\n.visible .entry k").append(i).append("()\n{\n\tfoo.bar;\n}\n");
        }
        int calls = check(sb.toString(), "cap");
        assertTrue(calls > 1000, "settled " + calls + " times");
        assertTrue(new Linter().lint(sb.toString()).stream().anyMatch(d -> d.rule() == Rules.DIAGNOSTIC_LIMIT));
    }

    /** A .version without .target is reported at the .version when the module ends; .target debug at the option. */
    @Test
    void headerDiagnosticsAtTheEnd() throws IOException {
        StringBuilder a = new StringBuilder(".version 8.0\n");
        StringBuilder b = new StringBuilder(".version 8.0\n.target sm_90, debug\n.address_size 64\n");
        for (int i = 0; i < 20; i++) {
            String f = ".visible .entry k" + i + "()\n{\n\tret;\n}\n";
            a.append(f);
            b.append(f);
        }
        check(a.toString(), "no .target");
        check(b.toString(), ".target debug");
    }

    @TestFactory
    Stream<DynamicTest> randomModules() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        List<DynamicTest> tests = new ArrayList<>();
        String[] noise = {"// ptxlint-disable-next-line\n", "// ptxlint-disable PTX0250\n", "// ptxlint-enable\n",
            "\tfoo.bar %r1;\n", "\tadd.s32 %r1, %r2;\n", "\u0000", "\t@#;\n", "}\n", "{\n", "/* ptxlint-disable-line */",
            "\tadd.u32.s32 %r1, %r2, %r3;\n", ".global .u32 g;\n", "\tld.global.f32 %r1, [g];\n"};
        for (int i = 0; i < 200; i++) {
            String text = StreamedBodyTest.program(r);
            StringBuilder sb = new StringBuilder(text);
            int edits = r.nextInt(6);
            for (int e = 0; e < edits; e++) {
                int at = r.nextInt(sb.length() + 1);
                sb.insert(at, noise[r.nextInt(noise.length)]);
            }
            String mutated = sb.toString();
            long budget = r.nextInt(3) == 0 ? r.nextInt(4) : Linter.DEFAULT_BODY_BUDGET;
            int n = i;
            tests.add(DynamicTest.dynamicTest("module " + i, () -> {
                byte[] bytes = mutated.getBytes(StandardCharsets.UTF_8);
                String what = "module " + n + " of seed " + seed + ", budget " + budget + ":\n" + mutated;
                check(bytes, budget, what);
                checkParallel(bytes, what);
            }));
        }
        for (int i = 0; i < 20; i++) {
            byte[] bytes = new byte[r.nextInt(4000)];
            for (int k = 0; k < bytes.length; k++) {
                String chars = " \n;{}(),.%:abcr0123@$[]";
                bytes[k] = (byte) (r.nextInt(4) == 0 ? r.nextInt(256) : chars.charAt(r.nextInt(chars.length())));
            }
            int n = i;
            tests.add(DynamicTest.dynamicTest("bytes " + i, () -> check(bytes, Linter.DEFAULT_BODY_BUDGET,
                    "random bytes " + n + " of seed " + seed)));
        }
        return tests.stream();
    }
}
