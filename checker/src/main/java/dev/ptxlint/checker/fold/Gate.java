package dev.ptxlint.checker.fold;

import dev.ptxlint.eval.FloatFormat;
import dev.ptxlint.eval.Literals;
import dev.ptxlint.eval.ScalarType;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Token;
import java.util.Arrays;
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
 *
 * <p>Names are numbered per function as {@link #add} meets them (while their texts are still in
 * the cache from the other checks), and each modelled instruction is kept as a few ints: its kind,
 * the numbers of its operands and destinations. The passes over them read no text.
 */
final class Gate {

    // ---- names, numbered per function

    private String[] nameKeys = new String[256];
    private int[] nameIds = new int[256];
    private String[] names = new String[64];
    private int nameCount;

    /**
     * The names' numbers again, by spelling id ({@link Token#id()}): valid where
     * {@link #byIdStamp} is {@link #stamp} (a new function changes the stamp instead of clearing
     * them). A repeated name is numbered without hashing its text.
     */
    private int[] byIdNumber = NO_INTS;
    private int[] byIdStamp = NO_INTS;
    private int stamp = 1;
    private static final int[] NO_INTS = new int[0];

    /**
     * The number of the name {@code t}, made on first sight: as {@link #id(String)} of its text
     * (the same number), found by its spelling id on every later sight in the function (while the
     * number's name is the token's String: an id of another lexer's numbering is a miss).
     */
    private int id(Token t) {
        int sid = t.id();
        if (sid < 0) {
            return id(t.text());
        }
        int[] stamps = byIdStamp;
        if (sid < stamps.length && stamps[sid] == stamp) {
            int k = byIdNumber[sid];
            if (names[k] == t.text()) { // (the same String: never a number of another lexer's spelling)
                return k;
            }
        }
        int k = id(t.text());
        if (sid >= stamps.length) {
            int n = Math.max(sid + 1, Math.max(256, stamps.length * 2));
            byIdNumber = Arrays.copyOf(byIdNumber, n);
            byIdStamp = Arrays.copyOf(byIdStamp, n);
        }
        byIdNumber[sid] = k;
        byIdStamp[sid] = stamp;
        return k;
    }

    /** The number of {@code n}, made on first sight. */
    private int id(String n) {
        int mask = nameKeys.length - 1;
        int slot = n.hashCode() * 0x9E3779B9 >>> 8 & mask;
        for (String k; (k = nameKeys[slot]) != null; slot = slot + 1 & mask) {
            if (k == n || k.equals(n)) {
                return nameIds[slot];
            }
        }
        if (nameCount == names.length) {
            names = Arrays.copyOf(names, nameCount * 2);
        }
        names[nameCount] = n;
        nameKeys[slot] = n;
        nameIds[slot] = nameCount;
        if (++nameCount * 2 > nameKeys.length) {
            rehash();
        }
        return nameCount - 1;
    }

    private void rehash() {
        nameKeys = new String[nameKeys.length * 2];
        nameIds = new int[nameKeys.length];
        int mask = nameKeys.length - 1;
        for (int k = 0; k < nameCount; k++) {
            int slot = names[k].hashCode() * 0x9E3779B9 >>> 8 & mask;
            while (nameKeys[slot] != null) {
                slot = slot + 1 & mask;
            }
            nameKeys[slot] = names[k];
            nameIds[slot] = k;
        }
    }

    // ---- modelled instructions, as ints

    private static final int MOV = 0;
    private static final int NOT = 1;
    private static final int LOGIC = 2; // and, or, xor on predicates
    private static final int SELECT = 3; // selp, slct
    private static final int COMPARE = 4; // setp, set
    private static final int VIDEO = 5; // vset, vset2, vset4

    /** An operand that is never known (a memory operand, a special register...). */
    private static final int NEVER = -1;
    /** A constant: a number, or WARP_SZ. */
    private static final int CONSTANT = -2;
    /** A NaN constant written as such (0f7FC00000): it decides a float comparison alone. */
    private static final int NAN = -3;

