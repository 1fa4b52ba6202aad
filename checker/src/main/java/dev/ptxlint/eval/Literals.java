package dev.ptxlint.eval;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * PTX literals decoded to operand bits exactly as ptxas 13.0 does it (measured; the experiments are
 * in {@code docs/evaluator-literals.md}).
 *
 * <ul>
 *   <li>Integer literals (decimal, {@code 0x}, octal {@code 0...}, {@code 0b}, optional {@code U})
 *       are 64-bit: a value of 2^64 or more wraps modulo 2^64 (ptxas flags only some of them), a
 *       unary minus negates modulo 2^64, and the result is truncated to the operand's width.
 *       Integers are not accepted for float operands.</li>
 *   <li>{@code 0fXXXXXXXX} is an f32 bit pattern: taken as is for {@code .f32} and {@code .b32}, and
 *       <em>zero-extended as bits</em> for {@code .f64} (ptxas does not convert it: {@code 0f3F800000}
 *       as an f64 operand is 0x000000003F800000, not 1.0).</li>
 *   <li>{@code 0dXXXXXXXXXXXXXXXX} is an f64 bit pattern: as is for {@code .f64} and {@code .b64};
 *       for {@code .f32} rounded to nearest even (overflow to infinity, subnormals kept, NaN made
 *       quiet with the top payload bits kept).</li>
 *   <li>A decimal float ({@code 1.5}, {@code 1e5}, {@code .5}, {@code -0.0}) is read as the nearest
 *       f64 (an error if it overflows, or underflows inexactly into the subnormal range) and then
 *       treated like {@code 0d} of those bits: f32 operands get a second rounding.</li>
 *   <li>No immediate at all is accepted for {@code .f16 .bf16 .f16x2 .bf16x2} operands, and no
 *       float literal for integer operands other than {@code 0f} for {@code .b32} and {@code 0d} or
 *       a decimal for {@code .b64}. An integer for a {@code .pred} operand is true when non-zero.</li>
 * </ul>
 */
public final class Literals {
    private Literals() {
    }

