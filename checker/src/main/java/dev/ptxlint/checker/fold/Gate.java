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

    /** Whether the function may have a decided comparison, selection or guard. */
    boolean mayDecide() {
        // A first pass in program order: most chains run forward, and most functions that have
        // something to decide show it early (debug builds compare constants from the start).
        // Deciding with only part of the possibly known names already means the whole set decides.
        Set<String> guardNames = new HashSet<>(guards);
        Set<String> early = new HashSet<>();
        List<String> fresh = new ArrayList<>(2);
        for (Ast.Instruction i : modelled) {
            if (!i.opcode().text().equals("mov") && decides(i, early)) {
                return true;
            }
            if (producesKnown(i, early)) {
                fresh.clear();
                addDestinations(i.operands().get(0), early, fresh);
                for (String n : fresh) {
                    if (guardNames.contains(n)) {
                        return true;
                    }
                }
            }
        }
        if (early.isEmpty()) {
            return false; // nothing can become known at all
        }
        // Which instructions read each name, so that a name that becomes possibly known revisits
        // only its readers: linear in the function, whatever the length of the chains.
        Map<String, List<Ast.Instruction>> readers = new HashMap<>();
        ArrayDeque<Ast.Instruction> work = new ArrayDeque<>();
        for (Ast.Instruction i : modelled) {
            List<Ast.Expr> ops = i.operands();
            for (int k = 1; k < ops.size(); k++) {
                Ast.Expr e = ops.get(k) instanceof Ast.Unary u ? u.operand() : ops.get(k);
                if (e instanceof Ast.Name n) {
                    readers.computeIfAbsent(n.text(), x -> new ArrayList<>(2)).add(i);
                }
            }
            work.add(i);
        }
        Set<String> known = new HashSet<>();
        List<String> added = new ArrayList<>(2);
        while (!work.isEmpty()) {
            Ast.Instruction i = work.poll();
            if (producesKnown(i, known)) {
                added.clear();
                addDestinations(i.operands().get(0), known, added);
                for (String n : added) {
                    work.addAll(readers.getOrDefault(n, List.of()));
                }
            }
        }
        for (String g : guards) {
            if (known.contains(g)) {
                return true;
            }
        }
        for (Ast.Instruction i : modelled) {
            if (!i.opcode().text().equals("mov") && decides(i, known)) {
                return true;
            }
        }
        return false;
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
                boolean distinctConstants = isConstant(a) && isConstant(b) && !text(a).equals(text(b));
                return isKnown(ops.get(3), known) || isKnown(a, known) && isKnown(b, known) && !distinctConstants;
            }
            default:
                return decides(i, known);
        }
    }

    private static boolean isConstant(Ast.Expr e) {
        Ast.Expr x = e instanceof Ast.Unary u ? u.operand() : e;
        return x instanceof Ast.IntLit || x instanceof Ast.FloatLit;
    }

    private static String text(Ast.Expr e) {
        return dev.ptxlint.checker.Exprs.text(e);
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

    private static void addDestinations(Ast.Expr d, Set<String> known, List<String> added) {
        if (d instanceof Ast.Name n) {
            if (known.add(n.text())) {
                added.add(n.text());
            }
        } else if (d instanceof Ast.PredPair p) {
            addDestinations(p.first(), known, added);
            addDestinations(p.second(), known, added);
        }
    }
}
