#!/usr/bin/env bash
# Generate a corpus of real nvcc-produced PTX from the CUDA sources in testdata/cuda.
#
# Every testdata/cuda/*.cu is compiled with
#     nvcc -ptx -std=c++17 -arch=ARCH FLAGS -o OUTDIR/<name>.<arch>.<flavour>.ptx FILE
# for ARCH in sm_75 sm_80 sm_90 sm_90a sm_100a and flavour in
#     O3        -O3
#     lineinfo  -O3 -lineinfo
#     G         -G            (device debug: .loc/.file plus DWARF sections)
# and every resulting file is checked with `ptxas -arch=ARCH FILE -o /dev/null`.
# A source may add nvcc flags with a line `// gen-corpus-extra-flags: ...` in its first
# 10 lines (e.g. -rdc=true); such files are checked with `ptxas -c`, since relocatable
# code may reference .extern symbols.
#
# Usage:
#   scripts/gen-corpus.sh [options]          build the corpus (default OUTDIR target/corpus)
#   scripts/gen-corpus.sh --big [options]    build one big single-module PTX file for
#                                            benchmarks: target/corpus-big/big.ptx, compiled
#                                            in ONE nvcc run (-arch=sm_90 -G) from
#                                            testdata/cuda/big/big_instantiations.cu
#                                            (~110 MB, ~45 s nvcc + ~80 s ptxas check)
# Options:
#   -o, --out DIR      output directory (default: target/corpus, or target/corpus-big with --big)
#   -j, --jobs N       parallel nvcc/ptxas jobs (default 2)
#   -a, --arch LIST    space/comma separated arch list (default "sm_75 sm_80 sm_90 sm_90a sm_100a")
#   -f, --flavour LIST subset of "O3 lineinfo G"
#   --only NAME        only sources whose basename (without .cu) matches this glob
#   --force            regenerate files even if they are up to date
#   --no-verify        skip the ptxas check
#   --opcodes FILE     after generating, write opcode counts over all of OUTDIR to FILE
#                      (default with the plain corpus: target/corpus-opcodes.txt)
#   --no-opcodes       do not write the opcode list
#   --big-level N      size knob for --big: 1 ~59 MB, 2 ~110 MB (default), 3 ~160 MB
#   -h, --help
# Environment: NVCC, PTXAS (default: from CUDA_HOME=/usr/local/cuda, else PATH).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC_DIR="$ROOT/testdata/cuda"
BIG_SRC="$SRC_DIR/big/big_instantiations.cu"
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
if [[ -z "${NVCC:-}" ]]; then
  if [[ -x "$CUDA_HOME/bin/nvcc" ]]; then NVCC="$CUDA_HOME/bin/nvcc"; else NVCC="$(command -v nvcc || true)"; fi
fi
if [[ -z "${PTXAS:-}" ]]; then
  if [[ -x "$CUDA_HOME/bin/ptxas" ]]; then PTXAS="$CUDA_HOME/bin/ptxas"; else PTXAS="$(command -v ptxas || true)"; fi
fi

ARCHS="sm_75 sm_80 sm_90 sm_90a sm_100a"
FLAVOURS="O3 lineinfo G"
JOBS=2
OUTDIR=""
BIG=0
BIG_LEVEL=2
FORCE=0
VERIFY=1
ONLY="*"
OPCODES=""
NO_OPCODES=0

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --big) BIG=1 ;;
    --big-level) BIG_LEVEL="$2"; shift ;;
    -o|--out) OUTDIR="$2"; shift ;;
    -j|--jobs) JOBS="$2"; shift ;;
    -a|--arch) ARCHS="${2//,/ }"; shift ;;
    -f|--flavour|--flavor) FLAVOURS="${2//,/ }"; shift ;;
    --only) ONLY="$2"; shift ;;
    --force) FORCE=1 ;;
    --no-verify) VERIFY=0 ;;
    --opcodes) OPCODES="$2"; shift ;;
    --no-opcodes) NO_OPCODES=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

[[ -n "$NVCC" && -x "$NVCC" ]] || { echo "error: nvcc not found (set NVCC or CUDA_HOME)" >&2; exit 1; }
if [[ $VERIFY -eq 1 ]]; then
  [[ -n "$PTXAS" && -x "$PTXAS" ]] || { echo "error: ptxas not found (set PTXAS or use --no-verify)" >&2; exit 1; }
