#!/usr/bin/env python3
"""Generate test vectors for the comparison/selection instructions (set, setp, selp, slct) and the
video comparisons (vset, vset2, vset4).

Vector file format (text, one vector per line; '#' starts a comment line):

    FORM A B [C]

  FORM  the instruction without operands, modifiers in the manual's order:
          setp.CMP[.BOOL][.ftz].TYPE     set.CMP[.BOOL][.ftz].DTYPE.STYPE
          selp.TYPE                      slct[.ftz].DTYPE.CTYPE
          vset.ATYPE.BTYPE.CMP[.OP2]     vset2.ATYPE.BTYPE.CMP[.add]     vset4.ATYPE.BTYPE.CMP[.add]
        video forms are followed by their operand selectors, each ':SLOT.SEL' (slot d, a or b, in
        that order, left out when none), and a scalar vset that has c without .op2 or a dsel ends
        in ':c'; e.g. vset2.s32.u32.lt.add:d.h1:a.h01:b.h32, vset.u32.u32.ge:d.b2:a.h1,
        vset.s32.s32.eq:c
  A, B  the source operands' bit patterns in hex, no 0x, exactly width/4 digits of the
        (s)type (setp/set), or of the type (selp) / dtype (slct)
  C     setp/set with a BoolOp: the predicate c as 0 or 1, prefixed with '!' for the {!}c form;
        selp: c as 0 or 1; slct: c's bits in hex, 8 digits (.s32 or .f32)
        video: A, B and C are 8 hex digits; C is there for vset2/vset4 always, for vset with .op2,
        a dsel or ':c'

The result file written by run_gpu.py repeats each vector line and appends ' -> ' and the result:
setp: 'P Q' (0/1 each; Q is '-' for .f16/.bf16, which have no q), set/selp/slct: D in hex, width of
the (d)type; vset/vset2/vset4: D in 8 hex digits. Default: about 20,000 vectors; --full: every form with every pair of special values
plus random pairs (over 100,000).
"""
import argparse, random, sys

FLOAT_OPS = "eq ne lt le gt ge equ neu ltu leu gtu geu num nan".split()
UNSIGNED_OPS = "eq ne lt le gt ge lo ls hi hs".split()
SIGNED_OPS = "eq ne lt le gt ge".split()
BIT_OPS = ["eq", "ne"]
FMT = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}
WIDTH = {"b16": 16, "b32": 32, "b64": 64, "u16": 16, "u32": 32, "u64": 64, "s16": 16, "s32": 32, "s64": 64,
         "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f16x2": 32, "bf16x2": 32}
SETP_TYPES = "b16 b32 b64 u16 u32 u64 s16 s32 s64 f32 f64 f16 f16x2 bf16 bf16x2".split()
SELECT_TYPES = "b16 b32 b64 u16 u32 u64 s16 s32 s64 f32 f64".split()
FTZ = {"f32", "f16", "f16x2"}
NON_HALF = SELECT_TYPES
SET_PAIRS = ([(d, s) for d in ("u32", "s32") for s in NON_HALF + ["f16", "f16x2", "bf16", "bf16x2"]]
             + [("f32", s) for s in NON_HALF] + [("f16", s) for s in NON_HALF + ["f16"]]
             + [("bf16", s) for s in NON_HALF + ["f16", "bf16"]]
             + [(d, s) for d in ("u16", "s16") for s in ("f16", "bf16")]
             + [("f16x2", "f16x2"), ("bf16x2", "bf16x2")])


def ops_for(t):
    if t[0] == "b" and t not in ("bf16", "bf16x2"):
        return BIT_OPS
    if t[0] == "u":
        return UNSIGNED_OPS
    if t[0] == "s":
        return SIGNED_OPS
    return FLOAT_OPS


