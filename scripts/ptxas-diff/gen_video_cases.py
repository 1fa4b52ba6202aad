#!/usr/bin/env python3
"""Deterministic generator of ptxas differential-test cases for the PTX video
comparison instructions: scalar vset, and the SIMD vset2 / vset4.

Same case schema as gen_cases.py (so run_ptxas.py can run it with
``--generator gen_video_cases``):

  family   one of  vset | vset2 | vset4
           (the instruction the generator *meant* to exercise: mutated or
           ill-formed variants keep the family of the form they came from)
  version  PTX ISA version for the ``.version`` line, e.g. "9.0"
  target   value of the ``.target`` line, e.g. "sm_90"
  instr    exactly one instruction, on one line, with its ';'
           (register names are the ones declared in
           testdata/ptxas/template-video.ptx)

Cases are de-duplicated on (version, target, instr) and numbered in
generation order: id = "v%06d" (1-based; "v" so that ids never collide with
the set family's "c" ids).  The output (``--out FILE`` or stdout) is a TSV:
id, family, version, target, instr.

Everything is deterministic: the random parts use random.Random(SEED).

Manual syntax being probed (PTX ISA 9.0, 9.7.17 / 9.7.18):

  vset.atype.btype.cmp       d, a{.asel}, b{.bsel};
  vset.atype.btype.cmp.op2   d, a{.asel}, b{.bsel}, c;
  vset.atype.btype.cmp       d.dsel, a{.asel}, b{.bsel}, c;
      .dsel = .asel = .bsel = { .b0, .b1, .b2, .b3, .h0, .h1 };  .op2 = { .add, .min, .max }
  vset2.atype.btype.cmp      d{.mask}, a{.asel}, b{.bsel}, c;
  vset2.atype.btype.cmp.add  d{.mask}, a{.asel}, b{.bsel}, c;
      .mask = { .h0, .h1, .h10 } (default .h10); .asel/.bsel = .hxy, x,y in 0..3
      (defaults .h10 / .h32)
  vset4.atype.btype.cmp      d{.mask}, a{.asel}, b{.bsel}, c;
  vset4.atype.btype.cmp.add  d{.mask}, a{.asel}, b{.bsel}, c;
      .mask = { .b0 .. .b3210, digits strictly descending } (default .b3210);
      .asel/.bsel = .bxyzw, x,y,z,w in 0..7 (defaults .b3210 / .b7654)
  .atype = .btype = { .u32, .s32 };  .cmp = { .eq, .ne, .lt, .le, .gt, .ge }
"""
import itertools
import os
import random
import sys
from collections import namedtuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_cases import join_instr, split_instr, typo, number_cases  # noqa: E402  (shared helpers)
from gen_cases import main as case_generator_main  # noqa: E402

SEED = 20250917
TITLE = "vset/vset2/vset4 (video comparison) instruction variants"
ID_PREFIX = "v"

Case = namedtuple("Case", "family version target instr")

CMPS = ["eq", "ne", "lt", "le", "gt", "ge"]
BAD_CMPS = ["lo", "ls", "hi", "hs", "equ", "neu", "ltu", "num", "nan"]
ALLCMPS = CMPS + BAD_CMPS
GOOD_T = ["u32", "s32"]
BAD_T = ["b32", "u16", "s16", "f32", "u64"]
VTYPES = GOOD_T + BAD_T

# register (of that type) per instruction type, and the default operands
REG = {"u32": "%u", "s32": "%s", "b32": "%r", "u16": "%us", "s16": "%ss", "f32": "%f", "u64": "%ud"}
D, A, B, C = "%r0", "%r1", "%r2", "%r3"

# operand kinds used in the operand grids (name -> text)
OPERANDS = [
    ("reg_b32", "%r4"), ("reg_u32", "%u4"), ("reg_s32", "%s4"), ("reg_f32", "%f4"),
    ("reg_b16", "%h4"), ("reg_u16", "%us4"), ("reg_s16", "%ss4"), ("reg_f16", "%hf4"),
    ("reg_b64", "%rd4"), ("reg_u64", "%ud4"), ("reg_s64", "%sd4"), ("reg_f64", "%fd4"),
    ("reg_b8", "%bb4"), ("reg_u8", "%ub4"), ("reg_pred", "%p4"), ("not_pred", "!%p4"),
    ("int", "1"), ("int0", "0"), ("neg_int", "-1"), ("hex", "0x10"), ("hex32", "0xFFFFFFFF"),
    ("hex33", "0x100000000"), ("hexU", "0x10U"), ("octal", "017"), ("bin", "0b101"),
    ("expr", "(1+2)"), ("warp_sz", "WARP_SZ"),
    ("f32hex", "0f3F800000"), ("f64hex", "0d3FF0000000000000"), ("dec_float", "1.5"),
    ("sreg_tid", "%tid.x"), ("sreg_laneid", "%laneid"), ("sreg_clock", "%clock"),
    ("sreg_clock64", "%clock64"),
    ("vec2", "{%r4, %r5}"), ("vec4", "{%r4, %r5, %r6, %r7}"),
    ("sink", "_"), ("undeclared", "%q1"), ("neg_reg", "-%r4"), ("not_reg", "!%r4"),
    ("addr", "[%r4]"), ("int_sel", "1.h10"), ("sreg_sel", "%laneid.b0"),
]

