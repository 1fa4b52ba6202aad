package dev.ptxlint.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The .ptxlintrc format and the search for the nearest one, on an in-memory file system. */
class ProjectConfigTest {

    FileSystem fs;

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/proj/kernels/deep"));
        Files.createDirectories(fs.getPath("/other"));
    }

    @AfterEach
    void tearDown() throws IOException {
        fs.close();
    }

    static ConfigException invalid(String text) {
        return assertThrows(ConfigException.class, () -> ProjectConfig.parse(Path.of(".ptxlintrc"), text));
    }

    @Test
    void parsesEveryKindOfKey() {
        ProjectConfig c = ProjectConfig.parse(Path.of("x/.ptxlintrc"), "\uFEFF# project settings\n"
                + "default-version = 8.0\r\n"
                + "DEFAULT-TARGET=sm_90a   # inline comment\n"
                + "\n"
                + "PTX0250 = off\n"
                + "ptx0101 = Warning\n"
                + "unused-suppression = error\n"
                + "  half-setp-pair-destination   =   note  \n");
        LintSettings s = c.settings();
        assertEquals(PtxVersion.of(8, 0), s.defaultVersion());
        assertEquals(Target.of(90, "a"), s.defaultTarget());
        assertEquals(Set.of("PTX0250"), s.disabled());
        assertEquals(Severity.WARNING, s.severityOf(Rules.UNDECLARED_IDENTIFIER));
        assertEquals(Severity.ERROR, s.severityOf(Rules.UNUSED_SUPPRESSION));
        assertEquals(Severity.NOTE, s.severityOf(Rules.HALF_SETP_PAIR));
        assertEquals(Path.of("x/.ptxlintrc"), c.path());
        assertEquals(LintSettings.DEFAULT, ProjectConfig.parse(Path.of("e"), "").settings());
    }

    @Test
    void errorsNameTheFileAndLineAndSayWhatWouldBeRight() {
        ConfigException e = invalid("# ok\nPTX0250 = off\nmodifer-order = off\n");
        assertEquals(3, e.line());
        assertEquals(".ptxlintrc:3: unknown key 'modifer-order'; did you mean 'modifier-order'? (keys are rule"
                + " codes such as PTX0250, rule names such as modifier-order, default-version, default-target and"
                + " cuda-arch)", e.getMessage());
        assertEquals(".ptxlintrc:1: 'loud' is not a level for PTX0250; use one of error, warning, note, off",
                invalid("PTX0250 = loud").getMessage());
        assertEquals(".ptxlintrc:2: 'modifier-order' is set twice (first on line 1); keep one",
                invalid("PTX0250 = off\nmodifier-order = error").getMessage());
        assertTrue(invalid("PTX0002 = off").getMessage().startsWith(
                ".ptxlintrc:1: PTX0002 (missing-semicolon) is a syntax error and cannot be reconfigured"));
        assertTrue(invalid("default-version = 7.9").getMessage().startsWith(
                ".ptxlintrc:1: '7.9' is not a PTX ISA version; write MAJOR.MINOR"));
        assertTrue(invalid("default-target = sm_91").getMessage().startsWith(
                ".ptxlintrc:1: 'sm_91' is not a target ptxas knows"));
        assertEquals(".ptxlintrc:1: expected 'key = value', found 'PTX0250 off'; for example 'PTX0250 = off' or"
                + " 'default-target = sm_90'", invalid("PTX0250 off").getMessage());
        assertEquals(".ptxlintrc:1: missing value for 'PTX0250'", invalid("PTX0250 =").getMessage());
        assertEquals(".ptxlintrc:1: missing key before '='", invalid(" = off").getMessage());
        assertEquals(".ptxlintrc:1: unknown key 'PTX9999' (keys are rule codes such as PTX0250, rule names such as"
                + " modifier-order, default-version, default-target and cuda-arch)",
                invalid("PTX9999 = off").getMessage());
    }

    @Test
    void findTakesTheNearestFileWalkingUp() throws IOException {
        Path file = fs.getPath("/proj/kernels/deep/k.ptx");
        Files.writeString(file, "");
        assertEquals(Optional.empty(), ProjectConfig.find(file));
        Files.writeString(fs.getPath("/.ptxlintrc"), "PTX0250 = note\n");
        assertEquals(fs.getPath("/.ptxlintrc"), ProjectConfig.find(file).orElseThrow().path());
        Files.writeString(fs.getPath("/proj/.ptxlintrc"), "PTX0250 = off\n");
        ProjectConfig c = ProjectConfig.find(file).orElseThrow();
        assertEquals(fs.getPath("/proj/.ptxlintrc"), c.path());
        assertEquals(Set.of("PTX0250"), c.settings().disabled(), "nearest wins, no merging");
        // A directory starts the search in itself; a relative path resolves against the working directory.
        assertEquals(fs.getPath("/proj/.ptxlintrc"), ProjectConfig.find(fs.getPath("/proj")).orElseThrow().path());
        assertEquals(fs.getPath("/.ptxlintrc"), ProjectConfig.find(fs.getPath("/other/x.ptx")).orElseThrow().path());
        // A directory named .ptxlintrc is not a configuration file.
        Files.createDirectories(fs.getPath("/proj/kernels/.ptxlintrc"));
        assertEquals(fs.getPath("/proj/.ptxlintrc"), ProjectConfig.find(file).orElseThrow().path());
    }

    @Test
    void findReportsAnInvalidNearestFile() throws IOException {
        Files.writeString(fs.getPath("/proj/.ptxlintrc"), "PTX0250 = off\nbogus\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> ProjectConfig.find(fs.getPath("/proj/kernels/k.ptx")));
        assertEquals(fs.getPath("/proj/.ptxlintrc"), e.path());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("/proj/.ptxlintrc:2: expected 'key = value'"), e.getMessage());
    }

    @Test
    void loadReportsUnreadableAndNonUtf8Files() throws IOException {
        ConfigException e = assertThrows(ConfigException.class, () -> ProjectConfig.load(fs.getPath("/none")));
        assertEquals("/none: no such file", e.getMessage());
        Files.write(fs.getPath("/bad"), new byte[] {'P', 'T', 'X', (byte) 0xE9});
        e = assertThrows(ConfigException.class, () -> ProjectConfig.load(fs.getPath("/bad")));
        assertEquals("/bad: not valid UTF-8", e.getMessage());
        assertEquals(0, e.line());
        e = assertThrows(ConfigException.class, () -> ProjectConfig.load(fs.getPath("/proj")));
        assertTrue(e.getMessage().startsWith("/proj: cannot read the configuration file"), e.getMessage());
    }

    @Test
    void valueParsersForTheCommandLine() {
        assertEquals(PtxVersion.of(7, 8), ProjectConfig.parseVersion("7.8"));
        assertEquals(Target.of(100, "f"), ProjectConfig.parseTarget("sm_100f"));
        assertThrows(IllegalArgumentException.class, () -> ProjectConfig.parseVersion("8"));
        assertThrows(IllegalArgumentException.class, () -> ProjectConfig.parseTarget("compute_90"));
    }

    @Test
    void cudaArchTakesWhatNvccTakesAsArch() throws IOException {
        assertEquals(Target.parse("sm_90a"), ProjectConfig.parseCudaArch("sm_90a"));
        assertEquals(Target.parse("sm_90a"), ProjectConfig.parseCudaArch("compute_90a"));
        assertEquals(Target.parse("sm_100f"), ProjectConfig.parseCudaArch("-arch=sm_100f"));
        assertEquals(Target.parse("sm_75"), ProjectConfig.parseCudaArch("SM_75"));
        for (String refused : List.of("sm_70", "sm_101", "sm_90f", "sm_80a", "sm_91", "native", "all", "9.0")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ProjectConfig.parseCudaArch(refused), refused);
            assertTrue(e.getMessage().startsWith("'" + refused + "' is not an architecture nvcc 13 accepts for -arch;"
                    + " write one of sm_75, sm_80,"), e.getMessage());
        }
        // per directory: the nearest file's arch; other keys keep their meaning
        Files.writeString(fs.getPath("/proj/.ptxlintrc"), "default-target = sm_80\n");
        Files.writeString(fs.getPath("/proj/kernels/.ptxlintrc"), "cuda-arch = sm_90a\nPTX0250 = off\n");
        LintSettings top = ProjectConfig.find(fs.getPath("/proj/k.cu")).orElseThrow().settings();
        LintSettings sub = ProjectConfig.find(fs.getPath("/proj/kernels/deep/k.cu")).orElseThrow().settings();
        assertEquals(null, top.cudaArch());
        assertEquals(Target.parse("sm_80"), top.defaultTarget());
        assertEquals(Target.parse("sm_90a"), sub.cudaArch());
        assertEquals(null, sub.defaultTarget(), "cuda-arch is not the .ptx files' default target");
        assertEquals(Set.of("PTX0250"), sub.disabled());
        assertTrue(invalid("cuda-arch = sm_90a\ncuda-arch = sm_100a").getMessage().contains("set twice"));
        assertTrue(invalid("cuda-arch = sm_50").getMessage().startsWith(".ptxlintrc:1: 'sm_50' is not an architecture"
                + " nvcc 13 accepts"));
    }
}
