package dev.ptxlint.checker.fold;

import dev.ptxlint.eval.ScalarType;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Token;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;

/**
 * A function body as the dataflow sees it: its instructions in order, with every operand
 * resolved to a {@link Ref} under ptxas's block scoping, cut into basic blocks with their
 * successors.
 *
 * <p>Edges: {@code bra L} goes to {@code L} (and falls through when guarded); {@code brx.idx} and a
 * branch whose label cannot be resolved may go to any label; unguarded {@code ret}/{@code exit}
 * end the path. Everything else falls through.
 */
final class FlowGraph {

    /**
     * One instruction with its resolved guard and operands; its opcode's text is kept, so that the
     * cut into blocks and the dataflow do not read the instruction's token again.
     */
    record Step(Ast.Instruction insn, String opcode, Ref.Register guard, Ref[] ops, Machine.Mods mods,
                boolean modelled) {
    }

    final List<Step> steps = new ArrayList<>();
    /** Block b covers steps [start[b], end[b]). */
    int[] start;
    int[] end;
    int[][] succ;

    private final Map<Label, Integer> labelPosition = new HashMap<>();

    /** A label: its name and the block that defines it. */
    private record Label(String name, int block) {
    }
    /** Per step that is a direct branch, the label key it targets (null: unresolved). */
    private final Map<Integer, Label> branchTarget = new HashMap<>();
    /**
     * Whether a branch may go to any label (brx.idx, or a target that does not resolve); otherwise
     * only the labels in {@link #branchTarget} start blocks. {@code -G} code is full of labels that
     * only the debug sections refer to, and they must not cut the code into tiny blocks.
     */
    private boolean anyLabelTargeted;

    // ---- scopes while flattening
    private static final class Range {
        final String prefix;
        final long count;
        final ScalarType type;
        final int block;
        final boolean modelled;
        /** The registers of the range met so far, by index: one {@link Reg} per register. */
        Reg[] regs = NO_REGS;
        /** The registers at or past {@link #DENSE_RANGE}, made on demand. */
        Map<Integer, Reg> far;

        Range(String prefix, long count, ScalarType type, int block, boolean modelled) {
            this.prefix = prefix;
            this.count = count;
            this.type = type;
            this.block = block;
            this.modelled = modelled;
        }
    }

    private static final Reg[] NO_REGS = new Reg[0];

    private static final class Scope {
        final int id;
        final Map<String, Reg> names = new HashMap<>();
        final Map<String, Range> ranges = new HashMap<>();
        /** The same ranges in declaration order, searched from the last when there are few of them. */
        final ArrayList<Range> rangeList = new ArrayList<>();
        final Map<String, Label> labels = new HashMap<>();

        Scope(int id) {
            this.id = id;
        }
    }

    private final Deque<Scope> scopes = new ArrayDeque<>();
    private int blocks;

    /**
     * The registers worth tracking, or null for all of them: those read as a source of a
     * comparison or selection or as a guard, and the sources of movs into them, transitively.
     * Other registers can never decide a fact, and leaving them out keeps the states small in
     * {@code -G} code, where most registers are set from constants.
     */
    Set<String> tracked;
    private final boolean everything;

    private FlowGraph(boolean everything, Resolved byId) {
        this.everything = everything;
        this.byId = byId;
        if (byId != null) {
            byId.next();
        }
    }

    /** Whether the evaluator models {@code i}: the logic operations only on predicates. */
    static boolean isModelled(Ast.Instruction i) {
        String op = i.opcode().text();
        return isModelled(op) && (!(op.equals("not") || op.equals("and") || op.equals("or") || op.equals("xor"))
                || i.hasModifier(".pred"));
    }

    static boolean isModelled(String opcode) {
        return switch (opcode) {
            case "mov", "setp", "set", "selp", "slct", "vset", "vset2", "vset4", "not", "and", "or", "xor" -> true;
            default -> false;
        };
    }

