// Control flow shapes: dense switch (jump tables / brx.idx), sparse switch, goto, nested loops
// with #pragma unroll / nounroll, early exits, divergent branches with reconvergence,
// predicated code, inline-asm exit, loop-carried recursion via templates, and
// __builtin_unreachable.

__device__ __noinline__ int dense_switch(int op, int a, int b) {
  switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return b ? a / b : 0;
    case 4: return b ? a % b : 0;
    case 5: return a & b;
    case 6: return a | b;
    case 7: return a ^ b;
    case 8: return a << (b & 31);
    case 9: return a >> (b & 31);
    case 10: return (unsigned)a >> (b & 31);
    case 11: return a < b;
    case 12: return a > b ? a : b;
    case 13: return a < b ? a : b;
    case 14: return ~a;
    case 15: return -a;
    default: return 0;
  }
}

__device__ __noinline__ float interp(const unsigned char* code, const float* consts, int len,
                                     float x) {
  float stack[16];
  int sp = 0;
  for (int pc = 0; pc < len; ++pc) {
    switch (code[pc]) {
      case 0: stack[sp++] = x; break;
      case 1: stack[sp++] = consts[code[++pc]]; break;
      case 2: --sp; stack[sp - 1] += stack[sp]; break;
      case 3: --sp; stack[sp - 1] *= stack[sp]; break;
      case 4: --sp; stack[sp - 1] -= stack[sp]; break;
      case 5: --sp; stack[sp - 1] /= stack[sp]; break;
      case 6: stack[sp - 1] = __sinf(stack[sp - 1]); break;
      case 7: stack[sp - 1] = __expf(stack[sp - 1]); break;
      case 8: stack[sp] = stack[sp - 1]; ++sp; break;
      case 9: { float t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
      case 255: goto done;
      default: __builtin_unreachable();
    }
  }
done:
  return sp > 0 ? stack[sp - 1] : 0.0f;
}

__device__ int sparse_switch(int key) {
  switch (key) {
    case -1000: return 1;
    case 3: return 2;
    case 17: return 3;
    case 4096: return 4;
    case 65537: return 5;
    case 0x7fffffff: return 6;
    default: return -1;
  }
}

template <int N>
struct Unrolled {
  __device__ static float apply(const float* p) { return p[N - 1] * N + Unrolled<N - 1>::apply(p); }
};
template <>
struct Unrolled<0> {
  __device__ static float apply(const float*) { return 0.0f; }
};

__global__ void control_kernel(const int* ops, const float* data, const unsigned char* code,
                               float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int acc = 0;
  for (int k = 0; k < 8; ++k) acc += dense_switch(ops[i * 8 + k], acc + k, ops[i]);
  acc += sparse_switch(ops[i]);
  float f = interp(code, data, 32, data[i]);
  float u = 0.0f;
#pragma unroll 4
  for (int k = 0; k < n; ++k) u += data[(i + k) % n];
#pragma unroll 1
  for (int k = 0; k < (ops[i] & 31); ++k) {
    if (data[k] < 0.0f) continue;
    if (data[k] > 1e6f) break;
    u *= 0.999f;
  }
  int w = 0;
  while (true) {
    if ((ops[i] >> w) & 1) break;
    if (++w >= 32) goto tail;
  }
  u += w;
tail:
  if (threadIdx.x & 1) {
    u = -u;
    if (threadIdx.x & 2) u *= 2.0f;
  } else {
    u += Unrolled<6>::apply(data);
  }
  out[i] = f + u + acc;
  if (ops[i] == 0x7ead) asm volatile("exit;");
}
