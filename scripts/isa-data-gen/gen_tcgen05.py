#!/usr/bin/env python3
"""Writes checker/src/main/resources/dev/ptxlint/isa/tcgen05.ptxisa (ISA data measured with ptxas 13.0; see the file's @evidence lines)."""
import os
ISA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'checker', 'src', 'main', 'resources', 'dev', 'ptxlint', 'isa')
out = []
def block(section, forms, enums=(), ops=(), since=None, evid=(), extra=()):
    s = f'@section {section}\n' + '\n'.join(forms) + '\n' + ''.join(e + '\n' for e in enums) + ''.join(o + '\n' for o in ops)
    s += ''.join(e + '\n' for e in extra)
    tm = [n for n in ['d-tmem', 'a-tmem', 'scale-A-tmem', 'scale-B-tmem', 'sp-meta-tmem'] if any('[' + n + ']' in f for f in forms)]
    if any(f.startswith('tcgen05.ld') or f.startswith('tcgen05.st') for f in forms): tm.append('taddr')
    if tm: s += '@operand ' + ' '.join(tm) + ' : addr .b32   # ptxas: the base must be a 32-bit register (see notation-requests.md)\n'
    if any('.sync' in f for f in forms): s += '@repeatable .sync\n'
    if since: s += f'@since {since}\n'
    s += ''.join(f'@evidence "{e}"\n' for e in evid)
    out.append(s)
FAM = '8.6 sm_100f|sm_110f|sm_101f'
CG = '.cta_group = { .cta_group::1, .cta_group::2 };'
out.append('''# tcgen05.ptxisa: the fifth-generation tensor core instructions (manual sections tcgen05.alloc/dealloc/
# relinquish_alloc_permit, tcgen05.commit, tcgen05.cp, tcgen05.fence, tcgen05.ld, tcgen05.st, tcgen05.wait,
# tcgen05.shift, tcgen05.mma, tcgen05.mma.sp, tcgen05.mma.ws, tcgen05.mma.ws.sp). Measured with ptxas 13.0.
# Targets: every form needs one of sm_100a, sm_100f, sm_103a, sm_110a|sm_101a, sm_110f|sm_101f ('Instruction 'tcgen05.alloc'
# not supported on .target 'sm_100'', also sm_110, sm_120a, sm_121a); some need an 'a' target or one family
# (noted per block). Everything needs .version 8.6 unless noted.
# Tensor-memory addresses ([taddr] of ld/st, [d-tmem], [a-tmem], [scale-*-tmem], [sp-meta-tmem] of mma) take a
# 32-bit register base with an optional offset: [%rd1], [16] and [var] are 'Arguments mismatch'; tcgen05.cp
# also takes [16], tcgen05.shift also [%rd1].
''')
block('tcgen05.alloc, tcgen05.dealloc, tcgen05.relinquish_alloc_permit', [
    'tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32  [dst], nCols;',
    'tcgen05.dealloc.cta_group.sync.aligned.b32  taddr, nColsD;',
    'tcgen05.relinquish_alloc_permit.cta_group.sync.aligned;'], [CG],
    ['@operand taddr : .b32 val', '@operand nCols : .u32 val range(32,512)   # ptxas: a constant must also be a power of 2', '@operand nColsD : val   # ptxas does not check dealloc constants (0 and 4294967296 accepted)'], FAM,
    ["ptxas 13.0: nCols is a 32-bit register or a power-of-2 constant in [32..512] ('value must be power of 2', 'value '1024' out of range'); taddr is a 32-bit register or a constant (.b64: 'Arguments mismatch'); .shared::cluster is 'State space incorrect'; .sync, .aligned and .cta_group are required"])
block('tcgen05.commit', [
    'tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}.b64  [mbar];',
    'tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}.multicast::cluster.b64  [mbar], ctaMask;'], [CG],
    ['@operand ctaMask : .u16 val'], FAM,
    ["ptxas 13.0: ctaMask is written exactly when .multicast::cluster is ('Arguments mismatch' either way), a 16-bit register or a constant (.b32: 'Arguments mismatch'); .shared::cta is 'State space incorrect'"])