fi

flavour_flags() {
  case "$1" in
    O3) echo "-O3" ;;
    lineinfo) echo "-O3 -lineinfo" ;;
    G) echo "-G" ;;
    *) echo "unknown flavour $1" >&2; return 1 ;;
  esac
}

extra_flags() {
  head -n 10 "$1" | sed -n 's|^[[:space:]]*//[[:space:]]*gen-corpus-extra-flags:[[:space:]]*||p' | head -n 1
}

mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

# Opcode histogram: first word of every instruction line (predicate guards and braces
# from inline asm stripped). Writes "count opcode" for full opcodes and for base opcodes.
write_opcodes() {
  local dir="$1" out="$2"
  mkdir -p "$(dirname "$out")"
  find "$dir" -name '*.ptx' -print0 | xargs -0 cat | awk '
    {
      line = $0
      sub(/\/\/.*/, "", line)
      # statements are ";"-terminated; inline asm may put several on one line ("{ .reg ...; setp ...; }")
      nseg = split(line, seg, ";")
      for (k = 1; k <= nseg; k++) {
        st = seg[k]
        gsub(/^[ \t{}]+/, "", st)
        if (st ~ /^[A-Za-z0-9_$]+[ \t]*:/) sub(/^[A-Za-z0-9_$]+[ \t]*:[ \t]*/, "", st)  # label
        if (st ~ /^@/) sub(/^@!?[%A-Za-z0-9_$]+[ \t]+/, "", st)                          # guard
        if (st !~ /^[a-z]/) continue                    # directives, braces, operands, names
        split(st, w, /[ \t,]+/)
        op = w[1]
        if (k == nseg && op !~ /^call/) continue      # not ";"-terminated: call targets etc.
        if (op !~ /^[a-z][a-z0-9_]*(\.[A-Za-z0-9_:]+)*$/) continue
        full[op]++
        base = op; sub(/\..*/, "", base); basec[base]++
      }
    }
    END {
      print "# PTX opcodes in the generated corpus (count, opcode)"
      print "# == base opcodes (text before the first dot) =="
      for (b in basec) printf "%d %s\n", basec[b], b | "sort -k1,1nr -k2"
      close("sort -k1,1nr -k2")
      print "# == full opcodes (first word of each instruction) =="
      for (o in full) printf "%d %s\n", full[o], o | "sort -k1,1nr -k2"
      close("sort -k1,1nr -k2")
    }' > "$out"
}

if [[ $BIG -eq 1 ]]; then
  OUTDIR="${OUTDIR:-$ROOT/target/corpus-big}"
  mkdir -p "$OUTDIR"
  out="$OUTDIR/big.ptx"
  arch="sm_90"
  echo "building $out from ${BIG_SRC#$ROOT/} (-arch=$arch -G -DBIG_LEVEL=$BIG_LEVEL), this takes a minute or two..."
  start=$(date +%s)
  "$NVCC" -ptx -std=c++17 -arch="$arch" -G -DBIG_LEVEL="$BIG_LEVEL" -o "$out.tmp" "$BIG_SRC"
  mv "$out.tmp" "$out"
  end=$(date +%s)
  size=$(stat -c %s "$out")
  echo "big: $out  $(mb "$size") MB ($size bytes), $(wc -l < "$out") lines, nvcc time $((end - start)) s"
  if [[ $VERIFY -eq 1 ]]; then
    vstart=$(date +%s)
    if "$PTXAS" -arch="$arch" "$out" -o /dev/null; then
      echo "ptxas: ok ($(( $(date +%s) - vstart )) s)"
    else
      echo "ptxas: FAILED on $out" >&2
      exit 1
    fi
  fi
  exit 0
fi

OUTDIR="${OUTDIR:-$ROOT/target/corpus}"
mkdir -p "$OUTDIR"
FAILS="$OUTDIR/failures.txt"
: > "$FAILS"

