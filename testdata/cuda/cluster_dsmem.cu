// Thread block clusters through the CUDA built-ins and cooperative_groups (no inline asm of our
// own): __cluster_dims__, cluster barriers (barrier.cluster.arrive/.relaxed/wait), the cluster
// special registers, distributed shared memory (mapa, getctarank, isspacep.shared::cluster,
// ld/st/atom on shared::cluster), and cuda::ptx's barrier_cluster_* and fence variants.
#include <cooperative_groups.h>
#include <cuda/ptx>
namespace cg = cooperative_groups;

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) cluster_histogram(const int* in, int* out, int n) {
  __shared__ int bins[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  for (int i = threadIdx.x; i < 64; i += blockDim.x) bins[i] = 0;
  cluster.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int v = in[i] & 127;
    unsigned dst = (unsigned)v / 64u;                 // which block of the cluster owns the bin
    int* remote = cluster.map_shared_rank(bins, dst); // mapa
    atomicAdd(remote + (v % 64), 1);                  // atom/red on shared::cluster
  }
  cluster.sync();
  if (threadIdx.x < 64) out[(blockIdx.x / 2) * 128 + rank * 64 + threadIdx.x] = bins[threadIdx.x];
}

__global__ void __cluster_dims__(4, 1, 1) cluster_queries(int* out, float* f) {
  __shared__ float buf[32];
  cg::cluster_group cluster = cg::this_cluster();
  buf[threadIdx.x % 32] = f[threadIdx.x];
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
  unsigned next = (cluster.block_rank() + 1) % cluster.num_blocks();
  float* peer = cluster.map_shared_rank(buf, next);
  float v = peer[(threadIdx.x + 1) % 32];              // ld.shared::cluster
  __cluster_barrier_arrive();
  __cluster_barrier_wait();
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  f[i] = v;
  out[i * 8 + 0] = __isClusterShared(peer);           // isspacep.shared::cluster
  out[i * 8 + 1] = __cluster_query_shared_rank(peer); // getctarank
  out[i * 8 + 2] = cluster.dim_blocks().x;            // %cluster_nctaid
  out[i * 8 + 3] = cluster.block_index().x;           // %cluster_ctaid
  out[i * 8 + 4] = __clusterGridDimInClusters().x;    // %nclusterid
  out[i * 8 + 5] = __clusterIdx().x;                  // %clusterid
  out[i * 8 + 6] = __clusterDimIsSpecified();         // %is_explicit_cluster
  out[i * 8 + 7] = __clusterRelativeBlockRank();      // %cluster_ctarank
  cluster.sync();
}

__global__ void __cluster_dims__(2, 1, 1) cluster_ptx_namespace(unsigned* out) {
  namespace ptx = cuda::ptx;
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  ptx::barrier_cluster_arrive(ptx::sem_relaxed);
  ptx::barrier_cluster_wait();
  ptx::fence(ptx::sem_acq_rel, ptx::scope_cluster);
  ptx::fence(ptx::sem_sc, ptx::scope_gpu);
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::fence_proxy_async(ptx::space_global);
  out[threadIdx.x] = ptx::get_sreg_cluster_ctarank() + ptx::get_sreg_cluster_nctarank() * 16u
                     + ptx::get_sreg_clusterid_x() + ptx::get_sreg_is_explicit_cluster();
}
#endif
