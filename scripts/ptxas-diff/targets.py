#!/usr/bin/env python3
"""Measure how ptxas treats the module header: `.version` x `.target` (and
the `.target` options), and record the verdicts in testdata/ptxas/targets.tsv.

Usage:
  targets.py [--out testdata/ptxas/targets.tsv] [--jobs 2]

Every case is one tiny module, assembled on its own with
`ptxas -arch=ARCH FILE -o /dev/null`.  The modules (column `module`):

  A  .version V / .target T / .address_size 64 / .visible .entry k() { ret; }
  N  the same without `.address_size 64` (`.address_size` needs PTX ISA 2.3,
     so this is the module that shows the target verdict for older versions)
  W  A with `.address_size 32` instead of 64
  D  A followed by `.section .debug_str { .b8 0 }` (any .section counts as
     debug information for `.target ..., debug`)
  F20 / F80 / F90  A with one instruction that needs sm_20 (`popc.b32`),
     sm_80 (`redux.sync.add.u32`) or sm_90 (`mov.u32 %r1, %clusterid.x`),
     to see which targets satisfy "requires .target sm_NN or higher"

The target column is the text after `.target` (a literal `\\n` in it stands
for a line break, i.e. a second `.target` line).

ARCH is the target itself when ptxas accepts it as -arch; the sm_101 names
(renamed sm_110 in PTX ISA 9.0, no longer an -arch value) use sm_110[a|f];
older targets (below sm_75, which ptxas 13.0 cannot generate code for) use
sm_75; any other name uses the smallest -arch value of the same kind (plain,
'a' or 'f', read from the name's last character as ptxas does) whose number
is not lower, else the largest of that kind.  Section `arch` instead runs
every known target at `.version 9.0` against every sm_* -arch value.

Sections (column `section`):
  version  `.version M.m` for M 0..10, m 0..99 (module N, `.target sm_10`,
           -arch=sm_75): which version numbers ptxas knows
  scan     `.target sm_N`, `sm_Na`, `sm_Nf`, N 0..130 (module A,
           `.version 9.0`): which target names ptxas knows
  grid     every known version (and some that do not exist, and some
           two-digit minors) x every known target and some bogus names
  options  the target options (debug, texmode_*, map_f64_to_f32) at every
           known version, and the shapes of the directive (several targets,
           repeated/conflicting options, options first, ...)
  arch     `.version 9.0`, every known target x every sm_* -arch value
  feature  modules F20/F80/F90 for every known target
  compare  modules V60 (`fns.b32`, needs PTX ISA 6.0) and V74
           (`ld.global.L2::128B`, needs 7.4) at versions around the limit,
           including 5.1 and two-digit minors

Output TSV columns, one line per case after '#' comments:
  id section module version target arch verdict messages
verdict: ok | error | fatal (fatal = at least one `fatal` message; error =
an error message or a non-zero exit code).  messages: ptxas's messages in
its order, each `SEVERITY@LINE: TEXT` (or `SEVERITY: TEXT` for a message
without a location; the file name is replaced by FILE, the trailer "Ptx
assembly aborted due to errors" left out), joined by " | ".
"""
import argparse
import concurrent.futures as cf
import datetime
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
TRAILER = "Ptx assembly aborted due to errors"
LOCATED = re.compile(r"^ptxas (.*), line (\d+); (error|fatal|warning|info)\s*: (.*)$")
UNLOCATED = re.compile(r"^ptxas (error|fatal|warning|info)\s*: (.*)$")

ENTRY = ".visible .entry k() { ret; }\n"
BODIES = {
    "F20": ".visible .entry k() { .reg .b32 %r1; popc.b32 %r1, %r1; ret; }\n",
    "F80": ".visible .entry k() { .reg .b32 %r1; redux.sync.add.u32 %r1, %r1, 0xffffffff; ret; }\n",
    "F90": ".visible .entry k() { .reg .b32 %r1; mov.u32 %r1, %clusterid.x; ret; }\n",
    "V60": ".visible .entry k() { .reg .b32 %r1; fns.b32 %r1, %r1, %r1, 1; ret; }\n",
    "V74": ".visible .entry k() { .reg .b32 %r1; .reg .b64 %rd1; ld.global.L2::128B.b32 %r1, [%rd1]; ret; }\n",
}

