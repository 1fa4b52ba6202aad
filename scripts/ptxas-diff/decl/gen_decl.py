#!/usr/bin/env python3
"""Declarations as ptxas 13 judges them: generate cases, run ptxas, record the verdicts.

A case is (version, target, scope, declaration). It is rendered into one fixed module (see
render()): the header, `.global .u32 g0;`, `.func fv() { ret; }`, `.entry ke() { ret; }`, then
the declaration in its scope:

  module       the declaration at module scope, followed by `;`
  body         the first statement of `.entry k() { ... ret; }`
  entry-param  the only parameter of `.entry k(...)`
  func-param   the only parameter of `.func fp(...)`
  func-return  the only return parameter of `.func (...) fr()`

`.address_size 64` is written from PTX ISA 2.3 on. The verdict is that of
`ptxas -c -arch=ARCH FILE` (-c leaves `.extern` to the linker; ptxas takes -c from PTX ISA 3.1
on, older modules are compiled whole, where an unresolved `.extern` variable is only a warning).
ARCH is the target for sm_75 and later and sm_75 for older targets, as in
scripts/ptxas-diff/isa (README.md). Verdicts: ok (no error), error, fatal, timeout, crash.

Two methods, two files:
  (default)   a grid: every scope x 7 state spaces x every type x every vector width at PTX 9.0,
              plus addresses as initial values of every integer size (addr_grid), plus a seeded
              random sample over every dimension (linkage, space, alignment,
              vector, type, array dimensions, initialisers, .ptr attributes, versions and
              targets) -> testdata/ptxas/decl/decl.tsv.gz
  --holdout   mutations of the declarations nvcc 13 writes for testdata/cuda/*.cu
              (nvcc -ptx -arch=sm_90): one mutation each of type, space, vector, alignment,
              dimensions, linkage, initialiser, scope or version
              -> testdata/ptxas/decl/decl-holdout.tsv.gz

Usage: gen_decl.py [--holdout] [--jobs 4] [--seed N] [--sample N] [--out FILE] [--dry-run]
"""
import argparse
import concurrent.futures
import datetime
import glob
import gzip
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
NVCC = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
OUT_DIR = os.path.join(ROOT, "testdata", "ptxas", "decl")
sys.path.insert(0, os.path.join(ROOT, "scripts", "ptxas-diff", "isa"))
import isa_run  # noqa: E402  (the shared ptxas runner)
TIMEOUT = 60
SCOPES = ("module", "body", "entry-param", "func-param", "func-return")
SPACES = (".reg", ".local", ".shared", ".global", ".const", ".param", ".tex")
TYPES = (".b8", ".b16", ".b32", ".b64", ".b128", ".s8", ".s16", ".s32", ".s64", ".u8", ".u16", ".u32", ".u64",
         ".f16", ".f16x2", ".f32", ".f64", ".pred", ".bf16", ".bf16x2", ".tf32", ".e4m3", ".e5m2", ".e4m3x2",
         ".texref", ".samplerref", ".surfref")
VECTORS = ("", ".v2", ".v4", ".v8")
# (version, target) pairs: each version with a target it supports
VERSIONS = [("1.4", "sm_13"), ("2.0", "sm_20"), ("2.3", "sm_20"), ("3.0", "sm_30"), ("3.1", "sm_35"),
            ("4.0", "sm_35"), ("4.3", "sm_53"), ("5.0", "sm_60"), ("6.0", "sm_70"), ("6.5", "sm_75"),
            ("7.0", "sm_80"), ("7.8", "sm_90"), ("8.0", "sm_90"), ("8.5", "sm_90"), ("9.0", "sm_90"),
            ("9.0", "sm_100")]


def vkey(v):
    return tuple(int(x) for x in v.split("."))


def tnum(t):
    m = re.match(r"(?:sm|compute)_(\d+)", t)
    return int(m.group(1)) if m else 0


def arch_for(target):
    t = target.split(",")[0].strip()
    return "sm_75" if tnum(t) < 75 else t


