package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ptxlint.diag.Diagnostic;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Thousands of damaged inputs: real PTX cut at random offsets, with bytes flipped, inserted,
 * deleted and blocks duplicated. The linter must never throw or hang, and every diagnostic must
 * carry a sane range inside the input.
 */
class RobustnessTest {

    private static final int CASES = 4000;
    private static final byte[] INTERESTING = "{}[]();,.:@!|_%$#\"/*\n\r\t\0 0f0d0x.reg.entry".getBytes();

    static List<byte[]> corpus() throws IOException {
        List<Path> files = new ArrayList<>(TestData.ptxFiles("valid"));
        files.addAll(TestData.ptxFiles("fixtures"));
        List<byte[]> out = new ArrayList<>();
        for (Path f : files) {
            byte[] b = Files.readAllBytes(f);
            // keep the suite fast: large files contribute a window
            if (b.length > 200_000) {
                b = Arrays.copyOfRange(b, 0, 200_000);
            }
            out.add(b);
        }
        return out;
    }

    static byte[] mutate(byte[] src, Random r) {
        byte[] b = src;
        int ops = 1 + r.nextInt(6);
        for (int k = 0; k < ops; k++) {
            switch (r.nextInt(6)) {
                case 0 -> b = Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length + 1)); // truncate
                case 1 -> { // flip a byte
                    if (b.length > 0) {
                        b = b.clone();
                        b[r.nextInt(b.length)] = (byte) r.nextInt(256);
                    }
                }
                case 2 -> { // insert an interesting byte
                    int at = b.length == 0 ? 0 : r.nextInt(b.length + 1);
                    byte[] n = new byte[b.length + 1];
                    System.arraycopy(b, 0, n, 0, at);
                    n[at] = INTERESTING[r.nextInt(INTERESTING.length)];
                    System.arraycopy(b, at, n, at + 1, b.length - at);
                    b = n;
                }
                case 3 -> { // delete a range
                    if (b.length > 2) {
                        int from = r.nextInt(b.length);
                        int to = Math.min(b.length, from + 1 + r.nextInt(64));
                        byte[] n = new byte[b.length - (to - from)];
                        System.arraycopy(b, 0, n, 0, from);
                        System.arraycopy(b, to, n, from, b.length - to);
                        b = n;
                    }
                }
                case 4 -> { // duplicate a block somewhere else
                    if (b.length > 2) {
                        int from = r.nextInt(b.length);
                        int len = Math.min(b.length - from, 1 + r.nextInt(200));
                        int at = r.nextInt(b.length + 1);
                        byte[] n = new byte[b.length + len];
                        System.arraycopy(b, 0, n, 0, at);
                        System.arraycopy(b, from, n, at, len);
                        System.arraycopy(b, at, n, at + len, b.length - at);
                        b = n;
                    }
                }
                default -> { // cut from a random offset (tail only)
                    if (b.length > 0) {
                        b = Arrays.copyOfRange(b, r.nextInt(b.length), b.length);
                    }
                }
            }
        }
        return b;
    }

    static void lintChecked(byte[] input, String what) {
        List<Diagnostic> diags = new ArrayList<>();
        try {
            new Linter().lint(new ByteArrayInputStream(input), diags::add);
        } catch (Throwable t) {
            fail(what + " threw " + t, t);
        }
        for (Diagnostic d : diags) {
            if (d.rule() == dev.ptxlint.diag.Rules.INTERNAL_ERROR) {
                fail(what + " crashed the linter: " + d.message()); // caught at the file boundary since issue 15
            }
            var rg = d.range();
            boolean ok = rg.startOffset() >= 0 && rg.startOffset() <= rg.endOffset() && rg.endOffset() <= input.length
                    && rg.startLine() >= 0 && rg.startLine() <= rg.endLine() && rg.startColumn() >= 0
                    && !d.message().isBlank();
            if (!ok) {
                fail(what + ": bad diagnostic " + d);
            }
        }
    }

    @Test
    void fuzzedAndTruncatedInputsNeverThrowOrHang() throws IOException {
        List<byte[]> corpus = corpus();
        assertFalse(corpus.isEmpty());
        Random r = new Random(0x5EEDL);
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < CASES; i++) {
                int pick = r.nextInt(corpus.size());
                byte[] m = mutate(corpus.get(pick), r);
                lintChecked(m, "case " + i + " (file #" + pick + ")");
            }
        });
    }

    @Test
    void everyPrefixOfASmallFileIsHandled() throws IOException {
        byte[] src = Files.readAllBytes(TestData.testdata().resolve("valid/handwritten/scoping-and-syntax.ptx"));
        assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
            for (int n = 0; n <= src.length; n++) {
                lintChecked(Arrays.copyOf(src, n), "prefix " + n);
            }
        });
    }

    @Test
    void randomBytesAndPathologicalInputs() {
        Random r = new Random(42);
        List<byte[]> inputs = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            byte[] b = new byte[r.nextInt(2000)];
            r.nextBytes(b);
            inputs.add(b);
        }
        inputs.add("{".repeat(50_000).getBytes());
        inputs.add("}".repeat(50_000).getBytes());
        inputs.add(".version 9.0\n.target sm_90\n.entry k() {".concat("{".repeat(5_000)).getBytes());
        inputs.add("\"".repeat(10_001).getBytes());
        inputs.add("/*".repeat(10_000).getBytes());
        inputs.add(";".repeat(50_000).getBytes());
        inputs.add("-".repeat(50_000).getBytes());
        inputs.add("(".repeat(20_000).getBytes());
        inputs.add(new byte[0]);
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            for (int i = 0; i < inputs.size(); i++) {
                lintChecked(inputs.get(i), "input " + i);
            }
        });
        assertTrue(inputs.size() > 500);
    }
}
