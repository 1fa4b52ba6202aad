// Low-precision conversions: FP8 (e4m3, e5m2, e8m0), FP6 (e2m3, e3m2), FP4 (e2m1) scalar and
// packed types from cuda_fp8.h / cuda_fp6.h / cuda_fp4.h, plus the raw __nv_cvt_* APIs.
// Native cvt instructions appear on sm_90 (fp8) and sm_100a (fp6/fp4/e8m0); older arches get
// software emulation.
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void fp8_scalar(const float* f, const double* d, const __half* h,
                           const __nv_bfloat16* b, float* out, unsigned char* raw, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_fp8_e4m3 a(f[i]);
  __nv_fp8_e5m2 c(f[i]);
  __nv_fp8_e4m3 ad(d[i]);
  __nv_fp8_e5m2 ch(h[i]);
  __nv_fp8_e4m3 ab(b[i]);
  __nv_fp8_e8m0 e(f[i]);
  raw[i] = a.__x ^ c.__x ^ ad.__x ^ ch.__x ^ ab.__x ^ e.__x;
  out[i] = float(a) + float(c) + (float)__half(ch) + float(e) + (float)double(ad);
}

__global__ void fp8_packed(const float2* f2, const float4* f4, const __half2* h2,
                           const __nv_bfloat162* b2, float2* out2, float4* out4, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_fp8x2_e4m3 p(f2[i]);
  __nv_fp8x2_e5m2 q(h2[i]);
  __nv_fp8x2_e4m3 r(b2[i]);
  __nv_fp8x4_e4m3 s(f4[i]);
  __nv_fp8x4_e5m2 t(f4[i]);
  float2 a = float2(p);
  __half2 hb = __half2(q);
  float2 c = float2(r);
  float4 d = float4(s);
  float4 e = float4(t);
  out2[i] = make_float2(a.x + c.x + __low2float(hb), a.y + c.y + __high2float(hb));
  out4[i] = make_float4(d.x + e.x, d.y + e.y, d.z + e.z, d.w + e.w);
}

__global__ void fp8_raw_api(const float2* f2, const __half2_raw* h2, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_fp8x2_storage_t a = __nv_cvt_float2_to_fp8x2(f2[i], __NV_SATFINITE, __NV_E4M3);
  __nv_fp8x2_storage_t b = __nv_cvt_float2_to_fp8x2(f2[i], __NV_NOSAT, __NV_E5M2);
  __nv_fp8x2_storage_t c = __nv_cvt_halfraw2_to_fp8x2(h2[i], __NV_SATFINITE, __NV_E5M2);
  __nv_fp8_storage_t d = __nv_cvt_float_to_fp8(f2[i].x, __NV_SATFINITE, __NV_E4M3);
  __nv_fp8_storage_t e = __nv_cvt_double_to_fp8((double)f2[i].y, __NV_NOSAT, __NV_E5M2);
  __half2_raw back = __nv_cvt_fp8x2_to_halfraw2(a, __NV_E4M3);
  __half_raw back1 = __nv_cvt_fp8_to_halfraw(d, __NV_E4M3);
  __nv_fp8_storage_t u = __nv_cvt_float_to_e8m0(f2[i].x, __NV_SATFINITE, cudaRoundPosInf);
  out[i] = a ^ (b << 16) ^ c ^ d ^ e ^ back.x ^ back.y ^ back1.x ^ u;
}

__global__ void fp6_fp4(const float* f, const float2* f2, const float4* f4, float* out,
                        unsigned* raw, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_fp6_e2m3 a(f[i]);
  __nv_fp6_e3m2 b(f[i]);
  __nv_fp4_e2m1 c(f[i]);
  __nv_fp6x2_e2m3 pa(f2[i]);
  __nv_fp6x2_e3m2 pb(f2[i]);
  __nv_fp4x2_e2m1 pc(f2[i]);
  __nv_fp4x4_e2m1 qc(f4[i]);
  __nv_fp6x4_e3m2 qb(f4[i]);
  float2 r = float2(pc) ;
  float2 s = float2(pa);
  float4 t = float4(qc);
  float4 u = float4(qb);
  out[i] = float(a) + float(b) + float(c) + r.x + s.y + t.z + u.w + float2(pb).x;
  raw[i] = a.__x | (b.__x << 8) | (c.__x << 16) | ((unsigned)qc.__x << 20);
}