# Names that look like targets but are not (or are odd spellings ptxas may accept).
BOGUS_TARGETS = [
    "sm_9", "sm_0", "sm_14", "sm_22", "sm_73", "sm_91", "sm_99", "sm_102", "sm_107", "sm_122", "sm_130", "sm_1000",
    "sm_75a", "sm_80a", "sm_89a", "sm_90f", "sm_100b", "sm_120b", "sm_90A", "sm_100F", "sm_90_a", "sm_90aa",
    "sm_90af", "sm_90xyz", "sm_090", "sm90", "SM_90", "Sm_90", "sm_", "compute_90", "compute_90a", "compute_100f",
    "compute_75", "compute_10", "compute_91", "compute_", "lto_90", "sm_90.0",
]
# Several targets at a version that supports only some of them: (version, target text, arch).
MIXED = [
    ("7.0", "sm_80, sm_90", "sm_90"), ("7.0", "sm_90, sm_80", "sm_90"), ("7.0", "sm_90a, sm_75", "sm_90a"),
    ("6.0", "sm_75, sm_60", "sm_75"), ("6.0", "sm_75, sm_80, sm_60", "sm_80"), ("7.0", "sm_90, sm_100, sm_80", "sm_100"),
    ("7.0", "sm_90\\n.target sm_80", "sm_90"), ("7.0", "sm_80\\n.target sm_90", "sm_90"),
    ("7.0", "sm_90\\n.target sm_100\\n.target sm_80", "sm_100"), ("7.0", "sm_90, texmode_unified", "sm_90"),
    ("6.0", "sm_10, sm_20", "sm_75"), ("7.8", "sm_90, sm_90a", "sm_90a"), ("7.8", "sm_90a, sm_90", "sm_90a"),
]
# Versions that do not exist, and two-digit minors (ptxas reads the minor as an integer).
ODD_VERSIONS = ["0.9", "1.6", "2.4", "3.3", "4.4", "5.2", "5.9", "6.6", "7.9", "8.9", "9.1", "9.9", "10.0",
                "5.10", "6.10", "7.10", "4.20", "4.11", "0.90", "1.80", "7.08", "09.0", "9.00"]
OPTIONS = ["debug", "texmode_independent", "texmode_unified", "map_f64_to_f32"]
# Shapes of the directive, at .version 9.0: (module, target text, arch or None for the default choice).
SHAPES = [
    ("A", "sm_90, debug", None), ("D", "sm_90, debug", None), ("A", "sm_90, debug, debug", None),
    ("D", "sm_90, debug, debug", None), ("D", "sm_90, texmode_independent, debug", None),
    ("A", "sm_90, texmode_independent", None), ("A", "sm_90, texmode_unified", None),
    ("A", "sm_90, texmode_unified, texmode_unified", None),
    ("A", "sm_90, texmode_independent, texmode_independent", None),
    ("A", "sm_90, texmode_unified, texmode_independent", None),
    ("A", "sm_90, texmode_independent, texmode_unified", None),
    ("A", "sm_90, texmode_independent\\n.target sm_90, texmode_unified", None),
    ("A", "sm_90, map_f64_to_f32", None), ("A", "sm_10, map_f64_to_f32", None),
    ("A", "sm_12, map_f64_to_f32", None), ("A", "sm_13, map_f64_to_f32", None),
    ("A", "sm_10, map_f64_to_f32, map_f64_to_f32", None),
    ("A", "sm_10, sm_20, map_f64_to_f32", "sm_75"), ("A", "sm_20, sm_10, map_f64_to_f32", "sm_75"),
    ("A", "sm_10, map_f64_to_f32, sm_20", "sm_75"),
    ("A", "sm_90, sm_80", "sm_90"), ("A", "sm_80, sm_90", "sm_90"), ("A", "sm_90, sm_80", "sm_80"),
    ("A", "sm_80, sm_90", "sm_80"), ("A", "sm_90, sm_90", None), ("A", "sm_75, sm_80, sm_86, sm_90", "sm_90"),
    ("A", "sm_90a, sm_90", "sm_90"), ("A", "sm_90, sm_90a", "sm_90"), ("A", "sm_90, sm_90a", "sm_90a"),
    ("A", "sm_100f, sm_100a", "sm_100f"), ("A", "sm_100a, sm_100f", "sm_100f"),
    ("A", "sm_90, sm_91", "sm_90"), ("A", "sm_90, compute_80", "sm_90"), ("A", "sm_90, texmode_independent, sm_80", "sm_90"),
    ("A", "sm_80\\n.target sm_90", "sm_80"), ("A", "sm_90\\n.target sm_80", "sm_80"),
    ("A", "sm_90\\n.target sm_91", "sm_90"), ("A", "sm_90\\n.target debug", "sm_90"),
    ("A", "sm_90\\n.target foo", "sm_90"), ("A", "sm_90\\n.target debug, sm_80", "sm_90"),
    ("A", "sm_20\\n.target sm_10, map_f64_to_f32", "sm_75"), ("A", "sm_10\\n.target map_f64_to_f32", "sm_75"),
    ("W", "sm_75", "sm_75"), ("W", "sm_90", "sm_90"), ("W", "sm_20", "sm_75"), ("W", "sm_75", "compute_75"),
    ("A", "sm_90, foo", None), ("A", "sm_90, Debug", None), ("A", "sm_90, texmode_indep", None),
    ("A", "sm_90, map_f64_to_f64", None), ("A", "sm_90, sm_90a_bogus", "sm_90a"),
    ("A", "debug, sm_90", "sm_90"), ("A", "texmode_independent", "sm_90"), ("A", "texmode_independent, sm_90", "sm_90"),
    ("A", "foo", "sm_90"), ("A", "foo, sm_90", "sm_90"),
    ("A", "sm_90 texmode_independent", None), ("A", "sm_90,", None), ("A", "sm_90 ,debug", None),
    ("A", "sm_90, , debug", None), ("A", "sm_90;", None), ("A", "\"sm_90\"", None), ("A", "", "sm_90"),
]


