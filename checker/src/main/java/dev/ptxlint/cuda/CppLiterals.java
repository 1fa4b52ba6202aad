package dev.ptxlint.cuda;

import java.math.BigInteger;

/** C++ integer literals, for the value nvcc writes for an {@code "n"} operand. */
final class CppLiterals {
    private CppLiterals() {
    }

    /**
     * The decimal value of a C++ integer constant expression that is a literal, possibly signed and
     * parenthesised ({@code 42}, {@code -7}, {@code 0x10u}, {@code (1 << 0)} is not one), or null.
     */
    static String integer(String expression) {
        String s = expression.replace(" ", "");
        while (s.length() >= 2 && s.startsWith("(") && s.endsWith(")")) {
            s = s.substring(1, s.length() - 1);
        }
        boolean negative = false;
        if (s.startsWith("-") || s.startsWith("+")) {
            negative = s.startsWith("-");
            s = s.substring(1);
        }
        s = s.replace("'", "");
        int end = s.length();
        while (end > 0 && "uUlLzZ".indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        s = s.substring(0, end);
        if (s.isEmpty()) {
            return null;
        }
        int radix = 10;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            radix = 16;
            s = s.substring(2);
        } else if (s.startsWith("0b") || s.startsWith("0B")) {
            radix = 2;
            s = s.substring(2);
        } else if (s.length() > 1 && s.startsWith("0")) {
            radix = 8;
            s = s.substring(1);
        }
        if (s.isEmpty()) {
            return null;
        }
        try {
            BigInteger v = new BigInteger(s, radix);
            return (negative ? v.negate() : v).toString();
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
