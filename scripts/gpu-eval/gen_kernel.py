#!/usr/bin/env python3
"""Turn a vector file (see gen_vectors.py) into one PTX module: one .entry per instruction form.

Kernel k<N> evaluates form N: thread i reads vector i of that form from `in` (three u64 per
vector: a, b, c, zero-extended), runs the real instruction once, and writes one u64 to `out`:
setp -> p | q << 1 (p only for .f16/.bf16), set/selp/slct/vset/vset2/vset4 -> d zero-extended.
Operands are held in .b16/.b32/.b64 registers, which ptxas accepts for every type involved; the
video forms' selectors (':d.h1:a.h01:b.h32' in the vector file) go on the register operands.

    gen_kernel.py VECTORS -o kernel.ptx [--target sm_90]

The module is `.version 7.8` (the lowest that has setp/set .bf16) for `.target sm_90`; with an
older --target the .bf16/.bf16x2 set/setp forms, which need sm_90, are left out (and reported).
"""
import argparse, sys

WIDTH = {"b16": 16, "b32": 32, "b64": 64, "u16": 16, "u32": 32, "u64": 64, "s16": 16, "s32": 32, "s64": 64,
         "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f16x2": 32, "bf16x2": 32}
BOOL = ("and", "or", "xor")
VIDEO = ("vset", "vset2", "vset4")


class Form:
    """A parsed form: opcode, its modifiers and types."""

    def __init__(self, text):
        self.text = text
        self.sel = {}
        self.video_c = False
        if text.split(".")[0] in VIDEO:
            self._video(text)
            return
        parts = text.split(".")
        self.opcode = parts[0]
        mods = parts[1:]
        self.ftz = "ftz" in mods
        self.bool = next((m for m in mods if m in BOOL), None)
        types = [m for m in mods if m in WIDTH]
        rest = [m for m in mods if m not in WIDTH and m != "ftz" and m not in BOOL]
        if self.opcode == "setp":
            (self.cmp,), (self.stype,) = rest, types
            self.dtype = None
        elif self.opcode == "set":
            (self.cmp,), (self.dtype, self.stype) = rest, types
        elif self.opcode == "selp":
            assert not rest and len(types) == 1, text
            self.cmp, self.dtype, self.stype = None, types[0], types[0]
        elif self.opcode == "slct":
            assert not rest and len(types) == 2 and types[1] in ("s32", "f32"), text
            self.cmp, self.dtype, self.ctype = None, types[0], types[1]
            self.stype = types[0]
        else:
            raise ValueError("unknown form " + text)

    def _video(self, text):
        head, *suffixes = text.split(":")
        parts = head.split(".")
        self.opcode = parts[0]
        self.atype, self.btype, self.cmp = parts[1], parts[2], parts[3]
        assert self.atype in ("u32", "s32") and self.btype in ("u32", "s32"), text
        self.op2 = parts[4] if len(parts) > 4 else None
        assert len(parts) <= 5 and self.op2 in (None, "add", "min", "max"), text
        for suf in suffixes:
            if suf == "c":
                self.video_c = True
            else:
                slot, sel = suf.split(".")
                assert slot in ("d", "a", "b") and slot not in self.sel, text
                self.sel[slot] = sel
        self.ftz, self.bool = False, None
        self.dtype, self.stype = "u32", "u32"

    def needs_c(self):
        if self.opcode == "vset":
            return self.video_c or self.op2 is not None or "d" in self.sel
        if self.opcode in VIDEO:
            return True
        return self.bool is not None or self.opcode in ("selp", "slct")

    def needs_sm90(self):
        return self.opcode in ("set", "setp") and (self.stype.startswith("bf16") or (self.dtype or "").startswith("bf16"))


def parse_vectors(path):
    """[(line, Form text, negated c, a, b, c)] in file order."""
    res = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            tok = line.split()
            form = tok[0]
            neg = False
            c = 0
            if len(tok) == 4:
                ct = tok[3]
                if ct.startswith("!"):
                    neg, ct = True, ct[1:]
                c = int(ct, 16)
            elif len(tok) != 3:
                raise ValueError("%s:%d: expected FORM A B [C]: %r" % (path, n, line))
            res.append((line, form, neg, int(tok[1], 16), int(tok[2], 16), c))
    return res


def kernel_keys(vectors):
    """Distinct (form, negated) in first-appearance order."""
    seen = {}
    for _, form, neg, _, _, _ in vectors:
        seen.setdefault((form, neg), len(seen))
    return list(seen)


def reg(width, i):
    return {16: "%%h%d", 32: "%%r%d", 64: "%%rd%d"}[width] % i


def video_body(f):
    def op(r, slot):
        return r + ("." + f.sel[slot] if slot in f.sel else "")
    lines = ["cvt.u32.u64 %r10, %rd5;", "cvt.u32.u64 %r11, %rd6;"]
    ops = [op("%r12", "d"), op("%r10", "a"), op("%r11", "b")]
    if f.needs_c():
        lines.append("cvt.u32.u64 %r13, %rd7;")
        ops.append("%r13")
    lines.append("%s %s;" % (f.text.split(":")[0], ", ".join(ops)))
    lines.append("cvt.u64.u32 %rd10, %r12;")
    return lines


