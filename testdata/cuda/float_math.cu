// Single-precision math library and fast intrinsics: full-precision functions (with their
// slow paths), __*f intrinsics with rounding modes, saturate, ftz-sensitive ops, float2/4
// vector loads, and complex arithmetic via cuComplex / cuda::std::complex.
#include <cuComplex.h>
#include <cuda/std/complex>

__global__ void float_lib(const float* a, const float* b, float* out, int* iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float r = sqrtf(x) + rsqrtf(y) + cbrtf(x) + rcbrtf(y);
  r += expf(x) + exp2f(y) + exp10f(x) + expm1f(y);
  r += logf(x) + log2f(y) + log10f(x) + log1pf(y);
  r += sinf(x) + cosf(y) + tanf(x) + asinf(y) + acosf(y) + atanf(x) + atan2f(x, y);
  r += sinhf(x) + coshf(y) + tanhf(x) + asinhf(y) + acoshf(x + 1.0f) + atanhf(y * 0.5f);
  r += sinpif(x) + cospif(y);
  float s, c;
  sincosf(x, &s, &c);
  r += s * c;
  r += powf(x, y) + hypotf(x, y) + norm3df(x, y, r) + rnorm4df(x, y, x, y) + fmodf(x, y) +
       remainderf(x, y);
  int q;
  r += remquof(x, y, &q);
  r += erff(x) + erfcf(y) + erfinvf(y * 0.5f) + erfcxf(x) + lgammaf(x) + tgammaf(y);
  r += j0f(x) + y1f(y) + cyl_bessel_i0f(x) + normcdff(y) + normcdfinvf(y * 0.5f);
  r += fmaf(x, y, r) + fdimf(x, y) + fmaxf(x, y) + fminf(x, y) + copysignf(x, y) + nextafterf(x, y);
  r += floorf(x) + ceilf(y) + truncf(x) + roundf(y) + rintf(x) + nearbyintf(y);
  r += __saturatef(x) + fabsf(y) + (float)ilogbf(x) + logbf(y);
  out[i] = r;
  iout[i] = q + __float2int_rn(x) + __float2int_rz(y) + (int)__float2uint_ru(x) +
            (int)__float2ll_rd(y) + __float_as_int(x) + isnan(x) + isinf(y) + signbit(x);
}

__global__ void float_intrinsics(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float r = __expf(x) + __exp10f(y) + __logf(x) + __log2f(y) + __log10f(x);
  r += __sinf(x) + __cosf(y) + __tanf(x) + __powf(x, y);
  float s, c;
  __sincosf(y, &s, &c);
  r += s + c;
  r += __fdividef(x, y) + __frcp_rn(x) + __frcp_rz(y) + __fsqrt_rd(x) + __frsqrt_rn(y) + __fdiv_ru(x, y);
  r += __fadd_rd(x, y) + __fadd_ru(x, y) + __fmul_rn(x, y) + __fmul_rz(x, y) + __fsub_rn(x, y);
  r += __fmaf_rn(x, y, r) + __fmaf_rz(x, y, r) + __fmaf_ru(x, y, r) + __fmaf_rd(x, y, r);
  r += __fmaf_ieee_rn(x, y, r) + __fadd_ru(__fmul_rd(x, y), 1.0f);
  r += __int2float_rd(i) + __uint2float_ru((unsigned)i) + __ll2float_rz((long long)i) +
       __int_as_float(i) + __fmul_rn(__saturatef(x), 255.0f);
  r += __half2float(__float2half_rn(x));
  out[i] = r;
}

__global__ void vectors(const float2* a2, const float4* a4, const double2* d2, const int4* i4,
                        float4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float2 p = a2[i];
  float4 q = a4[i];
  double2 r = d2[i];
  int4 s = i4[i];
  out[i] = make_float4(p.x + q.x + (float)r.x + s.x, p.y + q.y + (float)r.y + s.y, q.z + s.z,
                       q.w + s.w);
  ulonglong2 u = reinterpret_cast<const ulonglong2*>(a4)[i + n];
  reinterpret_cast<ulonglong2*>(out)[i + n] = make_ulonglong2(u.y, u.x);
  short4 sh = reinterpret_cast<const short4*>(a2)[i];
  reinterpret_cast<short4*>(out)[2 * n + i] = make_short4(sh.w, sh.z, sh.y, sh.x);
  char4 ch = reinterpret_cast<const char4*>(a2)[i];
  reinterpret_cast<char4*>(out)[4 * n + i] = make_char4(ch.w, ch.z, ch.y, ch.x);
}

__global__ void complex_math(const cuFloatComplex* a, const cuDoubleComplex* b,
                             cuFloatComplex* out, cuDoubleComplex* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuFloatComplex x = a[i];
  cuDoubleComplex y = b[i];
  out[i] = cuCaddf(cuCmulf(x, x), cuCdivf(x, make_cuFloatComplex(1.0f, cuCabsf(x))));
  dout[i] = cuCfma(y, cuConj(y), cuCdiv(y, make_cuDoubleComplex(cuCabs(y) + 1.0, 0.0)));
  cuda::std::complex<float> z(cuCrealf(x), cuCimagf(x));
  cuda::std::complex<double> w(cuCreal(y), cuCimag(y));
  z = cuda::std::exp(z) * cuda::std::log(z + 1.0f) / cuda::std::sqrt(z);
  w = cuda::std::pow(w, 2.5) + cuda::std::sin(w) * cuda::std::cos(w) + cuda::std::tanh(w);
  out[i + n] = make_cuFloatComplex(z.real(), z.imag());
  dout[i + n] = make_cuDoubleComplex(w.real(), cuda::std::abs(w) + cuda::std::arg(w));
}
