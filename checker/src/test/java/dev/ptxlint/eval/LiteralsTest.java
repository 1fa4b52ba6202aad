package dev.ptxlint.eval;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.ptxlint.checker.TestData;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Literals} against the ptxas measurements in docs/evaluator-literals.md, row by row. */
class LiteralsTest {

    /** One row per measured literal: the bits ptxas used as an instruction operand (or the initialiser's). */
    @TestFactory
    List<DynamicTest> everyMeasuredLiteral() throws IOException {
        Path doc = TestData.root().resolve("docs/evaluator-literals.md");
        List<String> lines = Files.readAllLines(doc);
        int begin = lines.indexOf("<!-- measure.py output: begin -->");
        int end = lines.indexOf("<!-- measure.py output: end -->");
        assertTrue(begin >= 0 && end > begin, "markers around the measured table");
        List<DynamicTest> tests = new ArrayList<>();
        for (String line : lines.subList(begin + 1, end)) {
            if (!line.startsWith("| ") || line.startsWith("| type") || line.startsWith("|---")) {
                continue;
            }
            String[] cells = line.split("\\|");
            String type = cells[1].trim();
            String lit = cells[2].trim().replace("`", "");
            String init = cells[3].trim();
            String mov = cells[4].trim();
            String want = mov.equals("-") ? init : mov;
            ScalarType t = ScalarType.fromPtx(type).orElseThrow();
            tests.add(DynamicTest.dynamicTest(type + " " + lit + " -> " + want, () -> {
                if (want.startsWith("rejected")) {
                    assertThrows(Literals.LiteralException.class, () -> Literals.decode(lit, t));
                } else {
                    long bits = Long.parseUnsignedLong(want.substring(2), 16);
                    assertEquals(new Value(t, bits), Literals.decode(lit, t));
                }
            }));
        }
        assertTrue(tests.size() > 80, "the table has its rows");
        return tests;
    }

    @Test
    void integerForms() {
        assertEquals(31, Literals.parseInteger("0x1F").bits());
        assertEquals(31, Literals.parseInteger("0X1fU").bits());
        assertEquals(15, Literals.parseInteger("017").bits());
        assertEquals(5, Literals.parseInteger("0b101").bits());
        assertEquals(0, Literals.parseInteger("0").bits());
        assertEquals(-1, Literals.parseInteger("-1").bits());
        assertEquals(1, Literals.parseInteger("--1").bits());
        assertEquals(-1, Literals.parseInteger("- 1").bits());
        assertFalse(Literals.parseInteger("18446744073709551615").overflow());
        assertTrue(Literals.parseInteger("18446744073709551616").overflow());
        assertEquals(0, Literals.parseInteger("18446744073709551616").bits());
        for (String bad : new String[] {"08", "0x", "0b2", "10u", "1_000", "", "abc", "0xg", "1.5"}) {
            assertThrows(Literals.LiteralException.class, () -> Literals.parseInteger(bad), bad);
        }
    }

    @Test
    void kinds() {
        assertEquals(Literals.Kind.HEX_F32, Literals.kindOf("0f3F800000"));
        assertEquals(Literals.Kind.HEX_F64, Literals.kindOf("0D3FF0000000000000"));
        assertEquals(Literals.Kind.DECIMAL_FLOAT, Literals.kindOf("1."));
        assertEquals(Literals.Kind.DECIMAL_FLOAT, Literals.kindOf(".5"));
        assertEquals(Literals.Kind.DECIMAL_FLOAT, Literals.kindOf("1e5"));
        assertEquals(Literals.Kind.INTEGER, Literals.kindOf("-0x10"));
        for (String bad : new String[] {"0f3F8000", "0f3F8000000", "1e", "1.0f", "inf", "nan", "0x1.0p0", "."}) {
            assertThrows(Literals.LiteralException.class, () -> Literals.kindOf(bad), bad);
        }
    }

