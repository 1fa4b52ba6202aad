#!/usr/bin/env python3
"""General ISA hold-out, drawn by a different method than gen_forms.py: real instructions taken
from real PTX (nvcc output, public PTX test files), normalised into the ISA template's names, then
changed by ONE systematic mutation whose dimensions are crossed:

  operand slot x register type (every register type the template declares) x operand shape
  (register, vector of 1/2/4, address [reg] / [reg+8], immediates of each kind, sink `_`, label,
  function, variable, special register, `!p`, an undeclared name)  x  guard (none, @%p, @!%p, and a
  non-predicate guard as a mutation of its own)  x  .version/.target (the instruction's own target,
  other targets of the same and older generations, older versions).

Also modifier mutations on the real instruction (one left out, one twice, an unknown one, a second
value seen on the same opcode elsewhere (conflict), type swap, two swapped) and operand counts (one
too few, one too many).  gen_forms.py reads the .ptxisa data files; this script never does: its
cases come from what compilers and people wrote, so its figures measure the rules on instructions
their authors did not choose.

Inputs (never committed; see README.md, section "The general hold-out"):
  * nvcc -ptx of holdout-real/kernels.cu for sm_90a, sm_100a, sm_120a;
  * nvcc -ptx of the CCCL cuda::ptx compile tests (NVIDIA/cccl,
    libcudacxx/test/libcudacxx/cuda/ptx/generated/*.h, each included in a .cu after <cuda/ptx>)
    for sm_90a, sm_100a, sm_120a (files that do not compile with CUDA 13.0's headers skipped);
  * the PTX files of ZLUDA's tests (vosen/ZLUDA, ptx/src/test/**.ptx and zluda/src/impl/test_ptx).

Usage:
  holdout_real.py PTX... --cases OUT.tsv [--n 10000] [--seed 12]     # draw the cases
  isa_run.py OUT.tsv --out DIR --jobs 2                                # judge (or --record below)
  holdout_real.py PTX... --record [--n 10000] [--cache FILE]           # draw, judge (cached), write
                                                                       # testdata/ptxas/isa/holdout-real.tsv.gz
The case's `family` is holdout-real; the mutation kind is printed with --show-kinds.
"""
import argparse
import collections
import gzip
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import isa_run  # noqa: E402

FAMILY = "holdout-real"
# template register prefixes by declared type, and how many the template declares
PREFIX = {".pred": "%p", ".b8": "%b", ".u8": "%ub", ".s8": "%sb", ".b16": "%rs", ".u16": "%us", ".s16": "%ss",
          ".f16": "%h", ".b32": "%r", ".u32": "%u", ".s32": "%s", ".f32": "%f", ".f16x2": "%hh", ".b64": "%rd",
          ".u64": "%ud", ".s64": "%sd", ".f64": "%fd", ".b128": "%q"}
LIMIT = {"%p": 16, "%b": 32, "%ub": 32, "%sb": 32, "%rs": 32, "%us": 32, "%ss": 32, "%h": 32, "%r": 160, "%u": 64,
         "%s": 64, "%f": 160, "%hh": 32, "%rd": 64, "%ud": 64, "%sd": 64, "%fd": 64, "%q": 16}
SREG = re.compile(r"%(tid|ntid|ctaid|nctaid|laneid|warpid|nwarpid|smid|nsmid|gridid|clock|clock64|clock_hi|"
                  r"lanemask_(?:eq|le|lt|ge|gt)|pm[0-7](?:_64)?|globaltimer(?:_lo|_hi)?|envreg\d+|"
                  r"dynamic_smem_size|total_smem_size|aggr_smem_size|reserved_smem_offset_\w+|cluster_\w+|"
                  r"clusterid|nclusterid|is_explicit_cluster|current_graph_exec)(\.[xyzw])?$")
IDENT = re.compile(r"(?<![\w.$%])(%?[A-Za-z_$][\w$]*)(\.[xyzw]\b)?")
NUMBER = re.compile(r"^(0[fF][0-9a-fA-F]{8}|0[dD][0-9a-fA-F]{16}|0[xX][0-9a-fA-F]+U?|\d+U?|\d*\.\d+(e[-+]?\d+)?)$")


