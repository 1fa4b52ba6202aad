// Input of holdout_real.py: kernels whose nvcc output (-ptx -arch=sm_90a / sm_100a / sm_120a) gives real
// instructions of many families (compiler-generated and from the toolkit's intrinsics).
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/atomic>
#include <cuda/ptx>
#include <mma.h>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

__constant__ float cst[64];
__device__ double gd[64];
__device__ unsigned long long gull[64];

__global__ void arith(float *f, double *d, int *i, unsigned *u, long long *ll, unsigned long long *ull, int n)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    float a = f[t], b = f[t + 1], c = cst[t & 63];
    double x = d[t], y = d[t + 1];
    int p = i[t], q = i[t + 1];
    unsigned r = u[t], s = u[t + 1];
    f[t] = __fmaf_rn(a, b, c) + __fmul_rz(a, c) + __fdiv_rd(a, b) + __fsqrt_ru(a) + __frcp_rn(b) + rsqrtf(c)
         + __sinf(a) + __cosf(b) + __expf(c) + __log2f(a) + exp2f(b) + __saturatef(c) + fminf(a, b) + fmaxf(b, c)
         + fabsf(a) + copysignf(a, b) + truncf(c) + rintf(a) + floorf(b) + ceilf(c) + __fdividef(a, b) + tanhf(a)
         + __int_as_float(p) + (float)q + __uint2float_rd(r) + __ll2float_rz(ll[t]);
    d[t] = __fma_rn(x, y, x) + __dmul_ru(x, y) + __ddiv_rz(x, y) + __dsqrt_rd(y) + __drcp_rn(x) + rsqrt(y) + fabs(x)
         + fmin(x, y) + fmax(x, y) + trunc(x) + rint(y) + (double)a + __longlong_as_double(ll[t]) + __hiloint2double(p, q);
    i[t] = __mulhi(p, q) + __mul24(p, q) + __sad(p, q, s) + __popc(r) + __clz(p) + __ffs(q) + __brev(r) + __byte_perm(r, s, 0x5140)
         + __funnelshift_l(r, s, p) + __funnelshift_rc(r, s, q) + __dp4a(p, q, p) + __dp2a_lo(p, q, p) + abs(p) + min(p, q) + max(r, s)
         + __float2int_rn(a) + __float2int_rz(b) + __double2int_rd(x) + __float_as_int(c) + (p >> (q & 31)) + (r << 3) + (p % q) + (r / s)
         + __vadd4(r, s) + __vabsdiffu4(r, s) + __vmaxs2(r, s) + __vcmpgeu4(r, s) + __vsetles2(r, s) + __vsads4(r, s) + __viaddmax_s32(p, q, p)
         + __vimax3_s32(p, q, 1) + __vibmax_s32(p, q, (bool *)&f[5]);
    u[t] = __umulhi(r, s) + __usad(r, s, r) + __uhadd(r, s) + __urhadd(r, s) + __float2uint_ru(a) + __double2uint_rz(y) + (r ^ ~s) + (r & s | t);
    ll[t] = __mul64hi(ll[t], ll[t + 1]) + __popcll(ull[t]) + __clzll(ll[t]) + __ffsll(ll[t]) + llabs(ll[t]) + __double_as_longlong(x)
          + __float2ll_rd(a) + __double2ll_rn(y) + (ll[t] >> 5) + (ll[t] / ll[t + 2]) + min(ll[t], ll[t + 1]);
    ull[t] = __umul64hi(ull[t], ull[t + 1]) + __brevll(ull[t]) + __float2ull_rz(b) + __double2ull_ru(x) + (ull[t] % ull[t + 1]);
}

