#!/usr/bin/env python3
"""Measure how ptxas (CUDA 13.0) turns a PTX literal into the bits of an operand.

For every (type, literal) case two things are compiled with `ptxas -arch=sm_90`:

  init  `.visible .global .TYPE g = LIT;`   -> the bytes ptxas writes to .nv.global.init
  mov   `mov.TYPE %x, LIT; st.global.TYPE [out], %x;`
        -> the immediates of the SASS instructions in .text.k

No disassembler is needed: on sm_90 every SASS instruction is 128 bits, and the instructions that
materialise a constant in a register (MOV R, imm32 = opcode 0x802; IMAD.MOV.U32 R, RZ, RZ, imm32 =
0x435 on this ptxas) carry the 32-bit immediate in bits 32..63 and the destination register in bits
16..23. A 64-bit constant is built from two such instructions (low word in the even register, high
word in the odd one); a zero word uses RZ and needs no instruction, so a missing word reads as 0.
The script checks that the `mov` value equals the `init` value and prints a Markdown table.

Usage: measure.py [--ptxas PATH] [--cases FILE]  (default: the built-in list below)
"""
import argparse, os, struct, subprocess, sys, tempfile

WIDTH = {"f32": 4, "b32": 4, "u32": 4, "s32": 4, "f64": 8, "b64": 8, "u64": 8, "s64": 8,
         "u16": 2, "s16": 2, "b16": 2, "u8": 1, "s8": 1, "b8": 1, "f16": 2, "bf16": 2}
REG = {1: "b16", 2: "b16", 4: "b32", 8: "b64"}  # register type used for the mov/st test
MOVABLE = {"f32", "f64", "b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"}

CASES = """
# f32 instruction type, 0d literal (f64 bits) -> f32
f32 0d3FF0000000000001    1 + 2^-52
f32 0d3FF0000010000000    1 + 2^-24 (exactly half an f32 ulp; even neighbour is 1.0)
f32 0d3FF0000010000001    just above half an ulp
f32 0d3FF000000FFFFFFF    just below half an ulp
f32 0d3FF0000030000000    1 + 3*2^-24 (half way, even neighbour above)
f32 0dBFF0000010000001    negative, just above half
f32 0dBFF0000030000000    negative half way, even above in magnitude
f32 0d47EFFFFFE0000000    FLT_MAX
f32 0d47EFFFFFEFFFFFFF    FLT_MAX + just under half an ulp
f32 0d47EFFFFFF0000000    FLT_MAX + half an ulp (RNE -> inf)
f32 0dC7EFFFFFF0000000    -(FLT_MAX + half an ulp)
f32 0d47F0000000000000    2^128
f32 0d7FF0000000000000    +inf
f32 0dFFF0000000000000    -inf
f32 0d7FF8000000000000    quiet NaN
f32 0dFFF8000000000000    negative quiet NaN
f32 0d7FF0000000000001    signalling NaN, lowest payload bit
f32 0d7FF4000000000000    signalling NaN, top payload bit below the quiet bit
f32 0d7FF0000020000000    signalling NaN, payload bit that maps to f32 bit 0
f32 0d7FFFFFFFFFFFFFFF    NaN, all payload bits
f32 0d8000000000000000    -0
f32 0d3810000000000000    2^-126 (min normal f32)
f32 0d380FFFFFF0000000    half way between max subnormal and min normal
f32 0d36A0000000000000    2^-149 (min subnormal f32)
f32 0d3690000000000000    2^-150 (half the min subnormal: RNE -> 0)
f32 0d3690000000000001    just above 2^-150
f32 0d36A8000000000000    1.5 * 2^-149 (half way, even above)
f32 0d0000000000000001    min subnormal f64 -> 0
f32 0d8000000000000001    -min subnormal f64 -> -0
# f32 instruction type, decimal literal (decimal -> f64 -> f32?)
f32 1.5                   
f32 .5                    
f32 1e5                   
f32 0.1                   
f32 -0.0                  
f32 -1.5                  
f32 1.0000000596046447753906250000001   decimal just above 1+2^-24: direct RN gives 0x3F800001, via f64 gives 0x3F800000
f32 1.00000005960464477539062500000     exactly 1+2^-24
f32 3.4028235677973366e38  FLT_MAX + half ulp in decimal (rounds to this double exactly)
f32 1e39                  above the f32 range
f32 1e-45                 near the min subnormal
f32 1e-50                 below half the min subnormal
f32 7.006492321624085e-46  its nearest f64 is 2^-150 exactly (-> 0, ties to even)
f32 7.00649232162409e-46   its nearest f64 is above 2^-150 (-> min subnormal)
f32 -1e-50                negative underflow (-> -0)
# f32 instruction type, 0f literal: bits unchanged?
f32 0f7F800001            signalling NaN
f32 0fFFFFFFFF            NaN all ones
f32 0f00000001            min subnormal
f32 0f80000000            -0
# f64 instruction type
f64 0f3F800000            1.0f -> f64
f64 0f00000001            f32 min subnormal -> f64 (exact)
f64 0f80000000            -0
f64 0f7F800000            +inf
f64 0f7FC00000            quiet NaN
f64 0f7F800001            signalling NaN, low payload
f64 0f7FA00000            signalling NaN, top payload bit
f64 0fFFFFFFFF            NaN all ones
f64 0d7FF0000000000001    signalling NaN (bits unchanged?)
f64 0.1                   
f64 1.0000000596046447753906250000001   
f64 -0.0                  
f64 1e308                 
f64 2.3e-308              
f64 2.2e-308              subnormal double
f64 1e-310                subnormal double
f64 1e309                 above the f64 range
f64 9007199254740993.0    2^53+1: half way, RNE -> 2^53
f64 9007199254740995.0    2^53+3: half way, RNE -> 2^53+4
f64 1.00000000000000011102230246251565404236316680908203125   exactly 1+2^-53 (RNE -> 1.0)
f64 1.00000000000000011102230246251565404236316680908203126   just above 1+2^-53 (-> 1+2^-52)
f64 0.1000000000000000055511151231257827021181583404541015625 the exact value of the double 0.1
f64 1E5                   
f64 1.                    
f64 00.5                  
f64 1.5e+3                
f64 0e0                   
# bit-size types with float literals
b32 0f7F800001            
b64 0d7FF0000000000001    
b64 1.5                   decimal float into b64: f64 bits?
b64 0f3F800000            0f literal into b64
b32 0d3FF0000000000000    0d literal into b32
# integer literals: 64-bit value then truncated to the type
u16 0x1FFFF               
s16 -1                    
u16 -1                    
s16 0x8000                
u32 0x123456789           
s32 -0x80000001           
u32 4294967296            
u64 18446744073709551615  2^64-1
u64 18446744073709551616  2^64 (accepted without error)
u64 36893488147419103233  2^65+1
u64 184467440737095516163 10*2^64+3
u64 0x1FFFFFFFFFFFFFFFF   17 hex digits
u64 0x123456789ABCDEF01   17 hex digits
u64 02000000000000000000001  2^64+1 in octal
u64 -18446744073709551617 -(2^64+1)
s64 -9223372036854775809  -(2^63+1)
s64 -0x8000000000000000   
u64 0b1111111111111111111111111111111111111111111111111111111111111111   64 ones
u64 0x10U                 
s32 017                   octal
s32 0b101                 binary
s32 0B11U                 
u32 0X1f                  
u8  300                   
s8  -129                  
b8  0x1FF                 
"""

