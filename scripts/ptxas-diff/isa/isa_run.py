#!/usr/bin/env python3
"""Run ptxas over instruction cases of any family and record its verdicts.

A case is (family, version, target, instruction): `instruction` is one line of
PTX (one or more statements) placed in the entry of the shared template
testdata/ptxas/isa/template.ptx, which declares every name a case may use (see
its header).  The verdict of a case is, by definition, the verdict of the
single-case file: the template rendered for the case's version and target
(render_single), assembled with `ptxas -arch=ARCH FILE -o /dev/null`
(arch_for: the target itself for sm_75 and later, including the a/f targets;
sm_75 for older targets; the sm_101 names use sm_110).

Batching (run_cases): cases with the same (version, target) go into one file:
the template's module part once, then one copy of its entry per case, renamed
k_<n>.  Every `line N` message falls into one entry's lines and is attributed
to that case.  ptxas parses the whole file first and stops at a `fatal`
message; later checks stop at the first function with an error.  So:
  * the case holding a fatal message gets verdict `fatal` (confirmed by a
    single-case run unless the message is on the case's own line), the cases
    after it are run again as a new batch;
  * a case that got no message from a run that failed is re-run (with the
    other such cases) until it has got messages or was part of a run that
    passed;
  * a message without a line, on a line outside every entry (the module
    part), or on a line of another file (`ptxas <builtin>, line 70`: the
    built-in routine ptxas expanded some instruction into; its line number
    is not ours) makes the rest of the batch run again in chunks of 10
    cases, and a chunk with such a message one case at a time;
  * ptxas is killed after --timeout (60) seconds (some inputs make it grow
    without bound), a batch of several cases after 20 s; a batch that hit its
    limit is run again in chunks of 10 cases, a chunk that hits it one case at
    a time, and a single case that hits the full limit is recorded as `timeout`;
  * ptxas killed by a signal (it segfaults on a few inputs, and aborts when it
    reaches the 4 GiB address-space limit set for it) is isolated the same way
    and the single case recorded as `crash`.

Verdicts: ok (no error; warnings allowed) | error | fatal | timeout | crash
(timeout and crash are left out of the agreement figures).
Recorded message: the case's first error or fatal message (`error: TEXT`,
`fatal: TEXT`), or its first warning when ptxas accepts it, shortened to
MSG_MAX characters (numbers such as line numbers are kept as ptxas wrote them).

CLI:
  isa_run.py CASES.tsv [--out testdata/ptxas/isa/FAMILY.tsv.gz] [--batch 200]
             [--timeout 60] [--jobs 1] [--verify N]
CASES.tsv: lines `family<TAB>version<TAB>target<TAB>instruction` ('#' lines
are comments).  Every family in it is written to its own <family>.tsv.gz in
testdata/ptxas/isa (or in the folder --out names; with cases of one family
--out may name the file).
--verify N re-runs a seeded sample of N cases one file per case and reports
any case whose verdict differs from the batched one; `isa_run.py
--verify-recorded N` does the same for N cases of the recorded files.
"""
import argparse
import concurrent.futures as cf
import datetime
import gzip
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
ISA_DIR = os.path.join(ROOT, "testdata", "ptxas", "isa")
TEMPLATE = os.path.join(ISA_DIR, "template.ptx")
TRAILER = "Ptx assembly aborted due to errors"
LOCATED = re.compile(r"^ptxas (.*), line (\d+); (error|fatal|warning|info)\s*: (.*)$")
UNLOCATED = re.compile(r"^ptxas (error|fatal|warning|info)\s*: (.*)$")
COND = re.compile(r"^(.*?)\s*// @(needs|before) (\d+\.\d+)(?: sm_(\d+))?\s*$")
ENTRY_START = ".visible .entry k("
MSG_MAX = 160
TIMEOUT = 60
BATCH_TIMEOUT = 20     # a batch of many cases that takes longer holds a case that hangs
VERDICTS = ("ok", "error", "fatal", "timeout", "crash")


class Case:
    __slots__ = ("family", "version", "target", "instr")

    def __init__(self, family, version, target, instr):
        self.family, self.version, self.target, self.instr = family, version, target, instr

    def key(self):
        return (self.version, self.target, self.instr)

    def __repr__(self):
        return "Case(%r, %r, %r, %r)" % (self.family, self.version, self.target, self.instr)


def vkey(v):
    return tuple(int(x) for x in v.split("."))


