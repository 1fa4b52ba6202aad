#!/usr/bin/env bash
# Checks the installable archive as a user would use it: unpacks dist/target/ptxlint-*.tar.gz (and
# the .zip) into a temporary directory, symlinks its bin/ptxlint onto a temporary PATH (through a
# chain of two links), and runs 'ptxlint' from another directory: --version, a clean example
# (exit 0), the example with mistakes (exit 1), and --help. Maven must not be on that PATH: the
# installed command never builds.
#
# Usage: scripts/test-dist.sh [ARCHIVE.tar.gz]   (default: the one 'mvn package' built; built
#        with 'mvn -B -q package -DskipTests' when missing)
set -euo pipefail
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
archive=${1:-}
if [ -z "$archive" ]; then
  archive=$(ls "$ROOT"/dist/target/ptxlint-*.tar.gz 2>/dev/null | head -n 1 || true)
  if [ -z "$archive" ]; then
    (cd "$ROOT" && mvn -B -q package -DskipTests)
    archive=$(ls "$ROOT"/dist/target/ptxlint-*.tar.gz | head -n 1)
  fi
fi
zip=${archive%.tar.gz}.zip

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "test-dist: FAILED: $*" >&2; exit 1; }

mkdir "$WORK/opt" "$WORK/bin" "$WORK/links" "$WORK/elsewhere"
tar -xzf "$archive" -C "$WORK/opt"
home=$(ls -d "$WORK"/opt/ptxlint-*)
for f in bin/ptxlint bin/ptxlint.cmd lib/ptxlint.jar LICENSE README.md docs/config.md docs/rules/PTX0100.md; do
  [ -e "$home/$f" ] || fail "$f is missing from $archive"
done
[ -x "$home/bin/ptxlint" ] || fail "bin/ptxlint is not executable"
grep -q "Apache License" "$home/LICENSE" || fail "LICENSE is not the Apache licence"
if [ -f "$zip" ] && command -v unzip >/dev/null 2>&1; then
  unzip -q "$zip" -d "$WORK/zip"
  for f in bin/ptxlint bin/ptxlint.cmd lib/ptxlint.jar LICENSE; do
    [ -e "$WORK/zip/$(basename "$home")/$f" ] || fail "$f is missing from $zip"
  done
  grep -q $'\r$' "$WORK/zip/$(basename "$home")/bin/ptxlint.cmd" || fail "bin/ptxlint.cmd has no CRLF line ends"
fi

# A relative link to a link, as 'ln -s' in ~/.local/bin would make.
ln -s "$home/bin/ptxlint" "$WORK/links/ptxlint"
ln -s ../links/ptxlint "$WORK/bin/ptxlint"
# The PATH ptxlint runs with: the link, and a directory holding only java and the few tools a
# POSIX shell script needs; no mvn.
mkdir "$WORK/tools"
for t in java dirname readlink sed ls; do
  p=$(command -v "$t") || { [ "$t" = readlink ] && continue; fail "$t is not installed"; }
  ln -s "$p" "$WORK/tools/$t"
done
ptxlint() { env PATH="$WORK/bin:$WORK/tools" ptxlint "$@"; }
cp "$ROOT/examples/scale.ptx" "$ROOT/examples/mistakes.ptx" "$WORK/elsewhere/"
cd "$WORK/elsewhere"

out=$(ptxlint --version) || fail "--version exited $?"
echo "test-dist: $out"
echo "$out" | grep -Eq '^ptxlint [0-9]+\.[0-9]+\.[0-9]+[^ ]* \(commit [0-9a-z-]+\)$' \
  || fail "--version printed '$out', expected 'ptxlint VERSION (commit HASH)'"

set +e
ptxlint scale.ptx >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 0 ] || { cat "$WORK/out" >&2; fail "scale.ptx: exit status $rc, expected 0"; }

set +e
ptxlint mistakes.ptx >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 1 ] || { cat "$WORK/out" >&2; fail "mistakes.ptx: exit status $rc, expected 1"; }
grep -q "^mistakes.ptx:22:3: error: unknown instruction 'mull'" "$WORK/out" \
  || { cat "$WORK/out" >&2; fail "mistakes.ptx: the PTX0100 diagnostic is missing"; }

# A directory argument and --explain (the docs pages inside the jar).
set +e
ptxlint . >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 1 ] || fail "'.': exit status $rc, expected 1"
ptxlint --explain PTX0100 | grep -q "PTX0100" || fail "--explain PTX0100 printed no page"
ptxlint --help | grep -q "usage: ptxlint" || fail "--help printed no usage"

# The launcher resolves links even when called by its bare name from PATH inside bin/ itself.
(cd "$home/bin" && env PATH="$WORK/tools" ./ptxlint --version >/dev/null) || fail "bin/ptxlint run as ./ptxlint failed"

echo "test-dist: ok ($(basename "$archive"))"
