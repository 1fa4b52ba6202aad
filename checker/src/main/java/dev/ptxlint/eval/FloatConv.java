package dev.ptxlint.eval;

/**
 * Exact conversions between the IEEE formats on bit patterns, rounding to nearest, ties to even.
 *
 * <p>Java 17 has no {@code Float.floatToFloat16}; these are written out. Subnormals are produced
 * and consumed (no flushing), overflow rounds to infinity, and a NaN keeps its sign and the top of
 * its payload with the quiet bit set: narrowing drops the low payload bits, widening appends zeros.
 * That NaN rule is what ptxas does when it converts an {@code 0d...} literal for an {@code .f32}
 * operand (measured, see {@code docs/evaluator-literals.md}) and what x86 {@code cvtsd2ss} does; it
 * is not a claim about the GPU's {@code cvt} instruction, which may produce a canonical NaN.
 */
public final class FloatConv {
    private FloatConv() {
    }

    /**
     * Converts {@code bits} of format {@code from} to format {@code to}, rounding to nearest even.
     * Widening is exact; a signalling NaN comes out quiet in either direction.
     */
    public static long convert(long bits, FloatFormat from, FloatFormat to) {
        bits &= from.mask();
        long sign = from.isNegative(bits) ? to.signMask() : 0;
        if (from.isNaN(bits)) {
            long payload = bits & from.fractionMask();
            int shift = from.fractionBits() - to.fractionBits();
            payload = shift >= 0 ? payload >>> shift : payload << -shift;
            return sign | to.exponentMask() | to.quietBit() | (payload & to.fractionMask());
        }
        if (from.isInfinite(bits)) {
            return sign | to.exponentMask();
        }
        if (from.isZero(bits)) {
            return sign;
        }
        // value = sig * 2^(exp - fracBits), with the leading one of sig at bit fracBits
        int rawExp = (int) ((bits & from.exponentMask()) >>> from.fractionBits());
        long sig = bits & from.fractionMask();
        int exp;
        if (rawExp == 0) {
            exp = 1 - from.bias();
            int lead = 63 - Long.numberOfLeadingZeros(sig);
            sig <<= from.fractionBits() - lead;
            exp -= from.fractionBits() - lead;
        } else {
            exp = rawExp - from.bias();
            sig |= 1L << from.fractionBits();
        }
        int biased = exp + to.bias();
        int maxBiased = (1 << to.exponentBits()) - 1;
        int drop = from.fractionBits() - to.fractionBits();   // may be negative when widening
        if (biased >= 1) {
            long r = drop >= 0 ? roundShift(sig, drop) : sig << -drop;
            if (r == 1L << (to.fractionBits() + 1)) {
                r >>>= 1;
                biased++;
            }
            if (biased >= maxBiased) {
                return sign | to.exponentMask();
            }
            return sign | ((long) biased << to.fractionBits()) | (r & to.fractionMask());
        }
        // subnormal (or zero) in the target; a carry into the exponent gives the min normal exactly
        int shift = drop + (1 - biased);
        long r = shift > from.fractionBits() + 1 ? 0 : shift >= 0 ? roundShift(sig, shift) : sig << -shift;
        return sign | r;
    }

    /** {@code x >> shift} rounded to nearest, ties to even; {@code 0 <= shift <= 62}. */
    private static long roundShift(long x, int shift) {
        if (shift == 0) {
            return x;
        }
        long q = x >>> shift;
        long rem = x & ((1L << shift) - 1);
        long half = 1L << (shift - 1);
        if (rem > half || (rem == half && (q & 1) != 0)) {
            q++;
        }
        return q;
    }

    // ---- f16 ----------------------------------------------------------------------------------

    /** The f32 bit pattern of the f16 {@code h} (exact). */
    public static int f16ToF32Bits(int h) {
        return (int) convert(h, FloatFormat.F16, FloatFormat.F32);
    }

    /** The value of the f16 {@code h} (exact). */
    public static float f16ToFloat(int h) {
        return Float.intBitsToFloat(f16ToF32Bits(h));
    }

    /** The value of the f16 {@code h} (exact). */
    public static double f16ToDouble(int h) {
        return Double.longBitsToDouble(convert(h, FloatFormat.F16, FloatFormat.F64));
    }

    /** {@code f} rounded to f16 (nearest even), as a bit pattern in 0..0xFFFF. */
    public static int floatToF16(float f) {
        return (int) convert(Float.floatToRawIntBits(f) & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.F16);
    }

    /** {@code d} rounded to f16 once (nearest even, no double rounding through f32). */
    public static int doubleToF16(double d) {
        return (int) convert(Double.doubleToRawLongBits(d), FloatFormat.F64, FloatFormat.F16);
    }

    // ---- bf16 ---------------------------------------------------------------------------------

    /** The f32 bit pattern of the bf16 {@code h} (exact: the bits shifted up, NaNs made quiet). */
    public static int bf16ToF32Bits(int h) {
        return (int) convert(h, FloatFormat.BF16, FloatFormat.F32);
    }

    public static float bf16ToFloat(int h) {
        return Float.intBitsToFloat(bf16ToF32Bits(h));
    }

    /** {@code f} rounded to bf16 (nearest even), as a bit pattern in 0..0xFFFF. */
    public static int floatToBf16(float f) {
        return (int) convert(Float.floatToRawIntBits(f) & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.BF16);
    }

    /** {@code d} rounded to bf16 once (nearest even). */
    public static int doubleToBf16(double d) {
        return (int) convert(Double.doubleToRawLongBits(d), FloatFormat.F64, FloatFormat.BF16);
    }

    // ---- f32 / f64 ----------------------------------------------------------------------------

    /** The f64 bits rounded to f32 (nearest even), NaN payload truncated and made quiet. */
    public static int f64ToF32Bits(long bits) {
        return (int) convert(bits, FloatFormat.F64, FloatFormat.F32);
    }

    /** The f32 bits widened to f64 (exact; a signalling NaN comes out quiet). */
    public static long f32ToF64Bits(int bits) {
        return convert(bits & 0xFFFFFFFFL, FloatFormat.F32, FloatFormat.F64);
    }
}