def render(version, target, scope, decl):
    """The module of one case (IDENTICAL to DeclarationVerdictsTest.render)."""
    lines = [".version " + version, ".target " + target]
    if vkey(version) >= (2, 3):
        lines.append(".address_size 64")
    lines += ["", ".global .u32 g0;", ".func fv()", "{", "\tret;", "}", ".entry ke()", "{", "\tret;", "}"]
    if scope == "module":
        lines.append(decl + ";")
    elif scope == "body":
        lines += [".entry k()", "{", "\t" + decl + ";", "\tret;", "}"]
    elif scope == "entry-param":
        lines += [".entry k(", "\t" + decl, ")", "{", "\tret;", "}"]
    elif scope == "func-param":
        lines += [".func fp(", "\t" + decl, ")", "{", "\tret;", "}"]
    elif scope == "func-return":
        lines += [".func (" + decl + ") fr()", "{", "\tret;", "}"]
    else:
        raise ValueError(scope)
    return "\n".join(lines) + "\n"


def ptxas(text, version, target, tmpdir):
    """(verdict, first message) of one case; `-c` from PTX 3.1 on, as for the recorded verdicts."""
    args = (["-c"] if vkey(version) >= (3, 1) else []) + ["-arch=" + arch_for(target)]
    status, msgs = isa_run.run_ptxas(text, args, tmpdir, TIMEOUT)
    if status == "timeout":
        return "timeout", ""
    if status == "crash":
        return "crash", msgs[0][2]
    return isa_run.verdict_of(msgs), isa_run.first_message(msgs)


def run_all(cases, jobs):
    tmp = tempfile.mkdtemp(prefix="decl-run-")
    res = {}
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futs = {ex.submit(ptxas, render(*c), c[0], c[1], tmp): c for c in cases}
        for n, f in enumerate(concurrent.futures.as_completed(futs)):
            res[futs[f]] = f.result()
            if n % 500 == 0:
                print("  %d/%d %.0fs" % (n, len(cases), time.time() - t0), file=sys.stderr)
    os.rmdir(tmp)
    return res, time.time() - t0


# ---------------------------------------------------------------- the grid and the random sample

def decl_text(linkage, space, align, vec, typ, name, dims, init, ptr="", order=0):
    parts = [linkage, space]
    if order == 0:
        parts += [align, ptr, vec, typ]
    else:                         # attributes after the type
        parts += [vec, typ, ptr, align]
    text = " ".join(p for p in parts if p) + " " + name + dims
    if init:
        text += " = " + init
    return text


INITS = ["1", "-1", "0x10", "255", "1.5", "0f3F800000", "0d3FF0000000000000", "{1, 2}", "{1.0, 2.0}",
         "{1, 2, 3, 4, 5}", "{{1, 2}, {3, 4}}", "{}", "{1}", "g0", "fv", "ke", "undefined_sym", "generic(g0)",
         "g0+4", "%r1", "{g0, fv}", "{0f3F800000, 0f40000000}", "1U", "0x100000000", "{1, 2, 3, 4}",
         "{0x3C00, 0x4000}", "0x3C00", "{{1, 2, 3}, {4, 5, 6}}", "{{1}, {2}}", "1e2", "0x7fffffff", "-1.0"]
DIMS = ["", "[4]", "[2]", "[1]", "[]", "[0]", "[2][3]", "[][3]", "[3][]", "[0][2]", "[2][2][2]", "<4>", "[4]<2>",
        "[1024]", "[100000000]", "[-1]", "[2+2]"]
ALIGNS = ["", ".align 1", ".align 2", ".align 3", ".align 4", ".align 8", ".align 16", ".align 0", ".align 64",
          ".align 128", ".align 256", ".align 6"]
LINKAGES = ["", ".extern", ".visible", ".weak", ".common"]
PTRS = ["", ".ptr", ".ptr.global", ".ptr.global.align 8", ".ptr.shared.align 16", ".ptr.const.align 4",
        ".ptr.local.align 4", ".ptr.align 8", ".ptr.align 3"]
ATTRS = ["", ".attribute(.managed)"]


