#!/usr/bin/env python3
"""Measures how ptxas checks a direct call's values against the callee's formal parameters
(PTX0285, PTX0286) and records the verdicts in testdata/ptxas/calls.tsv.gz, which CallVerdictsTest
replays without CUDA.

Every formal parameter declaration (scalars of each measured type, arrays of several sizes and
alignments, a vector, a predicate) is crossed with every kind of value (a .param variable of each of
those declarations, registers of every register type, integer and floating-point constants), once
in the argument list and once in the return list; plus the counts of both lists and a kernel as the
callee. One module per case, judged by `ptxas -arch=sm_90 FILE -o /dev/null`: `ok`, `error` (a
message, or a failing exit), or `crash` (killed by a signal: an integer constant in the return
list, which ptxlint must report as an error as well). Indirect calls (indirect_cases): the same
values against the formal of a .callprototype (11 formal types), and the counts of both lists
through a .callprototype and through a .calltargets list.

    python3 scripts/ptxas-diff/calls/probe_calls.py [--out testdata/ptxas/calls.tsv.gz] [--jobs N] [--reuse]
"""
import argparse, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verdict_files  # noqa: E402

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
H = ".version 8.7\n.target sm_90\n.address_size 64\n"
DECL = {
    "b8": ".b8", "u8": ".u8", "s8": ".s8", "b16": ".b16", "u16": ".u16", "s16": ".s16", "f16": ".f16",
    "b32": ".b32", "u32": ".u32", "s32": ".s32", "f32": ".f32", "b64": ".b64", "u64": ".u64", "s64": ".s64",
    "f64": ".f64", "b128": ".b128", "pred": ".pred", "v2u32": ".v2 .u32",
    "a4": ".align 4 .b8 X[4]", "a4b": ".b8 X[4]", "a8": ".align 8 .b8 X[8]", "a8w": ".align 4 .b8 X[8]",
    "a16": ".align 16 .b8 X[16]", "u32x2": ".u32 X[2]",
}
REGS = {"r": "%r1", "rd": "%rd1", "f": "%f1", "h": "%h1", "u": "%u1", "fd": "%fd1", "p": "%p1", "b": "%b1",
        "q": "%q1", "hf": "%hf1", "imm": "1", "neg": "-1", "fimm": "0f3F800000", "dimm": "0d3FF0000000000000"}
REGDECL = (".reg .b32 %r<2>; .reg .b64 %rd<2>; .reg .f32 %f<2>; .reg .b16 %h<2>; .reg .u32 %u<2>; "
           ".reg .f64 %fd<2>; .reg .pred %p<2>; .reg .b8 %b<2>; .reg .b128 %q<2>; .reg .f16 %hf<2>;")


def pdecl(name, t):
    d = DECL[t]
    return ".param " + (d.replace("X", name) if "X" in d else d + " " + name)


def cases():
    for ft in DECL:
        for at in list(DECL) + list(REGS):
            # the argument list
            func = H + ".func (.param .b32 r) f(" + pdecl("a", ft) + ")\n{\nret;\n}\n"
            body = ".entry k()\n{\n" + REGDECL + "\n.param .b32 z;\n"
            body += (pdecl("x", at) + ";\ncall (z), f, (x);\n") if at in DECL else "call (z), f, (" + REGS[at] + ");\n"
            yield f"arg {ft} {at}", func + body + "ret;\n}\n"
            # the return list
            func = H + ".func (" + pdecl("r", ft) + ") f(.param .b32 a)\n{\nret;\n}\n"
            body = ".entry k()\n{\n" + REGDECL + "\n.param .b32 x;\n"
            body += (pdecl("z", at) + ";\ncall (z), f, (x);\n") if at in DECL else "call (" + REGS[at] + "), f, (x);\n"
            yield f"ret {ft} {at}", func + body + "ret;\n}\n"
    f2 = H + ".func (.param .b32 r) f(.param .b32 a, .param .b64 b)\n{\nret;\n}\n.func g()\n{\nret;\n}\n.entry e()\n{\nret;\n}\n"
    k = ".entry k()\n{\n.param .b32 x;\n.param .b64 y;\n.param .b32 z;\n"
    for name, call in [("ok", "call (z), f, (x, y);"), ("no-return-list", "call f, (x, y);"),
                       ("two-returns", "call (z, x), f, (x, y);"), ("one-argument", "call (z), f, (x);"),
                       ("three-arguments", "call (z), f, (x, y, z);"), ("no-argument-list", "call (z), f;"),
                       ("void-ok", "call g;"), ("void-with-return", "call (z), g;"), ("void-with-argument", "call g, (x);"),
                       ("void-empty-lists", "call g, ();"), ("kernel", "call e;"), ("uni", "call.uni (z), f, (x, y);")]:
        yield f"count {name} -", f2 + k + call + "\nret;\n}\n"


PROTO = {"b32": ".b32", "u32": ".u32", "f32": ".f32", "b64": ".b64", "u64": ".u64", "f64": ".f64", "b16": ".b16",
         "u16": ".u16", "b8": ".b8", "a8": ".align 8 .b8 _[8]", "a16": ".align 16 .b8 _[16]"}


