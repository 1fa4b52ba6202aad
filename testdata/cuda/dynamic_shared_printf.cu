// Dynamic (extern) shared memory with several types, static shared arrays, and device printf.
#include <cstdio>
#include <cstdint>

extern __shared__ unsigned char dyn_smem[];

template <typename T>
__global__ void tiled_transpose(const T* in, T* out, int w, int h) {
  T* tile = reinterpret_cast<T*>(dyn_smem);
  const int TS = 32;
  int x = blockIdx.x * TS + threadIdx.x;
  int y = blockIdx.y * TS + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y * (TS + 1) + threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TS + threadIdx.x;
  y = blockIdx.x * TS + threadIdx.y;
  if (x < h && y < w) out[y * h + x] = tile[threadIdx.x * (TS + 1) + threadIdx.y];
}
template __global__ void tiled_transpose<float>(const float*, float*, int, int);
template __global__ void tiled_transpose<double>(const double*, double*, int, int);
template __global__ void tiled_transpose<uint8_t>(const uint8_t*, uint8_t*, int, int);

__global__ void mixed_shared(const float* in, float* out, int n) {
  extern __shared__ float4 sf4[];
  __shared__ int counters[32];
  __shared__ alignas(16) double dbuf[128];
  volatile __shared__ int flag;
  if (threadIdx.x < 32) counters[threadIdx.x] = 0;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sf4[threadIdx.x] = make_float4(in[i], in[i] * 2, in[i] * 3, in[i] * 4);
  dbuf[threadIdx.x & 127] = in[i];
  atomicAdd(&counters[threadIdx.x & 31], 1);
  __syncthreads();
  float4 v = sf4[blockDim.x - 1 - threadIdx.x];
  if (threadIdx.x == 0) flag = 1;
  out[i] = v.x + v.y + v.z + v.w + (float)dbuf[(threadIdx.x + 1) & 127] + counters[0] + flag;
  int cnt = __syncthreads_count(in[i] > 0.0f);
  int a = __syncthreads_and(in[i] > -1.0f);
  int o = __syncthreads_or(in[i] > 100.0f);
  if (threadIdx.x == 0) out[n + blockIdx.x] = cnt + a + o;
}

struct Rec {
  int id;
  float val;
  const char* name;
};

__global__ void printf_kernel(const float* data, int n, Rec r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    printf("hello from block %d thread %d of %d\n", blockIdx.x, threadIdx.x, n);
    printf("rec: id=%d val=%f name=%s\n", r.id, r.val, r.name);
    printf("mixed: %c %5.2e %g %lld %llu %x %p %%\n", 'A', 3.5, data[0], -1LL, ~0ULL, 0xbeefu,
           (void*)data);
    printf("no args\n");
  }
  if (i < n && data[i] < 0.0f) printf("negative value %f at %d (double %lf)\n", data[i], i,
                                      (double)data[i] * 2.0);
}
