package dev.ptxlint.eval;

import java.util.Locale;

/**
 * The vector and result formats of scripts/gpu-eval (see gen_vectors.py): a vector line is
 * {@code FORM A B [C]}, a result line is the vector line, {@code " -> "} and the result. This
 * class parses them and says what the evaluator predicts, formatted as run_gpu.py formats what the
 * GPU wrote.
 */
final class GpuVectors {
    private GpuVectors() {
    }

    /**
     * A video form's parts: {@code atype}, {@code btype}, the secondary operation (scalar
     * add/min/max, SIMD add, or null), the selectors as written ("" = none; {@code dmod} is the
     * scalar dsel or the SIMD mask), and whether a scalar vset has c without .op2 or dsel.
     */
    record Video(ScalarType atype, ScalarType btype, String op2, String dmod, String asel, String bsel, boolean cOnly) {
    }

    /**
     * A parsed form: {@code setp.CMP[.BOOL][.ftz].T}, {@code set.CMP[.BOOL][.ftz].D.S}, {@code selp.T},
     * {@code slct[.ftz].D.C}, or a video form {@code vset[2|4].A.B.CMP[.OP2][:d.SEL][:a.SEL][:b.SEL][:c]}
     * (then {@code video} is set and dtype/stype are .u32).
     */
    record Form(String opcode, CmpOp cmp, BoolOp bool, boolean ftz, ScalarType dtype, ScalarType stype, Video video) {
        static Form parse(String text) {
            if (text.startsWith("vset")) {
                return parseVideo(text);
            }
            String[] parts = text.split("\\.");
            String opcode = parts[0];
            CmpOp cmp = null;
            BoolOp bool = null;
            boolean ftz = false;
            ScalarType first = null;
            ScalarType second = null;
            for (int i = 1; i < parts.length; i++) {
                String m = parts[i];
                if (m.equals("ftz")) {
                    if (ftz) {
                        throw new IllegalArgumentException("two .ftz in " + text);
                    }
                    ftz = true;
                } else if (BoolOp.fromPtx(m).isPresent() && bool == null) {
                    bool = BoolOp.fromPtx(m).get();
                } else if (CmpOp.fromPtx(m).isPresent() && cmp == null) {
                    cmp = CmpOp.fromPtx(m).get();
                } else if (ScalarType.fromPtx(m).isPresent() && second == null) {
                    if (first == null) {
                        first = ScalarType.fromPtx(m).get();
                    } else {
                        second = ScalarType.fromPtx(m).get();
                    }
                } else {
                    throw new IllegalArgumentException("unexpected '." + m + "' in " + text);
                }
            }
            boolean ok = switch (opcode) {
                case "setp" -> cmp != null && first != null && second == null;
                case "set" -> cmp != null && second != null;
                case "selp" -> cmp == null && bool == null && !ftz && first != null && second == null;
                case "slct" -> cmp == null && bool == null && second != null;
                default -> false;
            };
            if (!ok) {
                throw new IllegalArgumentException("malformed form " + text);
            }
            return switch (opcode) {
                case "setp", "selp" -> new Form(opcode, cmp, bool, ftz, null, first, null);
                default -> new Form(opcode, cmp, bool, ftz, first, second, null);
            };
        }

        private static Form parseVideo(String text) {
            String[] slots = text.split(":", -1);
            String[] parts = slots[0].split("\\.");
            String opcode = parts[0];
            if (!(opcode.equals("vset") || opcode.equals("vset2") || opcode.equals("vset4"))
                    || parts.length < 4 || parts.length > 5) {
                throw new IllegalArgumentException("malformed video form " + text);
            }
            ScalarType at = ScalarType.fromPtx(parts[1]).orElseThrow(() -> new IllegalArgumentException("atype in " + text));
            ScalarType bt = ScalarType.fromPtx(parts[2]).orElseThrow(() -> new IllegalArgumentException("btype in " + text));
            CmpOp cmp = CmpOp.fromPtx(parts[3]).orElseThrow(() -> new IllegalArgumentException("cmp in " + text));
            String op2 = parts.length == 5 ? parts[4] : null;
            if (op2 != null && !(opcode.equals("vset") ? VideoSemantics.Op2.fromPtx(op2).isPresent() : op2.equals("add"))) {
                throw new IllegalArgumentException("secondary operation in " + text);
            }
            String[] sel = {"", "", ""};
            String order = "dab";
            int last = -1;
            boolean cOnly = false;
            for (int i = 1; i < slots.length; i++) {
                String s = slots[i];
                if (s.equals("c") && i == slots.length - 1 && opcode.equals("vset")) {
                    cOnly = true;
                    continue;
                }
                int slot = s.length() > 2 && s.charAt(1) == '.' ? order.indexOf(s.charAt(0)) : -1;
                if (slot <= last) {
                    throw new IllegalArgumentException("selector '" + s + "' out of place in " + text);
                }
                sel[slot] = s.substring(2);
                last = slot;
            }
            if (cOnly && (op2 != null || !sel[0].isEmpty())) {
                throw new IllegalArgumentException("':c' only without .op2 and dsel: " + text);
            }
            return new Form(opcode, cmp, null, false, ScalarType.U32, ScalarType.U32,
                    new Video(at, bt, op2, sel[0], sel[1], sel[2], cOnly));
        }

