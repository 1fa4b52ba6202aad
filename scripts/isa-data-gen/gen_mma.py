#!/usr/bin/env python3
"""Writes checker/src/main/resources/dev/ptxlint/isa/mma.ptxisa (ISA data measured with ptxas 13.0; see the file's @evidence lines)."""
import os
ISA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'checker', 'src', 'main', 'resources', 'dev', 'ptxlint', 'isa')
# generates mma.ptxisa (mma and mma.sp) from the measured table
out = ['''# mma.ptxisa: warp-level matrix multiply-accumulate (manual sections mma, mma.sp). Measured with
# ptxas 13.0 on .target sm_70 ... sm_121a (older targets through -arch=sm_75).
# Each block is one set of legal (shape, layout, type) combinations with fixed fragment widths:
# d, a, b, c are vectors even of one register ('Vector expected for argument 1'); packed .f16/.bf16/
# .tf32/FP8/integer fragments are 32-bit registers, .f32/.s32/.f64 accumulators are one register each.
# ptxas requires both .sync and .aligned ('.aligned modifier required for instruction 'mma'') and,
# except .m8n8k4 with .f16, exactly .row.col ('Illegal alayout '.col'').
''']
def ops(d, a, b, c, dt, at, ct, extra=()):
    if any(x == '@operand a : any' for x in extra):
        return [f'@operand d : reg {dt} vec({d}) sink' if d > 0 else None, f'@operand b : {at} vec({b})', f'@operand c : {ct} vec({c})'] + list(extra)
    return [f'@operand d : reg {dt} vec({d}) sink' if d > 0 else None, f'@operand a : {at} vec({a})',
            f'@operand b : {at} vec({b})', f'@operand c : {ct} vec({c})'] + list(extra)
def block(section, forms, enums, opl, since, evid=(), first=False):
    s = ('' if first else '---\n') + f'@section {section}\n' + '\n'.join(forms) + '\n'
    s += ''.join(e + '\n' for e in enums) + ''.join(o + '\n' for o in opl if o) + '@repeatable .sync\n' + (f'@since {since}\n' if since else '')
    s += ''.join(f'@evidence "{e}"\n' for e in evid)
    return s
B = []
A = 'mma.sync.aligned'
# ---- half precision
B.append(block('mma (.f16, .m8n8k4)', [f'{A}.m8n8k4.alayout.blayout.f16.f16.f16.f16  d, a, b, c;'],
    ['.alayout = { .row, .col };', '.blayout = { .row, .col };'], ops(4, 2, 2, 4, '.b32', '.b32', '.b32'), '6.4 sm_70',
    ["ptxas 13.0: .f16 results with .f32 accumulators are refused ('.dtype must be '.f32' when .ctype is '.f32''); .f32 results with .f16 accumulators are accepted for .m8n8k4 only"], first=True))
B.append(block('mma (.f16, .m8n8k4)', [f'{A}.m8n8k4.alayout.blayout.f32.f16.f16.f16  d, a, b, c;'],
    ['.alayout = { .row, .col };', '.blayout = { .row, .col };'], ops(8, 2, 2, 4, '.f32', '.b32', '.b32'), '6.4 sm_70'))
B.append(block('mma (.f16, .m8n8k4)', [f'{A}.m8n8k4.alayout.blayout.f32.f16.f16.f32  d, a, b, c;'],
    ['.alayout = { .row, .col };', '.blayout = { .row, .col };'], ops(8, 2, 2, 8, '.f32', '.b32', '.f32'), '6.4 sm_70'))
for sh, a, b, since in [('m16n8k8', 2, 1, '6.5 sm_75'), ('m16n8k16', 4, 2, '7.0 sm_80')]:
    B.append(block(f'mma (.f16, .{sh})', [f'{A}.{sh}.row.col.f16.f16.f16.f16  d, a, b, c;'], [], ops(2, a, b, 2, '.b32', '.b32', '.b32'), since,
        ["ptxas 13.0: the result and accumulator types must be equal for this shape ('.dtype must be '.f16' when .ctype is '.f16'')"] if sh == 'm16n8k8' else ()))
    B.append(block(f'mma (.f16, .{sh})', [f'{A}.{sh}.row.col.f32.f16.f16.f32  d, a, b, c;'], [], ops(4, a, b, 4, '.f32', '.b32', '.f32'), since))