block('tcgen05.cp', [
    'tcgen05.cp.cta_group.shape  [taddr], s-desc;',
    'tcgen05.cp.cta_group.shape.b8x16.src_fmt  [taddr], s-desc;'], [CG, '.shape = { .128x256b, .4x256b, .128x128b };', '.src_fmt = { .b6x16_p32, .b4x16_p64 };'],
    ['@operand s-desc : .u64 val'], FAM,
    ["ptxas 13.0: the manual's .dst_src_fmt values are two modifiers, .b8x16 then .b6x16_p32/.b4x16_p64, written together (either alone is refused); .128x256b/.4x256b/.128x128b take no multicast, .64x128b needs .warpx2::02_13 or .warpx2::01_23, .32x128b needs .warpx4; s-desc is a 64-bit register or constant (.b32: 'Arguments mismatch')"])
block('tcgen05.cp', [
    'tcgen05.cp.cta_group.64x128b.multicast  [taddr], s-desc;',
    'tcgen05.cp.cta_group.64x128b.multicast.b8x16.src_fmt  [taddr], s-desc;'], [CG, '.multicast = { .warpx2::02_13, .warpx2::01_23 };', '.src_fmt = { .b6x16_p32, .b4x16_p64 };'],
    ['@operand s-desc : .u64 val'], FAM)
block('tcgen05.cp', [
    'tcgen05.cp.cta_group.32x128b.warpx4  [taddr], s-desc;',
    'tcgen05.cp.cta_group.32x128b.warpx4.b8x16.src_fmt  [taddr], s-desc;'], [CG, '.src_fmt = { .b6x16_p32, .b4x16_p64 };'],
    ['@operand s-desc : .u64 val'], FAM)
block('tcgen05.fence', ['tcgen05.fence::before_thread_sync;', 'tcgen05.fence::after_thread_sync;'], since=FAM,
    evid=["ptxas 13.0: .sync/.aligned are 'Illegal modifier' here"])
block('tcgen05.wait', ['tcgen05.wait_operation.sync.aligned;'], ['.wait_operation = { .wait::ld, .wait::st };'], since=FAM)
block('tcgen05.shift', ['tcgen05.shift.cta_group.down  [taddr];'], [CG], since='8.6 sm_100a|sm_103a|sm_110a|sm_101a',
    evid=["ptxas 13.0: 'Instruction 'tcgen05.shift' not supported on .target 'sm_100f'' (and sm_110f|sm_101f): only the 'a' targets"])
# ---- ld / st
LDEV = ["ptxas 13.0: r is a vector of .num registers for .32x32b/.16x64b/.16x32bx2, 2 x .num for .16x128b (up to .x64) and 4 x .num for .16x256b (up to .x32) ('Argument vector size mismatch', 'Modifier .x128 not allowed ... with shape '.16x128b''); a single register must still be written {r} ('Vector expected'); immHalfSplitoff is a constant, written only with .16x32bx2; .pack::16b does not change the count"]
block('tcgen05.ld', [
    'tcgen05.ld.sync.aligned.shape1.num{.pack}.b32  r, [taddr];'], ['.shape1 = { .32x32b, .16x64b };', '.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };', '.pack = { .pack::16b };'],
    ['@operand r : reg .b32 vec(.num) sink'], FAM, LDEV)
block('tcgen05.ld', [
    'tcgen05.ld.sync.aligned.16x32bx2.num{.pack}.b32  r, [taddr], immHalfSplitoff;'], ['.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };', '.pack = { .pack::16b };'],
    ['@operand r : reg .b32 vec(.num) sink', '@operand immHalfSplitoff : imm .b32'], FAM)
for sh, mult, nums in [('16x128b', 2, [1, 2, 4, 8, 16, 32, 64]), ('16x256b', 4, [1, 2, 4, 8, 16, 32])]:
    for n in nums:
        block('tcgen05.ld', [f'tcgen05.ld.sync.aligned.{sh}.x{n}{{.pack}}.b32  r, [taddr];'], ['.pack = { .pack::16b };'],
            [f'@operand r : reg .b32 vec({mult * n}) sink'], FAM)
