#!/usr/bin/env python3
"""Derive checker/src/main/resources/dev/ptxlint/isa/type-rules.txt from the measured verdicts
in testdata/ptxas/isa/typerules.tsv.gz (written by gen_typerules.py).

Usage: derive_typerules.py [--tsv FILE] [--out FILE]

Every measured operand slot falls in one class:
  typed    the slot's type is the instruction type (add.u32's operands), or derived from it
           (mul.wide's destination); atom/red/shfl data operands too (they are not relaxed)
  relaxed  data operands of ld, st, ldu (scalar) and every cvt operand typed by cvt's types
  element  one element of a vector operand (ld/st .v2/.v4/.v8, mov's pack/unpack, cvt's {a,b,e,f})
  fixed    an operand whose type the form fixes (shift amounts, setp's/selp's predicate, masks)
  address  the register inside [ ]
A class's rule for slot type T is what the most opcodes accept among the measured slots of
that class and type (on a tie, the union of the tied sets).  Where one
instruction accepts more or less than its class's rule, an exception line gives its exact set
(keyed by form = opcode + type modifiers, and operand index), so every measured operand is
predicted exactly.
The same for constants (kinds int, 0f, 0d, dec).  Constants whose ptxas message is a value
range ("out of range", bfe's position, bar's barrier number) belong to the instruction's
range rule, not to the type rules, and are left out here.
"""
import argparse
import collections
import gzip
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
CLASSES = ["typed", "relaxed", "element", "fixed", "address"]
KINDS = ["int", "0f", "0d", "dec"]
ORDER = ["b1", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
         "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "tf32", "u16x2", "s16x2", "f32x2", "pred",
         "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2", "e3m2x2", "ue8m0x2", "e4m3x4", "e5m2x4", "e2m1x4",
         "e2m3x4", "e3m2x4"]


def literal_kind(text):
    """int | 0f | 0d | dec | bad (a spelling the lexer rejects: fatal)."""
    t = text.replace(" ", "")
    neg = t.startswith("-")
    if neg:
        t = t[1:]
    lo = t.lower()
    if lo.startswith("0f"):
        return "bad" if neg or len(t) != 10 else "0f"
    if lo.startswith("0d"):
        return "bad" if len(t) != 18 else "0d"
    if "." in t or "e" in lo and not lo.startswith("0x"):
        return "dec"
    return "int"


def klass(row):
    cat, probe, origin = row["category"], row["probe"], row["origin"]
    if origin in ("elem", "fixed", "addr"):
        return {"elem": "element", "fixed": "fixed", "addr": "address"}[origin]
    if probe.split(".")[0] in ("cvt", "ld", "st", "ldu"):
        return "relaxed"
    return "typed"


def read(path):
    rows = []
    cols = None
    for line in gzip.open(path, "rt"):
        line = line.rstrip("\n")
        if line.startswith("# columns:"):
            cols = line.split(":", 1)[1].split()
            continue
        if line.startswith("#"):
            continue
        rows.append(dict(zip(cols, line.split("\t"))))
    return rows


def sort_types(ts):
    return sorted(ts, key=lambda t: (ORDER.index(t) if t in ORDER else 99, t))