def float_specials(t):
    e, m = FMT[t]
    def pat(s, ex, fr):
        return int(s + ex + fr, 2)
    ones, zeros = "1" * e, "0" * e
    bodies = [(zeros, "0" * m), (zeros, "0" * (m - 1) + "1"), (zeros, "1" * m), (zeros, "1" + "0" * (m - 1)),
              ("0" * (e - 1) + "1", "0" * m), ("0" + "1" * (e - 1), "0" * m), ("0" + "1" * (e - 1), "0" * (m - 1) + "1"),
              ("0" + "1" * (e - 2) + "0", "1" * m), ("1" * (e - 1) + "0", "1" * m), (ones, "0" * m),
              (ones, "1" + "0" * (m - 1)), (ones, "0" * (m - 1) + "1"), (ones, "01" + "0" * (m - 2)), (ones, "1" * m)]
    res = []
    for ex, fr in bodies:
        for s in "01":
            v = pat(s, ex, fr)
            if v not in res:
                res.append(v)
    return res


def int_specials(w):
    mask = (1 << w) - 1
    vals = [0, 1, 2, mask, mask - 1]
    k = 8
    while k <= w:
        sign = 1 << (k - 1)
        vals += [sign & mask, (sign - 1) & mask, (sign + 1) & mask, ((1 << k) - 1) & mask]
        k *= 2
    out = []
    for v in vals:
        if v not in out:
            out.append(v)
    return out


def specials(t):
    if t in ("f16x2", "bf16x2"):
        lane = float_specials(t[:-2])
        return [lo | hi << 16 for lo in lane for hi in lane[::5]]
    if t in FMT:
        return float_specials(t)
    return int_specials(WIDTH[t])


def rand_operand(rng, t):
    w = WIDTH[t]
    r = rng.random()
    sp = specials(t)
    if r < 0.4:
        return rng.choice(sp)
    if r < 0.6:
        if t in ("f16x2", "bf16x2"):
            lane = float_specials(t[:-2])
            return (rng.choice(lane) + rng.randint(-2, 2)) & 0xFFFF | (rng.choice(lane) + rng.randint(-2, 2)) % 65536 << 16
        return (rng.choice(sp) + rng.randint(-2, 2)) % (1 << w)
    return rng.getrandbits(w)


def pairs(rng, t, n, full):
    """Operand pairs: all special pairs in full mode, plus random pairs (some equal, some negated)."""
    w = WIDTH[t]
    out = []
    if full:
        sp = specials(t)
        if len(sp) > 48:
            sp = sp[:48]
        out += [(a, b) for a in sp for b in sp]
    sign = (1 << (w - 1)) if t not in ("f16x2", "bf16x2") else 0x80008000
    for _ in range(n):
        a = rand_operand(rng, t)
        r = rng.random()
        if r < 0.15:
            b = a
        elif r < 0.25:
            b = a ^ sign
        else:
            b = rand_operand(rng, t)
        out.append((a, b))
    return out