REDEV = ["ptxas 13.0: tcgen05.ld.red is accepted on sm_103a, sm_110a|sm_101a and sm_110f|sm_101f only ('Instruction 'tcgen05.ld.red' not supported on .target 'sm_100a''), from .version 8.8; shapes .32x32b and .16x32bx2 only ('Illegal matrix shape '.16x64b''), .x2 and up ('Illegal modifier '.x1''), .min/.max; redval is a register or a vector (a constant: 'Arguments mismatch')"]
RNUM = '.num = { .x2, .x4, .x8, .x16, .x32, .x64, .x128 };'
block('tcgen05.ld.red', [
    'tcgen05.ld.red.sync.aligned.32x32b.num.redOp{.abs}{.NaN}.f32  r, redval, [taddr];',
    'tcgen05.ld.red.sync.aligned.16x32bx2.num.redOp{.abs}{.NaN}.f32  r, redval, [taddr], immHalfSplitoff;'],
    [RNUM, '.redOp = { .min, .max };'], ['@operand r : reg vec(.num) sink', '@operand redval : any', '@operand immHalfSplitoff : imm .b32'], '8.8 sm_103f|sm_110f|sm_101f', REDEV)
block('tcgen05.ld.red', [
    'tcgen05.ld.red.sync.aligned.32x32b.num.redOp.type  r, redval, [taddr];',
    'tcgen05.ld.red.sync.aligned.16x32bx2.num.redOp.type  r, redval, [taddr], immHalfSplitoff;'],
    [RNUM, '.redOp = { .min, .max };', '.type = { .u32, .s32 };'], ['@operand r : reg vec(.num) sink', '@operand redval : any', '@operand immHalfSplitoff : imm .b32'], '8.8 sm_103f|sm_110f|sm_101f')
STEV = ["ptxas 13.0: same vector counts as tcgen05.ld; .pack::16b is 'Illegal modifier' on tcgen05.st"]
block('tcgen05.st', [
    'tcgen05.st.sync.aligned.shape1.num{.unpack}.b32  [taddr], r;'], ['.shape1 = { .32x32b, .16x64b };', '.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };', '.unpack = { .unpack::16b };'],
    ['@operand r : .b32 vec(.num)'], FAM, STEV)
block('tcgen05.st', [
    'tcgen05.st.sync.aligned.16x32bx2.num{.unpack}.b32  [taddr], immHalfSplitoff, r;'], ['.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };', '.unpack = { .unpack::16b };'],
    ['@operand r : .b32 vec(.num)', '@operand immHalfSplitoff : imm .b32'], FAM)
for sh, mult, nums in [('16x128b', 2, [1, 2, 4, 8, 16, 32, 64]), ('16x256b', 4, [1, 2, 4, 8, 16, 32])]:
    for n in nums:
        block('tcgen05.st', [f'tcgen05.st.sync.aligned.{sh}.x{n}{{.unpack}}.b32  [taddr], r;'], ['.unpack = { .unpack::16b };'],
            [f'@operand r : .b32 vec({mult * n})'], FAM)
