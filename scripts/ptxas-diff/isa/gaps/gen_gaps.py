#!/usr/bin/env python3
"""The probes of task gaps (issue 12, docs/ptxas-behaviour.md section 32): family slots-gaps, one case per
line (family, version, target, instruction) on stdout, sorted. Each probe varies one thing over its
dimension: a '_' element in tex/tld4 destination vectors (.v2.f16x2 vs .v4, every position, |p, targets),
vmad's operand negations (every combination, types, .sat/.scale/.po, selectors, constants), '.unified'
after every address kind and state space of ld/ldu/ld.global.nc/atom/red/st/multimem/prefetch/...,
a function's name in the sources of match.sync/shfl.sync/redux.sync/vote.sync/bar.warp.sync below and
from sm_90, a register of every type plus a constant in only(...) operands (createpolicy.cvt, cache
policies, mbarrier state, st.bulk's size, tex's lone offset/depth compare), and 8/16-bit address
registers of prefetch/prefetchu/applypriority and others from sm_100 on.
Recorded with: gen_gaps.py > CASES.tsv; isa_run.py CASES.tsv --out testdata/ptxas/isa/slots-gaps.tsv.gz
--batch 1 --jobs 2 --timeout 30 (2026-11-29: 2,946 cases, every case alone)."""
import itertools

OUT = set()


def add(version, target, instruction):
    OUT.add((version, target, instruction))

def tex_sinks():
    bases = [
        ('tex.1d.v2.f16x2.s32', '[tex, {%s5}]', 2, ['%r', '%hh']),
        ('tex.2d.v2.f16x2.f32', '[tex, {%f5, %f6}]', 2, ['%r', '%hh']),
        ('tex.3d.v2.f16x2.f32', '[tex, {%f5, %f6, %f7, %f8}]', 2, ['%r']),
        ('tex.a2d.v2.f16x2.f32', '[tex, {%s5, %f6, %f7, %f8}]', 2, ['%r']),
        ('tex.cube.v2.f16x2.f32', '[tex, {%f5, %f6, %f7, %f8}]', 2, ['%r']),
        ('tex.2dms.v2.f16x2.s32', '[tex, {%s5, %s6, %s7, %s8}]', 2, ['%r']),
        ('tex.level.2d.v2.f16x2.f32', '[tex, {%f5, %f6}], %f7', 2, ['%r', '%hh']),
        ('tex.grad.2d.v2.f16x2.f32', '[tex, {%f5, %f6}], {%f7, %f8}, {%f9, %f10}', 2, ['%r', '%hh']),
        ('tex.2d.v2.f16x2.f32', '[%rd3, {%f5, %f6}]', 2, ['%r']),
        ('tex.2d.v2.f16x2.f32', '[tex, {%f5, %f6}], {%s1, %s2}', 2, ['%r']),
        ('tex.2d.v4.f16.f32', '[tex, {%f5, %f6}]', 4, ['%h']),
        ('tex.level.2d.v4.f16.f32', '[tex, {%f5, %f6}], %f7', 4, ['%h']),
        ('tex.2d.v4.f32.f32', '[tex, {%f5, %f6}]', 4, ['%f']),
        ('tex.2d.v4.u32.f32', '[tex, {%f5, %f6}]', 4, ['%r']),
        ('tex.2d.v4.s32.s32', '[tex, {%s5, %s6}]', 4, ['%s']),
        ('tex.level.2d.v4.f32.f32', '[tex, {%f5, %f6}], %f7', 4, ['%f']),
        ('tex.grad.2d.v4.f32.f32', '[tex, {%f5, %f6}], {%f7, %f8}, {%f9, %f10}', 4, ['%f']),
        ('tld4.r.2d.v4.f32.f32', '[tex, {%f5, %f6}]', 4, ['%f']),
        ('tld4.g.2d.v4.u32.f32', '[tex, {%f5, %f6}]', 4, ['%r']),
    ]
    for op, rest, n, regs in bases:
        for reg in regs:
            for pos in range(n):
                els = [reg + str(i + 1) for i in range(n)]
                els[pos] = '_'
                d = '{' + ', '.join(els) + '}'
                for pr in ('', '|%p1'):
                    for t in ('sm_60', 'sm_90', 'sm_120a'):
                        add('9.0', t, '%s %s%s, %s;' % (op, d, pr, rest))
            els = [reg + str(i + 1) for i in range(n)]
            add('9.0', 'sm_90', '%s {%s}, %s;' % (op, ', '.join(els), rest))
            if n == 4:
                els[1] = els[2] = '_'
                add('9.0', 'sm_90', '%s {%s}, %s;' % (op, ', '.join(els), rest))


