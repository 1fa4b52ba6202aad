#!/usr/bin/env python3
"""Summarise testdata/ptxas/video.tsv (vset/vset2/vset4) into the tables used
by docs/ptxas-video.md (prints markdown to stdout).

Usage: analyze_video.py [video.tsv]"""
import collections
import itertools
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_video_cases as G  # noqa: E402
from gen_video_cases import simd, scal, C  # noqa: E402

TSV = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "testdata", "ptxas", "video.tsv")
rows = [l.rstrip("\n").split("\t") for l in open(TSV) if not l.startswith("#")]
R = {(r[2], r[3], r[5]): (r[6], r[7]) for r in rows}
CASES = dict(G.generate())


def get(instr, v="9.0", t="sm_90"):
    return R.get((v, t, instr))


def ok(instr, v="9.0", t="sm_90"):
    x = get(instr, v, t)
    return None if x is None else x[0] == "ok"


def letter(instr, v="9.0", t="sm_90"):
    x = get(instr, v, t)
    return "?" if x is None else {"ok": "ok", "error": "E", "fatal": "F"}[x[0]]


def uniq_msgs(m):
    """distinct messages of a case, in order, with a repeat count"""
    parts = [p for p in m.split(" | ") if p]
    out = []
    for p in parts:
        if out and out[-1][0] == p:
            out[-1][1] += 1
        else:
            out.append([p, 1])
    return "; ".join(p + (" (x%d)" % n if n > 1 else "") for p, n in out)


NORM = [(re.compile(r"(Unknown (?:modifier|field|video selector:) )'[^']*'"), r"\1'…'"),
        (re.compile(r"(Parsing error near )'[^']*'"), r"\1'…'"),
        (re.compile(r"(Illegal modifier )'[^']*'( for instruction)"), r"\1'…'\2")]


def norm(m):
    for rx, rp in NORM:
        m = rx.sub(rp, m)
    return m


def cell(instr, v="9.0", t="sm_90"):
    x = get(instr, v, t)
    if x is None:
        return "?"
    return "ok" if x[0] == "ok" else uniq_msgs(x[1])


def section(title):
    print("\n### " + title + "\n")


def esc(s):
    return s.replace("|", "\\|")


def group(items):
    """items: list of (label, instr) -> print accepted labels and rejected labels grouped by message"""
    acc = [l for l, i in items if ok(i)]
    print("- accepted: " + (" ".join("`%s`" % l for l in acc) if acc else "none"))
    byk = collections.OrderedDict()
    for l, i in items:
        x = get(i)
        if x is None or x[0] == "ok":
            continue
        byk.setdefault(uniq_msgs(x[1]), []).append(l)
    for m, ls in byk.items():
        print("- `%s`: %s" % (esc(m), " ".join("`%s`" % l for l in ls)))


# ---------------------------------------------------------------------------
section("Verdicts per family")
cnt = collections.Counter((r[1], r[6]) for r in rows)
fams = sorted({r[1] for r in rows})
print("| family | cases | ok | error | fatal |\n|---|---|---|---|---|")
for f in fams:
    print("| %s | %d | %d | %d | %d |" % (f, sum(cnt[(f, v)] for v in ("ok", "error", "fatal")),
                                         cnt[(f, "ok")], cnt[(f, "error")], cnt[(f, "fatal")]))
print("| all | %d | %d | %d | %d |" % (len(rows), sum(cnt[(f, 'ok')] for f in fams),
                                       sum(cnt[(f, 'error')] for f in fams), sum(cnt[(f, 'fatal')] for f in fams)))
grid = sum(1 for r in rows if (r[2], r[3]) != ("9.0", "sm_90"))
print("\n(%d cases use another .version/.target than 9.0/sm_90: the version/target grid.)" % grid)

# ---------------------------------------------------------------------------
section("atype x btype x cmp (9.0/sm_90, registers %r0..%r3). Cell: CmpOps accepted; "
        "S = eq ne lt le gt ge; - = none")
SI = set(G.CMPS)