# --- reading PTX -------------------------------------------------------------------------------

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def statements(text):
    """Yields (depth, kind, text): kind 'header' (text before a '{'), 'stmt' (text before a ';')."""
    depth, buf, inner = 0, [], 0
    for ch in strip_comments(text):
        if ch == "{" and depth > 0 and "".join(buf).strip():
            inner += 1          # an operand in braces, not a block
            buf.append(ch)
            continue
        if ch == "}" and inner:
            inner -= 1
            buf.append(ch)
            continue
        if ch in "{};":
            s = " ".join("".join(buf).split())
            buf = []
            if ch == "{":
                if s:
                    yield depth, "header", s
                depth += 1
            elif ch == "}":
                if s:
                    yield depth, "stmt", s
                depth = max(0, depth - 1)
                if depth == 0:
                    yield 0, "end", ""
            else:
                yield depth, "stmt", s
        else:
            buf.append(ch)


def declare_regs(stmt, regs):
    m = re.match(r"\.reg\s+(?:\.v\d\s+)?(\.\w+)\s+(.*)$", stmt)
    if not m:
        return
    t = m.group(1)
    for n in m.group(2).split(","):
        n = n.strip()
        mm = re.fullmatch(r"(%?[\w$]+)<(\d+)>", n)
        if mm:
            regs[("range", mm.group(1))] = t
        elif n:
            regs[n] = t


def var_decl(stmt):
    """(space, name, is_array, size) of a variable declaration, or None."""
    m = re.match(r"(?:\.(?:visible|extern|weak|common)\s+)*\.(global|shared|const|local|param)\b(.*)$", stmt)
    if not m:
        return None
    rest = m.group(2)
    if ".texref" in rest or ".surfref" in rest or ".samplerref" in rest:
        name = re.findall(r"([A-Za-z_$][\w$]*)\s*(?:\[|$)", rest)
        kind = "tex" if ".texref" in rest else "surf" if ".surfref" in rest else "sampler"
        return (kind, name[-1] if name else None, False, 0)
    mm = re.search(r"([A-Za-z_$%][\w$]*)\s*(\[[^\]]*\])*\s*(=.*)?$", rest)
    if not mm:
        return None
    t = re.search(r"\.([busf])(\d+)\b", rest)
    size = int(t.group(2)) // 8 if t else 0
    return (m.group(1), mm.group(1), "[" in rest, size)


def read_ptx(path):
    """[(target, instruction-with-guard, {name: kind})] for every instruction of the file, normalised;
    instructions with names the template cannot stand for are left out."""
    text = open(path, errors="replace").read()
    tm = re.search(r"^\s*\.target\s+(\w+)", text, re.M)
    target = tm.group(1) if tm else "sm_90"
    out = []
    mod_vars, funcs, regs, local_vars, labels = {}, set(), {}, {}, set()
    # function names and labels first (calls and branches may come before the definitions)
    for m in re.finditer(r"\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)", strip_comments(text)):
        funcs.add(m.group(1))
    for m in re.finditer(r"^\s*([A-Za-z_$%][\w$]*)\s*:", strip_comments(text), re.M):
        labels.add(m.group(1))
    in_func = False
    for depth, kind, s in statements(text):
        if kind == "end":
            in_func, regs, local_vars = False, {}, {}
            continue
        if kind == "header":
            if depth == 0 and re.search(r"\.(entry|func)\b", s):
                in_func = True
                for p in re.finditer(r"\.param\s+((?:\.\w+\s+)*)([A-Za-z_$][\w$]*)\s*(\[[^\]]*\])?", s):
                    local_vars[p.group(2)] = ("eparam", "[" in (p.group(3) or ""))
            continue
        if depth == 0:
            v = var_decl(s)
            if v and v[1]:
                mod_vars[v[1]] = (v[0], v[2] or v[3] not in (8,))
            continue
        s = re.sub(r"^(?:[A-Za-z_$%][\w$]*\s*:\s*)+", "", s).strip().lstrip("{").strip()
        if not s:
            continue
        if s.startswith("."):
            if s.startswith(".reg"):
                declare_regs(s, regs)
            else:
                v = var_decl(s)
                if v and v[1]:
                    local_vars[v[1]] = ({"param": "cparam"}.get(v[0], v[0]), v[2] or v[3] != 8)
            continue
        if not in_func:
            continue
        n = normalise(s, regs, local_vars, mod_vars, funcs, labels)
        if n:
            out.append((target, n))
    return out


