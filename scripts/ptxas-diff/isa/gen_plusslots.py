#!/usr/bin/env python3
"""A register plus a constant in every source operand slot of every form (family `slots-plusconst`).

Driven by the form data (gen_forms.py's reader of the .ptxisa files), not by recorded cases: every
legal instance gen_forms.py makes of every form (every enumeration value at least once, optional
modifiers alone and in pairs: rounding modes, .ftz, types, ...) gives, for each SOURCE operand slot
that holds a register, cases with that register written `REG+1`:

  * the register the instance has (a register of the slot's type) and, for a typed register
    (.f32, .u64, ...), the .bN register of the same size (`%r3+1` for `%f3+1`);
  * the first element of a source vector `{%r8+1, %r9}` and the first coordinate of an address
    tuple `[tex, {%f8+1, %f9}]`;
  * for a sample of the instances (one in eight), the register of an address `[%rd3+1]` (an ordinary
    offset: accepted everywhere, a check that nothing regresses there);

crossed with the target classes the form allows: its lowest target (at the lowest PTX ISA version
that has it and meets the form's requirement), sm_90, sm_90a, sm_100a and sm_120a where legal
(always at `.version 9.0` but for the lowest), and a guard that rotates over none, `@%p3` and
`@!%p3`.

Left out: destinations (operand 0 of a form when it is a register, vector or pair that takes no
constant: ptxas's "Result register required" is another check), predicate registers (`%p3+1`: ptxas
does not terminate in several slots, the probe of holdout-plusconst covers them), slots whose data
already says `noplus(hang ...)` (same reason), and the form-table families (set, setp, selp, slct,
the video instructions).  A source slot is any other operand; operand 0 is one when its data says
`val` or `imm` (bar's a).

Every (form, slot, register) combination is kept at the form's own target; the other target classes
are sampled (seeded) so that the family stays within --max cases.

  gen_plusslots.py --out /tmp/slots/cases.tsv            # the cases
  isa_run.py /tmp/slots/cases.tsv --out testdata/ptxas/isa/slots-plusconst.tsv.gz --timeout 20
"""
import argparse
import random
import re
import sys
import zlib

import gen_forms as gf
import isa_run

FAMILY = "slots-plusconst"
SKIP = {"set", "setp", "selp", "slct", "vset", "vset2", "vset4", "vop", "vop2", "vop4", "vsh", "vmad"}
CLASSES = ("sm_90", "sm_90a", "sm_100a", "sm_120a")
SMALL = 40
KEEP = 130
COVER = lambda form: id(form.block)  # the coverage unit: every slot of every block of forms
GUARDS = ("", "@%p3 ", "@!%p3 ")
REG_RE = re.compile(r"(%[a-z]+)(\d+)$")


def operand_specs(inst):
    """The form's Operand objects that the instance's operands correspond to (its optional groups in
    or out), or None when no choice of groups gives the instance's count."""
    ops = inst.form.operands
    groups = sorted({o.group for o in ops if o.group})
    for k in range(len(groups), -1, -1):
        for inc in ({*groups[:k]}, {*groups[k:]}) if k else (set(),):
            chosen = [o for o in ops if not o.group or o.group in inc]
            if len(chosen) == len(inst.ops):
                return chosen
    return None


def plus_register(op):
    """The variants of a plain register operand written as a register plus one: its own register and
    the .bN register of the same size (typed registers only)."""
    m = REG_RE.match(op)
    if not m or m.group(1) == "%p":
        return []
    out = [op + "+1"]
    prefix, n = m.group(1), m.group(2)
    if prefix in gf.REG_SIZE:
        out.append(gf.BITS_REG[gf.REG_SIZE[prefix]] + n + "+1")
    return out


def first_element(vec):
    """`{%r8, %r9}` -> `{%r8+1, %r9}` (and the .bN variant), or [] when the first element is no register."""
    inner = vec[1:-1].split(",")
    return ["{" + ", ".join([v] + [x.strip() for x in inner[1:]]) + "}" for v in plus_register(inner[0].strip())]


def slot_variants(op, spec_words, index, operand):
    """(kind, new operand text) for one operand of a legal instance."""
    out = []
    if op.startswith("[") and op.endswith("]") and "{" in op:
        # an address tuple [tex, {coordinates}] / [%rd, {coordinates}]
        a, b = op.index("{"), op.index("}")
        for v in first_element(op[a:b + 1]):
            out.append(("coordinate", op[:a] + v + op[b + 1:]))
        return out
    m = re.fullmatch(r"\[(%[a-z]+\d+)\](.*)", op)
    if m:
        return [("address", "[%s+1]%s" % (m.group(1), m.group(2)))]
    if op.startswith("{") and op.endswith("}"):
        return [("element", v) for v in first_element(op)]
    return [("register", v) for v in plus_register(op)]


