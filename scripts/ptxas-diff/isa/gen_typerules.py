#!/usr/bin/env python3
"""Measure ptxas's operand type rules and record them in testdata/ptxas/isa/typerules.tsv.gz.

Usage:
  gen_typerules.py [--out testdata/ptxas/isa/typerules.tsv.gz] [--batch 200] [--verify 300]

What is measured: a register of declared type R (every type ptxas accepts in `.reg`),
or a constant of some spelling, standing in an operand position (a "slot") whose type is T,
as destination or source, in four categories of instructions:

  arith  plain arithmetic/logic/compare instructions (add, and, shl, max, selp, setp, ...)
  mov    mov (scalar, and the vector pack/unpack forms)
  ldst   ld/st (the manual's relaxed rules), and atom/red/ldu for comparison
  cvt    cvt (relaxed rules)
  vec    ld/st .v2/.v4: one element of the vector
  holdout  other instructions of every class, measured the same way but not used to derive
         the rules (a check that the rules carry over)

Every probe is an instruction form with placeholders; each placeholder has a slot type and a
role (d = destination, s = source).  Phase 1 (baseline) fills every placeholder with the
register of the slot type (for a type that is no register type, its .bN register) and keeps
the probes ptxas accepts.  Phase 2 varies one placeholder at a time: every register type,
and for sources every constant spelling in LITERALS (for destinations one constant).

Category vreg: vector registers (`.reg .v2 .f32 %V2f32`) as whole operands and by component
(operand_kind vreg; not part of the type rules' replay, see docs/ptxas-operand-types.md).

Each case is one entry function of a batch file (scripts/ptxas-diff/run_ptxas.py's batching:
one entry per case, a `fatal` re-runs the rest, clean cases of a failed run are re-checked;
a seeded sample is re-run one file per case and must agree).

Output (gzip TSV, '#' comments first), columns:
  id category probe form opnd slot_type role origin operand_kind operand version target instruction verdict message
  probe         the probe's name (opcode form), e.g. add.u32
  form          the opcode and its type modifiers (setp.eq.u32 -> setp.u32), as the checker names forms;
                for an address operand also the state space (ld.shared.u32, ld.u32 = generic)
  opnd          the index of the varied operand (0 = first; a vector counts as one operand)
  slot_type     T, the type of the varied placeholder (e.g. u32; v2 elements are the element type)
  role          d | s | base (baseline: no placeholder varied)
  origin        typed (the slot's type is the instruction type, or derived from it) | fixed (the
                form fixes it: shift amounts, setp's predicate, masks) | elem (vector element) |
                addr (the register of an address [reg])
  operand_kind  reg | imm | base
  operand       R (register type) or the constant's spelling
  verdict       ok | error | fatal
  message       ptxas's first message for the case ("" if none), "SEVERITY: TEXT"
"""
import argparse
import collections
import datetime
import gzip
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))
import run_ptxas  # noqa: E402

SEED = 20261125
Case = collections.namedtuple("Case", "family version target instr")

# Every type ptxas 13 accepts in `.reg` (measured: .bf16, .bf16x2, .tf32 are syntax errors;
# .e4m3 ... .u16x2, .s16x2, .f32x2 "may only be used as an instruction type").
REG_TYPES = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
             "s8", "s16", "s32", "s64", "f16", "f16x2", "f32", "f64", "pred"]
# Types that ptxas rejects as a .reg type (recorded as cases of category "decl").
NON_REG_TYPES = ["bf16", "bf16x2", "tf32", "e4m3", "e5m2", "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2",
                 "e3m2x2", "ue8m0x2", "e4m3x4", "e5m2x4", "e2m1x4", "e2m3x4", "e3m2x4", "u16x2",
                 "s16x2", "f32x2", "b1", "u4", "s4", "e2m1", "e2m3", "e3m2", "ue8m0", "ue4m3"]

BITS = {"b8": 8, "b16": 16, "b32": 32, "b64": 64, "b128": 128, "u8": 8, "u16": 16, "u32": 32,
        "u64": 64, "s8": 8, "s16": 16, "s32": 32, "s64": 64, "f16": 16, "f16x2": 32, "bf16": 16,
        "bf16x2": 32, "f32": 32, "f64": 64, "tf32": 32, "u16x2": 32, "s16x2": 32, "f32x2": 64,
        "e4m3x2": 16, "e5m2x2": 16, "e2m3x2": 16, "e3m2x2": 16, "ue8m0x2": 16, "e2m1x2": 8,
        "e4m3x4": 32, "e5m2x4": 32, "e2m3x4": 32, "e3m2x4": 32, "e2m1x4": 16, "pred": 1}


def canon(t):
    """The register a slot of type t gets when it is not the varied one."""
    if t in REG_TYPES:
        return t
    return "b%d" % BITS[t]


def reg(t, i=0):
    return "%%R%s_%d" % (t, i)


V90 = ("9.0", "sm_90")
V100 = ("9.0", "sm_100a")

# probes: (category, name, template, [(slot_type, role), ...], (version, target))
# template placeholders {0}, {1}, ...; a slot type "vN:T" is a vector of N elements of type T.
PROBES = []


