package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.TestData;
import dev.ptxlint.isa.TypeRules.ImmediateFit;
import dev.ptxlint.isa.TypeRules.LiteralKind;
import dev.ptxlint.isa.TypeRules.Origin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays testdata/ptxas/isa/typerules.tsv.gz (scripts/ptxas-diff/isa/gen_typerules.py): every
 * recorded ptxas verdict on a register or constant operand must be what {@link TypeRules}
 * predicts. Cases that test another rule are named and counted: constants whose ptxas message is
 * a value range of one instruction (bfe's position, bar's barrier number). The category
 * {@code holdout} (instructions the rules were not derived from) must be predicted without a
 * single false error and at least 99.5 % right.
 */
class TypeRulesTest {
    private static final List<Map<String, String>> ROWS = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        ROWS.addAll(TestData.namedColumnsTsvGz("typerules.tsv.gz"));
        assertTrue(ROWS.size() > 30000, "typerules.tsv.gz has " + ROWS.size() + " cases");
    }

    /** The origin of a measured operand, as derive_typerules.py classes it. */
    static Origin origin(Map<String, String> r) {
        switch (r.get("origin")) {
            case "elem":
                return Origin.ELEMENT;
            case "fixed":
                return Origin.FIXED;
            case "addr":
                return Origin.ADDRESS;
            default:
                break;
        }
        String op = r.get("probe").split("\\.")[0];
        if (op.equals("cvt") || op.equals("ld") || op.equals("st") || op.equals("ldu")) {
            return Origin.RELAXED;
        }
        return Origin.TYPED;
    }

    private static PtxType type(String w) {
        PtxType t = PtxType.of("." + w);
        if (t == null) {
            throw new AssertionError("unknown type " + w);
        }
        return t;
    }

    private static boolean ok(Map<String, String> r) {
        return r.get("verdict").equals("ok");
    }

    private static String show(Map<String, String> r) {
        return r.get("id") + " " + r.get("instruction") + " -> " + r.get("verdict") + " " + r.get("message");
    }

    @Test
    void theCompiledTablesAreThoseOfTheText() {
        byte[] text = Resources.bytes(TypeRules.class, TypeRules.TEXT);
        int crc = IsaIndex.crc(text);
        TypeRules.Tables fromText = TypeRules.fromText(InstructionSet.dataLines(text));
        byte[] shipped = Resources.bytes(TypeRules.class, TypeRules.COMPILED);
        assertNotNull(shipped, "the build makes " + TypeRules.COMPILED + " (IsaIndex.main, process-classes)");
        assertArrayEquals(TypeRules.compile(fromText, crc), shipped, "the text's tables, byte for byte");
        TypeRules.Tables decoded = TypeRules.decode(shipped, crc);
        assertNotNull(decoded);
        assertTrue(decoded.sameRules(fromText));
        assertTrue(fromText.sameRules(decoded));
        assertFalse(decoded.exceptions.isEmpty());
        // edited text: other rules, and the compiled tables of the old text are not used with it
        String edited = new String(text, StandardCharsets.UTF_8).replace("reg typed    f64     : b64 f64",
                "reg typed    f64     : b64");
        assertFalse(TypeRules.fromText(InstructionSet.dataLines(edited.getBytes(StandardCharsets.UTF_8)))
                .sameRules(fromText), "the edit changes a rule");
        assertNull(TypeRules.decode(shipped, IsaIndex.crc(edited.getBytes(StandardCharsets.UTF_8))));
        assertNull(TypeRules.decode(Arrays.copyOf(shipped, shipped.length - 1), crc), "truncated");
        assertNull(TypeRules.decode(Arrays.copyOf(shipped, shipped.length + 4), crc), "trailing bytes");
        assertNull(TypeRules.decode(Arrays.copyOf(shipped, 10), crc), "shorter than its header");
        assertNull(TypeRules.decode(null, crc));
        byte[] magic = shipped.clone();
        magic[0] = 'X';
        assertNull(TypeRules.decode(magic, crc));
    }

    @Test
    void everyRegisterVerdictIsPredicted() {
        int n = 0;
        int byRuleAlone = 0;
        List<String> wrong = new ArrayList<>();
        int hold = 0;
        int holdAgree = 0;
        List<String> falseErrors = new ArrayList<>();
        for (Map<String, String> r : ROWS) {
            if (!r.get("operand_kind").equals("reg")) {
                continue;
            }
            if (r.get("category").equals("holdout")) {
                // not used to derive the rules: they must carry over, never refusing what ptxas takes
                hold++;
                boolean p = TypeRules.registerFits(r.get("form"), Integer.parseInt(r.get("opnd")), origin(r),
                        type(r.get("slot_type")), type(r.get("operand")));
                if (p == ok(r)) {
                    holdAgree++;
                } else if (ok(r)) {
                    falseErrors.add(show(r));
                }
                continue;
            }
            n++;
            Origin o = origin(r);
            PtxType slot = type(r.get("slot_type"));
            PtxType reg = type(r.get("operand"));
            boolean p = TypeRules.registerFits(r.get("form"), Integer.parseInt(r.get("opnd")), o, slot, reg);
            if (p != ok(r)) {
                wrong.add(show(r) + " predicted " + (p ? "ok" : "error"));
            }
            if (TypeRules.registerFits(slot, reg, o) == ok(r)) {
                byRuleAlone++;
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " of " + n + " register cases mispredicted, e.g. "
                + wrong.subList(0, Math.min(10, wrong.size())));
        // the origin rules alone (no per-instruction exception) already decide almost every case
        assertTrue(byRuleAlone >= n * 0.98, byRuleAlone + " of " + n + " decided by the origin rules alone");
        assertTrue(n > 15000, n + " register cases");
        assertTrue(falseErrors.isEmpty(), "holdout: the rules refuse what ptxas accepts: " + falseErrors);
        assertTrue(hold > 3000 && holdAgree >= hold * 0.995, "holdout: " + holdAgree + " of " + hold + " predicted");
    }

    @Test
    void everyConstantVerdictIsPredicted() {
        int n = 0;
        int range = 0;
        int malformed = 0;
        int hold = 0;
        int holdAgree = 0;
        List<String> falseErrors = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (Map<String, String> r : ROWS) {
            if (!r.get("operand_kind").equals("imm")) {
                continue;
            }
            LiteralKind k = LiteralKind.of(r.get("operand"));
            if (k == null) {
                // a spelling the lexer rejects: ptxas stops with a syntax error
                malformed++;
                if (!r.get("verdict").equals("fatal")) {
                    wrong.add(show(r) + " predicted fatal");
                }
                continue;
            }
            boolean dest = r.get("role").equals("d");
            ImmediateFit f = TypeRules.immediateFits(r.get("form"), Integer.parseInt(r.get("opnd")), origin(r),
                    type(r.get("slot_type")), k, dest, 0, true);
            if (f.accepted() && !ok(r) && r.get("message").contains("out of range")) {
                range++;   // another rule: the instruction's value range
                continue;
            }
            if (r.get("category").equals("holdout")) {
                hold++;
                if (f.accepted() == ok(r)) {
                    holdAgree++;
                } else if (ok(r)) {
                    falseErrors.add(show(r));
                }
                continue;
            }
            n++;
            if (f.accepted() != ok(r)) {
                wrong.add(show(r) + " predicted " + f);
            }
            if (dest) {
                assertEquals(ImmediateFit.DESTINATION, f);
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " of " + n + " constant cases mispredicted, e.g. "
                + wrong.subList(0, Math.min(10, wrong.size())));
        assertTrue(n > 10000, n + " constant cases");
        assertTrue(malformed > 100, malformed + " malformed constants");
        // bfe/bfi/bmsk positions and bar's barrier number: [0..255] / [0..15]
        assertTrue(range > 0 && range < 250, range + " value-range cases");
        assertTrue(falseErrors.isEmpty(), "holdout: the rules refuse a constant ptxas accepts: " + falseErrors);
        assertTrue(hold > 3000 && holdAgree >= hold * 0.995, "holdout: " + holdAgree + " of " + hold + " predicted");
    }

    @Test
    void registerTypesAreTheMeasuredOnes() {
        int n = 0;
        Map<String, Boolean> usable = new HashMap<>();
        for (Map<String, String> r : ROWS) {
            if (!r.get("category").equals("decl")) {
                continue;
            }
            String t = r.get("operand");
            boolean crash = r.get("message").contains("exit code");
            boolean declOk = !r.get("probe").equals("decl") || ok(r);
            usable.merge(t, declOk && !crash, Boolean::logicalAnd);
        }
        for (Map.Entry<String, Boolean> e : usable.entrySet()) {
            n++;
            assertEquals(e.getValue(), TypeRules.isRegisterType(type(e.getKey())), e.getKey());
        }
        assertTrue(n >= 40, n + " declared types");
        assertFalse(PtxType.BF16.isRegisterType());
        assertTrue(PtxType.F16X2.isRegisterType());
        assertTrue(PtxType.B128.isRegisterType());
        assertTrue(PtxType.U8.isRegisterType());
        assertFalse(PtxType.E2M1X4.isRegisterType());   // accepted alone, but ptxas crashes on its use
    }

    @Test
    void theRulesInWords() {
        // typed: same size, b/u/s interchangeable; floats take their bit type; f16x2 registers also
        // fit 32-bit integer and .pred operands; bf16 operands take only .b16 registers
        assertTrue(TypeRules.registerFits(PtxType.U32, PtxType.S32, false, false));
        assertTrue(TypeRules.registerFits(PtxType.U32, PtxType.F16X2, false, false));
        assertFalse(TypeRules.registerFits(PtxType.U32, PtxType.F32, false, false));
        assertFalse(TypeRules.registerFits(PtxType.U32, PtxType.U64, false, false));
        assertTrue(TypeRules.registerFits(PtxType.B32, PtxType.F32, true, false));
        assertFalse(TypeRules.registerFits(PtxType.F32, PtxType.U32, true, false));
        assertFalse(TypeRules.registerFits(PtxType.BF16, PtxType.F16, false, false));
        assertTrue(TypeRules.registerFits(PtxType.BF16, PtxType.B16, false, false));
        assertTrue(TypeRules.registerFits(PtxType.PRED, PtxType.F16X2, false, false));
        // relaxed: wider registers; integer slots take any integer register at least as wide
        assertTrue(TypeRules.registerFits(PtxType.U8, PtxType.U64, true, true));
        assertTrue(TypeRules.registerFits(PtxType.U16, PtxType.S32, true, true));
        assertFalse(TypeRules.registerFits(PtxType.U16, PtxType.U8, true, true));
        assertFalse(TypeRules.registerFits(PtxType.U16, PtxType.F32, true, true));
        assertTrue(TypeRules.registerFits(PtxType.B16, PtxType.F32, true, true));
        assertTrue(TypeRules.registerFits(PtxType.F32, PtxType.B64, true, true));
        assertFalse(TypeRules.registerFits(PtxType.F32, PtxType.F64, true, true));
        // the exceptions: cvt with .bf16 is not relaxed; cvt.rs's rbits takes .b32 only
        assertFalse(TypeRules.registerFits("cvt.bf16.f32", 1, Origin.RELAXED, PtxType.F32, PtxType.B64));
        assertTrue(TypeRules.registerFits("cvt.f16.f32", 1, Origin.RELAXED, PtxType.F32, PtxType.B64));
        assertFalse(TypeRules.registerFits("cvt.f16x2.f32", 3, Origin.FIXED, PtxType.B32, PtxType.U32));
        assertTrue(TypeRules.registerFits("shl.b32", 2, Origin.FIXED, PtxType.U32, PtxType.S32));
        // an unmeasured origin/type falls back to the typed rule; a sub-byte type refuses nothing
        assertTrue(TypeRules.registerFits(PtxType.F16, PtxType.F16, Origin.ELEMENT));
        assertFalse(TypeRules.registerFits(PtxType.F16, PtxType.F32, Origin.ELEMENT));
        assertTrue(TypeRules.registerFits(PtxType.E4M3X2, PtxType.B16, Origin.TYPED));
        assertFalse(TypeRules.registerFits(PtxType.E4M3X2, PtxType.B32, Origin.TYPED));
        assertTrue(TypeRules.registerFits(PtxType.U4, PtxType.B32, Origin.TYPED));
        assertTrue(TypeRules.registerFits(PtxType.E2M1, PtxType.U32, Origin.TYPED));
        assertFalse(TypeRules.registerFits(PtxType.B1, PtxType.PRED, Origin.TYPED));
        assertEquals(TypeRules.fittingRegisters(null, 0, Origin.TYPED, PtxType.F32).toString(), "[.b32, .f32]");
    }

    @Test
    void constantsInWords() {
        assertEquals(ImmediateFit.OK, TypeRules.immediateFits(PtxType.U32, LiteralKind.INTEGER, false, false));
        assertEquals(ImmediateFit.DESTINATION, TypeRules.immediateFits(PtxType.U32, LiteralKind.INTEGER, true, false));
        assertEquals(ImmediateFit.WRONG_KIND, TypeRules.immediateFits(PtxType.U32, LiteralKind.DECIMAL_FLOAT, false,
                false));
        assertEquals(ImmediateFit.OK, TypeRules.immediateFits(PtxType.B32, LiteralKind.F32_HEX, false, false));
        assertEquals(ImmediateFit.WRONG_KIND, TypeRules.immediateFits(PtxType.B32, LiteralKind.F64_HEX, false, false));
        assertEquals(ImmediateFit.OK, TypeRules.immediateFits(PtxType.B64, LiteralKind.DECIMAL_FLOAT, false, false));
        assertEquals(ImmediateFit.OK, TypeRules.immediateFits(PtxType.F32, LiteralKind.F64_HEX, false, false));
        assertEquals(ImmediateFit.WRONG_KIND, TypeRules.immediateFits(PtxType.F16, LiteralKind.F32_HEX, false, false));
        assertEquals(ImmediateFit.WRONG_KIND, TypeRules.immediateFits(PtxType.F32, LiteralKind.INTEGER, false, false));
        assertEquals(ImmediateFit.WRONG_KIND, TypeRules.immediateFits("cvt.tf32.f32", 1, Origin.RELAXED, PtxType.F32,
                LiteralKind.DECIMAL_FLOAT, false, 0, true));
        // values: any integer is accepted; TRUNCATED says it does not fit the operand's size
        assertEquals(ImmediateFit.OK, TypeRules.immediateFits(null, 0, Origin.TYPED, PtxType.U16, LiteralKind.INTEGER,
                false, -32768, true));
        assertEquals(ImmediateFit.OK, TypeRules.immediateFits(null, 0, Origin.TYPED, PtxType.U16, LiteralKind.INTEGER,
                false, 65535, true));
        assertEquals(ImmediateFit.TRUNCATED, TypeRules.immediateFits(null, 0, Origin.TYPED, PtxType.U16,
                LiteralKind.INTEGER, false, 65536, true));
        assertEquals(ImmediateFit.TRUNCATED, TypeRules.immediateFits(null, 0, Origin.TYPED, PtxType.U64,
                LiteralKind.INTEGER, false, 0, false));
        assertEquals(LiteralKind.INTEGER, LiteralKind.of("- 0x1"));
        assertEquals(LiteralKind.F32_HEX, LiteralKind.of("0F3F800000"));
        assertEquals(LiteralKind.F64_HEX, LiteralKind.of("-0d3FF0000000000000"));
        assertEquals(LiteralKind.DECIMAL_FLOAT, LiteralKind.of("1e3"));
        assertNull(LiteralKind.of("-0f3F800000"));
        assertNull(LiteralKind.of("0f3F80"));
    }
}
