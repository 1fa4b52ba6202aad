#!/usr/bin/env python3
"""Generate ptxas test cases for every instruction family from the ISA data files.

An independent reader of the .ptxisa notation (docs/isa-notation.md; it shares no
code with the Java loader, so that a misreading on either side shows up as a
disagreement).  For every family (the name of the manual's syntax file: `add`,
`cp.async.bulk`, `mbarrier.init`, ...; a form belongs to the longest family name
that is a dot-prefix of its opcode and literal modifiers (enumerations and
optional words skipped: `mad.hilo.cc.type` is mad.cc), else to the
family its file is named after) it writes cases
`family<TAB>version<TAB>target<TAB>instruction`, all deterministic (seeded by
the family name):

  legal      every form with every enumeration value at least once (values of
             different slots cycle together), every optional modifier alone and
             every pair of optional modifiers, each optional operand group in
             and out, at the form's own .version/.target requirement
  grid       the .version x .target grid around every @since requirement: the
             requirement itself, the version before it, the target below it,
             the newest version, and targets above it (sm_XXa features on
             another family, sm_XXf on a later family)
  mutations  type swaps, unknown / foreign / duplicate / missing / conflicting
             modifiers, modifiers out of order, too few / too many operands,
             every register type in every operand slot, immediates (int, 0f,
             0d, out of range), addresses, vectors of the wrong width,
             predicates, labels, `_`, function and variable names

The operands of a legal case use the names of testdata/ptxas/isa/template.ptx.

CLI:
  gen_forms.py --family add [--out cases.tsv]      one family
  gen_forms.py --all [--out cases.tsv]             every family with data
  gen_forms.py ... --record                         run ptxas (isa_run.py) and write
                                                    testdata/ptxas/isa/<family>.tsv.gz
  --isa-dir DIR (default checker/src/main/resources/dev/ptxlint/isa)
  --max N (default 1500 cases per family), --min N (default 300)
  --list   print the families the data files describe
"""
import argparse
import itertools
import os
import random
import re
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import isa_run  # noqa: E402

ROOT = isa_run.ROOT
ISA_DATA = os.path.join(ROOT, "checker", "src", "main", "resources", "dev", "ptxlint", "isa")

# The manual's syntax files (PTX ISA 9.0), one per instruction family.
FAMILIES = set("""
abs activemask add.cc add addc alloca and applypriority atom bar bar.warp.sync barrier.cluster bfe bfi
bfind bmsk bra brev brkpt brx.idx call clusterlaunchcontrol.query_cancel clusterlaunchcontrol.try_cancel
clz cnot copysign cos cp.async.bulk.commit_group cp.async.bulk.prefetch.tensor cp.async.bulk.prefetch
cp.async.bulk.tensor cp.async.bulk cp.async.bulk.wait_group cp.async.commit_group cp.async.mbarrier.arrive
cp.async cp.async.wait_group cp.reduce.async.bulk.tensor cp.reduce.async.bulk createpolicy cvt.pack cvt
cvta discard div dp2a dp4a elect.sync ex2 exit fma fns getctarank griddepcontrol isspacep istypep
ld.global.nc ld ldmatrix ldu lg2 lop3 mad.cc mad mad24 madc mapa match.sync max mbarrier.arrive
mbarrier.arrive_drop mbarrier.complete_tx mbarrier.expect_tx mbarrier.init mbarrier.inval
mbarrier.pending_count mbarrier.test_wait membar min mma.sp mma mov movmatrix mul mul24
multimem.ld_reduce nanosleep neg not or pmevent popc prefetch prmt rcp.approx.ftz.f64 rcp red.async red
redux.sync rem ret rsqrt.approx.ftz.f64 rsqrt sad selp set setmaxnreg setp shf shfl.sync shfl shl shr
sin slct sqrt st.async st.bulk st stackrestore stacksave stmatrix sub.cc sub subc suld suq sured sust
szext tanh tcgen05.alloc tcgen05.commit tcgen05.cp tcgen05.fence tcgen05.ld tcgen05.mma.sp tcgen05.mma
tcgen05.mma.ws.sp tcgen05.mma.ws tcgen05.shift tcgen05.st tcgen05.wait tensormap.cp_fenceproxy
tensormap.replace testp tex tld4 trap txq vmad vop vop2 vop4 vote.sync vote vset vset2 vset4 vsh
wgmma.commit_group wgmma.fence wgmma.mma_async.sp wgmma.mma_async wgmma.wait_group wmma.load wmma.mma
wmma.store xor
""".split())

# Fundamental types (a modifier all of whose values are among these is a type slot).
TYPES = """.pred .b1 .b8 .b16 .b32 .b64 .b128 .u4 .s4 .u8 .u16 .u32 .u64 .s8 .s16 .s32 .s64
.f16 .f16x2 .bf16 .bf16x2 .f32 .f32x2 .f64 .tf32 .u16x2 .s16x2 .e4m3 .e5m2 .e4m3x2 .e5m2x2 .e4m3x4
.e5m2x4 .e2m1 .e2m3 .e3m2 .e2m1x2 .e2m3x2 .e3m2x2 .e2m1x4 .ue8m0 .ue8m0x2 .u2 .s2 .s2x2""".split()
TYPE_SIZE = {}
for _t in TYPES:
    _m = re.match(r"\.[a-z]+?(\d+)(?:x(\d+))?$", _t)
    TYPE_SIZE[_t] = 1 if _t == ".pred" else int(_m.group(1)) * int(_m.group(2) or 1) if _m else 32
for _t in (".e4m3", ".e5m2", ".e2m1", ".e2m3", ".e3m2", ".ue8m0"):
    TYPE_SIZE[_t] = 8
for _t in (".e4m3x2", ".e5m2x2", ".e2m1x2", ".e2m3x2", ".e3m2x2", ".ue8m0x2"):
    TYPE_SIZE[_t] = 16
for _t in (".e4m3x4", ".e5m2x4", ".e2m1x4"):
    TYPE_SIZE[_t] = 32
TYPE_SIZE.update({".tf32": 32, ".u4": 8, ".s4": 8, ".u2": 8, ".s2": 8, ".s2x2": 8, ".b1": 32})