def grid():
    out = []
    for scope in SCOPES:
        for space in SPACES:
            for typ in TYPES:
                for vec in VECTORS:
                    out.append(("9.0", "sm_90", scope, decl_text("", space, "", vec, typ, "v", "", "")))
    return out


INIT_TYPES = (".b8", ".b16", ".b32", ".b64", ".s8", ".s32", ".u16", ".u64", ".f16", ".f16x2", ".f32", ".f64",
              ".pred", ".v2 .f32", ".v4 .u32", ".bf16", ".e4m3")


def init_grid():
    """Every initialiser kind on every scalar type and shape, in a module .global (and some .const)."""
    out = []
    for typ in INIT_TYPES:
        for init in INITS:
            for dims in ("", "[2]", "[]", "[2][2]"):
                if dims == "[2][2]" and not init.startswith("{"):
                    continue
                out.append(("9.0", "sm_90", "module", ".global %s v%s = %s" % (typ, dims, init)))
            out.append(("9.0", "sm_90", "module", ".const %s v[4] = %s" % (typ, init)))
    return out


ADDR_TYPES = (".u8", ".u16", ".u32", ".u64", ".s32", ".s64", ".b32", ".b64", ".f64", ".v2 .u32", ".v2 .u64")
ADDR_INITS = ("g0", "generic(g0)", "g0+4", "fv", "ke", "generic(fv)", "generic(ke)", "g0-4", "4+g0", "-g0", "g0*2",
              "generic(g0)+4", "generic(g0+4)", "fv+4", "(g0)", "g0+(4)", "g0+2*2", "g0+g0", "g0+-4", "g0+0x10",
              "generic(g0)-4", "g0+4+4")


def addr_grid():
    """Addresses as initial values (decls3): every integer size and kind, scalars, arrays and vectors."""
    out = []
    for typ in ADDR_TYPES:
        for init in ADDR_INITS:
            if typ.startswith(".v2"):
                out.append(("9.0", "sm_90", "module", ".global %s v = {%s, %s}" % (typ, init, init)))
                continue
            out.append(("9.0", "sm_90", "module", ".global %s v = %s" % (typ, init)))
            out.append(("9.0", "sm_90", "module", ".const %s v[] = {0, %s}" % (typ, init)))
        out.append(("9.0", "sm_90", "module", ".global %s v[2] = {g0, fv}" % typ))
    return out


def pick(r, seq, weights=None):
    return r.choices(seq, weights=weights)[0] if weights else r.choice(seq)


def random_case(r):
    if r.random() < 0.5:
        version, target = "9.0", "sm_90"
    else:
        version, target = r.choice(VERSIONS)
    if r.random() < 0.05:
        target += ", texmode_independent"
    scope = pick(r, SCOPES, [4, 3, 2, 2, 1])
    space = pick(r, SPACES, [2, 2, 2, 3, 2, 3, 1])
    linkage = pick(r, LINKAGES, [10, 3, 2, 2, 1]) if r.random() < 0.6 else ""
    align = pick(r, ALIGNS) if r.random() < 0.4 else ""
    vec = pick(r, VECTORS, [8, 2, 2, 1])
    typ = pick(r, TYPES)
    dims = pick(r, DIMS) if r.random() < 0.6 else ""
    init = pick(r, INITS) if r.random() < 0.4 else ""
    ptr = pick(r, PTRS) if scope.endswith("param") and r.random() < 0.3 else ""
    attr = pick(r, ATTRS) if r.random() < 0.05 else ""
    name = "v" if not dims.startswith("<") else "%v"
    text = decl_text(linkage, space + (" " + attr if attr else ""), align, vec, typ, name, dims, init, ptr,
                     1 if r.random() < 0.05 else 0)
    return (version, target, scope, text)


def sample(n, seed):
    r = random.Random(seed)
    out = set()
    while len(out) < n:
        out.add(random_case(r))
    return sorted(out)


# ---------------------------------------------------------------- hold-out: mutations of nvcc output

