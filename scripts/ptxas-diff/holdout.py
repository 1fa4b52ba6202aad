#!/usr/bin/env python3
"""Hold-out verdicts: fresh seeded mutations that the rules were NOT written against.

The main verdict files (set-family.tsv, video.tsv) were recorded before the rules were written,
and the rules were tuned until they agreed with them.  This script draws a new sample of
near-valid mutations with another seed (the family generator's generate(seed, mutations,
only_mutations=True, ...)), drops any case already in the main file, runs ptxas over the rest with
run_ptxas's batching, and records them in testdata/ptxas/<family>-holdout.tsv (same columns).
PtxasVerdictsTest replays it with the same bar; a disagreement here is a rule that does not
generalise.

--family video also draws the mutation kinds video.tsv has few of (extra=True in
gen_video_cases: white space or a comment before a selector, '-', '!' or '~' on an operand, exotic
operands with and without a selector, adding or dropping a secondary operation, .b01/.b12/.b23 on
any operand, selectors of another instruction), and uses the clean re-check this family's late
errors need.

Usage: holdout.py [--family set|video] [--seed N] [--mutations N] [--out FILE]
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
import gen_video_cases  # noqa: E402
import run_ptxas  # noqa: E402

# family -> generator, extra generate() arguments, id prefix, default seed and size, main and
# hold-out file, template, clean re-check, what the header calls the instructions
PROFILES = {
    "set": dict(gen=gen_cases, extra={}, prefix="h", seed=20261122, mutations=6000, main="set-family.tsv",
                out="set-family-holdout.tsv", template="template.ptx", recheck=False,
                what="set/setp/selp/slct", columns_note=""),
    "video": dict(gen=gen_video_cases, extra={"extra": True}, prefix="w", seed=20261123, mutations=4000,
                  main="video.tsv", out="video-holdout.tsv", template="template-video.ptx", recheck=True,
                  what="vset/vset2/vset4", columns_note="; template testdata/ptxas/template-video.ptx"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--family", choices=sorted(PROFILES), default="set")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--mutations", type=int)
    ap.add_argument("--out")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    p = PROFILES[args.family]
    seed = p["seed"] if args.seed is None else args.seed
    mutations = p["mutations"] if args.mutations is None else args.mutations
    data = os.path.join(run_ptxas.ROOT, "testdata", "ptxas")
    out = args.out or os.path.join(data, p["out"])
    run_ptxas.use_template(os.path.join(data, p["template"]))
    known = set()
    with open(os.path.join(data, p["main"])) as f:
        for line in f:
            if not line.startswith("#"):
                c = line.rstrip("\n").split("\t")
                known.add((c[2], c[3], c[5]))
    cases = [(p["prefix"] + cid[1:], c) for cid, c in
             p["gen"].generate(seed, mutations, only_mutations=True, **p["extra"])
             if (c.version, c.target, c.instr) not in known]
    groups = {}
    for cid, c in cases:
        groups.setdefault((c.version, c.target), []).append((cid, c))
    batches = [g[i:i + 100] for key in sorted(groups) for g in [groups[key]] for i in range(0, len(g), 100)]
    stats = {"batch_runs": 0, "fallback_singles": 0, "fatal_confirm": 0, "fatal_mismatch": 0}
    if p["recheck"]:
        stats["clean_rechecks"] = 0
    res = {}
    with tempfile.TemporaryDirectory(prefix="ptxas-holdout-") as tmpdir:
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            for r in ex.map(lambda b: run_ptxas.run_batch(b, tmpdir, stats, recheck=p["recheck"]), batches):
                res.update(r)
    ver = subprocess.run([run_ptxas.PTXAS, "--version"], capture_output=True, text=True).stdout.strip()
    by_id = dict(cases)
    script = "holdout.py" + ("" if args.family == "set" else " --family " + args.family)
    with open(out, "w") as f:
        f.write("# ptxas verdicts for hold-out mutations of %s (scripts/ptxas-diff/%s --seed %d --mutations %d); "
                "not in %s\n" % (p["what"], script, seed, mutations, p["main"]))
        f.write("# columns: id<TAB>family<TAB>version<TAB>target<TAB>arch_used<TAB>instruction<TAB>verdict"
                "(ok|error|fatal)<TAB>messages (as in %s)%s\n" % (p["main"], p["columns_note"]))
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
