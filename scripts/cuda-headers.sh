#!/bin/sh
# Lints every asm statement in the CUDA toolkit's headers (CCCL included) and prints the figures:
# files with asm statements, statements found, read (linted), skipped by reason, and the
# diagnostics by code. The headers are read in place and never copied into the repository.
#
#   scripts/cuda-headers.sh [INCLUDE_DIR]      (default /usr/local/cuda/include)
#
# Every regular file under the directory that mentions asm is given to ptxlint --cuda --verbose
# (CCCL headers often have no extension). Needs a built jar (mvn -B -q package -DskipTests).
# Exit status 0 when no statement gets an error.
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
JAR="$ROOT/cli/target/ptxlint.jar"
INC=${1:-/usr/local/cuda/include}
[ -f "$JAR" ] || { echo "cuda-headers: $JAR missing; run mvn -B -q package -DskipTests" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
find "$INC" -type f -print0 | xargs -0 grep -l -E '(^|[^A-Za-z0-9_])(asm|__asm__|__asm)([^A-Za-z0-9_]|$)' \
  2>/dev/null | sort > "$TMP/files" || true
xargs java -XX:+UseSerialGC -jar "$JAR" --cuda --verbose --no-config --format json < "$TMP/files" \
  > "$TMP/out.json" 2> "$TMP/err.txt" || true
python3 - "$TMP/out.json" "$TMP/err.txt" "$INC" <<'PY'
import collections, json, re, sys
out, err, inc = sys.argv[1], sys.argv[2], sys.argv[3]
stmts = read = skipped = files = 0
reasons = collections.Counter()
for line in open(err, encoding="utf-8", errors="replace"):
    m = re.match(r"ptxlint: (.*): (\d+) asm statements?, (\d+) linted, (\d+) skipped$", line.strip())
    if m:
        if int(m.group(2)) > 0:
            files += 1
        stmts += int(m.group(2)); read += int(m.group(3)); skipped += int(m.group(4))
        continue
    m = re.match(r"ptxlint: .*?:\d+:\d+: asm statement skipped: (.*)$", line.strip())
    if m:
        r = re.sub(r"'[^']*' \(a macro\?\)", "a macro", m.group(1))
        r = re.sub(r"operand \d+", "an operand", r)
        r = re.sub(r"\(%\d+\)", "", r)
        r = re.sub(r'constraint "[^"]*"', "a constraint", r)
        r = re.sub(r"\('#\w+'\)", "('#...')", r)
        reasons[r] += 1
doc = json.load(open(out))
codes = collections.Counter()
errors = []
for f in doc["files"]:
    for d in f["diagnostics"]:
        codes[(d["code"], d["severity"])] += 1
        if d["severity"] == "error":
            errors.append("%s:%d:%d: %s [%s]" % (f["path"].replace(inc + "/", ""), d["range"]["start"]["line"],
                                                 d["range"]["start"]["column"], d["message"], d["code"]))
print("headers: %s" % inc)
print("files with asm statements: %d" % files)
print("asm statements: %d" % stmts)
print("read and linted: %d (%.1f%%)" % (read, 100.0 * read / max(stmts, 1)))
print("skipped: %d" % skipped)
for r, n in reasons.most_common():
    print("  %5d  %s" % (n, r))
# True errors: statements ptxas rejects (checked by hand with ptxas 13.0), reported, not counted as false.
TRUE = [(r"cuda_ptx_generated\.h:", r"ld\.[a-z.]*b128", "CCCL 128-bit atomic loads write 'ld... [%2],_d' and "
         "'mov.b128 _d, {%0, %1}' with the operands reversed; ptxas: Arguments mismatch for instruction 'ld'")]
true_errors = [e for e in errors if any(re.search(f, e) and re.search(i, e) for f, i, _ in TRUE)]
false_errors = [e for e in errors if e not in true_errors]
print("diagnostics: %d errors (%d on statements ptxas rejects too, %d false)"
      % (len(errors), len(true_errors), len(false_errors)))
for f, i, why in TRUE:
    n = sum(1 for e in true_errors if re.search(f, e) and re.search(i, e))
    if n:
        print("  true: %d errors: %s" % (n, why))
for (c, s), n in sorted(codes.items()):
    print("  %5d  %s %s" % (n, c, s))
for e in (false_errors + true_errors)[:30]:
    print("  " + e)
sys.exit(1 if false_errors else 0)
PY
