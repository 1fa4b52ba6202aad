#!/usr/bin/env bash
# Coverage-guided fuzzing campaign with Jazzer (docs/fuzzing.md).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS: time per target (default 300). TARGET: Class#method of a @FuzzTest, default all of them:
#   LinterFuzzTest#lintBytes LinterFuzzTest#incrementalEdits (checker)
#   ServerFuzzTest#messages (lsp-server)
# Each target runs in its own JVM (Jazzer fuzzes one test per run) at nice 10 on one core. The
# working corpus grows in MODULE/.cifuzz-corpus/ (ignored by git); a crashing input is written to
# MODULE/src/test/resources/dev/ptxlint/.../<Class>Inputs/<method>/crash-* and, once the bug is
# fixed, committed there as a regression input that every 'mvn verify' replays. The run prints
# libFuzzer's status lines and, per target, the executions done and the coverage reached.
# Environment: FUZZ_KEEP_GOING=N to go on after N distinct findings (default 1: stop at the first).
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-300}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(LinterFuzzTest#lintBytes LinterFuzzTest#incrementalEdits ServerFuzzTest#messages)
fi
module_of() {
  case "$1" in
    ServerFuzzTest*) echo lsp-server ;;
    *) echo checker ;;
  esac
}
logdir=${FUZZ_LOG_DIR:-target/fuzz}
mkdir -p "$logdir"
status=0
for t in "${targets[@]}"; do
  m=$(module_of "$t")
  log="$logdir/${t//#/-}.log"
  echo "fuzz: $t ($m) for ${secs}s, log $log"
  JAZZER_FUZZ=1 nice -n 10 mvn -B -o -q test -pl "$m" -am -Dtest="$t" -Dsurefire.failIfNoSpecifiedTests=false \
    -Djazzer.hooks=true -Djazzer.max_duration="${secs}s" -Djazzer.keep_going="${FUZZ_KEEP_GOING:-1}" \
    -DargLine="-XX:ActiveProcessorCount=1 -Xss2m" >"$log" 2>&1
  rc=$?
  # libFuzzer's closing lines: "#N DONE cov: C ft: F corp: ..." and "Done N runs in S second(s)"
  grep -aE '^#[0-9]+[[:space:]]+(DONE|NEW|REDUCE|pulse|INITED)' "$log" | tail -n 3
  done_line=$(grep -aE '^Done [0-9]+ runs' "$log" | tail -n 1)
  last=$(grep -aE '^#[0-9]+[[:space:]]' "$log" | tail -n 1)
  execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$last")
  cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | tail -n 1)
  ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | tail -n 1)
  echo "fuzz: $t: ${execs:-0} executions, ${cov:-cov: ?} edges, ${ft:-ft: ?} features; ${done_line:-no closing line}"
  if grep -aqE '== Java Exception|FuzzTestFindingException|Test unit written to' "$log" || [ $rc -ne 0 ]; then
    echo "fuzz: $t: FINDING or failure (exit $rc); see $log and the crash-* files:" >&2
    grep -aE 'Test unit written to.*|== Java Exception.*|Caused by.*' "$log" | sort -u | head -n 20 >&2
    status=1
  fi
done
exit $status
