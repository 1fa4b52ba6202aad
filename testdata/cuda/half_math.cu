// cuda_fp16.h: __half / __half2 arithmetic, comparisons, conversions and math.
#include <cuda_fp16.h>

__global__ void half_arith(const __half* a, const __half* b, __half* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = b[i];
  __half r = __hadd(x, y);
  r = __hmul(r, __hsub(x, y));
  r = __hfma(r, x, y);
  r = __hfma_sat(r, x, y);
  r = __hdiv(r, __hadd(y, __float2half(1.0f)));
  r = __hneg(r);
  r = __habs(r);
  r = __hmax(r, x);
  r = __hmin_nan(r, y);
  r = hsqrt(r) + hrsqrt(x) + hrcp(y);
  r = hexp(r) + hexp2(x) + hlog(y) + hlog2(x) + hlog10(y);
  r = hsin(r) + hcos(x) + htanh(y);
  r = hfloor(r) + hceil(x) + htrunc(y) + hrint(x);
  out[i] = r;
}

__global__ void half_compare(const __half* a, const __half* b, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = b[i];
  int m = 0;
  m |= __heq(x, y) << 0;
  m |= __hne(x, y) << 1;
  m |= __hlt(x, y) << 2;
  m |= __hle(x, y) << 3;
  m |= __hgt(x, y) << 4;
  m |= __hge(x, y) << 5;
  m |= __hequ(x, y) << 6;
  m |= __hneu(x, y) << 7;
  m |= __hltu(x, y) << 8;
  m |= __hleu(x, y) << 9;
  m |= __hgtu(x, y) << 10;
  m |= __hgeu(x, y) << 11;
  m |= __hisnan(x) << 12;
  m |= __hisinf(y) << 13;
  out[i] = m;
}

__global__ void half2_ops(const __half2* a, const __half2* b, __half2* out, unsigned* mask,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = a[i], y = b[i];
  __half2 r = __hadd2(x, y);
  r = __hmul2(r, y);
  r = __hfma2(r, x, y);
  r = __hfma2_relu(r, x, y);
  r = __hcmadd(r, x, y);
  r = __h2div(r, __hadd2(y, __float2half2_rn(1.0f)));
  r = __hmax2(r, x);
  r = __hmin2_nan(r, y);
  r = h2sqrt(r) + h2exp(x) + h2log(y) + h2sin(r) + h2cos(x);
  // comparisons producing __half2 masks
  __half2 c = __heq2(x, y);
  c = __hadd2(c, __hne2(x, y));
  c = __hadd2(c, __hlt2(x, y));
  c = __hadd2(c, __hle2(x, y));
  c = __hadd2(c, __hgt2(x, y));
  c = __hadd2(c, __hge2(x, y));
  c = __hadd2(c, __hgeu2(x, y));
  c = __hadd2(c, __hisnan2(x));
  // comparisons producing unsigned masks
  unsigned m = __heq2_mask(x, y) ^ __hlt2_mask(x, y) ^ __hgtu2_mask(x, y);
  // boolean reductions
  m += __hbeq2(x, y) + __hblt2(x, y) + __hbge2(x, y) + __hbgtu2(x, y);
  out[i] = __hadd2(r, c);
  mask[i] = m;
}

__global__ void half_convert(const float* f, const double* d, const int* si, __half* h,
                             __half2* h2, float* fo, int* io, short* so, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = __float2half_rn(f[i]);
  __half b = __float2half_rz(f[i]);
  __half c = __float2half_rd(f[i]);
  __half e = __float2half_ru(f[i]);
  __half g = __double2half(d[i]);
  __half k = __int2half_rn(si[i]);
  __half l = __uint2half_rd((unsigned)si[i]);
  __half m = __short2half_rz((short)si[i]);
  __half o = __ll2half_rn((long long)si[i]);
  h[i] = a + b + c + e + g + k + l + m + o;
  h2[i] = __floats2half2_rn(f[i], f[i + 1]);
  h2[i + n] = __halves2half2(a, b);
  h2[i + 2 * n] = __lowhigh2highlow(h2[i]);
  fo[i] = __half2float(a) + __low2float(h2[i]) + __high2float(h2[i]);
  io[i] = __half2int_rn(a) + __half2int_rz(b) + __half2uint_ru(c) + (int)__half2ll_rd(e);
  so[i] = __half_as_short(a) + __half2short_rn(b);
  __half2 sh = __shfl_xor_sync(0xffffffffu, h2[i], 1);
  h2[i + 3 * n] = sh;
  __half hl = __ldg(&h[i]);
  __half hc = __ldcs(&h[i]);
  __stcg(&h[i + n], __hadd(hl, hc));
}
