package dev.ptxlint.checker.instructions;

import dev.ptxlint.syntax.Ast;
import java.math.BigInteger;

/**
 * The value of simple integer constants (a literal, optionally negated, or {@code WARP_SZ}, which
 * ptxas reads as 32: "Barrier number '32' out of range"), or null.
 */
final class IntegerConstants {
    private static final BigInteger WARP_SZ = BigInteger.valueOf(32);

    private IntegerConstants() {
    }

    static BigInteger value(Ast.Expr e) {
        if (e instanceof Ast.Name n && n.suffixes().isEmpty() && n.text().equals("WARP_SZ")) {
            return WARP_SZ; // the predefined constant (ptxas: 'unexpected value '32'')
        }
        if (e instanceof Ast.IntLit i) {
            return literal(i.token().text());
        }
        if (e instanceof Ast.Unary u && u.op().text().equals("-")) {
            BigInteger v = value(u.operand());
            return v == null ? null : v.negate();
        }
        if (e instanceof Ast.Name n && n.suffixes().isEmpty() && n.text().equals("WARP_SZ")) {
            return WARP_SZ;
        }
        if (e instanceof Ast.Group g && g.items().size() == 1) {
            return value(g.items().get(0));
        }
        return null;
    }

    /** {@code 17}, {@code 0x11}, {@code 021}, {@code 0b10001}, with an optional {@code U} suffix. */
    static BigInteger literal(String text) {
        String s = text.endsWith("U") ? text.substring(0, text.length() - 1) : text;
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return new BigInteger(s.substring(2), 16);
            }
            if (s.startsWith("0b") || s.startsWith("0B")) {
                return new BigInteger(s.substring(2), 2);
            }
            if (s.length() > 1 && s.startsWith("0")) {
                return new BigInteger(s.substring(1), 8);
            }
            return new BigInteger(s);
        } catch (NumberFormatException ex) {
            return null;
        }
    }
}
