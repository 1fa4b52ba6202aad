#!/usr/bin/env bash
# Lint real PTX written by others (public repositories' test data) and check that every file
# ptxas accepts lints without errors (an error there is a false error).
#
# The files stay out of git: testdata/public-ptx/manifest.tsv names each one (repository,
# commit, path, sha256), with ptxas's verdict and the number of ptxlint errors when it was made.
# Its header names each repository's licence. Files live in DIR as DIR/<owner>+<name>/<path>.
#
# Usage:
#   scripts/public-ptx.sh fetch DIR [--mirror ROOT]   get every file of the manifest into DIR:
#                      from bare git mirrors ROOT/<owner>+<name>/repo when --mirror is given
#                      (git show COMMIT:PATH), else from raw.githubusercontent.com (curl);
#                      each file's sha256 is checked
#   scripts/public-ptx.sh lint DIR [--jar JAR]        lint the files ptxas accepted; prints every
#                      error with its file, a per-repository table, and the files whose error
#                      count differs from the manifest; exit 1 when any accepted file has errors
#   scripts/public-ptx.sh ptxas DIR                   run ptxas again; report verdicts that differ
#   scripts/public-ptx.sh update DIR --mirror ROOT [--jar JAR]
#                      rewrite the manifest from every *.ptx under DIR (ptxas and ptxlint run on
#                      each; commit = HEAD of the mirror); keeps the licence header lines
# Options:
#   --jar JAR       ptxlint jar (default: cli/target/ptxlint.jar, else /work/dev/ptxlint.jar)
#   --isa-dir DIR   read the ISA data from DIR (-Dptxlint.isa.dir)
#   --manifest F    another manifest (default testdata/public-ptx/manifest.tsv)
#   --keep-verdicts with update: reuse the manifest's ptxas verdict of a file whose sha256 is unchanged
# Environment: PTXAS (default /usr/local/cuda/bin/ptxas, else from PATH), JAVA (default java).
#
# ptxas verdicts: the -arch is the file's .target (sm_90a stays sm_90a); targets older than sm_75
# are checked with -arch=sm_75. A file ptxas rejects only for an unresolved extern function is
# checked again with -c (relocatable; needs .version 3.1). Files without .version or .target, and
# files ptxas rejects (32-bit code included, which ptxas 13.0 no longer compiles), are not linted.
# Verdict column: "ok ARCH", "ok-c ARCH", "rejected ARCH: MESSAGE", "excluded: REASON".
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MANIFEST="$ROOT/testdata/public-ptx/manifest.tsv"
JAR=""
ISA_DIR=""
MIRROR=""
KEEP=0
JAVA="${JAVA:-java}"
if [[ -z "${PTXAS:-}" ]]; then
  if [[ -x /usr/local/cuda/bin/ptxas ]]; then PTXAS=/usr/local/cuda/bin/ptxas; else PTXAS="$(command -v ptxas || true)"; fi
fi

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

[[ $# -ge 1 ]] || { usage >&2; exit 2; }
CMD="$1"; shift
case "$CMD" in -h|--help) usage; exit 0 ;; esac
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
DIR="$1"; shift
while [[ $# -gt 0 ]]; do
  case "$1" in
    --jar) JAR="$2"; shift ;;
    --isa-dir) ISA_DIR="$2"; shift ;;
    --mirror) MIRROR="$2"; shift ;;
    --manifest) MANIFEST="$2"; shift ;;
    --keep-verdicts) KEEP=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
if [[ -z "$JAR" ]]; then
  if [[ -f "$ROOT/cli/target/ptxlint.jar" ]]; then JAR="$ROOT/cli/target/ptxlint.jar"; else JAR=/work/dev/ptxlint.jar; fi
fi

# rows of the manifest without comments and the column header: repo commit path sha256 verdict errors
rows() { grep -v '^#' "$MANIFEST" | tail -n +2; }

