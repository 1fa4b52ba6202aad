#!/usr/bin/env bash
# Throughput and memory benchmark of ptxlint on a large real PTX file, next to ptxas's front end.
#   scripts/bench.sh [FILE.ptx] [RUNS]
# Default FILE: the largest file in target/corpus-big or target/corpus (see scripts/gen-corpus.sh).
#   scripts/bench.sh --startup [RUNS]
# --startup: start-up of the whole command on a small kernel (examples/scale.ptx) with the
# launcher's JVM flags for a small input, with and without the class-data-sharing archive, next to
# a Java hello-world jar run with the same flags in the same run (issue 13's goal: at most 1.5x
# hello world). RUNS rounds (default 10), the commands interleaved within each round, so that a
# loaded machine slows them alike; prints the median wall and CPU (user + system) time. Also counts
# the classes a text run loads and checks that it loads no Gson or LSP4J class.
#   scripts/bench.sh --many [N] [RUNS]
# --many: N small files (default 100: examples/scale.ptx with its kernel renamed) linted in one
# ptxlint call, against ptxas -arch=compute_90 run on them one by one (issue 13: faster than ptxas).
#   scripts/bench.sh --big FILE [RUNS]
# --big: the whole command on one large file with the launcher's flags for it (C1, the small heap,
# the CDS archive): ptxlint without -j, with -j 1 and -j 2, and ptxas -arch=compute_90, RUNS
# interleaved rounds (default 5); with BASE_JAR, that jar without -j, with -j 1 and -j 2 as well.
# With BASE_JAR=path/to/ptxlint.jar all three modes also run that jar (its own CDS archive; --startup
# with the same flags as this jar, --many with the full JIT), for a before/after comparison in the
# same run.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=cli/target/ptxlint.jar
BASE_JAR=${BASE_JAR:-}
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
# The launcher's flags for a small input (ptxlint, dist/src/bin/ptxlint: at most PTXLINT_TINY bytes).
FLAGS="-XX:+UseSerialGC -Xms32m -Xmn16m -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=10"
# The launchers name the main class (-cp JAR MAIN) instead of -jar (docs/performance.md); BASE_JAR runs
# with -jar, as the launchers did before that.
MAIN=dev.ptxlint.cli.Main