def cmpcell(fn):
    acc = [c for c in G.ALLCMPS if ok(fn(c))]
    return "S" if set(acc) == SI else (" ".join(acc) if acc else "-")


forms = [("vset2 merge `vset2.A.B.cmp d, a, b, c`", lambda a, b, c: simd("vset2", a, b, c)),
         ("vset2 `.add`", lambda a, b, c: simd("vset2", a, b, c, "add")),
         ("vset4 merge", lambda a, b, c: simd("vset4", a, b, c)),
         ("vset4 `.add`", lambda a, b, c: simd("vset4", a, b, c, "add")),
         ("vset `vset.A.B.cmp d, a, b`", lambda a, b, c: scal(a, b, c))]
for name, fn in forms:
    print("\n%s:\n" % name)
    print("| atype \\ btype | " + " | ".join(G.VTYPES) + " |\n|" + "---|" * (len(G.VTYPES) + 1))
    for at in G.VTYPES:
        print("| %s | %s |" % (at, " | ".join(cmpcell(lambda c: fn(at, bt, c)) for bt in G.VTYPES)))
print("\nvset op2/dsel forms with good types (`vset.A.B.cmp.add d, a, b, c` / `vset.A.B.cmp d.b0, a, b, c`):\n")
for at in G.GOOD_T:
    for bt in G.GOOD_T:
        print("- %s.%s: .add %s; dsel %s" % (at, bt, cmpcell(lambda c: scal(at, bt, c, "add", c=C)),
                                             cmpcell(lambda c: scal(at, bt, c, dsel="b0", c=C))))
print("\nmessages for rejected CmpOps with good types (number of repeats = ptxas's own):\n")
print("| CmpOp | vset2 u32.u32 | vset2 s32.u32 | vset2 u32.s32 | vset4 u32.u32 | vset4 s32.u32 | vset4 u32.s32 | vset u32.u32 |")
print("|---|---|---|---|---|---|---|---|")
for c in G.BAD_CMPS:
    cs = [cell(simd("vset2", "u32", "u32", c)), cell(simd("vset2", "s32", "u32", c)), cell(simd("vset2", "u32", "s32", c)),
          cell(simd("vset4", "u32", "u32", c)), cell(simd("vset4", "s32", "u32", c)), cell(simd("vset4", "u32", "s32", c)),
          cell(scal("u32", "u32", c))]
    print("| %s | %s |" % (c, " | ".join(esc(x) for x in cs)))
print("\nmessages for wrong types (first cell's message per pair kind):\n")
seen = collections.OrderedDict()
for op in ("vset2", "vset4", "vset"):
    for at in G.VTYPES:
        for bt in G.VTYPES:
            i = simd(op, at, bt, "lt") if op != "vset" else scal(at, bt, "lt")
            x = get(i)
            if x and x[0] != "ok":
                seen.setdefault((op, uniq_msgs(x[1])), []).append("%s.%s" % (at, bt))
for (op, m), l in seen.items():
    print("- %s `%s`: %d type pairs, e.g. %s" % (op, esc(m), len(l), ", ".join(l[:4])))
print("\nregisters of each type as all operands (`vset2.A.B.lt %x0, %x1, %y2, %x3` with the typed register):\n")
print("| atype \\ btype | " + " | ".join(G.VTYPES) + " |\n|" + "---|" * (len(G.VTYPES) + 1))
for at in G.VTYPES:
    cs = []
    for bt in G.VTYPES:
        ra, rb = G.REG[at], G.REG[bt]
        xs = [letter(simd("vset2", at, bt, "lt", d=ra + "0", a=ra + "1", b=rb + "2", c=ra + "3")),
              letter(simd("vset4", at, bt, "lt", "add", d=ra + "0", a=ra + "1", b=rb + "2", c=rb + "3")),
              letter(scal(at, bt, "lt", d=ra + "0", a=ra + "1", b=rb + "2"))]
        cs.append("/".join(xs))
    print("| %s | %s |" % (at, " | ".join(cs)))
