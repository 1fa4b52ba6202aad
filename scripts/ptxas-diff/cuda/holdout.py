#!/usr/bin/env python3
"""Hold-out for the inline-asm harness: asm statements taken from real code, then mutated.

cuda_asm.py builds its statements from the whole-ISA cases; this script draws them another way,
so that the two measurements do not share a generator: it reads every asm statement of the CUDA
toolkit's headers (--include, default /usr/local/cuda/include: CCCL's cuda::ptx wrappers,
cuda_fp16/bf16, the sm_* intrinsics, cooperative groups, ...) with a scanner of its own (not
ptxlint's), keeps those whose template is made only of string literals and whose operands have
the constraints r l h f d q n, and writes each one as it is plus --mutants mutants (seeded):

  modifier   one '.word' of the instruction replaced by another word seen in the headers
  drop       one '.word' of the instruction removed
  constraint one operand's constraint letter changed (r <-> l, h -> r, f <-> d, ...)
  immediate  one integer literal of the template changed (0 -> 1, 16 -> 17, 1 -> 0, ...)
  value      one "n" operand given another value

Operands become local variables of the constraint's C++ type ("n" a literal: the header's own
value when it is a literal, else 0), one kernel per statement, as cuda_asm.py writes them;
nvcc -ptx -arch=compute_XX and ptxas -arch=sm_XX judge each kernel alone, and ptxlint
(--default-version 9.0 --default-target sm_XX) lints the .cu files. The template column of the
recorded file is the body of a C++ string literal (escapes as written in C++).

    holdout.py --out testdata/ptxas/cuda/holdout.tsv.gz [--arch sm_100a] [--sample 600] [--mutants 2] [--seed 7]
"""
import argparse, collections, glob, gzip, io, json, os, random, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cuda_asm import ROOT, NVCC, PTXAS, judge_kernels, lint_errors  # noqa: E402

CTYPE = {"r": "unsigned", "l": "unsigned long long", "f": "float", "d": "double", "h": "unsigned short",
         "q": "__int128"}
LETTERS = set("rlhfdqn")
KEYWORD = re.compile(r"\b(?:asm|__asm__|__asm)\b(\s*(?:volatile|__volatile__|__volatile)\b)?\s*\(")
SWAP = {"r": "lh", "l": "r", "h": "r", "f": "dr", "d": "fl", "q": "l"}


def skip_blank(s, i):
    while i < len(s):
        if s[i] in " \t\r\n":
            i += 1
        elif s.startswith("//", i):
            j = s.find("\n", i)
            i = len(s) if j < 0 else j + 1
        elif s.startswith("/*", i):
            j = s.find("*/", i + 2)
            i = len(s) if j < 0 else j + 2
        else:
            break
    return i


def read_literal(s, i):
    """(decoded text, index after it) of the string literal at s[i] == '"'; None when it is not one."""
    out = []
    i += 1
    while i < len(s):
        ch = s[i]
        if ch == '"':
            return "".join(out), i + 1
        if ch == "\n":
            return None
        if ch == "\\":
            nx = s[i + 1] if i + 1 < len(s) else ""
            m = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "?": "?"}.get(nx)
            if m is None:
                return None  # octal, hex, line continuation: not in this sample
            out.append(m)
            i += 2
            continue
        out.append(ch)
        i += 1
    return None


def read_literals(s, i):
    """Adjacent string literals from s[i]: (text, index after them), or None."""
    parts = []
    i = skip_blank(s, i)
    while i < len(s) and s[i] == '"':
        r = read_literal(s, i)
        if r is None:
            return None
        parts.append(r[0])
        i = skip_blank(s, r[1])
    return ("".join(parts), i) if parts else None


def closing_paren(s, i):
    """The index of the ')' that closes the '(' at s[i] (the end of s when none does), or None when a
    string literal inside it is one read_literal cannot read."""
    depth = 0
    j = i
    while j < len(s):
        if s[j] == "(":
            depth += 1
        elif s[j] == ")":
            depth -= 1
            if depth == 0:
                break
        elif s[j] == '"':
            r = read_literal(s, j)
            if r is None:
                return None
            j = r[1] - 1
        j += 1
    return j


