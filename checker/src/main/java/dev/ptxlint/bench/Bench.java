package dev.ptxlint.bench;

import dev.ptxlint.checker.Linter;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * In-process throughput benchmark: lints a file repeatedly (streaming it from disk each time)
 * and prints MB/s per run, the median, and the peak heap used. Used by scripts/bench.sh;
 * run as {@code java -cp ptxlint.jar dev.ptxlint.bench.Bench FILE [RUNS]}.
 */
public final class Bench {
    private Bench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Bench FILE [RUNS]");
            System.exit(2);
        }
        Path file = Paths.get(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        double mb = Files.size(file) / 1e6;
        List<Double> rates = new ArrayList<>();
        long diags = 0;
        for (int i = 0; i < runs; i++) {
            long[] count = {0};
            long t0 = System.nanoTime();
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
                new Linter().lint(in, d -> count[0]++);
            }
            double s = (System.nanoTime() - t0) / 1e9;
            rates.add(mb / s);
            diags = count[0];
            System.out.printf("run %d: %.2f s, %.1f MB/s%n", i + 1, s, mb / s);
        }
        List<Double> sorted = new ArrayList<>(rates);
        Collections.sort(sorted);
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("file: %s (%.1f MB), diagnostics: %d%n", file, mb, diags);
        System.out.printf("median: %.1f MB/s, best: %.1f MB/s, peak heap used: %.1f MB%n",
                sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1), peak / 1e6);
    }
}