    /** Per modelled instruction: kind | operand count << 3 | FLOATS | DISTINCT. */
    private int[] kind = new int[64];
    private static final int FLOATS = 1 << 16; // a set/setp of float operands
    private static final int DISTINCT = 1 << 17; // a selp/slct of two constants that are never equal
    /** Per modelled instruction, 3 ints: operands 1 to 3 as {@link #isKnown} reads them (a name's number, or a code). */
    private int[] src = new int[192];
    /** Per modelled instruction, 2 ints: operands 1 and 2 as {@link #mayBeNaN} reads them. */
    private int[] raw = new int[128];
    /** Per modelled instruction, 2 ints: the names it writes (-1: none). */
    private int[] dst = new int[128];
    private int modelled;

    /** The guards' names. */
    private int[] guards = new int[64];
    private int guardCount;
    /** The names read as sources of modelled instructions other than mov, and the guards'. */
    private int[] relevant = new int[64];
    private int relevantCount;
    /** The movs from one name into another: pairs (destination, source). */
    private int[] movs = new int[64];
    private int movCount;

    void clear() {
        if (++stamp == 0) { // wrapped: no number may match a stamp from 2^32 functions ago
            stamp = 1;
            Arrays.fill(byIdStamp, 0);
        }
        if (nameCount > 0) {
            Arrays.fill(nameKeys, null);
            Arrays.fill(names, 0, nameCount, null);
            nameCount = 0;
        }
        modelled = 0;
        guardCount = 0;
        relevantCount = 0;
        movCount = 0;
        Arrays.fill(order, 0, count, null); // hold no syntax tree of a finished function
        count = 0;
        hashes = 0;
    }

    // Every instruction of the function in the order add() sees them (the order FlowGraph walks
    // them), with what the flow graph needs to leave it out without reading it again: whether it
    // must be kept (a guard, control flow, a modelled instruction other than mov) and the hash
    // codes of the names its destination operand writes.
    private Ast.Instruction[] order = new Ast.Instruction[64];
    private boolean[] keep = new boolean[64];
    /** The destination hashes of instruction k are destHashes[destStart[k] .. destStart[k + 1]). */
    private int[] destStart = new int[65];
    private int[] destHashes = new int[64];
    private int count;
    private int hashes;

    /** Records one instruction of the function, in program order. */
    void add(Ast.Instruction insn) {
        if (insn.guard() != null) {
            int g = id(insn.guard().predicate());
            addRelevant(g);
            if (guardCount == guards.length) {
                guards = Arrays.copyOf(guards, guardCount * 2);
            }
            guards[guardCount++] = g;
        }
        int facts = opcodeFacts(insn.opcode());
        // FlowGraph.isModelled(insn): the logic operations only on predicates
        boolean isModelled = (facts & MODELLED_OPCODE) != 0 && ((facts & LOGIC_OPCODE) == 0 || insn.hasModifier(".pred"));
        if (isModelled) {
            addModelled(insn, facts >>> KIND_SHIFT);
        }
        if (count == order.length) {
            order = Arrays.copyOf(order, count * 2);
            keep = Arrays.copyOf(keep, count * 2);
            destStart = Arrays.copyOf(destStart, count * 2 + 1);
        }
        order[count] = insn;
        keep[count] = insn.guard() != null || isModelled && (facts >>> KIND_SHIFT) != MOV
                || (facts & CHANGES_FLOW) != 0;
        destStart[count] = hashes;
        if (!insn.operands().isEmpty()) {
            destinationHashes(insn.operands().get(0));
        }
        destStart[++count] = hashes;
    }

    // ---- opcodes, by spelling id

