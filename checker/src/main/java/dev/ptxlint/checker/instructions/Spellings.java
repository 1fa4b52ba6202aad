package dev.ptxlint.checker.instructions;

import dev.ptxlint.syntax.Ast;

/**
 * One spelling lookup per instruction for the checks of one set ({@link FormChecks} and
 * {@link IsaChecks}, made together by {@code Checks}): the first check to ask for an instruction
 * finds its {@link Spelling} in the cache, the next one gets it again by the instruction's
 * identity. Each check keeps what it prepares from the spelling in its own field of the entry,
 * filled on its first use.
 *
 * <p>Like the checks themselves (the constant folding keeps per-function state), a set serves one
 * thread at a time.
 */
final class Spellings {

    /** An opcode-and-modifier spelling and what each check prepared from it (null: not yet). */
    static final class Spelling {
        final String opcode;
        /** The modifiers' texts; nobody may change the array. */
        final String[] mods;
        /** {@link FormChecks}' facts. */
        Object forms;
        /** {@link IsaChecks}' facts. */
        Object isa;

        Spelling(String opcode, String[] mods) {
            this.opcode = opcode;
            this.mods = mods;
        }
    }

    private final SpellingCache<Spelling> cache = new SpellingCache<>(
            new java.util.function.BiFunction<String, String[], Spelling>() {
                @Override
                public Spelling apply(String opcode, String[] mods) {
                    return new Spelling(opcode, mods);
                }
            });

    private Ast.Instruction last;
    private Spelling lastSpelling;

    Spelling get(Ast.Instruction insn) {
        if (insn == last) {
            return lastSpelling;
        }
        Spelling s = cache.get(insn);
        last = insn;
        lastSpelling = s;
        return s;
    }
}
