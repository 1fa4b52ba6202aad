package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static dev.ptxlint.checker.instructions.OneInstruction.assertMessage;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.instructions.OneInstruction.Finding;
import dev.ptxlint.diag.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The message, range, severity and quick fixes of every form rule: each test lints one
 * instruction and checks what is reported, where, and what applying the fix produces.
 */
class FormMessagesTest {

    private static final String DECLS = ".reg .pred %p<4>; .reg .b16 %h<4>; .reg .b32 %r<4>; .reg .b64 %rd<4>; "
            + ".reg .f32 %f<4>; .reg .f64 %fd<4>; .reg .u32 %u<4>; .reg .s32 %s<4>; .reg .f16 %hf<4>; "
            + ".reg .u16 %us<4>;";

    private static final OneInstruction H = new OneInstruction(DECLS);

    @Test
    void unknownModifierSuggestsTheLegalSpelling() {
        Finding f = H.only("setp.lt.AND.s32 %p1, %r1, %r2, %p2;");
        assertMessage(f, "PTX0200", ".AND", "'.AND' is not a PTX modifier", "did you mean '.and'",
                "lower case");
        assertEquals("setp.lt.and.s32 %p1, %r1, %r2, %p2;", f.appliedLine(0));
        assertMessage(H.only("setp.lq.s32 %p1, %r1, %r2;"), "PTX0200", ".lq", "did you mean");
    }

    @Test
    void illegalModifierNamesTheInstruction() {
        Finding f = H.only("setp.lt.sat.s32 %p1, %r1, %r2;");
        assertMessage(f, "PTX0201", ".sat", "'.sat' is not a modifier of setp");
        assertEquals("setp.lt.s32 %p1, %r1, %r2;", f.appliedLine(0));
        assertMessage(H.only("setp.lt.rn.f32 %p1, %f1, %f2;"), "PTX0201", ".rn", "no rounding modifier");
        assertMessage(H.only("selp.lt.s32 %r1, %r2, %r3, %p1;"), "PTX0201", ".lt",
                "selp takes no comparison operator", "setp.lt");
        assertMessage(H.only("selp.ftz.f32 %f1, %f2, %f3, %p1;"), "PTX0201", ".ftz", "selp does not flush");
        // what selects comes from the data (@operand c : ... selects)
        assertMessage(H.only("selp.lt.s32 %r1, %r2, %r3, %p1;"), "PTX0201", ".lt", "it selects on the predicate c");
        assertMessage(H.only("slct.lt.s32.s32 %r1, %r2, %r3, %s1;"), "PTX0201", ".lt", "it selects on the sign of c");
    }

    @Test
    void duplicateModifier() {
        Finding f = H.only("setp.lt.ftz.ftz.f32 %p1, %f1, %f2;");
        assertMessage(f, "PTX0202", ".ftz", "'.ftz' is written twice");
        assertEquals(f.d().range().startColumn(), "setp.lt.ftz".length());
        assertEquals("setp.lt.ftz.f32 %p1, %f1, %f2;", f.appliedLine(0));
    }

    @Test
    void conflictingModifiers() {
        Finding f = H.only("setp.lt.eq.s32 %p1, %r1, %r2;");
        assertMessage(f, "PTX0203", ".eq", "two comparison operators, '.lt' and '.eq'", "takes one");
        assertEquals(2, f.d().fixes().size());
        Finding b = H.only("setp.lt.and.or.s32 %p1, %r1, %r2, %p2;");
        assertMessage(b, "PTX0203", ".or", "two BoolOps");
    }

