package dev.ptxlint.lsp;

import com.google.gson.JsonArray;
import dev.ptxlint.checker.Linter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Latency from {@code didChange} to {@code publishDiagnostics} for one-line edits in large
 * documents, through the real JSON-RPC server. Not a unit test: run {@code scripts/bench-lsp.sh}.
 *
 * <p>Documents are built from real nvcc output (every {@code *.O3.ptx} under the source folder,
 * default {@code testdata/valid/nvcc}): one header, then the files' functions and module
 * variables again and again, renamed per copy so the module stays valid. Each edit inserts or
 * deletes one instruction line at a random place inside a function body and waits for the
 * diagnostics of that version. The debounce is 0 so that the figure is the server's own work.
 */
public final class LspLatencyBench {

    private static final Pattern FUNC = Pattern.compile("\\.(?:entry|func)\\s+(?:\\([^)]*\\)\\s*)?([A-Za-z_$][\\w$]*)");
    private static final Pattern VAR = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*(?:\\[[^\\]]*\\]\\s*)*(?:=|;)");

    public static void main(String[] args) throws Exception {
        Path root = Paths.get(System.getProperty("ptxlint.root", "."));
        Path src = args.length > 0 ? Paths.get(args[0]) : root.resolve("testdata/valid/nvcc");
        int edits = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        List<String> sizes = args.length > 2 ? List.of(args[2].split(",")) : List.of("1", "20");
        System.out.printf(Locale.ROOT, "== LSP latency, didChange -> publishDiagnostics, %d one-line edits per size, %d cores, %s%n",
                edits, Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.version"));
        for (String mb : sizes) {
            run(build(src, (long) (Double.parseDouble(mb) * 1_000_000)), edits);
        }
    }

    static String build(Path src, long size) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(src)) {
            files = s.filter(p -> p.toString().endsWith(".O3.ptx")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IOException("no *.O3.ptx under " + src);
        }
        List<String> bodies = new ArrayList<>();
        List<Set<String>> names = new ArrayList<>();
        for (Path f : files) {
            String t = Files.readString(f, StandardCharsets.ISO_8859_1);
            StringBuilder body = new StringBuilder();
            Set<String> declared = new LinkedHashSet<>();
            for (String line : t.split("\n", -1)) {
                if (line.startsWith(".version") || line.startsWith(".target") || line.startsWith(".address_size")) {
                    continue;
                }
                body.append(line).append('\n');
                Matcher m = FUNC.matcher(line);
                if (m.find()) {
                    declared.add(m.group(1));
                } else if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0)) && line.startsWith(".")
                        || line.startsWith(".visible") || line.startsWith(".extern") || line.startsWith(".weak")) {
                    Matcher v = VAR.matcher(line);
                    if (v.find() && !line.contains("(")) {
                        declared.add(v.group(1));
                    }
                }
            }
            bodies.add(body.toString());
            names.add(declared);
        }
        StringBuilder doc = new StringBuilder(".version 9.0\n.target sm_90\n.address_size 64\n\n");
        for (int copy = 0; doc.length() < size; copy++) {
            for (int k = 0; k < bodies.size() && doc.length() < size; k++) {
                doc.append(rename(bodies.get(k), names.get(k), "_c" + copy + "f" + k));
            }
        }
        return doc.toString();
    }

    private static String rename(String body, Set<String> names, String suffix) {
        if (names.isEmpty()) {
            return body;
        }
        StringBuilder alt = new StringBuilder();
        for (String n : names) {
            if (alt.length() > 0) {
                alt.append('|');
            }
            alt.append(Pattern.quote(n));
        }
        Matcher m = Pattern.compile("(?<![\\w$])(" + alt + ")(?![\\w$])").matcher(body);
        return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + suffix));
    }

    static void run(String text, int edits) throws Exception {
        long t0 = System.nanoTime();
        int fullDiags = new Linter().lint(text).size();
        double fullMs = (System.nanoTime() - t0) / 1e6;
        // instruction lines inside function bodies
        List<Integer> candidates = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("\t") && l.length() > 2 && Character.isLetter(l.charAt(1)) && l.endsWith(";")) {
                candidates.add(i);
            }
        }
        // the linter alone, without JSON-RPC: how often the incremental path is taken
        dev.ptxlint.checker.IncrementalLinter inc = new dev.ptxlint.checker.IncrementalLinter();
        inc.lint(text);
        Random r0 = new Random(2);
        int incremental = 0;
        String cur = text;
        long direct = 0;
        for (int e = 0; e < 40; e++) {
            int line = candidates.get(r0.nextInt(candidates.size()));
            int at = 0;
            for (int k = 0; k < line; k++) {
                at = cur.indexOf('\n', at) + 1;
            }
            String ins = "\tadd.s32 %r1, %r1, " + e + ";\n";
            String next = cur.substring(0, at) + ins + cur.substring(at);
            long s0 = System.nanoTime();
            inc.update(next, at, cur.length() - at);
            direct += System.nanoTime() - s0;
            if (inc.lastWasIncremental()) {
                incremental++;
            }
            cur = next;
        }
        System.out.printf(Locale.ROOT, "   IncrementalLinter alone: %d of 40 edits incremental, mean %.1f ms%n", incremental,
                direct / 40 / 1e6);
        int lineCount = lines.length;
        lines = null; // the client's copy of the lines must not weigh on the server's heap
        String uri = "file:///bench/generated.ptx";
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            ServerEndToEndTest.initialize(c, "{}", "{\"debounceMs\":0}");
            long o = System.nanoTime();
            ServerEndToEndTest.open(c, uri, text, 1);
            JsonArray first = diagnosticsFor(c, uri, 1);
            double openMs = (System.nanoTime() - o) / 1e6;
            Random rnd = new Random(1);
            double[] ms = new double[edits];
            // load-independent figures: the CPU time of the server's threads and the collections
            long cpu0 = serverCpuNanos();
            long alloc0 = serverAllocatedBytes();
            long[] gc0 = gcTotals();
            int version = 1;
            for (int e = 0; e < edits; e++) {
                int line = candidates.get(rnd.nextInt(candidates.size()));
                // insert a line, then (next edit) take it out again: the document keeps its size
                boolean insert = e % 2 == 0;
                version++;
                long s = System.nanoTime();
                if (insert) {
                    ServerEndToEndTest.change(c, uri, version, ServerEndToEndTest.range(line, 0, line, 0),
                            "\tadd.s32 %r1, %r1, " + e + ";\n");
                } else {
                    ServerEndToEndTest.change(c, uri, version, ServerEndToEndTest.range(lastLine, 0, lastLine + 1, 0), "");
                }
                diagnosticsFor(c, uri, version);
                ms[e] = (System.nanoTime() - s) / 1e6;
                lastLine = line;
            }
            long cpuPerEdit = (serverCpuNanos() - cpu0) / edits;
            long allocPerEdit = (serverAllocatedBytes() - alloc0) / edits;
            long[] gc1 = gcTotals();
            java.util.Arrays.sort(ms);
            System.out.printf(Locale.ROOT, "   server threads' CPU per edit %.1f ms, allocation per edit %.2f MB; during the edits %d"
                            + " collections, %d ms in all%n",
                    cpuPerEdit / 1e6, allocPerEdit / 1e6, gc1[0] - gc0[0], gc1[1] - gc0[1]);
            // hover (form, declaration, known values of the function) and completion at random instructions
            double[] hover = new double[10];
            double[] complete = new double[10];
            for (int k = 0; k < hover.length; k++) {
                int line = candidates.get(rnd.nextInt(candidates.size()));
                long s = System.nanoTime();
                c.response(c.request("textDocument/hover", ServerEndToEndTest.at(uri, line, 2)), 600_000);
                hover[k] = (System.nanoTime() - s) / 1e6;
                s = System.nanoTime();
                c.response(c.request("textDocument/completion", ServerEndToEndTest.at(uri, line, 2)), 600_000);
                complete[k] = (System.nanoTime() - s) / 1e6;
            }
            java.util.Arrays.sort(hover);
            java.util.Arrays.sort(complete);
            System.out.printf(Locale.ROOT, "   hover median %.1f ms (max %.1f), completion median %.1f ms (max %.1f)%n",
                    pct(hover, 50), hover[hover.length - 1], pct(complete, 50), complete[complete.length - 1]);
            double[] warm = ms;
            System.out.printf(Locale.ROOT, "%6.1f MB  %,9d lines  full lint %7.0f ms (%d diagnostics)  open->publish %7.0f ms"
                            + "  one-line edit: median %6.1f ms  p99 %6.1f ms  max %6.1f ms%n",
                    text.length() / 1e6, lineCount, fullMs, fullDiags, openMs, pct(warm, 50), pct(warm, 99),
                    warm[warm.length - 1]);
            if (first.size() != fullDiags) {
                System.out.println("   (server published " + first.size() + " diagnostics, the linter found " + fullDiags + ")");
            }
            c.notify("exit", null);
        }
    }

    private static int lastLine;

    /** CPU time of the server's threads (those whose name starts with "ptxlint"). */
    static long serverCpuNanos() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (ti != null && ti.getThreadName().startsWith("ptxlint")) {
                long t = mx.getThreadCpuTime(ti.getThreadId());
                if (t > 0) {
                    sum += t;
                }
            }
        }
        return sum;
    }

    /**
     * Bytes allocated so far by the server's threads (those whose name starts with "ptxlint"; a
     * thread that ended no longer counts), or 0 where the JVM does not say.
     */
    static long serverAllocatedBytes() {
        if (!(java.lang.management.ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx)) {
            return 0;
        }
        long sum = 0;
        for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (ti != null && ti.getThreadName().startsWith("ptxlint")) {
                long b = mx.getThreadAllocatedBytes(ti.getThreadId());
                if (b > 0) {
                    sum += b;
                }
            }
        }
        return sum;
    }

    /** Collections and milliseconds spent in them so far, over every collector. */
    static long[] gcTotals() {
        long n = 0;
        long t = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
            t += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {n, t};
    }

    /** The diagnostics published for {@code version}; a newer one would be a bug. */
    static JsonArray diagnosticsFor(RawClient c, String uri, int version) throws InterruptedException {
        while (true) {
            com.google.gson.JsonObject p = c.publish(uri, 600_000).getAsJsonObject("params");
            int v = p.get("version").getAsInt();
            if (v > version) {
                throw new IllegalStateException("published version " + v + " after edit " + version);
            }
            if (v == version) {
                return p.getAsJsonArray("diagnostics");
            }
        }
    }

    static double pct(double[] sorted, double p) {
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