__global__ void halfs(__half *h, __half2 *h2, __nv_bfloat16 *bf, __nv_bfloat162 *bf2, float *f)
{
    int t = threadIdx.x;
    __half a = h[t], b = h[t + 1];
    __half2 a2 = h2[t], b2 = h2[t + 1];
    __nv_bfloat16 c = bf[t], e = bf[t + 1];
    __nv_bfloat162 c2 = bf2[t], e2 = bf2[t + 1];
    h[t] = __hfma(a, b, a) + __hmul_sat(a, b) + __habs(a) + __hneg(b) + __hmax(a, b) + __hmin_nan(a, b) + hsqrt(a) + hexp(b) + hrcp(a)
         + __float2half_rz(f[t]) + __int2half_rn(t) + __hfma_relu(a, b, a) + htanh(a) + __hdiv(a, b);
    h2[t] = __hfma2(a2, b2, a2) + __hmul2_sat(a2, b2) + __habs2(a2) + __hmax2(a2, b2) + h2sqrt(a2) + h2exp2(b2) + __hfma2_relu(a2, b2, a2)
          + __floats2half2_rn(f[t], f[t + 1]) + __hadd2_rn(a2, b2) + __hcmadd(a2, b2, a2) + __heq2(a2, b2) + __hlt2(a2, b2) + __hsub2(a2, b2);
    bf[t] = __hfma(c, e, c) + __hmul(c, e) + __habs(c) + __hmax(c, e) + hsqrt(c) + __float2bfloat16_rz(f[t]) + __int2bfloat16_rn(t)
          + __hfma_relu(c, e, c) + htanh(c);
    bf2[t] = __hfma2(c2, e2, c2) + __hmul2(c2, e2) + __habs2(c2) + __hmax2_nan(c2, e2) + h2exp(c2) + __floats2bfloat162_rn(f[t], f[t + 1])
           + __hadd2(c2, e2) + __hfma2_relu(c2, e2, c2) + __hcmadd(c2, e2, c2);
    f[t] = __half2float(a) + __bfloat162float(c) + __low2float(a2) + __high2float(c2) + (float)__hisnan(a) + (float)__hbeq2(a2, b2)
         + (float)__hgt(c, e) + (float)__hisinf(c);
}

__global__ void small_floats(float *f, __nv_fp8_storage_t *p8, __nv_fp6x2_storage_t *p6, __nv_fp4x2_storage_t *p4, __half2 *h2,
                             __nv_bfloat162 *bf2, unsigned short *us)
{
    int t = threadIdx.x;
    float2 v = make_float2(f[t], f[t + 1]);
    p8[t] = __nv_cvt_float_to_fp8(f[t], __NV_SATFINITE, __NV_E4M3);
    p8[t + 1] = __nv_cvt_float_to_fp8(f[t], __NV_NOSAT, __NV_E5M2);
    us[t] = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E4M3);
    us[t + 1] = __nv_cvt_halfraw2_to_fp8x2(h2[t], __NV_SATFINITE, __NV_E5M2);
    us[t + 2] = __nv_cvt_bfloat16raw2_to_fp8x2(bf2[t], __NV_SATFINITE, __NV_E4M3);
    __half_raw hr = __nv_cvt_fp8_to_halfraw(p8[t], __NV_E4M3);
    __half2_raw h2r = __nv_cvt_fp8x2_to_halfraw2(us[t], __NV_E5M2);
    p6[t] = __nv_cvt_float2_to_fp6x2(v, __NV_E2M3, cudaRoundNearest);
    p6[t + 1] = __nv_cvt_float2_to_fp6x2(v, __NV_E3M2, cudaRoundNearest);
    p6[t + 2] = __nv_cvt_halfraw2_to_fp6x2(h2[t], __NV_E2M3, cudaRoundNearest);
    p4[t] = __nv_cvt_float2_to_fp4x2(v, __NV_E2M1, cudaRoundNearest);
    p4[t + 1] = __nv_cvt_bfloat16raw2_to_fp4x2(bf2[t], __NV_E2M1, cudaRoundNearest);
    __half2_raw h6 = __nv_cvt_fp6x2_to_halfraw2(p6[t], __NV_E3M2);
    __half2_raw h4 = __nv_cvt_fp4x2_to_halfraw2(p4[t], __NV_E2M1);
    __nv_fp8_e8m0 e(f[t]);
    f[t] = (float)e + __half2float(__half(hr)) + __half2float(__half2(h2r).x) + __half2float(__half2(h6).y) + __half2float(__half2(h4).x);
}

