package dev.ptxlint.checker.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Soundness of the dataflow against concrete execution. Random programs of movs, adds, loads,
 * setp, selp, guards and forward branches are analysed ({@link KnownValues}) and then run by a
 * small interpreter written here, independently of the evaluator, on many random inputs. Every
 * value the analysis claims to know must be the value the register has in every execution that
 * reaches that point. Each property runs on {@value #PROGRAMS} programs, each from a seed drawn from a
 * fixed master seed (the first few seeds are 0, 1, -1, Long.MIN_VALUE and Long.MAX_VALUE); a failure
 * names the seed, and the assertion message shows the program.
 */
class FoldSoundnessTest {

    private static final AtomicLong CLAIMS = new AtomicLong();
    private static final int[] CONSTS = {0, 1, 2, 5, -1, 7};
    private static final String[] CMPS = {"eq", "ne", "lt", "le", "gt", "ge"};

    /** One generated statement; {@code line} is its 0-based line in the module text. */
    record Stmt(String guard, boolean negated, String op, String d, String a, String b, String c, String cmp,
                int label, int line) {
    }

    static final int PROGRAMS = 1000;

    /** Runs {@code property} on {@value #PROGRAMS} program seeds; a failure names its seed. */
    private static void forAllSeeds(String name, long masterSeed, LongConsumer property) {
        long[] edges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE};
        SplittableRandom master = new SplittableRandom(masterSeed);
        for (int i = 0; i < PROGRAMS; i++) {
            long seed = i < edges.length ? edges[i] : master.nextLong();
            try {
                property.accept(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(name + " failed for program seed " + seed + " (program " + i
                        + ", master seed " + masterSeed + "): " + e.getMessage(), e);
            }
        }
    }

    @Test
    void everyClaimedValueHoldsInEveryExecution() {
        long before = CLAIMS.get();
        forAllSeeds("everyClaimedValueHoldsInEveryExecution", 301, FoldSoundnessTest::claimedValuesHold);
        long claims = CLAIMS.get() - before;
        assertTrue(claims > 1000, "the generated programs should give the analysis something to claim, got " + claims);
    }

    private static void claimedValuesHold(long seed) {
        Random rnd = new Random(seed);
        List<Stmt> prog = generate(rnd);
        StringBuilder sb = new StringBuilder(".version 9.0\n.target sm_90\n.address_size 64\n\n"
                + ".visible .entry k(.param .u32 in)\n{\n    .reg .pred %p<3>;\n    .reg .b32 %r<4>;\n");
        int line = 8;
        List<Stmt> placed = new ArrayList<>();
        for (Stmt s : prog) {
            if (s.op().equals("label")) {
                sb.append("L").append(s.label()).append(":\n");
                placed.add(s);
            } else {
                placed.add(new Stmt(s.guard(), s.negated(), s.op(), s.d(), s.a(), s.b(), s.c(), s.cmp(), s.label(),
                        line));
                sb.append("    ").append(text(s)).append("\n");
            }
            line++;
        }
        sb.append("L99:\n    ret;\n}\n");
        String ptx = sb.toString();
        KnownValues kv = KnownValues.of(ptx);

        // observed[line][name + "@" + dest] = the set of values seen
        Map<String, Set<Long>> observed = new HashMap<>();
        for (int run = 0; run < 24; run++) {
            execute(placed, rnd, observed);
        }
        for (KnownValues.Entry e : kv.all()) {
            if (e.kind() != KnownValues.Kind.OPERAND) {
                continue;
            }
            String key = e.range().startLine() + ":" + e.subject() + "@" + e.destination();
            Set<Long> seen = observed.get(key);
            if (seen == null) {
                continue; // never reached by these inputs
            }
            CLAIMS.incrementAndGet();
            long mask = e.type().equals(".pred") ? 1 : 0xFFFFFFFFL;
            for (long v : seen) {
                assertEquals(e.bits() & mask, v & mask, () -> "claimed " + e + " but saw " + seen + " in\n" + ptx);
            }
        }
    }

    /**
     * The gate only saves time: with it or without it, a program gets the same fold diagnostics.
     * The programs are the same random ones, plus float compares with NaNs and predicate logic.
     */
    @Test
    void theGateNeverHidesAFinding() {
        forAllSeeds("theGateNeverHidesAFinding", 302, FoldSoundnessTest::gateKeepsFindings);
    }

    private static void gateKeepsFindings(long seed) {
        Random rnd = new Random(seed);
        StringBuilder sb = new StringBuilder(".version 9.0\n.target sm_90\n.address_size 64\n\n"
                + ".visible .entry k(.param .u32 in)\n{\n    .reg .pred %p<3>;\n    .reg .b32 %r<4>;\n"
                + "    .reg .f32 %f<3>;\n");
        for (Stmt s : generate(rnd)) {
            sb.append(s.op().equals("label") ? "L" + s.label() + ":\n" : "    " + text(s) + "\n");
            if (rnd.nextInt(6) == 0) {
                String[] extra = {"mov.f32 %f1, 0f7FC00000;", "mov.f32 %f2, 0f3F800000;", "ld.param.f32 %f0, [in];",
                    "setp.lt.f32 %p0, %f0, %f1;", "setp.nan.f32 %p1, %f2, %f0;", "selp.f32 %f0, %f1, %f2, %p2;",
                    "slct.b32.s32 %r0, %r1, %r2, %r3;", "set.eq.u32.u32 %r1, %r2, 5;"};
                sb.append("    ").append(extra[rnd.nextInt(extra.length)]).append("\n");
            }
        }
        sb.append("L99:\n    ret;\n}\n");
        String ptx = sb.toString();
        List<String> gated = foldFindings(ptx, true);
        assertEquals(gated, foldFindings(ptx, false), () -> "the gate changed the findings of\n" + ptx);
        GATE_FINDINGS.addAndGet(gated.size());
    }

    private static final AtomicLong GATE_FINDINGS = new AtomicLong();

    /**
     * The gates follow definitions in order along the flow graph ({@link MayKnow}), so they must
     * also keep every finding of programs with loops (backward branches, unguarded ones too, and
     * code reached only from below), inner blocks whose registers shadow the function's,
     * unmodelled writes, call results, constant-only comparisons and selections of equal
     * constants spelled differently. The reference analyses every register in every block.
     */
    @Test
    void theGatesNeverHideAFindingInLoopsAndBlocks() {
        long before = LOOP_FINDINGS.get();
        forAllSeeds("theGatesNeverHideAFindingInLoopsAndBlocks", 303, FoldSoundnessTest::gatesKeepFindingsInLoops);
        long findings = LOOP_FINDINGS.get() - before;
        assertTrue(findings > 1000, "the generated programs should have findings for the gates to keep, got " + findings);
    }

    private static void gatesKeepFindingsInLoops(long seed) {
        Random rnd = new Random(seed);
        StringBuilder sb = new StringBuilder(".version 9.0\n.target sm_90\n.address_size 64\n\n"
                + ".func (.reg .b32 r) f(.reg .b32 a)\n{\n    mov.b32 r, a;\n    ret;\n}\n\n"
                + ".visible .entry k(.param .u32 in)\n{\n    .reg .pred %p<3>;\n    .reg .b32 %r<4>;\n"
                + "    .reg .f32 %f<3>;\n");
        int labels = 2 + rnd.nextInt(4);
        int n = 6 + rnd.nextInt(30);
        boolean[] placed = new boolean[labels];
        int depth = 0;
        for (int i = 0; i < n; i++) {
            int label = rnd.nextInt(labels);
            if (depth == 0 && !placed[label] && rnd.nextInt(5) == 0) {
                placed[label] = true;
                sb.append("L").append(label).append(":\n");
            }
            if (depth == 0 && rnd.nextInt(12) == 0) {
                // an inner block (as inline asm makes): its %p1 and %r1 shadow the function's
                sb.append("    {\n    .reg .pred %p1;\n    .reg .b32 %r1;\n");
                depth++;
            } else if (depth > 0 && rnd.nextInt(4) == 0) {
                sb.append("    }\n");
                depth--;
            }
            String guard = rnd.nextInt(4) == 0 ? "@" + (rnd.nextBoolean() ? "!" : "") + "%p" + rnd.nextInt(3) + " " : "";
            String r = "%r" + rnd.nextInt(4);
            String a = rnd.nextInt(3) == 0 ? Integer.toString(CONSTS[rnd.nextInt(CONSTS.length)]) : "%r" + rnd.nextInt(4);
            String b = rnd.nextInt(3) == 0 ? Integer.toString(CONSTS[rnd.nextInt(CONSTS.length)]) : "%r" + rnd.nextInt(4);
            String p = "%p" + rnd.nextInt(3);
            String line = switch (rnd.nextInt(16)) {
                case 0, 1 -> "mov.u32 " + r + ", " + CONSTS[rnd.nextInt(CONSTS.length)] + ";";
                case 2 -> "mov.u32 " + r + ", " + a + ";";
                case 3 -> "add.u32 " + r + ", " + a + ", " + b + ";";
                case 4 -> "ld.param.u32 " + r + ", [in];";
                case 5, 6 -> "setp." + CMPS[rnd.nextInt(CMPS.length)] + ".s32 " + p + ", " + a + ", " + b + ";";
                case 7 -> "selp.b32 " + r + ", " + a + ", " + b + ", " + p + ";";
                case 8 -> "selp.b32 " + r + ", 1, " + (rnd.nextBoolean() ? "0x1" : "1") + ", " + p + ";";
                case 9 -> (rnd.nextBoolean() ? "not.pred " + p + ", %p" + rnd.nextInt(3)
                        : "and.pred " + p + ", %p" + rnd.nextInt(3) + ", %p" + rnd.nextInt(3)) + ";";
                case 10 -> "call (" + r + "), f, (%r" + rnd.nextInt(4) + ");";
                case 11 -> "setp.ne.u32 " + p + ", " + CONSTS[rnd.nextInt(CONSTS.length)] + ", 0;";
                case 12 -> new String[] {"mov.f32 %f1, 0f7FC00000;", "mov.f32 %f2, 0f3F800000;",
                    "ld.param.f32 %f0, [in];", "setp.lt.f32 " + p + ", %f0, %f1;", "add.f32 %f1, %f1, %f2;"}[rnd.nextInt(5)];
                default -> {
                    // a branch to any label: forward, backward, or to itself
                    if (depth > 0) {
                        yield "add.u32 " + r + ", " + a + ", 1;";
                    }
                    guard = rnd.nextInt(3) == 0 ? "" : "@" + (rnd.nextBoolean() ? "!" : "") + p + " ";
                    yield "bra L" + label + ";";
                }
            };
            sb.append("    ").append(guard).append(line).append("\n");
        }
        while (depth-- > 0) {
            sb.append("    }\n");
        }
        for (int l = 0; l < labels; l++) {
            if (!placed[l]) {
                sb.append("L").append(l).append(":\n");
            }
        }
        sb.append("    ret;\n}\n");
        String ptx = sb.toString();
        List<String> gated = foldFindings(ptx, true);
        assertEquals(foldFindings(ptx, false), gated, () -> "the gates changed the findings of\n" + ptx);
        LOOP_FINDINGS.addAndGet(gated.size());
    }

    private static final AtomicLong LOOP_FINDINGS = new AtomicLong();

    private static List<String> foldFindings(String ptx, boolean gated) {
        return new dev.ptxlint.checker.Linter(dev.ptxlint.checker.Checks.withFold(new FoldCheck(null, gated)))
                .lint(ptx).stream()
                .filter(d -> d.code().startsWith("PTX03")).map(d -> d.range() + " " + d.code()).toList();
    }

    @AfterAll
    static void report() {
        System.out.println("[fold] FoldSoundnessTest: " + CLAIMS.get() + " known-value claims checked against execution, "
                + GATE_FINDINGS.get() + " findings identical with and without the gate, " + LOOP_FINDINGS.get()
                + " in programs with loops and blocks");
    }

    private static String reg(Random r) {
        return "%r" + r.nextInt(4);
    }

    private static String src(Random r) {
        return r.nextInt(3) == 0 ? Integer.toString(CONSTS[r.nextInt(CONSTS.length)]) : reg(r);
    }

    private static List<Stmt> generate(Random r) {
        List<Stmt> out = new ArrayList<>();
        int n = 8 + r.nextInt(22);
        int labels = 0;
        // forward branches still open: {label, statements left to skip before it}
        List<int[]> pending = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (java.util.Iterator<int[]> it = pending.iterator(); it.hasNext(); ) {
                int[] p = it.next();
                if (p[1]-- == 0) {
                    out.add(new Stmt(null, false, "label", null, null, null, null, null, p[0], 0));
                    it.remove();
                }
            }
            String guard = r.nextInt(5) == 0 ? "%p" + r.nextInt(3) : null;
            boolean neg = r.nextBoolean();
            switch (r.nextInt(11)) {
                case 9 -> out.add(new Stmt(guard, neg, "not", "%p" + r.nextInt(3), "%p" + r.nextInt(3), null, null,
                        null, 0, 0));
                case 10 -> out.add(new Stmt(guard, neg, r.nextBoolean() ? "and" : "or", "%p" + r.nextInt(3),
                        "%p" + r.nextInt(3), "%p" + r.nextInt(3), null, null, 0, 0));
                case 0, 1 -> out.add(new Stmt(guard, neg, "mov", reg(r), Integer.toString(CONSTS[r.nextInt(CONSTS.length)]),
                        null, null, null, 0, 0));
                case 2 -> out.add(new Stmt(guard, neg, "mov", reg(r), reg(r), null, null, null, 0, 0));
                case 3 -> out.add(new Stmt(guard, neg, "add", reg(r), reg(r), src(r), null, null, 0, 0));
                case 4 -> out.add(new Stmt(null, false, "ld", reg(r), null, null, null, null, 0, 0));
                case 5, 6 -> out.add(new Stmt(guard, neg, "setp", "%p" + r.nextInt(3), reg(r), src(r), null,
                        CMPS[r.nextInt(CMPS.length)], 0, 0));
                case 7 -> out.add(new Stmt(guard, neg, "selp", reg(r), src(r), src(r), "%p" + r.nextInt(3), null, 0, 0));
                default -> {
                    // a forward branch over the next 0 .. n - i - 1 generated statements (the label
                    // goes after them, or at the end)
                    int target = ++labels;
                    out.add(new Stmt(r.nextInt(4) == 0 ? null : "%p" + r.nextInt(3), neg, "bra", null, null, null, null,
                            null, target, 0));
                    pending.add(new int[] {target, r.nextInt(Math.max(1, n - i))});
                }
            }
        }
        for (int[] p : pending) {
            out.add(new Stmt(null, false, "label", null, null, null, null, null, p[0], 0));
        }
        List<Stmt> fixed = out;
        // every register and predicate starts from an input, so nothing is read uninitialised
        List<Stmt> init = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            init.add(new Stmt(null, false, "ld", "%r" + k, null, null, null, null, 0, 0));
        }
        for (int k = 0; k < 3; k++) {
            init.add(new Stmt(null, false, "setp", "%p" + k, "%r" + k, "%r3", null, "lt", 0, 0));
        }
        init.addAll(fixed);
        return init;
    }

    private static String text(Stmt s) {
        String g = s.guard() == null ? "" : "@" + (s.negated() ? "!" : "") + s.guard() + " ";
        return g + switch (s.op()) {
            case "mov" -> "mov.u32 " + s.d() + ", " + s.a() + ";";
            case "add" -> "add.u32 " + s.d() + ", " + s.a() + ", " + s.b() + ";";
            case "ld" -> "ld.param.u32 " + s.d() + ", [in];";
            case "setp" -> "setp." + s.cmp() + ".s32 " + s.d() + ", " + s.a() + ", " + s.b() + ";";
            case "selp" -> "selp.b32 " + s.d() + ", " + s.a() + ", " + s.b() + ", " + s.c() + ";";
            case "bra" -> "bra L" + s.label() + ";";
            case "not" -> "not.pred " + s.d() + ", " + s.a() + ";";
            case "and", "or" -> s.op() + ".pred " + s.d() + ", " + s.a() + ", " + s.b() + ";";
            default -> throw new IllegalStateException(s.op());
        };
    }

    /** Runs the program once on random inputs, recording operand values per line. */
    private static void execute(List<Stmt> prog, Random rnd, Map<String, Set<Long>> observed) {
        Map<String, Long> regs = new HashMap<>();
        int pc = 0;
        while (pc < prog.size()) {
            Stmt s = prog.get(pc);
            if (s.op().equals("label")) {
                pc++;
                continue;
            }
            for (String src : new String[] {s.a(), s.b(), s.c(), s.guard()}) {
                if (src != null && src.startsWith("%")) {
                    record(observed, s.line(), src, false, regs.get(src));
                }
            }
            boolean run = s.guard() == null || (regs.get(s.guard()) != 0) != s.negated();
            if (run) {
                switch (s.op()) {
                    case "mov" -> regs.put(s.d(), val(s.a(), regs));
                    case "add" -> regs.put(s.d(), (val(s.a(), regs) + val(s.b(), regs)) & 0xFFFFFFFFL);
                    case "ld" -> regs.put(s.d(), rnd.nextInt(4) == 0 ? CONSTS[rnd.nextInt(CONSTS.length)] & 0xFFFFFFFFL
                            : rnd.nextLong() & 0xFFFFFFFFL);
                    case "setp" -> regs.put(s.d(), compare(s.cmp(), (int) (long) val(s.a(), regs),
                            (int) (long) val(s.b(), regs)) ? 1L : 0L);
                    case "selp" -> regs.put(s.d(), regs.get(s.c()) != 0 ? val(s.a(), regs) : val(s.b(), regs));
                    case "not" -> regs.put(s.d(), regs.get(s.a()) != 0 ? 0L : 1L);
                    case "and" -> regs.put(s.d(), regs.get(s.a()) != 0 && regs.get(s.b()) != 0 ? 1L : 0L);
                    case "or" -> regs.put(s.d(), regs.get(s.a()) != 0 || regs.get(s.b()) != 0 ? 1L : 0L);
                    case "bra" -> {
                        pc = indexOfLabel(prog, s.label());
                        continue;
                    }
                    default -> throw new IllegalStateException(s.op());
                }
            }
            if (s.d() != null && !s.op().equals("bra")) {
                record(observed, s.line(), s.d(), true, regs.get(s.d()));
            }
            pc++;
        }
    }

    private static int indexOfLabel(List<Stmt> prog, int label) {
        for (int i = 0; i < prog.size(); i++) {
            if (prog.get(i).op().equals("label") && prog.get(i).label() == label) {
                return i;
            }
        }
        return prog.size();
    }

    private static long val(String operand, Map<String, Long> regs) {
        return operand.startsWith("%") ? regs.get(operand) : Long.parseLong(operand) & 0xFFFFFFFFL;
    }

    private static boolean compare(String cmp, int a, int b) {
        return switch (cmp) {
            case "eq" -> a == b;
            case "ne" -> a != b;
            case "lt" -> a < b;
            case "le" -> a <= b;
            case "gt" -> a > b;
            default -> a >= b;
        };
    }

    private static void record(Map<String, Set<Long>> observed, int line, String name, boolean dest, Long v) {
        if (v != null) {
            observed.computeIfAbsent(line + ":" + name + "@" + dest, k -> new HashSet<>()).add(v);
        }
    }
}
