#!/bin/sh
# Headless Neovim test of the ptxlint plugin: opens a .ptx file with mistakes, waits for the
# server's diagnostics and checks their codes and lines, a hover and the code actions. Runs the
# plugin's setup() and the Neovim 0.11 config table (lsp/ptxlint.lua); then opens a CUDA source
# (test/kernel.cu, filetype cuda) and checks a diagnostic inside an asm string, a suppression
# comment and a hover (check_cuda.lua). Exits non-zero on failure.
# Uses $PTXLINT_JAR, else the checkout's cli/target/ptxlint.jar (built when missing).
set -eu
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
root=$(CDPATH= cd -- "$here/../../.." && pwd)
NVIM=${NVIM:-nvim}
command -v "$NVIM" >/dev/null 2>&1 || { echo "nvim-test: $NVIM not found (apt-get install -y neovim)" >&2; exit 2; }
"$NVIM" --version | head -1 >&2

jar=${PTXLINT_JAR:-$root/cli/target/ptxlint.jar}
if [ ! -f "$jar" ]; then
  echo "nvim-test: building $jar" >&2
  (cd "$root" && mvn -B -q -pl cli -am package -DskipTests >&2)
fi
export PTXLINT_JAR="$jar"

# An isolated home, so that no user config, plugin or shada takes part.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
mkdir -p "$tmp/project"
cp "$root/examples/mistakes.ptx" "$tmp/project/kernel.ptx"
cp "$here/kernel.cu" "$tmp/project/kernel.cu"
: > "$tmp/project/.ptxlintrc"

# examples/mistakes.ptx: missing ';' (line 16), 'mull' (line 22), undeclared %f4 (line 23).
export PTXLINT_EXPECT="PTX0002@16,PTX0100@22,PTX0101@23"

status=0
for mode in setup lspconfig; do
  echo "nvim-test: mode $mode" >&2
  if PTXLINT_TEST_MODE=$mode timeout 180 "$NVIM" --headless -n -i NONE -u "$here/init.lua" \
      "$tmp/project/kernel.ptx" -c "luafile $here/check.lua" >"$tmp/out.log" 2>&1; then
    sed 's/^/  /' "$tmp/out.log" >&2
  else
    rc=$?
    sed 's/^/  /' "$tmp/out.log" >&2
    echo "nvim-test: mode $mode failed (status $rc)" >&2
    status=1
  fi
done
for mode in setup lspconfig; do
  echo "nvim-test: mode $mode, CUDA source" >&2
  if PTXLINT_TEST_MODE=$mode timeout 180 "$NVIM" --headless -n -i NONE -u "$here/init.lua" \
      "$tmp/project/kernel.cu" -c "luafile $here/check_cuda.lua" >"$tmp/out.log" 2>&1; then
    sed 's/^/  /' "$tmp/out.log" >&2
  else
    rc=$?
    sed 's/^/  /' "$tmp/out.log" >&2
    echo "nvim-test: mode $mode on kernel.cu failed (status $rc)" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "nvim-test: ok" >&2
exit "$status"
