// Input of holdout_cross.py (scripts/ptxas-diff/isa/README.md, "holdout-cross"): small kernels that
// make nvcc emit the newer instruction families (TMA / cp.async.bulk, mbarrier, wgmma, tcgen05,
// fp8/fp6/fp4 conversions, redux, elect, griddepcontrol, clusters, ldmatrix/stmatrix, red.async,
// multimem). Only the PTX matters; nothing here is meant to be run.
//   nvcc -ptx -std=c++17 -arch=sm_90a  newer.cu -o newer.sm_90a.ptx   (and sm_100a, sm_120a)
#include <cuda/ptx>
#include <cuda_fp8.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#if __has_include(<cuda_fp6.h>)
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#define HAVE_FP6 1
#endif
#include <cstdint>

namespace ptx = cuda::ptx;
namespace cg = cooperative_groups;

__device__ uint32_t smem_addr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

// Bulk copies and the mbarrier that counts their bytes.
__global__ void bulk_copy(const float4* __restrict__ in, float4* out, const void* map, int n)
{
  __shared__ alignas(128) float4 tile[256];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, blockDim.x);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x == 0) {
    ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar, sizeof(tile));
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile, in + blockIdx.x * 256, sizeof(tile), &bar);
    int32_t coords[2] = {int32_t(blockIdx.x) * 16, 0};
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile, map, coords, &bar);
    asm volatile("prefetch.tensormap [%0];" :: "l"(map) : "memory");
  }
  uint64_t state = ptx::mbarrier_arrive(&bar);
  while (!ptx::mbarrier_try_wait(&bar, state)) {}
  tile[threadIdx.x % 256].x += 1.0f;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + blockIdx.x * 256, tile, sizeof(tile));
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, (float*)out, (const float*)tile, 1024);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
#endif
}

// Clusters: distributed shared memory, cluster special registers, red.async and st.async.
__global__ void __cluster_dims__(2, 1, 1) cluster_ops(unsigned* out)
{
  __shared__ unsigned counter;
  __shared__ uint64_t bar;
  cg::cluster_group cluster = cg::this_cluster();
  counter = 0;
  if (threadIdx.x == 0) ptx::mbarrier_init(&bar, 1);
  cluster.sync();
  unsigned rank = cluster.block_rank();
  unsigned* peer = cluster.map_shared_rank(&counter, rank ^ 1);
  atomicAdd(peer, 1u);
#if __CUDA_ARCH__ >= 900
  uint64_t* peer_bar = cluster.map_shared_rank(&bar, rank ^ 1);
  ptx::red_async(ptx::op_add, peer, 3u, peer_bar);
  ptx::st_async(peer, 7u, peer_bar);
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait();
  out[blockIdx.x] = counter + ptx::get_sreg_cluster_nctarank() + ptx::get_sreg_clusterid_x() + ptx::getctarank(ptx::space_cluster, peer);
#endif
}

// Warp-level: redux, elect, match, ldmatrix / stmatrix.
__global__ void warp_ops(const int* in, int* out, __half* hbuf)
{
  int v = in[threadIdx.x];
  unsigned all = __activemask();
  int s = __reduce_add_sync(all, v) + __reduce_max_sync(all, v) + (int)__reduce_or_sync(all, (unsigned)v);
#if __CUDA_ARCH__ >= 900
  unsigned leader = 0;
  asm volatile("{\n .reg .pred p;\n elect.sync %0|p, %1;\n}" : "=r"(leader) : "r"(all));
  s += leader;
#endif
  __shared__ alignas(16) __half tile[16 * 16];
  tile[threadIdx.x % 256] = hbuf[threadIdx.x];
  __syncwarp();
  unsigned a0, a1, a2, a3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(smem_addr(&tile[(threadIdx.x % 16) * 16])));
#if __CUDA_ARCH__ >= 900
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};"
               :: "r"(smem_addr(&tile[(threadIdx.x % 16) * 16])), "r"(a1), "r"(a0) : "memory");
#endif
  out[threadIdx.x] = s + (int)(a2 ^ a3);
}

