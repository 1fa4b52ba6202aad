// Inline PTX: set / setp / selp / slct / vset / vset2 / vset4 and other video instructions,
// nested scopes with local .reg declarations, predicates, labels and branches, vector
// pack/unpack, all constraint letters (h, r, l, f, d, n), special registers, cache-op
// loads/stores, bit-field ops, and "memory" clobbers.
#include <cstdint>

__device__ __forceinline__ unsigned set_lt_s32(int a, int b) {
  unsigned d;
  asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
}
__device__ __forceinline__ float set_ge_f32(float a, float b) {
  float d;
  asm("set.ge.f32.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b));
  return d;
}
__device__ __forceinline__ int set_bool_op(int a, int b, int c) {
  int d;
  asm("{\n\t"
      ".reg .pred pc;\n\t"
      "setp.ne.s32 pc, %3, 0;\n\t"
      "set.gt.and.s32.s32 %0, %1, %2, pc;\n\t"
      "}"
      : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}
__device__ __forceinline__ unsigned setp_selp(int a, int b) {
  unsigned d;
  asm("{ .reg .pred p; setp.lt.s32 p, %1, %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(d) : "r"(a), "r"(b));
  return d;
}
__device__ __forceinline__ unsigned nz(unsigned x) {
  unsigned d;
  asm volatile("{ .reg .pred p; setp.ne.b32 p, %1, 0; selp.u32 %0, 1, 0, p; }" : "=r"(d) : "r"(x));
  return d;
}
__device__ __forceinline__ float setp_pair(float a, float b) {
  float d;
  asm("{\n\t"
      "  .reg .pred p, q;\n\t"
      "  .reg .f32 t;\n\t"
      "  setp.gt.ftz.f32 p|q, %1, %2;\n\t"
      "  @p  add.f32 t, %1, %2;\n\t"
      "  @!p sub.f32 t, %1, %2;\n\t"
      "  @q  mul.f32 t, t, 0f40000000;\n\t"
      "  mov.f32 %0, t;\n\t"
      "}"
      : "=f"(d) : "f"(a), "f"(b));
  return d;
}
__device__ __forceinline__ unsigned setp_boolop(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm("{\n\t"
      ".reg .pred p<3>;\n\t"
      "setp.eq.u32 p0, %3, 7;\n\t"
      "setp.hi.or.u32 p1, %1, %2, !p0;\n\t"
      "setp.ls.xor.u32 p2|p0, %1, %2, p1;\n\t"
      "selp.b32 %0, %1, %2, p2;\n\t"
      "}"
      : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}
__device__ __forceinline__ float setp_unordered(float a, float b) {
  float d;
  asm("{ .reg .pred p; setp.nan.f32 p, %1, %2; @p mov.f32 %0, 0f00000000; @!p max.f32 %0, %1, %2; }"
      : "=f"(d) : "f"(a), "f"(b));
  float e;
  asm("{ .reg .pred p; setp.gtu.f32 p, %1, %2; selp.f32 %0, %1, %2, p; }"
      : "=f"(e) : "f"(a), "f"(b));
  return d + e;
}
__device__ __forceinline__ int slct_s32(int a, int b, int c) {
  int d;
  asm("slct.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}
__device__ __forceinline__ float slct_f32(float a, float b, float c) {
  float d;
  asm("slct.f32.f32 %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c));
  float e;
  asm("slct.ftz.f32.f32 %0, %1, %2, %3;" : "=f"(e) : "f"(a), "f"(b), "f"(c));
  return d + e;
}
__device__ __forceinline__ unsigned long long slct_u64(unsigned long long a, unsigned long long b,
                                                       int c) {
  unsigned long long d;
  asm("slct.u64.s32 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "r"(c));
  return d;
}
__device__ __forceinline__ unsigned vset2_lt(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm("vset2.u32.u32.lt %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}
__device__ __forceinline__ unsigned vset2_variants(unsigned a, unsigned b, unsigned c) {
  unsigned d, e, f;
  asm("vset2.s32.s32.ge.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  asm("vset2.u32.s32.ne %0.h0, %1.h10, %2.h01, %3;" : "=r"(e) : "r"(a), "r"(b), "r"(c));
  asm("vset2.s32.u32.eq.add %0, %1.h11, %2.h00, %3;" : "=r"(f) : "r"(a), "r"(b), "r"(c));
  return d ^ e ^ f;
}
__device__ __forceinline__ unsigned vset4_variants(unsigned a, unsigned b, unsigned c) {
  unsigned d, e, f;
  asm("vset4.u32.u32.gt %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  asm("vset4.s32.s32.le.add %0, %1, %2, %3;" : "=r"(e) : "r"(a), "r"(b), "r"(c));
  asm("vset4.u32.u32.ne %0.b0, %1.b3210, %2.b7654, %3;" : "=r"(f) : "r"(a), "r"(b), "r"(c));
  return d ^ e ^ f;
}
__device__ __forceinline__ unsigned vset_scalar(unsigned a, unsigned b, unsigned c) {
  unsigned d, e, f;
  asm("vset.u32.u32.lt %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  asm("vset.s32.u32.ge.add %0, %1.b1, %2.h0, %3;" : "=r"(e) : "r"(a), "r"(b), "r"(c));
  asm("vset.s32.s32.ne %0.b2, %1, %2, %3;" : "=r"(f) : "r"(a), "r"(b), "r"(c));
  return d + e + f;
}
__device__ __forceinline__ unsigned video_misc(unsigned a, unsigned b, unsigned c) {
  unsigned r[10];
  asm("vadd.u32.u32.u32.sat %0, %1, %2;" : "=r"(r[0]) : "r"(a), "r"(b));
  asm("vadd.s32.s32.s32.add %0, %1.b0, %2.b2, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
  asm("vsub.s32.u32.s32.max %0, %1.h1, %2, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
  asm("vabsdiff.u32.u32.u32.min %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("vmad.u32.u32.u32.shr15 %0, %1.h0, %2.h0, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("vmax.s32.s32.s32 %0, %1, %2;" : "=r"(r[5]) : "r"(a), "r"(b));
  asm("vshl.u32.u32.u32.clamp.add %0, %1, %2, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("vadd2.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
  asm("vavrg4.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(r[8]) : "r"(a), "r"(b), "r"(c));
  asm("vmin2.u32.u32.u32 %0.h1, %1, %2, %3;" : "=r"(r[9]) : "r"(a), "r"(b), "r"(c));
  unsigned s = 0;
  for (int i = 0; i < 10; ++i) s ^= r[i];
  return s;
}
__device__ __forceinline__ unsigned bitfield(unsigned a, unsigned b) {
  unsigned e, i, l, p, f, br;
  asm("bfe.u32 %0, %1, 4, 8;" : "=r"(e) : "r"(a));
  asm("bfi.b32 %0, %1, %2, 8, 12;" : "=r"(i) : "r"(a), "r"(b));
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(l) : "r"(a), "r"(b), "r"(e));
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(p) : "r"(a), "r"(b), "r"(i));
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(f) : "r"(a));
  asm("brev.b32 %0, %1;" : "=r"(br) : "r"(b));
  return e + i + l + p + f + br;
}
__device__ __forceinline__ unsigned short half_regs(unsigned short a, unsigned short b) {
  unsigned short d;
  asm("add.u16 %0, %1, %2;" : "=h"(d) : "h"(a), "h"(b));
  unsigned packed;
  asm("mov.b32 %0, {%1, %2};" : "=r"(packed) : "h"(a), "h"(d));
  unsigned short lo, hi;
  asm("mov.b32 {%0, %1}, %2;" : "=h"(lo), "=h"(hi) : "r"(packed));
  return lo ^ hi;
}
__device__ __forceinline__ double dbl_asm(double a, double b) {
  double d;
  asm("fma.rn.f64 %0, %1, %2, %1;" : "=d"(d) : "d"(a), "d"(b));
  unsigned lo, hi;
  asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "d"(d));
  asm("mov.b64 %0, {%1, %2};" : "=d"(d) : "r"(hi), "r"(lo));
  return d;
}
__device__ __forceinline__ unsigned with_imm(unsigned a) {
  unsigned d;
  asm("shl.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "n"(5));
  asm("add.u32 %0, %0, %1;" : "+r"(d) : "n"(0x1234));
  return d;
}
__device__ __noinline__ int branchy(int a, int b) {
  int r;
  asm volatile(
      "{\n\t"
      ".reg .pred p;\n\t"
      ".reg .s32 acc, i;\n\t"
      "mov.s32 acc, 0;\n\t"
      "mov.s32 i, %1;\n"
      "LOOP_START:\n\t"
      "setp.ge.s32 p, i, %2;\n\t"
      "@p bra.uni LOOP_END;\n\t"
      "add.s32 acc, acc, i;\n\t"
      "add.s32 i, i, 1;\n\t"
      "bra.uni LOOP_START;\n"
      "LOOP_END:\n\t"
      "mov.s32 %0, acc;\n\t"
      "}"
      : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ unsigned sregs() {
  unsigned smid, warpid, nwarp, lane, dsmem, tsmem, clk;
  unsigned long long clk64, gt;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(nwarp));
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dsmem));
  asm volatile("mov.u32 %0, %%total_smem_size;" : "=r"(tsmem));
  asm volatile("mov.u32 %0, %%clock;" : "=r"(clk));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(clk64));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt));
  return smid + warpid + nwarp + lane + dsmem + tsmem + clk + (unsigned)clk64 + (unsigned)gt;
}
__device__ __forceinline__ float cache_ops(const float* p, float* q) {
  float a, b, c, d;
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(a) : "l"(p));
  asm volatile("ld.global.cg.f32 %0, [%1+4];" : "=f"(b) : "l"(p));
  asm volatile("ld.global.cs.f32 %0, [%1+8];" : "=f"(c) : "l"(p));
  asm volatile("ld.volatile.global.f32 %0, [%1+12];" : "=f"(d) : "l"(p));
  asm volatile("st.global.wt.f32 [%0], %1;" ::"l"(q), "f"(a + b) : "memory");
  asm volatile("st.global.cs.f32 [%0+4], %1;" ::"l"(q), "f"(c + d) : "memory");
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p + 64));
  asm volatile("prefetchu.L1 [%0];" ::"l"(p + 128));
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  return a + b + c + d;
}

__global__ void inline_asm_kernel(const int* ia, const unsigned* ua, const float* fa,
                                  const double* da, unsigned* out, float* fout, double* dout,
                                  int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a = ia[i], b = ia[i + 1], c = ia[i + 2];
  unsigned x = ua[i], y = ua[i + 1], z = ua[i + 2];
  float f = fa[i], g = fa[i + 1], h = fa[i + 2];
  unsigned r = set_lt_s32(a, b) + (unsigned)set_bool_op(a, b, c) + setp_selp(a, c) + nz(x);
  r += setp_boolop(x, y, z) + (unsigned)slct_s32(a, b, c);
  r += vset2_lt(x, y, z) + vset2_variants(x, y, z) + vset4_variants(x, y, z) +
       vset_scalar(x, y, z) + video_misc(x, y, z);
  r += bitfield(x, y) + half_regs((unsigned short)x, (unsigned short)y) + with_imm(x);
  r += (unsigned)slct_u64(x, y, a) + (unsigned)branchy(a & 15, b & 31) + sregs();
  out[i] = r;
  fout[i] = set_ge_f32(f, g) + setp_pair(f, g) + setp_unordered(g, h) + slct_f32(f, g, h) +
            cache_ops(fa + i, fout + n + 2 * i);
  dout[i] = dbl_asm(da[i], da[i + 1]);
#pragma unroll 1
  for (int k = 0; k < (a & 7); ++k) asm volatile("" ::: "memory");
  asm volatile("// a PTX comment emitted from inline asm");
}