    /** A literal ptxas would not accept where it is used. */
    public static final class LiteralException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public LiteralException(String message) {
            super(message);
        }
    }

    /** The lexical form of a literal. */
    public enum Kind {
        INTEGER,
        /** {@code 0f} + 8 hex digits. */
        HEX_F32,
        /** {@code 0d} + 16 hex digits. */
        HEX_F64,
        /** A decimal with a fraction or an exponent. */
        DECIMAL_FLOAT
    }

    /**
     * An integer literal's 64-bit value.
     *
     * @param bits     the value modulo 2^64, two's complement
     * @param overflow the magnitude was 2^64 or more (ptxas reports "Constant overflow" for some
     *                 such literals and silently wraps others)
     */
    public record IntegerValue(long bits, boolean overflow) {
    }

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** The text split into leading unary signs and the literal itself. */
    private record Signed(boolean negative, boolean hadSign, String body) {
    }

    private static Signed stripSigns(String text) {
        String s = text.strip();
        boolean neg = false;
        boolean any = false;
        int i = 0;
        while (i < s.length()) {
            char ch = s.charAt(i);
            if (ch == '-') {
                neg = !neg;
            } else if (ch != '+' && !Character.isWhitespace(ch)) {
                break;
            }
            any |= ch == '-' || ch == '+';
            i++;
        }
        return new Signed(neg, any, s.substring(i));
    }

    /**
     * The kind of the literal after any leading {@code -}/{@code +} signs.
     *
     * @throws LiteralException if it is not a PTX literal
     */
    public static Kind kindOf(String text) {
        return kindOfBody(stripSigns(text).body());
    }

    private static Kind kindOfBody(String s) {
        if (s.length() == 10 && s.charAt(0) == '0' && (s.charAt(1) == 'f' || s.charAt(1) == 'F')
                && allHex(s, 2)) {
            return Kind.HEX_F32;
        }
        if (s.length() == 18 && s.charAt(0) == '0' && (s.charAt(1) == 'd' || s.charAt(1) == 'D')
                && allHex(s, 2)) {
            return Kind.HEX_F64;
        }
        if (isDecimalFloat(s)) {
            return Kind.DECIMAL_FLOAT;
        }
        integerFast(s); // throws if malformed
        return Kind.INTEGER;
    }

    private static boolean allHex(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /** digits [. digits] [e [+-] digits], with a dot or an exponent and at least one mantissa digit. */
    private static boolean isDecimalFloat(String s) {
        int i = 0;
        int n = s.length();
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        boolean dot = false;
        if (i < n && s.charAt(i) == '.') {
            dot = true;
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        boolean exp = false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int e = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                e++;
            }
            if (e == 0) {
                return false;
            }
            exp = true;
        }
        return i == n && (dot || exp);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The magnitude of an unsigned integer literal body. */
    /**
     * {@link #integerDigits}'s value without a {@link BigInteger} or a substring when it has few
     * enough digits to be below 2^60 (every literal of an nvcc module), else -1; throws as
     * {@link #integerDigits} does for a malformed literal (the same radix prefixes and digits).
     */
    private static long integerFast(String s) {
        int end = s.endsWith("U") ? s.length() - 1 : s.length();
        int radix = 10;
        int from = 0;
        int most = 18;
        if (end > 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X')) {
            radix = 16;
            from = 2;
            most = 15;
        } else if (end > 2 && s.charAt(0) == '0' && (s.charAt(1) == 'b' || s.charAt(1) == 'B')) {
            radix = 2;
            from = 2;
            most = 60;
        } else if (end > 1 && s.charAt(0) == '0') {
            radix = 8;
            from = 1;
            most = 20;
        }
        if (from >= end) {
            throw new LiteralException("not a PTX literal: '" + s + "'");
        }
        long v = 0;
        for (int i = from; i < end; i++) {
            int d = Character.digit(s.charAt(i), radix);
            if (d < 0) {
                throw new LiteralException("not a PTX literal: '" + s + "'");
            }
            v = v * radix + d;
        }
        return end - from <= most ? v : -1;
    }

    private static BigInteger integerDigits(String s) {
        String t = s.endsWith("U") ? s.substring(0, s.length() - 1) : s;
        int radix = 10;
        String digits = t;
        if (t.length() > 2 && t.charAt(0) == '0' && (t.charAt(1) == 'x' || t.charAt(1) == 'X')) {
            radix = 16;
            digits = t.substring(2);
        } else if (t.length() > 2 && t.charAt(0) == '0' && (t.charAt(1) == 'b' || t.charAt(1) == 'B')) {
            radix = 2;
            digits = t.substring(2);
        } else if (t.length() > 1 && t.charAt(0) == '0') {
            radix = 8;
            digits = t.substring(1);
        }
        if (digits.isEmpty()) {
            throw new LiteralException("not a PTX literal: '" + s + "'");
        }
        for (int i = 0; i < digits.length(); i++) {
            if (Character.digit(digits.charAt(i), radix) < 0) {
                throw new LiteralException("not a PTX literal: '" + s + "'");
            }
        }
        return new BigInteger(digits, radix);
    }

    /**
     * An integer literal, with any leading {@code -} and {@code +} signs, as a 64-bit value.
     *
     * @throws LiteralException if the text is not an integer literal
     */
    public static IntegerValue parseInteger(String text) {
        Signed sg = stripSigns(text);
        if (kindOfBody(sg.body()) != Kind.INTEGER) {
            throw new LiteralException("not an integer literal: '" + text + "'");
        }
        long small = integerFast(sg.body());
        if (small >= 0) { // below 2^60: no overflow, and the negation is the value mod 2^64
            return new IntegerValue(sg.negative() ? -small : small, false);
        }
        BigInteger mag = integerDigits(sg.body());
        boolean overflow = mag.compareTo(TWO_64) >= 0;
        BigInteger v = sg.negative() ? mag.negate() : mag;
        return new IntegerValue(v.mod(TWO_64).longValue(), overflow);
    }

    /**
     * A decimal float literal (with any leading signs) as the nearest f64, ties to even, as its bits.
     *
     * @throws LiteralException if the text is not a decimal float, or ptxas reports "Constant
     *                          overflow" for it: the value is beyond the f64 range, or it is not
     *                          exactly representable and its nearest f64 is subnormal or zero (as
     *                          C's {@code strtod} sets {@code ERANGE})
     */
    public static long parseDecimal(String text) {
        Signed sg = stripSigns(text);
        if (!isDecimalFloat(sg.body())) {
            throw new LiteralException("not a decimal float literal: '" + text + "'");
        }
        double d = Double.parseDouble(sg.body());
        if (Double.isInfinite(d)) {
            throw new LiteralException("Constant overflow: '" + text + "' is beyond the f64 range");
        }
        if (d < Double.MIN_NORMAL && new BigDecimal(sg.body()).compareTo(new BigDecimal(d)) != 0) {
            throw new LiteralException("Constant overflow: '" + text + "' underflows the f64 range");
        }
        return Double.doubleToRawLongBits(sg.negative() ? -d : d);
    }

    /**
     * The bits that ptxas uses for {@code text} as an operand of an instruction of type {@code type}.
     *
     * @throws LiteralException if ptxas rejects the literal there
     */
    public static Value decode(String text, ScalarType type) {
        Signed sg = stripSigns(text);
        Kind kind = kindOfBody(sg.body());
        if ((kind == Kind.HEX_F32 || kind == Kind.HEX_F64) && sg.hadSign()) {
            throw new LiteralException("ptxas takes no sign before '" + sg.body() + "' (a syntax error)");
        }
        if (type == ScalarType.F16 || type == ScalarType.BF16 || type.isPacked()) {
            throw new LiteralException("ptxas accepts no immediate for " + type.ptxName() + " operands");
        }
        switch (type.kind()) {
            case PREDICATE -> {
                if (kind != Kind.INTEGER) {
                    throw new LiteralException("a predicate constant must be an integer");
                }
                return Value.ofPred(parseInteger(text).bits() != 0);
            }
            case BITS, UNSIGNED, SIGNED -> {
                if (kind == Kind.INTEGER) {
                    return Value.truncate(type, parseInteger(text).bits());
                }
                if (type.kind() == ScalarType.Kind.BITS && type.width() == 32 && kind == Kind.HEX_F32) {
                    return new Value(type, hexBits(sg.body()));
                }
                if (type.kind() == ScalarType.Kind.BITS && type.width() == 64 && kind == Kind.HEX_F64) {
                    return new Value(type, hexBits(sg.body()));
                }
                if (type.kind() == ScalarType.Kind.BITS && type.width() == 64 && kind == Kind.DECIMAL_FLOAT) {
                    return new Value(type, parseDecimal(text));
                }
                throw new LiteralException("ptxas does not accept '" + text + "' for a " + type.ptxName() + " operand");
            }
            case FLOAT -> {
                long bits = switch (kind) {
                    case INTEGER -> throw new LiteralException(
                            "ptxas does not accept the integer '" + text + "' for a " + type.ptxName() + " operand");
                    case HEX_F32, HEX_F64 -> hexBits(sg.body());
                    case DECIMAL_FLOAT -> parseDecimal(text);
                };
                if (type == ScalarType.F64) {
                    return new Value(type, bits); // an 0f pattern is zero-extended, not converted
                }
                // F32
                return kind == Kind.HEX_F32 ? new Value(type, bits)
                        : new Value(type, FloatConv.f64ToF32Bits(bits) & 0xFFFFFFFFL);
            }
            default -> throw new LiteralException("no literal for " + type.ptxName());
        }
    }

    private static long hexBits(String body) {
        return Long.parseUnsignedLong(body.substring(2), 16);
    }
}
