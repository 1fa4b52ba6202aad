package dev.ptxlint.bench;

import dev.ptxlint.checker.Linter;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
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
 *
 * <p>{@code Bench --phases FILE [RUNS]} measures the pipeline phase by phase, each phase a run
 * of the pipeline cut after it: read (the bytes only), lex (every token), parse (every
 * top-level item), resolve (the linter without instruction checks: header, declarations, names,
 * suppressions), forms (every check but the constant folding: form, ISA and operand-syntax
 * checks) and fold (every check); see {@link PhaseRunner}. It prints the
 * median CPU time of the main thread per phase over RUNS runs (after two warm-up rounds), the
 * cumulative MB/s and the MB/s of each phase alone (its time minus the previous phase's). CPU
 * time, not wall time, so that a loaded machine disturbs it less. It uses only public API, so
 * it can be run against an older jar: {@code java -cp bench-classes:old.jar ...}.
 */
public final class Bench {
    private Bench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("--phases")) {
            phases(args);
            return;
        }
        if (args.length < 1) {
            System.err.println("usage: Bench [--phases] FILE [RUNS]");
            System.exit(2);
        }
        Path file = Paths.get(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        double mb = Files.size(file) / 1e6;
        List<Double> rates = new ArrayList<>();
        long diags = 0;
        List<Double> cpus = new ArrayList<>();
        List<Double> mains = new ArrayList<>();
        List<Double> checks = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long[] count = {0};
            long c0 = processCpu();
            long m0 = mainCpu();
            long w0 = checkThreadsCpu();
            long t0 = System.nanoTime();
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
                new Linter().lint(in, d -> count[0]++);
            }
            double s = (System.nanoTime() - t0) / 1e9;
            double cpu = (processCpu() - c0) / 1e9;
            double main = (mainCpu() - m0) / 1e9;
            double workers = (checkThreadsCpu() - w0) / 1e9;
            rates.add(mb / s);
            cpus.add(cpu);
            mains.add(main);
            checks.add(workers);
            diags = count[0];
            System.out.printf("run %d: %.2f s, %.1f MB/s, process CPU %.2f s, reading thread %.3f s, check threads"
                    + " %.3f s%n", i + 1, s, mb / s, cpu, main, workers);
        }
        Collections.sort(cpus);
        Collections.sort(mains);
        Collections.sort(checks);
        System.out.printf("median process CPU: %.3f s per run; reading thread %.3f s, check threads %.3f s"
                + " (ptxlint.threads=%s)%n", cpus.get(cpus.size() / 2), mains.get(mains.size() / 2),
                checks.get(checks.size() / 2), System.getProperty("ptxlint.threads", "default"));
        List<Double> sorted = new ArrayList<>(rates);
        Collections.sort(sorted);
        System.out.printf("file: %s (%.1f MB), diagnostics: %d%n", file, mb, diags);
        System.out.printf("median: %.1f MB/s, best: %.1f MB/s, peak heap used: %.1f MB%n",
                sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1), peakHeap() / 1e6);
    }

    /** CPU time of the whole process (every thread, the JIT and the collector included), in ns. */
    private static long processCpu() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean o ? o.getProcessCpuTime() : 0;
    }

    /** CPU time of this (the reading) thread, in ns. */
    private static long mainCpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** CPU time of the threads that check function bodies of a large file (ptxlint-check), in ns. */
    private static long checkThreadsCpu() {
        java.lang.management.ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo t : tm.getThreadInfo(tm.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith("ptxlint-check")) {
                sum += Math.max(0, tm.getThreadCpuTime(t.getThreadId()));
            }
        }
        return sum;
    }

    private static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    private static final String[] PHASES = {"read", "lex", "parse", "resolve", "forms", "fold"};

    private static void phases(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: Bench --phases FILE [RUNS]");
            System.exit(2);
        }
        Path file = Paths.get(args[1]);
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        double mb = Files.size(file) / 1e6;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[][] cpu = new long[PHASES.length][runs];
        long sink = 0;
        for (int round = -2; round < runs; round++) {
            for (int p = 0; p < PHASES.length; p++) {
                long t0 = threads.getCurrentThreadCpuTime();
                sink += runPhase(p, file);
                long t = threads.getCurrentThreadCpuTime() - t0;
                if (round >= 0) {
                    cpu[p][round] = t;
                }
            }
        }
        System.out.printf("file: %s (%.1f MB), %d runs, main-thread CPU time, median (checksum %d)%n",
                file, mb, runs, sink);
        System.out.printf("%-8s %10s %12s %12s%n", "phase", "cum. ms", "cum. MB/s", "phase MB/s");
        double prev = 0;
        for (int p = 0; p < PHASES.length; p++) {
            long[] c = cpu[p].clone();
            java.util.Arrays.sort(c);
            double ms = c[runs / 2] / 1e6;
            double alone = ms - prev;
            System.out.printf("%-8s %10.1f %12.1f %12s%n", PHASES[p], ms, mb / (ms / 1e3),
                    p == 0 ? String.format("%.1f", mb / (ms / 1e3))
                            : alone > 0 ? String.format("%.1f", mb / (alone / 1e3)) : "-");
            prev = ms;
        }
        System.out.printf("peak heap used: %.1f MB%n", peakHeap() / 1e6);
    }

    /** Runs the pipeline up to phase {@code p}; returns a count so that nothing is optimised away. */
    private static long runPhase(int p, Path file) throws IOException {
        return PhaseRunner.run(p, file.toString());
    }
}