    /** {@link #opcodeFacts}: {@link FlowGraph#isModelled(String)}; not, and, or, xor; {@link FlowGraph#changesFlow}. */
    private static final int MODELLED_OPCODE = 1, LOGIC_OPCODE = 2, CHANGES_FLOW = 4;
    /** {@link #opcodeFacts}: a modelled opcode's kind ({@link #MOV}...) from this bit on. */
    private static final int KIND_SHIFT = 3;
    /** By an opcode's spelling id: its text (compared by identity; null: none yet) and its facts. */
    private String[] opcodeKeys = new String[0];
    private int[] opcodeFacts = NO_INTS;

    /** What the gate needs of the opcode token {@code op}, found by its spelling id (no String compared). */
    private int opcodeFacts(Token op) {
        int id = op.id();
        String t = op.text();
        if (id >= 0 && id < opcodeKeys.length && opcodeKeys[id] == t) {
            return opcodeFacts[id];
        }
        int f = (FlowGraph.changesFlow(t) ? CHANGES_FLOW : 0);
        if (FlowGraph.isModelled(t)) {
            int k = switch (t) {
                case "mov" -> MOV;
                case "not" -> NOT;
                case "and", "or", "xor" -> LOGIC;
                case "selp", "slct" -> SELECT;
                case "setp", "set" -> COMPARE;
                default -> VIDEO;
            };
            f |= MODELLED_OPCODE | (k == NOT || k == LOGIC ? LOGIC_OPCODE : 0) | k << KIND_SHIFT;
        }
        if (id >= 0) {
            if (id >= opcodeKeys.length) {
                int size = Math.max(id + 1, Math.max(64, opcodeKeys.length * 2));
                opcodeKeys = Arrays.copyOf(opcodeKeys, size);
                opcodeFacts = Arrays.copyOf(opcodeFacts, size);
            }
            opcodeKeys[id] = t;
            opcodeFacts[id] = f;
        }
        return f;
    }

    /** Records modelled instruction {@code i} of kind {@code k} ({@link #MOV}...). */
    private void addModelled(Ast.Instruction i, int k) {
        int m = modelled++;
        if (m == kind.length) {
            kind = Arrays.copyOf(kind, m * 2);
            src = Arrays.copyOf(src, m * 6);
            raw = Arrays.copyOf(raw, m * 4);
            dst = Arrays.copyOf(dst, m * 4);
        }
        List<Ast.Expr> ops = i.operands();
        int flags = k | Math.min(ops.size(), 255) << 3;
        if (k == COMPARE && comparesFloats(i)) {
            flags |= FLOATS;
        }
        if (k == SELECT && ops.size() == 4) {
            String ta = literalText(ops.get(1));
            String tb = ta == null ? null : literalText(ops.get(2));
            if (tb != null && neverEqual(i, ta, tb)) {
                flags |= DISTINCT;
            }
        }
        kind[m] = flags;
        for (int j = 1; j <= 3; j++) {
            src[3 * m + j - 1] = j < ops.size() ? known(ops.get(j)) : NEVER;
        }
        for (int j = 1; j <= 2; j++) {
            raw[2 * m + j - 1] = j < ops.size() ? rawNameOrNaN(ops.get(j)) : NEVER;
        }
        dst[2 * m] = -1;
        dst[2 * m + 1] = -1;
        if (!ops.isEmpty()) {
            Ast.Expr d = ops.get(0);
            if (d instanceof Ast.Name n) {
                dst[2 * m] = id(n.token());
            } else if (d instanceof Ast.PredPair p) {
                dst[2 * m] = p.first() instanceof Ast.Name n ? id(n.token()) : -1;
                dst[2 * m + 1] = p.second() instanceof Ast.Name n ? id(n.token()) : -1;
            }
        }
        if (k == MOV) {
            if (ops.size() == 2 && ops.get(0) instanceof Ast.Name d && ops.get(1) instanceof Ast.Name s) {
                if (movCount + 2 > movs.length) {
                    movs = Arrays.copyOf(movs, movs.length * 2);
                }
                movs[movCount++] = id(d.token());
                movs[movCount++] = id(s.token());
            }
            return;
        }
        for (int j = 1; j < ops.size(); j++) {
            Ast.Expr e = ops.get(j) instanceof Ast.Unary u ? u.operand() : ops.get(j);
            if (e instanceof Ast.Name n) {
                addRelevant(id(n.token()));
            }
        }
    }

