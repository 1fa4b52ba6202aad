package dev.ptxlint.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One vset/vset2/vset4 instruction with operand values, by name as in the PTX text, with the two
 * ways to evaluate it: {@link #reference()} ({@link VideoReference}) and {@link #evaluate()}
 * ({@link VideoSemantics}). Also the seeded generator of the bulk test.
 *
 * @param opcode vset, vset2 or vset4
 * @param dmod   scalar: the dsel or null; SIMD: the mask, "" for none
 * @param op2    scalar: add/min/max or null; SIMD: "add" or null
 * @param c      null for the three-operand scalar form
 */
record VideoCase(String opcode, String op, String atype, String btype, String asel, String bsel, String dmod,
        String op2, long a, long b, Long c) {

    Long reference() {
        return switch (opcode) {
            case "vset" -> VideoReference.vset(op, atype, btype, asel, bsel, op2, dmod, a, b, c);
            case "vset2" -> VideoReference.simd(2, op, atype, btype, op2 != null, dmod, asel, bsel, a, b, c);
            case "vset4" -> VideoReference.simd(4, op, atype, btype, op2 != null, dmod, asel, bsel, a, b, c);
            default -> throw new IllegalStateException(opcode);
        };
    }

    /** The evaluator's result bits; IllegalArgumentException where it rejects the form. */
    long evaluate() {
        CmpOp cmp = CmpOp.fromPtx(op).orElseThrow(() -> new IllegalArgumentException("no CmpOp " + op));
        ScalarType at = ScalarType.fromPtx(atype).orElseThrow(() -> new IllegalArgumentException("no type " + atype));
        ScalarType bt = ScalarType.fromPtx(btype).orElseThrow(() -> new IllegalArgumentException("no type " + btype));
        Value v = switch (opcode) {
            case "vset" -> {
                if (dmod != null) {
                    if (op2 != null || c == null) {
                        throw new IllegalArgumentException("the API has no dsel with op2 or without c");
                    }
                    yield VideoSemantics.vsetMerge(cmp, at, bt, dot(dmod), a, dot(asel), b, dot(bsel), c);
                }
                if (c == null) {
                    if (op2 != null) {
                        throw new IllegalArgumentException("the API has no op2 without c");
                    }
                    yield VideoSemantics.vset(cmp, at, bt, a, dot(asel), b, dot(bsel));
                }
                VideoSemantics.Op2 o = op2 == null ? null
                        : VideoSemantics.Op2.fromPtx(op2).orElseThrow(() -> new IllegalArgumentException(op2));
                yield VideoSemantics.vset(cmp, at, bt, a, dot(asel), b, dot(bsel), o, c);
            }
            case "vset2" -> VideoSemantics.vset2(cmp, at, bt, op2 != null, dot(dmod), a, dot(asel), b, dot(bsel), c);
            case "vset4" -> VideoSemantics.vset4(cmp, at, bt, op2 != null, dot(dmod), a, dot(asel), b, dot(bsel), c);
            default -> throw new IllegalStateException(opcode);
        };
        if (v.type() != ScalarType.U32) {
            throw new AssertionError("result type " + v.type());
        }
        return v.bits();
    }

    /** Selectors go to the API with their dot, as in the PTX text ("" stays "": none). */
    private static String dot(String s) {
        return s == null || s.isEmpty() ? s : "." + s;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(opcode).append('.').append(atype).append('.').append(btype).append('.')
                .append(op);
        if (op2 != null) {
            sb.append('.').append(op2);
        }
        sb.append(" d").append(dmod == null || dmod.isEmpty() ? "" : "." + dmod);
        sb.append(String.format(Locale.ROOT, ", %08X%s, %08X%s", a, asel.isEmpty() ? "" : "." + asel, b,
                bsel.isEmpty() ? "" : "." + bsel));
        if (c != null) {
            sb.append(String.format(Locale.ROOT, ", %08X", c));
        }
        return sb.toString();
    }

    // ---- generation ---------------------------------------------------------------------------

    static final int[] SPECIAL_BYTES = {0x00, 0x01, 0x02, 0x7E, 0x7F, 0x80, 0x81, 0xFE, 0xFF};
    static final int[] SPECIAL_HALVES = {0x0000, 0x0001, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF, 0x00FF, 0xFF00, 0x0080};

    /** A 32-bit operand: special bytes, special half-words, special words, or uniform bits. */
    static long operand(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> {
                long v = 0;
                for (int i = 0; i < 4; i++) {
                    int byt = r.nextInt(3) == 0 ? r.nextInt(256) : SPECIAL_BYTES[r.nextInt(SPECIAL_BYTES.length)];
                    v |= (long) byt << (8 * i);
                }
                yield v;
            }
            case 1 -> (long) SPECIAL_HALVES[r.nextInt(SPECIAL_HALVES.length)]
                    | (long) SPECIAL_HALVES[r.nextInt(SPECIAL_HALVES.length)] << 16;
            case 2 -> new long[] {0, 1, 0x7FFFFFFFL, 0x80000000L, 0xFFFFFFFFL, 0xFFFFFFFEL, 0x80000001L}[r.nextInt(7)];
            default -> r.nextLong() & 0xFFFFFFFFL;
        };
    }

    /** b related to a: independent, equal, one element changed by +-1, or sign bits flipped. */
    static long partner(SplittableRandom r, long a) {
        return switch (r.nextInt(6)) {
            case 0 -> a;
            case 1 -> (a + (1L << (8 * r.nextInt(4)))) & 0xFFFFFFFFL;
            case 2 -> (a - (1L << (8 * r.nextInt(4)))) & 0xFFFFFFFFL;
            case 3 -> a ^ (r.nextBoolean() ? 0x80808080L : 0x80008000L);
            default -> operand(r);
        };
    }

    static <T> T pick(SplittableRandom r, List<T> xs) {
        return xs.get(r.nextInt(xs.size()));
    }

    static final List<String> SCALAR_SEL_OR_NONE = withNone(VideoReference.SCALAR_SELS);
    static final List<String> MASK2_OR_NONE = withNone(VideoReference.MASKS2);
    static final List<String> MASK4_OR_NONE = withNone(VideoReference.MASKS4);

    static List<String> withNone(List<String> xs) {
        List<String> res = new ArrayList<>();
        res.add("");
        res.addAll(xs);
        return res;
    }

    static String simdSel(SplittableRandom r, int lanes) {
        if (r.nextInt(5) == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder(lanes == 2 ? "h" : "b");
        for (int i = 0; i < lanes; i++) {
            sb.append((char) ('0' + r.nextInt(2 * lanes)));
        }
        return sb.toString();
    }

    /** A legal case of a random form (scalar plain / op2 / c-only / merge, vset2, vset4). */
    static VideoCase legal(SplittableRandom r) {
        String op = pick(r, VideoReference.CMPS);
        String at = pick(r, VideoReference.TYPES);
        String bt = pick(r, VideoReference.TYPES);
        long a = operand(r);
        long b = partner(r, a);
        long c = r.nextInt(3) == 0 ? operand(r) : r.nextInt(4) == 0 ? 0xFFFFFFFFL : r.nextInt(3);
        int form = r.nextInt(10);
        if (form < 4) {
            String asel = pick(r, SCALAR_SEL_OR_NONE);
            String bsel = pick(r, SCALAR_SEL_OR_NONE);
            return switch (form) {
                case 0 -> new VideoCase("vset", op, at, bt, asel, bsel, null, null, a, b, null);
                case 1 -> new VideoCase("vset", op, at, bt, asel, bsel, null, pick(r, VideoReference.OP2S), a, b, c);
                case 2 -> new VideoCase("vset", op, at, bt, asel, bsel, r.nextInt(4) == 0 ? null
                        : pick(r, VideoReference.SCALAR_SELS), null, a, b, c);
                default -> new VideoCase("vset", op, at, bt, asel, bsel, pick(r, VideoReference.SCALAR_SELS), null, a, b, c);
            };
        }
        int lanes = form < 7 ? 2 : 4;
        return new VideoCase(lanes == 2 ? "vset2" : "vset4", op, at, bt, simdSel(r, lanes), simdSel(r, lanes),
                pick(r, lanes == 2 ? MASK2_OR_NONE : MASK4_OR_NONE), r.nextBoolean() ? "add" : null, a, b, c);
    }
}