# ---- mma
COL_A = '.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };'
COL_B = '.collector_usage = { .collector::b0::fill, .collector::b0::use, .collector::b0::lastuse, .collector::b0::discard, .collector::b1::fill, .collector::b1::use, .collector::b1::lastuse, .collector::b1::discard, .collector::b2::fill, .collector::b2::use, .collector::b2::lastuse, .collector::b2::discard, .collector::b3::fill, .collector::b3::use, .collector::b3::lastuse, .collector::b3::discard };'
COMMON = ['@operand a-desc b-desc : .u64 val', '@operand idesc : .u32 val', '@operand enable-input-d : .pred val neg']
MMAEV = ["ptxas 13.0: a-desc/b-desc are 64-bit registers or constants, idesc a 32-bit register or constant, enable-input-d a predicate (negation accepted) or a constant; disable-output-lane is four .b32 registers with .cta_group::1 and eight with .cta_group::2 ('Argument vector size mismatch'); scale-input-d is a constant in [0..15], only with .kind::f16/.kind::tf32 and only on sm_100a/sm_100f/sm_103a ('Feature 'argument scale-inp-d-imm' not supported on .target 'sm_110a|sm_101a''); .ashift needs [a-tmem] and is refused with block scaling and .ws; .collector::a::* takes every op with either A operand; .kind::i8 is accepted on sm_100a and sm_110a|sm_101a only"]
for sp in ['', '.sp']:
    SPM = ' [sp-meta-tmem],' if sp else ''
    for cg, lanes in [('cta_group::1', 4), ('cta_group::2', 8)]:
        M = f'tcgen05.mma{sp}.{cg}'
        def fset(mods, ascale, extra_since=''):
            f = []
            for a, am in [(' a-desc,', mods[0]), (' [a-tmem],', mods[1])]:
                base = f'{M}.kind{am}  [d-tmem],{a} b-desc,{SPM} idesc'
                f.append(f'{base}, enable-input-d;{extra_since}')
                f.append(f'{base}, disable-output-lane, enable-input-d;{extra_since}')
                if ascale:
                    f.append(f'{base}, enable-input-d, scale-input-d;   @since 8.6 sm_100f')
                    f.append(f'{base}, disable-output-lane, enable-input-d, scale-input-d;   @since 8.6 sm_100f')
            return f
        ops = COMMON + [f'@operand disable-output-lane : .b32 vec({lanes})']
        allf = fset(('{.collector_usage}', '{.ashift}{.collector_usage}'), True)
        block(f'tcgen05.mma{sp} (.kind::f16, .kind::tf32)', [f for f in allf if 'scale-input-d' not in f],
              ['.kind = { .kind::f16, .kind::tf32 };', COL_A], ops, FAM,
              MMAEV if (sp == '' and cg == 'cta_group::1') else ())
        block(f'tcgen05.mma{sp} (.kind::f16, .kind::tf32, scale-input-d)', [f.replace('   @since 8.6 sm_100f', '') for f in allf if 'scale-input-d' in f],
              ['.kind = { .kind::f16, .kind::tf32 };', COL_A], ops + ['@operand scale-input-d : imm .u32 range(0,15)'], '8.6 sm_100f')
        block(f'tcgen05.mma{sp} (.kind::f8f6f4)', fset(('{.collector_usage}', '{.ashift}{.collector_usage}'), False),
              ['.kind = { .kind::f8f6f4 };', COL_A], ops, FAM,
              ["ptxas 13.0: scale-input-d with .kind::f8f6f4 is 'Illegal modifier '.kind::f8f6f4''"] if (sp == '' and cg == 'cta_group::1') else ())
        fi = fset(('{.collector_usage}', '{.ashift}{.collector_usage}'), False)
        fi += [f'{M}.kind{am}  [d-tmem],{a} b-desc,{SPM} idesc, enable-input-d, scale-input-d;   @undocumented "ptxas 13.0 accepts a scale-input-d constant after enable-input-d with .kind::i8 on sm_100a/sm_110a|sm_101a"'
               for a, am in [(' a-desc,', '{.collector_usage}'), (' [a-tmem],', '{.ashift}{.collector_usage}')]] if sp == '' else []
        block(f'tcgen05.mma{sp} (.kind::i8)', fi, ['.kind = { .kind::i8 };', COL_A], ops + (['@operand scale-input-d : imm .u32 range(0,15)'] if sp == '' else []), '8.6 sm_100a|sm_110a|sm_101a',
              ["ptxas 13.0: 'Feature '.kind::i8' not supported on .target 'sm_100f'' (also sm_103a, sm_110f|sm_101f)"] if (sp == '' and cg == 'cta_group::1') else ())
    # block scaling (per cta_group makes no difference: no disable-output-lane)
    M = f'tcgen05.mma{sp}.cta_group'
    BS = lambda k: [f'{M}.{k}  [d-tmem], a-desc, b-desc,{SPM} idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d;',
                    f'{M}.{k}  [d-tmem], [a-tmem], b-desc,{SPM} idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d;']
    bev = ["ptxas 13.0: without a scale-vector size, .kind::mxf8f6f4 and .kind::mxf4 need .version 8.8 ('Feature '.block32' requires PTX ISA .version 8.8'); .kind::mxf4nvf4 requires a size ('requires modifier '.scale_vectorsize''); the .scale_vec::NX sizes are accepted on sm_100a/sm_103a/sm_110a|sm_101a only ('Feature '.scale_vec::1X' not supported on .target 'sm_100f''), .block16/.block32 from .version 8.8 on the families; valid pairs: mxf8f6f4 with 1X/block32, mxf4 with 2X/block32, mxf4nvf4 with 2X/4X/block16/block32 ('Modifier '.kind::mxf4' cannot be combined with modifier '.block16'')"]
    mxf4_t = FAM if sp == '' else '8.6 sm_100a|sm_103a|sm_110a|sm_101a'
    mxf4_t88 = '8.8 sm_100f|sm_110f|sm_101f' if sp == '' else '8.8 sm_100a|sm_103a|sm_110a|sm_101a'
    spev = ["ptxas 13.0: sparse .kind::mxf4/.kind::mxf4nvf4 are 'not supported on .target 'sm_100f'' (sm_100a/sm_103a/sm_110a|sm_101a only)"] if sp else []
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf8f6f4)', BS('kind::mxf8f6f4.block_scale{.collector_usage}'), [CG, COL_A], COMMON, '8.8 sm_100f|sm_110f|sm_101f', bev if sp == '' else ())
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf8f6f4)', BS('kind::mxf8f6f4.block_scale.scale_vec::1X{.collector_usage}'), [CG, COL_A], COMMON, '8.6 sm_100a|sm_103a|sm_110a|sm_101a')
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf8f6f4)', BS('kind::mxf8f6f4.block_scale.block32{.collector_usage}'), [CG, COL_A], COMMON, '8.8 sm_100f|sm_110f|sm_101f')
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf4)', BS('kind::mxf4.block_scale{.size}{.collector_usage}'), [CG, COL_A, '.size = { .block32 };'], COMMON, mxf4_t88, spev)
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf4)', BS('kind::mxf4.block_scale.scale_vec::2X{.collector_usage}'), [CG, COL_A], COMMON, '8.6 sm_100a|sm_103a|sm_110a|sm_101a')
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf4nvf4)', BS('kind::mxf4nvf4.block_scale.size{.collector_usage}'), [CG, COL_A, '.size = { .scale_vec::2X, .scale_vec::4X };'], COMMON, '8.6 sm_100a|sm_103a|sm_110a|sm_101a')
    block(f'tcgen05.mma{sp} (block scaling, .kind::mxf4nvf4)', BS('kind::mxf4nvf4.block_scale.size{.collector_usage}'), [CG, COL_A, '.size = { .block16, .block32 };'], COMMON, mxf4_t88)
