#!/usr/bin/env python3
"""Measures how ptxas checks the declarations of one function against each other and against the
end of the module (PTX0130, PTX0131), and records the verdicts in testdata/ptxas/prototypes.tsv.gz,
which PrototypeVerdictsTest replays without CUDA.

Cases, one module each (header `.version 8.7 / .target sm_90 / .address_size 64`):

* `single`: one declaration of f without a body, each linkage (none, .visible, .weak, .extern),
  a .func or an .entry, not used, called, or its address taken (mov) by a kernel.
* `pair`: two declarations of f (each with each linkage, with or without a body), same signature.
* `sig`: a prototype then a definition (and a prototype then a prototype) whose signatures differ
  in one way (parameter count, types, alignment, array size, return list, .noreturn, names).
* `var`: a module variable declared twice, each pair of linkages, and with another type, size,
  state space, alignment or initialiser (where .extern may meet a definition).

Each module is judged twice, whole-program (`ptxas -arch=sm_90 FILE`) and separately compiled
(`ptxas -arch=sm_90 -c FILE`): `ok`, `error` (a message or a failing exit) or `crash`.

    python3 scripts/ptxas-diff/calls/probe_prototypes.py [--out testdata/ptxas/prototypes.tsv.gz] [--jobs N] [--reuse]
"""
import argparse, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verdict_files  # noqa: E402

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
H = ".version 8.7\n.target sm_90\n.address_size 64\n"
LINK = {"none": "", "visible": ".visible ", "weak": ".weak ", "extern": ".extern "}
KERNEL = {
    "unused": ".visible .entry k()\n{\nret;\n}\n",
    "called": ".visible .entry k()\n{\n.param .b32 x;\nst.param.b32 [x], 1;\ncall f, (x);\nret;\n}\n",
    "address": ".visible .entry k()\n{\n.reg .b64 %rd<2>;\nmov.u64 %rd1, f;\nret;\n}\n",
}
# (returns, parameters, after the parameters): each differs from "base" in one way
SIG = {
    "base": ("", "(.param .b32 a)", ""),
    "name": ("", "(.param .b32 b)", ""),
    "u32": ("", "(.param .u32 a)", ""),
    "s32": ("", "(.param .s32 a)", ""),
    "f32": ("", "(.param .f32 a)", ""),
    "b64": ("", "(.param .b64 a)", ""),
    "align": ("", "(.param .align 4 .b32 a)", ""),
    "two": ("", "(.param .b32 a, .param .b32 b)", ""),
    "none": ("", "()", ""),
    "ret": ("(.param .b32 r) ", "(.param .b32 a)", ""),
    "noreturn": ("", "(.param .b32 a)", " .noreturn"),
    "reg": ("", "(.reg .b32 a)", ""),
    "arr4": ("", "(.param .align 4 .b8 a[4])", ""),
    "arr4a8": ("", "(.param .align 8 .b8 a[4])", ""),
    "arr8": ("", "(.param .align 4 .b8 a[8])", ""),
    "arr4u": ("", "(.param .b8 a[4])", ""),
    "v2": ("", "(.param .v2 .b32 a)", ""),
    "one": ("", "(.param .align 4 .b32 a[1])", ""),
    "u64": ("", "(.param .u64 a)", ""),
}


def decl(link, kind, sig, body):
    r, p, after = SIG[sig]
    head = LINK[link] + kind + " " + (r if kind == ".func" else "") + "f" + p + after
    return head + ("\n{\nret;\n}\n" if body else ";\n")


