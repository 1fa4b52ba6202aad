#!/usr/bin/env python3
"""Mixed vectors (issue 12, task isagaps item 5): a register and an immediate in one vector operand
({%h24, 1}). Accepted recorded instructions of the families that take vectors (a seeded sample per
family) with one element of one vector operand (a vector operand, or the coordinates or values inside
an address) replaced by an immediate of each kind (integer, negative, hex, 0f, 0d, decimal float), the
vector's first element and its last, and with every element an integer. Cases (family
slots-mixedvec) on stdout."""
import os, random, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_bulk_narrow import ok_cases

FAMILIES = {'ld': 8, 'st': 8, 'mov': 8, 'mma': 6, 'mma.sp': 4, 'cp.async.bulk.tensor': 5,
            'cp.reduce.async.bulk.tensor': 3, 'st.async': 4, 'red': 4, 'atom': 4, 'sust': 6, 'suld': 4,
            'wmma.mma': 3, 'wmma.store': 3, 'stmatrix': 3, 'holdout-tex': 8, 'tcgen05.st': 3,
            'multimem.ld_reduce': 3, 'red.async': 3, 'ldu': 3, 'ld.global.nc': 3, 'cvt': 3, 'cvt.pack': 3}
IMMS = ['1', '-1', '0x10', '0f3F800000', '0d3FF0000000000000', '1.0']
VEC = re.compile(r'\{([^{}|]*)\}')


def main():
    rnd = random.Random(20261128)
    out = set()
    for fam, n in FAMILIES.items():
        try:
            base = sorted(c for c in ok_cases(fam) if VEC.search(c[2]))
        except FileNotFoundError:
            continue
        rnd.shuffle(base)
        for v, t, ins in base[:n]:
            for m in VEC.finditer(ins):
                els = [e.strip() for e in m.group(1).split(',')]
                if not all(e.startswith('%') for e in els):
                    continue
                for pos in sorted({0, len(els) - 1}):
                    for imm in IMMS:
                        new = els[:pos] + [imm] + els[pos + 1:]
                        out.add((v, t, ins[:m.start()] + '{' + ', '.join(new) + '}' + ins[m.end():]))
                if len(els) > 1:
                    out.add((v, t, ins[:m.start()] + '{' + ', '.join(['1'] * len(els)) + '}' + ins[m.end():]))
    for c in sorted(out):
        print('slots-mixedvec\t' + '\t'.join(c))


if __name__ == '__main__':
    main()
