#!/usr/bin/env python3
"""Re-judge recorded cases one file per case and correct their verdicts in the recorded .tsv.gz.

Some verdicts recorded by an earlier version of isa_run.py's batching are wrong: a case whose only
error comes from a later ptxas stage (e.g. "Result register required for instruction 'mov'" for a
video instruction with a constant destination) was recorded as `ok` when another case of its batch
stopped ptxas first. This script runs the given cases alone (isa_run.Runner.single, exactly the
verdict rule of the recording) and rewrites the verdict and message of every case that differs,
keeping the file's case set, order and header (plus one header line saying what was re-judged).

usage: rejudge.py CASES.tsv             lines: family<TAB>version<TAB>target<TAB>instruction
       rejudge.py --ok FAMILY [FAMILY..]  every case recorded `ok` in these families
"""
import argparse
import concurrent.futures as cf
import datetime
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_run  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
VERDICTS = os.path.join(ROOT, "testdata", "ptxas", "isa")


def path_of(family):
    return os.path.join(VERDICTS, family + ".tsv.gz")


def read(family):
    with gzip.open(path_of(family), "rt") as f:
        return f.read().split("\n")


def write(family, lines):
    data = "\n".join(lines).encode()
    with open(path_of(family), "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
            f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cases", nargs="?")
    ap.add_argument("--ok", nargs="+", metavar="FAMILY")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    todo = {}
    if a.cases:
        for c in isa_run.read_cases(a.cases):
            todo.setdefault(c.family, set()).add((c.version, c.target, c.instr))
    for fam in a.ok or []:
        for v, t, ins, verdict, _m in isa_run.read_tsv_gz(path_of(fam)):
            if verdict == "ok":
                todo.setdefault(fam, set()).add((v, t, ins))
    runner = isa_run.Runner()
    for fam in sorted(todo):
        keys = sorted(todo[fam])
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            got = dict(zip(keys, ex.map(lambda k: runner.single(isa_run.Case(fam, *k)), keys)))
        lines = read(fam)
        changed = 0
        out = []
        for line in lines:
            p = line.split("\t")
            if not line.startswith("#") and len(p) >= 4 and tuple(p[:3]) in got:
                v, m = got[tuple(p[:3])]
                if v != p[3] and v in ("ok", "error", "fatal", "crash"):
                    changed += 1
                    line = "\t".join(p[:3] + [v, m.replace("\t", " ")])
            out.append(line)
        if changed:
            n = next(i for i, l in enumerate(out) if not l.startswith("#"))
            out.insert(n, "# %s: %d cases re-judged one file per case (scripts/ptxas-diff/isa/rejudge.py), %d verdicts "
                          "corrected" % (datetime.date.today().isoformat(), len(keys), changed))
            write(fam, out)
        print("%s: %d re-judged, %d corrected" % (fam, len(keys), changed))


if __name__ == "__main__":
    main()
