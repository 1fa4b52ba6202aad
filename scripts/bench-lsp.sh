#!/usr/bin/env bash
# Latency of the language server: didChange -> publishDiagnostics for one-line edits in 1 MB and
# 20 MB documents built from real nvcc output (median, p99). See LspLatencyBench.
#   scripts/bench-lsp.sh [SOURCE_DIR] [EDITS] [SIZES_MB]
# JAVA_OPTS is passed to the JVM (e.g. JAVA_OPTS="-Xms1g -Xmn512m" to see the effect of a larger young generation).
# SOURCE_DIR: where the *.O3.ptx files come from (default testdata/valid/nvcc; target/corpus works too).
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-testdata/valid/nvcc}
EDITS=${2:-200}
SIZES=${3:-1,20}
mvn -B -q -DskipTests package >&2
mvn -B -q -pl lsp-server -am test-compile >&2
CP="cli/target/ptxlint.jar:lsp-server/target/test-classes"
# shellcheck disable=SC2086
exec java -XX:+UseSerialGC ${JAVA_OPTS:-} -Dptxlint.root="$PWD" -cp "$CP" dev.ptxlint.lsp.LspLatencyBench "$SRC" "$EDITS" "$SIZES"
