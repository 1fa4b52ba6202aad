package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The command line read once (Options): '--lsp' as a path or a value, and the small options. */
class CliOptionsTest extends CliHarness {

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/work/src/empty"));
        Files.writeString(fs.getPath("/work/src/clean.ptx"), CliTest.CLEAN);
    }

    @Test
    void lspIsAnOptionAnywhereButNotAfterDoubleDashNorAsAValue() {
        assertEquals(Options.Mode.LSP, Options.parse(new String[] {"--lsp"}).mode);
        assertEquals(Options.Mode.LSP, Options.parse(new String[] {"x.ptx", "--lsp", "--stdio"}).mode);
        Options path = Options.parse(new String[] {"--", "--lsp"});
        assertEquals(Options.Mode.LINT, path.mode);
        assertEquals(List.of("--lsp"), path.paths);
        Options value = Options.parse(new String[] {"--config", "--lsp", "x.ptx"});
        assertEquals(Options.Mode.LINT, value.mode);
        assertNull(value.error);
        assertEquals("--lsp", value.settings.configFile);
        assertEquals(List.of("x.ptx"), value.paths);
        assertEquals("--lsp", Options.parse(new String[] {"--stdin-filename", "--lsp", "-"}).stdinFilename);
        assertEquals("--lsp", Options.parse(new String[] {"--baseline=--lsp", "a"}).baseline);
    }

    @Test
    void aFileNamedDashDashLspIsLinted() throws IOException {
        Files.writeString(fs.getPath("/work/--lsp"), CliTest.BAD);
        assertEquals(1, run("", "--", "--lsp"));
        assertTrue(stdout().startsWith("--lsp:8:3: error: unknown instruction 'movv'"), stdout());
        assertEquals(2, run("", "--config", "--lsp", "src/clean.ptx"));
        assertTrue(stderr().startsWith("ptxlint: --lsp:"), stderr());
    }

    @Test
    void optionsAndValuesAreCheckedInOnePlace() {
        assertEquals("unknown option '--fxi'", Options.parse(new String[] {"--fxi"}).error);
        assertEquals("--fix takes no value", Options.parse(new String[] {"--fix=yes"}).error);
        assertTrue(Options.parse(new String[] {"a", "--jobs"}).error.startsWith("--jobs needs a number"));
        assertEquals("--config and --no-config exclude each other",
                Options.parse(new String[] {"--config", "c", "--no-config", "a"}).error);
        assertTrue(Options.parse(new String[] {"--fix", "--write-baseline", "b.json", "a"}).error
                .startsWith("--write-baseline records findings as they are"));
        Options o = Options.parse(new String[] {"-j", "3", "--error-on=warning", "--fix", "--unsafe-fixes", "a"});
        assertNull(o.error);
        assertEquals(3, o.jobs);
        assertTrue(o.jobsGiven, "-j given: its count also checks one large file's functions");
        assertFalse(Options.parse(new String[] {"a"}).jobsGiven, "no -j: the linter's automatic threads");
        assertTrue(o.fix && o.unsafeFixes && o.fixing());
        assertEquals(dev.ptxlint.diag.Severity.WARNING, o.errorOn);
    }

    @Test
    void explainTakesRuleNamesAndSuggestsOne() {
        assertEquals(0, run("", "--explain", "modifier-order"));
        assertTrue(stdout().contains("PTX0250"), stdout());
        assertEquals(2, run("", "--explain", "modifer-order"));
        assertTrue(stderr().contains("did you mean 'modifier-order'?"), stderr());
    }

    @Test
    void versionPrintsTheCommit() {
        assertEquals(0, run("", "--version"));
        assertTrue(stdout().matches("ptxlint \\S+ \\(commit \\S+\\)\\n"), stdout());
    }

    @Test
    void aDirectoryWithoutPtxFilesSaysSo() {
        assertEquals(0, run("", "src/empty"));
        assertEquals("ptxlint: 'src/empty' holds no .ptx or CUDA files to lint\n", stderr());
    }

    @Test
    void stdinFilenameNamesStandardInputForTheConfigurationAndTheOutput() throws IOException {
        Files.writeString(fs.getPath("/work/src/.ptxlintrc"), "PTX0101 = off\n");
        assertEquals(1, run(CliTest.BAD, "--stdin-filename", "src/k.ptx", "-"));
        assertEquals(List.of("src/k.ptx:8:3: error: unknown instruction 'movv'; did you mean 'mov'? [PTX0100]"
                + " (fixable with --unsafe-fixes)"), stdout().lines().toList());
        // without it: the working directory's (no) configuration, and <stdin>
        assertEquals(1, run(CliTest.BAD, "-"));
        assertEquals(2, stdout().lines().count());
        assertTrue(stdout().startsWith("<stdin>:8:3:"), stdout());
    }
}
