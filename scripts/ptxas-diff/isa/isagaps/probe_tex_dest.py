#!/usr/bin/env python3
"""tex/tld4's destination d{|p} and the sink (issue 12, task isagaps item 4): accepted recorded tex and
tld4 instructions (of their families and holdout-tex) (any target, put at sm_90 and .version 9.0; a seeded sample, .v4 and .v2 forms) with the destination written as a
vector with a residency predicate, the sink in its place or in one of its halves, a negated, non-.pred
or vector predicate, and a sink element. Cases (family slots-isagaps) on stdout."""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_bulk_narrow import split_ops, ok_cases


def variants(d):
    els = [x.strip() for x in d.strip('{}').split(',')]
    sunk = '{' + ', '.join(['_'] + els[1:]) + '}'
    alls = '{' + ', '.join(['_'] * len(els)) + '}'
    return [d + '|%p1', d + '|_', '_|%p1', '_', '_|_', sunk, sunk + '|%p1', alls + '|%p1', alls,
            d + '|!%p1', d + '|%r1', d + '|%rd1', d + '|{%p1}', d + '|%p1|%p2', els[0] + '|%p1',
            d + ' | %p1', d + '|%tid.x', d + '|1']


def main():
    rnd = random.Random(20261128)
    out = set()
    for fam in ('tex', 'tld4'):
        base = sorted({('9.0', 'sm_90', c[2]) for f in (fam, 'holdout-tex') for c in ok_cases(f)
                       if c[2].startswith(fam + '.') and '|' not in c[2]})
        rnd.shuffle(base)
        picked = [c for c in base if '.v4' in c[2].split(' ')[0]][:5] + [c for c in base if '.v2' in c[2].split(' ')[0]][:2]
        for v, t, ins in picked:
            mnem, rest = ins.split(' ', 1)
            ops = split_ops(rest)
            for d in variants(ops[0]):
                text = mnem + ' ' + ', '.join([d] + ops[1:]) + ';'
                out.add((v, t, text))
                if d.endswith('|%p1') and d.startswith('{'):
                    out.add(('7.0', 'sm_60', text))
                    out.add(('7.1', 'sm_52', text))
    for c in sorted(out):
        print('slots-isagaps\t' + '\t'.join(c))


if __name__ == '__main__':
    main()
