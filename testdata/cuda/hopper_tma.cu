// Hopper (sm_90 / sm_90a) features through cuda::ptx and inline PTX: mbarrier with
// transaction counts, cp.async.bulk (TMA, bulk and tensor), cp.reduce.async.bulk,
// bulk groups, fence.proxy.async, cluster barriers, distributed shared memory
// (mapa/getctarank, st.async, red.async), elect.sync, stmatrix, and on sm_90a wgmma +
// setmaxnreg. All guarded so the file compiles on every arch.
#include <cuda/ptx>
#include <cuda/barrier>
#include <cuda.h>
#include <cstdint>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

__global__ void tma_bulk_copy(const float* __restrict__ in, float* __restrict__ out, int n) {
#if __CUDA_ARCH__ >= 900
  __shared__ alignas(128) float smem[2048];
  __shared__ alignas(8) uint64_t bar;
  const uint32_t bytes = sizeof(float) * 2048;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  uint64_t state = 0;
  uint32_t parity = 0;
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, smem, in + blockIdx.x * 2048, bytes,
                       &bar);
    state = ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared,
                                           &bar, bytes);
  } else {
    state = ptx::mbarrier_arrive(&bar);
  }
  if (state == ~0ull) parity = 1;  // never true; keeps the arrival state live
  while (!ptx::mbarrier_try_wait_parity(&bar, parity)) {
  }
  for (int i = threadIdx.x; i < 2048; i += blockDim.x) smem[i] = smem[i] * 2.0f + 1.0f;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 2048, smem, bytes);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add,
                              out + (blockIdx.x + gridDim.x) * 2048, smem, bytes);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
  if (threadIdx.x == 0) asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"((unsigned)__cvta_generic_to_shared(&bar)));
#else
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 2.0f + 1.0f;
#endif
}

__global__ void tma_tensor_copy(const __grid_constant__ CUtensorMap tmap, float* out) {
#if __CUDA_ARCH__ >= 900
  __shared__ alignas(128) float tile[64 * 64];
  __shared__ alignas(8) uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, blockDim.x);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  int32_t coords[2] = {(int32_t)blockIdx.x * 64, (int32_t)blockIdx.y * 64};
  uint64_t token;
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile, &tmap, coords, &bar);
    token = ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared,
                                           &bar, sizeof(tile));
  } else {
    token = ptx::mbarrier_arrive(&bar);
  }
  while (!ptx::mbarrier_try_wait(&bar, token)) {
  }
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x) tile[i] = -tile[i];
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &tmap, coords, tile);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
  }
  asm volatile("prefetch.tensormap [%0];" ::"l"(&tmap) : "memory");
#else
  out[threadIdx.x] = 0.0f;
#endif
}

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) cluster_dsmem_async(uint32_t* out) {
  __shared__ alignas(8) uint64_t bar;
  __shared__ uint32_t slots[128];
  __shared__ uint32_t counter;
  cg::cluster_group cluster = cg::this_cluster();
  uint32_t rank = ptx::get_sreg_cluster_ctarank();
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    counter = 0;
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  uint32_t peer = rank ^ 1;
  uint32_t* remote_slots = cluster.map_shared_rank(slots, peer);
  uint64_t* remote_bar = cluster.map_shared_rank(&bar, peer);
  uint32_t* remote_counter = cluster.map_shared_rank(&counter, peer);
  if (threadIdx.x == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar,
                                   128 * 4 + 4);
  }
  __syncthreads();
  ptx::st_async(remote_slots + threadIdx.x, (uint32_t)(rank * 1000 + threadIdx.x), remote_bar);
  if (threadIdx.x == 0) ptx::red_async(ptx::op_add, remote_counter, 1u, remote_bar);
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 0)) {
  }
  uint32_t owner = ptx::getctarank(ptx::space_cluster, remote_slots);
  uint32_t is_leader = 0;
  asm volatile("{\n\t.reg .pred P;\n\t.reg .b32 lane;\n\telect.sync lane|P, 0xffffffff;\n\t"
               "selp.u32 %0, 1, 0, P;\n\t}"
               : "=r"(is_leader));
  out[blockIdx.x * 128 + threadIdx.x] = slots[threadIdx.x] + counter + owner + is_leader +
                                        ptx::get_sreg_cluster_nctarank() +
                                        ptx::get_sreg_clusterid_x();
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
}
#else
__global__ void cluster_dsmem_async(uint32_t* out) { out[threadIdx.x] = 0; }
#endif

