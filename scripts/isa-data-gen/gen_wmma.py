#!/usr/bin/env python3
"""Writes checker/src/main/resources/dev/ptxlint/isa/wmma.ptxisa (ISA data measured with ptxas 13.0; see the file's @evidence lines)."""
import os
ISA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'checker', 'src', 'main', 'resources', 'dev', 'ptxlint', 'isa')
out = ['''# wmma.ptxisa: warp-level matrix load, store and multiply-accumulate (manual sections wmma.load,
# wmma.store, wmma.mma). Measured with ptxas 13.0 on .target sm_70 ... sm_120a (old targets through
# -arch=sm_75). Fragments are vectors even of one register ('Vector expected'); packed .f16/.bf16/.tf32
# and integer fragments are .b32 registers (.f16x2 and .f32 registers: 'Arguments mismatch').
# .aligned: .version 6.0-6.2 accept only 'wmma.*.sync.layout...' (no .aligned; '.aligned modifier for wmma'
# requires 6.3), from 6.3 .aligned is required ('.aligned modifier required'); the data writes {.aligned}
# with '@since .aligned = 6.3', so a missing .aligned at 6.3 and later is not reported (accepting too much).
''']
def block(section, forms, enums=(), ops=(), since=None, evid=(), extra=()):
    s = f'@section {section}\n' + '\n'.join(forms) + '\n' + ''.join(e + '\n' for e in enums) + ''.join(o + '\n' for o in ops) + ''.join(e + '\n' for e in extra) + '@repeatable .sync\n'
    if since: s += f'@since {since}\n'
    s += ''.join(f'@evidence "{e}"\n' for e in evid)
    out.append(s)
SS = '.ss = { .global, .shared, .shared::cta };'
SSV = '@since .shared::cta = 7.8 -'
AL = '@since .aligned = 6.3 -'
LAY = '.layout = { .row, .col };'
LOADOPS = lambda n, t: [f'@operand r : reg {t} vec({n})', '@operand p : addr', '@operand stride : .u32 val']
S = 'sync{.aligned}'
# ---- wmma.load a/b
first = True
ldev = ["ptxas 13.0: .shared::cluster needs sm_90 and .local is 'State space incorrect'; stride is a 32-bit register or constant (.b64: 'Arguments mismatch'); .shared::cta needs .version 7.8"]
for shape, t, an, bn, since, sec in [
        ('m16n16k16', 'f16', 8, 8, '6.0 sm_70', '.f16'), ('m8n32k16', 'f16', 8, 8, '6.1 sm_70', '.f16'), ('m32n8k16', 'f16', 8, 8, '6.1 sm_70', '.f16'),
        ('m16n16k16', 'int8', 2, 2, '6.3 sm_72', '.s8/.u8'), ('m8n32k16', 'int8', 1, 4, '6.3 sm_72', '.s8/.u8'), ('m32n8k16', 'int8', 4, 1, '6.3 sm_72', '.s8/.u8'),
        ('m16n16k16', 'bf16', 4, 4, '7.0 sm_80', '.bf16'), ('m8n32k16', 'bf16', 2, 8, '7.0 sm_80', '.bf16'), ('m32n8k16', 'bf16', 8, 2, '7.0 sm_80', '.bf16'),
        ('m16n16k8', 'tf32', 4, 4, '7.0 sm_80', '.tf32'), ('m8n8k4', 'f64', 1, 1, '7.0 sm_80', '.f64')]:
    ty = '.atype' if t == 'int8' else '.' + t
    en = ['.atype = { .s8, .u8 };'] if t == 'int8' else []
    reg = '.f64' if t == 'f64' else '.b32'
    for mat, n in [('a', an), ('b', bn)]:
        block(f'wmma.load ({sec})', [f'wmma.load.{mat}.{S}.layout.{shape}{{.ss}}{ty}  r, [p]{{, stride}};'], [LAY, SS] + en, LOADOPS(n, reg), since,
              ldev if first else (), [SSV] + ([AL] if t == 'f16' else []))
        first = False