def mode(seen, ok):
    """(class, type) -> the set accepted by the most opcodes among the measured slots of that
    class and type (an opcode votes once for each distinct set its operands of that class and
    type accept, so cvt's many forms count as one instruction; ties: the union of the tied
    sets)."""
    votes = collections.defaultdict(collections.Counter)
    per_slot = collections.defaultdict(set)
    for key in seen:
        per_slot[key[:4]] |= ok[key]
    ballots = set()
    for (c, t, form, n), acc in per_slot.items():
        ballots.add((c, t, form.split(".")[0], frozenset(acc)))
    for c, t, opcode, acc in ballots:
        votes[(c, t)][acc] += 1
    out = {}
    for ct, c in votes.items():
        top = max(c.values())
        u = set()
        for s, n in c.items():
            if n == top:
                u |= s
        out[ct] = u
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsv", default=os.path.join(ROOT, "testdata", "ptxas", "isa", "typerules.tsv.gz"))
    ap.add_argument("--out", default=os.path.join(ROOT, "checker", "src", "main", "resources", "dev", "ptxlint",
                                                  "isa", "type-rules.txt"))
    args = ap.parse_args()
    rows = read(args.tsv)
    # a register type: the declaration and every use of it are accepted (ptxas 13.0 takes
    # `.reg .e2m1x4 %a;` alone but crashes when such a register is used)
    decl_bad = {r["operand"] for r in rows if r["category"] == "decl"
                and (r["probe"] == "decl" and r["verdict"] != "ok" or "exit code" in r["message"])}
    regtypes = [r["operand"] for r in rows if r["category"] == "decl" and r["probe"] == "decl"
                and r["operand"] not in decl_bad]
    # per slot (class, slot_type, form, opnd): accepted register types / constant kinds
    reg_ok = collections.defaultdict(set)
    reg_seen = collections.defaultdict(set)
    imm_ok = collections.defaultdict(set)
    imm_seen = collections.defaultdict(set)
    n_reg = n_imm = 0
    for r in rows:
        if r["role"] == "base" or r["category"] in ("decl", "vreg", "holdout"):
            continue
        key = (klass(r), r["slot_type"], r["form"], int(r["opnd"]), r["role"])
        if r["operand_kind"] == "reg":
            n_reg += 1
            reg_seen[key].add(r["operand"])
            if r["verdict"] == "ok":
                reg_ok[key].add(r["operand"])
        elif r["operand_kind"] == "imm" and r["role"] == "s":
            k = literal_kind(r["operand"])
            if k == "bad" or "out of range" in r["message"]:
                continue
            n_imm += 1
            imm_seen[key].add(k)
            if r["verdict"] == "ok":
                imm_ok[key].add(k)
    # a kind counts as accepted for a slot when ptxas accepted every measured literal of it
    imm_acc = {}
    for key in imm_seen:
        acc = set()
        for k in imm_seen[key]:
            lits = [r for r in rows if False]
            acc.add(k) if k in imm_ok[key] else None
        imm_acc[key] = acc
    # kinds where some literals of a kind were accepted and others not would be a mixed rule
    mixed = collections.defaultdict(lambda: collections.defaultdict(set))
    for r in rows:
        if r["operand_kind"] != "imm" or r["role"] != "s" or r["category"] == "holdout":
            continue
        k = literal_kind(r["operand"])
        if k == "bad" or "out of range" in r["message"]:
            continue
        key = (klass(r), r["slot_type"], r["form"], int(r["opnd"]), r["role"])
        mixed[key][k].add(r["verdict"] == "ok")
    for key, d in mixed.items():
        for k, vs in d.items():
            if len(vs) > 1:
                raise SystemExit("mixed verdicts for constant kind %s in %s" % (k, key))

    general = mode(reg_seen, reg_ok)
    gimm = mode(imm_seen, imm_acc)
    exc = {}
    for key in reg_seen:
        exc.setdefault((key[2], key[3], key[0], key[1]), set())
        exc[(key[2], key[3], key[0], key[1])] |= reg_ok[key]
    iexc = {}
    for key in imm_seen:
        iexc.setdefault((key[2], key[3], key[0], key[1]), set())
        iexc[(key[2], key[3], key[0], key[1])] |= imm_acc[key]

    out = []
    w = out.append
    w("# type-rules.txt: which registers and constants ptxas 13.0 accepts in an operand of type T.")
    w("# Generated by scripts/ptxas-diff/isa/derive_typerules.py from testdata/ptxas/isa/typerules.tsv.gz")
    w("# (%d register cases, %d constant cases); read by dev.ptxlint.isa.TypeRules; docs/ptxas-operand-types.md" % (n_reg, n_imm))
    w("# explains the rules.  Do not edit by hand: change the generator, re-measure, re-derive.")
    w("#")
    w("# Lines (words separated by spaces; '#' starts a comment):")
    w("#   regtypes T...                  the types a .reg directive may declare")
    w("#   reg CLASS T : R...             a register of type R may stand in an operand of type T of that class")
    w("#   imm CLASS T : K...             a constant of kind K may stand there (sources only; '-' = none)")
    w("#   reg-except FORM N CLASS T : R...  operand N (0 = first) of FORM accepts exactly these registers")
    w("#   imm-except FORM N CLASS T : K...  ... exactly these constant kinds")
    w("# CLASS: typed (the slot's type is the instruction type), relaxed (ld/st/ldu data, cvt),")
    w("#   element (one element of a vector operand), fixed (a type the form fixes: shift amounts,")
    w("#   setp's/selp's predicate, masks), address (the register in [ ]).")
    w("# K: int (decimal, hex, octal, binary, with U suffix or minus: any value, taken modulo 2^64),")
    w("#   0f (0fXXXXXXXX), 0d (0dXXXXXXXXXXXXXXXX), dec (1.0, 1e3, 1.).")
    w("# FORM: the opcode and its type modifiers in order (setp.eq.u32 -> setp.u32, cvt.rn.f16x2.f32 -> cvt.f16x2.f32).")
    w("# A class's rule is what most measured opcodes accept in operands of that class and type; an exception")
    w("# gives the exact set of one measured instruction operand that accepts more or less.")
    w("# The destination never takes a constant (ptxas: 'Result register required').")
    w("")
    w("regtypes " + " ".join(regtypes))
    w("")
    for c in CLASSES:
        for t in sort_types({k[1] for k in general if k[0] == c}):
            w("reg %-8s %-7s : %s" % (c, t, " ".join(sort_types(general[(c, t)])) or "-"))
        w("")
    for c in CLASSES:
        ts = sort_types({k[1] for k in gimm if k[0] == c})
        for t in ts:
            w("imm %-8s %-7s : %s" % (c, t, " ".join(k for k in KINDS if k in gimm[(c, t)]) or "-"))
        if ts:
            w("")
    n_exc = 0
    for key in sorted(exc, key=lambda k: (k[0], k[1], CLASSES.index(k[2]), k[3])):
        form, n, c, t = key
        if exc[key] != general[(c, t)]:
            n_exc += 1
            w("reg-except %s %d %s %s : %s" % (form, n, c, t, " ".join(sort_types(exc[key])) or "-"))
    w("")
    for key in sorted(iexc, key=lambda k: (k[0], k[1], CLASSES.index(k[2]), k[3])):
        form, n, c, t = key
        if iexc[key] != gimm[(c, t)]:
            n_exc += 1
            w("imm-except %s %d %s %s : %s" % (form, n, c, t, " ".join(k for k in KINDS if k in iexc[key]) or "-"))
    open(args.out, "w").write("\n".join(out) + "\n")
    print("wrote %s: %d exceptions" % (args.out, n_exc))


if __name__ == "__main__":
    main()
