// Texture and surface objects: tex1Dfetch, tex1D/2D/3D, layered, cubemap, tex2DLod/Grad,
// tex2Dgather, surf1D/2D/3D read/write with boundary modes.
#include <cuda_fp16.h>

__global__ void tex_kernel(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                           cudaTextureObject_t tl, cudaTextureObject_t tc, cudaTextureObject_t ti,
                           float* out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float u = (x + 0.5f) / w;
  float r = tex1D<float>(t1, u);
  r += tex1Dfetch<float>(ti, x);
  int4 iv = tex1Dfetch<int4>(ti, x);
  float4 f4 = tex2D<float4>(t2, u, 0.5f);
  r += f4.x + f4.y + iv.x;
  r += tex3D<float>(t3, u, 0.25f, 0.75f);
  r += tex2DLod<float>(t2, u, u, 1.5f);
  r += tex2DGrad<float>(t2, u, u, make_float2(0.01f, 0.0f), make_float2(0.0f, 0.01f));
  r += tex1DLayered<float>(tl, u, 2);
  r += tex2DLayered<float>(tl, u, u, 3);
  r += texCubemap<float>(tc, u, 1.0f - u, 0.5f);
  float4 g = tex2Dgather<float4>(t2, u, u, 1);
  r += g.x + g.w;
  uchar4 c = tex2D<uchar4>(t2, u, u);
  r += c.x;
  short2 s2 = tex2D<short2>(t2, u, u);
  r += s2.x;
  bool resident;
  float sp = tex2D<float>(t2, u, u, &resident);
  r += resident ? sp : 0.0f;
  out[x] = r;
}

__global__ void surf_kernel(cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t s3,
                            cudaSurfaceObject_t sl, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = surf2Dread<float>(s2, x * 4, y);
  float4 v4;
  surf2Dread(&v4, s2, x * 16, y, cudaBoundaryModeClamp);
  unsigned char b = surf1Dread<unsigned char>(s1, x, cudaBoundaryModeZero);
  surf1Dwrite<unsigned char>(b + 1, s1, x);
  surf2Dwrite(v * 2.0f, s2, x * 4, y);
  surf2Dwrite(make_float4(v4.w, v4.z, v4.y, v4.x), s2, x * 16, y, cudaBoundaryModeTrap);
  int i3 = surf3Dread<int>(s3, x * 4, y, 1);
  surf3Dwrite(i3 + 1, s3, x * 4, y, 2);
  short2 sh = surf2DLayeredread<short2>(sl, x * 4, y, 1);
  surf2DLayeredwrite(make_short2(sh.y, sh.x), sl, x * 4, y, 0);
  uint2 u2 = surf1Dread<uint2>(s1, x * 8);
  surf1Dwrite(make_uint2(u2.y, u2.x), s1, x * 8, cudaBoundaryModeClamp);
}
