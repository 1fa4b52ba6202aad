#!/usr/bin/env python3
"""Record the register-plus-constant probe as the family `plusconst` (testdata/ptxas/isa/plusconst.tsv.gz).

Inputs, in order (a later verdict of the same case replaces an earlier one, except that a crash is
kept: ptxas 13.0 crashes on some cases in only part of its runs, e.g. clusterlaunchcontrol's .v4
response plus a constant in 2 to 5 of 8 runs, and a file it sometimes cannot assemble is one it
rejects):
  * folders of judged `plusprobe-*.tsv.gz` (isa_run.py's output: version, target, instruction,
    verdict, message), and
  * `.tsv` files of single-case verdicts with the family first (family, version, target,
    instruction, verdict, message, ...): the re-runs of the crashes and hangs with a longer
    timeout and the hand-written follow-up cases (plusconst-extra.tsv) judged one file per case.

ptxas's crashes and hangs fail a build, so IsaVerdictsTest must see them as errors: a `crash` is
recorded as `error` with the message "error: ptxas 13.0 crashed (...)", a `timeout` as `error` with
"error: ptxas 13.0 did not terminate (...)"; every other verdict is kept.

  probe_vector_operands.py --plusconst --cases /tmp/plus/cases.tsv
  isa_run.py /tmp/plus/cases.tsv --out /tmp/plus/verdicts --timeout 20
  isa_run.py plusconst-extra.tsv --out /tmp/plus/verdicts-extra --timeout 60
  plusconst_record.py /tmp/plus/verdicts /tmp/plus/verdicts-extra [RERUNS.tsv ...]
"""
import argparse
import datetime
import glob
import gzip
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
OUT = os.path.join(ROOT, 'testdata', 'ptxas', 'isa', 'holdout-plusconst.tsv.gz')


def judged(path):
    """(version, target, instruction, verdict, message) of every case in a folder or a .tsv file."""
    if os.path.isdir(path):
        for f in sorted(glob.glob(os.path.join(path, 'plusprobe-*.tsv.gz'))):
            with gzip.open(f, 'rt') as fh:
                for line in fh:
                    if not line.startswith('#') and line.strip():
                        c = line.rstrip('\n').split('\t')
                        yield c[0], c[1], c[2], c[3], c[4] if len(c) > 4 else ''
    else:
        with open(path) as fh:
            for line in fh:
                if not line.startswith('#') and line.strip():
                    c = line.rstrip('\n').split('\t')
                    yield c[1], c[2], c[3], c[4], c[5] if len(c) > 5 else ''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('inputs', nargs='+', help='folders of plusprobe-*.tsv.gz and .tsv files of single-case verdicts')
    ap.add_argument('--out', default=OUT)
    args = ap.parse_args()
    cases = {}
    for path in args.inputs:
        for v, t, instr, verdict, msg in judged(path):
            key = (v, t, instr)
            if cases.get(key, ('',))[0] == 'crash':
                continue
            cases[key] = (verdict, msg)
    counts = {}
    rows = []
    for (v, t, instr), (verdict, msg) in sorted(cases.items()):
        if verdict == 'crash':
            verdict, msg = 'error', 'error: ptxas 13.0 crashed (%s)' % msg.replace('error: ', '')
        elif verdict == 'timeout':
            verdict, msg = 'error', ('error: ptxas 13.0 did not terminate (killed after %s; its memory grows'
                                     ' without bound)' % (msg.rsplit(' in ', 1)[-1] if ' in ' in msg else 'its timeout'))
        counts[verdict] = counts.get(verdict, 0) + 1
        rows.append('\t'.join((v, t, instr, verdict, msg)))
    head = ['# ptxas verdicts for family holdout-plusconst; generator: scripts/ptxas-diff/isa/plusconst_record.py (the'
            ' register-plus-constant probe, probe_vector_operands.py --plusconst, and plusconst-extra.tsv); crashes'
            ' and hangs recorded as error',
            '# %s; %d cases (%s)' % (datetime.date.today().isoformat(), len(rows),
                                     ', '.join('%s %d' % kv for kv in sorted(counts.items()))),
            '# columns: version<TAB>target<TAB>instruction<TAB>verdict(ok|error|fatal)<TAB>first message']
    data = ('\n'.join(head + rows) + '\n').encode()
    buf = io.BytesIO()
    with gzip.GzipFile(filename='', mode='wb', fileobj=buf, mtime=0) as g:
        g.write(data)
    with open(args.out, 'wb') as f:
        f.write(buf.getvalue())
    print('%d cases -> %s (%s)' % (len(rows), args.out, counts), file=sys.stderr)


if __name__ == '__main__':
    main()