print("\n(cell: vset2 merge / vset4 .add / vset)")

section("Type and CmpOp count and order (9.0/sm_90)")
for op in ("vset2", "vset4", "vset"):
    mk = (lambda m: simd(op, mods=m)) if op != "vset" else (lambda m: scal(mods=m))
    items = []
    for mods in (["u32", "lt"], ["lt"], ["u32", "u32"], ["u32", "u32", "u32", "lt"], ["s32", "u32", "s32", "lt"],
                 ["u32", "u32", "lt", "lt"], ["u32", "u32", "lt", "eq"], ["u32", "u32", "lt", "u32"], [],
                 ["u32", "u32", "lt", ""], ["u32", "u32", "LT"], ["U32", "u32", "lt"], ["u32", "u32", "less"]):
        items.append((".".join(mods) or "(none)", mk(mods)))
    for p in itertools.permutations(["s32", "u32", "lt"]):
        items.append((".".join(p), mk(list(p))))
    for p in itertools.permutations(["s32", "u32", "ge", "add"]):
        items.append((".".join(p), scal(mods=list(p), c=C) if op == "vset" else simd(op, mods=list(p))))
    print("\n%s:\n" % op)
    group(items)

# ---------------------------------------------------------------------------
section("Destination masks of vset2 / vset4 (`OP.u32.u32.lt d.MASK, a, b, c` and `.add`; also s32.u32.ge)")
for op, masks, other in (("vset2", G.MASK2, G.MASK4), ("vset4", G.MASK4, G.MASK2)):
    ms = masks + [x for x in other if x not in masks][:20]
    print("\n%s:\n" % op)
    same = all(ok(simd(op, "u32", "u32", "lt", "", mask=m)) == ok(simd(op, "u32", "u32", "lt", "add", mask=m)) ==
               ok(simd(op, "s32", "u32", "ge", "", mask=m)) == ok(simd(op, "s32", "u32", "ge", "add", mask=m)) for m in ms)
    print("(merge and .add forms, u32.u32.lt and s32.u32.ge: %s)\n" % ("identical verdicts for every mask" if same else "DIFFER"))
    group([("." + m, simd(op, "u32", "u32", "lt", "", mask=m)) for m in ms])
    for m in (["h0", "h1", "h10", "h01"] if op == "vset2" else ["b0", "b21", "b3210", "b0123"]):
        a_s, b_s = ("h01", "h23") if op == "vset2" else ("b0123", "b4567")
        for sec in ("", "add"):
            i = simd(op, "u32", "s32", "ne", sec, mask=m, asel=a_s, bsel=b_s)
            print("- `%s`: %s" % (i, esc(cell(i))))
    i = simd(op, d=G.D + (".h1.h0" if op == "vset2" else ".b1.b0"))
    print("- two masks `%s`: %s" % (i, esc(cell(i))))

# ---------------------------------------------------------------------------
section("Source selectors of vset2 / vset4 (`OP.u32.u32.lt d, a.SEL, b, c`, on b, on c; merge and .add)")
for op in ("vset2", "vset4"):
    sels = G.SEL2 if op == "vset2" else G.sel4_list(random.Random(G.SEED))
    print("\n%s (%d selectors):\n" % (op, len(sels)))
    diff = []
    for s in sels:
        v = [ok(simd(op, "u32", "u32", "lt", sec, **{k: s})) for sec in ("", "add") for k in ("asel", "bsel")]
        if len(set(v)) != 1:
            diff.append(s)
    print("on a vs on b, merge vs .add: %s\n" % ("same verdict for every selector" if not diff else "differ for " + " ".join(diff)))
    print("on a:")
    group([("." + s, simd(op, "u32", "u32", "lt", asel=s)) for s in sels])
    print("\non c:")
    group([("." + s, simd(op, "u32", "u32", "lt", csel=s)) for s in sels])
    if op == "vset4":
        valid = [s for s in sels if re.fullmatch(r"b[0-7]{4}", s)]
        print("\n%d selectors of the form .bxyzw with x,y,z,w in 0..7: %d accepted on a, %d on b" % (
            len(valid), sum(1 for s in valid if ok(simd(op, "u32", "u32", "lt", asel=s))),
            sum(1 for s in valid if ok(simd(op, "u32", "u32", "lt", bsel=s)))))
