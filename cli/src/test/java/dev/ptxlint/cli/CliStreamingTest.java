package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Output is streamed (docs/limits.md "Output"): a file's diagnostics are printed as the file is
 * linted, several files linted at once are printed in order. The streamed output must be the
 * buffered one byte for byte: every fixture, example and a few generated files (caps, suppression
 * comments, a missing .target) are linted in one run per format and number of jobs, and compared
 * with what the renderers of the buffered design ({@link BufferedRenderers}) print for the same
 * files. Jimfs: the files are copied into an in-memory file system.
 */
class CliStreamingTest {

    static java.nio.file.FileSystem fs;
    static List<String> files = new ArrayList<>();

    @BeforeAll
    static void copyFixtures() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Path root = TestData.root();
        List<Path> sources = new ArrayList<>(TestData.ptxFiles("fixtures"));
        sources.addAll(TestData.ptxFiles("valid"));
        try (Stream<Path> s = Files.list(root.resolve("examples"))) {
            s.filter(p -> p.toString().endsWith(".ptx")).sorted().forEach(sources::add);
        }
        for (Path p : sources) {
            String rel = root.relativize(p).toString().replace('\\', '/');
            Path to = fs.getPath("/work", rel);
            Files.createDirectories(to.getParent());
            Files.copy(p, to);
            files.add(rel);
        }
        // Generated: past the caps, an unused suppression first, a module without .target.
        StringBuilder cap = new StringBuilder(".version 8.0\n.target sm_90\n.address_size 64\n");
        cap.append("// ptxlint-disable-next-line PTX0250\n");
        for (int i = 0; i < 1300; i++) {
            cap.append("add.s32 %r1, %r2, 3;\n.visible .entry k").append(i).append("()\n{\n\tfoo.bar;\n\tret;\n}\n");
        }
        Files.createDirectories(fs.getPath("/work/gen"));
        Files.writeString(fs.getPath("/work/gen/cap.ptx"), cap.toString());
        files.add("gen/cap.ptx");
        Files.writeString(fs.getPath("/work/gen/no-target.ptx"), ".version 8.0\n.visible .entry k()\n{\n\tret;\n}\n");
        files.add("gen/no-target.ptx");
        Files.write(fs.getPath("/work/gen/nul.ptx"), new byte[3000]);
        files.add("gen/nul.ptx");
    }

    @AfterAll
    static void close() throws IOException {
        fs.close();
    }

    /** What the buffered design printed: each file linted whole, sorted, rendered whole. */
    static String buffered(String format) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        Path cwd = fs.getPath("").toAbsolutePath().normalize();
        BufferedRenderers.Buffered r = BufferedRenderers.forName(format, cwd);
        int withDiags = 0;
        int errors = 0;
        int warnings = 0;
        int notes = 0;
        for (String f : files) {
            Path p = fs.getPath(f);
            List<Diagnostic> ds = new ArrayList<>();
            try (InputStream in = Files.newInputStream(p)) {
                new Linter(LintSettings.DEFAULT).lint(in, ds::add);
            }
            ds.sort(Linter.ORDER);
            withDiags += ds.isEmpty() ? 0 : 1;
            for (Diagnostic d : ds) {
                if (d.severity() == Severity.ERROR) {
                    errors++;
                } else if (d.severity() == Severity.WARNING) {
                    warnings++;
                } else {
                    notes++;
                }
            }
            r.file(new Renderer.Source(f, p), ds, out);
        }
        r.finish(new Renderer.Summary(files.size(), withDiags, errors, warnings, notes, 0), out);
        out.flush();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static String streamed(String format, String jobs, int chunk, int bound) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        Cli cli = new Cli(fs, InputStream.nullInputStream(), new PrintStream(o, false, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        cli.outputChunk = chunk;
        cli.outputBound = bound;
        List<String> args = new ArrayList<>(List.of("--no-config", "-q", "--format", format, "-j", jobs, "--"));
        args.addAll(files);
        int code = cli.run(args.toArray(String[]::new));
        assertEquals(1, code, e.toString(StandardCharsets.UTF_8));
        assertEquals("", e.toString(StandardCharsets.UTF_8));
        return o.toString(StandardCharsets.UTF_8);
    }

    @TestFactory
    Stream<DynamicTest> streamedOutputIsTheBufferedOneForEveryFormat() {
        assertTrue(files.size() > 100, "fixtures: " + files.size());
        List<DynamicTest> tests = new ArrayList<>();
        for (String format : Renderer.FORMATS) {
            tests.add(DynamicTest.dynamicTest(format, () -> {
                String expected = buffered(format);
                // one thread (printed as it is linted); threads with small chunks and bound (they wait)
                assertSame(expected, streamed(format, "1", FileOutput.CHUNK, FileOutput.BOUND), format + " -j 1");
                assertSame(expected, streamed(format, "4", 256, 1024), format + " -j 4, 256-byte chunks");
            }));
        }
        return tests.stream();
    }

    private static void assertSame(String expected, String actual, String what) {
        if (!expected.equals(actual)) {
            int i = 0;
            while (i < Math.min(expected.length(), actual.length()) && expected.charAt(i) == actual.charAt(i)) {
                i++;
            }
            int from = Math.max(0, i - 200);
            assertEquals(expected.substring(from, Math.min(expected.length(), i + 200)),
                    actual.substring(from, Math.min(actual.length(), i + 200)), what + ": first difference at " + i);
        }
    }

    /**
     * A file is printed while it is linted: the first chunk of its output is written before the
     * linter has read the file to its end.
     */
    @Test
    void aFileIsPrintedWhileItIsLinted() throws IOException {
        StringBuilder sb = new StringBuilder(".version 8.0\n.target sm_90\n.address_size 64\n");
        for (int i = 0; i < 3000; i++) {
            sb.append(".visible .entry k").append(i).append("()\n{\n\tfoo.bar;\n\tret;\n}\n");
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
        Files.write(fs.getPath("/work/gen/big.ptx"), text);
        for (String jobs : new String[] {"1", "2"}) {
            long[] read = {0};
            long[] readAtFirstOutput = {-1};
            OutputStream o = new OutputStream() {
                @Override
                public void write(int b) {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    if (readAtFirstOutput[0] < 0 && len > 0) {
                        readAtFirstOutput[0] = read[0];
                    }
                }
            };
            Cli cli = new Cli(fs, InputStream.nullInputStream(), new PrintStream(o, false, StandardCharsets.UTF_8),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            cli.outputChunk = 1024;
            Cli.LintFunction real = cli.linter;
            cli.linter = new Cli.LintFunction() {
                @Override
                public void lint(LintSettings settings, InputStream in, java.util.function.Consumer<Diagnostic> sink)
                        throws IOException {
                    throw new AssertionError("the streaming entry point is used");
                }

                @Override
                public void lint(LintSettings settings, InputStream in, java.util.function.Consumer<Diagnostic> sink,
                                 java.util.function.LongConsumer settled) throws IOException {
                    InputStream counting = new java.io.FilterInputStream(in) {
                        @Override
                        public int read(byte[] b, int off, int len) throws IOException {
                            int n = super.read(b, off, Math.min(len, 512));
                            if (n > 0) {
                                read[0] += n;
                            }
                            return n;
                        }
                    };
                    real.lint(settings, counting, sink, settled);
                }
            };
            assertEquals(1, cli.run(new String[] {"--no-config", "-j", jobs, "/work/gen/big.ptx", "/work/gen/nul.ptx"}));
            assertTrue(readAtFirstOutput[0] >= 0 && readAtFirstOutput[0] < text.length / 2,
                    "-j " + jobs + ": first output after " + readAtFirstOutput[0] + " of " + text.length + " bytes read");
        }
    }

    /** The checkstyle renderer escapes attribute values as the JDK's StAX writer did, for every character. */
    @Test
    void checkstyleEscapingIsStaxs() throws Exception {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x3000; c++) {
            all.append(c);
        }
        all.append("\uD83D\uDE80 &amp; \"q\" <a> 'x'");
        String text = CheckstyleRenderer.xmlSafe(all.toString());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(bytes, "UTF-8");
        w.writeStartElement("e");
        w.writeAttribute("a", text);
        w.writeEndElement();
        w.flush();
        String stax = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(stax, "<e a=\"" + CheckstyleRenderer.escape(text) + "\"></e>");
        assertFalse(CheckstyleRenderer.escape("a<b").contains("<"));
    }

    /** SARIF results past the memory bound go to a temporary file and come back whole. */
    @Test
    void spillBufferKeepsEverything() throws IOException {
        SpillBuffer b = new SpillBuffer(100);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 1000; i++) {
            byte[] x = ("line " + i + "\n").getBytes(StandardCharsets.UTF_8);
            b.write(x, 0, x.length);
            expected.write(x, 0, x.length);
        }
        assertTrue(b.spilled());
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        b.transferTo(got);
        b.close();
        assertEquals(expected.toString(StandardCharsets.UTF_8), got.toString(StandardCharsets.UTF_8));
    }

    /** A writer waits while its file holds the bound and is not taken; taking lets it go on. */
    @Test
    void aFileWaitingForItsTurnHoldsAtMostTheBound() throws Exception {
        FileOutput o = FileOutput.queued(16, 64);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                o.write(new byte[10], 0, 10);
            }
            o.close();
        });
        writer.setDaemon(true);
        writer.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (writer.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(Thread.State.WAITING, writer.getState(), "the writer waits at the bound");
        int total = 0;
        byte[] chunk;
        while ((chunk = o.take()) != null) {
            assertTrue(chunk.length <= 64, "chunk of " + chunk.length);
            total += chunk.length;
        }
        assertEquals(1000, total);
        writer.join();
    }
}