def cases():
    for link in LINK:
        for kind in (".func", ".entry"):
            for use in KERNEL:
                if kind == ".entry" and use != "unused":
                    continue
                yield f"single {link}{kind} {use}", H + decl(link, kind, "base", False) + KERNEL[use]
            yield f"single {link}{kind} defined", H + decl(link, kind, "base", True) + KERNEL["unused"]
    for l1 in LINK:
        for b1 in (False, True):
            for l2 in LINK:
                for b2 in (False, True):
                    for kind in (".func", ".entry"):
                        n = f"pair {l1}{'{}' if b1 else ';'} {l2}{'{}' if b2 else ';'} {kind}"
                        yield n, H + decl(l1, kind, "base", b1) + decl(l2, kind, "base", b2) + KERNEL["unused"]
    for s1 in SIG:
        for s2 in SIG:
            yield f"sig {s1} {s2} definition", H + decl("none", ".func", s1, False) + decl("none", ".func", s2, True) \
                + KERNEL["unused"]
            yield f"sig {s1} {s2} prototype", H + decl("none", ".func", s1, False) + decl("none", ".func", s2, False) \
                + KERNEL["unused"] + decl("none", ".func", s1, True)


    # the kind, three declarations, and .alias as the definition
    yield "kind .func; .entry{}", H + decl("none", ".func", "base", False) + decl("none", ".entry", "base", True)
    yield "kind .entry; .func{}", H + decl("none", ".entry", "base", False) + decl("none", ".func", "base", True)
    for l1, l2, l3 in (("visible", "none", "visible"), ("none", "none", "none"), ("weak", "none", "weak"),
                       ("visible", "none", "none"), ("weak", "none", "visible"), ("none", "visible", "visible"),
                       ("extern", "extern", "none")):
        yield f"three {l1}; {l2}; {l3}{{}}", H + decl(l1, ".func", "base", False) + decl(l2, ".func", "base", False) \
            + decl(l3, ".func", "base", True) + KERNEL["unused"]
    g = decl("none", ".func", "base", False).replace("f(", "g(")
    yield "alias unused", H + g + decl("none", ".func", "base", True) + ".alias g, f;\n" + KERNEL["unused"]
    yield "alias called", H + g + decl("none", ".func", "base", True) + ".alias g, f;\n" \
        + KERNEL["called"].replace("call f", "call g")
    yield "alias before definition", H + g + decl("none", ".func", "base", False) + ".alias g, f;\n" \
        + decl("none", ".func", "base", True) + KERNEL["unused"]


    # module variables declared twice (decls3): each pair of linkages, then types, sizes and spaces
    use = ".visible .entry k()\n{\n.reg .b64 %rd<2>;\nmov.u64 %rd1, a;\nret;\n}\n"
    for l1 in LINK:
        for l2 in LINK:
            yield f"var {l1} {l2}", H + LINK[l1] + ".global .u32 a;\n" + LINK[l2] + ".global .u32 a;\n" + use
    for name, d1, d2 in (("type", ".extern .global .u32 a;", ".visible .global .u64 a;"),
                         ("sign", ".extern .global .u32 a;", ".visible .global .s32 a;"),
                         ("unsized", ".extern .global .u32 a[];", ".visible .global .u32 a[4];"),
                         ("sizes", ".extern .global .u32 a[4];", ".visible .global .u32 a[8];"),
                         ("unsized-after", ".visible .global .u32 a[4];", ".extern .global .u32 a[];"),
                         ("space", ".extern .global .u32 a;", ".visible .shared .u32 a;"),
                         ("init", ".extern .global .u32 a;", ".visible .global .u32 a = 5;"),
                         ("align", ".extern .global .u32 a;", ".visible .global .align 8 .u32 a;"),
                         ("const", ".extern .const .u32 a;", ".visible .const .u32 a = 1;"),
                         ("vector", ".extern .global .v2 .u32 a;", ".visible .global .u32 a;"),
                         ("extern-twice-after", ".visible .global .u32 a;\n.extern .global .u32 a;", ".extern .global .u32 a;"),
                         ("define-twice", ".extern .global .u32 a;\n.visible .global .u32 a;", ".weak .global .u32 a;"),
                         ("function", ".func a()\n{\nret;\n}", ".extern .global .u32 a;")):
        yield f"var-{name} - -", H + d1 + "\n" + d2 + "\n" + use


def judge1(path, extra):
    p = subprocess.run([PTXAS, "-arch=sm_90", *extra, path, "-o", "/dev/null"], capture_output=True, text=True,
                       timeout=60)
    msgs = [l.split(": ", 1)[-1].strip() for l in p.stderr.splitlines()
            if ("error" in l or "fatal" in l) and "aborted" not in l]
    if p.returncode < 0:
        return "crash", f"ptxas killed by signal {-p.returncode}"
    return ("ok" if p.returncode == 0 else "error"), (msgs[0] if msgs else "")[:160]


def judge(text):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as t:
        t.write(text)
    try:
        w, wm = judge1(t.name, [])
        c, cm = judge1(t.name, ["-c"])
        return w, c, wm or cm
    finally:
        os.unlink(t.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "../../../testdata/ptxas/prototypes.tsv.gz"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true", help="keep the verdicts recorded in --out for the same module")
    a = ap.parse_args()
    cs = list(cases())
    old = verdict_files.read(a.out) if a.reuse else {}
    verdicts = verdict_files.judge(cs, old, judge, a.jobs)
    verdict_files.write(a.out, "ptxas 13.0 verdicts on a function's declarations (scripts/ptxas-diff/calls/"
                        "probe_prototypes.py): case, verdict of ptxas -arch=sm_90, verdict of ptxas -arch=sm_90 -c, "
                        "first message, module (\\n for new lines)",
                        [(name, text, cols) for (name, text), cols in sorted(zip(cs, verdicts))])
    print(f"{len(cs)} cases, {sum(w == 'ok' for w, _, _ in verdicts)} ok whole, "
          f"{sum(c == 'ok' for _, c, _ in verdicts)} ok -c -> {a.out}")


if __name__ == "__main__":
    main()
