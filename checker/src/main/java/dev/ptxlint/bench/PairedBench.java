package dev.ptxlint.bench;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * In-process paired benchmark of two or more builds of ptxlint, phase by phase, in one JVM:
 * {@code java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp NEW.jar dev.ptxlint.bench.PairedBench
 * [--rounds N] [--warmup N] [--phases LIST] FILE BUILD...}, where a BUILD is a jar, a class path
 * ({@code a.jar:b/classes}) or {@code -} for the class path this runs from.
 *
 * <p>Each build gets its own class loader (over the platform loader, so nothing but the JDK is
 * shared: each has its own ISA tables, caches and JIT-compiled code), and into each the harness
 * {@link PhaseRunner} of this class path is defined anew, so every build is driven by the same
 * code. In every round, for every phase, every build runs once, in an order that rotates from
 * phase to phase and round to round, so that a loaded machine, the collector and the JIT's
 * background work hit all builds alike. Separate JVMs are too noisy for this on a shared machine:
 * their differences were larger than the changes measured.
 *
 * <p>Prints, per phase and build, the main thread's CPU time of the pipeline cut after that phase
 * (median and minimum over the rounds after the warm-up), the phase alone (the median and minimum
 * over the rounds of its time minus the previous phase's in the same round) and its MB/s, and each
 * build's ratio to the first, and the median bytes the main thread allocated in the pipeline cut
 * after that phase ({@code com.sun.management.ThreadMXBean}: exact, not sampled; the checks'
 * workers are not counted, and the pipeline runs on the main thread alone).
 */
public final class PairedBench {
    private PairedBench() {
    }

    private static final String[] PHASES = {"read", "lex", "parse", "resolve", "forms", "fold"};

    public static void main(String[] args) throws Exception {
        int rounds = 10;
        int warmup = 3;
        int[] phases = {0, 1, 2, 3, 4, 5};
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--phases" -> phases = Arrays.stream(args[++i].split(",")).mapToInt(PairedBench::phase).toArray();
                default -> rest.add(args[i]);
            }
        }
        if (rest.size() < 2) {
            System.err.println("usage: PairedBench [--rounds N] [--warmup N] [--phases read,lex,...] FILE BUILD..."
                    + "  (BUILD: a jar, a class path, or - for this class path)");
            System.exit(2);
        }
        String file = rest.get(0);
        List<String> builds = rest.subList(1, rest.size());
        int b = builds.size();
        Method[] run = new Method[b];
        for (int i = 0; i < b; i++) {
            run[i] = new HarnessLoader(urls(builds.get(i))).loadClass(PhaseRunner.class.getName())
                    .getMethod("run", int.class, String.class);
        }
        double mb = Files.size(Paths.get(file)) / 1e6;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int np = phases.length;
        long[][][] cpu = new long[b][np][rounds];
        long[][][] alloc = new long[b][np][rounds];
        com.sun.management.ThreadMXBean bytes = threads instanceof com.sun.management.ThreadMXBean x ? x : null;
        long[] checks = new long[b];
        for (int r = -warmup; r < rounds; r++) {
            for (int q = 0; q < np; q++) {
                for (int k = 0; k < b; k++) {
                    int i = (k + q + r + warmup) % b; // the order rotates with the phase and the round
                    long a0 = bytes == null ? 0 : bytes.getCurrentThreadAllocatedBytes();
                    long t0 = threads.getCurrentThreadCpuTime();
                    long n = invoke(run[i], phases[q], file);
                    long t = threads.getCurrentThreadCpuTime() - t0;
                    long a = bytes == null ? 0 : bytes.getCurrentThreadAllocatedBytes() - a0;
                    if (r >= 0) {
                        cpu[i][q][r] = t;
                        alloc[i][q][r] = a;
                        checks[i] += n;
                    }
                }
            }
            System.err.printf(r < 0 ? "warm-up round done (load %3$s)%n" : "round %d of %d done (load %s)%n", r + 1,
                    rounds, load());
        }
        System.out.printf("%s (%.2f MB), %d rounds after %d warm-up, %d cores, load %s; main-thread CPU ms%n",
                file, mb, rounds, warmup, Runtime.getRuntime().availableProcessors(), load());
        for (int i = 0; i < b; i++) {
            System.out.printf("build %d: %s (result counts %d)%n", i, builds.get(i), checks[i]);
        }
        System.out.printf("%-8s %5s %10s %10s %10s %10s %10s %8s %10s%n", "phase", "build", "cum. med", "cum. min",
                "alone med", "alone min", "alone MB/s", "vs 0", "cum. alloc");
        double[] base = new double[np];
        for (int q = 0; q < np; q++) {
            for (int i = 0; i < b; i++) {
                long[] cum = cpu[i][q];
                long[] alone = new long[rounds];
                for (int r = 0; r < rounds; r++) {
                    alone[r] = q == 0 || phases[q - 1] != phases[q] - 1 ? cum[r] : cum[r] - cpu[i][q - 1][r];
                }
                double am = median(alone) / 1e6;
                if (i == 0) {
                    base[q] = am;
                }
                System.out.printf("%-8s %5d %10.1f %10.1f %10.1f %10.1f %10.1f %8s %8.1fMB%n", PHASES[phases[q]], i,
                        median(cum) / 1e6, min(cum) / 1e6, am, min(alone) / 1e6, am > 0 ? mb / (am / 1e3) : 0.0,
                        i == 0 ? "" : String.format("%.3f", am / base[q]), median(alloc[i][q]) / 1e6);
            }
        }
        for (int i = 0; i < b; i++) {
            long[] whole = cpu[i][np - 1];
            System.out.printf("build %d: to %s %.1f MB/s (median), %.1f MB/s (best)%n", i, PHASES[phases[np - 1]],
                    mb / (median(whole) / 1e9), mb / (min(whole) / 1e9));
        }
    }

    private static int phase(String name) {
        for (int i = 0; i < PHASES.length; i++) {
            if (PHASES[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no phase " + name + " (" + String.join(", ", PHASES) + ")");
    }

    private static long invoke(Method m, int phase, String file) throws Exception {
        try {
            return (Long) m.invoke(null, phase, file);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    private static String load() {
        try {
            return Files.readString(Paths.get("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    private static double median(long[] a) {
        long[] s = a.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }

    private static long min(long[] a) {
        long m = Long.MAX_VALUE;
        for (long x : a) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static URL[] urls(String build) throws IOException {
        String path = build.equals("-") ? System.getProperty("java.class.path") : build;
        List<URL> urls = new ArrayList<>();
        for (String p : path.split(File.pathSeparator)) {
            if (!p.isEmpty()) {
                urls.add(Paths.get(p).toAbsolutePath().toUri().toURL());
            }
        }
        return urls.toArray(new URL[0]);
    }

    /**
     * A build's classes, over the platform class loader; the harness ({@link PhaseRunner} and its
     * nested classes) is defined from this class path's bytes, whatever the build has of it.
     */
    private static final class HarnessLoader extends URLClassLoader {
        HarnessLoader(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            String harness = PhaseRunner.class.getName();
            if (!name.equals(harness) && !name.startsWith(harness + "$")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    String res = name.replace('.', '/') + ".class";
                    try (InputStream in = PairedBench.class.getClassLoader().getResourceAsStream(res)) {
                        if (in == null) {
                            throw new ClassNotFoundException(name);
                        }
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}