def tnum(t):
    m = re.match(r"(?:sm|compute)_(\d+)", t)
    return int(m.group(1)) if m else 0


def arch_for(target):
    n = tnum(target)
    if n < 75:
        return "sm_75"
    if n == 101:
        return "sm_110" + (target[-1] if target[-1] in "af" else "")
    return target


def read_template(path=None):
    return open(path or TEMPLATE).read()


def render_template(template, version, target):
    """The template without its comment lines (those that start with //), conditional lines resolved,
    VERSION/TARGET filled in (BODY kept).
    IsaVerdictsTest.java implements the same function."""
    out = []
    vk, tn = vkey(version), tnum(target)
    for line in template.split("\n"):
        if line.startswith("//"):
            continue
        m = COND.match(line)
        if m:
            keep = (vk >= vkey(m.group(3)) and (m.group(4) is None or tn >= int(m.group(4)))
                    if m.group(2) == "needs" else vk < vkey(m.group(3)))
            if not keep:
                continue
            line = m.group(1)
        out.append(line)
    return "\n".join(out).replace("@VERSION@", version).replace("@TARGET@", target)


def split_template(text):
    """(module part, entry part): the entry starts at the line that begins with ENTRY_START."""
    i = text.index("\n" + ENTRY_START) + 1
    return text[:i], text[i:]


def render_single(template, c):
    return render_template(template, c.version, c.target).replace("@BODY@", c.instr)


def render_batch(template, version, target, cases):
    """(text, ranges): ranges[i] = (first_line, last_line) of case i's entry (1-based)."""
    head, entry = split_template(render_template(template, version, target))
    parts = [head]
    line = head.count("\n") + 1
    ranges = []
    for n, c in enumerate(cases):
        e = entry.replace(ENTRY_START, ".visible .entry k_%d(" % n, 1).replace("@BODY@", c.instr)
        if not e.endswith("\n"):
            e += "\n"
        k = e.count("\n")
        ranges.append((line, line + k - 1))
        line += k
        parts.append(e)
    return "".join(parts), ranges, head.count("\n")


MEMORY_LIMIT = 4 << 30


def limit_memory():
    """In the ptxas child: at most MEMORY_LIMIT bytes of address space (some inputs make ptxas grow
    without bound; it then aborts, which is recorded like a crash)."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_ptxas(text, args, tmpdir, timeout=TIMEOUT):
    """Assembles `text` with `ptxas ARGS FILE -o /dev/null` (memory-limited). Returns (status,
    messages): status 'ok' | 'failed' | 'timeout' | 'crash' (killed by a signal); messages
    [(line|None, sev, text)] with the temporary file's name replaced by FILE. Shared by the ISA and
    the declaration harnesses (scripts/ptxas-diff/decl/gen_decl.py imports it)."""
    fd, path = tempfile.mkstemp(suffix=".ptx", dir=tmpdir)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    try:
        p = subprocess.run([PTXAS] + list(args) + [path, "-o", os.devnull],
                           capture_output=True, text=True, timeout=timeout, preexec_fn=limit_memory)
    except subprocess.TimeoutExpired:
        return "timeout", []
    finally:
        os.unlink(path)
    if p.returncode < 0:    # killed by a signal: ptxas crashed
        return "crash", [(None, "error", "ptxas killed by signal %d" % -p.returncode)]
    base = os.path.basename(path)
    msgs = []
    for ln in (p.stdout + p.stderr).splitlines():
        if not ln.strip():
            continue
        m = LOCATED.match(ln)
        if m:
            # a line of another file (`ptxas <builtin>, line 70`: a built-in routine ptxas expanded an
            # instruction into) says nothing about which line of ours caused it: unlocated
            line = int(m.group(2)) if m.group(1) in (path, base) else None
            msgs.append((line, m.group(3), m.group(4).replace(path, "FILE").replace(base, "FILE")))
            continue
        m = UNLOCATED.match(ln)
        if m:
            if m.group(1) == "fatal" and m.group(2).strip() == TRAILER:
                continue
            msgs.append((None, m.group(1), m.group(2).replace(path, "FILE").replace(base, "FILE")))
            continue
        msgs.append((None, "error", ln))
    if p.returncode != 0 and not any(s in ("error", "fatal") for _, s, _ in msgs):
        msgs.append((None, "error", "ptxas exit code %d without an error message" % p.returncode))
    return ("ok" if p.returncode == 0 else "failed"), msgs


def verdict_of(msgs):
    """'fatal', 'error' or 'ok' for run_ptxas's messages."""
    sev = {m[1] for m in msgs}
    return "fatal" if "fatal" in sev else "error" if "error" in sev else "ok"