h16 = ["h" + x for x in G.seqs("0123", [2])]
n_ok = sum(1 for sa in h16 for sb in h16 if ok(simd("vset2", "u32", "s32", "lt", asel=sa, bsel=sb)))
print("\nvset2 a x b: %d/256 pairs of .hxy (x,y in 0..3) accepted together (`vset2.u32.s32.lt d, a.hxy, b.hzw, c`)" % n_ok)
v4 = [r for r in rows if r[1] == "vset4" and re.fullmatch(
    r"vset4\.[us]32\.[us]32\.(eq|ne|lt|le|gt|ge)(\.add)? %r0(\.b0|\.b31|\.b3210)?, %r1\.b[0-7]{4}, %r2\.b[0-7]{4}, %r3;", r[5])
      and (r[2], r[3]) == ("9.0", "sm_90")]
print("vset4 a x b sample: %d/%d random valid .bxyzw pairs (with random types/cmp/mask/.add) accepted" % (
    sum(1 for r in v4 if r[6] == "ok"), len(v4)))
for op in ("vset2", "vset4"):
    x = ".h10.h10" if op == "vset2" else ".b3210.b3210"
    for i in (simd(op, a=G.A + x), simd(op, b=G.B + x)):
        print("- `%s`: %s" % (i, esc(cell(i))))

# ---------------------------------------------------------------------------
section("Scalar vset: selectors and the three forms (9.0/sm_90)")
cols = [("a `vset d, a.S, b`", lambda s: scal(asel=s)),
        ("b `vset d, a, b.S`", lambda s: scal(bsel=s)),
        ("a+b s32.u32.ne", lambda s: scal("s32", "u32", "ne", asel=s, bsel=s)),
        ("a, `.add`", lambda s: scal(op2="add", asel=s, c=C)),
        ("b, `.min`", lambda s: scal(op2="min", bsel=s, c=C)),
        ("c, `.max`", lambda s: scal(op2="max", csel=s, c=C)),
        ("c, no op2/dsel", lambda s: scal(csel=s, c=C)),
        ("dsel `d.S, a, b, c`", lambda s: scal(dsel=s, c=C)),
        ("dsel, no c", lambda s: scal(dsel=s)),
        ("dsel + `.add`", lambda s: scal(op2="add", dsel=s, c=C)),
        ("dsel + `.min`", lambda s: scal(op2="min", dsel=s, c=C)),
        ("c with dsel .h1", lambda s: scal(dsel="h1", csel=s, c=C))]
print("| selector | " + " | ".join(c for c, _ in cols) + " |\n|" + "---|" * (len(cols) + 1))
legend = collections.OrderedDict()
NORMALISE_LEGEND = False


def code(instr):
    x = get(instr)
    if x is None:
        return "?"
    if x[0] == "ok":
        return "ok"
    m = uniq_msgs(norm(x[1]) if NORMALISE_LEGEND else x[1])
    if m not in legend:
        legend[m] = "m%d" % (len(legend) + 1)
    return legend[m]


NORMALISE_LEGEND = True
for s in G.SELS:
    print("| .%s | %s |" % (s, " | ".join(code(fn(s)) for _, fn in cols)))
print()
for m, k in legend.items():
    print("- %s: `%s`" % (k, esc(m)))
s6 = ["b0", "b1", "b2", "b3", "h0", "h1"]
tot = 0
good = 0
for sa in s6 + [""]:
    for sb in s6 + [""]:
        for i in (scal("u32", "s32", "le", asel=sa, bsel=sb), scal("s32", "u32", "gt", "add", asel=sa, bsel=sb, c=C),
                  scal("u32", "u32", "eq", dsel="h0", asel=sa, bsel=sb, c=C)):
            tot += 1
            good += ok(i) or 0
