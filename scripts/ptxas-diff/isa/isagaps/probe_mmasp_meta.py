#!/usr/bin/env python3
"""mma.sp's metadata e by target (issue 12, task isagaps item 2): every accepted recorded mma.sp
instruction shape (one per distinct mnemonic) with e written as a scalar, {x}, {x, y} and a vector of
4, at sm_80, sm_89, sm_90, sm_90a, sm_100a, sm_103a, sm_110a, sm_120a, sm_121a and its own target.
Cases (family slots-isagaps) on stdout."""
import gzip, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_bulk_narrow import split_ops, ok_cases

E = ['%r9', '{%r9}', '{%r9, %r10}', '{%r9, %r10, %r11, %r12}']
TARGETS = ['sm_80', 'sm_89', 'sm_90', 'sm_90a', 'sm_100a', 'sm_103a', 'sm_110a', 'sm_120a', 'sm_121a']


def main():
    seen = {}
    for v, t, ins in sorted(ok_cases('mma.sp')):
        if ins.startswith('@'):
            continue
        mnem = ins.split(' ')[0]
        key = re.sub(r'\.sync|\.aligned', '', mnem)
        seen.setdefault(key, (v, t, ins))
    out = set()
    for v, t, ins in seen.values():
        mnem, rest = ins.split(' ', 1)
        ops = split_ops(rest)
        for e in E:
            new = ops[:4] + [e] + ops[5:]
            for tg in sorted(set(TARGETS) | {t}):
                out.add((v, tg, mnem + ' ' + ', '.join(new) + ';'))
    for c in sorted(out):
        print('slots-isagaps\t' + '\t'.join(c))


if __name__ == '__main__':
    main()
