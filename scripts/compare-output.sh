#!/usr/bin/env bash
# Byte-for-byte comparison of two ptxlint builds: the JSON output of BASE_JAR and NEW_JAR over
# the same inputs must be identical (issue 13: a faster pipeline must not change any output).
#   scripts/compare-output.sh BASE_JAR [NEW_JAR] [PATH...]
#   scripts/compare-output.sh --rev REV [NEW_JAR] [PATH...]
# --rev builds the baseline jar from git revision REV (a temporary worktree, mvn package, no
# install) and compares with it; .ci/run does this against 2762e4c, the last commit before the
# byte lexer. NEW_JAR defaults to cli/target/ptxlint.jar. PATHs default to testdata, examples,
# target/corpus (scripts/gen-corpus.sh) and target/mutants: deterministic mutants of the PTX
# fixtures with non-ASCII text, invalid UTF-8, NUL bytes, byte-order marks, UTF-16, stray
# characters and unterminated strings and comments spliced in (made here, seed fixed), so that
# the lexer's slow paths are compared too. Each PATH is linted in one run of each jar, in text
# and JSON format (COMPARE_FORMATS="text json sarif github checkstyle" for more); NEW_JOBS=2 runs
# NEW_JAR with -j 2 (the bodies of files from 1 MiB on checked on a worker; BASE_JAR keeps -j 1),
# so that the parallel checks are compared with one thread. Exit 0 when every
# output is identical, 1 otherwise (the diff is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--rev" ]; then
  REV=${2:?usage: compare-output.sh --rev REV [NEW_JAR] [PATH...]}
  shift 2
  wt=$(mktemp -d)
  git worktree add -q --detach "$wt/src" "$REV"
  cleanup_wt() { git worktree remove --force "$wt/src" >/dev/null 2>&1 || true; rm -rf "$wt"; }
  trap cleanup_wt EXIT
  echo "compare-output: building the baseline $REV" >&2
  (cd "$wt/src" && mvn -B -q package -DskipTests >&2)
  cp "$wt/src/cli/target/ptxlint.jar" "$wt/base.jar"
  set -- "$wt/base.jar" "$@"
fi
BASE=${1:?usage: compare-output.sh BASE_JAR [NEW_JAR] [PATH...]}
NEW=${2:-cli/target/ptxlint.jar}
shift $(( $# >= 2 ? 2 : 1 ))
if [ $# -eq 0 ]; then
  python3 - <<'PY'
import os, random
random.seed(13)
src = []
for d in ("testdata/fixtures", "testdata/valid", "examples"):
    for root, _, files in os.walk(d):
        for f in sorted(files):
            if f.endswith(".ptx"):
                src.append(os.path.join(root, f))
src.sort()
out = "target/mutants"
os.makedirs(out, exist_ok=True)
for f in os.listdir(out):
    os.remove(os.path.join(out, f))
pieces = [b"\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xed\xa0\x80", b"\xed\xb0\x80",
          b"\xff", b"\xfe", b"\x80", b"\xbf\xbf", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xc0\xaf",
          b"\xe0\x80\xaf", b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80", b"\x00", b"\x01", b"\x7f",
          b"\x1a", b"\xef\xbb\xbf", b"\xef\xbf\xbe", b"\xef\xbf\xbd", b"\"", b"/*", b"*/", b"//", b"#",
          b"\r", b"\r\n", b"\n", b"\t", b"\\", b"0x", b"0f1234", b"1e+", b".5e", b"@@DWARF ",
          b"\xe3\x81\x82\xe3\x81\x84", b"%", b".", b"::", b"_", b"$", b"U"]
n = 0
for i, f in enumerate(src):
    data = open(f, "rb").read()
    for k in range(3 if i % 3 == 0 else 1):
        b = bytearray(data)
        for _ in range(random.randint(1, 8)):
            pos = random.randint(0, len(b))
            if random.random() < 0.2 and len(b) > 0:
                del b[pos:pos + random.randint(1, 4)]
            else:
                piece = b"".join(random.choice(pieces) for _ in range(random.randint(1, 4)))
                b[pos:pos] = piece
        n += 1
        open(os.path.join(out, "m%04d.ptx" % n), "wb").write(bytes(b))
# a few whole-file cases
specials = {
    "bom.ptx": b"\xef\xbb\xbf.version 8.0\n.target sm_90\n.address_size 64\n",
    "bom2.ptx": b"\xef\xbb\xbf\xc3\xa9.version 8.0\n",
    "utf16le.ptx": "\ufeff.version 8.0\n.target sm_90\n".encode("utf-16-le"),
    "utf16be.ptx": ".version 8.0\n.target sm_90\n.address_size 64\n".encode("utf-16-be"),
    "fffe.ptx": b"\xff\xfe\xff.version 8.0\n",
    "longstr.ptx": b".version 8.0\n.target sm_90\n.pragma \"" + (b"a\xc3\xa9" * 40000) + b"\n" + b"x" * 10 + b";\n",
    "longstr2.ptx": b".version 8.0\n.pragma \"" + (b"\xe2\x82\xac" * 70000) + b"\";\n",
    "longcmt.ptx": b".version 8.0\n// " + (b"\xf0\x9f\x98\x80\xff" * 50000) + b"\n/* " + (b"\xe2" * 100001) + b" */\n",
    "nonascii-run.ptx": b".version 8.0\n" + (b"\xc3\xa9\xf0\x9f\x98\x80\xed\xa0\x80" * 30000) + b"\n",
    "unterminated.ptx": b".version 8.0\n.pragma \"abc\xc3\xa9\n def;\n/* never closed \xc3\xa9",
    "nul.ptx": b".version 8.0\n\x00.target sm_90\n// a\x00b\n",
}
for name, data in specials.items():
    open(os.path.join(out, name), "wb").write(data)
print("compare-output: %d mutants in %s" % (n + len(specials), out))
PY
  set -- testdata examples target/mutants
  [ -d target/corpus ] && set -- "$@" target/corpus
  [ -d target/corpus-big ] && set -- "$@" target/corpus-big
  [ -d target/bench ] && set -- "$@" target/bench
fi
tmp=$(mktemp -d)
if [ -n "${wt:-}" ]; then trap 'rm -rf "$tmp"; cleanup_wt' EXIT; else trap 'rm -rf "$tmp"' EXIT; fi
status=0
for p in "$@"; do
  for fmt in ${COMPARE_FORMATS:-json text}; do
    java -jar "$BASE" --no-config --format "$fmt" -j 1 "$p" > "$tmp/base" 2>&1 || true
    java -jar "$NEW" --no-config --format "$fmt" -j "${NEW_JOBS:-1}" "$p" > "$tmp/new" 2>&1 || true
    lines=$(wc -l < "$tmp/base")
    if cmp -s "$tmp/base" "$tmp/new"; then
      echo "same  $p ($fmt, $lines lines)"
    else
      echo "DIFFERENT  $p ($fmt)"; diff "$tmp/base" "$tmp/new" | head -40; status=1
    fi
  done
done
exit $status
