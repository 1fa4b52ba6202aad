// libcu++ in device code: cuda::std bit manipulation, numeric_limits, optional, variant,
// tuple, array, span, mdspan, cuda::std::atomic, cuda::std::min/max/swap,
// cuda::std::bit_cast, cuda::std::cmath functions, and cuda::annotated_ptr / discard_memory.
#include <cuda/std/bit>
#include <cuda/std/limits>
#include <cuda/std/optional>
#include <cuda/std/variant>
#include <cuda/std/tuple>
#include <cuda/std/array>
#include <cuda/std/span>
#include <cuda/std/mdspan>
#include <cuda/std/atomic>
#include <cuda/atomic>
#include <cuda/std/cmath>
#include <cuda/annotated_ptr>
#include <cuda/discard_memory>
#include <cuda/cmath>

__global__ void bits_kernel(const unsigned* in, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = in[i];
  unsigned long long y = ((unsigned long long)x << 32) | in[(i + 1) % n];
  unsigned long long r = cuda::std::popcount(x) + cuda::std::countl_zero(x) +
                         cuda::std::countr_zero(y) + cuda::std::countl_one(y) +
                         cuda::std::bit_width(x) + cuda::std::bit_ceil(x & 0xffff) +
                         cuda::std::bit_floor(y) + cuda::std::rotl(x, 7) + cuda::std::rotr(y, 13) +
                         cuda::std::has_single_bit(x);
  float f = cuda::std::bit_cast<float>(x);
  r += cuda::std::bit_cast<unsigned>(f * 2.0f);
  r += cuda::ceil_div(x, 7u) + cuda::round_up(x, 16u);
  r += cuda::std::numeric_limits<int>::max() + (unsigned)cuda::std::numeric_limits<float>::epsilon();
  out[i] = r;
}

struct Shape {
  int kind;
  float a, b;
};

__device__ cuda::std::optional<float> safe_div(float a, float b) {
  if (b == 0.0f) return cuda::std::nullopt;
  return a / b;
}

__global__ void vocab_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuda::std::variant<int, float, Shape> v;
  if (i % 3 == 0) v = i;
  else if (i % 3 == 1) v = in[i];
  else v = Shape{1, in[i], 2.0f};
  float r = cuda::std::visit(
      [](auto&& x) -> float {
        using T = cuda::std::decay_t<decltype(x)>;
        if constexpr (cuda::std::is_same_v<T, Shape>) return x.a * x.b;
        else return (float)x;
      },
      v);
  auto t = cuda::std::make_tuple(in[i], i, 'c');
  r += cuda::std::get<0>(t) + cuda::std::get<1>(t);
  cuda::std::array<float, 8> arr{};
  for (int k = 0; k < 8; ++k) arr[k] = in[(i + k) % n];
  for (int a = 1; a < 8; ++a)
    for (int b = a; b > 0 && arr[b - 1] > arr[b]; --b) cuda::std::swap(arr[b - 1], arr[b]);
  r += arr[3] + cuda::std::max(arr[0], arr[7]);
  r += safe_div(in[i], in[(i + 1) % n]).value_or(-1.0f);
  cuda::std::span<const float> sp(in, n);
  r += sp[(i + 5) % n] + sp.size();
  cuda::std::mdspan<const float, cuda::std::dextents<int, 2>> m(in, n / 4, 4);
  r += m(i / 4 % (n / 4), i & 3);
  r += cuda::std::min(cuda::std::max(in[i], -1.0f), 1.0f) + cuda::std::fma(in[i], 2.0f, 1.0f) +
       cuda::std::hypot(in[i], 1.0f) + cuda::std::lerp(0.0f, 1.0f, 0.25f);
  out[i] = r;
}

__global__ void std_atomic_kernel(cuda::std::atomic<int>* a, cuda::atomic<float, cuda::thread_scope_block>* b,
                                  int* out) {
  int old = a->fetch_add(1, cuda::std::memory_order_relaxed);
  b->fetch_max((float)threadIdx.x);
  float f = b->fetch_add(0.5f);
  int expected = old;
  a->compare_exchange_strong(expected, old + 10);
  a->wait(12345);
  a->notify_all();
  out[threadIdx.x] = old + (int)f + a->load();
}

__global__ void annotated_kernel(float* gin, float* gout, int n) {
  cuda::annotated_ptr<float, cuda::access_property::streaming> in(gin);
  cuda::annotated_ptr<float, cuda::access_property::persisting> out(gout);
  cuda::access_property prop(gin, n * sizeof(float), 0.5f, cuda::access_property::persisting{});
  cuda::annotated_ptr<float, cuda::access_property> fine(gin, prop);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 2.0f + fine[(i + 1) % n];
  cuda::apply_access_property(gin, 128, cuda::access_property::persisting{});
  cuda::discard_memory(gout + n, 128 * sizeof(float));
}
