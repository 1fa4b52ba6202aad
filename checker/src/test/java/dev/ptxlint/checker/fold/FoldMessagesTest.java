package dev.ptxlint.checker.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.eval.ScalarType;
import dev.ptxlint.eval.Semantics;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Messages, ranges, fixes and hover entries of the fold check (PTX0300-PTX0305). */
class FoldMessagesTest {

    private static String module(String body) {
        return ".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry k(.param .f32 x)\n{\n"
                + "    .reg .pred %p<4>;\n    .reg .b32 %r<8>;\n    .reg .f32 %f<4>;\n" + body + "    ret;\n}\n";
    }

    private static List<Diagnostic> fold(String text) {
        return new Linter().lint(text).stream().filter(d -> d.code().startsWith("PTX03")).toList();
    }

    private static String covered(String text, Diagnostic d) {
        return text.substring((int) d.range().startOffset(), (int) d.range().endOffset());
    }

    private static String apply(String text, Fix fix) {
        StringBuilder sb = new StringBuilder(text);
        List<Fix.Edit> edits = fix.edits().stream()
                .sorted((a, b) -> Long.compare(b.range().startOffset(), a.range().startOffset())).toList();
        for (Fix.Edit e : edits) {
            sb.replace((int) e.range().startOffset(), (int) e.range().endOffset(), e.newText());
        }
        return sb.toString();
    }

    @Test
    void comparisonOfKnownValues() {
        String t = module("    mov.u32 %r1, 3;\n    @%p3 setp.lt.s32 %p1, %r1, 10;\n");
        List<Diagnostic> d = fold(t);
        assertEquals(1, d.size(), d.toString());
        assertEquals("PTX0300", d.get(0).code());
        assertEquals(Severity.WARNING, d.get(0).severity());
        assertEquals("setp.lt.s32 %p1, %r1, 10", covered(t, d.get(0)), "opcode to last operand, guard excluded");
        assertEquals("comparison 'setp.lt.s32' is always true: it compares %r1 = 3 with 10; if the operands should"
                + " vary, check where they are set; otherwise use the result directly", d.get(0).message());
        // the related location is the instruction that set the known operand
        assertEquals(1, d.get(0).related().size());
        assertEquals("%r1 is set to 0x00000003 (3) here", d.get(0).related().get(0).message());
        assertEquals("mov.u32 %r1, 3;", t.substring((int) d.get(0).related().get(0).range().startOffset(),
                (int) d.get(0).related().get(0).range().endOffset()));
    }

    @Test
    void unsignedAndSignedReadTheSameBitsDifferently() {
        assertTrue(fold(module("    setp.lt.s32 %p1, -1, 0;\n")).get(0).message().contains("always true"));
        assertTrue(fold(module("    setp.lt.u32 %p1, -1, 0;\n")).get(0).message().contains("always false"));
    }

    @Test
    void nanConstantPointsAtTheConstant() {
        String t = module("    ld.param.f32 %f1, [x];\n    setp.eq.f32 %p1, %f1, 0f7FC00000;\n");
        List<Diagnostic> d = fold(t);
        assertEquals(1, d.size(), d.toString());
        assertEquals("PTX0304", d.get(0).code());
        assertEquals("0f7FC00000", covered(t, d.get(0)));
        assertTrue(d.get(0).message().contains("ordered 'eq' is false whenever an operand is NaN"));
        assertTrue(d.get(0).message().contains("use 'setp.nan'"));
        // an infinity is a number: nothing to report
        assertEquals(List.of(), fold(module("    ld.param.f32 %f1, [x];\n    setp.eq.f32 %p1, %f1, 0f7F800000;\n")));
    }

    @Test
    void nanTestOnKnownNumbers() {
        List<Diagnostic> d = fold(module("    mov.f32 %f1, 0f3F800000;\n    setp.nan.f32 %p1, %f1, %f1;\n"));
        assertEquals("PTX0303", d.get(0).code());
        assertTrue(d.get(0).message().startsWith("NaN test 'setp.nan.f32' is always false"), d.get(0).message());
    }

    @Test
    void selectionFixBecomesAMov() {
        String t = module("    setp.eq.u32 %p1, 1, 1;\n    @%p3 selp.b32 %r3, %r1, %r2, %p1;\n");
        Diagnostic d = fold(t).stream().filter(x -> x.code().equals("PTX0301")).findFirst().orElseThrow();
        assertEquals("%p1", covered(t, d));
        assertEquals("'selp.b32' always selects a (%r1): the condition %p1 is always true; use 'mov.b32 %r3, %r1', or"
                + " check where the condition is set", d.message());
        String fixed = apply(t, d.fixes().get(0));
        assertTrue(fixed.contains("    @%p3 mov.b32 %r3, %r1;\n"), fixed);
        assertTrue(new Linter().lint(fixed).stream().noneMatch(x -> x.code().equals("PTX0301")));
    }

