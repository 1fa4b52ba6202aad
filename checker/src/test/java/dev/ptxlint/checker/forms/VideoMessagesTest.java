package dev.ptxlint.checker.forms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Severity;
import java.util.ArrayList;
import java.util.Comparator;
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

    /** A module around one instruction; .address_size (PTX ISA 2.3) only where the version has it. */
    private static String module(String version, String target, String insn) {
        boolean addressSize = Double.parseDouble(version) >= 2.3;
        return ".version " + version + "\n.target " + target + "\n" + (addressSize ? ".address_size 64\n" : "")
                + ".visible .entry k()\n{\n" + DECLS + "\n" + insn + "\nret;\n}\n";
    }

    /** One finding of a lint run, with the source text it covers. */
    private record Finding(Diagnostic d, String source) {
        String covered() {
            return source.substring((int) d.range().startOffset(), (int) d.range().endOffset());
        }

        String code() {
            return d.code();
        }

        String message() {
            return d.message();
        }

        /** The instruction line after applying fix {@code i}. */
        String appliedLine(int i) {
            Fix f = d.fixes().get(i);
            StringBuilder sb = new StringBuilder(source);
            List<Fix.Edit> edits = new ArrayList<>(f.edits());
            edits.sort(Comparator.comparingLong((Fix.Edit e) -> e.range().startOffset()).reversed());
            for (Fix.Edit e : edits) {
                sb.replace((int) e.range().startOffset(), (int) e.range().endOffset(), e.newText());
            }
            String[] lines = sb.toString().split("\n");
            return lines[List.of(lines).indexOf(DECLS) + 1];
        }
    }

    private static List<Finding> lint(String version, String target, String insn) {
        String src = module(version, target, insn);
        List<Finding> out = new ArrayList<>();
        for (Diagnostic d : new Linter().lint(src)) {
            out.add(new Finding(d, src));
        }
        return out;
    }

    private static Finding only(String insn) {
        return only("9.0", "sm_90", insn);
    }

    private static Finding only(String version, String target, String insn) {
        List<Finding> f = lint(version, target, insn);
        assertEquals(1, f.size(), () -> "expected one finding for " + insn + ", got "
                + f.stream().map(x -> x.code() + " " + x.message()).toList());
        return f.get(0);
    }

    private static void clean(String insn) {
        List<Finding> f = lint("9.0", "sm_90", insn);
        assertEquals(List.of(), f.stream().map(x -> x.code() + " " + x.message()).toList(), insn);
    }

    private static void assertMessage(Finding f, String code, String covered, String... fragments) {
        assertEquals(code, f.code(), f.message());
        assertEquals(covered, f.covered());
        for (String s : fragments) {
            assertTrue(f.message().contains(s), () -> "message '" + f.message() + "' lacks '" + s + "'");
        }
    }

    @Test
    void theManualsFormsAreClean() {
        clean("vset2.s32.u32.lt %r1, %r2, %r3, %r0;");
        clean("vset2.u32.u32.ne.add %r1.h0, %r2.h03, %r3.h33, %r0;");
        clean("vset4.u32.s32.ge.add %r1.b320, %r2.b7250, %r3.b0000, %r0;");
        clean("vset.s32.u32.lt.min %r1, %r2.b3, %r3.h1, %r0;");
        clean("vset.u32.u32.eq %r1.h1, %r2, %r3, %r0;");
        clean("vset.u32.u32.eq %u1, %s2, %u3;");
        clean("vset2.u32.u32.lt %r0 .h0, %r1 /* asel */ .h10, %r2, %r3;");
    }

    @Test
    void invalidMask() {
        Finding f = only("vset2.u32.u32.lt %r0.h01, %r1, %r2, %r3;");
        assertMessage(f, "PTX0220", ".h01", "'.h01' is not a destination mask of vset2",
                "a mask is .h0, .h1 or .h10 (the lanes to write)", "none means .h10", "did you mean '.h10'?");
        assertEquals("vset2.u32.u32.lt %r0.h10, %r1, %r2, %r3;", f.appliedLine(0));
        Finding b = only("vset4.u32.u32.lt.add %r0.b13, %r1, %r2, %r3;");
        assertMessage(b, "PTX0220", ".b13", "not a destination mask of vset4", "in descending order",
                ".b0 … .b3, .b10 … .b32, .b210 … .b321, .b3210", "none means .b3210", "'.b31'");
        assertEquals("vset4.u32.u32.lt.add %r0.b31, %r1, %r2, %r3;", b.appliedLine(0));
        Finding u = only("vset4.u32.u32.lt %r0.B3210, %r1, %r2, %r3;");
        assertMessage(u, "PTX0220", ".B3210", "nor any video selector");
        assertEquals("vset4.u32.u32.lt %r0.b3210, %r1, %r2, %r3;", u.appliedLine(0));
        Finding r = only("vset4.u32.u32.lt %r0.b330, %r1, %r2, %r3;");
        assertTrue(r.d().fixes().isEmpty(), "a repeated lane has no fix");
        assertMessage(only("vset2.u32.u32.lt %r0.b10, %r1, %r2, %r3;"), "PTX0220", ".b10");
    }

    @Test
    void invalidSourceSelector() {
        Finding f = only("vset2.u32.u32.lt %r0, %r1.h40, %r2, %r3;");
        assertMessage(f, "PTX0221", ".h40", "'.h40' is not a selector of operand a of vset2",
                "nor any video selector", "asel is .hxy with x, y from 0..3 (default .h10)");
        assertTrue(f.d().fixes().isEmpty());
        assertMessage(only("vset2.u32.u32.lt %r0, %r1, %r2.h0, %r3;"), "PTX0221", ".h0",
                "operand b of vset2", "bsel is .hxy", "(default .h32)");
        assertMessage(only("vset4.u32.u32.lt %r0, %r1.b321, %r2, %r3;"), "PTX0221", ".b321",
                "asel is .bxyzw with x, y, z, w from 0..7 (default .b3210)");
        assertMessage(only("vset.u32.u32.lt %r0, %r1, %r2.h2;"), "PTX0221", ".h2",
                "bsel is .b0, .b1, .b2, .b3 (a byte) or .h0, .h1 (a half-word)");
        assertMessage(only("vset.u32.u32.lt %r0.b4, %r1, %r2, %r3;"), "PTX0221", ".b4",
                "not a destination selector of vset", "dsel is .b0");
        Finding up = only("vset.u32.u32.lt %r0, %r1.H1, %r2;");
        assertEquals("vset.u32.u32.lt %r0, %r1.h1, %r2;", up.appliedLine(0));
    }

    @Test
    void theOddTokensOnScalarSources() {
        Finding f = only("vset.u32.u32.lt %r0, %r1.b01, %r2;");
        assertMessage(f, "PTX0221", ".b01", "not a selector of operand a of vset",
                "misleading 'Parsing error near ';'' in <builtin>");
        assertEquals(Severity.ERROR, f.d().severity());
    }

    @Test
    void selectorWhereNoneIsAllowed() {
        Finding f = only("vset2.u32.u32.lt %r0, %r1, %r2, %r3.h10;");
        assertMessage(f, "PTX0222", ".h10", "operand c of vset2 takes no selector", "remove '.h10'");
        assertEquals("vset2.u32.u32.lt %r0, %r1, %r2, %r3;", f.appliedLine(0));
        Finding s = only("setp.lt.s32 %p1, %r1.h0, %r2;");
        assertMessage(s, "PTX0222", ".h0", "setp takes no video selectors ('.h0' on %r1)");
        assertEquals("setp.lt.s32 %p1, %r1, %r2;", s.appliedLine(0));
    }

    @Test
    void destinationSelectorWithoutC() {
        Finding f = only("vset.u32.u32.lt %r0.b0, %r1, %r2;");
        assertMessage(f, "PTX0223", ".b0", "merges the comparison into that part of c",
                "there is no operand c", "vset.u32.u32.lt %r0.b0, a, b, c");
        assertEquals("vset.u32.u32.lt %r0, %r1, %r2;", f.appliedLine(0));
    }

    @Test
    void destinationSelectorWithSecondaryOperation() {
        Finding f = only("vset.u32.u32.lt.max %r0.h1, %r1, %r2, %r3;");
        assertMessage(f, "PTX0224", ".h1", "the destination selector '.h1'", "secondary operation '.max'",
                "takes one or the other");
        assertEquals("vset.u32.u32.lt.max %r0, %r1, %r2, %r3;", f.appliedLine(0));
        assertEquals("vset.u32.u32.lt %r0.h1, %r1, %r2, %r3;", f.appliedLine(1));
    }

    @Test
    void undocumentedTokensWhereptxasAcceptsThem() {
        Finding f = only("vset.u32.u32.lt %r0.b23, %r1, %r2;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0260", ".b23", "not a documented video selector", "ptxas accepts it",
                "dsel is .b0");
        assertTrue(f.d().fixes().isEmpty());
        assertMessage(only("vset.u32.u32.lt.add %r0, %r1, %r2, %r3.b12;"), "PTX0260", ".b12",
                "c takes no selector");
        assertMessage(only("selp.b32 %r0, %r1.b01, %r2, %p1;"), "PTX0260", ".b01", "operand a of selp");
        // on vset2/vset4 they are ordinary invalid selectors
        assertMessage(only("vset2.u32.u32.lt %r0, %r1, %r2, %r3.b01;"), "PTX0222", ".b01");
    }

    @Test
    void scalarImmediates() {
        Finding f = only("vset.u32.u32.lt %r0, %r1, 7;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0261", "7", "operand b of vset.u32.u32 is a constant (7)",
                "the manual gives vset register operands only", "ptxas accepts");
        assertMessage(only("vset.u32.u32.lt.add %r0, %r1, %r2, WARP_SZ;"), "PTX0261", "WARP_SZ", "operand c");
        List<Finding> wide = lint("9.0", "sm_90", "vset.u32.u32.lt %r0, %r1, 0x100000000;");
        assertEquals(List.of("PTX0255", "PTX0261"), wide.stream().map(Finding::code).sorted().toList());
        assertMessage(only("vset.u32.u32.lt %r0, %r1, 0f3F800000;"), "PTX0214", "0f3F800000");
    }

    @Test
    void simdImmediatesAreErrors() {
        Finding f = only("vset4.u32.u32.lt %r0, 7, %r2, %r3;");
        assertMessage(f, "PTX0214", "7", "operand a of vset4.u32.u32 must be a register",
                "vset4 takes no constants", "ptxas reports this as 'Incorrect video selector'", ".b32 register");
        assertMessage(only("vset.u32.u32.lt 1, %r1, %r2;"), "PTX0211", "1", "the destination must be a register");
    }

    @Test
    void cWithoutASecondaryOperation() {
        Finding f = only("vset.u32.u32.lt %r0, %r1, %r2, %r3;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0262", "%r3", "operand c but neither a secondary operation (.add, .min or .max)",
                "nor a destination selector", "undocumented");
        clean("vset.u32.u32.lt %r0.b1, %r1, %r2, %r3;");
    }

    @Test
    void operandCount() {
        Finding f = only("vset.u32.u32.lt.min %r0, %r1, %r2;");
        assertMessage(f, "PTX0212", "%r0, %r1, %r2", "takes 4 operands (d, a, b, c), not 3",
                "'.min' combines the comparison's result with c");
        assertEquals("vset.u32.u32.lt %r0, %r1, %r2;", f.appliedLine(0));
        assertMessage(only("vset2.u32.u32.lt %r0, %r1, %r2;"), "PTX0212", "%r0, %r1, %r2",
                "takes 4 operands (d, a, b, c), not 3");
        assertMessage(only("vset.u32.u32.lt %r0, %r1, %r2, %r3, %r4;"), "PTX0212", "%r4", "remove the extra");
    }

    @Test
    void modifiers() {
        Finding min = only("vset2.u32.u32.lt.min %r0, %r1, %r2, %r3;");
        assertMessage(min, "PTX0201", ".min", "vset2's only secondary operation is .add",
                "(.min and .max are scalar vset's)");
        assertEquals("vset2.u32.u32.lt %r0, %r1, %r2, %r3;", min.appliedLine(0));
        assertMessage(only("vset.u32.u32.lt.add.max %r0, %r1, %r2, %r3;"), "PTX0203", ".max",
                "two secondary operations, '.add' and '.max'");
        assertMessage(only("vset4.u32.u32.lt.add.add %r0, %r1, %r2, %r3;"), "PTX0202", ".add", "written twice");
        assertMessage(only("vset2.u32.u32.lt.sat %r0, %r1, %r2, %r3;"), "PTX0201", ".sat",
                "'.sat' is not a modifier of vset2");
        assertMessage(only("vset2.b32.u32.lt %r0, %r1, %r2, %r3;"), "PTX0207", ".b32",
                "vset2 has no atype '.b32'; the atype is one of .u32 .s32");
        assertMessage(only("vset2.u32.u32 %r0, %r1, %r2, %r3;"), "PTX0205", "vset2.u32.u32",
                "vset2 needs a comparison operator", "vset2.atype.btype.cmp{.add}");
    }

    @Test
    void comparisons() {
        Finding lo = only("vset2.u32.u32.lo %r0, %r1, %r2, %r3;");
        assertMessage(lo, "PTX0206", ".lo", "'.lo' is not a comparison of vset2, which takes .eq, .ne, .lt, .le, .gt "
                + "or .ge", "comes from the types", "use '.lt'");
        assertEquals("vset2.u32.u32.lt %r0, %r1, %r2, %r3;", lo.appliedLine(0));
        Finding neu = only("vset.s32.s32.neu %r0, %r1, %r2;");
        assertEquals("vset.s32.s32.ne %r0, %r1, %r2;", neu.appliedLine(0));
        assertMessage(only("vset4.u32.u32.num %r0, %r1, %r2, %r3;"), "PTX0206", ".num", "tests for NaN");
    }

    @Test
    void modifierOrder() {
        Finding f = only("vset2.add.ge.u32.s32 %r0, %r1, %r2, %r3;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0250", ".add.ge.u32.s32", "write vset2.u32.s32.ge.add", "vset2.atype.btype.cmp{.add}");
        assertEquals("vset2.u32.s32.ge.add %r0, %r1, %r2, %r3;", f.appliedLine(0));
        assertEquals("vset.u32.s32.lt.max %r0, %r1, %r2, %r3;",
                only("vset.max.lt.u32.s32 %r0, %r1, %r2, %r3;").appliedLine(0));
    }

    @Test
    void operands() {
        assertMessage(only("vset2.u32.u32.lt %r0, %f1, %r2, %r3;"), "PTX0213", "%f1",
                "operand a of vset2.u32.u32 must be a .u32, .b32 or .s32 register");
        assertMessage(only("vset2.u32.u32.lt %r0, -%r1, %r2, %r3;"), "PTX0217", "-%r1",
                "operand a of vset2.u32.u32 cannot be negated with '-'", "vset2 has no operand negation");
        assertMessage(only("vset.u32.u32.lt -%r0, %r1, %r2;"), "PTX0217", "-%r0", "a destination cannot be negated");
        assertMessage(only("slct.s32.s32 %r0, %r1, %r2, -%s1;"), "PTX0217", "-%s1", "slct has no operand negation");
        assertMessage(only("vset.u32.u32.lt %r0, %tid.x, %r2;"), "PTX0215", "%tid.x", "special register");
        assertMessage(only("vset4.u32.u32.lt _, %r1, %r2, %r3;"), "PTX0211", "_", "cannot be discarded");
        // the selector is split off before the register is checked
        assertMessage(only("vset2.u32.u32.lt %r0, %rd1.h10, %r2, %r3;"), "PTX0213", "%rd1", "64 bits");
    }

    @Test
    void requirements() {
        Finding f = only("2.0", "sm_20", "vset2.u32.u32.lt %r0, %r1, %r2, %r3;");
        assertMessage(f, "PTX0216", "vset2.u32.u32",
                "'vset2.u32.u32' needs PTX ISA 3.0 (this file declares 2.0) and sm_30 or newer (it targets sm_20)");
        assertTrue(f.d().fixes().isEmpty(), "raising .version alone is not enough");
        assertMessage(only("3.0", "sm_20", "vset4.u32.u32.lt %r0, %r1, %r2, %r3;"), "PTX0216", "vset4.u32.u32",
                "'vset4.u32.u32' needs sm_30 or newer (it targets sm_20)");
        assertMessage(only("9.0", "sm_13", "vset.u32.u32.lt %r0, %r1, %r2;"), "PTX0216", "vset.u32.u32",
                "needs sm_20 or newer (it targets sm_13)");
        assertEquals(List.of(), lint("2.0", "sm_20", "vset.u32.u32.lt %r0, %r1, %r2;").stream()
                .map(Finding::message).toList());
        assertEquals(List.of(), lint("3.0", "sm_30", "vset4.u32.u32.lt %r0, %r1, %r2, %r3;").stream()
                .map(Finding::message).toList());
    }
}
