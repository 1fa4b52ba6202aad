#!/bin/sh
# Checks the example modules of the rule pages (docs/rules/PTXnnnn.md) against ptxlint and ptxas.
#
#   scripts/check-rule-docs.sh [PAGE.md ...]     (default: every page under docs/rules)
#
# Each page has two ```ptx blocks (or, for the inline-PTX rules, two ```cuda blocks judged by
# nvcc -ptx -arch=sm_90 and ptxas): the "Example" (the first) and the "Use instead" module (the
# second). For each page the script checks that
#   - ptxlint reports the page's code on the Example;
#   - ptxlint reports nothing at all on the "Use instead" module;
#   - ptxas accepts the "Use instead" module;
#   - ptxas rejects the Example when the rule is an error, and accepts it when it is a warning
#     (warnings are the manual's stricter rules, which ptxas does not enforce).
# ptxas runs with -arch taken from the module's .target (sm_75 for older targets, the oldest
# ptxas 13.0 assembles for). Needs a built jar (mvn -B -q install -DskipTests) and ptxas
# (PTXAS, default /usr/local/cuda/bin/ptxas). Exit status 0 when every page passes.
# A page that says "<E9> stands for the single byte 0xE9" gets <HH> replaced by that byte.
# A page holding "<!-- check-rule-docs: skip (why) -->" is skipped (its example cannot be a small
# UTF-8 module: PTX0012, PTX0014, PTX0900).
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
JAR="$ROOT/cli/target/ptxlint.jar"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -f "$JAR" ] || { echo "check-rule-docs: $JAR missing; run mvn -B -q install -DskipTests" >&2; exit 2; }
[ -x "$PTXAS" ] || { echo "check-rule-docs: no ptxas at $PTXAS" >&2; exit 2; }
if [ "$#" -eq 0 ]; then
  set -- "$ROOT"/docs/rules/PTX*.md
fi
exec python3 - "$JAR" "$PTXAS" "$@" <<'PY'
import os, re, subprocess, sys, tempfile

jar, ptxas, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
nvcc = os.path.join(os.path.dirname(ptxas), "nvcc")

severity = {}
for line in subprocess.run(["java", "-XX:+UseSerialGC", "-jar", jar, "--list-rules"],
                           capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) >= 2 and re.fullmatch(r"PTX\d{4}", parts[0]):
        severity[parts[0]] = parts[1]

def arch_of(text):
    m = re.search(r"^\s*\.target\s+sm_(\d+)(a|f)?", text, re.M)
    if not m:
        return "sm_90"
    n = int(m.group(1))
    return "sm_%d%s" % (n, m.group(2) or "") if n >= 75 else "sm_75"

def ptxlint(path):
    r = subprocess.run(["java", "-XX:+UseSerialGC", "-jar", jar, "-q", path], capture_output=True, text=True)
    return r.stdout.strip()

def run_ptxas(path, text):
    r = subprocess.run([ptxas, "-arch=" + arch_of(text), path, "-o", os.devnull],
                       capture_output=True, text=True)
    return r.returncode == 0, (r.stdout + r.stderr).strip()

def raw(page, block):
    """The block's bytes; a page may write a single non-UTF-8 byte as <E9> (and says so)."""
    data = block.encode("utf-8")
    if "stands for the single byte" in page:
        data = re.sub(rb"<([0-9A-F]{2})>", lambda m: bytes([int(m.group(1), 16)]), data)
    return data

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for page in pages:
        code = os.path.basename(page)[:7]
        text = open(page, encoding="utf-8").read()
        if "<!-- check-rule-docs: skip" in text:
            print("skip %s (%s)" % (os.path.relpath(page), text.split("<!-- check-rule-docs: skip", 1)[1].split("-->")[0].strip(" ()")))
            continue
        blocks = re.findall(r"```ptx\n(.*?)```", text, re.S)
        cuda = re.findall(r"```cuda\n(.*?)```", text, re.S)
        problems = []
        if len(cuda) >= 2 and not blocks:
            # Inline PTX rules (PTX05xx): the examples are CUDA C++; the judge is nvcc -ptx, then ptxas.
            for kind, src in (("example", cuda[0]), ("use-instead", cuda[1])):
                path = os.path.join(tmp, code + "-" + kind + ".cu")
                open(path, "w", encoding="utf-8").write(src)
                out = ptxlint(path)
                ptx = os.path.join(tmp, code + "-" + kind + ".ptx")
                r = subprocess.run([nvcc, "-ptx", "-arch=sm_90", path, "-o", ptx], capture_output=True, text=True)
                ok, msg = r.returncode == 0, (r.stdout + r.stderr).strip()
                if ok:
                    ok, msg = run_ptxas(ptx, open(ptx).read())
                if kind == "example":
                    if "[%s]" % code not in out:
                        problems.append("ptxlint does not report %s on the Example:\n%s" % (code, out or "(nothing)"))
                    if severity.get(code) == "error" and ok:
                        problems.append("%s is an error, but nvcc and ptxas accept the Example" % code)
                else:
                    if out:
                        problems.append("ptxlint reports on the Use-instead source:\n" + out)
                    if not ok:
                        problems.append("nvcc or ptxas rejects the Use-instead source:\n" + msg)
        elif len(blocks) < 2:
            problems.append("needs two ```ptx blocks (Example and Use instead), has %d" % len(blocks))
        else:
            example, fixed = blocks[0], blocks[1]
            ex_path = os.path.join(tmp, code + "-example.ptx")
            ok_path = os.path.join(tmp, code + "-use-instead.ptx")
            open(ex_path, "wb").write(raw(text, example))
            open(ok_path, "wb").write(raw(text, fixed))
            out = ptxlint(ex_path)
            if "[%s]" % code not in out:
                problems.append("ptxlint does not report %s on the Example:\n%s" % (code, out or "(nothing)"))
            out = ptxlint(ok_path)
            if out:
                problems.append("ptxlint reports on the Use-instead module:\n" + out)
            ok, msg = run_ptxas(ok_path, fixed)
            if not ok:
                problems.append("ptxas rejects the Use-instead module:\n" + msg)
            ok, msg = run_ptxas(ex_path, example)
            sev = severity.get(code)
            if sev == "error" and ok:
                problems.append("%s is an error, but ptxas accepts the Example" % code)
            if sev == "warning" and not ok:
                problems.append("%s is a warning, but ptxas rejects the Example:\n%s" % (code, msg))
        if problems:
            failed += 1
            print("FAIL %s" % os.path.relpath(page))
            for p in problems:
                print("  " + p.replace("\n", "\n    "))
        else:
            print("ok   %s" % os.path.relpath(page))
print("%d of %d pages failed" % (failed, len(pages)))
sys.exit(1 if failed else 0)
PY
