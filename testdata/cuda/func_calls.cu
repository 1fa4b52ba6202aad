// Non-inlined device functions (.func, call, param passing of scalars/structs/arrays),
// recursion, function pointers (indirect calls with .callprototype), virtual functions.
#include <cstdint>

struct Vec3 {
  float x, y, z;
};
struct Big {
  double d[6];
  int tag;
};

__device__ __noinline__ float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __noinline__ Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
__device__ __noinline__ Big make_big(int t) {
  Big b;
  for (int i = 0; i < 6; ++i) b.d[i] = t * 0.5 + i;
  b.tag = t;
  return b;
}
__device__ __noinline__ double sum_big(Big b) {
  double s = 0;
  for (int i = 0; i < 6; ++i) s += b.d[i];
  return s + b.tag;
}
__device__ __noinline__ void out_params(int a, int* q, int* r) {
  *q = a / 7;
  *r = a % 7;
}
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ unsigned long long fact(unsigned n) { return n <= 1 ? 1ull : n * fact(n - 1); }
__device__ __noinline__ void no_args_no_ret() { __threadfence(); }
__device__ __noinline__ int8_t small_types(int8_t a, uint16_t b, bool c) {
  return c ? int8_t(a + b) : int8_t(a - b);
}
__device__ __noinline__ float2 vec_ret(float a) { return make_float2(a, -a); }
__device__ __noinline__ int variadic_like(int n, const int* arr) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += arr[i];
  return s;
}

typedef float (*unary_fn)(float);
typedef int (*binary_fn)(int, int);
__device__ float f_sq(float x) { return x * x; }
__device__ float f_neg(float x) { return -x; }
__device__ float f_exp(float x) { return __expf(x); }
__device__ int b_add(int a, int b) { return a + b; }
__device__ int b_mul(int a, int b) { return a * b; }
__device__ int b_max(int a, int b) { return a > b ? a : b; }
__device__ unary_fn d_unary_table[3] = {f_sq, f_neg, f_exp};
__constant__ binary_fn c_binary_table[3] = {b_add, b_mul, b_max};

struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual ~Shape() {}
};
struct Circle : Shape {
  float r;
  __device__ Circle(float r_) : r(r_) {}
  __device__ float area() const override { return 3.14159265f * r * r; }
};
struct Rect : Shape {
  float w, h;
  __device__ Rect(float w_, float h_) : w(w_), h(h_) {}
  __device__ float area() const override { return w * h; }
};

__global__ void calls_kernel(const float* in, float* out, double* dout, int* iout, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Vec3 a{in[t], in[t] + 1, in[t] + 2}, b{1, 2, 3};
  Vec3 c = cross(a, b);
  out[t] = dot(a, c);
  dout[t] = sum_big(make_big(t)) + (double)fact(t & 15);
  int q, r;
  out_params(t, &q, &r);
  no_args_no_ret();
  int arr[4] = {t, q, r, fib(t & 7)};
  float2 v = vec_ret(in[t]);
  iout[t] = variadic_like(4, arr) + small_types((int8_t)t, (uint16_t)q, (t & 1) != 0) + (int)v.y;
}

__global__ void fnptr_kernel(const float* in, float* out, int* iout, int sel) {
  int t = threadIdx.x;
  unary_fn f = d_unary_table[(t + sel) % 3];
  binary_fn g = c_binary_table[sel % 3];
  out[t] = f(in[t]);
  iout[t] = g(t, sel);
  unary_fn local = (sel & 1) ? f_neg : f_sq;
  out[t + blockDim.x] = local(in[t]);
}

__global__ void virtual_kernel(const float* in, float* out) {
  int t = threadIdx.x;
  Circle c(in[t]);
  Rect r(in[t], 2.0f);
  Shape* s = (t & 1) ? static_cast<Shape*>(&c) : static_cast<Shape*>(&r);
  out[t] = s->area();
}

__global__ void heap_kernel(int n, float* out) {
  Shape* s = new Circle(1.0f + threadIdx.x);
  float* buf = (float*)malloc(n * sizeof(float));
  if (buf) {
    for (int i = 0; i < n; ++i) buf[i] = s->area() * i;
    out[threadIdx.x] = buf[n - 1];
    free(buf);
  }
  delete s;
}
