package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --fix, --unsafe-fixes and --diff on an in-memory file system. */
class CliFixTest extends CliHarness {

    static final String HEAD = ".version 9.0\n.target sm_90\n.address_size 64\n\n";
    /** A missing ';' at the end of line 8 (a safe fix) and 'movv' (an unsafe one, a guess). */
    static final String TWO = HEAD + ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n  mov.u32 %r1, 1\n"
            + "  movv.u32 %r1, 1;\n  ret;\n}\n";
    static final String TWO_SAFE_FIXED = TWO.replace("mov.u32 %r1, 1\n", "mov.u32 %r1, 1;\n");
    static final String TWO_ALL_FIXED = TWO_SAFE_FIXED.replace("movv", "mov");

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/work/src"));
        Files.writeString(fs.getPath("/work/src/two.ptx"), TWO);
    }

    private String read(String path) throws IOException {
        return Files.readString(fs.getPath(path), StandardCharsets.UTF_8);
    }

    @Test
    void fixAppliesSafeFixesInPlaceAndReportsWhatIsLeft() throws IOException {
        assertEquals(1, run("", "--fix", "src/two.ptx"));
        assertEquals(TWO_SAFE_FIXED, read("/work/src/two.ptx"));
        assertEquals(List.of("src/two.ptx:9:3: error: unknown instruction 'movv'; did you mean 'mov'? [PTX0100]"
                + " (fixable with --unsafe-fixes)"), stdout().lines().toList());
        assertTrue(stderr().contains("applied 1 fix to 1 file"), stderr());
        assertTrue(stderr().contains("1 error, 0 warnings in 1 file left"), stderr());
        // no temporary file is left beside it
        try (Stream<Path> s = Files.list(fs.getPath("/work/src"))) {
            assertEquals(List.of("two.ptx"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void unsafeFixesApplyTheRestAndTheExitStatusIsZeroWhenNothingIsLeft() throws IOException {
        assertEquals(0, run("", "--fix", "--unsafe-fixes", "src/two.ptx"));
        assertEquals(TWO_ALL_FIXED, read("/work/src/two.ptx"));
        assertEquals("", stdout());
        assertTrue(stderr().contains("applied 2 fixes to 1 file"), stderr());
        assertTrue(stderr().contains("0 errors, 0 warnings in 1 file left"), stderr());
    }

    @Test
    void fixingIsIdempotent() throws IOException {
        run("", "--fix", "src/two.ptx");
        String once = read("/work/src/two.ptx");
        assertEquals(1, run("", "--fix", "src/two.ptx"));
        assertEquals(once, read("/work/src/two.ptx"));
        assertTrue(stderr().contains("applied 0 fixes to 0 files"), stderr());
    }

    @Test
    void diffPrintsAUnifiedDiffAndWritesNothing() throws IOException {
        assertEquals(0, run("", "--diff", "--unsafe-fixes", "src/two.ptx"));
        assertEquals(TWO, read("/work/src/two.ptx"));
        assertEquals("""
                --- a/src/two.ptx
                +++ b/src/two.ptx
                @@ -5,7 +5,7 @@
                 .visible .entry k()
                 {
                   .reg .b32 %r<2>;
                -  mov.u32 %r1, 1
                -  movv.u32 %r1, 1;
                +  mov.u32 %r1, 1;
                +  mov.u32 %r1, 1;
                   ret;
                 }
                """, stdout());
        assertTrue(stderr().contains("2 fixes would be applied to 1 file"), stderr());
        // with safe fixes only, the error that would be left makes it exit 1
        assertEquals(1, run("", "--diff", "src/two.ptx"));
        assertTrue(stdout().contains("-  mov.u32 %r1, 1\n+  mov.u32 %r1, 1;\n"), stdout());
        assertFalse(stdout().contains("movv.u32 %r1, 1;\n+"), stdout());
        assertEquals(TWO, read("/work/src/two.ptx"));
    }

    @Test
    void fixWritesThroughASymbolicLink() throws IOException {
        Files.createSymbolicLink(fs.getPath("/work/link.ptx"), fs.getPath("/work/src/two.ptx"));
        run("", "--fix", "link.ptx");
        assertTrue(Files.isSymbolicLink(fs.getPath("/work/link.ptx")));
        assertEquals(TWO_SAFE_FIXED, read("/work/src/two.ptx"));
    }

    @Test
    void fixKeepsTheFilePermissions() throws IOException {
        fs.close();
        fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build());
        Files.createDirectories(fs.getPath("/work/src"));
        Path p = fs.getPath("/work/src/two.ptx");
        Files.writeString(p, TWO);
        var perms = java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-x---");
        Files.setPosixFilePermissions(p, perms);
        run("", "--fix", "src/two.ptx");
        assertEquals(TWO_SAFE_FIXED, read("/work/src/two.ptx"));
        assertEquals(perms, Files.getPosixFilePermissions(p));
    }

    @Test
    void fixOnStandardInputPrintsTheFixedText() {
        assertEquals(0, run(TWO, "--fix", "--unsafe-fixes", "-"));
        assertEquals(TWO_ALL_FIXED, stdout());
    }

    @Test
    void aFileThatIsNotUtf8IsNotFixed() throws IOException {
        byte[] bytes = (TWO + "// caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1);
        Files.write(fs.getPath("/work/src/latin1.ptx"), bytes);
        assertEquals(1, run("", "--fix", "src/latin1.ptx"));
        assertEquals(List.of(bytes.length), List.of(Files.readAllBytes(fs.getPath("/work/src/latin1.ptx")).length));
        assertTrue(stderr().contains("src/latin1.ptx: not fixed: the file is not valid UTF-8"), stderr());
    }

    @Test
    void everyFormatSaysWhetherAFixIsSafe() {
        run("", "--format", "json", "src/two.ptx");
        JsonArray diags = JsonParser.parseString(stdout()).getAsJsonObject().getAsJsonArray("files").get(0)
                .getAsJsonObject().getAsJsonArray("diagnostics");
        assertEquals(List.of(true, false), diags.asList().stream()
                .map(d -> d.getAsJsonObject().getAsJsonArray("fixes").get(0).getAsJsonObject().get("safe").getAsBoolean())
                .toList());
        run("", "--format", "sarif", "src/two.ptx");
        JsonArray results = JsonParser.parseString(stdout()).getAsJsonObject().getAsJsonArray("runs").get(0)
                .getAsJsonObject().getAsJsonArray("results");
        assertEquals(List.of(true, false), results.asList().stream()
                .map(r -> r.getAsJsonObject().getAsJsonArray("fixes").get(0).getAsJsonObject()
                        .getAsJsonObject("properties").get("safe").getAsBoolean())
                .toList());
        run("", "--format", "github", "src/two.ptx");
        assertTrue(stdout().contains("title=PTX0002::expected ';' after the instruction 'mov' (fixable with --fix)"),
                stdout());
        assertTrue(stdout().contains("did you mean 'mov'? (fixable with --unsafe-fixes)"), stdout());
        run("", "--format", "checkstyle", "src/two.ptx");
        assertTrue(stdout().contains("(fixable with --fix)\""), stdout());
        assertTrue(stdout().contains("(fixable with --unsafe-fixes)\""), stdout());
    }

    @Test
    void diffNeedsTheTextFormat() {
        assertEquals(2, run("", "--diff", "--format", "json", "src/two.ptx"));
        assertTrue(stderr().contains("--diff prints a unified diff"), stderr());
    }
}
