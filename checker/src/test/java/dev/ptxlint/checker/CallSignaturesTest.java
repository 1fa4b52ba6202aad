package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.diag.Diagnostic;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The call checks' messages and their documented limit (docs/limits.md). */
class CallSignaturesTest {

    private static List<String> calls(String text) {
        return new Linter().lint(text).stream().filter(d -> d.code().equals("PTX0285") || d.code().equals("PTX0286"))
                .map(d -> (d.range().startLine() + 1) + " " + d.code() + " " + d.message()).toList();
    }

    @Test
    void messagesNameTheCalleesParameters() {
        String src = ".version 9.0\n.target sm_90\n.address_size 64\n"
                + ".func (.param .b32 r) f(.param .b32 a, .param .b64 b)\n{\nret;\n}\n"
                + ".visible .entry k()\n{\n.param .b32 x;\n.param .b64 y;\n.reg .f64 %fd<2>;\n"
                + "call (x), f, (x);\ncall f, (x, y);\ncall (x), f, (%fd1, y);\nret;\n}\n";
        assertEquals(List.of(
                "13 PTX0285 'f' takes 2 parameters (a, b), but this call passes 1",
                "14 PTX0285 'f' returns 1 value, but this call lists none; write (r) before the function name",
                "15 PTX0286 '%fd1' is a .f64 register, and formal parameter 'a' (.b32) takes a 32-bit value (.b32,"
                        + " .u32, .s32, .f32) (in the call of 'f')"), calls(src));
    }

    @Test
    void signaturesPastTheLimitAreNotKept() {
        StringBuilder sb = new StringBuilder(".version 9.0\n.target sm_90\n.address_size 64\n");
        int n = CallSignatures.MAX_SIGNATURES + 1;
        for (int i = 0; i < n; i++) {
            sb.append(".func f").append(i).append("(.param .b32 a);\n");
        }
        sb.append(".visible .entry k()\n{\ncall f0;\ncall f").append(n - 1).append(";\nret;\n}\n");
        List<String> found = calls(sb.toString());
        assertEquals(1, found.size(), found.toString());
        assertEquals(n + 6, Integer.parseInt(found.get(0).split(" ")[0]), "only the call of the first function: " + found);
    }
}
