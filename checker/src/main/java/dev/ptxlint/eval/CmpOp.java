package dev.ptxlint.eval;

import java.util.Locale;
import java.util.Optional;

/** The comparison operators of {@code set} and {@code setp}. */
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
        return "." + name().toLowerCase(Locale.ROOT);
    }

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
