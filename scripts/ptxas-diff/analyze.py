#!/usr/bin/env python3
"""Summarise testdata/ptxas/set-family.tsv into the tables used by
docs/ptxas-set-family.md (prints markdown to stdout)."""
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_cases import CMPOPS, TYPES, HALF, SET_DTYPES, OPERANDS, NAT  # noqa: E402

TSV = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "testdata", "ptxas", "set-family.tsv")
rows = [l.rstrip("\n").split("\t") for l in open(TSV) if not l.startswith("#")]
R = {(r[2], r[3], r[5]): (r[6], r[7]) for r in rows}


def get(instr, v="9.0", t="sm_90"):
    return R.get((v, t, instr))


def ok(instr, v="9.0", t="sm_90"):
    x = get(instr, v, t)
    return None if x is None else x[0] == "ok"


def section(title):
    print("\n### " + title + "\n")


section("Verdicts per family")
cnt = collections.Counter((r[1], r[6]) for r in rows)
fams = sorted({r[1] for r in rows})
print("| family | cases | ok | error | fatal |\n|---|---|---|---|---|")
for f in fams:
    print("| %s | %d | %d | %d | %d |" % (f, sum(cnt[(f, v)] for v in ("ok", "error", "fatal")),
                                         cnt[(f, "ok")], cnt[(f, "error")], cnt[(f, "fatal")]))
print("| all | %d | %d | %d | %d |" % (len(rows), sum(cnt[(f, 'ok')] for f in fams),
                                       sum(cnt[(f, 'error')] for f in fams), sum(cnt[(f, 'fatal')] for f in fams)))

section("setp: CmpOps accepted per type (9.0/sm_90, `setp.CMP.T %p1, a, b;`), and .ftz")
print("| type | CmpOps accepted | .ftz accepted with | message for others |\n|---|---|---|---|")
for t in TYPES:
    a = NAT[t]
    acc = [c for c in CMPOPS if ok("setp.%s.%s %%p1, %s1, %s2;" % (c, t, a, a))]
    ftz = [c for c in CMPOPS if ok("setp.%s.ftz.%s %%p1, %s1, %s2;" % (c, t, a, a))]
    msgs = {get("setp.%s.%s %%p1, %s1, %s2;" % (c, t, a, a))[1] for c in CMPOPS if c not in acc}
    print("| %s | %s | %s | %s |" % (t, " ".join(acc) or "-", "all accepted CmpOps" if ftz == acc and acc else (" ".join(ftz) or "-"),
                                     "<br>".join(sorted(msgs))))

section("set: dtype x stype (9.0/sm_90, `set.CMP.D.S d, a, b;`); cell = CmpOps accepted: F = the 14 float ops, U = eq ne lt le gt ge lo ls hi hs, S = eq ne lt le gt ge, B = eq ne, - = none; +ftz = .ftz also accepted; ? = only the listed CmpOps were generated for this dtype")
FL = set(["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"])
SI = set(["eq", "ne", "lt", "le", "gt", "ge"])
UN = SI | set(["lo", "ls", "hi", "hs"])
BI = set(["eq", "ne"])


def cls(s):
    s = set(s)
    for n, v in (("F", FL), ("U", UN), ("S", SI), ("B", BI)):
        if s == v:
            return n
    return " ".join(sorted(s))


print("| dtype \\ stype | " + " | ".join(TYPES) + " |\n|" + "---|" * (len(TYPES) + 1))
for d in SET_DTYPES:
    cells = []
    for s in TYPES:
        dst = NAT.get(d, "%r") + "0"
        acc = [c for c in CMPOPS if ok("set.%s.%s.%s %s, %s1, %s2;" % (c, d, s, dst, NAT[s], NAT[s]))]
        tested = [c for c in CMPOPS if get("set.%s.%s.%s %s, %s1, %s2;" % (c, d, s, dst, NAT[s], NAT[s]))]
        if acc:
            ftz = ok("set.lt.ftz.%s.%s %s, %s1, %s2;" % (d, s, dst, NAT[s], NAT[s])) or ok("set.eq.ftz.%s.%s %s, %s1, %s2;" % (d, s, dst, NAT[s], NAT[s]))
            cells.append(cls(acc) + ("+ftz" if ftz else "") + ("" if len(tested) == 18 else "?"))
        else:
            cells.append("-")
    print("| %s | %s |" % (d, " | ".join(cells)))

section("setp destination forms (9.0/sm_90, `setp.eq.T D, a, b;`)")
dests = ["%p1", "%p1|%p2", "_|%p2", "%p1|_", "_", "_|_", "%p1 | %p2", "%p1|%p1", "{%p1, %p2}", "%r1", "%h1",
         "%p1|%r2", "%p1|%p2|%p4", "!%p1", "%p1, %p2"]
print("| type | " + " | ".join("`%s`" % d for d in dests) + " |\n|" + "---|" * (len(dests) + 1))
for t in TYPES:
    a = NAT[t]
    cells = []
    for d in dests:
        x = get("setp.eq.%s %s, %s1, %s2;" % (t, d, a, a))
        cells.append("?" if x is None else {"ok": "ok", "error": "E", "fatal": "F"}[x[0]])
    print("| %s | %s |" % (t, " | ".join(cells)))
msgs = collections.Counter()
for t in TYPES:
    for d in dests:
        x = get("setp.eq.%s %s, %s1, %s2;" % (t, d, NAT[t], NAT[t]))
        if x and x[0] != "ok":
            msgs[(d, x[1])] += 1
for (d, m), n in sorted(msgs.items()):
    print("- `%s`: %s (%d types)" % (d, m, n))

section("source operand kinds (9.0/sm_90): setp.eq.T %p1, OP, b  (ok / E / F)")
names = [n for n, _ in OPERANDS]
print("| operand | " + " | ".join(TYPES) + " |\n|" + "---|" * (len(TYPES) + 1))
for n, op in OPERANDS:
    cells = []
    for t in TYPES:
        x = get("setp.eq.%s %%p1, %s, %s2;" % (t, op, NAT[t]))
        cells.append("?" if x is None else {"ok": "ok", "error": "E", "fatal": "F"}[x[0]])
    print("| `%s` | %s |" % (op, " | ".join(cells)))
for fam, fmtx in [("set.eq.u32.T %r0, a, OP", "set.eq.u32.%s %%r0, %s1, %s;"),
                  ("selp.T d, a, OP, %p1", "selp.%s %s0, %s1, %s, %%p1;")]:
    print("\n%s differences from setp (operand in b):\n" % fam)
    for n, op in OPERANDS:
        for t in TYPES:
            x = get(fmtx % ((t, NAT[t], op) if fam.startswith("set") else (t, NAT[t], NAT[t], op)))
            y = get("setp.eq.%s %%p1, %s1, %s;" % (t, NAT[t], op))
            if x and y and x[0] != y[0]:
                print("- `%s` with .%s: %s=%s, setp=%s (%s)" % (op, t, fam.split()[0], x[0], y[0], x[1]))
