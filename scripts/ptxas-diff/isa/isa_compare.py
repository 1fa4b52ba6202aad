#!/usr/bin/env python3
"""Compare ptxlint with the recorded ptxas verdicts of one or more families, without Maven.

Runs the linter jar on every recorded case of testdata/ptxas/isa/FAMILY.tsv.gz
(each case rendered from testdata/ptxas/isa/template.ptx exactly as
IsaVerdictsTest does, one file per case, all files in one java run with
--format json) and prints the disagreements: false errors (ptxas accepts,
ptxlint reports an error) and missed errors (ptxas rejects, ptxlint reports
none), then one line per family: cases, agreement, false errors, missed.
timeout/crash cases are left out, as in the test.

Usage:
  isa_compare.py FAMILY [FAMILY ...] | --all
      [--jar /work/dev/ptxlint.jar] [--isa-dir DIR] [--show N] [--only false|missed]
      [--verdicts DIR] [--suggest-floors]
--isa-dir: the ISA data the jar reads (-Dptxlint.isa.dir; default the
checkout's checker/src/main/resources/dev/ptxlint/isa).  A ptxlint error on a
template line (not the case's own line) is shown with its line, since that is
a disagreement about the template, not the instruction.
Exit status 0 when there is no false error, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import isa_run  # noqa: E402

JAR = os.environ.get("PTXLINT_JAR", "/work/dev/ptxlint.jar")
ISA_DATA = os.path.join(isa_run.ROOT, "checker", "src", "main", "resources", "dev", "ptxlint", "isa")


def lint_cases(cases, jar, isa_dir, jobs=2):
    """cases: [(version, target, instruction, ...)] -> [(has_error, [(line, code, message)], body_line)]."""
    template = isa_run.read_template()
    out = []
    with tempfile.TemporaryDirectory(prefix="isa-compare-") as tmp:
        names, body_lines = [], []
        for i, c in enumerate(cases):
            text = isa_run.render_template(template, c[0], c[1])
            body_lines.append(text[:text.index("@BODY@")].count("\n") + 1)
            name = os.path.join(tmp, "c%07d.ptx" % i)
            with open(name, "w") as f:
                f.write(text.replace("@BODY@", c[2]))
            names.append(name)
        cmd = ["java", "-Dptxlint.isa.dir=" + isa_dir, "-jar", jar, "--format", "json", "--no-config", "-q",
               "-j", str(jobs), tmp]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode not in (0, 1):
            sys.exit("isa_compare: ptxlint failed (%d): %s" % (p.returncode, p.stderr[-2000:]))
        doc = json.loads(p.stdout)
        by_file = {}
        for f in doc["files"]:
            by_file[os.path.basename(f["path"])] = f["diagnostics"]
        for i, name in enumerate(names):
            diags = by_file.get(os.path.basename(name), [])
            errs = [(d["range"]["start"]["line"] if isinstance(d.get("range", {}).get("start"), dict)
                     and "line" in d["range"]["start"] else None, d["code"], d["message"])
                    for d in diags if d["severity"] == "error"]
            out.append((bool(errs), errs, body_lines[i]))
    return out


def known_false(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            p = line.rstrip("\n").split("\t")
            out[tuple(p[:4])] = p[4] if len(p) > 4 else ""
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("families", nargs="*")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--jar", default=JAR)
    ap.add_argument("--isa-dir", default=ISA_DATA)
    ap.add_argument("--verdicts", default=isa_run.ISA_DIR, help="folder of the recorded .tsv.gz")
    ap.add_argument("--show", type=int, default=40, help="disagreements shown per family and kind")
    ap.add_argument("--only", choices=("false", "missed"))
    ap.add_argument("--suggest-floors", action="store_true",
                    help="also print floors.tsv lines (agreement rounded down to 0.1) for families below 99.5%%")
    args = ap.parse_args()
    fams = args.families
    if args.all:
        # typerules and sreg hold other measurements, in their own columns (as in IsaVerdictsTest)
        fams = sorted(f[:-len(".tsv.gz")] for f in os.listdir(args.verdicts)
                      if f.endswith(".tsv.gz") and f not in ("typerules.tsv.gz", "sreg.tsv.gz"))
    if not fams:
        ap.error("name a family (testdata/ptxas/isa/FAMILY.tsv.gz) or --all")
    known = known_false(os.path.join(args.verdicts, "known-false.tsv"))
    total_false = 0
    rows = []
    for fam in fams:
        path = os.path.join(args.verdicts, fam + ".tsv.gz")
        if not os.path.exists(path):
            print("%s: no recorded verdicts (%s)" % (fam, path))
            continue
        cases = [c for c in isa_run.read_tsv_gz(path) if c[3] not in ("timeout", "crash")]
        t0 = time.time()
        res = lint_cases(cases, args.jar, args.isa_dir)
        dt = time.time() - t0
        false, missed = [], []
        for c, (err, errs, body) in zip(cases, res):
            rejects = c[3] in ("error", "fatal")
            if err and not rejects:
                where = "; ".join("%s%s %s" % ("" if ln == body else "[template line %s] " % ln, code, msg)
                                  for ln, code, msg in errs)
                listed = (fam,) + tuple(c[:3]) in known
                false.append("%s %s %s\t-> %s%s" % (c[0], c[1], c[2], where, "  (listed)" if listed else ""))
                if not listed:
                    total_false += 1
            elif rejects and not err:
                missed.append("%s %s %s\t<- ptxas %s" % (c[0], c[1], c[2], c[4] or c[3]))
        print("== %s: %d cases, linted in %.1fs" % (fam, len(cases), dt))
        if args.only != "missed":
            for line in false[:args.show]:
                print("false error  " + line)
            if len(false) > args.show:
                print("  ... %d more false errors" % (len(false) - args.show))
        if args.only != "false":
            for line in missed[:args.show]:
                print("missed error " + line)
            if len(missed) > args.show:
                print("  ... %d more missed errors" % (len(missed) - args.show))
        n = len(cases)
        rows.append((fam, n, 100.0 * (n - len(false) - len(missed)) / n if n else 100.0, len(false), len(missed)))
    print("%-36s %7s %8s %7s %7s" % ("family", "cases", "agree", "false", "missed"))
    for r in rows:
        print("%-36s %7d %7.2f%% %7d %7d" % r)
    if args.suggest_floors:
        print("# floors.tsv lines for the families below 99.5%:")
        for fam, n, pct, f, m in rows:
            if pct < 99.5:
                print("%s\t%.1f" % (fam, int(pct * 10) / 10.0))
    sys.exit(1 if total_false else 0)


if __name__ == "__main__":
    main()