    @Test
    void ftzOnlyWhereItFlushes() {
        Finding f = H.only("setp.lt.ftz.f64 %p1, %fd1, %fd2;");
        assertMessage(f, "PTX0204", ".ftz", "'.ftz' applies only to .f32, .f16 or .f16x2 comparisons in setp",
                "not to .f64", "remove it");
        assertEquals("setp.lt.f64 %p1, %fd1, %fd2;", f.appliedLine(0));
        assertMessage(H.only("set.eq.ftz.f16.b32 %h1, %r1, %r2;"), "PTX0204", ".ftz", "not to stype .b32");
        assertMessage(H.only("slct.ftz.s32.s32 %r1, %r2, %r3, %s1;"), "PTX0204", ".ftz", "needs ctype .f32", "not ctype .s32");
        H.clean("set.lt.ftz.f16.f32 %h1, %f1, %f2;");
        H.clean("slct.ftz.b64.f32 %rd1, %rd2, %rd3, %f1;");
    }

    @Test
    void missingComparison() {
        Finding f = H.only("setp.s32 %p1, %r1, %r2;");
        assertMessage(f, "PTX0205", "setp.s32", "setp needs a comparison operator", "setp.lt.s32");
    }

    @Test
    void comparisonAgainstType() {
        Finding lo = H.only("setp.lo.s32 %p1, %r1, %r2;");
        assertMessage(lo, "PTX0206", ".lo", "'.lo' is for unsigned integers", "use '.lt'", "compare as .u32");
        assertEquals("setp.lt.s32 %p1, %r1, %r2;", lo.appliedLine(0));
        assertEquals("setp.lo.u32 %p1, %r1, %r2;", lo.appliedLine(1));
        assertMessage(H.only("setp.lt.b32 %p1, %r1, %r2;"), "PTX0206", ".lt", "bit-size .b32 compares only with .eq and .ne");
        Finding hi = H.only("setp.hi.b16 %p1, %h1, %h2;");
        assertEquals("setp.hi.u16 %p1, %h1, %h2;", hi.appliedLine(0));
        Finding ltu = H.only("setp.ltu.u32 %p1, %r1, %r2;");
        assertMessage(ltu, "PTX0206", ".ltu", "unordered floating-point comparison", "use '.lt'");
        assertMessage(H.only("setp.nan.s32 %p1, %r1, %r2;"), "PTX0206", ".nan", "tests for NaN");
        assertMessage(H.only("setp.hs.f32 %p1, %f1, %f2;"), "PTX0206", ".hs", "use '.ge'");
        H.clean("setp.hs.u64 %p1, %rd1, %rd2;");
        H.clean("setp.num.f64 %p1, %fd1, %fd2;");
    }

    @Test
    void instructionTypes() {
        assertMessage(H.only("setp.lt.u8 %p1, %r1, %r2;"), "PTX0207", ".u8", "setp has no '.u8'",
                "8-bit types are not supported");
        assertMessage(H.only("setp.lt.s32.s32 %p1, %r1, %r2;"), "PTX0207", ".s32", "written twice");
        assertMessage(H.only("setp.lt %p1, %r1, %r2;"), "PTX0207", "setp", "needs an instruction type");
        Finding h = H.only("selp.f16 %h1, %h2, %h3, %p1;");
        assertMessage(h, "PTX0207", ".f16", "selp has no '.f16'", "select .f16 values with '.b16'");
        assertEquals("selp.b16 %h1, %h2, %h3, %p1;", h.appliedLine(0));
        assertMessage(H.only("set.lt.u32 %r1, %r2, %r3;"), "PTX0207", ".u32", "takes 2 types");
    }

    @Test
    void typeCombinations() {
        Finding f = H.only("set.lt.f32.f16 %f1, %h1, %h2;");
        assertMessage(f, "PTX0208", ".f16", "set has no form set.f32.f16", "stype .f16 goes with dtype");
        assertMessage(H.only("slct.s32.u32 %r1, %r2, %r3, %u1;"), "PTX0207", ".u32", "slct has no ctype '.u32'",
                "the ctype is one of .s32 .f32");
        assertMessage(H.only("set.lt.f16x2.f16 %r1, %h1, %h2;"), "PTX0208", ".f16", "set has no form set.f16x2.f16",
                "with dtype .f16x2 the stype is one of .f16x2");
    }

