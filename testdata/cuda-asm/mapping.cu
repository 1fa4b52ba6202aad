// Inline PTX fixture: each `// expect:` names the codes (and 1-based columns) ptxlint reports on
// that C++ line (`// expect-at N:` on line N, for lines inside a raw string); every other line
// must stay clean. CudaFixtureTest runs the command line on it.
#include <cstdint>

#define PTR_CONSTRAINT "l"
#define CG_PTR(x) "l"(x)

__device__ unsigned lane_id() {
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}

__device__ int typo(int a) {
    int r;
    asm("mov.u32 %0, %1;\n\t"
        "addd.s32 %0, %0, 1;" : "=r"(r) : "r"(a)); // expect: PTX0100@10
    return r;
}

__device__ int operands(int a, int b) {
    int r;
    asm("add.s32 %0, %1, %3;" : "=r"(r) : "r"(a), "r"(b)); // expect: PTX0500@26
    asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    asm("{ .reg .u32 %t1; mov.u32 %t1, %1; mov.u32 %0, %t1; }" : "=r"(r) : "r"(a)); // expect: PTX0501@22 PTX0501@35 PTX0501@56
    return r;
}

__device__ void escapes(float *p, float x) {
    // \x61 is 'a', \144 is 'd', \" is a quote inside the literal
    asm volatile("\x61\144d.f32 %0, %0, %1;" : "+f"(x) : "f"(x));
    asm volatile("st.global.f32 [%0], %1;" :: PTR_CONSTRAINT(p), "f"(x) : "memory");
    asm volatile("st.global.f32 [%0], %1;" :: CG_PTR(p), "f"(x) : "memory");
    asm volatile("st.global.f32 [%0], %1;" :: "l"(p), "d"((double)x) : "memory"); // expect: PTX0213@39
}

__device__ void raw_and_scopes(unsigned *p, unsigned v) {
    asm volatile(R"(
    {
        .reg .pred p;
        setp.ne.u32 p, %1, 0;
        @p st.global.u32 [%0], %1;
        @q st.global.u32 [%0], %1;
    })" :: "l"(p), "r"(v) : "memory"); // expect-at 44: PTX0101@10
}

__device__ void basic() {
    asm volatile("membar.gl;" ::: "memory");
    asm volatile("membar.gl;" ::: "memory", "cc"); // expect: PTX0502@45
    asm volatile("{ .reg .b32 %%t; mov.u32 %%t, %%laneid; }"); // expect: PTX0503@31 PTX0503@44 PTX0503@49
    asm volatile("{ .reg .b32 %t; mov.u32 %t, %laneid; }");
}

__device__ void split_literals(unsigned *p) {
    asm volatile("st.global"
                 ".u32 [%0], "
                 "%1" :: "l"(p), "r"(1u)); // expect: PTX0002@21
}

__device__ void skipped_ones(unsigned *p) {
#define TEMPLATE "membar.gl;"
    asm volatile(TEMPLATE ::: "memory");
    asm volatile("membar.gl;"
#if 1
                 "membar.gl;"
#endif
                 ::: "memory");
}

__device__ void immediates(unsigned *p, unsigned v) {
    unsigned r;
    asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(r) : "r"(v), "n"(5));
    asm("bar.sync %0;" :: "n"(0));
    p[0] = r;
}

__device__ unsigned old_shfl(unsigned v) {
    unsigned r;
#if __CUDA_ARCH__ < 700
    asm("shfl.idx.b32 %0, %1, 0, 31;" : "=r"(r) : "r"(v));
#else
    asm("shfl.sync.idx.b32 %0, %1, 0, 31, -1;" : "=r"(r) : "r"(v));
#endif
    asm("shfl.idx.b32 %0, %1, 0, 31;" : "=r"(r) : "r"(v)); // expect: PTX0225@10
    return r;
}

__device__ void arch_specific() {
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
}