for t, ty in [('s4/u4', 'm8n8k32'), ('b1', 'm8n8k128')]:
    tys = '.atype = { .s4, .u4 };' if ty == 'm8n8k32' else '.atype = { .b1 };'
    block(f'wmma.load (sub-byte, single bit)', [f'wmma.load.a.{S}.row.{ty}{{.ss}}.atype  r, [p]{{, stride}};', f'wmma.load.b.{S}.col.{ty}{{.ss}}.atype  r, [p]{{, stride}};'],
          [SS, tys], LOADOPS(1, '.b32'), '6.3 sm_75', ["ptxas 13.0: sub-byte and single-bit A fragments are .row only and B fragments .col only"] if ty == 'm8n8k32' else (), [SSV])
# ---- wmma.load c / wmma.store d
cev = ["ptxas 13.0 accepts every accumulator type .f16/.f32/.s32 on .m16n16k16/.m8n32k16/.m32n8k16 and .f32/.s32 on .m8n8k32/.m8n8k128 (the manual lists .s32 only for the 8x8 shapes); .s32 needs sm_72; .f16 is four .b32 registers, .f32/.s32 eight, two on the 8x8 shapes. .m16n16k8 with .f16/.s32 passes the checks but fails when ptxas expands it ('Call to '__cuda_sm7x_wmma_m16n16k8_...' requires call prototype'), and .f16 on the 8x8 shapes crashes ptxas' expansion ('<builtin>, line 28; fatal : Parsing error'): both left out"]
for shapes, since, f16ok in [('{ .m16n16k16 }', '6.0 sm_70', True), ('{ .m8n32k16, .m32n8k16 }', '6.1 sm_70', True), ('{ .m16n16k8 }', '7.0 sm_80', False), ('{ .m8n8k32, .m8n8k128 }', '6.3 sm_75', False)]:
    small = 'm8n8k32' in shapes
    for t, n, reg in ([('f16', 4, '.b32')] if f16ok else []) + [('f32', 2 if small else 8, '.f32')] + ([] if shapes == '{ .m16n16k8 }' else [('s32', 2 if small else 8, '.s32')]):
        undoc = small and t == 'f32'
        ud = '   @undocumented "ptxas 13.0 accepts this accumulator type with this shape"' if undoc else ''
        tsince = ['@since .s32 = 6.3 sm_72'] if t == 's32' and not small and shapes != '{ .m16n16k8 }' else []
        block('wmma.load (C), wmma.store (D)', [f'wmma.load.c.{S}.layout.shape{{.ss}}.{t}  r, [p]{{, stride}};{ud}', f'wmma.store.d.{S}.layout.shape{{.ss}}.{t}  [p], r{{, stride}};{ud}'],
              [LAY, f'.shape = {shapes};', SS], LOADOPS(n, reg), since, cev if (t == 'f16' and shapes == '{ .m16n16k16 }') else (),
              [SSV] + ([AL] if since.startswith('6.0') or since.startswith('6.1') else []) + tsince)
block('wmma.load (C), wmma.store (D)', ['wmma.load.c.sync.aligned.layout.m8n8k4{.ss}.f64  r, [p]{, stride};', 'wmma.store.d.sync.aligned.layout.m8n8k4{.ss}.f64  [p], r{, stride};'],
      [LAY, SS], LOADOPS(2, '.f64'), '7.0 sm_80', (), [SSV])
# ---- wmma.mma
def V(n, t): return f'{t} vec({n})'
mev = ["ptxas 13.0: .satfinite with floating-point fragments is accepted only up to .version 6.4 ('with '.satfinite' is not supported starting from PTX ISA version'); it is kept optional here (accepting too much)"]
for shape, since in [('m16n16k16', '6.0 sm_70'), ('m8n32k16', '6.1 sm_70'), ('m32n8k16', '6.1 sm_70')]:
    for dt, dn, dr in [('f16', 4, '.b32'), ('f32', 8, '.f32')]:
        for ct, cn, cr in [('f16', 4, '.b32'), ('f32', 8, '.f32')]:
            block('wmma.mma (.f16)', [f'wmma.mma.{S}.alayout.blayout.{shape}.{dt}.{ct}{{.satfinite}}  d, a, b, c;'],
                  ['.alayout = { .row, .col };', '.blayout = { .row, .col };'],
                  [f'@operand d : reg {V(dn, dr)} sink', f'@operand a b : {V(8, ".b32")}', f'@operand c : {V(cn, cr)}'], since,
                  mev if (shape == 'm16n16k16' and dt == 'f16' and ct == 'f16') else (), [AL])
