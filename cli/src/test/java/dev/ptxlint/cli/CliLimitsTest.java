package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.checker.Linter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's limits and boundaries (issue 15, items 3 to 6); inputs are generated. */
class CliLimitsTest extends CliHarness {

    static final String CLEAN = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            + "\t.reg .pred %p<2>;\n\t@%p1 bra $L1;\n$L1:\n\tret;\n}\n";

    Cli cli;
    final ByteArrayOutputStream o = new ByteArrayOutputStream();
    final ByteArrayOutputStream e = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setWorkingDirectory("/work").build());
        Files.createDirectories(fs.getPath("/work/src"));
        Files.writeString(fs.getPath("/work/src/a.ptx"), CLEAN);
        Files.writeString(fs.getPath("/work/src/b.ptx"), CLEAN);
        // c.ptx has an error and no branch (the failing check below fails on branches)
        Files.writeString(fs.getPath("/work/src/c.ptx"), CLEAN.replace("\t@%p1 bra $L1;\n", "").replace("ret;", "bogus;"));
    }

    /** A command on {@code fs} with {@code stdin}, output captured in {@link #o} and {@link #e}. */
    Cli cli(InputStream stdin) {
        o.reset();
        e.reset();
        cli = new Cli(fs, stdin, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return cli;
    }

    String o() {
        return o.toString(StandardCharsets.UTF_8);
    }

    String e() {
        return e.toString(StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- item 4: crashes

    @Test
    void aCrashIsOneLineAndExitStatusThreeAndLaterFilesAreLinted() {
        for (Throwable t : List.of(new OutOfMemoryError("Java heap space"), new StackOverflowError(),
                new IllegalStateException("bug"))) {
            for (String jobs : new String[] {"1", "4"}) {
                // a failure inside the checks: one PTX0900 diagnostic for the file
                InstructionCheck failing = (insn, ctx) -> {
                    if (insn.opcode().text().equals("bra")) {
                        sneaky(t);
                    }
                };
                Cli c = cli(InputStream.nullInputStream());
                c.linter = (settings, in, sink) -> {
                    List<InstructionCheck> checks = new java.util.ArrayList<>(dev.ptxlint.checker.Checks.all());
                    checks.add(failing);
                    new Linter(settings, checks).lint(in, sink);
                };
                assertEquals(3, c.run(new String[] {"-j", jobs, "/work/src"}), t + e());
                assertOneLineCrash(2, t);
                assertTrue(o().contains("c.ptx:8:2: error: unknown instruction 'bogus'"), o()); // later file
                // a failure outside the checks (the whole lint throws): one line, no diagnostics
                c = cli(InputStream.nullInputStream());
                c.linter = (settings, in, sink) -> {
                    if (in.readAllBytes().length > 0 && !Thread.currentThread().getName().isEmpty()) {
                        sneaky(t);
                    }
                };
                assertEquals(3, c.run(new String[] {"-j", jobs, "/work/src"}), t + e());
                assertOneLineCrash(3, t);
            }
        }
    }

    void assertOneLineCrash(int files, Throwable t) {
        String err = e();
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread"), err);
        long lines = err.lines().filter(l -> l.startsWith("ptxlint: internal error on ")).count();
        assertEquals(files, lines, err);
        assertTrue(err.contains(t.getClass().getSimpleName()), err);
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }

    // ---------------------------------------------------------------- item 3: caps and streams

    @Test
    void diagnosticsAreCappedPerCodeAndPerFileWithOneNotePerCode() throws IOException {
        int nuls = 25_000;
        byte[] b = new byte[nuls];
        Files.write(fs.getPath("/work/nul.ptx"), b);
        assertEquals(1, cli(InputStream.nullInputStream()).run(new String[] {"/work/nul.ptx"}));
        List<String> lines = o().lines().toList();
        long nulErrors = lines.stream().filter(l -> l.endsWith("[PTX0004]")).count();
        assertEquals(dev.ptxlint.checker.DiagnosticCap.PER_CODE, nulErrors);
        List<String> notes = lines.stream().filter(l -> l.endsWith("[PTX0012]")).toList();
        assertEquals(1, notes.size(), String.join("\n", notes));
        Matcher m = Pattern.compile("(\\d+) more PTX0004").matcher(notes.get(0));
        assertTrue(m.find(), notes.get(0));
        assertEquals(nuls - dev.ptxlint.checker.DiagnosticCap.PER_CODE, Integer.parseInt(m.group(1)));

        // many codes: the total per file is bounded too
        StringBuilder many = new StringBuilder(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n");
        for (int i = 0; i < 12_000; i++) {
            many.append("\tbogus").append(i % 13).append(";\n\tadd.s32 %x").append(i).append(", 1, 1;\n");
        }
        many.append("}\n");
        Files.writeString(fs.getPath("/work/many.ptx"), many);
        cli(InputStream.nullInputStream()).run(new String[] {"-q", "/work/many.ptx"});
        long shown = o().lines().filter(l -> !l.endsWith("[PTX0012]")).count();
        assertTrue(shown <= dev.ptxlint.checker.DiagnosticCap.PER_FILE, "shown " + shown);
        assertTrue(o().contains("[PTX0012]"));
    }

    @Test
    void aNonRegularInputThatNeverEndsStopsAtTheLimit() {
        InputStream zeros = new InputStream() {
            @Override
            public int read() {
                return 0;
            }

            @Override
            public int read(byte[] buf, int off, int len) {
                java.util.Arrays.fill(buf, off, off + len, (byte) 0);
                return len;
            }
        };
        Cli c = cli(zeros);
        c.maxStreamBytes = 1 << 20;
        assertEquals(2, c.run(new String[] {"-", "/work/src/a.ptx"}));
        assertTrue(e().contains("'<stdin>': stopped reading after 1048576 bytes"), e());
        assertFalse(e().contains("\tat "), e());
        assertEquals(1, Cli.MAX_STREAM_BYTES >>> 30); // the documented 1 GiB
    }

    // ---------------------------------------------------------------- item 5: directories

    @Test
    void aSymlinkedDirectoryArgumentIsFollowed() throws IOException {
        Files.createSymbolicLink(fs.getPath("/work/link"), fs.getPath("/work/src"));
        Files.createDirectories(fs.getPath("/work/deep/x"));
        Files.createSymbolicLink(fs.getPath("/work/deep/x/up"), fs.getPath("/work/src"));
        for (String arg : new String[] {"link", "link/", "/work/link", "deep/x/up/"}) {
            assertEquals(1, run("", arg), arg + ": " + stderr());
            assertTrue(stdout().contains("c.ptx:8:2: error"), arg + ": " + stdout());
            assertTrue(stderr().contains("in 3 files"), arg + ": " + stderr());
        }
        assertTrue(stdout().contains("deep/x/up/c.ptx"), stdout()); // paths under the argument as given
    }

    @Test
    void aDirectoryWithNothingToLintIsSaid() throws IOException {
        Files.createDirectories(fs.getPath("/work/empty/sub"));
        Files.writeString(fs.getPath("/work/empty/sub/readme.txt"), "x");
        assertEquals(0, run("", "empty"));
        assertTrue(stderr().contains("'empty' holds no .ptx or CUDA files to lint"), stderr());
    }

    @Test
    void aDanglingPtxLinkIsReportedAndTheRestLinted() throws IOException {
        Files.createSymbolicLink(fs.getPath("/work/src/gone.ptx"), fs.getPath("/work/nowhere.ptx"));
        assertEquals(2, run("", "src"));
        assertTrue(stderr().contains("cannot read 'src/gone.ptx': dangling symbolic link"), stderr());
        assertTrue(stdout().contains("c.ptx:8:2"), stdout());
    }

    /** Needs the real file system (Jimfs has no permissions) and a user that permissions bind (not root). */
    @Test
    void anUnreadableSubdirectoryIsReportedAndTheRestLinted(@TempDir Path tmp) throws IOException {
        Path sub = Files.createDirectories(tmp.resolve("d/locked"));
        Files.writeString(tmp.resolve("d/ok.ptx"), CLEAN.replace("ret;", "bogus;"));
        Files.writeString(sub.resolve("hidden.ptx"), CLEAN);
        assertTrue(sub.toFile().setReadable(false, false) && sub.toFile().setExecutable(false, false));
        try {
            assumeFalse(Files.isReadable(sub), "running as root: permissions do not bind");
            fs = null;
            Cli c = new Cli(FileSystems.getDefault(), InputStream.nullInputStream(),
                    new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
            assertEquals(2, c.run(new String[] {tmp.resolve("d").toString()}));
            assertTrue(e().contains("locked': permission denied (skipped)"), e());
            assertTrue(o().contains("ok.ptx:9:2"), o());
        } finally {
            sub.toFile().setReadable(true, false);
            sub.toFile().setExecutable(true, false);
        }
    }

    // ---------------------------------------------------------------- item 6: .ptxlintrc

    @Test
    void aBadConfigLineIsQuotedShortAndEscaped() throws IOException {
        String secret = "https://user:" + "s3cr3t".repeat(50) + "@github.com";
        for (String bad : new String[] {secret, "\u001b[2J\u001b]0;pwned\u0007" + "x".repeat(200), "a\u0000b\u009bc",
                "PTX0250 = " + "w".repeat(100_000), "y".repeat(200_000) + " = off"}) {
            Files.writeString(fs.getPath("/work/src/.ptxlintrc"), "# settings\n" + bad + "\n");
            assertEquals(2, run("", "src/a.ptx"));
            String err = stderr();
            assertTrue(err.contains(".ptxlintrc:2: "), err);
            assertTrue(err.length() < 600, err.length() + ": " + err);
            for (char ch : err.toCharArray()) {
                assertTrue(ch == '\n' || ch >= 0x20 && ch != 0x7F && !(ch >= 0x80 && ch <= 0x9F), "control " + (int) ch);
            }
            assertFalse(err.contains("s3cr3ts3cr3ts3cr3ts3cr3ts3cr3ts3cr3ts3cr3ts3cr3ts3cr3ts3cr3t"), err);
        }
    }

    @Test
    void aConfigAboveTheSizeLimitIsRefusedUnread() throws IOException {
        byte[] big = new byte[dev.ptxlint.config.ProjectConfig.MAX_BYTES + 1];
        java.util.Arrays.fill(big, (byte) '#');
        Files.write(fs.getPath("/work/src/.ptxlintrc"), big);
        assertEquals(2, run("", "src/a.ptx"));
        assertTrue(stderr().contains("larger than 1024 KiB"), stderr());
        assertFalse(stderr().contains("\tat "));
        big[big.length - 1] = '\n';
        Files.write(fs.getPath("/work/src/.ptxlintrc"), java.util.Arrays.copyOf(big, big.length - 1));
        assertEquals(0, run("", "src/a.ptx"), stderr()); // at the limit: read (all comments)
    }

    @Test
    void aConfigLinkOutOfItsDirectoryIsNotRead() throws IOException {
        Files.createDirectories(fs.getPath("/home/u"));
        Files.writeString(fs.getPath("/home/u/.git-credentials"), "https://user:TOKEN123@github.com\n");
        Files.createSymbolicLink(fs.getPath("/work/src/.ptxlintrc"), fs.getPath("/home/u/.git-credentials"));
        for (String[] args : new String[][] {{"src/a.ptx"}, {"--config", "src/.ptxlintrc", "src/a.ptx"}}) {
            assertEquals(2, run("", args));
            assertTrue(stderr().contains("a symbolic link to a file outside its directory"), stderr());
            assertFalse(stderr().contains("TOKEN123") || stdout().contains("TOKEN123"), stderr());
        }
        // a link to a file inside the project is followed
        Files.delete(fs.getPath("/work/src/.ptxlintrc"));
        Files.createDirectories(fs.getPath("/work/src/conf"));
        Files.writeString(fs.getPath("/work/src/conf/lint.rc"), "PTX0100 = off\n");
        Files.createSymbolicLink(fs.getPath("/work/src/.ptxlintrc"), fs.getPath("conf/lint.rc"));
        assertEquals(0, run("", "src/c.ptx"), stderr() + stdout());
    }
}