def is_destination(operand, spec_words, index):
    if index != 0:
        return False
    if operand.kind == "addr" or "addr" in spec_words or "mem" in spec_words:
        return False
    return "val" not in spec_words and "imm" not in spec_words


def targets_for(inst):
    """(version, target) of each target class the instance allows, its own target first."""
    gf.init_grid()
    v, treqs = inst.req
    own = gf.where(inst)
    out = [own] if own else []
    for t in gf.TARGETS:
        if all(gf.satisfies(t, alts) for alts in treqs):
            ver = gf.pick_version(v, t)
            if ver and (ver, t) in gf.VALID_PAIRS:
                out.append((ver, t))
            break
    for t in CLASSES:
        if ("9.0", t) in gf.VALID_PAIRS and all(gf.satisfies(t, alts) for alts in treqs) \
                and (v is None or isa_run.vkey(v) <= isa_run.vkey("9.0")):
            out.append(("9.0", t))
    seen, uniq = set(), []
    for vt in out:
        if vt not in seen:
            seen.add(vt)
            uniq.append(vt)
    return uniq


def cases(max_cases, seed, base_factor=1.5):
    """The cases: per family, every (form, slot, shape, register kind) once and a share of the rest
    (different modifiers), sqrt-scaled (a family with n distinct (mnemonic, slot, shape, register kind)
    keys keeps all of them up to KEEP (130), else 40 + base_factor * sqrt(n); every slot of every block of forms is among them), at the form's own target; then
    the other target classes, all of them for families of at most SMALL (40) keys (the arithmetic that ptxas
    expands into built-in routines), sampled for the rest up to max_cases."""
    fams = gf.instances_by_family(gf.load_all(gf.ISA_DATA))
    rnd = random.Random(seed)
    base, extra = [], []
    for family in sorted(fams):
        if family in SKIP:
            continue
        keyed = {}
        for k, inst in enumerate(fams[family]):
            specs = operand_specs(inst)
            if specs is None:
                continue
            for i, (op, operand) in enumerate(zip(inst.ops, specs)):
                words = inst.form.block.operand_specs.get(operand.name, [])
                if is_destination(operand, words, i) or any(w.startswith("noplus(hang") for w in words):
                    continue
                for kind, new in slot_variants(op, words, i, operand):
                    if kind == "address" and k % 8:
                        continue
                    reg = re.search(r"(%[a-z]+)\d+\+1", new).group(1)
                    key = (inst.opcode + "".join(inst.mods), i, kind, reg)
                    if key not in keyed:
                        keyed[key] = (inst, i, new, (COVER(inst.form), specs[i].name, kind, reg))
        items = list(keyed.values())
        budget = len(items) if len(items) <= KEEP else int(40 + base_factor * len(items) ** 0.5)
        frng = random.Random(zlib.crc32(family.encode()) ^ seed)
        frng.shuffle(items)
        chosen, covered, rest = [], set(), []
        for it in items:
            if it[3] not in covered:
                covered.add(it[3])
                chosen.append(it)
            else:
                rest.append(it)
        chosen += rest[:max(0, budget - len(chosen))]
        small = len(items) <= SMALL
        for inst, i, new, _ in chosen:
            text = inst.text(ops=inst.ops[:i] + [new] + inst.ops[i + 1:])
            h = zlib.crc32(text.encode())
            for j, (v, t) in enumerate(targets_for(inst)):
                row = (FAMILY, v, t, GUARDS[(h + j) % 3] + text)
                (base if j == 0 or small else extra).append(row)
    seen, out = set(), []
    for row in base:
        if row[1:] not in seen:
            seen.add(row[1:])
            out.append(row)
    n_base = len(out)
    rnd.shuffle(extra)
    for row in extra:
        if len(out) >= max_cases:
            break
        if row[1:] not in seen:
            seen.add(row[1:])
            out.append(row)
    out.sort(key=lambda r: (isa_run.vkey(r[1]), r[2], r[3]))
    return out, n_base, len(extra)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="cases TSV (default: stdout)")
    ap.add_argument("--max", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=20261128)
    args = ap.parse_args()
    rows, n_must, n_extra = cases(args.max, args.seed)
    out = open(args.out, "w") if args.out else sys.stdout
    for r in rows:
        out.write("\t".join(r) + "\n")
    if args.out:
        out.close()
    print("%d cases (%d at the forms' own targets or every class, %d more target classes, %d kept)"
          % (len(rows), n_must, n_extra, len(rows) - n_must), file=sys.stderr)


if __name__ == "__main__":
    main()
