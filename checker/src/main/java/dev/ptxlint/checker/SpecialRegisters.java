package dev.ptxlint.checker;

import dev.ptxlint.isa.SpecialRegisterTable;

/**
 * Predefined identifiers of PTX ISA 9.0: the special registers (from
 * {@link SpecialRegisterTable}, i.e. special-registers.txt) and the constant {@code WARP_SZ}.
 */
public final class SpecialRegisters {
    private SpecialRegisters() {
    }

    /** The predefined constant (the warp size, 32). */
    public static final String WARP_SZ = "WARP_SZ";

    /** Whether {@code name} (a special register without component, or WARP_SZ) is predefined. */
    public static boolean isPredefined(String name) {
        return name.equals(WARP_SZ) || SpecialRegisterTable.isSpecialRegister(name);
    }
}