__global__ void stmatrix_kernel(const unsigned* in, unsigned* out) {
  __shared__ alignas(16) unsigned short tile[4 * 8 * 8];
  unsigned r0 = in[threadIdx.x * 4 + 0], r1 = in[threadIdx.x * 4 + 1];
  unsigned r2 = in[threadIdx.x * 4 + 2], r3 = in[threadIdx.x * 4 + 3];
  unsigned addr = (unsigned)__cvta_generic_to_shared(&tile[(threadIdx.x & 31) * 8]);
#if __CUDA_ARCH__ >= 900
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(addr),
               "r"(r0), "r"(r1), "r"(r2), "r"(r3)
               : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(addr),
               "r"(r0), "r"(r1)
               : "memory");
#else
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r0), "r"(r1), "r"(r2),
               "r"(r3)
               : "memory");
#endif
  __syncwarp();
  unsigned a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
               : "r"(addr));
  out[threadIdx.x] = a ^ b ^ c ^ d;
}

// wgmma and setmaxnreg require the arch-specific sm_90a feature set.
__global__ void __launch_bounds__(256, 1) wgmma_kernel(const __half* a, const __half* b, float* out, unsigned scale) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  __shared__ alignas(128) __half sa[64 * 16];
  __shared__ alignas(128) __half sb[16 * 8];
  for (int i = threadIdx.x; i < 64 * 16; i += blockDim.x) sa[i] = a[i];
  for (int i = threadIdx.x; i < 16 * 8; i += blockDim.x) sb[i] = b[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  uint64_t desc_a = ((uint64_t)((__cvta_generic_to_shared(sa) & 0x3FFFF) >> 4)) |
                    ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(256 >> 4) << 32);
  uint64_t desc_b = ((uint64_t)((__cvta_generic_to_shared(sb) & 0x3FFFF) >> 4)) |
                    ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(256 >> 4) << 32);
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
      "{\n\t"
      ".reg .pred p;\n\t"
      "setp.ne.b32 p, %6, 0;\n\t"
      "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n\t"
      "}"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "l"(desc_a), "l"(desc_b), "r"(scale));
  unsigned a0 = 0x3c003c00u, a1 = a0, a2 = a0, a3 = a0;
  asm volatile(
      "{\n\t"
      ".reg .pred p;\n\t"
      "setp.ne.b32 p, %9, 0;\n\t"
      "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1, 1;\n\t"
      "}"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(desc_b), "r"(scale));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  if (threadIdx.x >= 128) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  }
  out[threadIdx.x * 4 + 0] = d0;
  out[threadIdx.x * 4 + 1] = d1;
  out[threadIdx.x * 4 + 2] = d2;
  out[threadIdx.x * 4 + 3] = d3;
#else
  out[threadIdx.x] = __half2float(a[threadIdx.x]) * __half2float(b[threadIdx.x]) + (float)scale;
#endif
}

__global__ void tensormap_update(CUtensorMap* maps, void* new_base, unsigned dim) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ alignas(128) CUtensorMap smap;
  if (threadIdx.x == 0) {
    smap = maps[blockIdx.x];
    ptx::tensormap_replace_global_address(ptx::space_shared, &smap, (uint64_t)new_base);
    ptx::tensormap_replace_rank(ptx::space_shared, &smap, 1u);
    ptx::tensormap_replace_global_dim(ptx::space_shared, &smap, ptx::n32_t<0>(), dim);
    ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_gpu,
                                 &maps[blockIdx.x], &smap, ptx::n32_t<128>());
    ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_gpu, &maps[blockIdx.x],
                                       ptx::n32_t<128>());
  }
#else
  if (threadIdx.x == 0) reinterpret_cast<unsigned*>(maps)[blockIdx.x] = dim;
#endif
}
