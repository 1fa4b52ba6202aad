#!/usr/bin/env python3
"""A hold-out drawn from the manual's Syntax blocks, not from ptxlint's data (issue 12).

Every other generated case set (gen_forms.py, the slots-* probes, holdout_cross.py) starts from
OUR data files or from real PTX, so a modifier, type or form that a transcription slip left out of
the data would never be generated.  This generator reads ONLY the manual's Syntax blocks as
transcribed in ../shared/isa-reference/syntax/*.txt (one file per family; notation: `{.x}`
optional, `.name = { ... }` an enumeration, `[|q]` an optional part, blocks separated by dashed
lines; see that folder's README) and samples legal-looking instructions from them:

* every statement of every block, round-robin; per statement every value of every enumeration it
  uses at least once (the values of different slots cycle together, from a seeded offset), other
  picks seeded at random; optional modifiers and optional operands in and out (alternating, from
  a seeded start);
* operands filled by kind from the names of testdata/ptxas/isa/template.ptx: a register of the
  type the modifiers say (the first type modifier for the destination, the last for sources, with
  a few per-opcode rules: cvt, set, slct, mixed-precision add/fma, mul.wide, bfe/bfi/shifts, ...),
  a vector of the width `.v2/.v4/.v8` or the matrix shape says (mma, wmma, wgmma, ldmatrix,
  tcgen05.ld/st), an address of the state space the modifiers name (the template's variable, a
  64-bit register, either with an offset), a 32-bit register for tensor memory, immediates for
  `N`, `imm*`, sizes, selectors, predicates for `p|q`, `{!}c`, `enable-input-d`, ...; a source
  register is replaced by an immediate of its type now and then;
* `.version 9.0`, and each instruction at three targets (sm_90, sm_100a, sm_120a): each
  (instruction, target) pair is its own case.

Seeded; about --n cases (default 10,000) over all families, proportional to what a family's
statements need to show every enumeration value (at least --min-per-family cases, default 30).

  holdout_manual.py --cases CASES.tsv [--kinds KINDS.tsv] [--seed 1] [--n 10000]
  isa_run.py CASES.tsv --out testdata/ptxas/isa/holdout-manual.tsv.gz
  isa_compare.py holdout-manual

--kinds writes, per case, the syntax family and statement it was drawn from (for grouping the
disagreements by cause).  Nothing here reads checker/src/main/resources/dev/ptxlint/isa.
"""
import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from holdout_real import split_operands  # noqa: E402  (top-level commas: harness code, not our ISA data)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SYNTAX = os.path.abspath(os.path.join(ROOT, "..", "shared", "isa-reference", "syntax"))
FAMILY = "holdout-manual"
VERSION = "9.0"
TARGETS = {1: ("sm_90", "sm_100a", "sm_120a"), 2: ("sm_90a", "sm_100a", "sm_120a")}
GENERATION = 2   # the method of the latest draw; --generation 1 redraws holdout-manual exactly

# ---------------------------------------------------------------------------------------------
# Reading the syntax files


class Block:
    def __init__(self):
        self.stmts = []      # statement texts (without the ';')
        self.enums = {}      # name -> [values]


ENUM_DEF = re.compile(r"^\s*((?:[.:]*[A-Za-z_][\w:.-]*\s*=\s*)+)\{")


def strip_comment(line):
    i = line.find("//")
    return line if i < 0 else line[:i]


def parse_file(path):
    """Blocks of one syntax file (dashed lines separate blocks)."""
    blocks = [Block()]
    stmt = []
    enum_names, enum_text = None, []
    for raw in open(path, encoding="utf-8"):
        if re.match(r"^\s*-{3,}\s*$", raw):
            stmt, enum_names, enum_text = [], None, []
            blocks.append(Block())
            continue
        line = strip_comment(raw).rstrip()
        if not line.strip():
            continue
        if enum_names is None:
            m = ENUM_DEF.match(line)
            if m:
                stmt = []    # a statement never finished (a stray note line) is dropped
                enum_names = [n.strip() for n in m.group(1).split("=") if n.strip()]
                line = line[m.end() - 1:]
                enum_text = []
        if enum_names is not None:
            enum_text.append(line)
            if "}" in line:
                body = " ".join(enum_text)
                body = body[body.index("{") + 1:body.index("}")]
                vals = []
                for v in re.split(r"[,\s]+", body):   # `.b10 .b2` (vset4) lacks its comma
                    v = v.strip().rstrip("*").strip()
                    if not v:
                        continue
                    if v == "none":
                        v = ""
                    vals.append(v)
                for n in enum_names:
                    blocks[-1].enums[n] = vals
                enum_names, enum_text = None, []
            continue
        stmt.append(line.strip())
        if line.rstrip().endswith(";"):
            text = " ".join(stmt).rstrip(";").strip()
            stmt = []
            if re.match(r"^[a-z]", text):
                blocks[-1].stmts.append(text)
    return [b for b in blocks if b.stmts or b.enums]


