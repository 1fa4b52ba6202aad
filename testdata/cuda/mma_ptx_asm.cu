// Warp-level matrix instructions as raw inline PTX: mma.sync for f16/bf16/tf32/f64/s8/u4/b1/
// e4m3 shapes, sparse mma.sp, ldmatrix (incl. .trans), movmatrix; arch-guarded so each
// variant appears only where supported.
#include <cstdint>

__global__ void mma_sync_kernel(const unsigned* A, const unsigned* B, const float* C, float* D,
                                const double* dA, double* dD, int* iD) {
  int lane = threadIdx.x & 31;
  unsigned a0 = A[lane * 4], a1 = A[lane * 4 + 1], a2 = A[lane * 4 + 2], a3 = A[lane * 4 + 3];
  unsigned b0 = B[lane * 2], b1 = B[lane * 2 + 1];
  float c0 = C[lane * 4], c1 = C[lane * 4 + 1], c2 = C[lane * 4 + 2], c3 = C[lane * 4 + 3];
  float d0, d1, d2, d3;
  // sm_75: m16n8k8 f16 -> f32
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
      "{%7,%8,%9,%10};\n"
      : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
      : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
  // sm_75: m8n8k16 s8
  int i0, i1;
  asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0,%1}, {%2}, {%3}, {%4,%5};\n"
               : "=r"(i0), "=r"(i1)
               : "r"(a0), "r"(b0), "r"(0), "r"(1));
  // m8n8k4 f16 (sm_70 style, still valid)
  unsigned h0, h1, h2, h3;
  asm volatile(
      "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, "
      "{%8,%9,%10,%11};\n"
      : "=r"(h0), "=r"(h1), "=r"(h2), "=r"(h3)
      : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(a2), "r"(a3), "r"(a0), "r"(a1));
#if __CUDA_ARCH__ >= 800
  // m16n8k16 f16, bf16; m16n8k8 tf32; m8n8k4 f64; m16n8k32 s8 satfinite; m16n8k64 u4; b1 xor/and
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  double dd0 = dA[lane * 2], dd1 = dA[lane * 2 + 1];
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
               : "+d"(dd0), "+d"(dd1)
               : "d"(dA[lane]), "d"(dA[lane + 32]));
  dD[lane * 2] = dd0;
  dD[lane * 2 + 1] = dd1;
  int j0 = 0, j1 = 0, j2 = 0, j3 = 0;
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, "
      "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile(
      "mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile(
      "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%0,%1,%2,%3}, "
      "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  // sparse mma with metadata
  unsigned meta = A[128 + lane];
  asm volatile(
      "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
      "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(a0), "r"(a1), "r"(meta));
  i0 += j0 + j2;
  i1 += j1 + j3;
#endif
#if __CUDA_ARCH__ >= 890
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
      "{%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
#endif
  D[lane * 4] = d0;
  D[lane * 4 + 1] = d1;
  D[lane * 4 + 2] = d2;
  D[lane * 4 + 3] = d3;
  iD[lane] = i0 + i1 + (int)(h0 ^ h1 ^ h2 ^ h3);
}

__global__ void ldmatrix_kernel(const uint16_t* in, unsigned* out) {
  __shared__ alignas(16) uint16_t tile[32 * 8 * 4];
  for (int i = threadIdx.x; i < 32 * 8 * 4; i += blockDim.x) tile[i] = in[i];
  __syncthreads();
  int lane = threadIdx.x & 31;
  unsigned addr = (unsigned)__cvta_generic_to_shared(&tile[lane * 8]);
  unsigned r0, r1, r2, r3, t0, t1, m;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(t0), "=r"(t1)
               : "r"(addr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared::cta.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(m) : "r"(r1));
  out[threadIdx.x] = r0 ^ r1 ^ r2 ^ r3 ^ t0 ^ t1 ^ m;
}
