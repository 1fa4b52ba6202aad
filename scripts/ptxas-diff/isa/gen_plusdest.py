#!/usr/bin/env python3
"""Cases for the family `slots-plusdest`: a register plus a constant where an instruction writes.

Drawn from the accepted cases of every recorded family (testdata/ptxas/isa/<family>.tsv.gz, not the
hold-outs nor other slots-* files), so that every instruction family and the forms the generators
reached are covered: for each accepted single-statement case whose first operand is a register
(alone, a half of a pair p|q or d|p, or the first element of a vector), the case with that register
written `%r+1` (and, for a pair, each half in turn); for the video instructions also their last
source (the SIMD forms' c, where ptxas reads selectors). Each mutant is crossed with the guard
(none, `@%p3`, `@!%p3`) by a seeded draw. ptxas says "Result register required" (or, in the SIMD
video forms, "Incorrect video selector") for a sum in a destination, and nothing for a plain
register; a case whose source form was legal isolates the destination rule.

  gen_plusdest.py --per-family 40 --seed 7 > /tmp/plusdest.tsv
  isa_run.py /tmp/plusdest.tsv --out testdata/ptxas/isa/slots-plusdest.tsv.gz
"""
import argparse
import glob
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from holdout_real import split_operands  # noqa: E402
from isa_run import read_tsv_gz  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
ISA = os.path.join(ROOT, 'testdata', 'ptxas', 'isa')
FAMILY = 'slots-plusdest'
REG = re.compile(r'^(!?)(%[A-Za-z_][A-Za-z0-9_]*)$')
VIDEO = re.compile(r'^v(add|sub|avrg|absdiff|min|max|set|shl|shr|mad)[24]?$')


def parse(instr):
    """(guard, opcode, operands) of a single statement, or None."""
    s = instr.strip()
    if s.count(';') != 1 or not s.endswith(';'):
        return None
    s = s[:-1].strip()
    guard = ''
    m = re.match(r'^(@!?%\w+)\s+', s)
    if m:
        guard, s = m.group(1) + ' ', s[m.end():]
    parts = s.split(None, 1)
    if len(parts) < 2:
        return None
    return guard, parts[0], split_operands(parts[1])


def plus(op):
    """Mutants of one operand text: each register in it (alone, pair half, first vector element) + 1."""
    outs = []
    m = REG.match(op)
    if m and not m.group(1):
        outs.append(op + '+1')
    elif '|' in op and not op.startswith('{'):
        a, b = op.split('|', 1)
        for i, half in enumerate((a.strip(), b.strip())):
            if REG.match(half) and not half.startswith('!'):
                outs.append(half + '+1|' + b.strip() if i == 0 else a.strip() + '|' + half + '+1')
    elif op.startswith('{') and op.endswith('}'):
        items = [x.strip() for x in op[1:-1].split(',')]
        if items and REG.match(items[0]):
            outs.append('{' + ', '.join([items[0] + '+1'] + items[1:]) + '}')
    return outs


def families():
    for path in sorted(glob.glob(os.path.join(ISA, '*.tsv.gz'))):
        fam = os.path.basename(path)[:-len('.tsv.gz')]
        if fam.startswith(('holdout-', 'slots-')) or fam in ('typerules', 'sreg'):
            continue
        yield fam, path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--per-family', type=int, default=40)
    ap.add_argument('--seed', type=int, default=7)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    seen = set()
    n = 0
    for fam, path in families():
        cands = []
        for version, target, instr, verdict, _ in read_tsv_gz(path):
            p = parse(instr) if verdict == 'ok' else None
            if p is None or not p[2]:
                continue
            guard, opcode, ops = p
            slots = [0]
            if VIDEO.match(opcode.split('.')[0]) and len(ops) >= 4:
                slots.append(len(ops) - 1)
            for k in slots:
                for mutant in plus(ops[k]):
                    new = ops[:k] + [mutant] + ops[k + 1:]
                    cands.append((version, target, guard, opcode, new))
        rnd.shuffle(cands)
        taken = 0
        for v, t, guard, opcode, ops in cands:
            if taken >= args.per_family:
                break
            g = rnd.choice(['', '', '@%p3 ', '@!%p3 ']) if not guard else guard
            instr = '%s%s %s;' % (g, opcode, ', '.join(ops))
            key = (v, t, instr)
            if key in seen:
                continue
            seen.add(key)
            taken += 1
            n += 1
            print('\t'.join((FAMILY, v, t, instr)))
    print('# %d cases' % n, file=sys.stderr)


if __name__ == '__main__':
    main()