def read_operands(s, i):
    """Operands '"c"(expr), ...' from s[i] up to ':' or ')' at depth 0: ([(constraint, expr)], index)."""
    ops = []
    i = skip_blank(s, i)
    while i < len(s) and s[i] not in ":)":
        r = read_literals(s, i)
        if r is None:
            return None
        c, i = r
        if i >= len(s) or s[i] != "(":
            return None
        j = closing_paren(s, i)
        if j is None:
            return None
        ops.append((c, s[i + 1:j].strip()))
        i = skip_blank(s, j + 1)
        if i < len(s) and s[i] == ",":
            i = skip_blank(s, i + 1)
    return ops, i


def statements(text):
    """(template, outputs, inputs) of every asm statement of a header that this reader can take."""
    for m in KEYWORD.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith("#"):
            continue  # in a #define
        r = read_literals(text, m.end())
        if r is None:
            continue
        template, i = r
        outs, ins = [], []
        section = 0
        ok = True
        while i < len(text) and text[i] == ":":
            section += 1
            if section == 3:
                break  # clobbers: the harness writes "memory"
            r = read_operands(text, i + 1)
            if r is None:
                ok = False
                break
            (outs if section == 1 else ins).extend(r[0])
            i = r[1]
        if not ok or section == 0:
            continue
        chunk = text[m.start():i]
        if "\\\n" in chunk or "\n#" in chunk:
            continue
        cons = [c for c, _ in outs + ins]
        if any(c.lstrip("=+&") not in LETTERS for c in cons):
            continue
        yield template, outs, ins


def n_value(expr):
    e = expr.strip().rstrip("uUlL")
    return e if re.fullmatch(r"-?\d+", e) else "0"


def instruction_words(template):
    """(start, end) of each '.word' of the template's instructions (not of .reg lines or comments)."""
    spans = []
    for stmt in re.finditer(r"[^;{}]+", template):
        body = stmt.group(0)
        code = body.split("//")[0]
        if re.match(r"\s*\.reg\b", code) or re.match(r"\s*[A-Za-z_$][\w$]*:", code):
            continue
        head = re.match(r"\s*(?:@!?%*\w+\s+)?([a-z][\w:.]*)", code)
        if not head:
            continue
        for w in re.finditer(r"\.[\w:]+", head.group(1)):
            spans.append((stmt.start() + head.start(1) + w.start(), stmt.start() + head.start(1) + w.end()))
    return spans


def mutate(rng, kind, template, cons, nvals, vocab):
    """A mutant (template, constraints, n values), or None when this kind does not apply."""
    if kind == "modifier" or kind == "drop":
        spans = instruction_words(template)
        if not spans:
            return None
        a, b = rng.choice(spans)
        new = "" if kind == "drop" else rng.choice(vocab)
        return template[:a] + new + template[b:], cons, nvals
    if kind == "constraint":
        idx = [k for k, c in enumerate(cons) if c.lstrip("=+&") in SWAP]
        if not idx:
            return None
        k = rng.choice(idx)
        c = cons[k]
        letter = c.lstrip("=+&")
        cons = list(cons)
        cons[k] = c[:len(c) - len(letter)] + rng.choice(SWAP[letter])
        return template, cons, nvals
    if kind == "immediate":
        lits = [m for m in re.finditer(r"(?<![\w%.$])\d+(?![\w.])", template)
                if not template[:m.start()].rstrip().endswith("<")]
        if not lits:
            return None
        m = rng.choice(lits)
        v = int(m.group(0))
        new = str(rng.choice([v + 1, max(0, v - 1), v * 2 + 1, 3, 0]))
        if new == m.group(0):
            return None
        return template[:m.start()] + new + template[m.end():], cons, nvals
    if kind == "value":
        idx = [k for k, c in enumerate(cons) if c.lstrip("=+&") == "n"]
        if not idx:
            return None
        k = rng.choice(idx)
        nvals = dict(nvals)
        nvals[k] = str(rng.choice([0, 1, 2, 3, 7, 16, 33, 128, 255, -1]))
        return template, cons, nvals
    raise ValueError(kind)


