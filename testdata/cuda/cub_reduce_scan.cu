// CUB DeviceReduce / DeviceScan / DeviceSegmentedReduce with built-in and custom operators.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cuda/std/functional>
#include <cstdint>

struct AbsMax {
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    T aa = a < T(0) ? -a : a;
    T bb = b < T(0) ? -b : b;
    return aa > bb ? aa : bb;
  }
};

struct Pair {
  float x;
  int y;
};

struct PairSum {
  __host__ __device__ Pair operator()(const Pair& a, const Pair& b) const {
    return Pair{a.x + b.x, a.y ^ b.y};
  }
};

template <typename T>
static void reductions(void* tmp, size_t& bytes, const T* in, T* out, int n, cudaStream_t s) {
  cub::DeviceReduce::Sum(tmp, bytes, in, out, n, s);
  cub::DeviceReduce::Min(tmp, bytes, in, out, n, s);
  cub::DeviceReduce::Max(tmp, bytes, in, out, n, s);
  cub::DeviceReduce::Reduce(tmp, bytes, in, out, n, AbsMax{}, T(0), s);
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n, s);
  cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n, s);
  cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, AbsMax{}, n, s);
  cub::DeviceScan::ExclusiveScan(tmp, bytes, in, out, cuda::maximum<T>{}, T(0), n, s);
}

void reduce_scan_entry(void* tmp, size_t& bytes, int n, cudaStream_t s) {
  reductions<int>(tmp, bytes, nullptr, nullptr, n, s);
  reductions<float>(tmp, bytes, nullptr, nullptr, n, s);
  reductions<double>(tmp, bytes, nullptr, nullptr, n, s);
  reductions<int64_t>(tmp, bytes, nullptr, nullptr, n, s);
  Pair* p = nullptr;
  cub::DeviceReduce::Reduce(tmp, bytes, p, p, n, PairSum{}, Pair{0.f, 0}, s);
  cub::DeviceScan::InclusiveScan(tmp, bytes, p, p, PairSum{}, n, s);
  const int* offs = nullptr;
  float* f = nullptr;
  cub::DeviceSegmentedReduce::Sum(tmp, bytes, f, f, 8, offs, offs + 1, s);
  cub::DeviceSegmentedReduce::Max(tmp, bytes, f, f, 8, offs, offs + 1, s);
}
