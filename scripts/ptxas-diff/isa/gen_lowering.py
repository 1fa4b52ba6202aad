#!/usr/bin/env python3
"""Cases of the family slots-lowering (docs/ptxas-behaviour.md section 31): constants beside the
registers of lowered instructions, mma's block-scale selectors, texture/surface coordinates and
register neighbours in vectors.

  gen_lowering.py --out CASES.tsv
  isa_run.py CASES.tsv --out testdata/ptxas/isa/slots-lowering.tsv.gz --timeout 20

Lines: family, version, target, instruction (deterministic; no randomness). The parts:
* selectors: every block-scale kind and scale vector (dense and sparse) on sm_120a, each element of
  each selector alone set to 0..8, 15, 16, 31, 32, -1, 0x10, 017, 65535, 65536, 4294967296, 1.0, 0f,
  the other a .u16 register;
* FP8 mma lowering: four FP8 forms (dense .f32/.f16, with and without .kind::f8f6f4, sparse) on sm_90,
  sm_100a, sm_110f, the first and last element of a and c set to ten constant kinds, the other
  elements .b32 registers; the .m16n8k16 FP8 forms on sm_89, sm_90, sm_100a, sm_110f, sm_120a;
* coordinates: the array index of tex/tex.level/tld4 geometries set to constants, registers and a
  special register; 0d, floating-point and integer constants and special registers beside registers
  of each kind in tex and suld coordinates (sm_90);
* neighbours: st.global.v4 .b32/.u32/.f32 with two registers of kinds .u32/.s32/.f32/.f16x2/.b32 side
  by side, a .b32 register and a constant or a register (sm_90); registers of two kinds side by side in
  the vectors of mov, st, ld, stmatrix, ldmatrix, multimem.st, red, atom, tex and wmma.load, sources
  and destinations (sm_90).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import holdout_real  # noqa: E402

FAMILY = "slots-lowering"
D = "{%f16, %f17, %f18, %f19}, {%r24, %r25, %r26, %r27}, {%r32, %r33}, {%f40, %f41, %f42, %f43}"
KINDS = [
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e5m2.f32.ue8m0",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
]
VALUES = ["0", "1", "2", "3", "4", "5", "7", "8", "15", "16", "31", "32", "-1", "0x10", "017", "65535", "65536",
          "4294967296", "1.0", "0f3F800000"]
FP8 = [
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e4m3.e5m2.f32 {%f16, %f17, %f18, %f19}, "
    "{%r24, %r25, %r26, %r27}, {%r32, %r33, %r34, %r35}, {%f40, %f41, %f42, %f43}, %r6, 0;",
    "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r16, %r17}, {%r24, %r25, %r26, %r27}, {%r32, %r33}, {%r40, %r41};",
    "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%f16, %f17, %f18, %f19}, {%r24, %r25, %r26, %r27}, {%r32, %r33}, "
    "{%f40, %f41, %f42, %f43};",
    "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e5m2.e4m3.f16 {%r16, %r17}, {%r24, %r25, %r26, %r27}, {%r32, %r33}, "
    "{%r40, %r41};",
]
FP8_CONSTANTS = ["1", "0x10", "4294967296", "1.0", "-1.0", "0f3F800000", "0f3C003C00", "0d3FF0000000000000", "1e0"]


def selectors():
    out = []
    for k in KINDS:
        sparse = k.startswith("mma.sp")
        for which in ("a", "b"):
            for pos in (0, 1):
                for v in VALUES:
                    sel = ["%us30", "%us31"]
                    sel[pos] = v
                    s = "{" + ", ".join(sel) + "}"
                    sa = s if which == "a" else "{%us30, %us31}"
                    sb = s if which == "b" else "{%us30, %us31}"
                    if sparse:
                        frag = D.replace("{%r32, %r33}", "{%r32, %r33, %r34, %r35}")
                        out.append("%s %s, %%r6, 0, %%r8, %s, %%r10, %s;" % (k, frag, sa, sb))
                    else:
                        out.append("%s %s, %%r6, %s, %%r8, %s;" % (k, D, sa, sb))
        if not sparse:
            out.append("%s %s, %%r6, {%%us30, %%us31}, %%r8, {%%us30, %%us31};" % (k, D))
    return [("sm_120a", c) for c in out]


def fp8():
    out = []
    for ins in FP8:
        g, op, ops = holdout_real.parse(ins)
        for k in (1, 3):
            items = [x.strip() for x in ops[k][1:-1].split(",")]
            for c in FP8_CONSTANTS:
                for pos in (0, len(items) - 1):
                    new = ["%%r%d" % (120 + i) for i in range(len(items))]
                    new[pos] = c
                    o2 = list(ops)
                    o2[k] = "{" + ", ".join(new) + "}"
                    for tg in ("sm_90", "sm_100a", "sm_110f"):
                        out.append((tg, holdout_real.render(g, op, o2)))
    return out


def fp8_k16():
    """The .m16n8k16 FP8 forms on sm_89 ... sm_120a: the last element of a and c a constant."""
    out = []
    forms = (("mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32 {%f16, %f17, %f18, %f19}, A, {%r32}, C;",
              "{%f40, %f41, %f42, %f43}", "{%%r40, %%r41, %%r42, %s}"),
             ("mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16 {%r16, %r17}, A, {%r32}, C;",
              "{%r40, %r41}", "{%%r40, %s}"))
    for tg in ("sm_89", "sm_90", "sm_100a", "sm_110f", "sm_120a"):
        for ins, c0, cfmt in forms:
            cases = [("{%r24, %r25}", c0)]
            for k in ("1.0", "1", "0f3F800000"):
                cases.append(("{%%r24, %s}" % k, c0))
                cases.append(("{%r24, %r25}", cfmt % k))
            for a, c in cases:
                out.append((tg, ins.replace("A", a).replace("C", c)))
    return out


def coordinates():
    out = []
    bases = [
        "tex.a1d.v4.f32.f32 {%f9, %f10, %f11, %f12}, [%rd9, {IDX, %f13}];",
        "tex.a1d.v4.f32.s32 {%f9, %f10, %f11, %f12}, [%rd9, {IDX, %s13}];",
        "tex.a2d.v4.s32.f32 {%s9, %s10, %s11, %s12}, [tex, {IDX, %f21, %f22, %f23}];",
        "tex.a2d.v4.f32.s32 {%f9, %f10, %f11, %f12}, [tex, {IDX, %s21, %s22, %s23}];",
        "tex.acube.v4.f32.f32 {%f9, %f10, %f11, %f12}, [tex, {IDX, %f21, %f22, %f23}];",
        "tex.a2dms.v4.f32.s32 {%f9, %f10, %f11, %f12}, [tex, {%s20, IDX, %s22, %s23}];",
        "tex.level.a2d.v4.f32.f32 {%f9, %f10, %f11, %f12}, [tex, {IDX, %f21, %f22, %f23}], %f3;",
        "tld4.r.a2d.v4.f32.f32 {%f9, %f10, %f11, %f12}, [tex, {IDX, %f21, %f22, %f23}];",
        "tex.a1d.v4.f32.f32 {%f9, %f10, %f11, %f12}, [tex, tex, {IDX, %f13}];",
    ]
    for b in bases:
        for c in ["1.0", "-1.0", "0f3F800000", "0d3FF0000000000000", "1e0", "1", "-1", "0x10", "%r5", "%u5", "%s5", "%f5",
                  "%tid.x"]:
            out.append(b.replace("IDX", c))
    for b in ["tex.2d.v4.f32.s32 {%f9, %f10, %f11, %f12}, [tex, {X, Y}];",
              "tex.2d.v4.f32.f32 {%f9, %f10, %f11, %f12}, [tex, {X, Y}];",
              "suld.b.2d.b32.trap {%r9}, [surf, {X, Y}];",
              "tex.3d.v4.f32.s32 {%f9, %f10, %f11, %f12}, [tex, {X, Y, %s7, %s8}];"]:
        for x in ["%s5", "%u5", "%f5", "%r5", "%hh5", "%tid.x", "%ctaid.y"]:
            for y in ["0d3FF0000000000000", "1.0", "0f3F800000", "1", "%tid.x"]:
                out.append(b.replace("X", x).replace("Y", y))
                out.append(b.replace("X", y).replace("Y", x))
    return [("sm_90", c) for c in out]


def neighbours():
    regs = {"u": "%u", "s": "%s", "f": "%f", "hh": "%hh", "r": "%r"}
    out = []
    for t in ("b32", "u32", "f32"):
        for x in regs:
            for y in regs:
                if x == y:
                    continue
                for c in ("%r4", "1", "1.0", "0f3F800000"):
                    out.append("st.global.v4.%s [%%rd2], {%s1, %s2, %%r3, %s};" % (t, regs[x], regs[y], c))
                    out.append("st.global.v4.%s [%%rd2], {%s, %%r3, %s1, %s2};" % (t, c, regs[x], regs[y]))
    return [("sm_90", c) for c in out]


OTHER_NEIGHBOURS = [
    "mov.b64 %rd1, {%f1, %u1};", "mov.b64 %rd1, {%u1, %f1};", "mov.b64 %rd1, {%s1, %u1};", "mov.b32 %r1, {%h1, %ss1};",
    "mov.b32 %r1, {%rs1, %h1};", "mov.b64 %rd1, {%hh1, %f1};", "st.shared.v2.b64 [s], {%fd1, %sd1};",
    "st.shared.v2.b16 [s], {%h1, %us1};", "st.local.v2.b32 [%rd1], {%f1, %u1};",
    "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%rd1], {%f1, %u1};", "multimem.st.global.v2.f32 [%rd1], {%f1, %u1};",
    "red.global.add.v2.f32 [%rd1], {%f1, %u1};", "cvt.rn.f16x2.f32 %r1, %f1, %f2;", "mov.b64 {%f1, %u1}, %rd1;",
    "ld.global.v2.b32 {%f1, %u1}, [%rd1];", "ld.global.v4.b32 {%f1, %r2, %u3, %u4}, [%rd1];",
    "ld.global.v4.f32 {%f1, %f2, %u3, %u4}, [%rd1];", "ld.global.v2.u16 {%h1, %us1}, [%rd1];",
    "tex.2d.v4.f32.f32 {%f9, %u10, %f11, %f12}, [tex, {%f1, %f2}];",
    "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%f1, %u1}, [%rd1];",
    "wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1, %r2, %r3, %r4, %hh5, %f6, %r7, %r8}, [%rd1];",
    "atom.global.v2.f32.add {%f1, %u1}, [%rd1], {%f2, %f3};", "mov.b64 {%hh1, %s1}, %rd1;", "mov.b64 {%s1, %u1}, %rd1;",
    "ld.global.v2.b32 {%f1, _}, [%rd1];",
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    cases = coordinates() + neighbours() + [("sm_90", c) for c in OTHER_NEIGHBOURS] + fp8() + fp8_k16() + selectors()
    seen = set()
    with open(a.out, "w") as f:
        for tg, ins in cases:
            if (tg, ins) not in seen:
                seen.add((tg, ins))
                f.write("%s\t9.0\t%s\t%s\n" % (FAMILY, tg, ins))
    print("%d cases -> %s" % (len(seen), a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
