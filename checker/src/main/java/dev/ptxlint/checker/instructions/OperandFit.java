package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.isa.TypeRules;

/**
 * Whether a register or constant fits an operand of a given type, as ptxas decides it
 * (docs/ptxas-operand-types.md): the manual's type-checking rules, and its relaxed rules for
 * operands marked {@code relaxed} (ld, st, cvt).
 */
final class OperandFit {
    private OperandFit() {
    }

    /**
     * Whether a register declared {@code reg} may be operand {@code index} of type {@code slot} of
     * the form {@code typeKey} ({@code cvt.bf16.f32}), as ptxas decides it: the measured rules of
     * {@link TypeRules} for where the operand's type comes from, and their per-form exceptions.
     */
    static boolean register(String typeKey, int index, TypeRules.Origin origin, PtxType slot, PtxType reg) {
        return typeKey == null ? TypeRules.registerFits(slot, reg, origin)
                : TypeRules.registerFits(typeKey, index, origin, slot, reg);
    }

    /** For completion: the instruction type's plain rule. */
    static boolean register(PtxType slot, PtxType reg, boolean destination, boolean relaxed) {
        return TypeRules.registerFits(slot, reg, destination, relaxed);
    }

    static String immediateMessage(PtxType slot, Kind kind, String operand, String mnemonic) {
        String what = kind == Kind.INTEGER ? "an integer constant" : "a floating-point constant";
        String right = slot.kind() == PtxType.Kind.FLOAT
                ? "write it as 0f (32-bit) or 0d (64-bit) hexadecimal or a decimal with a point"
                : "write an integer";
        return "operand " + operand + " of '" + mnemonic + "' is " + slot.text() + "; " + what + " does not fit: "
                + right;
    }

    /** The type twice as wide ({@code .s32} to {@code .s64}), for {@code .wide} destinations. */
    static PtxType wide(PtxType t) {
        return switch (t) {
            case U8 -> PtxType.U16;
            case U16 -> PtxType.U32;
            case U32 -> PtxType.U64;
            case S8 -> PtxType.S16;
            case S16 -> PtxType.S32;
            case S32 -> PtxType.S64;
            case B8 -> PtxType.B16;
            case B16 -> PtxType.B32;
            case B32 -> PtxType.B64;
            case B64 -> PtxType.B128;
            case F16 -> PtxType.F32;
            case F32 -> PtxType.F64;
            default -> t;
        };
    }
}