def ptxas_archs():
    out = subprocess.run([PTXAS, "--help"], capture_output=True, text=True).stdout
    i = out.index("Allowed values for this option:", out.index("--gpu-name"))
    j = out.index("Default value", i)
    return re.findall(r"'([a-z_0-9]+)'", out[i:j])


ARCHS = ptxas_archs()
SM_ARCHS = [a for a in ARCHS if a.startswith("sm_")]


def kind_num(name):
    """(number, kind) as ptxas reads a target name: digits after the prefix, kind = last char if a/f."""
    m = re.match(r"(?:sm|compute|lto)_(\d+)(.*)$", name)
    if not m:
        return None
    last = name[-1]
    return int(m.group(1)), (last if last in "af" and m.group(2) else "")


def arch_for(target_text):
    first = target_text.split("\\n")[-1].split(",")
    names = [n.strip() for n in first if kind_num(n.strip())]
    t = names[-1] if names else "sm_90"
    if t in SM_ARCHS:
        return t
    n, kind = kind_num(t)
    if n in (101,):
        return "sm_110" + kind
    if n < 75:
        return "sm_75"
    same = sorted((kind_num(a)[0], a) for a in SM_ARCHS if kind_num(a)[1] == kind and (kind == "" or a.endswith(kind)))
    for num, a in same:
        if num >= n:
            return a
    return same[-1][1] if same else "sm_75"


def module(kind, version, target):
    head = ".version %s\n.target %s\n" % (version, target.replace("\\n", "\n"))
    if kind == "N":
        return head + ENTRY
    if kind == "W":
        return head + ".address_size 32\n" + ENTRY
    head += ".address_size 64\n"
    if kind == "A":
        return head + ENTRY
    if kind == "D":
        return head + ENTRY + ".section .debug_str { .b8 0 }\n"
    return head + BODIES[kind]


def run(case, tmpdir):
    cid, section, kind, version, target, arch = case
    fd, path = tempfile.mkstemp(suffix=".ptx", dir=tmpdir)
    with os.fdopen(fd, "w") as f:
        f.write(module(kind, version, target))
    try:
        p = subprocess.run([PTXAS, "-arch=" + arch, path, "-o", os.devnull], capture_output=True, text=True,
                           timeout=120)
    finally:
        os.unlink(path)
    base = os.path.basename(path)
    msgs = []
    for ln in (p.stdout + p.stderr).splitlines():
        if not ln.strip():
            continue
        m = LOCATED.match(ln)
        if m:
            msgs.append(("%s@%s" % (m.group(3), m.group(2)), m.group(3), m.group(4)))
            continue
        m = UNLOCATED.match(ln)
        if m:
            if m.group(1) == "fatal" and m.group(2).strip() == TRAILER:
                continue
            msgs.append((m.group(1), m.group(1), m.group(2)))
            continue
        msgs.append(("other", "other", ln))
    sev = {s for _, s, _ in msgs}
    verdict = "fatal" if "fatal" in sev else "error" if ("error" in sev or p.returncode != 0) else "ok"
    if p.returncode != 0 and verdict == "error" and "error" not in sev:
        msgs.append(("other", "other", "exit code %d without a message" % p.returncode))
    text = " | ".join("%s: %s" % (tag, t.replace(path, "FILE").replace(base, "FILE").strip()) for tag, _, t in msgs)
    return cid, verdict, text