print("\nasel x bsel over {b0 b1 b2 b3 h0 h1 none}^2, in the plain, .add and dsel forms: %d/%d accepted" % (good, tot))
for i in (scal(a=G.A + ".b0.b0"), scal(b=G.B + ".h1.b0")):
    print("- `%s`: %s" % (i, esc(cell(i))))
print("\nop2 x types x cmp (`vset.A.B.cmp.OP2 d, a, b, c`, good types, eq..ge): %d/%d accepted" % (
    sum(1 for o in ("add", "min", "max") for a in G.GOOD_T for b in G.GOOD_T for c in G.CMPS
        if ok(scal(a, b, c, o, c=C))), 3 * 4 * 6))
for o2 in ("add", "min", "max"):
    for i in (scal(op2=o2), scal(op2=o2, c=C, d="%s0"), scal(op2=o2 + ".sat", c=C), scal(mods=["sat", "u32", "u32", "lt", o2], c=C)):
        print("- `%s`: %s" % (i, esc(cell(i))))

section("Two-digit .bxy selectors on scalar vset, and the .b01 / .b12 / .b23 tokens (9.0/sm_90)")
legend.clear()
NORMALISE_LEGEND = False
cols = [("a", lambda s: scal(asel=s)), ("b", lambda s: scal(bsel=s)), ("b, `.add`", lambda s: scal(op2="add", bsel=s, c=C)),
        ("dsel with c", lambda s: scal(dsel=s, c=C)), ("dsel, no c", lambda s: scal(dsel=s)),
        ("dsel + `.max`", lambda s: scal(op2="max", dsel=s, c=C)), ("c", lambda s: scal(csel=s, c=C)),
        ("c, `.min`", lambda s: scal(op2="min", csel=s, c=C))]
print("| selector | " + " | ".join(c for c, _ in cols) + " |\n|" + "---|" * (len(cols) + 1))
for s in ["b" + x for x in G.seqs("0123", [2])]:
    print("| .%s | %s |" % (s, " | ".join(code(fn(s)) for _, fn in cols)))
print()
for m, k in legend.items():
    print("- %s: `%s`" % (k, esc(m)))
print("\nvset2 / vset4 with .b01 .b12 .b23 (merge `u32.u32.lt` / `.add` `s32.s32.ge`):\n")
for s in ("b01", "b12", "b23"):
    for op in ("vset2", "vset4"):
        for k in ("mask", "asel", "bsel", "csel"):
            i1 = simd(op, **{k: s})
            i2 = simd(op, "s32", "s32", "ge", "add", **{k: s})
            print("- `%s`: %s; `.add`: %s" % (i1, esc(cell(i1)), esc(cell(i2))))
for s in ("b01", "b12", "b23"):
    for i in (scal(asel=s, c=C), scal(dsel=s, asel="b1", bsel="h0"), scal(dsel=s, csel=s, c=C)):
        print("- `%s`: %s" % (i, esc(cell(i))))

# ---------------------------------------------------------------------------
section("Secondary operations and other modifiers (9.0/sm_90)")
cols = [("vset2 `.u32.u32.lt.X`", lambda e: simd("vset2", mods=["u32", "u32", "lt"] + e.split("."))),
        ("vset2 `.X.u32.u32.lt`", lambda e: simd("vset2", mods=[e.split(".")[0], "u32", "u32", "lt"] + e.split(".")[1:])),
        ("vset2 + mask .h0", lambda e: simd("vset2", mods=["u32", "u32", "lt"] + e.split("."), mask="h0")),
        ("vset2 no c", lambda e: simd("vset2", mods=["u32", "u32", "lt"] + e.split("."), c=None)),
        ("vset4 `.u32.u32.lt.X`", lambda e: simd("vset4", mods=["u32", "u32", "lt"] + e.split("."))),
        ("vset4 + mask .b0", lambda e: simd("vset4", mods=["u32", "u32", "lt"] + e.split("."), mask="b0")),
        ("vset `.X` with c", lambda e: scal(mods=["u32", "u32", "lt"] + e.split("."), c=C)),
        ("vset `.X` no c", lambda e: scal(mods=["u32", "u32", "lt"] + e.split("."))),
        ("vset `.X` + dsel", lambda e: scal(mods=["u32", "u32", "lt"] + e.split("."), dsel="b0", c=C))]