# ---- ws
for sp in ['', '.sp']:
    SPM = ' [sp-meta-tmem],' if sp else ''
    M = f'tcgen05.mma.ws{sp}.cta_group::1'
    F = lambda: [f'{M}.kind{{.collector_usage}}  [d-tmem], a-desc, b-desc,{SPM} idesc, enable-input-d{{, zero-column-mask-desc}};',
                 f'{M}.kind{{.collector_usage}}  [d-tmem], [a-tmem], b-desc,{SPM} idesc, enable-input-d{{, zero-column-mask-desc}};']
    wev = ["ptxas 13.0: .ws takes only .cta_group::1 ('Illegal modifier '.cta_group::2''), the .collector::b0..b3 buffers ('.collector::a::fill' is illegal), no .ashift, no block scaling; zero-column-mask-desc is a 64-bit register or constant"] if sp == '' else []
    block(f'tcgen05.mma.ws{sp}', F(), ['.kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 };', COL_B], COMMON + ['@operand zero-column-mask-desc : .u64 val'], FAM, wev)
    block(f'tcgen05.mma.ws{sp} (.kind::i8)', F(), ['.kind = { .kind::i8 };', COL_B], COMMON + ['@operand zero-column-mask-desc : .u64 val'], '8.6 sm_100a|sm_110a|sm_101a')
open(os.path.join(ISA, 'tcgen05.ptxisa'), 'w').write(out[0] + '---\n'.join(out[1:]))
print(sum(o.count(';\n') for o in out))
