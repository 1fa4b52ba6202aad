// Warp- and grid-level instructions newer than sm_80 as nvcc emits them from intrinsics:
// redux.sync (integer; float min/max on sm_100a as inline asm), elect.sync via cg::invoke_one, griddepcontrol
// via programmatic dependent launch, __nanosleep, match.sync and the cache-hinted ld/st.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void redux_int(const unsigned* in, unsigned* out) {
  unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int s = (int)v - 1000;
#if __CUDA_ARCH__ >= 800
  unsigned m = __activemask();
  out[threadIdx.x * 6 + 0] = __reduce_add_sync(m, v);
  out[threadIdx.x * 6 + 1] = __reduce_min_sync(m, v);
  out[threadIdx.x * 6 + 2] = (unsigned)__reduce_max_sync(m, s);
  out[threadIdx.x * 6 + 3] = __reduce_and_sync(m, v);
  out[threadIdx.x * 6 + 4] = __reduce_or_sync(m, v);
  out[threadIdx.x * 6 + 5] = __reduce_xor_sync(0xffffffffu, v);
#else
  out[threadIdx.x] = v + (unsigned)s;
#endif
}

// Float redux has no intrinsic in CUDA 13.0: CCCL-style inline asm, on sm_100a only.
__global__ void redux_float(const float* in, float* out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  float lo, hi;
  asm("redux.sync.min.f32 %0, %1, %2;" : "=f"(lo) : "f"(v), "r"(0xffffffffu));
  asm("redux.sync.max.abs.NaN.f32 %0, %1, %2;" : "=f"(hi) : "f"(v), "r"(0xffffffffu));
  out[threadIdx.x * 2] = lo;
  out[threadIdx.x * 2 + 1] = hi;
#else
  out[threadIdx.x] = v;
#endif
}

__global__ void elect_and_pdl(const float* in, float* out, int* counter) {
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();                 // griddepcontrol.wait
#endif
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  float v = __ldcs(in + blockIdx.x * blockDim.x + threadIdx.x); // ld.global.cs
  cg::invoke_one(warp, [&] { atomicAdd(counter, 1); });         // elect.sync on sm_90
  unsigned same = __match_any_sync(0xffffffffu, __float_as_uint(v));
  __stcs(out + blockIdx.x * blockDim.x + threadIdx.x, v + __popc(same)); // st.global.cs
  __stwt(out + gridDim.x * blockDim.x + threadIdx.x, v);                 // st.global.wt
#if __CUDA_ARCH__ >= 700
  __nanosleep(100);
#endif
#if __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();       // griddepcontrol.launch_dependents
#endif
}
