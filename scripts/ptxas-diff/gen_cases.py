#!/usr/bin/env python3
"""Deterministic generator of ptxas differential-test cases for the PTX
comparison/selection families: set, setp (integer and float), the
half-precision set/setp forms (f16, f16x2, bf16, bf16x2), selp and slct.

Case schema
-----------
Each case is a ``Case(family, version, target, instr)`` tuple:

  family   one of  set | setp | set-half | setp-half | selp | slct
           (the family the generator *meant* to exercise: mutated or
           ill-typed variants keep the family of the form they came from;
           "-half" = the form's type (set: dtype or stype) is one of
           f16/f16x2/bf16/bf16x2)
  version  PTX ISA version for the ``.version`` line, e.g. "9.0"
  target   value of the ``.target`` line, e.g. "sm_90", "sm_90a"
  instr    exactly one instruction, on one line, with its ';'
           (no tabs, no newlines; register names are the ones declared in
           testdata/ptxas/template.ptx)

Cases are de-duplicated on (version, target, instr) and numbered in
generation order: id = "c%06d" (1-based).  The output (``--out FILE`` or
stdout) is a TSV: id, family, version, target, instr.

Everything is deterministic: the random parts use random.Random(SEED).

Register names (see template.ptx):
  %p .pred  %h .b16  %r .b32  %rd .b64  %f .f32  %fd .f64
  %us .u16  %ss .s16 %u .u32  %s .s32   %ud .u64 %sd .s64
  %hf .f16  %bb .b8  %ub .u8  %sb .s8
"""
import argparse
import random
import sys
from collections import namedtuple

SEED = 20250901

Case = namedtuple("Case", "family version target instr")

CMPOPS = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
          "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]
HALF = ["f16", "f16x2", "bf16", "bf16x2"]
STD = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"]
WRONG = ["u8", "s8", "b8", "pred"]
TYPES = STD + HALF + WRONG          # 19 instruction types
BOOLOPS = ["and", "or", "xor"]

# "natural" register (untyped/bit-size where the type is integer) per type
NAT = {"b16": "%h", "u16": "%h", "s16": "%h", "f16": "%h", "bf16": "%h",
       "b32": "%r", "u32": "%r", "s32": "%r", "f16x2": "%r", "bf16x2": "%r",
       "b64": "%rd", "u64": "%rd", "s64": "%rd",
       "f32": "%f", "f64": "%fd", "u8": "%bb", "s8": "%bb", "b8": "%bb",
       "pred": "%p"}
# exactly-typed register per type (where one exists)
TYPED = {"b16": "%h", "u16": "%us", "s16": "%ss", "f16": "%hf",
         "b32": "%r", "u32": "%u", "s32": "%s",
         "b64": "%rd", "u64": "%ud", "s64": "%sd",
         "f32": "%f", "f64": "%fd", "u8": "%ub", "s8": "%sb", "b8": "%bb",
         "pred": "%p", "f16x2": "%r", "bf16x2": "%r", "bf16": "%h"}

# operand kinds used in the operand grids (name -> text)
OPERANDS = [
    ("reg_b16", "%h3"), ("reg_b32", "%r3"), ("reg_b64", "%rd3"),
    ("reg_u16", "%us3"), ("reg_s16", "%ss3"), ("reg_u32", "%u3"),
    ("reg_s32", "%s3"), ("reg_u64", "%ud3"), ("reg_s64", "%sd3"),
    ("reg_f32", "%f3"), ("reg_f64", "%fd3"), ("reg_f16", "%hf3"),
    ("reg_b8", "%bb3"), ("reg_u8", "%ub3"), ("reg_s8", "%sb3"),
    ("reg_pred", "%p3"), ("not_pred", "!%p3"),
    ("int", "1"), ("int0", "0"), ("neg_int", "-1"), ("hex", "0x10"),
    ("hex16", "0xFFFF"), ("hex17", "0x1FFFF"), ("hex32", "0xFFFFFFFF"),
    ("hex33", "0x100000000"), ("hexU", "0x10U"), ("octal", "017"), ("bin", "0b101"),
    ("expr", "(1+2)"), ("f32hex", "0f3F800000"), ("f64hex", "0d3FF0000000000000"),
    ("dec_float", "1.5"), ("neg_float", "-1.5"), ("exp_float", "1e5"),
    ("sreg_tid", "%tid.x"), ("sreg_laneid", "%laneid"), ("sreg_clock64", "%clock64"),
    ("warp_sz", "WARP_SZ"), ("vec2", "{%r3, %r4}"), ("vec_h", "{%h3, %h4}"),
    ("sink", "_"), ("undeclared", "%q1"),
]

