// CUB block- and warp-level collectives: BlockReduce, BlockScan, BlockLoad/Store,
// BlockRadixSort, BlockExchange, WarpReduce, WarpScan.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/std/functional>

template <int BLOCK, int ITEMS, cub::BlockReduceAlgorithm ALG>
__global__ void block_reduce_kernel(const float* in, float* out) {
  using BR = cub::BlockReduce<float, BLOCK, ALG>;
  __shared__ typename BR::TempStorage tmp;
  float v[ITEMS];
  for (int i = 0; i < ITEMS; ++i) v[i] = in[(blockIdx.x * BLOCK + threadIdx.x) * ITEMS + i];
  float r = BR(tmp).Sum(v);
  __syncthreads();
  float m = BR(tmp).Reduce(v[0], cuda::maximum<float>{});
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = r;
    out[2 * blockIdx.x + 1] = m;
  }
}

template <int BLOCK, int ITEMS>
__global__ void block_scan_kernel(const int* in, int* out, int n) {
  using Load = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cub::BlockStore<int, BLOCK, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using Scan = cub::BlockScan<int, BLOCK>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Scan::TempStorage scan;
  } tmp;
  int items[ITEMS];
  int base = blockIdx.x * BLOCK * ITEMS;
  Load(tmp.load).Load(in + base, items, n - base, 0);
  __syncthreads();
  int aggregate;
  Scan(tmp.scan).ExclusiveSum(items, items, aggregate);
  __syncthreads();
  Store(tmp.store).Store(out + base, items, n - base);
}

template <int BLOCK, int ITEMS, typename K, typename V>
__global__ void block_sort_kernel(K* keys, V* vals) {
  using Sort = cub::BlockRadixSort<K, BLOCK, ITEMS, V>;
  __shared__ typename Sort::TempStorage tmp;
  K k[ITEMS];
  V v[ITEMS];
  for (int i = 0; i < ITEMS; ++i) {
    k[i] = keys[blockIdx.x * BLOCK * ITEMS + threadIdx.x * ITEMS + i];
    v[i] = vals[blockIdx.x * BLOCK * ITEMS + threadIdx.x * ITEMS + i];
  }
  Sort(tmp).SortBlockedToStriped(k, v);
  for (int i = 0; i < ITEMS; ++i) {
    keys[blockIdx.x * BLOCK * ITEMS + i * BLOCK + threadIdx.x] = k[i];
    vals[blockIdx.x * BLOCK * ITEMS + i * BLOCK + threadIdx.x] = v[i];
  }
}

template <typename T>
__global__ void warp_kernel(const T* in, T* out) {
  using WR = cub::WarpReduce<T>;
  using WS = cub::WarpScan<T>;
  __shared__ typename WR::TempStorage rtmp[4];
  __shared__ typename WS::TempStorage stmp[4];
  int warp = threadIdx.x / 32;
  T x = in[blockIdx.x * blockDim.x + threadIdx.x];
  T s = WR(rtmp[warp]).Sum(x);
  T m = WR(rtmp[warp]).Reduce(x, cuda::minimum<T>{});
  T seg = WR(rtmp[warp]).HeadSegmentedSum(x, (threadIdx.x & 7) == 0);
  T inc;
  WS(stmp[warp]).InclusiveSum(x, inc);
  T exc;
  WS(stmp[warp]).ExclusiveScan(x, exc, cuda::maximum<T>{});
  out[blockIdx.x * blockDim.x + threadIdx.x] = inc + exc + seg;
  if ((threadIdx.x & 31) == 0) out[blockIdx.x] = s + m;
}

template <typename T>
__global__ void logical_warp_kernel(const T* in, T* out) {
  using WR = cub::WarpReduce<T, 8>;
  __shared__ typename WR::TempStorage tmp[16];
  T x = in[threadIdx.x];
  T r = WR(tmp[threadIdx.x / 8]).Sum(x);
  out[threadIdx.x] = r;
}

template __global__ void block_reduce_kernel<128, 4, cub::BLOCK_REDUCE_WARP_REDUCTIONS>(const float*, float*);
template __global__ void block_reduce_kernel<256, 2, cub::BLOCK_REDUCE_RAKING>(const float*, float*);
template __global__ void block_reduce_kernel<96, 1, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(const float*, float*);
template __global__ void block_scan_kernel<128, 8>(const int*, int*, int);
template __global__ void block_scan_kernel<256, 4>(const int*, int*, int);
template __global__ void block_sort_kernel<128, 4, unsigned, float>(unsigned*, float*);
template __global__ void block_sort_kernel<64, 8, double, int>(double*, int*);
template __global__ void warp_kernel<int>(const int*, int*);
template __global__ void warp_kernel<float>(const float*, float*);
template __global__ void warp_kernel<double>(const double*, double*);
template __global__ void warp_kernel<long long>(const long long*, long long*);
template __global__ void logical_warp_kernel<unsigned>(const unsigned*, unsigned*);
