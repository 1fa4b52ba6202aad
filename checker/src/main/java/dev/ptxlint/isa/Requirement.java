package dev.ptxlint.isa;

/**
 * The minimum PTX ISA version and target of an instruction form, as the manual's "PTX ISA
 * Notes" and "Target ISA Notes" give them (and ptxas enforces them).
 */
public record Requirement(PtxVersion version, int sm) {

    /** Every form from PTX ISA 1.0 on sm_10. */
    public static final Requirement BASE = new Requirement(PtxVersion.of(1, 0), 10);

    public static Requirement of(String version, int sm) {
        return new Requirement(PtxVersion.parse(version), sm);
    }

    /** Whether a module with this version and target may use the form (unknowns pass). */
    public boolean versionMet(PtxVersion declared) {
        return declared == null || declared.atLeast(version);
    }

    public boolean targetMet(Target declared) {
        return declared == null || declared.satisfies(sm);
    }

    // equals and hashCode written out: a record's own are linked through invokedynamic
    // (ObjectMethods) on first use, which costs a small run tens of milliseconds of start-up
    // (docs/performance.md).
    @Override
    public boolean equals(Object o) {
        return o instanceof Requirement r && r.sm == sm && java.util.Objects.equals(r.version, version);
    }

    @Override
    public int hashCode() {
        return 31 * java.util.Objects.hashCode(version) + sm;
    }
}