def first_message(msgs):
    """The first fatal/error message (else the first warning) as 'sev: text', at most MSG_MAX."""
    for want in (("fatal", "error"), ("warning",)):
        for _, s, t in msgs:
            if s in want:
                t = " ".join(t.split())
                t = "%s: %s" % (s, t)
                return t if len(t) <= MSG_MAX else t[:MSG_MAX - 3] + "..."
    return ""


def entry_body_offset(template, version, target):
    """Line of the body within the rendered entry (0 = the entry's first line)."""
    entry = split_template(render_template(template, version, target))[1]
    return entry[:entry.index("@BODY@")].count("\n")


class Runner:
    def __init__(self, template=None, timeout=TIMEOUT, tmpdir=None):
        self.template = read_template(template)
        self.timeout = timeout
        self.tmpdir = tmpdir or tempfile.mkdtemp(prefix="isa-run-")
        self.stats = {"runs": 0, "singles": 0, "fatal_confirm": 0, "fatal_mismatch": 0, "rechecks": 0,
                      "timeouts": 0, "crashes": 0, "fallback": 0}
        self.lock = threading.Lock()

    def count(self, k, n=1):
        with self.lock:
            self.stats[k] += n

    def ptxas(self, text, arch, timeout=None):
        """(status, messages): see run_ptxas."""
        self.count("runs")
        return run_ptxas(text, ["-arch=" + arch], self.tmpdir, timeout or self.timeout)

    verdict = staticmethod(verdict_of)
    first = staticmethod(first_message)

    def single(self, c):
        self.count("singles")
        status, msgs = self.ptxas(render_single(self.template, c), arch_for(c.target))
        if status == "timeout":
            self.count("timeouts")
            return ("timeout", "ptxas did not finish in %ds" % self.timeout)
        if status == "crash":
            self.count("crashes")
            return ("crash", self.first(msgs))
        return (self.verdict(msgs), self.first(msgs))

    def batch(self, cases):
        """cases: list of Case with one (version, target). Returns {index: (verdict, message)}."""
        res = {}
        self._batch(list(enumerate(cases)), res)
        return res

    def _batch(self, todo, res):
        if not todo:
            return
        version, target = todo[0][1].version, todo[0][1].target
        arch = arch_for(target)
        suspects = []
        while todo:
            if len(todo) == 1:
                res[todo[0][0]] = self.single(todo[0][1])
                suspects = [x for x in suspects if x[0] != todo[0][0]]
                break
            text, ranges, head_lines = render_batch(self.template, version, target, [c for _, c in todo])
            bodies = [entry_body_offset(self.template, version, target)] * len(todo)
            status, msgs = self.ptxas(text, arch, min(self.timeout, BATCH_TIMEOUT))
            if status in ("timeout", "crash"):
                # find the case: chunks of 10 (same short limit), then single cases (full limit)
                step = 10 if len(todo) > 10 else 1
                for i in range(0, len(todo), step):
                    self._batch(todo[i:i + step], res)
                break
            per = [[] for _ in todo]
            fatal_at = None
            bad = False
            for m in msgs:
                if m[0] is None or m[0] <= head_lines:
                    bad = True
                    break
                k = next((i for i, (a, b) in enumerate(ranges) if a <= m[0] <= b), None)
                if k is None:
                    bad = True
                    break
                per[k].append(m)
                if m[1] == "fatal":
                    fatal_at = k
                    break
            if bad:
                # a message without a line of ours: chunks of 10, then single cases
                if len(todo) > 10:
                    for i in range(0, len(todo), 10):
                        self._batch(todo[i:i + 10], res)
                    break
                self.count("fallback", len(todo))
                for i, c in todo:
                    res[i] = self.single(c)
                break
            end = len(todo) if fatal_at is None else fatal_at + 1
            for (i, c), pm in zip(todo[:end], per[:end]):
                res[i] = (self.verdict(pm), self.first(pm))
                if status != "ok" and not pm:
                    suspects.append((i, c))
            if fatal_at is None:
                if status != "ok" and not any(per):
                    # failed without any attributable message: decide one by one
                    self.count("fallback", len(todo))
                    for i, c in todo:
                        res[i] = self.single(c)
                    suspects = [s for s in suspects if s not in todo]
                break
            fi, fc = todo[fatal_at]
            fatal_line = next(m[0] for m in per[fatal_at] if m[1] == "fatal")
            on_own_line = fatal_line == ranges[fatal_at][0] + bodies[fatal_at]
            single = res[fi]
            if not on_own_line:   # a fatal message on the case's own line needs no confirmation
                self.count("fatal_confirm")
                single = self.single(fc)
            if single[0] != res[fi][0]:
                self.count("fatal_mismatch")
                for i, c in todo[:fatal_at + 1]:
                    res[i] = self.single(c)
                suspects = [s for s in suspects if s[0] not in {i for i, _ in todo[:fatal_at + 1]}]
            todo = todo[fatal_at + 1:]
        if suspects:
            self.count("rechecks", len(suspects))
            self._batch(suspects, res)


