#!/usr/bin/env python3
"""Hold-out of the whole-ISA harness drawn by another method: the inline asm of the CUDA toolkit's
headers (/usr/local/cuda/include, CCCL included: cuda/__ptx, cuda/std, cub, thrust, cuda_fp16.hpp,
crt/...), instantiated as plain PTX cases of the ISA template and changed by mutations that model
the mistakes of inline-asm authors.

1. Extraction.  Every `asm(...)` / `asm volatile(...)` statement of every header: the template
   (adjacent string literals; an identifier #define'd as one string literal in the headers is
   expanded, e.g. __PTR / __LDG_PTR, the first (64-bit) definition), outputs and inputs with their
   constraints.  Line continuations are joined, so statements in #define bodies are read too.
   Statements that cannot be instantiated are skipped and counted by reason (template not made of
   string literals (a macro parameter, #x), a constraint other than r l h f d q n or a digit, a
   named operand %[x], an operand number without an operand, ...).
2. Instantiation.  `%N` becomes a template register of the constraint's type ("h" %rs (.b16),
   "r" %r (.b32), "l" %rd (.b64), "f" %f (.f32), "d" %fd (.f64), "q" %q (.b128); a digit the
   operand it names), "n" its value when the header writes a literal (else 0), `%%` `%`, `%=` 0;
   C++ comments in the template dropped, lines joined into the case's one line (braces and local
   .reg declarations kept).  Target: the guard around the statement when it is one of
   `__CUDA_ARCH__ >= N`, `__CUDA_ARCH_FEAT_SMN_ALL` (the first named), NV_PROVIDES_SM_N,
   NV_HAS_FEATURE_SM_Na, NV_IS_EXACTLY_SM_N (nearest preceding, no #else/#endif between);
   without one, two cases, sm_90a and sm_100a.  .version 9.0.
3. Mutations (seeded; different from holdout_real.py's): a wrong constraint letter (an "r"
   operand given a .b64/.b16/.f32 register, "l" a .b32 one, ...), an operand left out or one too
   many, a modifier dropped, doubled or replaced by a sibling (a modifier another header statement
   of the same opcode has in that place), a wrong state space, and a target too old for the
   statement.
4. ptxas judges every case (isa_run.run_cases, batched, cached), written to
   testdata/ptxas/isa/holdout-headers.tsv.gz and replayed by IsaVerdictsTest.

    holdout_headers.py --stats                       # extraction figures and skip reasons
    holdout_headers.py --cases OUT.tsv [--kinds K]   # the cases only
    holdout_headers.py --record [--jobs 2]           # judge (cache /tmp/holdout-headers-cache.tsv.gz), write
"""
import argparse
import collections
import glob
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "cuda"))
import isa_run  # noqa: E402
import holdout_real  # noqa: E402
from holdout import KEYWORD, closing_paren, read_literal, skip_blank  # noqa: E402  (the asm reader of the CUDA hold-out)

FAMILY = "holdout-headers"
VERSION = "9.0"
REG = {"h": "%rs", "r": "%r", "l": "%rd", "f": "%f", "d": "%fd", "q": "%q"}
# the first register number each letter uses (distinct operands get distinct registers)
BASE = {"%rs": 1, "%r": 1, "%rd": 1, "%f": 1, "%fd": 1, "%q": 1}
# wrong constraint letters: what a mistaken author gives instead
WRONG = {"r": ["%rd", "%rs", "%f"], "l": ["%r", "%fd"], "h": ["%r", "%f"], "f": ["%fd", "%r", "%h"],
         "d": ["%f", "%rd"], "q": ["%rd"]}
SPACES = [".global", ".shared", ".shared::cta", ".shared::cluster", ".local", ".const", ".param"]
DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+(\"(?:[^\"\\\n]|\\.)*\")[ \t]*$", re.M)
GUARD = re.compile(r"__CUDA_ARCH__\s*>=\s*(\d+)|__CUDA_ARCH_FEAT_SM(\d+)_ALL|NV_PROVIDES_SM_(\d+)|"
                   r"NV_HAS_FEATURE_SM_(\d+)a|NV_IS_EXACTLY_SM_(\d+)")
PP_COND = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$", re.M)


# --- extraction --------------------------------------------------------------------------------

def header_files(include):
    for path in sorted(glob.glob(os.path.join(include, "**", "*"), recursive=True)):
        if os.path.isfile(path) and not os.path.islink(path):
            yield path


