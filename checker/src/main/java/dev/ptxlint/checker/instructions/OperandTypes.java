package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.isa.PtxType;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The manual's operand type-checking rules (5.4 "Operand Type Information", "Type checking"),
 * as ptxas applies them to register and constant operands.
 */
final class OperandTypes {
    private OperandTypes() {
    }

    /**
     * Whether a register of type {@code reg} may stand where the instruction type is {@code insn}:
     * the same type; for bit-size types any non-predicate type of the same size; for integer
     * types the bit-size, signed and unsigned types of the same size, and at 32 bits .f16x2; for
     * float types (f32, f64, f16, f16x2, bf16, bf16x2) the bit-size type of the same size.
     */
    static boolean registerFits(PtxType insn, PtxType reg) {
        if (reg == insn) {
            return true;
        }
        if (reg == PtxType.PRED || insn == PtxType.PRED || reg.bits() != insn.bits()) {
            return false;
        }
        // the measured rules (docs/ptxas-operand-types.md): also an .f16x2 register in a 32-bit integer slot
        return dev.ptxlint.isa.TypeRules.registerFits(insn, reg, dev.ptxlint.isa.TypeRules.Origin.TYPED);
    }

    /** The register types that fit, for messages. */
    static Set<PtxType> fitting(PtxType insn) {
        Set<PtxType> s = new LinkedHashSet<>();
        s.add(insn);
        for (PtxType t : new PtxType[] {PtxType.B16, PtxType.B32, PtxType.B64, PtxType.U16, PtxType.U32,
                PtxType.U64, PtxType.S16, PtxType.S32, PtxType.S64, PtxType.F16, PtxType.F16X2, PtxType.F32,
                PtxType.F64}) {
            if (registerFits(insn, t)) {
                s.add(t);
            }
        }
        return s;
    }

    /**
     * Whether a constant of this kind may stand where the type is {@code t} (measured with
     * ptxas 13.0): integers for bit-size and integer types; {@code 0f} for f32, f64 and b32;
     * {@code 0d} and decimal floats for f32, f64 and b64; nothing for the half-precision types.
     */
    static boolean constantFits(Kind k, PtxType t) {
        return switch (k) {
            case INTEGER -> t.kind() == PtxType.Kind.BIT || t.kind() == PtxType.Kind.SIGNED
                    || t.kind() == PtxType.Kind.UNSIGNED;
            case FLOAT_HEX_F -> t == PtxType.F32 || t == PtxType.F64 || t == PtxType.B32;
            case FLOAT_HEX_D, FLOAT_DECIMAL -> t == PtxType.F32 || t == PtxType.F64 || t == PtxType.B64;
            default -> false;
        };
    }

    static String describe(Kind k) {
        return switch (k) {
            case INTEGER -> "an integer constant";
            case FLOAT_HEX_F -> "a 0f (single-precision) constant";
            case FLOAT_HEX_D -> "a 0d (double-precision) constant";
            case FLOAT_DECIMAL -> "a decimal floating-point constant";
            default -> "a constant";
        };
    }

    /** What constant spellings the type takes, for messages. */
    static String constantsFor(PtxType t) {
        if (t.isHalf()) {
            return t.text() + " operands take no constants: load the value into a .b" + t.bits() + " register "
                    + "(mov.b" + t.bits() + ")";
        }
        if (t == PtxType.F32 || t == PtxType.F64) {
            return t.text() + " takes floating-point constants such as 1.0, 0f3F800000 or 0d3FF0000000000000";
        }
        if (t == PtxType.B32) {
            return t.text() + " takes integer constants and 0f constants";
        }
        if (t == PtxType.B64) {
            return t.text() + " takes integer constants, 0d constants and decimal floating-point constants";
        }
        return t.text() + " takes integer constants only";
    }
}
