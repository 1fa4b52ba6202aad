package dev.ptxlint.checker.fold;

import dev.ptxlint.syntax.Ast;
import java.util.Arrays;

/**
 * The second gate, run on the flow graph before the values are: which blocks may hold a decided
 * comparison, selection or guard. It is the dataflow of {@link Dataflow} with one bit per tracked
 * register ("may be known here") instead of its value, and the same blocks, edges and meet: a
 * register may be known at a block's entry only if it may be known at the exit of every reached
 * predecessor, and an instruction the evaluator does not model makes its destination unknown. So
 * it follows definitions in order and sees a loop counter that an {@code add} changes as unknown
 * at the loop's head, which the name-level {@link Gate} cannot.
 *
 * <p>Every step over-approximates {@link Machine}: a literal counts as known, a register of the
 * destination may become known whenever the sources that could decide it may be known (type,
 * width and selector checks aside), and a guard that may be known may also be false (the old
 * bit stays). The value analysis' states are therefore always within these bits (its fixpoint is
 * a post-fixpoint of this one, whose greatest fixpoint the iteration below computes), and a block
 * where no site may be decided here has no finding there.
 */
final class MayKnow {
    private MayKnow() {
    }

    /** Above this many words of state (blocks x tracked registers / 64), every block counts as a site. */
    private static final long MAX_WORDS = 1L << 22;

    /**
     * Per block, whether something in it may be decided; null when nothing in the function may
     * be. Only for a graph with tracked registers ({@link FlowGraph#tracked} not null).
     */
    static boolean[] sites(FlowGraph g) {
        int n = g.start.length;
        if (n == 0) {
            return null;
        }
        // one word at least: with no register tracked, constants can still decide a comparison
        int words = Math.max(1, (g.trackedCount + 63) >>> 6);
        boolean[] site = new boolean[n];
        if ((long) words * n > MAX_WORDS) {
            Arrays.fill(site, true);
            return site;
        }
        long[][] in = new long[n][];
        in[0] = new long[words];
        int[] order = Dataflow.reversePostorder(g);
        // blocks by their place in the order; a bit set per place says which are queued
        int[] byPlace = new int[n];
        int placed = 0;
        for (int b = 0; b < n; b++) {
            if (order[b] < n) {
                byPlace[order[b]] = b;
                placed++;
            }
        }
        long[] queued = new long[(placed + 63) >>> 6];
        queued[0] = 1L; // the entry is first in the order
        long[] state = new long[words];
        int from = 0;
        while (true) {
            int p = nextQueued(queued, from);
            if (p < 0) {
                if (from == 0) {
                    break;
                }
                from = 0; // back edges queued blocks before the last one taken: wrap around
                continue;
            }
            queued[p >>> 6] &= ~(1L << p);
            from = p;
            int b = byPlace[p];
            System.arraycopy(in[b], 0, state, 0, words);
            for (int k = g.start[b]; k < g.end[b]; k++) {
                step(g.steps.get(k), state);
            }
            for (int t : g.succ[b]) {
                if (meet(in, t, state, words)) {
                    int q = order[t];
                    queued[q >>> 6] |= 1L << q;
                }
            }
        }
        boolean any = false;
        for (int b = 0; b < n; b++) {
            if (in[b] == null) {
                continue;
            }
            System.arraycopy(in[b], 0, state, 0, words);
            for (int k = g.start[b]; k < g.end[b]; k++) {
                FlowGraph.Step s = g.steps.get(k);
                if (decides(s, state)) {
                    site[b] = true;
                    any = true;
                    break;
                }
                step(s, state);
            }
        }
        return any ? site : null;
    }

    /** The first queued place at or after {@code from}, or -1. */
    private static int nextQueued(long[] queued, int from) {
        int w = from >>> 6;
        if (w >= queued.length) {
            return -1;
        }
        long bits = queued[w] & (-1L << from);
        while (true) {
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
            if (++w == queued.length) {
                return -1;
            }
            bits = queued[w];
        }
    }

    /** in[t] := in[t] AND state (a copy of state if t was not reached yet); true if it changed. */
    private static boolean meet(long[][] in, int t, long[] state, int words) {
        long[] cur = in[t];
        if (cur == null) {
            in[t] = state.clone();
            return true;
        }
        boolean changed = false;
        for (int w = 0; w < words; w++) {
            long m = cur[w] & state[w];
            if (m != cur[w]) {
                cur[w] = m;
                changed = true;
            }
        }
        return changed;
    }