def string_macros(paths):
    """NAME -> string literal text of `#define NAME "..."` (the first definition seen)."""
    out = {}
    for path, text in paths:
        for m in DEFINE.finditer(text):
            out.setdefault(m.group(1), m.group(2))
    return out


def expand(text, macros):
    if not macros:
        return text
    pat = re.compile(r"\b(%s)\b" % "|".join(map(re.escape, sorted(macros, key=len, reverse=True))))
    return pat.sub(lambda m: macros[m.group(1)], text)


def read_raw(s, i):
    """(text, index after it) of the raw string literal R"d(...)d" at s[i], or None."""
    m = re.match(r'R"([^()\\ ]{0,16})\(', s[i:i + 20])
    if not m:
        return None
    end = s.find(")" + m.group(1) + '"', i + m.end())
    if end < 0:
        return None
    return s[i + m.end():end], end + len(m.group(1)) + 2


def read_literals(s, i):
    parts = []
    i = skip_blank(s, i)
    while i < len(s) and (s[i] == '"' or s.startswith('R"', i)):
        r = read_literal(s, i) if s[i] == '"' else read_raw(s, i)
        if r is None:
            return None, i, "string literal with an escape this reader does not decode"
        parts.append(r[0])
        i = skip_blank(s, r[1])
    if not parts:
        return None, i, "template not a string literal"
    if i < len(s) and s[i] not in ":)":
        return None, i, "template not only string literals (a macro or #x)"
    return "".join(parts), i, None


def read_constraint_list(s, i):
    """Operands '"c"(expr), ...' from s[i] up to ':' or ')': ([(constraint, expr)], index, None) or
    (None, index, reason)."""
    ops = []
    i = skip_blank(s, i)
    while i < len(s) and s[i] not in ":)":
        if s[i] != '"':
            return None, i, "constraint not a string literal (a macro)"
        r = read_literal(s, i)
        if r is None:
            return None, i, "constraint not a string literal (a macro)"
        c, i = r[0], skip_blank(s, r[1])
        if s[i:i + 1] != "(":
            return None, i, "constraint not followed by an expression"
        j = closing_paren(s, i)
        if j is None:
            return None, i, "operand expression with a string"
        ops.append((c.replace(" ", ""), s[i + 1:j].strip()))
        i = skip_blank(s, j + 1)
        if i < len(s) and s[i] == ",":
            i = skip_blank(s, i + 1)
    return ops, i, None


