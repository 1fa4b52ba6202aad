package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.isa.PtxType;

/**
 * Whether a register or constant fits an operand of a given type, as ptxas decides it
 * (docs/ptxas-operand-types.md): the manual's type-checking rules, and its relaxed rules for
 * operands marked {@code relaxed} (ld, st, cvt).
 */
final class OperandFit {
    private OperandFit() {
    }

    /**
     * Whether a register declared {@code reg} may be an operand of type {@code slot}. Plain
     * operands: the same size, and a class that fits ({@code .bN} takes every class; {@code .uN}
     * and {@code .sN} take integers and, at 32 bits, the packed halves; {@code .fN} takes the same
     * float type or {@code .bN}). {@code relaxed} operands (ld, st, cvt, surfaces) also take
     * wider registers, and a {@code .bN}, {@code .f32} or {@code .f64} one of any class (not
     * {@code .f16x2} for {@code .f32}).
     */
    static boolean register(PtxType slot, PtxType reg, boolean destination, boolean relaxed) {
        if (slot == reg) {
            return true;
        }
        if (slot == PtxType.PRED || reg == PtxType.PRED) {
            return false;
        }
        PtxType.Kind sk = slot.kind();
        PtxType.Kind rk = reg.kind();
        boolean packed32 = reg.bits() == 32 && reg.isHalf();
        if (relaxed) {
            if (reg.bits() < slot.bits()) {
                return false;
            }
            return switch (sk) {
                case BIT -> true;
                case UNSIGNED, SIGNED -> rk != PtxType.Kind.FLOAT || packed32;
                case FLOAT -> {
                    if (slot == PtxType.F32 || slot == PtxType.F64) {
                        yield !(slot == PtxType.F32 && packed32);
                    }
                    if (slot == PtxType.BF16) {
                        yield reg == PtxType.B16;
                    }
                    yield rk == PtxType.Kind.BIT || reg.bits() == slot.bits() && rk == PtxType.Kind.FLOAT;
                }
                default -> false;
            };
        }
        if (reg.bits() != slot.bits()) {
            return false;
        }
        return switch (sk) {
            case BIT -> true;
            case UNSIGNED, SIGNED -> rk != PtxType.Kind.FLOAT || packed32;
            case FLOAT -> rk == PtxType.Kind.BIT || slot.isHalf() && reg.isHalf();
            default -> false;
        };
    }

    /** Whether a constant of this kind may be an operand of type {@code slot}. */
    static boolean immediate(PtxType slot, Kind kind) {
        PtxType.Kind sk = slot.kind();
        if (kind == Kind.INTEGER) {
            return sk != PtxType.Kind.FLOAT || slot.bits() < 32 || slot.isHalf() && slot.bits() == 32
                    || slot == PtxType.TF32;
        }
        // 0f, 0d and decimal floating-point constants
        return switch (sk) {
            case UNSIGNED, SIGNED -> false;
            case FLOAT -> !(slot.bits() <= 16 && kind == Kind.FLOAT_HEX_F) || slot.isHalf() && slot.bits() == 32;
            default -> true;
        };
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
