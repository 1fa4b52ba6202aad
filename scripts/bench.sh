#!/usr/bin/env bash
# Throughput and memory benchmark of ptxlint on a large real PTX file, next to ptxas's front end.
#   scripts/bench.sh [FILE.ptx] [RUNS]
# Default FILE: the largest file in target/corpus-big or target/corpus (see scripts/gen-corpus.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-$(ls -S target/corpus-big/*.ptx target/corpus/*.ptx 2>/dev/null | head -1)}
RUNS=${2:-5}
[ -f "$FILE" ] || { echo "bench: no input file; run scripts/gen-corpus.sh first or pass one" >&2; exit 2; }
JAR=cli/target/ptxlint.jar
[ -f "$JAR" ] || mvn -B -q -DskipTests package >&2
MB=$(awk -v b="$(stat -c %s "$FILE")" 'BEGIN{printf "%.1f", b/1e6}')
echo "== file: $FILE ($MB MB), $(nproc) cores, $(java -version 2>&1 | head -1)"

echo "== in-process throughput (warm JVM, $RUNS runs)"
java -XX:+UseSerialGC -cp "$JAR" dev.ptxlint.bench.Bench "$FILE" "$RUNS"

measure() { # label, then the command
  local label=$1; shift
  local tf out
  tf=$(mktemp)
  /usr/bin/time -o "$tf" -f '%e %M' "$@" >/dev/null 2>&1 || true
  out=$(tail -1 "$tf"); rm -f "$tf"
  local secs=${out% *} kb=${out#* }
  awk -v l="$label" -v s="$secs" -v k="$kb" -v mb="$MB" \
    'BEGIN{printf "%-40s %7.2f s  %7.1f MB/s  peak RSS %7.1f MB\n", l, s, mb/s, k/1024}'
}

echo "== whole command, cold JVM (wall time, peak resident memory)"
measure "ptxlint (launcher flags)" java -XX:+UseSerialGC -jar "$JAR" -q "$FILE"
measure "ptxlint (JAVA_OPTS=-Xmx48m)" java -XX:+UseSerialGC -Xmx48m -jar "$JAR" -q "$FILE"
measure "ptxlint (G1, default heap)" java -jar "$JAR" -q "$FILE"
if command -v ptxas >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/ptxas ]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  measure "ptxas -arch=compute_90 (front end)" "$PTXAS" -arch=compute_90 "$FILE" -o /dev/null
else
  echo "ptxas not found: skipping the comparison"
fi
