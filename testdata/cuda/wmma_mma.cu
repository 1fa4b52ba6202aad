// Tensor cores via nvcuda::wmma: half, bf16, tf32, int8, and (sm_80+) double, plus
// sub-byte/precision variants; arch-guarded so each compiles for sm_75+.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__global__ void wmma_half(const half* a, const half* b, float* c, half* d, int ld) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> acch;
  wmma::fill_fragment(acc, 0.0f);
  wmma::fill_fragment(acch, __float2half(0.0f));
  for (int k = 0; k < ld; k += 16) {
    wmma::load_matrix_sync(fa, a + k, ld);
    wmma::load_matrix_sync(fb, b + k, ld);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::mma_sync(acch, fa, fb, acch);
  }
  for (int i = 0; i < acc.num_elements; ++i) acc.x[i] *= 2.0f;
  wmma::store_matrix_sync(c, acc, ld, wmma::mem_row_major);
  wmma::store_matrix_sync(d, acch, ld, wmma::mem_col_major);
}

__global__ void wmma_shapes(const half* a, const half* b, float* c, int ld) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::col_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
  wmma::load_matrix_sync(acc, c, ld, wmma::mem_row_major);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, ld, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> ga;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::col_major> gb;
  wmma::fragment<wmma::accumulator, 8, 32, 16, float> gacc;
  wmma::fill_fragment(gacc, 1.0f);
  wmma::load_matrix_sync(ga, a, ld);
  wmma::load_matrix_sync(gb, b, ld);
  wmma::mma_sync(gacc, ga, gb, gacc);
  wmma::store_matrix_sync(c + 256, gacc, ld, wmma::mem_col_major);
}

__global__ void wmma_int8(const signed char* a, const signed char* b, const unsigned char* ua,
                          const unsigned char* ub, int* c, int ld) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> fua;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> fub;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::fill_fragment(acc, 0);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::load_matrix_sync(fua, ua, ld);
  wmma::load_matrix_sync(fub, ub, ld);
  wmma::mma_sync(acc, fa, fb, acc, true);
  wmma::mma_sync(acc, fua, fub, acc, false);
  wmma::store_matrix_sync(c, acc, ld, wmma::mem_row_major);
}

__global__ void wmma_subbyte(const void* a, const void* b, int* c, int ld) {
  using namespace wmma::experimental;
  wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::s4, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::s4, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> acc;
  wmma::fill_fragment(acc, 0);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::fragment<wmma::matrix_a, 8, 8, 128, precision::b1, wmma::row_major> ba;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, precision::b1, wmma::col_major> bb;
  wmma::load_matrix_sync(ba, a, ld * 4);
  wmma::load_matrix_sync(bb, b, ld * 4);
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> bacc;
  wmma::fill_fragment(bacc, 0);
  wmma::bmma_sync(bacc, ba, bb, bacc);
  wmma::store_matrix_sync(c, acc, ld, wmma::mem_row_major);
  wmma::store_matrix_sync(c + 64, bacc, ld, wmma::mem_row_major);
}

__global__ void wmma_ampere(const __nv_bfloat16* a, const __nv_bfloat16* b, const float* fa32,
                            const float* fb32, const double* da, const double* db, float* c,
                            double* dc, int ld) {
#if __CUDA_ARCH__ >= 800
  // bf16
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> ba;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> bb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(ba, a, ld);
  wmma::load_matrix_sync(bb, b, ld);
  wmma::mma_sync(acc, ba, bb, acc);
  wmma::store_matrix_sync(c, acc, ld, wmma::mem_row_major);
  // tf32
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> ta;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> tb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> tacc;
  wmma::fill_fragment(tacc, 0.0f);
  wmma::load_matrix_sync(ta, fa32, ld);
  wmma::load_matrix_sync(tb, fb32, ld);
  for (int i = 0; i < ta.num_elements; ++i) ta.x[i] = wmma::__float_to_tf32(ta.x[i]);
  for (int i = 0; i < tb.num_elements; ++i) tb.x[i] = wmma::__float_to_tf32(tb.x[i]);
  wmma::mma_sync(tacc, ta, tb, tacc);
  wmma::store_matrix_sync(c + 256, tacc, ld, wmma::mem_col_major);
  // fp64
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> da_;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> db_;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> dacc;
  wmma::fill_fragment(dacc, 0.0);
  wmma::load_matrix_sync(da_, da, ld);
  wmma::load_matrix_sync(db_, db, ld);
  wmma::mma_sync(dacc, da_, db_, dacc);
  wmma::store_matrix_sync(dc, dacc, ld, wmma::mem_row_major);
#else
  c[threadIdx.x] = 0.0f;
#endif
}