__global__ void warps(int *i, unsigned *u, float *f, double *d, long long *ll)
{
    int t = threadIdx.x;
    unsigned m = __activemask();
    int v = i[t];
    v += __shfl_sync(m, v, 3) + __shfl_up_sync(m, v, 1) + __shfl_down_sync(0xffffffff, v, 2, 16) + __shfl_xor_sync(m, v, 4);
    f[t] = __shfl_xor_sync(m, f[t], 1);
    d[t] = __shfl_sync(m, d[t], 0);
    v += __ballot_sync(m, v > 0) + __all_sync(m, v) + __any_sync(m, v) + __uni_sync(m, v) + __popc(__match_any_sync(m, v));
    int pred;
    v += __match_all_sync(m, ll[t], &pred) + pred;
    v += __reduce_add_sync(m, v) + __reduce_min_sync(m, v) + __reduce_max_sync(m, (unsigned)v) + __reduce_and_sync(m, (unsigned)v)
       + __reduce_or_sync(m, (unsigned)v) + __reduce_xor_sync(m, (unsigned)v);
#if __CUDA_ARCH__ >= 1000
    float rf; asm volatile("redux.sync.max.abs.NaN.f32 %0, %1, %2;" : "=f"(rf) : "f"(f[t]), "r"(m)); f[t + 1] = rf;
#endif
    __syncwarp(m);
    __nanosleep(100);
    u[t] = cuda::ptx::get_sreg_lanemask_lt() + cuda::ptx::get_sreg_lanemask_ge();
    #if __CUDA_ARCH__ >= 900
    unsigned el; asm volatile("{.reg .pred e; elect.sync %0|e, %1;}" : "=r"(el) : "r"(m)); v += el;
#endif
    i[t] = v;
    __syncthreads();
    v = __syncthreads_count(v > 3) + __syncthreads_and(v) + __syncthreads_or(v);
    __threadfence(); __threadfence_block(); __threadfence_system();
    u[t + 1] = (unsigned)clock() + (unsigned)clock64() + v + (unsigned)cuda::ptx::get_sreg_globaltimer();
    asm volatile("griddepcontrol.wait;");
    cudaGridDependencySynchronize();
    cudaTriggerProgrammaticLaunchCompletion();
}

__global__ void atomics(int *i, unsigned *u, float *f, double *d, unsigned long long *ull, long long *ll, __half2 *h2, __nv_bfloat162 *bf2)
{
    __shared__ int si[32];
    __shared__ float sf[32];
    int t = threadIdx.x;
    atomicAdd(i, 1); atomicSub(i + 1, t); atomicExch(i + 2, t); atomicMin(i + 3, t); atomicMax(i + 4, t);
    atomicInc(u, 7); atomicDec(u + 1, 9); atomicCAS(u + 2, 1, t); atomicAnd(u + 3, t); atomicOr(u + 4, t); atomicXor(u + 5, t);
    atomicAdd(f, 1.f); atomicAdd(d, 2.0); atomicAdd(ull, 3ull); atomicCAS(ull + 1, 1ull, 2ull); atomicMin(ll, (long long)t);
    atomicMax(ull + 2, 5ull); atomicExch(f + 1, 2.f); atomicAdd(h2, h2[1]); atomicAdd(bf2, bf2[1]);
    atomicAdd_block(i + 5, 1); atomicAdd_system(i + 6, 1); atomicCAS_block(u + 6, 0, 1); atomicMax_system(u + 7, 3);
    atomicAdd(&si[t & 31], 1); atomicAdd(&sf[t & 31], 1.f); atomicCAS(&si[(t + 1) & 31], 0, t);
    cuda::atomic_ref<int, cuda::thread_scope_device> r(i[7]);
    r.fetch_add(2, cuda::memory_order_relaxed); r.store(3, cuda::memory_order_release); int x = r.load(cuda::memory_order_acquire);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> r2(ull[3]);
    r2.fetch_or(1, cuda::memory_order_seq_cst); r2.exchange(4, cuda::memory_order_acq_rel);
    unsigned long long exp = 0;
    r2.compare_exchange_strong(exp, 5, cuda::memory_order_acq_rel);
    cuda::atomic_ref<float, cuda::thread_scope_block> r3(f[3]);
    r3.fetch_add(1.f, cuda::memory_order_relaxed); r3.fetch_max(2.f);
    cuda::atomic_ref<int, cuda::thread_scope_block> r4(si[0]);
    r4.fetch_min(3, cuda::memory_order_acquire);
    i[8] = x + si[t & 31] + (int)sf[t & 31];
    atomicAdd((float2 *)(f + 8), make_float2(1.f, 2.f));
    atomicAdd((float4 *)(f + 16), make_float4(1.f, 2.f, 3.f, 4.f));
}

