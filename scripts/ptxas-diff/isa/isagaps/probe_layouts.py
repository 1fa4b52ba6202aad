#!/usr/bin/env python3
"""Layout-word counts (issue 12, task isagaps item 1): every accepted recorded instruction of the
matrix families (a seeded sample) with runs of .row/.col words written after its mnemonic, to find
how many layout words ptxas 13.0 takes in all. Writes cases (family slots-isagaps) to stdout."""
import gzip, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ISA = os.path.join(HERE, '..', '..', '..', '..', 'testdata', 'ptxas', 'isa')
RUNS = ['.row', '.col', '.row.row', '.col.col', '.row.col', '.col.row', '.row.row.col', '.row.col.col',
        '.col.row.row', '.row.col.row', '.col.col.row', '.row.row.row', '.col.col.col', '.row.row.col.col']
FAMILIES = ['movmatrix', 'ldmatrix', 'stmatrix', 'mma', 'mma.sp', 'wmma.load', 'wmma.store', 'wmma.mma']


def ok_cases(family):
    with gzip.open(os.path.join(ISA, family + '.tsv.gz'), 'rt') as f:
        for line in f:
            if line.startswith('#'):
                continue
            p = line.rstrip('\n').split('\t')
            if len(p) >= 4 and p[3] == 'ok':
                yield p[0], p[1], p[2]


def main():
    rnd = random.Random(20261128)
    out = set()
    for fam in FAMILIES:
        base = sorted(ok_cases(fam))
        rnd.shuffle(base)
        for v, t, ins in base[:6]:
            mnem, rest = ins.split(' ', 1)
            words = re.findall(r'\.[^.]+(?:::[^.]+)*', mnem[mnem.index('.'):])
            op = mnem[:mnem.index('.')]
            plain = [w for w in words if w not in ('.row', '.col')]
            had = len(words) - len(plain)
            for run in RUNS:
                # the run in place of the written layout words (where they were), or at the end
                at = next((i for i, w in enumerate(words) if w in ('.row', '.col')), len(plain))
                new = plain[:at] + [run] + plain[at:]
                out.add((fam, v, t, op + ''.join(new) + ' ' + rest))
                if had == 0:
                    out.add((fam, v, t, op + ''.join(plain[:2]) + run + ''.join(plain[2:]) + ' ' + rest))
    for c in sorted(out):
        print('slots-isagaps\t' + '\t'.join(c[1:]))


if __name__ == '__main__':
    main()
