// Rarely generated PTX instructions and syntax, written as inline asm with arch guards:
// brx.idx with .branchtargets, ldu, txq/suq/istypep, testp, mul24, stacksave/stackrestore,
// .b128 registers, cache policies (createpolicy, L2::cache_hint, applypriority,
// eviction priorities), red/atom forms, cvt.pack/tf32/relu/satfinite, szext, half/bf16
// approximations, multimem, bulk prefetch, special registers, f32x2 arithmetic (sm_100)...
#include <cstdint>
#include <cuda_fp16.h>

__device__ __noinline__ int jump_table(int sel, int a, int b) {
  int r;
  asm volatile(
      "{\n\t"
      ".reg .u32 idx;\n\t"
      ".reg .s32 t;\n\t"
      "and.b32 idx, %1, 3;\n\t"
      "mov.s32 t, 0;\n\t"
      "Ljt_targets: .branchtargets Ljt_0, Ljt_1, Ljt_2, Ljt_3;\n\t"
      "brx.idx idx, Ljt_targets;\n"
      "Ljt_0:\n\t"
      "add.s32 t, %2, %3;\n\t"
      "bra.uni Ljt_end;\n"
      "Ljt_1:\n\t"
      "sub.s32 t, %2, %3;\n\t"
      "bra.uni Ljt_end;\n"
      "Ljt_2:\n\t"
      "mul.lo.s32 t, %2, %3;\n\t"
      "bra.uni Ljt_end;\n"
      "Ljt_3:\n\t"
      "xor.b32 t, %2, %3;\n"
      "Ljt_end:\n\t"
      "mov.s32 %0, t;\n\t"
      "}"
      : "=r"(r)
      : "r"(sel), "r"(a), "r"(b));
  return r;
}

__global__ void misc_ops(const float* fin, const int* iin, cudaTextureObject_t tex,
                         cudaSurfaceObject_t surf, float* fout, int* iout) {
  int t = threadIdx.x;
  float f = fin[t];
  int a = iin[t], b = iin[t + 1];
  float u;
  asm volatile("ldu.global.f32 %0, [%1];" : "=f"(u) : "l"(fin));
  int w, h, sw, is_tex, fin_ok, m24, js;
  asm volatile("txq.width.b32 %0, [%1];" : "=r"(w) : "l"(tex));
  asm volatile("txq.height.b32 %0, [%1];" : "=r"(h) : "l"(tex));
  asm volatile("suq.width.b32 %0, [%1];" : "=r"(sw) : "l"(surf));
  asm volatile("{ .reg .pred p; istypep.texref p, %1; selp.s32 %0, 1, 0, p; }"
               : "=r"(is_tex) : "l"(tex));
  asm("{ .reg .pred p; testp.finite.f32 p, %1; selp.s32 %0, 1, 0, p; }" : "=r"(fin_ok) : "f"(f));
  int nrm;
  asm("{ .reg .pred p; testp.normal.f32 p, %1; selp.s32 %0, 1, 0, p; }" : "=r"(nrm) : "f"(f));
  asm("mul24.lo.s32 %0, %1, %2;" : "=r"(m24) : "r"(a), "r"(b));
  int m24h;
  asm("mad24.hi.s32 %0, %1, %2, %3;" : "=r"(m24h) : "r"(a), "r"(b), "r"(m24));
  js = jump_table(a, b, t);
  unsigned long long sp;
  asm volatile("{ .reg .u64 s; stacksave.u64 s; mov.u64 %0, s; stackrestore.u64 s; }" : "=l"(sp));
  unsigned nsmid, envr;
  unsigned long long gridid, pm64;
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(gridid));
  asm volatile("mov.u32 %0, %%envreg3;" : "=r"(envr));
  asm volatile("mov.u64 %0, %%pm0_64;" : "=l"(pm64));
  unsigned pm1;
  asm volatile("mov.u32 %0, %%pm1;" : "=r"(pm1));
  float c;
  asm("copysign.f32 %0, %1, %2;" : "=f"(c) : "f"(f), "f"(u));
  float tanhv;
#if __CUDA_ARCH__ >= 750
  asm("tanh.approx.f32 %0, %1;" : "=f"(tanhv) : "f"(f));
  unsigned short hx = __half_as_ushort(__float2half(f)), hy;
  asm("ex2.approx.f16 %0, %1;" : "=h"(hy) : "h"(hx));
  unsigned h2 = (unsigned)hx | ((unsigned)hy << 16), h2r;
  asm("ex2.approx.f16x2 %0, %1;" : "=r"(h2r) : "r"(h2));
  asm("tanh.approx.f16x2 %0, %1;" : "=r"(h2r) : "r"(h2r));
  tanhv += (float)h2r;
