#!/usr/bin/env bash
# Paired, interleaved comparison of two ptxlint jars on one file, for a machine shared with
# other jobs: each round runs the old jar, then the new one, so that both see the same load.
#   scripts/bench-paired.sh OLD_JAR NEW_JAR FILE [ROUNDS]
# Per round and jar: Bench --phases (main-thread CPU time of each phase, median of 3 runs in a
# warm JVM; the Bench class of this checkout is put in front of the jar, so an older jar is
# measured with the same harness) and one whole command (java -jar JAR -q FILE) under
# /usr/bin/time: wall, user+sys CPU, peak RSS. Prints the medians over ROUNDS (default 5).
# JOBS="1 2": the new jar's whole command runs once per value, with -j J (the threads that check
# the functions of one large file), each paired with the old jar in the same round.
# PHASES=0 skips Bench --phases (the whole commands only).
set -euo pipefail
cd "$(dirname "$0")/.."
OLD=${1:?usage: bench-paired.sh OLD_JAR NEW_JAR FILE [ROUNDS]}
NEW=${2:?}
FILE=${3:?}
ROUNDS=${4:-5}
JOBS=${JOBS:-}
PHASES=${PHASES:-1}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/classes"
javac -d "$tmp/classes" -cp "$NEW" checker/src/main/java/dev/ptxlint/bench/Bench.java \
  checker/src/main/java/dev/ptxlint/bench/PhaseRunner.java
whole=(old new)
[ -n "$JOBS" ] && { whole=(old); for j in $JOBS; do whole+=("new-j$j"); done; }
for r in $(seq "$ROUNDS"); do
  if [ "$PHASES" = 1 ]; then
    for which in old new; do
      jar=$OLD; [ "$which" = new ] && jar=$NEW
      java -XX:+UseSerialGC -cp "$tmp/classes:$jar" dev.ptxlint.bench.Bench --phases "$FILE" 3 \
        | awk -v w="$which" '$1 ~ /^(read|lex|parse|resolve|forms|fold)$/ {print w, $1, $2}' >> "$tmp/phases"
    done
  fi
  for which in "${whole[@]}"; do
    jar=$OLD; args=()
    case $which in new) jar=$NEW ;; new-j*) jar=$NEW; args=(-j "${which#new-j}") ;; esac
    /usr/bin/time -o "$tmp/t" -f '%e %U %S %M' java -XX:+UseSerialGC -jar "$jar" -q "${args[@]}" "$FILE" >/dev/null 2>&1 || true
    echo "$which $(tail -1 "$tmp/t")" >> "$tmp/whole"
  done
  echo "round $r done (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
MB=$(awk -v b="$(stat -c %s "$FILE")" 'BEGIN{printf "%.2f", b/1e6}')
echo "== $FILE ($MB MB), $ROUNDS paired rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
touch "$tmp/phases"
python3 - "$tmp/phases" "$tmp/whole" "$MB" <<'PY'
import sys, statistics as st
phases, whole, mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
rows = {}
for line in open(whole):
    w, e, u, s, k = line.split()
    rows.setdefault(w, []).append((float(e), float(u) + float(s), int(k)))
order = ["read", "lex", "parse", "resolve", "forms", "fold"]
cum = {}
for line in open(phases):
    w, p, ms = line.split()
    cum.setdefault((w, p), []).append(float(ms))
for w in rows:
    r = rows[w]
    print(f"whole command {w}: wall {st.median([x[0] for x in r]):.2f} s, CPU (user+sys) {st.median([x[1] for x in r]):.2f} s, "
          f"peak RSS {st.median([x[2] for x in r]) / 1024:.0f} MB (medians of {len(r)})")
if not cum:
    sys.exit(0)
print("phase     old cum ms  new cum ms   old MB/s alone  new MB/s alone   (main-thread CPU, medians)")
prev = {"old": 0.0, "new": 0.0}
for p in order:
    row = []
    for w in ("old", "new"):
        m = st.median(cum[(w, p)])
        alone = m - prev[w] if p != "read" else m
        prev[w] = m
        row.append((m, mb / (alone / 1e3) if alone > 0 else float("inf")))
    print(f"{p:8s} {row[0][0]:11.1f} {row[1][0]:11.1f} {row[0][1]:15.1f} {row[1][1]:15.1f}")
for w in ("old", "new"):
    print(f"pipeline {w}: {mb / (st.median(cum[(w, 'fold')]) / 1e3):.1f} MB/s (CPU)")
PY