    /**
     * The flow graph of {@code f}. With {@code tracked} (names, from {@link Gate#relevantNames}),
     * only those registers are tracked and unmodelled instructions that write none of them are
     * left out; with null, everything is kept (for hovers).
     */
    static FlowGraph of(Ast.Function f, Set<String> tracked) {
        return of(f, tracked, null);
    }

    /**
     * As {@link #of(Ast.Function, Set)}, with what the {@link Gate} recorded of each instruction
     * (null: nothing), so that an instruction left out is not read again.
     */
    static FlowGraph of(Ast.Function f, Set<String> tracked, Gate.Recorded recorded) {
        return of(f, tracked, recorded, null);
    }

    /**
     * As {@link #of(Ast.Function, Set, Gate.Recorded)}, finding repeated names by their spelling
     * ids in {@code byId} (the caller's, for one graph at a time; null: by their texts).
     */
    static FlowGraph of(Ast.Function f, Set<String> tracked, Gate.Recorded recorded, Resolved byId) {
        FlowGraph g = new FlowGraph(tracked == null, byId);
        Scope fs = new Scope(g.blocks++);
        g.tracked = tracked;
        if (tracked != null && recorded != null) {
            g.recorded = recorded;
            g.trackedHashes = Gate.Recorded.table(tracked);
        }
        g.scopes.push(fs);
        if (f.returns() != null) {
            f.returns().forEach(d -> g.declare(fs, d));
        }
        f.params().forEach(d -> g.declare(fs, d));
        g.walk(f.body(), fs);
        g.scopes.pop();
        g.cut();
        return g;
    }

    private void walk(Ast.Block b, Scope scope) {
        // one copy into an array, read twice: no iterator or interface call per statement
        Ast.Statement[] statements = b.statements().toArray(NO_STATEMENTS);
        for (Ast.Statement s : statements) {
            if (s instanceof Ast.Label l) {
                scope.labels.put(l.name().text(), new Label(l.name().text(), scope.id));
            }
        }
        for (Ast.Statement s : statements) {
            if (s instanceof Ast.VarDecl d) {
                declare(scope, d);
            } else if (s instanceof Ast.Block inner) {
                Scope is = new Scope(blocks++);
                scopes.push(is);
                newGeneration();
                walk(inner, is);
                scopes.pop();
                newGeneration();
            } else if (s instanceof Ast.Label l) {
                labelPosition.putIfAbsent(new Label(l.name().text(), scope.id), steps.size());
            } else if (s instanceof Ast.Instruction i) {
                step(i);
            }
        }
    }

    private static final Ast.Statement[] NO_STATEMENTS = new Ast.Statement[0];

    /** {@link ScalarType#fromPtx} by the type text's identity (the lexer hands out one String per spelling). */
    private static ScalarType scalarType(String type) {
        int slot = type.hashCode() & (SCALAR_TYPES.length - 1);
        TypeEntry e = SCALAR_TYPES[slot];
        if (e != null && e.text == type) {
            return e.type;
        }
        ScalarType t = ScalarType.fromPtx(type).orElse(null);
        SCALAR_TYPES[slot] = new TypeEntry(type, t);
        return t;
    }

    /** An entry of {@link #SCALAR_TYPES}: immutable, so the table may be shared by threads (a lost entry is a miss). */
    private static final class TypeEntry {
        final String text;
        final ScalarType type;

        TypeEntry(String text, ScalarType type) {
            this.text = text;
            this.type = type;
        }
    }

    private static final TypeEntry[] SCALAR_TYPES = new TypeEntry[64];

