// A small Thrust translation unit (transform, reduce, scan, count_if, sequence, fill on raw
// device pointers with the thrust::device policy) whose PTX stays small enough to be
// checked in as a test fixture; thrust_algos.cu covers the heavy algorithms (sort etc.).
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/count.h>
#include <thrust/sequence.h>
#include <thrust/fill.h>
#include <thrust/execution_policy.h>

struct affine {
  float a, b;
  __host__ __device__ float operator()(float x) const { return a * x + b; }
};
struct positive {
  __host__ __device__ bool operator()(float x) const { return x > 0.0f; }
};

float thrust_small_entry(float* d, float* e, int n) {
  thrust::sequence(thrust::device, d, d + n, 1.0f, 0.5f);
  thrust::fill(thrust::device, e, e + n, 2.0f);
  thrust::transform(thrust::device, d, d + n, e, affine{2.0f, -1.0f});
  float s = thrust::reduce(thrust::device, e, e + n, 0.0f);
  thrust::inclusive_scan(thrust::device, e, e + n, d);
  long c = thrust::count_if(thrust::device, d, d + n, positive{});
  return s + (float)c;
}