def run_all(cases, jobs, tmpdir):
    with cf.ThreadPoolExecutor(jobs) as ex:
        return {cid: (v, m) for cid, v, m in ex.map(lambda c: run(c, tmpdir), cases)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "testdata", "ptxas", "targets.tsv"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    t0 = time.time()
    rows = []  # (id, section, module, version, target, arch, verdict, messages)
    counter = [0]

    def mk(section, kind, version, target, arch=None):
        counter[0] += 1
        return ("t%05d" % counter[0], section, kind, version, target, arch or arch_for(target))

    with tempfile.TemporaryDirectory(prefix="ptxas-targets-") as tmpdir:
        def stage(cases):
            res = run_all(cases, args.jobs, tmpdir)
            for c in cases:
                rows.append(c + res[c[0]])
            print("  %d cases, %.0fs" % (len(rows), time.time() - t0), file=sys.stderr)
            return [(c, res[c[0]]) for c in cases]

        # 1. which version numbers ptxas knows
        vres = stage([mk("version", "N", "%d.%d" % (M, m), "sm_10", "sm_75") for M in range(0, 11) for m in range(100)])
        known_versions = [c[3] for c, (v, msg) in vres if "Unsupported .version" not in msg and "." in c[3]
                          and len(c[3].split(".")[1]) == 1 and int(c[3].split(".")[0]) >= 1]
        # 2. which target names ptxas knows
        tres = stage([mk("scan", "A", "9.0", "sm_%d%s" % (n, s)) for s in ("", "a", "f") for n in range(131)])
        known_targets = [c[4] for c, (v, msg) in tres if "Unsupported .target" not in msg]
        known_targets.sort(key=lambda t: (kind_num(t)[0], kind_num(t)[1]))
        print("known versions: %s\nknown targets: %s" % (" ".join(known_versions), " ".join(known_targets)),
              file=sys.stderr)
        # 3. the grid
        versions = known_versions + [v for v in ODD_VERSIONS if v not in known_versions]
        targets = known_targets + BOGUS_TARGETS
        grid = [mk("grid", "A", v, t) for v in versions for t in targets]
        grid += [mk("grid", "N", v, t) for v in versions for t in targets
                 if tuple(int(x) for x in v.split(".")) < (2, 3) or v in ("0.90", "1.80")]
        stage(grid)
        # 4. options
        opts = []
        for v in known_versions:
            kind = "N" if tuple(int(x) for x in v.split(".")) < (2, 3) else "A"
            for o in OPTIONS:
                for t in ("sm_10", "sm_13", "sm_20", "sm_75", "sm_90"):
                    opts.append(mk("options", kind, v, "%s, %s" % (t, o)))
                    if o == "debug":
                        opts.append(mk("options", "D" if kind == "A" else "N", v, "%s, %s" % (t, o)))
        for kind, t, arch in SHAPES:
            opts.append(mk("options", kind, "9.0", t, arch))
        for v, t, arch in MIXED:
            opts.append(mk("options", "A", v, t, arch))
        stage(opts)
        # 5. -arch lower / higher than the target
        stage([mk("arch", "A", "9.0", t, a) for t in known_targets for a in SM_ARCHS])
        # 6. "requires .target sm_NN or higher"
        stage([mk("feature", f, "9.0", t) for f in ("F20", "F80", "F90") for t in known_targets])
        # 7. how ptxas compares versions against a feature's requirement (odd minors, 5.1)
        stage([mk("compare", "V60", v, "sm_30", "sm_75") for v in ("5.0", "5.1", "5.10", "6.0", "6.1")]
              + [mk("compare", "V74", v, "sm_75") for v in ("6.5", "6.20", "7.3", "7.4", "7.10", "8.0")])

    ver = subprocess.run([PTXAS, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-2:]
    with open(args.out, "w") as f:
        f.write("# ptxas verdicts for the module header: .version x .target and the .target options "
                "(generated by scripts/ptxas-diff/targets.py; see its docstring for the modules and sections)\n")
        f.write("# columns: id<TAB>section<TAB>module<TAB>version<TAB>target<TAB>arch<TAB>verdict(ok|error|fatal)"
                "<TAB>messages\n")
        f.write("# module A = '.version V\\n.target T\\n.address_size 64\\n.visible .entry k() { ret; }'; "
                "N = A without .address_size; D = A + '.section .debug_str { .b8 0 }'; "
                "W = A with .address_size 32; "
                "F20/F80/F90 = A with an instruction needing sm_20/sm_80/sm_90 "
                "(popc.b32 / redux.sync.add.u32 / mov.u32 from %clusterid.x); "
                "V60/V74 = A with an instruction needing PTX ISA 6.0/7.4 (fns.b32 / ld.global.L2::128B.b32)\n")
        f.write("# each case is one file, run as `ptxas -arch=<arch> FILE -o /dev/null`; in the target column "
                "a literal \\n is a line break (a second .target line)\n")
        f.write("# messages: 'severity@line: text' ('severity: text' without a location; no file name, no final "
                "'Ptx assembly aborted' line), joined by ' | '\n")
        f.write("# ptxas: %s\n" % " / ".join(ver))
        f.write("# date: %s; %d cases; %.0fs with %d jobs\n" % (datetime.date.today().isoformat(), len(rows),
                                                               time.time() - t0, args.jobs))
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("wrote %s: %d cases in %.0fs" % (args.out, len(rows), time.time() - t0), file=sys.stderr)


if __name__ == "__main__":
    main()
