package dev.ptxlint.eval;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

/**
 * The comparison operators of {@code set}, {@code setp} and the video comparisons: the one enum
 * both the form tables and the evaluator use.
 */
public enum CmpOp {
    EQ, NE, LT, LE, GT, GE,
    /** Unsigned lower, lower-or-same, higher, higher-or-same: {@code .uN} only. */
    LO, LS, HI, HS,
    /** Unordered comparisons: true when either operand is NaN. Float types only. */
    EQU, NEU, LTU, LEU, GTU, GEU,
    /** Both operands are numbers (neither is NaN). */
    NUM,
    /** Either operand is NaN. */
    NAN;

    /** Bit-size types compare for equality only. */
    public static final Set<CmpOp> BIT = Set.copyOf(EnumSet.of(EQ, NE));
    /** Signed integers. */
    public static final Set<CmpOp> SIGNED = Set.copyOf(EnumSet.of(EQ, NE, LT, LE, GT, GE));
    /** Unsigned integers: the signed set plus lo, ls, hi, hs. */
    public static final Set<CmpOp> UNSIGNED = Set.copyOf(EnumSet.of(EQ, NE, LT, LE, GT, GE, LO, LS, HI, HS));
    /** Floating point: ordered, unordered, num and nan. */
    public static final Set<CmpOp> FLOAT = Set.copyOf(EnumSet.of(EQ, NE, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU,
            GEU, NUM, NAN));

    private static final Map<String, CmpOp> BY_TEXT = new HashMap<>();

    static {
        for (CmpOp c : values()) {
            BY_TEXT.put(c.ptxName(), c);
        }
    }

    /** The spelling with its dot, {@code .lt}. */
    public String text() {
        return ptxName();
    }

    /** The operator spelled {@code text} (with its dot), or null. */
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
        return ptxName();
    }

    /** {@code equ ... geu}. */
    public boolean isUnordered() {
        return ordinal() >= EQU.ordinal() && ordinal() <= GEU.ordinal();
    }

    /** Whether ptxas accepts this operator for the (lane) type: see docs/ptxas-set-family.md. */
    public boolean appliesTo(ScalarType type) {
        return switch (type.kind()) {
            case BITS -> this == EQ || this == NE;
            case SIGNED -> ordinal() <= GE.ordinal();
            case UNSIGNED -> ordinal() <= HS.ordinal();
            case FLOAT, PACKED_FLOAT -> !(this == LO || this == LS || this == HI || this == HS);
            case PREDICATE -> false;
        };
    }

    public String ptxName() {
        return spelling;
    }

    private final String spelling = "." + name().toLowerCase(Locale.ROOT);

    /** Looks up an operator by name, with or without the leading dot. */
    public static Optional<CmpOp> fromPtx(String name) {
        String n = name.startsWith(".") ? name.substring(1) : name;
        for (CmpOp op : values()) {
            if (op.name().toLowerCase(Locale.ROOT).equals(n)) {
                return Optional.of(op);
            }
        }
        return Optional.empty();
    }
}