def run_cases(cases, batch=200, jobs=1, timeout=TIMEOUT, template=None, progress=True):
    """Run every case; returns ([(Case, verdict, message)] in input order, stats)."""
    runner = Runner(template, timeout)
    groups = {}
    for n, c in enumerate(cases):
        groups.setdefault((c.version, c.target), []).append(n)
    chunks = []
    for key in sorted(groups, key=lambda k: (vkey(k[0]), k[1])):
        g = groups[key]
        for i in range(0, len(g), batch):
            chunks.append(g[i:i + batch])
    out = [None] * len(cases)
    t0 = time.time()

    def work(chunk):
        r = runner.batch([cases[n] for n in chunk])
        return [(chunk[i], v) for i, v in r.items()]

    with cf.ThreadPoolExecutor(jobs) as ex:
        for k, r in enumerate(ex.map(work, chunks)):
            for n, (v, m) in r:
                out[n] = (cases[n], v, m)
            if progress and (k + 1) % 20 == 0:
                print("  %d/%d batches, %.0fs" % (k + 1, len(chunks), time.time() - t0), file=sys.stderr)
    return out, runner.stats


def valid_pairs():
    """{(version, target)} that ptxas accepts as a module header, from testdata/ptxas/targets.tsv
    (section grid; canonical names only: M.m versions, sm_N / sm_Na / sm_Nf targets)."""
    pairs = set()
    for line in open(os.path.join(ROOT, "testdata", "ptxas", "targets.tsv")):
        p = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(p) < 7 or p[1] != "grid" or p[2] not in ("A", "N") or p[6] != "ok":
            continue
        if (re.fullmatch(r"\d\.\d", p[3]) and re.fullmatch(r"sm_[1-9]\d*[af]?", p[4])
                and arch_for(p[4]) in ptxas_archs()):
            pairs.add((p[3], p[4]))
    return pairs


_ARCHS = []


def ptxas_archs():
    """The -arch values ptxas accepts (its --help)."""
    if not _ARCHS:
        out = subprocess.run([PTXAS, "--help"], capture_output=True, text=True).stdout
        i = out.index("Allowed values for this option:", out.index("--gpu-name"))
        _ARCHS.extend(re.findall(r"'([a-z_0-9]+)'", out[i:out.index("Default value", i)]))
    return _ARCHS