VARNAME = {("global", True): "g", ("global", False): "g64", ("shared", True): "s", ("shared", False): "s64",
           ("const", True): "c", ("const", False): "c", ("local", True): "l", ("local", False): "l",
           ("eparam", False): "pa", ("eparam", True): "pb", ("cparam", False): "cpa", ("cparam", True): "cpb",
           ("param", False): "pa", ("param", True): "pb", ("tex", False): "tex", ("surf", False): "surf"}


def reg_type(name, regs):
    t = regs.get(name)
    if t is None:
        m = re.fullmatch(r"(%?[A-Za-z_$]+)(\d+)", name)
        if m:
            t = regs.get(("range", m.group(1)))
    return t


def normalise(s, regs, local_vars, mod_vars, funcs, labels):
    """The statement with the template's names, or None."""
    m = re.match(r"(@!?\S+\s+)?(\S+)\s*(.*)$", s)
    if not m:
        return None
    guard, op, rest = m.group(1) or "", m.group(2), m.group(3)
    if op.startswith("prototype") or op.startswith("."):
        return None
    if op.startswith("call"):
        # the template has fv() and (.param .b32 fr) fn(.param .b32 fa): keep the call's modifiers and shape
        cm = re.match(r"(\([^)]*\)\s*,\s*)?[^,(]+(?:,\s*\(([^)]*)\))?", rest)
        rest = "(cpa), fn, (cpb)" if cm and cm.group(1) and (cm.group(2) or "").strip() else "fv"
    counters, seen, bad = {}, {}, []

    def name(tok):
        if tok in seen:
            return seen[tok]
        t = reg_type(tok, regs)
        if t is not None:
            p = PREFIX.get(t)
            if p is None:
                return None
            k = counters.get(p, 0) + 1
            if k >= LIMIT[p]:
                return None
            counters[p] = k
            seen[tok] = "%s%d" % (p, k)
            return seen[tok]
        v = local_vars.get(tok) or mod_vars.get(tok)
        if v is not None:
            return VARNAME.get(v)
        if tok in labels:
            return "L_after"
        if tok in funcs or tok in ("vprintf", "malloc", "free"):
            return "fv"
        return None

    def sub(mm):
        tok, comp = mm.group(1), mm.group(2) or ""
        if SREG.match(tok + comp) or (tok.startswith("%") and SREG.match(tok)):
            return tok + comp
        if tok in ("WARP_SZ",) or re.fullmatch(r"0[xXfFdD][0-9a-fA-F]+U?", tok):
            return tok + comp
        n = name(tok)
        if n is None:
            bad.append(tok)
            return tok + comp
        return n + comp
    g = ""
    if guard:
        gm = re.match(r"@(!?)(\S+)\s+", guard)
        gn = name(gm.group(2))
        if gn is None:
            return None
        g = "@%s%s " % (gm.group(1), gn)
    rest = IDENT.sub(sub, rest)
    if bad:
        return None
    rest = re.sub(r"\s*,\s*", ", ", rest)
    return (g + op + (" " + rest if rest else "") + ";").replace(" ;", ";")


# --- operands ---------------------------------------------------------------------------------

def write_cases(path, family, cases):
    """The cases {(version, target, instruction)} as isa_run.py's CASES.tsv (family first), sorted."""
    with open(path, "w") as f:
        for v, t, ins in sorted(cases):
            f.write("%s\t%s\t%s\t%s\n" % (family, v, t, ins))


def split_operands(rest):
    """Top-level comma-separated operands (not inside [] {} ())."""
    out, depth, cur = [], 0, []
    for ch in rest:
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def parse(instr):
    """(guard, opcode, [operands]) of a normalised instruction (one statement)."""
    m = re.match(r"(@!?\S+\s+)?(\S+?);?(?:\s+(.*?))?;?$", instr)
    return (m.group(1) or "").strip(), m.group(2), split_operands(m.group(3) or "")


def render(guard, op, operands):
    return ("%s " % guard if guard else "") + op + (" " + ", ".join(operands) if operands else "") + ";"


def op_type(o):
    """The template prefix of the first register in operand o, else None."""
    m = re.search(r"(%[a-z]+)\d+", o)
    return m.group(1) if m and m.group(1) in LIMIT else None