__global__ void memory(const float *__restrict__ in, float *out, float4 *v4, int2 *v2, double2 *dv, char *cp, short *sp, int n)
{
    __shared__ float4 sm[64];
    __shared__ double sd[64];
    float loc[16];
    int t = threadIdx.x;
    for (int k = 0; k < 16; k++) loc[k] = in[t * k];
    sm[t & 63] = v4[t];
    sd[t & 63] = dv[t].x;
    __syncthreads();
    float4 a = sm[(t + 1) & 63];
    out[t] = __ldg(in + t) + __ldcg(in + t + 1) + __ldca(in + 2) + __ldcs(in + 3) + __ldlu(in + 4) + __ldcv(in + 5) + loc[t & 15]
           + a.x + a.w + (float)sd[t & 63] + cst[t & 63];
    __stcg(out + 1, a.y); __stcs(out + 2, a.z); __stwb(out + 3, a.x); __stwt(out + 4, a.w);
    v2[t] = __ldg(v2 + t + 1);
    int4 q = __ldg((const int4 *)v4 + t);
    v4[t + 1] = make_float4(q.x, q.y, q.z, q.w);
    cp[t] = cp[t + 1] + (char)sp[t];
    sp[t] = (short)(sp[t + 2] * 3);
    dv[t] = __ldcs(dv + 1);
    asm volatile("prefetch.global.L1 [%0];" :: "l"(in + 64)); asm volatile("prefetch.global.L2::evict_last [%0];" :: "l"(in + 128));
    out[t + 8] = __isGlobal(in) + __isShared(sm) + __isLocal(loc) + __isConstant(cst) + (float)__cvta_generic_to_shared(sm);
    void *gp = __cvta_shared_to_generic((size_t)__cvta_generic_to_shared(&sm[3]));
    out[t + 9] = ((float *)gp)[0];
    unsigned long long gptr = (unsigned long long)&gd[t];
    out[t + 10] = *(double *)gptr + (double)gull[t];
    __nv_bfloat16 b = *(__nv_bfloat16 *)(cp + 64);
    out[t + 11] = __bfloat162float(b);
}

