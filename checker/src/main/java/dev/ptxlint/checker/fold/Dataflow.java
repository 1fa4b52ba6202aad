package dev.ptxlint.checker.fold;

import dev.ptxlint.syntax.Ast;
import java.util.Arrays;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Forward propagation of known register values over a function's basic blocks. A block's entry
 * state is the meet of its reached predecessors' exit states: a register stays known only if
 * every path agrees on its bits. The function's entry knows nothing (parameters, memory and
 * special registers are never known). States only lose entries as the iteration goes on, so it
 * ends after at most (registers x blocks) changes.
 *
 * <p>The branches themselves are not pruned: both sides of a guarded branch count as reachable
 * even when the guard is known, which keeps the analysis simple and is still sound.
 */
final class Dataflow {
    private Dataflow() {
    }

    /**
     * Solves the flow graph, then runs every reached instruction once more with {@code obs}
     * watching: in every block, or where {@code sites} (by block, from {@link MayKnow}) is true.
     * {@code untrusted} holds instructions with errors: they are not evaluated.
     */
    static void run(FlowGraph g, boolean[] sites, Set<Ast.Instruction> errors, Machine.Observer obs) {
        Set<Ast.Instruction> untrusted = errors.isEmpty() ? null : errors;
        int n = g.start.length;
        if (n == 0) {
            return;
        }
        @SuppressWarnings("unchecked")
        Map<Reg, Long>[] in = new Map[n];
        in[0] = new HashMap<>();
        // Blocks in reverse postorder, so a block is visited after its forward predecessors and
        // most functions settle in one or two passes.
        int[] order = reversePostorder(g);
        PriorityQueue<Integer> work = new PriorityQueue<>(Comparator.comparingInt(b -> order[b]));
        boolean[] queued = new boolean[n];
        int[] preds = new int[n];
        for (int[] ts : g.succ) {
            for (int t : ts) {
                preds[t]++;
            }
        }
        // Only the blocks from which a site can be reached matter: states flow along the edges,
        // so the others never change what the sites see (every predecessor of such a block is one).
        boolean[] region = sites == null ? null : reaching(g, sites, preds);
        if (region != null && !region[0]) {
            return;
        }
        work.add(0);
        queued[0] = true;
        while (!work.isEmpty()) {
            int b = work.poll();
            queued[b] = false;
            // copy on write: a block of branches only passes its entry state on unchanged
            Map<Reg, Long> state = in[b];
            boolean owned = false;
            for (int k = g.start[b]; k < g.end[b]; k++) {
                FlowGraph.Step s = g.steps.get(k);
                if (!owned && !isBranch(s)) {
                    state = new HashMap<>(state);
                    owned = true;
                }
                Machine.run(g, s, state, (untrusted == null || !untrusted.contains(s.insn())), Machine.SILENT);
            }
            int[] succ = g.succ[b];
            if (owned && succ.length == 1 && preds[succ[0]] == 1 && in[succ[0]] == null && succ[0] != 0
                    && (region == null || region[succ[0]])) {
                in[succ[0]] = state; // the only way in: hand the state over instead of copying it
                work.add(succ[0]);
                queued[succ[0]] = true;
                continue;
            }
            for (int t : succ) {
                if (region != null && !region[t]) {
                    continue;
                }
                if (meet(in, t, state) && !queued[t]) {
                    work.add(t);
                    queued[t] = true;
                }
            }
        }
        for (int b = 0; b < n; b++) {
            if (in[b] == null || sites != null && !sites[b]) {
                continue; // not reached from the entry, or nothing in it can be decided
            }
            Map<Reg, Long> state = in[b];
            boolean owned = false;
            Map<Reg, Ast.Instruction> writes = new HashMap<>();
            for (int k = g.start[b]; k < g.end[b]; k++) {
                FlowGraph.Step s = g.steps.get(k);
                boolean runs = s.guard() == null || !Boolean.FALSE.equals(Machine.pred(s.guard(), state));
                if (!owned && !isBranch(s)) {
                    state = new HashMap<>(state);
                    owned = true;
                }
                Machine.run(g, s, state, (untrusted == null || !untrusted.contains(s.insn())), obs, writes);
                if (runs && s.ops().length > 0) {
                    wrote(s.ops()[0], s.insn(), writes);
                }
            }
        }
    }

    /** The blocks from which a block with {@code sites} true can be reached (those included). */
    private static boolean[] reaching(FlowGraph g, boolean[] sites, int[] preds) {
        int n = sites.length;
        int[] start = new int[n + 1];
        for (int b = 0; b < n; b++) {
            start[b + 1] = start[b] + preds[b];
        }
        int[] from = new int[start[n]];
        int[] fill = Arrays.copyOf(start, n);
        for (int b = 0; b < n; b++) {
            for (int t : g.succ[b]) {
                from[fill[t]++] = b;
            }
        }
        boolean[] region = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        for (int b = 0; b < n; b++) {
            if (sites[b]) {
                region[b] = true;
                stack[sp++] = b;
            }
        }
        while (sp > 0) {
            int b = stack[--sp];
            for (int k = start[b]; k < start[b + 1]; k++) {
                if (!region[from[k]]) {
                    region[from[k]] = true;
                    stack[sp++] = from[k];
                }
            }
        }
        return region;
    }

    /** Each block's position in a reverse postorder from the entry (unreached blocks last). */
    static int[] reversePostorder(FlowGraph g) {
        int n = g.start.length;
        int[] order = new int[n];
        Arrays.fill(order, Integer.MAX_VALUE);
        int[] post = new int[n];
        int count = 0;
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        int[] next = new int[n];
        int sp = 0;
        stack[sp++] = 0;
        seen[0] = true;
        while (sp > 0) {
            int b = stack[sp - 1];
            if (next[b] < g.succ[b].length) {
                int t = g.succ[b][next[b]++];
                if (!seen[t]) {
                    seen[t] = true;
                    stack[sp++] = t;
                }
            } else {
                sp--;
                post[count++] = b;
            }
        }
        for (int i = 0; i < count; i++) {
            order[post[i]] = count - 1 - i;
        }
        return order;
    }

    /** A branch, return or exit: it reads a guard at most and changes no register. */
    private static boolean isBranch(FlowGraph.Step s) {
        String op = s.opcode();
        return op.equals("bra") || op.equals("brx") || op.equals("ret") || op.equals("exit");
    }

    /** Records {@code insn} as the last writer of the registers in its destination operand. */
    private static void wrote(Ref d, Ast.Instruction insn, Map<Reg, Ast.Instruction> writes) {
        if (d instanceof Ref.Register r && r.reg() != null) {
            writes.put(r.reg(), insn);
        } else if (d instanceof Ref.Pair p) {
            wrote(p.first(), insn, writes);
            wrote(p.second(), insn, writes);
        } else if (d instanceof Ref.Many m) {
            m.regs().forEach(x -> writes.put(x, insn));
        }
    }

    /** in[t] := in[t] meet state; true if it changed. */
    private static boolean meet(Map<Reg, Long>[] in, int t, Map<Reg, Long> state) {
        if (in[t] == null) {
            in[t] = new HashMap<>(state);
            return true;
        }
        boolean changed = false;
        for (Iterator<Map.Entry<Reg, Long>> it = in[t].entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Reg, Long> e = it.next();
            if (!e.getValue().equals(state.get(e.getKey()))) {
                it.remove();
                changed = true;
            }
        }
        return changed;
    }
}
