// Blackwell (sm_100a) features through cuda::ptx: tensor memory (tcgen05.alloc/dealloc/
// relinquish), tcgen05.mma (f16 and tf32 kinds), tcgen05.ld/st/cp/shift/commit/fence/wait,
// cluster launch control (try_cancel/query_cancel), st.bulk, and 128-bit values (.b128).
// Other arches get a plain fallback body.
#include <cuda/ptx>
#include <cstdint>
namespace ptx = cuda::ptx;

__global__ void __launch_bounds__(128) tcgen05_gemm_tile(const __half* a, const __half* b,
                                                           float* out, uint32_t idesc) {
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ alignas(1024) __half sa[128 * 16];
  __shared__ alignas(1024) __half sb[128 * 16];
  __shared__ alignas(8) uint64_t mma_bar;
  __shared__ uint32_t tmem_base;
  for (int i = threadIdx.x; i < 128 * 16; i += blockDim.x) {
    sa[i] = a[i];
    sb[i] = b[i];
  }
  if (threadIdx.x < 32) {
    ptx::tcgen05_alloc(ptx::cta_group_1, &tmem_base, 128u);
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  }
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&mma_bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t tmem = tmem_base;
  uint64_t desc_a = ((uint64_t)((__cvta_generic_to_shared(sa) & 0x3FFFF) >> 4)) |
                    ((uint64_t)1 << 16) | ((uint64_t)64 << 32) | ((uint64_t)1 << 46);
  uint64_t desc_b = ((uint64_t)((__cvta_generic_to_shared(sb) & 0x3FFFF) >> 4)) |
                    ((uint64_t)1 << 16) | ((uint64_t)64 << 32) | ((uint64_t)1 << 46);
  if (threadIdx.x == 0) {
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, tmem, desc_a, desc_b, idesc, false);
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, tmem, desc_a, desc_b, idesc, true);
    ptx::tcgen05_mma(ptx::kind_tf32, ptx::cta_group_1, tmem, desc_a, desc_b, idesc, true);
    uint32_t mask[4] = {0u, 0u, 0u, 0u};
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, tmem, desc_a, desc_b, idesc, mask, true);
    ptx::tcgen05_commit(ptx::cta_group_1, &mma_bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&mma_bar, 0)) {
  }
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t r[4];
  ptx::tcgen05_ld_32x32b(r, tmem + ((threadIdx.x / 32 * 32) << 16));
  ptx::tcgen05_wait_ld();
  uint32_t v[2] = {r[0] ^ r[1], r[2] ^ r[3]};
  ptx::tcgen05_st_32x32b(tmem + 64 + ((threadIdx.x / 32 * 32) << 16), v);
  ptx::tcgen05_wait_st();
  if (threadIdx.x == 0) {
    ptx::tcgen05_cp_128x256b(ptx::cta_group_1, tmem + 96, desc_a);
    ptx::tcgen05_shift_down(ptx::cta_group_1, tmem);
  }
  for (int k = 0; k < 4; ++k) out[threadIdx.x * 4 + k] = __uint_as_float(r[k]);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  if (threadIdx.x < 32) ptx::tcgen05_dealloc(ptx::cta_group_1, tmem, 128u);
#else
  out[threadIdx.x] = __half2float(a[threadIdx.x]) + __half2float(b[threadIdx.x]) + (float)idesc;
#endif
}

__global__ void cluster_launch_control(float* data, int n) {
#if __CUDA_ARCH__ >= 1000
  __shared__ alignas(16) uint4 response;
  __shared__ alignas(8) uint64_t bar;
  int bx = blockIdx.x;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::st_bulk(&response, 16, ptx::n32_t<0>());
  }
  __syncthreads();
  uint32_t phase = 0;
  while (true) {
    int i = bx * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= 3.0f;
    if (threadIdx.x == 0) {
      ptx::clusterlaunchcontrol_try_cancel(&response, &bar);
      ptx::mbarrier_arrive_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar,
                                     16u);
    }
    while (!ptx::mbarrier_try_wait_parity(&bar, phase)) {
    }
    phase ^= 1;
    uint4 resp = response;
    __syncthreads();
    if (!ptx::clusterlaunchcontrol_query_cancel_is_canceled(resp)) break;
    bx = (int)ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<uint32_t>(resp);
  }
#else
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 3.0f;
#endif
}
