#!/usr/bin/env python3
"""Run ptxas over the cases of gen_cases.py (or another generator with the
same case schema) and record its verdicts.

Usage:
  run_ptxas.py [--generator gen_cases|gen_video_cases] [--template FILE]
               [--out FILE] [--jobs 2] [--batch 100] [--verify 600]
               [--verify-out FILE] [--limit N]

--generator picks the case generator (a module in this folder with
generate() and SEED); it also picks the defaults of --template, --out and
--verify-out:
  gen_cases        testdata/ptxas/template.ptx, set-family.tsv, batch-verification.txt
  gen_video_cases  testdata/ptxas/template-video.ptx, video.tsv, video-batch-verification.txt
With no options the script does exactly what it did before --generator
existed (the set family).

The verdict of a case is, by definition, the verdict of the *single-case
file*: the template (default testdata/ptxas/template.ptx) with @VERSION@/@TARGET@ from the case and
@BODY@ = the instruction, assembled with `ptxas -arch=ARCH FILE -o /dev/null`
where ARCH = the target for sm_80 and up (sm_90a/sm_100a need the matching
-arch) and sm_75 for older targets (ptxas 13.0 cannot generate code below
sm_75 but accepts PTX written for an older .target).

Batching: cases with the same (version, target) are put into one file: the
template's header once, then one copy of the template's entry per case
(renamed k_<id>, body = that case's instruction).  ptxas checks a module one
function at a time, so every located message falls in exactly one case's
line range.  But ptxas has two phases: parsing reports errors for the whole
file, and only when parsing found none does a later check run, which stops at
the first function with an error (the video family's "Mismatch between
instruction type and comparison qualifier" is such a late error).  So a case
that got no message from a failed run may still be wrong; --recheck-clean
(default on for gen_video_cases, off for gen_cases, whose batched verdicts were
verified identical to single-file ones without it) re-runs those cases as a new
batch, repeatedly, until each has got messages or been in a run that passed.  A `fatal` message stops ptxas: the cases before it are complete,
the case containing it gets verdict `fatal`, and the rest of the batch is
re-run.  Every `fatal` verdict found in a batch is then confirmed by a
single-case run; any message without a location or outside every case's
lines makes the whole remaining batch fall back to single-case runs.

--verify N re-runs a seeded random sample of N cases one file per case and
compares verdict + messages with the batched result (must agree 100%).

Output TSV columns (one line per case, sorted by id, after '#' comments):
  id family version target arch_used instruction verdict messages
verdict: ok | error | fatal  (fatal = at least one `fatal` message).
messages: ptxas's messages for the case in ptxas's order, each written as
`SEVERITY: TEXT` (severity error/fatal/warning, file/line prefix removed,
the trailer "Ptx assembly aborted due to errors" left out), joined by " | ".
"""
import argparse
import concurrent.futures as cf
import datetime
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import importlib  # noqa: E402

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
PTXAS_DIR = os.path.join(ROOT, "testdata", "ptxas")
# generator module -> (title for the TSV header, template, output TSV, verification file,
#                      default of --recheck-clean)
GENERATORS = {
    "gen_cases": ("set/setp/selp/slct instruction variants", "template.ptx",
                  "set-family.tsv", "batch-verification.txt", False),
    "gen_video_cases": ("vset/vset2/vset4 (video comparison) instruction variants", "template-video.ptx",
                        "video.tsv", "video-batch-verification.txt", True),
}
TEMPLATE = os.path.join(PTXAS_DIR, "template.ptx")
TRAILER = "Ptx assembly aborted due to errors"
LOCATED = re.compile(r"^ptxas (.*), line (\d+); (error|fatal|warning)\s*: (.*)$")
UNLOCATED = re.compile(r"^ptxas (error|fatal|warning)\s*: (.*)$")


def arch_for(target):
    n = int(re.match(r"sm_(\d+)", target).group(1))
    return "sm_75" if n < 75 else target


def load_template(path):
    text = open(path).read()
    i = text.index(".visible .entry k()")
    return text[:i], text[i:]


HEADER, ENTRY = load_template(TEMPLATE)


def use_template(path):
    global TEMPLATE, HEADER, ENTRY
    TEMPLATE = path
    HEADER, ENTRY = load_template(path)


def render_single(version, target, instr):
    return (HEADER + ENTRY).replace("@VERSION@", version).replace("@TARGET@", target).replace("@BODY@", instr)


def render_batch(version, target, cases):
    """Return (text, ranges) where ranges[i] = (first_line, last_line) of case i."""
    head = HEADER.replace("@VERSION@", version).replace("@TARGET@", target)
    parts = [head]
    line = head.count("\n") + 1
    ranges = []
    for cid, c in cases:
        e = ENTRY.replace(".visible .entry k()", ".visible .entry k_%s()" % cid, 1).replace("@BODY@", c.instr)
        n = e.count("\n")
        ranges.append((line, line + n - 1))
        line += n
        parts.append(e)
    return "".join(parts), ranges


