#!/usr/bin/env python3
"""Module-level mistakes written by hand, as a user writing PTX would make them (decls3, issue 12):
declarations, initialisers, linkage, function directives, parameters and calls. Not a generator:
each case is one small module, judged by ptxas 13.0 whole-program (`ptxas -arch=ARCH`) and
separately compiled (`-c`), recorded in testdata/ptxas/user-mistakes.tsv.gz (same columns as
testdata/ptxas/prototypes.tsv.gz) and replayed by PrototypeVerdictsTest.

    python3 scripts/ptxas-diff/decl/user_mistakes.py [--out FILE] [--jobs N]
"""
import argparse, concurrent.futures, os, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "calls"))
import verdict_files  # noqa: E402

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
H = ".version 8.7\n.target sm_90\n.address_size 64\n\n"
K = ".visible .entry k()\n{\n    ret;\n}\n"

# (name, module without the header unless it starts with .version)
CASES = [
    # initialisers
    ("init-int-for-float", ".global .f32 scale = 1;\n" + K),
    ("init-too-many", ".const .u32 table[3] = {1, 2, 3, 4};\n" + K),
    ("init-shared", ".shared .u32 buf[4] = {0, 0, 0, 0};\n" + K),
    ("init-forward-symbol", ".global .u64 ptr = data;\n.global .u32 data;\n" + K),
    ("init-unsized-no-init", ".global .u32 arr[];\n" + K),
    ("init-string", ".global .b8 msg[6] = \"hello\";\n" + K),
    ("init-vector-short", ".global .v4 .f32 v = {1.0, 2.0};\n" + K),
    ("init-extern", ".extern .global .u32 ext = 5;\n" + K),
    ("init-pred", ".global .pred flag = 1;\n" + K),
    ("init-f16", ".global .f16 h = 0x3C00;\n" + K),
    ("init-address-b64", ".global .u32 data;\n.global .b64 ptr = data;\n" + K),
    ("init-address-u32", ".global .u32 data;\n.global .u32 ptr = data;\n" + K),
    ("init-address-minus", ".global .u32 data[4];\n.global .u64 last = data-4;\n" + K),
    ("init-generic-function", ".func cb()\n{\n    ret;\n}\n.global .u64 fp = generic(cb);\n" + K),
    ("init-function-offset", ".func cb()\n{\n    ret;\n}\n.global .u64 fp = cb+8;\n" + K),
    ("init-register", ".global .u32 v = %r1;\n" + K),
    # declarations
    ("decl-align-3", ".global .align 3 .u32 x;\n" + K),
    ("decl-local-module", ".local .u32 scratch;\n" + K),
    ("decl-duplicate", ".global .u32 counter;\n.global .u32 counter;\n" + K),
    ("decl-variable-and-function", ".global .u32 helper;\n.func helper()\n{\n    ret;\n}\n" + K),
    ("decl-param-module", ".param .u32 p;\n" + K),
    ("decl-reg-module", ".reg .u32 r;\n" + K),
    # linkage
    ("link-common-const", ".common .const .u32 c;\n" + K),
    ("link-extern-after-definition", ".visible .global .u32 a;\n.extern .global .u32 a;\n" + K),
    ("link-extern-func-body", ".extern .func f(.param .b32 a)\n{\n    ret;\n}\n" + K),
    ("link-prototype-never-defined",
     ".func helper(.param .b32 a);\n.visible .entry k()\n{\n    .param .b32 x;\n    st.param.b32 [x], 1;\n"
     "    call helper, (x);\n    ret;\n}\n"),
    ("link-prototype-unused", ".visible .func helper();\n" + K),
    ("link-prototype-other-type", ".func scale(.param .b32 x);\n.func scale(.param .b64 x)\n{\n    ret;\n}\n" + K),
    ("link-prototype-after-definition", ".func scale(.param .b32 x)\n{\n    ret;\n}\n.func scale(.param .b32 x);\n" + K),
    ("link-extern-then-define", ".extern .func f();\n.visible .func f()\n{\n    ret;\n}\n" + K),
    ("link-prototype-without-visible", ".func f();\n.visible .func f()\n{\n    ret;\n}\n" + K),
    ("link-prototype-return-added", ".func f(.param .b32 a);\n.func (.param .b32 r) f(.param .b32 a)\n{\n    ret;\n}\n" + K),
    ("link-entry-prototype-func", ".func k2();\n.visible .entry k2()\n{\n    ret;\n}\n"),
    # function directives and header
    ("dir-maxntid-reqntid", ".visible .entry k() .maxntid 256, 1, 1 .reqntid 256\n{\n    ret;\n}\n"),
    ("dir-maxnreg-zero", ".visible .entry k() .maxnreg 0\n{\n    ret;\n}\n"),
    ("dir-minnctapersm-alone", ".visible .entry k() .minnctapersm 2\n{\n    ret;\n}\n"),
    ("dir-cluster-on-sm80", ".version 8.7\n.target sm_80\n.address_size 64\n\n.visible .entry k() .reqnctapercluster 2\n{\n    ret;\n}\n"),
    ("dir-version-too-old", ".version 7.0\n.target sm_90\n.address_size 64\n\n" + K),
    ("dir-address-size-32", ".version 8.7\n.target sm_90\n.address_size 32\n\n" + K),
    ("dir-target-twice", ".version 8.7\n.target sm_90\n.target sm_90\n.address_size 64\n\n" + K),
    ("dir-noreturn-entry", ".visible .entry k() .noreturn\n{\n    ret;\n}\n"),
    ("dir-maxntid-four", ".visible .entry k() .maxntid 8, 8, 8, 2\n{\n    ret;\n}\n"),
    # parameters
    ("param-store-kernel-param", ".visible .entry k(.param .u32 n)\n{\n    st.param.u32 [n], 1;\n    ret;\n}\n"),
    ("param-reg-in-entry", ".visible .entry k(.reg .u32 n)\n{\n    ret;\n}\n"),
    ("param-duplicate", ".visible .entry k(.param .u32 n, .param .u32 n)\n{\n    ret;\n}\n"),
    ("param-u16-called",
     ".func f(.param .u16 x)\n{\n    ret;\n}\n.visible .entry k()\n{\n    .param .u16 y;\n    st.param.u16 [y], 1;\n"
     "    call f, (y);\n    ret;\n}\n"),
    ("param-vector-func", ".func f(.param .v2 .f32 x)\n{\n    ret;\n}\n" + K),
    # calls
    ("call-missing-return-list",
     ".func (.param .b32 r) f(.param .b32 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n    .param .b32 x;\n"
     "    st.param.b32 [x], 1;\n    call f, (x);\n    ret;\n}\n"),
    ("call-extra-argument",
     ".func f(.param .b32 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n    .reg .b32 %r<3>;\n"
     "    call f, (%r1, %r2);\n    ret;\n}\n"),
    ("call-wide-return",
     ".func (.param .b32 r) f()\n{\n    ret;\n}\n.visible .entry k()\n{\n    .reg .b64 %rd<2>;\n"
     "    call (%rd1), f;\n    ret;\n}\n"),
    ("call-kernel", ".visible .entry e()\n{\n    ret;\n}\n.visible .entry k()\n{\n    call e;\n    ret;\n}\n"),
    ("call-before-definition",
     ".visible .entry k()\n{\n    call g;\n    ret;\n}\n.func g()\n{\n    ret;\n}\n"),
    ("call-float-to-u32",
     ".func f(.param .u32 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n    call f, (1.5);\n    ret;\n}\n"),
    ("call-indirect-no-prototype",
     ".func f(.param .b32 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n    .reg .b64 %rd<2>;\n    .reg .b32 %r<2>;\n"
     "    mov.u64 %rd1, f;\n    call %rd1, (%r1);\n    ret;\n}\n"),
    ("call-indirect-wrong-count",
     ".func f(.param .b32 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n    .reg .b64 %rd<2>;\n    .reg .b32 %r<3>;\n"
     "    mov.u64 %rd1, f;\nproto:\n    .callprototype _ (.param .b32 _);\n    call %rd1, (%r1, %r2), proto;\n    ret;\n}\n"),
    ("call-indirect-wrong-type",
     ".func f(.param .b32 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n    .reg .b64 %rd<3>;\n"
     "    mov.u64 %rd1, f;\nproto:\n    .callprototype _ (.param .b32 _);\n    call %rd1, (%rd2), proto;\n    ret;\n}\n"),
    ("call-targets-mismatch",
     ".func f(.param .b32 a)\n{\n    ret;\n}\n.func g(.param .b64 a)\n{\n    ret;\n}\n.visible .entry k()\n{\n"
     "    .reg .b64 %rd<2>;\n    .reg .b32 %r<2>;\n    mov.u64 %rd1, f;\nts:\n    .calltargets f, g;\n"
     "    call %rd1, (%r1), ts;\n    ret;\n}\n"),
    ("call-return-constant",
     ".func (.param .b32 r) f()\n{\n    ret;\n}\n.visible .entry k()\n{\n    call (0), f;\n    ret;\n}\n"),
]