# Registers of the template, by declared type.
REG = {".pred": "%p", ".b8": "%b", ".u8": "%ub", ".s8": "%sb", ".b16": "%rs", ".u16": "%us", ".s16": "%ss",
       ".f16": "%h", ".b32": "%r", ".u32": "%u", ".s32": "%s", ".f32": "%f", ".f16x2": "%hh", ".b64": "%rd",
       ".u64": "%ud", ".s64": "%sd", ".f64": "%fd", ".b128": "%q"}
BITS_REG = {8: "%b", 16: "%rs", 32: "%r", 64: "%rd", 128: "%q", 1: "%p"}
REG_SIZE = {"%ub": 8, "%sb": 8, "%us": 16, "%ss": 16, "%h": 16, "%u": 32, "%s": 32, "%f": 32, "%hh": 32,
            "%ud": 64, "%sd": 64, "%fd": 64}
ALL_REGS = ["%p", "%b", "%ub", "%sb", "%rs", "%us", "%ss", "%h", "%r", "%u", "%s", "%f", "%hh",
            "%rd", "%ud", "%sd", "%fd", "%q"]
OTHER_KINDS = ["0", "1", "-1", "17", "4294967296", "0f3F800000", "0d3FF0000000000000", "1.5", "[%rd9]",
               "[g]", "[s+8]", "[c]", "{%r9, %r10}", "{%r9, %r10, %r11, %r12}", "{%f9, %f10, %f11}", "!%p9",
               "L_after", "_", "fv", "g", "%zz1", "%tid.x", "WARP_SZ"]
UNKNOWN_MODS = [".foo", ".bogus", ".L3::cache_hint", ".x", ".v3", ".shared::gpu"]
FOREIGN_MODS = """.sat .ftz .rn .rz .rm .rp .rni .approx .full .wide .hi .lo .cc .sync .aligned .cta .gpu .sys
.cluster .global .shared .shared::cta .shared::cluster .local .const .param .relaxed .acquire .release
.acq_rel .weak .volatile .L2::cache_hint .L2::128B .v2 .v4 .v8 .nc .ca .cg .cs .lu .cv .wb .wt .uni .noftz
.and .or .xor .add .min .max .inc .dec .exch .cas .eq .ne .lt .le .gt .ge .b32 .u32 .f32 .pred .x4
.mbarrier::complete_tx::bytes .multicast::cluster .bulk_group .release.cluster .sync.aligned .m16n8k16
.row .col .trans .num .all .any .ballot .up .down .bfly .idx .mmio .unified .noreturn .shiftamt""".split()

VALID_PAIRS = None
VERSIONS = None     # sorted known versions
TARGETS = None      # sorted known targets


def init_grid():
    global VALID_PAIRS, VERSIONS, TARGETS
    if VALID_PAIRS is None:
        VALID_PAIRS = isa_run.valid_pairs()
        VERSIONS = sorted({v for v, _ in VALID_PAIRS}, key=isa_run.vkey)
        TARGETS = sorted({t for _, t in VALID_PAIRS}, key=tkey)


def tkey(t):
    return (isa_run.tnum(t), {"": 0, "f": 1, "a": 2}.get(t[-1] if t[-1] in "af" else "", 0), t)


# ---------------------------------------------------------------- notation reader

class Operand:
    """One operand position of a form: kind plain/addr/vec/pair; names; optional group number."""

    def __init__(self, kind, names, text, group=None, neg=False, suffix="", attached=()):
        self.kind, self.names, self.text, self.group = kind, names, text, group
        self.neg, self.suffix, self.attached = neg, suffix, list(attached)

    @property
    def name(self):
        return self.names[0]

    def __repr__(self):
        return "Operand(%s %s%s)" % (self.kind, self.names, " opt%d" % self.group if self.group else "")


class Form:
    def __init__(self, block, opcode, elems, operands, since, text, file):
        self.block, self.opcode, self.elems, self.operands = block, opcode, elems, operands
        self.since, self.text, self.file = since, text, file
        self.family = None


class Block:
    def __init__(self, file):
        self.file = file
        self.section = ""
        self.forms = []
        self.enums = {}
        self.operand_specs = {}
        self.since_all = []     # [(V, [targets])]
        self.since_mods = []    # [(set(mods), V, [targets])]
        self.repeatable = set()


def strip_comment(line):
    """Drop `# ...` and `// ...` outside double quotes."""
    out, q, i = [], False, 0
    while i < len(line):
        ch = line[i]
        if ch == '"':
            q = not q
        elif not q and (ch == "#" or line.startswith("//", i)):
            break
        out.append(ch)
        i += 1
    return "".join(out).rstrip()


def parse_since(text):
    """'V TARGET' -> (V or None, [targets] or [])."""
    p = text.split()
    v = None if not p or p[0] == "-" else p[0]
    ts = [] if len(p) < 2 or p[1] == "-" else p[1].split("|")
    return v, ts


MOD_RE = re.compile(r"\{(\.[A-Za-z0-9_:]+(?:\.[A-Za-z0-9_:]+)*)\}|(\.[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)*)|\{(::[A-Za-z0-9_]+)\}")


def parse_mnemonic(m):
    """'add{.sat}.s32' -> ('add', [('lit'|'opt', word), ...]). An optional group of several words
    is one 'opt' element whose word holds them all ('.a.b'); '{::x}' is ('optq', '::x')."""
    mo = re.match(r"[A-Za-z_][A-Za-z0-9_]*", m)
    if not mo:
        return None, []
    opcode, rest, elems = mo.group(0), m[mo.end():], []
    pos = 0
    while pos < len(rest):
        x = MOD_RE.match(rest, pos)
        if not x:
            return opcode, None
        if x.group(1):
            elems.append(("opt", x.group(1)))
        elif x.group(2):
            elems.append(("lit", x.group(2)))
        else:
            elems.append(("optq", x.group(3)))
        pos = x.end()
    return opcode, elems


