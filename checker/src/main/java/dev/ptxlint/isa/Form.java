package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One row of a {@link FormTable}: an instruction form as the manual's Syntax block gives it, with
 * the instruction types in positional order ({@code [dtype, stype]} for {@code set}).
 *
 * @param cmpOps     the CmpOps this form takes (empty for families without one)
 * @param ftz        whether {@code .ftz} is legal
 * @param dest       the destination forms
 * @param requires   minimum PTX ISA version and target
 * @param feature    what ptxas and our messages call the feature behind {@code requires}
 * @param quirks     operand forms ptxas accepts beyond the manual (reported as warnings)
 */
public record Form(List<PtxType> types, Set<CmpOp> cmpOps, boolean ftz, Dest dest, Requirement requires,
                   String feature, Set<Quirk> quirks) {

    /** Operand forms ptxas 13.0 accepts for some forms although the manual does not. */
    public enum Quirk {
        /** A vector of two registers, each of the instruction type's size, as {@code a} or {@code b}. */
        VECTOR_SOURCE,
        /** A predicate (or {@code !predicate}) as the second source {@code b}, only without a BoolOp. */
        PREDICATE_SECOND_SOURCE,
        /** An integer constant as the predicate operand c. */
        CONSTANT_PREDICATE,
        /** A .u16 or .s16 register as the destination of a .bf16 result. */
        INTEGER_DESTINATION,
        /** A vector of two registers of the result's size as the destination. */
        VECTOR_DESTINATION,
        /** A 32-bit register of any type, or a predicate register, as the destination of a packed result. */
        ANY_32BIT_DESTINATION
    }

    public Form {
        types = List.copyOf(types);
        cmpOps = Set.copyOf(cmpOps);
        quirks = Set.copyOf(quirks);
    }

    /** {@code set.u32.f16}: the opcode and types that name this form in messages. */
    public String name(String opcode) {
        return opcode + types.stream().map(PtxType::text).collect(Collectors.joining());
    }
}
