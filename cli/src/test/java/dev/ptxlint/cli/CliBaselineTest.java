package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --write-baseline and --baseline on an in-memory file system. */
class CliBaselineTest extends CliHarness {

    static final String HEAD = ".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n"
            + "  .reg .b32 %r<2>;\n";
    /** Two identical findings (PTX0100 on two equal lines). */
    static final String OLD = HEAD + "  movv.u32 %r1, 1;\n  movv.u32 %r1, 1;\n  ret;\n}\n";

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/work/src"));
        Files.writeString(fs.getPath("/work/src/k.ptx"), OLD);
    }

    @Test
    void theWrittenBaselineHoldsCountsPerFileCodeAndLine() throws IOException {
        assertEquals(1, run("", "--write-baseline", "ptxlint-baseline.json", "src"));
        assertTrue(stderr().contains("wrote 2 findings to ptxlint-baseline.json"), stderr());
        JsonObject root = JsonParser.parseString(Files.readString(fs.getPath("/work/ptxlint-baseline.json")))
                .getAsJsonObject();
        assertEquals(1, root.get("version").getAsInt());
        assertEquals("[{\"file\":\"src/k.ptx\",\"code\":\"PTX0100\",\"line\":\"movv.u32 %r1, 1;\",\"count\":2}]",
                root.get("findings").toString());
    }

    @Test
    void knownFindingsAreLeftOutEvenWhenTheCodeMoves() throws IOException {
        run("", "--write-baseline", "ptxlint-baseline.json", "src");
        assertEquals(0, run("", "--baseline", "ptxlint-baseline.json", "src/k.ptx"));
        assertEquals("", stdout());
        assertTrue(stderr().contains("(2 known findings from the baseline not shown)"), stderr());
        // Lines added above and the lines re-indented: still the same findings.
        Files.writeString(fs.getPath("/work/src/k.ptx"), OLD.replace("{\n", "{\n  // a comment\n\n")
                .replace("  movv", "\tmovv"));
        assertEquals(0, run("", "--baseline", "ptxlint-baseline.json", "/work/src/k.ptx"));
        assertEquals("", stdout());
    }

    @Test
    void aNewFindingIsReportedAlsoADuplicateOfAKnownOne() throws IOException {
        run("", "--write-baseline", "ptxlint-baseline.json", "src");
        Files.writeString(fs.getPath("/work/src/k.ptx"), OLD.replace("  ret;", "  movv.u32 %r1, 1;\n  addd.s32 %r1, %r1, 1;\n  ret;"));
        assertEquals(1, run("", "--baseline", "ptxlint-baseline.json", "src/k.ptx"));
        List<String> lines = stdout().lines().toList();
        assertEquals(2, lines.size(), stdout());
        assertTrue(lines.get(0).startsWith("src/k.ptx:10:3: error: unknown instruction 'movv'"), lines.get(0));
        assertTrue(lines.get(1).startsWith("src/k.ptx:11:3: error: unknown instruction 'addd'"), lines.get(1));
    }

    @Test
    void theBaselineNamesFilesRelativeToItself() throws IOException {
        Files.createDirectories(fs.getPath("/work/ci"));
        run("", "--write-baseline", "ci/base.json", "src/k.ptx");
        assertTrue(Files.readString(fs.getPath("/work/ci/base.json")).contains("\"file\": \"../src/k.ptx\""));
        assertEquals(0, run("", "--baseline", "/work/ci/base.json", "/work/src/k.ptx"));
    }

    @Test
    void aBrokenBaselineIsAnError() throws IOException {
        Files.writeString(fs.getPath("/work/bad.json"), "{\"findings\": 3}");
        assertEquals(2, run("", "--baseline", "bad.json", "src/k.ptx"));
        assertTrue(stderr().contains("cannot read baseline 'bad.json': not a ptxlint baseline"), stderr());
        assertEquals(2, run("", "--baseline", "missing.json", "src/k.ptx"));
        assertTrue(stderr().contains("cannot read baseline 'missing.json': no such file or directory"), stderr());
    }
}