iev = ["ptxas 13.0: .atype and .btype must be equal ('.s8.u8': 'Unexpected instruction types'); .satfinite may be written before .s32 too"]
for shape, an, bn in [('m16n16k16', 2, 2), ('m8n32k16', 1, 4), ('m32n8k16', 4, 1)]:
    block('wmma.mma (.s8, .u8)', [f'wmma.mma.sync.aligned.alayout.blayout.{shape}.s32.s8.s8.s32{{.satfinite}}  d, a, b, c;', f'wmma.mma.sync.aligned.alayout.blayout.{shape}.s32.u8.u8.s32{{.satfinite}}  d, a, b, c;'],
          ['.alayout = { .row, .col };', '.blayout = { .row, .col };'],
          [f'@operand d : reg {V(8, ".s32")} sink', f'@operand a : {V(an, ".b32")}', f'@operand b : {V(bn, ".b32")}', f'@operand c : {V(8, ".s32")}'], '6.3 sm_72',
          iev if shape == 'm16n16k16' else ())
for shape, an, bn in [('m16n16k16', 4, 4), ('m8n32k16', 2, 8), ('m32n8k16', 8, 2)]:
    block('wmma.mma (.bf16)', [f'wmma.mma.sync.aligned.alayout.blayout.{shape}.f32.bf16.bf16.f32  d, a, b, c;'], ['.alayout = { .row, .col };', '.blayout = { .row, .col };'],
          [f'@operand d : reg {V(8, ".f32")} sink', f'@operand a : {V(an, ".b32")}', f'@operand b : {V(bn, ".b32")}', f'@operand c : {V(8, ".f32")}'], '7.0 sm_80')
block('wmma.mma (.tf32)', ['wmma.mma.sync.aligned.alayout.blayout.m16n16k8.f32.tf32.tf32.f32  d, a, b, c;'], ['.alayout = { .row, .col };', '.blayout = { .row, .col };'],
      [f'@operand d : reg {V(8, ".f32")} sink', f'@operand a b : {V(4, ".b32")}', f'@operand c : {V(8, ".f32")}'], '7.0 sm_80')
block('wmma.mma (.f64)', ['wmma.mma.sync.aligned.alayout.blayout.m8n8k4{.rnd}.f64.f64.f64.f64  d, a, b, c;'], ['.alayout = { .row, .col };', '.blayout = { .row, .col };', '.rnd = { .rn, .rz, .rm, .rp };'],
      [f'@operand d : reg {V(2, ".f64")} sink', f'@operand a b : {V(1, ".f64")}', f'@operand c : {V(2, ".f64")}'], '7.0 sm_80')
block('wmma.mma (.s4, .u4)', ['wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32{.satfinite}  d, a, b, c;', 'wmma.mma.sync.aligned.row.col.m8n8k32.s32.u4.u4.s32{.satfinite}  d, a, b, c;'], [],
      [f'@operand d : reg {V(2, ".s32")} sink', f'@operand a b : {V(1, ".b32")}', f'@operand c : {V(2, ".s32")}'], '6.3 sm_75',
      ["ptxas 13.0: .row.col only; .s4.u4 is 'Unexpected instruction types'"])
block('wmma.mma (.b1)', ['wmma.mma.op.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32  d, a, b, c;'], ['.op = { .xor, .and };'],
      [f'@operand d : reg {V(2, ".s32")} sink', f'@operand a b : {V(1, ".b32")}', f'@operand c : {V(2, ".s32")}'], '6.3 sm_75',
      ["ptxas 13.0: .op is required; .and needs sm_80 and .version 7.1 ('Modifier '.and' on 'wmma.mma' requires .target sm_80')"], ['@since .and = 7.1 sm_80'])
open(os.path.join(ISA, 'wmma.ptxisa'), 'w').write(out[0] + '---\n'.join(out[1:]))
print(sum(o.count(';\n') + o.count('; ') for o in out[1:]))
