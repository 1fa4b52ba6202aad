#!/usr/bin/env python3
"""Hold-out verdicts for vset/vset2/vset4: fresh seeded mutations the video rules were NOT written against.

video.tsv was recorded before the vset/vset2/vset4 rules were written, and the rules were made to agree
with it.  This script draws a new sample of near-valid mutations with another seed
(gen_video_cases.generate(seed, mutations, only_mutations=True, extra=True)); besides the generator's
own mutations, the hold-out adds kinds video.tsv has few of: white space or a comment before a
selector, '-', '!' or '~' on an operand, exotic operands (special registers, WARP_SZ, expressions,
wide constants, vectors, addresses, typed registers) with and without a selector, adding or dropping a
secondary operation, .b01/.b12/.b23 on any operand, and selectors of another instruction.  Cases
already in video.tsv are dropped; the rest run through run_ptxas's batching with the clean re-check that
this family's late errors need, and are recorded in testdata/ptxas/video-holdout.tsv (same columns).
PtxasVerdictsTest replays it with the same bar; a disagreement here is a rule that does not generalise.

Usage: holdout_video.py [--seed 20261123] [--mutations 4000] [--out testdata/ptxas/video-holdout.tsv]
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
import gen_video_cases  # noqa: E402
import run_ptxas  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--mutations", type=int, default=4000)
    ap.add_argument("--out", default=os.path.join(run_ptxas.ROOT, "testdata", "ptxas", "video-holdout.tsv"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    run_ptxas.use_template(os.path.join(run_ptxas.ROOT, "testdata", "ptxas", "template-video.ptx"))
    main_tsv = os.path.join(run_ptxas.ROOT, "testdata", "ptxas", "video.tsv")
    known = set()
    with open(main_tsv) as f:
        for line in f:
            if line.startswith("#"):
                continue
            p = line.rstrip("\n").split("\t")
            known.add((p[2], p[3], p[5]))
    cases = [("w" + cid[1:], c) for cid, c in
             gen_video_cases.generate(args.seed, args.mutations, only_mutations=True, extra=True)
             if (c.version, c.target, c.instr) not in known]
    groups = {}
    for cid, c in cases:
        groups.setdefault((c.version, c.target), []).append((cid, c))
    batches = [g[i:i + 100] for key in sorted(groups) for g in [groups[key]] for i in range(0, len(g), 100)]
    stats = {"batch_runs": 0, "fallback_singles": 0, "fatal_confirm": 0, "fatal_mismatch": 0, "clean_rechecks": 0}
    res = {}
    with tempfile.TemporaryDirectory(prefix="ptxas-holdout-video-") as tmpdir:
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            for r in ex.map(lambda b: run_ptxas.run_batch(b, tmpdir, stats, recheck=True), batches):
                res.update(r)
    ver = subprocess.run([run_ptxas.PTXAS, "--version"], capture_output=True, text=True).stdout.strip()
    by_id = dict(cases)
    with open(args.out, "w") as f:
        f.write("# ptxas verdicts for hold-out mutations of vset/vset2/vset4 (scripts/ptxas-diff/holdout_video.py "
                "--seed %d --mutations %d); not in video.tsv\n" % (args.seed, args.mutations))
        f.write("# columns: id<TAB>family<TAB>version<TAB>target<TAB>arch_used<TAB>instruction<TAB>verdict"
                "(ok|error|fatal)<TAB>messages (as in video.tsv); template testdata/ptxas/template-video.ptx\n")
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