legend.clear()
extras = ["add", "min", "max", "sat", "sub", "mul", "and", "or", "xor", "shl", "shr", "mad", "ftz", "rn", "cc", "x",
          "hi", "lo", "wide", "relu", "merge", "mask", "h10", "b0", "u32", "add.add", "add.sat", "sat.add", "min.max", "add.min"]
print("| X | " + " | ".join(c for c, _ in cols) + " |\n|" + "---|" * (len(cols) + 1))
for e in extras:
    print("| .%s | %s |" % (e, " | ".join(code(fn(e)) for _, fn in cols)))
print()
for m, k in legend.items():
    print("- %s: `%s`" % (k, esc(m)))
print("\n.sat in every position:\n")
for op in ("vset2", "vset4"):
    base = ["u32", "u32", "lt", "add"]
    for pos in range(len(base) + 1):
        i = simd(op, mods=base[:pos] + ["sat"] + base[pos:])
        print("- `%s`: %s" % (i, esc(cell(i))))
    i = simd(op, "u32", "u32", "lt", "sat", c=None)
    print("- `%s`: %s" % (i, esc(cell(i))))
for base in (["u32", "u32", "lt"], ["u32", "u32", "lt", "add"]):
    for pos in range(len(base) + 1):
        for i in (scal(mods=base[:pos] + ["sat"] + base[pos:], c=C if len(base) == 4 else None),
                  scal(mods=base[:pos] + ["sat"] + base[pos:], dsel="b0", c=C)):
            print("- `%s`: %s" % (i, esc(cell(i))))

# ---------------------------------------------------------------------------
section("Operand kinds per slot (9.0/sm_90; ok / E / F; message legend below)")
forms = [("vset2", lambda **k: simd("vset2", **k), "dabc"), ("vset2.add", lambda **k: simd("vset2", sec="add", **k), "dabc"),
         ("vset4", lambda **k: simd("vset4", **k), "dabc"), ("vset4.s32.s32.ge.add", lambda **k: simd("vset4", "s32", "s32", "ge", sec="add", **k), "dabc"),
         ("vset", lambda **k: scal(**k), "dab"), ("vset.add", lambda **k: scal(op2="add", c=k.pop("c", C), **k), "dabc"),
         ("vset.min", lambda **k: scal(op2="min", c=k.pop("c", C), **k), "dabc"),
         ("vset d.b1", lambda **k: scal(dsel="b1", c=k.pop("c", C), **k), "dabc")]
hdr = ["%s %s" % (n, s) for n, _, sl in forms for s in sl]
print("| operand | " + " | ".join(hdr) + " |\n|" + "---|" * (len(hdr) + 1))
legend.clear()
for name, opnd in G.OPERANDS:
    cs = []
    for n, fn, sl in forms:
        for s in sl:
            cs.append(code(fn(**{{"d": "d", "a": "a", "b": "b", "c": "c"}[s]: opnd})))
    print("| `%s` | %s |" % (esc(opnd), " | ".join(cs)))
print()
for m, k in legend.items():
    print("- %s: `%s`" % (k, esc(m)))
print("\noperand kinds with a selector on the same operand:\n")
for name, opnd in [("reg_u32", "%u4"), ("reg_s32", "%s4"), ("reg_f32", "%f4"), ("reg_b16", "%h4"),
                   ("reg_b64", "%rd4"), ("int", "1"), ("hex", "0x10"), ("sreg_laneid", "%laneid")]:
    xs = [simd("vset2", a=opnd, asel="h01"), simd("vset2", b=opnd, bsel="h23"), simd("vset4", a=opnd, asel="b0123"),
          simd("vset4", b=opnd, bsel="b4567"), scal(a=opnd, asel="b1"), scal(b=opnd, bsel="h1"), scal(d=opnd, dsel="b1", c=C)]
    print("- %s" % "; ".join("`%s` %s" % (i, esc(cell(i))) for i in xs))
