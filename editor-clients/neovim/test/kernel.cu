// CUDA source for the headless Neovim test (check_cuda.lua): ptxlint reports inside asm strings only.
__device__ int typo(int a) {
    int r;
    asm("mov.u32 %0, %1;\n\t"
        "addd.s32 %0, %0, 1;" : "=r"(r) : "r"(a));
    // ptxlint-disable-next-line PTX0300
    asm("{ .reg .pred p; setp.eq.s32 p, 1, 1; }");
    return r;
}