def vmad_negation():
    reg = {'.u32': '%u', '.s32': '%s'}
    for d, a, b in [('.u32', '.u32', '.u32'), ('.s32', '.s32', '.u32'), ('.u32', '.u32', '.s32'), ('.s32', '.s32', '.s32')]:
        for mods in ('', '.sat', '.shr15', '.sat.shr7'):
            for neg in itertools.product((0, 1), repeat=3):
                for aform in ('reg', 'sel', 'const'):
                    ops = [{'reg': reg[a] + '5', 'sel': reg[a] + '5.h1', 'const': '7'}[aform], reg[b] + '6', '%u7']
                    ops = [('-' + x if n else x) for x, n in zip(ops, neg)]
                    add('9.0', 'sm_90', 'vmad%s%s%s%s %s4, %s;' % (d, a, b, mods, reg[d], ', '.join(ops)))
    for neg in itertools.product((0, 1), repeat=3):
        ops = [('-' + x if n else x) for x, n in zip(['%u5', '%u6', '%u7'], neg)]
        add('9.0', 'sm_90', 'vmad.u32.u32.u32.po %u4, ' + ', '.join(ops) + ';')
        add('9.0', 'sm_50', 'vmad.u32.u32.u32 %u4, ' + ', '.join(ops) + ';')
        add('9.0', 'sm_120a', 'vmad.s32.s32.s32 %s4, ' + ', '.join(ops).replace('%u', '%s') + ';')


UNIFIED = """9.0 sm_90 ldu.u32 %u4, [%rd1].unified;
9.0 sm_90 ldu.global.v2.u32 {%u4, %u5}, [%rd1+8].unified;
9.0 sm_90 ldu.global.v4.u32 {%u4, %u5, %u6, %u7}, [g].unified;
9.0 sm_90 ldu.u32 %u4, [g].unified;
9.0 sm_90 st.global.u32 [%rd1].unified, %u4;
9.0 sm_90 st.u32 [%rd1].unified, %u4;
9.0 sm_90 ld.global.nc.v2.u32 {%u4, %u5}, [%rd1].unified;
9.0 sm_90 ld.v4.u32 {%u4, %u5, %u6, %u7}, [%rd1].unified;
9.0 sm_90 ld.shared::cta.u32 %u4, [%rd1].unified;
9.0 sm_90 atom.global.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 atom.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 atom.shared.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 atom.global.add.u32 %u4, [g].unified, 1;
9.0 sm_90 atom.global.cas.b32 %r4, [%rd1+8].unified, %r5, %r6;
9.0 sm_90 atom.global.add.L2::cache_hint.u32 %u4, [%rd1].unified, 1, %rd5;
9.0 sm_90 red.global.add.u32 [%rd1].unified, 1;
9.0 sm_90 red.add.u32 [%rd1].unified, 1;
9.0 sm_90 red.shared.add.u32 [%rd1].unified, 1;
9.0 sm_90 red.global.add.u32 [g].unified, 1;
9.0 sm_90 prefetch.global.L2 [%rd1].unified;
9.0 sm_90 prefetch.L1 [%rd1].unified;
9.0 sm_90 prefetchu.L1 [%rd1].unified;
9.0 sm_90 applypriority.global.L2::evict_normal [%rd1].unified, 128;
9.0 sm_90 discard.global.L2 [%rd1].unified, 128;
9.0 sm_90 cp.async.ca.shared.global [%rd2], [%rd1].unified, 4;
9.0 sm_90 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%rd2], [%rd1].unified, %u4, [%rd3];
9.0 sm_90 mbarrier.arrive.shared.b64 %rd4, [%rd1].unified;
9.0 sm_90 ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r4}, [%rd1].unified;
9.0 sm_90 ld.global.nc.L1::no_allocate.u32 %u4, [%rd1].unified;
9.0 sm_90 ld.param.u32 %u4, [%rd1].unified;
9.0 sm_90 ld.global.v8.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1].unified;
9.0 sm_100a ld.global.v8.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1].unified;
9.0 sm_90 multimem.ld_reduce.relaxed.sys.global.add.u32 %u4, [%rd1].unified;
9.0 sm_90 st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%rd1].unified, %u4, [%rd2];
9.0 sm_90 cvta.global.u64 %rd4, %rd1;
9.0 sm_90 atom.global.v2.f32.add %f1, [%rd1].unified, {%f2, %f3};
9.0 sm_90 atom.relaxed.gpu.global.exch.b64 %rd4, [%rd1].unified, %rd5;
9.0 sm_60 atom.global.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 atom.local.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 multimem.st.relaxed.sys.global.u32 [%rd1].unified, %u4;
9.0 sm_90 multimem.red.relaxed.sys.global.add.u32 [%rd1].unified, %u4;
9.0 sm_90 multimem.ld_reduce.relaxed.sys.add.u32 %u4, [%rd1].unified;
9.0 sm_90 multimem.ld_reduce.relaxed.sys.global.add.u32 %u4, [g].unified;
9.0 sm_90 multimem.ld_reduce.weak.global.min.u32 %u4, [%rd1+8].unified;
9.0 sm_90 atom.global.v2.f32.add {%f1, %f2}, [%rd1].unified, {%f3, %f4};
9.0 sm_90 atom.global.cas.b32 %r4, [%rd1].unified, %r5, %r6;
9.0 sm_90 atom.exch.b128 %q1, [%rd1].unified, %q2;
9.0 sm_90 atom.shared::cluster.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 atom.shared::cta.add.u32 %u4, [%rd1].unified, 1;
9.0 sm_90 atom.global.add.u32 %u4, [g64].unified, 1;
9.0 sm_90 atom.add.u32 %u4, [s].unified, 1;
9.0 sm_90 atom.global.add.noftz.f16 %h1, [%rd1].unified, %h2;
9.0 sm_90 atom.and.b32 %r4, [%rd1].unified, %r5, %r6;"""