    private void declare(Scope scope, Ast.VarDecl d) {
        String space = null;
        String type = null;
        boolean vector = false;
        for (Ast.Attr a : d.attrs()) {
            String t = a.name().text();
            if (t.equals(".reg") || t.equals(".param") || t.equals(".local") || t.equals(".shared")
                    || t.equals(".global") || t.equals(".const")) {
                space = t;
            } else if (t.startsWith(".v") && t.length() <= 3) {
                vector = true;
            } else if (type == null && t.length() > 1) {
                type = t;
            }
        }
        ScalarType st = type == null ? null : scalarType(type);
        boolean modelled = ".reg".equals(space) && !vector && st != null;
        for (Ast.Declarator decl : d.declarators()) {
            String n = decl.name().text();
            if (decl.isRange()) {
                long count = decl.rangeCount() instanceof Ast.IntLit lit ? parseCount(lit.token().text()) : 0;
                Range range = new Range(n, count, st, scope.id, modelled);
                scope.ranges.put(n, range);
                scope.rangeList.add(range);
                newGeneration();
            } else {
                // A name that is not a modelled scalar register still shadows outer ones: record it
                // with a null type so that it is never known.
                scope.names.put(n, register(n, scope.id, modelled && decl.dims().isEmpty() ? st : null));
                newGeneration();
            }
        }
    }

