package dev.ptxlint.isa;

import java.util.HashMap;
import java.util.Map;

/** The fundamental PTX types that instruction forms name, with their size and class. */
public enum PtxType {
    B8(8, Kind.BIT), B16(16, Kind.BIT), B32(32, Kind.BIT), B64(64, Kind.BIT), B128(128, Kind.BIT),
    U8(8, Kind.UNSIGNED), U16(16, Kind.UNSIGNED), U32(32, Kind.UNSIGNED), U64(64, Kind.UNSIGNED),
    S8(8, Kind.SIGNED), S16(16, Kind.SIGNED), S32(32, Kind.SIGNED), S64(64, Kind.SIGNED),
    F16(16, Kind.FLOAT), F16X2(32, Kind.FLOAT), BF16(16, Kind.FLOAT), BF16X2(32, Kind.FLOAT),
    F32(32, Kind.FLOAT), F64(64, Kind.FLOAT),
    TF32(32, Kind.FLOAT), E4M3(8, Kind.FLOAT), E5M2(8, Kind.FLOAT), E4M3X2(16, Kind.FLOAT), E5M2X2(16, Kind.FLOAT),
    PRED(1, Kind.PREDICATE);

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
    private final String text = "." + name().toLowerCase(java.util.Locale.ROOT);

    PtxType(int bits, Kind kind) {
        this.bits = bits;
        this.kind = kind;
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
