"""Writes checker/src/main/resources/dev/ptxlint/isa/ld.ptxisa and st.ptxisa.

The manual writes ld/st with one `{.vec}.type`; ptxas 13.0 limits a vector to 128 bits (256 bits only on
sm_100+ with .global/generic addressing), requires the cache-policy operand exactly when .L2::cache_hint is
written, and needs 8.4 for .b128 with scope .sys. The data says all of that by writing every modifier
prefix once per vector shape and per cache-hint choice, which is long and regular: edit this script and
run it (python3 scripts/isa-data/gen_ldst.py from the repository root) instead of editing the two files.
NOTE (2026-11-29): both files have been edited by hand since (ebb4c55 and later: st.async's operands,
address spaces, vector-of-one and type-class splits), so this script no longer reproduces them; do not
run it over them. It stays as the record of how the regular part was first written.
Every statement here was measured with ptxas 13.0 (the evidence lines quote it).
"""
import os
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'checker', 'src', 'main', 'resources', 'dev', 'ptxlint', 'isa') + os.sep
TYPES = """.type  = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };
.type2 = .typen = { .b8, .b16, .b32, .b64, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };
.type4 = { .b8, .b16, .b32, .u8, .u16, .u32, .s8, .s16, .s32, .f32 };
.type8 = { .b8, .b16, .u8, .u16, .s8, .s16 };"""
WIDE = """.wide4 = { .b64, .u64, .s64, .f64 };     # 256-bit vectors
.wide8 = { .b32, .u32, .s32, .f32 };"""
V8NOTE = '@undocumented "ptxas 13.0 accepts .v8 of 8- and 16-bit types (128 bits in all) on every target, then crashes (signal 11) generating code for it"'

def hint_split(prefix, tail):
    """a cache-policy operand is written exactly when .level::cache_hint is (ptxas: Arguments mismatch otherwise)"""
    if '{.level::cache_hint}' not in prefix:
        return [(prefix, tail)]
    return [(prefix.replace('{.level::cache_hint}', ''), tail.replace('{, cache-policy}', '')),
            (prefix.replace('{.level::cache_hint}', '.level::cache_hint'), tail.replace('{, cache-policy}', ', cache-policy'))]

def shapes(op, prefix, addr, tail, load, sname, scalar_only=False):
    return [l for p, t in hint_split(prefix, tail) for l in shapes1(op, p, addr, t, load, sname, scalar_only)]

def wide(op, prefix, addr, tail, load):
    return [l for p, t in hint_split(prefix, tail) for l in wide1(op, p, addr, t, load)]

SYS128 = '@since 8.4 sm_70'
def shapes1(op, prefix, addr, tail, load, sname, scalar_only=False):
    sh = [('.type', sname, ''), ('.v2.type2', '{x0, x1}', ''), ('.v4.type4', '{y0, y1, y2, y3}', ''),
          ('.v8.type8', '{z0, z1, z2, z3, z4, z5, z6, z7}', V8NOTE)]
    if scalar_only: sh = sh[:1]
    out = []
    def ln(p, mods, vec, note):
        ops = f'{vec}, {addr}' if load else f'{addr}, {vec}'
        return f'{op}{p}{mods}  {ops}{tail};' + (f'   {note}' if note else '')
    for mods, vec, note in sh:
        if mods == '.type' and ('.scope' in prefix or '.sys' in prefix):
            # .b128 with scope .sys needs 8.4 (ptxas: Feature '.b128 with .sys' requires PTX ISA .version 8.4)
            out.append(ln(prefix, '.typen', 'n', note))
            if '.scope' in prefix:
                out.append(ln(prefix.replace('.scope', '.scope3'), '.b128', 'q', note))
                out.append(ln(prefix.replace('.scope', '.sys'), '.b128', 'q', SYS128))
            else:
                out.append(ln(prefix, '.b128', 'q', SYS128))
        else:
            out.append(ln(prefix, mods, vec, note))
    return out

