package dev.ptxlint.isa;

/**
 * A PTX ISA version as written after {@code .version}: {@code MAJOR.MINOR}, both read as decimal
 * integers the way ptxas reads them ({@code 7.08} is 7.8, and {@code 7.10} is major 7, minor 10,
 * not 7.1). See docs/ptxas-targets.md.
 *
 * <p>{@link #compareTo} is the plain numeric order of (major, minor). {@link #atLeast} is the order
 * ptxas 13.0 uses when it checks a requirement ("requires PTX ISA .version 6.0 or later", "PTX
 * .version X does not support .target Y"): the same, except that {@code .version 5.1} (a version
 * the PTX ISA manual does not list, but ptxas knows) counts as 6.0.
 */
public record PtxVersion(int major, int minor) implements Comparable<PtxVersion> {

    public PtxVersion {
        if (major < 0 || minor < 0) {
            throw new IllegalArgumentException("negative version " + major + "." + minor);
        }
    }

    /** {@code "7.8"} is 7.8; null unless the text is MAJOR.MINOR, both decimal digits (at most 9 each). */
    public static PtxVersion parse(String text) {
        if (text == null) {
            return null;
        }
        int dot = text.indexOf('.');
        if (dot <= 0 || dot == text.length() - 1 || dot > 9 || text.length() - dot - 1 > 9) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (i != dot && (c < '0' || c > '9')) {
                return null;
            }
        }
        return new PtxVersion(Integer.parseInt(text.substring(0, dot)), Integer.parseInt(text.substring(dot + 1)));
    }

    public static PtxVersion of(int major, int minor) {
        return new PtxVersion(major, minor);
    }

    /**
     * Whether a file declaring this version may use something that needs {@code other}, as ptxas
     * decides it: numeric (major, minor) order, with 5.1 counting as 6.0.
     */
    public boolean atLeast(PtxVersion other) {
        return ptxasRank().compareTo(other.ptxasRank()) >= 0;
    }

    /** The version ptxas compares requirements against: 5.1 is treated as 6.0 (measured, see docs). */
    private PtxVersion ptxasRank() {
        return major == 5 && minor == 1 ? new PtxVersion(6, 0) : this;
    }

    @Override
    public int compareTo(PtxVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }

    // equals and hashCode written out: a record's own are linked through invokedynamic
    // (ObjectMethods) on first use, which costs a small run tens of milliseconds of start-up
    // (docs/performance.md).
    @Override
    public boolean equals(Object o) {
        return o instanceof PtxVersion v && v.major == major && v.minor == minor;
    }

    @Override
    public int hashCode() {
        return 31 * major + minor;
    }
}
