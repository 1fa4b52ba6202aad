package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.syntax.Ast;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Instruction checks see each operand name resolved in the scope of the instruction. */
class CheckContextTest {

    @Test
    void operandsResolveToTheirDeclarationsInScope() {
        List<String> seen = new ArrayList<>();
        InstructionCheck probe = (insn, ctx) -> {
            for (Ast.Expr e : insn.operands()) {
                if (e instanceof Ast.Name n) {
                    Symbol s = ctx.resolve(n.text());
                    seen.add(n.text() + "=" + (s == null ? "?" : s.kind() + " " + s.space() + " " + s.type()
                            + (s.vector() > 1 ? " v" + s.vector() : "")));
                }
            }
            assertEquals("9.0", ((Ast.FloatLit) ctx.version().args().get(0)).token().text());
        };
        String src = String.join("\n", ".version 9.0", ".target sm_90", ".address_size 64",
                ".global .v4 .f32 gv;",
                ".visible .entry k(.param .u64 p)",
                "{",
                "  .reg .b32 %r<4>;",
                "  mov.u32 %r1, %tid;",
                "  {",
                "    .reg .b64 %r1;",
                "    mov.b64 %r1, p;",
                "  }",
                "  mov.u32 %r3, %r1;",
                "  mov.u64 %r2, gv;",
                "  bra L;",
                "L:",
                "  mov.u32 %r0, %undeclared;",
                "  ret;",
                "}");
        new Linter(List.of(probe)).lint(src);
        assertEquals(List.of(
                "%r1=VARIABLE .reg .b32", "%tid=SPECIAL_REGISTER .sreg null",
                "%r1=VARIABLE .reg .b64", "p=VARIABLE .param .u64",
                "%r3=VARIABLE .reg .b32", "%r1=VARIABLE .reg .b32",
                "%r2=VARIABLE .reg .b32", "gv=VARIABLE .global .f32 v4",
                "L=LABEL null null",
                "%r0=VARIABLE .reg .b32", "%undeclared=?"), seen);
    }
}