ALL_VT = [  # valid (version, target) combinations, checked against ptxas 13.0
    (v, t)
    for v, ts in [
        ("4.1", ["sm_50"]),
        ("4.2", ["sm_50", "sm_53"]),
        ("6.5", ["sm_50", "sm_53", "sm_75"]),
        ("7.0", ["sm_50", "sm_53", "sm_75", "sm_80"]),
        ("7.8", ["sm_50", "sm_53", "sm_75", "sm_80", "sm_89", "sm_90"]),
        ("8.0", ["sm_50", "sm_53", "sm_75", "sm_80", "sm_89", "sm_90", "sm_90a"]),
        ("9.0", ["sm_50", "sm_53", "sm_75", "sm_80", "sm_89", "sm_90", "sm_90a", "sm_100a"]),
    ]
    for t in ts
]

V, T = "9.0", "sm_90"   # default header


def fam_set(dtype, stype):
    return "set-half" if dtype in HALF or stype in HALF else "set"


def fam_setp(t):
    return "setp-half" if t in HALF else "setp"


def reg(t, n, typed=False):
    return (TYPED if typed else NAT)[t] + str(n)


def boolvariants():
    """(modifier, trailing-operand) pairs: none, each BoolOp with c / !c,
    BoolOp without c, c without BoolOp."""
    out = [("", "")]
    for b in BOOLOPS:
        out.append(("." + b, ", %p3"))
        out.append(("." + b, ", !%p3"))
    out.append((".and", ""))          # BoolOp, c missing
    out.append(("", ", %p3"))         # c without BoolOp
    return out


def setp_text(cmp, t, ftz=False, bool_=("", ""), dest="%p1", a=None, b=None):
    a = a if a is not None else reg(t, 1)
    b = b if b is not None else reg(t, 2)
    return "setp.%s%s%s.%s %s, %s, %s%s;" % (
        cmp, bool_[0], ".ftz" if ftz else "", t, dest, a, b, bool_[1])


def set_dest(dtype):
    return reg(dtype, 0) if dtype in NAT else "%r0"


def set_text(cmp, dtype, stype, ftz=False, bool_=("", ""), dest=None, a=None, b=None):
    dest = dest if dest is not None else set_dest(dtype)
    a = a if a is not None else reg(stype, 1)
    b = b if b is not None else reg(stype, 2)
    return "set.%s%s%s.%s.%s %s, %s, %s%s;" % (
        cmp, bool_[0], ".ftz" if ftz else "", dtype, stype, dest, a, b, bool_[1])


SET_DTYPES = ["u32", "s32", "f32", "f16", "f16x2", "bf16", "bf16x2", "u16", "s16",
              "b32", "b16", "u64", "f64", "pred", "u8"]
SLCT_CTYPES = ["s32", "f32", "u32", "b32", "s16", "s64", "f16", "f64", "bf16", "pred"]


def split_instr(s):
    """'setp.lt.s32 %p1, %r1, %r2;' -> (['setp', 'lt', 's32'], ['%p1', '%r1', '%r2'])."""
    head, _, rest = s.partition(" ")
    ops = [o.strip() for o in rest.rstrip(";").split(",")]
    return head.split("."), ops


