package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Many paths in one call (as pre-commit passes them), duplicates, and the progress line. */
class CliManyFilesTest extends CliHarness {
    static final int N = 200;
    final List<String> paths = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/work/many"));
        for (int i = 0; i < N; i++) {
            String p = String.format("many/f%03d.ptx", i);
            // every third file is bad (two errors), the others are clean
            Files.writeString(fs.getPath("/work", p), i % 3 == 0 ? CliTest.BAD : CliTest.CLEAN);
            paths.add(p);
        }
    }

    @Test
    void twoHundredFilesInOneCallKeepEachFilesLinesTogetherInArgumentOrder() {
        List<String> args = new ArrayList<>(paths);
        java.util.Collections.reverse(args);
        assertEquals(1, run("", args.toArray(String[]::new)));
        List<String> lines = stdout().lines().toList();
        int bad = (N + 2) / 3;
        assertEquals(2 * bad, lines.size());
        List<String> expectedFiles = new ArrayList<>();
        for (String a : args) {
            if (Integer.parseInt(a.substring(6, 9)) % 3 == 0) {
                expectedFiles.add(a);
                expectedFiles.add(a);
            }
        }
        assertEquals(expectedFiles, lines.stream().map(l -> l.substring(0, l.indexOf(':'))).toList());
        assertEquals("ptxlint: " + 2 * bad + " errors, 0 warnings in " + N + " files\n", stderr());
    }

    @Test
    void duplicatePathsAreLintedOnce() {
        assertEquals(1, run("", "many/f000.ptx", "many/f000.ptx", "./many/f000.ptx", "/work/many/f000.ptx",
                "many/../many/f000.ptx", "many/f001.ptx"));
        assertEquals(2, stdout().lines().count());
        assertEquals("ptxlint: 2 errors, 0 warnings in 2 files\n", stderr());
        // a file named and also found under a directory argument counts once, where it first appears
        assertEquals(1, run("", "many/f003.ptx", "many"));
        assertTrue(stderr().endsWith("in " + N + " files\n"), stderr());
        assertTrue(stdout().startsWith("many/f003.ptx:"), stdout());
        assertEquals(2, stdout().lines().filter(l -> l.contains("f003.ptx")).count());
        // standard input named twice is read once
        assertEquals(1, run(CliTest.BAD, "-", "-"));
        assertEquals(2, stdout().lines().count());
    }

    @Test
    void duplicatesAreLintedOnceInJsonToo() {
        assertEquals(1, run("", "--format", "json", "many/f000.ptx", "many/f000.ptx", "many"));
        JsonArray files = JsonParser.parseString(stdout()).getAsJsonObject().getAsJsonArray("files");
        assertEquals(N, files.size());
    }

    @Test
    void progressLineOnATerminal() {
        stderrIsTerminal = true;
        AtomicLong now = new AtomicLong();
        clock = () -> now.addAndGet(1000); // every update is due
        assertEquals(1, run("", "--format", "json", "many"));
        String e = stderr();
        for (int i = 0; i <= N; i++) {
            assertTrue(e.contains("\rptxlint: " + i + "/" + N + " files..."), "missing " + i);
        }
        String last = "ptxlint: " + N + "/" + N + " files...";
        // cleared at the end, before the summary line
        assertTrue(e.endsWith("\r" + " ".repeat(last.length()) + "\rptxlint: " + (2 * ((N + 2) / 3))
                + " errors, 0 warnings in " + N + " files\n"), e);
        assertFalse(stdout().contains("files..."));
    }

    @Test
    void progressLineIsThrottled() {
        stderrIsTerminal = true;
        clock = () -> 5; // time stands still: only the first and the last count are drawn
        assertEquals(1, run("", "--format", "json", "many"));
        String e = stderr();
        assertTrue(e.contains("\rptxlint: 0/" + N + " files..."));
        assertTrue(e.contains("\rptxlint: " + N + "/" + N + " files..."));
        assertFalse(e.contains("\rptxlint: 1/" + N + " files..."));
        assertEquals(2, e.split("files\\.\\.\\.", -1).length - 1);
    }

    @Test
    void progressLineIsClearedBeforeDiagnosticsAndErrors() {
        stderrIsTerminal = true;
        AtomicLong now = new AtomicLong();
        clock = () -> now.addAndGet(1000);
        List<String> args = new ArrayList<>(paths.subList(0, 12));
        args.add(1, "many/missing.ptx");
        assertEquals(2, run("", args.toArray(String[]::new)));
        String e = stderr();
        // the error line starts on a cleared line, not after the progress text
        int at = e.indexOf("ptxlint: cannot read 'many/missing.ptx'");
        assertTrue(at > 0);
        assertTrue(e.substring(0, at).endsWith("\r" + " ".repeat("ptxlint: 1/13 files...".length()) + "\r"), e);
    }

    @Test
    void noProgressLineWhenQuietNotATerminalOrFewFiles() {
        clock = () -> 0;
        stderrIsTerminal = false;
        assertEquals(1, run("", "many"));
        assertFalse(stderr().contains("files..."));
        assertFalse(stderr().contains("\r"));

        stderrIsTerminal = true;
        assertEquals(1, run("", "-q", "many"));
        assertEquals("", stderr());

        assertEquals(1, run("", paths.subList(0, Cli.PROGRESS_MIN_FILES - 1).toArray(String[]::new)));
        assertFalse(stderr().contains("files..."), stderr());
        assertEquals(1, run("", paths.subList(0, Cli.PROGRESS_MIN_FILES).toArray(String[]::new)));
        assertTrue(stderr().contains("files..."), stderr());
    }
}
