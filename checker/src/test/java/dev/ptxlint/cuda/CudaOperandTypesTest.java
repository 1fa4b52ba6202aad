package dev.ptxlint.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The types of operand registers follow the target as nvcc 13.0 writes them, and PTX0504 (each
 * verdict measured with nvcc -ptx and ptxas 13.0; see testdata/cuda-asm/addresses.cu).
 */
class CudaOperandTypesTest {

    static List<String> codes(String target, String statement) {
        CudaLinter linter = new CudaLinter(LintSettings.DEFAULT.withDefaultVersion(PtxVersion.of(9, 0))
                .withDefaultTarget(Target.parse(target)));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : linter.lint("__global__ void k(double x, unsigned long long p, unsigned a) {\n  "
                + statement + "\n}\n").diagnostics()) {
            out.add(d.code() + "@" + (d.range().startColumn() + 1));
        }
        return out;
    }

    /** The 1-based column of the first {@code token} in a statement of {@link #codes}. */
    static int col(String statement, String token) {
        return statement.indexOf(token) + 3;
    }

    @Test
    void floatOperandsAreTypedBelowSm100AndBitTypedFromSm100On() {
        // nvcc declares "d" .f64 for sm_90 (ptxas: Arguments mismatch) and .b64 for sm_100a (accepted)
        String ld = "asm volatile(\"ld.relaxed.cta.f32 %0,[%1];\" : \"=d\"(x) : \"l\"(p));";
        assertEquals(List.of("PTX0213@" + col(ld, "%0")), codes("sm_90", ld));
        assertEquals(List.of(), codes("sm_100a", ld));
        assertEquals(List.of(), codes("sm_120", ld));
        // the names and the rest of the module do not move: a finding after the operands keeps its column
        String both = "asm volatile(\"ld.relaxed.cta.f32 %0,[%1]; addd.f32 %0, %0, %0;\" : \"=d\"(x) : \"l\"(p));";
        assertEquals(List.of("PTX0213@" + col(both, "%0"), "PTX0100@" + col(both, "addd")), codes("sm_90", both));
        assertEquals(List.of("PTX0100@" + col(both, "addd")), codes("sm_100a", both));
    }

    @Test
    void thirtyTwoBitGlobalAndGenericAddresses() {
        for (String st : List.of("asm volatile(\"ld.global.u32 %0, [%1];\" : \"=r\"(a) : \"r\"(a));",
                "asm volatile(\"atom.add.u32 %0, [%1+8], 1;\" : \"=r\"(a) : \"r\"(a));",
                "asm volatile(\"{ .reg .pred q; setp.ne.u32 q, %0, 0; @q prefetch.global.L2::evict_last [%1]; }\""
                        + " :: \"r\"(a), \"r\"(a));")) {
            assertEquals(List.of("PTX0504@" + (col(st, "[%1") + 1)), codes("sm_90", st), st);
        }
        // 64-bit, shared, async and not a memory access: nothing from PTX0504
        assertEquals(List.of(), codes("sm_90", "asm volatile(\"ld.global.u32 %0, [%1];\" : \"=r\"(a) : \"l\"(p));"));
        assertEquals(List.of(), codes("sm_90",
                "asm volatile(\"st.shared::cluster.u32 [%0], %1;\" :: \"r\"(a), \"r\"(a));"));
        assertEquals(List.of(), codes("sm_90", "asm volatile(\"ld.param.u32 %0, [%1];\" : \"=r\"(a) : \"r\"(a));"));
        assertEquals(List.of(), codes("sm_90", "asm volatile(\"ldu.global.u32 %0, [%1];\" : \"=r\"(a) : \"l\"(p));"));
        // %%1 is a PTX name, not operand 1; an "h" operand only makes ptxas warn
        assertEquals(List.of(), codes("sm_90",
                "asm volatile(\"{ .reg .b64 %%1; ld.global.u32 %0, [%%1]; }\" : \"=r\"(a));"));
    }
}
