#!/usr/bin/env python3
"""Vectors of constants only (family `slots-allconst`, docs/ptxas-behaviour.md §30).

Driven by the recorded verdicts, as gen_mixedvec.py: every family whose accepted cases write a vector
of registers `{...}` gives a seeded sample of such accepted instructions (`--per` per family, more for
the families with many vector operands: MORE), and each of their vectors of registers gives one case
per FILLS entry, every element a constant:

  * one kind: all integers (`1`), all `0f3F800000` (.f32), all `0d3FF0000000000000` (.f64), all `1.0`
    (a decimal float, .f64);
  * floating-point constants of two types, in both orders: `0f`/decimal and decimal/`0f` alternating,
    `0d` then `0f`s, `0f` then `0d`s (ptxas 13.0 types such a vector by the first element whose type
    differs from the first one's: a .bN vector of that element's size, docs/ptxas-behaviour.md §30).

gen_mixedvec.py (slots-mixedvec) has the one-kind fills and `0f`/decimal of other instructions; this
sample uses another seed. Cases (family slots-allconst) on stdout or in --out; record with

    python3 gen_allconst.py --out /tmp/allconst.tsv
    python3 isa_run.py /tmp/allconst.tsv --out ../../../testdata/ptxas/isa/slots-allconst.tsv.gz --timeout 20
"""
import argparse, os, random, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_mixedvec import VEC, registers, vector_picks, write_cases  # noqa: E402

F, D, X = '0f3F800000', '0d3FF0000000000000', '1.0'
FILLS = {
    'int': lambda n: ['1'] * n,
    'f32': lambda n: [F] * n,
    'f64': lambda n: [D] * n,
    'dec': lambda n: [X] * n,
    'f32-dec': lambda n: ([F, X] * n)[:n],
    'dec-f32': lambda n: ([X, F] * n)[:n],
    'f64-f32': lambda n: [D] + [F] * (n - 1),
    'f32-f64': lambda n: [F] + [D] * (n - 1),
}
MORE = {'st': 3, 'ld': 1, 'mov': 3, 'mma': 6, 'holdout-tex': 3, 'wmma.mma': 4, 'sust': 2, 'suld': 2, 'tex': 2,
        'tcgen05.st': 2, 'wgmma.mma_async': 2, 'multimem.st': 2, 'red': 2, 'atom': 2, 'half-arith': 2}


def cases_of(ins):
    out = []
    for m in VEC.finditer(ins):
        els = [e.strip() for e in m.group(1).split(',')]
        if len(els) < 2 or registers(els) is None:
            continue
        for fill in FILLS.values():
            out.append(ins[:m.start()] + '{' + ', '.join(fill(len(els))) + '}' + ins[m.end():])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--per', type=int, default=2, help='accepted instructions per family (more for some)')
    ap.add_argument('--seed', type=int, default=20261130)
    ap.add_argument('--out')
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    out = set()
    for v, t, ins in vector_picks(rnd, a.per, MORE):
        for c in cases_of(ins):
            out.add((v, t, c))
    write_cases('slots-allconst', out, a.out)


if __name__ == '__main__':
    main()
