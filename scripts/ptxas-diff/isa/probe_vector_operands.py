#!/usr/bin/env python3
"""Probe ptxas systematically with vectors in place of scalar registers.

Where does ptxas take a vector of one `{%r1}` for a scalar register (it reads it as
`%r1` in ld, st, ldu, ...), and where does it refuse it ("Vector operand is not
allowed for instruction 'and'", "Arguments mismatch", "Argument vector size
mismatch")?  The answer decides the file-wide `@novectorofone OPCODE ...` lines of
the .ptxisa data (docs/isa-notation.md).

Method: every instruction ptxas accepted in the recorded verdicts
(testdata/ptxas/isa/*.tsv.gz, hold-outs included, texture families left out) is a
legal base.  Per family, one base per distinct mnemonic (opcode and modifiers),
at most --per-family of them, chosen so that every opcode-and-last-type pair is
present before the rest are sampled evenly.  In each operand slot holding a plain
template register (`%r1`, `%fd2`, ...; not `!%p1`, `%p1|%p2`, addresses or vectors)
the register is replaced by `{%r1}` and by `{%r1, %r2}` (another register of the
same declaration).  One case per base, slot and shape, family `vecprobe-FAMILY`.

  probe_vector_operands.py --cases /tmp/vecprobe/cases.tsv       # the cases only
  isa_run.py /tmp/vecprobe/cases.tsv --out /tmp/vecprobe/verdicts  # ptxas judges them
  isa_compare.py --verdicts /tmp/vecprobe/verdicts --jar JAR vecprobe-and ...
  probe_vector_operands.py --summary /tmp/vecprobe/verdicts       # per opcode and slot

--summary prints, per opcode, how ptxas treated `{r}` in each slot (ok / the
first message) so that the opcodes that refuse a vector of one can be listed.

--addresses writes the companion probe of address registers instead (family
`addrprobe-FAMILY`): in every address operand `[%rd1]`, `[%r1+16]`, ... of the same
bases, the register is replaced by one of each integer width (`%b1` .b8, `%rs1` .b16,
`%r1` .b32, `%u1` .u32, `%ud1` .u64).  ptxas expands some instructions into a `mov` of
the address and then refuses a register narrower than the address ("Arguments mismatch for
instruction 'mov'": multimem.red, tensormap.replace, cp.async.mbarrier.arrive, ldmatrix,
cp.async.bulk.tensor refuse [%b1] and [%rs1], multimem.red also [%r1]; measured by hand on
2026-11-28), where ld/st only warn; tcgen05.mma takes a .b32 register only.  Slow on a
loaded machine: a 32-bit register in a .global address on sm_90+ is fatal, and each fatal
case splits its batch (4,300 cases did not finish in 40 minutes at load 35).
--summary --addresses prints its table (per instruction and width).

--plusconst writes the probe of a register plus a constant (family `plusprobe-FAMILY`): in every
slot holding a plain template register, the register is replaced by `%r1+1` (the same register
plus one).  ptxas takes that shape as a source of most instructions (PTX0272, a warning), refuses
it elsewhere, and crashes or hangs on some (testp's source: killed by SIGSEGV; vote.sync's
predicate: no end), which ptxlint must report as errors.  --summary --plusconst prints, per
opcode and slot, how ptxas judged it.
"""
import argparse
import collections
import glob
import gzip
import os
import re
import sys

from holdout_real import split_operands  # top-level comma split (brackets, braces, parentheses nest)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
VERDICTS = os.path.join(ROOT, 'testdata', 'ptxas', 'isa')
SKIP_FAMILIES = {'tex', 'tld4', 'txq', 'holdout-tex', 'typerules', 'sreg'}
# the template's register declarations: prefix -> count
LIMITS = {'p': 16, 'b': 32, 'ub': 32, 'sb': 32, 'rs': 32, 'us': 32, 'ss': 32, 'h': 32, 'r': 160,
          'u': 64, 's': 64, 'f': 160, 'hh': 32, 'rd': 64, 'ud': 64, 'sd': 64, 'fd': 64, 'q': 16}
