// Atomics: atomicAdd/Sub/Exch/Min/Max/Inc/Dec/And/Or/Xor/CAS on many types and scopes,
// plus libcu++ cuda::atomic_ref with explicit memory orders and thread scopes.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/atomic>
#include <cstdint>

__device__ int g_counter;
__device__ unsigned long long g_ull;
__managed__ float g_managed_sum;

__global__ void int_atomics(int* p, unsigned* u, unsigned long long* ull, long long* ll) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int r = 0;
  r += atomicAdd(&p[0], t);
  r += atomicSub(&p[1], 1);
  r += atomicExch(&p[2], t);
  r += atomicMin(&p[3], t);
  r += atomicMax(&p[4], t);
  r += atomicAnd(&p[5], ~t);
  r += atomicOr(&p[6], 1 << (t & 31));
  r += atomicXor(&p[7], t);
  r += atomicCAS(&p[8], t, t + 1);
  r += atomicInc(&u[0], 100u);
  r += atomicDec(&u[1], 100u);
  r += atomicMin(&u[2], (unsigned)t);
  r += atomicMax(&u[3], (unsigned)t);
  r += (int)atomicAdd(&ull[0], 1ull);
  r += (int)atomicCAS(&ull[1], 0ull, (unsigned long long)t);
  r += (int)atomicExch(&ull[2], 7ull);
  r += (int)atomicMin(&ll[0], (long long)t);
  r += (int)atomicMax(&ll[1], (long long)-t);
  r += (int)atomicAnd(&ull[3], 0xffull);
  r += (int)atomicOr(&ull[4], 0x100ull);
  r += (int)atomicXor(&ull[5], 0x3ull);
  r += atomicAdd(&g_counter, 1);
  r += (int)atomicAdd(&g_ull, 2ull);
  unsigned short* us = reinterpret_cast<unsigned short*>(u + 8);
  r += atomicCAS(us, (unsigned short)1, (unsigned short)2);
  p[32 + t] = r;
}

__global__ void scoped_atomics(int* p, float* f, double* d) {
  int t = threadIdx.x;
  int r = 0;
  r += atomicAdd_block(&p[0], 1);
  r += atomicAdd_system(&p[1], 1);
  r += atomicExch_block(&p[2], t);
  r += atomicExch_system(&p[3], t);
  r += atomicMin_block(&p[4], t);
  r += atomicMax_system(&p[5], t);
  r += atomicCAS_block(&p[6], 0, t);
  r += atomicCAS_system(&p[7], 0, t);
  r += atomicOr_block(&p[8], t);
  r += atomicAnd_system(&p[9], t);
  r += atomicInc_block((unsigned*)&p[10], 5u);
  r += atomicDec_system((unsigned*)&p[11], 5u);
  float fr = atomicAdd_block(&f[0], 1.0f) + atomicAdd_system(&f[1], 2.0f);
  fr += atomicExch_block(&f[2], 3.0f);
  double dr = atomicAdd_block(&d[0], 1.0) + atomicAdd_system(&d[1], 2.0);
  p[64 + t] = r + (int)fr + (int)dr;
}

__global__ void fp_atomics(float* f, double* d, __half2* h2, __half* h, __nv_bfloat162* b2,
                           __nv_bfloat16* b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float x = atomicAdd(&f[0], 1.5f);
  x += atomicExch(&f[1], (float)t);
  double y = atomicAdd(&d[0], 0.25);
  __half2 hv = atomicAdd(&h2[0], __floats2half2_rn(1.0f, 2.0f));
  __half hs = atomicAdd(&h[0], __float2half(0.5f));
  __nv_bfloat162 bv = atomicAdd(&b2[0], __floats2bfloat162_rn(1.0f, -1.0f));
  __nv_bfloat16 bs = atomicAdd(&b[0], __float2bfloat16(3.0f));
  atomicAdd(&g_managed_sum, x);
  // CAS loop: atomic max on float
  int* fi = reinterpret_cast<int*>(&f[2]);
  int old = *fi, assumed;
  do {
    assumed = old;
    float cur = __int_as_float(assumed);
    if (cur >= x) break;
    old = atomicCAS(fi, assumed, __float_as_int(x));
  } while (assumed != old);
  // CAS loop: double multiply
  unsigned long long* di = reinterpret_cast<unsigned long long*>(&d[1]);
  unsigned long long o2 = *di, a2;
  do {
    a2 = o2;
    o2 = atomicCAS(di, a2, __double_as_longlong(__longlong_as_double(a2) * y));
  } while (a2 != o2);
  h2[1 + t] = __hadd2(hv, __halves2half2(hs, hs));
  b2[1 + t] = __hadd2(bv, __halves2bfloat162(bs, bs));
}

__global__ void atomic_ref_kernel(int* p, unsigned long long* q, float* f) {
  using namespace cuda;
  int t = threadIdx.x;
  atomic_ref<int, thread_scope_device> a(p[0]);
  atomic_ref<int, thread_scope_block> b(p[1]);
  atomic_ref<int, thread_scope_system> c(p[2]);
  atomic_ref<unsigned long long, thread_scope_device> d(q[0]);
  atomic_ref<float, thread_scope_device> e(f[0]);
  int r = a.fetch_add(t, memory_order_relaxed);
  r += a.fetch_add(t, memory_order_acq_rel);
  r += b.fetch_sub(1, memory_order_release);
  r += c.fetch_or(t, memory_order_acquire);
  r += c.fetch_and(~t, memory_order_seq_cst);
  r += b.fetch_xor(t);
  r += a.load(memory_order_acquire);
  a.store(r, memory_order_release);
  b.store(r, memory_order_relaxed);
  int expected = 0;
  a.compare_exchange_strong(expected, t, memory_order_acq_rel, memory_order_acquire);
  b.compare_exchange_weak(expected, t);
  r += c.exchange(t, memory_order_seq_cst);
  r += (int)d.fetch_add(1ull, memory_order_relaxed);
  r += (int)d.fetch_max(5ull);
  r += (int)d.fetch_min(2ull, memory_order_release);
  float fv = e.fetch_add(1.0f, memory_order_relaxed);
  fv += e.load(memory_order_seq_cst);
  atomic_thread_fence(memory_order_seq_cst, thread_scope_device);
  atomic_thread_fence(memory_order_acq_rel, thread_scope_block);
  atomic_thread_fence(memory_order_release, thread_scope_system);
  p[16 + t] = r + (int)fv;
}

#if __CUDA_ARCH__ >= 900
struct alignas(16) Pair128 {
  unsigned long long lo, hi;
};
#endif

__global__ void atomic_vector_kernel(float* f, float2* f2, float4* f4, unsigned long long* p) {
#if __CUDA_ARCH__ >= 900
  float2 r2 = atomicAdd(f2, make_float2(1.0f, 2.0f));
  float4 r4 = atomicAdd(f4, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  f[threadIdx.x] = r2.x + r2.y + r4.x + r4.w;
#else
  f[threadIdx.x] = atomicAdd(&f[0], 1.0f);
#endif
}
