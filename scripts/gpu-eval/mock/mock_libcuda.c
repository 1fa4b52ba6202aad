/* A stand-in for libcuda.so.1 with just the calls run_gpu.py makes, for testing the harness on a
 * machine without a GPU. Memory is host memory; a "kernel" writes out[i] = a + 2b + 3c for each of
 * its n vectors, so the test can check that every vector went to the right slot and back. It also
 * checks that the module text is PTX with the requested entry and that the grid covers n. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
static char *module_text;

CUresult cuInit(unsigned flags) { (void)flags; return 0; }
CUresult cuGetErrorString(CUresult rc, const char **s) { (void)rc; *s = "mock error"; return 0; }
CUresult cuDeviceGet(int *dev, int ordinal) { *dev = ordinal; return 0; }
CUresult cuDeviceGetName(char *name, int len, int dev) { (void)dev; snprintf(name, len, "Mock GPU"); return 0; }
CUresult cuDeviceGetAttribute(int *v, int attr, int dev) { (void)dev; *v = attr == 75 ? 9 : 0; return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) { (void)dev; *ctx = (void *)1; return 0; }
CUresult cuCtxSetCurrent(void *ctx) { (void)ctx; return 0; }
CUresult cuCtxSynchronize(void) { return 0; }

CUresult cuModuleLoadDataEx(void **mod, const void *image, unsigned n, int *opts, void **vals) {
    (void)n; (void)opts; (void)vals;
    if (strncmp((const char *)image, "//", 2) != 0 || !strstr((const char *)image, ".version")) return 218;
    module_text = strdup((const char *)image);
    *mod = (void *)2;
    return 0;
}

CUresult cuModuleGetFunction(void **fn, void *mod, const char *name) {
    (void)mod;
    char pat[64];
    snprintf(pat, sizeof pat, ".entry %s(", name);
    if (!strstr(module_text, pat)) return 500;
    *fn = (void *)(intptr_t)(atoi(name + 1) + 1);
    return 0;
}

CUresult cuMemAlloc_v2(uint64_t *p, size_t size) { *p = (uint64_t)(uintptr_t)calloc(1, size); return 0; }
CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) { memcpy((void *)(uintptr_t)dst, src, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) { memcpy(dst, (void *)(uintptr_t)src, n); return 0; }

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shmem, void *stream, void **params, void **extra) {
    (void)f; (void)gy; (void)gz; (void)by; (void)bz; (void)shmem; (void)stream; (void)extra;
    uint64_t *in = (uint64_t *)(uintptr_t)*(uint64_t *)params[0];
    uint64_t *out = (uint64_t *)(uintptr_t)*(uint64_t *)params[1];
    uint32_t n = *(uint32_t *)params[2];
    if ((uint64_t)gx * bx < n) return 1;
    for (uint32_t i = 0; i < n; i++) out[i] = in[3 * i] + 2 * in[3 * i + 1] + 3 * in[3 * i + 2];
    return 0;
}
