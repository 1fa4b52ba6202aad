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
# Seeds beyond the committed ones: real PTX (testdata/valid: nvcc's output and hand-written
# modules), written into the working corpus that Jazzer reads and grows (MODULE/.cifuzz-corpus/
# CLASS/METHOD/, not committed), so that 'mvn verify' does not replay them. The committed seeds
# (every fixture and example, the server's sessions) are read from the test class path as always.
# The linter targets get each file (cut to the 64 KiB the target reads); the server gets each
# file under 24 KiB as a framed session: didOpen, an edit, hover, completion, symbols, close.
seed_real_ptx() {
  local t=$1 m=$2 cls dir f
  case "$t" in
    LinterFuzzTest*) cls=dev.ptxlint.checker.LinterFuzzTest ;;
    ServerFuzzTest*) cls=dev.ptxlint.lsp.ServerFuzzTest ;;
  esac
  dir="$m/.cifuzz-corpus/$cls/${t#*#}"
  mkdir -p "$dir"
  while IFS= read -r f; do
    case "$t" in
      ServerFuzzTest*)
        [ "$(stat -c %s "$f")" -lt 24576 ] || continue
        python3 - "$f" >"$dir/real-$(basename "$f" .ptx).bin" <<'PY'
import json, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
uri = "file:///work/" + sys.argv[1].rsplit("/", 1)[-1]
doc = {"uri": uri}
line = text.count("\n") // 2
msgs = [
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen",
     "params": {"textDocument": dict(doc, languageId="ptx", version=1, text=text)}},
    {"jsonrpc": "2.0", "method": "textDocument/didChange",
     "params": {"textDocument": dict(doc, version=2), "contentChanges": [
         {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
          "text": "\tadd.s32 %r1, %r2, 1;\n"}]}},
    {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
     "params": {"textDocument": doc, "position": {"line": line, "character": 3}}},
    {"jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
     "params": {"textDocument": doc, "position": {"line": line, "character": 5}}},
    {"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol", "params": {"textDocument": doc}},
    {"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": doc}},
    {"jsonrpc": "2.0", "id": 4, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
]
out = sys.stdout.buffer
for m in msgs:
    b = json.dumps(m, separators=(",", ":")).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
PY
        ;;
      *) head -c 65536 "$f" >"$dir/real-${f//\//_}" ;;
    esac
  done < <(find testdata/valid -name '*.ptx' | sort)
  echo "fuzz: $t: $(find "$dir" -name 'real-*' | wc -l) real PTX seeds in $dir"
}
logdir=${FUZZ_LOG_DIR:-target/fuzz}
mkdir -p "$logdir"
status=0
for t in "${targets[@]}"; do
  m=$(module_of "$t")
  log="$logdir/${t//#/-}.log"
  echo "fuzz: $t ($m) for ${secs}s, log $log"
  seed_real_ptx "$t" "$m"
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