def nvcc_declarations(sources, tmp):
    """(scope, declaration) pairs from nvcc -ptx -arch=sm_90 output of each source."""
    found = []
    for src in sources:
        ptx = os.path.join(tmp, os.path.basename(src) + ".ptx")
        if os.path.exists(ptx):
            p = None
        else:
            p = subprocess.run([NVCC, "-ptx", "-arch=sm_90", "-std=c++17", src, "-o", ptx], capture_output=True)
        if p is not None and p.returncode != 0:
            print("  nvcc failed on %s, skipped" % src, file=sys.stderr)
            continue
        state, kind, depth = "module", None, 0
        for raw in open(ptx, encoding="utf-8", errors="replace"):
            ln = " ".join(raw.split("//")[0].split())  # nvcc separates with tabs
            if not ln:
                continue
            if depth == 0 and re.search(r"\.(entry|func)\b", ln):
                kind = "entry" if ".entry" in ln else "func"
                m = re.search(r"\.func\s*\((.*)\)", ln)
                if m:
                    found.append(("func-return", m.group(1).strip()))
                state = "sig" if "(" in ln.split(".entry" if kind == "entry" else ".func")[-1] else "module"
                if ln.endswith(";"):
                    state = "module"
                continue
            if state == "sig":
                if ln.startswith(")"):
                    state = "module" if ln.endswith(";") else "pre"
                    continue
                if ln.startswith(".param") or ln.startswith(".reg"):
                    found.append((kind + "-param", ln.rstrip(",").strip()))
                continue
            if ln.startswith("{"):
                depth += 1
                continue
            if ln.startswith("}"):
                depth -= 1
                continue
            if re.match(r"^(\.(extern|visible|weak|common)\s+)?\.(global|shared|const|local|reg|param)\b", ln) \
                    and ln.endswith(";"):
                found.append(("body" if depth > 0 else "module", ln[:-1].strip()))
    return found


DECL = re.compile(r"^((?:\.(?:extern|visible|weak|common)\s+)*)(\.\w+)((?:\s+\.\S+(?:\s+\d+)?)*?)\s+"
                  r"([%$\w.]+)(<\d+>)?((?:\[\d*\])*)(\s*=\s*(.*))?$")


def mutate(r, scope, decl):
    """One mutation of a real declaration; None when it does not parse."""
    m = DECL.match(decl)
    if not m:
        return None
    linkage, space, mods, name, rng, dims, init = (m.group(1).strip(), m.group(2), m.group(3).split(),
                                                   m.group(4), m.group(5) or "", m.group(6), m.group(8))
    align = ""
    vec = ""
    typ = ""
    rest = []
    k = 0
    while k < len(mods):
        t = mods[k]
        if t == ".align" and k + 1 < len(mods):
            align = ".align " + mods[k + 1]
            k += 2
            continue
        if re.match(r"^\.v\d+$", t):
            vec = t
        elif t in TYPES or t in (".b128",):
            typ = t
        else:
            rest.append(t)
        k += 1
    version, target = "9.0", "sm_90"
    what = r.choice(["type", "type", "space", "space", "vector", "align", "dims", "dims", "linkage",
                     "init", "init", "scope", "scope", "version", "none"])
    if what == "type":
        typ = r.choice(TYPES)
    elif what == "space":
        space = r.choice(SPACES)
    elif what == "vector":
        vec = r.choice(VECTORS)
    elif what == "align":
        align = r.choice(ALIGNS)
    elif what == "dims":
        dims = r.choice(["", "[]", "[0]", "[3]", dims + "[2]", "[]" + dims, dims.replace("[", "[][", 1)
                         if dims else "[][2]", "[1]"])
        rng = "" if r.random() < 0.5 else rng
    elif what == "linkage":
        linkage = r.choice(LINKAGES)
    elif what == "init":
        init = r.choice(INITS + ["{" + ", ".join(str(r.randint(0, 255)) for _ in range(r.randint(1, 40))) + "}"])
    elif what == "scope":
        scope = r.choice(SCOPES)
    elif what == "version":
        version, target = r.choice(VERSIONS)
    text = " ".join(p for p in [linkage, space] + rest + [align, vec, typ] if p) + " " + name + rng + dims
    if init:
        text += " = " + init
    return (version, target, scope, text)


