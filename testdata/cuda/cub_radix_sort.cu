// CUB device-wide radix sorts (keys only, pairs, descending, segmented)
// for a range of key/value types including half and bfloat16.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

template <typename K>
static void sort_keys(void* tmp, size_t& bytes, const K* in, K* out, int n, cudaStream_t s) {
  cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, n, 0, int(sizeof(K) * 8), s);
  cub::DeviceRadixSort::SortKeysDescending(tmp, bytes, in, out, n, 0, int(sizeof(K) * 8), s);
}

template <typename K, typename V>
static void sort_pairs(void* tmp, size_t& bytes, const K* kin, K* kout, const V* vin, V* vout,
                       int n, cudaStream_t s) {
  cub::DeviceRadixSort::SortPairs(tmp, bytes, kin, kout, vin, vout, n, 0, int(sizeof(K) * 8), s);
  cub::DeviceRadixSort::SortPairsDescending(tmp, bytes, kin, kout, vin, vout, n, 0,
                                            int(sizeof(K) * 8), s);
}

template <typename K>
static void seg_sort(void* tmp, size_t& bytes, const K* in, K* out, int n, int nseg,
                     const int* beg, const int* end, cudaStream_t s) {
  cub::DeviceSegmentedRadixSort::SortKeys(tmp, bytes, in, out, n, nseg, beg, end, 0,
                                          int(sizeof(K) * 8), s);
}

void radix_sort_entry(void* tmp, size_t& bytes, int n, cudaStream_t s) {
  sort_keys<uint8_t>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<int16_t>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<int>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<uint64_t>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<float>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<double>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<__half>(tmp, bytes, nullptr, nullptr, n, s);
  sort_keys<__nv_bfloat16>(tmp, bytes, nullptr, nullptr, n, s);
  sort_pairs<int, int>(tmp, bytes, nullptr, nullptr, nullptr, nullptr, n, s);
  sort_pairs<float, uint32_t>(tmp, bytes, nullptr, nullptr, nullptr, nullptr, n, s);
  sort_pairs<uint64_t, double>(tmp, bytes, nullptr, nullptr, nullptr, nullptr, n, s);
  seg_sort<int>(tmp, bytes, nullptr, nullptr, n, 16, nullptr, nullptr, s);
}