def body(form, neg):
    f = Form(form)
    if f.opcode in VIDEO:
        return video_body(f)
    w = WIDTH[f.stype]
    lines = []
    # operands a, b from %rd5, %rd6
    if w == 64:
        a, b = "%rd5", "%rd6"
    elif w == 32:
        lines += ["cvt.u32.u64 %r10, %rd5;", "cvt.u32.u64 %r11, %rd6;"]
        a, b = "%r10", "%r11"
    else:
        lines += ["cvt.u16.u64 %h10, %rd5;", "cvt.u16.u64 %h11, %rd6;"]
        a, b = "%h10", "%h11"
    c = ("!" if neg else "") + "%pc"
    if f.opcode in ("setp", "set") and f.bool or f.opcode == "selp":
        lines.append("setp.ne.u64 %pc, %rd7, 0;")
    if f.opcode == "setp":
        tail = ", " + c if f.bool else ""
        if f.stype in ("f16", "bf16"):
            lines.append("%s %%pp, %s, %s%s;" % (form, a, b, tail))
            lines.append("selp.u64 %rd10, 1, 0, %pp;")
        else:
            lines.append("%s %%pp|%%pq, %s, %s%s;" % (form, a, b, tail))
            lines += ["selp.u64 %rd10, 1, 0, %pp;", "selp.u64 %rd11, 2, 0, %pq;", "or.b64 %rd10, %rd10, %rd11;"]
        return lines
    dw = WIDTH[f.dtype]
    d = reg(dw, 12)
    if f.opcode == "set":
        tail = ", " + c if f.bool else ""
        lines.append("%s %s, %s, %s%s;" % (form, d, a, b, tail))
    elif f.opcode == "selp":
        lines.append("%s %s, %s, %s, %%pc;" % (form, d, a, b))
    else:  # slct
        lines.append("cvt.u32.u64 %r13, %rd7;")
        lines.append("%s %s, %s, %s, %%r13;" % (form, d, a, b))
    if dw == 64:
        lines.append("mov.b64 %%rd10, %s;" % d)
    else:
        lines.append("cvt.u64.u%d %%rd10, %s;" % (dw, d))
    return lines


def entry(idx, form, neg):
    out = [".visible .entry k%d(.param .u64 pin, .param .u64 pout, .param .u32 pn)" % idx, "{",
           "  .reg .pred %pp, %pq, %pc, %pexit;", "  .reg .b16 %h<16>;", "  .reg .b32 %r<16>;",
           "  .reg .b64 %rd<16>;",
           "  // %s%s" % (form, " !c" if neg else ""),
           "  ld.param.u64 %rd1, [pin];", "  ld.param.u64 %rd2, [pout];", "  ld.param.u32 %r1, [pn];",
           "  mov.u32 %r2, %ctaid.x;", "  mov.u32 %r3, %ntid.x;", "  mov.u32 %r4, %tid.x;",
           "  mad.lo.u32 %r5, %r2, %r3, %r4;", "  setp.ge.u32 %pexit, %r5, %r1;", "  @%pexit bra DONE;",
           "  cvta.to.global.u64 %rd1, %rd1;", "  cvta.to.global.u64 %rd2, %rd2;",
           "  mul.wide.u32 %rd3, %r5, 24;", "  add.s64 %rd4, %rd1, %rd3;",
           "  ld.global.u64 %rd5, [%rd4];", "  ld.global.u64 %rd6, [%rd4+8];", "  ld.global.u64 %rd7, [%rd4+16];",
           "  mul.wide.u32 %rd8, %r5, 8;", "  add.s64 %rd9, %rd2, %rd8;"]
    out += ["  " + l for l in body(form, neg)]
    out += ["  st.global.u64 [%rd9], %rd10;", "DONE:", "  ret;", "}", ""]
    return "\n".join(out)


def build_ptx(keys, target="sm_90"):
    """The module text and the list of keys it contains (forms needing sm_90 dropped below it)."""
    sm = int("".join(ch for ch in target if ch.isdigit()))
    kept = [k for k in keys if sm >= 90 or not Form(k[0]).needs_sm90()]
    head = "// generated by scripts/gpu-eval/gen_kernel.py: %d forms\n.version 7.8\n.target %s\n.address_size 64\n\n" % (
        len(kept), target)
    return head + "\n".join(entry(i, f, n) for i, (f, n) in enumerate(kept)), kept


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vectors")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--target", default="sm_90")
    a = ap.parse_args()
    keys = kernel_keys(parse_vectors(a.vectors))
    ptx, kept = build_ptx(keys, a.target)
    if len(kept) < len(keys):
        print("gen_kernel: %d forms need sm_90 and were left out" % (len(keys) - len(kept)), file=sys.stderr)
    (sys.stdout if a.output == "-" else open(a.output, "w")).write(ptx)
    print("gen_kernel: %d kernels" % len(kept), file=sys.stderr)


if __name__ == "__main__":
    main()
