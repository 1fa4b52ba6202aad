package dev.ptxlint.eval;

/**
 * The IEEE-754 binary formats PTX uses, described by their field widths. All methods take a bit
 * pattern in the low {@link #width()} bits of a {@code long}; higher bits are ignored.
 */
public enum FloatFormat {
    /** IEEE binary16: 1 sign, 5 exponent, 10 fraction bits. */
    F16(5, 10),
    /** bfloat16: 1 sign, 8 exponent, 7 fraction bits (the top half of an f32). */
    BF16(8, 7),
    /** IEEE binary32. */
    F32(8, 23),
    /** IEEE binary64. */
    F64(11, 52);

    private final int expBits;
    private final int fracBits;

    FloatFormat(int expBits, int fracBits) {
        this.expBits = expBits;
        this.fracBits = fracBits;
    }

    public int width() {
        return 1 + expBits + fracBits;
    }

    public int exponentBits() {
        return expBits;
    }

    public int fractionBits() {
        return fracBits;
    }

    /** The exponent bias: 15, 127, 127, 1023. */
    public int bias() {
        return (1 << (expBits - 1)) - 1;
    }

    /** All-ones in the format's width. */
    public long mask() {
        return width() == 64 ? -1L : (1L << width()) - 1;
    }

    public long signMask() {
        return 1L << (width() - 1);
    }

    public long exponentMask() {
        return ((1L << expBits) - 1) << fracBits;
    }

    public long fractionMask() {
        return (1L << fracBits) - 1;
    }

    /** The most significant fraction bit, set in a quiet NaN. */
    public long quietBit() {
        return 1L << (fracBits - 1);
    }

    /** The bits without the sign: exponent and fraction. */
    public long magnitude(long bits) {
        return bits & (signMask() - 1);
    }

    public boolean isNegative(long bits) {
        return (bits & signMask()) != 0;
    }

    public boolean isNaN(long bits) {
        return magnitude(bits) > exponentMask();
    }

    public boolean isInfinite(long bits) {
        return magnitude(bits) == exponentMask();
    }

    public boolean isZero(long bits) {
        return magnitude(bits) == 0;
    }

    /** Non-zero with a zero exponent field. */
    public boolean isSubnormal(long bits) {
        return (bits & exponentMask()) == 0 && (bits & fractionMask()) != 0;
    }

    /** {@code .ftz} on an input: a subnormal becomes a zero of the same sign; anything else is kept. */
    public long flushSubnormal(long bits) {
        bits &= mask();
        return isSubnormal(bits) ? bits & signMask() : bits;
    }

    /**
     * A key whose signed order is the numeric order of non-NaN values: the magnitude, negated for a
     * negative sign. Both zeros get 0, so {@code -0 == +0}. Meaningless for NaN.
     */
    public long orderKey(long bits) {
        long m = magnitude(bits);
        return isNegative(bits) ? -m : m;
    }

    public String ptxName() {
        return switch (this) {
            case F16 -> ".f16";
            case BF16 -> ".bf16";
            case F32 -> ".f32";
            case F64 -> ".f64";
        };
    }
}
