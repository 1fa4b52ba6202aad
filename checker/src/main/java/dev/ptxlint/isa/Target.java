package dev.ptxlint.isa;

/**
 * A target architecture as named in {@code .target}: {@code sm_<number>} plus an optional suffix,
 * {@code "a"} (architecture-specific, e.g. sm_90a) or {@code "f"} (family-specific, e.g.
 * sm_100f). Whether ptxas knows the target is {@link Targets#isKnown}'s business, not this
 * record's.
 *
 * <p>Order: by number, then plain, {@code f}, {@code a} (each later one implies the earlier ones
 * of the same number, when they exist).
 */
public record Target(int sm, String suffix) implements Comparable<Target> {

    public Target {
        if (sm < 0) {
            throw new IllegalArgumentException("negative sm " + sm);
        }
        if (!suffix.equals("") && !suffix.equals("a") && !suffix.equals("f")) {
            throw new IllegalArgumentException("suffix must be \"\", \"a\" or \"f\": " + suffix);
        }
    }

    /** {@code "sm_90a"} is (90, "a"); null unless the text is {@code sm_<digits>} plus optionally a or f. */
    public static Target parse(String text) {
        if (text == null || !text.startsWith("sm_")) {
            return null;
        }
        int end = text.length();
        String suffix = "";
        if (end > 3 && (text.charAt(end - 1) == 'a' || text.charAt(end - 1) == 'f')) {
            suffix = text.substring(end - 1);
            end--;
        }
        if (end == 3 || end - 3 > 9) {
            return null;
        }
        for (int i = 3; i < end; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return null;
            }
        }
        return new Target(Integer.parseInt(text.substring(3, end)), suffix);
    }

    public static Target of(int sm, String suffix) {
        return new Target(sm, suffix);
    }

    /** {@code "sm_90a"}. */
    public String name() {
        return "sm_" + sm + suffix;
    }

    /** An {@code a} target (sm_90a, sm_100a, ...): its PTX runs on that one architecture only. */
    public boolean isArchSpecific() {
        return suffix.equals("a");
    }

    /** An {@code f} target (sm_100f, ...): its PTX runs on the later members of its family. */
    public boolean isFamilySpecific() {
        return suffix.equals("f");
    }

    /** The plain target of the same number (sm_90a -> sm_90). */
    public Target base() {
        return suffix.isEmpty() ? this : new Target(sm, "");
    }

    /**
     * Whether code for this target may use a feature that needs base target sm_N ("requires
     * .target sm_N or higher" in ptxas): the number decides, whatever the suffix. Measured with
     * ptxas 13.0 for features needing sm_20, sm_80 and sm_90 on every known target (sm_90a,
     * sm_100f, sm_120a ... satisfy sm_90; sm_88 and sm_89 do not). The old name sm_101 (PTX ISA
     * 9.0 renamed it sm_110) counts as 101. Features that need an {@code a} or {@code f} target
     * are not "base" features and are not answered here.
     */
    public boolean satisfies(int requiredSm) {
        return sm >= requiredSm;
    }

    private int suffixRank() {
        return suffix.isEmpty() ? 0 : suffix.equals("f") ? 1 : 2;
    }

    @Override
    public int compareTo(Target o) {
        return sm != o.sm ? Integer.compare(sm, o.sm) : Integer.compare(suffixRank(), o.suffixRank());
    }

    @Override
    public String toString() {
        return name();
    }
}