REG_PREFIXES = list(LIMIT)
UNTYPED_SHAPES = [("imm", "1"), ("imm-neg", "-1"), ("imm-hex", "0xFF"), ("imm-big", "0x1FFFFFFFF"), ("imm-float", "1.5"),
                  ("imm-0f", "0f3F800000"), ("imm-0d", "0d3FF0000000000000"), ("sink", "_"), ("label", "L_after"),
                  ("func", "fv"), ("var-global", "g"), ("var-shared", "s"), ("addr-var", "[g]"), ("addr-var-off", "[s+8]"),
                  ("addr-param", "[pa]"), ("sreg", "%tid.x"), ("sreg64", "%clock64"), ("notpred", "!%p7"),
                  ("undeclared", "%zz9"), ("warpsz", "WARP_SZ"), ("tex", "tex"), ("empty-vec", "{}")]


def typed_shape(p, shape):
    r = "%s7" % p
    return {"reg": r, "vec1": "{%s}" % r, "vec2": "{%s7, %s8}" % (p, p), "vec4": "{%s7, %s8, %s9, %s10}" % (p, p, p, p),
            "addr": "[%s]" % r, "addr-off": "[%s+8]" % r}[shape]


TYPED_SHAPES = ("reg", "vec1", "vec2", "vec4", "addr", "addr-off")
TYPES = (".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16",
         ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".e4m3", ".e5m2", ".e2m1", ".tf32", ".pred")


# --- targets ------------------------------------------------------------------------------------

def target_options(native, pairs):
    """(version, target) alternatives for an instruction written for `native`."""
    n = isa_run.tnum(native)
    cands = [("9.0", "sm_90a"), ("9.0", "sm_100a"), ("9.0", "sm_120a"), ("9.0", "sm_90"), ("9.0", "sm_100f"),
             ("9.0", "sm_103a"), ("9.0", "sm_110a"), ("9.0", "sm_121a"), ("9.0", "sm_89"), ("9.0", "sm_80"),
             ("9.0", "sm_75"), ("9.0", "sm_70"), ("9.0", "sm_60"), ("9.0", "sm_52"), ("9.0", "sm_30"),
             ("8.0", "sm_90a"), ("8.3", "sm_90a"), ("8.6", "sm_100a"), ("8.7", "sm_100a"), ("8.7", "sm_120a"),
             ("7.8", "sm_90"), ("7.0", "sm_80"), ("6.4", "sm_75"), ("6.0", "sm_70"), ("5.0", "sm_60"), ("4.3", "sm_52"),
             ("3.0", "sm_30")]
    return [c for c in cands if c in pairs and c != ("9.0", native)]


def native_pair(target, pairs):
    t = re.sub(r"[^\w].*", "", target)
    if ("9.0", t) in pairs:
        return ("9.0", t)
    return ("9.0", "sm_90")


# --- mutations ----------------------------------------------------------------------------------

def mutations(instr, modifiers_of, rnd):
    """[(kind, instruction)] single mutations of a normalised real instruction (guard-less)."""
    guard, op, ops = parse(instr)
    out = []
    # operand slot x register type x shape, and the untyped shapes
    for i, o in enumerate(ops):
        for p in REG_PREFIXES:
            for sh in TYPED_SHAPES:
                new = typed_shape(p, sh)
                if new != o:
                    out.append(("slot%d:%s:%s" % (i, sh, p), render(guard, op, ops[:i] + [new] + ops[i + 1:])))
        for sh, new in UNTYPED_SHAPES:
            if new != o:
                out.append(("slot%d:%s" % (i, sh), render(guard, op, ops[:i] + [new] + ops[i + 1:])))
        # element of a vector operand
        if o.startswith("{") and o.endswith("}"):
            els = [e.strip() for e in o[1:-1].split(",")]
            for p in REG_PREFIXES:
                e2 = list(els)
                e2[rnd.randrange(len(els))] = "%s11" % p
                out.append(("slot%d:elem:%s" % (i, p), render(guard, op, ops[:i] + ["{%s}" % ", ".join(e2)] + ops[i + 1:])))
            for k in (1, 2, 3, 4, 8):
                if k != len(els):
                    out.append(("slot%d:width%d" % (i, k),
                                render(guard, op, ops[:i] + ["{%s}" % ", ".join((els * 8)[:k])] + ops[i + 1:])))
        # address forms
        if o.startswith("[") and o.endswith("]"):
            inner = o[1:-1]
            for sh, new in (("addr-off", "[%s+16]" % inner), ("addr-negoff", "[%s+-4]" % inner), ("addr-imm", "[64]"),
                            ("addr-noaddr", inner), ("addr-odd", "[%s+3]" % inner)):
                out.append(("slot%d:%s" % (i, sh), render(guard, op, ops[:i] + [new] + ops[i + 1:])))
    # operand counts
    if ops:
        out.append(("count:-1", render(guard, op, ops[:-1])))
        out.append(("count:+1", render(guard, op, ops + [ops[-1]])))
        out.append(("count:0", render(guard, op, [])))
        if len(ops) > 1:
            out.append(("count:-first", render(guard, op, ops[1:])))
    # modifiers
    words = op.split(".")
    base, mods = words[0], ["." + w for w in words[1:]]
    for j in range(len(mods)):
        out.append(("mod:missing", render(guard, base + "".join(mods[:j] + mods[j + 1:]), ops)))
        out.append(("mod:duplicate", render(guard, base + "".join(mods[:j + 1] + [mods[j]] + mods[j + 1:]), ops)))
        if j + 1 < len(mods):
            out.append(("mod:swap", render(guard, base + "".join(mods[:j] + [mods[j + 1], mods[j]] + mods[j + 2:]), ops)))
        if mods[j] in TYPES:
            for t in rnd.sample(TYPES, 6):
                if t != mods[j]:
                    out.append(("mod:type", render(guard, base + "".join(mods[:j] + [t] + mods[j + 1:]), ops)))
    for pos in {0, len(mods)}:
        out.append(("mod:unknown", render(guard, base + "".join(mods[:pos] + [".zz"] + mods[pos:]), ops)))
    others = sorted(modifiers_of.get(base, set()) - set(mods))
    for m in rnd.sample(others, min(6, len(others))):
        j = rnd.randrange(len(mods) + 1)
        out.append(("mod:conflict", render(guard, base + "".join(mods[:j] + [m] + mods[j:]), ops)))
        if mods:
            j = rnd.randrange(len(mods))
            out.append(("mod:replace", render(guard, base + "".join(mods[:j] + [m] + mods[j + 1:]), ops)))
    return out