PRE = ".version 9.0\n.target sm_90\n.address_size 64\n"


def ptxas(path, src, out):
    r = subprocess.run([path, "-arch=sm_90", src, "-o", out], capture_output=True, text=True)
    return r.returncode, (r.stdout + r.stderr).strip()


def first_error(msg):
    for line in msg.splitlines():
        if "error" in line or "fatal" in line:
            text = line.split("; ", 1)[1] if "; " in line else line
            return " ".join(text.split())
    return msg.strip()


def sections(blob):
    shoff, = struct.unpack_from("<Q", blob, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", blob, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", blob, shoff + i * shentsize) for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    res = {}
    for h in hdrs:
        name_off = stroff + h[0]
        name = blob[name_off:blob.index(b"\0", name_off)].decode()
        res[name] = blob[h[4]:h[4] + h[5]] if h[1] != 8 else b""
    return res


def immediates(text):
    """(dest register, imm32) of every constant-materialising instruction, in program order."""
    res = []
    for i in range(0, len(text), 16):
        lo, = struct.unpack_from("<Q", text, i)
        if lo & 0xFFFF in (0x7802, 0x7435):
            res.append(((lo >> 16) & 0xFF, lo >> 32))
    return res


def measure(ptxas_path, typ, lit, tmp):
    w = WIDTH[typ]
    src = os.path.join(tmp, "c.ptx")
    out = os.path.join(tmp, "c.cubin")
    # init
    with open(src, "w") as f:
        f.write(PRE + f".visible .global .{typ} g = {lit};\n")
    rc, msg = ptxas(ptxas_path, src, out)
    if rc != 0:
        init = "rejected: " + first_error(msg)
    else:
        data = sections(open(out, "rb").read()).get(".nv.global.init", b"")
        init = "0x" + int.from_bytes(data[:w], "little").to_bytes(w, "big").hex().upper() if data else "0 (bss)"
    # mov
    mov = "-"
    if typ in MOVABLE:
        rt = REG[w]
        with open(src, "w") as f:
            f.write(PRE + ".visible .entry k(.param .u64 out) {\n"
                    f"  .reg .b64 %rd<3>; .reg .{typ} %x;\n"
                    "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n"
                    f"  mov.{typ} %x, {lit};\n  st.global.{typ} [%rd2], %x;\n  ret;\n}}\n")
        rc, msg = ptxas(ptxas_path, src, out)
        if rc != 0:
            mov = "rejected: " + first_error(msg)
        else:
            imms = immediates(sections(open(out, "rb").read())[".text.k"])
            # the store is the last thing; its data register pair is the highest-numbered one(s)
            if w == 8:
                by_reg = dict(imms)
                regs = sorted(by_reg)
                if not regs:
                    val = 0
                else:
                    even = max(r for r in regs) & ~1
                    val = by_reg.get(even, 0) | (by_reg.get(even + 1, 0) << 32)
            else:
                val = imms[-1][1] if imms else 0
            val &= (1 << (8 * w)) - 1
            mov = f"0x{val:0{2 * w}X}"
    return init, mov


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--cases")
    a = ap.parse_args()
    text = open(a.cases).read() if a.cases else CASES
    ver = subprocess.run([a.ptxas, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-2:]
    print(f"<!-- {' / '.join(ver)} -->")
    print("| type | literal | `.global` initialiser | `mov` + `st.global` immediate | note |")
    print("|---|---|---|---|---|")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for line in text.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            typ, lit = parts[0], parts[1]
            note = parts[2].strip() if len(parts) > 2 else ""
            init, mov = measure(a.ptxas, typ, lit, tmp)
            if mov != "-" and init != mov and not init.startswith("rejected") and not mov.startswith("rejected"):
                note += " **init and mov differ**"
                bad += 1
            print(f"| {typ} | `{lit}` | {init} | {mov} | {note} |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