    @Test
    void whatPtxasRejects() {
        // no unary minus on hex floats (a syntax error in ptxas)
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("-0f3F800000", ScalarType.F32));
        // integers are not float operands; nothing is a half operand
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("1", ScalarType.F32));
        for (ScalarType t : new ScalarType[] {ScalarType.F16, ScalarType.BF16, ScalarType.F16X2, ScalarType.BF16X2}) {
            assertThrows(Literals.LiteralException.class, () -> Literals.decode("0x3C00", t));
            assertThrows(Literals.LiteralException.class, () -> Literals.decode("1.0", t));
        }
        // float literals for integer types other than 0f->b32, 0d/decimal->b64
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("0f3F800000", ScalarType.U32));
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("1.5", ScalarType.S64));
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("1.5", ScalarType.B32));
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("1e-400", ScalarType.F32));
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("4.9e-324", ScalarType.F64));
    }

    @Test
    void anExactSubnormalDecimalIsAccepted() {
        // 2^-1070, written out exactly (measured: ptxas accepts it and gives 0x10)
        String exact = new java.math.BigDecimal(Double.longBitsToDouble(0x10)).toPlainString();
        assertEquals(0x10, Literals.decode(exact, ScalarType.F64).bits());
    }

    @Test
    void predicateConstants() {
        assertFalse(Literals.decode("0", ScalarType.PRED).pred());
        assertTrue(Literals.decode("2", ScalarType.PRED).pred());
        assertTrue(Literals.decode("0x100000000", ScalarType.PRED).pred());
        assertTrue(Literals.decode("-1", ScalarType.PRED).pred());
        assertThrows(Literals.LiteralException.class, () -> Literals.decode("1.0", ScalarType.PRED));
    }

    /**
     * Every radix and digit count around the bounds of the fast path (digits read into a long below
     * 2^60, a BigInteger past it): the value mod 2^64 and the overflow flag equal the BigInteger's.
     */
    @Test
    void integersAtEveryLengthAgreeWithBigInteger() {
        java.util.Random random = new java.util.Random(13);
        String[] prefixes = {"", "0x", "0X", "0", "0b", "0B"};
        int[] radixes = {10, 16, 16, 8, 2, 2};
        char[] digits = "0123456789abcdefABCDEF".toCharArray();
        java.math.BigInteger twoTo64 = java.math.BigInteger.ONE.shiftLeft(64);
        int checked = 0;
        for (int p = 0; p < prefixes.length; p++) {
            int radix = radixes[p];
            for (int len = 1; len <= 70; len++) {
                for (int rep = 0; rep < 12; rep++) {
                    StringBuilder sb = new StringBuilder();
                    for (int k = 0; k < len; k++) {
                        char c;
                        do {
                            c = rep == 0 ? (radix == 10 ? '9' : radix == 16 ? 'f' : radix == 8 ? '7' : '1')
                                    : digits[random.nextInt(digits.length)];
                        } while (Character.digit(c, radix) < 0);
                        sb.append(c);
                    }
                    if (p == 0 && sb.length() > 1 && sb.charAt(0) == '0') {
                        sb.setCharAt(0, '1'); // a leading 0 would make it octal
                    }
                    String body = prefixes[p] + sb + (rep % 3 == 1 ? "U" : "");
                    boolean negative = rep % 2 == 1;
                    String text = (negative ? "-" : "") + body;
                    java.math.BigInteger mag = new java.math.BigInteger(sb.toString(), radix);
                    java.math.BigInteger v = negative ? mag.negate() : mag;
                    Literals.IntegerValue got = Literals.parseInteger(text);
                    assertEquals(v.mod(twoTo64).longValue(), got.bits(), text);
                    assertEquals(mag.compareTo(twoTo64) >= 0, got.overflow(), text);
                    assertEquals(Literals.Kind.INTEGER, Literals.kindOf(text), text);
                    checked++;
                }
            }
        }
        assertTrue(checked > 4000);
    }
}