# (version, target) grid; every pair checked against ptxas 13.0 to be a valid
# combination except the ones marked (invalid pair / below minimum on purpose)
VT_GRID = [
    ("1.4", "sm_13"),   # below everything
    ("1.4", "sm_20"),   # invalid pair (1.4 does not know sm_20)
    ("2.0", "sm_13"),   # version ok for vset, target too low
    ("2.0", "sm_20"), ("2.1", "sm_20"), ("2.2", "sm_20"), ("2.3", "sm_21"),
    ("2.0", "sm_30"),   # invalid pair
    ("3.0", "sm_13"), ("3.0", "sm_20"), ("3.0", "sm_30"), ("3.1", "sm_35"),
    ("4.0", "sm_35"), ("4.1", "sm_50"), ("4.3", "sm_53"), ("5.0", "sm_60"),
    ("6.0", "sm_61"), ("6.1", "sm_70"), ("6.3", "sm_75"), ("7.0", "sm_80"),
    ("7.1", "sm_86"), ("7.8", "sm_89"), ("7.8", "sm_90"), ("8.0", "sm_90a"),
    ("8.6", "sm_100a"), ("8.7", "sm_120"), ("8.8", "sm_103"),
    ("9.0", "sm_13"), ("9.0", "sm_20"), ("9.0", "sm_30"), ("9.0", "sm_75"),
    ("9.0", "sm_90"), ("9.0", "sm_100a"), ("9.0", "sm_110"), ("9.0", "sm_120a"),
]

V, T = "9.0", "sm_90"   # default header

# ---- masks and selectors ----------------------------------------------------


def seqs(digits, lengths):
    out = []
    for n in lengths:
        for p in itertools.product(digits, repeat=n):
            out.append("".join(p))
    return out


# vset2 destination masks: every .hXY with X, Y in 0..3 (incl. .h01, .h00),
# one-digit .h0..h4, and a few wrong ones
MASK2 = ["h" + s for s in seqs("0123", [1, 2])] + \
        ["h4", "h5", "h9", "h14", "h40", "h210", "h3210", "h", "b0", "b10", "b3210", "w0", "H10", "x"]
# vset4 destination masks: every ordered sequence of distinct digits from 0..3
# (15 descending ones are the manual's list), duplicates, digits 4..9, h-masks
MASK4 = ["b" + "".join(p) for n in range(1, 5) for p in itertools.permutations("0123", n)] + \
        ["b00", "b11", "b33", "b330", "b3211", "b32100", "b4", "b5", "b7", "b8", "b9",
         "b40", "b43", "b7654", "b43210", "b32104", "b", "h0", "h1", "h10", "h32", "B3210", "x"]
# vset2 source selectors
SEL2 = ["h" + s for s in seqs("01234", [2])] + \
       ["h" + s for s in ["0", "1", "2", "3", "4", "7", "8", "9", "57", "77", "88", "99", "210", "3210", "100"]] + \
       ["h", "b0", "b10", "b3210", "b7654", "H10", "x"]
# vset scalar selectors (asel/bsel/dsel)
SELS = ["b0", "b1", "b2", "b3", "h0", "h1", "b4", "b5", "b7", "b8", "h2", "h3", "h10", "h32",
        "b10", "b3210", "b7654", "w0", "b", "h", "B0", "H1", "x"]


