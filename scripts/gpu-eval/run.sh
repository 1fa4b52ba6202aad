#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: generate the full vector set, run it, and write
# testdata/gpu-eval/results-<sm>.txt.gz, which GpuResultsTest compares bit for bit with the
# evaluator. Needs python3 and the driver (libcuda.so.1) only.
# Usage: scripts/gpu-eval/run.sh [--device N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen_vectors.py" --full -o "$tmp/vectors.txt"
python3 "$here/run_gpu.py" "$tmp/vectors.txt" -o "$tmp/results.txt.gz" "$@"
sm=$(zcat "$tmp/results.txt.gz" | sed -n 's/^# device: [^,]*, \(sm_[0-9]*\),.*/\1/p' | head -1)
mkdir -p "$root/testdata/gpu-eval"
cp "$tmp/results.txt.gz" "$root/testdata/gpu-eval/results-$sm.txt.gz"
echo "run: wrote testdata/gpu-eval/results-$sm.txt.gz"
