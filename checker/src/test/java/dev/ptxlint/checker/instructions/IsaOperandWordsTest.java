package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.isa.InstructionSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The operand words {@code nofunc}, {@code writes}, {@code space()} on a {@code var} and on a value
 * operand (cvta, mapa), {@code sreg()}, {@code branchtargets} and {@code only()} on special registers, the whole-vector sink, .bf16 vectors and narrow special
 * registers in cvt, on a small data file written here. Every verdict was checked with ptxas 13.0
 * (the shipped data: mov.ptxisa, st.ptxisa, int-arith.ptxisa, cvt.ptxisa, cvta.ptxisa, mapa.ptxisa, bra.ptxisa).
 */
class IsaOperandWordsTest {

    static final String DATA = """
            div.type  d, a, b;
            .type = { .u64 };
            @operand a b : val .type nofunc
            ---
            div.type  d, a, b;
            .type = { .u32 };
            ---
            mov.type  d, a;
            .type = { .b32, .u32 };
            @operand a : val nofunc sreg(mov)
            ---
            mov.type  d, avar;
            .type = { .u32 };
            @operand avar : var space(.shared|.const)
            ---
            mov.b32   {uh0, uh1}, s;
            @operand uh0 : reg .b16 sink
            ---
            st{.ss}.type  [a], b;
            .ss = { .param, .global };
            .type = { .u32, .u64 };
            @operand a : addr writes
            ---
            cvt.rn.satfinite.e4m3x2.f16x2  d, h;
            @operand d : reg .b16 only(.b16)
            @operand h : reg .b32 typed only(.b32,.f16x2)
            ---
            cvt.dtype.atype  d, a;
            .dtype = .atype = { .u32, .u64 };
            @operand d : reg .dtype relaxed
            @operand a : val .atype relaxed sreg(cvt)
            ---
            cvt.f32.bf16  d, a;
            ---
            cvt.rn.f32.u32  d, a;
            ---
            cvta.space.u64  p, a;
            cvta.space.u64  p, var;
            .space = { .global, .shared::cta };
            @operand p : reg .u64
            @operand a : val .u64 space(.space) nofunc
            @operand var : var space(.space)
            ---
            mapa.u64  d, a, b;
            mapa.u64  d, sh, b;
            @operand a : val .u64 space(.shared)
            @operand sh : var space(.shared)
            @operand b : val .u32
            ---
            brx.idx  index, tlist;
            @operand index : .u32 val
            @operand tlist : label branchtargets
            ---
            bra  tgt;
            @operand tgt : label
            """;

    static final String MODULE = """
            .version 9.0
            .target sm_90
            .address_size 64
            .global .align 4 .b8 g[16];
            .shared .align 4 .b8 s[16];
            .func fv()
            {
            ret;
            }
            .func (.param .b32 fr) fn(.param .b32 fa)
            {
            .reg .b32 %t;
            INSN
            ret;
            }
            .visible .entry k(.param .u64 pa)
            {
            .reg .b16 %rs<5>; .reg .b32 %r<5>; .reg .u32 %u<5>; .reg .f32 %f<5>; .reg .b64 %rd<5>;
            .reg .f16x2 %hh<3>;
            .param .b32 cpa;
            Lt: .branchtargets L1;
            INSN
            L1:
            ret;
            }
            """;

