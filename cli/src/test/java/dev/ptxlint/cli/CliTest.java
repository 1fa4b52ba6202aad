package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.ptxlint.diag.Rules;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The command line, run against an in-memory file system. */
class CliTest extends CliHarness {

    static final String CLEAN = ".version 9.0\n.target sm_90\n.address_size 64\n\n"
            + ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n  mov.u32 %r1, 1;\n  ret;\n}\n";
    static final String BAD = ".version 9.0\n.target sm_90\n.address_size 64\n\n"
            + ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n  movv.u32 %r1, 1;\n  mov.u32 %r5, 1;\n  ret;\n}\n";

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/work/src/nested"));
        Files.writeString(fs.getPath("/work/src/clean.ptx"), CLEAN);
        Files.writeString(fs.getPath("/work/src/nested/bad.ptx"), BAD);
        Files.writeString(fs.getPath("/work/src/nested/notes.txt"), "not ptx");
    }

    @Test
    void cleanFileExitsZeroAndPrintsNothingOnStdout() {
        assertEquals(0, run("", "/work/src/clean.ptx"));
        assertEquals("", stdout());
        assertEquals("ptxlint: 0 errors, 0 warnings in 1 file\n", stderr());
    }

    @Test
    void badFilePrintsGccStyleLinesAndExitsOne() {
        assertEquals(1, run("", "/work/src/nested/bad.ptx"));
        assertEquals(List.of(
                "/work/src/nested/bad.ptx:8:3: error: unknown instruction 'movv'; did you mean 'mov'? [PTX0100]"
                        + " (fixable with --unsafe-fixes)",
                "/work/src/nested/bad.ptx:9:11: error: '%r5' is not declared in this scope; %r<2> declares %r0 to %r1;"
                        + " raise the count to at least %r<6> [PTX0101]"),
                stdout().lines().toList());
        assertTrue(stderr().contains("2 errors"));
    }

    @Test
    void directoriesAreSearchedRecursivelyForPtxFilesOnly() {
        assertEquals(1, run("", "/work/src"));
        assertTrue(stdout().lines().allMatch(l -> l.startsWith("/work/src/nested/bad.ptx:")));
        assertEquals("ptxlint: 2 errors, 0 warnings in 2 files\n", stderr());
    }

    @Test
    void relativePathsAreReportedAsGiven() throws IOException {
        FileSystem rel = Jimfs.newFileSystem(Configuration.unix().toBuilder().setWorkingDirectory("/work").build());
        Files.createDirectories(rel.getPath("/work/src"));
        Files.writeString(rel.getPath("/work/src/bad.ptx"), BAD);
        Cli cli = new Cli(rel, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, cli.run(new String[] {"src/bad.ptx"}));
        assertTrue(stdout().startsWith("src/bad.ptx:8:3: error:"), stdout());
        rel.close();
    }

    @Test
    void standardInputWithDash() {
        assertEquals(1, run(BAD, "-"));
        assertTrue(stdout().startsWith("<stdin>:8:3: error:"), stdout());
    }

    @Test
    void missingFileExitsTwoWithOneLineAndOtherFilesAreStillLinted() {
        assertEquals(2, run("", "/work/nope.ptx"));
        assertEquals("", stdout());
        assertEquals("ptxlint: cannot read '/work/nope.ptx': no such file or directory\n", stderr());

        out.reset();
        err.reset();
        assertEquals(2, run("", "/work/nope.ptx", "/work/src/nested/bad.ptx"));
        assertEquals(2, stdout().lines().count());
        assertTrue(stderr().contains("cannot read '/work/nope.ptx'"));
    }

    @Test
    void usageErrorsExitTwoWithoutStackTrace() {
        assertEquals(2, run("", "--frobnicate"));
        assertTrue(stderr().startsWith("ptxlint: unknown option '--frobnicate'"));
        assertFalse(stderr().contains("Exception"));
        err.reset();
        assertEquals(2, run(""));
        assertTrue(stderr().contains("no input files"));
        err.reset();
        assertEquals(2, run("", "--format", "xml", "/work/src"));
        assertTrue(stderr().contains("unknown format 'xml'"));
        err.reset();
        assertEquals(2, run("", "--format"));
    }

    @Test
    void quietSuppressesTheSummary() {
        assertEquals(1, run("", "--quiet", "/work/src/nested/bad.ptx"));
        assertEquals("", stderr());
        assertEquals(2, stdout().lines().count());
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, run("", "--help"));
        assertTrue(stdout().startsWith("usage: ptxlint"));
        out.reset();
        assertEquals(0, run("", "--version"));
        assertTrue(stdout().startsWith("ptxlint "));
    }

    @Test
    void listRulesAndExplain() {
        assertEquals(0, run("", "--list-rules"));
        assertEquals(Rules.all().size(), stdout().lines().count());
        assertTrue(stdout().contains("PTX0100  error    unknown-instruction"));
        out.reset();
        assertEquals(0, run("", "--explain", "ptx0100"));
        assertTrue(stdout().contains("PTX0100"));
        assertEquals(2, run("", "--explain", "PTX9999"));
    }

    /** --explain also takes an instruction: the forms it selects, their operand types and requirements. */
    @Test
    void explainAnInstruction() {
        assertEquals(0, run("", "--explain", "ld.global.v4.f32"));
        assertTrue(stdout().contains("vector of 4") && stdout().contains(".f32 register"), stdout());
        out.reset();
        assertEquals(0, run("", "--explain", "ld"));
        assertTrue(stdout().startsWith("Forms of ld:"), stdout());
        out.reset();
        assertEquals(0, run("", "--explain", "ld.global.v3.f32"));
        assertTrue(stdout().startsWith("'ld.global.v3.f32' matches no form of 'ld'"), stdout());
        assertEquals(2, run("", "--explain", "frobnicate.u32"));
    }

    @Test
    void jsonFormatIsOneDocumentWithExactRangesAndFixes() {
        assertEquals(1, run("", "--format=json", "/work/src/clean.ptx", "/work/src/nested/bad.ptx"));
        JsonObject root = JsonParser.parseString(stdout()).getAsJsonObject();
        assertEquals(1, root.get("version").getAsInt());
        assertEquals(2, root.getAsJsonArray("files").size());
        JsonObject bad = root.getAsJsonArray("files").get(1).getAsJsonObject();
        assertEquals("/work/src/nested/bad.ptx", bad.get("path").getAsString());
        JsonObject d = bad.getAsJsonArray("diagnostics").get(0).getAsJsonObject();
        assertEquals("PTX0100", d.get("code").getAsString());
        assertEquals("unknown-instruction", d.get("rule").getAsString());
        assertEquals("error", d.get("severity").getAsString());
        JsonObject start = d.getAsJsonObject("range").getAsJsonObject("start");
        JsonObject end = d.getAsJsonObject("range").getAsJsonObject("end");
        assertEquals(8, start.get("line").getAsInt());
        assertEquals(3, start.get("column").getAsInt());
        assertEquals(7, end.get("column").getAsInt());
        JsonObject fix = d.getAsJsonArray("fixes").get(0).getAsJsonObject();
        assertEquals("mov", fix.getAsJsonArray("edits").get(0).getAsJsonObject().get("newText").getAsString());
        assertEquals(2, root.getAsJsonObject("summary").get("errors").getAsInt());
        assertTrue(d.get("docs").getAsString().endsWith("/docs/rules/PTX0100.md"));
    }

    @Test
    void unreadableDirectoryEntryIsReportedNotThrown() throws IOException {
        Files.createDirectories(fs.getPath("/work/dir.ptx"));
        // a directory named like a PTX file is skipped by the walk, and linting it directly is an I/O error
        assertEquals(0, run("", "/work/src/clean.ptx", "/work/dir.ptx"));
        assertEquals(2, run("", "/work/dir.ptx/x.ptx"));
    }

    @Test
    void invalidUtf8FromFileIsADiagnosticNotACrash() throws IOException {
        Files.write(fs.getPath("/work/bin.ptx"), new byte[] {'.', 'v', (byte) 0xFF, 0, 1, 2, '\n'});
        assertEquals(1, run("", "/work/bin.ptx"));
        assertTrue(stdout().contains("[PTX0005]") || stdout().contains("[PTX0004]"), stdout());
    }

    @Test
    void parallelLintingKeepsTheOrderAndTheOutputOfASequentialRun() throws IOException {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Path p = fs.getPath("/work/many/f" + i + ".ptx");
            Files.createDirectories(p.getParent());
            // files of different sizes and findings, so that workers finish out of order
            StringBuilder body = new StringBuilder();
            for (int k = 0; k < (i * 37) % 400; k++) {
                body.append("  mov.u32 %r1, ").append(k).append(";\n");
            }
            Files.writeString(p, ".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n"
                    + "  .reg .b32 %r<2>;\n  .reg .pred %p<2>;\n" + body
                    + (i % 3 == 0 ? "  movv.u32 %r1, 1;\n" : "") + (i % 4 == 0 ? "  setp.lt.s32 %p1, 3, 5;\n" : "")
                    + "  ret;\n}\n");
            args.add(p.toString());
        }
        args.add(0, "--jobs");
        args.add(1, "1");
        int sequential = run("", args.toArray(String[]::new));
        String expected = stdout();
        String summary = stderr();
        assertTrue(expected.contains("f57.ptx") && expected.indexOf("f3.ptx") < expected.indexOf("f57.ptx"), expected);
        for (String jobs : List.of("2", "8")) {
            args.set(1, jobs);
            assertEquals(sequential, run("", args.toArray(String[]::new)));
            assertEquals(expected, stdout(), "--jobs " + jobs);
            assertEquals(summary, stderr(), "--jobs " + jobs);
        }
    }

    @Test
    void jobsNeedsAPositiveNumber() {
        assertEquals(2, run("", "--jobs", "0", "/work/src/clean.ptx"));
        assertTrue(stderr().contains("invalid number '0' for --jobs"), stderr());
        assertEquals(2, run("", "--jobs=x", "/work/src/clean.ptx"));
        assertEquals(2, run("", "/work/src/clean.ptx", "-j"));
        assertEquals(0, run("", "-j", "3", "/work/src/clean.ptx"));
    }
}
