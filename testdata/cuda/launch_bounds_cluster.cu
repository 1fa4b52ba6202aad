// __launch_bounds__ (with min blocks and max blocks per cluster), __maxnreg__,
// __cluster_dims__ and distributed shared memory on sm_90+, .maxntid/.minnctapersm/.reqntid.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __launch_bounds__(256) lb_simple(float* p) {
  p[blockIdx.x * 256 + threadIdx.x] *= 2.0f;
}

__global__ void __launch_bounds__(128, 4) lb_minblocks(const float* a, float* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 16; ++k) acc += a[(i + k * 97) % n] * k;
  b[i] = acc;
}

#if __CUDA_ARCH__ >= 900
__global__ void __launch_bounds__(128, 2, 4) lb_cluster(float* p) {
  p[blockIdx.x * 128 + threadIdx.x] += 1.0f;
}
#else
__global__ void __launch_bounds__(128, 2) lb_cluster(float* p) {
  p[blockIdx.x * 128 + threadIdx.x] += 1.0f;
}
#endif

__global__ void __maxnreg__(40) maxnreg_kernel(const double* a, double* b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = a[i];
  b[i] = x * x * x + 3.0 * x * x - 2.0 * x + 1.0;
}

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(256) cluster_dsmem(int* out) {
  __shared__ int smem[256];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  smem[threadIdx.x] = (int)(rank * 256 + threadIdx.x);
  cluster.sync();
  unsigned dst = (rank + 1) % cluster.num_blocks();
  int* peer = cluster.map_shared_rank(smem, dst);
  int v = peer[(threadIdx.x + 1) & 255];
  unsigned cta_rank, ncta, cid;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(cta_rank));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(ncta));
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
  unsigned is_explicit;
  asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }"
               : "=r"(is_explicit));
  cluster.sync();
  out[blockIdx.x * 256 + threadIdx.x] = v + (int)(cta_rank + ncta + cid + is_explicit);
}

__global__ void __cluster_dims__(2, 2, 1) cluster_2d(float* out) {
  cg::cluster_group cluster = cg::this_cluster();
  dim3 bi = cluster.block_index();
  dim3 di = cluster.dim_blocks();
  asm volatile("barrier.cluster.arrive.relaxed;\n\tbarrier.cluster.wait;" ::: "memory");
  out[blockIdx.x] = (float)(bi.x + bi.y * di.x);
}
#else
__global__ void cluster_dsmem(int* out) { out[threadIdx.x] = 0; }
__global__ void cluster_2d(float* out) { out[threadIdx.x] = 0.0f; }
#endif