    /** Whether {@code s} may have a finding: a guard that may be known, or a comparison or selection. */
    private static boolean decides(FlowGraph.Step s, long[] state) {
        if (s.guard() != null && known(s.guard(), state)) {
            return true;
        }
        if (s.mods() == null) {
            return false; // not modelled, or not evaluated: no finding
        }
        Ref[] ops = s.ops();
        return switch (s.opcode()) {
            // a known condition, or a and b the same register (the condition then does not matter)
            case "selp", "slct" -> ops.length > 3 && (known(ops[3], state) || Machine.sameRegister(ops[1], ops[2]));
            default -> compares(s, state); // mov, not, and, or, xor report nothing
        };
    }

    /** Runs {@code s} on the bits: its destination's registers may become known, or become unknown. */
    private static void step(FlowGraph.Step s, long[] state) {
        Ref[] ops = s.ops();
        if (ops.length == 0) {
            return;
        }
        boolean gen = s.mods() != null && produces(s, state); // without mods it is not evaluated
        // 0: no guard; 1: a guard that is never known; 2: a guard that may be known
        int guard = s.guard() == null ? 0 : known(s.guard(), state) ? 2 : 1;
        write(ops[0], gen, guard, state);
    }

    private static void write(Ref d, boolean gen, int guard, long[] state) {
        if (d instanceof Ref.Register r) {
            set(r.reg(), gen, guard, state);
        } else if (d instanceof Ref.Pair p) {
            write(p.first(), gen, guard, state);
            write(p.second(), gen, guard, state);
        } else if (d instanceof Ref.Many m) {
            for (Reg x : m.regs()) {
                set(x, false, guard, state);
            }
        }
    }

    private static void set(Reg r, boolean gen, int guard, long[] state) {
        if (r == null || !r.tracked()) {
            return;
        }
        int b = r.bit();
        long mask = 1L << b;
        boolean old = (state[b >>> 6] & mask) != 0;
        // no guard: the new value; a guard never known: known only if the old and the new value
        // are (and agree); a guard that may be known may be false (the old value) or true (the new)
        boolean now = guard == 0 ? gen : guard == 1 ? old && gen : old || gen;
        if (now) {
            state[b >>> 6] |= mask;
        } else {
            state[b >>> 6] &= ~mask;
        }
    }

    /** Whether a modelled instruction may write a known value (as {@link Gate}, on the bits). */
    private static boolean produces(FlowGraph.Step s, long[] state) {
        Ref[] ops = s.ops();
        return switch (s.opcode()) {
            case "mov", "not" -> ops.length == 2 && known(ops[1], state);
            case "and", "or", "xor" -> ops.length == 3 && (known(ops[1], state) || known(ops[2], state));
            case "selp", "slct" -> ops.length == 4 && (known(ops[3], state) || known(ops[1], state)
                    && known(ops[2], state) && !(ops[1] instanceof Ref.Literal a && ops[2] instanceof Ref.Literal b
                            && Gate.neverEqual(s.insn(), a.text(), b.text())));
            default -> compares(s, state);
        };
    }

    /**
     * Whether the result of a comparison (setp, set, vset, vset2, vset4) may be known: both
     * operands, a register compared with itself, or a c that may decide and/or, or one operand of
     * a float comparison that may be a NaN.
     */
    private static boolean compares(FlowGraph.Step s, long[] state) {
        Ref[] ops = s.ops();
        if (ops.length < 3) {
            return false;
        }
        return switch (s.opcode()) {
            case "setp", "set" -> known(ops[1], state) && known(ops[2], state)
                    || Machine.sameRegister(ops[1], ops[2])
                    || ops.length > 3 && known(ops[3], state)
                    || Gate.comparesFloats(s.insn()) && (mayBeNaN(ops[1], state) || mayBeNaN(ops[2], state));
            case "vset", "vset2", "vset4" -> known(ops[1], state) && known(ops[2], state);
            default -> false;
        };
    }

    /** Whether an operand may have a known value here. */
    private static boolean known(Ref r, long[] state) {
        if (r instanceof Ref.Register reg) {
            Reg x = reg.reg();
            return x != null && x.tracked() && (state[x.bit() >>> 6] & 1L << x.bit()) != 0;
        }
        if (r instanceof Ref.Literal) {
            return true;
        }
        return r instanceof Ref.Other o && o.expr() instanceof Ast.Name n && n.text().equals("WARP_SZ");
    }

    /** Whether a float comparison's operand may be a NaN: a NaN constant, or a register that may be known. */
    private static boolean mayBeNaN(Ref r, long[] state) {
        if (r instanceof Ref.Literal l) {
            return l.expr() instanceof Ast.FloatLit f && Gate.isNaN(f.token().text());
        }
        return r instanceof Ref.Register && known(r, state);
    }

}
