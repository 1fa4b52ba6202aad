#!/usr/bin/env bash
# Tests the editor clients against the real server jar:
#   editor-clients/vscode  npm ci; TypeScript build; node:test suites (launch logic, the server over
#                          stdio with vscode-languageserver-protocol, grammar vs the nvcc corpus);
#                          vscode-tmgrammar-test samples; vsce package + a listing of the .vsix
#   editor-clients/neovim  headless Neovim (Debian's 0.7.2 is enough) opening a bad .ptx file and a
#                          .cu file (a diagnostic inside an asm string, a suppression comment, hover)
# Installs what is missing (Debian/Ubuntu, as root): nodejs+npm, neovim. vsce 3 needs Node 20 or
# newer: with an older Node the packaging step is skipped with a warning (PTXLINT_REQUIRE_VSCE=1
# makes that an error).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "test-editors: $* missing; install it (needs root and apt-get to do it here)" >&2
    exit 2
  fi
  echo "test-editors: installing $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "${apt_updated:-}" ]; then
    apt-get update -qq
    apt_updated=1
  fi
  apt-get install -y -qq "$@" >/dev/null
}

command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || apt_install nodejs npm
command -v nvim >/dev/null 2>&1 || apt_install neovim
command -v java >/dev/null 2>&1 || { echo "test-editors: java missing" >&2; exit 2; }

jar="$root/cli/target/ptxlint.jar"
if [ ! -f "$jar" ]; then
  echo "test-editors: building $jar" >&2
  mvn -B -q -pl cli -am package -DskipTests
fi
export PTXLINT_JAR="$jar"

node_major=$(node -p 'process.versions.node.split(".")[0]')
echo "test-editors: node $(node -v), npm $(npm -v 2>/dev/null), $(nvim --version | head -1)" >&2

echo "== VS Code extension: npm ci" >&2
cd "$root/editor-clients/vscode"
npm ci --no-audit --no-fund --loglevel=error
echo "== VS Code extension: tests" >&2
npm test --silent
if [ "$node_major" -ge 20 ]; then
  echo "== VS Code extension: vsce package" >&2
  rm -f ./*.vsix
  npm run --silent test:vsix >/dev/null
  ls -l ./*.vsix
else
  msg="vsce package skipped: @vscode/vsce 3 needs Node 20 or newer, this is $(node -v)"
  if [ "${PTXLINT_REQUIRE_VSCE:-0}" = 1 ]; then
    echo "test-editors: $msg" >&2
    exit 1
  fi
  echo "test-editors: WARNING: $msg" >&2
fi

echo "== Neovim" >&2
"$root/editor-clients/neovim/test/run.sh"
echo "test-editors: ok" >&2
