package dev.ptxlint.eval;

import java.util.Locale;
import java.util.Optional;

/** The PTX fundamental types an evaluated operand can have, with width and class. */
public enum ScalarType {
    B8(8, Kind.BITS), B16(16, Kind.BITS), B32(32, Kind.BITS), B64(64, Kind.BITS),
    U8(8, Kind.UNSIGNED), U16(16, Kind.UNSIGNED), U32(32, Kind.UNSIGNED), U64(64, Kind.UNSIGNED),
    S8(8, Kind.SIGNED), S16(16, Kind.SIGNED), S32(32, Kind.SIGNED), S64(64, Kind.SIGNED),
    F16(16, Kind.FLOAT), BF16(16, Kind.FLOAT), F32(32, Kind.FLOAT), F64(64, Kind.FLOAT),
    F16X2(32, Kind.PACKED_FLOAT), BF16X2(32, Kind.PACKED_FLOAT),
    /** A predicate: one bit, held as 0 or 1. */
    PRED(1, Kind.PREDICATE);

    /** The class of a type. */
    public enum Kind {
        /** {@code .bN}: untyped bits. */
        BITS,
        /** {@code .uN}. */
        UNSIGNED,
        /** {@code .sN}, two's complement. */
        SIGNED,
        /** {@code .f16 .bf16 .f32 .f64}. */
        FLOAT,
        /** {@code .f16x2 .bf16x2}: two 16-bit lanes, lane 0 in bits 0..15. */
        PACKED_FLOAT,
        /** {@code .pred}. */
        PREDICATE
    }

    private final int width;
    private final Kind kind;

    ScalarType(int width, Kind kind) {
        this.width = width;
        this.kind = kind;
    }

    /** Width in bits (1 for {@code .pred}). */
    public int width() {
        return width;
    }

    public Kind kind() {
        return kind;
    }

    /** All-ones in the type's width. */
    public long mask() {
        return width == 64 ? -1L : (1L << width) - 1;
    }

    public boolean isInteger() {
        return kind == Kind.BITS || kind == Kind.UNSIGNED || kind == Kind.SIGNED;
    }

    /** A scalar or packed floating-point type. */
    public boolean isFloat() {
        return kind == Kind.FLOAT || kind == Kind.PACKED_FLOAT;
    }

    public boolean isPacked() {
        return kind == Kind.PACKED_FLOAT;
    }

    /**
     * The IEEE format of a float type, or of one lane of a packed type.
     *
     * @throws IllegalStateException for a non-float type
     */
    public FloatFormat format() {
        return switch (this) {
            case F16, F16X2 -> FloatFormat.F16;
            case BF16, BF16X2 -> FloatFormat.BF16;
            case F32 -> FloatFormat.F32;
            case F64 -> FloatFormat.F64;
            default -> throw new IllegalStateException(ptxName() + " is not a floating-point type");
        };
    }

    /** The lane type of a packed type ({@code .f16x2} -> {@code .f16}); the type itself otherwise. */
    public ScalarType lane() {
        return switch (this) {
            case F16X2 -> F16;
            case BF16X2 -> BF16;
            default -> this;
        };
    }

    /** The {@code .bN} type of the same width ({@code .pred} has none). */
    public ScalarType bitType() {
        return switch (width) {
            case 8 -> B8;
            case 16 -> B16;
            case 32 -> B32;
            case 64 -> B64;
            default -> throw new IllegalStateException(".pred has no bit-size type");
        };
    }

    /** The name as written in PTX, with the dot: {@code .u32}, {@code .f16x2}. */
    public String ptxName() {
        return "." + name().toLowerCase(Locale.ROOT);
    }

    /** Looks up a type by its PTX name, with or without the leading dot ({@code "u32"}, {@code ".u32"}). */
    public static Optional<ScalarType> fromPtx(String name) {
        String n = name.startsWith(".") ? name.substring(1) : name;
        for (ScalarType t : values()) {
            if (t.name().toLowerCase(Locale.ROOT).equals(n)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