    @Test
    void boolOpAndC() {
        Finding f = H.only("setp.lt.and.s32 %p1, %r1, %r2;");
        assertMessage(f, "PTX0209", ".and", "c is missing");
        assertEquals("setp.lt.s32 %p1, %r1, %r2;", f.appliedLine(0));
        Finding c = H.only("setp.lt.s32 %p1, %r1, %r2, %p2;");
        assertMessage(c, "PTX0210", "%p2", "needs a BoolOp");
        assertEquals("setp.lt.and.s32 %p1, %r1, %r2, %p2;", c.appliedLine(0));
        assertEquals("setp.lt.s32 %p1, %r1, %r2;", c.appliedLine(1));
        H.clean("setp.lt.xor.s32 %p1|%p3, %r1, %r2, !%p2;");
    }

    @Test
    void destinations() {
        assertMessage(H.only("setp.lt.f16 %p1|%p2, %h1, %h2;"), "PTX0211", "%p1|%p2", "writes one predicate",
                "setp.f16x2");
        assertMessage(H.only("set.lt.u32.s32 _, %r1, %r2;"), "PTX0211", "_", "cannot be discarded");
        assertMessage(H.only("setp.lt.s32 %r0, %r1, %r2;"), "PTX0211", "%r0", "writes a predicate", "use set");
        assertMessage(H.only("setp.lt.s32 !%p1, %r1, %r2;"), "PTX0211", "!%p1", "cannot be negated");
        assertMessage(H.only("set.lt.u32.s32 %p1, %r1, %r2;"), "PTX0211", "%p1", "use setp");
        H.clean("setp.lt.s32 _, %r1, %r2;");
        H.clean("setp.lt.s32 _|%p2, %r1, %r2;");
    }

    @Test
    void operandCount() {
        assertMessage(H.only("setp.lt.s32 %p1, %r1;"), "PTX0212", "%p1, %r1", "takes 3 operands (p, a, b), not 2");
        assertMessage(H.only("selp.s32 %r1, %r2, %r3, %p1, %p2;"), "PTX0212", "%p2", "takes 4 operands",
                "remove the extra");
    }

    @Test
    void registerTypes() {
        Finding f = H.only("setp.lt.u32 %p1, %f1, %r2;");
        assertMessage(f, "PTX0213", "%f1", "operand a of setp.u32 must be a .u32, .b32, .s32 or .f16x2 register",
                "is .f32");
        assertMessage(H.only("setp.lt.s32 %p1, %r1, %rd2;"), "PTX0213", "%rd2", "64 bits, not 32", "cvt");
        assertMessage(H.only("set.lt.u32.s32 %f1, %r1, %r2;"), "PTX0213", "%f1", "writes a .u32 result");
        assertMessage(H.only("selp.s32 %r1, %r2, %r3, %r0;"), "PTX0213", "%r0", "must be a predicate");
        // the destinations' hints are data (@hint d : "...", @hint p : "... {type} ...")
        assertMessage(H.only("set.lt.u32.s32 %p1, %r1, %r2;"), "PTX0211", "%p1", "not a predicate",
                "; to get a predicate use setp");
        assertMessage(H.only("setp.lt.s32 %u1, %r1, %r2;"), "PTX0211", "%u1", "is a .u32 register",
                "; to get a .u32 result use set");
        assertTrue(!H.only("selp.s32 %p1, %r1, %r2, %p2;").message().contains("use setp"));
        H.clean("setp.lt.f32 %p1, %r1, %f2;");
        H.clean("setp.eq.b16 %p1, %hf1, %us1;");
    }

