#!/bin/sh
# Generates the hostile inputs of issue 15 (never committed) and runs ptxlint on each under a
# small heap, printing the exit status, the last line of standard error and the output size.
#
#   scripts/limits-inputs.sh [SCALE]      SCALE 1 (default) = the issue's sizes; 0.1 = a tenth
#
# JAVA_OPTS defaults to -Xmx64m. Needs a built jar (mvn -B -q package -DskipTests). Exit status 0
# when no run ends with a Java stack trace or an exit status other than 0, 1, 2 or 3.
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
SCALE=${1:-1}
export JAVA_OPTS="${JAVA_OPTS:--Xmx64m}"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
python3 - "$DIR" "$SCALE" <<'PY'
import sys, os
d, scale = sys.argv[1], float(sys.argv[2])
head = ".version 8.0\n.target sm_90\n.address_size 64\n"
def w(name, chunks):
    with open(os.path.join(d, name), "w") as f:
        for c in chunks:
            f.write(c)
# 1. one 100 MB line holding 1.45 million small functions
n = int(1_450_000 * scale)
w("functions-one-line.ptx", [head] + [".func f%d() { ret; } " % i for i in range(n)] + ["\n"])
# 2. a 9 MB function with a label used 1,000,000 times
n = int(1_000_000 * scale)
w("label-used-1m.ptx", [head, ".visible .entry k()\n{\n$L1:\n"] + ["\tbra $L1;\n" for _ in range(n)] + ["}\n"])
# 3. 100 MB of statements outside any function
n = int(100_000_000 * scale) // 20
w("statements-outside.ptx", [head] + ["add.s32 %r1, %r2, 3;\n" for _ in range(n)])
# 4. 10 MB of NUL bytes, 50 MB of random bytes
with open(os.path.join(d, "nul.ptx"), "wb") as f:
    f.write(b"\0" * int(10_000_000 * scale))
with open(os.path.join(d, "random.ptx"), "wb") as f:
    f.write(os.urandom(int(50_000_000 * scale)))
# 5. deep expressions
w("chain.ptx", [head, ".visible .entry k()\n{\n.reg .b32 %r<3>;\nadd.s32 %r1, %r2, 1", "+1" * 100_000, ";\nret;\n}\n"])
w("ternary.ptx", [head, ".visible .entry k()\n{\n.reg .b32 %r<3>;\nadd.s32 %r1, %r2, ", "1?" * 7000, "1", ":1" * 7000, ";\nret;\n}\n"])
w("parens.ptx", [head, ".visible .entry k()\n{\n.reg .b32 %r<3>;\nadd.s32 %r1, %r2, ", "(" * 100_000, "1", ")" * 100_000, ";\nret;\n}\n"])
# 6. suppression comments and diagnostics piling up on one line, and suppression ranges
n = int(1_000_000 * scale)
k = ".visible .entry k() { .reg .b32 %r<2>; "
w("diagnostics-one-line.ptx", [head, k] + ["add.s32 %r1, %r1, %q1; " for _ in range(n)] + ["ret; }\n"])
w("suppressions-one-line.ptx", [head, k] + ["add.s32 %r1, %r1, %q1; /* ptxlint-disable-line PTX0101 */ " for _ in range(n)] + ["ret; }\n"])
w("suppression-ranges.ptx", [head, ".visible .entry k()\n{\n.reg .b32 %r<2>;\n"]
  + ["// ptxlint-disable PTX0101\nadd.s32 %r1, %r1, %q1;\n// ptxlint-enable PTX0101\n" for _ in range(n)] + ["ret;\n}\n"])
PY
bad=0
for f in "$DIR"/*.ptx; do
  start=$(date +%s)
  set +e
  "$ROOT/ptxlint" "$f" >"$DIR/out" 2>"$DIR/err"
  rc=$?
  set -e
  secs=$(( $(date +%s) - start ))
  printf '%-24s %8s bytes  exit %s  %3ss  output %s bytes  %s\n' "$(basename "$f")" "$(wc -c <"$f")" "$rc" "$secs" \
    "$(wc -c <"$DIR/out")" "$(tail -n 1 "$DIR/err" | cut -c1-150)"
  if grep -q '^	at \|Exception in thread' "$DIR/err" || [ "$rc" -gt 3 ]; then
    bad=$((bad + 1))
  fi
done
[ "$bad" -eq 0 ]
