#!/usr/bin/env python3
"""The neighbourhood of task misses2's fixes (issue 12), crossed (family slots-misses2): each fixed rule's
dimensions (register types x targets x state spaces x modifiers) around the measured cases, so that the
rules are checked on cases they were not written from. Seeded: the same cases on every run.

  * cvt with a function's name (fv, fn) as the source: every float-from-float pair with and without
    rounding, .ftz, .sat, .relu/.satfinite, cvt.f16x2.f32/.bf16x2.f32's a and b, next to register and
    constant sources, on targets sm_10 ... sm_120a (ptxas 13.0 crashes on most: PTX0215 nofunc);
  * atom and red on a .local variable (crash of a generic atom with a result: PTX0289) against the
    other spaces, registers, '_' results, state-space modifiers, operations and types;
  * st.param / ld.param through a register and on .param variables of the body, before and after
    calls, by register type and target (PTX0289);
  * the tensor map of cp.async.bulk.tensor (loads into .shared::cta and .shared::cluster, tile and
    im2col, .multicast::cluster), its stores, prefetches and cp.reduce.async.bulk.tensor: every
    register type, variables of every state space, a function, a label, constants, on sm_90 ... sm_121a;
  * mma.sp .m16n8k128 (with and without ::ordered_metadata) metadata e: registers, predicates,
    vectors, constants, by type pair, .satfinite and target;
  * barrier/bar .sync/.arrive/.red with a register plus a constant, with and without .aligned, by target;
  * tex .v2.f16x2 and .v4 destinations with sink elements.

  python3 gen_misses2.py [--seed 20261129] > /tmp/misses2.tsv      # 1,333 cases
  python3 ../isa_run.py /tmp/misses2.tsv --batch 1 --jobs 2 --timeout 15 \\
      --out ../../../../testdata/ptxas/isa/slots-misses2.tsv.gz
(--batch 1: every case judged alone; batches recorded some of these crashes and refusals as accepted.)
"""
import argparse
import random

FAMILY = 'slots-misses2'
# a seeded sample of each part (each case is judged alone, about 1 s on the shared machine)
CAPS = {'cvt_cases': 320, 'atom_cases': 180, 'param_cases': 170, 'tensor_cases': 330, 'mmasp_cases': 160,
        'barrier_cases': 102, 'tex_cases': 83}

REGS = ['%b1', '%ub1', '%sb1', '%rs1', '%us1', '%ss1', '%h1', '%r1', '%u1', '%s1', '%f1', '%hh1',
        '%rd1', '%ud1', '%sd1', '%fd1', '%q1', '%p1']
DEST_OF = {'f16': '%h1', 'bf16': '%rs1', 'f32': '%f1', 'f64': '%fd1'}
SRC_OF = {'f16': '%h2', 'bf16': '%rs2', 'f32': '%f2', 'f64': '%fd2'}


def cvt_cases(rnd, out):
    pairs = [('f16', 'f16'), ('f16', 'f32'), ('f16', 'f64'), ('f32', 'f16'), ('f32', 'f32'), ('f32', 'f64'),
             ('f64', 'f16'), ('f64', 'f32'), ('f64', 'f64'), ('bf16', 'f32'), ('bf16', 'f16'), ('bf16', 'f64'),
             ('f32', 'bf16'), ('f16', 'bf16'), ('f64', 'bf16'), ('bf16', 'bf16')]
    targets = ['sm_10', 'sm_12', 'sm_13', 'sm_20', 'sm_30', 'sm_53', 'sm_75', 'sm_80', 'sm_90', 'sm_100a', 'sm_120a']
    mods = ['', '.rn', '.rz', '.rni', '.rzi', '.ftz', '.rn.ftz', '.sat', '.rn.sat', '.ftz.sat', '.rm.ftz.sat',
            '.rn.relu', '.rz.satfinite', '.rn.relu.satfinite']
    for d, a in pairs:
        for m in mods:
            for src in ('fv', 'fn', SRC_OF[a], 'fv', '0f3F800000'):
                t = rnd.choice(targets)
                out.add(('9.0', t, 'cvt%s.%s.%s %s, %s;' % (m, d, a, DEST_OF[d], src)))
    for t in targets[3:]:
        for ins in ('cvt.rn.f16x2.f32 %r1, fv, %f2;', 'cvt.rn.f16x2.f32 %r1, %f2, fv;', 'cvt.rn.relu.f16x2.f32 %r1, fn, %f2;',
                    'cvt.rz.satfinite.f16x2.f32 %r1, %f3, fn;', 'cvt.rn.bf16x2.f32 %r1, fv, %f2;', 'cvt.rn.bf16x2.f32 %r1, %f2, fv;',
                    'cvt.rn.f16x2.f32 %r1, %f3, %f2;', 'cvt.rn.f32.u32 %f1, fv;', 'cvt.rzi.s32.f32 %r1, fv;',
                    'cvt.u32.u64 %r1, fv;', 'cvt.rn.f32.f64 %f1, fv;', 'cvt.rn.ftz.f32.f64 %f1, fv;', 'cvt.f64.f32 %fd1, fn;',
                    'cvt.ftz.f64.f32 %fd1, fn;', 'cvt.rn.f32.f64 %f1, %fd2;'):
            out.add(('9.0', t, ins))
    for t in ('sm_13', 'sm_20'):
        for v in ('1.4', '2.0', '6.0'):
            out.add((v, t, 'cvt.rn.f32.f64 %f1, fv;'))


