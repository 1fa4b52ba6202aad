// Source for the single-module benchmark PTX (scripts/gen-corpus.sh --big):
// instantiates CUB device-wide algorithms for many key/value type combinations so that one
// nvcc invocation (-G, sm_90) produces one very large, real PTX module.
// Not part of the regular corpus loop (it lives in a subdirectory).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

#ifndef BIG_LEVEL
#define BIG_LEVEL 2  // 1: keys only (~59 MB), 2: + pairs with 3 value types (~110 MB),
                     // 3: + pairs with 6 value types (~160 MB)   [sizes: sm_90, -G]
#endif

template <typename K>
static void keys(void* t, size_t& b, int n, cudaStream_t s) {
  const K* in = nullptr;
  K* out = nullptr;
  cub::DeviceRadixSort::SortKeys(t, b, in, out, n, 0, int(sizeof(K) * 8), s);
  cub::DeviceRadixSort::SortKeysDescending(t, b, in, out, n, 0, int(sizeof(K) * 8), s);
  cub::DeviceSegmentedRadixSort::SortKeys(t, b, in, out, n, 4, (const int*)nullptr,
                                          (const int*)nullptr, 0, int(sizeof(K) * 8), s);
}

template <typename K, typename V>
static void pairs(void* t, size_t& b, int n, cudaStream_t s) {
  const K* kin = nullptr;
  K* kout = nullptr;
  const V* vin = nullptr;
  V* vout = nullptr;
  cub::DeviceRadixSort::SortPairs(t, b, kin, kout, vin, vout, n, 0, int(sizeof(K) * 8), s);
  cub::DeviceRadixSort::SortPairsDescending(t, b, kin, kout, vin, vout, n, 0,
                                            int(sizeof(K) * 8), s);
}

struct Less {
  template <typename T>
  __host__ __device__ bool operator()(const T& a, const T& b) const { return a < b; }
};

template <typename T>
static void misc(void* t, size_t& b, int n, cudaStream_t s) {
  T* p = nullptr;
  int* cnt = nullptr;
  cub::DeviceMergeSort::SortKeys(t, b, p, n, Less{}, s);
  cub::DeviceReduce::Sum(t, b, p, p, n, s);
  cub::DeviceScan::InclusiveSum(t, b, p, p, n, s);
  cub::DeviceScan::ExclusiveSum(t, b, p, p, n, s);
  cub::DeviceSelect::Unique(t, b, p, p, cnt, n, s);
}

#if BIG_LEVEL >= 3
#define MORE_VALUES(K)                    \
  pairs<K, double>(t, b, n, s);           \
  pairs<K, int16_t>(t, b, n, s);          \
  pairs<K, uint8_t>(t, b, n, s);
#else
#define MORE_VALUES(K)
#endif

#if BIG_LEVEL >= 2
#define FOR_VALUES(K)                     \
  pairs<K, int32_t>(t, b, n, s);          \
  pairs<K, float>(t, b, n, s);            \
  pairs<K, uint64_t>(t, b, n, s);         \
  MORE_VALUES(K)
#else
#define FOR_VALUES(K)
#endif

#define FOR_KEY(K)                        \
  keys<K>(t, b, n, s);                    \
  FOR_VALUES(K)

void big_entry(void* t, size_t& b, int n, cudaStream_t s) {
  FOR_KEY(int8_t)
  FOR_KEY(uint8_t)
  FOR_KEY(int16_t)
  FOR_KEY(uint16_t)
  FOR_KEY(int32_t)
  FOR_KEY(uint32_t)
  FOR_KEY(int64_t)
  FOR_KEY(uint64_t)
  FOR_KEY(float)
  FOR_KEY(double)
  FOR_KEY(__half)
  FOR_KEY(__nv_bfloat16)
  misc<int>(t, b, n, s);
  misc<unsigned long long>(t, b, n, s);
  misc<float>(t, b, n, s);
  misc<double>(t, b, n, s);
}
