package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static dev.ptxlint.checker.instructions.OneInstruction.assertMessage;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.instructions.OneInstruction.Finding;
import dev.ptxlint.diag.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The message, range, severity and quick fixes of the video comparison rules (vset, vset2,
 * vset4): each test lints one instruction and checks what is reported, where, and what applying
 * the fix produces.
 */
class VideoMessagesTest {

    private static final String DECLS = ".reg .pred %p<4>; .reg .b16 %h<4>; .reg .b32 %r<8>; .reg .b64 %rd<4>; "
            + ".reg .f32 %f<4>; .reg .u32 %u<4>; .reg .s32 %s<4>;";

    private static final OneInstruction H = new OneInstruction(DECLS);

    @Test
    void theManualsFormsAreClean() {
        H.clean("vset2.s32.u32.lt %r1, %r2, %r3, %r0;");
        H.clean("vset2.u32.u32.ne.add %r1.h0, %r2.h03, %r3.h33, %r0;");
        H.clean("vset4.u32.s32.ge.add %r1.b320, %r2.b7250, %r3.b0000, %r0;");
        H.clean("vset.s32.u32.lt.min %r1, %r2.b3, %r3.h1, %r0;");
        H.clean("vset.u32.u32.eq %r1.h1, %r2, %r3, %r0;");
        H.clean("vset.u32.u32.eq %u1, %s2, %u3;");
        H.clean("vset2.u32.u32.lt %r0 .h0, %r1 /* asel */ .h10, %r2, %r3;");
    }

    @Test
    void invalidMask() {
        Finding f = H.only("vset2.u32.u32.lt %r0.h01, %r1, %r2, %r3;");
        assertMessage(f, "PTX0220", ".h01", "'.h01' is not a destination mask of vset2",
                "a mask is .h0, .h1 or .h10 (the lanes to write)", "none means .h10", "did you mean '.h10'?");
        assertEquals("vset2.u32.u32.lt %r0.h10, %r1, %r2, %r3;", f.appliedLine(0));
        Finding b = H.only("vset4.u32.u32.lt.add %r0.b13, %r1, %r2, %r3;");
        assertMessage(b, "PTX0220", ".b13", "not a destination mask of vset4", "in descending order",
                ".b0 … .b3, .b10 … .b32, .b210 … .b321, .b3210", "none means .b3210", "'.b31'");
        assertEquals("vset4.u32.u32.lt.add %r0.b31, %r1, %r2, %r3;", b.appliedLine(0));
        Finding u = H.only("vset4.u32.u32.lt %r0.B3210, %r1, %r2, %r3;");
        assertMessage(u, "PTX0220", ".B3210", "nor any video selector");
        assertEquals("vset4.u32.u32.lt %r0.b3210, %r1, %r2, %r3;", u.appliedLine(0));
        Finding r = H.only("vset4.u32.u32.lt %r0.b330, %r1, %r2, %r3;");
        assertTrue(r.d().fixes().isEmpty(), "a repeated lane has no fix");
        assertMessage(H.only("vset2.u32.u32.lt %r0.b10, %r1, %r2, %r3;"), "PTX0220", ".b10");
    }

    @Test
    void invalidSourceSelector() {
        Finding f = H.only("vset2.u32.u32.lt %r0, %r1.h40, %r2, %r3;");
        assertMessage(f, "PTX0221", ".h40", "'.h40' is not a selector of operand a of vset2",
                "nor any video selector", "asel is .hxy with x, y from 0..3 (default .h10)");
        assertTrue(f.d().fixes().isEmpty());
        assertMessage(H.only("vset2.u32.u32.lt %r0, %r1, %r2.h0, %r3;"), "PTX0221", ".h0",
                "operand b of vset2", "bsel is .hxy", "(default .h32)");
        assertMessage(H.only("vset4.u32.u32.lt %r0, %r1.b321, %r2, %r3;"), "PTX0221", ".b321",
                "asel is .bxyzw with x, y, z, w from 0..7 (default .b3210)");
        assertMessage(H.only("vset.u32.u32.lt %r0, %r1, %r2.h2;"), "PTX0221", ".h2",
                "bsel is .b0, .b1, .b2, .b3 (a byte) or .h0, .h1 (a half-word)");
        assertMessage(H.only("vset.u32.u32.lt %r0.b4, %r1, %r2, %r3;"), "PTX0221", ".b4",
                "not a destination selector of vset", "dsel is .b0");
        Finding up = H.only("vset.u32.u32.lt %r0, %r1.H1, %r2;");
        assertEquals("vset.u32.u32.lt %r0, %r1.h1, %r2;", up.appliedLine(0));
    }

