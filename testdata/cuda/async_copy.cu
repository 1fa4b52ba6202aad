// Asynchronous copies: cuda::barrier + cuda::memcpy_async, cuda::pipeline (multi-stage),
// __pipeline_memcpy_async primitives (cp.async on sm_80+), arrive/wait tokens, and
// cuda::latch/semaphore-style primitives.
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Block-scope barriers/pipeline states are initialised via init() by one thread.
#pragma nv_diag_suppress static_var_with_dynamic_init

__global__ void barrier_memcpy(const float* in, float* out, int n) {
  __shared__ alignas(16) float smem[1024];
  using barrier_t = cuda::barrier<cuda::thread_scope_block>;
  __shared__ barrier_t bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, smem, in + blockIdx.x * 1024, cuda::aligned_size_t<16>(sizeof(float) * 1024), bar);
  barrier_t::arrival_token tok = bar.arrive();
  bar.wait(cuda::std::move(tok));
  float s = 0;
  for (int k = threadIdx.x; k < 1024; k += blockDim.x) s += smem[k];
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  bar.arrive_and_drop();
}

template <int STAGES>
__global__ void pipelined(const float4* in, float4* out, int tiles) {
  __shared__ alignas(16) float4 buf[STAGES][128];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int fetch = 0;
  for (int t = 0; t < tiles; ++t) {
    for (; fetch < tiles && fetch < t + STAGES; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % STAGES], in + fetch * 128, sizeof(float4) * 128, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    float4 v = buf[t % STAGES][threadIdx.x];
    out[t * 128 + threadIdx.x] = make_float4(v.w, v.z, v.y, v.x);
    pipe.consumer_release();
  }
}
template __global__ void pipelined<2>(const float4*, float4*, int);
template __global__ void pipelined<4>(const float4*, float4*, int);

__global__ void pipeline_primitives(const int4* in, const int* in4, int4* out, int n) {
  __shared__ alignas(16) int4 s16[256];
  __shared__ alignas(8) int2 s8[256];
  __shared__ int s4[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __pipeline_memcpy_async(&s16[threadIdx.x], &in[i], sizeof(int4));
  __pipeline_memcpy_async(&s8[threadIdx.x], reinterpret_cast<const int2*>(in4) + i, sizeof(int2));
  __pipeline_memcpy_async(&s4[threadIdx.x], &in4[i], sizeof(int), (i < n) ? 0 : sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  int4 v = s16[(threadIdx.x + 1) % blockDim.x];
  out[i] = make_int4(v.x + s4[threadIdx.x], v.y + s8[threadIdx.x].x, v.z, v.w);
}

__global__ void raw_cp_async(const float* in, float* out) {
#if __CUDA_ARCH__ >= 800
  __shared__ alignas(16) float s[512];
  unsigned saddr = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x * 4]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(saddr), "l"(in + threadIdx.x * 4));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(saddr), "l"(in), "r"(0));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * 4 + 5) & 511];
#else
  out[threadIdx.x] = in[threadIdx.x];
#endif
}

__global__ void split_barrier(int* data) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  data[threadIdx.x] += 1;
  auto token = bar.arrive(1);
  data[blockDim.x + threadIdx.x] = threadIdx.x;
  bar.wait(std::move(token));
  data[threadIdx.x] += data[blockDim.x + ((threadIdx.x + 1) % blockDim.x)];
}
