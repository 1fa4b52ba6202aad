package dev.ptxlint.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * What a form or modifier needs: a minimum PTX ISA version and, optionally, a target, written as
 * in the data files: {@code 8.0 sm_90} (sm_90 or later, any suffix), {@code 8.0 sm_90a} (only
 * sm_90a), {@code 8.6 sm_100f} (the sm_100 family with an {@code a} or {@code f} suffix), and
 * alternatives with {@code |} ({@code sm_100a|sm_101a}); {@code -} is no target (or, in the
 * version's place, no version) requirement.
 */
public record Since(PtxVersion version, List<TargetReq> targets, Since also) {

    /** No requirement. */
    public static final Since NONE = new Since(null, List.of(), null);

    public Since(PtxVersion version, List<TargetReq> targets) {
        this(version, targets, null);
    }

    /** One target alternative. */
    public record TargetReq(int sm, char kind) {
        /** {@code ' '} sm_N or later; {@code 'a'} exactly sm_Na; {@code 'f'} the family of sm_N, from sm_N. */
        public boolean satisfiedBy(Target t) {
            return switch (kind) {
                case 'a' -> t.sm() == sm && t.isArchSpecific();
                case 'f' -> (t.isArchSpecific() || t.isFamilySpecific()) && family(t.sm()) == family(sm) && t.sm() >= sm;
                default -> t.satisfies(sm);
            };
        }

        // equals and hashCode written out, as in Since
        @Override
        public boolean equals(Object o) {
            return o instanceof TargetReq t && t.sm == sm && t.kind == kind;
        }

        @Override
        public int hashCode() {
            return 31 * sm + kind;
        }

        /** The family of a target: sm_100 and sm_103 are 10x, sm_110 (formerly sm_101) 11x, sm_120/121 12x. */
        private static int family(int sm) {
            if (sm == 101) {
                return 11;
            }
            return sm >= 100 ? sm / 10 : sm;
        }

        public String text() {
            return "sm_" + sm + (kind == ' ' ? "" : String.valueOf(kind));
        }
    }

    public Since {
        targets = List.copyOf(targets);
    }

    /** Parses {@code "8.0 sm_90"}, {@code "8.0"}, {@code "8.0 -"}, {@code "8.6 sm_100a|sm_101a"}. */
    public static Since parse(String text) {
        String[] w = text.strip().split("\\s+");
        if (w.length == 0 || w[0].isEmpty()) {
            throw new IllegalArgumentException("@since needs a version");
        }
        PtxVersion v = w[0].equals("-") ? null : PtxVersion.parse(w[0]);
        if (v == null && !w[0].equals("-")) {
            throw new IllegalArgumentException("not a PTX ISA version: " + w[0]);
        }
        List<TargetReq> ts = new ArrayList<>();
        if (w.length > 1 && !w[1].equals("-")) {
            for (String alt : w[1].split("\\|")) {
                Target t = Target.parse(alt);
                if (t == null) {
                    throw new IllegalArgumentException("not a target: " + alt);
                }
                char kind = t.isArchSpecific() ? 'a' : t.isFamilySpecific() ? 'f' : ' ';
                ts.add(new TargetReq(t.sm(), kind));
            }
        }
        if (w.length > 2) {
            throw new IllegalArgumentException("@since takes a version and a target: " + text);
        }
        return new Since(v, ts);
    }

    public boolean versionMet(PtxVersion declared) {
        return version == null || declared == null || declared.atLeast(version);
    }

    public boolean targetMet(Target declared) {
        if (declared == null) {
            return true;
        }
        if (also != null && !also.targetMet(declared)) {
            return false;
        }
        if (targets.isEmpty()) {
            return true;
        }
        for (TargetReq r : targets) {
            if (r.satisfiedBy(declared)) {
                return true;
            }
        }
        return false;
    }

    /** The alternatives that are not met by {@code declared}, for messages (this level first). */
    public Since unmet(Target declared) {
        if (declared == null) {
            return this;
        }
        boolean here = targets.isEmpty();
        for (TargetReq r : targets) {
            here |= r.satisfiedBy(declared);
        }
        if (!here || also == null) {
            return this;
        }
        return also.unmet(declared);
    }

    /**
     * For messages: the unmet requirement to name. When every level {@code declared} misses is a
     * single plain {@code sm_N} (or later), the highest of them, so that the message names a
     * target that is enough ({@code ld.global.nc.L1::evict_normal.L2::64B} on sm_62 needs sm_75,
     * not only the sm_70 of {@code .L1::evict_normal}); otherwise the first unmet level
     * ({@link #unmet}).
     */
    public Since strictestUnmet(Target declared) {
        Since first = unmet(declared);
        TargetReq max = null;
        for (Since s = first; s != null; s = s.also) {
            boolean met = s.targets.isEmpty();
            for (TargetReq r : s.targets) {
                met |= r.satisfiedBy(declared);
            }
            if (met) {
                continue;
            }
            if (s.targets.size() != 1 || s.targets.get(0).kind() != ' ') {
                return first;
            }
            if (max == null || s.targets.get(0).sm() > max.sm()) {
                max = s.targets.get(0);
            }
        }
        return max == null || declared == null ? first : new Since(null, List.of(max));
    }

    /** {@code sm_90a or sm_100a}: the targets for messages. */
    public String targetText() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < targets.size(); i++) {
            if (i > 0) {
                sb.append(i == targets.size() - 1 ? " or " : ", ");
            }
            sb.append(targets.get(i).text());
        }
        return sb.toString();
    }

    /** Both requirements: the later version, and a target that satisfies the targets of both. */
    public Since and(Since o) {
        if (o == NONE || o.equals(this)) {
            return this;
        }
        if (this == NONE) {
            return o;
        }
        PtxVersion v = version == null ? o.version : o.version == null ? version
                : version.atLeast(o.version) ? version : o.version;
        if (o.targets.isEmpty() && o.also == null) {
            return new Since(v, targets, also);
        }
        if (targets.isEmpty() && also == null) {
            return new Since(v, o.targets, o.also);
        }
        // both constrain the target: every list of alternatives must be met
        return new Since(v, targets, also == null ? new Since(null, o.targets, o.also) : also.and(o.withoutVersion()));
    }

    private Since withoutVersion() {
        return version == null ? this : new Since(null, targets, also);
    }

    // equals and hashCode written out: a record's own are linked through invokedynamic
    // (ObjectMethods) on first use, which costs a small run tens of milliseconds of start-up
    // (docs/performance.md).
    @Override
    public boolean equals(Object o) {
        return o instanceof Since s && java.util.Objects.equals(version, s.version) && targets.equals(s.targets)
                && java.util.Objects.equals(also, s.also);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(version, targets, also);
    }
}