    @Test
    void theOddTokensOnScalarSources() {
        Finding f = H.only("vset.u32.u32.lt %r0, %r1.b01, %r2;");
        assertMessage(f, "PTX0221", ".b01", "not a selector of operand a of vset",
                "misleading 'Parsing error near ';'' in <builtin>");
        assertEquals(Severity.ERROR, f.d().severity());
    }

    @Test
    void selectorWhereNoneIsAllowed() {
        Finding f = H.only("vset2.u32.u32.lt %r0, %r1, %r2, %r3.h10;");
        assertMessage(f, "PTX0222", ".h10", "operand c of vset2 takes no selector", "remove '.h10'");
        assertEquals("vset2.u32.u32.lt %r0, %r1, %r2, %r3;", f.appliedLine(0));
        Finding s = H.only("setp.lt.s32 %p1, %r1.h0, %r2;");
        assertMessage(s, "PTX0222", ".h0", "setp takes no video selectors ('.h0' on %r1)");
        assertEquals("setp.lt.s32 %p1, %r1, %r2;", s.appliedLine(0));
    }

    @Test
    void destinationSelectorWithoutC() {
        Finding f = H.only("vset.u32.u32.lt %r0.b0, %r1, %r2;");
        assertMessage(f, "PTX0223", ".b0", "merges the comparison into that part of c",
                "there is no operand c", "vset.u32.u32.lt %r0.b0, a, b, c");
        assertEquals("vset.u32.u32.lt %r0, %r1, %r2;", f.appliedLine(0));
    }

    @Test
    void destinationSelectorWithSecondaryOperation() {
        Finding f = H.only("vset.u32.u32.lt.max %r0.h1, %r1, %r2, %r3;");
        assertMessage(f, "PTX0224", ".h1", "the destination selector '.h1'", "secondary operation '.max'",
                "takes one or the other");
        assertEquals("vset.u32.u32.lt.max %r0, %r1, %r2, %r3;", f.appliedLine(0));
        assertEquals("vset.u32.u32.lt %r0.h1, %r1, %r2, %r3;", f.appliedLine(1));
    }

    @Test
    void undocumentedTokensWhereptxasAcceptsThem() {
        Finding f = H.only("vset.u32.u32.lt %r0.b23, %r1, %r2;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0260", ".b23", "not a documented video selector", "ptxas accepts it",
                "dsel is .b0");
        assertTrue(f.d().fixes().isEmpty());
        assertMessage(H.only("vset.u32.u32.lt.add %r0, %r1, %r2, %r3.b12;"), "PTX0260", ".b12",
                "c takes no selector");
        assertMessage(H.only("selp.b32 %r0, %r1.b01, %r2, %p1;"), "PTX0260", ".b01", "operand a of selp");
        // on vset2/vset4 they are ordinary invalid selectors
        assertMessage(H.only("vset2.u32.u32.lt %r0, %r1, %r2, %r3.b01;"), "PTX0222", ".b01");
    }