    @Test
    void constants() {
        Finding f = H.only("setp.lt.f16 %p1, %h1, 0f3F800000;");
        assertMessage(f, "PTX0214", "0f3F800000", "cannot be a 0f (single-precision) constant",
                ".f16 operands take no constants");
        assertMessage(H.only("setp.lt.s32 %p1, %r1, 1.5;"), "PTX0214", "1.5", "takes integer constants only");
        assertMessage(H.only("setp.lt.f32 %p1, %f1, 1;"), "PTX0214", "1", "floating-point constants such as 1.0");
        assertMessage(H.only("setp.lt.and.bf16 %p1, %h1, %h2, 1;"), "PTX0214", "1", "does not take a constant here");
        H.clean("setp.lt.f32 %p1, %f1, 0d3FF0000000000000;");
        H.clean("setp.eq.b64 %p1, %rd1, -1.5;");
    }

    @Test
    void operandKinds() {
        assertMessage(H.only("setp.lt.u32 %p1, %tid.x, %r2;"), "PTX0215", "%tid.x",
                "special register %tid.x cannot be an operand of setp", "mov.u32");
        assertMessage(H.only("setp.lt.u32 %p1, {%r1, %r2}, %r2;"), "PTX0215", "{%r1, %r2}", "not a vector");
        assertMessage(H.only("selp.u32 %r1, %p1, %r2, %p2;"), "PTX0215", "%p1", "not a predicate",
                "the predicate goes last");
    }

    @Test
    void variablesExpressionsAndMinusAreNotOperands() {
        String src = ".version 9.0\n.target sm_90\n.address_size 64\n.global .u32 g;\n.visible .entry k()\n{\n"
                + ".reg .pred %p<4>; .reg .b32 %r<4>; .reg .v2 .b32 %v;\n"
                + "setp.lt.u32 %p1, g, %r1;\nsetp.lt.u32 %p1, %v, %r1;\nsetp.lt.s32 %p1, -%r1, %r2;\n"
                + "setp.lt.s32 %p1, %r1, 1+%r2;\nselp.b32 %r3, %r1, %r2, -%p1;\nsetp.lt.s32 %p1, %r1, k;\nret;\n}\n";
        List<String> got = new Linter().lint(src).stream().map(d -> (d.range().startLine() + 1) + " " + d.code())
                .toList();
        assertEquals(List.of("8 PTX0215", "9 PTX0215", "10 PTX0217", "11 PTX0215", "12 PTX0217"), got);
    }

    @Test
    void formsRemovedFromEveryTargetNameTheVersionAndTheReplacement() {
        // removed on every target (sm_10 and later): the message names the version only, and what to write
        assertMessage(H.only("8.7", "sm_90", "div.f32 %f1, %f2, %f3;"), "PTX0225", "div.f32",
                "'div.f32' is not supported from PTX ISA 1.4 on (the module declares 8.7); use div.rn.f32 (IEEE),"
                        + " div.full.f32 or div.approx.f32");
        assertMessage(H.only("8.7", "sm_90", "sqrt.f64 %fd1, %fd2;"), "PTX0225", "sqrt.f64", "; use sqrt.rn.f64");
        // removed from a target on: the target is named
        assertMessage(H.only("8.7", "sm_90", "vote.any.pred %p1, %p2;"), "PTX0225", "vote.any.pred",
                "is not supported on .target sm_70 and later from PTX ISA 6.4 (the module: sm_90, 8.7); use vote.sync");
        // still accepted where the old form was legal
        assertEquals(List.of(), H.lint("1.3", "sm_13", "div.f32 %f1, %f2, %f3;"));
    }