def split_top(s, sep=","):
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def parse_operand(tok, group=None):
    tok = tok.strip()
    if tok.startswith("{!}") or tok.startswith("!"):
        op = parse_operand(tok[3:] if tok.startswith("{") else tok[1:], group)
        op.neg = True           # a predicate that may be negated
        return op
    if tok.startswith("{-}"):
        return parse_operand(tok[3:], group)
    m = re.match(r"^\[([^\]]*)\](\{?\.?[A-Za-z_:]*\}?)$", tok)
    if m:
        return Operand("addr", [m.group(1).strip()], tok, group, suffix=m.group(2))
    if tok.startswith("{") and tok.endswith("}"):
        return Operand("vec", [x.strip() for x in tok[1:-1].split(",")], tok, group)
    if "|" in tok:
        opt = "[|" in tok or "{|" in tok
        a, b = tok.replace("[|", "|").replace("{|", "|").replace("]", "").replace("}", "").split("|", 1)
        return Operand("pair", [a.strip(), b.strip()], tok, group, suffix="opt" if opt else "")
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_\-]*)(.*)$", tok)
    if m and m.group(2):
        att = re.findall(r"\{?\.[A-Za-z0-9_]+\}?", m.group(2))
        return Operand("plain", [m.group(1)], tok, group, attached=att)
    return Operand("plain", [tok], tok, group)


def parse_operands(s):
    """The operand list of a form: optional trailing groups `{, a}` get a group number."""
    ops, gid, i, cur = [], 0, 0, ""
    while i < len(s):
        if s[i] == "{" and s[i + 1:].lstrip().startswith(","):
            j = s.index("}", i)
            if cur.strip():
                ops += [parse_operand(t) for t in split_top(cur)]
                cur = ""
            gid += 1
            ops += [parse_operand(t, gid) for t in split_top(s[i + 1:j].strip().lstrip(","))]
            i = j + 1
            continue
        cur += s[i]
        i += 1
    if cur.strip():
        ops += [parse_operand(t) for t in split_top(cur)]
    return ops


def read_isa_file(path):
    blocks = [Block(os.path.basename(path))]
    pending = ""
    for raw in open(path, encoding="utf-8"):
        line = strip_comment(raw.rstrip("\n"))
        if not line.strip():
            continue
        if pending:
            pending += " " + line.strip()
            if "}" in pending and (pending.rstrip().endswith(";") or pending.rstrip().endswith("}")):
                parse_line(blocks[-1], pending)
                pending = ""
            elif ";" in pending and "{" not in pending.split("=", 1)[-1]:
                parse_line(blocks[-1], pending)
                pending = ""
            continue
        s = line.strip()
        if re.fullmatch(r"-{3,}", s):
            blocks.append(Block(blocks[-1].file))
            continue
        if s.startswith("@"):
            parse_at(blocks[-1], s)
            continue
        if s.startswith(".") and "=" in s and not s.split("=", 1)[0].strip().count(" "):
            if "}" in s:
                parse_line(blocks[-1], s)
            else:
                pending = s
            continue
        if re.match(r"[A-Za-z_][A-Za-z0-9_\-]*\s*=\s*\{", s):      # opcode enumeration: vop = { vadd, ...}
            if "}" in s:
                parse_line(blocks[-1], s)
            else:
                pending = s
            continue
        if ";" not in s.split("@", 1)[0]:
            pending = s
            continue
        parse_line(blocks[-1], s)
    if pending:
        parse_line(blocks[-1], pending)
    return [b for b in blocks if b.forms]


def parse_at(b, s):
    word, _, rest = s.partition(" ")
    rest = rest.strip()
    if word == "@section":
        b.section = rest
    elif word == "@operand":
        names, _, spec = rest.partition(":")
        for n in re.split(r"[\s,]+", names.strip()):
            if n:
                b.operand_specs[n] = spec.split()
    elif word == "@since":
        if "=" in rest:
            mods, _, vt = rest.partition("=")
            v, ts = parse_since(vt)
            b.since_mods.append((set(mods.split()), v, ts))
        else:
            b.since_all.append(parse_since(rest))
    elif word == "@repeatable":
        b.repeatable.update(rest.split())


def parse_line(b, s):
    s = s.strip()
    m = re.match(r"^((?:\.?[A-Za-z0-9_:\-]+\s*=\s*)+)\{(.*)\}\s*;?\s*$", s)
    if m:
        names = [n.strip() for n in m.group(1).split("=") if n.strip()]
        vals = [v.strip() for v in m.group(2).split(",") if v.strip()]
        for n in names:
            b.enums[n if n.startswith(".") else n] = vals
        return
    form_part, _, tail = s.partition(";")
    since = None
    undoc = "@undocumented" in tail
    m = re.search(r"@since\s+([^@]*)", tail)
    if m:
        since = parse_since(m.group(1).strip())
    form_part = form_part.strip()
    mn, _, ops = form_part.partition(" ")
    opcode, elems = parse_mnemonic(mn.strip())
    if opcode is None or elems is None:
        print("gen_forms: cannot read form %r in %s" % (form_part, b.file), file=sys.stderr)
        return
    f = Form(b, opcode, elems, parse_operands(ops.strip()), since, form_part, b.file)
    f.undocumented = undoc
    b.forms.append(f)


# Instruction names that have no syntax file of their own -> the family whose file describes them.
ALIASES = {"fence": "membar", "barrier": "bar", "vadd": "vop", "vsub": "vop", "vabsdiff": "vop",
           "vmin": "vop", "vmax": "vop", "vadd2": "vop2", "vsub2": "vop2", "vavrg2": "vop2",
           "vabsdiff2": "vop2", "vmin2": "vop2", "vmax2": "vop2", "vadd4": "vop4", "vsub4": "vop4",
           "vavrg4": "vop4", "vabsdiff4": "vop4", "vmin4": "vop4", "vmax4": "vop4", "vshl": "vsh",
           "vshr": "vsh", "prefetchu": "prefetch", "mbarrier.try_wait": "mbarrier.test_wait",
           "tcgen05.dealloc": "tcgen05.alloc", "tcgen05.relinquish_alloc_permit": "tcgen05.alloc",
           "cp.async.wait_all": "cp.async.wait_group", "multimem.st": "multimem.ld_reduce",
           "multimem.red": "multimem.ld_reduce", "multimem.cp": "multimem.ld_reduce", "cvta.to": "cvta",
           "brx": "brx.idx", "ld.global.nc": "ld.global.nc", "mov.b128": "mov", "tld4": "tld4"}
