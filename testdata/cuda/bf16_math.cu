// cuda_bf16.h: __nv_bfloat16 / __nv_bfloat162 arithmetic, comparisons, conversions and math.
#include <cuda_bf16.h>

__global__ void bf16_arith(const __nv_bfloat16* a, const __nv_bfloat16* b, __nv_bfloat16* out,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 x = a[i], y = b[i];
  __nv_bfloat16 r = __hadd(x, y);
  r = __hmul(r, __hsub(x, y));
#if __CUDA_ARCH__ >= 800
  r = __hfma(r, x, y);
  r = __hfma_relu(r, x, y);
#endif
  r = __hdiv(r, __hadd(y, __float2bfloat16(1.0f)));
  r = __hneg(__habs(r));
  r = __hmax_nan(r, x);
  r = hsqrt(r) + hrsqrt(x) + hrcp(y) + hexp(r) + hlog2(x) + hsin(y) + hcos(x);
  r = hfloor(r) + hceil(x) + htrunc(y) + hrint(x);
  out[i] = r;
}

__global__ void bf16_compare(const __nv_bfloat16* a, const __nv_bfloat16* b, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 x = a[i], y = b[i];
  int m = 0;
  m |= __heq(x, y) << 0;
  m |= __hne(x, y) << 1;
  m |= __hlt(x, y) << 2;
  m |= __hle(x, y) << 3;
  m |= __hgt(x, y) << 4;
  m |= __hge(x, y) << 5;
  m |= __hequ(x, y) << 6;
  m |= __hltu(x, y) << 7;
  m |= __hgeu(x, y) << 8;
  m |= __hisnan(x) << 9;
  m |= __hisinf(y) << 10;
  out[i] = m;
}

__global__ void bf162_ops(const __nv_bfloat162* a, const __nv_bfloat162* b, __nv_bfloat162* out,
                          unsigned* mask, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat162 x = a[i], y = b[i];
  __nv_bfloat162 r = __hadd2(x, y);
  r = __hmul2(r, y);
#if __CUDA_ARCH__ >= 800
  r = __hfma2(r, x, y);
  r = __hfma2_relu(r, x, y);
  r = __hcmadd(r, x, y);
#endif
  r = __h2div(r, y);
  r = __hmax2(r, x);
  r = __hmin2(r, y);
  r = h2sqrt(r) + h2exp(x) + h2log(y) + h2sin(r) + h2cos(x);
  __nv_bfloat162 c = __heq2(x, y);
  c = __hadd2(c, __hne2(x, y));
  c = __hadd2(c, __hlt2(x, y));
  c = __hadd2(c, __hle2(x, y));
  c = __hadd2(c, __hgt2(x, y));
  c = __hadd2(c, __hge2(x, y));
  c = __hadd2(c, __hltu2(x, y));
  c = __hadd2(c, __hisnan2(x));
  unsigned m = __hge2_mask(x, y) ^ __hne2_mask(x, y) ^ __hleu2_mask(x, y);
  m += __hbeq2(x, y) + __hbgt2(x, y) + __hble2(x, y) + __hbltu2(x, y);
  out[i] = __hadd2(r, c);
  mask[i] = m;
}

__global__ void bf16_convert(const float* f, const double* d, const int* si,
                             __nv_bfloat16* h, __nv_bfloat162* h2, float* fo, int* io, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 a = __float2bfloat16_rn(f[i]);
  __nv_bfloat16 b = __float2bfloat16_rz(f[i]);
  __nv_bfloat16 c = __float2bfloat16_rd(f[i]);
  __nv_bfloat16 e = __float2bfloat16_ru(f[i]);
  __nv_bfloat16 g = __double2bfloat16(d[i]);
  __nv_bfloat16 k = __int2bfloat16_rn(si[i]);
  __nv_bfloat16 l = __uint2bfloat16_rz((unsigned)si[i]);
  __nv_bfloat16 o = __ll2bfloat16_rd((long long)si[i]);
  h[i] = a + b + c + e + g + k + l + o;
  h2[i] = __floats2bfloat162_rn(f[i], f[i + 1]);
  h2[i + n] = __halves2bfloat162(a, b);
  h2[i + 2 * n] = __float22bfloat162_rn(make_float2(f[i], d[i]));
  fo[i] = __bfloat162float(a) + __low2float(h2[i]) + __high2float(h2[i]);
  io[i] = __bfloat162int_rn(a) + __bfloat162int_rz(b) + __bfloat162uint_ru(c) +
          (int)__bfloat162ll_rd(e) + __bfloat16_as_short(a);
  h2[i + 3 * n] = __shfl_down_sync(0xffffffffu, h2[i], 2);
}
