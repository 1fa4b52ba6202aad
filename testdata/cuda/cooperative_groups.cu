// Cooperative groups: thread_block, tiled_partition (static/dynamic), coalesced_group,
// cg::reduce / inclusive_scan, grid sync, labeled_partition, memcpy_async, cluster groups.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void cg_tiles(const int* in, int* out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(warp);
  cg::thread_group tile4 = cg::tiled_partition(block, 4);
  int i = block.group_index().x * block.size() + block.thread_rank();
  int v = i < n ? in[i] : 0;
  int s = cg::reduce(warp, v, cg::plus<int>());
  int m = cg::reduce(tile8, v, cg::greater<int>());
  int x = cg::inclusive_scan(warp, v);
  int e = cg::exclusive_scan(tile8, v, cg::bit_xor<int>());
  int sh = warp.shfl_down(v, 1) + tile8.shfl_xor(v, 2) + warp.shfl(v, 0) + tile8.shfl_up(v, 1);
  unsigned b = warp.ballot(v > 0);
  bool any = tile8.any(v < 0), all = tile8.all(v == 0);
  unsigned mm = warp.match_any(v);
  tile4.sync();
  block.sync();
  if (i < n) out[i] = s + m + x + e + sh + (int)b + any + all + (int)mm + (int)tile4.thread_rank();
}

__global__ void cg_coalesced(const int* in, int* out) {
  int v = in[threadIdx.x];
  if (v & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    int r = cg::reduce(active, v, cg::plus<int>());
    int rank = active.thread_rank();
    int leader = active.shfl(v, 0);
    cg::coalesced_group sub = cg::labeled_partition(active, v & 6);
    int sr = cg::reduce(sub, v, cg::less<int>());
    out[threadIdx.x] = r + rank + leader + sr + (int)active.size();
  } else {
    cg::coalesced_group bin = cg::binary_partition(cg::coalesced_threads(), v > 10);
    out[threadIdx.x] = (int)bin.num_threads();
  }
}

__global__ void cg_grid(float* data, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] *= 2.0f;
  grid.sync();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] += data[(i + 1) % n];
}

__global__ void cg_memcpy(const float* in, float* out, int n) {
  extern __shared__ float smem[];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, smem, in + blockIdx.x * n, sizeof(float) * n);
  cg::wait(block);
  auto tile = cg::tiled_partition<32>(block);
  cg::memcpy_async(tile, smem + n, in + blockIdx.x * n + n, sizeof(float) * 32);
  cg::wait_prior<0>(tile);
  out[blockIdx.x * blockDim.x + threadIdx.x] = smem[threadIdx.x] + smem[n + (threadIdx.x & 31)];
}

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) cg_cluster(int* out) {
  __shared__ int buf[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  buf[threadIdx.x & 63] = (int)(rank * 1000 + threadIdx.x);
  cluster.sync();
  int* remote = cluster.map_shared_rank(buf, rank ^ 1);
  int v = remote[threadIdx.x & 63];
  cluster.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = v + (int)cluster.num_blocks() +
                                               (int)cluster.dim_blocks().x +
                                               (int)cluster.block_index().x;
}
#else
__global__ void cg_cluster(int* out) { out[threadIdx.x] = 0; }
#endif
