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
 * Two notation items on a small data file of their own (verdicts checked with ptxas 13.0 on the
 * shipped data): a requirement of two modifiers written together ({@code @since .shared+.b64 = - sm_20})
 * and an operand that takes a vector of any width unchecked ({@code vec(0|*)}); {@code only()}: no register
 * alone (a sink-only destination as mbarrier's discard, a register plus a constant only as sust's {@code cp}).
 */
class IsaNotationWordsTest {

    static final String DATA = """
            atom{.space}.cas.type   d, [a], b, c;
            .space = { .global, .shared };
            .type = { .b32, .b64 };
            @since 1.1 sm_11
            @since .b64 = 1.2 sm_12
            @since .shared+.b64 = - sm_20
            ---
            mov.b32  d, m;
            @operand d : reg .b32
            @operand m : .b32 only(.b32,.u32,.s32,.f32,.pred) literals(0f) neg vec(0|*)
            ---
            bar.sync b, a;
            @operand b : reg .b32
            @operand a : reg only()
            ---
            bar.arrive d, b;
            @operand d : reg .pred only() sink
            @operand b : .u32
            """;

    static final String DECLS = ".reg .b32 %r<9>; .reg .b64 %rd<9>; .reg .b16 %rs<3>; .reg .pred %p<3>;";

    private static String codes(String target, String insn) {
        InstructionSet isa = InstructionSet.of(Map.of("t.ptxisa", DATA));
        String src = ".version 7.8\n.target " + target + "\n.address_size 64\n.visible .entry k()\n{\n" + DECLS + "\n"
                + insn + "\nret;\n}\n";
        List<Diagnostic> ds = new Linter(List.of(new IsaChecks(isa, Set.of()))).lint(src);
        return ds.stream().map(Diagnostic::code).filter(c -> c.startsWith("PTX02")).collect(Collectors.joining(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "sm_13 | atom.global.cas.b64 %rd1, [%rd2], %rd3, %rd4; | ",
            "sm_13 | atom.shared.cas.b32 %r1, [%rd2], %r3, %r4;    | ",
            "sm_13 | atom.shared.cas.b64 %rd1, [%rd2], %rd3, %rd4; | PTX0216",
            "sm_20 | atom.shared.cas.b64 %rd1, [%rd2], %rd3, %rd4; | ",
            "sm_11 | atom.global.cas.b64 %rd1, [%rd2], %rd3, %rd4; | PTX0216",
            "sm_90 | mov.b32 %r1, %r2;                           | ",
            "sm_90 | mov.b32 %r1, !%p1;                          | ",
            "sm_90 | mov.b32 %r1, 0f00000000;                    | ",
            "sm_90 | mov.b32 %r1, {%r2, %r3, %r4};               | ",
            "sm_90 | mov.b32 %r1, {%tid.x};                      | ",
            "sm_90 | mov.b32 %r1, %rs1;                          | PTX0213",
            "sm_90 | mov.b32 %r1, 1;                             | PTX0214",
            "sm_90 | bar.sync %r2, %r1+1;                        | PTX0272",
            "sm_90 | bar.sync %r2, %rd1+1;                       | PTX0272",
            "sm_90 | bar.sync %r2, %r1;                          | PTX0215",
            "sm_90 | bar.sync %r2, 1;                            | PTX0214",
            "sm_90 | bar.sync %r2, %p1+1;                        | PTX0213",
            "sm_90 | bar.arrive _, %r1;                          | ",
            "sm_90 | bar.arrive %p1, %r1;                        | PTX0215",
            "sm_90 | bar.arrive %rd1, %r1;                       | PTX0215",
            "sm_90 | bar.arrive 1, %r1;                          | PTX0214",
    })
    void verdicts(String target, String insn, String expected) {
        assertEquals(expected == null ? "" : expected, codes(target, insn), insn);
    }
}
