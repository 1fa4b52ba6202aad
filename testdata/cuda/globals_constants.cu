// Module-scope data: __constant__ tables (scalar, struct, string), __device__ globals with
// initializers (arrays, pointers to other globals, function pointers, structs with padding),
// __managed__, extern "C" kernels, static/anonymous-namespace symbols, template kernels
// (.weak linkage), __grid_constant__ parameters, large by-value struct params, and
// various parameter alignments.
#include <cstdint>
#include <cuda_fp16.h>

__constant__ float c_coeffs[16] = {1.0f, -2.5f, 3.25f, 0.0f, 1e-30f, -1e30f, 3.4028235e38f,
                                   1.17549435e-38f, 0.5f, 0.25f, 0.125f, 1.0f / 3.0f};
__constant__ double c_dcoeffs[4] = {3.141592653589793, 2.718281828459045, -0.0, 1e-300};
__constant__ int c_lut[256];
__constant__ const char c_message[] = "ptxlint \"constant\" string\twith escapes\n";
__constant__ int64_t c_big[3] = {INT64_MIN, INT64_MAX, -1};
__constant__ __half_raw c_half[4] = {{0x3c00}, {0xc000}, {0x3800}, {0x7bff}};

struct Config {
  int mode;
  char tag[3];
  double scale;
  short flags;
  float weights[5];
};
__constant__ Config c_cfg = {2, {'a', 'b', 'c'}, 1.5, 7, {0.1f, 0.2f, 0.3f, 0.4f, 0.5f}};

__device__ int g_table[8] = {1, 1, 2, 3, 5, 8, 13, 21};
__device__ int* g_ptr = &g_table[3];
__device__ int* g_ptr_array[3] = {&g_table[0], &g_table[4], nullptr};
__device__ unsigned char g_bytes[5] = {0xde, 0xad, 0xbe, 0xef, 0x00};
__device__ unsigned long long g_counter = 0xfedcba9876543210ull;
__device__ float g_uninit[1024];
__device__ alignas(256) double g_aligned[32];
__managed__ int m_result;
__managed__ float m_vec[16];
static __device__ int s_file_static = 42;
namespace {
__device__ int anon_counter = 7;
}
__device__ __noinline__ int helper_fn(int x) { return x * s_file_static + anon_counter; }
__device__ int (*g_fnptr)(int) = helper_fn;

extern "C" __global__ void c_linkage_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c_coeffs[i & 15] * (float)c_dcoeffs[i & 3] + (float)c_lut[i & 255] +
                      c_message[i % (sizeof(c_message) - 1)] + __half2float(__half(c_half[i & 3]));
}

__global__ void globals_kernel(float* out, long long* lout) {
  int i = threadIdx.x;
  out[i] = c_cfg.scale * c_cfg.weights[i % 5] + c_cfg.tag[i % 3] + *g_ptr + g_table[i & 7] +
           g_bytes[i % 5] + g_uninit[i] + (float)g_aligned[i & 31];
  lout[i] = c_big[i % 3] + (long long)g_counter + (g_ptr_array[i % 3] ? *g_ptr_array[i % 3] : 0) +
            g_fnptr(i);
  g_uninit[i] = out[i];
  if (i == 0) {
    m_result = c_cfg.mode + c_cfg.flags;
    m_vec[3] += 1.0f;
  }
}

template <typename T, int N>
__global__ void template_kernel(const T* in, T* out, T scale) {
  T acc = T(0);
#pragma unroll
  for (int k = 0; k < N; ++k) acc += in[threadIdx.x * N + k];
  out[threadIdx.x] = acc * scale;
}
template __global__ void template_kernel<float, 4>(const float*, float*, float);
template __global__ void template_kernel<double, 2>(const double*, double*, double);
template __global__ void template_kernel<int, 8>(const int*, int*, int);
template __global__ void template_kernel<unsigned char, 16>(const unsigned char*, unsigned char*,
                                                           unsigned char);

struct alignas(16) Params {
  float4 box_min, box_max;
  int dims[3];
  double origin[2];
  const float* data;
  char name[20];
};

__global__ void grid_constant_kernel(const __grid_constant__ Params p, float* out) {
  const Params* pp = &p;  // taking the address requires __grid_constant__
  int i = threadIdx.x;
  out[i] = pp->box_min.x + pp->box_max.w + pp->dims[i % 3] + (float)pp->origin[i & 1] +
           pp->data[i] + pp->name[i % 20];
}

__global__ void param_mix(char c, short s, bool b, long long ll, double d, __half h, float2 f2,
                          int4 i4, Params byval, float* out) {
  out[threadIdx.x] = c + s + b + (float)ll + (float)d + __half2float(h) + f2.x + f2.y + i4.x +
                     i4.w + byval.dims[1] + byval.box_min.z;
}

__global__ void big_param_kernel(Config cfgs[1], Config single, int n, float* out) {
  out[threadIdx.x] = (float)single.scale + single.weights[threadIdx.x % 5] + n;
}