#else
  tanhv = tanhf(f);
#endif
  int sz;
  asm("szext.clamp.s32 %0, %1, %2;" : "=r"(sz) : "r"(a), "r"(b & 31));
  unsigned pk;
  asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(pk) : "r"(a), "r"(b), "r"(0));
  double rd;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(rd) : "d"((double)f));
  float ffull;
  asm("div.full.f32 %0, %1, %2;" : "=f"(ffull) : "f"(f), "f"(u + 1.0f));
  float lgv, sq;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(lgv) : "f"(f));
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(sq) : "f"(f));
  fout[t] = u + c + tanhv + (float)rd + ffull + lgv + sq;
  iout[t] = w + h + sw + is_tex + fin_ok + nrm + m24 + m24h + js + (int)sp + (int)nsmid +
            (int)gridid + (int)envr + (int)pm64 + (int)pm1 + sz + (int)pk;
}

__global__ void memory_ops(float* g, unsigned* gu, __half2* gh, unsigned long long* g64) {
  int t = threadIdx.x;
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(gu), "r"(1u) : "memory");
  asm volatile("red.relaxed.gpu.global.add.f32 [%0], %1;" ::"l"(g), "f"(1.0f) : "memory");
  asm volatile("red.release.sys.global.or.b32 [%0], %1;" ::"l"(gu + 1), "r"(2u) : "memory");
  unsigned one = 0x3c003c00u;
  asm volatile("red.global.add.noftz.f16x2 [%0], %1;" ::"l"(gh), "r"(one) : "memory");
  unsigned old;
  asm volatile("atom.acquire.gpu.global.inc.u32 %0, [%1], %2;" : "=r"(old) : "l"(gu + 2), "r"(100u) : "memory");
  unsigned long long o64;
  asm volatile("atom.relaxed.cta.shared::cta.cas.b64 %0, [%1], %2, %3;" : "=l"(o64)
               : "r"(0u), "l"(0ull), "l"(1ull) : "memory");
  asm volatile("{ .reg .b128 v; .reg .b64 lo, hi; mov.b128 v, {%1, %2}; mov.b128 {lo, hi}, v; "
               "add.u64 %0, lo, hi; }"
               : "=l"(o64) : "l"(g64[0]), "l"(g64[1]));
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(old) : "l"(gu + 3));
  asm volatile("ld.relaxed.sys.global.u32 %0, [%1];" : "=r"(old) : "l"(gu + 3));
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(gu + 4), "r"(old) : "memory");
  asm volatile("ld.acquire.cta.shared.u32 %0, [%1];" : "=r"(old) : "r"(0u));
  asm volatile("fence.sc.sys;" ::: "memory");
  asm volatile("membar.cta;" ::: "memory");
  asm volatile("membar.sys;" ::: "memory");
  asm volatile("fence.proxy.alias;" ::: "memory");
  asm volatile("bar.warp.sync %0;" ::"r"(0xffffffffu));
  unsigned vu;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred q, p, 0xffffffff; selp.u32 %0, 1, 0, q; }"
               : "=r"(vu) : "r"(old));
#if __CUDA_ARCH__ >= 800
  unsigned long long pol, pol2;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
  asm volatile("createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64 %0, 0.5;"
               : "=l"(pol2));
  float v;
  asm volatile("ld.global.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(v) : "l"(g + t), "l"(pol));
  asm volatile("st.global.L2::cache_hint.f32 [%0], %1, %2;" ::"l"(g + t), "f"(v), "l"(pol2) : "memory");
  asm volatile("ld.global.L1::evict_last.L2::256B.f32 %0, [%1];" : "=f"(v) : "l"(g + t));
  asm volatile("ld.global.nc.L1::no_allocate.L2::128B.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(vu), "=r"(old), "=r"(old), "=r"(old) : "l"(gu));
  asm volatile("st.global.L1::no_allocate.f32 [%0], %1;" ::"l"(g + t), "f"(v) : "memory");
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(g + 256));
  asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(g) : "memory");
  asm volatile("cvt.rna.tf32.f32 %0, %1;" : "=r"(old) : "f"(v));
  unsigned rh;
  asm volatile("cvt.rn.relu.f16x2.f32 %0, %1, %2;" : "=r"(rh) : "f"(v), "f"(-v));
  unsigned short bf;
  asm volatile("cvt.rn.bf16.f32 %0, %1;" : "=h"(bf) : "f"(v));
  asm volatile("fma.rn.relu.bf16 %0, %1, %1, %1;" : "=h"(bf) : "h"(bf));
  float mn;
  asm volatile("min.NaN.f32 %0, %1, %2;" : "=f"(mn) : "f"(v), "f"(1.0f));
  g[t] = v + mn + (float)bf + (float)rh;
