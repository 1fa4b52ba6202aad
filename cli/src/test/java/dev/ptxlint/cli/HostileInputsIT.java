package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The hostile inputs of issue 15, run through the real jar in a child JVM with {@code -Xmx64m}
 * (docs/limits.md): each must end with exit status 0 or 1 (never 3, a crash, or a JVM death),
 * without a Java stack trace on standard error, with bounded output, and within a generous time
 * (a hang guard, not a timing assertion). Runs in {@code mvn verify} (failsafe, after the jar is
 * built).
 *
 * <p>The inputs are generated into a temporary directory of the real file system, not Jimfs: a
 * child JVM cannot see an in-memory file system. Sizes are those of the issue times
 * {@code -Dptxlint.hostileScale} (default 0.2; random bytes a quarter of that; docs/limits.md
 * gives the time measured) ({@code scripts/limits-inputs.sh 1} runs the full sizes); the
 * deep-nesting inputs are full size.
 */
class HostileInputsIT {

    static final double SCALE = Double.parseDouble(System.getProperty("ptxlint.hostileScale", "0.2"));
    /** Most bytes of standard output an input may give: the caps allow 10,000 diagnostics and the notes. */
    static final long MAX_OUTPUT = 4L << 20;
    /** A hang guard per input, not a timing assertion. */
    static final long TIMEOUT_S = 180;

    static Path dir;
    static final String HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n";

    interface Content {
        void write(OutputStream out) throws IOException;
    }