def join_instr(mods, ops):
    return ".".join(mods) + " " + ", ".join(ops) + ";"


def typo(m, rnd, letters):
    """A random one-character typo in modifier m: drop, insert or replace a character, or
    upper-case / double the last letter."""
    p = rnd.randrange(len(m) + 1)
    op = rnd.randrange(4)
    if op == 0 and m:
        return m[:p] + m[p + 1:]
    if op == 1:
        return m[:p] + rnd.choice(letters) + m[p:]
    if op == 2 and p < len(m):
        return m[:p] + rnd.choice(letters) + m[p + 1:]
    return m.upper() if rnd.random() < 0.5 else m + m[-1:]


def generate(seed=SEED, mutations=2800, only_mutations=False):
    """All cases; with only_mutations, just section I (seeded near-valid mutations)."""
    rnd = random.Random(seed)
    cases = []

    def add(fam, instr, v=V, t=T):
        cases.append(Case(fam, v, t, instr))

    # ---- A. setp: CmpOp x type x BoolOp/c x ftz ---------------------------
    for t in TYPES:
        for cmp in CMPOPS:
            for bv in boolvariants():
                add(fam_setp(t), setp_text(cmp, t, False, bv))
            for bv in boolvariants()[:2]:
                add(fam_setp(t), setp_text(cmp, t, True, bv))
    # ---- A2. setp destination forms ----------------------------------------
    dests = ["%p1", "%p1|%p2", "_|%p2", "%p1|_", "_", "_|_", "%p1 | %p2",
             "%p1|%p1", "{%p1, %p2}", "%r1", "%h1", "%p1|%r2", "%p1|%p2|%p4",
             "!%p1", "%p1, %p2"]
    for t in TYPES:
        for cmp in ["eq", "lt", "num"]:
            for d in dests:
                add(fam_setp(t), setp_text(cmp, t, dest=d))
                add(fam_setp(t), setp_text(cmp, t, dest=d, bool_=(".and", ", %p3")))
    # ---- B. setp / set operand kinds ---------------------------------------
    for t in TYPES:
        for name, op in OPERANDS:
            add(fam_setp(t), setp_text("eq", t, a=op))
            add(fam_setp(t), setp_text("eq", t, b=op))
            add(fam_set("u32", t), set_text("eq", "u32", t, b=op))
            add(fam_set("u32", t), set_text("eq", "u32", t, a=op))
            # c operand kinds
            add(fam_setp(t), setp_text("eq", t, bool_=(".and", ", " + op)))
    # exactly-typed registers for every type and both sources
    for t in TYPES:
        for cmp in ["eq", "lt", "ltu"]:
            add(fam_setp(t), setp_text(cmp, t, a=reg(t, 1, True), b=reg(t, 2, True)))
            add(fam_set("u32", t), set_text(cmp, "u32", t, a=reg(t, 1, True), b=reg(t, 2, True)))
    # set destination kinds
    for dtype in SET_DTYPES:
        for name, op in OPERANDS:
            if name.startswith("reg_") or name in ("sink", "vec2", "vec_h", "undeclared", "int"):
                add(fam_set(dtype, "s32"), set_text("lt", dtype, "s32", dest=op))
                add(fam_set(dtype, "f16"), set_text("lt", dtype, "f16", dest=op))
                add(fam_set(dtype, "f16x2"), set_text("lt", dtype, "f16x2", dest=op))
        for d in ["%p1|%p2", "%r0|%r1", "_|%r1"]:
            add(fam_set(dtype, "s32"), set_text("lt", dtype, "s32", dest=d))
    # ---- C. set dtype x stype grid -----------------------------------------
    for dtype in SET_DTYPES:
        for stype in TYPES:
            full = dtype in ("u32", "f32", "f16", "f16x2", "bf16", "bf16x2", "u16")
            for cmp in (CMPOPS if full else ["eq", "lt", "lo", "equ", "num"]):
                add(fam_set(dtype, stype), set_text(cmp, dtype, stype))
            for cmp in ["eq", "lt"]:
                add(fam_set(dtype, stype), set_text(cmp, dtype, stype, ftz=True))
            for bv in [(".and", ", %p3"), (".or", ", !%p3"), (".and", "")]:
                add(fam_set(dtype, stype), set_text("lt", dtype, stype, bool_=bv))
            add(fam_set(dtype, stype), set_text("lt", dtype, stype, ftz=True, bool_=(".xor", ", %p3")))
    # ---- E. selp ------------------------------------------------------------
    for t in TYPES:
        d, a, b = reg(t, 0), reg(t, 1), reg(t, 2)
        add("selp", "selp.%s %s, %s, %s, %%p1;" % (t, d, a, b))
        add("selp", "selp.%s %s, %s, %s, %%p1;" % (t, reg(t, 0, True), reg(t, 1, True), reg(t, 2, True)))
        for name, op in OPERANDS:
            add("selp", "selp.%s %s, %s, %s, %%p1;" % (t, op, a, b))
            add("selp", "selp.%s %s, %s, %s, %%p1;" % (t, d, op, b))
            add("selp", "selp.%s %s, %s, %s, %%p1;" % (t, d, a, op))
            add("selp", "selp.%s %s, %s, %s, %s;" % (t, d, a, b, op))
        for extra in [".ftz", ".lt", ".and", ".sat", ".rn"]:
            add("selp", "selp%s.%s %s, %s, %s, %%p1;" % (extra, t, d, a, b))
            add("selp", "selp.%s%s %s, %s, %s, %%p1;" % (t, extra, d, a, b))
        add("selp", "selp.%s %s, %s, %s;" % (t, d, a, b))
        add("selp", "selp.%s %s, %s, %s, %%p1, %%p2;" % (t, d, a, b))
        add("selp", "selp.%s.%s %s, %s, %s, %%p1;" % (t, t, d, a, b))
    add("selp", "selp %r0, %r1, %r2, %p1;")
    # ---- F. slct ------------------------------------------------------------
    for dt in TYPES:
        for ct in SLCT_CTYPES:
            for ftz in (False, True):
                d, a, b, c = reg(dt, 0), reg(dt, 1), reg(dt, 2), reg(ct, 3)
                f = ".ftz" if ftz else ""
                add("slct", "slct%s.%s.%s %s, %s, %s, %s;" % (f, dt, ct, d, a, b, c))
                add("slct", "slct.%s%s.%s %s, %s, %s, %s;" % (dt, f, ct, d, a, b, c))
                add("slct", "slct.%s.%s%s %s, %s, %s, %s;" % (dt, ct, f, d, a, b, c))
            add("slct", "slct.%s.%s %s, %s, %s, %s;" % (ct, dt, reg(dt, 0), reg(dt, 1), reg(dt, 2), reg(ct, 3)))
            add("slct", "slct.%s.%s %s, %s, %s, %s;" % (dt, ct, reg(dt, 0, True), reg(dt, 1, True), reg(dt, 2, True), reg(ct, 3, True)))
        if dt in ("b16", "b32", "b64", "u32", "s32", "f32", "f64", "f16", "bf16x2", "u8", "pred"):
            d, a, b = reg(dt, 0), reg(dt, 1), reg(dt, 2)
            for name, op in OPERANDS:
                add("slct", "slct.%s.s32 %s, %s, %s, %%s3;" % (dt, op, a, b))
                add("slct", "slct.%s.s32 %s, %s, %s, %%s3;" % (dt, d, op, b))
                add("slct", "slct.%s.s32 %s, %s, %s, %%s3;" % (dt, d, a, op))
                add("slct", "slct.%s.s32 %s, %s, %s, %s;" % (dt, d, a, b, op))
                add("slct", "slct.%s.f32 %s, %s, %s, %s;" % (dt, d, a, b, op))
        add("slct", "slct.%s %s, %s, %s, %s;" % (dt, reg(dt, 0), reg(dt, 1), reg(dt, 2), "%s3"))
    # ---- G. modifier order / duplicated / conflicting modifiers ------------
    def perms(xs):
        if len(xs) <= 1:
            return [list(xs)]
        out = []
        for i, x in enumerate(xs):
            for p in perms(xs[:i] + xs[i + 1:]):
                out.append([x] + p)
        return out

    for t in ["f32", "s32", "u32", "b32", "f64", "f16", "f16x2", "bf16", "bf16x2"]:
        for cmp in ["lt", "lo", "num"]:
            for mods in ([cmp, "and", "ftz", t], [cmp, "ftz", t], [cmp, "and", t]):
                for p in perms(mods):
                    c = ", %p3" if "and" in p else ""
                    add(fam_setp(t), "setp.%s %%p1, %s, %s%s;" % (".".join(p), reg(t, 1), reg(t, 2), c))
    for dt, st in [("f32", "s32"), ("u32", "f32"), ("s32", "u32"), ("u32", "f16"), ("f16", "f16"),
                   ("u32", "f16x2"), ("f16x2", "f16x2"), ("bf16", "f32"), ("u32", "bf16x2"), ("f32", "f64")]:
        for mods in ([dt, "lt", "and", "ftz", st], ["lt", "ftz", dt, st], ["lt", "and", dt, st]):
            for p in perms(mods):
                c = ", %p3" if "and" in p else ""
                add(fam_set(dt, st), "set.%s %s, %s, %s%s;" % (".".join(p), set_dest(dt), reg(st, 1), reg(st, 2), c))
    for dt, ct in [("u32", "s32"), ("f32", "f32"), ("b64", "f32"), ("f16", "s32")]:
        for p in perms([dt, ct, "ftz"]):
            add("slct", "slct.%s %s, %s, %s, %s;" % (".".join(p), reg(dt, 0), reg(dt, 1), reg(dt, 2), reg(ct, 3)))
    extras = CMPOPS + BOOLOPS + ["ftz", "sat", "rn", "approx", "f32", "s32", "u32", "f16", "f16x2", "bf16", "cc", "x", ""]
    for t in ["f32", "s32", "f16", "f16x2", "bf16"]:
        base = ["lt", "and", "ftz", t]
        for pos in range(len(base) + 1):
            for e in extras:
                mods = base[:pos] + [e] + base[pos:]
                add(fam_setp(t), "setp.%s %%p1, %s, %s, %%p3;" % (".".join(mods), reg(t, 1), reg(t, 2)))
    for dt, st in [("f32", "f32"), ("u32", "f16")]:
        base = ["lt", "and", dt, st]
        for pos in range(len(base) + 1):
            for e in extras:
                mods = base[:pos] + [e] + base[pos:]
                add(fam_set(dt, st), "set.%s %s, %s, %s, %%p3;" % (".".join(mods), set_dest(dt), reg(st, 1), reg(st, 2)))
    # ---- H. .version/.target grid ------------------------------------------
    vt_forms = []
    for t in ["s32", "u64", "f32", "f64", "b16"]:
        vt_forms.append((fam_setp(t), setp_text("lt" if t != "b16" else "eq", t)))
    vt_forms.append(("setp", setp_text("lt", "f32", ftz=True, dest="%p1|%p2", bool_=(".and", ", %p3"))))
    vt_forms.append(("setp", setp_text("lt", "s32", dest="_|%p2")))
    for t in HALF:
        for cmp in ["lt", "equ", "num"]:
            vt_forms.append((fam_setp(t), setp_text(cmp, t)))
        vt_forms.append((fam_setp(t), setp_text("lt", t, ftz=True)))
        vt_forms.append((fam_setp(t), setp_text("lt", t, bool_=(".and", ", %p3"))))
        vt_forms.append((fam_setp(t), setp_text("lt", t, dest="%p1|%p2")))
        vt_forms.append((fam_setp(t), setp_text("lt", t, dest="_|%p2")))
        vt_forms.append((fam_setp(t), setp_text("lt", t, a=reg(t, 1, True))))
    for dt, st in [("u32", "s32"), ("f32", "f64"), ("f16", "f16"), ("f16", "f32"), ("f16", "s32"),
                   ("u16", "f16"), ("s16", "f16"), ("u32", "f16"), ("s32", "f16"),
                   ("f16x2", "f16x2"), ("u32", "f16x2"), ("s32", "f16x2"),
                   ("bf16", "bf16"), ("bf16", "f16"), ("bf16", "f32"), ("bf16", "s64"), ("bf16", "b16"),
                   ("u16", "bf16"), ("s32", "bf16"), ("bf16x2", "bf16x2"), ("u32", "bf16x2"), ("s32", "bf16x2"),
                   ("f16", "bf16"), ("f16x2", "bf16x2"), ("bf16x2", "f16x2")]:
        vt_forms.append((fam_set(dt, st), set_text("lt", dt, st)))
        vt_forms.append((fam_set(dt, st), set_text("lt", dt, st, ftz=True)))
    vt_forms.append(("set", set_text("lt", "u32", "f32", bool_=(".xor", ", !%p3"))))
    for t in ["s32", "f64", "f16", "bf16", "b16"]:
        vt_forms.append(("selp", "selp.%s %s, %s, %s, %%p1;" % (t, reg(t, 0), reg(t, 1), reg(t, 2))))
    for dt, ct in [("u32", "s32"), ("f64", "f32"), ("b16", "s32"), ("f16", "f32")]:
        vt_forms.append(("slct", "slct.%s.%s %s, %s, %s, %s;" % (dt, ct, reg(dt, 0), reg(dt, 1), reg(dt, 2), reg(ct, 3))))
        vt_forms.append(("slct", "slct.ftz.%s.%s %s, %s, %s, %s;" % (dt, ct, reg(dt, 0), reg(dt, 1), reg(dt, 2), reg(ct, 3))))
    for v, t in ALL_VT:
        for fam, instr in vt_forms:
            add(fam, instr, v, t)
    # ---- I. seeded random near-valid mutations -----------------------------
    first_mutation = len(cases)
    bases = []
    for t in TYPES:
        bases.append((fam_setp(t), setp_text(rnd.choice(CMPOPS), t, rnd.random() < 0.3,
                                             rnd.choice(boolvariants()[:7]),
                                             dest=rnd.choice(["%p1", "%p1|%p2"]))))
    for dt in SET_DTYPES:
        for st in TYPES:
            if rnd.random() < 0.5:
                bases.append((fam_set(dt, st), set_text(rnd.choice(CMPOPS), dt, st, rnd.random() < 0.2,
                                                        rnd.choice(boolvariants()[:7]))))
    for t in TYPES:
        bases.append(("selp", "selp.%s %s, %s, %s, %%p1;" % (t, reg(t, 0), reg(t, 1), reg(t, 2))))
        ct = rnd.choice(["s32", "f32"])
        f = ".ftz" if ct == "f32" and rnd.random() < 0.5 else ""
        bases.append(("slct", "slct%s.%s.%s %s, %s, %s, %s;" % (f, t, ct, reg(t, 0), reg(t, 1), reg(t, 2), reg(ct, 3))))
    regnames = ["%h", "%r", "%rd", "%f", "%fd", "%us", "%ss", "%u", "%s", "%ud", "%sd", "%hf", "%bb", "%p"]
    letters = "abcdefghilnopqrstuvxz0123456789"

    def mutate(s):
        mods, ops = split_instr(s)
        k = rnd.randrange(12)
        if k == 0 and len(ops) > 1:                      # drop an operand
            del ops[rnd.randrange(len(ops))]
        elif k == 1:                                     # duplicate an operand
            i = rnd.randrange(len(ops))
            ops.insert(i, ops[i])
        elif k == 2 and len(mods) > 2:                   # swap two modifiers
            i, j = rnd.sample(range(1, len(mods)), 2)
            mods[i], mods[j] = mods[j], mods[i]
        elif k == 3 and len(mods) > 1:                   # typo in a modifier
            i = rnd.randrange(1, len(mods))
            mods[i] = typo(mods[i], rnd, letters)
        elif k == 4:                                     # wrong register type
            i = rnd.randrange(len(ops))
            ops[i] = rnd.choice(regnames) + str(rnd.randrange(8))
        elif k == 5 and len(mods) > 1:                   # drop a modifier
            del mods[rnd.randrange(1, len(mods))]
        elif k == 6:                                     # duplicate a modifier
            i = rnd.randrange(len(mods))
            mods.insert(i + 1, mods[i] if i else rnd.choice(CMPOPS))
        elif k == 7:                                     # replace a modifier by a CmpOp/type
            i = rnd.randrange(1, len(mods)) if len(mods) > 1 else 0
            mods[i] = rnd.choice(CMPOPS + TYPES + BOOLOPS + ["ftz"]) if i else mods[i]
        elif k == 8:                                     # immediate operand
            i = rnd.randrange(len(ops))
            ops[i] = rnd.choice(["1", "-1", "0x7f", "0f3F800000", "0d3FF0000000000000", "1.0", "0x3C00", "65536"])
        elif k == 9:                                     # toggle '!' / '|' on an operand
            i = rnd.randrange(len(ops))
            o = ops[i]
            ops[i] = o[1:] if o.startswith("!") else ("!" + o if rnd.random() < 0.5 else o + "|%p5")
        elif k == 10:                                    # out of range register index
            i = rnd.randrange(len(ops))
            ops[i] = ops[i].rstrip("0123456789") + rnd.choice(["8", "9", "10", "99"])
        else:                                            # swap two operands
            if len(ops) > 1:
                i, j = rnd.sample(range(len(ops)), 2)
                ops[i], ops[j] = ops[j], ops[i]
        return join_instr(mods, ops)

    for _ in range(mutations):
        fam, s = rnd.choice(bases)
        for _ in range(rnd.choice([1, 1, 1, 2, 2, 3])):
            s = mutate(s)
        add(fam, s)

    # ---- dedupe, number ----------------------------------------------------
    if only_mutations:
        cases[:] = cases[first_mutation:]
    return number_cases(cases, "c")


