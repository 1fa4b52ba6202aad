#!/bin/sh
# Checks fixture expectations against ptxas: every instruction line that a fixture expects an
# error on must be rejected by ptxas, and every other instruction line (clean, or warnings only)
# must be accepted.
#
#   scripts/check-fixtures-ptxas.sh [FIXTURE.ptx ...]   (default: testdata/fixtures/forms/*.ptx)
#
# For each instruction line the script assembles a copy of the fixture in which every other
# instruction line is blanked (so line numbers, the header, declarations and `ret;` stay), with
# -arch from the module's .target (sm_75 for older targets, the oldest ptxas 13.0 assembles for).
# The copy with every instruction blanked must assemble, or the fixture is reported as broken.
# A fixture with expectations on module-level lines (declarations, function headers, .alias:
# testdata/fixtures/declarations) is checked item by item instead: the module without the items
# that expect something must assemble, and each of those items added back alone must be rejected
# exactly when one of its lines expects an error.
# Expectations are read as FixtureTest reads them (`// expect: CODE[@COL] ...` on the line,
# `// expect-next-line: ...` for the following line); a code is an error or a warning as
# `ptxlint --list-rules` says. Needs the jar (mvn -B -q install -DskipTests) for the rule list
# and ptxas (PTXAS, default /usr/local/cuda/bin/ptxas). Runs two ptxas at a time (JOBS). A line on which
# ptxas crashes or runs past PTXAS_TIMEOUT seconds (30) counts as rejected (PTX0282's fixture).
# Exit status 0 when every line agrees.
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
JAR="$ROOT/cli/target/ptxlint.jar"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -f "$JAR" ] || { echo "check-fixtures-ptxas: $JAR missing; run mvn -B -q install -DskipTests" >&2; exit 2; }
[ -x "$PTXAS" ] || { echo "check-fixtures-ptxas: no ptxas at $PTXAS" >&2; exit 2; }
if [ "$#" -eq 0 ]; then
  set -- "$ROOT"/testdata/fixtures/forms/*.ptx
fi
exec python3 - "$JAR" "$PTXAS" "${JOBS:-2}" "$@" <<'PY'
import os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

jar, ptxas, jobs, fixtures = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]

severity = {}
for line in subprocess.run(["java", "-XX:+UseSerialGC", "-jar", jar, "--list-rules"],
                           capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) >= 2 and re.fullmatch(r"PTX\d{4}", parts[0]):
        severity[parts[0]] = parts[1]

TIMEOUT = int(os.environ.get("PTXAS_TIMEOUT", "30"))
EXPECT = re.compile(r"//\s*expect(-next-line)?:\s*(.*)")
CODE = re.compile(r"(PTX\d{4})(?:@\d+)?")

def arch_of(text):
    m = re.search(r"^\s*\.target\s+sm_(\d+)(a|f)?", text, re.M)
    if not m:
        return "sm_90"
    n = int(m.group(1))
    return "sm_%d%s" % (n, m.group(2) or "") if n >= 75 else "sm_75"

def strip_comment(line):
    return re.sub(r"//.*", "", line).strip()

def instruction_lines(lines):
    """Indices of instruction statements inside function bodies (not directives, labels, ret)."""
    out, depth = [], 0
    for i, line in enumerate(lines):
        code = strip_comment(line)
        inside = depth > 0
        depth += code.count("{") - code.count("}")
        if not inside or not code or code in ("{", "}") or code.startswith("."):
            continue
        if re.fullmatch(r"[$%\w]+:", code) or code == "ret;":
            continue
        out.append(i)
    return out

HEADER = re.compile(r"\s*\.(version|target|address_size)\b")

def top_level_items(lines):
    """(first line, end) of each module-level item other than the header: a line starting with '.'
    outside any body, up to the next one."""
    starts, depth = [], 0
    for i, line in enumerate(lines):
        if depth == 0 and line.startswith(".") and not HEADER.match(line):
            starts.append(i)
        code = strip_comment(line)
        depth += code.count("{") - code.count("}")
    return [(s, starts[k + 1] if k + 1 < len(starts) else len(lines)) for k, s in enumerate(starts)]

def module_lines(lines):
    """Indices of the lines that start outside every { } body (declarations, function headers)."""
    out, depth = [], 0
    for i, line in enumerate(lines):
        if depth == 0:
            out.append(i)
        code = strip_comment(line)
        depth += code.count("{") - code.count("}")
    return out

def check_items(fixture, name, lines, items, want, arch):
    """Module-level fixtures (expectations on declarations, function headers, .alias): the module
    without the items that expect something must assemble, and each such item added back alone
    must be rejected exactly when one of its lines expects an error."""
    def codes_of(s, e):
        return [c for i in range(s, e) for c in want.get(i, [])]
    marked = [(s, e) for s, e in items if codes_of(s, e)]
    hidden = {i for s, e in marked for i in range(s, e)}
    bad = n_err = 0
    with tempfile.TemporaryDirectory() as tmp:
        def variant(s, e):
            out = [l if (i not in hidden or s <= i < e) else "" for i, l in enumerate(lines)]
            path = os.path.join(tmp, "%s.%d.ptx" % (os.path.basename(fixture), s))
            open(path, "w", encoding="latin-1").write("\n".join(out))
            return assemble(path, arch)
        ok, msg = variant(-1, -1)
        if not ok:
            print("%s: ptxas rejects the items that expect nothing:\n    %s" % (name, msg))
            bad += 1
        for s, e in marked:
            codes = codes_of(s, e)
            errors = [c for c in codes if severity.get(c) == "error"]
            ok, msg = variant(s, e)
            n_err += bool(errors)
            if errors and ok:
                bad += 1
                print("%s:%d: expects %s, but ptxas accepts: %s" % (name, s + 1, " ".join(codes), strip_comment(lines[s])))
            elif not errors and not ok:
                bad += 1
                print("%s:%d: expects %s, but ptxas rejects: %s\n    %s" % (
                    name, s + 1, " ".join(codes), strip_comment(lines[s]), msg))
    print("%s %s: %d module-level items (%d rejected alone, %d accepted together)%s" % (
        "ok  " if not bad else "FAIL", name, len(items), n_err, len(items) - n_err,
        "" if not bad else ", %d disagree" % bad))
    return bad

def expectations(lines):
    want = {}
    for i, line in enumerate(lines):
        m = EXPECT.search(line)
        if m:
            target = i + (1 if m.group(1) else 0)
            want.setdefault(target, []).extend(CODE.findall(m.group(2)))
    return want

def assemble(path, arch):
    """(assembled, messages). ptxas 13.0 crashes or does not terminate on a few lines (a register plus
    a constant where PTX0282 says so): a crash (killed by a signal) and a run past TIMEOUT seconds count
    as rejections, since either fails the build."""
    try:
        r = subprocess.run([ptxas, "-arch=" + arch, path, "-o", os.devnull], capture_output=True, text=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return False, "ptxas did not finish in %d s" % TIMEOUT
    if r.returncode < 0:
        return False, "ptxas killed by signal %d" % -r.returncode
    return r.returncode == 0, " | ".join(l.strip() for l in (r.stdout + r.stderr).splitlines()
                                        if "assembly aborted" not in l)

failures = checked = 0
with tempfile.TemporaryDirectory() as tmp:
    for fixture in fixtures:
        text = open(fixture, encoding="latin-1").read()
        lines = text.split("\n")
        arch = arch_of(text)
        insns = instruction_lines(lines)
        want = expectations(lines)
        name = os.path.relpath(fixture)

        def variant(keep):
            out = [l if (i == keep or i not in insns_set) else "" for i, l in enumerate(lines)]
            path = os.path.join(tmp, "%s.%d.ptx" % (os.path.basename(fixture), keep))
            open(path, "w", encoding="latin-1").write("\n".join(out))
            return path

        insns_set = set(insns)
        items = top_level_items(lines)
        # module-level mode only for expectations outside function bodies (an item spans its body too)
        if any(want.get(i) for i in module_lines(lines)):
            bad = check_items(fixture, name, lines, items, want, arch)
            checked += len(items)
            failures += bad
            continue
        ok, msg = assemble(variant(-1), arch)
        if not ok:
            print("BROKEN %s: ptxas rejects the fixture without its instructions: %s" % (name, msg))
            failures += 1
            continue
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda i: (i, assemble(variant(i), arch)), insns))
        bad = 0
        for i, (ok, msg) in results:
            codes = want.get(i, [])
            errors = [c for c in codes if severity.get(c) == "error"]
            checked += 1
            if errors and ok:
                bad += 1
                print("%s:%d: expects %s, but ptxas accepts: %s" % (name, i + 1, " ".join(codes),
                                                                    strip_comment(lines[i])))
            elif not errors and not ok:
                bad += 1
                print("%s:%d: expects %s, but ptxas rejects: %s\n    %s" % (
                    name, i + 1, " ".join(codes) if codes else "no error", strip_comment(lines[i]), msg))
        n_err = sum(1 for i in insns if any(severity.get(c) == "error" for c in want.get(i, [])))
        print("%s %s: %d instruction lines (%d rejected, %d accepted as expected)%s" % (
            "ok  " if not bad else "FAIL", name, len(insns), n_err, len(insns) - n_err,
            "" if not bad else ", %d disagree" % bad))
        failures += bad
print("%d lines checked, %d disagreements" % (checked, failures))
sys.exit(1 if failures else 0)
PY