        /** Width in bits of A and B in a vector. */
        int operandWidth() {
            return opcode.equals("slct") ? dtype.width() : stype.width();
        }

        boolean takesC() {
            if (video != null) {
                return !opcode.equals("vset") || video.cOnly() || video.op2() != null || !video.dmod().isEmpty();
            }
            return bool != null || opcode.equals("selp") || opcode.equals("slct");
        }
    }

    /** A parsed vector line. */
    record Vector(String line, Form form, long a, long b, boolean negated, long c) {
        static Vector parse(String line) {
            String[] tok = line.trim().split("\\s+");
            if (tok.length < 3 || tok.length > 4) {
                throw new IllegalArgumentException("expected FORM A B [C]: " + line);
            }
            Form f = Form.parse(tok[0]);
            int w = f.operandWidth();
            long a = hex(tok[1], w, line);
            long b = hex(tok[2], w, line);
            if (f.takesC() != (tok.length == 4)) {
                throw new IllegalArgumentException((f.takesC() ? "missing" : "unexpected") + " C: " + line);
            }
            boolean neg = false;
            long c = 0;
            if (tok.length == 4) {
                String ct = tok[3];
                if (ct.startsWith("!")) {
                    if (f.bool == null) {
                        throw new IllegalArgumentException("'!' only with a BoolOp: " + line);
                    }
                    neg = true;
                    ct = ct.substring(1);
                }
                if (f.opcode().equals("slct") || f.video() != null) {
                    c = hex(ct, 32, line);
                } else if (ct.equals("0") || ct.equals("1")) {
                    c = Long.parseLong(ct);
                } else {
                    throw new IllegalArgumentException("C must be 0 or 1: " + line);
                }
            }
            return new Vector(line.trim(), f, a, b, neg, c);
        }

        private static long hex(String s, int width, String line) {
            if (s.length() != width / 4 || !s.matches("[0-9A-F]+")) {
                throw new IllegalArgumentException("'" + s + "' is not " + width / 4 + " upper-case hex digits: " + line);
            }
            return Long.parseUnsignedLong(s, 16);
        }

        /** What the evaluator says the GPU writes, in run_gpu.py's format. */
        String expected() {
            Form f = form;
            Semantics.Combine cb = f.bool() == null ? null : new Semantics.Combine(f.bool(), negated, c != 0);
            return switch (f.opcode()) {
                case "setp" -> {
                    Semantics.SetpResult r = Semantics.setp(f.cmp(), f.stype(), a, b, f.ftz(), cb);
                    boolean halfScalar = f.stype() == ScalarType.F16 || f.stype() == ScalarType.BF16;
                    yield (r.p() ? "1" : "0") + " " + (halfScalar ? "-" : r.q() ? "1" : "0");
                }
                case "set" -> hexOf(Semantics.set(f.cmp(), f.dtype(), f.stype(), a, b, f.ftz(), cb));
                case "selp" -> hexOf(Semantics.selp(f.stype(), a, b, c != 0));
                case "slct" -> hexOf(Semantics.slct(f.dtype(), f.stype(), a, b, c, f.ftz()));
                case "vset", "vset2", "vset4" -> hexOf(video(f));
                default -> throw new AssertionError(f);
            };
        }

        private Value video(Form f) {
            Video v = f.video();
            String as = dot(v.asel());
            String bs = dot(v.bsel());
            return switch (f.opcode()) {
                case "vset2" -> VideoSemantics.vset2(f.cmp(), v.atype(), v.btype(), v.op2() != null, dot(v.dmod()), a, as, b,
                        bs, c);
                case "vset4" -> VideoSemantics.vset4(f.cmp(), v.atype(), v.btype(), v.op2() != null, dot(v.dmod()), a, as, b,
                        bs, c);
                default -> {
                    if (!v.dmod().isEmpty()) {
                        yield VideoSemantics.vsetMerge(f.cmp(), v.atype(), v.btype(), dot(v.dmod()), a, as, b, bs, c);
                    }
                    if (v.op2() == null && !v.cOnly()) {
                        yield VideoSemantics.vset(f.cmp(), v.atype(), v.btype(), a, as, b, bs);
                    }
                    VideoSemantics.Op2 op2 = v.op2() == null ? null : VideoSemantics.Op2.fromPtx(v.op2()).orElseThrow();
                    yield VideoSemantics.vset(f.cmp(), v.atype(), v.btype(), a, as, b, bs, op2, c);
                }
            };
        }

        private static String dot(String sel) {
            return sel.isEmpty() ? "" : "." + sel;
        }

        private static String hexOf(Value v) {
            return String.format(Locale.ROOT, "%0" + v.type().width() / 4 + "X", v.bits());
        }
    }
}