def sel4_list(rnd):
    """vset4 source selectors: structured + seeded random sample of .bxyzw."""
    out = ["b3210", "b7654", "b0123", "b4567", "b0000", "b7777", "b3333", "b1032", "b5410", "b7250"]
    for pos in range(4):                       # vary one position over 0..9
        for dg in "0123456789":
            s = list("3210")
            s[pos] = dg
            out.append("b" + "".join(s))
    for _ in range(60):                        # random valid
        out.append("b" + "".join(rnd.choice("01234567") for _ in range(4)))
    for _ in range(12):                        # random with an 8 or 9 somewhere
        s = [rnd.choice("01234567") for _ in range(4)]
        s[rnd.randrange(4)] = rnd.choice("89")
        out.append("b" + "".join(s))
    out += ["b0", "b3", "b7", "b10", "b76", "b321", "b765", "b32100", "b765432", "b", "h10", "h32",
            "h0", "B3210", "x"]
    seen = set()
    return [s for s in out if not (s in seen or seen.add(s))]


# ---- text builders ------------------------------------------------------------


def dot(s):
    return "." + s if s else ""


def simd(op, at="u32", bt="u32", cmp="lt", sec="", mask="", asel="", bsel="", csel="",
         d=D, a=A, b=B, c=C, mods=None):
    """vset2/vset4 text; mods (list) overrides the modifier list."""
    if mods is None:
        mods = [at, bt, cmp] + ([sec] if sec else [])
    ops = [d + dot(mask), a + dot(asel), b + dot(bsel)]
    if c is not None:
        ops.append(c + dot(csel))
    return "%s%s %s;" % (op, "".join("." + m for m in mods), ", ".join(ops))


def scal(at="u32", bt="u32", cmp="lt", op2="", dsel="", asel="", bsel="", csel="",
         d=D, a=A, b=B, c=None, mods=None):
    """scalar vset text; c=None: no c operand."""
    if mods is None:
        mods = [at, bt, cmp] + ([op2] if op2 else [])
    ops = [d + dot(dsel), a + dot(asel), b + dot(bsel)]
    if c is not None:
        ops.append(c + dot(csel))
    return "vset%s %s;" % ("".join("." + m for m in mods), ", ".join(ops))


