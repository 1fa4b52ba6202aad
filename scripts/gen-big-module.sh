#!/usr/bin/env bash
# One very large PTX module for the memory goal of issue 13 (a 1 GB module lints under
# JAVA_OPTS=-Xmx128m), made of renamed copies of a real nvcc module:
#   scripts/gen-big-module.sh SRC.ptx SIZE_MB OUT.ptx
# The first copy is SRC as it is; each later copy drops the header (.version, .target,
# .address_size) and appends _cN to every mangled name (_Z...), so that functions and module
# variables stay distinct and the module stays valid (0 diagnostics when SRC has none). The copies
# are appended until OUT holds at least SIZE_MB megabytes. Write it to /tmp and delete it after use:
# never commit it.
set -euo pipefail
SRC=${1:?usage: gen-big-module.sh SRC.ptx SIZE_MB OUT.ptx}
MB=${2:?}
OUT=${3:?}
cp "$SRC" "$OUT"
body=$(mktemp); trap 'rm -f "$body"' EXIT
grep -vE '^[[:space:]]*\.(version|target|address_size)\b' "$SRC" > "$body"
want=$((MB * 1000000))
n=1
while [ "$(stat -c %s "$OUT")" -lt "$want" ]; do
  sed -E "s/\\b(_Z[A-Za-z0-9_\$]*)/\\1_c$n/g" "$body" >> "$OUT"
  n=$((n + 1))
done
echo "$OUT: $(stat -c %s "$OUT") bytes, $n copies of $SRC" >&2