# ---- alternate fp
B.append(block('mma (.tf32, .m16n8k4)', [f'{A}.m16n8k4.row.col.f32.tf32.tf32.f32  d, a, b, c;'], [], ops(4, 2, 1, 4, '.f32', '.b32', '.f32'), '7.0 sm_80'))
B.append(block('mma (.bf16, .m16n8k8)', [f'{A}.m16n8k8.row.col.f32.bf16.bf16.f32  d, a, b, c;'], [], ops(4, 2, 1, 4, '.f32', '.b32', '.f32'), '7.0 sm_80',
    ["ptxas 13.0: .atype and .btype must be equal ('.bf16.tf32': 'Incorrect instruction type'); .bf16 results are refused"]))
B.append(block('mma (.tf32, .m16n8k8)', [f'{A}.m16n8k8.row.col.f32.tf32.tf32.f32  d, a, b, c;'], [], ops(4, 4, 2, 4, '.f32', '.b32', '.f32'), '7.0 sm_80'))
B.append(block('mma (.bf16, .m16n8k16)', [f'{A}.m16n8k16.row.col.f32.bf16.bf16.f32  d, a, b, c;'], [], ops(4, 4, 2, 4, '.f32', '.b32', '.f32'), '7.0 sm_80'))
for sh, a, b, s32, s16 in [('m16n8k16', 2, 1, '8.7 sm_89', '8.7 sm_89'), ('m16n8k32', 4, 2, '8.4 sm_89', '8.7 sm_89')]:
    ev = ["ptxas 13.0: FP8 needs .version 8.4 for .m16n8k32 with .f32 accumulators and 8.7 otherwise ('mma with FP8 floating point type and .m16n8k16 shape', 'and FP16 accumulation'); the result and accumulator types must be equal ('Unexpected instruction types')"] if sh == 'm16n8k16' else ()
    B.append(block(f'mma (FP8, .{sh})', [f'{A}.{sh}.row.col.f32.f8type.f8type.f32  d, a, b, c;'], ['.f8type = { .e4m3, .e5m2 };'], ops(4, a, b, 4, '.f32', '.b32', '.f32'), s32, ev))
    B.append(block(f'mma (FP8, .{sh})', [f'{A}.{sh}.row.col.f16.f8type.f8type.f16  d, a, b, c;'], ['.f8type = { .e4m3, .e5m2 };'], ops(2, a, b, 2, '.b32', '.b32', '.b32'), s16))
F864 = '.f8f6f4type = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 };'
KSINCE = '@since .e3m2 .e2m3 .e2m1 = 8.7 sm_120f'
F8 = '.f8 = { .e4m3, .e5m2 };'
F64 = '.f6f4 = { .e3m2, .e2m3, .e2m1 };'
for dt, dn, reg in [('f32', 4, '.f32'), ('f16', 2, '.b32')]:
    B.append(block('mma (.kind::f8f6f4, FP6/FP4 operands)', [f'{A}.m16n8k32.row.col.kind::f8f6f4.{dt}.f6f4.f8f6f4type.{dt}  d, a, b, c;', f'{A}.m16n8k32.row.col.kind::f8f6f4.{dt}.f8.f6f4.{dt}  d, a, b, c;'],
        [F864, F8, F64], ops(dn, 4, 2, dn, reg, '.b32', reg), '8.7 sm_120f'))
    B.append(block('mma (.kind::f8f6f4)', [f'{A}.m16n8k32.row.col.kind.{dt}.f8f6f4type.f8f6f4type.{dt}  d, a, b, c;'], ['.kind = { .kind::f8f6f4 };', '.f8f6f4type = { .e4m3, .e5m2 };'],
        ops(dn, 4, 2, dn, reg, '.b32', reg), '8.6 sm_100f|sm_110f|sm_101f|sm_120f',
        ["ptxas 13.0: .kind::f8f6f4 with .e4m3/.e5m2 only is accepted on sm_100a/sm_100f/sm_103a/sm_110a|sm_101a/sm_120a/sm_120f/sm_121a ('Feature '.kind::f8f6f4' not supported on .target 'sm_100''); any .e3m2/.e2m3/.e2m1 operand needs sm_120a/sm_120f/sm_121a and .version 8.7; result and accumulator types must be equal"] if dt == 'f32' else ()))
