package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Messages at the edges (issue 15, item 8); every input is generated. */
class EdgeMessagesTest {

    static final String MODULE = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            + "\t.reg .b32 %r<4>;\n\tmov.b32 %r1, 1;\n\tret;\n}\n";

    static List<Diagnostic> lintBytes(byte[] b) throws IOException {
        List<Diagnostic> out = new ArrayList<>();
        new Linter().lint(new ByteArrayInputStream(b), out::add);
        out.sort(Linter.ORDER);
        return out;
    }

    static List<String> codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).toList();
    }

    @Test
    void registerCountsFrom2To31UpAreTooLargeNotWrapped() {
        BigInteger two31 = BigInteger.ONE.shiftLeft(31);
        List<BigInteger> counts = new ArrayList<>(List.of(two31, two31.add(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(32),
                BigInteger.ONE.shiftLeft(32).add(BigInteger.ONE), BigInteger.ONE.shiftLeft(63),
                new BigInteger("99999999999999999999"), BigInteger.TEN.pow(40)));
        SplittableRandom r = new SplittableRandom(15);
        for (int i = 0; i < 20; i++) {
            counts.add(two31.add(BigInteger.valueOf(r.nextLong(1L << 40))));
        }
        for (BigInteger c : counts) {
            for (String form : new String[] {c.toString(), "0x" + c.toString(16), c + "U"}) {
                String text = MODULE.replace("%r<4>", "%r<" + form + ">");
                List<Diagnostic> ds = new Linter().lint(text);
                assertEquals(List.of("PTX0013"), codes(ds), form);
                assertTrue(ds.get(0).message().contains("too large"), ds.get(0).message());
                assertEquals(text.indexOf(form), ds.get(0).range().startOffset(), form);
            }
        }
        // just below: fine, and %r1 is declared
        assertEquals(List.of(), codes(new Linter().lint(MODULE.replace("%r<4>", "%r<2147483647>"))));
    }

    @Test
    void utf8ByteOrderMarkIsOneErrorAsPtxasRejectsIt() throws IOException {
        byte[] body = MODULE.getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[body.length + 3];
        b[0] = (byte) 0xEF;
        b[1] = (byte) 0xBB;
        b[2] = (byte) 0xBF;
        System.arraycopy(body, 0, b, 3, body.length);
        List<Diagnostic> ds = lintBytes(b);
        assertEquals(List.of("PTX0004"), codes(ds));
        assertTrue(ds.get(0).message().contains("byte-order mark"), ds.get(0).message());
        // a BOM-like character later in the file is an ordinary stray character
        assertEquals(List.of("PTX0004"), codes(new Linter().lint(MODULE.replace("\tret;", "\t\uFEFFret;"))));
    }

    @Test
    void utf16FilesGetOneDiagnostic() throws IOException {
        List<String> sources = new ArrayList<>(List.of(MODULE));
        for (var f : TestData.ptxFiles("valid").subList(0, 5)) {
            sources.add(Files.readString(f));
        }
        for (String src : sources) {
            for (var cs : List.of(StandardCharsets.UTF_16, StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE)) {
                byte[] b = src.getBytes(cs);
                List<Diagnostic> ds = lintBytes(b);
                assertEquals(List.of("PTX0014"), codes(ds), cs.toString());
                assertTrue(ds.get(0).message().contains("UTF-16"), ds.get(0).message());
                // the same text read by an editor as Latin-1 (the language server's path)
                if (cs != StandardCharsets.UTF_16) {
                    assertEquals(List.of("PTX0014"), codes(new IncrementalLinter().lint(
                            new String(b, StandardCharsets.ISO_8859_1))), cs.toString());
                }
            }
        }
        // NUL bytes everywhere are not UTF-16: ordinary (capped) errors
        List<Diagnostic> nul = lintBytes(new byte[5000]);
        assertTrue(nul.size() > 1 && !codes(nul).contains("PTX0014"));
    }

    /**
     * A stray '@', '#' or '@#' injected before the ';' of random statements of real nvcc output:
     * one error on that line, and no label or name elsewhere goes undefined.
     */
    @Test
    void strayCharactersAtAStatementEndGiveOneErrorAndNoCascade() throws IOException {
        long seed = 0x15_0008L;
        SplittableRandom r = new SplittableRandom(seed);
        String[] junk = {" @#", " #", " @", "#", " @#@", " # 12 \"x\"", " @!"};
        int tried = 0;
        for (var f : TestData.ptxFiles("valid")) {
            if (!f.toString().contains("nvcc") || Files.size(f) > 40_000 || tried >= 40) {
                continue;
            }
            String src = Files.readString(f);
            if (!new Linter().lint(src).stream().filter(d -> d.severity() == dev.ptxlint.diag.Severity.ERROR)
                    .toList().isEmpty()) {
                continue;
            }
            List<Integer> ends = new ArrayList<>();
            String[] lines = src.split("\n", -1);
            int off = 0;
            for (String line : lines) {
                String t = line.strip();
                if (t.endsWith(";") && !t.startsWith("//") && !t.startsWith(".") && !t.contains("//")) {
                    ends.add(off + line.lastIndexOf(';'));
                }
                off += line.length() + 1;
            }
            for (int k = 0; k < 4 && !ends.isEmpty(); k++, tried++) {
                int at = ends.get(r.nextInt(ends.size()));
                String j = junk[r.nextInt(junk.length)];
                String text = src.substring(0, at) + j + src.substring(at);
                List<Diagnostic> errs = new Linter().lint(text).stream()
                        .filter(d -> d.severity() == dev.ptxlint.diag.Severity.ERROR).toList();
                String where = "seed " + seed + ", " + f.getFileName() + " at " + at + " '" + j + "': " + errs;
                assertEquals(1, errs.size(), where);
                int line = (int) src.substring(0, at).chars().filter(c -> c == '\n').count();
                assertEquals(line, errs.get(0).range().startLine(), where);
            }
        }
        assertTrue(tried >= 20, "tried " + tried);
    }
}
