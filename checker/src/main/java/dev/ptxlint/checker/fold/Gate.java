package dev.ptxlint.checker.fold;

import dev.ptxlint.eval.FloatFormat;
import dev.ptxlint.eval.Literals;
import dev.ptxlint.eval.ScalarType;
import dev.ptxlint.syntax.Ast;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A cheap test, run before any flow graph is built, of whether a function can have a fold
 * finding at all. It works on register names only, ignoring order, branches and scopes: a name is
 * "possibly known" if some instruction could write a known value to it (a mov from a constant or
 * from a possibly known name, a comparison or selection whose deciding operands are possibly
 * known). Every register the dataflow can know is possibly known here, so when no comparison,
 * selection or guard could be decided by possibly known values, the dataflow would find nothing
 * and is skipped. Most optimised code takes this exit: its comparisons read loaded values.
 */
final class Gate {

    private final List<Ast.Instruction> modelled = new ArrayList<>();
    private final List<String> guards = new ArrayList<>();

    void clear() {
        modelled.clear();
        guards.clear();
    }

    /** Records one instruction of the function, in any order. */
    void add(Ast.Instruction insn) {
        if (insn.guard() != null) {
            guards.add(insn.guard().predicate().text());
        }
        if (FlowGraph.isModelled(insn)) {
            modelled.add(insn);
        }
    }

    /**
     * The names of the registers worth tracking: every guard, every source of a modelled
     * instruction other than mov, and the sources of movs into those, transitively. A name shared
     * by registers of different blocks only makes the set larger, which is safe: an untracked
     * register is merely unknown.
     */
    Set<String> relevantNames() {
        Set<String> r = new HashSet<>(guards);
        Map<String, List<String>> movSources = new HashMap<>();
        for (Ast.Instruction i : modelled) {
            List<Ast.Expr> ops = i.operands();
            if (i.opcode().text().equals("mov")) {
                if (ops.size() == 2 && ops.get(0) instanceof Ast.Name d && ops.get(1) instanceof Ast.Name src) {
                    movSources.computeIfAbsent(d.text(), x -> new ArrayList<>(1)).add(src.text());
                }
                continue;
            }
            for (int k = 1; k < ops.size(); k++) {
                Ast.Expr e = ops.get(k) instanceof Ast.Unary u ? u.operand() : ops.get(k);
                if (e instanceof Ast.Name n) {
                    r.add(n.text());
                }
            }
        }
        ArrayDeque<String> work = new ArrayDeque<>(r);
        while (!work.isEmpty()) {
            for (String src : movSources.getOrDefault(work.poll(), List.of())) {
                if (r.add(src)) {
                    work.add(src);
                }
            }
        }
        return r;
    }

    /**
     * The registers worth tracking, or null when nothing in the function can be decided: the
     * {@link #relevantNames relevant} names that may hold a known value somewhere. A name that
     * never holds one is never known to the dataflow either, so leaving it out changes nothing
     * but the size of the states and of the flow graph.
     */
    Set<String> trackedNames() {
        Set<String> known = possiblyKnown();
        if (known == null) {
            return null;
        }
        Set<String> relevant = relevantNames();
        relevant.retainAll(known);
        return relevant;
    }

    /**
     * The names that may hold a known value somewhere in the function (in any order, across
     * every scope), or null when no comparison, selection or guard could be decided by them.
     */
    private Set<String> possiblyKnown() {
        // Passes in program order: most chains run forward, so a second pass usually adds
        // nothing. A function whose chains still grow after a few passes (they run backward)
        // goes on with a fixpoint that revisits only the readers of the names that became known.
        Set<String> known = new HashSet<>();
        int passes = 0;
        boolean changed = true;
        while (changed && passes++ < 3) {
            changed = false;
            for (Ast.Instruction i : modelled) {
                if (producesKnown(i, known)) {
                    changed |= addDestinations(i.operands().get(0), known, null);
                }
            }
            if (known.isEmpty()) {
                return null; // nothing can become known at all
            }
        }
        if (changed) {
            fixpoint(known);
        }
        for (String g : guards) {
            if (known.contains(g)) {
                return known;
            }
        }
        for (Ast.Instruction i : modelled) {
            if (!i.opcode().text().equals("mov") && decides(i, known)) {
                return known;
            }
        }
        return null;
    }

    /** Adds to {@code known} every name that follows from it, visiting only the readers of new names. */
    private void fixpoint(Set<String> known) {
        Map<String, List<Ast.Instruction>> readers = new HashMap<>();
        for (Ast.Instruction i : modelled) {
            List<Ast.Expr> ops = i.operands();
            for (int k = 1; k < ops.size(); k++) {
                Ast.Expr e = ops.get(k) instanceof Ast.Unary u ? u.operand() : ops.get(k);
                if (e instanceof Ast.Name n) {
                    readers.computeIfAbsent(n.text(), x -> new ArrayList<>(2)).add(i);
                }
            }
        }
        ArrayDeque<String> work = new ArrayDeque<>(known);
        List<String> added = new ArrayList<>(2);
        while (!work.isEmpty()) {
            for (Ast.Instruction i : readers.getOrDefault(work.poll(), List.of())) {
                if (producesKnown(i, known)) {
                    added.clear();
                    addDestinations(i.operands().get(0), known, added);
                    work.addAll(added);
                }
            }
        }
    }

