// Miscellaneous synchronization / control: __nanosleep, __syncwarp, __trap, __brkpt,
// __threadfence variants, named barriers (bar.sync/bar.arrive/bar.red), clock, assert,
// __builtin_assume/__builtin_expect, __prof_trigger, unreachable, volatile spin-waits,
// load/store cache hints (__ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stwb, __stcg,
// __stcs, __stwt), and grid-dependency control (sm_90).
#include <cassert>
#include <cstdint>

__device__ volatile int g_flag;

__global__ void sleep_spin(int* out, int iters) {
  unsigned ns = 8;
  while (g_flag == 0 && iters-- > 0) {
    __nanosleep(ns);
    ns = ns < 256 ? ns * 2 : 256;
  }
  __syncwarp();
  __syncwarp(0x0000ffffu & __activemask());
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  long long t0 = clock64();
  int c0 = clock();
  out[threadIdx.x] = (int)(clock64() - t0) + (clock() - c0);
}

__global__ void checks(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  if (i >= n) return;
  int v = in[i];
  __builtin_assume(v >= 0);
  if (__builtin_expect(v > 1000000, 0)) __trap();
  if (v == 424242) __brkpt();
  if (v == 7) __prof_trigger(3);
  assert(v != 13 && "thirteen is unlucky");
  switch (v & 3) {
    case 0: out[i] = 1; break;
    case 1: out[i] = 5; break;
    case 2: out[i] = 9; break;
    case 3: out[i] = 2; break;
    default: __builtin_unreachable();
  }
}

__global__ void named_barriers(float* data) {
  // producer/consumer warps with named barriers 1 and 2
  int warp = threadIdx.x / 32;
  __shared__ float buf[128];
  if (warp < 2) {
    buf[threadIdx.x] = data[threadIdx.x];
    asm volatile("bar.arrive 1, 128;" ::: "memory");
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    data[threadIdx.x] = buf[threadIdx.x - 64] * 2.0f;
  }
  asm volatile("barrier.sync 2;" ::: "memory");
  int pred = data[threadIdx.x] > 0.0f, cnt;
  asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; bar.red.popc.u32 %0, 3, p; }"
               : "=r"(cnt) : "r"(pred));
  int all;
  asm volatile("{ .reg .pred p, q; setp.ne.s32 p, %1, 0; bar.red.and.pred q, 4, p; selp.s32 %0, 1, 0, q; }"
               : "=r"(all) : "r"(pred));
  __syncthreads();
  data[128 + threadIdx.x] = (float)(cnt + all);
}

__global__ void cache_hints(const float4* in, float4* out, const int* ii, int* io, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 a = __ldg(&in[i]);
  float4 b = __ldcg(&in[i + n]);
  float4 c = __ldca(&in[i + 2 * n]);
  float4 d = __ldcs(&in[i + 3 * n]);
  float4 e = __ldlu(&in[i + 4 * n]);
  float4 f = __ldcv(&in[i + 5 * n]);
  float4 s = make_float4(a.x + b.x + c.x + d.x + e.x + f.x, a.y + b.y, c.z + d.z, e.w + f.w);
  __stwb(&out[i], s);
  __stcg(&out[i + n], a);
  __stcs(&out[i + 2 * n], b);
  __stwt(&out[i + 3 * n], c);
  int v = __ldg(&ii[i]) + __ldcs(&ii[i + n]) + __ldlu(&ii[i + 2 * n]);
  __stcs(&io[i], v);
  int2 v2 = __ldcg(reinterpret_cast<const int2*>(ii) + i);
  __stwt(reinterpret_cast<int2*>(io) + n + i, v2);
}

__global__ void pdl_kernel(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  if (i < n) data[i] = data[i] * 0.5f + 1.0f;
#if __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

__global__ void alloca_kernel(int n, int* out) {
  int* p = (int*)alloca(sizeof(int) * (n & 63) + 4);
  for (int i = 0; i < (n & 63) + 1; ++i) p[i] = i * threadIdx.x;
  out[threadIdx.x] = p[threadIdx.x % ((n & 63) + 1)];
}