def number_cases(cases, prefix):
    """Drops repeated (version, target, instruction) cases, keeping the first, and numbers the rest
    PREFIX000001, PREFIX000002, ..."""
    seen = set()
    out = []
    for c in cases:
        assert "\t" not in c.instr and "\n" not in c.instr, c
        key = (c.version, c.target, c.instr)
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
    return [("%s%06d" % (prefix, i + 1), c) for i, c in enumerate(out)]


def main(generate=None, doc=None):
    """The command line of a case generator: --out FILE (or stdout) and --stats."""
    ap = argparse.ArgumentParser(description=(doc or __doc__).split("\n")[0])
    ap.add_argument("--out", help="write TSV here (default: stdout)")
    ap.add_argument("--stats", action="store_true", help="print counts per family to stderr")
    args = ap.parse_args()
    cases = (generate or globals()["generate"])()
    f = open(args.out, "w") if args.out else sys.stdout
    for cid, c in cases:
        f.write("\t".join([cid, c.family, c.version, c.target, c.instr]) + "\n")
    if args.out:
        f.close()
    if args.stats or args.out:
        from collections import Counter
        cnt = Counter(c.family for _, c in cases)
        print("total %d cases: %s" % (len(cases), dict(sorted(cnt.items()))), file=sys.stderr)


if __name__ == "__main__":
    main()
