#!/usr/bin/env python3
"""Hold-out verdicts: fresh seeded mutations that the rules were NOT written against.

The main verdict file (set-family.tsv) was recorded before the set/setp/selp/slct rules were
written, and the rules were tuned until they agreed with it.  This script draws a new sample of
near-valid mutations with a different seed (gen_cases.generate(seed, only_mutations=True)),
drops any case already in set-family.tsv, runs ptxas over the rest with run_ptxas's batching,
and records them in testdata/ptxas/set-family-holdout.tsv (same columns).  PtxasVerdictsTest
replays it with the same bar; a disagreement here is a rule that does not generalise.

Usage: holdout.py [--seed 20261122] [--mutations 6000] [--out testdata/ptxas/set-family-holdout.tsv]
"""
import argparse
import concurrent.futures as cf
import datetime
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_cases  # noqa: E402
import run_ptxas  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--mutations", type=int, default=6000)
    ap.add_argument("--out", default=os.path.join(run_ptxas.ROOT, "testdata", "ptxas", "set-family-holdout.tsv"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    main_tsv = os.path.join(run_ptxas.ROOT, "testdata", "ptxas", "set-family.tsv")
    known = set()
    with open(main_tsv) as f:
        for line in f:
            if line.startswith("#"):
                continue
            p = line.rstrip("\n").split("\t")
            known.add((p[2], p[3], p[5]))
    cases = [(cid.replace("c", "h", 1), c) for cid, c in
             gen_cases.generate(args.seed, args.mutations, only_mutations=True)
             if (c.version, c.target, c.instr) not in known]
    groups = {}
    for cid, c in cases:
        groups.setdefault((c.version, c.target), []).append((cid, c))
    batches = [g[i:i + 100] for key in sorted(groups) for g in [groups[key]] for i in range(0, len(g), 100)]
    stats = {"batch_runs": 0, "fallback_singles": 0, "fatal_confirm": 0, "fatal_mismatch": 0}
    res = {}
    with tempfile.TemporaryDirectory(prefix="ptxas-holdout-") as tmpdir:
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            for r in ex.map(lambda b: run_ptxas.run_batch(b, tmpdir, stats), batches):
                res.update(r)
    ver = subprocess.run([run_ptxas.PTXAS, "--version"], capture_output=True, text=True).stdout.strip()
    by_id = dict(cases)
    with open(args.out, "w") as f:
        f.write("# ptxas verdicts for hold-out mutations of set/setp/selp/slct (scripts/ptxas-diff/holdout.py "
                "--seed %d --mutations %d); not in set-family.tsv\n" % (args.seed, args.mutations))
        f.write("# columns: id<TAB>family<TAB>version<TAB>target<TAB>arch_used<TAB>instruction<TAB>verdict"
                "(ok|error|fatal)<TAB>messages (as in set-family.tsv)\n")
        f.write("# ptxas: %s\n" % " / ".join(ver.splitlines()[-2:]))
        f.write("# date: %s; %d cases\n" % (datetime.date.today().isoformat(), len(cases)))
        for cid in sorted(res):
            c = by_id[cid]
            v, m = res[cid]
            f.write("\t".join([cid, c.family, c.version, c.target, run_ptxas.arch_for(c.target), c.instr, v, m])
                    + "\n")
    print("%d hold-out cases, stats %s" % (len(cases), stats), file=sys.stderr)


if __name__ == "__main__":
    main()