def wide1(op, prefix, addr, tail, load):
    out = []
    for mods, vec in [('.v4.wide4', '{w0, w1, w2, w3}'), ('.v8.wide8', '{u0, u1, u2, u3, u4, u5, u6, u7}')]:
        ops = f'{vec}, {addr}' if load else f'{addr}, {vec}'
        out.append(f'{op}{prefix}{mods}  {ops}{tail};   @since 8.8 sm_100')
    return out

def operands(load, sname, wide=False, policy=False, sem=False):
    k = 'reg' if load else 'val'
    s = ' sink' if load else ''
    l = [f'@operand {sname} : {k} .type relaxed'] + ([f'@operand n : {k} .typen relaxed', f'@operand q : {k} .b128 relaxed'] if sem else []) + [f'@operand x0 : {k} .type2 relaxed{s}',
         f'@operand y0 : {k} .type4 relaxed{s}', f'@operand z0 : {k} .type8 relaxed{s}']
    if wide:
        l += [f'@operand w0 : {k} .wide4 relaxed{s}', f'@operand u0 : {k} .wide8 relaxed{s}']
    if policy:
        l.append('@operand cache-policy : .u64 val typed nofunc' if not load else '@operand cache-policy : .u64')
    return '\n'.join(l)

SINCE_SS = """@since .shared::cta = 7.8 -
@since .shared::cluster = 7.8 sm_90
@since .param::entry .param::func = 8.3 -"""
SINCE_SEM = """@since .weak .relaxed .acquire .release = 6.0 sm_70
@since .volatile = 1.1 -
@since .cluster = 7.8 sm_90
@since .b128 = 8.3 sm_70"""
SINCE_CACHE = """@since .L1::evict_normal .L1::evict_unchanged .L1::evict_first .L1::evict_last .L1::no_allocate = 7.4 sm_70
@since .L2::cache_hint = 7.4 sm_80"""
SINCE_PF = """@since .L2::64B .L2::128B = 7.4 sm_75
@since .L2::256B = 7.4 sm_80"""

def J(*parts):
    return '\n'.join(p for p in parts if p is not None)

