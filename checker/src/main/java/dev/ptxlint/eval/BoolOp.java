package dev.ptxlint.eval;

import java.util.Locale;
import java.util.Optional;

/** The Boolean operators that combine a comparison with the predicate {@code c}. */
public enum BoolOp {
    AND, OR, XOR;

    public boolean apply(boolean t, boolean c) {
        return switch (this) {
            case AND -> t & c;
            case OR -> t | c;
            case XOR -> t ^ c;
        };
    }

    public String ptxName() {
        return "." + name().toLowerCase(Locale.ROOT);
    }

    public static Optional<BoolOp> fromPtx(String name) {
        String n = name.startsWith(".") ? name.substring(1) : name;
        for (BoolOp op : values()) {
            if (op.name().toLowerCase(Locale.ROOT).equals(n)) {
                return Optional.of(op);
            }
        }
        return Optional.empty();
    }
}