_NAMES = FAMILIES | set(ALIASES)
_PREFIXES = {".".join(n.split(".")[:i]) for n in _NAMES for i in range(1, n.count(".") + 2)}


def family_of_words(opcode, words):
    """The family of an instruction written opcode + words: the longest family (or alias) name made
    of the opcode and a run of its words, where a word that cannot continue any family name is
    skipped (`mad.hi.cc.u32` is mad.cc; `ld.global.cg.nc` is ld.global.nc) and `.a::b` may stand
    for `.a` (`tcgen05.fence::before_thread_sync`)."""
    cur = opcode
    best = cur if cur in _NAMES else None
    for w in words:
        for ww in (w, w.split("::")[0]):
            if (cur + ww) in _PREFIXES:
                cur += ww
                if cur in _NAMES:
                    best = cur
                break
    return ALIASES.get(best, best) if best else None


def family_of(form):
    """The family of a form whose enumerations are not chosen yet (for --list): literal words only."""
    words = [w for kind, w in form.elems if kind == "lit" and w not in form.block.enums]
    f = family_of_words(form.opcode, words)
    if f:
        return f
    stem = form.file[:-len(".ptxisa")] if form.file.endswith(".ptxisa") else form.file
    return stem if stem in FAMILIES else form.opcode


def load_all(isa_dir):
    """Every form of every .ptxisa file in isa_dir (index.txt order, then the rest)."""
    files = []
    idx = os.path.join(isa_dir, "index.txt")
    if os.path.exists(idx):
        for line in open(idx):
            line = line.split("#", 1)[0].strip()
            if line and os.path.exists(os.path.join(isa_dir, line)):
                files.append(line)
    for f in sorted(os.listdir(isa_dir)):
        if f.endswith(".ptxisa") and f not in files:
            files.append(f)
    forms = []
    for f in files:
        for b in read_isa_file(os.path.join(isa_dir, f)):
            forms += b.forms
    return forms


def instances_by_family(forms):
    """{family: [Inst]}: the legal instances of every form, each under the family its own words
    name (a form with an enumeration of instruction names, such as mbarrier.op, feeds several)."""
    out = {}
    for form in forms:
        g = Gen(None, None, random.Random(zlib.crc32((form.file + "\n" + form.text).encode())))
        for inst in g.instances_of(form):
            fam = family_of_words(inst.opcode, inst.mods)
            if not fam:
                stem = form.file[:-len(".ptxisa")]
                fam = stem if stem in FAMILIES else inst.opcode
            out.setdefault(fam, []).append(inst)
    return out


# ---------------------------------------------------------------- instances

class Inst:
    """A concrete instruction: opcode, modifier words, operand strings, requirement."""

    def __init__(self, form, opcode, mods, slots, ops, req):
        self.form, self.opcode, self.mods, self.slots, self.ops, self.req = form, opcode, mods, slots, ops, req

    def text(self, mods=None, ops=None, opcode=None):
        mods = self.mods if mods is None else mods
        ops = self.ops if ops is None else ops
        s = (opcode or self.opcode) + "".join(mods)
        return s + (" " + ", ".join(ops) if ops else "") + ";"


def is_type_value(v):
    return v in TYPES


def reg_for(t, n):
    if t in REG:
        return "%s%d" % (REG[t], n)
    size = TYPE_SIZE.get(t, 32)
    return "%s%d" % (BITS_REG.get(size, "%r"), n)


ANY_WIDTHS = (1, 4, 2, 8, 16, 32, 64, 128)


def first_reg_type(spec):
    for w in spec:
        if w in TYPES:
            return w
    return ".b32"


REG_COUNT = {"%p": 16, "%r": 160, "%f": 160, "%u": 64, "%s": 64, "%rd": 64, "%ud": 64, "%sd": 64, "%fd": 64,
             "%q": 16}


# coordinates per geometry (coords(.geom), docs/isa-notation.md)
GEOMETRY_COORDS = {".1d": 1, ".2d": 2, ".a1d": 2, ".3d": 4, ".a2d": 4, ".cube": 4, ".acube": 4, ".2dms": 4,
                   ".a2dms": 4}


def handle_types(spec):
    """The variable types of a handle operand (`handle(.texref|.tex)`), or an empty list."""
    for w in spec:
        if w.startswith("handle("):
            return w[7:-1].split("|")
    return []


def vec_regs(t, n, count):
    """`{...}` of count registers for type t, numbered from 8n but within the template's declarations."""
    prefix = re.match(r"%[a-z]+", reg_for(t, 0)).group(0)
    base = max(0, min(8 * n, REG_COUNT.get(prefix, 32) - count))
    return "{%s}" % ", ".join(reg_for(t, base + k) for k in range(count))


def imm_for(t):
    if t in (".f32", ".f16", ".bf16", ".tf32"):
        return "0f3F800000"
    if t == ".f64":
        return "0d3FF0000000000000"
    return "1"


def spaces_of(mods):
    """The variables of the template for the state-space words among mods, in order."""
    out = []
    for m in mods:
        for part in re.findall(r"\.[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)*", m):
            for sp, var in ((".shared", "s"), (".global", "g"), (".const", "c"), (".local", "l"), (".param", "pa")):
                if part == sp or part.startswith(sp + "::"):
                    out.append(var)
    return out


def requirement(form, mods):
    """(version or None, [target requirement lists]) a form with these modifier words needs."""
    b = form.block
    v, ts = None, []
    reqs = list(b.since_all)
    if form.since:
        reqs.append(form.since)
    words = set()
    for m in mods:
        words.add(m)
        for part in re.findall(r"\.[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)*", m):
            words.add(part)
    for ms, mv, mts in b.since_mods:
        if ms & words:
            reqs.append((mv, mts))
    for rv, rts in reqs:
        if rv and (v is None or isa_run.vkey(rv) > isa_run.vkey(v)):
            v = rv
        if rts:
            ts.append(rts)
    return v, ts


