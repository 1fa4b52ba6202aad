#!/usr/bin/env python3
"""Narrow address registers in the bulk copies (issue 12, task isagaps item 3): accepted recorded
cp.async.bulk{.tensor}, cp.reduce.async.bulk{.tensor} instructions (the families' and holdout-real's)
with each address operand other than the tensor map written with an 8-, 16-, 32- or 64-bit register
([x], [x+8]), at the base's own target and at sm_90a, sm_100a and sm_120a. Cases (family
slots-isagaps) on stdout."""
import gzip, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
from holdout_real import split_operands  # noqa: E402
ISA = os.path.join(HERE, '..', '..', '..', '..', 'testdata', 'ptxas', 'isa')
FAMILIES = {'cp.async.bulk.tensor': 60, 'cp.reduce.async.bulk.tensor': 16, 'cp.async.bulk': 20,
            'cp.reduce.async.bulk': 8, 'holdout-real': 40}
REGS = ['%b7', '%us7', '%rs7', '%r7', '%rd7']
TARGETS = ['sm_90a', 'sm_100a', 'sm_120a']


def split_ops(s):
    """holdout_real.split_operands, without the statement's ';' on the last operand."""
    out = split_operands(s)
    if out:
        out[-1] = out[-1].rstrip(';').strip()
    return [o for o in out if o]


def ok_cases(family):
    with gzip.open(os.path.join(ISA, family + '.tsv.gz'), 'rt') as f:
        for line in f:
            p = line.rstrip('\n').split('\t')
            if not line.startswith('#') and len(p) >= 4 and p[3] == 'ok':
                yield p[0], p[1], p[2]


def main():
    rnd = random.Random(20261128)
    out = set()
    for fam, n in FAMILIES.items():
        base = sorted(c for c in ok_cases(fam) if re.search(r'(^|\s)cp\.(reduce\.)?async\.bulk', c[2]))
        rnd.shuffle(base)
        for v, t, ins in base[:n]:
            guard = ''
            if ins.startswith('@'):
                guard, ins = ins.split(' ', 1)
                guard += ' '
            mnem, rest = ins.split(' ', 1)
            ops = split_ops(rest)
            for k, op in enumerate(ops):
                if not op.startswith('[') or ',' in op:
                    continue
                for reg in REGS:
                    for shape in ('[%s]', '[%s+8]'):
                        new = ops[:k] + [shape % reg] + ops[k + 1:]
                        ins2 = guard + mnem + ' ' + ', '.join(new) + ';'
                        for tg in sorted({t} | set(TARGETS)):
                            out.add((v, tg, ins2))
    for c in sorted(out):
        print('slots-isagaps\t' + '\t'.join(c))


if __name__ == '__main__':
    main()