    @Test
    void guardAlwaysTrueIsRemovedAlwaysFalseIsReported() {
        String t = module("    mov.pred %p1, 1;\n    @%p1 mov.u32 %r1, 1;\n    @!%p1 mov.u32 %r2, 1;\n");
        List<Diagnostic> d = fold(t);
        assertEquals(2, d.size(), d.toString());
        assertEquals("@%p1", covered(t, d.get(0)));
        assertEquals("@!%p1", covered(t, d.get(1)));
        assertTrue(d.get(1).message().contains("is always false because %p1 is always true, so 'mov.u32' never executes"));
        assertEquals(List.of(), d.get(1).fixes());
        assertEquals("%p1 is set to true here", d.get(1).related().get(0).message());
        String fixed = apply(t, d.get(0).fixes().get(0));
        assertTrue(fixed.contains("\n    mov.u32 %r1, 1;\n"), fixed);
    }

    @Test
    void instructionsWithErrorsAreNotEvaluated() {
        // .s33 is not a type: the comparison has no meaning, and nothing is folded
        List<Diagnostic> all = new Linter().lint(module("    setp.lt.s33 %p1, 3, 5;\n    @%p1 bra END;\nEND:\n"));
        assertTrue(all.stream().anyMatch(d -> d.severity() == Severity.ERROR));
        assertTrue(all.stream().noneMatch(d -> d.code().startsWith("PTX03")), all.toString());
    }

