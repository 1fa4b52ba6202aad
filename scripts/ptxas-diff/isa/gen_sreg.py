#!/usr/bin/env python3
"""Measure how ptxas treats every special register of PTX ISA 9.0 and record the verdicts in
testdata/ptxas/isa/sreg.tsv.gz.

Usage: gen_sreg.py [--out testdata/ptxas/isa/sreg.tsv.gz] [--batch 200] [--verify 300]

Sections (column `section`):
  type   .version 9.0 / .target sm_100a: `mov.T r, SREG` for T in MOV_TYPES (which register
         types a read may have); vector registers read as SREG.x
  comp   the same with every suffix in SUFFIXES (`%tid`, `%tid.x` .. `%tid.w`, `%laneid.x`, ...)
  use    which instructions may read a special register: one instruction per template in USES,
         with SREG as a source operand
  write  SREG as a destination (mov, cvt, add, ld)
  since  every (version, target) that ptxas accepts as a module header (testdata/ptxas/targets.tsv,
         modules A and N) x every special register, read with its natural mov
Each case is one entry function of a batch file (scripts/ptxas-diff/run_ptxas.py's batching,
with clean cases of failed runs re-checked); a seeded sample is re-run one file per case.

Output (gzip TSV, '#' comments first), columns:
  id section sreg operand version target instruction verdict message
  sreg      the special register's name (%tid, %pm3_64, ...)
  operand   what was written: the suffix (comp), the mov type (type), the template name (use, write)
  message   ptxas's first message ("" if none)
"""
import argparse
import collections
import datetime
import gzip
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))
import run_ptxas  # noqa: E402

SEED = 20261126
Case = collections.namedtuple("Case", "family version target instr")

VEC = ["tid", "ntid", "ctaid", "nctaid", "clusterid", "nclusterid", "cluster_ctaid", "cluster_nctaid"]
U32 = (["laneid", "warpid", "nwarpid", "smid", "nsmid", "lanemask_eq", "lanemask_le", "lanemask_lt",
        "lanemask_ge", "lanemask_gt", "clock", "clock_hi", "globaltimer_lo", "globaltimer_hi",
        "reserved_smem_offset_begin", "reserved_smem_offset_end", "reserved_smem_offset_cap",
        "reserved_smem_offset_0", "reserved_smem_offset_1", "total_smem_size", "aggr_smem_size",
        "dynamic_smem_size", "cluster_ctarank", "cluster_nctarank"]
       + ["pm%d" % i for i in range(8)] + ["envreg%d" % i for i in range(32)])
U64 = ["gridid", "clock64", "globaltimer", "current_graph_exec"] + ["pm%d_64" % i for i in range(8)]
PRED = ["is_explicit_cluster"]
# names that are not special registers (must be unknown): the negative controls
BOGUS = ["envreg32", "pm8", "pm8_64", "reserved_smem_offset_2", "lanemask", "warpsize", "nctarank",
         "cluster_ntid", "globaltimer_64", "tid_x"]


def natural(name):
    if name in VEC:
        return "u32"
    if name in U64:
        return "u64"
    if name in PRED:
        return "pred"
    return "u32"


def ref(name):
    """The register as read by default: vectors with .x."""
    return "%" + name + (".x" if name in VEC else "")


ALL = VEC + U32 + U64 + PRED
MOV_TYPES = ["u16", "u32", "u64", "s16", "s32", "s64", "b16", "b32", "b64", "f32", "f64", "pred"]
REG = {"u16": "%h", "u32": "%r", "u64": "%rd", "s16": "%hs", "s32": "%rs", "s64": "%rds", "b16": "%hb",
       "b32": "%rb", "b64": "%rdb", "f32": "%f", "f64": "%fd", "pred": "%p"}
SUFFIXES = ["", ".x", ".y", ".z", ".w", ".r", ".g", ".b", ".a", ".X", ".xy", ".lo"]