def cpp_body(s):
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def operand_text(cons, nouts, nvals):
    """Outputs and inputs as the recorded columns write them: constraints, "n" with its value (n=16)."""
    cols = []
    for k, c in enumerate(cons):
        cols.append(c + "=" + nvals[k] if c.lstrip("=+&") == "n" else c)
    return ",".join(cols[:nouts]), ",".join(cols[nouts:])


def kernel(n, template, cons, nouts, nvals):
    lines = ["__global__ void k_%d(char *m) {" % n]
    args = []
    for k, c in enumerate(cons):
        letter = c.lstrip("=+&")
        if letter == "n":
            args.append('"%s"(%s)' % (c, nvals[k]))
        else:
            lines.append("  %s v%d = *(%s *)(m + %d);" % (CTYPE[letter], k, CTYPE[letter], 16 * k))
            args.append('"%s"(v%d)' % (c, k))
    stmt = '  asm volatile("%s" : %s : %s : "memory");' % (cpp_body(template), ", ".join(args[:nouts]),
                                                           ", ".join(args[nouts:]))
    at = len(lines)
    lines.append(stmt)
    for k, c in enumerate(cons[:nouts]):
        letter = c.lstrip("=+&")
        lines.append("  *(%s *)(m + %d) = v%d;" % (CTYPE[letter], 16 * k, k))
    lines.append("}")
    return lines, at


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--include", default="/usr/local/cuda/include")
    ap.add_argument("--arch", default="sm_100a")
    ap.add_argument("--mutants", type=int, default=2, help="mutants per statement")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sample", type=int, default=600, help="distinct statements drawn (0: all)")
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--jar", default=os.path.join(ROOT, "cli/target/ptxlint.jar"))
    ap.add_argument("--keep")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    found = 0
    originals = collections.OrderedDict()
    files = sorted(glob.glob(os.path.join(args.include, "**", "*"), recursive=True))
    for path in files:
        if not os.path.isfile(path) or not re.search(r"\.(h|hpp|cuh|inl)$|/[a-z_]+$", path):
            continue
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        if "asm" not in text:
            continue
        for template, outs, ins in statements(text):
            found += 1
            cons = tuple(c.replace(" ", "") for c, _ in outs + ins)
            nvals = {k: n_value(e) for k, (c, e) in enumerate(outs + ins) if c.lstrip("=+&") == "n"}
            key = (template, cons, tuple(sorted(nvals.items())))
            originals.setdefault(key, (os.path.basename(path), template, cons, len(outs), nvals))
    picked = list(originals.values())
    if args.sample and args.sample < len(picked):
        picked = rng.sample(picked, args.sample)
    vocab = sorted({template[a:b] for (_, template, _, _, _) in originals.values()
                    for a, b in instruction_words(template)})
    cases = []
    seen = set()
    for src, template, cons, nouts, nvals in picked:
        variants = [("original", template, cons, nvals)]
        kinds = ["modifier", "drop", "constraint", "immediate", "value"]
        tries = 0
        while len(variants) < 1 + args.mutants and tries < 12:
            tries += 1
            kind = rng.choice(kinds)
            mt = mutate(rng, kind, template, cons, nvals, vocab)
            if mt is not None:
                variants.append((kind,) + mt)
        for kind, t, c, nv in variants:
            key = (t, tuple(c), tuple(sorted(nv.items())))
            if key in seen:
                continue
            seen.add(key)
            cases.append((src + ":" + kind, t, list(c), nouts, nv))
    print("asm statements read: %d (%d distinct); cases: %d" % (found, len(originals), len(cases)), file=sys.stderr)

    tmp = args.keep or tempfile.mkdtemp(prefix="cuda-holdout-")
    os.makedirs(tmp, exist_ok=True)
    sm = args.arch
    compute = sm.replace("sm_", "compute_")
    where = {}
    paths = []
    verdict, message = {}, {}
    for b in range(0, len(cases), args.batch):
        path = os.path.join(tmp, "holdout_%03d.cu" % (b // args.batch))
        lines = []
        for n in range(b, min(b + args.batch, len(cases))):
            _, t, c, nouts, nv = cases[n]
            kl, at = kernel(n, t, c, nouts, nv)
            where[(path, len(lines) + at + 1)] = n  # 1-based, as nvcc and ptxlint's JSON count
            lines.extend(kl)
        open(path, "w").write("\n".join(lines) + "\n")
        paths.append(path)
        ptx = path[:-3] + ".ptx"
        r = subprocess.run([NVCC, "-ptx", "-arch=" + compute, path, "-o", ptx], capture_output=True, text=True)
        bad = set(int(x) for x in re.findall(r"\.cu\((\d+)\): error", r.stderr))
        if not os.path.exists(ptx) or bad:
            # a front-end error (an "n" value nvcc refuses, ...): record the kernel as nvcc's error
            err_kernels = set()
            for ln in bad:
                for (p, at), n in where.items():
                    if p == path and at == ln:
                        err_kernels.add(n)
            if not err_kernels:
                sys.exit("nvcc failed on %s:\n%s" % (path, r.stderr[:2000]))
            for n in err_kernels:
                verdict[n] = "error"
                message[n] = "nvcc: " + (re.search(r"error: (.*)", r.stderr).group(1)[:150])
            # drop them and compile again
            keep = [n for n in range(b, min(b + args.batch, len(cases))) if n not in err_kernels]
            lines = []
            for k in list(where):
                if k[0] == path:
                    del where[k]
            for n in keep:
                _, t, c, nouts, nv = cases[n]
                kl, at = kernel(n, t, c, nouts, nv)
                where[(path, len(lines) + at + 1)] = n
                lines.extend(kl)
            open(path, "w").write("\n".join(lines) + "\n")
            r = subprocess.run([NVCC, "-ptx", "-arch=" + compute, path, "-o", ptx], capture_output=True, text=True)
            if not os.path.exists(ptx) or re.search(r"\.cu\(\d+\): error", r.stderr):
                sys.exit("nvcc failed again on %s:\n%s" % (path, r.stderr[:2000]))
        judged = judge_kernels(ptx, tmp, sm, args.jobs, verdict, message)
        print("%s: %d kernels judged" % (os.path.basename(path), judged), file=sys.stderr)
    lint = lint_errors(args.jar, sm, paths, where)
    rows = []
    agree = false_errors = missed = 0
    for n, (family, t, c, nouts, nv) in enumerate(cases):
        if n not in verdict:
            continue
        if message.get(n, "").startswith("nvcc: "):
            mine = "error"  # not linted here: the front end stops first; the test replays it
        else:
            mine = "error" if lint[n] else "ok"
        if mine == verdict[n]:
            agree += 1
        elif mine == "error":
            false_errors += 1
            print("FALSE ERROR %s [%s] %s" % (t, lint[n], family), file=sys.stderr)
        else:
            missed += 1
            print("MISSED %s: %s" % (t, message[n]), file=sys.stderr)
        outs, ins = operand_text(c, nouts, nv)
        rows.append("\t".join([family, cpp_body(t), outs, ins, verdict[n], message[n].replace("\t", " "), mine]))
    total = len(rows)
    print("judged %d, agree %d (%.2f%%), false errors %d, missed errors %d"
          % (total, agree, 100.0 * agree / max(total, 1), false_errors, missed), file=sys.stderr)
    rows.sort()
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as g:
        g.write(("# nvcc -ptx -arch=%s + ptxas -arch=%s verdicts on asm statements of the CUDA toolkit's headers and"
                 " their mutants; generator: scripts/ptxas-diff/cuda/holdout.py --arch %s --sample %d --mutants %d --seed %d;"
                 " %d statements read, %d distinct, %d drawn; %d cases (ok %d, error %d); ptxlint at recording: agree %d,"
                 " false errors %d, missed %d\n"
                 "# columns: header:mutation<TAB>template (C++ literal body)<TAB>outputs<TAB>inputs (n=VALUE)"
                 "<TAB>verdict<TAB>first message<TAB>ptxlint verdict when recorded\n"
                 % (compute, sm, sm, args.sample, args.mutants, args.seed, found, len(originals), len(picked), total,
                    sum(1 for v in verdict.values() if v == "ok"), sum(1 for v in verdict.values() if v == "error"),
                    agree, false_errors, missed)).encode())
        g.write(("\n".join(rows) + "\n").encode())
    open(args.out, "wb").write(buf.getvalue())


if __name__ == "__main__":
    main()
