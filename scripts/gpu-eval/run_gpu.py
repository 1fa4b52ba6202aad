#!/usr/bin/env python3
"""Run a vector file on an NVIDIA GPU and write the results (CUDA driver API through ctypes).

    run_gpu.py VECTORS -o RESULTS [--device N] [--gzip]

Needs only Python 3 and the driver's libcuda.so.1 (no toolkit: the driver JIT-compiles the PTX
that gen_kernel.py builds). Every vector line is written back followed by ' -> ' and the result
(setp: 'P Q', with Q '-' for .f16/.bf16; set/selp/slct: D in hex of the dtype's width; vset,
vset2, vset4: D in 8 hex digits), after a header that names the device and its compute
capability. Forms the device cannot run (set/setp .bf16 below sm_90) are written as '-> skipped'.
"""
import argparse, ctypes, gzip, os, struct, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_kernel  # noqa: E402

CU_JIT_INFO_LOG_BUFFER = 3
CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4
CU_JIT_ERROR_LOG_BUFFER = 5
CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
ATTR_CC_MAJOR = 75
ATTR_CC_MINOR = 76


class Cuda:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")

    def __call__(self, name, *args):
        fn = getattr(self.lib, name)
        rc = fn(*args)
        if rc != 0:
            msg = ctypes.c_char_p()
            self.lib.cuGetErrorString(rc, ctypes.byref(msg))
            raise RuntimeError("%s failed: %d %s" % (name, rc, msg.value.decode() if msg.value else ""))


def format_result(form, value):
    f = gen_kernel.Form(form)
    if f.opcode == "setp":
        p = value & 1
        q = "-" if f.stype in ("f16", "bf16") else str((value >> 1) & 1)
        return "%d %s" % (p, q)
    w = gen_kernel.WIDTH[f.dtype]
    return format(value, "0%dX" % (w // 4))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vectors")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--device", type=int, default=0)
    a = ap.parse_args()

    vectors = gen_kernel.parse_vectors(a.vectors)
    keys = gen_kernel.kernel_keys(vectors)
    cu = Cuda()
    cu("cuInit", 0)
    dev = ctypes.c_int()
    cu("cuDeviceGet", ctypes.byref(dev), a.device)
    name = ctypes.create_string_buffer(256)
    cu("cuDeviceGetName", name, 256, dev)
    major, minor = ctypes.c_int(), ctypes.c_int()
    cu("cuDeviceGetAttribute", ctypes.byref(major), ATTR_CC_MAJOR, dev)
    cu("cuDeviceGetAttribute", ctypes.byref(minor), ATTR_CC_MINOR, dev)
    drv = ctypes.c_int()
    cu("cuDriverGetVersion", ctypes.byref(drv))
    target = "sm_%d%d" % (major.value, minor.value)
    ctx = ctypes.c_void_p()
    cu("cuDevicePrimaryCtxRetain", ctypes.byref(ctx), dev)
    cu("cuCtxSetCurrent", ctx)

    ptx, kept = gen_kernel.build_ptx(keys, target)
    log = ctypes.create_string_buffer(1 << 16)
    opts = (ctypes.c_int * 2)(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
    vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p), ctypes.c_void_p(len(log)))
    mod = ctypes.c_void_p()
    try:
        cu("cuModuleLoadDataEx", ctypes.byref(mod), ctypes.c_char_p(ptx.encode()), 2, opts, vals)
    except RuntimeError:
        sys.stderr.write(log.value.decode(errors="replace"))
        raise

    # one input buffer (a, b, c per vector, grouped by kernel) and one output buffer
    by_key = {k: [] for k in keys}
    for i, v in enumerate(vectors):
        by_key[(v[1], v[2])].append(i)
    order = [i for k in kept for i in by_key[k]]
    n = len(order)
    inbuf = bytearray(24 * max(n, 1))
    for slot, i in enumerate(order):
        _, _, _, x, y, c = vectors[i]
        struct.pack_into("<QQQ", inbuf, 24 * slot, x, y, c)
    din, dout = ctypes.c_uint64(), ctypes.c_uint64()
    cu("cuMemAlloc_v2", ctypes.byref(din), ctypes.c_size_t(len(inbuf)))
    cu("cuMemAlloc_v2", ctypes.byref(dout), ctypes.c_size_t(8 * max(n, 1)))
    cu("cuMemcpyHtoD_v2", din, (ctypes.c_char * len(inbuf)).from_buffer(inbuf), ctypes.c_size_t(len(inbuf)))
    slot = 0
    for idx, k in enumerate(kept):
        cnt = len(by_key[k])
        fn = ctypes.c_void_p()
        cu("cuModuleGetFunction", ctypes.byref(fn), mod, ("k%d" % idx).encode())
        p_in = ctypes.c_uint64(din.value + 24 * slot)
        p_out = ctypes.c_uint64(dout.value + 8 * slot)
        p_n = ctypes.c_uint32(cnt)
        params = (ctypes.c_void_p * 3)(ctypes.cast(ctypes.byref(p_in), ctypes.c_void_p),
                                       ctypes.cast(ctypes.byref(p_out), ctypes.c_void_p),
                                       ctypes.cast(ctypes.byref(p_n), ctypes.c_void_p))
        block = 256
        cu("cuLaunchKernel", fn, (cnt + block - 1) // block, 1, 1, block, 1, 1, 0, None, params, None)
        slot += cnt
    cu("cuCtxSynchronize")
    outbuf = bytearray(8 * max(n, 1))
    cu("cuMemcpyDtoH_v2", (ctypes.c_char * len(outbuf)).from_buffer(outbuf), dout, ctypes.c_size_t(len(outbuf)))
    results = {}
    for slot, i in enumerate(order):
        results[i] = struct.unpack_from("<Q", outbuf, 8 * slot)[0]

    opener = gzip.open if a.output.endswith(".gz") else open
    with opener(a.output, "wt") as out:
        out.write("# ptxlint gpu-eval results v1: FORM A B [C] -> RESULT\n")
        out.write("# device: %s, %s, driver %d, vectors: %s\n" % (name.value.decode(), target, drv.value,
                                                                  os.path.basename(a.vectors)))
        for i, v in enumerate(vectors):
            res = format_result(v[1], results[i]) if i in results else "skipped"
            out.write("%s -> %s\n" % (v[0], res))
    print("run_gpu: %d vectors, %d kernels on %s (%s)" % (len(vectors), len(kept), name.value.decode(), target),
          file=sys.stderr)


if __name__ == "__main__":
    main()
