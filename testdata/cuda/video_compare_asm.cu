// Inline PTX video comparisons in the forms of the PTX ISA manual (9.7.17.x vset,
// 9.7.18.2.x vset2/vset4) that ptxas 13.0 accepts: both type orders, every CmpOp,
// destination masks, source selectors (defaults spelled out and not), the merge and the
// .add (accumulate) form of vset2/vset4, and the plain / .op2 / dsel (merge) forms of vset.
// docs/ptxas-video.md has the measured rules behind each form.
#include <cstdint>

__device__ __forceinline__ unsigned vset2_forms(unsigned a, unsigned b, unsigned c) {
  unsigned r[8];
  asm("vset2.u32.u32.eq %0, %1, %2, %3;" : "=r"(r[0]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.s32.u32.lt %0.h0, %1.h01, %2.h23, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.u32.s32.le %0.h1, %1.h33, %2.h00, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.s32.s32.gt %0.h10, %1.h10, %2.h32, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.u32.u32.ge.add %0, %1, %2, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.s32.s32.ne.add %0.h1, %1.h21, %2.h12, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.u32.s32.lt.add %0.h0, %1.h30, %2, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.s32.u32.eq %0.h10, %1, %2.h11, %3;" : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
  unsigned s = 0;
  for (int i = 0; i < 8; ++i) s = s * 31u + r[i];
  return s;
}

__device__ __forceinline__ unsigned vset4_forms(unsigned a, unsigned b, unsigned c) {
  unsigned r[8];
  asm("vset4.u32.u32.ne %0, %1, %2, %3;" : "=r"(r[0]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.s32.s32.lt %0.b0, %1.b0123, %2.b4567, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.u32.s32.le %0.b21, %1.b7777, %2.b0000, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.s32.u32.gt %0.b310, %1.b3210, %2.b7654, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.u32.u32.ge %0.b3210, %1.b7250, %2.b1032, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.s32.s32.eq.add %0, %1, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.u32.u32.lt.add %0.b32, %1.b5410, %2.b2233, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.s32.u32.ne.add %0.b1, %1, %2.b3333, %3;" : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
  unsigned s = 0;
  for (int i = 0; i < 8; ++i) s = s * 31u + r[i];
  return s;
}

__device__ __forceinline__ unsigned vset_forms(unsigned a, unsigned b, unsigned c) {
  unsigned r[10];
  asm("vset.u32.u32.eq %0, %1, %2;" : "=r"(r[0]) : "r"(a), "r"(b));
  asm("vset.s32.u32.lt %0, %1.b3, %2.h1;" : "=r"(r[1]) : "r"(a), "r"(b));
  asm("vset.u32.s32.ge %0, %1.h0, %2.b2;" : "=r"(r[2]) : "r"(a), "r"(b));
  asm("vset.s32.s32.ne.add %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("vset.u32.u32.gt.min %0, %1.b1, %2.b0, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("vset.s32.s32.le.max %0, %1.h1, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  asm("vset.u32.u32.lt %0.b0, %1, %2, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("vset.s32.u32.eq %0.b3, %1.b2, %2.b1, %3;" : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
  asm("vset.u32.s32.ne %0.h0, %1.h1, %2.h0, %3;" : "=r"(r[8]) : "r"(a), "r"(b), "r"(c));
  asm("vset.s32.s32.gt %0.h1, %1, %2.b3, %3;" : "=r"(r[9]) : "r"(a), "r"(b), "r"(c));
  unsigned s = 0;
  for (int i = 0; i < 10; ++i) s = s * 31u + r[i];
  return s;
}

__global__ void video_compare(const unsigned* a, const unsigned* b, const unsigned* c,
                              unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  out[i] = vset2_forms(x, y, z) ^ vset4_forms(x, y, z) ^ vset_forms(x, y, z);
}