class Stmt:
    """A statement with its enumerations resolved: its own block's first, then the file's."""

    def __init__(self, family, text, enums):
        self.family, self.text, self.enums = family, text, enums
        text = re.sub(r"\.\s+(?=[A-Za-z_])", ".", text)   # `. vec_16_bit` (a slip in red.txt)
        m = re.match(r"^(\S+)\s*(.*)$", text)
        self.head = m.group(1)
        self.ops = m.group(2).strip()


def load_family(name):
    blocks = parse_file(os.path.join(SYNTAX, name + ".txt"))
    out = []
    for i, b in enumerate(blocks):
        enums = {}
        # other blocks' definitions first (nearest last), so the statement's own block wins
        for j in sorted(range(len(blocks)), key=lambda j: -abs(j - i)):
            if j != i:
                enums.update(blocks[j].enums)
        enums.update(b.enums)
        seen = set()
        for s in b.stmts:
            if s not in seen:
                seen.add(s)
                out.append(Stmt(name, s, enums))
    return out


def families():
    return sorted(f[:-4] for f in os.listdir(SYNTAX) if f.endswith(".txt"))


# ---------------------------------------------------------------------------------------------
# The head: literal words, enumeration slots, optional groups

def head_items(text):
    """Items of a head fragment: ('lit', '.w'), ('opt', [items])."""
    items, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth, j = 1, i + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                j += 1
            items.append(("opt", head_items(text[i + 1:j - 1])))
            i = j
        elif ch == ".":
            m = re.match(r"\.[\w:]+", text[i:])
            items.append(("lit", m.group(0)))
            i += len(m.group(0))
        elif ch == ":":
            m = re.match(r"::[\w]+", text[i:])
            items.append(("lit", m.group(0)))
            i += len(m.group(0))
        else:
            m = re.match(r"[\w:]+", text[i:])
            items.append(("lit", m.group(0)))
            i += len(m.group(0))
    return items


class Picker:
    """Picks enumeration values and optional choices for the n-th sample of a statement: slot k's
    value is values[(n + off_k) % len], so every value shows once n has run through the longest
    enumeration; optional group k is in when (n + off_k) is even."""

    def __init__(self, rnd, n, generation=GENERATION):
        self.rnd, self.n, self.offsets, self.generation = rnd, n, {}, generation
        self.bits = {}

    def index(self, key, size):
        if key not in self.offsets:
            self.offsets[key] = self.rnd.randrange(1000)
        return (self.n + self.offsets[key]) % size

    def opt(self, key):
        if self.generation == 1:
            # generation 1: two groups of one statement are always in together or always apart
            return self.index(("opt",) + key, 2) == 0
        # generation 2: group k (in order of first use) follows bit k of n, from a seeded offset,
        # so 2^m samples show every combination of m optional groups
        if key not in self.bits:
            self.bits[key] = len(self.bits)
        k = self.bits[key]
        return (self.index(("opt",) + key, 1 << (k + 1)) >> k) & 1 == 0


def expand_word(word, enums, picker, path, depth=0):
    """A head word: an enumeration name -> one of its values (expanded again), else literal; a word
    with `::parts` that are enumeration names (`.collector::buffer::op`) has those parts picked."""
    if depth > 4:
        return word
    if word in enums:
        vals = enums[word]
        k = picker.index(path + (word,), len(vals))
        v = vals[k]
        if v and word.startswith(".") and not v.startswith(".") and not v.startswith(":") \
                and not v[0].isdigit():
            v = "." + v     # `addr_mode_1` in txq's enumeration lacks its dot
        if v == word:
            return v
        return expand_head(v, enums, picker, path + (word, k), depth + 1)
    bare = word.lstrip(".")
    if not word.startswith(".") and "." + bare in enums:
        return expand_word("." + bare, enums, picker, path, depth)
    if "::" in word:
        parts = word.split("::")
        out = parts[0]
        for p in parts[1:]:
            key = "::" + p
            if key in enums:
                out += expand_word(key, enums, picker, path + (out,), depth + 1)
            else:
                out += key
        return out
    if re.fullmatch(r"\.b(\.n){4}", word):       # vop4's `.b.n.n.n.n`: .bxyzw, digits 0..7
        k = picker.index(path + (word,), 4096)
        return ".b" + "".join(str((k >> (3 * i)) & 7) for i in range(4))
    return word


def expand_head(text, enums, picker, path=(), depth=0):
    return render_items(head_items(text), enums, picker, path, depth)


def render_items(items, enums, picker, path, depth):
    out = []
    for k, (kind, val) in enumerate(items):
        if kind == "opt":
            if picker.opt(path + (k,)):
                out.append(render_items(val, enums, picker, path + (k,), depth))
        else:
            out.append(expand_word(val, enums, picker, path + (k,), depth))
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Operands

