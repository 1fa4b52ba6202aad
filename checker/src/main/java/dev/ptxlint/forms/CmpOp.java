package dev.ptxlint.forms;

import java.util.EnumSet;
import java.util.Set;

/** The comparison operators of set, setp and the video comparisons. */
public enum CmpOp {
    EQ, NE, LT, LE, GT, GE, LO, LS, HI, HS, EQU, NEU, LTU, LEU, GTU, GEU, NUM, NAN;

    /** Bit-size types compare for equality only. */
    public static final Set<CmpOp> BIT = Set.copyOf(EnumSet.of(EQ, NE));
    /** Signed integers. */
    public static final Set<CmpOp> SIGNED = Set.copyOf(EnumSet.of(EQ, NE, LT, LE, GT, GE));
    /** Unsigned integers: the signed set plus lo, ls, hi, hs. */
    public static final Set<CmpOp> UNSIGNED = Set.copyOf(EnumSet.of(EQ, NE, LT, LE, GT, GE, LO, LS, HI, HS));
    /** Floating point: ordered, unordered, num and nan. */
    public static final Set<CmpOp> FLOAT = Set.copyOf(EnumSet.of(EQ, NE, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU,
            GEU, NUM, NAN));

    private static final java.util.Map<String, CmpOp> BY_TEXT = new java.util.HashMap<>();

    static {
        for (CmpOp c : values()) {
            BY_TEXT.put(c.text(), c);
        }
    }

    private final String text = "." + name().toLowerCase(java.util.Locale.ROOT);

    public String text() {
        return text;
    }

    public static CmpOp of(String text) {
        return text == null ? null : BY_TEXT.get(text);
    }


    /** Whether this is an unordered float compare ({@code equ} ... {@code geu}) or {@code num}/{@code nan}. */
    public boolean isFloatOnly() {
        return ordinal() >= EQU.ordinal();
    }

    /** Whether this is one of the unsigned-only spellings {@code lo ls hi hs}. */
    public boolean isUnsignedOnly() {
        return this == LO || this == LS || this == HI || this == HS;
    }

    @Override
    public String toString() {
        return text();
    }
}