print("\nimmediates in several slots:\n")
for imm in ("1", "0x7f", "-1", "0xFFFFFFFF"):
    for i in (scal(a=imm, b=imm), scal(op2="add", b=imm, c=imm), scal(dsel="h1", a=imm, c=imm),
              simd("vset2", a=imm, b=imm), simd("vset4", c=imm, sec="add")):
        print("- `%s`: %s" % (i, esc(cell(i))))

# ---------------------------------------------------------------------------
section("Operand count (9.0/sm_90)")
for op in ("vset2", "vset4"):
    for sec in ("", "add"):
        mods = ["u32", "u32", "lt"] + ([sec] if sec else [])
        for n in range(0, 7):
            ops = ["%r" + str(i) for i in range(n)]
            i = "%s.%s %s;" % (op, ".".join(mods), ", ".join(ops)) if n else "%s.%s;" % (op, ".".join(mods))
            print("- `%s`: %s" % (i, esc(cell(i))))
        for i in ("%s.%s %%r0, %%r1, %%r2, %%r3,;" % (op, ".".join(mods)), "%s.%s %%r0 %%r1, %%r2, %%r3;" % (op, ".".join(mods))):
            print("- `%s`: %s" % (i, esc(cell(i))))
for mods in (["u32", "u32", "lt"], ["u32", "u32", "lt", "add"], ["u32", "u32", "lt", "max"]):
    for n in range(0, 7):
        ops = ["%r" + str(i) for i in range(n)]
        i = "vset.%s %s;" % (".".join(mods), ", ".join(ops)) if n else "vset.%s;" % ".".join(mods)
        print("- `%s`: %s" % (i, esc(cell(i))))
    i = "vset.%s %%r0.b0, %%r1, %%r2, %%r3, %%r4;" % ".".join(mods)
    print("- `%s`: %s" % (i, esc(cell(i))))

# ---------------------------------------------------------------------------
section("Lexing: spacing and comments around glued selectors/masks (9.0/sm_90; columns = operand that carries the selector)")
legend.clear()
NORMALISE_LEGEND = False
spc = [sp for sp in ["%r{n}.{s}", "%r{n} .{s}", "%r{n}. {s}", "%r{n} . {s}", "%r{n}  .{s}", "%r{n}..{s}", "%r{n}.{s}.",
                     "%r{n}.{s} .{s}", "%r{n}.{s}x", "%r{n}.{hd} {tl}", "%r{n}.{s}/*c*/", "%r{n}/*c*/.{s}",
                     "(%r{n}).{s}", "%r{n}.({s})"]]
cols = []
for op, sel in (("vset2", "h10"), ("vset4", "b3210"), ("vset", "b1")):
    for pos in ("d", "a", "b", "c"):
        if op == "vset" and pos == "c":
            continue
        cols.append((op, sel, pos))
print("| form | " + " | ".join("%s %s" % (op, pos) for op, _, pos in cols) + " |\n|" + "---|" * (len(cols) + 1))
for sp in spc:
    cs = []
    for op, sel, pos in cols:
        n = {"d": 0, "a": 1, "b": 2, "c": 3}[pos]
        ss = sel
        if pos == "d":
            ss = {"vset2": "h10", "vset4": "b3210", "vset": "b1"}[op]
        txt = sp.format(n=n, s=ss, hd=ss[:-1], tl=ss[-1:])
        ops = {"d": G.D, "a": G.A, "b": G.B, "c": C}
        ops[pos] = txt
        if op == "vset":
            i = scal(d=ops["d"], a=ops["a"], b=ops["b"], c=C if pos == "d" else None)
        else:
            i = simd(op, d=ops["d"], a=ops["a"], b=ops["b"], c=ops["c"])
        cs.append(code(i))
    print("| `%s` | %s |" % (sp.format(n="N", s="SEL", hd="SE", tl="L"), " | ".join(cs)))