    /** The codes of the findings on the instruction, written once in the .func (F:) or the kernel. */
    private static String codes(String insn) {
        InstructionSet isa = InstructionSet.of(Map.of("t.ptxisa", DATA));
        boolean inFunc = insn.startsWith("F:");
        String body = inFunc ? insn.substring(2) : insn;
        String src = MODULE.replaceFirst("INSN", inFunc ? body : "").replace("INSN", inFunc ? "" : body);
        List<Diagnostic> ds = new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(src);
        return ds.stream().map(Diagnostic::code).filter(c -> c.startsWith("PTX02")).collect(Collectors.joining(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // nofunc: ptxas 'Call argument 'fv' has illegal state space' (div.u64), div.u32 takes it
            "div.u32 %r1, %r2, fv;                 | ''",
            "div.u64 %rd1, %rd2, fv;               | PTX0215",
            "div.u64 %rd1, %rd2, 7;                | ''",
            "mov.u32 %r1, fv;                      | PTX0215",
            // space() on var: the 32-bit address of a .global variable is fatal in ptxas; g+4 is not checked
            "mov.u32 %r1, s;                       | ''",
            "mov.u32 %r1, g+4;                     | ''",
            "mov.u32 %r1, g;                       | PTX0215",
            // the whole-vector sink: 'Result discard mode is not allowed for instruction 'mov''
            "mov.b32 {_, %rs1}, %r1;               | ''",
            "mov.b32 _, %r1;                       | PTX0211",
            // writes: 'Illegal to write to function input parameter'
            "st.param.u64 [pa], %rd1;              | PTX0278",
            "st.param.u64 [pa+8], %rd1;            | PTX0278",
            "st.param.u32 [cpa], %r1;              | ''",
            "st.global.u32 [g], %r1;               | ''",
            "F:st.param.u32 [fr], %t;              | ''",
            "F:st.param.u32 [fa], %t;              | PTX0278",
            // only() on registers and special registers
            "cvt.rn.satfinite.e4m3x2.f16x2 %rs1, %hh1; | ''",
            "cvt.rn.satfinite.e4m3x2.f16x2 %rs1, %r1;  | ''",
            "cvt.rn.satfinite.e4m3x2.f16x2 %rs1, %u1;  | PTX0213",
            // a special register where the operand says no sreg(): 'Special register argument not allowed'
            "cvt.rn.satfinite.e4m3x2.f16x2 %rs1, %tid.x; | PTX0215",
            "cvt.rn.f32.u32 %f1, %tid.x;           | PTX0215",
            "div.u32 %r1, %tid.x, 2;               | PTX0215",
            // sreg(mov): the register's read= types ('Arguments mismatch' for mov.u16 %rs1, %laneid)
            "mov.u32 %r1, %tid.x;                  | ''",
            "mov.u32 %r1, %laneid;                 | ''",
            // a special register narrower than an integer cvt's source: 'Arguments mismatch'
            "cvt.u32.u64 %r1, %clock64;            | ''",
            "cvt.u64.u32 %rd1, %tid.x;             | ''",
            "cvt.u32.u64 %r1, %tid.x;              | PTX0213",
            // space() on a value operand and on var, sums too; nofunc refuses a function as in no space
            // ('State space mismatch between instruction and address in instruction 'cvta'')
            "cvta.global.u64 %rd1, g;              | ''",
            "cvta.global.u64 %rd1, g+4;            | ''",
            "cvta.global.u64 %rd1, %rd2;           | ''",
            "cvta.shared::cta.u64 %rd1, s;         | ''",
            "cvta.global.u64 %rd1, s;              | PTX0226",
            "cvta.global.u64 %rd1, s+4;            | PTX0226",
            "cvta.shared::cta.u64 %rd1, g;         | PTX0226",
            "cvta.global.u64 %rd1, fv;             | PTX0226",
            "mapa.u64 %rd1, s, 1;                  | ''",
            "mapa.u64 %rd1, fv, 1;                 | ''",
            "mapa.u64 %rd1, g+4, 1;                | PTX0226",
            "mapa.u64 %rd1, g, 1;                  | PTX0226",
            // branchtargets: 'Label with '.branchtargets' directive expected'; a plain label refuses it
            "brx.idx %r1, Lt;                      | ''",
            "brx.idx %r1, L1;                      | PTX0215 PTX0276", // L1 also comes further down
            "bra L1;                               | ''",
            "bra Lt;                               | PTX0215",
            // .bf16 vectors: 2 or 4 .b16 registers
            "cvt.f32.bf16 %f1, {%rs1, %rs2};       | ''",
            "cvt.f32.bf16 %f1, {%rs1, %rs2, %rs3, %rs4}; | ''",
            "cvt.f32.bf16 %f1, {%rs1, 1};          | ''",
            "cvt.f32.bf16 %f1, {%rs1, %rs2, %rs3}; | PTX0215",
            "cvt.f32.bf16 %f1, {%r1, %rs2};        | PTX0213",
            "cvt.f32.bf16 %f1, {%rs1, _};          | PTX0211",
    })
    void verdicts(String insn, String expected) {
        assertEquals(expected, codes(insn), insn);
    }
}