    @Test
    void requirements() {
        Finding f = H.only("7.0", "sm_80", "setp.lt.bf16 %p1, %h1, %h2;");
        assertMessage(f, "PTX0216", "setp.lt.bf16",
                "'setp.bf16' needs PTX ISA 7.8 (this file declares 7.0) and sm_90 or newer (it targets sm_80)");
        assertTrue(f.d().fixes().isEmpty(), "raising .version alone is not enough");
        // the target is new enough (sm_75 needs 6.3), the version is not: the fix raises .version
        Finding v = H.only("6.4", "sm_75", "set.lt.u32.f16 %r1, %h1, %h2;");
        assertMessage(v, "PTX0216", "set.lt.u32.f16", "needs PTX ISA 6.5 (this file declares 6.4)",
                "half precision set with an integer result");
        assertTrue(v.applied(0).startsWith(".version 6.5\n"), v.applied(0));
        assertMessage(H.only("4.1", "sm_50", "setp.lt.f16 %p1, %h1, %h2;"), "PTX0216", "setp.lt.f16",
                "needs PTX ISA 4.2");
        assertEquals(List.of(), H.lint("8.0", "sm_90a", "setp.lt.bf16 %p1, %h1, %h2;").stream()
                .map(Finding::message).toList());
    }

    @Test
    void negationOfANonPredicate() {
        assertMessage(H.only("setp.lt.u32 %p1, !%r1, %r2;"), "PTX0217", "!%r1", "'!' applies only to predicates");
    }

    @Test
    void modifierOrderWarning() {
        Finding f = H.only("setp.f32.lt %p1, %f1, %f2;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0250", ".f32.lt", "write setp.lt.f32", "ptxas accepts any order");
        assertEquals("setp.lt.f32 %p1, %f1, %f2;", f.appliedLine(0));
        Finding s = H.only("set.u32.lt.ftz.f32 %r1, %f1, %f2;");
        assertEquals("set.lt.ftz.u32.f32 %r1, %f1, %f2;", s.appliedLine(0));
        H.clean("setp.lt.and.ftz.f32 %p1, %f1, %f2, %p2;");
    }

    @Test
    void packedCompareWithOneDestination() {
        Finding f = H.only("setp.lt.f16x2 %p1, %r1, %r2;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0251", "%p1", "the upper lane's result is lost");
        assertEquals("setp.lt.f16x2 %p1|_, %r1, %r2;", f.appliedLine(0));
        H.clean("setp.lt.f16x2 %p1|%p2, %r1, %r2;");
    }

    @Test
    void scalarHalfCompareWithPairSink() {
        Finding f = H.only("setp.lt.f16 %p1|_, %h1, %h2;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0252", "%p1|_", "has one result");
        assertEquals("setp.lt.f16 %p1, %h1, %h2;", f.appliedLine(0));
    }

    @Test
    void constantPredicateOperand() {
        // the constant also decides the selection, which the fold check reports on the same operand
        List<OneInstruction.Finding> all = H.lint("9.0", "sm_90", "selp.s32 %r1, %r2, %r3, 1;");
        assertEquals(List.of("PTX0253", "PTX0301"), all.stream().map(x -> x.d().code()).sorted().toList());
        Finding f = all.stream().filter(x -> x.d().code().equals("PTX0253")).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0253", "1", "the manual requires a .pred operand");
    }

    @Test
    void undocumentedBf16Operands() {
        Finding f = H.only("setp.eq.bf16x2 %p1|%p3, %r1, %p2;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0254", "%p2", "accepted by ptxas but not by the manual");
        assertMessage(H.only("set.lt.bf16.s32 %us1, %r1, %r2;"), "PTX0254", "%us1", "destination");
        // ptxas takes the predicate b only without a BoolOp (found by a second hold-out sample)
        assertMessage(H.only("set.le.xor.u32.bf16x2 %r0, %r2, %p3, %p2;"), "PTX0215", "%p3", "not a predicate");
    }

    @Test
    void truncatedImmediate() {
        Finding f = H.only("setp.eq.b16 %p1, %h1, 0x1FFFF;");
        assertEquals(Severity.WARNING, f.d().severity());
        assertMessage(f, "PTX0255", "0x1FFFF", "16 bits wide", "truncated to 0xFFFF");
        H.clean("setp.eq.b16 %p1, %h1, 0xFFFF;");
        H.clean("setp.eq.s16 %p1, %h1, -32768;");
    }
}