SC = ['@operand scale-a-data scale-b-data : any', '@operand byte-id-a byte-id-b : .u16 val']
SCEV = "ptxas 13.0: scale-a-data/scale-b-data are .b32 registers or, accepted too, a vector, a negated predicate or a float constant (an integer constant: 'Arguments mismatch'), so they are 'any'; the selector pairs are 16-bit registers or constants whose allowed values depend on the kind ('unexpected value '1', expected to be 0 or 2' for .kind::mxf4); block scaling needs sm_120a/sm_120f/sm_121a and .version 8.7 ('Instruction 'mma with block scale' not supported on .target 'sm_100'')"
BSOPS = ' d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};'
B.append(block('mma (block scaling, .kind::mxf4)', [f'{A}.m16n8k64.row.col.kind::mxf4.block_scale{{.scale_vec::2X}}.f32.e2m1.e2m1.f32.ue8m0' + BSOPS], [],
    ops(4, 4, 2, 4, '.f32', '.b32', '.f32', SC), '8.7 sm_120f', [SCEV, "ptxas 13.0: .kind::mxf4 takes .ue8m0 with .scale_vec::2X or none ('Illegal modifier '.kind::mxf4' for instruction 'mma' with type '.ue4m3''); .kind::mxf4nvf4 needs .scale_vec::2X with .ue8m0 or .scale_vec::4X with .ue4m3 ('.scale_vec_size modifier required'); .kind::mxf8f6f4 takes .ue8m0 with .scale_vec::1X or none"]))
B.append(block('mma (block scaling, .kind::mxf4nvf4)', [f'{A}.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0' + BSOPS,
    f'{A}.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3' + BSOPS], [],
    ops(4, 4, 2, 4, '.f32', '.b32', '.f32', SC), '8.7 sm_120f'))
B.append(block('mma (block scaling, .kind::mxf8f6f4)', [f'{A}.m16n8k32.row.col.kind::mxf8f6f4.block_scale{{.scale_vec::1X}}.f32.f8f6f4type.f8f6f4type.f32.ue8m0' + BSOPS], [F864],
    ops(4, 4, 2, 4, '.f32', '.b32', '.f32', SC), '8.7 sm_120f'))
# ---- f64
B.append(block('mma (.f64)', [f'{A}.m8n8k4.row.col.f64.f64.f64.f64  d, a, b, c;'], [], ops(2, 1, 1, 2, '.f64', '.f64', '.f64'), '7.0 sm_80',
    ["ptxas 13.0: the manual's shape '.m8n84' is .m8n8k4; .m16n8k4/.m16n8k8/.m16n8k16 with .f64 need sm_90 and .version 7.8 ('Feature '.m16n8k16 with double types' requires PTX ISA .version 7.8')"]))
for sh, a, b in [('m16n8k4', 2, 1), ('m16n8k8', 4, 2), ('m16n8k16', 8, 4)]:
    B.append(block('mma (.f64)', [f'{A}.{sh}.row.col.f64.f64.f64.f64  d, a, b, c;'], [], ops(4, a, b, 4, '.f64', '.f64', '.f64'), '7.8 sm_90'))
# ---- integer
for sh, a, b, dn, ty, since in [('m8n8k16', 1, 1, 2, 'u8 s8', '6.5 sm_75'), ('m16n8k16', 2, 1, 4, 'u8 s8', '7.0 sm_80'), ('m16n8k32', 4, 2, 4, 'u8 s8', '7.0 sm_80'),
                                ('m8n8k32', 1, 1, 2, 'u4 s4', '6.5 sm_75'), ('m16n8k32', 2, 1, 4, 'u4 s4', '7.0 sm_80'), ('m16n8k64', 4, 2, 4, 'u4 s4', '7.0 sm_80')]:
    t = ', '.join('.' + x for x in ty.split())
    B.append(block(f'mma (integer, .{sh})', [f'{A}.{sh}.row.col{{.satfinite}}.s32.atype.btype.s32  d, a, b, c;'], [f'.atype = {{ {t} }};', f'.btype = {{ {t} }};'],
        ops(dn, a, b, dn, '.s32', '.b32', '.s32'), since, ["ptxas 13.0: .m8n8k16 needs sm_75 ('Feature '.m8n8k16' requires .target sm_75 or higher' on .target sm_72)"] if sh == 'm8n8k16' else ()))