# rounds RUNS LABEL1 CMD1 LABEL2 CMD2 ...: runs every command once per round, interleaved, and
# prints for each the median wall, user, system and user+system CPU seconds.
rounds() {
  local runs=$1; shift
  local -a labels=() cmds=()
  while [ $# -gt 0 ]; do labels+=("$1"); cmds+=("$2"); shift 2; done
  local out; out=$(mktemp)
  local TIMEFORMAT='%R %U %S' r i
  for ((r = 0; r < runs; r++)); do
    for i in "${!cmds[@]}"; do
      { time eval "${cmds[$i]}" >/dev/null 2>&1; } 2>&1 | tail -n 1 | sed "s/^/$i /" >> "$out"
    done
  done
  printf '%-34s %9s %9s %9s %9s   (median of %d interleaved rounds)\n' "" wall user sys cpu "$runs"
  for i in "${!cmds[@]}"; do
    awk -v i="$i" -v l="${labels[$i]}" '
      function med(a, n,   k, j, t) { for (k = 1; k <= n; k++) for (j = k + 1; j <= n; j++) if (a[j] < a[k]) { t = a[k]; a[k] = a[j]; a[j] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
      $1 == i { n++; w[n] = $2; u[n] = $3; s[n] = $4; c[n] = $3 + $4 }
      END { printf "%-34s %8.3fs %8.3fs %8.3fs %8.3fs\n", l, med(w, n), med(u, n), med(s, n), med(c, n) }' "$out"
  done
  rm -f "$out"
}

# archive JAR: a CDS archive for JAR under $tmp (made by a training run), printed as JVM flags.
archive() {
  local jar=$1 jsa; jsa="$tmp/$(echo "$jar" | tr '/.' '__').jsa"
  [ -f "$jsa" ] || java -XX:+UseSerialGC -XX:ArchiveClassesAtExit="$jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \
      -jar "$jar" -q examples/scale.ptx >/dev/null 2>&1 || true
  [ -f "$jsa" ] && echo "-XX:SharedArchiveFile=$jsa -Xshare:auto -Xlog:cds=off"
}

if [ "${1:-}" = "--startup" ]; then
  RUNS=${2:-10}
  ./ptxlint -q examples/scale.ptx >/dev/null 2>&1 || true   # builds the jar and its archive if stale
  JSA=cli/target/ptxlint.jsa
  [ -f "$JSA" ] || { echo "bench: no $JSA (see ./ptxlint)" >&2; exit 2; }
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' > "$tmp/Hello.java"
  javac -d "$tmp" "$tmp/Hello.java" && printf 'Main-Class: Hello\n' > "$tmp/m.txt"
  jar cfm "$tmp/hello.jar" "$tmp/m.txt" -C "$tmp" Hello.class
  CDS="-XX:SharedArchiveFile=$PWD/$JSA -Xshare:auto"
  HELLO_CDS=$(archive "$tmp/hello.jar")
  echo "== start-up: examples/scale.ptx, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null), $(java -version 2>&1 | head -1), flags $FLAGS"
  if java $FLAGS $CDS -Xlog:cds -cp "$JAR" $MAIN -q examples/scale.ptx 2>/dev/null | grep -q "top archive failed\|mismatch"; then
    echo "bench: the archive $JSA does not match the jar" >&2; exit 2
  fi
  n=$(java $FLAGS -Xlog:class+load=info -cp "$JAR" $MAIN -q examples/scale.ptx 2>/dev/null | grep -c 'class,load')
  shared=$(java $FLAGS $CDS -Xlog:class+load=info -cp "$JAR" $MAIN -q examples/scale.ptx 2>/dev/null | grep -c 'source: shared')
  foreign=$(java $FLAGS -Xlog:class+load=info -cp "$JAR" $MAIN -q examples/scale.ptx 2>/dev/null | grep -c 'com.google.gson\|org.eclipse.lsp4j' || true)
  echo "classes loaded by a text run: $n ($shared from the shared archives with the CDS archive; Gson/LSP4J: $foreign)"
  set -- "hello world, CDS archive" "java $FLAGS $HELLO_CDS -jar $tmp/hello.jar" \
      "hello world" "java $FLAGS -jar $tmp/hello.jar" \
      "ptxlint, CDS archive" "java $FLAGS $CDS -cp $JAR $MAIN -q examples/scale.ptx" \
      "ptxlint, no archive" "java $FLAGS -cp $JAR $MAIN -q examples/scale.ptx" \
      "ptxlint, CDS, full JIT" "java -XX:+UseSerialGC $CDS -cp $JAR $MAIN -q examples/scale.ptx"
  if [ -n "$BASE_JAR" ]; then
    set -- "$@" "BASE_JAR, CDS archive" "java $FLAGS $(archive "$BASE_JAR") -jar $BASE_JAR -q examples/scale.ptx"
  fi
  rounds "$RUNS" "$@"
  exit 0
fi

if [ "${1:-}" = "--big" ]; then
  FILE=${2:?usage: bench.sh --big FILE [RUNS]}
  RUNS=${3:-5}
  [ -f "$JAR" ] || mvn -B -q -DskipTests package >&2
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  BIG="-XX:+UseSerialGC -Xms32m -Xmn16m -XX:TieredStopAtLevel=1"
  echo "== $FILE ($(stat -c %s "$FILE") bytes), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null), flags $BIG"
  A=$(archive "$JAR")
  set -- "ptxlint" "java $BIG $A -jar $JAR -q $FILE" \
      "ptxlint -j 1" "java $BIG $A -jar $JAR -q -j 1 $FILE" \
      "ptxlint -j 2" "java $BIG $A -jar $JAR -q -j 2 $FILE"
  if [ -n "$BASE_JAR" ]; then
    B=$(archive "$BASE_JAR")
    set -- "$@" "BASE_JAR" "java $BIG $B -jar $BASE_JAR -q $FILE" \
        "BASE_JAR -j 1" "java $BIG $B -jar $BASE_JAR -q -j 1 $FILE" \
        "BASE_JAR -j 2" "java $BIG $B -jar $BASE_JAR -q -j 2 $FILE"
  fi
  if [ -x "$PTXAS" ]; then
    set -- "$@" "ptxas -arch=compute_90" "$PTXAS -arch=compute_90 $FILE -o /dev/null"
  fi
  rounds "$RUNS" "$@"
  exit 0
fi

if [ "${1:-}" = "--many" ]; then
  N=${2:-100}
  RUNS=${3:-3}
  [ -f "$JAR" ] || mvn -B -q -DskipTests package >&2
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  mkdir "$tmp/in"
  for ((i = 0; i < N; i++)); do sed "s/scale/scale_$i/g" examples/scale.ptx > "$tmp/in/k$i.ptx"; done
  echo "== $N small files (examples/scale.ptx, kernel renamed), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null), $(java -version 2>&1 | head -1)"
  set -- "ptxlint, one call, CDS archive" "java $FLAGS $(archive "$JAR") -cp $JAR $MAIN -q $tmp/in/*.ptx"
  if [ -n "$BASE_JAR" ]; then
    set -- "$@" "BASE_JAR, one call, CDS, full JIT" "java -XX:+UseSerialGC $(archive "$BASE_JAR") -jar $BASE_JAR -q $tmp/in/*.ptx"
  fi
  if [ -x "$PTXAS" ]; then
    set -- "$@" "ptxas -arch=compute_90, one by one" "for f in $tmp/in/*.ptx; do $PTXAS -arch=compute_90 \$f -o /dev/null; done"
  else
    echo "ptxas not found: skipping the comparison"
  fi
  rounds "$RUNS" "$@"
  exit 0
fi

FILE=${1:-$(ls -S target/corpus-big/*.ptx target/corpus/*.ptx 2>/dev/null | head -1)}
RUNS=${2:-5}
[ -f "$FILE" ] || { echo "bench: no input file; run scripts/gen-corpus.sh first or pass one" >&2; exit 2; }
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
measure "ptxlint (launcher flags)" java -XX:+UseSerialGC -cp "$JAR" $MAIN -q "$FILE"
measure "ptxlint (JAVA_OPTS=-Xmx48m)" java -XX:+UseSerialGC -Xmx48m -cp "$JAR" $MAIN -q "$FILE"
measure "ptxlint (G1, default heap)" java -cp "$JAR" $MAIN -q "$FILE"
if command -v ptxas >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/ptxas ]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  measure "ptxas -arch=compute_90 (front end)" "$PTXAS" -arch=compute_90 "$FILE" -o /dev/null
else
  echo "ptxas not found: skipping the comparison"
fi
