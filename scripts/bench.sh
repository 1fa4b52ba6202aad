#!/usr/bin/env bash
# Throughput and memory benchmark of ptxlint on a large real PTX file, next to ptxas's front end.
#   scripts/bench.sh [FILE.ptx] [RUNS]
# Default FILE: the largest file in target/corpus-big or target/corpus (see scripts/gen-corpus.sh).
#   scripts/bench.sh --startup [RUNS]
# --startup: start-up of the whole command on a small kernel (examples/scale.ptx) through the
# launcher's JVM flags, with and without the class-data-sharing archive, next to a Java
# hello-world jar run with the same flags in the same run (issue 13's goal: at most 1.5x hello
# world). Uses hyperfine when installed, else a loop of RUNS runs (default 10); also counts the
# classes a text run loads and checks that it loads no Gson or LSP4J class.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--startup" ]; then
  RUNS=${2:-10}
  JAR=cli/target/ptxlint.jar
  ./ptxlint -q examples/scale.ptx >/dev/null 2>&1 || true   # builds the jar and its archive if stale
  JSA=cli/target/ptxlint.jsa
  [ -f "$JSA" ] || { echo "bench: no $JSA (see ./ptxlint)" >&2; exit 2; }
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' > "$tmp/Hello.java"
  javac -d "$tmp" "$tmp/Hello.java" && printf 'Main-Class: Hello\n' > "$tmp/m.txt"
  jar cfm "$tmp/hello.jar" "$tmp/m.txt" -C "$tmp" Hello.class
  FLAGS="-XX:+UseSerialGC"
  CDS="-XX:SharedArchiveFile=$PWD/$JSA -Xshare:auto"
  echo "== start-up: examples/scale.ptx, $(nproc) cores, $(java -version 2>&1 | head -1), flags $FLAGS"
  if java $FLAGS $CDS -Xlog:cds -jar "$JAR" -q examples/scale.ptx 2>/dev/null | grep -q "top archive failed\|mismatch"; then
    echo "bench: the archive $JSA does not match the jar" >&2; exit 2
  fi
  n=$(java $FLAGS -Xlog:class+load=info -jar "$JAR" -q examples/scale.ptx 2>/dev/null | grep -c 'class,load')
  shared=$(java $FLAGS $CDS -Xlog:class+load=info -jar "$JAR" -q examples/scale.ptx 2>/dev/null | grep -c 'source: shared')
  foreign=$(java $FLAGS -Xlog:class+load=info -jar "$JAR" -q examples/scale.ptx 2>/dev/null | grep -c 'com.google.gson\|org.eclipse.lsp4j' || true)
  echo "classes loaded by a text run: $n ($shared from the shared archives with the CDS archive; Gson/LSP4J: $foreign)"
  # shellcheck disable=SC2086
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N -w 2 -r "$RUNS" \
      -n "hello world" "java $FLAGS -jar $tmp/hello.jar" \
      -n "ptxlint, CDS archive" "java $FLAGS $CDS -jar $JAR -q examples/scale.ptx" \
      -n "ptxlint, no archive" "java $FLAGS -jar $JAR -q examples/scale.ptx"
  else
    loop() { # label, command...: mean wall time of RUNS runs
      local label=$1; shift; local t0 t1
      "$@" >/dev/null 2>&1 || true
      t0=$(date +%s%N); for _ in $(seq "$RUNS"); do "$@" >/dev/null 2>&1 || true; done; t1=$(date +%s%N)
      awk -v l="$label" -v ns=$((t1 - t0)) -v r="$RUNS" 'BEGIN{printf "%-24s %7.1f ms\n", l, ns/r/1e6}'
    }
    loop "hello world" java $FLAGS -jar "$tmp/hello.jar"
    loop "ptxlint, CDS archive" java $FLAGS $CDS -jar "$JAR" -q examples/scale.ptx
    loop "ptxlint, no archive" java $FLAGS -jar "$JAR" -q examples/scale.ptx
  fi
  exit 0
fi
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