def unified():
    addrs = ['%rd1', '%rd1+8', 'g', 'g+8', 'g64', 's', 'l', 'c', 'pa', '%ud1', '%r1', '1024']
    for ss in ('', '.global', '.shared', '.local', '.const', '.param', '.weak.global', '.relaxed.gpu.global', '.volatile'):
        for a in addrs:
            add('9.0', 'sm_90', 'ld%s.u32 %%u4, [%s].unified;' % (ss, a))
    for a in addrs:
        add('9.0', 'sm_90', 'ld.L2::cache_hint.u32 %%u4, [%s].unified, %%rd5;' % a)
        add('9.0', 'sm_90', 'ld.global.L1::evict_last.v2.u32 {%%u4, %%u5}, [%s].unified;' % a)
        add('9.0', 'sm_70', 'ld.u32 %%u4, [%s].unified;' % a)
        add('9.0', 'sm_120a', 'ld.u32 %%u4, [%s].unified;' % a)
        add('9.0', 'sm_90', 'ld.global.nc.u32 %%u4, [%s].unified;' % a)
        add('9.0', 'sm_90', 'ldu.global.u32 %%u4, [%s].unified;' % a)
        add('7.0', 'sm_60', 'ld.u32 %%u4, [%s].unified;' % a)
    for line in UNIFIED.split('\n'):
        v, t, i = line.split(' ', 2)
        add(v, t, i)


def function_arguments():
    forms = [('match.any.sync.b32', ['%r1', '%r2', '%r3']), ('match.all.sync.b32', ['%r1|%p1', '%r2', '%r3']),
             ('match.any.sync.b64', ['%r1', '%rd2', '%r3']), ('shfl.sync.idx.b32', ['%r1|%p1', '%r2', '%r3', '31', '%r5']),
             ('redux.sync.add.u32', ['%r1', '%r2', '%r3']), ('redux.sync.min.s32', ['%r1', '%r2', '%r3']),
             ('vote.sync.any.pred', ['%p1', '%p2', '%r3']), ('vote.sync.ballot.b32', ['%r1', '%p2', '%r3']),
             ('bar.warp.sync', ['%r3']), ('activemask.b32', ['%r1'])]
    for op, ops in forms:
        for i in range(len(ops)):
            if i == 0 and op != 'bar.warp.sync' or ops[i].startswith('%p'):
                continue
            for n in ['fv', 'fn', 'g', 's', 'c', 'l', 'pa', 'cpa']:
                o = list(ops)
                o[i] = n
                for t in ('sm_75', 'sm_89', 'sm_90', 'sm_100a'):
                    add('9.0', t, '%s %s;' % (op, ', '.join(o)))


