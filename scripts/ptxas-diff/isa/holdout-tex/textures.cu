#include <cuda_runtime.h>
__global__ void k(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                  cudaTextureObject_t tl1, cudaTextureObject_t tl2, cudaTextureObject_t tc, cudaTextureObject_t tcl,
                  cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t s3,
                  cudaSurfaceObject_t sl1, cudaSurfaceObject_t sl2, float4 *out, int *iout, int n)
{
    int i = threadIdx.x;
    float x = i * 0.5f, y = i * 0.25f, z = i * 0.125f;
    float4 a = tex1Dfetch<float4>(t1, i);
    a.x += tex1D<float>(t1, x);
    float4 b = tex2D<float4>(t2, x, y);
    float4 c = tex3D<float4>(t3, x, y, z);
    float4 d = tex1DLayered<float4>(tl1, x, i);
    float4 e = tex2DLayered<float4>(tl2, x, y, i);
    float4 f = texCubemap<float4>(tc, x, y, z);
    float4 g = texCubemapLayered<float4>(tcl, x, y, z, i);
    float4 h = tex2Dgather<float4>(t2, x, y, 1);
    float4 l = tex2DLod<float4>(t2, x, y, 1.5f);
    float4 m = tex2DGrad<float4>(t2, x, y, make_float2(1, 0), make_float2(0, 1));
    int4 ii = tex2D<int4>(t2, x, y);
    int ij = tex1Dfetch<int>(t1, i);
    float4 o = tex3DLod<float4>(t3, x, y, z, 0.5f);
    float4 p = tex1DLayeredLod<float4>(tl1, x, i, 0.5f);
    float4 q = texCubemapLod<float4>(tc, x, y, z, 0.5f);
    float4 r = tex2DLayeredGrad<float4>(tl2, x, y, i, make_float2(1, 0), make_float2(0, 1));
    unsigned short us = tex2D<unsigned short>(t2, x, y);
    float v;
    surf1Dread(&v, s1, i * 4);
    surf1Dwrite(v + 1.0f, s1, i * 4);
    float4 w;
    surf2Dread(&w, s2, i * 16, i);
    surf2Dwrite(w, s2, i * 16, i);
    surf2Dwrite(make_uchar4(1, 2, 3, 4), s2, i * 4, i, cudaBoundaryModeClamp);
    surf3Dwrite(make_short2(1, 2), s3, i * 4, i, i);
    int s3v;
    surf3Dread(&s3v, s3, i * 4, i, i, cudaBoundaryModeZero);
    surf1DLayeredwrite(make_float2(1, 2), sl1, i * 8, i);
    long long dd;
    surf2DLayeredread<long long>(&dd, sl2, i * 8, i, i);
    surf2DLayeredwrite<long long>(dd * 2, sl2, i * 8, i, i);
    out[i] = make_float4(a.x + b.y + c.z + d.w + e.x + f.y + g.z + h.w + v + w.x + l.x + m.y + o.z + p.w + q.x + r.y,
                         ii.x + ij + us, s3v, dd);
    iout[i] = ii.y;
}
