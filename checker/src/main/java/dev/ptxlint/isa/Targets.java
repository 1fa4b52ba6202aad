package dev.ptxlint.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code .version} / {@code .target} tables as ptxas 13.0 (PTX ISA 9.0) enforces them,
 * measured by scripts/ptxas-diff/targets.py (testdata/ptxas/targets.tsv; docs/ptxas-targets.md).
 * Where the PTX ISA manual's table says otherwise, the comment gives the manual's value; ptxas
 * wins, because what ptxas accepts must not be an error.
 */
public final class Targets {
    private Targets() {
    }

    /** Every PTX ISA version ptxas 13.0 knows, oldest first. 5.1 is not in the manual's history. */
    private static final List<PtxVersion> VERSIONS = versions(
            "1.0", "1.1", "1.2", "1.3", "1.4", "1.5",
            "2.0", "2.1", "2.2", "2.3",
            "3.0", "3.1", "3.2",
            "4.0", "4.1", "4.2", "4.3",
            "5.0", "5.1",
            "6.0", "6.1", "6.2", "6.3", "6.4", "6.5",
            "7.0", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8",
            "8.0", "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8",
            "9.0");

    /** Target -> the oldest .version ptxas accepts it with ("PTX .version X does not support .target Y" below). */
    private static final Map<Target, PtxVersion> MIN_VERSION = new TreeMap<>();

    static {
        row("sm_10", "1.0");
        row("sm_11", "1.0");
        row("sm_12", "1.2");
        row("sm_13", "1.2");
        row("sm_20", "2.0");
        row("sm_21", "2.0");    // not in the manual's .target list; ptxas knows it
        row("sm_30", "3.0");
        row("sm_32", "4.0");
        row("sm_35", "3.1");
        row("sm_37", "4.1");
        row("sm_50", "4.0");
        row("sm_52", "4.1");
        row("sm_53", "4.2");
        row("sm_60", "5.0");
        row("sm_61", "5.0");
        row("sm_62", "5.0");
        row("sm_70", "6.0");    // ptxas also takes .version 5.1, which it counts as 6.0
        row("sm_72", "6.1");
        row("sm_75", "6.3");
        row("sm_80", "7.0");
        row("sm_82", "6.2");    // not in the manual at all; ptxas knows it (from 6.2)
        row("sm_86", "7.1");
        row("sm_87", "7.4");
        row("sm_88", "7.3");    // manual: 9.0
        row("sm_89", "7.8");
        row("sm_90", "7.8");
        row("sm_90a", "8.0");
        row("sm_100", "8.6");
        row("sm_100a", "8.6");
        row("sm_100f", "8.8");
        row("sm_101", "8.6");   // renamed sm_110 in PTX ISA 9.0; ptxas 13.0 still takes the old names
        row("sm_101a", "8.6");
        row("sm_101f", "8.8");
        row("sm_103", "8.8");
        row("sm_103a", "8.8");
        row("sm_103f", "8.8");
        row("sm_110", "9.0");
        row("sm_110a", "9.0");
        row("sm_110f", "9.0");
        row("sm_120", "8.7");
        row("sm_120a", "8.7");
        row("sm_120f", "8.8");
        row("sm_121", "8.8");
        row("sm_121a", "8.8");
        row("sm_121f", "8.8");
    }

    /** The {@code .target} options and the oldest .version ptxas accepts each with. */
    private static final Map<String, PtxVersion> OPTIONS = new LinkedHashMap<>();

    static {
        OPTIONS.put("texmode_unified", PtxVersion.of(1, 0));
        OPTIONS.put("texmode_independent", PtxVersion.of(1, 5));
        OPTIONS.put("debug", PtxVersion.of(3, 0));
        OPTIONS.put("map_f64_to_f32", PtxVersion.of(1, 0)); // and only while the target is below sm_13
    }

    /** {@code .address_size} needs PTX ISA 2.3 ("Feature '.address_size directive' requires ..."). */
    public static final PtxVersion ADDRESS_SIZE_SINCE = PtxVersion.of(2, 3);

    /** The first target at which ptxas rejects {@code map_f64_to_f32} ("not supported with SM 1.3 or higher"). */
    public static final int MAP_F64_TO_F32_BELOW = 13;