def P(cat, name, tmpl, slots, vt=V90):
    PROBES.append((cat, name, tmpl, slots, vt))


INTS = ["u16", "u32", "u64", "s16", "s32", "s64"]
for t in INTS:
    P("arith", "add." + t, "add.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "max." + t, "max.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "mul.lo." + t, "mul.lo.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "selp." + t, "selp.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), (t, "s"), ("pred", "s", "fixed")])
    P("arith", "setp.eq." + t, "setp.eq.%s {0}, {1}, {2};" % t, [("pred", "d", "fixed"), (t, "s"), (t, "s")])
    P("arith", "rem." + t, "rem.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
for t in ["u16", "u32", "s16", "s32"]:
    w = t[0] + str(BITS[t] * 2)
    P("arith", "mul.wide." + t, "mul.wide.%s {0}, {1}, {2};" % t, [(w, "d"), (t, "s"), (t, "s")])
for t in ["s16", "s32", "s64"]:
    P("arith", "abs." + t, "abs.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
for t in ["b16", "b32", "b64"]:
    P("arith", "and." + t, "and.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "not." + t, "not.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
    P("arith", "selp." + t, "selp.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), (t, "s"), ("pred", "s", "fixed")])
    P("arith", "setp.eq." + t, "setp.eq.%s {0}, {1}, {2};" % t, [("pred", "d", "fixed"), (t, "s"), (t, "s")])
for t in ["b32", "b64"]:
    P("arith", "popc." + t, "popc.%s {0}, {1};" % t, [("u32", "d", "fixed"), (t, "s")])
for t in ["u16", "u32", "s16", "s32", "u64", "s64", "b16", "b32", "b64"]:
    if t[0] != "b":
        P("arith", "shr." + t, "shr.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), ("u32", "s", "fixed")])
    else:
        P("arith", "shl." + t, "shl.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), ("u32", "s", "fixed")])
for t in ["u32", "s64"]:
    P("arith", "bfe." + t, "bfe.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), ("u32", "s", "fixed"), ("u32", "s", "fixed")])
P("arith", "bfi.b32", "bfi.b32 {0}, {1}, {2}, {3}, {4};",
  [("b32", "d"), ("b32", "s"), ("b32", "s"), ("u32", "s", "fixed"), ("u32", "s", "fixed")])
P("arith", "shf.l.wrap.b32", "shf.l.wrap.b32 {0}, {1}, {2}, {3};", [("b32", "d"), ("b32", "s"), ("b32", "s"), ("u32", "s", "fixed")])
P("arith", "bmsk.clamp.b32", "bmsk.clamp.b32 {0}, {1}, {2};", [("b32", "d"), ("u32", "s", "fixed"), ("u32", "s", "fixed")])
P("arith", "szext.clamp.u32", "szext.clamp.u32 {0}, {1}, {2};", [("u32", "d"), ("u32", "s"), ("u32", "s", "fixed")])
P("arith", "fns.b32", "fns.b32 {0}, {1}, {2}, {3};", [("b32", "d"), ("b32", "s"), ("u32", "s", "fixed"), ("s32", "s", "fixed")])
P("arith", "vote.sync.ballot.b32", "vote.sync.ballot.b32 {0}, {1}, {2};", [("b32", "d"), ("pred", "s", "fixed"), ("b32", "s", "fixed")])
P("arith", "vote.sync.any.pred", "vote.sync.any.pred {0}, {1}, {2};", [("pred", "d"), ("pred", "s"), ("b32", "s", "fixed")])
P("arith", "redux.sync.add.u32", "redux.sync.add.u32 {0}, {1}, {2};", [("u32", "d"), ("u32", "s"), ("b32", "s", "fixed")])
P("arith", "match.any.sync.b64", "match.any.sync.b64 {0}, {1}, {2};", [("b32", "d", "fixed"), ("b64", "s"), ("b32", "s", "fixed")])
P("arith", "activemask.b32", "activemask.b32 {0};", [("b32", "d")])
P("arith", "shfl.sync.bfly.b32", "shfl.sync.bfly.b32 {0}, {1}, {2}, {3}, {4};",
  [("b32", "d"), ("b32", "s"), ("b32", "s", "fixed"), ("b32", "s", "fixed"), ("b32", "s", "fixed")])
P("arith", "testp.finite.f32", "testp.finite.f32 {0}, {1};", [("pred", "d", "fixed"), ("f32", "s")])
P("arith", "isspacep.global", "isspacep.global {0}, {1};", [("pred", "d", "fixed"), ("u64", "s", "fixed")])
P("arith", "cvta.to.global.u64", "cvta.to.global.u64 {0}, {1};", [("u64", "d"), ("u64", "s")])
P("arith", "bar.sync", "bar.sync {0}, {1};", [("u32", "s", "fixed"), ("u32", "s", "fixed")])
P("arith", "nanosleep.u32", "nanosleep.u32 {0};", [("u32", "s")])
P("arith", "dp4a.u32.s32", "dp4a.u32.s32 {0}, {1}, {2}, {3};", [("s32", "d"), ("u32", "s"), ("s32", "s"), ("s32", "s")])
P("arith", "mul24.lo.s32", "mul24.lo.s32 {0}, {1}, {2};", [("s32", "d"), ("s32", "s"), ("s32", "s")])
P("arith", "copysign.f32", "copysign.f32 {0}, {1}, {2};", [("f32", "d"), ("f32", "s"), ("f32", "s")])
P("addr", "ld.global.u32-addr", "ld.global.u32 %Ru32_7, [{0}];", [("u64", "s", "addr")])
P("addr", "ld.global.u32-addr-off", "ld.global.u32 %Ru32_7, [{0}+4];", [("u64", "s", "addr")])
P("addr", "st.global.u32-addr", "st.global.u32 [{0}], %Ru32_7;", [("u64", "s", "addr")])
P("addr", "ld.shared.u32-addr", "ld.shared.u32 %Ru32_7, [{0}];", [("u64", "s", "addr")])
P("addr", "atom.global.add.u32-addr", "atom.global.add.u32 %Ru32_7, [{0}], 1;", [("u64", "s", "addr")])
for sp in ["", ".local", ".const", ".shared::cta", ".shared::cluster"]:
    P("addr", "ld%s.u32-addr" % sp, "ld%s.u32 %%Ru32_7, [{0}];" % sp, [("u64", "s", "addr")])
P("addr", "st.shared.u32-addr", "st.shared.u32 [{0}], %Ru32_7;", [("u64", "s", "addr")])
P("addr", "atom.shared.add.u32-addr", "atom.shared.add.u32 %Ru32_7, [{0}], 1;", [("u64", "s", "addr")])
P("arith", "lop3.b32", "lop3.b32 {0}, {1}, {2}, {3}, 0x96;", [("b32", "d"), ("b32", "s"), ("b32", "s"), ("b32", "s")])
P("arith", "prmt.b32", "prmt.b32 {0}, {1}, {2}, {3};", [("b32", "d"), ("b32", "s"), ("b32", "s"), ("b32", "s")])
for t in ["and", "or", "xor"]:
    P("arith", t + ".pred", "%s.pred {0}, {1}, {2};" % t, [("pred", "d"), ("pred", "s"), ("pred", "s")])
P("arith", "not.pred", "not.pred {0}, {1};", [("pred", "d"), ("pred", "s")])
for t in ["f32", "f64"]:
    P("arith", "add." + t, "add.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "fma.rn." + t, "fma.rn.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), (t, "s"), (t, "s")])
    P("arith", "max." + t, "max.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "neg." + t, "neg.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
    P("arith", "selp." + t, "selp.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), (t, "s"), ("pred", "s", "fixed")])
    P("arith", "setp.lt." + t, "setp.lt.%s {0}, {1}, {2};" % t, [("pred", "d", "fixed"), (t, "s"), (t, "s")])
P("arith", "sqrt.rn.f32", "sqrt.rn.f32 {0}, {1};", [("f32", "d"), ("f32", "s")])
P("arith", "ex2.approx.f32", "ex2.approx.f32 {0}, {1};", [("f32", "d"), ("f32", "s")])
for t in ["f16", "f16x2", "bf16", "bf16x2"]:
    P("arith", "add." + t, "add.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "fma.rn." + t, "fma.rn.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), (t, "s"), (t, "s")])
    P("arith", "max." + t, "max.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "neg." + t, "neg.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
    P("arith", "setp.lt." + t, "setp.lt.%s {0}, {1}, {2};" % t, [("pred", "d", "fixed"), (t, "s"), (t, "s")])
    P("arith", "ex2.approx." + t, "ex2.approx.ftz.%s {0}, {1};" % t
      if t.startswith("bf") else "ex2.approx.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
for t in ["u16x2", "s16x2"]:
    P("arith", "add." + t, "add.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "max." + t, "max.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "min." + t, "min.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
P("arith", "add.f32x2", "add.rn.f32x2 {0}, {1}, {2};", [("f32x2", "d"), ("f32x2", "s"), ("f32x2", "s")], V100)
P("arith", "fma.rn.f32x2", "fma.rn.f32x2 {0}, {1}, {2}, {3};",
  [("f32x2", "d"), ("f32x2", "s"), ("f32x2", "s"), ("f32x2", "s")], V100)
# types without plain arithmetic: does ptxas know an add/and of them at all?  (baseline only)
for t in ["u8", "s8", "b8", "b128"]:
    P("arith", "add." + t, "add.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    P("arith", "and." + t, "and.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])

ALL_T = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
         "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "tf32", "u16x2", "s16x2", "f32x2", "pred",
         "e4m3x2", "e5m2x2"]
for t in ALL_T:
    P("mov", "mov." + t, "mov.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
# pack / unpack
for t, e, n in [("b16", "b8", 2), ("b32", "b16", 2), ("b32", "b8", 4), ("b64", "b32", 2), ("b64", "b16", 4),
                ("b128", "b64", 2), ("b128", "b32", 4)]:
    P("mov", "mov.%s-pack%d" % (t, n), "mov.%s {0}, {1};" % t, [(t, "d"), ("v%d:%s" % (n, e), "s")])
    P("mov", "mov.%s-unpack%d" % (t, n), "mov.%s {0}, {1};" % t, [("v%d:%s" % (n, e), "d"), (t, "s")])

LDST_T = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
          "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "pred"]
for t in LDST_T:
    P("ldst", "ld.global." + t, "ld.global.%s {0}, [%%Ru64_8];" % t, [(t, "d")])
    P("ldst", "st.global." + t, "st.global.%s [%%Ru64_8], {0};" % t, [(t, "s")])
    P("ldst", "ld.shared." + t, "ld.shared.%s {0}, [sbuf];" % t, [(t, "d")])
for t in ["b32", "b64"]:
    P("ldst", "atom.global.exch." + t, "atom.global.exch.%s {0}, [%%Ru64_8], {1};" % t, [(t, "d"), (t, "s")])
for t in ["b32", "u32", "s32", "u64", "f32", "b64", "f64"]:
    P("ldst", "ldu.global." + t, "ldu.global.%s {0}, [%%Ru64_8];" % t, [(t, "d")])
for t in ["u32", "s32", "u64", "f32"]:
    P("ldst", "atom.global.add." + t, "atom.global.add.%s {0}, [%%Ru64_8], {1};" % t, [(t, "d"), (t, "s")])
    P("ldst", "red.global.add." + t, "red.global.add.%s [%%Ru64_8], {0};" % t, [(t, "s")])
for t in ["b32", "f32"]:
    P("ldst", "shfl.sync.idx." + t, "shfl.sync.idx.%s {0}, {1}, 1, 31, -1;" % t, [(t, "d"), (t, "s")])

VEC_T = ["b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
         "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"]
for t in VEC_T:
    for n in (2, 4, 8):
        # 256-bit vectors (v4 of 64-bit, v8 of 32-bit) need sm_100
        vt = V100 if BITS[t] * n > 128 else V90
        if BITS[t] * n > 256 or n == 8 and BITS[t] != 32:
            continue   # (ld.global.v8 of 8/16-bit types crashes ptxas 13.0: exit -11)
        P("vec", "ld.global.v%d.%s" % (n, t), "ld.global.v%d.%s {0}, [%%Ru64_8];" % (n, t),
          [("v%d:%s" % (n, t), "d")], vt)
        P("vec", "st.global.v%d.%s" % (n, t), "st.global.v%d.%s [%%Ru64_8], {0};" % (n, t),
          [("v%d:%s" % (n, t), "s")], vt)

CVT_T = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "bf16", "f32", "f64"]
FLOATS = {"f16", "bf16", "f32", "f64"}


def cvt_mods(d, a):
    if d in FLOATS and a in FLOATS:
        if BITS[d] < BITS[a] or d == "bf16" and a == "f16" or d == "f16" and a == "bf16":
            return ".rn"
        if d == a:
            return ".rni"
        return ""
    if d in FLOATS:
        return ".rn"
    if a in FLOATS:
        return ".rzi"
    return ""


for d in CVT_T:
    for a in CVT_T:
        P("cvt", "cvt%s.%s.%s" % (cvt_mods(d, a), d, a), "cvt%s.%s.%s {0}, {1};" % (cvt_mods(d, a), d, a),
          [(d, "d"), (a, "s")])
P("cvt", "cvt.rn.f16x2.f32", "cvt.rn.f16x2.f32 {0}, {1}, {2};", [("f16x2", "d"), ("f32", "s"), ("f32", "s")])
P("cvt", "cvt.rn.bf16x2.f32", "cvt.rn.bf16x2.f32 {0}, {1}, {2};", [("bf16x2", "d"), ("f32", "s"), ("f32", "s")])
P("cvt", "cvt.rna.tf32.f32", "cvt.rna.tf32.f32 {0}, {1};", [("tf32", "d"), ("f32", "s")])
for t, vt in [("e4m3x2", V90), ("e5m2x2", V90), ("e2m3x2", V100), ("e3m2x2", V100), ("e2m1x2", V100)]:
    P("cvt", "cvt.rn.satfinite.%s.f32" % t, "cvt.rn.satfinite.%s.f32 {0}, {1}, {2};" % t,
      [(t, "d"), ("f32", "s"), ("f32", "s")], vt)
    P("cvt", "cvt.rn.f16x2." + t, "cvt.rn.f16x2.%s {0}, {1};" % t, [("f16x2", "d"), (t, "s")], vt)
for t in ["e4m3x2", "e5m2x2"]:
    P("cvt", "cvt.rn.satfinite.%s.f16x2" % t, "cvt.rn.satfinite.%s.f16x2 {0}, {1};" % t,
      [(t, "d"), ("f16x2", "s")])
for t in ["e4m3x4", "e5m2x4", "e2m3x4", "e3m2x4", "e2m1x4"]:
    P("cvt", "cvt.rs.satfinite.%s.f32" % t, "cvt.rs.satfinite.%s.f32 {0}, {1}, {2};" % t,
      [(t, "d"), ("v4:f32", "s"), ("b32", "s", "fixed")], V100)
for t in ["f16x2", "bf16x2"]:
    P("cvt", "cvt.rs.%s.f32" % t, "cvt.rs.%s.f32 {0}, {1}, {2}, {3};" % t,
      [(t, "d"), ("f32", "s"), ("f32", "s"), ("b32", "s", "fixed")], V100)
P("cvt", "cvt.rz.satfinite.ue8m0x2.f32", "cvt.rz.satfinite.ue8m0x2.f32 {0}, {1}, {2};",
  [("ue8m0x2", "d"), ("f32", "s"), ("f32", "s")], V100)
P("cvt", "cvt.rn.bf16x2.ue8m0x2", "cvt.rn.bf16x2.ue8m0x2 {0}, {1};", [("bf16x2", "d"), ("ue8m0x2", "s")], V100)


# holdout: instructions the rules were not derived from (derive_typerules.py skips category
# holdout); TypeRulesTest checks that the rules predict them
def H(name, tmpl, slots, vt=V90):
    P("holdout", name, tmpl, slots, vt)


for t in ["u32", "s64", "s16"]:
    H("sub." + t, "sub.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("min." + t, "min.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("mul.hi." + t, "mul.hi.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("mad.lo." + t, "mad.lo.%s {0}, {1}, {2}, {3};" % t, [(t, "d"), (t, "s"), (t, "s"), (t, "s")])
    H("div." + t, "div.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("neg." + t, "neg.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
H("mad.wide.u16", "mad.wide.u16 {0}, {1}, {2}, {3};", [("u32", "d"), ("u16", "s"), ("u16", "s"), ("u32", "s")])
H("mul24.hi.u32", "mul24.hi.u32 {0}, {1}, {2};", [("u32", "d"), ("u32", "s"), ("u32", "s")])
H("sad.u32", "sad.u32 {0}, {1}, {2}, {3};", [("u32", "d"), ("u32", "s"), ("u32", "s"), ("u32", "s")])
H("clz.b32", "clz.b32 {0}, {1};", [("u32", "d", "fixed"), ("b32", "s")])
H("bfind.u64", "bfind.u64 {0}, {1};", [("u32", "d", "fixed"), ("u64", "s")])
H("brev.b64", "brev.b64 {0}, {1};", [("b64", "d"), ("b64", "s")])
H("cnot.b16", "cnot.b16 {0}, {1};", [("b16", "d"), ("b16", "s")])
H("xor.b16", "xor.b16 {0}, {1}, {2};", [("b16", "d"), ("b16", "s"), ("b16", "s")])
H("or.b64", "or.b64 {0}, {1}, {2};", [("b64", "d"), ("b64", "s"), ("b64", "s")])
H("set.eq.u32.s32", "set.eq.u32.s32 {0}, {1}, {2};", [("u32", "d"), ("s32", "s"), ("s32", "s")])
H("slct.u32.s32", "slct.u32.s32 {0}, {1}, {2}, {3};", [("u32", "d"), ("u32", "s"), ("u32", "s"), ("s32", "s", "fixed")])
for t in ["f32", "f64"]:
    H("sub." + t, "sub.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("div.rn." + t, "div.rn.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("abs." + t, "abs.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
    H("min." + t, "min.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("rcp.rn." + t, "rcp.rn.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
    H("testp.normal." + t, "testp.normal.%s {0}, {1};" % t, [("pred", "d", "fixed"), (t, "s")])
H("lg2.approx.f32", "lg2.approx.f32 {0}, {1};", [("f32", "d"), ("f32", "s")])
H("tanh.approx.f32", "tanh.approx.f32 {0}, {1};", [("f32", "d"), ("f32", "s")])
H("set.lt.f32.f32", "set.lt.f32.f32 {0}, {1}, {2};", [("f32", "d"), ("f32", "s"), ("f32", "s")])
for t in ["f16", "f16x2", "bf16", "bf16x2"]:
    H("mul.rn." + t, "mul.rn.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("min." + t, "min.%s {0}, {1}, {2};" % t, [(t, "d"), (t, "s"), (t, "s")])
    H("abs." + t, "abs.%s {0}, {1};" % t, [(t, "d"), (t, "s")])
H("tanh.approx.f16x2", "tanh.approx.f16x2 {0}, {1};", [("f16x2", "d"), ("f16x2", "s")])
H("cvta.global.u64", "cvta.global.u64 {0}, {1};", [("u64", "d"), ("u64", "s")])
H("atom.global.cas.b32", "atom.global.cas.b32 {0}, [%Ru64_8], {1}, {2};", [("b32", "d"), ("b32", "s"), ("b32", "s")])
H("atom.global.min.s32", "atom.global.min.s32 {0}, [%Ru64_8], {1};", [("s32", "d"), ("s32", "s")])
H("red.global.max.u64", "red.global.max.u64 [%Ru64_8], {0};", [("u64", "s")])
H("ld.global.nc.u32", "ld.global.nc.u32 {0}, [%Ru64_8];", [("u32", "d")])
H("ld.volatile.global.s16", "ld.volatile.global.s16 {0}, [%Ru64_8];", [("s16", "d")])
H("st.shared.f64", "st.shared.f64 [sbuf], {0};", [("f64", "s")])
H("ld.local.b8", "ld.local.b8 {0}, [%Ru64_8];", [("b8", "d")])
H("cvt.rzi.s32.f32", "cvt.rzi.s32.f32 {0}, {1};", [("s32", "d"), ("f32", "s")])
H("cvt.sat.u8.s32", "cvt.sat.u8.s32 {0}, {1};", [("u8", "d"), ("s32", "s")])
H("ld.global.v4.s16", "ld.global.v4.s16 {0}, [%Ru64_8];", [("v4:s16", "d")])
H("mov.b64-pack2-f", "mov.b64 {0}, {1};", [("b64", "d"), ("v2:b32", "s")])
H("shfl.sync.down.b32", "shfl.sync.down.b32 {0}, {1}, {2}, {3}, {4};",
  [("b32", "d"), ("b32", "s"), ("b32", "s", "fixed"), ("b32", "s", "fixed"), ("b32", "s", "fixed")])
H("bar.warp.sync", "bar.warp.sync {0};", [("b32", "s", "fixed")])
H("vote.sync.all.pred", "vote.sync.all.pred {0}, {1}, {2};", [("pred", "d"), ("pred", "s"), ("b32", "s", "fixed")])
H("dp2a.lo.u32.u32", "dp2a.lo.u32.u32 {0}, {1}, {2}, {3};", [("u32", "d"), ("u32", "s"), ("u32", "s"), ("u32", "s")])


# vector registers (`.reg .v2 .f32 %V2f32`): the whole register and its components
VREGS = [("v2", "f32"), ("v2", "u32"), ("v2", "b32"), ("v4", "u32"), ("v2", "b16"), ("v2", "u64"), ("v4", "f32")]
VREG_CASES = []
for t in ["f32", "b32", "u32", "s32", "u16", "u64"]:
    for v in ["%V2f32", "%V2u32", "%V2b32"]:
        VREG_CASES.append(("ld.global.v2.%s-vreg" % t, "ld.global.v2.%s %s, [%%Ru64_8];" % (t, v)))
        VREG_CASES.append(("st.global.v2.%s-vreg" % t, "st.global.v2.%s [%%Ru64_8], %s;" % (t, v)))
for ins in ["ld.global.v4.f32 %V2f32, [%Ru64_8];", "ld.global.v4.u32 %V4u32, [%Ru64_8];",
            "ld.global.v2.f32 %V4f32, [%Ru64_8];", "ld.global.v4.f32 %V4f32, [%Ru64_8];",
            "mov.b64 %Rb64_0, %V2b32;", "mov.b64 %Rb64_0, %V2f32;", "mov.b64 %Rb64_0, %V2u32;",
            "mov.b64 %V2b32, %Rb64_0;", "mov.b64 %V2f32, %Rb64_0;", "mov.b32 %Rb32_0, %V2b16;",
            "mov.b128 %Rb128_0, %V2u64;", "mov.b128 %Rb128_0, %V4u32;", "mov.b128 %Rb128_0, %V4f32;",
            "mov.u32 %Ru32_0, %V2u32;", "mov.u64 %Ru64_0, %V2u32;", "mov.f32 %Rf32_0, %V2f32;",
            "mov.f32 %Rf32_0, %V2f32.x;", "mov.f32 %Rf32_0, %V2f32.y;", "mov.f32 %Rf32_0, %V2f32.z;",
            "mov.f32 %Rf32_0, %V2f32.r;", "mov.u32 %Ru32_0, %V4u32.w;", "mov.u32 %Ru32_0, %V4u32.a;",
            "mov.b32 %Rb32_0, %V2f32.x;", "mov.u32 %Ru32_0, %V2f32.x;", "mov.s32 %Rs32_0, %V2u32.y;",
            "add.f32 %Rf32_0, %V2f32.x, %V2f32.y;", "add.u32 %Ru32_0, %V2f32.x, 1;",
            "add.f32 %V2f32.x, %Rf32_0, %Rf32_1;", "ld.global.f32 %V2f32.y, [%Ru64_8];",
            "ld.global.u8 %V2u32.x, [%Ru64_8];", "ld.global.u32 %V2u64.x, [%Ru64_8];",
            "cvt.rn.f32.u32 %V2f32.x, %V2u32.y;", "ld.global.v2.f32 {%V2f32.x, %V2f32.y}, [%Ru64_8];",
            "mov.u32 %Ru32_0, %V2u32.xy;", "mov.b16 %Rb16_0, %V2b16.y;", "setp.eq.f32 %Rpred_0, %V2f32.x, 0f00000000;"]:
    VREG_CASES.append((ins.split()[0] + "-vreg", ins))


def literals(bits):
    """Constant spellings: the same set for every slot, with the boundaries of every size."""
    lits = ["0", "1", "-1", "0x1", "0X1f", "017", "0b101", "1U", "0x1U", "-0x1", "- 1",
            "1.0", "-1.0", "1.", "1e3", "1.5e-3", "0f3F800000", "0F3F800000", "0fFFFFFFFF",
            "-0f3F800000", "0d3FF0000000000000", "0D3FF0000000000000", "-0d3FF0000000000000",
            "0f3F80", "0d3FF0"]
    for n in (8, 16, 32, 64):
        lits += [str(2 ** n - 1), str(2 ** n), str(-(2 ** (n - 1))), str(-(2 ** (n - 1)) - 1),
                 str(2 ** (n - 1)), hex(2 ** n - 1), hex(2 ** n)]
    lits += [str(2 ** 65), hex(2 ** 65), str(-(2 ** 64))]
    return lits


LITERALS = literals(0)
DEST_LITERAL = "1"


def fill(slot_type, i, override=None):
    """Text of a placeholder: the register of the slot type, or a vector of them.  override:
    the text of the varied (first) element."""
    if slot_type.startswith("v"):
        n, et = slot_type[1:].split(":")
        elems = [reg(canon(et), j) for j in range(int(n))]
        if override is not None:
            elems[0] = override
        return "{" + ", ".join(elems) + "}"
    if override is not None:
        return override
    return reg(canon(slot_type), i)


def render(tmpl, slots, vary=None, text=None):
    args = []
    for i, slot in enumerate(slots):
        args.append(fill(slot[0], i, text if i == vary else None))
    return tmpl.format(*args)


def element_type(t):
    return t.split(":")[1] if t.startswith("v") else t


def phase1():
    cases = []
    for n, (cat, name, tmpl, slots, vt) in enumerate(PROBES):
        cases.append(("b%04d" % n, Case(cat, vt[0], vt[1], render(tmpl, slots))))
    return cases


def origin(slot):
    """typed: the slot's type is the instruction's type modifier (or derived from it, as
    mul.wide's destination); fixed: the form fixes it (shift amounts, setp's predicate,
    masks); elem: an element of a vector operand; addr: the register inside [ ]."""
    if len(slot) > 2:
        return slot[2]
    return "elem" if slot[0].startswith("v") else "typed"


TYPE_NAMES = set(BITS) | {"e4m3", "e5m2", "e2m1", "e2m3", "e3m2", "ue8m0", "ue4m3", "b1", "u4", "s4", "u2", "s2",
                           "e2m1x4", "e2m3x4", "e3m2x4", "e4m3x4", "e5m2x4"}


SPACES = {"global", "shared", "shared::cta", "shared::cluster", "local", "const", "param"}


def form_name(tmpl, keep_space=False):
    """opcode + the type modifiers in order: setp.eq.u32 -> setp.u32 (as the checker names forms);
    with keep_space (address operands) also the state space: ld.shared.u32."""
    parts = tmpl.split()[0].split(".")
    return ".".join([parts[0]] + [p for p in parts[1:] if p in TYPE_NAMES or keep_space and p in SPACES])


def operand_index(tmpl, i):
    """The index (0 = first) of the operand of the template that holds placeholder {i}."""
    # placeholders are {N} (vectors are written by fill() later), so the template's commas
    # separate operands
    return [k for k, op in enumerate(tmpl.split(None, 1)[1].rstrip(";").split(","))
            if "{%d}" % i in op][0]


def phase2(ok_probes):
    rows = []   # (cat, probe, form, opnd, slot_type, role, origin, kind, operand, version, target, instr)
    for cat, name, tmpl, slots, vt in ok_probes:
        seen_src = set()
        for i, slot in enumerate(slots):
            t, role, org = slot[0], slot[1], origin(slot)
            form = form_name(tmpl, org == "addr")
            et = element_type(t)
            pre = (cat, name, form, str(operand_index(tmpl, i)), et, role, org)
            # the varied register: a register index that no other placeholder uses
            for r in REG_TYPES:
                rows.append(pre + ("reg", r, vt[0], vt[1],
                                   render(tmpl, slots, i, reg(r, 9 if t.startswith("v") else 4 + i))))
            if org in ("elem", "addr"):
                continue
            if role == "s":
                if (et, org) in seen_src:
                    continue   # constants: only the first source of each slot type
                seen_src.add((et, org))
            lits = LITERALS if role == "s" else [DEST_LITERAL]
            for lit in lits:
                rows.append(pre + ("imm", lit, vt[0], vt[1], render(tmpl, slots, i, lit)))
    return rows


def template_text():
    decl = " ".join(".reg .%s %%R%s_<10>;" % (t, t) for t in REG_TYPES)
    decl += "\n" + " ".join(".reg .%s .%s %%V%s%s;" % (v, t, v[1:], t) for v, t in VREGS)
    return ("// gen_typerules.py template\n.version @VERSION@\n.target @TARGET@\n.address_size 64\n\n"
            ".shared .align 16 .b8 sbuf[64];\n\n.visible .entry k()\n{\n" + decl + "\n@BODY@\nret;\n}\n")


def run(cases, batch, tmpdir):
    groups = collections.defaultdict(list)
    for cid, c in cases:
        groups[(c.version, c.target)].append((cid, c))
    stats = collections.Counter()
    res = {}
    for key in sorted(groups):
        g = groups[key]
        for i in range(0, len(g), batch):
            res.update(run_ptxas.run_batch(g[i:i + batch], tmpdir, stats, True))
    return res, stats


def decl_cases(tmpdir):
    """`.reg .T` for every candidate type, one module each (a syntax error is fatal); and the
    same declaration followed by a use (`mov.bN` from it), at 9.0/sm_100a and at 8.0/sm_90:
    ptxas 13.0 accepts `.reg .e2m1x4` alone at 9.0 but crashes (SIGSEGV) on the others."""
    out = []
    for t in REG_TYPES + NON_REG_TYPES:
        bits = BITS.get(t, 8)
        use = "mov.b%d %%u, %%a;\n" % bits if bits in (8, 16, 32, 64, 128) else ""
        udecl = ".reg .b%d %%u;\n" % bits if use else ""
        for kind, ver, tgt, body in [("decl", "9.0", "sm_100a", ""), ("decl-use", "9.0", "sm_100a", udecl + use),
                                     ("decl-use", "8.0", "sm_90", udecl + use)]:
            if kind == "decl-use" and not use:
                continue
            text = (".version %s\n.target %s\n.address_size 64\n.visible .entry k()\n{\n.reg .%s %%a;\n%sret;\n}\n"
                    % (ver, tgt, t, body))
            rc, msgs = run_ptxas.run_ptxas(text, tgt, tmpdir)
            v = run_ptxas.verdict_of(msgs)
            m = first(msgs)
            if rc != 0 and v == "ok":
                v, m = "error", "other: ptxas exit code %d without a message" % rc
            instr = (".reg .%s %%a; " % t + body.replace("\n", " ")).strip()
            out.append(("decl", kind, "", "", t, "d", "", "decl", t, ver, tgt, instr, v, m))
    return out


def first(msgs):
    return "%s: %s" % (msgs[0][1], msgs[0][2].strip()) if msgs else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "testdata", "ptxas", "isa", "typerules.tsv.gz"))
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--verify", type=int, default=300)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="typerules-") as tmpdir:
        tpath = os.path.join(tmpdir, "template.ptx")
        open(tpath, "w").write(template_text())
        run_ptxas.use_template(tpath)
        decl = decl_cases(tmpdir)
        base = phase1()
        bres, st1 = run(base, args.batch, tmpdir)
        rows = []
        ok_probes = []
        for (cid, c), p in zip(base, PROBES):
            v, m = bres[cid]
            rows.append((p[0], p[1], form_name(p[2]), "", "", "base", "", "base", "", c.version, c.target, c.instr, v,
                         m.split(" | ")[0]))
            if v == "ok":
                ok_probes.append(p)
        var = phase2(ok_probes)
        var += [("vreg", name, form_name(ins), "", "", "s", "vreg", "vreg", ins.split(None, 1)[1].rstrip(";"),
                 "9.0", "sm_90", ins) for name, ins in VREG_CASES]
        cases = [("v%06d" % n, Case(r[0], r[9], r[10], r[11])) for n, r in enumerate(var)]
        vres, st2 = run(cases, args.batch, tmpdir)
        for (cid, c), r in zip(cases, var):
            v, m = vres[cid]
            rows.append(r + (v, m.split(" | ")[0]))
        # batch-vs-single sample
        rnd = random.Random(SEED)
        sample = rnd.sample(cases, min(args.verify, len(cases)))
        agree = 0
        for case in sample:
            cid, single = run_ptxas.run_single(case, tmpdir)
            if single == vres[cid]:
                agree += 1
            else:
                print("MISMATCH", case, vres[cid], single, file=sys.stderr)
    ver = subprocess.run([run_ptxas.PTXAS, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-2:]
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    allrows = decl + rows
    with gzip.GzipFile(args.out, "wb", mtime=0) as gz:
        w = lambda s: gz.write(s.encode())
        w("# ptxas operand type rules (generated by scripts/ptxas-diff/isa/gen_typerules.py; see its docstring)\n")
        w("# ptxas: %s\n" % " / ".join(ver))
        w("# date: %s; %d cases; probes %d, accepted in the baseline %d; batch-vs-single sample %d/%d agree\n"
          % (datetime.date.today().isoformat(), len(allrows), len(PROBES), len(ok_probes), agree, len(sample)))
        w("# columns: id category probe form opnd slot_type role origin operand_kind operand version target instruction verdict message\n")
        for n, r in enumerate(allrows):
            w("\t".join(["t%06d" % n] + [str(x) for x in r]) + "\n")
    print("cases %d, probes %d ok %d, verify %d/%d, stats %s %s" % (len(allrows), len(PROBES), len(ok_probes), agree,
          len(sample), dict(st1), dict(st2)), file=sys.stderr)


if __name__ == "__main__":
    main()
