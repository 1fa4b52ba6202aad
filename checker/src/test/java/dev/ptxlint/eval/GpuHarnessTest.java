package dev.ptxlint.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The GPU harness (scripts/gpu-eval) without a GPU: the committed sample of its output is well
 * formed, every vector is a form the evaluator accepts, and the generated kernel has one entry per
 * form and lints clean. When a results file from a real GPU is present
 * (testdata/gpu-eval/results-*.txt.gz, written by scripts/gpu-eval/run.sh), every result is
 * compared bit for bit with the evaluator.
 */
class GpuHarnessTest {

    static Path dir() {
        return TestData.testdata().resolve("gpu-eval");
    }

    static List<String> dataLines(Path p) throws IOException {
        List<String> res = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(p);
                InputStream in = p.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    res.add(line);
                }
            }
        }
        return res;
    }

    @Test
    void sampleVectorsAreWellFormedAndEvaluable() throws IOException {
        List<String> lines = dataLines(dir().resolve("sample-vectors.txt"));
        Set<String> forms = new LinkedHashSet<>();
        Set<String> opcodes = new LinkedHashSet<>();
        for (String line : lines) {
            GpuVectors.Vector v = GpuVectors.Vector.parse(line);
            String e = v.expected();
            assertTrue(e.matches("[01] [01-]|[0-9A-F]{4}|[0-9A-F]{8}|[0-9A-F]{16}"), e);
            if (v.form().video() != null) {
                assertEquals(8, e.length(), line);
            }
            forms.add(line.split(" ")[0]);
            opcodes.add(v.form().opcode());
        }
        assertEquals(Set.of("setp", "set", "selp", "slct", "vset", "vset2", "vset4"), opcodes);
        assertTrue(forms.size() > 1600, "every form is in the sample: " + forms.size());
    }

    @Test
    void sampleKernelHasAnEntryPerFormAndLintsClean() throws IOException {
        Path ptx = dir().resolve("sample-kernel.ptx");
        String text = Files.readString(ptx);
        // one entry per distinct (form, !c)
        Set<String> keys = new LinkedHashSet<>();
        for (String line : dataLines(dir().resolve("sample-vectors.txt"))) {
            String[] tok = line.split(" ");
            keys.add(tok[0] + (tok.length == 4 && tok[3].startsWith("!") ? " !c" : ""));
        }
        Matcher m = Pattern.compile("\\.visible \\.entry k(\\d+)\\(").matcher(text);
        int entries = 0;
        while (m.find()) {
            assertEquals(entries, Integer.parseInt(m.group(1)), "entries are numbered in order");
            entries++;
        }
        assertEquals(keys.size(), entries);
        Matcher c = Pattern.compile("  // (\\S+( !c)?)\\n").matcher(text);
        List<String> commented = new ArrayList<>();
        while (c.find()) {
            commented.add(c.group(1));
        }
        assertEquals(new ArrayList<>(keys), commented, "kernel k<N> evaluates the N-th form");
        List<Diagnostic> diags = new ArrayList<>(new Linter().lint(text));
        // The four-operand scalar vset without .op2 or dsel (':c' forms) is there on purpose, to learn
        // what the hardware does with it; ptxlint warns about it (PTX0262), once per such form.
        long cOnly = keys.stream().filter(k -> k.startsWith("vset.") && k.endsWith(":c")).count();
        long warned = diags.stream().filter(d -> d.rule().code().equals("PTX0262")).count();
        assertTrue(cOnly > 0);
        assertEquals(cOnly, warned, "one PTX0262 per ':c' form");
        diags.removeIf(d -> d.rule().code().equals("PTX0262"));
        assertEquals(List.of(), diags, "ptxlint finds nothing else in the generated kernel");
    }

    @Test
    void malformedVectorsAreRejected() {
        for (String bad : new String[] {
            "setp.lt.f32 3F800000",                 // missing B
            "setp.lt.f32 3F80000 00000000",         // 7 digits
            "setp.lt.f32 3f800000 00000000",        // lower case
            "setp.lt.f32 3F800000 00000000 1",      // C without a BoolOp
            "setp.lt.and.f32 3F800000 00000000",    // BoolOp without C
            "setp.lt.and.f32 3F800000 00000000 2",  // C not 0/1
            "selp.b32 00000000 00000001 !1",        // '!' without BoolOp
            "mul.lo.u32 00000000 00000001",
            "setp.f32 3F800000 00000000",           // no CmpOp
            "vset2.u32.u32.lt 00000001 00000002",  // vset2 always has c
            "vset.u32.u32.lt 00000001 00000002 00000003",  // c without .op2, dsel or ':c'
            "vset.u32.u32.lt.add 00000001 00000002",      // .op2 without c
            "vset.u32.u32.lt:c 0001 00000002 00000003",   // 4 digits
            "vset2.u32.u32.lt:a.h01:d.h1 00000001 00000002 00000003",  // slots out of order
            "vset2.u32.u32.lt:c 00000001 00000002 00000003",  // ':c' is scalar only
            "vset.u32.u32.lt.add:c 00000001 00000002 00000003",  // ':c' with .op2
            "vset2.u32.u32.lt.min 00000001 00000002 00000003",   // SIMD: .add only
            "vset.u32.u32.lt.sat:c 00000001 00000002 00000003",
        }) {
            assertThrows(IllegalArgumentException.class, () -> GpuVectors.Vector.parse(bad), bad);
        }
        // legal syntax, illegal form: the evaluator rejects it
        assertThrows(IllegalArgumentException.class,
                () -> GpuVectors.Vector.parse("setp.lo.s32 00000000 00000001").expected());
        assertThrows(IllegalArgumentException.class,
                () -> GpuVectors.Vector.parse("set.eq.ftz.bf16.f32 00000000 00000001").expected());
        assertThrows(IllegalArgumentException.class,
                () -> GpuVectors.Vector.parse("vset2.u32.u32.lt:d.h01 00000000 00000001 00000002").expected());
        assertThrows(IllegalArgumentException.class,
                () -> GpuVectors.Vector.parse("vset.u32.u32.lo 00000000 00000001").expected());
        assertThrows(IllegalArgumentException.class,
                () -> GpuVectors.Vector.parse("vset.u32.u32.lt:a.b01 00000000 00000001").expected());
        // and a few worked examples, by hand from the manual's pseudo-code
        assertEquals("00000001", GpuVectors.Vector.parse("vset.s32.u32.lt 80000000 00000000").expected());
        assertEquals("00000000", GpuVectors.Vector.parse("vset.u32.u32.lt 80000000 00000000").expected());
        assertEquals("12340001", GpuVectors.Vector.parse("vset.u32.u32.eq:d.h0:a.b1:b.b0 0000AB00 000000AB 1234FFFF").expected());
        assertEquals("00000001", GpuVectors.Vector.parse("vset.u32.u32.eq.min 00000000 00000000 FFFFFFFF").expected());
        assertEquals("00010001", GpuVectors.Vector.parse("vset2.u32.u32.eq 12345678 12345678 00000000").expected());
        assertEquals("00000005", GpuVectors.Vector.parse("vset2.u32.u32.eq.add 12345678 12345678 00000003").expected());
        assertEquals("AAAA0001", GpuVectors.Vector.parse("vset2.s32.s32.lt:d.h0 0000FFFF 00000000 AAAABBBB").expected());
        assertEquals("01000000", GpuVectors.Vector.parse("vset4.u32.u32.gt:d.b3:a.b0000 00000002 00000001 00000000").expected());
        assertEquals("00000001", GpuVectors.Vector.parse("vset4.s32.u32.lt:d.b0:a.b3210:b.b3210 00000080 00000000 00000000").expected());
    }

    @Test
    void theComparatorPassesAgreementAndCatchesOneFlippedBit(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        List<String> ok = new ArrayList<>();
        ok.add("# ptxlint gpu-eval results v1: FORM A B [C] -> RESULT");
        for (String line : dataLines(dir().resolve("sample-vectors.txt"))) {
            ok.add(line + " -> " + GpuVectors.Vector.parse(line).expected());
        }
        Path good = tmp.resolve("results-good.txt");
        Files.write(good, ok);
        compareResults(good);
        List<String> bad = new ArrayList<>(ok);
        String last = bad.get(bad.size() - 1);
        char ch = last.charAt(last.length() - 1);
        bad.set(bad.size() - 1, last.substring(0, last.length() - 1) + (ch == '0' ? '1' : '0'));
        Path wrong = tmp.resolve("results-bad.txt");
        Files.write(wrong, bad);
        assertThrows(AssertionError.class, () -> compareResults(wrong));
    }

    /** Bit-for-bit comparison with every results file a GPU run has left in testdata/gpu-eval/. */
    @Test
    void gpuResultsMatchTheEvaluator() throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir(), "results-*.txt*")) {
            ds.forEach(files::add);
        }
        Assumptions.assumeFalse(files.isEmpty(),
                "no GPU results yet: run scripts/gpu-eval/run.sh on a machine with an NVIDIA GPU");
        for (Path f : files) {
            compareResults(f);
        }
    }

    static void compareResults(Path f) throws IOException {
        List<String> lines = dataLines(f);
        List<String> mismatches = new ArrayList<>();
        Map<String, Integer> byForm = new HashMap<>();
        int checked = 0;
        for (String line : lines) {
            int arrow = line.indexOf(" -> ");
            if (arrow < 0) {
                fail(f + ": no ' -> ' in " + line);
            }
            String got = line.substring(arrow + 4).trim();
            if (got.equals("skipped")) {
                continue;
            }
            GpuVectors.Vector v = GpuVectors.Vector.parse(line.substring(0, arrow));
            String want = v.expected();
            checked++;
            if (!want.equals(got)) {
                byForm.merge(line.split(" ")[0], 1, Integer::sum);
                if (mismatches.size() < 40) {
                    mismatches.add(line + "   (evaluator: " + want + ")");
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail(f.getFileName() + ": " + byForm.values().stream().mapToInt(Integer::intValue).sum() + " of " + checked
                    + " results differ from the evaluator, in " + byForm.size() + " forms " + byForm + ":\n"
                    + String.join("\n", mismatches));
        }
        assertTrue(checked > 0, f + " has results");
    }
}
