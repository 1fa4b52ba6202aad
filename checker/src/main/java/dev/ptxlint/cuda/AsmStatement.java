package dev.ptxlint.cuda;

import java.util.List;

/**
 * One {@code asm(...)} statement found in C++ source. Offsets count UTF-16 code units of the
 * source. When the statement cannot be read (its template is not made only of string literals, a
 * preprocessor directive sits inside it, ...) {@code skipReason} says why and the sections may be
 * incomplete.
 *
 * @param start offset of the {@code asm} keyword
 * @param keywordEnd offset just after the keyword and its qualifiers ({@code asm volatile})
 * @param end offset just after the closing parenthesis (or where reading stopped)
 * @param template the decoded template (the concatenated string literals); null when skipped
 * @param sections how many sections the statement has (1: template only, basic asm; 2-4: with
 *     outputs, inputs, clobbers). Operands are substituted only when there is at least one.
 * @param operands outputs then inputs, numbered as {@code %0, %1, ...}
 * @param clobbers the clobber strings
 * @param archBelow when the statement is under a preprocessor test {@code __CUDA_ARCH__ < N} (or
 *     the #else of {@code __CUDA_ARCH__ >= N}): N, else 0
 */
public record AsmStatement(int start, int keywordEnd, int end, Decoded template, int sections,
                           List<Operand> operands, List<Clobber> clobbers, String skipReason, int archBelow) {

    public AsmStatement {
        operands = List.copyOf(operands);
        clobbers = List.copyOf(clobbers);
    }

    public AsmStatement(int start, int keywordEnd, int end, Decoded template, int sections, List<Operand> operands,
                        List<Clobber> clobbers, String skipReason) {
        this(start, keywordEnd, end, template, sections, operands, clobbers, skipReason, 0);
    }

    /** Whether the statement was read completely and can be linted. */
    public boolean readable() {
        return skipReason == null;
    }

    /**
     * An operand: its constraint ({@code "=r"}), where the constraint string is, and its C++
     * expression ({@code x}); {@code literal} is the expression decoded when it is a string
     * literal (for {@code "C"} operands), else null.
     */
    public record Operand(String constraint, int constraintStart, int constraintEnd, boolean output, String expression,
                          Decoded literal) {

        /** The constraint letter without the modifiers {@code = + &}, or 0 when there is none. */
        public char letter() {
            for (int k = 0; k < constraint.length(); k++) {
                char ch = constraint.charAt(k);
                if (ch != '=' && ch != '+' && ch != '&' && !Character.isWhitespace(ch)) {
                    return ch;
                }
            }
            return 0;
        }
    }

    /** A clobber string and where it is (the string literal, quotes included). */
    public record Clobber(String text, int start, int end) {
    }
}