def run_ptxas(text, arch, tmpdir):
    fd, path = tempfile.mkstemp(suffix=".ptx", dir=tmpdir)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    try:
        p = subprocess.run([PTXAS, "-arch=" + arch, path, "-o", os.devnull],
                           capture_output=True, text=True, timeout=300)
        out = p.stdout + p.stderr
        rc = p.returncode
    finally:
        os.unlink(path)
    msgs = []   # (line or None, severity, text)
    base = os.path.basename(path)
    for ln in out.splitlines():
        if not ln.strip():
            continue
        m = LOCATED.match(ln)
        if m:
            t = m.group(4).replace(path, "FILE").replace(base, "FILE")
            msgs.append((int(m.group(2)), m.group(3), t))
            continue
        m = UNLOCATED.match(ln)
        if m:
            if m.group(1) == "fatal" and m.group(2).strip() == TRAILER:
                continue
            msgs.append((None, m.group(1), m.group(2).replace(path, "FILE").replace(base, "FILE")))
            continue
        msgs.append((None, "other", ln))
    return rc, msgs


def verdict_of(msgs):
    sev = {m[1] for m in msgs}
    if "fatal" in sev:
        return "fatal"
    if "error" in sev or "other" in sev:
        return "error"
    return "ok"


def fmt(msgs):
    return " | ".join("%s: %s" % (s, t.strip()) for _, s, t in msgs)


def run_single(case, tmpdir):
    cid, c = case
    rc, msgs = run_ptxas(render_single(c.version, c.target, c.instr), arch_for(c.target), tmpdir)
    v = verdict_of(msgs)
    if rc != 0 and v == "ok":
        v = "error"
        msgs.append((None, "other", "ptxas exit code %d without a message" % rc))
    if rc == 0 and v != "ok":
        msgs.append((None, "other", "ptxas exit code 0 despite errors"))
    return cid, (v, fmt(msgs))