def only_sums():
    regs = ['%fd3', '%f3', '%rd3', '%ud3', '%sd3', '%r3', '%u3', '%h3', '%hh3', '%rs3', '%p3', '%q3', '%b3']
    for r in regs:
        for s in ('', '+1', '+0', '-1'):
            for t in ('sm_80', 'sm_90', 'sm_100a'):
                add('9.0', t, 'createpolicy.cvt.L2.b64 %%rd2, %s%s;' % (r, s))
    regs = ['%b9', '%ub9', '%sb9', '%rs9', '%us9', '%ss9', '%h9', '%r9', '%u9', '%s9', '%f9', '%hh9', '%rd9', '%ud9',
            '%sd9', '%fd9', '%q9', '%p9']
    insns = [('9.0', 'sm_90', 'ld.global.L2::cache_hint.u32 %u2, [%rd3], X;'),
             ('9.0', 'sm_90', 'atom.global.add.L2::cache_hint.u32 %u2, [g], %u4, X;'),
             ('9.0', 'sm_90', 'cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd2], %u3, X;'),
             ('9.0', 'sm_90', 'mbarrier.test_wait.shared.b64 %p1, [%rd3], X;'),
             ('9.0', 'sm_90', 'createpolicy.cvt.L2.b64 %rd2, X;'),
             ('9.0', 'sm_100', 'st.bulk [%rd2], X, 0;'), ('8.6', 'sm_100', 'st.bulk [%rd2], X, 0;'),
             ('9.0', 'sm_90', 'tex.2d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [tex, {%s5, %s6}], X;'),
             ('9.0', 'sm_90', 'tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex, {%f5, %f6}], X;')]
    for v, t, i in insns:
        for r in regs:
            for s in ('', '+1'):
                add(v, t, i.replace('X', r + s))


def narrow_addresses():
    regs = ['%b7', '%ub7', '%sb7', '%rs7', '%us7', '%ss7', '%h7', '%r7', '%u7', '%s7', '%rd7']
    ops = ['prefetch.global.L2', 'prefetch.global.L1', 'prefetch.global.L2::evict_last', 'prefetch.global.L2::evict_normal',
           'prefetch.L2', 'prefetch.local.L1', 'prefetchu.L1', 'prefetch.tensormap', 'prefetch.global.tensormap']
    for op in ops:
        for r in regs:
            for s in ('', '+8'):
                for t in ('sm_75', 'sm_90', 'sm_100a', 'sm_120a'):
                    add('9.0', t, '%s [%s%s];' % (op, r, s))
    for t in ['sm_90a', 'sm_100', 'sm_100a', 'sm_100f', 'sm_101a', 'sm_103a', 'sm_110', 'sm_110a', 'sm_120', 'sm_120a', 'sm_121a']:
        add('9.0', t, 'prefetch.global.L2 [%b7];')
        add('9.0', t, 'prefetch.L1 [%rs7+8];')
    for i in ['ld.global.u32 %u1, [%b7];', 'ld.u32 %u1, [%rs7];', 'st.global.u32 [%b7], %u1;', 'st.u32 [%rs7+8], %u1;',
              'atom.global.add.u32 %u1, [%b7], 1;', 'red.global.add.u32 [%rs7], 1;', 'ld.global.nc.u32 %u1, [%b7];',
              'ldu.global.u32 %u1, [%b7];', 'cvta.to.global.u64 %rd1, %rd2;', 'prefetchu.L1 [%ub7];',
              'applypriority.global.L2::evict_normal [%b7], 128;', 'discard.global.L2 [%b7], 128;',
              'cp.async.ca.shared.global [s], [%b7], 4;', 'ld.local.u32 %u1, [%b7];', 'ld.shared.u32 %u1, [%b7];',
              'prefetch.local.L1 [%b7];']:
        for t in ('sm_90', 'sm_100a', 'sm_120a'):
            add('9.0', t, i)


def main():
    tex_sinks()
    vmad_negation()
    unified()
    function_arguments()
    only_sums()
    narrow_addresses()
    for c in sorted(OUT):
        print('slots-gaps\t' + '\t'.join(c))


if __name__ == '__main__':
    main()
