package dev.ptxlint.isa;

import dev.ptxlint.checker.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The recorded ptxas verdicts of testdata/ptxas/targets.tsv (made by
 * scripts/ptxas-diff/targets.py; its docstring describes the sections and modules), and the
 * modules they were made from.
 */
public final class TargetsTsv {
    private TargetsTsv() {
    }

    /** One case: ptxas's verdict (ok, error, fatal) and messages for one module. */
    public record Row(String id, String section, String module, String version, String target, String arch,
                      String verdict, String messages) {

        /** The target column as written in the file (a literal \n is a second .target line). */
        public String targetText() {
            return target.replace("\\n", "\n");
        }

        /** The module ptxas was given. */
        public String source() {
            String head = ".version " + version + "\n.target " + targetText() + "\n";
            String entry = ".visible .entry k() { ret; }\n";
            return switch (module) {
                case "N" -> head + entry;
                case "W" -> head + ".address_size 32\n" + entry;
                case "A" -> head + ".address_size 64\n" + entry;
                case "D" -> head + ".address_size 64\n" + entry + ".section .debug_str { .b8 0 }\n";
                case "F20" -> head + ".address_size 64\n"
                        + ".visible .entry k() { .reg .b32 %r1; popc.b32 %r1, %r1; ret; }\n";
                case "F80" -> head + ".address_size 64\n"
                        + ".visible .entry k() { .reg .b32 %r1; redux.sync.add.u32 %r1, %r1, 0xffffffff; ret; }\n";
                case "F90" -> head + ".address_size 64\n"
                        + ".visible .entry k() { .reg .b32 %r1; mov.u32 %r1, %clusterid.x; ret; }\n";
                case "V60" -> head + ".address_size 64\n"
                        + ".visible .entry k() { .reg .b32 %r1; fns.b32 %r1, %r1, %r1, 1; ret; }\n";
                case "V74" -> head + ".address_size 64\n" + ".visible .entry k() { .reg .b32 %r1; .reg .b64 %rd1;"
                        + " ld.global.L2::128B.b32 %r1, [%rd1]; ret; }\n";
                default -> throw new IllegalStateException("unknown module kind " + module);
            };
        }

        public boolean accepted() {
            return verdict.equals("ok");
        }
    }

    public static List<Row> load() {
        List<Row> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(TestData.testdata().resolve("ptxas/targets.tsv"),
                StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                out.add(new Row(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f.length > 7 ? f[7] : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
