#!/usr/bin/env python3
"""Register-swap hold-out (holdout-regswap): every register slot of sampled accepted cases crossed with
every register type.

A sixth way to draw cases, from neither the forms (gen_forms.py), real PTX (holdout_real.py,
holdout_cross.py) nor the manual (holdout_manual.py): ptxas's own accepted verdicts.  For each of the
169 families' recordings, PER accepted single-statement cases with distinct opcode spellings are
drawn (seeded); in each, every register slot -- a bare register operand, the first element of a vector
operand, the register of an address -- is replaced by a register of each of the template's 18 register
types in turn, one slot at a time, guard kept.  An accepted case changed in one slot is the sharpest
test of the type rules: everything else is known to be legal.

Usage:
  holdout_regswap.py [PER] > CASES.tsv        (PER: 4, the recorded draw)
  isa_run.py CASES.tsv --out testdata/ptxas/isa/holdout-regswap.tsv.gz --jobs 2 --timeout 20
Cases are written with the family holdout-regswap (family, version, target, instruction).
"""
import gzip, glob, os, random, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from holdout_real import split_operands
REGS = {".pred": "%p9", ".b8": "%b9", ".u8": "%ub9", ".s8": "%sb9", ".b16": "%rs9", ".u16": "%us9", ".s16": "%ss9",
        ".f16": "%h9", ".b32": "%r99", ".u32": "%u9", ".s32": "%s9", ".f32": "%f99", ".f16x2": "%hh9", ".b64": "%rd9",
        ".u64": "%ud9", ".s64": "%sd9", ".f64": "%fd9", ".b128": "%q9"}
def main():
    PER = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    rnd = random.Random(20261129)
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "..", "..", "..", "testdata", "ptxas", "isa", "*.tsv.gz"))):
        fam = os.path.basename(path)[:-7]
        if fam.startswith(("holdout-", "slots-")):
            continue
        rows = [l.rstrip("\n").split("\t") for l in gzip.open(path, "rt") if not l.startswith("#")]
        ok = [r for r in rows if len(r) > 3 and r[3] == "ok" and ";" in r[2] and r[2].count(";") == 1]
        rnd.shuffle(ok)
        seen, picked = set(), []
        for r in ok:
            m = re.match(r"\s*(@!?%p\d+\s+)?(\S+)\s+(.*);\s*$", r[2])
            if not m:
                continue
            key = m.group(2)
            if key in seen:
                continue
            seen.add(key); picked.append((r, m))
            if len(picked) >= PER:
                break
        for r, m in picked:
            guard, op, rest = m.group(1) or "", m.group(2), m.group(3)
            ops = split_operands(rest)
            for i, o in enumerate(ops):
                o = o.strip()
                # a bare register, an element of a vector, the register of an address
                targets = []
                if re.fullmatch(r"%[a-z]+\d+", o):
                    targets.append((o, None))
                mv = re.fullmatch(r"\{\s*(%[a-z]+\d+)(.*)\}", o)
                if mv:
                    targets.append((o, ("{", mv.group(1), mv.group(2) + "}")))
                ma = re.fullmatch(r"\[\s*(%[a-z]+\d+)(.*)\]", o)
                if ma:
                    targets.append((o, ("[", ma.group(1), ma.group(2) + "]")))
                for orig, parts in targets:
                    for t, reg in REGS.items():
                        new = reg if parts is None else parts[0] + reg + parts[2]
                        if new == orig:
                            continue
                        nops = [x.strip() for x in ops]; nops[i] = new
                        out.append((fam, r[0], r[1], "%s%s %s;" % (guard, op, ", ".join(nops))))
    seen = set()
    for c in out:
        if c[1:] in seen: continue
        seen.add(c[1:]); print("\t".join(("holdout-regswap",) + c[1:]))


if __name__ == "__main__":
    main()