def satisfies(target, alts):
    """Does target satisfy one of the alternatives (sm_90 = that or later; sm_90a exact;
    sm_100f the family: same number family, f or a)."""
    n = isa_run.tnum(target)
    suf = target[-1] if target[-1] in "af" else ""
    for a in alts:
        an = isa_run.tnum(a)
        asuf = a[-1] if a[-1] in "af" else ""
        if asuf == "" and n >= an:
            return True
        if asuf == "a" and target == a:
            return True
        if asuf == "f" and suf in "af" and suf and n // 10 == an // 10 and n >= an:
            return True
    return False


def pick_target(version, treqs, prefer=("sm_90", "sm_100a", "sm_120a")):
    """A target valid with version that satisfies every requirement (None if none does)."""
    init_grid()
    cands = [t for t in TARGETS if (version, t) in VALID_PAIRS and all(satisfies(t, alts) for alts in treqs)]
    if not cands:
        return None
    for p in prefer:
        if p in cands:
            return p
    # the lowest that satisfies (but not below sm_75 unless needed)
    low = [t for t in cands if isa_run.tnum(t) >= 75]
    return (low or cands)[0]


def pick_version(v, target):
    """The lowest known version >= v that accepts target."""
    init_grid()
    for ver in VERSIONS:
        if (v is None or isa_run.vkey(ver) >= isa_run.vkey(v)) and (ver, target) in VALID_PAIRS:
            return ver
    return None


