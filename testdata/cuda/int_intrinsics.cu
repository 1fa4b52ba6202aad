// Integer intrinsics: byte_perm, funnel shifts, popc, brev, clz, ffs, mulhi, mul24, sad,
// hadd/rhadd, dp4a/dp2a, fns, __int128, all SIMD video intrinsics (__v*2 / __v*4),
// and DPX intrinsics (__vimax3 etc., native on sm_90).
#include <cstdint>

__global__ void bit_ops(const unsigned* a, const unsigned* b, const unsigned long long* c,
                        unsigned* out, unsigned long long* out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned long long z = c[i];
  unsigned r = __byte_perm(x, y, 0x5140) ^ __byte_perm(x, y, y & 0x7777);
  r += __funnelshift_l(x, y, 7) + __funnelshift_lc(x, y, y) + __funnelshift_r(x, y, 13) +
       __funnelshift_rc(x, y, x);
  r += __popc(x) + __popcll(z) + __brev(y) + __clz((int)x) + __clzll((long long)z) + __ffs((int)y) +
       __ffsll((long long)z);
  r += __mulhi((int)x, (int)y) + __umulhi(x, y) + __mul24((int)x, (int)y) + __umul24(x, y);
  r += __sad((int)x, (int)y, 5u) + __usad(x, y, 7u);
  r += __hadd((int)x, (int)y) + __rhadd((int)x, (int)y) + __uhadd(x, y) + __urhadd(x, y);
  r += __dp4a(x, y, 3u) + __dp4a((int)x, (int)y, -3) + __dp2a_lo(x, y, 1u) + __dp2a_hi((int)x, (int)y, 2);
  r += __fns(x, y & 31, (int)(y & 7) - 3);
  out[i] = r;
  unsigned long long w = __brevll(z) + (unsigned long long)__mul64hi((long long)z, 3) +
                         __umul64hi(z, z) + (z >> (x & 63)) + (z << (y & 63));
  __int128 big = (__int128)z * (__int128)(long long)w;
  unsigned __int128 ub = (unsigned __int128)z * w + (unsigned __int128)x;
  ub /= (y | 1u);
  big %= 1000000007;
  out64[i] = (unsigned long long)(big >> 17) ^ (unsigned long long)(ub >> 64) ^ (unsigned long long)ub;
}

__global__ void simd_video(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], r = 0;
  // 2 x 16-bit
  r ^= __vabs2(x) + __vabsdiffs2(x, y) + __vabsdiffu2(x, y) + __vabsss2(x);
  r ^= __vadd2(x, y) + __vaddss2(x, y) + __vaddus2(x, y) + __vavgs2(x, y) + __vavgu2(x, y);
  r ^= __vcmpeq2(x, y) + __vcmpges2(x, y) + __vcmpgeu2(x, y) + __vcmpgts2(x, y) +
       __vcmpgtu2(x, y) + __vcmples2(x, y) + __vcmpleu2(x, y) + __vcmplts2(x, y) +
       __vcmpltu2(x, y) + __vcmpne2(x, y);
  r ^= __vhaddu2(x, y) + __vmaxs2(x, y) + __vmaxu2(x, y) + __vmins2(x, y) + __vminu2(x, y);
  r ^= __vneg2(x) + __vnegss2(y) + __vsads2(x, y) + __vsadu2(x, y);
  r ^= __vseteq2(x, y) + __vsetges2(x, y) + __vsetgeu2(x, y) + __vsetgts2(x, y) +
       __vsetgtu2(x, y) + __vsetles2(x, y) + __vsetleu2(x, y) + __vsetlts2(x, y) +
       __vsetltu2(x, y) + __vsetne2(x, y);
  r ^= __vsub2(x, y) + __vsubss2(x, y) + __vsubus2(x, y);
  // 4 x 8-bit
  r ^= __vabs4(x) + __vabsdiffs4(x, y) + __vabsdiffu4(x, y) + __vabsss4(x);
  r ^= __vadd4(x, y) + __vaddss4(x, y) + __vaddus4(x, y) + __vavgs4(x, y) + __vavgu4(x, y);
  r ^= __vcmpeq4(x, y) + __vcmpges4(x, y) + __vcmpgeu4(x, y) + __vcmpgts4(x, y) +
       __vcmpgtu4(x, y) + __vcmples4(x, y) + __vcmpleu4(x, y) + __vcmplts4(x, y) +
       __vcmpltu4(x, y) + __vcmpne4(x, y);
  r ^= __vhaddu4(x, y) + __vmaxs4(x, y) + __vmaxu4(x, y) + __vmins4(x, y) + __vminu4(x, y);
  r ^= __vneg4(x) + __vnegss4(y) + __vsads4(x, y) + __vsadu4(x, y);
  r ^= __vseteq4(x, y) + __vsetges4(x, y) + __vsetgeu4(x, y) + __vsetgts4(x, y) +
       __vsetgtu4(x, y) + __vsetles4(x, y) + __vsetleu4(x, y) + __vsetlts4(x, y) +
       __vsetltu4(x, y) + __vsetne4(x, y);
  r ^= __vsub4(x, y) + __vsubss4(x, y) + __vsubus4(x, y);
  out[i] = r;
}

__global__ void dpx_kernel(const int* a, const int* b, const int* c, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i], z = c[i];
  unsigned ux = (unsigned)x, uy = (unsigned)y, uz = (unsigned)z;
  int r = __vimax3_s32(x, y, z) + __vimin3_s32(x, y, z) + __vimax_s32_relu(x, y) +
          __vimin3_s32_relu(x, y, z) + (int)__vimax3_u32(ux, uy, uz) + (int)__vimin3_u32(ux, uy, uz);
  r += (int)__vimax3_s16x2(ux, uy, uz) + (int)__vimin_s16x2_relu(ux, uy) +
       (int)__vimax3_u16x2(ux, uy, uz);
  r += __viaddmax_s32(x, y, z) + __viaddmin_s32_relu(x, y, z) + (int)__viaddmax_u32(ux, uy, uz) +
       (int)__viaddmin_s16x2(ux, uy, uz) + (int)__viaddmax_u16x2(ux, uy, uz);
  r += __vibmax_s32(x, y, (bool*)&out[n + i]) ;
  bool pl, ph;
  r += (int)__vibmin_s16x2(ux, uy, &pl, &ph) + pl + ph;
  out[i] = r;
}