REG = re.compile(r'^%(p|b|ub|sb|rs|us|ss|h|r|u|s|f|hh|rd|ud|sd|fd|q)(\d+)$')


def parse(instruction):
    """(guard, mnemonic, operands) of a one-statement case, or None."""
    s = instruction.strip()
    if s.count(';') != 1 or not s.endswith(';'):
        return None
    s = s[:-1].strip()
    guard = ''
    if s.startswith('@'):
        guard, s = s.split(None, 1)
        guard += ' '
    parts = s.split(None, 1)
    mnemonic = parts[0]
    operands = split_operands(parts[1]) if len(parts) > 1 else []
    return guard, mnemonic, operands


def other(prefix, number):
    n = number + 1
    return n if n < LIMITS[prefix] else number - 1


def bases(address=False):
    """family -> list of (version, target, guard, mnemonic, operands) of accepted one-statement cases
    (with a plain register operand, or with address=True a register address)."""
    out = collections.defaultdict(dict)
    for path in sorted(glob.glob(os.path.join(VERDICTS, '*.tsv.gz'))):
        family = os.path.basename(path)[:-len('.tsv.gz')]
        if family in SKIP_FAMILIES:
            continue
        with gzip.open(path, 'rt') as f:
            for line in f:
                if line.startswith('#'):
                    continue
                cols = line.rstrip('\n').split('\t')
                if len(cols) < 4 or cols[3] != 'ok':
                    continue
                parsed = parse(cols[2])
                if parsed is None:
                    continue
                guard, mnemonic, operands = parsed
                if not any((ADDRESS if address else REG).match(o) for o in operands):
                    continue
                prev = out[family].get(mnemonic)
                # prefer the newest version (9.0 cases come last in the sorted files)
                if prev is None or float(cols[0]) >= float(prev[0]):
                    out[family][mnemonic] = (cols[0], cols[1], guard, mnemonic, operands)
    return out


