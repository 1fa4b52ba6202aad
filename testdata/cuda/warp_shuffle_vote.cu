// Warp-level primitives: __shfl_sync variants, votes, match, reduce, __activemask, __syncwarp.
#include <cstdint>

template <typename T>
__device__ T shuffles(T v, int lane, unsigned mask) {
  T a = __shfl_sync(mask, v, (lane + 3) & 31);
  T b = __shfl_up_sync(mask, v, 1);
  T c = __shfl_down_sync(mask, v, 4);
  T d = __shfl_xor_sync(mask, v, 16);
  T e = __shfl_sync(mask, v, 2, 8);       // width 8
  T f = __shfl_down_sync(mask, v, 1, 16); // width 16
  T g = __shfl_up_sync(mask, v, 2, 4);    // width 4
  T h = __shfl_xor_sync(mask, v, 1, 2);   // width 2
  return a + b + c + d + e + f + g + h;
}

__global__ void shfl_kernel(const int* ii, const float* fi, const double* di, const long long* li,
                            int* io, float* fo, double* dd, long long* lo) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  unsigned full = 0xffffffffu;
  io[t] = shuffles(ii[t], lane, full);
  fo[t] = shuffles(fi[t], lane, full);
  dd[t] = shuffles(di[t], lane, full);
  lo[t] = shuffles(li[t], lane, full);
  // shuffle with a dynamic, non-full mask
  unsigned half = __ballot_sync(full, lane < 16);
  if (lane < 16) io[t] += __shfl_sync(half, ii[t], ii[t] & 15, 16);
}

__global__ void vote_kernel(const int* in, unsigned* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  unsigned full = 0xffffffffu;
  unsigned b = __ballot_sync(full, v > 0);
  int all = __all_sync(full, v != 0);
  int any = __any_sync(full, v < -5);
  unsigned act = __activemask();
  unsigned m1 = __match_any_sync(full, v);
  int pred;
  unsigned m2 = __match_all_sync(full, v & 0xff, &pred);
  unsigned m3 = __match_any_sync(full, (unsigned long long)v * 3ull);
  unsigned m4 = __match_all_sync(full, (long long)v, &pred);
  __syncwarp();
  __syncwarp(b | 1u);
  unsigned lt = 0, le = 0, gt = 0, ge = 0, eq = 0;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
  out[t] = b + all + any + act + m1 + m2 + m3 + m4 + pred + __popc(b & lt) + le + gt + ge + eq;
}

__global__ void warp_reduce_kernel(const unsigned* in, unsigned* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = in[t];
  unsigned full = 0xffffffffu;
#if __CUDA_ARCH__ >= 800
  unsigned s = __reduce_add_sync(full, v);
  unsigned mn = __reduce_min_sync(full, v);
  unsigned mx = __reduce_max_sync(full, v);
  int smn = __reduce_min_sync(full, (int)v);
  int smx = __reduce_max_sync(full, (int)v);
  unsigned a = __reduce_and_sync(full, v);
  unsigned o = __reduce_or_sync(full, v);
  unsigned x = __reduce_xor_sync(full, v);
  out[t] = s + mn + mx + smn + smx + a + o + x;
#else
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(full, v, off);
  out[t] = v;
#endif
}
