package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The settings options and .ptxlintrc files, run against an in-memory file system. */
class CliSettingsTest extends CliHarness {

    static final String WARN = ".version 9.0\n.target sm_90\n.address_size 64\n\n"
            + ".visible .entry k()\n{\n  .reg .pred %p<3>;\n  .reg .f32 %f<4>;\n"
            + "  setp.f32.ftz.lt %p1, %f1, %f2;\n  ret;\n}\n";
    /** A fragment without header, using a bf16 compare (needs PTX ISA 7.8 and sm_90). */
    static final String FRAGMENT = ".visible .entry k()\n{\n  .reg .pred %p<3>;\n  .reg .b16 %h<4>;\n"
            + "  setp.lt.bf16 %p1, %h1, %h2;\n  ret;\n}\n";

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setWorkingDirectory("/work").build());
        Files.createDirectories(fs.getPath("/work/proj/sub"));
        Files.createDirectories(fs.getPath("/work/other"));
        Files.writeString(fs.getPath("/work/proj/sub/warn.ptx"), WARN);
        Files.writeString(fs.getPath("/work/other/warn.ptx"), WARN);
        Files.writeString(fs.getPath("/work/proj/frag.ptx"), FRAGMENT);
    }

    @Test
    void errorOnDecidesTheExitStatus() {
        assertEquals(0, run("", "/work/other/warn.ptx"));
        assertTrue(stdout().contains("warning: modifiers out of the manual's order"), stdout());
        assertEquals(1, run("", "--error-on", "warning", "/work/other/warn.ptx"));
        assertEquals(1, run("", "--error-on=note", "/work/other/warn.ptx"));
        assertEquals(0, run("", "--error-on", "error", "/work/other/warn.ptx"));
        assertEquals(2, run("", "--error-on", "fatal", "/work/other/warn.ptx"));
        assertEquals("ptxlint: unknown level 'fatal' for --error-on: use error, warning or note\n"
                + "Try 'ptxlint --help' for more information.\n", stderr());
        assertEquals(2, run("", "--error-on"));
        assertTrue(stderr().startsWith("ptxlint: --error-on needs a value"), stderr());
    }

    @Test
    void theNearestConfigAppliesToEachFile() throws IOException {
        Files.writeString(fs.getPath("/work/proj/.ptxlintrc"), "# project\nmodifier-order = error\n");
        assertEquals(1, run("", "/work/proj/sub/warn.ptx", "/work/other/warn.ptx"));
        List<String> lines = stdout().lines().toList();
        assertEquals(2, lines.size(), stdout());
        assertTrue(lines.get(0).startsWith("/work/proj/sub/warn.ptx:9:7: error: "), lines.get(0));
        assertTrue(lines.get(1).startsWith("/work/other/warn.ptx:9:7: warning: "), lines.get(1));
        assertEquals("ptxlint: 1 error, 1 warning in 2 files\n", stderr());
        // --no-config ignores it; a nearer file wins.
        assertEquals(0, run("", "--no-config", "/work/proj/sub/warn.ptx"));
        Files.writeString(fs.getPath("/work/proj/sub/.ptxlintrc"), "PTX0250 = off\n");
        assertEquals(0, run("", "proj/sub/warn.ptx"));
        assertEquals("", stdout());
        // Standard input uses the configuration of the working directory.
        Files.writeString(fs.getPath("/work/.ptxlintrc"), "PTX0250 = error\n");
        assertEquals(1, run(WARN, "-"));
        assertTrue(stdout().startsWith("<stdin>:9:7: error: "), stdout());
    }

    @Test
    void explicitConfigReplacesTheSearch() throws IOException {
        Files.writeString(fs.getPath("/work/proj/.ptxlintrc"), "PTX0250 = off\n");
        Files.writeString(fs.getPath("/work/strict.cfg"), "PTX0250 = error\n");
        assertEquals(1, run("", "--config", "/work/strict.cfg", "/work/proj/sub/warn.ptx"));
        assertTrue(stdout().contains(": error: modifiers out of"), stdout());
        assertEquals(1, run("", "--config=strict.cfg", "/work/proj/sub/warn.ptx"));
        assertEquals(2, run("", "--config", "/work/none.cfg", "/work/proj/sub/warn.ptx"));
        assertEquals("ptxlint: /work/none.cfg: no such file\n", stderr());
        assertEquals("", stdout());
        assertEquals(2, run("", "--config", "/work/strict.cfg", "--no-config", "/work/proj/sub/warn.ptx"));
        assertTrue(stderr().startsWith("ptxlint: --config and --no-config exclude each other"), stderr());
    }

    @Test
    void invalidConfigIsOneClearLineExitTwoAndOtherFilesAreLinted() throws IOException {
        Files.writeString(fs.getPath("/work/proj/.ptxlintrc"), "PTX0250 = off\nPTX0250 = loud\n");
        assertEquals(2, run("", "/work/proj", "/work/other/warn.ptx"));
        // frag.ptx and sub/warn.ptx are skipped, with one message for their configuration file.
        assertEquals("ptxlint: /work/proj/.ptxlintrc:2: 'PTX0250' is set twice (first on line 1); keep one\n"
                        + "ptxlint: 0 errors, 1 warning in 1 file\n"
                        + "ptxlint: 2 files not linted because of configuration errors\n", stderr());
        assertTrue(stdout().startsWith("/work/other/warn.ptx:9:7: warning:"), stdout());
        assertFalse(stderr().contains("Exception"), stderr());
        assertFalse(stderr().contains("\tat "), stderr());
        Files.writeString(fs.getPath("/work/proj/.ptxlintrc"), "PTX0001 = off\n");
        assertEquals(2, run("", "--config", "/work/proj/.ptxlintrc", "/work/other/warn.ptx"));
        assertEquals("ptxlint: /work/proj/.ptxlintrc:1: PTX0001 (syntax-error) is a syntax error and cannot be"
                + " reconfigured or turned off\n", stderr());
    }

    @Test
    void defaultVersionAndTargetForHeaderlessFiles() throws IOException {
        assertEquals(1, run("", "/work/proj/frag.ptx"));
        assertTrue(stdout().contains("[PTX0105]"), stdout());
        assertEquals(0, run("", "--default-version", "8.0", "--default-target", "sm_90", "/work/proj/frag.ptx"));
        assertEquals("", stdout());
        assertEquals(1, run("", "--default-version=8.0", "--default-target=sm_80", "/work/proj/frag.ptx"));
        assertTrue(stdout().contains("needs sm_90 or newer (it targets sm_80)"), stdout());
        // The configuration file can give them; the options override it.
        Files.writeString(fs.getPath("/work/proj/.ptxlintrc"), "default-version = 8.0\ndefault-target = sm_80\n");
        assertEquals(1, run("", "/work/proj/frag.ptx"));
        assertTrue(stdout().contains("[PTX0216]"), stdout());
        assertEquals(0, run("", "--default-target", "sm_90", "/work/proj/frag.ptx"));
        assertEquals(2, run("", "--default-target", "sm_91", "/work/proj/frag.ptx"));
        assertTrue(stderr().startsWith("ptxlint: --default-target: 'sm_91' is not a target ptxas knows"), stderr());
        assertEquals(2, run("", "--default-version", "nine", "/work/proj/frag.ptx"));
        assertTrue(stderr().startsWith("ptxlint: --default-version: 'nine' is not a PTX ISA version"), stderr());
    }

    @Test
    void helpListsTheNewOptions() {
        assertEquals(0, run("", "--help"));
        for (String o : new String[] {"--config FILE", "--no-config", "--error-on LEVEL", "--default-version X.Y",
                "--default-target sm_XX", ".ptxlintrc"}) {
            assertTrue(stdout().contains(o), o);
        }
    }
}
