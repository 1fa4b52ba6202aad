// PTX0504: a 32-bit "r" operand as a global or generic address (ptxas stops on it in nvcc's
// 64-bit modules); shared, local, const and param addresses are 32-bit offsets and fine.
// `// expect:` as in mapping.cu; each statement's verdict checked with nvcc 13.0 and ptxas.

__global__ void k(unsigned *out, unsigned long long p, unsigned a) {
    unsigned v, w;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "r"(a)); // expect: PTX0504@38
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
    asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(w) : "r"(a));
    asm volatile("ld.shared::cta.u32 %0, [%1];" : "=r"(w) : "r"(a));
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(w) : "r"(a));
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %1, 0;\n\t@q st.u32 [%1+4], %0;\n\t}"
                 :: "r"(v), "r"(a)); // expect-at 12: PTX0504@77
    asm volatile("mbarrier.arrive.b64 %0, [%1];" : "=l"(p) : "r"(a)); // expect: PTX0504@44
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(p) : "r"(a));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(a), "r"(a));
    asm volatile("red.add.u32 [%0], 1;" :: "r"(a)); // expect: PTX0504@32
    asm volatile("mov.u32 %0, [%1];" : "=r"(w) : "r"(a)); // expect: PTX0215@31 (not a memory access: another rule)
    out[0] = v + w + (unsigned)p;
}
