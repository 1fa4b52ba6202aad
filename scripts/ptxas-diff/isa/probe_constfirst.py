#!/usr/bin/env python3
"""Probe: a constant as a vector's first element, the next element a register of each register type.

docs/ptxas-behaviour.md §33 ("Open"): with a constant first, ptxas 13.0 does not check the sizes of the
registers after it as it does in a vector of registers (st.global.v2.b32 [g], {1, %rs9} assembles). This
probe draws, from every family's recording (not the slots-/holdout- files), PER accepted single-statement
cases with a vector of two or more registers (distinct opcode spellings, seeded), and writes for each such
vector: element 0 replaced by an integer (1) or an .f32 constant (0f3F800000), element 1 by a register of
each of the template's 17 non-.b128 register types. Not a replayed family yet: the verdicts it records are
the measurements the rule will be written from.

Usage:
  probe_constfirst.py [PER] > CASES.tsv
  isa_run.py CASES.tsv --out probe-constfirst.tsv.gz --jobs 2 --timeout 20
"""
import glob, os, random, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from holdout_regswap import REGS  # noqa: E402

PER = int(sys.argv[1]) if len(sys.argv) > 1 else 4
CONSTS = ("1", "0f3F800000")
VEC = re.compile(r"\{([^{}]*)\}")


def main():
    import gzip
    rnd = random.Random(20261129)
    seen = set()
    for path in sorted(glob.glob(os.path.join(HERE, "..", "..", "..", "testdata", "ptxas", "isa", "*.tsv.gz"))):
        fam = os.path.basename(path)[:-7]
        if fam.startswith(("holdout-", "slots-")):
            continue
        rows = [l.rstrip("\n").split("\t") for l in gzip.open(path, "rt") if not l.startswith("#")]
        ok = [r for r in rows if len(r) > 3 and r[3] == "ok" and r[2].count(";") == 1]
        rnd.shuffle(ok)
        spellings, picked = set(), []
        for r in ok:
            vecs = [m for m in VEC.finditer(r[2])
                    if len(m.group(1).split(",")) >= 2 and all(e.strip().startswith("%") for e in m.group(1).split(","))]
            op = r[2].split()[0] if not r[2].startswith("@") else r[2].split()[1]
            if not vecs or op in spellings:
                continue
            spellings.add(op)
            picked.append((r, vecs))
            if len(picked) >= PER:
                break
        for r, vecs in picked:
            for m in vecs:
                els = [e.strip() for e in m.group(1).split(",")]
                for c in CONSTS:
                    for t, reg in REGS.items():
                        if t == ".b128":
                            continue
                        new = [c, reg] + els[2:]
                        ins = r[2][:m.start()] + "{" + ", ".join(new) + "}" + r[2][m.end():]
                        key = (r[0], r[1], ins)
                        if key not in seen:
                            seen.add(key)
                            print("probe-constfirst\t%s\t%s\t%s" % key)


if __name__ == "__main__":
    main()
