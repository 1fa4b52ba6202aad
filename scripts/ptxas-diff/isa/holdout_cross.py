#!/usr/bin/env python3
"""Cross hold-out (holdout-cross): real instructions, one operand slot each crossed over every
dimension at once.

The other hold-outs change a real instruction by ONE mutation (holdout_real.py, holdout_headers.py):
the dimensions are crossed only across cases.  Here each drawn instruction keeps its modifiers and
all but one operand, and that one slot is crossed with everything else in the same case:

  register type (the 18 of the template)  x  operand shape (register, vector of 1/2/4/8, [reg],
  [reg+imm], `p|q` pair, negated `!r`; untyped: integer, hex, 0f, 0d immediates, [var], [var+imm],
  label, function name, `_` sink, special register; the operand unchanged)  x  guard (none, @%p3,
  @!%p3, @%r3: not a predicate)  x  target (the instruction's own, one below its minimum, sm_90a,
  sm_100a, sm_120a, sm_75; .version 9.0).

The instruction's minimum target is measured, not read from the .ptxisa data (this script never
reads them): ptxas judges the unchanged instruction on a ladder of targets (LADDER) and the
minimum is the first target that accepts it; "one below" is the ladder's previous target.

Instructions come from real PTX: testdata/valid/**.ptx (handwritten and the nvcc corpus) and the
PTX nvcc makes now of holdout-cross/*.cu (newer families: TMA, mbarrier, wgmma, tcgen05,
fp8/fp6/fp4 cvt, redux, elect, griddepcontrol, clusters, ldmatrix/stmatrix, red.async, multimem)
for sm_90a, sm_100a and sm_120a.  They are normalised into the template's names with
holdout_real.py's reader, deduplicated by opcode and operand-shape signature, and drawn at random
(seeded) round-robin over opcodes, so rare opcodes are drawn before common ones are drawn twice.
Each drawn instruction gets --per cases sampled (seeded) from its cross product: shapes, types,
guards and targets with the weights below, so every value appears many times over the hold-out.

Usage:
  holdout_cross.py [PTX...] --cases OUT.tsv [--kinds K.tsv]     # draw (probes the minimum targets)
  holdout_cross.py [PTX...] --record [--jobs 2]                 # draw, judge (cached), write
                                               # testdata/ptxas/isa/holdout-cross.tsv.gz
Without PTX arguments: testdata/valid/**/*.ptx and holdout-cross/*.cu compiled into --ptx-dir.
"""
import argparse
import collections
import glob
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import isa_run  # noqa: E402
import holdout_real as hr  # noqa: E402

FAMILY = "holdout-cross"
VERSION = "9.0"
CU_ARCHS = ("sm_90a", "sm_100a", "sm_120a")
# the target ladder of the minimum-target probe (at .version 9.0), lowest first
LADDER = ("sm_10", "sm_20", "sm_30", "sm_50", "sm_53", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_89",
          "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_120", "sm_120a")
FIXED_TARGETS = ("sm_90a", "sm_100a", "sm_120a", "sm_75")
TYPES = (".pred", ".b8", ".u8", ".s8", ".b16", ".u16", ".s16", ".f16", ".b32", ".u32", ".s32", ".f32", ".f16x2",
         ".b64", ".u64", ".s64", ".f64", ".b128")
TYPED_SHAPES = ("reg", "vec1", "vec2", "vec4", "vec8", "addr", "addr-off", "pair", "neg")
UNTYPED_SHAPES = {
    "imm-int": ("0", "1", "3", "16", "255", "-1", "4096"),
    "imm-hex": ("0x1", "0xFF", "0xFFFF", "0x7FFFFFFF", "0xFFFFFFFF", "0xFFFFFFFFFFFFFFFF"),
    "imm-0f": ("0f3F800000", "0f00000000", "0fBF800000"),
    "imm-0d": ("0d3FF0000000000000", "0d0000000000000000"),
    "addr-var": ("[g]", "[s]", "[c]", "[l]", "[pa]", "[pb]", "[g64]", "[s64]"),
    "addr-var-off": ("[g+16]", "[s+8]", "[c+4]", "[pb+8]", "[l+32]"),
    "label": ("L_after", "L_before"),
    "func": ("fv", "fn"),
    "sink": ("_",),
    "sreg": ("%tid.x", "%laneid", "%clock64", "%ctaid.y", "%smid", "%lanemask_lt", "%globaltimer",
             "%cluster_ctarank", "%dynamic_smem_size", "%nctaid.z"),
}
# sampling weights: shape (the operand unchanged, a register, the other shapes), guard, target
SHAPE_WEIGHTS = dict([("own", 2), ("reg", 3)] + [(s, 1) for s in TYPED_SHAPES[1:]] + [(s, 1) for s in UNTYPED_SHAPES])
OWN_TYPE = 0.3                      # a typed shape takes the operand's own register type this often
GUARDS = (("", "none", 0.4), ("@%p3 ", "@p", 0.25), ("@!%p3 ", "@!p", 0.2), ("@%r3 ", "@r", 0.15))
TARGETS = (("own", 0.3), ("below", 0.15)) + tuple((t, 0.55 / 4) for t in FIXED_TARGETS)