    @Test
    void scalarImmediates() {
        Finding f = H.only("vset.u32.u32.lt %r0, %r1, 7;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0261", "7", "operand b of vset.u32.u32 is a constant (7)",
                "the manual gives vset register operands only", "ptxas accepts");
        assertMessage(H.only("vset.u32.u32.lt.add %r0, %r1, %r2, WARP_SZ;"), "PTX0261", "WARP_SZ", "operand c");
        List<Finding> wide = H.lint("9.0", "sm_90", "vset.u32.u32.lt %r0, %r1, 0x100000000;");
        assertEquals(List.of("PTX0255", "PTX0261"), wide.stream().map(Finding::code).sorted().toList());
        assertMessage(H.only("vset.u32.u32.lt %r0, %r1, 0f3F800000;"), "PTX0214", "0f3F800000");
    }

    @Test
    void simdImmediatesAreErrors() {
        Finding f = H.only("vset4.u32.u32.lt %r0, 7, %r2, %r3;");
        assertMessage(f, "PTX0214", "7", "operand a of vset4.u32.u32 must be a register",
                "vset4 takes no constants", "ptxas reports this as 'Incorrect video selector'", ".b32 register");
        assertMessage(H.only("vset.u32.u32.lt 1, %r1, %r2;"), "PTX0211", "1", "the destination must be a register");
    }

    @Test
    void cWithoutASecondaryOperation() {
        Finding f = H.only("vset.u32.u32.lt %r0, %r1, %r2, %r3;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0262", "%r3", "operand c but neither a secondary operation (.add, .min or .max)",
                "nor a destination selector", "undocumented");
        H.clean("vset.u32.u32.lt %r0.b1, %r1, %r2, %r3;");
    }

    @Test
    void operandCount() {
        Finding f = H.only("vset.u32.u32.lt.min %r0, %r1, %r2;");
        assertMessage(f, "PTX0212", "%r0, %r1, %r2", "takes 4 operands (d, a, b, c), not 3",
                "'.min' combines the comparison's result with c");
        assertEquals("vset.u32.u32.lt %r0, %r1, %r2;", f.appliedLine(0));
        assertMessage(H.only("vset2.u32.u32.lt %r0, %r1, %r2;"), "PTX0212", "%r0, %r1, %r2",
                "takes 4 operands (d, a, b, c), not 3");
        assertMessage(H.only("vset.u32.u32.lt %r0, %r1, %r2, %r3, %r4;"), "PTX0212", "%r4", "remove the extra");
    }

    @Test
    void modifiers() {
        Finding min = H.only("vset2.u32.u32.lt.min %r0, %r1, %r2, %r3;");
        assertMessage(min, "PTX0201", ".min", "vset2's only secondary operation is .add",
                "(.min and .max are scalar vset's)");
        assertEquals("vset2.u32.u32.lt %r0, %r1, %r2, %r3;", min.appliedLine(0));
        assertMessage(H.only("vset.u32.u32.lt.add.max %r0, %r1, %r2, %r3;"), "PTX0203", ".max",
                "two secondary operations, '.add' and '.max'");
        assertMessage(H.only("vset4.u32.u32.lt.add.add %r0, %r1, %r2, %r3;"), "PTX0202", ".add", "written twice");
        assertMessage(H.only("vset2.u32.u32.lt.sat %r0, %r1, %r2, %r3;"), "PTX0201", ".sat",
                "'.sat' is not a modifier of vset2");
        assertMessage(H.only("vset2.b32.u32.lt %r0, %r1, %r2, %r3;"), "PTX0207", ".b32",
                "vset2 has no atype '.b32'; the atype is one of .u32 .s32");
        assertMessage(H.only("vset2.u32.u32 %r0, %r1, %r2, %r3;"), "PTX0205", "vset2.u32.u32",
                "vset2 needs a comparison operator", "vset2.atype.btype.cmp{.add}");
    }