#endif
#if __CUDA_ARCH__ >= 860
  float xs;
  asm volatile("min.xorsign.abs.f32 %0, %1, %2;" : "=f"(xs) : "f"(g[t]), "f"(-2.0f));
  g[t + 64] = xs;
#endif
#if __CUDA_ARCH__ >= 900
  float ml;
  asm volatile("multimem.ld_reduce.relaxed.sys.global.add.f32 %0, [%1];" : "=f"(ml) : "l"(g));
  asm volatile("multimem.st.relaxed.sys.global.f32 [%0], %1;" ::"l"(g), "f"(ml) : "memory");
  asm volatile("multimem.red.relaxed.sys.global.add.u32 [%0], %1;" ::"l"(gu), "r"(1u) : "memory");
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], 256;" ::"l"(g) : "memory");
  unsigned short bb;
  asm volatile("add.rn.bf16 %0, %1, %1;" : "=h"(bb) : "h"((unsigned short)0x3f80));
  asm volatile("ex2.approx.ftz.bf16 %0, %1;" : "=h"(bb) : "h"(bb));
  unsigned bb2;
  asm volatile("mul.rn.bf16x2 %0, %1, %1;" : "=r"(bb2) : "r"(0x3f803f80u));
  int ab;
  asm volatile("max.s16x2.relu %0, %1, %2;" : "=r"(ab) : "r"(bb2), "r"(old));
  unsigned isc;
  asm volatile("{ .reg .pred p; isspacep.shared::cluster p, %1; selp.u32 %0, 1, 0, p; }"
               : "=r"(isc) : "l"(g));
  unsigned aggr;
  asm volatile("mov.u32 %0, %%aggr_smem_size;" : "=r"(aggr));
  unsigned long long cas_lo = 0, cas_hi = 0;
  asm volatile("{ .reg .b128 cmp, nv, res; mov.b128 cmp, {%2, %3}; mov.b128 nv, {%3, %2}; "
               "atom.global.cas.b128 res, [%4], cmp, nv; mov.b128 {%0, %1}, res; }"
               : "=l"(cas_lo), "=l"(cas_hi) : "l"(g64[2]), "l"(g64[3]), "l"(g64 + 4) : "memory");
  g64[6] = cas_lo ^ cas_hi ^ bb ^ bb2 ^ isc ^ aggr ^ (unsigned)ab;
  g[t + 128] = ml;
#endif
  gu[8 + t] = vu + (unsigned)o64;
}

__global__ void blackwell_ops(float* g, unsigned* gu) {
#if __CUDA_ARCH__ >= 1000
  int t = threadIdx.x;
  unsigned long long a2, b2;
  asm volatile("mov.b64 %0, {%1, %2};" : "=l"(a2) : "f"(g[t]), "f"(g[t + 1]));
  asm volatile("add.rn.f32x2 %0, %1, %1;" : "=l"(b2) : "l"(a2));
  asm volatile("fma.rn.f32x2 %0, %1, %2, %1;" : "=l"(b2) : "l"(a2), "l"(b2));
  asm volatile("mul.rz.ftz.f32x2 %0, %1, %2;" : "=l"(b2) : "l"(a2), "l"(b2));
  float lo, hi;
  asm volatile("mov.b64 {%0, %1}, %2;" : "=f"(lo), "=f"(hi) : "l"(b2));
  float v0, v1, v2, v3, v4, v5, v6, v7;
  asm volatile("ld.global.v8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
               : "=f"(v0), "=f"(v1), "=f"(v2), "=f"(v3), "=f"(v4), "=f"(v5), "=f"(v6), "=f"(v7)
               : "l"(g + 256));
  asm volatile("st.global.v8.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8};" ::"l"(g + 512),
               "f"(v7), "f"(v6), "f"(v5), "f"(v4), "f"(v3), "f"(v2), "f"(v1), "f"(v0)
               : "memory");
  g[t] = lo + hi;
#endif
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  unsigned rs;
  asm volatile("cvt.rs.satfinite.e4m3x4.f32 %0, {%1, %2, %3, %4}, %5;"
               : "=r"(rs) : "f"(g[1]), "f"(g[2]), "f"(g[3]), "f"(g[4]), "r"(gu[0]));
  float rmin;
  asm volatile("redux.sync.min.abs.NaN.f32 %0, %1, 0xffffffff;" : "=f"(rmin) : "f"(g[5]));
  gu[1] = rs;
  g[6] = rmin;
#endif
}