def hexw(v, w):
    return format(v, "0%dX" % (w // 4))


def forms():
    """(form, source type, needs c) for every form, BoolOp variants on a few operators per type."""
    res = []
    for t in SETP_TYPES:
        for op in ops_for(t):
            for ftz in ([False, True] if t in FTZ else [False]):
                res.append(("setp.%s%s.%s" % (op, ".ftz" if ftz else "", t), t, False))
        for op in ops_for(t)[:1] + ops_for(t)[2:3] + ops_for(t)[-1:]:
            for b in ("and", "or", "xor"):
                res.append(("setp.%s.%s%s.%s" % (op, b, ".ftz" if t in FTZ else "", t), t, True))
    for d, s in SET_PAIRS:
        ops = ops_for(s) if d in ("u32", "f16x2", "bf16x2") else ops_for(s)[:1] + ops_for(s)[2:3] + ops_for(s)[-1:]
        for op in ops:
            for ftz in ([False, True] if s in FTZ and d != "bf16" else [False]):
                res.append(("set.%s%s.%s.%s" % (op, ".ftz" if ftz else "", d, s), s, False))
        op = ops_for(s)[min(2, len(ops_for(s)) - 1)]
        for b in ("and", "or", "xor"):
            res.append(("set.%s.%s.%s.%s" % (op, b, d, s), s, True))
    for t in SELECT_TYPES:
        res.append(("selp.%s" % t, t, True))
        res.append(("slct.%s.s32" % t, t, True))
        res.append(("slct.%s.f32" % t, t, True))
        res.append(("slct.ftz.%s.f32" % t, t, True))
    return res


# ---- video: vset, vset2, vset4 --------------------------------------------------------------------

VTYPES = [("u32", "u32"), ("u32", "s32"), ("s32", "u32"), ("s32", "s32")]
VCMPS = "eq ne lt le gt ge".split()
SCALAR_SELS = ["", "b0", "b1", "b2", "b3", "h0", "h1"]
MASK2 = ["", "h0", "h1", "h10"]
MASK4 = ["", "b0", "b1", "b10", "b2", "b20", "b21", "b210", "b3", "b30", "b31", "b310", "b32", "b320", "b321",
         "b3210"]
SEL2 = [""] + ["h%d%d" % (x, y) for x in range(4) for y in range(4)]


def vform(opcode, types, cmp, op2=None, d="", a="", b="", c=False):
    s = "%s.%s.%s.%s%s" % (opcode, types[0], types[1], cmp, "." + op2 if op2 else "")
    for slot, sel in (("d", d), ("a", a), ("b", b)):
        if sel:
            s += ":%s.%s" % (slot, sel)
    return s + (":c" if c else "")


def video_forms():
    """Video forms (form text, needs c): the type x cmp grid of every form kind, every selector and
    mask in some form, the other slots rotating; seeded random selector pairs for vset2/vset4."""
    rng = random.Random(7)
    res = []
    grid = [(t, c) for t in VTYPES for c in VCMPS]
    # scalar vset
    for j, (t, c) in enumerate(grid):
        res.append((vform("vset", t, c, a=SCALAR_SELS[j % 7], b=SCALAR_SELS[(j // 7 + j) % 7]), False))
    for j in range(49):
        t, c = grid[(5 * j) % 24]
        res.append((vform("vset", t, c, a=SCALAR_SELS[j % 7], b=SCALAR_SELS[j // 7]), False))
    for k, op2 in enumerate(("add", "min", "max")):
        for j, (t, c) in enumerate(grid):
            res.append((vform("vset", t, c, op2, a=SCALAR_SELS[(j + k) % 7], b=SCALAR_SELS[(3 * j + k) % 7]), True))
    for j, (t, c) in enumerate(grid):
        res.append((vform("vset", t, c, a=SCALAR_SELS[(j + 2) % 7], b=SCALAR_SELS[(j + 5) % 7], c=True), True))
    for k, dsel in enumerate(SCALAR_SELS[1:]):
        for j, (t, c) in enumerate(grid):
            res.append((vform("vset", t, c, d=dsel, a=SCALAR_SELS[(j + k) % 7], b=SCALAR_SELS[(2 * j + k) % 7]), True))
    # vset2 / vset4
    for opcode, masks, sels, lanes in (("vset2", MASK2, SEL2, 2), ("vset4", MASK4, None, 4)):
        def sel(r):
            if sels:
                return r.choice(sels)
            return "" if r.random() < 0.15 else "b" + "".join(str(r.randrange(8)) for _ in range(4))
        for j, (t, c) in enumerate(grid):
            for add in (None, "add"):
                res.append((vform(opcode, t, c, add, d=masks[j % len(masks)], a=sel(rng), b=sel(rng)), True))
        for j, m in enumerate(masks):
            for add in (None, "add"):
                for c in (("eq", "lt", "ge") if lanes == 4 else VCMPS):
                    res.append((vform(opcode, VTYPES[j % 4], c, add, d=m, a=sel(rng), b=sel(rng)), True))
        if lanes == 2:
            sweeps = [(s, "") for s in SEL2[1:]] + [("", s) for s in SEL2[1:]]
        else:
            digits = lambda base, p, v: "b" + "".join(str(v) if i == p else base[i] for i in range(4))
            sweeps = ([(digits("3210", p, v), "") for p in range(4) for v in range(8)]
                      + [("", digits("7654", p, v)) for p in range(4) for v in range(8)])
        sweeps += [(sel(rng), sel(rng)) for _ in range(32 if lanes == 2 else 48)]
        for j, (sa, sb) in enumerate(sweeps):
            t, c = grid[(7 * j) % 24]
            res.append((vform(opcode, t, c, "add" if j % 3 == 0 else None, d=masks[j % len(masks)], a=sa, b=sb), True))
    return res


VIDEO_BYTES = [0x00, 0x01, 0x02, 0x7E, 0x7F, 0x80, 0x81, 0xFE, 0xFF]
VIDEO_HALVES = [0x0000, 0x0001, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF, 0x00FF, 0xFF00, 0x0080]


def video_operand(rng):
    r = rng.random()
    if r < 0.35:
        return sum((rng.choice(VIDEO_BYTES) if rng.random() < 0.7 else rng.randrange(256)) << (8 * i) for i in range(4))
    if r < 0.6:
        return rng.choice(VIDEO_HALVES) | rng.choice(VIDEO_HALVES) << 16
    if r < 0.7:
        return rng.choice([0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE, 0x80000001])
    return rng.getrandbits(32)


def video_vector(rng):
    a = video_operand(rng)
    r = rng.random()
    if r < 0.15:
        b = a
    elif r < 0.35:
        b = (a + (rng.choice([1, -1]) << (8 * rng.randrange(4)))) % (1 << 32)
    elif r < 0.45:
        b = a ^ rng.choice([0x80808080, 0x80008000])
    else:
        b = video_operand(rng)
    c = rng.choice([0, 1, 2, 0xFFFFFFFF, 0x80000000]) if rng.random() < 0.4 else video_operand(rng)
    return a, b, c


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--full", action="store_true", help="all special pairs per form (over 100,000 vectors)")
    ap.add_argument("--video-per-form", type=int, default=None, help="vectors per video form (default 12, full 64)")
    ap.add_argument("--per-form", type=int, default=None, help="random pairs per form (default 12, full 48)")
    ap.add_argument("--seed", type=int, default=20251122)
    ap.add_argument("--max-forms", type=int, default=None, help="only the first N forms (for samples)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    per = a.per_form if a.per_form is not None else (48 if a.full else 12)
    out = sys.stdout if a.output == "-" else open(a.output, "w")
    fl = forms()[: a.max_forms] if a.max_forms else forms()
    out.write("# ptxlint gpu-eval vectors v1: FORM A B [C]  (scripts/gpu-eval/gen_vectors.py --seed %d%s)\n"
              % (a.seed, " --full" if a.full else ""))
    n = 0
    for form, t, needs_c in fl:
        op = form.split(".")[0]
        w = WIDTH[t]
        ps = pairs(rng, t, per, a.full and op == "setp" and not needs_c)
        for x, y in ps:
            if op in ("setp", "set"):
                cs = ""
                if needs_c:
                    cs = " " + rng.choice(["", "!"]) + str(rng.randint(0, 1))
                out.write("%s %s %s%s\n" % (form, hexw(x, w), hexw(y, w), cs))
            elif op == "selp":
                out.write("%s %s %s %d\n" % (form, hexw(x, w), hexw(y, w), rng.randint(0, 1)))
            else:  # slct: c is .s32 or .f32
                ct = form.split(".")[-1]
                c = rand_operand(rng, "f32" if ct == "f32" else "s32")
                out.write("%s %s %s %s\n" % (form, hexw(x, w), hexw(y, w), hexw(c, 32)))
            n += 1
    vper = a.video_per_form if a.video_per_form is not None else (
        a.per_form if a.per_form is not None else (64 if a.full else 12))
    vfl = video_forms()[: a.max_forms] if a.max_forms else video_forms()
    for form, needs_c in vfl:
        for _ in range(vper):
            x, y, c = video_vector(rng)
            out.write("%s %s %s%s\n" % (form, hexw(x, 32), hexw(y, 32), " " + hexw(c, 32) if needs_c else ""))
            n += 1
    fl = fl + vfl
    if out is not sys.stdout:
        out.close()
    print("gen_vectors: %d vectors, %d forms" % (n, len(fl)), file=sys.stderr)


if __name__ == "__main__":
    main()