class Gen:
    def __init__(self, family, forms, rnd):
        self.family, self.forms, self.rnd = family, forms, rnd

    def enum_values(self, form, name):
        e = form.block.enums.get(name)
        if e is None and not name.startswith("."):
            e = form.block.enums.get("." + name)
        return e

    def slot_values(self, form):
        """Per modifier element: (kind, name, values or None for a literal)."""
        out = []
        for kind, w in form.elems:
            if kind == "opt" and w.count(".") > 1 and w not in form.block.enums:
                # {.a.b}: several words together
                out.append(("opt", w, [w]))
                continue
            vals = self.enum_values(form, w) if kind != "optq" else None
            out.append((kind, w, vals))
        return out

    def type_slots(self, form, chosen):
        """Types of the form's type slots, in order, given chosen words per element."""
        ts = []
        for (kind, w, vals), c in zip(self.slot_values(form), chosen):
            if c and c in TYPES and (vals is None or all(is_type_value(v) for v in vals)):
                ts.append(c)
        return ts

    def operand_strings(self, form, chosen_mods, chosen, include_groups, variant=0, any_width=0):
        b = form.block
        ts = self.type_slots(form, chosen)
        enum_choice = {}
        for (kind, w, vals), c in zip(self.slot_values(form), chosen):
            if vals is not None and c:
                enum_choice[w] = c
        first_t = ts[0] if ts else None
        last_t = ts[-1] if ts else None
        spaces = spaces_of(chosen_mods)
        addrs = [op for op in form.operands if (not op.group or op.group in include_groups)
                 and (op.kind == "addr" or "addr" in b.operand_specs.get(op.name, [])
                      or "mem" in b.operand_specs.get(op.name, []))]
        out = []
        n = 1
        ai = 0
        any_seen = False
        for i, op in enumerate(form.operands):
            if op.group and op.group not in include_groups:
                continue
            spec = b.operand_specs.get(op.name, [])
            t = None
            for w in spec:
                if w.startswith(".") and not w.startswith(".."):
                    t = enum_choice.get(w, w if w in TYPES else None) or t
            if t is None and op.neg:
                t = ".pred"
            if t is None and not any(w in ("any",) for w in spec):
                t = first_t if i == 0 else last_t
            if "wide" in spec and t in TYPE_SIZE:
                t = BITS_REG.get(TYPE_SIZE[t] * 2, "%rd").replace("%", "")
                t = {"%rd": ".b64", "%r": ".b32", "%q": ".b128"}.get("%" + t, ".b64")
            n += 1
            space = spaces[0] if len(spaces) == 1 else None
            if op in addrs:
                space = spaces[ai] if len(spaces) == len(addrs) else space if len(addrs) == 1 else None
                ai += 1
            aw = any_width if "any" in spec and not any_seen else (1, 2, 4)[(variant + i) % 3]
            any_seen = any_seen or "any" in spec
            out.append(self.operand_text(form, op, spec, t, i, n, space, enum_choice, variant, aw))
        return out

    def operand_text(self, form, op, spec, t, i, n, space, enum_choice, variant, any_width=0):
        rng = None
        for w in spec:
            m = re.match(r"range\((-?\w+),\s*(-?\w+)\)", w)
            if m:
                rng = (m.group(1), m.group(2))
            m = re.match(r"values\(([^)]*)\)", w)
            if m:
                vals = [v.strip() for v in m.group(1).split(",") if v.strip()]
                rng = (vals[0], vals[-1])
            m = re.match(r"multiple\((\d+)\)", w)
            if m and rng is None:
                rng = (m.group(1), str(2 * int(m.group(1))))
        if op.kind == "addr" and "," in op.name:
            # an address of parts: a texture or surface tuple [a, {b,} c] (the template's .texref or
            # .surfref and coordinates), else [64-bit register, {coordinates}] (tensor maps); a .Nd
            # modifier gives the number of coordinates
            dims = [int(m[1]) for m in enum_choice.values() if re.fullmatch(r"\.[1-5]d", m or "")]
            dims += [int(m) for m in re.findall(r"\.([1-5])d\b", form.text.split(" ")[0])]
            w = dims[0] if dims else (1, 2, 4)[variant % 3]
            # a part described by '@operand PART : ... vec(N)' gives the count itself
            last = op.name.split(",")[-1].strip().strip("{}").strip()
            for pw in form.block.operand_specs.get(last, []):
                m = re.fullmatch(r"vec\((\d+)\)", pw)
                if m:
                    w = int(m.group(1))
            parts = [x.strip().strip("{}").strip() for x in op.name.split(",")]
            cspec = form.block.operand_specs.get(last, [])
            geo = [x[7:-1] for x in cspec if x.startswith("coords(")]
            if geo:
                # coords(.geom): the geometry's coordinate count, elements of the part's type; a
                # texture's array index (.a1d .a2d .acube) is a .u32; the handle may be a register
                g = next((enum_choice[x] for x in geo if enum_choice.get(x)), None)
                et = next((enum_choice.get(x, x if x in TYPES else None) for x in cspec
                           if x.startswith(".") and (x in TYPES or enum_choice.get(x))), None) or t or ".f32"
                need = GEOMETRY_COORDS.get(g, 1)
                k = 4 if need < 4 and variant % 3 == 2 else need
                regs = vec_regs(et, n, k)
                if et != ".b32" and g in (".a1d", ".a2d", ".acube"):
                    regs = "{%s, %s" % (reg_for(".u32", 8 * n % 60), regs[1:].split(", ", 1)[1]) if k > 1 else regs
                surface = ".surfref" in handle_types(form.block.operand_specs.get(parts[0], []))
                handle = ("surf" if surface else "tex") if variant % 4 != 3 else "%%rd%d" % n
                sampler = ["tex"] if len(parts) == 3 else []
                return "[%s]" % ", ".join([handle] + sampler + [regs])
            if form.opcode in ("tex", "tld4", "txq"):
                return "[tex, %s]" % vec_regs(t if t in (".f32", ".s32", ".u32") else ".f32", n, w)
            if form.opcode.startswith("su"):
                return "[surf, %s]" % vec_regs(".b32", n, w)
            return "[%%rd%d, %s]" % (n, vec_regs(".b32", n, w))
        if op.kind == "addr" and handle_types(spec):
            # [a] of txq/suq: the template's .texref/.surfref or a 64-bit register (the template has
            # no .samplerref)
            ht = handle_types(spec)
            if variant % 2 == 1 or ".texref" not in ht and ".surfref" not in ht:
                return "[%%rd%d]" % n
            return "[%s]" % ("surf" if ".surfref" in ht else "tex")
        if op.kind == "addr" or "addr" in spec or "mem" in spec:
            a = "[%%rd%d]" % n
            if "addr" in spec and any(w in TYPES for w in spec):
                # a typed address (tensor memory): [r] or [r+imm] with a register of that type
                a = "[%s]" % reg_for(next(w for w in spec if w in TYPES), n)
                return a if variant % 2 == 0 else a[:-1] + "+16]"
            if variant % 2 == 1 and space:
                a = "[%s]" % space
            suf = op.suffix.strip("{}") if op.suffix and not op.suffix.startswith("{") else ""
            return a + suf
        if op.kind == "vec":
            return vec_regs(t or ".b32", n, len(op.names))
        if op.kind == "pair":
            if op.suffix == "opt" and variant % 2:
                return "%%p%d" % n
            return "%%p%d|%%p%d" % (n, n + 1)
        m = [w for w in spec if w.startswith("vec(")]
        if m:
            w = m[0][4:-1]
            k = int(w) if w.isdigit() else int(enum_choice.get(w, ".v1")[2:]) if enum_choice.get(w) else 1
            if k > 1:
                return vec_regs(t or ".b32", n, k)
        text = None
        if "pred" in spec or t == ".pred":
            text = "%%p%d" % n
        elif "label" in spec:
            text = "L_after"
        elif "func" in spec:
            text = "fv"
        elif "var" in spec:
            text = space or "g"
        elif "imm" in spec:
            text = rng[variant % 2] if rng else imm_for(t)
        elif "any" in spec and t is None:
            text = "%%r%d" % n if any_width <= 1 else vec_regs(first_reg_type(spec), n, any_width)
        else:
            text = reg_for(t or ".b32", n)
            if "val" in spec and variant % 3 == 2 and i > 0 and t != ".pred":
                text = rng[variant % 2] if rng else imm_for(t)
        att = ""
        for a in (op.attached if text.startswith("%") else ()):      # a{.asel}, d.dsel: selectors
            w = a.strip("{}")
            if a.startswith("{") and variant % 2:
                continue
            vals = self.enum_values(form, w)
            att += vals[(variant + i) % len(vals)] if vals else w
        return text + att

    def instances_of(self, form):
        """Legal instances: every enumeration value at least once, optionals alone and in pairs."""
        sv = self.slot_values(form)
        opcodes = [form.opcode]
        oe = self.enum_values(form, form.opcode)
        if oe:
            opcodes = [v.lstrip(".") for v in oe]
        enum_idx = [i for i, (k, w, v) in enumerate(sv) if v]
        opt_idx = [i for i, (k, w, v) in enumerate(sv) if k in ("opt", "optq")]
        width = max([len(sv[i][2]) for i in enum_idx] + [len(opcodes), 1])
        groups = sorted({op.group for op in form.operands if op.group})
        combos = []
        # required enums cycle, optionals absent
        for r in range(width):
            combos.append((r, frozenset()))
        # every optional alone (with each of its values), every pair
        for i in opt_idx:
            nv = len(sv[i][2]) if sv[i][2] else 1
            for r in range(nv):
                combos.append((r, frozenset([i])))
        for i, j in itertools.combinations(opt_idx, 2):
            combos.append((self.rnd.randrange(width), frozenset([i, j])))
        if len(opt_idx) > 2:
            combos.append((0, frozenset(opt_idx)))
        out = []
        for k, (r, on) in enumerate(combos):
            chosen = []
            for i, (kind, w, vals) in enumerate(sv):
                if kind in ("opt", "optq") and i not in on:
                    chosen.append(None)
                    continue
                if vals:
                    chosen.append(vals[(r + i) % len(vals)] if kind == "lit" else vals[r % len(vals)])
                elif kind == "optq":
                    chosen.append(w)
                else:
                    chosen.append(w)
            mods = [c for c in chosen if c]
            # `.shared{::cta}`: glue the qualifier to the previous word
            glued = []
            for (kind, w, vals), c in zip(sv, chosen):
                if kind == "optq" and c and glued:
                    glued[-1] += c
                elif c:
                    glued.append(c)
            inc = set(groups) if k % 2 == 0 else set(groups[:1]) if k % 4 == 1 else set()
            has_any = any("any" in form.block.operand_specs.get(op.name, []) for op in form.operands)
            widths = (ANY_WIDTHS[k % len(ANY_WIDTHS)], ANY_WIDTHS[(k + 3) % len(ANY_WIDTHS)]) if has_any else (0,)
            for wd in widths:
                ops = self.operand_strings(form, glued, chosen, inc, variant=k, any_width=wd)
                req = requirement(form, glued)
                out.append(Inst(form, opcodes[r % len(opcodes)], glued, chosen, ops, req))
        return out