def guard_target(text, pos):
    """The target the nearest preprocessor or NV_IF_TARGET guard before pos asks for, or None."""
    lo = max(0, pos - 4000)
    window = text[lo:pos]
    # the nearest preprocessor conditional line: a guard only when it is an #if/#elif that names one
    last_pp = None
    for m in PP_COND.finditer(window):
        last_pp = m
    nv = None
    for m in re.finditer(r"NV_IF_(?:ELSE_)?TARGET\s*\(\s*(NV_\w+)|NV_DISPATCH_TARGET", window):
        nv = m
    cand = []
    if last_pp is not None and last_pp.group(1) in ("if", "elif"):
        g = GUARD.search(last_pp.group(2))
        if g:
            cand.append((last_pp.start(), g))
    if nv is not None and nv.group(0).startswith("NV_IF") and (last_pp is None or nv.start() > last_pp.start()):
        g = GUARD.search(nv.group(1))
        if g:
            cand.append((nv.start(), g))
    if not cand:
        return None
    g = max(cand, key=lambda c: c[0])[1]
    if g.group(1):
        return "sm_%d" % (int(g.group(1)) // 10)
    if g.group(2):
        return "sm_%sa" % g.group(2)
    if g.group(3):
        return "sm_%s" % g.group(3)
    if g.group(4):
        return "sm_%sa" % g.group(4)
    return "sm_%s" % g.group(5)


def extract(include):
    """([(file, line, template, [(constraint, expr)] outputs, inputs, target|None)], Counter of skips, found)."""
    files = []
    for path in header_files(include):
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        if "asm" in text:
            files.append((path, text))
    macros = string_macros(files)
    out, skips, found = [], collections.Counter(), 0
    for path, raw in files:
        text = raw.replace("\\\n", "  ")   # line continuations joined (same length: line numbers kept apart)
        rel = os.path.relpath(path, include)
        for m in KEYWORD.finditer(text):
            line = raw.count("\n", 0, m.start()) + 1
            found += 1
            stop = text.find(";", m.end())
            chunk = text[m.end():] if stop < 0 else text[m.end():m.end() + 20000]
            chunk = expand(chunk, {k: v for k, v in macros.items() if k in chunk[:4000]})
            template, i, why = read_literals(chunk, 0)
            if template is None:
                skips[why] += 1
                continue
            outs, ins, section = [], [], 0
            while i < len(chunk) and chunk[i] == ":" and section < 2:
                section += 1
                ops, i, why = read_constraint_list(chunk, i + 1)
                if ops is None:
                    break
                (outs if section == 1 else ins).extend(ops)
            if why:
                skips[why] += 1
                continue
            out.append((rel, line, template, outs, ins, guard_target(raw, m.start()), section == 0))
    return out, skips, found


# --- instantiation -----------------------------------------------------------------------------

def strip_cpp_comments(t):
    t = re.sub(r"/\*.*?\*/", " ", t, flags=re.S)
    return re.sub(r"//[^\n]*", "", t)


def operand_text(cons, k, regs, nvals):
    """The text of operand k: (text, None) or (None, reason)."""
    c = cons[k].lstrip("=+&")
    if c.isdigit():
        n = int(c)
        if n >= len(cons):
            return None, "tied operand number out of range"
        return operand_text(cons, n, regs, nvals)
    if c == "n":
        return nvals.get(k, "0"), None
    if c in REG:
        return regs[k], None
    return None, "constraint %s" % c


def assign_registers(cons, override=None):
    """{operand index: register} for register constraints; override {k: prefix} forces a prefix."""
    regs, next_of = {}, dict(BASE)
    for k, c in enumerate(cons):
        letter = c.lstrip("=+&")
        p = (override or {}).get(k) or REG.get(letter)
        if p is None:
            continue
        if p not in next_of:
            next_of[p] = 1
        regs[k] = "%s%d" % (p, next_of[p])
        next_of[p] += 1
    return regs


def instantiate(template, cons, nvals, regs=None, has_operands=True):
    """(one-line PTX, None) or (None, reason)."""
    regs = regs if regs is not None else assign_registers(cons)
    t = strip_cpp_comments(template)
    out, i = [], 0
    while i < len(t):
        ch = t[i]
        if ch != "%":
            out.append(ch)
            i += 1
            continue
        nx = t[i + 1:i + 2]
        if not has_operands:
            # basic asm (no ':'): the template is passed as written
            out.append("%")
            i += 1
            continue
        if nx == "%":
            out.append("%")
            i += 2
        elif nx == "=":
            out.append("0")
            i += 2
        elif nx == "[":
            return None, "named operand %[x]"
        elif nx.isdigit():
            m = re.match(r"\d+", t[i + 1:])
            n = int(m.group(0))
            if n >= len(cons):
                return None, "operand number without an operand"
            txt, why = operand_text(cons, n, regs, nvals)
            if txt is None:
                return None, why
            out.append(txt)
            i += 1 + len(m.group(0))
        else:
            return None, "operand modifier %" + nx
    s = " ".join("".join(out).split())
    if not s:
        return None, "empty template"
    if "\t" in s:
        return None, "tab"
    return s, None


def n_value(expr):
    e = expr.strip()
    e = re.sub(r"^\(?\s*(?:static_cast<[^>]*>|\([a-z_: ]+\))\s*\(?", "", e).rstrip(")")
    e = e.strip().rstrip("uUlL")
    if re.fullmatch(r"-?\d+", e) or re.fullmatch(r"0[xX][0-9a-fA-F]+", e):
        return e
    return None


# --- the statements of a case ------------------------------------------------------------------

def instructions(line):
    """[(start, end, text)] of the instruction statements of a case (not .reg, labels, braces)."""
    out = []
    for m in re.finditer(r"[^;{}]+", line):
        s = m.group(0)
        body = s.strip()
        if not body or body.startswith(".") or re.match(r"[A-Za-z_$][\w$]*:\s*$", body):
            continue
        lab = re.match(r"\s*(?:[A-Za-z_$][\w$]*:\s*)?", s)
        start = m.start() + lab.end()
        out.append((start, m.end(), line[start:m.end()]))
    return out


def opcode_words(instr):
    """(guard, opcode with modifiers, operands text) of one statement."""
    m = re.match(r"\s*(@!?%?[\w$]+\s+)?([A-Za-z_][\w]*(?:\.[\w:]+)*)(.*)$", instr, re.S)
    if not m:
        return None
    return m.group(1) or "", m.group(2), m.group(3)


def older_targets(target):
    """Targets a statement guarded by `target` may be too new for."""
    n = isa_run.tnum(target)
    out = []
    if target.endswith("a") or target.endswith("f"):
        out.append("sm_%d" % n)
    ladder = [50, 60, 70, 75, 80, 86, 89, 90, 100, 120]
    older = [x for x in ladder if x < n]
    out += ["sm_%d" % x for x in older[-2:]]
    if n >= 100:
        out.append("sm_90a")
    return out


# --- drawing -----------------------------------------------------------------------------------

class Stmt:
    __slots__ = ("src", "template", "cons", "nvals", "targets", "line", "opcodes")


def build(include, skips):
    raw, sk, found = extract(include)
    skips.update(sk)
    stmts = collections.OrderedDict()
    for rel, line, template, outs, ins, target, basic in raw:
        ops = outs + ins
        cons = [c for c, _ in ops]
        bad = [c for c in cons if not (c.lstrip("=+&") in REG or c.lstrip("=+&") == "n" or c.lstrip("=+&").isdigit())]
        if bad:
            skips["constraint %s" % bad[0].lstrip("=+&")] += 1
            continue
        nvals = {}
        undecided = False
        for k, (c, e) in enumerate(ops):
            if c.lstrip("=+&") == "n":
                v = n_value(e)
                if v is None:
                    undecided = True
                    v = "0"
                nvals[k] = v
        text, why = instantiate(template, cons, nvals, has_operands=not basic)
        if text is None:
            skips[why] += 1
            continue
        if undecided:
            skips["(kept) \"n\" operand not a literal: 0 used"] += 1
        targets = [target] if target else ["sm_90a", "sm_100a"]
        key = (text, tuple(targets))
        if key in stmts:
            skips["(duplicate) same instantiated statement"] += 1
            continue
        s = Stmt()
        s.src, s.template, s.cons, s.nvals, s.targets, s.line = "%s:%d" % (rel, line), template, cons, nvals, targets, text
        s.opcodes = [opcode_words(i)[1] for _, _, i in instructions(text) if opcode_words(i)]
        stmts[key] = s
    return list(stmts.values()), found


def mutants(s, siblings, rnd):
    """[(kind, line, target)] for statement s."""
    out = []
    text = s.line
    tgt = s.targets[0]
    # wrong constraint letter: one register operand given a register of another type
    regk = [k for k, c in enumerate(s.cons) if c.lstrip("=+&") in WRONG]
    if regk:
        k = rnd.choice(regk)
        letter = s.cons[k].lstrip("=+&")
        for p in rnd.sample(WRONG[letter], min(2, len(WRONG[letter]))):
            regs = assign_registers(s.cons, {k: p})
            t, why = instantiate(s.template, s.cons, s.nvals, regs)
            if t and t != text:
                out.append(("constraint:%s->%s" % (letter, p), t, tgt))
    ins = instructions(text)
    if ins:
        a, b, instr = rnd.choice([x for x in ins if "%" in x[2]] or ins)
        w = opcode_words(instr)
        if w:
            guard, opc, rest = w
            ops = holdout_real.split_operands(rest)
            head = text[:a] + instr[:len(instr) - len(rest)]
            if ops:
                j = rnd.randrange(len(ops))
                out.append(("count:missing", head + " " + ", ".join(ops[:j] + ops[j + 1:]) + text[b:], tgt))
                extra = rnd.choice(["%r77", "%rd60", "0", "%f77"])  # registers the template declares
                out.append(("count:extra", head + " " + ", ".join(ops + [extra]) + text[b:], tgt))
            words = opc.split(".")
            mods = ["." + x for x in words[1:]]
            pre = text[:a] + guard
            post = instr[len(guard) + len(opc):] + text[b:]
            if mods:
                j = rnd.randrange(len(mods))
                out.append(("modifier:dropped", pre + words[0] + "".join(mods[:j] + mods[j + 1:]) + post, tgt))
                j = rnd.randrange(len(mods))
                out.append(("modifier:doubled", pre + words[0] + "".join(mods[:j + 1] + mods[j:]) + post, tgt))
                # a sibling: a modifier another header statement of the same opcode has at the same place
                sib = [m for m in siblings.get((words[0], j, len(mods)), ()) if m != mods[j] and m not in mods]
                if not sib:
                    sib = [m for m in siblings.get(words[0], ()) if m not in mods]
                if sib:
                    m = rnd.choice(sorted(sib))
                    jj = j if siblings.get((words[0], j, len(mods))) else rnd.randrange(len(mods))
                    out.append(("modifier:sibling", pre + words[0] + "".join(mods[:jj] + [m] + mods[jj + 1:]) + post,
                                tgt))
                sp = [x for x in range(len(mods)) if mods[x] in SPACES]
                if sp:
                    x = sp[0]
                    other = rnd.choice([v for v in SPACES if v != mods[x]])
                    out.append(("space:%s->%s" % (mods[x], other),
                                pre + words[0] + "".join(mods[:x] + [other] + mods[x + 1:]) + post, tgt))
    for t in older_targets(tgt)[:2]:
        out.append(("target:%s->%s" % (tgt, t), text, t))
    return out


def draw(include, n, seed, skips):
    stmts, found = build(include, skips)
    rnd = random.Random(seed)
    siblings = collections.defaultdict(set)
    for s in stmts:
        for opc in s.opcodes:
            words = opc.split(".")
            for j, w in enumerate(words[1:]):
                siblings[(words[0], j, len(words) - 1)].add("." + w)
                siblings[words[0]].add("." + w)
    cases = collections.OrderedDict()
    for s in stmts:
        for t in s.targets:
            cases.setdefault((VERSION, t, s.line), ("valid", s.src))
    pool = []
    for s in stmts:
        for kind, line, t in mutants(s, siblings, rnd):
            pool.append((kind, line, t, s.src))
    rnd.shuffle(pool)
    # mutations: up to n cases in all, each kind class with an even share first
    room = max(0, n - len(cases))
    by = collections.defaultdict(list)
    for p in pool:
        by[p[0].split(":")[0]].append(p)
    share = room // max(1, len(by))
    take = []
    for k in sorted(by):
        take += by[k][:share]
        by[k] = by[k][share:]
    rest = [p for k in sorted(by) for p in by[k]]
    rnd.shuffle(rest)
    take += rest[:room - len(take)]
    for kind, line, t, src in take:
        if "\t" in line or "\n" in line:
            continue
        cases.setdefault((VERSION, t, line), (kind, src))
    return stmts, found, cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--include", default="/usr/local/cuda/include")
    ap.add_argument("--n", type=int, default=8000, help="cases in all (valid + mutated)")
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--stats", action="store_true")
    ap.add_argument("--cases")
    ap.add_argument("--kinds", help="write version, target, instruction, mutation kind, source for every case")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--out", default=os.path.join(isa_run.ISA_DIR, FAMILY + ".tsv.gz"))
    ap.add_argument("--cache", default="/tmp/holdout-headers-cache.tsv.gz")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    skips = collections.Counter()
    stmts, found, cases = draw(args.include, args.n, args.seed, skips)
    kinds = collections.Counter(k.split(":")[0] for k, _ in cases.values())
    print("asm statements found: %d; instantiated: %d distinct; skipped:" % (found, len(stmts)), file=sys.stderr)
    for r, c in skips.most_common():
        print("  %5d  %s" % (c, r), file=sys.stderr)
    print("cases: %d (%s)" % (len(cases), ", ".join("%s %d" % kv for kv in sorted(kinds.items()))), file=sys.stderr)
    if args.kinds:
        with open(args.kinds, "w") as f:
            for (v, t, ins), (k, src) in sorted(cases.items()):
                f.write("%s\t%s\t%s\t%s\t%s\n" % (v, t, ins, k, src))
    if args.stats:
        return
    if args.cases:
        holdout_real.write_cases(args.cases, FAMILY, cases)
    if not args.record:
        return
    t0 = time.time()
    cache = holdout_real.judge_cached(FAMILY, cases, args.cache, args.jobs, step=1000)
    results = [(isa_run.Case(FAMILY, v, t, ins), *cache[(v, t, ins)]) for (v, t, ins) in sorted(cases)]
    isa_run.write_tsv_gz(args.out, FAMILY, results,
                         "scripts/ptxas-diff/isa/holdout_headers.py --n %d --seed %d (%s, %d asm statements, %d "
                         "instantiated)" % (args.n, args.seed, args.include, found, len(stmts)), time.time() - t0)
    print("%d cases -> %s" % (len(results), args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
