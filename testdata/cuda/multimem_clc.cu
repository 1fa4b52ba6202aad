// Newer memory instructions through cuda::ptx (CCCL's wrappers, as libraries use them):
// multimem.ld_reduce / multimem.st / multimem.red on sm_90, and on sm_100a cluster launch control
// (clusterlaunchcontrol.try_cancel / query_cancel) and st.bulk.
#include <cuda/ptx>
#include <cstdint>

#if __CUDA_ARCH__ >= 900
__global__ void multimem_ops(uint32_t* mc_u32, uint64_t* mc_u64, int32_t* mc_s32, uint32_t* out) {
  namespace ptx = cuda::ptx;
  int i = threadIdx.x;
  uint32_t a = ptx::multimem_ld_reduce(ptx::sem_relaxed, ptx::scope_gpu, ptx::op_min, mc_u32 + i);
  uint32_t b = ptx::multimem_ld_reduce(ptx::sem_weak, ptx::op_add, mc_u32 + i);
  uint64_t c = ptx::multimem_ld_reduce(ptx::sem_acquire, ptx::scope_sys, ptx::op_max, mc_u64 + i);
  int32_t d = ptx::multimem_ld_reduce(ptx::sem_weak, ptx::op_min, mc_s32 + i);
  ptx::multimem_st(ptx::sem_relaxed, ptx::scope_cluster, mc_u32 + 64 + i, a + b);
  ptx::multimem_st(ptx::sem_weak, mc_u64 + 64 + i, c);
  ptx::multimem_red(ptx::sem_release, ptx::scope_gpu, ptx::op_add, mc_u32 + 128 + i, 1u);
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_sys, ptx::op_max, mc_s32 + 128 + i, d);
  out[i] = a ^ b ^ (uint32_t)c ^ (uint32_t)d;
}
#endif

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
__global__ void cluster_launch_control(int* out, uint64_t* gmem) {
  namespace ptx = cuda::ptx;
  __shared__ alignas(16) unsigned char response[16];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    ptx::clusterlaunchcontrol_try_cancel(response, &bar);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 16);
    while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
    }
    __int128 r = *reinterpret_cast<__int128*>(response);
    bool canceled = ptx::clusterlaunchcontrol_query_cancel_is_canceled(r);
    out[blockIdx.x * 2] = canceled ? (int)ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<int>(r) : -1;
  }
  __shared__ alignas(8) uint64_t zeroed[64];
  ptx::st_bulk(zeroed, 512, cuda::ptx::n32_t<0>());
  __syncthreads();
  out[blockIdx.x * 2 + 1] = (int)zeroed[threadIdx.x % 64] + (int)gmem[0];
}
#endif