def pproto(t):
    d = PROTO[t]
    return ".param " + (d if "_" in d else d + " _")


def indirect_cases():
    """Indirect calls (decls3): call (r), %rd1, (a), PROTO; through a .callprototype label and through a
    .calltargets list, the same values against the prototype's formal (argument and return list), and
    the counts of both lists."""
    fdefs = (".func (.param .b32 r) f(.param .b32 a)\n{\nret;\n}\n"
             ".func (.param .b32 r) g(.param .b32 a, .param .b64 b)\n{\nret;\n}\n"
             ".func h(.param .b64 a)\n{\nret;\n}\n")
    for ft in PROTO:
        for at in list(DECL) + list(REGS):
            k = H + fdefs + ".entry k()\n{\n" + REGDECL + "\n.param .b32 z;\n.param .b32 x;\nmov.u64 %rd1, f;\n"
            proto = "proto: .callprototype (.param .b32 _) _ (" + pproto(ft) + ");\n"
            val = (pdecl("y", at) + ";\n", "y") if at in DECL else ("", REGS[at])
            yield f"indirect-arg {ft} {at}", k + proto + val[0] + "call (z), %rd1, (" + val[1] + "), proto;\nret;\n}\n"
            proto = "proto: .callprototype (" + pproto(ft) + ") _ (.param .b32 _);\n"
            yield f"indirect-ret {ft} {at}", k + proto + val[0] + "call (" + val[1] + "), %rd1, (x), proto;\nret;\n}\n"
    k = H + fdefs + ".entry k()\n{\n.reg .b64 %rd<2>;\n.param .b32 x;\n.param .b64 y;\n.param .b32 z;\nmov.u64 %rd1, f;\n"
    p1 = "proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
    p0 = "proto: .callprototype _ ();\n"
    for name, body in [("ok", p1 + "call (z), %rd1, (x), proto;"), ("two-arguments", p1 + "call (z), %rd1, (x, x), proto;"),
                       ("no-arguments", p1 + "call (z), %rd1, proto;"), ("no-return-list", p1 + "call %rd1, (x), proto;"),
                       ("two-returns", p1 + "call (z, x), %rd1, (x), proto;"), ("void-ok", p0 + "call %rd1, (), proto;"),
                       ("void-with-return", p0 + "call (z), %rd1, (), proto;"), ("void-bare", p0 + "call %rd1, proto;"),
                       ("void-with-argument", p0 + "call %rd1, (x), proto;"),
                       ("noreturn", "proto: .callprototype _ (.param .b32 _) .noreturn;\ncall %rd1, (x), proto;"),
                       ("targets-ok", "t: .calltargets f;\ncall (z), %rd1, (x), t;"),
                       ("targets-two", "t: .calltargets f, g;\ncall (z), %rd1, (x), t;"),
                       ("targets-g", "t: .calltargets g;\ncall (z), %rd1, (x), t;"),
                       ("targets-g-ok", "t: .calltargets g;\ncall (z), %rd1, (x, y), t;"),
                       ("targets-type", "t: .calltargets f;\ncall (z), %rd1, (y), t;"),
                       ("targets-h", "t: .calltargets h;\ncall %rd1, (y), t;"),
                       ("targets-h-return", "t: .calltargets h;\ncall (z), %rd1, (y), t;"),
                       ("targets-f-h", "t: .calltargets f, h;\ncall (z), %rd1, (x), t;"),
                       ("uni", p1 + "call.uni (z), %rd1, (x), proto;"),
                       ("proto-after", "call (z), %rd1, (x), proto;\n" + p1),
                       ("proto-after-wrong", "call (z), %rd1, (x, x), proto;\n" + p1)]:
        yield f"indirect-count {name} -", k + body + "\nret;\n}\n"


def judge(text):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as t:
        t.write(text)
    try:
        p = subprocess.run([PTXAS, "-arch=sm_90", t.name, "-o", "/dev/null"], capture_output=True, text=True, timeout=60)
        msgs = [l.split(": ", 1)[-1].strip() for l in p.stderr.splitlines()
                if ("error" in l or "fatal" in l) and "aborted" not in l]
        if p.returncode < 0:
            return "crash", f"ptxas killed by signal {-p.returncode}"
        return ("ok" if p.returncode == 0 else "error"), (msgs[0] if msgs else "")[:160]
    finally:
        os.unlink(t.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "../../../testdata/ptxas/calls.tsv.gz"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--reuse", action="store_true", help="keep the verdicts recorded in --out for the same module")
    a = ap.parse_args()
    cs = list(cases()) + list(indirect_cases())
    old = verdict_files.read(a.out) if a.reuse else {}
    verdicts = verdict_files.judge(cs, old, judge, a.jobs)
    verdict_files.write(a.out, "ptxas 13.0 verdicts on direct calls (scripts/ptxas-diff/calls/probe_calls.py): "
                        "case, verdict, first message, module (\\n for new lines)",
                        [(name, text, cols) for (name, text), cols in sorted(zip(cs, verdicts))])
    print(f"{len(cs)} cases, {sum(v == 'ok' for v, _ in verdicts)} ok -> {a.out}")


if __name__ == "__main__":
    main()
