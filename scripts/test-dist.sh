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
for t in java dirname readlink sed ls mv rm; do
  p=$(command -v "$t") || { [ "$t" = readlink ] && continue; fail "$t is not installed"; }
  ln -s "$p" "$WORK/tools/$t"
done
# (timeout: a command that waits for input, like the language server would, fails instead of hanging)
ptxlint() { timeout 120 env PATH="$WORK/bin:$WORK/tools" ptxlint "$@" </dev/null; }
cp "$ROOT/examples/scale.ptx" "$ROOT/examples/mistakes.ptx" "$WORK/elsewhere/"
cd "$WORK/elsewhere"

out=$(ptxlint --version) || fail "--version exited $?"
echo "test-dist: $out"
echo "$out" | grep -Eq '^ptxlint [0-9]+\.[0-9]+\.[0-9]+[^ ]* \(commit [0-9a-z-]+\)$' \
  || fail "--version printed '$out', expected 'ptxlint VERSION (commit HASH)'"
# The first run made the class-data-sharing archive in lib/ for this jar at this path; -Xshare:on
# makes the JVM fail rather than ignore an archive it cannot use.
[ -f "$home/lib/ptxlint.jsa" ] || fail "the first run made no lib/ptxlint.jsa"
JAVA_OPTS=-Xshare:on ptxlint --version >/dev/null || fail "the JVM cannot use lib/ptxlint.jsa"

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

# --diff prints a patch that git apply takes, and writes nothing; --fix writes the same result.
cp mistakes.ptx fixed.ptx
set +e
ptxlint --diff --unsafe-fixes fixed.ptx >"$WORK/fix.patch" 2>"$WORK/out"; rc=$?
set -e
[ "$rc" -eq 1 ] || fail "--diff: exit status $rc, expected 1 (an error is left)"
cmp -s fixed.ptx mistakes.ptx || fail "--diff changed the file"
grep -q '^+  mul.f32 %f2, %f1, 0f40000000;$' "$WORK/fix.patch" || fail "--diff: no 'mull' -> 'mul' line"
mkdir "$WORK/patched" && cp mistakes.ptx "$WORK/patched/fixed.ptx"
(cd "$WORK/patched" && git apply -p1 "$WORK/fix.patch") || fail "git apply refused the --diff output"
set +e
ptxlint --fix --unsafe-fixes fixed.ptx >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 1 ] || fail "--fix: exit status $rc, expected 1 (PTX0101 is left)"
cmp -s fixed.ptx "$WORK/patched/fixed.ptx" || fail "--fix and the applied --diff differ"
grep -q "PTX0101" "$WORK/out" && ! grep -q "PTX0100\|PTX0002" "$WORK/out" || { cat "$WORK/out" >&2; fail "--fix left the wrong diagnostics"; }
cp fixed.ptx once.ptx
set +e
ptxlint --fix --unsafe-fixes fixed.ptx >"$WORK/out" 2>&1
set -e
cmp -s fixed.ptx once.ptx || fail "--fix is not idempotent"
grep -q "applied 0 fixes" "$WORK/out" || fail "second --fix applied fixes"

# A baseline: the known findings pass, a new one fails.
set +e
ptxlint --write-baseline base/ptxlint-baseline.json mistakes.ptx >/dev/null 2>&1
ptxlint --baseline base/ptxlint-baseline.json mistakes.ptx >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 0 ] || { cat "$WORK/out" >&2; fail "--baseline: exit status $rc on the baselined file, expected 0"; }
sed 's/  ret;/  addd.s32 %r1, %r1, 1;\n  ret;/' mistakes.ptx > new.ptx && cp new.ptx mistakes.ptx
set +e
ptxlint --baseline base/ptxlint-baseline.json mistakes.ptx >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "unknown instruction 'addd'" "$WORK/out" && [ "$(grep -c PTX0 "$WORK/out")" -eq 1 ] \
  || { cat "$WORK/out" >&2; fail "--baseline: the new finding alone should be reported"; }

# '--lsp' as a file name (after --) and as an option's value is not the language server.
cp scale.ptx ./--lsp
ptxlint -- --lsp >"$WORK/out" 2>&1 || { cat "$WORK/out" >&2; fail "'-- --lsp' did not lint the file --lsp"; }
grep -q "in 1 file" "$WORK/out" || fail "'-- --lsp': no summary"
set +e
ptxlint --config --lsp scale.ptx >"$WORK/out" 2>&1; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q "ptxlint: --lsp" "$WORK/out" || { cat "$WORK/out" >&2; fail "'--config --lsp': expected a configuration error (status 2), got $rc"; }

# --stdin-filename: the name in the output
out=$(timeout 60 env PATH="$WORK/bin:$WORK/tools" ptxlint --stdin-filename k/name.ptx - <mistakes.ptx 2>/dev/null || true)
echo "$out" | grep -q "^k/name.ptx:22:3: error" || fail "--stdin-filename: the output does not name k/name.ptx"

# The launcher resolves links even when called by its bare name from PATH inside bin/ itself.
(cd "$home/bin" && env PATH="$WORK/tools" ./ptxlint --version >/dev/null) || fail "bin/ptxlint run as ./ptxlint failed"

echo "test-dist: ok ($(basename "$archive"))"