for sh, a, b, dn, since in [('m8n8k128', 1, 1, 2, '7.0 sm_75'), ('m16n8k128', 2, 1, 4, '7.0 sm_80'), ('m16n8k256', 4, 2, 4, '7.0 sm_80')]:
    B.append(block(f'mma (single bit, .{sh})', [f'{A}.{sh}.row.col.s32.b1.b1.s32.bitOp.popc  d, a, b, c;'], ['.bitOp = { .xor, .and };'],
        ops(dn, a, b, dn, '.s32', '.b32', '.s32', ['@since .and = 7.1 sm_80']), since,
        ["ptxas 13.0: .and needs sm_80 and .version 7.1 ('Modifier '.and' on 'mma' requires .target sm_80 or higher')"] if sh == 'm8n8k128' else ()))
# ---- sparse
for spv, first in [('sp', True), ('sp::ordered_metadata', False)]:
    S = f'mma.{spv}.sync.aligned'
    base = '7.1 sm_80' if spv == 'sp' else '8.5 sm_80'
    SPF = lambda r, aany=False: ['@operand e : any', f'@operand f : imm .u32 range(0,{r})'] + (['@operand a : any'] if aany else [])
    ev0 = ["ptxas 13.0: e is a .b32 register, but a vector, a negated predicate or a float constant are accepted too (an integer constant or .b64: 'Arguments mismatch'), so e is 'any'; with integer types a may also be a scalar register or a float constant (not an integer constant; dense mma: 'Vector expected'), so there a is 'any'; sparse .kind::f8f6f4 with .f16 accumulators needs sm_120a/sm_120f/sm_121a and .version 8.7; '.sync' may be written twice; the selector f is a constant: 0..3 for .m16n8k16 .f16/.bf16 and .m16n8k8 .tf32, 0..1 for .m16n8k32 .f16/.bf16, .m16n8k16 .tf32 and .m16n8k32 integer, 0 otherwise ('value '1' out of range, expected to be in range [0..0]')"] if first else ()
    sec = f'mma.{spv}'
    B.append(block(f'{sec} (.f16)', [f'{S}.m16n8k16.row.col.f16.f16.f16.f16  d, a, b, c, e, f;'], [], ops(2, 2, 2, 2, '.b32', '.b32', '.b32', SPF(3)), base, ev0))
    B.append(block(f'{sec} (.f16)', [f'{S}.m16n8k16.row.col.f32.f16.f16.f32  d, a, b, c, e, f;'], [], ops(4, 2, 2, 4, '.f32', '.b32', '.f32', SPF(3)), base))
    B.append(block(f'{sec} (.f16)', [f'{S}.m16n8k32.row.col.f16.f16.f16.f16  d, a, b, c, e, f;'], [], ops(2, 4, 4, 2, '.b32', '.b32', '.b32', SPF(1)), base))
    B.append(block(f'{sec} (.f16)', [f'{S}.m16n8k32.row.col.f32.f16.f16.f32  d, a, b, c, e, f;'], [], ops(4, 4, 4, 4, '.f32', '.b32', '.f32', SPF(1)), base))
    B.append(block(f'{sec} (.bf16, .tf32)', [f'{S}.m16n8k16.row.col.f32.bf16.bf16.f32  d, a, b, c, e, f;', f'{S}.m16n8k8.row.col.f32.tf32.tf32.f32  d, a, b, c, e, f;'], [],
        ops(4, 2, 2, 4, '.f32', '.b32', '.f32', SPF(3)), base))
    B.append(block(f'{sec} (.bf16, .tf32)', [f'{S}.m16n8k32.row.col.f32.bf16.bf16.f32  d, a, b, c, e, f;', f'{S}.m16n8k16.row.col.f32.tf32.tf32.f32  d, a, b, c, e, f;'], [],
        ops(4, 4, 4, 4, '.f32', '.b32', '.f32', SPF(1)), base))
    B.append(block(f'{sec} (FP8)', [f'{S}.m16n8k64.row.col.f32.f8type.f8type.f32  d, a, b, c, e, f;'], ['.f8type = { .e4m3, .e5m2 };'],
        ops(4, 4, 4, 4, '.f32', '.b32', '.f32', SPF(0)), '8.4 sm_89' if spv == 'sp' else '8.5 sm_89'))
    if spv == 'sp::ordered_metadata':
        B.append(block(f'{sec} (FP8)', [f'{S}.m16n8k64.row.col.f16.f8type.f8type.f16  d, a, b, c, e, f;'], ['.f8type = { .e4m3, .e5m2 };'],
            ops(2, 4, 4, 2, '.b32', '.b32', '.b32', SPF(0)), '8.7 sm_120f',
            ["ptxas 13.0: FP8 with .f16 accumulators is refused with .sp and accepted with .sp::ordered_metadata on sm_120a/sm_120f/sm_121a only"]))
        for dt, dn, reg in [('f32', 4, '.f32'), ('f16', 2, '.b32')]:
            B.append(block(f'{sec} (.kind::f8f6f4, FP6/FP4 operands)', [f'{S}.m16n8k64.row.col.kind::f8f6f4.{dt}.f6f4.f8f6f4type.{dt}  d, a, b, c, e, f;', f'{S}.m16n8k64.row.col.kind::f8f6f4.{dt}.f8.f6f4.{dt}  d, a, b, c, e, f;'],
                [F864, F8, F64], ops(dn, 4, 4, dn, reg, '.b32', reg, SPF(0)), '8.7 sm_120f'))
            B.append(block(f'{sec} (.kind::f8f6f4)', [f'{S}.m16n8k64.row.col.kind.{dt}.f8f6f4type.f8f6f4type.{dt}  d, a, b, c, e, f;'], ['.kind = { .kind::f8f6f4 };', '.f8f6f4type = { .e4m3, .e5m2 };'],
                ops(dn, 4, 4, dn, reg, '.b32', reg, SPF(0)), '8.6 sm_100f|sm_110f|sm_101f|sm_120f' if dt == 'f32' else '8.7 sm_120f',
                ["ptxas 13.0: .kind::f8f6f4 and block scaling are refused with plain .sp ('Illegal modifier '.sp''); .f16 x .e4m3/.e5m2 accepted on sm_100a/sm_100f/sm_103a/sm_110a|sm_101a/sm_120a/sm_120f/sm_121a"] if dt == 'f32' else ()))
        B.append(block(f'{sec} (block scaling, .kind::mxf4, .kind::mxf4nvf4)', [
            f'{S}.m16n8k128.row.col.kind::mxf4.block_scale{{.scale_vec::2X}}.f32.e2m1.e2m1.f32.ue8m0 d, a, b, c, e, f, scale-a-data, {{byte-id-a, thread-id-a}}, scale-b-data, {{byte-id-b, thread-id-b}};',
            f'{S}.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0 d, a, b, c, e, f, scale-a-data, {{byte-id-a, thread-id-a}}, scale-b-data, {{byte-id-b, thread-id-b}};',
            f'{S}.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 d, a, b, c, e, f, scale-a-data, {{byte-id-a, thread-id-a}}, scale-b-data, {{byte-id-b, thread-id-b}};'],
            [], ops(4, 4, 4, 4, '.f32', '.b32', '.f32', SPF(0) + SC), '8.7 sm_120a|sm_121a',
            ["ptxas 13.0: sparse .kind::mxf4/.kind::mxf4nvf4 are 'not supported on .target 'sm_120f'' (sm_120a and sm_121a only)"]))
        B.append(block(f'{sec} (block scaling, .kind::mxf8f6f4)', [
            f'{S}.m16n8k64.row.col.kind::mxf8f6f4.block_scale{{.scale_vec::1X}}.f32.f8f6f4type.f8f6f4type.f32.ue8m0 d, a, b, c, e, f, scale-a-data, {{byte-id-a, thread-id-a}}, scale-b-data, {{byte-id-b, thread-id-b}};'],
            [F864], ops(4, 4, 4, 4, '.f32', '.b32', '.f32', SPF(0) + SC), '8.7 sm_120f'))
    for sh, a, dn, ty, r in [('m16n8k32', 2, 4, 'u8 s8', 1), ('m16n8k64', 4, 4, 'u8 s8', 0), ('m16n8k64', 2, 4, 'u4 s4', 1), ('m16n8k128', 4, 4, 'u4 s4', 0)]:
        t = ', '.join('.' + x for x in ty.split())
        B.append(block(f'{sec} (integer, .{sh})', [f'{S}.{sh}.row.col{{.satfinite}}.s32.atype.btype.s32  d, a, b, c, e, f;'], [f'.atype = {{ {t} }};', f'.btype = {{ {t} }};'],
            ops(dn, a, a, dn, '.s32', '.b32', '.s32', SPF(r, True)), base))
open(os.path.join(ISA, 'mma.ptxisa'), 'w').write(''.join(out) + ''.join(B))
print(sum(b.count('\nmma') + b.startswith('mma') for b in B))