    private void addRelevant(int name) {
        if (relevantCount == relevant.length) {
            relevant = Arrays.copyOf(relevant, relevantCount * 2);
        }
        relevant[relevantCount++] = name;
    }

    /** An operand as {@link #isKnown} reads it: a name's number, {@link #CONSTANT} or {@link #NEVER}. */
    private int known(Ast.Expr e) {
        if (e instanceof Ast.Unary u) {
            e = u.operand();
        }
        if (e instanceof Ast.IntLit || e instanceof Ast.FloatLit) {
            return CONSTANT;
        }
        if (e instanceof Ast.Name n) {
            return n.text().equals("WARP_SZ") ? CONSTANT : id(n.token());
        }
        return NEVER;
    }

    /** An operand of a float comparison that may be a NaN: a name's number, {@link #NAN} or {@link #NEVER}. */
    private int rawNameOrNaN(Ast.Expr e) {
        if (e instanceof Ast.FloatLit f) {
            return isNaN(f.token().text()) ? NAN : NEVER;
        }
        return e instanceof Ast.Name n ? id(n.token()) : NEVER;
    }

    /** Adds the hash codes of the names {@code e} writes, as {@link FlowGraph}'s writesTracked reads them. */
    private void destinationHashes(Ast.Expr e) {
        if (e instanceof Ast.Name n) {
            if (hashes == destHashes.length) {
                destHashes = Arrays.copyOf(destHashes, hashes * 2);
            }
            destHashes[hashes++] = n.text().hashCode();
        } else if (e instanceof Ast.PredPair p) {
            destinationHashes(p.first());
            destinationHashes(p.second());
        } else {
            List<Ast.Expr> items = e instanceof Ast.Brace b ? b.items()
                    : e instanceof Ast.VectorExpr v ? v.items()
                    : e instanceof Ast.Group g ? g.items() : List.of();
            for (Ast.Expr it : items) {
                destinationHashes(it);
            }
        }
    }

    /**
     * The instructions as recorded, for {@link FlowGraph}: it checks that each is the one it
     * walks ({@code order[k] == insn}) before it trusts the rest.
     */
    Recorded recorded() {
        return new Recorded(order, keep, destStart, destHashes, count);
    }

    /** What {@link #add} recorded, by instruction number. */
    record Recorded(Ast.Instruction[] order, boolean[] keep, int[] destStart, int[] destHashes, int count) {

