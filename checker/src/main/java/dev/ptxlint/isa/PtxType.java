package dev.ptxlint.isa;

import java.util.HashMap;
import java.util.Map;

/**
 * The fundamental PTX types that instruction forms name, with their size and class.
 *
 * <p>{@link #bits()} is the size of the whole value: a packed type counts all its lanes
 * ({@code .f16x2} is 32, {@code .e2m1x2} is 8), a sub-byte element type its own width
 * ({@code .e2m1} and {@code .u4} are 4, {@code .b1} is 1). Only some of these types may
 * declare a register ({@link #isRegisterType()}, measured with ptxas 13.0); the others are
 * instruction types only, held in registers of their size ({@code .bf16} in a {@code .b16}).
 * The operand rules are {@link TypeRules}.
 */
public enum PtxType {
    B8(8, Kind.BIT), B16(16, Kind.BIT), B32(32, Kind.BIT), B64(64, Kind.BIT), B128(128, Kind.BIT),
    U8(8, Kind.UNSIGNED), U16(16, Kind.UNSIGNED), U32(32, Kind.UNSIGNED), U64(64, Kind.UNSIGNED),
    S8(8, Kind.SIGNED), S16(16, Kind.SIGNED), S32(32, Kind.SIGNED), S64(64, Kind.SIGNED),
    F16(16, Kind.FLOAT), F16X2(32, Kind.FLOAT, 2), BF16(16, Kind.FLOAT), BF16X2(32, Kind.FLOAT, 2),
    F32(32, Kind.FLOAT), F64(64, Kind.FLOAT),
    TF32(32, Kind.FLOAT), E4M3(8, Kind.FLOAT), E5M2(8, Kind.FLOAT), E4M3X2(16, Kind.FLOAT, 2),
    E5M2X2(16, Kind.FLOAT, 2),
    PRED(1, Kind.PREDICATE),
    // packed integers (add/min/max .u16x2 .s16x2) and packed f32 (add/mul/fma .f32x2)
    U16X2(32, Kind.UNSIGNED, 2), S16X2(32, Kind.SIGNED, 2), F32X2(64, Kind.FLOAT, 2),
    // the narrow floating-point formats of cvt, mma, tcgen05 and the like
    E2M1(4, Kind.FLOAT), E2M3(6, Kind.FLOAT), E3M2(6, Kind.FLOAT), UE8M0(8, Kind.FLOAT), UE4M3(8, Kind.FLOAT),
    E2M1X2(8, Kind.FLOAT, 2), E2M3X2(16, Kind.FLOAT, 2), E3M2X2(16, Kind.FLOAT, 2), UE8M0X2(16, Kind.FLOAT, 2),
    E4M3X4(32, Kind.FLOAT, 4), E5M2X4(32, Kind.FLOAT, 4), E2M1X4(16, Kind.FLOAT, 4), E2M3X4(32, Kind.FLOAT, 4),
    E3M2X4(32, Kind.FLOAT, 4),
    // sub-byte integer and single-bit types of mma/wmma and cvt.pack
    B1(1, Kind.BIT), U2(2, Kind.UNSIGNED), S2(2, Kind.SIGNED), U4(4, Kind.UNSIGNED), S4(4, Kind.SIGNED);

    /** The type classes of the manual's operand type-checking rules. */
    public enum Kind { BIT, UNSIGNED, SIGNED, FLOAT, PREDICATE }

    private static final Map<String, PtxType> BY_TEXT = new HashMap<>();

    static {
        for (PtxType t : values()) {
            BY_TEXT.put(t.text(), t);
        }
    }

    private final int bits;
    private final Kind kind;
    private final int lanes;
    private final String text = "." + name().toLowerCase(java.util.Locale.ROOT);

    PtxType(int bits, Kind kind) {
        this(bits, kind, 1);
    }

    PtxType(int bits, Kind kind, int lanes) {
        this.bits = bits;
        this.kind = kind;
        this.lanes = lanes;
    }

    /** How many values the type packs ({@code .f16x2}: 2, {@code .e4m3x4}: 4, others 1). */
    public int lanes() {
        return lanes;
    }

    /** A packed type ({@code .f16x2}, {@code .u16x2}, {@code .e2m1x4}, ...). */
    public boolean isPacked() {
        return lanes > 1;
    }

    /**
     * Whether {@code .reg} may declare a register of this type (ptxas 13.0: the b, u, s types of
     * 8 to 64 bits, .b128, .f16, .f16x2, .f32, .f64 and .pred; .bf16, .bf16x2 and .tf32 are
     * syntax errors, the other types "may only be used as an instruction type").
     */
    public boolean isRegisterType() {
        return TypeRules.isRegisterType(this);
    }

    public int bits() {
        return bits;
    }

    public Kind kind() {
        return kind;
    }

    /** {@code .f16x2} and the like. */
    public String text() {
        return text;
    }

    /** The type spelled {@code text} (with its dot), or null. */
    public static PtxType of(String text) {
        return text == null ? null : BY_TEXT.get(text);
    }

    /** The bit-size type of this size ({@code .b16} for {@code .f16}). */
    public PtxType bitType() {
        return switch (bits) {
            case 8 -> B8;
            case 16 -> B16;
            case 32 -> B32;
            case 64 -> B64;
            case 128 -> B128;
            default -> null;
        };
    }

    /** f16, bf16 and their packed forms: the types of the half-precision instructions. */
    public boolean isHalf() {
        return this == F16 || this == F16X2 || this == BF16 || this == BF16X2;
    }


    @Override
    public String toString() {
        return text();
    }
}