GUARDS = (("", "none"), ("@%p3 ", "@p"), ("@!%p3 ", "@!p"))
BAD_GUARDS = (("@%r3 ", "guard:b32"), ("@%rd3 ", "guard:b64"), ("@!%f3 ", "guard:f32"), ("@%rs3 ", "guard:b16"),
              ("@%p99 ", "guard:undeclared"), ("@tex ", "guard:name"))


def shape_signature(instr):
    g, op, ops = parse(instr)
    return op + " " + ",".join(re.sub(r"%[a-z]+\d+", lambda m: op_type(m.group(0)) or "?",
                                       re.sub(r"(?<![\w%])\d+", "i", o)) for o in ops)


def draw(files, n, seed):
    pairs = isa_run.valid_pairs()
    rnd = random.Random(seed)
    bases = collections.OrderedDict()     # instruction (no guard) -> native target
    modifiers_of = collections.defaultdict(set)
    per_sig = collections.Counter()
    for f in files:
        for target, instr in read_ptx(f):
            if instr.startswith("zluda."):    # ZLUDA's own pseudo-instructions
                continue
            instr = re.sub(r"^@!?\S+\s+", "", instr)
            if ";" in instr[:-1]:
                continue
            sig = shape_signature(instr)
            g, op, ops = parse(instr)
            words = op.split(".")
            modifiers_of[words[0]].update("." + w for w in words[1:])
            if instr in bases:
                bases[instr].add(target)
                continue
            if per_sig[sig] >= 2:
                continue
            per_sig[sig] += 1
            bases[instr] = {target}
    fam = collections.defaultdict(list)
    for b in bases:
        fam[parse(b)[1].split(".")[0]].append(b)
    print("base instructions: %d (%d opcodes) from %d files" % (len(bases), len(fam), len(files)), file=sys.stderr)
    # quota per opcode: square root of its base count, at least 12 cases
    weights = {k: len(v) ** 0.5 for k, v in fam.items()}
    total_w = sum(weights.values())
    cases, kinds = {}, {}
    for opc in sorted(fam):
        quota = max(12, int(round(n * weights[opc] / total_w)))
        bs = fam[opc]
        pool = []
        for b in bs:
            native = native_pair(rnd.choice(sorted(bases[b])), pairs)
            alts = target_options(native[1], pairs)
            pool.append(("base", b, native))
            for vt in rnd.sample(alts, min(3, len(alts))):
                pool.append(("target:%s/%s" % vt, b, vt))
            for gtxt, gk in rnd.sample(BAD_GUARDS, 2):
                pool.append((gk, gtxt + b, native))
            for kind, mu in mutations(b, modifiers_of, rnd):
                gtxt, gk = GUARDS[rnd.randrange(3)]
                vt = native if rnd.random() < 0.8 or not alts else rnd.choice(alts)
                pool.append((kind + "|" + gk, gtxt + mu, vt))
        # every base (and its target variants) first, then mutations sampled by kind
        plain = [p for p in pool if p[0] == "base"]
        firsts = [p for p in pool if p[0].startswith("target:") or p[0].startswith("guard:")]
        rest = [p for p in pool if "|" in p[0]]
        rnd.shuffle(plain)
        rnd.shuffle(firsts)
        rnd.shuffle(rest)
        take = plain[:max(quota // 6, 3)] + firsts[:max(quota // 6, 3)]
        # the mutations: 60 % operand slots, 30 % modifiers, 10 % operand counts (what one class lacks
        # the others fill)
        room = quota - len(take)
        by_class = {c: [p for p in rest if p[0].startswith(c)] for c in ("slot", "mod", "count")}
        for c, share in (("count", 0.1), ("mod", 0.3)):
            take += by_class[c][:int(room * share)]
            by_class[c] = by_class[c][int(room * share):]
        take += by_class["slot"][:quota - len(take)]
        take += by_class["mod"] + by_class["count"]
        for kind, instr, vt in take[:quota]:
            key = (vt[0], vt[1], instr)
            if key not in cases:
                cases[key] = kind
                kinds[key] = (opc, kind)
    return cases, kinds


def load_cache(path):
    out = {}
    if path and os.path.exists(path):
        for v, t, ins, verdict, msg in isa_run.read_tsv_gz(path):
            out[(v, t, ins)] = (verdict, msg)
    return out



def judge_cached(family, cases, cache_path, jobs, step=2000):
    """Judges the cases (version, target, instruction) with ptxas, keeping every verdict in the cache
    file as it goes (a run that stops is resumed from it); returns the cache, case -> (verdict, message).
    Shared by the hold-out scripts."""
    cache = load_cache(cache_path)
    todo = [isa_run.Case(family, v, t, ins) for (v, t, ins) in sorted(cases) if (v, t, ins) not in cache]
    print("to judge: %d (cached %d)" % (len(todo), len(cases) - len(todo)), file=sys.stderr)
    t0 = time.time()
    for i in range(0, len(todo), step):
        res, stats = isa_run.run_cases(todo[i:i + step], jobs=jobs)
        for c, v, m in res:
            cache[c.key()] = (v, m)
        rows = [(isa_run.Case(family, *k), v, m) for k, (v, m) in cache.items()]
        isa_run.write_tsv_gz(cache_path, family, rows, "cache")
        print("  judged %d/%d, %.0fs %s" % (min(i + step, len(todo)), len(todo), time.time() - t0, stats),
              file=sys.stderr)
    return cache

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ptx", nargs="+")
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--cases", help="write the drawn cases (family, version, target, instruction) here")
    ap.add_argument("--record", action="store_true", help="judge with ptxas and write the .tsv.gz")
    ap.add_argument("--out", default=os.path.join(isa_run.ISA_DIR, FAMILY + ".tsv.gz"))
    ap.add_argument("--cache", default="/tmp/holdout-real-cache.tsv.gz",
                    help="verdicts already judged (the same format); updated after every judged chunk")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--kinds", help="write instruction<TAB>opcode<TAB>mutation kind for every case here")
    args = ap.parse_args()
    cases, kinds = draw(args.ptx, args.n, args.seed)
    print("cases: %d" % len(cases), file=sys.stderr)
    if args.kinds:
        with open(args.kinds, "w") as f:
            for k, (opc, kind) in sorted(kinds.items()):
                f.write("%s\t%s\t%s\t%s\t%s\n" % (k[0], k[1], k[2], opc, kind))
    if args.cases:
        write_cases(args.cases, FAMILY, cases)
    if not args.record:
        return
    t0 = time.time()
    cache = judge_cached(FAMILY, cases, args.cache, args.jobs)
    results = [(isa_run.Case(FAMILY, v, t, ins), *cache[(v, t, ins)]) for (v, t, ins) in sorted(cases)]
    isa_run.write_tsv_gz(args.out, FAMILY, results,
                         "scripts/ptxas-diff/isa/holdout_real.py --n %d --seed %d (%d PTX files)"
                         % (args.n, args.seed, len(args.ptx)), time.time() - t0)
    print("%d cases -> %s" % (len(results), args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
