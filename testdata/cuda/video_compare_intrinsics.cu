// CUDA's SIMD comparison intrinsics (__vcmp*2/4 return 0xFFFF/0xFF lanes, __vset*2/4 return
// 1/0 lanes). With CUDA 13.0, nvcc lowers every one of them to ordinary bit arithmetic
// (and/xor/lop3/prmt/shr/add...): the PTX contains no vset, vset2 or vset4 for sm_75, sm_80
// or sm_90 (see docs/ptxas-video.md). The file keeps that observation reproducible.
#include <cstdint>

__global__ void simd_compare(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned r = 0;
  r ^= __vcmpeq2(x, y) + __vcmpne2(x, y) + __vcmpgtu2(x, y) + __vcmpges2(x, y);
  r ^= __vcmpltu2(x, y) + __vcmples2(x, y);
  r ^= __vseteq2(x, y) + __vsetne2(x, y) + __vsetgtu2(x, y) + __vsetges2(x, y);
  r ^= __vsetltu2(x, y) + __vsetles2(x, y);
  r ^= __vcmpeq4(x, y) + __vcmpne4(x, y) + __vcmpgtu4(x, y) + __vcmpgts4(x, y);
  r ^= __vcmpleu4(x, y) + __vcmplts4(x, y);
  r ^= __vseteq4(x, y) + __vsetne4(x, y) + __vsetgeu4(x, y) + __vsetgts4(x, y);
  r ^= __vsetleu4(x, y) + __vsetles4(x, y);
  out[i] = r;
}