    static Path write(String name, Content c) throws IOException {
        Path p = dir.resolve(name);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(p), 1 << 16)) {
            c.write(out);
        }
        return p;
    }

    static void text(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.US_ASCII));
    }

    static int scaled(double n) {
        return (int) Math.max(1, n * SCALE);
    }

    @BeforeAll
    static void generate() throws IOException {
        dir = Files.createTempDirectory("ptxlint-hostile");
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (dir != null) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** The inputs, each generated when its test runs (so that only one is on disk at a time). */
    static List<Object[]> inputs() {
        List<Object[]> l = new ArrayList<>();
        l.add(new Object[] {"nul.ptx", (Content) out -> {
            byte[] zeros = new byte[1 << 16];
            for (long left = scaled(10_000_000) ; left > 0; left -= zeros.length) {
                out.write(zeros, 0, (int) Math.min(zeros.length, left));
            }
        }});
        l.add(new Object[] {"random.ptx", (Content) out -> {
            SplittableRandom r = new SplittableRandom(15);
            byte[] b = new byte[1 << 16];
            // a quarter of the others' scale: random bytes are the slowest input per byte (most
            // bytes start a diagnostic that the cap then drops)
            for (long left = scaled(50_000_000 / 4); left > 0; left -= b.length) {
                r.nextBytes(b);
                out.write(b, 0, (int) Math.min(b.length, left));
            }
        }});
        l.add(new Object[] {"functions-one-line.ptx", (Content) out -> {
            text(out, HEAD);
            for (int i = 0, n = scaled(1_450_000); i < n; i++) {
                text(out, ".func f" + i + "() { ret; } ");
            }
            text(out, "\n");
        }});
        l.add(new Object[] {"label-used-1m.ptx", (Content) out -> {
            text(out, HEAD + ".visible .entry k()\n{\n$L1:\n");
            for (int i = 0, n = scaled(1_000_000); i < n; i++) {
                text(out, "\tbra $L1;\n");
            }
            text(out, "}\n");
        }});
        l.add(new Object[] {"statements-outside.ptx", (Content) out -> {
            text(out, HEAD);
            for (int i = 0, n = scaled(5_000_000); i < n; i++) {
                text(out, "add.s32 %r1, %r2, 3;\n");
            }
        }});
        String k = HEAD + ".visible .entry k()\n{\n.reg .b32 %r<3>;\n";
        l.add(new Object[] {"chain-5000.ptx", (Content) out ->
                text(out, k + "add.s32 %r1, %r2, 1" + "+1".repeat(4_999) + ";\nret;\n}\n")});
        l.add(new Object[] {"blocks.ptx", (Content) out ->
                text(out, k + "{\n".repeat(100_000) + "ret;\n" + "}\n".repeat(100_000) + "}\n")});
        l.add(new Object[] {"parens.ptx", (Content) out ->
                text(out, k + "add.s32 %r1, %r2, " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + ";\nret;\n}\n")});
        l.add(new Object[] {"ternary.ptx", (Content) out ->
                text(out, k + "add.s32 %r1, %r2, " + "1?".repeat(7_000) + "1" + ":1".repeat(7_000) + ";\nret;\n}\n")});
        l.add(new Object[] {"unary.ptx", (Content) out ->
                text(out, k + "add.s32 %r1, %r2, " + "-".repeat(100_000) + "1;\nret;\n}\n")});
        l.add(new Object[] {"initializer.ptx", (Content) out ->
                text(out, HEAD + ".global .u32 g[1] = " + "{".repeat(100_000) + "1" + "}".repeat(100_000) + ";\n")});
        // suppression comments and diagnostics piling up on one line (docs/limits.md): 200,000 of
        // each at the scale
        l.add(new Object[] {"diagnostics-one-line.ptx", (Content) out -> {
            text(out, HEAD + ".visible .entry k() { .reg .b32 %r<2>; ");
            for (int i = 0, n = scaled(1_000_000); i < n; i++) {
                text(out, "add.s32 %r1, %r1, %q1; ");
            }
            text(out, "ret; }\n");
        }});
        l.add(new Object[] {"suppressions-one-line.ptx", (Content) out -> {
            text(out, HEAD + ".visible .entry k() { .reg .b32 %r<2>; ");
            for (int i = 0, n = scaled(1_000_000); i < n; i++) {
                text(out, "add.s32 %r1, %r1, %q1; /* ptxlint-disable-line PTX0101 */ ");
            }
            text(out, "ret; }\n");
        }});
        l.add(new Object[] {"suppression-ranges.ptx", (Content) out -> {
            text(out, HEAD + ".visible .entry k()\n{\n.reg .b32 %r<2>;\n");
            for (int i = 0, n = scaled(1_000_000); i < n; i++) {
                text(out, "// ptxlint-disable PTX0101\nadd.s32 %r1, %r1, %q1;\n// ptxlint-enable PTX0101\n");
            }
            text(out, "ret;\n}\n");
        }});
        return l;
    }

    @TestFactory
    Stream<DynamicTest> eachHostileInputEndsCleanlyUnder64MiB() {
        Path jar = Paths.get(System.getProperty("ptxlint.jar", "target/ptxlint.jar"));
        Assumptions.assumeTrue(Files.isRegularFile(jar), "the jar " + jar.toAbsolutePath() + " is missing: run"
                + " 'mvn verify' (this test runs after packaging)");
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        return inputs().stream().map(in -> DynamicTest.dynamicTest((String) in[0], () -> {
            Path file = write((String) in[0], (Content) in[1]);
            Path out = dir.resolve("stdout");
            Path err = dir.resolve("stderr");
            try {
                Process p = new ProcessBuilder(java, "-Xmx64m", "-XX:+UseSerialGC", "-jar", jar.toString(),
                        "--no-config", file.toString())
                        .redirectOutput(out.toFile()).redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
                boolean ended = p.waitFor(TIMEOUT_S, TimeUnit.SECONDS);
                if (!ended) {
                    p.destroyForcibly().waitFor();
                }
                String stderr = Files.readString(err, StandardCharsets.ISO_8859_1);
                long bytes = Files.size(out);
                String what = in[0] + " (" + Files.size(file) + " bytes): ";
                assertTrue(ended, what + "still running after " + TIMEOUT_S + " s");
                int code = p.exitValue();
                assertTrue(code == 0 || code == 1, what + "exit status " + code + "; stderr: " + tail(stderr));
                assertFalse(stderr.contains("\tat ") || stderr.contains("Exception in thread")
                        || stderr.contains("OutOfMemoryError"), what + "a Java stack trace: " + tail(stderr));
                assertTrue(bytes <= MAX_OUTPUT, what + bytes + " bytes of output");
                try (InputStream s = Files.newInputStream(out)) {
                    byte[] head = s.readNBytes(200);
                    assertTrue(bytes == 0 || new String(head, StandardCharsets.UTF_8).contains(":"), what
                            + "output is diagnostics");
                }
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        }));
    }

    private static String tail(String s) {
        return s.length() <= 2000 ? s : "..." + s.substring(s.length() - 2000);
    }
}