__global__ void async_copies(float *g, int n)
{
    __shared__ alignas(128) float buf[2][256];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    __pipeline_memcpy_async(&buf[0][threadIdx.x], &g[threadIdx.x], 4);
    __pipeline_memcpy_async(&buf[1][threadIdx.x * 4 % 256], &g[threadIdx.x * 4], 16, 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    cuda::memcpy_async(block, buf[0], g + 256, sizeof(float) * 256, bar);
    bar.arrive_and_wait();
    cg::memcpy_async(block, buf[1], g + 512, sizeof(float) * 256);
    cg::wait(block);
    auto tile = cg::tiled_partition<32>(block);
    g[threadIdx.x] = cg::reduce(tile, buf[0][threadIdx.x], cg::plus<float>()) + cg::reduce(tile, (int)buf[1][threadIdx.x], cg::greater<int>());
}

__global__ void __cluster_dims__(2, 1, 1) clusters(int *out)
{
    __shared__ int sm[32];
    __shared__ alignas(8) uint64_t mbar;
    auto cl = cg::this_cluster();
    sm[threadIdx.x & 31] = threadIdx.x;
    cl.sync();
    int *peer = cl.map_shared_rank(sm, (cl.block_rank() + 1) % cl.num_blocks());
    out[threadIdx.x] = peer[threadIdx.x & 31] + cl.dim_blocks().x + cl.block_index().x + (int)cl.query_shared_rank(peer);
    cl.barrier_arrive(); cl.barrier_wait();
    if (threadIdx.x == 0) {
        cuda::ptx::mbarrier_init(&mbar, 1);
        cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
    }
    __syncthreads();
    uint64_t st = cuda::ptx::mbarrier_arrive(&mbar);
    while (!cuda::ptx::mbarrier_try_wait(&mbar, st)) {}
    uint32_t r = cuda::ptx::get_sreg_clusterid_x() + cuda::ptx::get_sreg_cluster_ctarank() + cuda::ptx::get_sreg_nclusterid_y()
               + cuda::ptx::get_sreg_smid() + cuda::ptx::get_sreg_warpid() + cuda::ptx::get_sreg_lanemask_le()
               + cuda::ptx::get_sreg_dynamic_smem_size() + (uint32_t)cuda::ptx::get_sreg_clock64() + cuda::ptx::get_sreg_is_explicit_cluster();
    out[threadIdx.x + 32] = r;
}

__global__ void tma(const __grid_constant__ CUtensorMap map, float *g)
{
#if __CUDA_ARCH__ >= 900
    __shared__ alignas(128) float buf[1024];
    __shared__ alignas(8) uint64_t bar;
    if (threadIdx.x == 0) {
        cuda::ptx::mbarrier_init(&bar, 1);
        cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
        int32_t c2[2] = {0, 0};
        cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global, buf, &map, c2, &bar);
        cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global, buf + 512, g, 1024, &bar);
        cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta, cuda::ptx::space_shared, &bar, 4096);
        while (!cuda::ptx::mbarrier_try_wait_parity(&bar, 0)) {}
        cuda::ptx::cp_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared, g + 1024, buf, 1024);
        cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared, &map, c2, buf);
        cuda::ptx::cp_reduce_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared, cuda::ptx::op_add, g, buf, 1024);
        cuda::ptx::cp_async_bulk_commit_group();
        cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<0>());
        asm volatile("prefetch.tensormap [%0];" :: "l"((unsigned long long)&map));
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], 1024;" :: "l"(g));
        asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" :: "l"((unsigned long long)&map));
    }
#endif
}

