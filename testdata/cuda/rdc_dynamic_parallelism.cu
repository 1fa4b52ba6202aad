// gen-corpus-extra-flags: -rdc=true
// Relocatable device code: extern device functions and variables (.extern .func / .extern
// .global), dynamic parallelism (device-side kernel launch -> cudaGetParameterBufferV2 /
// cudaLaunchDeviceV2), device-side streams and cudaGetLastError, and .weak template symbols.
#include <cstdio>

extern __device__ int ext_table[];
extern __device__ float ext_scale;
extern __device__ float ext_transform(float x, int mode);
extern __device__ void ext_log(const char* msg, int v);

__global__ void child_kernel(float* data, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = ext_transform(data[i], ext_table[i & 15]) * s;
}

__global__ void grandchild(int depth, int* counter) {
  atomicAdd(counter, depth);
  if (depth > 0 && threadIdx.x == 0) grandchild<<<1, 32>>>(depth - 1, counter);
}

__global__ void parent_kernel(float* data, int n, int* counter) {
  if (threadIdx.x == 0) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    child_kernel<<<(n + 255) / 256, 256, 0, s>>>(data, n, ext_scale);
    child_kernel<<<dim3(2, 1, 1), dim3(128, 1, 1), 1024>>>(data, n / 2, 2.0f);
    grandchild<<<1, 32, 0, cudaStreamFireAndForget>>>(3, counter);
    grandchild<<<1, 32, 0, cudaStreamTailLaunch>>>(1, counter);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) ext_log("launch failed", (int)err);
    cudaStreamDestroy(s);
  }
}

template <typename T>
__device__ __noinline__ T weak_helper(T x) {
  return x * x + ext_scale;
}

__device__ float exported_fn(float x) { return weak_helper(x) + weak_helper((double)x); }
