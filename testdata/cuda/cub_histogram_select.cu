// CUB DeviceHistogram, DeviceSelect, DevicePartition, DeviceRunLengthEncode.
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_select.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cstdint>

struct IsPositive {
  __host__ __device__ bool operator()(const float& x) const { return x > 0.0f; }
};
struct IsOdd {
  __host__ __device__ bool operator()(const int& x) const { return (x & 1) != 0; }
};

void histogram_select_entry(void* tmp, size_t& bytes, int n, cudaStream_t s) {
  const unsigned char* samples8 = nullptr;
  const float* samplesf = nullptr;
  int* hist = nullptr;
  cub::DeviceHistogram::HistogramEven(tmp, bytes, samples8, hist, 257, 0, 256, n, s);
  cub::DeviceHistogram::HistogramEven(tmp, bytes, samplesf, hist, 65, 0.0f, 1.0f, n, s);
  const float* levels = nullptr;
  cub::DeviceHistogram::HistogramRange(tmp, bytes, samplesf, hist, 9, levels, n, s);
  const uchar4* pixels = nullptr;
  int* hists[3] = {hist, hist, hist};
  int nlev[3] = {257, 257, 257};
  unsigned int lo[3] = {0, 0, 0};
  unsigned int hi[3] = {256, 256, 256};
  cub::DeviceHistogram::MultiHistogramEven<4, 3>(tmp, bytes, (const unsigned char*)pixels, hists,
                                                 nlev, lo, hi, n, s);

  float* f = nullptr;
  int* i = nullptr;
  int* nsel = nullptr;
  const char* flags = nullptr;
  cub::DeviceSelect::If(tmp, bytes, f, f, nsel, n, IsPositive{}, s);
  cub::DeviceSelect::If(tmp, bytes, i, i, nsel, n, IsOdd{}, s);
  cub::DeviceSelect::Flagged(tmp, bytes, f, flags, f, nsel, n, s);
  cub::DeviceSelect::Unique(tmp, bytes, i, i, nsel, n, s);
  cub::DeviceSelect::UniqueByKey(tmp, bytes, i, f, i, f, nsel, n, s);
  cub::DevicePartition::If(tmp, bytes, f, f, nsel, n, IsPositive{}, s);
  cub::DeviceRunLengthEncode::Encode(tmp, bytes, i, i, i, nsel, n, s);
  cub::DeviceRunLengthEncode::NonTrivialRuns(tmp, bytes, i, i, i, nsel, n, s);
}
