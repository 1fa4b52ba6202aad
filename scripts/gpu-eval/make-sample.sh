#!/usr/bin/env bash
# Writes the small committed sample: testdata/gpu-eval/sample-vectors.txt (every form, 2 vectors
# each) and the kernel generated from it, sample-kernel.ptx. Usage: make-sample.sh [OUTDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../../testdata/gpu-eval}"
mkdir -p "$out"
python3 "$here/gen_vectors.py" --per-form 2 --seed 1 -o "$out/sample-vectors.txt" 2>/dev/null
python3 "$here/gen_kernel.py" "$out/sample-vectors.txt" -o "$out/sample-kernel.ptx" 2>/dev/null