        /** Whether instruction {@code k} may write a name whose hash is in {@code set} (an open-addressing table, 0 free). */
        boolean mayWrite(int k, int[] set) {
            int mask = set.length - 1;
            for (int h = destStart[k]; h < destStart[k + 1]; h++) {
                int x = destHashes[h] == 0 ? 1 : destHashes[h];
                for (int slot = mix(x) & mask; set[slot] != 0; slot = slot + 1 & mask) {
                    if (set[slot] == x) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** The hash codes of {@code names} in an open-addressing table for {@link #mayWrite}. */
        static int[] table(Set<String> names) {
            int size = Integer.highestOneBit(Math.max(4, names.size() * 3)) * 2;
            int[] set = new int[size];
            for (String n : names) {
                int x = n.hashCode() == 0 ? 1 : n.hashCode();
                int slot = mix(x) & size - 1;
                while (set[slot] != 0 && set[slot] != x) {
                    slot = slot + 1 & size - 1;
                }
                set[slot] = x;
            }
            return set;
        }

        private static int mix(int h) {
            return h * 0x9E3779B9 >>> 7 ^ h;
        }
    }

    /**
     * The registers worth tracking, or null when nothing in the function can be decided: the
     * relevant names (every guard, every source of a modelled instruction other than mov, and
     * the sources of movs into those, transitively) that may hold a known value somewhere. A name
     * that never holds one is never known to the dataflow either, so leaving it out changes
     * nothing but the size of the states and of the flow graph. A name shared by registers of
     * different blocks only makes the set larger, which is safe: an untracked register is merely
     * unknown.
     */
    Set<String> trackedNames() {
        boolean[] known = possiblyKnown();
        if (known == null) {
            return null;
        }
        boolean[] rel = new boolean[nameCount];
        int[] work = new int[nameCount];
        int top = 0;
        for (int k = 0; k < relevantCount; k++) {
            if (!rel[relevant[k]]) {
                rel[relevant[k]] = true;
                work[top++] = relevant[k];
            }
        }
        if (movCount > 0) {
            // the sources of movs into relevant names, transitively (movs grouped by destination)
            int[] start = new int[nameCount + 1];
            for (int k = 0; k < movCount; k += 2) {
                start[movs[k] + 1]++;
            }
            for (int n = 0; n < nameCount; n++) {
                start[n + 1] += start[n];
            }
            int[] from = new int[movCount / 2];
            int[] fill = Arrays.copyOf(start, nameCount);
            for (int k = 0; k < movCount; k += 2) {
                from[fill[movs[k]]++] = movs[k + 1];
            }
            while (top > 0) {
                int d = work[--top];
                for (int k = start[d]; k < start[d + 1]; k++) {
                    if (!rel[from[k]]) {
                        rel[from[k]] = true;
                        work[top++] = from[k];
                    }
                }
            }
        }
        Set<String> tracked = new HashSet<>();
        for (int n = 0; n < nameCount; n++) {
            if (rel[n] && known[n]) {
                tracked.add(names[n]);
            }
        }
        return tracked;
    }

    /**
     * By name number, whether the name may hold a known value somewhere in the function (in any
     * order, across every scope); null when no comparison, selection or guard could be decided.
     */
    private boolean[] possiblyKnown() {
        boolean[] known = new boolean[nameCount];
        // Passes in program order: most chains run forward, so a second pass usually adds
        // nothing. A function whose chains still grow after a few passes (they run backward)
        // goes on with a fixpoint that revisits only the readers of the names that became known.
        int passes = 0;
        boolean changed = true;
        while (changed && passes++ < 3) {
            changed = false;
            for (int m = 0; m < modelled; m++) {
                if (produces(m, known)) {
                    changed |= learn(m, known);
                }
            }
            if (!changed && passes == 1) {
                break; // no name can become known at all (constant-only comparisons may still decide)
            }
        }
        if (changed) {
            fixpoint(known);
        }
        for (int k = 0; k < guardCount; k++) {
            if (known[guards[k]]) {
                return known;
            }
        }
        for (int m = 0; m < modelled; m++) {
            if (decides(m, known)) {
                return known;
            }
        }
        return null;
    }

    /** Marks the names instruction {@code m} writes as known; true if one was new. */
    private boolean learn(int m, boolean[] known) {
        boolean fresh = false;
        for (int j = 0; j < 2; j++) {
            int d = dst[2 * m + j];
            if (d >= 0 && !known[d]) {
                known[d] = true;
                fresh = true;
            }
        }
        return fresh;
    }

    /** Adds every name that follows from {@code known}, visiting only the readers of new names. */
    private void fixpoint(boolean[] known) {
        int[] start = new int[nameCount + 1];
        for (int m = 0; m < modelled; m++) {
            for (int j = 0; j < 3; j++) {
                if (src[3 * m + j] >= 0) {
                    start[src[3 * m + j] + 1]++;
                }
                if (j < 2 && raw[2 * m + j] >= 0) {
                    start[raw[2 * m + j] + 1]++;
                }
            }
        }
        for (int n = 0; n < nameCount; n++) {
            start[n + 1] += start[n];
        }
        int[] readers = new int[start[nameCount]];
        int[] fill = Arrays.copyOf(start, nameCount);
        for (int m = 0; m < modelled; m++) {
            for (int j = 0; j < 3; j++) {
                if (src[3 * m + j] >= 0) {
                    readers[fill[src[3 * m + j]]++] = m;
                }
                if (j < 2 && raw[2 * m + j] >= 0) {
                    readers[fill[raw[2 * m + j]]++] = m;
                }
            }
        }
        int[] work = new int[nameCount];
        int top = 0;
        for (int n = 0; n < nameCount; n++) {
            if (known[n]) {
                work[top++] = n;
            }
        }
        while (top > 0) {
            int n = work[--top];
            for (int r = start[n]; r < start[n + 1]; r++) {
                int m = readers[r];
                if (produces(m, known)) {
                    for (int j = 0; j < 2; j++) {
                        int d = dst[2 * m + j];
                        if (d >= 0 && !known[d]) {
                            known[d] = true;
                            work[top++] = d;
                        }
                    }
                }
            }
        }
    }

    private boolean isKnown(int m, int j, boolean[] known) {
        int c = src[3 * m + j - 1];
        return c == CONSTANT || c >= 0 && known[c];
    }

    /** Whether both sources of modelled instruction {@code m} are the same name. */
    private boolean sameName(int m) {
        int a = src[3 * m];
        return a >= 0 && a == src[3 * m + 1];
    }

    private boolean mayBeNaN(int m, int j, boolean[] known) {
        int c = raw[2 * m + j - 1];
        return c == NAN || c >= 0 && known[c];
    }

    /** Whether modelled instruction {@code m} could write a known value, given the possibly known names. */
    private boolean produces(int m, boolean[] known) {
        int k = kind[m] & 7;
        int n = kind[m] >>> 3 & 255;
        return switch (k) {
            case MOV, NOT -> n == 2 && isKnown(m, 1, known);
            case LOGIC -> n == 3 && (isKnown(m, 1, known) || isKnown(m, 2, known));
            case SELECT -> n == 4 && (isKnown(m, 3, known)
                    // or a and b are both known and may be equal (two different constants never are)
                    || isKnown(m, 1, known) && isKnown(m, 2, known) && (kind[m] & DISTINCT) == 0);
            default -> decides(m, known);
        };
    }

    /** Whether the outcome (a fact) of modelled instruction {@code m} could be decided. */
    private boolean decides(int m, boolean[] known) {
        int k = kind[m] & 7;
        int n = kind[m] >>> 3 & 255;
        if (n < 3) {
            return false;
        }
        return switch (k) {
            // a NaN constant or a register that may hold a NaN decides a float comparison alone,
            // and a known c decides and/or
            case COMPARE -> isKnown(m, 1, known) && isKnown(m, 2, known) || n > 3 && isKnown(m, 3, known)
                    || sameName(m) // a register compared with itself (Machine decides what of it it can)
                    || (kind[m] & FLOATS) != 0 && (mayBeNaN(m, 1, known) || mayBeNaN(m, 2, known));
            case SELECT -> n > 3 && (isKnown(m, 3, known) || sameName(m)); // a == b: the condition does not matter
            case VIDEO -> isKnown(m, 1, known) && isKnown(m, 2, known);
            default -> false; // mov, not, and, or, xor decide nothing a user wrote as a test
        };
    }

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

    /** Whether the instruction compares floating-point values (a type modifier says so). */
    static boolean comparesFloats(Ast.Instruction i) {
        java.util.List<dev.ptxlint.syntax.Token> mods = i.modifiers();
        for (int k = 0, n = mods.size(); k < n; k++) { // (no iterator: asked per comparison)
            switch (mods.get(k).text()) {
                case ".f32", ".f64", ".f16", ".bf16", ".f16x2", ".bf16x2":
                    return true;
                default:
                    break;
            }
        }
        return false;
    }
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
}