def generate(seed=SEED, mutations=2400, only_mutations=False, extra=False):
    """All cases (the defaults give video.tsv). only_mutations: just section I, the seeded random
    mutations; extra: also the hold-out's additional mutation kinds (holdout.py --family video: white space
    and comments before selectors, negation, exotic operands, odd tokens, secondary operations)."""
    rnd = random.Random(seed)
    cases = []
    collect = [not only_mutations]

    def add(fam, instr, v=V, t=T):
        if collect[0]:
            cases.append(Case(fam, v, t, instr))

    SIMD = ["vset2", "vset4"]
    SECS = ["", "add"]

    # ---- A. types x cmp grid ------------------------------------------------
    for op in SIMD:
        for at in VTYPES:
            for bt in VTYPES:
                for cmp in ALLCMPS:
                    for sec in SECS:
                        add(op, simd(op, at, bt, cmp, sec))
    for at in VTYPES:
        for bt in VTYPES:
            for cmp in ALLCMPS:
                add("vset", scal(at, bt, cmp))
                if at in GOOD_T and bt in GOOD_T or cmp in ("lt", "lo"):
                    add("vset", scal(at, bt, cmp, "add", c=C))
                    add("vset", scal(at, bt, cmp, dsel="b0", c=C))
    # exactly typed registers / 32-bit registers of every type as all operands
    for at in VTYPES:
        for bt in VTYPES:
            ra, rb = REG[at], REG[bt]
            for op in SIMD:
                add(op, simd(op, at, bt, "lt", d=ra + "0", a=ra + "1", b=rb + "2", c=ra + "3"))
                add(op, simd(op, at, bt, "lt", "add", d=ra + "0", a=ra + "1", b=rb + "2", c=rb + "3"))
            add("vset", scal(at, bt, "lt", d=ra + "0", a=ra + "1", b=rb + "2"))
            add("vset", scal(at, bt, "lt", "max", d=ra + "0", a=ra + "1", b=rb + "2", c=ra + "3"))
    # type / cmp count and position
    for op in SIMD + ["vset"]:
        mk = (lambda m, op=op: simd(op, mods=m)) if op != "vset" else (lambda m: scal(mods=m))
        fam = op
        for mods in (["u32", "lt"], ["lt"], ["u32", "u32"], ["u32", "u32", "u32", "lt"],
                     ["s32", "u32", "s32", "lt"], ["u32", "u32", "lt", "lt"], ["u32", "u32", "lt", "eq"],
                     ["u32", "u32", "lt", "u32"], [], ["u32", "u32", "lt", ""], ["u32", "u32", "LT"],
                     ["U32", "u32", "lt"], ["u32", "u32", "less"]):
            add(fam, mk(mods))
        for p in itertools.permutations(["s32", "u32", "lt"]):
            add(fam, mk(list(p)))
        sec = "add"
        for p in itertools.permutations(["s32", "u32", "ge", sec]):
            if op == "vset":
                add(fam, scal(mods=list(p), c=C))
            else:
                add(fam, simd(op, mods=list(p)))

    # opcode spelling
    for opc in ("vset3", "vset8", "vset1", "VSET2", "Vset", "vset2x", "vsets", "vset_2"):
        add("vset2" if "2" in opc else "vset", "%s.u32.u32.lt %%r0, %%r1, %%r2, %%r3;" % opc)

    # ---- B. destination masks (vset2/vset4), selectors on d -----------------
    for op, masks in (("vset2", MASK2), ("vset4", MASK4)):
        other = MASK4 if op == "vset2" else MASK2
        for m in masks + [x for x in other if x not in masks][:20]:
            for sec in SECS:
                add(op, simd(op, "u32", "u32", "lt", sec, mask=m))
                add(op, simd(op, "s32", "u32", "ge", sec, mask=m))
        # mask together with selectors
        for m in (["h0", "h1", "h10", "h01"] if op == "vset2" else ["b0", "b21", "b3210", "b0123"]):
            a_s, b_s = ("h01", "h23") if op == "vset2" else ("b0123", "b4567")
            for sec in SECS:
                add(op, simd(op, "u32", "s32", "ne", sec, mask=m, asel=a_s, bsel=b_s))
        # two masks
        add(op, simd(op, d=D + (".h1.h0" if op == "vset2" else ".b1.b0")))
    # scalar dsel: merge form (with c), op2 form (with c), no-c form
    for ds in SELS:
        add("vset", scal(dsel=ds, c=C))
        add("vset", scal("s32", "s32", "ge", dsel=ds, c=C))
        add("vset", scal(dsel=ds))                     # dsel without c
        for o2 in ("add", "min", "max"):
            add("vset", scal(op2=o2, dsel=ds, c=C))    # dsel + op2
        add("vset", scal(dsel=ds, asel="b1", bsel="h1", c=C))

    # ---- C. source selectors ------------------------------------------------
    sel4 = sel4_list(rnd)
    for op, sels in (("vset2", SEL2), ("vset4", sel4)):
        for s in sels:
            for sec in SECS:
                add(op, simd(op, "u32", "u32", "lt", sec, asel=s))
                add(op, simd(op, "u32", "u32", "lt", sec, bsel=s))
                add(op, simd(op, "u32", "u32", "lt", sec, csel=s))
            add(op, simd(op, "s32", "s32", "eq", asel=s, bsel=s))
    # full a x b cross product of the manual's vset2 selectors (merge form)
    h16 = ["h" + x for x in seqs("0123", [2])]
    for sa in h16:
        for sb in h16:
            add("vset2", simd("vset2", "u32", "s32", "lt", asel=sa, bsel=sb))
    for sa in h16[::3]:
        for sb in h16[::5]:
            add("vset2", simd("vset2", "s32", "u32", "gt", "add", mask="h1", asel=sa, bsel=sb))
    # vset4: a sample of a x b pairs
    b4 = [s for s in sel4 if len(s) == 5 and s[0] == "b" and all(ch in "01234567" for ch in s[1:])]
    for _ in range(150):
        add("vset4", simd("vset4", rnd.choice(GOOD_T), rnd.choice(GOOD_T), rnd.choice(CMPS),
                          rnd.choice(SECS), mask=rnd.choice(["", "b0", "b31", "b3210"]),
                          asel=rnd.choice(b4), bsel=rnd.choice(b4)))
    # scalar vset selectors: each on a and b, in the three forms; a x b cross
    for s in SELS:
        add("vset", scal(asel=s))
        add("vset", scal(bsel=s))
        add("vset", scal("s32", "u32", "ne", asel=s, bsel=s))
        add("vset", scal(op2="add", asel=s, c=C))
        add("vset", scal(op2="min", bsel=s, c=C))
        add("vset", scal(op2="max", csel=s, c=C))
        add("vset", scal(dsel="b2", bsel=s, c=C))
        add("vset", scal(dsel="h1", csel=s, c=C))
        add("vset", scal(csel=s, c=C))
    s6 = ["b0", "b1", "b2", "b3", "h0", "h1"]
    for sa in s6 + [""]:
        for sb in s6 + [""]:
            add("vset", scal("u32", "s32", "le", asel=sa, bsel=sb))
            add("vset", scal("s32", "u32", "gt", "add", asel=sa, bsel=sb, c=C))
            add("vset", scal("u32", "u32", "eq", dsel="h0", asel=sa, bsel=sb, c=C))
    # two-digit .bxy on scalar vset (ptxas treats .b01 .b12 .b23 differently from all others)
    for s in ["b" + x for x in seqs("0123", [2])]:
        add("vset", scal(asel=s))
        add("vset", scal(bsel=s))
        add("vset", scal(op2="add", bsel=s, c=C))
        add("vset", scal(dsel=s, c=C))
        add("vset", scal(dsel=s))
        add("vset", scal(op2="max", dsel=s, c=C))
        add("vset", scal(csel=s, c=C))
        add("vset", scal(op2="min", csel=s, c=C))
    for s in ("b01", "b12", "b23"):
        for op in SIMD:
            for k in ("mask", "asel", "bsel", "csel"):
                add(op, simd(op, **{k: s}))
                add(op, simd(op, "s32", "s32", "ge", "add", **{k: s}))
        add("vset", scal(asel=s, c=C))
        add("vset", scal(dsel=s, asel="b1", bsel="h0"))
        add("vset", scal(dsel=s, csel=s, c=C))
    # two selectors on one operand    # two selectors on one operand
    for op in SIMD:
        x = ".h10.h10" if op == "vset2" else ".b3210.b3210"
        add(op, simd(op, a=A + x))
        add(op, simd(op, b=B + x))
    add("vset", scal(a=A + ".b0.b0"))
    add("vset", scal(b=B + ".h1.b0"))

    # ---- D. lexing of glued selectors / masks ---------------------------------
    spacings = [
        ("%r{n}.{s}"), ("%r{n} .{s}"), ("%r{n}. {s}"), ("%r{n} . {s}"), ("%r{n}  .{s}"),
        ("%r{n}..{s}"), ("%r{n}.{s}."), ("%r{n}.{s} .{s}"), ("%r{n}.{s}x"),
        ("%r{n}.{hd} {tl}"), ("%r{n}.{s}/*c*/"), ("%r{n}/*c*/.{s}"), ("(%r{n}).{s}"), ("%r{n}.({s})"),
    ]
    for op, s in (("vset2", "h10"), ("vset2", "h32"), ("vset4", "b3210"), ("vset4", "b7654"), ("vset", "b1"), ("vset", "h1")):
        for sp in spacings:
            for pos in ("d", "a", "b", "c"):
                n = {"d": 0, "a": 1, "b": 2, "c": 3}[pos]
                ss = s
                if pos == "d" and op == "vset2":
                    ss = "h1" if s == "h32" else "h10"
                if pos == "d" and op == "vset4":
                    ss = "b31" if s == "b7654" else "b3210"
                txt = sp.format(n=n, s=ss, hd=ss[:-1], tl=ss[-1:])
                ops = {"d": D, "a": A, "b": B, "c": C}
                ops[pos] = txt
                if op == "vset":
                    if pos == "c":
                        continue
                    add("vset", scal(d=ops["d"], a=ops["a"], b=ops["b"], c=C if pos == "d" else None))
                else:
                    add(op, simd(op, d=ops["d"], a=ops["a"], b=ops["b"], c=ops["c"]))
    # spacing in the opcode / modifiers
    for op in SIMD:
        m = "h0" if op == "vset2" else "b0"
        for txt in ("OP .u32.u32.lt %r0, %r1, %r2, %r3;", "OP.u32 .u32.lt %r0, %r1, %r2, %r3;",
                    "OP. u32.u32.lt %r0, %r1, %r2, %r3;", "OP.u32.u32.lt.add%r0, %r1, %r2, %r3;",
                    "OP.u32.u32.lt %r0,%r1,%r2,%r3;", "OP.u32.u32.lt %r0.M,%r1,%r2,%r3;",
                    "OP.u32.u32.lt.add %r0 .M , %r1 , %r2 , %r3 ;"):
            add(op, txt.replace("OP", op).replace("M", m))
    add("vset", "vset .u32.u32.lt %r0, %r1, %r2;")
    add("vset", "vset.u32.u32.lt %r0,%r1.b1,%r2.h0;")

    # ---- E. secondary operations / other modifiers -----------------------------
    extras = ["add", "min", "max", "sat", "sub", "mul", "and", "or", "xor", "shl", "shr", "mad",
              "ftz", "rn", "cc", "x", "hi", "lo", "wide", "relu", "merge", "mask", "h10", "b0", "u32", "add.add",
              "add.sat", "sat.add", "min.max", "add.min"]
    for op in SIMD:
        for e in extras:
            add(op, simd(op, mods=["u32", "u32", "lt"] + e.split(".")))
            add(op, simd(op, mods=[e.split(".")[0], "u32", "u32", "lt"] + e.split(".")[1:]))
            add(op, simd(op, mods=["u32", "u32", "lt"] + e.split("."), mask="h0" if op == "vset2" else "b0"))
            add(op, simd(op, mods=["u32", "u32", "lt"] + e.split("."), c=None))
        add(op, simd(op, "u32", "u32", "lt", "sat", c=None))
    for e in extras:
        add("vset", scal(mods=["u32", "u32", "lt"] + e.split("."), c=C))
        add("vset", scal(mods=["u32", "u32", "lt"] + e.split(".")))
        add("vset", scal(mods=["u32", "u32", "lt"] + e.split("."), dsel="b0", c=C))
        add("vset", scal(mods=["s32", "s32", "ne"] + e.split("."), c=C, asel="h1"))
    for o2 in ("add", "min", "max"):
        for at in GOOD_T:
            for bt in GOOD_T:
                for cmp in CMPS:
                    add("vset", scal(at, bt, cmp, o2, c=C))
        add("vset", scal(op2=o2))                      # op2 without c
        add("vset", scal(op2=o2, c=C, d="%s0"))
        add("vset", scal(op2=o2 + ".sat", c=C))
        add("vset", scal(mods=["sat", "u32", "u32", "lt", o2], c=C))

    # ---- F. operand kinds in every slot ---------------------------------------
    forms = [
        ("vset2", lambda **k: simd("vset2", **k), True),
        ("vset2", lambda **k: simd("vset2", sec="add", **k), True),
        ("vset4", lambda **k: simd("vset4", **k), True),
        ("vset4", lambda **k: simd("vset4", "s32", "s32", "ge", sec="add", **k), True),
        ("vset", lambda **k: scal(**k), False),
        ("vset", lambda **k: scal(op2="add", c=k.pop("c", C), **k), True),
        ("vset", lambda **k: scal(op2="min", c=k.pop("c", C), **k), True),
        ("vset", lambda **k: scal(dsel="b1", c=k.pop("c", C), **k), True),
    ]
    for fam, fn, has_c in forms:
        for name, opnd in OPERANDS:
            for slot in (("d", "a", "b", "c") if has_c else ("d", "a", "b")):
                add(fam, fn(**{slot: opnd}))
    # operand kinds together with a selector on the same operand
    for name, opnd in [("reg_u32", "%u4"), ("reg_s32", "%s4"), ("reg_f32", "%f4"), ("reg_b16", "%h4"),
                       ("reg_b64", "%rd4"), ("int", "1"), ("hex", "0x10"), ("sreg_laneid", "%laneid")]:
        add("vset2", simd("vset2", a=opnd, asel="h01"))
        add("vset2", simd("vset2", b=opnd, bsel="h23"))
        add("vset4", simd("vset4", a=opnd, asel="b0123"))
        add("vset4", simd("vset4", b=opnd, bsel="b4567"))
        add("vset", scal(a=opnd, asel="b1"))
        add("vset", scal(b=opnd, bsel="h1"))
        add("vset", scal(d=opnd, dsel="b1", c=C))
    # immediates in every slot at once / in both sources
    for imm in ("1", "0x7f", "-1", "0xFFFFFFFF"):
        add("vset", scal(a=imm, b=imm))
        add("vset", scal(op2="add", b=imm, c=imm))
        add("vset", scal(dsel="h1", a=imm, c=imm))
        add("vset2", simd("vset2", a=imm, b=imm))
        add("vset4", simd("vset4", c=imm, sec="add"))

    # ---- G. operand count ------------------------------------------------------
    for op in SIMD:
        for sec in SECS:
            mods = ["u32", "u32", "lt"] + ([sec] if sec else [])
            for n in range(0, 7):
                ops = ["%r" + str(i) for i in range(n)]
                add(op, "%s.%s %s;" % (op, ".".join(mods), ", ".join(ops)) if n else "%s.%s;" % (op, ".".join(mods)))
            add(op, "%s.%s %%r0, %%r1, %%r2, %%r3,;" % (op, ".".join(mods)))
            add(op, "%s.%s %%r0 %%r1, %%r2, %%r3;" % (op, ".".join(mods)))
    for mods in (["u32", "u32", "lt"], ["u32", "u32", "lt", "add"], ["u32", "u32", "lt", "max"]):
        for n in range(0, 7):
            ops = ["%r" + str(i) for i in range(n)]
            add("vset", "vset.%s %s;" % (".".join(mods), ", ".join(ops)) if n else "vset.%s;" % ".".join(mods))
        add("vset", "vset.%s %%r0.b0, %%r1, %%r2, %%r3, %%r4;" % ".".join(mods))
    # .sat in each position
    for op in SIMD:
        base = ["u32", "u32", "lt", "add"]
        for pos in range(len(base) + 1):
            add(op, simd(op, mods=base[:pos] + ["sat"] + base[pos:]))
    for base in (["u32", "u32", "lt"], ["u32", "u32", "lt", "add"]):
        for pos in range(len(base) + 1):
            add("vset", scal(mods=base[:pos] + ["sat"] + base[pos:], c=C if len(base) == 4 else None))
            add("vset", scal(mods=base[:pos] + ["sat"] + base[pos:], dsel="b0", c=C))

    # ---- H. .version/.target grid ----------------------------------------------
    vt_forms = [
        ("vset", scal()), ("vset", scal("s32", "u32", "ge")), ("vset", scal(op2="add", c=C)),
        ("vset", scal(op2="min", c=C)), ("vset", scal(op2="max", asel="b1", bsel="h1", c=C)),
        ("vset", scal(dsel="b2", c=C)), ("vset", scal(dsel="h1", asel="b3", c=C)),
        ("vset", scal(asel="b0", bsel="b3")), ("vset", scal(b="7")), ("vset", scal(c=C)),
        ("vset", scal(mods=["u32", "u32", "lo"])),
        ("vset2", simd("vset2")), ("vset2", simd("vset2", "s32", "s32", "eq", "add")),
        ("vset2", simd("vset2", mask="h0")), ("vset2", simd("vset2", mask="h01")),
        ("vset2", simd("vset2", asel="h01", bsel="h23")), ("vset2", simd("vset2", "u32", "s32", "ne", "add", mask="h1", asel="h33")),
        ("vset2", simd("vset2", b="7")), ("vset2", simd("vset2", c=None)),
        ("vset4", simd("vset4")), ("vset4", simd("vset4", "s32", "u32", "le", "add")),
        ("vset4", simd("vset4", mask="b31")), ("vset4", simd("vset4", mask="b13")),
        ("vset4", simd("vset4", asel="b0123", bsel="b7777")), ("vset4", simd("vset4", "s32", "s32", "gt", "add", mask="b0", bsel="b4567")),
        ("vset4", simd("vset4", a="7")), ("vset4", simd("vset4", mods=["u32", "u32", "lt", "min"])),
    ]
    for v, t in VT_GRID:
        for fam, instr in vt_forms:
            add(fam, instr, v, t)

    # ---- I. seeded random near-valid mutations ----------------------------------
    collect[0] = True
    bases = []
    for _ in range(120):
        op = rnd.choice(SIMD)
        at, bt, cmp = rnd.choice(GOOD_T), rnd.choice(GOOD_T), rnd.choice(CMPS)
        sec = rnd.choice(SECS)
        if op == "vset2":
            mask = rnd.choice(["", "h0", "h1", "h10"])
            asel = rnd.choice([""] + h16)
            bsel = rnd.choice([""] + h16)
        else:
            mask = rnd.choice(["", "b0", "b10", "b320", "b3210"])
            asel = rnd.choice([""] + b4)
            bsel = rnd.choice([""] + b4)
        bases.append((op, simd(op, at, bt, cmp, sec, mask=mask, asel=asel, bsel=bsel)))
    for _ in range(80):
        at, bt, cmp = rnd.choice(GOOD_T), rnd.choice(GOOD_T), rnd.choice(CMPS)
        k = rnd.randrange(3)
        asel = rnd.choice([""] + s6)
        bsel = rnd.choice([""] + s6)
        if k == 0:
            bases.append(("vset", scal(at, bt, cmp, asel=asel, bsel=bsel)))
        elif k == 1:
            bases.append(("vset", scal(at, bt, cmp, rnd.choice(["add", "min", "max"]), asel=asel, bsel=bsel, c=C)))
        else:
            bases.append(("vset", scal(at, bt, cmp, dsel=rnd.choice(s6), asel=asel, bsel=bsel, c=C)))

    regnames = ["%h", "%r", "%rd", "%f", "%u", "%s", "%ud", "%hf", "%p", "%us"]
    letters = "abdhlmnstux0123456789"

    exotic = ["%tid.x", "%laneid", "WARP_SZ", "(1+2)", "0x100000000", "-0x1", "1.5", "0d3FF0000000000000",
              "{%r4, %r5}", "[%r4]", "_", "%clock", "%q1", "017", "0b101", "0x10U", "-%r4", "!%r4", "!%p1",
              "%r4.b01", "%u4", "%s4", "%h4.h0"]

    def mutate(s):
        mods, ops = split_instr(s)
        k = rnd.randrange(19 if extra else 13)
        if k >= 13:
            return mutate_extra(k, mods, ops)
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
            o = ops[i]
            sel = o[o.index("."):] if "." in o else ""
            ops[i] = rnd.choice(regnames) + str(rnd.randrange(8)) + sel
        elif k == 5 and len(mods) > 1:                   # drop a modifier
            del mods[rnd.randrange(1, len(mods))]
        elif k == 6:                                     # duplicate a modifier
            i = rnd.randrange(1, len(mods)) if len(mods) > 1 else 0
            mods.insert(i + 1, mods[i] if i else rnd.choice(CMPS))
        elif k == 7:                                     # replace a modifier
            i = rnd.randrange(1, len(mods)) if len(mods) > 1 else 0
            if i:
                mods[i] = rnd.choice(ALLCMPS + VTYPES + ["add", "min", "max", "sat"])
        elif k == 8:                                     # immediate operand
            i = rnd.randrange(len(ops))
            ops[i] = rnd.choice(["1", "-1", "0x7f", "0f3F800000", "65536", "0xFFFFFFFF"])
        elif k == 9:                                     # change / add / drop a selector
            i = rnd.randrange(len(ops))
            o = ops[i]
            basereg = o.split(".")[0]
            if "." in o and rnd.random() < 0.4:
                ops[i] = basereg
            else:
                pool = {"vset2": SEL2 + MASK2, "vset4": sel4 + MASK4}.get(mods[0], SELS)
                ops[i] = basereg + "." + rnd.choice(pool)
        elif k == 10:                                    # digit change inside a selector
            cand = [i for i, o in enumerate(ops) if "." in o]
            if cand:
                i = rnd.choice(cand)
                o = ops[i]
                j = rnd.randrange(o.index(".") + 2, len(o) + 1)
                ops[i] = o[:j] + rnd.choice("0123456789") + o[j + 1:] if rnd.random() < 0.7 else o[:j] + o[j + 1:]
        elif k == 11:                                    # change the opcode
            mods[0] = rnd.choice(["vset", "vset2", "vset4"])
        else:                                            # swap two operands
            if len(ops) > 1:
                i, j = rnd.sample(range(len(ops)), 2)
                ops[i], ops[j] = ops[j], ops[i]
        return join_instr(mods, ops)

    def mutate_extra(k, mods, ops):
        sel_ops = [i for i, o in enumerate(ops) if "." in o and not o.startswith("%tid")]
        if k == 13 and sel_ops:                          # white space or a comment before a selector
            i = rnd.choice(sel_ops)
            o = ops[i]
            j = o.index(".")
            ops[i] = o[:j] + rnd.choice([" ", "  ", "/*c*/", " /* x */ ", "   "]) + o[j:]
        elif k == 14:                                    # negate an operand
            i = rnd.randrange(len(ops))
            ops[i] = rnd.choice(["-", "!", "~"]) + ops[i]
        elif k == 15:                                    # an exotic operand, perhaps with a selector
            i = rnd.randrange(len(ops))
            o = ops[i]
            sel = o[o.index("."):] if "." in o and rnd.random() < 0.5 else ""
            ops[i] = rnd.choice(exotic) + sel
        elif k == 16:                                    # add or drop a secondary operation
            secs = [m for m in mods[1:] if m in ("add", "min", "max")]
            if secs and rnd.random() < 0.5:
                mods.remove(secs[0])
            else:
                mods.insert(rnd.randrange(1, len(mods) + 1), rnd.choice(["add", "min", "max"]))
        elif k == 17:                                    # .b01/.b12/.b23 on an operand
            i = rnd.randrange(len(ops))
            ops[i] = ops[i].split(".")[0] + rnd.choice([".b01", ".b12", ".b23"])
        else:                                            # a selector of another instruction
            i = rnd.randrange(len(ops))
            ops[i] = ops[i].split(".")[0] + "." + rnd.choice(SEL2 + MASK2 + sel4 + MASK4 + SELS)
        return join_instr(mods, ops)

    for _ in range(mutations):
        fam, s = rnd.choice(bases)
        for _ in range(rnd.choice([1, 1, 1, 2, 2, 3])):
            s = mutate(s)
        add(fam, s)

    # ---- dedupe, number ----------------------------------------------------------
    return number_cases(cases, ID_PREFIX)


if __name__ == "__main__":
    case_generator_main(generate, __doc__)