def choose(entries, cap):
    """Every opcode-and-last-type pair once, then an even sample of the rest, up to cap."""
    keyed = collections.OrderedDict()
    for mnemonic in sorted(entries):
        words = mnemonic.split('.')
        key = (words[0], words[-1] if len(words) > 1 else '')
        keyed.setdefault(key, []).append(mnemonic)
    chosen = [v[0] for v in keyed.values()]
    rest = [m for m in sorted(entries) if m not in set(chosen)]
    room = max(0, cap - len(chosen))
    if room and rest:
        step = max(1, len(rest) // room)
        chosen += rest[::step][:room]
    return [entries[m] for m in sorted(set(chosen))]


def cases(cap):
    for family, entries in sorted(bases().items()):
        for version, target, guard, mnemonic, operands in choose(entries, cap):
            for i, op in enumerate(operands):
                m = REG.match(op)
                if not m:
                    continue
                prefix, number = m.group(1), int(m.group(2))
                for shape in ('{%s}' % op, '{%s, %%%s%d}' % (op, prefix, other(prefix, number))):
                    ops = operands[:i] + [shape] + operands[i + 1:]
                    text = '%s%s %s;' % (guard, mnemonic, ', '.join(ops))
                    yield 'vecprobe-' + family, version, target, text


ADDRESS = re.compile(r'^\[(%(?:p|b|ub|sb|rs|us|ss|h|r|u|s|f|hh|rd|ud|sd|fd|q)\d+)((?:\+-?\d+)?)\]$')
WIDTHS = ('%b1', '%rs1', '%r1', '%u1', '%ud1')


def address_cases(cap):
    for family, entries in sorted(bases(address=True).items()):
        for version, target, guard, mnemonic, operands in choose(entries, cap):
            for i, op in enumerate(operands):
                m = ADDRESS.match(op)
                if not m:
                    continue
                for reg in WIDTHS:
                    ops = operands[:i] + ['[%s%s]' % (reg, m.group(2))] + operands[i + 1:]
                    text = '%s%s %s;' % (guard, mnemonic, ', '.join(ops))
                    yield 'addrprobe-' + family, version, target, text


def plus_cases(cap):
    for family, entries in sorted(bases().items()):
        for version, target, guard, mnemonic, operands in choose(entries, cap):
            for i, op in enumerate(operands):
                if not REG.match(op):
                    continue
                ops = operands[:i] + [op + '+1'] + operands[i + 1:]
                text = '%s%s %s;' % (guard, mnemonic, ', '.join(ops))
                yield 'plusprobe-' + family, version, target, text


def judged(folder, prefix):
    """(columns, mnemonic, operands) of every judged case in FOLDER/PREFIX*.tsv.gz whose instruction parses."""
    for path in sorted(glob.glob(os.path.join(folder, prefix + '*.tsv.gz'))):
        with gzip.open(path, 'rt') as f:
            for line in f:
                if line.startswith('#'):
                    continue
                cols = line.rstrip('\n').split('\t')
                parsed = parse(cols[2])
                if parsed is not None:
                    yield cols, parsed[1], parsed[2]


def tabulate(folder, prefix, key_of, label, cut=70):
    """Print, per key, how ptxas judged the probed operands: key_of(mnemonic, slot, operand) gives the
    row of a probed operand, or None for the others; label(key) the row's text.  Quoted names in the
    messages are replaced by 'X' so that the same message counts once."""
    table = collections.defaultdict(collections.Counter)
    for cols, mnemonic, operands in judged(folder, prefix):
        msg = re.sub(r"'[^']*'", "'X'", cols[4] if cols[3] != 'ok' else 'ok')[:cut]
        for i, op in enumerate(operands):
            key = key_of(mnemonic, i, op)
            if key is not None:
                table[key][cols[3] + ' ' + msg] += 1
    for key in sorted(table):
        print(label(key) + ' ' + '; '.join('%s x%d' % (k, n) for k, n in table[key].most_common()))


def address_summary(folder):
    """Per instruction and width: how ptxas judged the narrow address registers."""
    def key_of(mnemonic, i, op):
        m = ADDRESS.match(op)
        return ('.'.join(mnemonic.split('.')[:2]), m.group(1)) if m and m.group(1) in WIDTHS else None
    tabulate(folder, 'addrprobe-', key_of, lambda k: '%-28s %-5s' % k)


def plus_summary(folder):
    """Per opcode and slot: how ptxas judged a register plus a constant there."""
    def key_of(mnemonic, i, op):
        return (mnemonic.split('.')[0], i) if op.endswith('+1') and REG.match(op[:-2]) else None
    tabulate(folder, 'plusprobe-', key_of, lambda k: '%-14s slot %d:' % k)


def summary(folder):
    """Per opcode and shape: how ptxas judged the vector in each slot."""
    def key_of(mnemonic, i, op):
        if not op.startswith('{'):
            return None
        return mnemonic.split('.')[0], 'v1' if ',' not in op else 'v2', i
    tabulate(folder, 'vecprobe-', key_of, lambda k: '%-14s %s slot %d:' % k, cut=None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--cases', help='write the cases TSV here')
    ap.add_argument('--per-family', type=int, default=40, help='bases per family (default 40)')
    ap.add_argument('--summary', help='folder of judged vecprobe-*.tsv.gz: print the table')
    ap.add_argument('--addresses', action='store_true', help='the address-register probe instead')
    ap.add_argument('--plusconst', action='store_true', help='the register-plus-constant probe instead')
    args = ap.parse_args()
    if args.summary:
        (address_summary if args.addresses else plus_summary if args.plusconst else summary)(args.summary)
        return
    out = open(args.cases, 'w') if args.cases else sys.stdout
    n = 0
    for row in (address_cases if args.addresses else plus_cases if args.plusconst else cases)(args.per_family):
        out.write('\t'.join(row) + '\n')
        n += 1
    if args.cases:
        out.close()
        print('%d cases -> %s' % (n, args.cases), file=sys.stderr)


if __name__ == '__main__':
    main()
