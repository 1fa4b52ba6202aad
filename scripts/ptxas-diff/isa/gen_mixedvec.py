#!/usr/bin/env python3
"""Constants inside vector operands (family `slots-mixedvec`, docs/ptxas-behaviour.md §29).

Driven by the recorded verdicts: every family whose accepted cases (`testdata/ptxas/isa/*.tsv.gz`,
verdict ok) write a vector of registers `{...}` (a data vector, a fragment, a destination, the
coordinates or values inside an address; not `d|p` pairs) gives a seeded sample of such accepted
instructions (`--per` per family, more for st/ld/mov/mma/tex), and each of their vectors of
registers gives cases:

  * one element replaced by a constant of each kind (KINDS: integer, negative, hexadecimal, octal,
    a hexadecimal too wide for 32 bits, a decimal too wide for 32 bits, `0f`, `0d`, decimal floats
    with and without exponent, a negative float), at the first, the last and (width 3 and more) a
    middle position;
  * every element a constant: all integers, all `0f`, all `0d`, all decimal floats, an `0f` and a
    decimal float side by side (floating-point constants of two types), an integer and a float;
  * a register of another kind next to a constant: the element beside the constant (first or last
    position) replaced by a register of the same size of every other kind the template declares
    (`.bN`, `.uN`, `.sN`, `.fN`, `.f16x2`), with an integer, an `0f` and a decimal float constant.

The old hand probe `isagaps/probe_mixedvec.py` (first or last element, six constant kinds, all
integers) is a subset. Cases (family slots-mixedvec) on stdout or in --out; record with

    python3 gen_mixedvec.py --out /tmp/mixedvec.tsv
    python3 isa_run.py /tmp/mixedvec.tsv --out ../../../testdata/ptxas/isa/slots-mixedvec.tsv.gz --timeout 20
"""
import argparse, gzip, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ISA = os.path.join(HERE, '..', '..', '..', 'testdata', 'ptxas', 'isa')

KINDS = ['1', '-1', '0x10', '017', '0x100000000', '4294967296', '0f3F800000', '0d3FF0000000000000', '1.0',
         '1e0', '-1.0']
NEXT = ['1', '0f3F800000', '1.0']
# the template's registers by size and kind (testdata/ptxas/isa/template.ptx)
REGS = {8: ['%b', '%ub', '%sb'], 16: ['%rs', '%us', '%ss', '%h'], 32: ['%r', '%u', '%s', '%f', '%hh'],
        64: ['%rd', '%ud', '%sd', '%fd']}
SIZE = {p: n for n, ps in REGS.items() for p in ps}
MORE = {'st': 4, 'ld': 3, 'mov': 3, 'mma': 3, 'holdout-tex': 3, 'wmma.mma': 2, 'sust': 2, 'tcgen05.st': 2}
VEC = re.compile(r'\{([^{}|]*)\}')
REG = re.compile(r'^(%[a-z]+?)(\d+)$')
SKIP = ('slots-', 'holdout-real', 'holdout-cross', 'holdout-headers', 'holdout-public', 'holdout-plus')


def ok_cases(path):
    with gzip.open(path, 'rt') as f:
        for line in f:
            p = line.rstrip('\n').split('\t')
            if not line.startswith('#') and len(p) >= 4 and p[3] == 'ok':
                yield p[0], p[1], p[2]


def registers(els):
    """Each element's register prefix, or None when an element is not a plain template register."""
    out = []
    for e in els:
        m = REG.match(e)
        if not m or m.group(1) not in SIZE:
            return None
        out.append(m.group(1))
    return out


def cases_of(ins, rnd):
    out = []
    for m in VEC.finditer(ins):
        els = [e.strip() for e in m.group(1).split(',')]
        regs = registers(els)
        if regs is None:
            continue

        def put(new):
            out.append(ins[:m.start()] + '{' + ', '.join(new) + '}' + ins[m.end():])
        n = len(els)
        positions = sorted({0, n - 1} | ({n // 2} if n >= 3 else set()))
        for pos in positions:
            for k in KINDS:
                put(els[:pos] + [k] + els[pos + 1:])
        if n > 1:
            for fill in (['1'] * n, ['0f3F800000'] * n, ['0d3FF0000000000000'] * n, ['1.0'] * n,
                         (['0f3F800000', '1.0'] * n)[:n], (['1', '1.0'] * n)[:n]):
                put(fill)
            size = SIZE[regs[0]]
            for pos, nb in ((0, 1), (n - 1, n - 2)):
                for other in REGS[size]:
                    if other == regs[nb]:
                        continue
                    for k in NEXT:
                        new = list(els)
                        new[pos] = k
                        new[nb] = other + str(8 + rnd.randrange(8))
                        put(new)
    return out


def vector_picks(rnd, per, more):
    """Accepted recorded instructions with a vector of registers: for every family (not SKIP), its cases
    shuffled with rnd, distinct vector shapes first (one instruction per opcode and vector widths), the first
    per * more.get(family, 1). A generator, so that the caller's own use of rnd between families keeps the
    order of draws (gen_allconst.py shares it)."""
    for name in sorted(os.listdir(ISA)):
        fam = name[:-len('.tsv.gz')] if name.endswith('.tsv.gz') else None
        if fam is None or fam.startswith(SKIP):
            continue
        base = sorted({c for c in ok_cases(os.path.join(ISA, name))
                       if any(registers([e.strip() for e in m.group(1).split(',')]) for m in VEC.finditer(c[2]))})
        if not base:
            continue
        rnd.shuffle(base)
        seen, pick = set(), []
        for v, t, ins in base:
            key = (ins.split()[0].split('.')[0], tuple(len(m.group(1).split(',')) for m in VEC.finditer(ins)))
            if key not in seen:
                seen.add(key)
                pick.append((v, t, ins))
        yield from pick[:per * more.get(fam, 1)]


def write_cases(family, cases, path):
    """Writes (version, target, instruction) cases, sorted, as family, version, target, instruction lines to
    path (a count on stderr), or to stdout without one (gen_allconst.py shares it)."""
    lines = ['%s\t%s\t%s\t%s' % ((family,) + c) for c in sorted(cases)]
    if path:
        with open(path, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        print('%d cases' % len(lines), file=sys.stderr)
    else:
        print('\n'.join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--per', type=int, default=3, help='accepted instructions per family (more for some)')
    ap.add_argument('--seed', type=int, default=20261129)
    ap.add_argument('--out')
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    out = set()
    for v, t, ins in vector_picks(rnd, a.per, MORE):
        for c in cases_of(ins, rnd):
            out.add((v, t, c))
    write_cases('slots-mixedvec', out, a.out)


if __name__ == '__main__':
    main()
