package dev.ptxlint.checker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Locates the repository's testdata/ folder from a test. */
public final class TestData {
    private TestData() {
    }

    public static Path root() {
        String prop = System.getProperty("ptxlint.root");
        Path p = prop != null ? Paths.get(prop) : Paths.get("").toAbsolutePath().getParent();
        if (!Files.isDirectory(p.resolve("testdata"))) {
            p = Paths.get("").toAbsolutePath();
            while (p != null && !Files.isDirectory(p.resolve("testdata"))) {
                p = p.getParent();
            }
        }
        if (p == null) {
            throw new IllegalStateException("cannot find the repository root (testdata/)");
        }
        return p;
    }

    public static Path testdata() {
        return root().resolve("testdata");
    }

    /** Every .ptx file below {@code dir} (relative to testdata/), sorted. */
    public static List<Path> ptxFiles(String dir) {
        Path base = testdata().resolve(dir);
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(base)) {
            return s.filter(f -> f.toString().endsWith(".ptx")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every .ptx file of testdata/ and of examples/, sorted within each (the corpus the parallel tests lint). */
    public static List<Path> ptxFilesAndExamples() {
        List<Path> files = new ArrayList<>(ptxFiles(""));
        try (Stream<Path> s = Files.walk(root().resolve("examples"))) {
            s.filter(f -> f.toString().endsWith(".ptx")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The bytes of a file, an I/O failure as an unchecked exception. */
    public static byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The rows of a recorded-verdicts file ({@code testdata/ptxas/isa/NAME.tsv.gz}) whose columns
     * are named by a {@code # columns: a b c} header line, each row as a column-to-value map.
     */
    public static List<Map<String, String>> namedColumnsTsvGz(String name) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(Files.newInputStream(testdata().resolve("ptxas/isa/" + name))),
                java.nio.charset.StandardCharsets.UTF_8))) {
            String[] cols = null;
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("# columns:")) {
                    cols = line.substring("# columns:".length()).trim().split(" ");
                } else if (!line.startsWith("#")) {
                    if (cols == null) {
                        throw new IOException(name + ": a row before the '# columns:' line");
                    }
                    String[] f = line.split("\t", -1);
                    Map<String, String> m = new HashMap<>();
                    for (int i = 0; i < cols.length; i++) {
                        m.put(cols[i], f[i]);
                    }
                    rows.add(m);
                }
            }
        }
        return rows;
    }
}
