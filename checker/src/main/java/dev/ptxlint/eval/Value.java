package dev.ptxlint.eval;

import java.util.Objects;

/**
 * A typed PTX value as its exact bit pattern: the low {@code type.width()} bits of {@code bits},
 * zero-extended (a {@code .s16} -1 is {@code 0xFFFF}, a {@code .pred} is 0 or 1).
 *
 * @param type the type
 * @param bits the pattern; no bit above the type's width may be set
 */
public record Value(ScalarType type, long bits) {

    public Value {
        Objects.requireNonNull(type, "type");
        if ((bits & ~type.mask()) != 0) {
            throw new IllegalArgumentException(String.format(
                    "0x%X does not fit in %s (%d bits); use Value.truncate", bits, type.ptxName(), type.width()));
        }
    }

    /** The low {@code type.width()} bits of {@code bits}, the rest dropped (PTX truncation). */
    public static Value truncate(ScalarType type, long bits) {
        return new Value(type, bits & type.mask());
    }

    public static Value ofPred(boolean p) {
        return new Value(ScalarType.PRED, p ? 1 : 0);
    }

    public static Value ofFloat(float f) {
        return new Value(ScalarType.F32, Float.floatToRawIntBits(f) & 0xFFFFFFFFL);
    }

    public static Value ofDouble(double d) {
        return new Value(ScalarType.F64, Double.doubleToRawLongBits(d));
    }

    /** Two 16-bit lanes packed as PTX packs them: {@code lo} in bits 0..15, {@code hi} in 16..31. */
    public static Value ofPacked(ScalarType packed, int lo, int hi) {
        if (!packed.isPacked()) {
            throw new IllegalArgumentException(packed.ptxName() + " is not a packed type");
        }
        return new Value(packed, (lo & 0xFFFFL) | (hi & 0xFFFFL) << 16);
    }

    /** The pattern sign-extended from the type's width (the value of an {@code .sN}). */
    public long signed() {
        int w = type.width();
        return w == 64 ? bits : (bits << (64 - w)) >> (64 - w);
    }

    /** The pattern zero-extended (the value of a {@code .uN}); for 64 bits, use unsigned operations. */
    public long unsigned() {
        return bits;
    }

    public boolean pred() {
        if (type != ScalarType.PRED) {
            throw new IllegalStateException(type.ptxName() + " is not .pred");
        }
        return bits != 0;
    }

    /** Lane {@code i} (0 = bits 0..15) of a packed value, as a 16-bit pattern. */
    public int lane(int i) {
        if (!type.isPacked() || i < 0 || i > 1) {
            throw new IllegalArgumentException("no lane " + i + " in " + type.ptxName());
        }
        return (int) (bits >>> (16 * i)) & 0xFFFF;
    }

    /** The value as a double: exact for every float and integer type up to 2^53. */
    public double toDouble() {
        return switch (type) {
            case F16 -> FloatConv.f16ToDouble((int) bits);
            case BF16 -> FloatConv.bf16ToFloat((int) bits);
            case F32 -> Float.intBitsToFloat((int) bits);
            case F64 -> Double.longBitsToDouble(bits);
            case S8, S16, S32, S64 -> signed();
            case F16X2, BF16X2 -> throw new IllegalStateException("a packed value has two numbers; use lane()");
            default -> type.width() == 64 && bits < 0 ? 0x1p64 + bits : bits;
        };
    }

    @Override
    public String toString() {
        if (type == ScalarType.PRED) {
            return ".pred " + bits;
        }
        String hex = String.format("0x%0" + (type.width() / 4) + "X", bits);
        return switch (type.kind()) {
            case FLOAT -> type.ptxName() + " " + hex + " (" + toDouble() + ")";
            case SIGNED -> type.ptxName() + " " + hex + " (" + signed() + ")";
            case UNSIGNED -> type.ptxName() + " " + hex + " (" + Long.toUnsignedString(bits) + ")";
            default -> type.ptxName() + " " + hex;
        };
    }
}