def ptxas_version():
    out = subprocess.run([PTXAS, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    return out[-2].strip() if len(out) >= 2 else "?"


def dedupe(cases):
    seen = set()
    out = []
    for c in cases:
        if c.key() not in seen:
            seen.add(c.key())
            out.append(c)
    return out


def write_tsv_gz(path, family, results, generator, seconds=None):
    """results: [(Case, verdict, message)]; sorted, deduplicated, gzip with a fixed mtime."""
    rows = sorted({(c.version, c.target, c.instr): (v, m) for c, v, m in results}.items(),
                  key=lambda kv: (vkey(kv[0][0]), kv[0][1], kv[0][2]))
    counts = {v: 0 for v in VERDICTS}
    for _, (v, _m) in rows:
        counts[v] += 1
    lines = ["# ptxas verdicts for family %s; generator: %s; ptxas: %s; template: testdata/ptxas/isa/template.ptx"
             % (family, generator, ptxas_version()),
             "# %s; %d cases (%s)%s" % (datetime.date.today().isoformat(), len(rows),
                                        ", ".join("%s %d" % kv for kv in counts.items()),
                                        "; %.0fs" % seconds if seconds is not None else ""),
             "# columns: version<TAB>target<TAB>instruction<TAB>verdict(ok|error|fatal|timeout)<TAB>first message"]
    for (ver, tgt, ins), (v, m) in rows:
        lines.append("\t".join([ver, tgt, ins, v, m.replace("\t", " ")]))
    data = ("\n".join(lines) + "\n").encode()
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
            f.write(data)
    return len(rows)


def read_tsv_gz(path):
    """[(version, target, instruction, verdict, message)] of a recorded file."""
    out = []
    with gzip.open(path, "rt") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p = line.rstrip("\n").split("\t")
            out.append(tuple(p + [""] * (5 - len(p))))
    return out


def read_cases(path):
    cases = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        fam, ver, tgt, ins = line.rstrip("\n").split("\t", 3)
        cases.append(Case(fam, ver, tgt, ins))
    return cases


def verify(cases, results, n, timeout=TIMEOUT, seed=1):
    """Re-run a sample one file per case; returns the list of disagreements."""
    runner = Runner(None, timeout)
    rnd = random.Random(seed)
    idx = rnd.sample(range(len(cases)), min(n, len(cases)))
    bad = []
    for i in idx:
        v = runner.single(cases[i])
        if v[0] != results[i][1]:
            bad.append((cases[i], results[i][1], v))
    return len(idx), bad


def verify_recorded(folder, n, timeout=TIMEOUT, seed=2):
    """Re-run a seeded sample of n recorded cases (all .tsv.gz in folder) one file per case."""
    cases, verdicts = [], []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".tsv.gz"):
            for v, t, ins, verdict, _m in read_tsv_gz(os.path.join(folder, f)):
                cases.append(Case(f[:-7], v, t, ins))
                verdicts.append(verdict)
    rnd = random.Random(seed)
    idx = rnd.sample(range(len(cases)), min(n, len(cases)))
    runner = Runner(None, timeout)
    bad = []
    for i in idx:
        got = runner.single(cases[i])
        if got[0] != verdicts[i]:
            bad.append((cases[i], verdicts[i], got))
    return len(idx), len(cases), bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cases", nargs="?", help="cases TSV: family, version, target, instruction")
    ap.add_argument("--verify-recorded", type=int, metavar="N",
                    help="instead: re-run N recorded cases (seeded sample of testdata/ptxas/isa/*.tsv.gz, or "
                         "of the folder --out names) one file per case and compare the verdicts")
    ap.add_argument("--out", help="output .tsv.gz when the cases are of one family, else a folder for "
                    "<family>.tsv.gz (default: testdata/ptxas/isa)")
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=TIMEOUT)
    ap.add_argument("--verify", type=int, default=0)
    args = ap.parse_args()
    if args.verify_recorded:
        t0 = time.time()
        n, total, bad = verify_recorded(args.out or ISA_DIR, args.verify_recorded, args.timeout)
        print("verify-recorded: %d of %d recorded cases re-run one file per case in %.0fs, %d disagree"
              % (n, total, time.time() - t0, len(bad)))
        for b in bad:
            print("  MISMATCH %r recorded=%s single=%r" % b)
        sys.exit(1 if bad else 0)
    if not args.cases:
        ap.error("give a cases file or --verify-recorded N")
    cases = dedupe(read_cases(args.cases))
    t0 = time.time()
    results, stats = run_cases(cases, args.batch, args.jobs, args.timeout)
    dt = time.time() - t0
    print("%d cases in %.1fs, %s" % (len(cases), dt, stats), file=sys.stderr)
    fams = {}
    for r in results:
        fams.setdefault(r[0].family, []).append(r)
    for fam, rs in fams.items():
        if args.out and len(fams) == 1 and not os.path.isdir(args.out):
            path = args.out
        else:
            os.makedirs(args.out or ISA_DIR, exist_ok=True)
            path = os.path.join(args.out or ISA_DIR, fam + ".tsv.gz")
        n = write_tsv_gz(path, fam, rs, "scripts/ptxas-diff/isa/isa_run.py " + os.path.basename(args.cases), dt)
        print("%s: %d cases -> %s" % (fam, n, path), file=sys.stderr)
    if args.verify:
        n, bad = verify(cases, results, args.verify, args.timeout)
        print("verify: %d single-file runs, %d disagree" % (n, len(bad)), file=sys.stderr)
        for b in bad:
            print("  MISMATCH %r batch=%s single=%r" % b, file=sys.stderr)


if __name__ == "__main__":
    main()