def judge1(path, arch, extra):
    try:
        p = subprocess.run([PTXAS, "-arch=" + arch, *extra, path, "-o", "/dev/null"], capture_output=True, text=True,
                           timeout=60)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    msgs = [l.split(": ", 1)[-1].strip() for l in p.stderr.splitlines()
            if ("error" in l or "fatal" in l) and "aborted" not in l]
    if p.returncode < 0:
        return "crash", f"ptxas killed by signal {-p.returncode}"
    return ("ok" if p.returncode == 0 else "error"), (msgs[0] if msgs else "")[:160]


def module(text):
    return text if text.startswith(".version") else H + text


def judge(text):
    arch = re.search(r"\.target (sm_\d+a?)", text).group(1)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as t:
        t.write(text)
    try:
        w, wm = judge1(t.name, arch, [])
        c, cm = judge1(t.name, arch, ["-c"])
        return w, c, wm or cm
    finally:
        os.unlink(t.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__),
                                                  "../../../testdata/ptxas/user-mistakes.tsv.gz"))
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    names = [n for n, _ in CASES]
    assert len(names) == len(set(names)), "duplicate case names"
    cs = [(n, module(t)) for n, t in CASES]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        verdicts = list(ex.map(lambda c: judge(c[1]), cs))
    verdict_files.write(a.out, "ptxas 13.0 verdicts on hand-written module-level mistakes (scripts/ptxas-diff/"
                        "decl/user_mistakes.py): case, verdict of ptxas -arch=TARGET, verdict with -c, first message, "
                        "module (\\n for new lines)",
                        [(name, text, cols) for (name, text), cols in zip(cs, verdicts)])
    print(f"{len(cs)} cases, {sum(w == 'ok' for w, _, _ in verdicts)} ok whole, "
          f"{sum(c == 'ok' for _, c, _ in verdicts)} ok -c -> {a.out}")


if __name__ == "__main__":
    main()