    private static List<PtxVersion> versions(String... v) {
        List<PtxVersion> out = new ArrayList<>();
        for (String s : v) {
            out.add(PtxVersion.parse(s));
        }
        return Collections.unmodifiableList(out);
    }

    private static void row(String target, String version) {
        MIN_VERSION.put(Target.parse(target), PtxVersion.parse(version));
    }

    /** Minimum PTX ISA version ptxas requires for this target, or null if ptxas does not know the target. */
    public static PtxVersion minVersion(Target t) {
        return t == null ? null : MIN_VERSION.get(t);
    }

    public static boolean isKnown(Target t) {
        return t != null && MIN_VERSION.containsKey(t);
    }

    /** Every known target in order (by number, then plain, f, a). */
    public static List<Target> all() {
        return List.copyOf(MIN_VERSION.keySet());
    }

    /** 9.0. */
    public static PtxVersion newestVersion() {
        return VERSIONS.get(VERSIONS.size() - 1);
    }

    /** Versions that exist: those ptxas 13.0 knows, written the usual way (7.8, not 7.08). */
    public static boolean isKnownVersion(PtxVersion v) {
        return v != null && VERSIONS.contains(v);
    }

    /** Every version that exists, oldest first. */
    public static List<PtxVersion> knownVersions() {
        return VERSIONS;
    }

    /**
     * Whether ptxas accepts {@code .version v} as a version it knows (else: "Unsupported .version
     * v; current version is '9.0'"). ptxas looks up 10 * major + minor, so beside the known
     * versions it also takes e.g. 7.10 (70 + 10 = 80, the number of 8.0) or 0.90; it still compares
     * such a version as (7, 10) against targets and features. Measured for major 0-10, minor 0-99.
     */
    public static boolean acceptedByPtxas(PtxVersion v) {
        if (v == null) {
            return false;
        }
        long code = 10L * v.major() + v.minor();
        for (PtxVersion k : VERSIONS) {
            if (10L * k.major() + k.minor() == code) {
                return true;
            }
        }
        return false;
    }

    /** Whether a file declaring {@code declared} may name target {@code t}, as ptxas decides it. */
    public static boolean supports(PtxVersion declared, Target t) {
        PtxVersion min = minVersion(t);
        return min != null && declared != null && declared.atLeast(min);
    }

    /** The {@code .target} option names ptxas knows, in the manual's order. */
    public static List<String> options() {
        return List.copyOf(OPTIONS.keySet());
    }

    /** Oldest .version ptxas accepts the option with, or null for an unknown option. */
    public static PtxVersion optionMinVersion(String option) {
        return OPTIONS.get(option);
    }

    /**
     * How ptxas reads a name in {@code .target}, or null when it rejects it. ptxas takes
     * {@code sm_} or {@code compute_}, then the decimal number (leading zeros allowed), and decides
     * the suffix by the name's <em>last</em> character alone: {@code a} or {@code f} make it that
     * variant, anything else is ignored. So {@code compute_90}, {@code sm_090}, {@code sm_90xyz}
     * and {@code sm_90A} are sm_90, {@code sm_90_a} is sm_90a, and {@code sm_90af} is the unknown
     * sm_90f. The result must be a {@linkplain #isKnown known} target.
     */
    public static Target ptxasReading(String name) {
        int p;
        if (name.startsWith("sm_")) {
            p = 3;
        } else if (name.startsWith("compute_")) {
            p = 8;
        } else {
            return null;
        }
        int q = p;
        while (q < name.length() && name.charAt(q) >= '0' && name.charAt(q) <= '9') {
            q++;
        }
        if (q == p) {
            return null;
        }
        int z = p;
        while (z < q - 1 && name.charAt(z) == '0') {
            z++; // leading zeros, keeping one digit (no regular expression: start-up)
        }
        String digits = name.substring(z, q);
        if (digits.length() > 4) {
            return null;
        }
        char last = name.charAt(name.length() - 1);
        String suffix = q < name.length() && (last == 'a' || last == 'f') ? String.valueOf(last) : "";
        Target t = new Target(Integer.parseInt(digits), suffix);
        return isKnown(t) ? t : null;
    }

    /** Whether the name could only be an architecture for ptxas (sm_ or compute_ prefix), known or not. */
    public static boolean looksLikeArchitecture(String name) {
        return name.startsWith("sm_") || name.startsWith("compute_");
    }
}
