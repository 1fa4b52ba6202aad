package dev.ptxlint.checker.fold;

import dev.ptxlint.eval.FloatConv;
import dev.ptxlint.eval.ScalarType;
import java.math.BigDecimal;

/** How known values appear in messages and hovers: the number as PTX would read it, and its bits. */
final class Display {
    private Display() {
    }

    static String value(ScalarType type, long bits) {
        return switch (type.kind()) {
            case PREDICATE -> bits != 0 ? "true" : "false";
            case SIGNED -> Long.toString(signExtend(bits, type.width()));
            case UNSIGNED -> {
                String dec = Long.toUnsignedString(bits & type.mask());
                yield bits >= 0 && bits < 1024 ? dec : dec + " (" + hex(type, bits) + ")";
            }
            case BITS -> hex(type, bits) + " (" + Long.toUnsignedString(bits & type.mask()) + ")";
            case FLOAT -> number(type, bits) + " (" + hex(type, bits) + ")";
            case PACKED_FLOAT -> {
                ScalarType lane = type == ScalarType.F16X2 ? ScalarType.F16 : ScalarType.BF16;
                yield "{" + number(lane, bits & 0xFFFF) + ", " + number(lane, bits >>> 16 & 0xFFFF) + "} ("
                        + hex(type, bits) + ")";
            }
        };
    }

    /** The hexadecimal form PTX writes for the type: {@code 0f3F800000}, {@code 0d...}, or {@code 0x...}. */
    static String hex(ScalarType type, long bits) {
        long m = bits & type.mask();
        if (type == ScalarType.F32) {
            return String.format("0f%08X", m);
        }
        if (type == ScalarType.F64) {
            return String.format("0d%016X", m);
        }
        return String.format("0x%0" + Math.max(1, type.width() / 4) + "X", m);
    }

    private static String number(ScalarType type, long bits) {
        double d = switch (type) {
            case F16 -> FloatConv.f16ToDouble((int) (bits & 0xFFFF));
            case BF16 -> FloatConv.bf16ToFloat((int) (bits & 0xFFFF));
            case F32 -> Float.intBitsToFloat((int) bits);
            default -> Double.longBitsToDouble(bits);
        };
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "+inf" : "-inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        if (type == ScalarType.F32) {
            return Float.toString((float) d);
        }
        if (type == ScalarType.F64) {
            return Double.toString(d);
        }
        return new BigDecimal(d).stripTrailingZeros().toPlainString().length() <= 12
                ? new BigDecimal(d).stripTrailingZeros().toPlainString() : Double.toString(d);
    }

    private static long signExtend(long bits, int width) {
        return width == 64 ? bits : bits << (64 - width) >> (64 - width);
    }
}