__global__ void tensor_cores(const half *a, const half *b, float *c, const __nv_bfloat16 *ab, const double *da, int *ic, const signed char *i8)
{
    using namespace nvcuda;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.f);
    wmma::load_matrix_sync(fa, a, 16); wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> ba;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> bb;
    wmma::load_matrix_sync(ba, ab, 16); wmma::load_matrix_sync(bb, ab + 256, 16);
    wmma::mma_sync(fc, ba, bb, fc);
    wmma::store_matrix_sync(c + 256, fc, 16, wmma::mem_col_major);
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> da_;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> db_;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> dc_;
    wmma::load_matrix_sync(da_, da, 8); wmma::load_matrix_sync(db_, da + 64, 8); wmma::fill_fragment(dc_, 0.0);
    wmma::mma_sync(dc_, da_, db_, dc_);
    wmma::store_matrix_sync((double *)c + 512, dc_, 8, wmma::mem_row_major);
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> ia;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> ib;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> icf;
    wmma::load_matrix_sync(ia, i8, 16); wmma::load_matrix_sync(ib, i8 + 256, 16); wmma::fill_fragment(icf, 0);
    wmma::mma_sync(icf, ia, ib, icf, true);
    wmma::store_matrix_sync(ic, icf, 16, wmma::mem_row_major);
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(0));
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "r"(r0), "r"(r1),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
#if __CUDA_ARCH__ >= 1200
    asm volatile("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "r"(r0), "r"(r1));
#endif
    c[1000 + threadIdx.x] = d0 + d1 + d2 + d3;
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" :: "r"(64), "r"(r0), "r"(r1));
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    float acc[8] = {0};
    uint64_t desc_a = 0x4000004000010000ull, desc_b = 0x4000004000010080ull;
    asm volatile("wgmma.fence.sync.aligned;");
    asm volatile("wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, 1, 1, 1, 0, 0;"
                 : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7])
                 : "l"(desc_a), "l"(desc_b));
    asm volatile("wgmma.commit_group.sync.aligned;");
    asm volatile("wgmma.wait_group.sync.aligned 0;");
    for (int k = 0; k < 8; k++) c[2000 + k] = acc[k];
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
#endif
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
    __shared__ uint32_t tmem_base;
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;" :: "r"((unsigned)__cvta_generic_to_shared(&tmem_base)));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;");
    uint32_t tm = tmem_base;
    uint32_t o0, o1;
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x2.b32 {%0, %1}, [%2];" : "=r"(o0), "=r"(o1) : "r"(tm));
    asm volatile("tcgen05.wait::ld.sync.aligned;");
    asm volatile("tcgen05.st.sync.aligned.16x64b.x1.b32 [%0], {%1};" :: "r"(tm), "r"(o0));
    asm volatile("tcgen05.wait::st.sync.aligned;");
    asm volatile("{.reg .pred p; setp.ne.b32 p, %4, 0;\n"
                 "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;}" :: "r"(tm), "l"(0x4000004000010000ull), "l"(0x4000004000010080ull), "r"(0x08100010u), "r"(o1));
    asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];" :: "r"(64u));
    asm volatile("tcgen05.fence::before_thread_sync;");
    asm volatile("tcgen05.cp.cta_group::1.128x256b [%0], %1;" :: "r"(tm), "l"(0x4000004000010000ull));
    asm volatile("tcgen05.shift.cta_group::1.down [%0];" :: "r"(tm));
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" :: "r"(tm));
    c[3000] = o0 + o1;
#endif
}

__global__ void control(int *p, int n, float *f)
{
    int t = threadIdx.x;
    int s = 0;
    for (int k = 0; k < n; k++) {
        switch (p[k] & 3) {
        case 0: s += p[k]; break;
        case 1: s -= k; break;
        case 2: s ^= f[k] > 0.5f; break;
        default: s = s * 3 + (f[k] != f[k]);
        }
    }
    if (s < 0) __trap();
    if (s == 77) __brkpt();
    if (n > 1000) asm volatile("exit;");
    p[t] = s + (f[t] >= f[t + 1] ? 1 : 2) + (isnan(f[t]) ? 5 : 7) + (signbit(f[t + 2]) ? 3 : 9);
    char *dyn = (char *)malloc(n);
    if (dyn) { dyn[0] = 1; free(dyn); }
    printf("%d %f\n", s, f[t]);
    void *a = alloca(n);
    ((int *)a)[0] = s;
    p[t + 1] = ((int *)a)[n & 7];
}

__device__ __noinline__ float callee(float a, int b, double c) { return a * b + (float)c; }

__global__ void calls(float *f, int *i, double *d, cudaTextureObject_t tx, cudaSurfaceObject_t sf)
{
    int t = threadIdx.x;
    f[t] = callee(f[t], i[t], d[t]);
    float4 v = tex2D<float4>(tx, f[0], f[1]);
    float w = tex1Dfetch<float>(tx, t);
    float l = tex2DLod<float>(tx, f[2], f[3], 1.f);
    float4 g = tex2Dgather<float4>(tx, f[4], f[5], 1);
    int sv = surf2Dread<int>(sf, t * 4, 3);
    surf2Dwrite(sv + 1, sf, t * 4, 4);
    f[t + 1] = v.x + w + l + g.y + sv;
}