def atom_cases(rnd, out):
    ops = [('add', 'u32', '%r1', '%r2'), ('add', 'u64', '%rd1', '%rd2'), ('add', 'f32', '%f1', '%f2'), ('add', 's32', '%r1', '%r2'),
           ('max', 's32', '%r1', '%r2'), ('min', 'u64', '%rd1', '%rd2'), ('inc', 'u32', '%r1', '%r2'), ('dec', 'u32', '%r1', '%r2'),
           ('and', 'b32', '%r1', '%r2'), ('or', 'b64', '%rd1', '%rd2'), ('xor', 'b32', '%r1', '%r2'), ('exch', 'b32', '%r1', '%r2'),
           ('exch', 'b64', '%rd1', '%rd2'), ('add', 'f64', '%fd1', '%fd2'), ('add.noftz', 'f16', '%h1', '%h2'),
           ('add.noftz', 'bf16x2', '%r1', '%r2')]
    addrs = ['[l]', '[l+8]', '[l+-4]', '[s]', '[g+4]', '[%rd5]', '[pb+8]', '[c]', '[s64]']
    prefixes = ['', '', '.relaxed.gpu', '.acq_rel.sys', '.global', '.shared', '.shared::cta']
    targets = ['sm_20', 'sm_60', 'sm_70', 'sm_80', 'sm_90', 'sm_100a', 'sm_120a']
    for op, ty, d, b in ops:
        for a in addrs:
            for k in range(3):
                pre = rnd.choice(prefixes) if k else ''
                t = rnd.choice(targets)
                dest = d if k != 2 else '_'
                out.add(('9.0', t, 'atom%s.%s.%s %s, %s, %s;' % (pre, op, ty, dest, a, b)))
                if k == 0:
                    out.add(('9.0', t, 'red%s.%s.%s %s, %s;' % (pre, op, ty, a, b)))
    for t in targets:
        out.add(('9.0', t, 'atom.cas.b32 %r1, [l], %r2, %r3;'))
        out.add(('9.0', t, 'atom.cas.b64 _, [l+8], %rd2, %rd3;'))
        out.add(('9.0', t, '@%p1 atom.add.u32 %r1, [l], %r2;'))
        out.add(('9.0', t, 'atom.cas.b16 %rs1, [l], %rs2, %rs3;'))


