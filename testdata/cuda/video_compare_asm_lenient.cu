// Inline PTX video comparisons that ptxas 13.0 accepts although the PTX ISA manual's syntax
// does not show them (measured in docs/ptxas-video.md): integer immediates as a, b or c of
// scalar vset (the manual says the operands are registers), scalar vset with a c operand but
// neither .op2 nor a destination selector, modifiers in another order than
// atype.btype.cmp{.add}, white space before a selector, and .u32/.s32 registers.
// A linter that follows ptxas must report no error on any of these (ptxlint warns where the manual
// is stricter: testdata/fixtures/video/nvcc-lenient.sm_90.O3.ptx).
#include <cstdint>

__device__ __forceinline__ unsigned lenient(unsigned a, unsigned b, unsigned c) {
  unsigned r[8];
  asm("vset.u32.u32.lt %0, %1, 7;" : "=r"(r[0]) : "r"(a));
  asm("vset.s32.s32.ge.add %0, %1.b1, %2, 100;" : "=r"(r[1]) : "r"(a), "r"(b));
  asm("vset.u32.u32.eq %0.h1, %1, %2, 0xFF;" : "=r"(r[2]) : "r"(a), "r"(b));
  asm("vset.u32.u32.ne %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("vset2.lt.u32.s32 %0, %1, %2, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("vset4.add.s32.u32.ge %0 .b10, %1 .b0123, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  asm("{ .reg .u32 ua, ub, uc, ud; mov.u32 ua, %1; mov.u32 ub, %2; mov.u32 uc, %3;\n\t"
      "vset2.s32.u32.gt ud.h1, ua.h03, ub, uc;\n\t"
      "mov.u32 %0, ud; }"
      : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("{ .reg .s32 sa, sd; mov.s32 sa, %1;\n\t"
      "vset.s32.s32.lt.max sd, sa.h1, %2, %3;\n\t"
      "mov.s32 %0, sd; }"
      : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
  unsigned s = 0;
  for (int i = 0; i < 8; ++i) s = s * 31u + r[i];
  return s;
}

__global__ void video_compare_lenient(const unsigned* a, const unsigned* b, const unsigned* c,
                                      unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = lenient(a[i], b[i], c[i]);
}