def typed_operand(t, shape):
    p = hr.PREFIX[t]
    r = lambda k: "%s%d" % (p, k)  # noqa: E731
    return {"reg": r(7), "vec1": "{%s}" % r(7), "vec2": "{%s, %s}" % (r(7), r(8)),
            "vec4": "{%s}" % ", ".join(r(k) for k in range(7, 11)),
            "vec8": "{%s}" % ", ".join(r(k) for k in range(7, 15)),
            "addr": "[%s]" % r(7), "addr-off": "[%s+8]" % r(7), "pair": "%s|%s" % (r(7), r(8)),
            "neg": "!%s" % r(7)}[shape]


def own_type(operand):
    p = hr.op_type(operand)
    for t, q in hr.PREFIX.items():
        if q == p:
            return t
    return None


# --- inputs ------------------------------------------------------------------------------------

def default_inputs(ptx_dir):
    files = sorted(glob.glob(os.path.join(isa_run.ROOT, "testdata", "valid", "**", "*.ptx"), recursive=True))
    os.makedirs(ptx_dir, exist_ok=True)
    for cu in sorted(glob.glob(os.path.join(HERE, "holdout-cross", "*.cu"))):
        for arch in CU_ARCHS:
            out = os.path.join(ptx_dir, "%s.%s.ptx" % (os.path.basename(cu)[:-3], arch))
            if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(cu):
                subprocess.run(["nvcc", "-ptx", "-std=c++17", "-arch=" + arch, cu, "-o", out], check=True,
                               stderr=subprocess.DEVNULL)
            files.append(out)
    return files


def bases_of(files):
    """{instruction (no guard): set of file targets}, one per opcode and operand-shape signature
    (the first seen, files in order)."""
    bases, sigs = collections.OrderedDict(), set()
    for f in files:
        for target, instr in hr.read_ptx(f):
            instr = re.sub(r"^@!?\S+\s+", "", instr)
            if ";" in instr[:-1] or "{ ." in instr or not re.match(r"[a-z]", instr) or not hr.parse(instr)[2]:
                continue                   # several statements (inline asm blocks), or no operand to cross
            if instr in bases:
                bases[instr].add(target)
                continue
            sig = hr.shape_signature(instr)
            if sig in sigs:
                continue
            sigs.add(sig)
            bases[instr] = {target}
    return bases


def draw_bases(bases, n, rnd):
    """n instructions drawn round-robin over opcodes (each opcode's list and the opcode order shuffled)."""
    by_op = collections.defaultdict(list)
    for b in bases:
        by_op[hr.parse(b)[1].split(".")[0]].append(b)
    ops = sorted(by_op)
    for o in ops:
        rnd.shuffle(by_op[o])
    rnd.shuffle(ops)
    out, k = [], 0
    while len(out) < n and any(by_op.values()):
        for o in ops:
            if k < len(by_op[o]) and len(out) < n:
                out.append(by_op[o][k])
        k += 1
        if all(k >= len(v) for v in by_op.values()):
            break
    return out


def native_target(targets, rnd):
    """One of the targets the instruction's files were compiled for."""
    return re.sub(r"[^\w].*", "", rnd.choice(sorted(targets)))


# --- the minimum-target probe --------------------------------------------------------------------

def probe_minimum(drawn, cache_path, jobs):
    """{instruction: (minimum target or None, one below it)} measured with ptxas over LADDER: each
    instruction is judged on the ladder's targets from the lowest up until one accepts it (one ptxas
    batch per rung for the instructions still rejected)."""
    out, todo = {}, list(drawn)
    for i, t in enumerate(LADDER):
        if not todo:
            break
        cache = hr.judge_cached(FAMILY + "-probe", {(VERSION, t, b) for b in todo}, cache_path, jobs)
        left = []
        for b in todo:
            if cache[(VERSION, t, b)][0] == "ok":
                out[b] = (t, LADDER[i - 1] if i > 0 else None)
            else:
                left.append(b)
        todo = left
    for b in todo:
        out[b] = (None, None)
    return out


# --- the cross ---------------------------------------------------------------------------------