// Conversions: fp8, fp6, fp4, bf16 packing.
__global__ void narrow_convert(const float2* in, unsigned short* out8, unsigned char* out4, float2* back)
{
  float2 x = in[threadIdx.x];
  __nv_fp8x2_storage_t e4 = __nv_cvt_float2_to_fp8x2(x, __NV_SATFINITE, __NV_E4M3);
  __nv_fp8x2_storage_t e5 = __nv_cvt_float2_to_fp8x2(x, __NV_NOSAT, __NV_E5M2);
  __half_raw hr = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(e4 & 0xff), __NV_E4M3);
  out8[threadIdx.x] = e4 ^ e5 ^ hr.x;
#ifdef HAVE_FP6
  __nv_fp6x2_storage_t f6 = __nv_cvt_float2_to_fp6x2(x, __NV_E2M3, cudaRoundNearest);
  __nv_fp4x2_storage_t f4 = __nv_cvt_float2_to_fp4x2(x, __NV_E2M1, cudaRoundNearest);
  out4[threadIdx.x] = (unsigned char)(f6 ^ f4);
  __half2_raw h2 = __nv_cvt_fp4x2_to_halfraw2(f4, __NV_E2M1);
  back[threadIdx.x] = __half22float2(__half2(h2));
#endif
  __nv_bfloat162 b = __float22bfloat162_rn(x);
  back[threadIdx.x + 1] = __bfloat1622float2(b);
}

// Programmatic dependent launch.
__global__ void dependent(float* data)
{
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  data[threadIdx.x] *= 2.0f;
  asm volatile("griddepcontrol.launch_dependents;");
#endif
}

// multimem (sm_90 and later).
__global__ void multi(float* mc, unsigned* mcu)
{
#if __CUDA_ARCH__ >= 900
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_sys, ptx::op_add, mcu + threadIdx.x, 1u);
  ptx::multimem_st(ptx::sem_relaxed, ptx::scope_gpu, mcu + threadIdx.x + 32, 5u);
  float r;
  asm volatile("multimem.ld_reduce.relaxed.sys.global.add.f32 %0, [%1];" : "=f"(r) : "l"(mc + threadIdx.x));
  mc[threadIdx.x] = r;
#endif
}

// wgmma (sm_90a only).
__global__ void warpgroup_mma(float* out, uint64_t da, uint64_t db)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  float d[8] = {0};
  asm volatile("wgmma.fence.sync.aligned;");
  asm volatile("wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
               "{%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, 1, 1, 1, 0, 0;"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
               : "l"(da), "l"(db));
  asm volatile("wgmma.commit_group.sync.aligned;");
  asm volatile("wgmma.wait_group.sync.aligned 0;");
  for (int i = 0; i < 8; ++i) out[threadIdx.x * 8 + i] = d[i];
#endif
}

// tcgen05 (sm_100a).
__global__ void tensor_memory(uint32_t* out, uint64_t da, uint64_t db, uint32_t idesc)
{
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ uint32_t taddr_slot;
  __shared__ uint64_t done;
  if (threadIdx.x < 32) ptx::tcgen05_alloc(ptx::cta_group_1, &taddr_slot, 32u);
  if (threadIdx.x == 0) ptx::mbarrier_init(&done, 1);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t taddr = taddr_slot;
  if (threadIdx.x == 0) {
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, taddr, da, db, idesc, false);
    ptx::tcgen05_commit(ptx::cta_group_1, &done);
  }
  uint32_t r[4];
  ptx::tcgen05_ld_32x32b(r, taddr);
  ptx::tcgen05_wait_ld();
  uint32_t w[2] = {r[0] + 1, r[1]};
  ptx::tcgen05_st_16x64b(taddr, w);
  ptx::tcgen05_wait_st();
  out[threadIdx.x] = r[0] ^ r[3];
  __syncthreads();
  if (threadIdx.x < 32) {
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
    ptx::tcgen05_dealloc(ptx::cta_group_1, taddr, 32u);
  }
#endif
}