# reading: {S} is the special register, templates per natural type
USES = {
    "u32": [
        ("mov.u32", "mov.u32 %r, {S};"), ("mov.b32", "mov.b32 %rb, {S};"), ("mov.s32", "mov.s32 %rs, {S};"),
        ("mov.u16", "mov.u16 %h, {S};"), ("cvt.u64.u32", "cvt.u64.u32 %rd, {S};"),
        ("cvt.u32.u32", "cvt.u32.u32 %r, {S};"), ("cvt.rn.f32.u32", "cvt.rn.f32.u32 %f, {S};"),
        ("cvt.u16.u32", "cvt.u16.u32 %h, {S};"), ("add.u32", "add.u32 %r, {S}, 1;"),
        ("add.u32-b", "add.u32 %r, 1, {S};"), ("sub.u32", "sub.u32 %r, {S}, 1;"),
        ("mul.lo.u32", "mul.lo.u32 %r, {S}, 2;"), ("mad.lo.u32", "mad.lo.u32 %r, {S}, 2, %r;"),
        ("mul.wide.u32", "mul.wide.u32 %rd, {S}, 2;"), ("min.u32", "min.u32 %r, {S}, %r;"),
        ("and.b32", "and.b32 %rb, {S}, 1;"), ("not.b32", "not.b32 %rb, {S};"), ("shl.b32", "shl.b32 %rb, {S}, 1;"),
        ("shr.u32", "shr.u32 %r, {S}, 1;"), ("popc.b32", "popc.b32 %r, {S};"),
        ("setp.eq.u32", "setp.eq.u32 %p, {S}, 0;"), ("selp.u32", "selp.u32 %r, {S}, 0, %p;"),
        ("st.global.u32", "st.global.u32 [%rd], {S};"), ("ld.global.u32-addr", "ld.global.u32 %r, [{S}];"),
        ("atom.global.add.u32", "atom.global.add.u32 %r, [%rd], {S};"),
        ("shfl.sync.idx.b32", "shfl.sync.idx.b32 %rb, {S}, 0, 31, -1;"),
        ("bfe.u32", "bfe.u32 %r, {S}, 0, 8;"), ("prmt.b32", "prmt.b32 %rb, {S}, 0, 0;"),
    ],
    "u64": [
        ("mov.u64", "mov.u64 %rd, {S};"), ("mov.b64", "mov.b64 %rdb, {S};"), ("mov.s64", "mov.s64 %rds, {S};"),
        ("cvt.u32.u64", "cvt.u32.u64 %r, {S};"), ("cvt.u64.u64", "cvt.u64.u64 %rd, {S};"),
        ("cvt.rn.f64.u64", "cvt.rn.f64.u64 %fd, {S};"), ("add.u64", "add.u64 %rd, {S}, 1;"),
        ("sub.u64", "sub.u64 %rd, {S}, 1;"), ("and.b64", "and.b64 %rdb, {S}, 1;"),
        ("setp.eq.u64", "setp.eq.u64 %p, {S}, 0;"), ("selp.u64", "selp.u64 %rd, {S}, 0, %p;"),
        ("st.global.u64", "st.global.u64 [%rd], {S};"), ("ld.global.u32-addr", "ld.global.u32 %r, [{S}];"),
    ],
    "pred": [
        ("mov.pred", "mov.pred %p, {S};"), ("not.pred", "not.pred %p, {S};"), ("and.pred", "and.pred %p, {S}, %p;"),
        ("selp.u32", "selp.u32 %r, 1, 0, {S};"), ("guard", "@{S} mov.u32 %r, 1;"), ("guard-not", "@!{S} mov.u32 %r, 1;"),
        ("setp.and", "setp.eq.and.u32 %p, %r, 0, {S};"), ("cvt.u32.pred", "cvt.u32.pred %r, {S};"),
    ],
}
WRITES = {
    "u32": [("mov.u32", "mov.u32 {S}, %r;"), ("cvt.u32.u32", "cvt.u32.u32 {S}, %r;"), ("add.u32", "add.u32 {S}, %r, 1;"),
            ("ld.global.u32", "ld.global.u32 {S}, [%rd];")],
    "u64": [("mov.u64", "mov.u64 {S}, %rd;"), ("cvt.u64.u64", "cvt.u64.u64 {S}, %rd;"),
            ("add.u64", "add.u64 {S}, %rd, 1;"), ("ld.global.u64", "ld.global.u64 {S}, [%rd];")],
    "pred": [("mov.pred", "mov.pred {S}, %p;"), ("setp.eq.u32", "setp.eq.u32 {S}, %r, 0;")],
}

VERSIONS = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "2.0", "2.1", "2.2", "2.3", "3.0", "3.1", "3.2", "4.0",
            "4.1", "4.2", "4.3", "5.0", "6.0", "6.1", "6.2", "6.3", "6.4", "6.5", "7.0", "7.1", "7.2", "7.3",
            "7.4", "7.5", "7.6", "7.7", "7.8", "8.0", "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "9.0"]
TARGETS = ["sm_10", "sm_11", "sm_12", "sm_13", "sm_20", "sm_21", "sm_30", "sm_32", "sm_35", "sm_37", "sm_50",
           "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87",
           "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_100f", "sm_103", "sm_110", "sm_120"]

DECL = " ".join(".reg .%s %s;" % (t, r) for t, r in REG.items())