# Job list: one line per (source, arch, flavour).
JOBLIST="$(mktemp)"
trap 'rm -f "$JOBLIST"' EXIT
shopt -s nullglob
nsrc=0
for src in "$SRC_DIR"/*.cu; do
  name="$(basename "$src" .cu)"
  # shellcheck disable=SC2053
  [[ "$name" == $ONLY ]] || continue
  nsrc=$((nsrc + 1))
  for arch in $ARCHS; do
    for fl in $FLAVOURS; do
      printf '%s\t%s\t%s\n' "$src" "$arch" "$fl" >> "$JOBLIST"
    done
  done
done
njobs=$(wc -l < "$JOBLIST")
echo "gen-corpus: $nsrc sources x archs [$ARCHS] x flavours [$FLAVOURS] = $njobs PTX files -> $OUTDIR ($JOBS parallel jobs)"

export NVCC PTXAS OUTDIR FORCE VERIFY FAILS ROOT
export -f flavour_flags extra_flags

one_job() {
  local src="$1" arch="$2" fl="$3"
  local name out flags extra log ptxas_args
  name="$(basename "$src" .cu)"
  out="$OUTDIR/$name.$arch.$fl.ptx"
  flags="$(flavour_flags "$fl")"
  extra="$(extra_flags "$src")"
  if [[ $FORCE -eq 0 && -s "$out" && "$out" -nt "$src" && ! -e "$out.failed" ]]; then
    echo "  up to date  $(basename "$out")"
    return 0
  fi
  rm -f "$out.failed"
  log="$(mktemp)"
  # shellcheck disable=SC2086
  if ! "$NVCC" -ptx -std=c++17 -arch="$arch" $flags $extra -o "$out.tmp" "$src" > "$log" 2>&1; then
    echo "NVCC FAIL $name $arch $fl" | tee -a "$FAILS"
    sed 's/^/    /' "$log" | head -n 30 | tee -a "$FAILS"
    rm -f "$out.tmp" "$log"
    : > "$out.failed"
    return 0
  fi
  if [[ -s "$log" ]]; then
    echo "NVCC WARN $name $arch $fl" | tee -a "$FAILS"
    sed 's/^/    /' "$log" | head -n 30 | tee -a "$FAILS"
  fi
  mv "$out.tmp" "$out"
  if [[ $VERIFY -eq 1 ]]; then
    ptxas_args=()
    [[ -n "$extra" && "$extra" == *rdc* ]] && ptxas_args+=(-c)
    if ! "$PTXAS" -arch="$arch" "${ptxas_args[@]}" "$out" -o /dev/null > "$log" 2>&1; then
      echo "PTXAS FAIL $name $arch $fl" | tee -a "$FAILS"
      sed 's/^/    /' "$log" | head -n 30 | tee -a "$FAILS"
      : > "$out.failed"
    elif [[ -s "$log" ]]; then
      echo "PTXAS NOTE $name $arch $fl" >> "$FAILS"
      sed 's/^/    /' "$log" | head -n 30 >> "$FAILS"
    fi
  fi
  rm -f "$log"
  printf '  %-60s %8s KB\n' "$(basename "$out")" "$(( $(stat -c %s "$out") / 1024 ))"
}
export -f one_job

start=$(date +%s)
tr '\t' '\n' < "$JOBLIST" | xargs -d '\n' -n 3 -P "$JOBS" bash -c 'one_job "$1" "$2" "$3"' _
end=$(date +%s)

nfiles=$(find "$OUTDIR" -maxdepth 1 -name '*.ptx' | wc -l)
bytes=$(find "$OUTDIR" -maxdepth 1 -name '*.ptx' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
nfail=$(grep -c -E '^(NVCC|PTXAS) FAIL' "$FAILS" || true)
nwarn=$(grep -c -E '^NVCC WARN' "$FAILS" || true)
echo "----------------------------------------------------------------"
echo "summary: $nfiles PTX files, $(mb "$bytes") MB total in $OUTDIR ($((end - start)) s)"
echo "         failures: $nfail, nvcc warnings: $nwarn (details: $FAILS)"
if [[ $NO_OPCODES -eq 0 ]]; then
  OPCODES="${OPCODES:-$ROOT/target/corpus-opcodes.txt}"
  write_opcodes "$OUTDIR" "$OPCODES"
  echo "         opcode list: $OPCODES ($(grep -c -v '^#' "$OPCODES") entries)"
fi
[[ $nfail -eq 0 ]]
