package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
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
 * A file cut into chunks ({@link PreScan}) that are lexed and parsed on the workers ({@link
 * ChunkedParser}) gives exactly the diagnostics of a run on one thread, in the same order as they
 * reach the sink: over every PTX file of testdata and examples up to 150 KB with chunks of one
 * byte (a cut at every item boundary) and of a random size, and over inputs made to defeat the
 * pre-scan (comments not closed, braces and comment marks in strings, syntax errors at the cuts,
 * bodies larger than a chunk, CRLF and lone CR line ends, non-ASCII text, preprocessor and
 * {@code @@DWARF} lines, initializers over lines), where the parse falls back to one thread.
 */
class ChunkedParsingTest {

    private static String render(List<Diagnostic> ds) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : ds) {
            sb.append(d).append(' ').append(d.range()).append('\n');
        }
        return sb.toString();
    }

    /** One thread's diagnostics against chunked runs on 2 and 3 threads with chunks of {@code chunk} bytes. */
    private static void same(byte[] text, String what, int chunk, int max, long budget) {
        List<Diagnostic> expected = ParallelChecksTest.sinkOrder(new Linter().withThreads(1, 0, 0, 1).withBodyBudget(budget), text);
        for (int threads = 2; threads <= 3; threads++) {
            Linter many = new Linter().withThreads(threads, 0, threads == 2 ? 1 : 2, 1 + text.length % 40)
                    .withBodyBudget(budget).withChunks(chunk, max);
            List<Diagnostic> got = ParallelChecksTest.sinkOrder(many, text);
            if (!expected.equals(got)) {
                assertEquals(render(expected), render(got), what + ", " + threads + " threads, chunks of " + chunk
                        + " (max " + max + "), budget " + budget);
                assertEquals(expected, got, what);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyFileCutEverywhere() {
        List<Path> files = TestData.ptxFilesAndExamples().stream().filter(f -> f.toFile().length() <= 150_000).toList();
        assertFalse(files.isEmpty());
        Path root = TestData.root();
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        return files.stream().map(f -> {
            int size = 1 + r.nextInt(4096);
            return DynamicTest.dynamicTest(root.relativize(f).toString(), () -> {
                byte[] text = TestData.bytes(f);
                String what = root.relativize(f).toString();
                same(text, what, 1, 0, Long.MAX_VALUE);
                same(text, what + " (seed " + seed + ")", size, 0, Long.MAX_VALUE);
                if (text.length < 20_000) {
                    same(text, what, 1, 0, 8); // bodies streamed past the budget
                }
            });
        });
    }

    @Test
    void theChunksWereParsedOnTheWorkers() {
        byte[] text = TestData.bytes(TestData.testdata().resolve("fixtures/suppression/ranges.ptx"));
        long before = ChunkedParser.chunksParsed();
        long replayed = ChunkedParser.chunksReplayed();
        ParallelChecksTest.sinkOrder(new Linter().withThreads(2, 0, 1, 3).withChunks(1, 0), text);
        assertTrue(ChunkedParser.chunksParsed() > before + 2, "the file was not cut into chunks");
        assertTrue(ChunkedParser.chunksReplayed() > replayed + 2, "the chunks were parsed again on one thread");
        long after = ChunkedParser.chunksParsed();
        ParallelChecksTest.sinkOrder(new Linter().withThreads(1, 0, 1, 3).withChunks(1, 0), text);
        ParallelChecksTest.sinkOrder(new Linter().withThreads(2, 0, 1, 3), text); // a small stream: not chunked
        assertEquals(after, ChunkedParser.chunksParsed(), "chunks with one thread or below the size");
    }

    /** Most chunks of the corpus are replayed: the fall-back to one thread is the exception. */
    @Test
    void mostChunksOfTheCorpusAreKept() {
        long parsed = ChunkedParser.chunksParsed();
        long replayed = ChunkedParser.chunksReplayed();
        for (Path f : TestData.ptxFiles("valid")) {
            if (f.toFile().length() <= 150_000) {
                ParallelChecksTest.sinkOrder(new Linter().withThreads(2, 0, 1, 3).withChunks(1, 0), TestData.bytes(f));
            }
        }
        parsed = ChunkedParser.chunksParsed() - parsed;
        replayed = ChunkedParser.chunksReplayed() - replayed;
        System.out.println("testdata/valid: " + replayed + " of " + parsed + " chunks replayed");
        assertTrue(parsed > 100 && replayed > parsed * 9 / 10, replayed + " of " + parsed);
    }

    /** Cuts proposed where a top-level item ends: every cut of a clean module is taken. */
    @Test
    void thePreScanCutsAtItemEnds() {
        String module = ".version 8.0\n.target sm_90\n.address_size 64\n\n"
                + ".global .u32 g; // a comment { \" \n"
                + ".visible .entry k()\n{\n\t{ ret; }\n}\n"
                + "/* } { \n */ .func f() { ret; }\n"
                + ".global .b8 s[3] = {1, 2, 3};\n";
        byte[] text = module.getBytes(StandardCharsets.UTF_8);
        PreScan scan = new PreScan(new ByteArrayInputStream(text), 1, 1 << 20);
        List<String> chunks = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        PreScan.Chunk c;
        while ((c = scan.next()) != null) {
            chunks.add(new String(c.bytes(), 0, c.length(), StandardCharsets.UTF_8));
            lines.add(c.line());
            assertEquals(String.join("", chunks.subList(0, chunks.size() - 1)).length(), c.offset());
        }
        assertFalse(scan.stopped());
        assertEquals(List.of(
                ".version 8.0\n.target sm_90\n.address_size 64\n\n.global .u32 g; // a comment { \" \n",
                ".visible .entry k()\n{\n\t{ ret; }\n}\n",
                "/* } { \n */ .func f() { ret; }\n",
                ".global .b8 s[3] = {1, 2, 3};\n"), chunks);
        assertEquals(List.of(0, 5, 9, 11), lines);
    }

    /** Offsets count UTF-16 units (as the decoded text does), lines every kind of line end. */
    @Test
    void chunkPositionsAreThoseOfTheDecodedText() {
        String module = "// \u00e9\u4e2d\ud83d\ude00 \r\n.global .u32 a;\r.global .u32 b; /* \u00ff\n */\r\n"
                + ".global .u32 c; \u00e9\n.global .u32 d;\n.pragma \"\u00e8\";\n";
        byte[] good = module.getBytes(StandardCharsets.UTF_8);
        byte[] bad = module.replace("\u00ff", "\u00ff\u00ff").getBytes(StandardCharsets.UTF_8);
        bad[bad.length / 2] = (byte) 0xC3; // a cut sequence: U+FFFD
        bad[bad.length / 2 + 1] = (byte) 0xFF;
        for (byte[] text : List.of(good, bad)) {
            PreScan scan = new PreScan(new ByteArrayInputStream(text), 1, 1 << 20);
            int bytes = 0;
            int count = 0;
            PreScan.Chunk c;
            while ((c = scan.next()) != null) {
                String before = new String(text, 0, bytes, StandardCharsets.UTF_8);
                assertEquals(before.length(), c.offset(), "offset of the chunk at byte " + bytes);
                assertEquals(before.split("\r\n|\r|\n", -1).length - 1, c.line(), "line of the chunk at byte " + bytes);
                bytes += c.length();
                count++;
            }
            assertEquals(text.length, bytes);
            assertTrue(count >= 4, "cuts: " + count);
            String header = ".version 8.0\n.target sm_90\n.address_size 64\n";
            byte[] full = new byte[header.length() + text.length];
            System.arraycopy(header.getBytes(StandardCharsets.US_ASCII), 0, full, 0, header.length());
            System.arraycopy(text, 0, full, header.length(), text.length);
            same(full, "line ends and non-ASCII", 1, 0, Long.MAX_VALUE);
        }
    }

    /** Fragments that defeat a cut, or that the pre-scan must read as the lexer does. */
    private static final String[] HOSTILE = {
        "/* an unclosed comment\n",
        "/* a comment } over\n lines { */\n",
        ".pragma \"a string with } and { and /* and //\";\n",
        ".pragma \"a string over\na line\";\n",
        ".pragma \"unterminated;\n",
        "}\n",
        "{\n",
        ";\n",
        "# 12 \"file.cu\"\n",
        "#define X {\n",
        "@@DWARF .byte 0x7b, 0x22 { \"\n",
        ".global .u32 arr[2] = {1,\n2}\n;\n",
        ".global .u32 arr2[2] = {1, 2}\n",
        ".func g(.param .u32 p)\n",
        ".visible .entry broken(\n",
        "\tadd.s32 %r1, %r2\n",
        "\u00e9\u00e8 stray\n",
        "// \u00e9 in a comment {\n",
        "\u0000\n",
        "\r\n",
        "\r",
        ".version 7.0\n",
        ".target sm_80\n",
        "x # y\n",
        "$L1:\n",
        ".global .u32 g9;\n",
        ".func f9()\n{\n\tret;\n}\n",
        ".func big()\n{\n" + "\tmov.u32 %r1, 1;\n".repeat(200) + "}\n",
        ".pragma \"" + "x".repeat(70_000) + "\";\n",
        ".pragma \"" + "y".repeat(59_990) + "\";\n",
    };

    /** Fixtures and random programs with hostile fragments inserted at line starts, cut into tiny chunks. */
    @TestFactory
    Stream<DynamicTest> hostileInputs() {
        List<Path> fixtures = TestData.ptxFiles("fixtures");
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            String base = i % 2 == 0
                    ? new String(TestData.bytes(fixtures.get(r.nextInt(fixtures.size()))), StandardCharsets.UTF_8)
                    : StreamedBodyTest.program(r);
            String[] lines = base.split("\n", -1);
            StringBuilder sb = new StringBuilder();
            boolean crlf = r.nextInt(4) == 0;
            for (String line : lines) {
                if (r.nextInt(10) == 0) {
                    sb.append(HOSTILE[r.nextInt(HOSTILE.length)]);
                }
                sb.append(line).append(crlf ? "\r\n" : "\n");
            }
            byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
            int chunk = r.nextBoolean() ? 1 : 1 + r.nextInt(600);
            int max = r.nextInt(3) == 0 ? 1 + r.nextInt(2000) : 0;
            long budget = r.nextInt(4) == 0 ? r.nextInt(40) : Long.MAX_VALUE;
            int n = i;
            tests.add(DynamicTest.dynamicTest("module " + i, () -> same(text, "module " + n + " of seed " + seed
                    + ":\n" + new String(text, StandardCharsets.UTF_8), chunk, max, budget)));
        }
        return tests.stream();
    }

    /** A read that fails part-way ends the file there, with the diagnostics of one thread before the exception. */
    @Test
    void anInputErrorEndsTheFileAsOnOneThread() {
        byte[] text = TestData.bytes(TestData.testdata().resolve("fixtures/suppression/ranges.ptx"));
        for (int failAt : new int[] {0, 1, text.length / 3, text.length / 2, text.length - 1}) {
            List<String> results = new ArrayList<>();
            for (Linter linter : List.of(new Linter().withThreads(1, 0, 0, 1),
                    new Linter().withThreads(2, 0, 1, 3).withChunks(1, 0))) {
                List<Diagnostic> out = new ArrayList<>();
                java.io.InputStream in = new ByteArrayInputStream(text) {
                    @Override
                    public synchronized int read(byte[] b, int off, int len) {
                        if (pos >= failAt) {
                            throw new UncheckedIOException(new IOException("disk gone"));
                        }
                        return super.read(b, off, Math.min(len, Math.max(1, failAt - pos)));
                    }
                };
                String thrown = "none";
                try {
                    linter.lint(in, out::add);
                } catch (IOException e) {
                    thrown = e.getMessage();
                }
                results.add(render(out) + "thrown: " + thrown);
            }
            assertTrue(results.get(0).endsWith("disk gone"), results.get(0));
            assertEquals(results.get(0), results.get(1), "failing at byte " + failAt);
        }
    }

    /** A UTF-16 file is reported once and not read further, chunked or not. */
    @Test
    void aUtf16FileStopsAtItsStart() {
        String module = ".version 8.0\n.target sm_90\n.address_size 64\n" + ".global .u32 g;\n".repeat(100);
        same(module.getBytes(StandardCharsets.UTF_16LE), "UTF-16LE", 1, 0, Long.MAX_VALUE);
        same(module.getBytes(StandardCharsets.UTF_16), "UTF-16 with a mark", 1, 0, Long.MAX_VALUE);
        same(("\ufeff" + module).getBytes(StandardCharsets.UTF_8), "UTF-8 mark", 1, 0, Long.MAX_VALUE);
    }
}
