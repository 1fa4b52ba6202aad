#!/usr/bin/env bash
# Byte-for-byte comparison of two ptxlint builds' parse trees (for parser changes: the output can
# stay identical while a tree differs in a node or span no check reads). Every .ptx file under the
# PATHs (default: testdata, examples, target/mutants, which scripts/compare-output.sh makes) is
# parsed by each build (scripts/tree-dump/TreeDump.java on its class path: every item's toString,
# every syntax problem, and the events of a streamed parse), and the two dumps must be identical.
#   scripts/compare-trees.sh BASE_JAR [NEW_JAR] [PATH...]
# Exit 0 when identical, 1 otherwise (the first difference is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:?usage: compare-trees.sh BASE_JAR [NEW_JAR] [PATH...]}
NEW=${2:-cli/target/ptxlint.jar}
shift $(( $# >= 2 ? 2 : 1 ))
if [ $# -eq 0 ]; then
  set -- testdata examples
  [ -d target/mutants ] && set -- "$@" target/mutants
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
java -cp "$BASE" scripts/tree-dump/TreeDump.java "$tmp/base.txt" "$@"
java -cp "$NEW" scripts/tree-dump/TreeDump.java "$tmp/new.txt" "$@"
if cmp -s "$tmp/base.txt" "$tmp/new.txt"; then
  echo "same  parse trees of $* ($(wc -l < "$tmp/new.txt") lines)"
  exit 0
fi
echo "DIFFERENT parse trees of $*:"
diff "$tmp/base.txt" "$tmp/new.txt" | head -20
exit 1