def run_batch(cases, tmpdir, stats, recheck=False):
    """cases: list of (id, Case) with equal version/target. Returns {id: (verdict, messages)}.

    recheck: also re-run, as a new batch, every case that got no message from a
    ptxas run that failed (see --recheck-clean), until each such case has either
    got messages or been part of a run that passed."""
    res = {}
    suspects = []   # (id, Case) that got no message from a failed run
    todo = list(cases)
    version, target = cases[0][1].version, cases[0][1].target
    arch = arch_for(target)

    def assign(stretch, per, rc):
        for case, pm in zip(stretch, per):
            res[case[0]] = (verdict_of(pm), fmt(pm))
            if recheck and rc != 0 and not pm:
                suspects.append(case)

    while todo:
        text, ranges = render_batch(version, target, todo)
        rc, msgs = run_ptxas(text, arch, tmpdir)
        stats["batch_runs"] += 1
        per = [[] for _ in todo]
        bad = False
        fatal_at = None
        j = 0
        for m in msgs:
            if m[0] is None:
                bad = True
                break
            while j < len(ranges) and m[0] > ranges[j][1]:
                j += 1
            if j == len(ranges) or m[0] < ranges[j][0]:
                # out of order or outside every case: locate it by search
                k = [i for i, (a, b) in enumerate(ranges) if a <= m[0] <= b]
                if not k:
                    bad = True
                    break
                j = k[0]
            per[j].append(m)
            if m[1] == "fatal":
                fatal_at = j
                break
        if bad:
            stats["fallback_singles"] += len(todo)
            for case in todo:
                cid, r = run_single(case, tmpdir)
                res[cid] = r
            break
        if fatal_at is None:
            if rc != 0 and not any(per):
                stats["fallback_singles"] += len(todo)
                for case in todo:
                    cid, r = run_single(case, tmpdir)
                    res[cid] = r
                break
            assign(todo, per, rc)
            break
        assign(todo[:fatal_at + 1], per[:fatal_at + 1], rc)
        # confirm the fatal case alone
        fcase = todo[fatal_at]
        stats["fatal_confirm"] += 1
        cid, single = run_single(fcase, tmpdir)
        if single != res[cid]:
            # misattributed: redo this stretch one by one
            stats["fatal_mismatch"] += 1
            for case in todo[:fatal_at + 1]:
                cid2, r = run_single(case, tmpdir)
                res[cid2] = r
                if case in suspects:
                    suspects.remove(case)
        todo = todo[fatal_at + 1:]
    if suspects:
        stats["clean_rechecks"] += len(suspects)
        res.update(run_batch(suspects, tmpdir, stats, recheck))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--generator", default="gen_cases",
                    help="case generator module in scripts/ptxas-diff (default gen_cases; also gen_video_cases)")
    ap.add_argument("--template", help="PTX template (default: the generator's, see the docstring)")
    ap.add_argument("--out", help="output TSV (default: the generator's, in testdata/ptxas)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--verify", type=int, default=600, help="single-file re-check sample size (0: skip)")
    ap.add_argument("--verify-out", help="verification report (default: the generator's, in testdata/ptxas)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N cases (debugging)")
    ap.add_argument("--recheck-clean", dest="recheck", action="store_true", default=None,
                    help="re-run cases that got no message from a failed ptxas run (default: on for gen_video_cases)")
    ap.add_argument("--no-recheck-clean", dest="recheck", action="store_false")
    args = ap.parse_args()

    gen = importlib.import_module(args.generator)
    title, tmpl, out, vout, recheck = GENERATORS.get(args.generator, (
        getattr(gen, "TITLE", args.generator + " cases"), "template.ptx",
        args.generator + ".tsv", args.generator + "-batch-verification.txt", True))
    if args.recheck is None:
        args.recheck = recheck
    use_template(os.path.abspath(args.template) if args.template else os.path.join(PTXAS_DIR, tmpl))
    args.out = args.out or os.path.join(PTXAS_DIR, out)
    args.verify_out = args.verify_out or os.path.join(PTXAS_DIR, vout)
    tmpl_rel = os.path.relpath(TEMPLATE, ROOT)

    cases = gen.generate()
    if args.limit:
        cases = cases[:args.limit]
    ver = subprocess.run([PTXAS, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-2:]
    groups = {}
    for cid, c in cases:
        groups.setdefault((c.version, c.target), []).append((cid, c))
    batches = []
    for key in sorted(groups):
        g = groups[key]
        for i in range(0, len(g), args.batch):
            batches.append(g[i:i + args.batch])
    stats = {"batch_runs": 0, "fallback_singles": 0, "fatal_confirm": 0, "fatal_mismatch": 0}
    if args.recheck:
        stats["clean_rechecks"] = 0
    res = {}
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="ptxas-diff-") as tmpdir:
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            futs = [ex.submit(run_batch, b, tmpdir, stats, args.recheck) for b in batches]
            for n, f in enumerate(cf.as_completed(futs)):
                res.update(f.result())
                if (n + 1) % 50 == 0:
                    print("  %d/%d batches, %.0fs" % (n + 1, len(batches), time.time() - t0), file=sys.stderr)
        t_batch = time.time() - t0
        by_id = dict(cases)
        with open(args.out, "w") as f:
            f.write("# ptxas verdicts for %s (generated by scripts/ptxas-diff)\n" % title)
            f.write("# columns: id<TAB>family<TAB>version<TAB>target<TAB>arch_used<TAB>instruction<TAB>verdict(ok|error|fatal)<TAB>messages\n")
            f.write("# each case = %s with @VERSION@/@TARGET@/@BODY@ filled in, run as `ptxas -arch=<arch_used> FILE`\n" % tmpl_rel)
            f.write("# messages: 'severity: text' per ptxas message (no file/line prefix, no final 'Ptx assembly aborted' line), joined by ' | '\n")
            f.write("# ptxas: %s\n" % " / ".join(ver))
            f.write("# date: %s; %d cases\n" % (datetime.date.today().isoformat(), len(cases)))
            for cid in sorted(res):
                c = by_id[cid]
                v, m = res[cid]
                f.write("\t".join([cid, c.family, c.version, c.target, arch_for(c.target), c.instr, v, m]) + "\n")
        print("batched run: %.1fs, %d cases, %d batches, stats %s" % (t_batch, len(cases), len(batches), stats),
              file=sys.stderr)

        if args.verify:
            rnd = random.Random(gen.SEED + 1)
            sample = rnd.sample(cases, min(args.verify, len(cases)))
            t1 = time.time()
            with cf.ThreadPoolExecutor(args.jobs) as ex:
                singles = dict(ex.map(lambda c: run_single(c, tmpdir), sample))
            t_single = time.time() - t1
            agree = [cid for cid, _ in sample if singles[cid] == res[cid]]
            lines = ["batch-vs-single verification (%s)" % datetime.date.today().isoformat(),
                     "sample: %d random cases (seed %d), one file per case" % (len(sample), gen.SEED + 1),
                     "agreement (verdict and messages identical): %d/%d" % (len(agree), len(sample)),
                     "single-file runtime for the sample: %.1fs with %d jobs" % (t_single, args.jobs),
                     "batched runtime for all %d cases: %.1fs with %d jobs, batch size %d" % (
                         len(cases), t_batch, args.jobs, args.batch),
                     "batch stats: %s" % stats]
            for cid, _ in sample:
                if singles[cid] != res[cid]:
                    lines.append("MISMATCH %s batch=%r single=%r" % (cid, res[cid], singles[cid]))
            open(args.verify_out, "w").write("\n".join(lines) + "\n")
            print("\n".join(lines), file=sys.stderr)


if __name__ == "__main__":
    main()