def template(address_size):
    return ("// gen_sreg.py template\n.version @VERSION@\n.target @TARGET@\n%s\n"
            ".visible .entry k()\n{\n%s\n@BODY@\nret;\n}\n" % (".address_size 64\n" if address_size else "", DECL))


def valid_headers():
    """(version, target) pairs ptxas accepts as a header, from testdata/ptxas/targets.tsv."""
    ok = set()
    for line in open(os.path.join(ROOT, "testdata", "ptxas", "targets.tsv")):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        if f[1] == "grid" and f[2] in ("A", "N") and f[6] == "ok":
            ok.add((f[3], f[4], f[2]))
    return ok


def generate():
    rows = []   # (section, sreg, operand, version, target, instr)
    for n in ALL + BOGUS:
        for t in MOV_TYPES:
            rows.append(("type", "%" + n, t, "9.0", "sm_100a", "mov.%s %s, %s;" % (t, REG[t], ref(n))))
        nat = natural(n)
        for sfx in SUFFIXES:
            rows.append(("comp", "%" + n, sfx or "(bare)", "9.0", "sm_100a",
                         "mov.%s %s, %%%s%s;" % (nat, REG[nat], n, sfx)))
        if n in BOGUS:
            continue
        for name, tmpl in USES[nat]:
            rows.append(("use", "%" + n, name, "9.0", "sm_100a", tmpl.replace("{S}", ref(n))))
        for name, tmpl in WRITES[nat]:
            rows.append(("write", "%" + n, name, "9.0", "sm_100a", tmpl.replace("{S}", ref(n))))
    return rows


def since_rows():
    heads = valid_headers()
    rows = []
    for v in VERSIONS:
        for t in TARGETS:
            mod = "A" if (v, t, "A") in heads else "N" if (v, t, "N") in heads else None
            if mod is None:
                continue
            for n in ALL:
                nat = natural(n)
                rows.append(("since", "%" + n, mod, v, t, "mov.%s %s, %s;" % (nat, REG[nat], ref(n))))
    return rows


def run(rows, batch, tmpdir, stats):
    cases = [("s%06d" % i, Case(r[0], r[3], r[4], r[5])) for i, r in enumerate(rows)]
    groups = collections.defaultdict(list)
    for cid, c in cases:
        groups[(c.version, c.target)].append((cid, c))
    res = {}
    for key in sorted(groups):
        g = groups[key]
        for i in range(0, len(g), batch):
            res.update(run_ptxas.run_batch(g[i:i + batch], tmpdir, stats, True))
    return cases, res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "testdata", "ptxas", "isa", "sreg.tsv.gz"))
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--verify", type=int, default=300)
    args = ap.parse_args()
    stats = collections.Counter()
    out = []
    samples = []
    with tempfile.TemporaryDirectory(prefix="sreg-") as tmpdir:
        parts = [(True, generate() + [r for r in since_rows() if r[2] == "A"]),
                 (False, [r for r in since_rows() if r[2] == "N"])]
        agree = total = 0
        rnd = random.Random(SEED)
        for addr, rows in parts:
            path = os.path.join(tmpdir, "template-%d.ptx" % addr)
            open(path, "w").write(template(addr))
            run_ptxas.use_template(path)
            cases, res = run(rows, args.batch, tmpdir, stats)
            for (cid, c), r in zip(cases, rows):
                v, m = res[cid]
                out.append(r + (v, m.split(" | ")[0]))
            for case in rnd.sample(cases, min(args.verify // 2, len(cases))):
                total += 1
                cid, single = run_ptxas.run_single(case, tmpdir)
                if single == res[cid]:
                    agree += 1
                else:
                    print("MISMATCH", case, res[cid], single, file=sys.stderr)
    ver = subprocess.run([run_ptxas.PTXAS, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-2:]
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with gzip.GzipFile(args.out, "wb", mtime=0) as gz:
        w = lambda s: gz.write(s.encode())
        w("# ptxas verdicts on special registers (generated by scripts/ptxas-diff/isa/gen_sreg.py; see its docstring)\n")
        w("# ptxas: %s\n" % " / ".join(ver))
        w("# date: %s; %d cases; batch-vs-single sample %d/%d agree\n"
          % (datetime.date.today().isoformat(), len(out), agree, total))
        w("# module: a case is one entry function `{ .reg ...; INSTRUCTION ret; }` after `.version V / .target T` "
          "(and `.address_size 64` where the since section's operand is A, or in the other sections)\n")
        w("# columns: id section sreg operand version target instruction verdict message\n")
        for i, r in enumerate(out):
            w("\t".join(["r%06d" % i] + list(r)) + "\n")
    print("cases %d, verify %d/%d, stats %s" % (len(out), agree, total, dict(stats)), file=sys.stderr)


if __name__ == "__main__":
    main()