    /** Whether the instruction could write a known value, given the possibly known names. */
    private static boolean producesKnown(Ast.Instruction i, Set<String> known) {
        List<Ast.Expr> ops = i.operands();
        switch (i.opcode().text()) {
            case "mov":
            case "not":
                return ops.size() == 2 && isKnown(ops.get(1), known);
            case "and":
            case "or":
            case "xor":
                // a predicate result may be decided by one known operand (and/or)
                return ops.size() == 3 && (isKnown(ops.get(1), known) || isKnown(ops.get(2), known));
            case "selp":
            case "slct": {
                if (ops.size() != 4) {
                    return false;
                }
                // c decides; or a and b are both known and may be equal (two different constants never are)
                Ast.Expr a = ops.get(1);
                Ast.Expr b = ops.get(2);
                if (isKnown(ops.get(3), known)) {
                    return true;
                }
                if (!isKnown(a, known) || !isKnown(b, known)) {
                    return false;
                }
                String ta = literalText(a);
                String tb = literalText(b);
                return ta == null || tb == null || !neverEqual(i, ta, tb);
            }
            default:
                return decides(i, known);
        }
    }

    /** The text of a numeric literal operand with its sign, as the evaluator reads it; null for anything else. */
    private static String literalText(Ast.Expr e) {
        if (e instanceof Ast.IntLit l) {
            return l.token().text();
        }
        if (e instanceof Ast.FloatLit l) {
            return l.token().text();
        }
        if (e instanceof Ast.Unary u && (u.op().text().equals("-") || u.op().text().equals("+"))
                && (u.operand() instanceof Ast.IntLit || u.operand() instanceof Ast.FloatLit)) {
            return u.op().text() + literalText(u.operand());
        }
        return null;
    }

    /**
     * Whether the constants {@code a} and {@code b} of a selp or slct never give it a known result
     * without c: they have different values for its type, or one is not a value of it. Spellings
     * are not enough ({@code 1} and {@code 0x1} are the same value).
     */
    static boolean neverEqual(Ast.Instruction i, String a, String b) {
        long va = smallDecimal(a);
        long vb = smallDecimal(b);
        if (va >= 0 && vb >= 0) {
            // the common case (selp.u32 %r1, 1, 0, %p1): two small decimal integers
            ScalarType t = Machine.firstType(i);
            if (t != null && t.isInteger()) {
                return (va & t.mask()) != (vb & t.mask());
            }
        }
        Machine.Mods m = Machine.decode(i);
        if (m == null || m.types().isEmpty()) {
            return true; // not evaluated: nothing it writes is known
        }
        ScalarType t = m.types().get(0);
        try {
            return Literals.decode(a, t).bits() != Literals.decode(b, t).bits();
        } catch (IllegalArgumentException e) {
            return true; // a constant ptxas rejects there is never known
        }
    }

    /** Whether the instruction's outcome (a fact) could be decided given the possibly known names. */
    private static boolean decides(Ast.Instruction i, Set<String> known) {
        List<Ast.Expr> ops = i.operands();
        String op = i.opcode().text();
        if (ops.size() < 3) {
            return false;
        }
        Ast.Expr a = ops.get(1);
        Ast.Expr b = ops.get(2);
        Ast.Expr c = ops.size() > 3 ? ops.get(3) : null;
        boolean ab = isKnown(a, known) && isKnown(b, known);
        return switch (op) {
            case "and", "or", "xor", "not", "mov" -> false; // they decide nothing a user wrote as a test
            // a NaN constant or a register that may hold a NaN decides a float comparison alone,
            // and a known c decides and/or
            case "setp", "set" -> ab || c != null && isKnown(c, known)
                    || comparesFloats(i) && (isNamedOrFloat(a, known) || isNamedOrFloat(b, known));
            case "selp", "slct" -> c != null && isKnown(c, known);
            default -> ab; // vset, vset2, vset4
        };
    }

    /** The value of a decimal integer of at most 9 digits, or -1 for any other spelling. */
    private static long smallDecimal(String t) {
        int n = t.length();
        if (n == 0 || n > 9) {
            return -1;
        }
        long v = 0;
        for (int k = 0; k < n; k++) {
            char c = t.charAt(k);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** Whether a set/setp compares floating-point values (only then can one NaN operand decide it). */
    private static boolean comparesFloats(Ast.Instruction i) {
        for (var m : i.modifiers()) {
            switch (m.text()) {
                case ".f32", ".f64", ".f16", ".bf16", ".f16x2", ".bf16x2":
                    return true;
                default:
                    break;
            }
        }
        return false;
    }

    private static boolean isNamedOrFloat(Ast.Expr e, Set<String> known) {
        return e instanceof Ast.FloatLit f && isNaN(f.token().text()) || e instanceof Ast.Name n && known.contains(n.text());
    }

    /** Whether a {@code 0f}/{@code 0d} literal is a NaN (decimal literals never are). */
    static boolean isNaN(String text) {
        try {
            return switch (Literals.kindOf(text)) {
                case HEX_F32 -> FloatFormat.F32.isNaN(Literals.decode(text, ScalarType.F32).bits());
                case HEX_F64 -> FloatFormat.F64.isNaN(Literals.decode(text, ScalarType.F64).bits());
                default -> false;
            };
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean isKnown(Ast.Expr e, Set<String> known) {
        if (e instanceof Ast.Unary u) {
            e = u.operand();
        }
        if (e instanceof Ast.IntLit || e instanceof Ast.FloatLit) {
            return true;
        }
        return e instanceof Ast.Name n && (known.contains(n.text()) || n.text().equals("WARP_SZ"));
    }

    /** Adds the registers of a destination to {@code known} (and the new ones to {@code added}, if not null); true if any was new. */
    private static boolean addDestinations(Ast.Expr d, Set<String> known, List<String> added) {
        if (d instanceof Ast.Name n) {
            if (known.add(n.text())) {
                if (added != null) {
                    added.add(n.text());
                }
                return true;
            }
        } else if (d instanceof Ast.PredPair p) {
            return addDestinations(p.first(), known, added) | addDestinations(p.second(), known, added);
        }
        return false;
    }
}