    @Test
    void aReusedLinterStillSkipsCodeWithErrors() {
        Linter linter = new Linter();
        // a first module with many errors, then modules whose errors must still stop the folding
        StringBuilder bad = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            bad.append("    mov.u32 %r9").append(i).append(", 1;\n");
        }
        assertTrue(linter.lint(module(bad.toString())).size() >= 20);
        List<Diagnostic> syntax = linter.lint(module("    setp.lt.s32 %p1, 3, 5\n    @%p1 bra END;\nEND:\n"));
        assertTrue(syntax.stream().anyMatch(d -> d.severity() == Severity.ERROR), syntax.toString());
        assertTrue(syntax.stream().noneMatch(d -> d.code().startsWith("PTX03")), syntax.toString());
        List<Diagnostic> form = linter.lint(module("    setp.lt.s33 %p1, 3, 5;\n    @%p1 bra END;\nEND:\n"));
        assertTrue(form.stream().noneMatch(d -> d.code().startsWith("PTX03")), form.toString());
        // and a clean module is folded as usual
        assertEquals(1, linter.lint(module("    setp.lt.s32 %p1, 3, 5;\n")).stream()
                .filter(d -> d.code().equals("PTX0300")).count());
    }

    @Test
    void hoverEntriesGiveOperandValuesAndResults() {
        String t = module("    mov.u32 %r1, 7;\n    setp.eq.u32 %p1|%p2, %r1, 7;\n");
        KnownValues kv = KnownValues.of(t);
        int at = t.lastIndexOf("%r1, 7;\n");
        List<KnownValues.Entry> here = kv.at(at + 1);
        assertEquals(KnownValues.Kind.OPERAND, here.get(0).kind());
        assertEquals("%r1", here.get(0).subject());
        assertEquals("0x00000007 (7)", here.get(0).value());
        assertEquals(".b32", here.get(0).type());
        assertEquals(KnownValues.Kind.FOLDED, here.get(1).kind());
        assertEquals("PTX0300", here.get(1).subject());
        assertEquals("always true; %p1 = true, %p2 = false", here.get(1).value());
        KnownValues.Entry q = kv.at(t.indexOf("%p2")).get(0);
        assertEquals("%p2", q.subject());
        assertTrue(q.destination());
        assertEquals("false", q.value());
        // a register that is not known has no entry
        assertTrue(KnownValues.of(module("    mov.u32 %r1, %tid.x;\n    add.u32 %r2, %r1, 1;\n")).all().isEmpty());
    }

    @Test
    void registerComparedWithItselfPointsAtTheSecondOperand() {
        String t = module("    mov.u32 %r1, %tid.x;\n    setp.lt.s32 %p1, %r1, %r1;\n");
        List<Diagnostic> d = fold(t);
        assertEquals(1, d.size(), d.toString());
        assertEquals("PTX0305", d.get(0).code());
        assertEquals(Severity.WARNING, d.get(0).severity());
        assertEquals("%r1", covered(t, d.get(0)));
        assertEquals(t.lastIndexOf("%r1"), (int) d.get(0).range().startOffset(), "the second operand, not the first");
        assertEquals("comparison 'setp.lt.s32' compares %r1 with itself, so it is always false; %p1 = false; if the"
                + " second operand should be another register, correct it; otherwise use the result directly",
                d.get(0).message());
        // different registers, and the NaN test of a float, stay clean
        assertEquals(List.of(), fold(module("    mov.u32 %r1, %tid.x;\n    mov.u32 %r2, %tid.y;\n"
                + "    setp.lt.s32 %p1, %r1, %r2;\n")));
        assertEquals(List.of(), fold(module("    ld.param.f32 %f1, [x];\n    setp.neu.f32 %p1, %f1, %f1;\n"
                + "    setp.eq.f32 %p1, %f1, %f1;\n")));
    }

    @Test
    void aKnownRegisterComparedWithItselfIsReportedOnce() {
        List<Diagnostic> d = fold(module("    mov.u32 %r1, 3;\n    setp.ge.s32 %p1, %r1, %r1;\n"));
        assertEquals(1, d.size(), d.toString());
        assertEquals("PTX0305", d.get(0).code());
        assertTrue(d.get(0).message().contains("always true"), d.get(0).message());
        // a float known to be 1.0: eq of it with itself is decided by the value (PTX0300), not by the self test
        d = fold(module("    mov.f32 %f1, 0f3F800000;\n    setp.eq.f32 %p1, %f1, %f1;\n"));
        assertEquals(1, d.size(), d.toString());
        assertEquals("PTX0300", d.get(0).code());
    }

    @Test
    void aSelfComparisonDecidesWhatFollows() {
        // the guard it decides is reported too, and a BoolOp combines as the instruction defines
        String t = module("    mov.u32 %r1, %tid.x;\n    setp.gt.s32 %p1, %r1, %r1;\n    @%p1 mov.u32 %r2, 1;\n"
                + "    setp.ne.and.s32 %p2, %r1, %r1, %p3;\n    @%p2 mov.u32 %r3, 1;\n");
        List<String> codes = fold(t).stream().map(Diagnostic::code).toList();
        assertEquals(List.of("PTX0305", "PTX0302", "PTX0305", "PTX0302"), codes, fold(t).toString());
    }

    /** Values every float format is sampled at: zeros, a subnormal, ones, the largest, infinities, NaNs. */
    private static long[] samples(ScalarType t) {
        var f = t.format();
        long exp = f.exponentMask();
        long sign = f.signMask();
        return new long[] {0, sign, 1, sign | 1, exp >>> 1, exp - 1, exp, sign | exp, exp | f.quietBit(),
            exp | 1, sign | exp | f.quietBit(), 0x1234 & f.mask()};
    }

    @Test
    void selfCompareAgreesWithTheSemanticsForEveryOperatorAndType() {
        int decided = 0;
        int open = 0;
        for (ScalarType t : ScalarType.values()) {
            if (t.isPacked() || t == ScalarType.PRED) {
                continue;
            }
            for (CmpOp op : CmpOp.values()) {
                if (!op.appliesTo(t)) {
                    continue;
                }
                for (boolean ftz : new boolean[] {false, true}) {
                    if (ftz && !(t == ScalarType.F32 || t == ScalarType.F16)) {
                        continue;
                    }
                    Boolean r = Machine.selfCompare(op, t, ftz);
                    long[] xs = t.kind() == ScalarType.Kind.FLOAT ? samples(t) : new long[] {0, 1, -1, 0x55, t.mask() >>> 1};
                    boolean any = false;
                    boolean all = true;
                    for (long x : xs) {
                        boolean v = Semantics.compare(op, t, x, x, ftz);
                        any |= v;
                        all &= v;
                    }
                    if (r != null) {
                        decided++;
                        assertEquals(r, all, t + " " + op + " ftz=" + ftz);
                        assertEquals(r, any, t + " " + op + " ftz=" + ftz);
                    } else {
                        open++;
                        assertNotEquals(all, any, t + " " + op + " ftz=" + ftz + ": undecided, yet every sample agrees");
                    }
                }
            }
        }
        assertTrue(decided > 0 && open > 0, decided + " decided, " + open + " open");
    }

    @Test
    void selectionBetweenARegisterAndItself() {
        String t = module("    mov.u32 %r1, %tid.x;\n    selp.b32 %r2, %r1, %r1, %p1;\n");
        List<Diagnostic> d = fold(t);
        assertEquals(1, d.size(), d.toString());
        assertEquals("PTX0301", d.get(0).code());
        assertEquals(t.lastIndexOf("%r1"), (int) d.get(0).range().startOffset(), "on b");
        assertEquals("'selp.b32' selects %r1 whatever the condition is: a and b are the same register; if b should be"
                + " another register, correct it; otherwise use 'mov.b32 %r2, %r1'", d.get(0).message());
        assertEquals(module("    mov.u32 %r1, %tid.x;\n    mov.b32 %r2, %r1;\n"), apply(t, d.get(0).fixes().get(0)));
        // a known condition is reported as before, once
        d = fold(module("    mov.u32 %r1, %tid.x;\n    selp.b32 %r2, %r1, %r1, 1;\n"));
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.get(0).message().contains("always selects a"), d.get(0).message());
    }
}
