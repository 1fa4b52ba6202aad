#!/usr/bin/env python3
"""Hold-out for the texture/surface families (tex, tld4, suld, sust, sured, txq, suq), drawn by a
different method than gen_forms.py's grid: real instructions (nvcc output of holdout-tex/textures.cu,
and the gpuocelot PTX files listed in holdout-tex/ocelot-files.txt, fetched from the public
gpuocelot repository and never committed), normalised into the ISA template's register and
texture names, then mutated inside the address (coordinate width and element kinds, handle,
sampler, geometry, a scalar coordinate, the coordinate type) and in .version/.target.

    nvcc -ptx -arch=sm_90 holdout-tex/textures.cu -o /tmp/t.ptx
    python3 holdout_tex.py /tmp/t.ptx OCELOT/*.ptx > /tmp/holdout-cases.tsv      # 6,457 cases
    shuf -n 800 /tmp/holdout-cases.tsv > /tmp/ho800.tsv                          # a random sample
    python3 isa_run.py /tmp/ho800.tsv --out DIR    # ptxas verdicts -> DIR/holdout-tex.tsv.gz

The committed testdata/ptxas/isa/holdout-tex.tsv.gz is one such random sample of 800 (796 judged,
4 ptxas crashes left out), recorded with ptxas 13.0 on 2026-11-28.

IsaVerdictsTest replays the recorded file like a family (floor in floors.tsv). Writes the cases
as TSV (family holdout-tex) on standard output."""Hold-out for the texture/surface families: real instructions (nvcc output, gpuocelot PTX),
normalised into the ISA template's names, then mutated inside the address (coordinates, handle,
sampler, geometry, scalar coordinates) and in version/target. Writes cases TSV (family holdout-tex)."""
import random, re, sys, glob

OPS = ("tex", "tld4", "suld", "sust", "sured", "txq", "suq")
PREFIX = {".b32": "%r", ".u32": "%u", ".s32": "%s", ".f32": "%f", ".b64": "%rd", ".u64": "%ud", ".s64": "%sd",
          ".f64": "%fd", ".b16": "%rs", ".u16": "%us", ".s16": "%ss", ".f16": "%h", ".b8": "%b", ".u8": "%ub",
          ".s8": "%sb", ".pred": "%p", ".f16x2": "%hh"}
LIMIT = {"%r": 150, "%f": 150, "%u": 60, "%s": 60, "%rd": 60, "%ud": 60, "%sd": 60, "%fd": 60, "%rs": 30, "%us": 30,
         "%ss": 30, "%h": 30, "%b": 30, "%ub": 30, "%sb": 30, "%p": 15, "%hh": 30}


def decls(text):
    regs, pref, tex, surf = {}, {}, set(), set()
    for m in re.finditer(r"\.reg\s+(?:\.v\d\s+)?(\.\w+)\s+([^;]+);", text):
        t = m.group(1)
        for n in m.group(2).split(","):
            n = n.strip()
            mm = re.fullmatch(r"(%?[\w$]+)<\d+>", n)
            if mm:
                pref[mm.group(1)] = t
            else:
                regs[n] = t
    for m in re.finditer(r"\.(?:global\s+)?\.texref\s+(\w+)|\.tex\s+\.\w+\s+(\w+)", text):
        tex.add(m.group(1) or m.group(2))
    for m in re.finditer(r"\.surfref\s+(\w+)", text):
        surf.add(m.group(1))
    return regs, pref, tex, surf


def normalise(line, regs, pref, tex, surf):
    out = []
    counters = {}
    seen = {}

    def reg(m):
        n = m.group(0)
        if n in seen:
            return seen[n]
        t = regs.get(n)
        if t is None:
            mm = re.fullmatch(r"(%?[A-Za-z_$]+)(\d+)", n)
            t = pref.get(mm.group(1)) if mm else None
        if t is None or t not in PREFIX:
            return None
        p = PREFIX[t]
        k = counters.get(p, 0) + 1
        counters[p] = k
        seen[n] = "%s%d" % (p, (8 + k) % LIMIT[p])
        return seen[n]
    bad = [False]

    def sub(m):
        r = reg(m)
        if r is None:
            bad[0] = True
            return m.group(0)
        return r
    line = re.sub(r"%[A-Za-z_$][\w$]*", sub, line)
    for t in tex:
        line = re.sub(r"\b%s\b" % re.escape(t), "tex", line)
    for s in surf:
        line = re.sub(r"\b%s\b" % re.escape(s), "surf", line)
    return None if bad[0] else line


def address(line):
    i = line.index("[")
    j = line.index("]", i)
    return i, j


def mutations(line, rnd):
    out = []
    try:
        i, j = address(line)
    except ValueError:
        return out
    inner = line[i + 1:j]
    pre, post = line[:i + 1], line[j:]
    parts = [p.strip() for p in re.split(r",(?![^{]*})", inner)]
    handle = parts[0]
    coords = parts[-1] if len(parts) > 1 else None
    # handles
    for h in ("tex", "surf", "%rd3", "%ud3", "%sd3", "%r3", "%fd3", "g", "g64", "fv", "tex+8"):
        if h != handle:
            out.append(pre + ", ".join([h] + parts[1:]) + post)
    if coords and coords.startswith("{"):
        els = [e.strip() for e in coords[1:-1].split(",")]
        # sampler
        for smp in ("tex", "%rd5", "%r5", "surf", "g"):
            out.append(pre + ", ".join([handle, smp] + parts[1:]) + post)
        # widths
        for k in (1, 2, 3, 4, 5, 8):
            if k != len(els):
                e2 = (els * 8)[:k]
                out.append(pre + ", ".join(parts[:-1] + ["{%s}" % ", ".join(e2)]) + post)
        # scalar coordinate
        for sc in (els[0], "%f7", "%r7", "%s7", "%u7", "%rd7", "1"):
            out.append(pre + ", ".join(parts[:-1] + [sc]) + post)
        # element substitutions
        kinds = ["%f9", "%r9", "%u9", "%s9", "%rd9", "%rs9", "%hh9", "1", "1.5", "0f3F800000", "_", "%tid.x", "-1"]
        for pos in range(len(els)):
            for kd in rnd.sample(kinds, 6):
                e2 = list(els)
                e2[pos] = kd
                out.append(pre + ", ".join(parts[:-1] + ["{%s}" % ", ".join(e2)]) + post)
        # all elements of one kind
        for kd in ("%f", "%r", "%u", "%s"):
            e2 = ["%s%d" % (kd, 20 + q) for q in range(len(els))]
            out.append(pre + ", ".join(parts[:-1] + ["{%s}" % ", ".join(e2)]) + post)
    # geometry swaps
    m = re.match(r"(\S+)", line)
    mn = m.group(1)
    for g in (".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms"):
        for g0 in (".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms"):
            if g0 + "." in mn + "." and g != g0:
                out.append(line.replace(mn, (mn + ".").replace(g0 + ".", g + ".", 1)[:-1], 1))
    # ctype swap
    for a, b in ((".f32.f32", ".f32.s32"), (".f32.s32", ".f32.f32"), (".s32.f32", ".s32.s32"),
                 (".u32.s32", ".u32.f32"), (".u32.f32", ".u32.s32")):
        if mn.endswith(a):
            out.append(line.replace(mn, mn[:-len(a)] + b, 1))
    return out


def main():
    rnd = random.Random(12)
    files = sys.argv[1:]
    base = []
    for f in files:
        text = open(f, errors="replace").read()
        regs, pref, tex, surf = decls(text)
        for raw in text.split("\n"):
            s = raw.strip()
            s = re.sub(r"^@!?%?\w+\s+", "", s)
            if not re.match(r"(%s)\." % "|".join(OPS), s):
                continue
            s = re.sub(r"\s+", " ", s.split("//")[0]).strip()
            n = normalise(s, regs, pref, tex, surf)
            if n:
                base.append(n)
    base = sorted(set(base))
    cases = set()
    for b in base:
        for vt in (("9.0", "sm_90"), ("3.0", "sm_20"), ("3.1", "sm_20"), ("4.3", "sm_30")):
            cases.add((vt[0], vt[1], b))
        ms = mutations(b, rnd)
        rnd.shuffle(ms)
        for mu in ms[:(30 if b.startswith("tex.") else 80)]:
            cases.add(("9.0", "sm_90", mu))
    for c in sorted(cases):
        print("holdout-tex\t%s\t%s\t%s" % c)
    print("base instructions: %d, cases: %d" % (len(base), len(cases)), file=sys.stderr)


if __name__ == "__main__":
    main()
