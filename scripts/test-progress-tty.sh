#!/usr/bin/env bash
# Checks how the real command decides that standard error is a terminal: on a pseudo-terminal
# (made with util-linux `script`) and 10 or more files, a progress line is drawn and cleared;
# with standard error redirected, or with -q, there is none. Needs the jar (./ptxlint builds it).
set -euo pipefail
REPO=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
if ! command -v script >/dev/null 2>&1; then
  echo "test-progress-tty: SKIPPED: util-linux 'script' is not installed"
  exit 0
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir "$WORK/many"
for i in $(seq 1 12); do cp "$REPO/examples/scale.ptx" "$WORK/many/f$i.ptx"; done

fail() { echo "test-progress-tty: FAILED: $*" >&2; cat -A "$WORK/out" >&2; exit 1; }

# On a terminal: stdout goes to a file, stderr stays on the pseudo-terminal.
TERM=xterm script -qec "'$REPO/ptxlint' '$WORK/many' > '$WORK/stdout'" /dev/null > "$WORK/out" 2>&1 </dev/null || true
grep -q $'\rptxlint: 12/12 files\\.\\.\\.' "$WORK/out" || fail "no progress line on a terminal"
grep -q "ptxlint: 0 errors, 0 warnings in 12 files" "$WORK/out" || fail "no summary on a terminal"

# Redirected: no progress line, no carriage return.
"$REPO/ptxlint" "$WORK/many" > "$WORK/stdout" 2> "$WORK/out" || true
if grep -q $'\r' "$WORK/out"; then fail "progress line with standard error redirected"; fi

# -q on a terminal: nothing on standard error.
TERM=xterm script -qec "'$REPO/ptxlint' -q '$WORK/many'" /dev/null > "$WORK/out" 2>&1 </dev/null || true
if grep -q "files\\.\\.\\." "$WORK/out"; then fail "progress line with -q"; fi

echo "test-progress-tty: ok"