    @Test
    void comparisons() {
        Finding lo = H.only("vset2.u32.u32.lo %r0, %r1, %r2, %r3;");
        assertMessage(lo, "PTX0206", ".lo", "'.lo' is not a comparison of vset2, which takes .eq, .ne, .lt, .le, .gt "
                + "or .ge", "comes from the types", "use '.lt'");
        assertEquals("vset2.u32.u32.lt %r0, %r1, %r2, %r3;", lo.appliedLine(0));
        Finding neu = H.only("vset.s32.s32.neu %r0, %r1, %r2;");
        assertEquals("vset.s32.s32.ne %r0, %r1, %r2;", neu.appliedLine(0));
        assertMessage(H.only("vset4.u32.u32.num %r0, %r1, %r2, %r3;"), "PTX0206", ".num", "tests for NaN");
    }

    @Test
    void modifierOrder() {
        Finding f = H.only("vset2.add.ge.u32.s32 %r0, %r1, %r2, %r3;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0250", ".add.ge.u32.s32", "write vset2.u32.s32.ge.add", "vset2.atype.btype.cmp{.add}");
        assertEquals("vset2.u32.s32.ge.add %r0, %r1, %r2, %r3;", f.appliedLine(0));
        assertEquals("vset.u32.s32.lt.max %r0, %r1, %r2, %r3;",
                H.only("vset.max.lt.u32.s32 %r0, %r1, %r2, %r3;").appliedLine(0));
    }

    @Test
    void operands() {
        assertMessage(H.only("vset2.u32.u32.lt %r0, %f1, %r2, %r3;"), "PTX0213", "%f1",
                "operand a of vset2.u32.u32 must be a .u32, .b32, .s32 or .f16x2 register");
        assertMessage(H.only("vset2.u32.u32.lt %r0, -%r1, %r2, %r3;"), "PTX0217", "-%r1",
                "operand a of vset2.u32.u32 cannot be negated with '-'", "vset2 has no operand negation");
        assertMessage(H.only("vset.u32.u32.lt -%r0, %r1, %r2;"), "PTX0217", "-%r0", "a destination cannot be negated");
        assertMessage(H.only("slct.s32.s32 %r0, %r1, %r2, -%s1;"), "PTX0217", "-%s1", "slct has no operand negation");
        assertMessage(H.only("vset.u32.u32.lt %r0, %tid.x, %r2;"), "PTX0215", "%tid.x", "special register");
        assertMessage(H.only("vset4.u32.u32.lt _, %r1, %r2, %r3;"), "PTX0211", "_", "cannot be discarded");
        // the selector is split off before the register is checked
        assertMessage(H.only("vset2.u32.u32.lt %r0, %rd1.h10, %r2, %r3;"), "PTX0213", "%rd1", "64 bits");
    }

    @Test
    void requirements() {
        Finding f = H.only("2.0", "sm_20", "vset2.u32.u32.lt %r0, %r1, %r2, %r3;");
        assertMessage(f, "PTX0216", "vset2.u32.u32",
                "'vset2.u32.u32' needs PTX ISA 3.0 (this file declares 2.0) and sm_30 or newer (it targets sm_20)");
        assertTrue(f.d().fixes().isEmpty(), "raising .version alone is not enough");
        assertMessage(H.only("3.0", "sm_20", "vset4.u32.u32.lt %r0, %r1, %r2, %r3;"), "PTX0216", "vset4.u32.u32",
                "'vset4.u32.u32' needs sm_30 or newer (it targets sm_20)");
        assertMessage(H.only("9.0", "sm_13", "vset.u32.u32.lt %r0, %r1, %r2;"), "PTX0216", "vset.u32.u32",
                "needs sm_20 or newer (it targets sm_13)");
        assertEquals(List.of(), H.lint("2.0", "sm_20", "vset.u32.u32.lt %r0, %r1, %r2;").stream()
                .map(Finding::message).toList());
        assertEquals(List.of(), H.lint("3.0", "sm_30", "vset4.u32.u32.lt %r0, %r1, %r2, %r3;").stream()
                .map(Finding::message).toList());
    }
}