    /** Whether {@code n}'s digits from {@code i} on are ASCII with no leading zero (as {@code Long.toString} writes them). */
    private static boolean canonicalIndex(String n, int i) {
        if (n.charAt(i) == '0' && n.length() - i > 1) {
            return false;
        }
        for (int k = i; k < n.length(); k++) {
            char c = n.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * The register {@code index} of {@code range}, made once per graph; {@code name}, when not null, is
     * its name as {@code range.prefix + index} spells it (the use's own text, so no String is built).
     */
    private Reg rangeRegister(Range range, int index, String name) {
        if (index >= DENSE_RANGE) {
            if (range.far == null) {
                range.far = new HashMap<>();
            }
            return range.far.computeIfAbsent(index, x -> register(range.prefix + x, range.block, range.type));
        }
        if (index >= range.regs.length) {
            range.regs = Arrays.copyOf(range.regs, (int) Math.min(range.count, Math.max(index + 1L, range.regs.length * 2L)));
        }
        Reg r = range.regs[index];
        if (r == null) {
            r = register(name != null ? name : range.prefix + index, range.block, range.type);
            range.regs[index] = r;
        }
        return r;
    }

    /** Range registers at or past this index are kept in a map ({@code Range.far}), not in an array. */
    private static final int DENSE_RANGE = 1 << 16;

    /** A new register; tracked ones get the next bit. */
    private Reg register(String name, int block, ScalarType type) {
        boolean follow = type != null && (tracked == null || tracked.contains(name));
        return new Reg(name, block, type, follow ? trackedCount++ : -1);
    }

    /** The number of tracked registers met so far: their {@link Reg#bit}s are 0 to this - 1. */
    int trackedCount;

    private static long parseCount(String t) {
        try {
            return Long.decode(t.replace("U", "").replace("u", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The register {@code n} names here, or null (undeclared, a special register, a variable...). */
    /**
     * Names resolved in the current scopes. An entry is valid while {@link #generation} is the one
     * it was made in; a declaration or a block boundary starts a new generation instead of
     * clearing the map (clearing costs its capacity, and inline asm opens thousands of blocks).
     */
    private final Map<String, Cached> resolved = new HashMap<>();
    private int generation;

    private record Cached(Reg reg, int generation) {
    }

    /**
     * The names resolved in the current scopes again, by spelling id ({@link Token#id()}), valid
     * where their stamp is {@link Resolved#generation} (null: unresolved): a repeated name is
     * found without hashing its text. Kept by the caller across graphs ({@link FoldCheck}), since
     * an array by id is sized for the module's spellings; null: none.
     */
    private final Resolved byId;

    /**
     * {@link FlowGraph}'s names by spelling id, for one graph at a time; every graph starts a new
     * generation, so what another graph (another function, another lexer's ids) cached is stale.
     */
    static final class Resolved {
        Reg[] regs = new Reg[0];
        int[] stamps = new int[0];
        int generation;
        String[] keys = new String[0];

        /** A new generation, different from every one of the stamps. */
        void next() {
            if (++generation == 0) {
                generation = 1;
                Arrays.fill(stamps, 0);
            }
        }
    }

    /** The register the name token {@code t} names here, or null: as {@link #resolve(String)} of its text. */
    private Reg resolve(Token t) {
        int sid = t.id();
        Resolved c = byId;
        if (sid < 0 || c == null) {
            return resolve(t.text());
        }
        String n = t.text();
        if (sid < c.stamps.length && c.stamps[sid] == c.generation && c.keys[sid] == n) {
            return c.regs[sid];
        }
        Reg r = lookup(n);
        if (sid >= c.stamps.length) {
            int size = Math.max(sid + 1, Math.max(256, c.stamps.length * 2));
            c.regs = Arrays.copyOf(c.regs, size);
            c.stamps = Arrays.copyOf(c.stamps, size);
            c.keys = Arrays.copyOf(c.keys, size);
        }
        c.regs[sid] = r;
        c.stamps[sid] = c.generation;
        c.keys[sid] = n;
        return r;
    }

    /** What names resolve to may have changed (a declaration, a block opened or closed). */
    private void newGeneration() {
        generation++;
        if (byId != null) {
            byId.next();
        }
    }

    private Reg resolve(String n) {
        Cached c = resolved.get(n);
        if (c == null || c.generation() != generation) {
            c = new Cached(lookup(n), generation);
            resolved.put(n, c);
        }
        return c.reg();
    }

    private Reg lookup(String n) {
        for (Scope s : scopes) {
            Reg r = s.names.get(n);
            if (r != null) {
                return r.type() == null ? null : r;
            }
            if (!s.ranges.isEmpty()) {
                int i = n.length();
                while (i > 0 && Character.isDigit(n.charAt(i - 1))) {
                    i--;
                }
                if (i > 0 && i < n.length() && n.length() - i <= 9) {
                    Range range = rangeNamed(s, n, i);
                    long index = 0;
                    for (int k = i; range != null && k < n.length(); k++) {
                        index = index * 10 + Character.digit(n.charAt(k), 10); // as Long.parseLong, without the substring
                    }
                    if (range != null && index < range.count) {
                        if (!range.modelled) {
                            return null;
                        }
                        // n is the register's canonical name when its digits are ASCII without a leading zero
                        return rangeRegister(range, (int) index, canonicalIndex(n, i) ? n : null);
                    }
                }
            }
            if (s.labels.containsKey(n)) {
                return null;
            }
        }
        return null;
    }

    /**
     * The range of scope {@code s} whose name is the first {@code length} characters of {@code n}, or
     * null: as {@code s.ranges.get(n.substring(0, length))}, the last declared of a name, without
     * making the substring where the scope has few ranges.
     */
    private static Range rangeNamed(Scope s, String n, int length) {
        ArrayList<Range> list = s.rangeList;
        if (list.size() > 8) {
            return s.ranges.get(n.substring(0, length));
        }
        for (int k = list.size() - 1; k >= 0; k--) {
            Range r = list.get(k);
            if (r.prefix.length() == length && n.startsWith(r.prefix)) {
                return r;
            }
        }
        return null;
    }

    private Label resolveLabel(String n) {
        for (Scope s : scopes) {
            Label k = s.labels.get(n);
            if (k != null) {
                return k;
            }
        }
        return null;
    }

    private static final Ref[] NO_OPERANDS = new Ref[0];

    /** What the gate recorded, while it matches the instructions walked; null otherwise. */
    private Gate.Recorded recorded;
    private int[] trackedHashes;
    /** The number of the next instruction, in the order {@link Gate#add} saw them. */
    private int ordinal;

    private void step(Ast.Instruction i) {
        if (recorded != null) {
            int k = ordinal++;
            if (k < recorded.count() && recorded.order()[k] == i) {
                if (!recorded.keep()[k] && !(recorded.mayWrite(k, trackedHashes) && writesTracked(i.operands().get(0)))) {
                    return; // as below, decided without reading the instruction again
                }
            } else {
                recorded = null; // not the order recorded: decide from each instruction from here on
            }
        }
        String op = i.opcode().text();
        boolean modelled = isModelled(i);
        if (!everything && (!modelled || op.equals("mov")) && i.guard() == null && !endsBlock(op)
                && !op.equals("brx") && (i.operands().isEmpty() || !writesTracked(i.operands().get(0)))) {
            // changes no tracked register and no control flow, and decides nothing (a mov reports
            // no fact): the dataflow need not see it
            return;
        }
        Ref.Register guard = null;
        if (i.guard() != null) {
            Token p = i.guard().predicate();
            guard = new Ref.Register(new Ast.Name(p, List.of(), p.span()), resolve(p), i.guard().negated(), null);
        }
        List<Ast.Expr> operands = i.operands();
        int kept = everything || modelled ? operands.size() : Math.min(1, operands.size());
        Ref[] ops = kept == 0 ? NO_OPERANDS : new Ref[kept];
        for (int k = 0; k < ops.length; k++) {
            ops[k] = ref(operands.get(k));
        }
        if (op.equals("bra")) {
            Label target = !operands.isEmpty() && operands.get(0) instanceof Ast.Name n ? resolveLabel(n.text()) : null;
            branchTarget.put(steps.size(), target);
            anyLabelTargeted |= target == null;
        } else if (op.equals("brx")) {
            anyLabelTargeted = true;
        }
        steps.add(new Step(i, op, guard, ops, modelled ? Machine.decode(i) : null, modelled));
    }

    private Ref ref(Ast.Expr e) {
        if (e instanceof Ast.Name n) {
            if (n.suffixes().size() > 1) {
                return new Ref.Other(e);
            }
            Reg r = resolve(n.token());
            if (r == null) {
                return new Ref.Other(e);
            }
            return new Ref.Register(e, r, false, n.suffixes().isEmpty() ? null : n.suffixes().get(0).text());
        }
        if (e instanceof Ast.Unary u && u.op().text().equals("!") && u.operand() instanceof Ast.Name n
                && n.suffixes().isEmpty()) {
            Reg r = resolve(n.token());
            return r == null ? new Ref.Other(e) : new Ref.Register(e, r, true, null);
        }
        if (e instanceof Ast.IntLit l) {
            return new Ref.Literal(e, l.token().text());
        }
        if (e instanceof Ast.FloatLit l) {
            return new Ref.Literal(e, l.token().text());
        }
        if (e instanceof Ast.Unary u && (u.op().text().equals("-") || u.op().text().equals("+"))
                && (u.operand() instanceof Ast.IntLit || u.operand() instanceof Ast.FloatLit)) {
            String body = u.operand() instanceof Ast.IntLit l ? l.token().text() : ((Ast.FloatLit) u.operand()).token().text();
            return new Ref.Literal(e, u.op().text() + body);
        }
        if (e instanceof Ast.Sink) {
            return new Ref.Sink(e);
        }
        if (e instanceof Ast.PredPair p) {
            return new Ref.Pair(e, ref(p.first()), ref(p.second()));
        }
        List<Ast.Expr> items = e instanceof Ast.Brace b ? b.items()
                : e instanceof Ast.VectorExpr v ? v.items()
                : e instanceof Ast.Group g ? g.items() : null;
        if (items != null) {
            List<Reg> regs = new ArrayList<>();
            for (Ast.Expr it : items) {
                if (it instanceof Ast.Name n) {
                    Reg r = resolve(n.token());
                    if (r != null) {
                        regs.add(r);
                    }
                }
            }
            return new Ref.Many(e, regs);
        }
        return new Ref.Other(e);
    }

    /** Whether an unmodelled instruction's destination operand names a tracked register. */
    private boolean writesTracked(Ast.Expr e) {
        if (e instanceof Ast.Name n) {
            return tracked.contains(n.text());
        }
        if (e instanceof Ast.PredPair p) {
            return writesTracked(p.first()) || writesTracked(p.second());
        }
        List<Ast.Expr> items = e instanceof Ast.Brace b ? b.items()
                : e instanceof Ast.VectorExpr v ? v.items()
                : e instanceof Ast.Group g ? g.items() : List.of();
        for (Ast.Expr it : items) {
            if (writesTracked(it)) {
                return true;
            }
        }
        return false;
    }

    // ---- basic blocks

    /** Whether {@code op} changes the control flow (a graph keeps it whatever it writes). */
    static boolean changesFlow(String op) {
        return endsBlock(op);
    }

    private static boolean endsBlock(String op) {
        return op.equals("bra") || op.equals("brx") || op.equals("ret") || op.equals("exit");
    }

    private void cut() {
        int n = steps.size();
        boolean[] leader = new boolean[n + 1];
        leader[0] = true;
        leader[n] = true;
        Set<Label> targets = new HashSet<>(branchTarget.values());
        List<Integer> targeted = new ArrayList<>();
        for (Map.Entry<Label, Integer> l : labelPosition.entrySet()) {
            if (anyLabelTargeted || targets.contains(l.getKey())) {
                leader[l.getValue()] = true;
                targeted.add(l.getValue());
            }
        }
        for (int k = 0; k < n; k++) {
            if (endsBlock(steps.get(k).opcode())) {
                leader[k + 1] = true;
            }
        }
        int count = 0;
        for (int k = 0; k < n; k++) {
            if (leader[k]) {
                count++;
            }
        }
        start = new int[count];
        end = new int[count];
        int[] blockOf = new int[n + 1];
        int b = -1;
        for (int k = 0; k < n; k++) {
            if (leader[k]) {
                b++;
                start[b] = k;
            }
            end[b] = k + 1;
            blockOf[k] = b;
        }
        blockOf[n] = -1; // falling off the end or a label at the end: the path ends
        int[] anyLabel = distinct(targeted, blockOf);
        succ = new int[count][];
        for (b = 0; b < count; b++) {
            int last = end[b] - 1;
            Step s = steps.get(last);
            String op = s.opcode();
            boolean guarded = s.guard() != null;
            int fall = blockOf[end[b]];
            List<Integer> out = new ArrayList<>(2);
            if (op.equals("bra")) {
                Label key = branchTarget.get(last);
                Integer pos = key == null ? null : labelPosition.get(key);
                if (pos == null) {
                    for (int t : anyLabel) {
                        out.add(t);
                    }
                } else if (blockOf[pos] >= 0) {
                    out.add(blockOf[pos]);
                }
                if (guarded) {
                    out.add(fall);
                }
            } else if (op.equals("brx")) {
                for (int t : anyLabel) {
                    out.add(t);
                }
                if (guarded) {
                    out.add(fall);
                }
            } else if (op.equals("ret") || op.equals("exit")) {
                if (guarded) {
                    out.add(fall);
                }
            } else {
                out.add(fall);
            }
            succ[b] = distinct(out, null);
        }
    }

    /** The distinct non-negative values of {@code xs} (mapped through {@code map} when given). */
    private static int[] distinct(List<Integer> xs, int[] map) {
        int[] out = new int[xs.size()];
        int n = 0;
        for (int x : xs) {
            int v = map == null ? x : map[x];
            boolean dup = v < 0;
            for (int k = 0; k < n && !dup; k++) {
                dup = out[k] == v;
            }
            if (!dup) {
                out[n++] = v;
            }
        }
        return Arrays.copyOf(out, n);
    }
}