print()
for m, k in legend.items():
    print("- %s: `%s`" % (k, esc(m)))
print("\n(selectors: vset2 .h10, vset4 .b3210, vset .b1 (on d: the dsel form with c); `SE L` = the selector split before its last character; c of vset2/vset4 never takes a selector.)\n")
print("opcode and modifier spacing:\n")
for r in rows:
    if (r[2], r[3]) == ("9.0", "sm_90") and re.search(r"(^vset[24]? \.|\.u32 \.|\. u32|add%r|,%r| ;|^(vset[^24. ]|vset[24][^.]|VSET|Vset))", r[5]):
        print("- `%s`: %s" % (r[5], esc(cell(r[5]))))

# ---------------------------------------------------------------------------
section("Version / target grid. Cell: ok; or the version/target messages that are added to the form's own "
        "messages at 9.0/sm_90 (codes below), with +E when the form is rejected at 9.0/sm_90 too; E = only the form's own errors")
vt_forms = []
seenf = set()
for cid, c in G.generate():
    if (c.version, c.target) == ("1.4", "sm_13") and c.instr not in seenf:
        seenf.add(c.instr)
        vt_forms.append(c.instr)
VTCODE = collections.OrderedDict([
    (re.compile(r"Instruction '\w+' requires \.target sm_20"), "T20"),
    (re.compile(r"Instruction '\w+' requires \.target sm_30"), "T30"),
    (re.compile(r"Feature '2\.0' requires PTX ISA \.version 2\.0"), "V20"),
    (re.compile(r"Feature '3\.0' requires PTX ISA \.version 3\.0"), "V30"),
    (re.compile(r"PTX \.version [\d.]+ does not support \.target"), "P"),
])
vt_text = collections.OrderedDict()


def vtcell(instr, v, t):
    x = get(instr, v, t)
    base = get(instr)
    if x is None:
        return "?"
    if x[0] == "ok":
        return "ok"
    bm = [m for m in base[1].split(" | ") if m]
    extra = [m for m in x[1].split(" | ") if m]
    for m in bm:
        if m in extra:
            extra.remove(m)
    codes = []
    for m in extra:
        for rx, k in VTCODE.items():
            if rx.search(m):
                codes.append(k)
                vt_text.setdefault(k, set()).add(m)
                break
        else:
            codes.append("[%s]" % m)
    return (" ".join(codes) or "") + ("+E" if base[0] != "ok" and codes else ("E" if base[0] != "ok" else ""))


print("| .version/.target | " + " | ".join("f%d" % (k + 1) for k in range(len(vt_forms))) + " |\n|" + "---|" * (len(vt_forms) + 1))
for v, t in G.VT_GRID:
    print("| %s %s | %s |" % (v, t, " | ".join(vtcell(i, v, t) for i in vt_forms)))
print()
for k, i in enumerate(vt_forms):
    b = get(i)
    print("- f%d: `%s` (9.0/sm_90: %s)" % (k + 1, i, esc(cell(i))))
print()
for k, ms in vt_text.items():
    print("- %s: %s" % (k, "; ".join("`%s`" % m for m in sorted(ms))))

# ---------------------------------------------------------------------------
section("Every distinct ptxas message (quoted names in Unknown …/Parsing error/Illegal modifier messages replaced by '…'), "
        "with its number of cases and one example")
allm = collections.OrderedDict()
for r in rows:
    for p in set(norm(x) for x in r[7].split(" | ") if x):
        allm.setdefault(p, []).append(r[5])
print("| message | cases | example |\n|---|---|---|")
for m, ex in sorted(allm.items(), key=lambda kv: -len(kv[1])):
    print("| `%s` | %d | `%s` |" % (esc(m), len(ex), esc(ex[0])))