def param_cases(rnd, out):
    targets = ['sm_20', 'sm_30', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100a', 'sm_110', 'sm_120a', 'sm_121']
    addr_regs = ['%rd7', '%ud7', '%sd7', '%r7', '%u7', '%s7', '%rs7', '%b7', '%f7', '%fd7', '%p1']
    stores = ['st.param.b32 [%s], %%r1;', 'st.param.u64 [%s], %%rd1;', 'st.param.b8 [%s], %%rs1;', 'st.param.v2.b32 [%s], {%%r1, %%r2};',
              'st.param::func.b32 [%s], %%r1;', 'st.param.f32 [%s+4], %%f1;', 'st.param.b32 [%s], 7;', 'st.param.b128 [%s], %%q1;']
    for t in targets:
        for r in addr_regs:
            out.add(('9.0', t, rnd.choice(stores) % r))
        out.add(('9.0', t, 'ld.param.b32 %%r1, [%s];' % rnd.choice(addr_regs)))
    loads = ['ld.param.b32 %r1, [X];', 'ld.param.u64 %rd1, [X];', 'ld.param.b8 %rs1, [X];', 'ld.param.v2.b16 {%rs1, %rs2}, [X];',
             'ld.param::func.b32 %r1, [X];', 'ld.param::entry.u32 %r1, [X];', 'ld.param.f32 %f1, [X+4];', 'ld.param.s16 %rs1, [X+2];']
    seqs = ['L', 'st.param.b32 [X], %r5; L', 'call (X), fn, (Y); L', 'call (Y), fn, (X); L', 'L call (X), fn, (Y);',
            'call fv; L', 'st.param.b32 [Y], %r5; call (X), fn, (Y); L', '@%p1 bra L_after; call (X), fn, (Y); L']
    for t in targets:
        for s in seqs:
            x, y = rnd.choice([('cpa', 'cpb'), ('cpb', 'cpa')])
            ld = rnd.choice(loads).replace('X', x)
            out.add(('9.0', t, s.replace('L', ld).replace('X', x).replace('Y', y)))
        out.add(('9.0', t, rnd.choice(loads).replace('X', rnd.choice(['pa', 'pb+8', 'pb']))))
        out.add(('9.0', t, rnd.choice(loads).replace('X', rnd.choice(['s', 'g', 'l']))))


def tensor_cases(rnd, out):
    forms = [
        ('cp.async.bulk.tensor.1d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%r7], [TM, {%r2}], [%r3];', 'load'),
        ('cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes.L2::cache_hint [%r7], [TM, {%r2, %r3}], [%r3], %rd5;', 'load'),
        ('cp.async.bulk.tensor.3d.shared::cta.global.im2col.mbarrier::complete_tx::bytes [%r7], [TM, {%r2, %r3, %r4}], [%r3], {%rs1};', 'load'),
        ('cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r7], [TM, {%r2}], [%r3];', 'cluster'),
        ('cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%r7], [TM, {%r2, %r3}], [%r3], %rd5;', 'cluster'),
        ('cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r7], [TM, {%r2, %r3, %r4, %r5}], [%r3], %rs2;', 'cluster'),
        ('cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r7], [TM, {%r2, %r3, %r4}], [%r3], {%rs1};', 'cluster'),
        ('cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster [%r7], [TM, {%r2, %r3, %r4, %r5}], [%r3], {%rs1, %rs2}, %rs3;', 'cluster'),
        ('cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [TM, {%r2}], [%r3];', 'store'),
        ('cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [TM, {%r2, %r3, %r4}], [%r3];', 'store'),
        ('cp.async.bulk.prefetch.tensor.2d.L2.global.tile [TM, {%r2, %r3}];', 'store'),
        ('cp.async.bulk.prefetch.tensor.3d.L2.global.im2col [TM, {%r2, %r3, %r4}], {%rs1};', 'store'),
        ('cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [TM, {%r2}], [%r3];', 'reduce'),
        ('cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.bulk_group.L2::cache_hint [TM, {%r2, %r3}], [%r3], %rd5;', 'reduce'),
    ]
    others = ['g', 'g64', 's', 's64', 'c', 'l', 'pa', 'pb', 'cpa', 'fv', 'L_after', '1', '_', '%tid.x']
    targets = ['sm_90', 'sm_90a', 'sm_100a', 'sm_110a', 'sm_120', 'sm_120a', 'sm_121a']
    for f, kind in forms:
        for t in targets:
            vals = [r for r in REGS if r != '%p1']
            picks = rnd.sample(vals, 6) + ['%rd1', '%r1'] + rnd.sample(others, 4)
            if kind == 'store' or kind == 'cluster' and t.startswith('sm_12'):
                picks.append('%p1')   # refused at once there; the other loads hang on it
            for tm in picks:
                out.add(('9.0', t, f.replace('TM', tm)))


def mmasp_cases(rnd, out):
    targets = ['sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100a', 'sm_103a', 'sm_110a', 'sm_120', 'sm_120a', 'sm_121a']
    es = ['%r9', '%u9', '%s9', '%f9', '%hh9', '%p1', '!%p1', '{%r9}', '{%r9, %r10}', '{%r9, %r10, %r11, %r12}', '{%p1}',
          '0f00000000', '0', '%rd9', '%rs9']
    for name in ('mma.sp', 'mma.sp::ordered_metadata'):
        for sat in ('', '.satfinite'):
            for a, b in (('s4', 's4'), ('u4', 's4'), ('s4', 'u4'), ('u4', 'u4')):
                for t in rnd.sample(targets, 5):
                    for e in rnd.sample(es, 4):
                        out.add(('9.0', t, '%s.sync.aligned.m16n8k128.row.col%s.s32.%s.%s.s32 {%%s16, %%s17, %%s18, %%s19}, '
                                 '{%%r24, %%r25, %%r26, %%r27}, {%%r32, %%r33, %%r34, %%r35}, {%%s40, %%s41, %%s42, %%s43}, %s, 0;'
                                 % (name, sat, a, b, e)))


def barrier_cases(rnd, out):
    forms = ['barrier.sync A;', 'barrier.sync A, B;', 'barrier.cta.sync A, B;', 'barrier.arrive A, B;', 'barrier.cta.arrive A, B;',
             'bar.sync A;', 'bar.sync A, B;', 'bar.arrive A, B;', 'bar.cta.arrive A, B;', 'barrier.red.popc.u32 %r9, A, B, %p2;',
             'bar.red.and.pred %p3, A, B, %p2;']
    targets = ['sm_30', 'sm_50', 'sm_70', 'sm_75', 'sm_80', 'sm_89', 'sm_90', 'sm_100a', 'sm_120a']
    regs = ['%r', '%u', '%s']
    for f in forms:
        for aligned in ('', '.aligned'):
            if aligned and not f.startswith('barrier'):
                continue
            name, rest = f.split(' ', 1)
            name = name + aligned
            for t in rnd.sample(targets, 6):
                r = rnd.choice(regs)
                a, b = rnd.choice([('%s2+1' % r, '%s3' % r), ('%s2' % r, '%s3+32' % r), ('%s2' % r, '%s3' % r), ('1', '%s3+1' % r)])
                v = '7.8' if t == 'sm_30' else '9.0'
                out.add((v, t, name + ' ' + rest.replace('A', a).replace('B', b)))


def tex_cases(rnd, out):
    dests2 = ['{_, %r1}', '{%r1, _}', '{%r1, %r2}', '{_, _}', '{_, %hh1}']
    dests4 = ['{_, %f2, %f3, %f4}', '{%f1, %f2, %f3, _}', '{%f1, %f2, %f3, %f4}']
    for t in ('sm_60', 'sm_75', 'sm_90', 'sm_100a', 'sm_120a'):
        for d in dests2:
            for ins in ('tex.2d.v2.f16x2.f32 D, [tex, {%f5, %f6}];', 'tex.1d.v2.f16x2.s32 D, [tex, {%s5}];',
                        'tex.level.2d.v2.f16x2.f32 D, [tex, {%f5, %f6}], %f7;', 'tex.2d.v2.f16x2.f32 D|%p1, [tex, {%f5, %f6}];'):
                if rnd.random() < 0.6:
                    out.add(('9.0', t, ins.replace('D', d)))
        for d in dests4:
            out.add(('9.0', t, 'tex.2d.v4.f32.f32 %s, [tex, {%%f5, %%f6}];' % d))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=20261129)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    out = set()
    for gen in (cvt_cases, atom_cases, param_cases, tensor_cases, mmasp_cases, barrier_cases, tex_cases):
        part = set()
        gen(rnd, part)
        cap = CAPS.get(gen.__name__, len(part))
        out |= set(rnd.sample(sorted(part), min(cap, len(part))))
    for c in sorted(out):
        print(FAMILY + '\t' + '\t'.join(c))


if __name__ == '__main__':
    main()
