package dev.ptxlint.checker.fold;

import dev.ptxlint.checker.Exprs;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.eval.BoolOp;
import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.eval.FloatFormat;
import dev.ptxlint.eval.Literals;
import dev.ptxlint.eval.ScalarType;
import dev.ptxlint.eval.Semantics;
import dev.ptxlint.eval.VideoSemantics;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs one instruction on the abstract state: a map from register to its known bits (a register
 * that is absent is unknown). Models {@code mov}, {@code setp}, {@code set}, {@code selp} and
 * {@code slct} through {@link Semantics}; any other instruction makes the registers of its first
 * operand (the destination in PTX's convention) unknown. A guard that is not known merges the old
 * and the new value of each destination.
 *
 * <p>With an {@link Observer}, it also reports what it proved ({@link Fact}s) and the known value
 * of every register operand, before the instruction for sources and after it for destinations.
 */
final class Machine {
    private Machine() {
    }

    interface Observer {
        default void known(Ast.Expr operand, ScalarType type, long bits, boolean destination) {
        }

        default void fact(Fact fact) {
        }
    }

    static final Observer SILENT = new Observer() {
    };

    /** Executes {@code s}; {@code trusted} is false for an instruction with errors (it is not evaluated). */
    static void run(FlowGraph g, FlowGraph.Step s, Map<Reg, Long> state, boolean trusted, Observer obs) {
        run(g, s, state, trusted, obs, null);
    }

    /**
     * As {@link #run(FlowGraph, FlowGraph.Step, Map, boolean, Observer)}; {@code writes} (the
     * instruction that last wrote each register in the current block, or null) lets facts point
     * at where their known operands were set.
     */
    static void run(FlowGraph g, FlowGraph.Step s, Map<Reg, Long> state, boolean trusted, Observer observer,
            Map<Reg, Ast.Instruction> writes) {
        Observer obs = observer;
        boolean report = obs != SILENT;
        if (report && writes != null && !writes.isEmpty()) {
            obs = relating(observer, s, state, writes);
        }
        if (!report && (!trusted || s.mods() == null)) {
            // the common case: an instruction we do not model only makes its destination unknown
            if (s.ops().length > 0 && !state.isEmpty()) {
                forget(s.ops()[0], state);
            }
            return;
        }
        if (report) {
            for (int k = 1; k < s.ops().length; k++) {
                observe(s.ops()[k], state, obs, false);
            }
            if (s.guard() != null) {
                observe(s.guard(), state, obs, false);
            }
        }
        Boolean guard = null;
        if (s.guard() != null) {
            guard = pred(s.guard(), state);
            if (report && guard != null) {
                guardFact(s, guard, obs);
            }
        }
        if (Boolean.FALSE.equals(guard)) {
            return; // never executes: nothing changes
        }
        Map<Reg, Long> updates = new HashMap<>(4);
        Exec x = new Exec(s, state, updates, report ? obs : SILENT);
        boolean modelled = trusted && x.execute();
        if (!modelled) {
            updates.clear();
            if (s.ops().length > 0) {
                kill(s.ops()[0], updates);
            }
        }
        boolean unknownGuard = s.guard() != null && guard == null;
        for (Map.Entry<Reg, Long> u : updates.entrySet()) {
            Long now = u.getValue();
            if (now == null || unknownGuard && !now.equals(state.get(u.getKey()))) {
                state.remove(u.getKey()); // unknown, or the paths with and without the write disagree
            } else {
                state.put(u.getKey(), now);
            }
        }
        if (report && s.ops().length > 0) {
            observe(s.ops()[0], state, obs, true);
        }
    }

    /** Adds to each fact the places in the block that set its known register operands. */
    private static Observer relating(Observer inner, FlowGraph.Step s, Map<Reg, Long> state,
            Map<Reg, Ast.Instruction> writes) {
        return new Observer() {
            @Override
            public void known(Ast.Expr operand, ScalarType type, long bits, boolean destination) {
                inner.known(operand, type, bits, destination);
            }

            @Override
            public void fact(Fact f) {
                List<Ref> sources = new ArrayList<>();
                if (f.rule() == Rules.CONSTANT_GUARD) {
                    sources.add(s.guard());
                } else {
                    for (int k = 1; k < s.ops().length; k++) {
                        sources.add(s.ops()[k]);
                    }
                }
                List<dev.ptxlint.diag.Diagnostic.Related> related = new ArrayList<>();
                java.util.Set<Reg> seen = new java.util.HashSet<>();
                for (Ref r : sources) {
                    if (r instanceof Ref.Register reg && reg.reg() != null && seen.add(reg.reg())) {
                        Long v = state.get(reg.reg());
                        Ast.Instruction w = writes.get(reg.reg());
                        if (v != null && w != null) {
                            related.add(new dev.ptxlint.diag.Diagnostic.Related(TextRange.of(w.span()),
                                    reg.reg().name() + " is set to " + Display.value(reg.reg().type(), v) + " here"));
                        }
                    }
                }
                inner.fact(related.isEmpty() ? f : f.withRelated(related));
            }
        };
    }

    private static void observe(Ref r, Map<Reg, Long> state, Observer obs, boolean destination) {
        if (r instanceof Ref.Register reg && reg.reg() != null) {
            Long v = state.get(reg.reg());
            if (v != null) {
                obs.known(reg.expr(), reg.reg().type(), v, destination);
            }
        } else if (r instanceof Ref.Pair p) {
            observe(p.first(), state, obs, destination);
            observe(p.second(), state, obs, destination);
        }
    }

    private static void forget(Ref r, Map<Reg, Long> state) {
        if (r instanceof Ref.Register reg && reg.reg() != null) {
            state.remove(reg.reg());
        } else if (r instanceof Ref.Pair p) {
            forget(p.first(), state);
            forget(p.second(), state);
        } else if (r instanceof Ref.Many m) {
            m.regs().forEach(state::remove);
        }
    }

    private static void kill(Ref r, Map<Reg, Long> updates) {
        if (r instanceof Ref.Register reg && reg.reg() != null) {
            updates.put(reg.reg(), null);
        } else if (r instanceof Ref.Pair p) {
            kill(p.first(), updates);
            kill(p.second(), updates);
        } else if (r instanceof Ref.Many m) {
            m.regs().forEach(x -> updates.put(x, null));
        }
    }

    /** A predicate operand's value ({@code !} applied), or null if unknown. */
    static Boolean pred(Ref r, Map<Reg, Long> state) {
        if (r instanceof Ref.Register reg && reg.reg() != null && reg.reg().type() == ScalarType.PRED
                && reg.selector() == null) {
            Long v = state.get(reg.reg());
            return v == null ? null : (v != 0) != reg.negated();
        }
        if (r instanceof Ref.Literal l) {
            try {
                return Literals.decode(l.text(), ScalarType.PRED).pred();
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }

    private static void guardFact(FlowGraph.Step s, boolean value, Observer obs) {
        Ast.Guard g = s.insn().guard();
        String text = "@" + (g.negated() ? "!" : "") + g.predicate().text();
        String pname = g.predicate().text();
        String known = g.negated() ? " because " + pname + " is always " + !value : "";
        if (value) {
            Span remove = new Span(g.span().start(), s.insn().opcode().span().start(), g.span().line(),
                    g.span().column(), s.insn().opcode().span().line(), s.insn().opcode().span().column());
            obs.fact(new Fact(Rules.CONSTANT_GUARD, g.span(),
                    "guard " + text + " is always true" + known + ", so it has no effect; remove the guard, "
                            + "or check where " + pname + " is set if it should vary",
                    Fix.unsafe("Remove the guard " + text, TextRange.of(remove), ""), s.insn().span(),
                    text + " is always true"));
        } else {
            obs.fact(new Fact(Rules.CONSTANT_GUARD, g.span(),
                    "guard " + text + " is always false" + known + ", so '" + s.insn().mnemonic()
                            + "' never executes; remove the instruction, or check where " + pname
                            + " is set if it should vary",
                    null, s.insn().span(), text + " is always false: never executes"));
        }
    }

    /**
     * Whether two operands are the same register read twice (same declaration, same negation and
     * selector): an instruction reads its operands at once, so they hold the same value.
     */
    static boolean sameRegister(Ref a, Ref b) {
        return a instanceof Ref.Register x && b instanceof Ref.Register y && x.reg() != null
                && x.reg().equals(y.reg()) && x.negated() == y.negated()
                && Objects.equals(x.selector(), y.selector());
    }

    /**
     * {@code x CmpOp x} for every value x of a scalar type, or null when it depends on x: integers
     * are decided by the operator alone; a float compared with itself is decided when a NaN gives
     * the same answer as a number (ordered {@code lt gt ne} never hold, unordered {@code equ leu
     * geu} always do; {@code eq le ge num} and {@code neu ltu gtu nan} test for NaN). {@code .ftz}
     * flushes both operands alike and changes nothing.
     */
    static Boolean selfCompare(CmpOp cmp, ScalarType t, boolean ftz) {
        boolean number = Semantics.compare(cmp, t, 0, 0, ftz);
        if (t.kind() != ScalarType.Kind.FLOAT) {
            return number;
        }
        FloatFormat f = t.format();
        long nan = f.exponentMask() | f.quietBit();
        return Semantics.compare(cmp, t, nan, nan, ftz) == number ? number : null;
    }

    /** One evaluation of a modelled instruction. */
    private static final class Exec {
        final FlowGraph.Step s;
        final Ref[] ops;
        final Map<Reg, Long> state;
        final Map<Reg, Long> updates;
        final Observer obs;

        // modifiers, decoded once per instruction (FlowGraph.Step.mods)
        CmpOp cmp;
        BoolOp bool;
        boolean ftz;
        VideoSemantics.Op2 op2;
        List<ScalarType> types;

        Exec(FlowGraph.Step s, Map<Reg, Long> state, Map<Reg, Long> updates, Observer obs) {
            this.s = s;
            this.ops = s.ops();
            this.state = state;
            this.updates = updates;
            this.obs = obs;
            Mods m = s.mods();
            if (m != null) {
                cmp = m.cmp();
                bool = m.bool();
                ftz = m.ftz();
                op2 = m.op2();
                types = m.types();
            }
        }

        /** Runs the instruction; false if it is not modelled (the caller then kills its destination). */
        boolean execute() {
            String op = s.opcode();
            if (s.mods() == null || op2 != null && !op.startsWith("vset")) {
                return false; // not modelled, or a modifier the semantics do not take
            }
            try {
                return switch (op) {
                    case "mov" -> mov();
                    case "setp" -> setp();
                    case "set" -> set();
                    case "selp" -> selp();
                    case "slct" -> slct();
                    case "not", "and", "or", "xor" -> logic(op);
                    default -> video(op);
                };
            } catch (IllegalArgumentException e) {
                updates.clear();
                return false; // a form the semantics do not define: ptxas rejects it, the checks report it
            }
        }

        // ---- operands

        Long read(Ref r, ScalarType t) {
            if (r instanceof Ref.Register reg) {
                if (reg.reg() == null || reg.negated() || reg.selector() != null) {
                    return null;
                }
                ScalarType rt = reg.reg().type();
                Long v = state.get(reg.reg());
                if (v == null || rt == ScalarType.PRED || t == ScalarType.PRED) {
                    return null;
                }
                boolean fits = t.isInteger() ? rt.width() >= t.width() : rt.width() == t.width();
                return fits ? v & t.mask() : null;
            }
            if (r instanceof Ref.Literal l) {
                try {
                    return Literals.decode(l.text(), t).bits();
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
            if (r instanceof Ref.Other o && o.expr() instanceof Ast.Name n && n.text().equals("WARP_SZ")
                    && n.suffixes().isEmpty() && t.isInteger()) {
                return 32L & t.mask();
            }
            return null;
        }

        /** Records the new value (null: unknown) of a destination, or kills what cannot hold it. */
        void write(Ref d, ScalarType t, Long bits) {
            if (d instanceof Ref.Register reg && reg.reg() != null && reg.selector() == null && !reg.negated()
                    && reg.reg().type().width() == t.width()
                    && (reg.reg().type() == ScalarType.PRED) == (t == ScalarType.PRED)) {
                updates.put(reg.reg(), reg.reg().tracked() ? bits : null);
            } else {
                kill(d, updates);
            }
        }

        String text(Ref r) {
            return Exprs.text(r.expr());
        }

        /** How an operand reads in a message: {@code 5}, or {@code %r1 (3)}. */
        String describe(Ref r, ScalarType t, long bits) {
            if (r instanceof Ref.Literal) {
                return text(r);
            }
            return text(r) + " = " + Display.value(t, bits);
        }

        // ---- mov

        private boolean mov() {
            if (types.size() != 1 || cmp != null || bool != null || ftz || ops.length != 2) {
                return false;
            }
            ScalarType t = types.get(0);
            if (t == ScalarType.PRED) {
                write(ops[0], t, boolBits(pred(ops[1], state)));
            } else {
                write(ops[0], t, read(ops[1], t));
            }
            return true;
        }

        // ---- setp / set

        private Boolean c() {
            return ops.length > 3 ? pred(ops[3], state) : null;
        }

        private boolean isNaN(ScalarType t, Long bits) {
            return bits != null && t.kind() == ScalarType.Kind.FLOAT && t.format().isNaN(bits);
        }

        /**
         * Whether the comparison is decided because a register is compared with itself (PTX0305
         * instead of PTX0300): {@link #selfCompare} of the operator, or null.
         */
        private Boolean self(ScalarType t) {
            return sameRegister(ops[1], ops[2]) ? selfCompare(cmp, t.isPacked() ? t.lane() : t, ftz) : null;
        }

        /** The comparison's result per lane (one lane for scalars), or null where unknown. */
        private Boolean[] compare(ScalarType t, Long a, Long b) {
            Boolean[] lanes = compareValues(t, a, b);
            Boolean r = self(t);
            if (r != null) {
                Arrays.fill(lanes, r);
            }
            return lanes;
        }

        private Boolean[] compareValues(ScalarType t, Long a, Long b) {
            // validates the operator and .ftz for the type even when nothing is known
            Semantics.compare(cmp, t.isPacked() ? t.lane() : t, 0, 0, ftz);
            if (t.isPacked()) {
                if (a == null || b == null) {
                    return new Boolean[] {null, null};
                }
                ScalarType lane = t.lane();
                return new Boolean[] {
                    Semantics.compare(cmp, lane, a & 0xFFFF, b & 0xFFFF, ftz),
                    Semantics.compare(cmp, lane, a >>> 16 & 0xFFFF, b >>> 16 & 0xFFFF, ftz)};
            }
            if (a != null && b != null) {
                return new Boolean[] {Semantics.compare(cmp, t, a, b, ftz)};
            }
            if (isNaN(t, a) || isNaN(t, b)) {
                // one NaN decides every comparison; the other operand's value does not matter
                return new Boolean[] {Semantics.compare(cmp, t, a == null ? 0 : a, b == null ? 0 : b, ftz)};
            }
            return new Boolean[] {null};
        }

        /** BoolOp(t, c) with the instruction's BoolOp; see {@link #combine(BoolOp, Boolean, Boolean)}. */
        private Boolean combine(Boolean t, Boolean c) {
            return Machine.combine(bool, t, c);
        }

        private boolean setp() {
            if (types.size() != 1 || cmp == null || ops.length != (bool == null ? 3 : 4)) {
                return false;
            }
            ScalarType t = types.get(0);
            Long a = read(ops[1], t);
            Long b = read(ops[2], t);
            Boolean[] lanes = compare(t, a, b);
            Boolean c = c();
            Boolean p;
            Boolean q;
            if (t.isPacked()) {
                p = combine(lanes[0], c);
                q = combine(lanes[1], c);
            } else {
                p = combine(lanes[0], c);
                q = combine(lanes[0] == null ? null : !lanes[0], c);
            }
            Ref d = ops[0];
            if (d instanceof Ref.Pair pair) {
                write(pair.first(), ScalarType.PRED, boolBits(p));
                if (!(pair.second() instanceof Ref.Sink)) {
                    write(pair.second(), ScalarType.PRED, boolBits(q));
                }
            } else {
                write(d, ScalarType.PRED, boolBits(p));
            }
            if (obs != SILENT) {
                String result = d instanceof Ref.Pair pair && !(pair.second() instanceof Ref.Sink)
                        ? text(pair.first()) + " = " + show(p) + ", " + text(pair.second()) + " = " + show(q)
                        : text(d instanceof Ref.Pair pair ? pair.first() : d) + " = " + show(p);
                compareFact(t, a, b, lanes, result);
            }
            return true;
        }

        private boolean set() {
            if (types.size() != 2 || cmp == null || ops.length != (bool == null ? 3 : 4)) {
                return false;
            }
            ScalarType dtype = types.get(0);
            ScalarType stype = types.get(1);
            if (!Semantics.isLegalSet(dtype, stype)) {
                return false;
            }
            Long a = read(ops[1], stype);
            Long b = read(ops[2], stype);
            Boolean[] lanes = compare(stype, a, b);
            Boolean c = c();
            Long bits;
            if (stype.isPacked()) {
                Boolean lo = combine(lanes[0], c);
                Boolean hi = combine(lanes[1], c);
                long one = dtype.isPacked() ? Semantics.trueBits(dtype.lane()) : 0xFFFF;
                bits = lo == null || hi == null ? null : (lo ? one : 0) | (hi ? one : 0) << 16;
            } else {
                Boolean r = combine(lanes[0], c);
                bits = r == null ? null : r ? Semantics.trueBits(dtype) : 0L;
            }
            // validates ftz and the form exactly as the semantics define them
            Semantics.set(cmp, dtype, stype, 0, 0, ftz);
            write(ops[0], dtype, bits);
            if (obs != SILENT) {
                compareFact(stype, a, b, lanes, text(ops[0]) + " = "
                        + (bits == null ? "not known" : Display.value(dtype, bits)));
            }
            return true;
        }

        private void compareFact(ScalarType t, Long a, Long b, Boolean[] lanes, String result) {
            boolean decided = true;
            for (Boolean l : lanes) {
                decided &= l != null;
            }
            if (!decided) {
                return;
            }
            String outcome = lanes.length == 1 ? "always " + lanes[0]
                    : "always " + lanes[0] + " in the lower lane and " + lanes[1] + " in the upper lane";
            String mn = s.insn().mnemonic();
            Span whole = instructionSpan();
            if (self(t) != null) {
                String same = text(ops[1]);
                boolean floats = t.kind() == ScalarType.Kind.FLOAT;
                obs.fact(new Fact(Rules.SELF_COMPARISON, ops[2].expr().span(),
                        "comparison '" + mn + "' compares " + same + " with itself, so it is " + outcome
                                + (floats ? " (NaN or not)" : "") + "; " + result
                                + "; if the second operand should be another register, correct it; "
                                + "otherwise use the result directly",
                        null, s.insn().span(), outcome + " (" + same + " compared with itself); " + result));
                return;
            }
            Ref nanLiteral = isNaN(t, a) && ops[1] instanceof Ref.Literal ? ops[1]
                    : isNaN(t, b) && ops[2] instanceof Ref.Literal ? ops[2] : null;
            String summary = outcome + "; " + result;
            String why = switch (cmp) {
                case NUM -> "'num' is true only when neither operand is NaN";
                case NAN -> "'nan' is true whenever an operand is NaN";
                default -> cmp.isUnordered()
                        ? "unordered '" + name(cmp) + "' is true whenever an operand is NaN"
                        : "ordered '" + name(cmp) + "' is false whenever an operand is NaN";
            };
            if (nanLiteral != null) {
                String advice = cmp == CmpOp.NUM || cmp == CmpOp.NAN
                        ? "compare against the value you meant, or drop the test"
                        : "to test for NaN use '" + s.opcode() + ".nan', and write the number you meant otherwise";
                obs.fact(new Fact(Rules.NAN_LITERAL_COMPARISON, nanLiteral.expr().span(),
                        "comparison with the NaN constant " + text(nanLiteral) + " is " + outcome + ": " + why + "; "
                                + advice, null, s.insn().span(), summary));
                return;
            }
            String known;
            if (a != null && b != null) {
                known = "it compares " + describe(ops[1], t, a) + " with " + describe(ops[2], t, b);
            } else {
                known = isNaN(t, a) ? describe(ops[1], t, a) : describe(ops[2], t, b);
                known += ", and " + why;
            }
            boolean constants = ops[1] instanceof Ref.Literal && ops[2] instanceof Ref.Literal;
            String advice = constants ? "both operands are constants; use the result directly"
                    : "if the operands should vary, check where they are set; otherwise use the result directly";
            if (cmp == CmpOp.NUM || cmp == CmpOp.NAN) {
                obs.fact(new Fact(Rules.CONSTANT_NAN_TEST, whole,
                        "NaN test '" + mn + "' is " + outcome + ": " + known + "; " + advice, null, s.insn().span(),
                        summary));
            } else {
                obs.fact(new Fact(Rules.CONSTANT_COMPARISON, whole,
                        "comparison '" + mn + "' is " + outcome + ": " + known + "; " + advice, null,
                        s.insn().span(), summary));
            }
        }

        // ---- not, and, or, xor on predicates

        /** {@code not.pred d, a} and {@code and/or/xor.pred d, a, b}; other types are not modelled. */
        private boolean logic(String op) {
            if (types.size() != 1 || types.get(0) != ScalarType.PRED || cmp != null || bool != null || ftz
                    || ops.length != (op.equals("not") ? 2 : 3)) {
                return false;
            }
            Boolean a = pred(ops[1], state);
            Boolean r;
            if (op.equals("not")) {
                r = a == null ? null : !a;
            } else {
                Boolean b = pred(ops[2], state);
                BoolOp bo = op.equals("and") ? BoolOp.AND : op.equals("or") ? BoolOp.OR : BoolOp.XOR;
                r = Machine.combine(bo, a, b); // decided by one operand where and/or allow it
            }
            write(ops[0], ScalarType.PRED, boolBits(r));
            return true;
        }

        // ---- vset, vset2, vset4

        /** A 32-bit source as the video instructions read it: the whole register, selectors aside. */
        private Long raw(Ref r) {
            if (r instanceof Ref.Register reg) {
                if (reg.reg() == null || reg.negated() || reg.reg().type().width() != 32) {
                    return null;
                }
                return state.get(reg.reg());
            }
            return read(r, ScalarType.U32);
        }

        private static String selector(Ref r) {
            return r instanceof Ref.Register reg ? reg.selector() : null;
        }

        private boolean video(String op) {
            if (types.size() != 2 || cmp == null || bool != null || ftz || ops.length < 3 || ops.length > 4) {
                return false;
            }
            ScalarType at = types.get(0);
            ScalarType bt = types.get(1);
            Long a = raw(ops[1]);
            Long b = raw(ops[2]);
            String asel = selector(ops[1]);
            String bsel = selector(ops[2]);
            String dsel = selector(ops[0]);
            boolean scalar = op.equals("vset");
            if (!scalar && ops.length != 4) {
                return false;
            }
            java.util.function.LongUnaryOperator eval = c -> {
                long x = a == null ? 0 : a;
                long y = b == null ? 0 : b;
                return switch (op) {
                    case "vset" -> ops.length == 3 ? VideoSemantics.vset(cmp, at, bt, x, asel, y, bsel).bits()
                            : dsel != null ? VideoSemantics.vsetMerge(cmp, at, bt, dsel, x, asel, y, bsel, c).bits()
                            : VideoSemantics.vset(cmp, at, bt, x, asel, y, bsel, op2, c).bits();
                    case "vset2" -> VideoSemantics.vset2(cmp, at, bt, op2 == VideoSemantics.Op2.ADD, dsel, x, asel,
                            y, bsel, c).bits();
                    case "vset4" -> VideoSemantics.vset4(cmp, at, bt, op2 == VideoSemantics.Op2.ADD, dsel, x, asel,
                            y, bsel, c).bits();
                    default -> throw new IllegalArgumentException(op);
                };
            };
            if (!op.equals("vset") && !op.equals("vset2") && !op.equals("vset4")) {
                return false;
            }
            if (op2 != null && op2 != VideoSemantics.Op2.ADD && !scalar) {
                return false;
            }
            long probe = eval.applyAsLong(0); // validates the form even when nothing is known
            Long d = null;
            if (a != null && b != null) {
                Long c = ops.length == 4 ? raw(ops[3]) : Long.valueOf(0);
                if (c != null) {
                    d = eval.applyAsLong(c);
                } else if (probe == eval.applyAsLong(0xFFFFFFFFL)) {
                    d = probe; // the result does not depend on c (the extremes bound every merge and op2)
                }
            }
            if (ops[0] instanceof Ref.Register reg && reg.reg() != null && !reg.negated()
                    && reg.reg().type().width() == 32) {
                updates.put(reg.reg(), d != null && reg.reg().tracked() ? d : null);
            } else {
                kill(ops[0], updates);
            }
            if (obs != SILENT && a != null && b != null) {
                // the comparisons alone: every lane written, nothing added, nothing merged
                long lanes = switch (op) {
                    case "vset2" -> VideoSemantics.vset2(cmp, at, bt, false, null, a, asel, b, bsel, 0).bits();
                    case "vset4" -> VideoSemantics.vset4(cmp, at, bt, false, null, a, asel, b, bsel, 0).bits();
                    default -> VideoSemantics.vset(cmp, at, bt, a, asel, b, bsel).bits();
                };
                String outcome;
                if (scalar) {
                    outcome = "always " + (lanes != 0);
                } else {
                    int n = op.equals("vset2") ? 2 : 4;
                    int w = 32 / n;
                    StringBuilder sb = new StringBuilder("always (");
                    for (int i = 0; i < n; i++) {
                        sb.append(i == 0 ? "" : ", ").append((lanes >>> (w * i) & ((1L << w) - 1)) != 0);
                    }
                    outcome = sb.append(") in lanes 0 to ").append(n - 1).toString();
                }
                String result = text(ops[0]) + " = " + (d == null ? "not known (it depends on c)"
                        : Display.value(ScalarType.B32, d));
                obs.fact(new Fact(Rules.CONSTANT_COMPARISON, instructionSpan(),
                        "comparison '" + s.insn().mnemonic() + "' is " + outcome + ": it compares "
                                + describe(ops[1], ScalarType.B32, a) + " with " + describe(ops[2], ScalarType.B32, b)
                                + "; " + result + "; if the operands should vary, check where they are set",
                        null, s.insn().span(), outcome + "; " + result));
            }
            return true;
        }

        // ---- selp / slct

        private boolean selp() {
            if (types.size() != 1 || cmp != null || bool != null || ftz || ops.length != 4) {
                return false;
            }
            ScalarType t = types.get(0);
            Semantics.selp(t, 0, 0, false); // validates the type
            Boolean c = pred(ops[3], state);
            select(t, c, c == null ? null : "the condition " + conditionText(ops[3], c));
            return true;
        }

        private boolean slct() {
            if (types.size() != 2 || cmp != null || bool != null || ops.length != 4) {
                return false;
            }
            ScalarType dtype = types.get(0);
            ScalarType ctype = types.get(1);
            Semantics.slct(dtype, ctype, 0, 1, 0, ftz); // validates the form
            Long cv = read(ops[3], ctype);
            Boolean pickA = cv == null ? null : Semantics.slct(dtype, ctype, 0, 1, cv, ftz).bits() == 0;
            select(dtype, pickA, cv == null ? null
                    : "c = " + (ops[3] instanceof Ref.Literal ? text(ops[3])
                            : text(ops[3]) + " = " + Display.value(ctype, cv))
                    + (pickA ? " is >= 0" : ctype == ScalarType.F32 && FloatFormat.F32.isNaN(cv) ? " is NaN"
                            : " is < 0"));
            return true;
        }

        private String conditionText(Ref c, boolean value) {
            if (c instanceof Ref.Literal) {
                return text(c) + " is " + (value ? "non-zero" : "zero");
            }
            return text(c) + " is always " + value;
        }

        private void select(ScalarType t, Boolean pickA, String why) {
            Long a = read(ops[1], t);
            Long b = read(ops[2], t);
            Long d;
            if (pickA != null) {
                d = pickA ? a : b;
            } else {
                d = a != null && a.equals(b) ? a : null;
            }
            write(ops[0], t, d);
            if (obs != SILENT && pickA == null && sameRegister(ops[1], ops[2])) {
                // the same register on both sides: the condition does not matter
                String mn = s.insn().mnemonic();
                String dest = text(ops[0]);
                String src = text(ops[1]);
                String repl = "mov" + t.ptxName() + " " + dest + ", " + src;
                Fix fix = ops[0] instanceof Ref.Register
                        ? Fix.unsafe("Replace with '" + repl + "'", TextRange.of(instructionSpan()), repl) : null;
                obs.fact(new Fact(Rules.CONSTANT_SELECTION, ops[2].expr().span(),
                        "'" + mn + "' selects " + src + " whatever the condition is: a and b are the same register; if b"
                                + " should be another register, correct it; otherwise use '" + repl + "'",
                        fix, s.insn().span(), dest + " = " + src + " (a and b are the same register)"));
            }
            if (obs != SILENT && pickA != null) {
                Ref chosen = pickA ? ops[1] : ops[2];
                String which = pickA ? "a" : "b";
                String mn = s.insn().mnemonic();
                String dest = text(ops[0]);
                String src = text(chosen);
                Fix fix = null;
                String movType = t.ptxName();
                if (ops[0] instanceof Ref.Register && (chosen instanceof Ref.Register || chosen instanceof Ref.Literal)) {
                    String repl = "mov" + movType + " " + dest + ", " + src;
                    fix = Fix.unsafe("Replace with '" + repl + "'", TextRange.of(instructionSpan()), repl);
                }
                obs.fact(new Fact(Rules.CONSTANT_SELECTION, ops[3].expr().span(),
                        "'" + mn + "' always selects " + which + " (" + src + "): " + why
                                + "; use 'mov" + movType + " " + dest + ", " + src + "', or check where the condition is set",
                        fix, s.insn().span(), dest + " = " + src + (d == null ? "" : " = " + Display.value(t, d))));
            }
        }

        /** From the opcode to the end of the last operand (the guard and ';' excluded). */
        private Span instructionSpan() {
            Span from = s.insn().opcode().span();
            List<Ast.Expr> o = s.insn().operands();
            Span to = o.isEmpty() ? from : o.get(o.size() - 1).span();
            return from.to(to);
        }
    }

    /** The modifiers of a modelled instruction, sorted by kind. */
    record Mods(CmpOp cmp, BoolOp bool, boolean ftz, VideoSemantics.Op2 op2, List<ScalarType> types) {
    }

    /** {@code i}'s modifiers, or null if one of them is not a CmpOp, BoolOp, .ftz, type or video op2 (or repeats one). */
    static Mods decode(Ast.Instruction i) {
        CmpOp cmp = null;
        BoolOp bool = null;
        boolean ftz = false;
        VideoSemantics.Op2 op2 = null;
        // the types as List.copyOf would make them, without a list and an iterator per call (asked per
        // modelled instruction; C1 does no escape analysis)
        ScalarType t0 = null;
        ScalarType t1 = null;
        List<ScalarType> more = null;
        int typeCount = 0;
        List<Token> mods = i.modifiers();
        for (int j = 0, n = mods.size(); j < n; j++) {
            String t = mods.get(j).text();
            Object k = MODIFIERS.get(t);
            if (k instanceof CmpOp c && cmp == null) {
                cmp = c;
            } else if (k instanceof BoolOp b && bool == null) {
                bool = b;
            } else if (t.equals(".ftz") && !ftz) {
                ftz = true;
            } else if (k instanceof ScalarType ty) {
                if (typeCount == 0) {
                    t0 = ty;
                } else if (typeCount == 1) {
                    t1 = ty;
                } else {
                    if (more == null) {
                        more = new ArrayList<>(4);
                        more.add(t0);
                        more.add(t1);
                    }
                    more.add(ty);
                }
                typeCount++;
            } else if (k instanceof VideoSemantics.Op2 o && op2 == null) {
                op2 = o;
            } else {
                return null;
            }
        }
        List<ScalarType> types = typeCount == 0 ? List.of() : typeCount == 1 ? List.of(t0)
                : typeCount == 2 ? List.of(t0, t1) : List.copyOf(more);
        return new Mods(cmp, bool, ftz, op2, types);
    }

    /** The first type among {@code i}'s modifiers, or null (without decoding the others). */
    static ScalarType firstType(Ast.Instruction i) {
        List<Token> mods = i.modifiers();
        for (int j = 0, n = mods.size(); j < n; j++) {
            if (MODIFIERS.get(mods.get(j).text()) instanceof ScalarType t) {
                return t;
            }
        }
        return null;
    }

    /** The modifiers the modelled instructions take, by spelling: CmpOps, BoolOps and types. */
    private static final Map<String, Object> MODIFIERS = new HashMap<>();

    static {
        for (CmpOp c : CmpOp.values()) {
            MODIFIERS.put(c.ptxName(), c);
        }
        for (BoolOp b : BoolOp.values()) {
            MODIFIERS.put(b.ptxName(), b);
        }
        for (ScalarType t : ScalarType.values()) {
            MODIFIERS.put(t.ptxName(), t);
        }
        for (VideoSemantics.Op2 o : VideoSemantics.Op2.values()) {
            MODIFIERS.put(o.ptxName(), o);
        }
    }

    private static String name(CmpOp op) {
        return op.ptxName().substring(1);
    }

    private static String show(Boolean b) {
        return b == null ? "not known" : b.toString();
    }

    /**
     * {@code op(t, c)} with what is known, or {@code t} when there is no op; null when it depends
     * on something unknown ({@code and} with one false side and {@code or} with one true side are
     * decided by that side alone).
     */
    static Boolean combine(BoolOp op, Boolean t, Boolean c) {
        if (op == null) {
            return t;
        }
        if (t != null && c != null) {
            return op.apply(t, c);
        }
        Boolean known = t != null ? t : c;
        if (known == null) {
            return null;
        }
        if (op == BoolOp.AND && !known) {
            return false;
        }
        if (op == BoolOp.OR && known) {
            return true;
        }
        return null;
    }

    private static Long boolBits(Boolean b) {
        return b == null ? null : b ? 1L : 0L;
    }
}