def ld():
    A = '[a]'; AU = '[a]{.unified}'; P = '{, cache-policy}'
    b = []
    b.append(J(
        '# ld.ptxisa: PTX ISA 9.0 manual sections ld, ld.global.nc and ldu (data movement and conversion)',
        '# The manual writes each vector width with one {.vec}.type; ptxas limits a vector to 128 bits',
        '# (256 bits: sm_100, .global or generic only), so every modifier prefix is written once per',
        '# shape: scalar .type, .v2.type2, .v4.type4, .v8.type8 and the 256-bit .v4.wide4 / .v8.wide8.',
        '# Measured with ptxas 13.0; the evidence lines quote it. Written by scripts/isa-data/gen_ldst.py: edit that, not this file.',
        '@section ld',
        '# weak loads with a cache operator: every state space',
        *shapes('ld', '{.weak}{.ss}{.cop}', A, '', True, 'd'),
        '.ss = { .const, .global, .local, .param, .param::entry, .param::func, .shared, .shared::cta, .shared::cluster };',
        '.cop = { .ca, .cg, .cs, .lu, .cv };',
        TYPES, operands(True, 'd'), SINCE_SS, SINCE_SEM,
        '@evidence "ptxas 13.0 accepts every cache operator (.ca .cg .cs .lu .cv) on every state space, .const/.local/.param/.shared included"',
        '@evidence "ptxas 13.0: the sink _ is accepted in every load vector (ld.global.v2.f32 {%f1,_}), not only in .v8 and .v4 of 64-bit types"'))
    g = []
    g += shapes('ld', '{.weak}{.global}{.cop}{.level::cache_hint}{.level::prefetch_size}', AU, P, True, 'd')
    g += wide('ld', '{.weak}{.global}{.cop}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True)
    g += shapes('ld', '{.weak}{.global}{.level1::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True, 'd')
    g += wide('ld', '{.weak}{.global}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True)
    g += shapes('ld', '.volatile{.global}{.level::prefetch_size}', AU, '', True, 'd')
    g += wide('ld', '.volatile{.global}{.level2::eviction_priority}{.level::prefetch_size}', AU, '', True)
    g += shapes('ld', '.sem.scope{.global}{.level1::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True, 'd')
    g += wide('ld', '.sem.scope{.global}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True)
    g += shapes('ld', '.mmio.relaxed.sys{.global}', AU, '', True, 'd', scalar_only=True)
    b.append(J(
        '@section ld',
        '# .global or generic addressing: eviction priorities, cache hints, prefetch sizes and .unified',
        '# are refused on the other state spaces ("cannot be applied to \'.shared\' space")',
        *g,
        '.cop = { .ca, .cg, .cs, .lu, .cv };',
        '.sem = { .relaxed, .acquire };',
        '.scope = { .cta, .cluster, .gpu, .sys };',
        '.scope3 = { .cta, .cluster, .gpu };',
        '.level1::eviction_priority = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate };',
        '.level2::eviction_priority = { .L2::evict_normal, .L2::evict_first, .L2::evict_last };',
        '.level::cache_hint = { .L2::cache_hint };',
        '.level::prefetch_size = { .L2::64B, .L2::128B, .L2::256B };',
        TYPES, WIDE, operands(True, 'd', wide=True, policy=True, sem=True), SINCE_SEM, SINCE_CACHE, SINCE_PF,
        '@since .mmio = 8.2 sm_70',
        '@evidence "ptxas 13.0 accepts .unified after the address in every .global/generic load (volatile, relaxed, acquire, mmio), not only the weak forms"',
        '@evidence "ptxas 13.0: .L2::evict_* needs a 256-bit vector (Instruction \'ld\' requires \'.v8.b32/.v4.b64\' type with \'.L2::evict_last\' modifier) and then combines with .cop and .volatile too"',
        '@evidence "ptxas 13.0: 256-bit loads need sm_100 (Feature \'256 bit wide load/store\' requires .target sm_100 or higher) and .global or generic addressing; .mmio takes no vector (Modifier \'.mmio\' cannot be combined with modifier \'.v2\')"',
        '@evidence "ptxas 13.0: the cache-policy operand is a 64-bit register or an integer constant (a .b32 register or 0d3FF0000000000000: Arguments mismatch)"'))
    s = []
    s += shapes('ld', '.volatile.ss', A, '', True, 'd')
    s += shapes('ld', '.sem.scope.ss', A, '', True, 'd')
    b.append(J(
        '@section ld',
        '# volatile, relaxed and acquire loads from shared memory (no cache qualifiers there)',
        *s,
        '.ss = { .shared, .shared::cta, .shared::cluster };',
        '.sem = { .relaxed, .acquire };',
        '.scope = { .cta, .cluster, .gpu, .sys };',
        '.scope3 = { .cta, .cluster, .gpu };',
        TYPES, operands(True, 'd', sem=True), SINCE_SS, SINCE_SEM,
        '@evidence "ptxas 13.0: .volatile/.relaxed/.acquire on .const, .local or .param: Modifier \'.relaxed\' cannot be applied to \'.const\' space"'))
    n = []
    n += shapes('ld', '.global{.cop}.nc{.level::cache_hint}{.level::prefetch_size}', AU, P, True, 'd')
    n += wide('ld', '.global{.cop}.nc{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True)
    n += shapes('ld', '.global.nc{.level1::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True, 'd')
    n += wide('ld', '.global.nc{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}', AU, P, True)
    b.append(J(
        '@section ld.global.nc',
        *n,
        '.cop = { .ca, .cg, .cs };',
        '.level1::eviction_priority = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate };',
        '.level2::eviction_priority = { .L2::evict_normal, .L2::evict_first, .L2::evict_last };',
        '.level::cache_hint = { .L2::cache_hint };',
        '.level::prefetch_size = { .L2::64B, .L2::128B, .L2::256B };',
        TYPES, WIDE, operands(True, 'd', wide=True, policy=True), SINCE_CACHE, SINCE_PF,
        '@since .b128 = 8.3 sm_70',
        '@since 3.1 sm_32',
        '@evidence "ptxas 13.0: .nc refuses .lu and .cv (Illegal cache operation for instruction \'ld.nc\') and .weak/.volatile/.relaxed/.acquire (cannot be combined with modifier \'.nc\'); needs .global (Modifier \'.nc\' requires .global space)"',
        '@evidence "ptxas 13.0 accepts .unified on ld.global.nc"'))
    b.append(J(
        '@section ldu',
        'ldu{.global}.type  d, [a];',
        'ldu{.global}.v2.type2  {x0, x1}, [a];',
        'ldu{.global}.v4.type4  {y0, y1, y2, y3}, [a];',
        '.type  = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };',
        '.type2 = { .b8, .b16, .b32, .b64, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };',
        '.type4 = { .b8, .b16, .b32, .u8, .u16, .u32, .s8, .s16, .s32, .f32 };',
        '@operand d : reg .type relaxed',
        '@operand x0 : reg .type2 relaxed sink',
        '@operand y0 : reg .type4 relaxed sink',
        '@since 2.0 sm_20',
        '@since .b128 = 8.3 sm_70',
        '@evidence "ptxas 13.0: ldu takes .v2/.v4 of at most 128 bits (ldu.global.v8.u16: Illegal vector size: 8; ldu.global.v4.u64: Vector type too large) and only .global (State space incorrect for instruction \'ldu\')"'))
    return '\n---\n'.join(b) + '\n'


def st_async_text():
    P = [('{.weak}.completion_mechanism', ''),
         ('{.weak}.ssl{.completion_mechanism}', 'UND'),
         ('{.weak}.shared::cluster.completion_mechanism', ''),
         ('.cluster{.shared::cluster}.completion_mechanism', '')]
    und = '@undocumented "ptxas 13.0 accepts .shared and .shared::cta as the state space of st.async, without the completion mechanism too"'
    loose = '@undocumented "ptxas 13.0 accepts a scalar source for a vector st.async (st.async.mbarrier::complete_tx::bytes.v2.b32 [%rd1], %r1, [%rd2])"'
    bare = '@undocumented "ptxas 13.0 accepts a vector of 2 or 4 without .v2/.v4: elements of the type for .u32 .s32 .f32 .u64 .s64 .f64 (st.async.mbarrier::complete_tx::bytes.f32 [%rd2], {%r9, %r10}, [%rd4]), the type\'s bits packed for .b32 and .b64 ({%rs9, %rs10} or {%b9, %b10, %b11, %b12} for .b32)"'
    L = ['@section st.async', 'st.async{.weak}.type  [a], b;']
    for p, u in P:
        n = ('   ' + und) if u else ''
        L.append(f'st.async{p}.type  [a], b{{, mbar}};' + n)
        L.append(f'st.async{p}.v2.type  [a], {{x0, x1}}, mbar;' + n)
        L.append(f'st.async{p}.v4.type4  [a], {{y0, y1, y2, y3}}, mbar;' + n)
        L.append(f'st.async{p}.v2.type  [a], b, mbar;   ' + loose)
        L.append(f'st.async{p}.v4.type4  [a], b4, mbar;   ' + loose)
        for v in ('.vtype  [a], {e0, e1}', '.vtype  [a], {e0, e1, e2, e3}', '.b32  [a], {h0, h1}',
                  '.b32  [a], {c0, c1, c2, c3}', '.b64  [a], {w0, w1}', '.b64  [a], {h0, h1, h2, h3}'):
            L.append(f'st.async{p}{v}, mbar;   ' + bare)
    L += ['.ssl = { .shared, .shared::cta };',
          '.completion_mechanism = { .mbarrier::complete_tx::bytes };',
          '.type = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 };',
          '.type4 = { .b32, .u32, .s32, .f32 };',
          '.vtype = { .u32, .s32, .f32, .u64, .s64, .f64 };',
          '@operand b x0 : val .type', '@operand b4 y0 : val .type4', '@operand e0 : val .vtype', '@operand c0 : val .b8',
          '@operand h0 : val .b16', '@operand w0 : val .b32', '@operand mbar : addr',
          '@since 8.1 sm_90',
          '@evidence "ptxas 13.0, one instruction per module (ptxas reports some st.async errors once per module): .shared::cluster and .cluster need the completion mechanism (Modifier \'.shared::cluster\' requires modifier \'.completion_mechanism\'); .weak and .cluster exclude each other; vectors need the [mbar] operand (Vector qualifier is not allowed); a vector source for a scalar: Arguments mismatch; .v4 of 64-bit types: Vector type too large"',
          '@evidence "ptxas 13.0: without a state space and a completion mechanism st.async takes no [mbar] operand (st.async.u32 [%rd1], %r1, [%rd2]: Modifier .shared::cluster requires modifier .completion_mechanism), scalars only"',
          '---',
          '@section st.async',
          'st.async{.mmio}.release.scope{.global}.type  [a], b;',
          'st.async{.mmio}.release.scope.global.type3  [a], c, mbar;',
          '.scope = { .gpu, .sys };',
          '.type = { .b8, .b16, .b32, .b64, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };',
          '.type3 = { .b32, .b64, .u32, .u64, .s32, .s64, .f32, .f64 };',
          '@operand b : val .type', '@operand c : val .type3', '@operand mbar : addr',
          '@since 8.7 sm_100',
          '@evidence "ptxas 13.0 (one instruction per module): no vectors (Vector qualifier is not allowed), no .b128, no .cta scope; .mmio with .gpu accepted; a third operand only with an explicit .global and a 32/64-bit type (without .global: Illegal modifier \'.shared::cluster\' for instruction \'st.async\' with \'.release\'; .b8/.u16: Arguments mismatch)"',
          '---',
          '@section st.bulk',
          'st.bulk{.weak}{.shared::cta}  [a], size, initval;',
          'st.bulk{.weak}{.shared::cta}  [a], size32, initval;',
          '@operand size : val .u64', '@operand size32 : reg .u32', '@operand initval : imm range(0,0)', '@since 8.6 sm_100',
          '@evidence "ptxas 13.0: the size is a 64-bit register, a .u32/.s32 register or an integer constant (a multiple of 8, at most 16777216); a .b32 register is refused (Arguments mismatch for instruction mov), so are 8/16-bit and floating-point registers"',
          '@evidence "ptxas 13.0: Argument 2 of instruction \'st.bulk\': unexpected value \'1\', expected to be zero; st.bulk.shared / .shared::cluster / .global: State space incorrect for instruction \'st.bulk\', expected \'.shared::cta\'"']
    return '\n'.join(L)
ST_ASYNC = st_async_text()

def st():
    A = '[a]'; P = '{, cache-policy}'
    b = []
    b.append(J(
        '# st.ptxisa: PTX ISA 9.0 manual sections st, st.async and st.bulk (data movement and conversion)',
        '# Vector shapes as in ld.ptxisa: scalar .type, .v2.type2, .v4.type4, .v8.type8, 256-bit .v4.wide4 / .v8.wide8.',
        '# Measured with ptxas 13.0; the evidence lines quote it. Written by scripts/isa-data/gen_ldst.py: edit that, not this file.',
        '@section st',
        '# weak stores with a cache operator: every writable state space',
        *shapes('st', '{.weak}{.ss}{.cop}', A, '', False, 'b'),
        '.ss = { .global, .local, .param, .param::func, .shared, .shared::cta, .shared::cluster };',
        '.cop = { .wb, .cg, .cs, .wt };',
        TYPES, operands(False, 'b'), '@operand a : addr writes', SINCE_SS.replace('@since .param::entry .param::func = 8.3 -', '@since .param = - sm_20\n@since .param::func = 8.3 sm_20'), SINCE_SEM,
        '@evidence "ptxas 13.0: st.const: State space incorrect for instruction \'st\'; st.param::entry: Illegal modifier \'::entry\' for instruction \'st\'"',
        '@evidence "ptxas 13.0: st.param and st.param::func need sm_20 (on sm_10 and sm_13, at .version 1.4, 2.0 and 8.3: State space incorrect for instruction \'st\'); they cannot write a parameter of the kernel or function itself (st.param.u32 [pa], %r1 and [pa+4]: Illegal to write to function input parameter \'pa\'), a call argument declared in the body can be written (st.param.u32 [cpa], %r1)"',
        '@evidence "ptxas 13.0 accepts every cache operator on every state space; vector elements may be constants, never the sink _ (Sink \'_\' not allowed as a source operand)"'))
    g = []
    g += shapes('st', '{.weak}{.global}{.cop}{.level::cache_hint}', A, P, False, 'b')
    g += wide('st', '{.weak}{.global}{.cop}{.level2::eviction_priority}{.level::cache_hint}', A, P, False)
    g += shapes('st', '{.weak}{.global}{.level1::eviction_priority}{.level::cache_hint}', A, P, False, 'b')
    g += wide('st', '{.weak}{.global}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}', A, P, False)
    g += shapes('st', '.volatile{.global}', A, '', False, 'b')
    g += wide('st', '.volatile{.global}{.level2::eviction_priority}', A, '', False)
    g += shapes('st', '.sem.scope{.global}{.level1::eviction_priority}{.level::cache_hint}', A, P, False, 'b')
    g += wide('st', '.sem.scope{.global}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}', A, P, False)
    g += shapes('st', '.mmio.relaxed.sys{.global}', A, '', False, 'b', scalar_only=True)
    b.append(J(
        '@section st',
        '# .global or generic addressing: eviction priorities and cache hints',
        *g,
        '.cop = { .wb, .cg, .cs, .wt };',
        '.sem = { .relaxed, .release };',
        '.scope = { .cta, .cluster, .gpu, .sys };',
        '.scope3 = { .cta, .cluster, .gpu };',
        '.level1::eviction_priority = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate };',
        '.level2::eviction_priority = { .L2::evict_normal, .L2::evict_first, .L2::evict_last };',
        '.level::cache_hint = { .L2::cache_hint };',
        TYPES, WIDE, operands(False, 'b', wide=True, policy=True, sem=True), SINCE_SEM, SINCE_CACHE,
        '@since .mmio = 8.2 sm_70',
        '@evidence "ptxas 13.0: .L2::evict_* needs a 256-bit vector (sm_100, .global or generic) and then combines with .cop and .volatile too"',
        '@evidence "ptxas 13.0: .b128 with scope .sys needs 8.4 (Feature \'.b128 with .sys\' requires PTX ISA .version 8.4 or later)"',
        '@evidence "ptxas 13.0: st takes no .unified (Illegal use of attribute \'.unified\' for instruction \'st\') and no prefetch size (Illegal modifier \'.L2::64B\')"'))
    s_ = []
    s_ += shapes('st', '.volatile.ss', A, '', False, 'b')
    s_ += shapes('st', '.sem.scope.ss', A, '', False, 'b')
    b.append(J(
        '@section st',
        '# volatile, relaxed and release stores to shared memory',
        *s_,
        '.ss = { .shared, .shared::cta, .shared::cluster };',
        '.sem = { .relaxed, .release };',
        '.scope = { .cta, .cluster, .gpu, .sys };',
        '.scope3 = { .cta, .cluster, .gpu };',
        TYPES, operands(False, 'b', sem=True), SINCE_SS, SINCE_SEM))
    b.append(ST_ASYNC.strip())
    return '\n---\n'.join(b) + '\n'

if __name__ == '__main__':
    open(OUT + 'ld.ptxisa', 'w').write(ld())
    open(OUT + 'st.ptxisa', 'w').write(st())
    open(OUT + 'ld.ptxisa', 'w').write(ld())
