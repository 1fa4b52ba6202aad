package dev.ptxlint.checker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
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
}
