// Suppression comments in a CUDA source (docs/suppressions.md): C++ comments before, after and
// inside asm statements, and PTX comments inside a template. `// expect:` as in mapping.cu.

__device__ void next_line() {
    // ptxlint-disable-next-line PTX0300 -- the constant compare is on purpose here
    asm("{ .reg .pred p; setp.eq.s32 p, 1, 1; }");
    asm("{ .reg .pred p; setp.eq.s32 p, 1, 1; }"); // expect: PTX0300@26
}

__device__ void same_line() {
    asm("{ .reg .pred p; setp.eq.s32 p, 2, 2; }"); /* ptxlint-disable-line constant-comparison */
}

__device__ void whole_statement() {
    // ptxlint-disable-next-line PTX0300
    asm volatile(
        "{ .reg .pred p;\n\t"
        "setp.eq.s32 p, 3, 3;\n\t"
        "}");
}

__device__ void between_literals() {
    asm volatile(
        "{ .reg .pred p, q;\n\t"
        // ptxlint-disable-next-line PTX0300
        "setp.eq.s32 p, 4, 4;\n\t"
        "setp.eq.s32 q, 5, 5;\n\t" // expect: PTX0300@10
        "}");
}

// ptxlint-disable PTX0300
__device__ void in_range() {
    asm("{ .reg .pred p; setp.eq.s32 p, 6, 6; }");
}
// ptxlint-enable PTX0300

__device__ void in_template() {
    asm("{ .reg .pred p;\n// ptxlint-disable-next-line PTX0300\n\tsetp.eq.s32 p, 7, 7; }");
}

// ptxlint-disable-next-line PTX0301
__device__ void unused() {} // expect-at 41: PTX0401@1

__device__ void not_this_one() { // expect-at 45: PTX0401@5 (an error of another rule stays)
    // ptxlint-disable-next-line PTX0300
    asm volatile("membar.gll;"); // expect: PTX0200@25
}