def operand_list(ops):
    """[(text, optional)] of the operand part: `{, x}` groups are optional operands."""
    out, i, cur = [], 0, ""
    while i < len(ops):
        ch = ops[i]
        if ch == "{" and re.match(r"\{\s*,", ops[i:]):
            depth, j = 1, i + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(ops[j], 0)
                j += 1
            if cur.strip():
                out.extend((t, False) for t in split_operands(cur))
                cur = ""
            inner = ops[i + 1:j - 1].strip().lstrip(",").strip()
            out.extend((t, True) for t in split_operands(inner))
            i = j
            continue
        cur += ch
        i += 1
    if cur.strip():
        out.extend((t, False) for t in split_operands(cur))
    return [(t, o) for t, o in out if t]


TYPE_REG = {
    ".pred": "%p", ".b8": "%b", ".u8": "%ub", ".s8": "%sb",
    ".b16": "%rs", ".u16": "%us", ".s16": "%ss", ".f16": "%h", ".bf16": "%rs",
    ".b32": "%r", ".u32": "%u", ".s32": "%s", ".f32": "%f", ".f16x2": "%hh", ".bf16x2": "%r",
    ".tf32": "%r", ".u16x2": "%r", ".s16x2": "%r",
    ".b64": "%rd", ".u64": "%ud", ".s64": "%sd", ".f64": "%fd", ".f32x2": "%rd",
    ".b128": "%q",
    ".e4m3": "%b", ".e5m2": "%b", ".e2m3": "%b", ".e3m2": "%b", ".e2m1": "%b",
    ".e4m3x2": "%rs", ".e5m2x2": "%rs", ".e2m3x2": "%rs", ".e3m2x2": "%rs", ".e2m1x2": "%b",
    ".ue8m0x2": "%rs", ".e4m3x4": "%r", ".e5m2x4": "%r", ".e2m3x4": "%r", ".e3m2x4": "%r",
    ".e2m1x4": "%rs",
}
IS_FLOAT = {".f16", ".bf16", ".f32", ".f64", ".f16x2", ".bf16x2", ".tf32", ".f32x2"}
WIDE = {".u16": ".u32", ".s16": ".s32", ".u32": ".u64", ".s32": ".s64", ".b16": ".b32", ".b32": ".b64"}
SPACE_VAR = {".global": "g", ".shared": "s", ".shared::cta": "s", ".shared::cluster": "s", ".local": "l",
             ".const": "c", ".param": "pa", ".param::entry": "pa", ".param::func": "cpa"}


