#!/usr/bin/env bash
# Checks the GPU harness on a machine without a GPU:
#  1. generates the full vector set (>= 100,000 vectors) and the kernel, and assembles it with
#     ptxas for sm_90 (every form must be accepted: ptxas is the judge of what is legal);
#  2. regenerates the committed sample (testdata/gpu-eval/sample-*) and fails if it changed;
#  3. with gcc, runs run_gpu.py against a mock libcuda.so.1 to check the driver-API plumbing.
# Usage: scripts/gpu-eval/check.sh [PTXAS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ptxas="${1:-${PTXAS:-/usr/local/cuda/bin/ptxas}}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

python3 "$here/gen_vectors.py" --full -o "$tmp/vectors.txt"
n=$(grep -vc '^#' "$tmp/vectors.txt")
[ "$n" -ge 100000 ] || { echo "check: only $n vectors in the full set" >&2; exit 1; }
python3 "$here/gen_kernel.py" "$tmp/vectors.txt" -o "$tmp/kernel.ptx"
"$ptxas" -arch=sm_90 "$tmp/kernel.ptx" -o "$tmp/kernel.cubin"
echo "check: full set: $n vectors; kernel assembles with $("$ptxas" --version | tail -1)"
python3 "$here/gen_kernel.py" "$tmp/vectors.txt" --target sm_80 -o "$tmp/kernel80.ptx"
"$ptxas" -arch=sm_80 "$tmp/kernel80.ptx" -o "$tmp/kernel80.cubin"
echo "check: the sm_80 variant (no bf16 set/setp) assembles too"

"$here/make-sample.sh" "$tmp/sample"
for f in sample-vectors.txt sample-kernel.ptx; do
  cmp -s "$tmp/sample/$f" "$root/testdata/gpu-eval/$f" || {
    echo "check: testdata/gpu-eval/$f is stale: run scripts/gpu-eval/make-sample.sh" >&2; exit 1; }
done
"$ptxas" -arch=sm_90 "$root/testdata/gpu-eval/sample-kernel.ptx" -o "$tmp/sample.cubin"
echo "check: committed sample is current and assembles"

if command -v gcc >/dev/null; then
  mkdir -p "$tmp/mock"
  gcc -shared -fPIC -O1 -o "$tmp/mock/libcuda.so.1" "$here/mock/mock_libcuda.c"
  python3 "$here/gen_vectors.py" -o "$tmp/small.txt" 2>/dev/null
  LD_LIBRARY_PATH="$tmp/mock" python3 "$here/run_gpu.py" "$tmp/small.txt" -o "$tmp/results.txt"
  python3 "$here/mock/check_mock.py" "$tmp/small.txt" "$tmp/results.txt"
else
  echo "check: no gcc, mock run skipped"
fi
echo "check: ok"