# ptxas verdict of one file (see the header)
verdict() {
  local f="$1" v t n arch out
  v=$(grep -m1 -oE '^[[:space:]]*\.version[[:space:]]+[0-9]+\.[0-9]+' "$f" | awk '{print $2}' || true)
  t=$(grep -m1 -oE '^[[:space:]]*\.target[[:space:]]+sm_[0-9]+[af]?' "$f" | awk '{print $2}' || true)
  if [[ -z "$v" ]]; then echo "excluded: no .version"; return; fi
  if [[ -z "$t" ]]; then echo "excluded: no .target sm_N"; return; fi
  n=${t#sm_}; n=${n%[af]}
  if (( n < 75 )); then arch=sm_75; else arch=$t; fi
  if out=$(timeout 300 "$PTXAS" -arch=$arch "$f" -o /dev/null 2>&1); then echo "ok $arch"; return; fi
  if grep -q 'Unresolved extern function' <<<"$out" && timeout 300 "$PTXAS" -c -arch=$arch "$f" -o /dev/null >/dev/null 2>&1; then
    echo "ok-c $arch"; return
  fi
  local msg
  msg=$(grep -m1 -E 'error|fatal' <<<"$out" | sed -e 's/^ptxas [^,]*, line [0-9]*; //' -e 's/^ptxas //' -e 's/\t/ /g' \
        -e 's/[[:space:]]\+/ /g' | cut -c1-120 || true)
  echo "rejected $arch: ${msg:-exit status without a message (crash)}"
}

# ptxlint errors per file: prints "PATH<TAB>LINE<TAB>CODE<TAB>MESSAGE" for every error
lint_errors() {
  local list="$1"
  [[ -s "$list" ]] || return 0
  (cd "$DIR" && xargs -d '\n' "$JAVA" ${ISA_DIR:+-Dptxlint.isa.dir=$ISA_DIR} -jar "$JAR" -q --format json < "$list" || true) \
    | python3 -c '
import json, sys
text, dec, pos, files = sys.stdin.read(), json.JSONDecoder(), 0, []
while text[pos:].strip():  # xargs may have started several runs, one document each
    doc, pos = dec.raw_decode(text, len(text) - len(text[pos:].lstrip()))
    files += doc["files"]
for f in files:
    for d in f["diagnostics"]:
        if d["severity"] == "error":
            p = f["path"][2:] if f["path"].startswith("./") else f["path"]
            print("\t".join([p, str(d["range"]["start"]["line"]), d["code"], d["message"].replace("\t", " ")]))
'
}

case "$CMD" in
  fetch)
    mkdir -p "$DIR"
    bad=0; n=0
    while IFS=$'\t' read -r repo commit path sha verdict errs; do
      dst="$DIR/${repo/\//+}/$path"
      mkdir -p "$(dirname "$dst")"
      if [[ -n "$MIRROR" ]]; then
        git --git-dir="$MIRROR/${repo/\//+}/repo" show "$commit:$path" > "$dst" 2>/dev/null \
          || git --git-dir="$MIRROR/${repo/\//+}/repo" show "HEAD:$path" > "$dst"
      else
        curl -fsSL "https://raw.githubusercontent.com/$repo/$commit/$path" -o "$dst"
      fi
      got=$(sha256sum "$dst" | cut -d' ' -f1)
      if [[ "$got" != "$sha" ]]; then echo "sha256 differs: $repo $path" >&2; bad=$((bad + 1)); fi
      n=$((n + 1))
    done < <(rows)
    echo "fetched $n files into $DIR ($bad with another sha256)"
    [[ $bad -eq 0 ]]
    ;;
  lint)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    rows | awk -F'\t' '$5 ~ /^ok/ { sub("/", "+", $1); print "./" $1 "/" $3 }' > "$tmp/list"
    lint_errors "$tmp/list" > "$tmp/errors"
    cat "$tmp/errors"
    rows | awk -F'\t' -v E="$tmp/errors" '
      BEGIN { while ((getline l < E) > 0) { split(l, a, "\t"); cnt[a[1]]++ } }
      {
        key = $1; sub("/", "+", key); key = key "/" $3
        files[$1]++
        if ($5 ~ /^ok/) {
          acc[$1]++; e = cnt[key] + 0; errs[$1] += e; if (e > 0) efiles[$1]++
          if (e != $6) changed = changed sprintf("  %s %s: %d errors (manifest: %d)\n", $1, $3, e, $6)
          tot += e; if (e > 0) totf++
        }
        if (!($1 in order)) { order[$1] = ++nrep; name[nrep] = $1 }
      }
      END {
        printf "%-40s %6s %8s %7s %12s\n", "repository", "files", "accepted", "errors", "files-w-err"
        for (i = 1; i <= nrep; i++) { r = name[i]; printf "%-40s %6d %8d %7d %12d\n", r, files[r], acc[r], errs[r], efiles[r] }
        if (changed != "") printf "error counts that differ from the manifest:\n%s", changed
        printf "false errors (errors on files ptxas accepts): %d in %d files\n", tot, totf
      }'
    [[ ! -s "$tmp/errors" ]]
    ;;
  ptxas)
    diff=0; n=0
    while IFS=$'\t' read -r repo commit path sha verdict errs; do
      f="$DIR/${repo/\//+}/$path"
      now=$(verdict "$f")
      if [[ "${now%%:*}" != "${verdict%%:*}" ]]; then echo "$repo $path: now '$now', manifest '$verdict'"; diff=$((diff + 1)); fi
      n=$((n + 1))
    done < <(rows)
    echo "$n files, $diff verdicts differ"
    [[ $diff -eq 0 ]]
    ;;
  update)
    [[ -n "$MIRROR" ]] || { echo "update needs --mirror ROOT (for each repository's commit)" >&2; exit 2; }
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    (cd "$DIR" && find . -iname '*.ptx' -type f | LC_ALL=C sort) > "$tmp/all"
    { rows 2>/dev/null || true; } > "$tmp/old"
    : > "$tmp/rows"; : > "$tmp/list"
    while read -r f; do
      rel=${f#./}; top=${rel%%/*}; path=${rel#*/}
      repo=${top/+//}
      commit=$(git --git-dir="$MIRROR/$top/repo" rev-parse HEAD)
      sha=$(sha256sum "$DIR/$rel" | cut -d' ' -f1)
      v=""
      if [[ $KEEP -eq 1 ]]; then
        v=$(awk -F'\t' -v r="$repo" -v p="$path" -v h="$sha" '$1 == r && $3 == p && $4 == h { print $5; exit }' "$tmp/old")
      fi
      [[ -n "$v" ]] || v=$(verdict "$DIR/$rel")
      printf '%s\t%s\t%s\t%s\t%s\n' "$repo" "$commit" "$path" "$sha" "$v" >> "$tmp/rows"
      [[ "$v" == ok* ]] && echo "$f" >> "$tmp/list"
    done < "$tmp/all"
    lint_errors "$tmp/list" > "$tmp/errors"
    { grep '^#' "$MANIFEST" 2>/dev/null || true
      printf 'repo\tcommit\tpath\tsha256\tptxas\tptxlint_errors\n'
      awk -F'\t' -v E="$tmp/errors" 'BEGIN { OFS = "\t"; while ((getline l < E) > 0) { split(l, a, "\t"); cnt[a[1]]++ } }
        { key = $1; sub("/", "+", key); key = key "/" $3; print $0, ($5 ~ /^ok/ ? cnt[key] + 0 : "-") }' "$tmp/rows"
    } > "$tmp/manifest"
    mkdir -p "$(dirname "$MANIFEST")"
    mv "$tmp/manifest" "$MANIFEST"
    echo "wrote $MANIFEST: $(wc -l < "$tmp/rows") files, $(wc -l < "$tmp/list") accepted, $(wc -l < "$tmp/errors") errors"
    ;;
  *) echo "unknown command: $CMD" >&2; usage >&2; exit 2 ;;
esac