class Gen:
    """Fills one instance's operands; regs numbered from 3 up (the template has 16 .pred/.b128 and
    32 of the narrow types, so numbers stay under 16)."""

    def __init__(self, rnd, stmt, head):
        self.rnd, self.stmt, self.head = rnd, stmt, head
        self.words = re.findall(r"\.[\w:]+", head)
        self.op = head.split(".")[0]
        self.types = [w for w in self.words if w in TYPE_REG or w in (".b1", ".u4", ".s4", ".u2", ".s2")]
        self.n = 3
        self.pre = []     # statements put before the instruction (.branchtargets, .callprototype)
        vec = [w for w in self.words if re.fullmatch(r"\.v[248]", w)]
        self.vec = int(vec[0][2:]) if vec else 0

    def reg(self, t):
        prefix = TYPE_REG.get(t, "%r")
        self.n = 3 + (self.n - 2) % 12
        return "%s%d" % (prefix, self.n)

    def vector(self, t, k):
        return "{" + ", ".join(self.reg(t) for _ in range(k)) + "}"

    def imm(self, t):
        if t in (".f32", ".f32x2"):
            return "0f3F800000"
        if t == ".f64":
            return "0d3FF0000000000000"
        return str(self.rnd.choice((1, 3, 7, 16)))

    def has(self, *ws):
        return any(w in self.words for w in ws)

    def space(self):
        for w in self.words:
            if w in SPACE_VAR:
                return w
        return None

    def address(self, name):
        tmem = "tmem" in name or name in ("taddr",)
        if tmem:
            return "[%s]" % self.rnd.choice(("%r9", "%r9+16", "%r10"))
        sp = self.space()
        if self.op in ("mbarrier", "cp") and name == "mbar" or self.op == "mbarrier" or name == "mbar":
            return "[%s]" % self.rnd.choice(("s64", "%rd9", "s+8"))
        if name in ("tensorMap",):
            return "%rd9"
        if self.op in ("prefetch",) and self.has(".tensormap"):
            return "[%s]" % ("pa" if self.has(".param") else self.rnd.choice(("%rd9", "c")))
        if self.op == "st" and sp in (".param", ".param::func"):
            return "[cpa]"
        if sp is None and self.op in ("wmma", "ldmatrix", "stmatrix", "tcgen05", "cp", "clusterlaunchcontrol",
                                      "st", "ld") and name in ("p", "dst", "dstMem", "addr") \
                and self.op in ("ldmatrix", "stmatrix", "tcgen05", "clusterlaunchcontrol"):
            sp = ".shared"
        spaces = [w for w in self.words if w in SPACE_VAR]
        if name in ("dst", "dstMem") and spaces:
            sp = spaces[0]
        elif name in ("src", "srcMem") and len(spaces) > 1:
            sp = spaces[1]
        choices = ["%rd9", "%rd9+16"]
        if sp:
            var = SPACE_VAR[sp]
            choices += [var, var + "+8" if var not in ("pa", "cpa") else var]
        else:
            choices += ["g", "g+16"]
        return "[%s]" % self.rnd.choice(choices)

    def coords(self, geom, ctype=".s32"):
        n = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4, "cube": 4, "acube": 4, "2dms": 4, "a2dms": 4}.get(geom, 1)
        regs = [self.reg(ctype) for _ in range(n)]
        if geom in ("a1d", "a2d", "acube", "2dms", "a2dms"):
            regs[0] = self.reg(".s32")
        return "{" + ", ".join(regs) + "}"

    def geom(self):
        for w in self.words:
            if re.fullmatch(r"\.(a?[123]d|a?cube|a?2dms)", w):
                return w[1:]
        return "1d"

    # -- fragment sizes ------------------------------------------------------------------------
    def mma_frag(self, name):
        shape = next((w for w in self.words if re.fullmatch(r"\.m\d+n\d+k\d+", w)), ".m16n8k16")
        M, N, K = (int(x) for x in re.findall(r"\d+", shape))
        ts = [w for w in self.words if w in TYPE_REG or w in (".b1", ".u4", ".s4")]
        ts = [t for t in ts if t not in (".ue8m0", ".ue4m3")]
        dtype, atype, btype, ctype = (ts + [".f32"] * 4)[:4] if len(ts) >= 4 else (ts[0], ts[0], ts[0], ts[-1])
        bits = {".f16": 16, ".bf16": 16, ".tf32": 32, ".f64": 64, ".u8": 8, ".s8": 8, ".u4": 4, ".s4": 4,
                ".b1": 1, ".e4m3": 8, ".e5m2": 8, ".e3m2": 8, ".e2m3": 8, ".e2m1": 8}
        sparse = self.op == "mma" and self.has(".sp", ".sp::ordered_metadata")
        if shape == ".m8n8k4" and atype == ".f16":
            k = {"a": 2, "b": 2}.get(name)
            if k:
                return self.vector(".b32", k)
            t = dtype if name == "d" else ctype
            return self.vector(t, 8 if t == ".f32" else 4) if t == ".f32" else self.vector(".b32", 4)
        if name in ("a", "b"):
            t = atype if name == "a" else btype
            kk = K // 2 if (sparse and name == "a") else K
            rows = M if name == "a" else N
            if t == ".f64":
                return self.vector(".f64", max(1, rows * kk // 32))
            return self.vector(".b32", max(1, rows * kk * bits.get(t, 16) // 1024))
        t = dtype if name == "d" else ctype
        if t == ".f16":
            return self.vector(".b32", max(1, M * N // 64))
        if t == ".f64":
            return self.vector(".f64", max(1, M * N // 32))
        return self.vector(t, max(1, M * N // 32))

    def wmma_frag(self, name):
        shape = next((w for w in self.words if re.fullmatch(r"\.m\d+n\d+k\d+", w)), ".m16n16k16")
        ts = self.types
        if self.op == "wmma" and ".load" in self.head or ".store" in self.head:
            which = next((w for w in self.words if w in (".a", ".b", ".c", ".d")), ".c")[1:]
            t = ts[-1] if ts else ".f32"
        else:
            which = name
            if len(ts) >= 4:
                t = {"d": ts[0], "a": ts[1], "b": ts[2], "c": ts[3]}[name]
            elif len(ts) == 2:   # .dtype.ctype of the f16 form
                t = {"d": ts[0], "c": ts[1]}.get(name, ".f16")
            else:
                t = ts[0] if ts else ".f16"
        if which in ("c", "d"):
            if t == ".f16":
                return self.vector(".b32", 4)
            if t == ".f64" or shape in (".m8n8k32", ".m8n8k128"):
                return self.vector(t, 2)
            return self.vector(t, 8)
        table = {(".f16", None): 8, (".bf16", ".m16n16k16"): 4, (".bf16", ".m8n32k16"): 2 if which == "a" else 8,
                 (".bf16", ".m32n8k16"): 8 if which == "a" else 2, (".tf32", None): 4, (".f64", None): 1,
                 (".s4", None): 1, (".u4", None): 1, (".b1", None): 1,
                 (".s8", ".m16n16k16"): 2, (".u8", ".m16n16k16"): 2}
        k = table.get((t, shape), table.get((t, None)))
        if k is None and t in (".s8", ".u8"):
            k = (1 if which == "a" else 4) if shape == ".m8n32k16" else (4 if which == "a" else 1)
        if t == ".f64":
            return self.vector(".f64", 1)
        return self.vector(".b32", k or 8)

    def wgmma_d(self):
        shape = next((w for w in self.words if re.fullmatch(r"\.m\d+n\d+k\d+", w)), ".m64n8k16")
        n = int(re.findall(r"\d+", shape)[1])
        t = self.types[0] if self.types else ".f32"
        if t == ".f16":
            return self.vector(".b32", n // 4)
        return self.vector(t, n // 2)

    def tcgen_count(self):
        shape = next((w for w in self.words if re.fullmatch(r"\.\d+x\d+bx?2?", w)), ".32x32b")
        num = next((w for w in self.words if re.fullmatch(r"\.x\d+", w)), ".x1")
        k = int(num[2:])
        mult = {".16x128b": 2, ".16x256b": 4}.get(shape, 1)
        return max(1, k * mult)

    # -- one operand ---------------------------------------------------------------------------
    def dest_type(self):
        if self.op in ("mul", "mad") and self.has(".wide") and self.types:
            return WIDE.get(self.types[-1], self.types[-1])
        if self.op in ("bfind", "clz", "popc"):
            return ".u32"
        if self.op == "cvt" and self.has(".pack"):
            return ".b32"
        return self.types[0] if self.types else ".b32"

    def src_type(self, name, index):
        ts = self.types
        if not ts:
            return ".b32"
        if self.op in ("add", "sub", "fma") and len(ts) == 2 and ts[0] == ".f32":
            return ts[1] if name in ("a", "b") else ts[0]
        if self.op == "slct":
            return ts[-1] if name == "c" else ts[0]
        if self.op in ("bfe",) and name in ("b", "c"):
            return ".u32"
        if self.op == "bfi" and name in ("c", "d"):
            return ".u32"
        if self.op in ("shl", "shr", "szext") and name == "b":
            return ".u32"
        if self.op == "mad" and self.has(".wide") and name == "c":
            return WIDE.get(ts[-1], ts[-1])
        if self.op in ("vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", "vmad", "vset") or \
                self.op.startswith(("vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset")):
            return {"a": ts[1] if len(ts) > 1 else ts[0], "b": ts[2] if len(ts) > 2 else ts[-1]}.get(name, ".u32")
        if self.op in ("dp2a", "dp4a"):
            return {"a": ts[0], "b": ts[-1]}.get(name, ".u32")
        if self.op == "cvt" and self.has(".pack"):
            return ".b32" if name == "c" else ".s32"
        if self.op == "prmt" or self.op == "lop3" or self.op == "fns":
            return ".b32"
        if self.op in ("shfl",) and name in ("b", "c"):
            return ".b32"
        if self.op in ("mapa",) and name == "b":
            return ".u32"
        return ts[-1]

    def maybe_imm(self, t, text):
        if self.rnd.random() < 0.12 and t in TYPE_REG and t not in (".pred", ".b128", ".f16", ".bf16", ".f16x2",
                                                                       ".bf16x2", ".f32x2") \
                and not t.startswith(".e"):
            return self.imm(t)
        return text

    def operand(self, text, index):
        t = text.strip()
        # shapes first
        if t == "_":
            return "_"
        if re.fullmatch(r"\d+", t):
            return t
        m = re.fullmatch(r"\{!\}(\S+)", t)
        if m:
            return self.rnd.choice(("", "!")) + self.reg(".pred")
        m = re.fullmatch(r"\{-\}(\S+)", t)
        if m:
            return self.rnd.choice(("", "-")) + self.operand(m.group(1), index)
        m = re.fullmatch(r"([\w-]+)\{\|(\w+)\}", t)            # d{|p}
        if m:
            first = self.operand(m.group(1), index)
            return first + ("|" + self.reg(".pred") if self.rnd.random() < 0.5 else "")
        m = re.fullmatch(r"([\w-]+)\|(\w+)", t)                  # p|q, d|p
        if m:
            first = self.operand(m.group(1), index)
            return first + "|" + self.reg(".pred")
        m = re.fullmatch(r"([\w-]+)\{(\.\w+)\}", t)              # a{.asel}, d{.mask}
        if m:
            sel = m.group(2)
            base = self.operand(m.group(1), index)
            vals = self.stmt.enums.get(sel, [])
            if vals and self.rnd.random() < 0.6:
                v = self.rnd.choice(vals)
                if re.fullmatch(r"\.b(\.n){4}", v):
                    v = ".b" + "".join(self.rnd.choice("01234567") for _ in range(4))
                base += v
            return base
        m = re.fullmatch(r"([\w-]+)(\.\w+)", t)                  # d.dsel
        if m and m.group(2) in self.stmt.enums:
            return self.operand(m.group(1), index) + self.rnd.choice(self.stmt.enums[m.group(2)])
        m = re.fullmatch(r"\[(.*)\](\{\.unified\})?", t)
        if m:
            inner = [x.strip() for x in split_operands(m.group(1))]
            uni = ".unified" if m.group(2) and self.rnd.random() < 0.3 else ""
            return self.bracket(inner) + uni
        m = re.fullmatch(r"\{(.*)\}", t)
        if m:
            parts = split_operands(m.group(1))
            return "{" + ", ".join(self.operand(p, index) for p in parts) + "}"
        m = re.fullmatch(r"\((.*)\)", t)
        if m:
            return "(" + ("cpa" if m.group(1) == "ret-param" else "cpb") + ")"
        return self.named(t, index)

    def bracket(self, inner):
        if self.op in ("tex", "tld4"):
            g = self.geom() if self.op == "tex" else (self.geom() if self.has(".a2d", ".cube", ".acube") else "2d")
            ctype = self.types[-1] if self.types else ".f32"
            if len(inner) >= 3 and not inner[1].startswith("{"):
                return "[tex, tex, %s]" % self.coords(g, ctype)
            if len(inner) == 3:    # [a, {b,} c]: the sampler left out
                return "[tex, %s]" % self.coords(g, ctype)
            return "[tex, %s]" % self.coords(g, ctype)
        if self.op in ("suld", "sust", "sured"):
            return "[surf, %s]" % self.coords(self.geom(), ".s32")
        if self.op in ("txq", "istypep"):
            return "[tex]"
        if self.op == "suq":
            return "[surf]"
        if inner[0] == "tensorMap":
            dim = next((w for w in self.words if re.fullmatch(r"\.[1-5]d", w)), ".1d")
            k = int(dim[1])
            if self.has(".tile::gather4", ".tile::scatter4"):
                k = 5
            return "[%rd9, " + self.vector(".b32", k) + "]"
        return self.address(inner[0])

    def named(self, name, index):
        n = name
        rnd = self.rnd
        if n in ("tgt",):
            return "L_after"
        if n == "tlist":
            self.pre.append("ts: .branchtargets L_before, L_after;")
            return "ts"
        if n in ("func", "fname", "kernel"):
            return "fn" if self.op == "call" and "(ret-param)" in self.stmt.ops else "fv"
        if n == "fptr":
            return "%rd9"
        if n == "flist":
            self.pre.append("fl: .calltargets fn;" if "(ret-param)" in self.stmt.ops else "fl: .calltargets fv;")
            return "fl"
        if n == "fproto":
            self.pre.append("pr: .callprototype (.param .b32 _) _ (.param .b32 _);"
                            if "(ret-param)" in self.stmt.ops else "pr: .callprototype _ ();")
            return "pr"
        if n == "membermask":
            return rnd.choice(("0xffffffff", "%r9", "-1"))
        if n in ("N",):
            return rnd.choice(("0", "1"))
        if n in ("cache-policy", "state", "a-desc", "b-desc", "s-desc", "zero-column-mask-desc", "access-property",
                 "fptr"):
            return self.reg(".b64")
        if n in ("idesc", "sp-meta", "txCount", "tx_count", "count", "phaseParity", "suspendTimeHint", "index",
                 "mask", "base", "offset", "scale-a-data", "scale-b-data", "nCols" if self.op == "tcgen05" and
                 "dealloc" in self.head else "-", "lod", "rbits", "new_val" if not self.types else "-",
                 "primary-size", "total-size", "src-size"):
            if n in ("count", "txCount", "tx_count", "src-size", "nCols", "primary-size", "total-size") \
                    and rnd.random() < 0.4:
                return {"nCols": "32"}.get(n, str(rnd.choice((1, 16, 128))))
            if n in ("suspendTimeHint",) and rnd.random() < 0.5:
                return "1000"
            if n == "count" and self.op == "mbarrier" and "pending_count" in self.head:
                return self.reg(".b32")
            return self.reg(".b32")
        if n == "nCols":
            return rnd.choice(("32", "64", "128", "%r9"))
        if n in ("sp-sel", "imm-trans-a", "imm-trans-b", "ord", "scale-input-d", "immHalfSplitoff", "f"
                 if self.op in ("mma",) else "-", "byte-id-a", "thread-id-a", "byte-id-b", "thread-id-b"):
            return rnd.choice(("0", "1")) if n not in ("immHalfSplitoff",) else "16"
        if n in ("imm-scale-a", "imm-scale-b"):
            return rnd.choice(("1", "-1"))
        if n in ("scale-d", "enable-input-d", "ignore-src", "pred", "waitComplete", "q") and \
                not (n == "q" and self.op == "setp"):
            return self.reg(".pred")
        if n == "imm-reg-count":
            return rnd.choice(("24", "128", "240"))
        if n == "immAlign":
            return "8"
        if n == "immLut":
            return rnd.choice(("0x80", "0xfe", "0x96"))
        if n == "cp-size":
            return rnd.choice(self.stmt.enums.get("cp-size", ["16"]))
        if n == "size":
            if self.op in ("alloca",):
                return self.reg(self.types[-1] if self.types else ".u32")
            if self.op in ("st",) and "bulk" in self.head:
                return rnd.choice(("%rd9", "64"))
            if self.op in ("cp",) or "bulk" in self.head:
                return rnd.choice(("%r9", "16", "256"))
            return "128"
        if n == "initval":
            return "0"
        if n == "fraction":
            return rnd.choice(("0f3F800000", "0f3F000000"))
        if n == "ctaMask":
            return self.reg(".b16")
        if n == "byteMask":
            return self.reg(".b16")
        if n == "im2colInfo":
            dim = next((w for w in self.words if re.fullmatch(r"\.[1-5]d", w)), ".3d")
            return self.vector(".b16", max(1, int(dim[1]) - 2))
        if n == "disable-output-lane":
            return self.vector(".b32", 8 if self.has(".cta_group::2") else 4)
        if n == "try_cancel_response":
            return self.reg(".b128")
        if n in ("xdim", "ydim", "zdim", "reg"):
            return self.reg(".b32")
        if n in ("t",) and self.op == "nanosleep":
            return rnd.choice(("%r9", "100"))
        if n == "redval":
            return self.reg(self.types[-1] if self.types else ".b32")
        if n == "ptr":
            return self.reg(self.types[-1] if self.types else ".u64")
        if n == "a" and self.op in ("bar", "barrier", "pmevent"):
            if self.op == "pmevent":
                return "0xff" if self.has(".mask") else "1"
            return rnd.choice(("0", "1", "%r9"))
        if n == "b" and self.op in ("bar", "barrier"):
            return rnd.choice(("32", "64", "%r10"))
        if self.op == "istypep" and n == "a":
            return "tex"
        # fragments and vectors
        if self.op == "mma" and n in ("a", "b", "c", "d"):
            return self.mma_frag(n)
        if self.op == "mma" and n == "e":
            return self.reg(".b32")
        if self.op == "wmma" and n in ("a", "b", "c", "d", "r"):
            return self.wmma_frag(n)
        if self.op == "wmma" and n == "stride":
            return rnd.choice(("%r9", "16"))
        if self.op == "wgmma" and n == "d":
            return self.wgmma_d()
        if self.op == "wgmma" and n == "a":
            return self.vector(".b32", 4)
        if self.op in ("ldmatrix", "stmatrix") and n == "r":
            num = next((w for w in self.words if re.fullmatch(r"\.x[124]", w)), ".x1")
            k = int(num[2:])
            if self.has(".m16n16"):
                k *= 2
            return self.vector(".b32", k)
        if self.op == "tcgen05" and n == "r":
            return self.vector(".b32", self.tcgen_count())
        if self.op == "movmatrix":
            return self.reg(".b32")
        if self.op in ("tex", "tld4") and n == "d":
            t = self.types[0] if self.types else ".f32"
            return self.vector(".b32" if t == ".f16x2" else t, 2 if t == ".f16x2" else 4)
        if self.op in ("tex", "tld4") and n == "e":
            g = self.geom()
            k = {"1d": 1, "a1d": 1, "2d": 2, "a2d": 2, "2dms": 2, "a2dms": 2}.get(g, 4)
            return self.vector(".s32", k)
        if self.op in ("tex", "tld4") and n == "f":
            return self.reg(".f32")
        if self.op == "cvt" and n in ("a", "b", "e") and self.has(".rs") and "{" in self.stmt.ops:
            return self.reg(".f32")
        # predicates
        if n in ("p", "q") and self.op not in ("cvta",):
            return self.reg(".pred")
        if self.op in ("selp",) and n == "c":
            return self.reg(".pred")
        if self.op in ("vote",) and n == "d":
            return self.reg(".pred" if self.has(".pred") else ".b32")
        if self.op in ("elect", "activemask", "match", "redux") and n in ("d", "dst"):
            return self.reg(".b32" if self.op != "redux" else (self.types[-1] if self.types else ".b32"))
        # data operands
        dest = index == 0 and not self.stmt.ops.lstrip().startswith("[") and self.op not in (
            "bar", "barrier", "pmevent", "nanosleep", "stackrestore", "brx", "bra", "call", "cp",
            "wgmma", "setmaxnreg", "mbarrier") or (self.op == "mbarrier" and n == "count" and index == 0)
        if self.op == "stacksave" or self.op == "mbarrier" and n in ("state",):
            dest = True
        if dest:
            t = self.dest_type()
            if self.op == "cvta":
                t = self.types[-1] if self.types else ".u64"
            if self.vec and self.op in ("ld", "ldu", "atom", "multimem", "suld"):
                return self.vector(t, self.vec)
            if self.op == "suld" and self.vec == 0:
                return self.vector(t, 1) if rnd.random() < 0.3 else self.reg(t)
            return self.reg(t)
        t = self.src_type(n, index)
        if self.op in ("cvta", "isspacep", "getctarank", "mapa") and n == "a":
            if self.op == "isspacep":
                return rnd.choice(("%rd9", "%r9"))
            return self.reg(self.types[-1] if self.types else ".u64")
        if self.vec and self.op in ("st", "atom", "red", "multimem", "sust", "st.async") and n in ("b", "c"):
            return self.vector(t, self.vec)
        if self.vec and self.op == "st" and n == "b":
            return self.vector(t, self.vec)
        if n in ("b", "c") and self.op in ("shfl",):
            return rnd.choice(("1", "31", "%r9"))
        return self.maybe_imm(t, self.reg(t))


def instance(stmt, n, rnd, generation=GENERATION):
    """The n-th sample of a statement (one line of PTX, possibly with declarations before it)."""
    picker = Picker(random.Random("%s|%s" % (stmt.family, stmt.text)), n, generation)
    head = expand_head(stmt.head, stmt.enums, picker)
    head = re.sub(r"\.{2,}", ".", head).rstrip(".")
    gen = Gen(rnd, stmt, head)
    ops = []
    for k, (text, optional) in enumerate(operand_list(stmt.ops)):
        if optional:
            tied = {"cache-policy": "cache_hint", "ctaMask": ".multicast", "im2colInfo": ".im2col",
                    "byteMask": ".cp_mask"}.get(text.strip())
            if tied is not None:
                if tied not in head:     # an operand the manual ties to a modifier goes with it
                    continue
            elif not picker.opt(("operand", k)):
                continue
        ops.append(gen.operand(text, len(ops)))
    ins = head + (" " + ", ".join(ops) if ops else "") + ";"
    return " ".join(gen.pre + [ins])


def need(stmt):
    """How many samples show every value of every enumeration the statement uses (and each optional
    group in and out)."""
    words = re.findall(r"[.:]*[\w:-]+", stmt.head)
    k = 2 if "{" in stmt.head or "{," in stmt.ops else 1
    for w in words:
        for key in (w, "." + w.lstrip(".")):
            if key in stmt.enums:
                k = max(k, len(stmt.enums[key]))
    return k


def draw(n_total, seed, min_per_family, generation=GENERATION):
    targets = TARGETS[generation]
    fams = {f: load_family(f) for f in families()}
    fams = {f: s for f, s in fams.items() if s}
    needs = {f: sum(need(s) for s in stmts) for f, stmts in fams.items()}
    per_instr = len(targets)
    budget = n_total / per_instr
    floor = -(-min_per_family // per_instr)
    # proportional to the square root of the need, so one family of many shapes does not take all
    weights = {f: needs[f] ** 0.5 for f in fams}
    lo, hi = 0.0, budget
    for _ in range(60):       # bisection: the scale whose allocation (with the floor) meets the budget
        scale = (lo + hi) / 2
        if sum(max(floor, round(w * scale)) for w in weights.values()) > budget:
            hi = scale
        else:
            lo = scale
    alloc = {f: max(floor, round(weights[f] * lo)) for f in fams}
    cases, kinds = [], []
    seen = set()
    for f in sorted(fams):
        stmts = fams[f]
        rnd = random.Random("%d|%s" % (seed, f))
        counters = {}
        made, tries = 0, 0
        while made < alloc[f] and tries < alloc[f] * 20:
            s = stmts[tries % len(stmts)]
            tries += 1
            c = counters.get(s.text, 0)
            counters[s.text] = c + 1
            ins = instance(s, c + seed * 7919, rnd, generation)
            if ins in seen:   # few distinct forms (trap, exit, ...): the same under a guard
                pre, _, last = ins.rpartition("; ")
                last = last if pre else ins
                guard = rnd.choice(("@%p3 ", "@!%p3 ", "@%p4 "))
                ins = (pre + "; " if pre else "") + guard + last
                if ins in seen:
                    continue
            seen.add(ins)
            made += 1
            for t in targets:
                cases.append((VERSION, t, ins))
                kinds.append((VERSION, t, ins, f, s.text))
    return cases, kinds, alloc, needs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", help="write isa_run.py's CASES.tsv here")
    ap.add_argument("--kinds", help="write version, target, instruction, syntax family, statement here")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--generation", type=int, choices=sorted(TARGETS), default=GENERATION,
                    help="1: the method of holdout-manual (sm_90; optional groups by parity); 2 (default): "
                         "sm_90a in place of sm_90, optional groups by bits of the sample number")
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--min-per-family", type=int, default=30)
    ap.add_argument("--family", default=FAMILY, help="family column of the cases (default %(default)s)")
    ap.add_argument("--stats", action="store_true", help="print statements and cases per syntax family")
    ap.add_argument("--show", help="print the cases of one syntax family")
    args = ap.parse_args()
    n = args.n
    for _ in range(4):   # families with few distinct instructions fall short of their share
        cases, kinds, alloc, needs = draw(n, args.seed, args.min_per_family, args.generation)
        if len(cases) >= args.n * 0.99:
            break
        n = int(n * args.n / len(cases)) + 1
    if args.stats:
        for f in sorted(alloc):
            print("%-40s need %4d  instructions %3d" % (f, needs[f], alloc[f]))
        print("%d cases, %d families" % (len(cases), len(alloc)))
    if args.show:
        for v, t, ins, f, s in kinds:
            if f == args.show and t == TARGETS[args.generation][0]:
                print(ins)
    if args.cases:
        with open(args.cases, "w") as out:
            for v, t, ins in cases:
                out.write("%s\t%s\t%s\t%s\n" % (args.family, v, t, ins))
    if args.kinds:
        with open(args.kinds, "w") as out:
            for k in kinds:
                out.write("\t".join(k) + "\n")
    if not (args.cases or args.kinds or args.stats or args.show):
        print("%d cases (give --cases FILE to write them)" % len(cases), file=sys.stderr)


if __name__ == "__main__":
    main()