def where(inst, version=None, target=None):
    """(version, target) for an instance: its requirement, or None when no valid pair fits."""
    v, treqs = inst.req
    if target is None:
        target = pick_target(version or "9.0", treqs)
        if target is None:
            target = pick_target(pick_version(v, "sm_120a") or "9.0", treqs)
    if target is None:
        return None
    if version is None:
        version = "9.0"
    return version, target


def generate_family(family, insts, max_cases=1500, min_cases=300):
    """The cases of one family from its legal instances (instances_by_family)."""
    init_grid()
    seed = zlib.crc32(family.encode())
    rnd = random.Random(seed)
    g = Gen(family, None, rnd)
    forms = []
    for inst in insts:
        if inst.form not in forms:
            forms.append(inst.form)
    legal, grid, muts = [], [], []

    def add(lst, vt, text):
        if vt and vt[0] and vt[1] and (vt[0], vt[1]) in VALID_PAIRS:
            lst.append(isa_run.Case(family, vt[0], vt[1], text))

    for inst in insts:
        add(legal, where(inst), inst.text())
    # likely-legal variants: a .bN register (same size) for a typed one, a constant for a source
    # register, an address with an offset
    variants = []
    for k, inst in enumerate(insts):
        vt = where(inst)
        for i, o in enumerate(inst.ops):
            m = re.fullmatch(r"(%[a-z]+)(\d+)", o)
            if m and m.group(1) in REG_SIZE and m.group(1) not in BITS_REG.values():
                variants.append((vt, inst.text(ops=inst.ops[:i] + [BITS_REG[REG_SIZE[m.group(1)]] + m.group(2)]
                                               + inst.ops[i + 1:])))
            if m and i > 0 and m.group(1) != "%p":
                c = "0f3F800000" if m.group(1) == "%f" else "0d3FF0000000000000" if m.group(1) == "%fd" else "1"
                variants.append((vt, inst.text(ops=inst.ops[:i] + [c] + inst.ops[i + 1:])))
            a = re.fullmatch(r"\[(%rd\d+|[gsclp][a]?)\](.*)", o)
            if a:
                variants.append((vt, inst.text(ops=inst.ops[:i] + ["[%s+16]%s" % (a.group(1), a.group(2))]
                                               + inst.ops[i + 1:])))
    for vt, text in rnd.sample(variants, min(len(variants), max(len(insts), max_cases // 6))):
        add(legal, vt, text)
    # the version x target grid around every requirement
    seen_req = set()
    for inst in insts:
        v, treqs = inst.req
        key = (v, tuple(tuple(a) for a in treqs), inst.form.text)
        if key in seen_req:
            continue
        seen_req.add(key)
        text = inst.text()
        tgt = pick_target("9.0", treqs)
        if tgt is None:
            continue
        ver = pick_version(v, tgt) or "9.0"
        base_t = [alts[0] for alts in treqs] or []
        # at the requirement
        low_t = pick_target(ver, treqs, prefer=tuple(base_t) + ("sm_75", "sm_90"))
        if low_t:
            add(grid, (ver, low_t), text)
        add(grid, (ver, tgt), text)
        # the version before
        vi = VERSIONS.index(ver)
        if vi > 0 and low_t:
            add(grid, (VERSIONS[vi - 1], low_t), text)
            add(grid, (VERSIONS[vi - 1], tgt), text)
        # targets just below and around every target requirement
        for alts in treqs:
            for a in alts:
                below = [t for t in TARGETS if tkey(t) < tkey(a) and (ver, t) in VALID_PAIRS]
                for t in below[-2:]:
                    add(grid, (ver, t), text)
                    add(grid, ("9.0", t), text)
                if a[-1] in "af":
                    n = isa_run.tnum(a)
                    for t in TARGETS:
                        if isa_run.tnum(t) > n and t[-1] in "af":
                            add(grid, ("9.0", t), text)
                    add(grid, ("9.0", "sm_%d" % n), text)
        # old targets when the requirement is not a target
        if not treqs:
            for t in ("sm_10", "sm_20", "sm_30", "sm_50", "sm_60", "sm_70"):
                add(grid, (pick_version(v, t) or "9.0", t), text)
    # mutations
    all_mods = set()
    for f in forms:
        for vals in f.block.enums.values():
            all_mods.update(v for v in vals if v.startswith("."))
        all_mods.update(w for k, w in f.elems if k == "lit")
    foreign = sorted(set(FOREIGN_MODS) | all_mods)
    for k, inst in enumerate(insts):
        vt = where(inst)
        if not vt:
            continue
        mods, ops, opc = inst.mods, inst.ops, inst.opcode
        m = []
        # type swaps
        for i, w in enumerate(mods):
            if w in TYPES:
                for t in rnd.sample(TYPES, 6):
                    m.append(inst.text(mods[:i] + [t] + mods[i + 1:]))
        # unknown, foreign, duplicate, missing, conflicting modifiers; order
        pos = rnd.randrange(len(mods) + 1)
        m.append(inst.text(mods[:pos] + [rnd.choice(UNKNOWN_MODS)] + mods[pos:]))
        for fm in rnd.sample(foreign, min(3, len(foreign))):
            pos = rnd.randrange(len(mods) + 1)
            m.append(inst.text(mods[:pos] + [fm] + mods[pos:]))
        if mods:
            i = rnd.randrange(len(mods))
            m.append(inst.text(mods[:i + 1] + [mods[i]] + mods[i + 1:]))
            m.append(inst.text(mods[:i] + mods[i + 1:]))
            if i > 0:
                m.append(inst.text(mods[:i - 1] + [mods[i], mods[i - 1]] + mods[i + 1:]))
            m.append(inst.text(mods[::-1]))
        for (kind, w, vals), c in zip(g.slot_values(inst.form), inst.slots):
            if c and vals and len(vals) > 1:
                other = rnd.choice([v for v in vals if v != c])
                i = mods.index(c) if c in mods else len(mods)
                m.append(inst.text(mods[:i + 1] + [other] + mods[i + 1:]))
                m.append(inst.text(mods[:i] + [other] + mods[i + 1:]))
        # operand counts
        if ops:
            m.append(inst.text(ops=ops[:-1]))
            m.append(inst.text(ops=[]))
        m.append(inst.text(ops=ops + [ops[-1] if ops else "%r1"]))
        m.append(inst.text(ops=ops + ["%r99", "%r98"]))
        # operand kinds: every register type in every slot (on the first instances of each form),
        # other kinds sampled
        full = k < 3 or rnd.random() < 0.15
        for i in range(len(ops)):
            regs = ALL_REGS if full else rnd.sample(ALL_REGS, 3)
            for r in regs:
                m.append(inst.text(ops=ops[:i] + ["%s%d" % (r, 20 + i)] + ops[i + 1:]))
            for o in (OTHER_KINDS if full else rnd.sample(OTHER_KINDS, 4)):
                m.append(inst.text(ops=ops[:i] + [o] + ops[i + 1:]))
        for text in m:
            add(muts, vt, text)
    # dedupe, keep order; legal and grid first, then mutations; at most max_cases
    seen = set()

    def uniq(lst):
        out = []
        for c in lst:
            if c.key() not in seen:
                seen.add(c.key())
                out.append(c)
        return out

    legal, grid, muts = uniq(legal), uniq(grid), uniq(muts)
    cap_legal = max_cases // 3
    if len(legal) > cap_legal:
        legal = rnd.sample(legal, cap_legal)
    if len(grid) > cap_legal:
        grid = rnd.sample(grid, cap_legal)
    room = max_cases - len(legal) - len(grid)
    if len(muts) > room:
        muts = rnd.sample(muts, room)
    cases = legal + grid + muts
    # pad small families: every foreign modifier, extra operands of every kind and every register
    # type in every slot on the legal instances (sampled), then a few more grid points
    pad = []
    for inst in insts:
        vt = where(inst)
        if not vt:
            continue
        for fm in foreign:
            pad.append(isa_run.Case(family, vt[0], vt[1], inst.text(inst.mods + [fm])))
        for o in OTHER_KINDS + ["%s%d" % (r, 7) for r in ALL_REGS]:
            pad.append(isa_run.Case(family, vt[0], vt[1], inst.text(ops=inst.ops + [o])))
            for i in range(len(inst.ops)):
                pad.append(isa_run.Case(family, vt[0], vt[1], inst.text(ops=inst.ops[:i] + [o] + inst.ops[i + 1:])))
    pad = [c for c in uniq(pad)]
    if len(cases) < min_cases:
        cases += rnd.sample(pad, min(len(pad), min_cases - len(cases)))
    extra_i = 0
    while len(cases) < min_cases and insts and extra_i < 2000:
        inst = insts[extra_i % len(insts)]
        extra_i += 1
        t = rnd.choice(TARGETS)
        v = rnd.choice([x for x in VERSIONS if (x, t) in VALID_PAIRS] or ["9.0"])
        c = isa_run.Case(family, v, t, inst.text())
        if (v, t) in VALID_PAIRS and c.key() not in seen:
            seen.add(c.key())
            cases.append(c)
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--family", action="append", default=[])
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--isa-dir", default=ISA_DATA)
    ap.add_argument("--out", help="cases TSV (default: stdout unless --record)")
    ap.add_argument("--record", action="store_true", help="run ptxas and write testdata/ptxas/isa/<family>.tsv.gz")
    ap.add_argument("--max", type=int, default=1500)
    ap.add_argument("--min", type=int, default=300)
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--timeout", type=int, default=isa_run.TIMEOUT)
    ap.add_argument("--record-dir", default=isa_run.ISA_DIR)
    args = ap.parse_args()
    fams = instances_by_family(load_all(args.isa_dir))
    if args.list:
        for f in sorted(fams):
            forms = {id(i.form) for i in fams[f]}
            print("%-36s %4d forms %5d legal instances  (%s)" % (f, len(forms), len(fams[f]),
                                                               ", ".join(sorted({i.form.file for i in fams[f]}))))
        return
    names = sorted(fams) if args.all else args.family
    for n in names:
        if n not in fams:
            sys.exit("gen_forms: no forms of family %r in %s (see --list)" % (n, args.isa_dir))
    allcases = []
    for n in names:
        cs = generate_family(n, fams[n], args.max, args.min)
        print("%s: %d cases" % (n, len(cs)), file=sys.stderr)
        allcases.append((n, cs))
    if args.out or not args.record:
        out = open(args.out, "w") if args.out else sys.stdout
        for n, cs in allcases:
            for c in cs:
                out.write("\t".join([c.family, c.version, c.target, c.instr]) + "\n")
        if args.out:
            out.close()
    if args.record:
        for n, cs in allcases:
            t0 = time.time()
            results, stats = isa_run.run_cases(cs, args.batch, 1, args.timeout, progress=False)
            dt = time.time() - t0
            path = os.path.join(args.record_dir, n + ".tsv.gz")
            k = isa_run.write_tsv_gz(path, n, results, "scripts/ptxas-diff/isa/gen_forms.py --family %s" % n, dt)
            vs = {}
            for _, v, _m in results:
                vs[v] = vs.get(v, 0) + 1
            print("%s: %d cases recorded in %.1fs (%s) %s -> %s" % (n, k, dt, vs, stats, path), file=sys.stderr)


if __name__ == "__main__":
    main()
