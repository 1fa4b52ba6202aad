#!/usr/bin/env python3
"""Compare ptxlint with the recorded declaration verdicts, without Maven (what
DeclarationVerdictsTest enforces, with the jar of this checkout).

Usage: decl_compare.py [FILE.tsv.gz ...] [--jar lsp-server/target/ptxlint.jar] [--show N]
       [--only false|missed] [--scope SCOPE]
Prints false errors (ptxas accepts, ptxlint reports an error) and missed errors (ptxas rejects,
ptxlint reports none), then the agreement per file. Exit status 1 when there is a false error.
"""
import argparse
import glob
import gzip
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_decl  # noqa: E402


def read(path):
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for ln in f:
            if ln.startswith("#") or not ln.strip():
                continue
            p = ln.rstrip("\n").split("\t")
            out.append(tuple(p[:6]) if len(p) >= 6 else tuple(p[:5]) + ("",))
    return out


def lint(cases, jar):
    res = []
    with tempfile.TemporaryDirectory(prefix="decl-compare-") as tmp:
        names = []
        for i, c in enumerate(cases):
            name = os.path.join(tmp, "c%07d.ptx" % i)
            with open(name, "w") as f:
                f.write(gen_decl.render(c[0], c[1], c[2], c[3]))
            names.append(name)
        p = subprocess.run(["java", "-XX:+UseSerialGC", "-jar", jar, "--format", "json", "--no-config", "-q",
                            "-j", "2", tmp], capture_output=True, text=True)
        if p.returncode not in (0, 1):
            sys.exit("ptxlint failed (%d): %s" % (p.returncode, p.stderr[-2000:]))
        by = {os.path.basename(f["path"]): f["diagnostics"] for f in json.loads(p.stdout)["files"]}
        for name in names:
            errs = [(d["code"], d["message"]) for d in by.get(os.path.basename(name), [])
                    if d["severity"] == "error"]
            res.append(errs)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--jar", default=os.path.join(gen_decl.ROOT, "lsp-server", "target", "ptxlint.jar"))
    ap.add_argument("--show", type=int, default=40)
    ap.add_argument("--only")
    ap.add_argument("--scope")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(gen_decl.OUT_DIR, "*.tsv.gz")))
    bad = False
    for path in files:
        cases = [c for c in read(path) if c[4] in ("ok", "error", "fatal") and (not a.scope or c[2] == a.scope)]
        res = lint(cases, a.jar)
        false_e, missed = [], []
        for c, errs in zip(cases, res):
            rejects = c[4] != "ok"
            if not rejects and errs:
                false_e.append((c, errs))
            elif rejects and not errs:
                missed.append((c, errs))
        if a.only != "missed":
            for c, errs in false_e[:a.show]:
                print("FALSE  %s\t%s\t%s\t%s\t-> %s %s" % (c[0], c[1], c[2], c[3], errs[0][0], errs[0][1][:140]))
        if a.only != "false":
            for c, _ in missed[:a.show]:
                print("MISSED %s\t%s\t%s\t%s\t(ptxas: %s)" % (c[0], c[1], c[2], c[3], c[5][:150]))
        n = len(cases)
        print("%s: %d cases, agreement %.2f%%, %d false errors, %d missed"
              % (os.path.basename(path), n, 100.0 * (n - len(false_e) - len(missed)) / max(n, 1), len(false_e),
                 len(missed)))
        bad |= bool(false_e)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