def holdout(n, seed):
    sources = sorted(glob.glob(os.path.join(ROOT, "testdata", "cuda", "*.cu")))
    tmp = os.environ.get("DECL_NVCC_DIR") or tempfile.mkdtemp(prefix="decl-nvcc-")  # DECL_NVCC_DIR: reuse
    found = nvcc_declarations(sources, tmp)
    found = sorted(set(found))
    print("  %d distinct declarations from %d sources" % (len(found), len(sources)), file=sys.stderr)
    r = random.Random(seed)
    out = set(("9.0", "sm_90", s, d) for s, d in found if len(d) < 400)
    tries = 0
    while len(out) < n and tries < n * 20:
        tries += 1
        c = mutate(r, *r.choice(found))
        if c and len(c[3]) < 400:
            out.add(c)
    return sorted(out)


# ---------------------------------------------------------------- output

def ptxas_version():
    out = subprocess.run([PTXAS, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    return out[-2].strip() if len(out) >= 2 else "?"


def write(path, method, res, seconds):
    rows = sorted(res.items(), key=lambda kv: (vkey(kv[0][0]), kv[0][1], kv[0][2], kv[0][3]))
    counts = {}
    for _, (v, _m) in rows:
        counts[v] = counts.get(v, 0) + 1
    lines = ["# ptxas verdicts on declarations; generator: scripts/ptxas-diff/decl/gen_decl.py %s; ptxas: %s"
             % (method, ptxas_version()),
             "# %s; %d cases (%s); %.0fs" % (datetime.date.today().isoformat(), len(rows),
                                             ", ".join("%s %d" % kv for kv in sorted(counts.items())), seconds),
             "# verdict of ptxas -c -arch=ARCH (no -c below PTX ISA 3.1) on the module gen_decl.py render() writes",
             "# columns: version<TAB>target<TAB>scope<TAB>declaration<TAB>verdict(ok|error|fatal|timeout|crash)"
             "<TAB>first message"]
    for (ver, tgt, scope, decl), (v, m) in rows:
        lines.append("\t".join([ver, tgt, scope, decl, v, m.replace("\t", " ")]))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
            f.write(("\n".join(lines) + "\n").encode())
    print("wrote %s: %d cases %s" % (path, len(rows), counts), file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--holdout", action="store_true")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--sample", type=int, default=None)
    ap.add_argument("--out")
    ap.add_argument("--reuse", help="a recorded .tsv.gz whose verdicts are kept (only missing cases run)")
    ap.add_argument("--dry-run", action="store_true", help="print the cases, run nothing")
    a = ap.parse_args()
    if a.holdout:
        cases = holdout(a.sample or 3000, a.seed + 1000)
        out = a.out or os.path.join(OUT_DIR, "decl-holdout.tsv.gz")
        method = "--holdout"
    else:
        cases = sorted(set(grid()) | set(init_grid()) | set(addr_grid()) | set(sample(a.sample or 4500, a.seed)))
        out = a.out or os.path.join(OUT_DIR, "decl.tsv.gz")
        method = "(grid + sample seed %d)" % a.seed
    if a.dry_run:
        for c in cases:
            print("\t".join(c))
        return
    old = {}
    if a.reuse:
        with gzip.open(a.reuse, "rt", encoding="utf-8") as f:
            for ln in f:
                if not ln.startswith("#") and ln.strip():
                    p = ln.rstrip("\n").split("\t")
                    old[tuple(p[:4])] = (p[4], p[5] if len(p) > 5 else "")
    todo = [c for c in cases if c not in old]
    print("%d cases, %d to run" % (len(cases), len(todo)), file=sys.stderr)
    res, secs = run_all(todo, a.jobs)
    for c in cases:
        if c in old:
            res[c] = old[c]
    write(out, method, res, secs)


if __name__ == "__main__":
    main()
