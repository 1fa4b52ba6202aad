// Thrust algorithms on device_vector: sort, reduce, transform, scan, sort_by_key, unique,
// transform_reduce, count_if, inner_product, zip iterators.
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/scan.h>
#include <thrust/unique.h>
#include <thrust/count.h>
#include <thrust/inner_product.h>
#include <thrust/sequence.h>
#include <thrust/functional.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/execution_policy.h>

struct saxpy {
  float a;
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};
struct square {
  __host__ __device__ double operator()(double x) const { return x * x; }
};
struct is_even {
  __host__ __device__ bool operator()(int x) const { return (x % 2) == 0; }
};
struct hash_op {
  __host__ __device__ unsigned operator()(unsigned x) const {
    x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
    return x;
  }
};

double thrust_entry(int n) {
  thrust::device_vector<float> x(n), y(n);
  thrust::sequence(x.begin(), x.end());
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), saxpy{2.0f});
  thrust::sort(x.begin(), x.end());
  thrust::sort(y.begin(), y.end(), thrust::greater<float>());
  float s = thrust::reduce(x.begin(), x.end());
  thrust::inclusive_scan(x.begin(), x.end(), y.begin());
  thrust::exclusive_scan(y.begin(), y.end(), x.begin(), 0.0f, thrust::maximum<float>());

  thrust::device_vector<int> k(n);
  thrust::device_vector<double> v(n);
  thrust::transform(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n),
                    k.begin(), hash_op{});
  thrust::sort_by_key(k.begin(), k.end(), v.begin());
  auto newend = thrust::unique(k.begin(), k.end());
  long cnt = thrust::count_if(k.begin(), newend, is_even{});
  double ss = thrust::transform_reduce(v.begin(), v.end(), square{}, 0.0, thrust::plus<double>());
  float ip = thrust::inner_product(x.begin(), x.end(), y.begin(), 0.0f);

  thrust::device_vector<long long> keys(n);
  thrust::device_vector<short> vals(n);
  thrust::stable_sort_by_key(keys.begin(), keys.end(), vals.begin(), thrust::greater<long long>());
  thrust::device_vector<long long> okeys(n);
  thrust::device_vector<short> ovals(n);
  thrust::reduce_by_key(keys.begin(), keys.end(), vals.begin(), okeys.begin(), ovals.begin());
  auto z = thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin()));
  thrust::sort(z, z + n);
  return s + cnt + ss + ip;
}
