#!/usr/bin/env bash
# Checks the hooks in .pre-commit-hooks.yaml with pre-commit itself, as a user would run them:
# a temporary git repository with a good and a bad .ptx file, then
#   pre-commit try-repo <this repository> ptxlint-build --all-files   (builds the jar in
#       pre-commit's clone with the ./ptxlint launcher)
#   pre-commit try-repo <this repository> ptxlint ...                 (ptxlint on PATH: a wrapper
#       of the checkout's launcher, then the installed command: bin/ptxlint of the archive
#       dist/target/ptxlint-*.tar.gz, symlinked onto a PATH without Maven)
# The bad file must fail with its diagnostic, the good one must pass.
#
# Needs git, JDK 17+, Maven and pre-commit (installed with apt-get when missing and run as
# root; the test is skipped with a message only when it cannot be installed).
set -euo pipefail
REPO=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)

if ! command -v pre-commit >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test-pre-commit: installing pre-commit"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq pre-commit >/dev/null; } || true
  fi
fi
if ! command -v pre-commit >/dev/null 2>&1; then
  echo "test-pre-commit: SKIPPED: pre-commit is not installed and cannot be installed here (needs root and apt-get)"
  exit 0
fi
pre-commit --version

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export PRE_COMMIT_HOME="$WORK/cache"

# try-repo clones a local repository; with uncommitted changes it snapshots the working tree.
mkdir "$WORK/project"
cd "$WORK/project"
git init -q .
cat > good.ptx <<'PTX'
.version 9.0
.target sm_90
.address_size 64

.visible .entry k()
{
  .reg .b32 %r<2>;
  mov.u32 %r1, 1;
  ret;
}
PTX
cat > bad.ptx <<'PTX'
.version 9.0
.target sm_90
.address_size 64

.visible .entry k()
{
  .reg .b32 %r<2>;
  movv.u32 %r1, 1;
  ret;
}
PTX
echo "not ptx" > notes.txt
git add good.ptx bad.ptx notes.txt
git -c user.name=test -c user.email=test@example.invalid commit -q -m files

fail() {
  echo "test-pre-commit: FAILED: $*" >&2
  echo "--- output:" >&2
  cat "$WORK/out" >&2
  exit 1
}

expect_bad_fails() {  # $1: hook id; the output is in $WORK/out, the status in $rc
  [ "$rc" -ne 0 ] || fail "$1: expected a failure on bad.ptx, got exit status 0"
  grep -q "bad.ptx:8:3: error: unknown instruction 'movv'; did you mean 'mov'? \[PTX0100\]" "$WORK/out" \
    || fail "$1: the diagnostic for bad.ptx is missing"
  if grep -q "good.ptx:" "$WORK/out"; then fail "$1: good.ptx was reported"; fi
  if grep -q "notes.txt" "$WORK/out"; then fail "$1: notes.txt was passed to ptxlint"; fi
}

# 1. The hook that builds ptxlint from the repository (in pre-commit's clone of it).
echo "test-pre-commit: ptxlint-build (builds the jar in pre-commit's clone; this takes a while)"
set +e
pre-commit try-repo "$REPO" ptxlint-build --all-files >"$WORK/out" 2>&1
rc=$?
set -e
expect_bad_fails ptxlint-build

# 2. The hook that runs ptxlint from PATH: a wrapper around this repository's launcher.
mkdir "$WORK/bin"
printf '#!/bin/sh\nexec "%s/ptxlint" "$@"\n' "$REPO" > "$WORK/bin/ptxlint"
chmod +x "$WORK/bin/ptxlint"
echo "test-pre-commit: ptxlint (on PATH)"
set +e
PATH="$WORK/bin:$PATH" pre-commit try-repo "$REPO" ptxlint --all-files >"$WORK/out" 2>&1
rc=$?
set -e
expect_bad_fails ptxlint
set +e
PATH="$WORK/bin:$PATH" pre-commit try-repo "$REPO" ptxlint --files good.ptx notes.txt >"$WORK/out" 2>&1
rc=$?
set -e
[ "$rc" -eq 0 ] || fail "ptxlint: good.ptx alone should pass, got exit status $rc"
grep -q "ptxlint.*Passed" "$WORK/out" || fail "ptxlint: no 'Passed' line for good.ptx"

# 3. The same hook with the installed command: the archive unpacked, bin/ptxlint symlinked onto a
#    PATH that has java, git and pre-commit but no Maven.
archive=$(ls "$REPO"/dist/target/ptxlint-*.tar.gz 2>/dev/null | head -n 1 || true)
if [ -z "$archive" ]; then
  (cd "$REPO" && mvn -B -q -pl dist -am package -DskipTests)
  archive=$(ls "$REPO"/dist/target/ptxlint-*.tar.gz | head -n 1)
fi
mkdir "$WORK/opt" "$WORK/installed" "$WORK/tools"
tar -xzf "$archive" -C "$WORK/opt"
ln -s "$(ls -d "$WORK"/opt/ptxlint-*)/bin/ptxlint" "$WORK/installed/ptxlint"
for t in java git pre-commit python3 dirname readlink sed ls env sh bash cat; do
  p=$(command -v "$t") && ln -sf "$p" "$WORK/tools/$t"
done
echo "test-pre-commit: ptxlint (the installed command, $(basename "$archive"))"
set +e
PATH="$WORK/installed:$WORK/tools" pre-commit try-repo "$REPO" ptxlint --all-files >"$WORK/out" 2>&1
rc=$?
set -e
if grep -q "mvn" "$WORK/out"; then fail "ptxlint (installed): Maven was called"; fi
expect_bad_fails "ptxlint (installed)"

echo "test-pre-commit: ok"
