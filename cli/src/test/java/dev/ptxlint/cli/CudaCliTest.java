package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.ptxlint.checker.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The command line on CUDA sources: the fixtures under testdata/cuda-asm (with {@code // expect:
 * PTXnnnn@COL} on the C++ lines, {@code // expect-at N: ...} for line N) through {@code --format
 * json}, and which files are read as CUDA.
 */
class CudaCliTest extends CliHarness {

    private static final Pattern EXPECT = Pattern.compile("//\\s*expect(?:-at (\\d+))?:\\s*([^\\n]*)");
    private static final Pattern CODE = Pattern.compile("(PTX\\d{4})@(\\d+)");

    @BeforeEach
    void fileSystem() {
        fs = Jimfs.newFileSystem(Configuration.unix());
    }

    @TestFactory
    Stream<DynamicTest> fixtures() throws IOException {
        Path dir = TestData.testdata().resolve("cuda-asm");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        assertTrue(!files.isEmpty(), "no fixtures in " + dir);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
    }

    private void check(Path fixture) throws IOException {
        String text = Files.readString(fixture, StandardCharsets.UTF_8);
        TreeSet<String> expected = new TreeSet<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = EXPECT.matcher(lines[i]);
            if (m.find()) {
                int line = m.group(1) != null ? Integer.parseInt(m.group(1)) : i + 1;
                Matcher c = CODE.matcher(m.group(2));
                while (c.find()) {
                    expected.add(line + ":" + c.group(2) + " " + c.group(1));
                }
            }
        }
        Path file = fs.getPath("/src/" + fixture.getFileName());
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        int code = run("", "--format", "json", "--no-config", file.toString());
        TreeSet<String> actual = new TreeSet<>();
        JsonObject doc = JsonParser.parseString(out.toString(StandardCharsets.UTF_8)).getAsJsonObject();
        for (JsonElement f : doc.getAsJsonArray("files")) {
            JsonArray diags = f.getAsJsonObject().getAsJsonArray("diagnostics");
            for (JsonElement d : diags) {
                JsonObject o = d.getAsJsonObject();
                JsonObject start = o.getAsJsonObject("range").getAsJsonObject("start");
                actual.add(start.get("line").getAsInt() + ":" + start.get("column").getAsInt() + " "
                        + o.get("code").getAsString());
            }
        }
        assertEquals(expected, actual);
        assertEquals(expected.isEmpty() ? 0 : 1, code);
    }

    private static final String BAD = "__device__ void f() { asm volatile(\"membar.gll;\"); }\n";

    @Test
    void directoriesIncludeCudaSourcesAndCudaAddsCppFiles() throws IOException {
        Path dir = fs.getPath("/p");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("a.cu"), BAD);
        Files.writeString(dir.resolve("b.cuh"), BAD);
        Files.writeString(dir.resolve("c.h"), BAD);
        Files.writeString(dir.resolve("d.txt"), BAD);
        assertEquals(1, run("", "-q", "/p"));
        String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.contains("/p/a.cu:1:43: error:") && o.contains("/p/b.cuh:1:43: error:"), o);
        assertTrue(!o.contains("c.h") && !o.contains("d.txt"), o);
        assertEquals(1, run("", "-q", "--cuda", "/p"));
        o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.contains("/p/c.h:1:43: error:") && !o.contains("d.txt"), o);
    }

    @Test
    void aCppFileNamedOnTheCommandLineAndStandardInputWithCuda() throws IOException {
        Files.writeString(fs.getPath("/x.hpp"), BAD);
        assertEquals(1, run("", "-q", "/x.hpp"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("/x.hpp:1:43: error: '.gll' is not a modifier"),
                out.toString(StandardCharsets.UTF_8));
        assertEquals(1, run(BAD, "-q", "--cuda", "-"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("<stdin>:1:43: error:"),
                out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void verboseSaysWhichStatementsWereSkippedAndWhy() throws IOException {
        Files.writeString(fs.getPath("/m.cu"), "#define T \"membar.gl;\"\n__device__ void f() {\n"
                + "  asm volatile(T);\n  asm volatile(\"membar.gl;\");\n}\n");
        assertEquals(0, run("", "--verbose", "/m.cu"));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("ptxlint: /m.cu:3:3: asm statement skipped: the template is not only string literals:"
                + " it uses 'T' (a macro?)"), e);
        assertTrue(e.contains("ptxlint: /m.cu: 2 asm statements, 1 linted, 1 skipped"), e);
        assertEquals(0, run("", "/m.cu"));
        assertTrue(!err.toString(StandardCharsets.UTF_8).contains("skipped"));
    }

    @Test
    void everyFormatCarriesTheMappedPosition() throws IOException {
        Files.writeString(fs.getPath("/g.cu"), "\n\n" + BAD);
        List<String> seen = new ArrayList<>();
        for (String format : List.of("text", "json", "sarif", "github", "checkstyle")) {
            run("", "-q", "--format", format, "/g.cu");
            seen.add(format + ": " + out.toString(StandardCharsets.UTF_8));
        }
        assertTrue(seen.get(0).contains("/g.cu:3:43:"), seen.get(0));
        assertTrue(seen.get(1).contains("\"line\": 3") && seen.get(1).contains("\"column\": 43"), seen.get(1));
        assertTrue(seen.get(2).contains("\"startLine\": 3") && seen.get(2).contains("\"startColumn\": 43"), seen.get(2));
        assertTrue(seen.get(3).contains("line=3,") && seen.get(3).contains("col=43"), seen.get(3));
        assertTrue(seen.get(4).contains("line=\"3\" column=\"43\""), seen.get(4));
    }

    /** Needs sm_90a (setmaxnreg): PTX0216 on any other target. */
    private static final String ARCH_SPECIFIC = "__device__ void f() { asm volatile(\"setmaxnreg.inc.sync.aligned.u32"
            + " 240;\"); }\n";

    @Test
    void cudaArchPerDirectoryFromPtxlintrc() throws IOException {
        Files.createDirectories(fs.getPath("/p/hopper"));
        Files.createDirectories(fs.getPath("/p/ampere"));
        Files.writeString(fs.getPath("/p/hopper/.ptxlintrc"), "cuda-arch = sm_90a\ndefault-version = 7.0\n");
        Files.writeString(fs.getPath("/p/ampere/.ptxlintrc"), "cuda-arch = compute_80\n");
        Files.writeString(fs.getPath("/p/hopper/k.cu"), ARCH_SPECIFIC);
        Files.writeString(fs.getPath("/p/ampere/k.cu"), ARCH_SPECIFIC);
        assertEquals(1, run("", "-q", "/p"));
        String o = out.toString(StandardCharsets.UTF_8);
        // sm_90a with PTX ISA 9.0 (nvcc's), not the 7.0 of default-version, which has no setmaxnreg
        assertTrue(!o.contains("/p/hopper/k.cu"), o);
        assertTrue(o.contains("/p/ampere/k.cu:1:37: error:") && o.contains("the module targets sm_80 [PTX0216]"), o);
        // the command line wins over the file
        assertEquals(0, run("", "-q", "--default-target", "sm_90a", "/p/ampere/k.cu"));
        assertEquals(1, run("", "-q", "--default-target", "sm_90", "/p/hopper/k.cu"));
        // an architecture nvcc 13 does not take is a configuration error
        Files.writeString(fs.getPath("/p/ampere/.ptxlintrc"), "cuda-arch = sm_70\n");
        assertEquals(2, run("", "-q", "/p/ampere/k.cu"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("/p/ampere/.ptxlintrc:1: 'sm_70' is not an"
                + " architecture nvcc 13 accepts for -arch"), err.toString(StandardCharsets.UTF_8));
    }
}
