// Local memory (dynamically indexed stack arrays, spills) and double-precision math.
#include <cmath>

__global__ void local_array_kernel(const int* idx, const float* in, float* out, int n) {
  float buf[64];
  int ibuf[17];
  double dbuf[8];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 64; ++i) buf[i] = in[(t + i) % n];
  for (int i = 0; i < 17; ++i) ibuf[i] = idx[(t * 3 + i) % n];
  for (int i = 0; i < 8; ++i) dbuf[i] = buf[i] * 0.5;
  float s = 0;
  for (int i = 0; i < 16; ++i) s += buf[ibuf[i] & 63] + (float)dbuf[ibuf[i + 1] & 7];
  buf[idx[t] & 63] = s;
  out[t] = buf[idx[t + 1] & 63];
}

struct Particle {
  double pos[3], vel[3];
  float mass;
  int id;
};

__global__ void struct_local_kernel(Particle* ps, int n, int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Particle p = ps[t];
  Particle hist[4];
  for (int s = 0; s < steps; ++s) {
    hist[s & 3] = p;
    for (int d = 0; d < 3; ++d) p.pos[d] += p.vel[d] * 0.01;
  }
  ps[t] = hist[(steps + t) & 3];
}

__global__ void double_math(const double* a, const double* b, double* out, long long* lo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i];
  double r = sqrt(x) + rsqrt(y) + cbrt(x) + rcbrt(y);
  r += exp(x) + exp2(y) + exp10(x) + expm1(y);
  r += log(x) + log2(y) + log10(x) + log1p(y);
  r += sin(x) + cos(y) + tan(x) + asin(y) + acos(y) + atan(x) + atan2(x, y);
  r += sinh(x) + cosh(y) + tanh(x) + asinh(y) + acosh(x + 1.0) + atanh(y * 0.5);
  r += sinpi(x) + cospi(y);
  double sv, cv;
  sincos(x, &sv, &cv);
  r += sv * cv;
  sincospi(y, &sv, &cv);
  r += sv - cv;
  r += pow(x, y) + hypot(x, y) + rhypot(x, y) + fmod(x, y) + remainder(x, y);
  r += erf(x) + erfc(y) + erfinv(y * 0.5) + erfcinv(y) + lgamma(x) + tgamma(y);
  r += j0(x) + j1(y) + y0(x) + y1(y) + jn(2, x) + normcdf(y) + normcdfinv(y * 0.5);
  r += fma(x, y, r) + fdim(x, y) + fmax(x, y) + fmin(x, y) + copysign(x, y);
  r += floor(x) + ceil(y) + trunc(x) + round(y) + rint(x) + nearbyint(y);
  int e;
  r += frexp(x, &e);
  r += ldexp(y, e) + scalbn(x, 3) + logb(y) + ilogb(x);
  double ip;
  r += modf(x, &ip) + ip;
  r += __dadd_rn(x, y) + __dmul_rz(x, y) + __dsub_ru(x, y) + __ddiv_rd(x, y) + __drcp_rn(x) +
       __dsqrt_ru(y) + __fma_rz(x, y, r);
  r += isnan(x) + isinf(y) + isfinite(x) + signbit(y);
  lo[i] = llrint(x) + lround(y) + __double2ll_rz(x) + __double2hiint(y) + __double2loint(x) +
          (long long)__double2uint_ru(y) + __double2int_rd(x);
  out[i] = r + __hiloint2double(__double2hiint(x), 0) + __longlong_as_double(lo[i]) +
           (double)__double2float_rn(y);
}