def pick(rnd, weighted):
    x = rnd.random() * sum(w for _, w in weighted)
    for v, w in weighted:
        x -= w
        if x < 0:
            return v
    return weighted[-1][0]


def cross_cases(instr, slot, native, below, per, rnd):
    """[(key, kind)] `per` distinct cases of the instruction's slot crossed over every dimension."""
    g0, op, ops = hr.parse(instr)
    o = ops[slot]
    t_own = own_type(o)
    shapes = list(SHAPE_WEIGHTS.items())
    out, seen, tries = [], set(), 0
    while len(out) < per and tries < per * 20:
        tries += 1
        shape = pick(rnd, shapes)
        rtype = "-"
        if shape == "own":
            new = o
        elif shape in UNTYPED_SHAPES:
            new = rnd.choice(UNTYPED_SHAPES[shape])
        else:
            rtype = t_own if t_own and rnd.random() < OWN_TYPE else rnd.choice(TYPES)
            new = typed_operand(rtype, shape)
        gtext, gkind = pick(rnd, [((g, k), w) for g, k, w in GUARDS])
        tkind = pick(rnd, TARGETS)
        target = native if tkind == "own" else (below or "sm_10") if tkind == "below" else tkind
        text = gtext + hr.render("", op, ops[:slot] + [new] + ops[slot + 1:])
        key = (VERSION, target, text)
        if key in seen:
            continue
        seen.add(key)
        kind = "slot%d:%s:%s|%s|%s%s" % (slot, shape, rtype, gkind, tkind,
                                         "" if below or tkind != "below" else "(none)")
        out.append((key, kind))
    return out


def draw(files, n_bases, per, seed, probe_cache, jobs):
    rnd = random.Random(seed)
    bases = bases_of(files)
    drawn = draw_bases(bases, n_bases, rnd)
    nops = len({hr.parse(b)[1].split(".")[0] for b in drawn})
    print("distinct instructions (one per signature): %d; drawn %d of %d opcodes"
          % (len(bases), len(drawn), nops), file=sys.stderr)
    minimum = probe_minimum(drawn, probe_cache, jobs)
    cases = {}
    for b in drawn:
        slot = rnd.randrange(len(hr.parse(b)[2]))
        lo, below = minimum[b]
        native = native_target(bases[b], rnd)
        for key, kind in cross_cases(b, slot, native, below, per, rnd):
            if key not in cases:
                cases[key] = (hr.parse(b)[1].split(".")[0], kind, lo or "-")
    return cases, minimum


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ptx", nargs="*")
    ap.add_argument("--bases", type=int, default=420, help="instructions to draw")
    ap.add_argument("--per", type=int, default=24, help="cases per drawn instruction")
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--ptx-dir", default="/tmp/holdout-cross-ptx", help="where holdout-cross/*.cu are compiled")
    ap.add_argument("--cases", help="write the drawn cases (family, version, target, instruction) here")
    ap.add_argument("--kinds", help="write version, target, instruction, opcode, kind, minimum target here")
    ap.add_argument("--record", action="store_true", help="judge with ptxas and write the .tsv.gz")
    ap.add_argument("--out", default=os.path.join(isa_run.ISA_DIR, FAMILY + ".tsv.gz"))
    ap.add_argument("--cache", default="/tmp/holdout-cross-cache.tsv.gz")
    ap.add_argument("--probe-cache", default="/tmp/holdout-cross-probe.tsv.gz")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    files = args.ptx or default_inputs(args.ptx_dir)
    t0 = time.time()
    cases, minimum = draw(files, args.bases, args.per, args.seed, args.probe_cache, args.jobs)
    print("cases: %d from %d PTX files; minimum target found for %d of %d instructions"
          % (len(cases), len(files), sum(1 for v in minimum.values() if v[0]), len(minimum)), file=sys.stderr)
    if args.kinds:
        with open(args.kinds, "w") as f:
            for k, (opc, kind, lo) in sorted(cases.items()):
                f.write("\t".join(k + (opc, kind, lo)) + "\n")
    if args.cases:
        hr.write_cases(args.cases, FAMILY, cases)
    if not args.record:
        return
    cache = hr.judge_cached(FAMILY, cases, args.cache, args.jobs)
    results = [(isa_run.Case(FAMILY, v, t, ins), *cache[(v, t, ins)]) for (v, t, ins) in sorted(cases)]
    isa_run.write_tsv_gz(args.out, FAMILY, results,
                         "scripts/ptxas-diff/isa/holdout_cross.py --bases %d --per %d --seed %d (%d PTX files)"
                         % (args.bases, args.per, args.seed, len(files)), time.time() - t0)
    print("%d cases -> %s" % (len(results), args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
