#!/usr/bin/env python3
"""Check run_gpu.py's output against the mock libcuda (out = a + 2b + 3c per vector)."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gen_kernel, run_gpu  # noqa: E402

vectors = gen_kernel.parse_vectors(sys.argv[1])
lines = [l.rstrip("\n") for l in open(sys.argv[2]) if not l.startswith("#")]
assert len(lines) == len(vectors), (len(lines), len(vectors))
for (line, form, neg, a, b, c), got in zip(vectors, lines):
    want = "%s -> %s" % (line, run_gpu.format_result(form, (a + 2 * b + 3 * c) % (1 << 64)))
    assert got == want, (got, want)
print("mock run: %d results in the right slots" % len(lines))
