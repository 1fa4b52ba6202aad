package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.isa.TargetsTsv.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tables in {@link Targets} against the ptxas 13.0 verdicts recorded in
 * testdata/ptxas/targets.tsv: every recorded case must agree (no CUDA needed at test time).
 */
class TargetsTest {

    private static List<Row> rows;

    @BeforeAll
    static void load() {
        rows = TargetsTsv.load();
    }

    private static List<Row> section(String name) {
        return rows.stream().filter(r -> r.section().equals(name)).toList();
    }

    private static void assertAllAgree(List<String> mismatches, int checked, int atLeast) {
        assertTrue(checked >= atLeast, "only " + checked + " recorded cases checked");
        assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())),
                mismatches.size() + " of " + checked + " recorded ptxas verdicts disagree");
    }

    // ------------------------------------------------------------------ the tables themselves

    @Test
    void minimumVersionsOfSomeTargets() {
        assertEquals(PtxVersion.of(8, 0), Targets.minVersion(Target.parse("sm_90a")));
        assertEquals(PtxVersion.of(7, 8), Targets.minVersion(Target.parse("sm_90")));
        assertEquals(PtxVersion.of(6, 3), Targets.minVersion(Target.parse("sm_75")));
        assertEquals(PtxVersion.of(1, 0), Targets.minVersion(Target.parse("sm_10")));
        assertEquals(PtxVersion.of(8, 8), Targets.minVersion(Target.parse("sm_100f")));
        assertEquals(PtxVersion.of(9, 0), Targets.minVersion(Target.parse("sm_110a")));
        assertEquals(PtxVersion.of(7, 3), Targets.minVersion(Target.parse("sm_88")), "ptxas, not the manual's 9.0");
        assertNull(Targets.minVersion(Target.parse("sm_91")));
        assertNull(Targets.minVersion(Target.parse("sm_75a")));
        assertNull(Targets.minVersion(null));
        assertFalse(Targets.isKnown(null));
    }

    @Test
    void allIsSortedAndEveryMinimumExists() {
        List<Target> all = Targets.all();
        assertEquals(45, all.size());
        List<Target> sorted = new ArrayList<>(all);
        sorted.sort(null);
        assertEquals(sorted, all);
        assertEquals(Target.parse("sm_10"), all.get(0));
        assertEquals(Target.parse("sm_121a"), all.get(all.size() - 1));
        for (Target t : all) {
            assertTrue(Targets.isKnown(t));
            assertTrue(Targets.isKnownVersion(Targets.minVersion(t)), t.name());
            assertFalse(Targets.minVersion(t).compareTo(Targets.newestVersion()) > 0, t.name());
        }
    }

    @Test
    void versions() {
        assertEquals(PtxVersion.of(9, 0), Targets.newestVersion());
        assertEquals(44, Targets.knownVersions().size());
        assertTrue(Targets.isKnownVersion(PtxVersion.of(7, 8)));
        assertTrue(Targets.isKnownVersion(PtxVersion.of(1, 5)));
        assertTrue(Targets.isKnownVersion(PtxVersion.of(5, 1)));
        for (String v : new String[] {"7.9", "8.9", "9.1", "10.0", "1.6", "5.2", "0.9", "7.10"}) {
            assertFalse(Targets.isKnownVersion(PtxVersion.parse(v)), v);
        }
        assertFalse(Targets.isKnownVersion(null));
        assertTrue(Targets.acceptedByPtxas(PtxVersion.parse("7.10")));
        assertTrue(Targets.acceptedByPtxas(PtxVersion.parse("0.90")));
        assertFalse(Targets.acceptedByPtxas(PtxVersion.parse("7.9")));
        assertFalse(Targets.acceptedByPtxas(null));
    }

    @Test
    void optionsAndTheirVersions() {
        assertEquals(List.of("texmode_unified", "texmode_independent", "debug", "map_f64_to_f32"), Targets.options());
        assertEquals(PtxVersion.of(3, 0), Targets.optionMinVersion("debug"));
        assertEquals(PtxVersion.of(1, 5), Targets.optionMinVersion("texmode_independent"));
        assertNull(Targets.optionMinVersion("Debug"));
    }

    @Test
    void ptxasReadsTargetNamesLoosely() {
        assertEquals(Target.parse("sm_90"), Targets.ptxasReading("sm_90"));
        assertEquals(Target.parse("sm_90"), Targets.ptxasReading("compute_90"));
        assertEquals(Target.parse("sm_90"), Targets.ptxasReading("sm_090"));
        assertEquals(Target.parse("sm_90"), Targets.ptxasReading("sm_90xyz"));
        assertEquals(Target.parse("sm_90"), Targets.ptxasReading("sm_90A"));
        assertEquals(Target.parse("sm_90a"), Targets.ptxasReading("sm_90_a"));
        assertEquals(Target.parse("sm_100"), Targets.ptxasReading("sm_100b"));
        assertEquals(Target.parse("sm_100f"), Targets.ptxasReading("compute_100f"));
        for (String s : new String[] {"sm_", "sm_0", "sm_00", "sm_9", "sm_91", "sm_90af", "sm_75a", "SM_90", "sm90",
                "lto_90", "compute_", "debug", "sm_99999999999"}) {
            assertNull(Targets.ptxasReading(s), s);
        }
        assertTrue(Targets.looksLikeArchitecture("sm_"));
        assertTrue(Targets.looksLikeArchitecture("compute_91"));
        assertFalse(Targets.looksLikeArchitecture("SM_90"));
        assertFalse(Targets.looksLikeArchitecture("lto_90"));
    }

    // ------------------------------------------------------------------ replay of the recorded verdicts

    @Test
    void versionNumbersPtxasKnows() {
        List<String> bad = new ArrayList<>();
        Set<PtxVersion> singleDigitAccepted = new TreeSet<>();
        List<Row> rs = section("version");
        for (Row r : rs) {
            PtxVersion v = PtxVersion.parse(r.version());
            assertNotNull(v, r.id());
            boolean accepted = !r.messages().contains("Unsupported .version");
            if (accepted != Targets.acceptedByPtxas(v)) {
                bad.add(r.id() + " " + r.version() + " ptxas: " + r.messages());
            }
            if (accepted && v.minor() < 10 && v.major() >= 1) {
                singleDigitAccepted.add(v);
            }
        }
        assertAllAgree(bad, rs.size(), 1000);
        assertEquals(new TreeSet<>(Targets.knownVersions()), singleDigitAccepted);
    }

    @Test
    void targetNamesPtxasKnows() {
        List<String> bad = new ArrayList<>();
        List<Row> rs = section("scan");
        Set<Target> known = new TreeSet<>();
        for (Row r : rs) {
            Target t = Target.parse(r.target());
            boolean ptxasKnows = !r.messages().contains("Unsupported .target");
            if (t == null || Targets.isKnown(t) != ptxasKnows || (Targets.ptxasReading(r.target()) != null) != ptxasKnows) {
                bad.add(r.id() + " " + r.target() + " ptxas: " + r.messages());
            }
            if (ptxasKnows) {
                known.add(t);
            }
        }
        assertAllAgree(bad, rs.size(), 390);
        assertEquals(new TreeSet<>(Targets.all()), known);
    }

    @Test
    void versionTimesTargetGrid() {
        List<String> bad = new ArrayList<>();
        List<Row> rs = section("grid");
        for (Row r : rs) {
            PtxVersion v = PtxVersion.parse(r.version());
            String m = r.messages();
            boolean versionOk = Targets.acceptedByPtxas(v) && v.compareTo(Targets.newestVersion()) <= 0;
            if (versionOk == m.contains("Unsupported .version")) {
                bad.add(r.id() + " version " + r.version() + " ptxas: " + m);
                continue;
            }
            if (!versionOk) {
                continue; // ptxas stops at the version
            }
            if (m.contains("Parsing error")) {
                continue; // not a single name ("sm_90.0"): the parser's business, see HeaderVerdictsTest
            }
            Target t = Targets.ptxasReading(r.target());
            boolean nameRejected = m.contains("Unsupported .target") || m.contains("Target architecture not defined");
            if ((t == null) != nameRejected) {
                bad.add(r.id() + " target " + r.target() + " ptxas: " + m);
                continue;
            }
            if (t == null) {
                continue;
            }
            boolean supported = Targets.supports(v, t);
            if (supported == m.contains("does not support .target")) {
                bad.add(r.id() + " " + r.version() + " x " + r.target() + " (min " + Targets.minVersion(t)
                        + ") ptxas: " + m);
            }
            boolean noAddressSizeProblem = r.module().equals("N") || v.atLeast(Targets.ADDRESS_SIZE_SINCE);
            if (noAddressSizeProblem && supported != r.accepted()) {
                bad.add(r.id() + " " + r.module() + " " + r.version() + " x " + r.target() + " ptxas: " + r.verdict()
                        + " " + m);
            }
            if (!noAddressSizeProblem && !m.contains("Feature '.address_size directive' requires PTX ISA .version "
                    + Targets.ADDRESS_SIZE_SINCE)) {
                bad.add(r.id() + " expected the .address_size message: " + m);
            }
        }
        assertAllAgree(bad, rs.size(), 4000);
    }

    private static final Pattern ONE_OPTION = Pattern.compile("(sm_[0-9]+), ([a-z_0-9]+)");

    @Test
    void optionsNeedTheirVersionsAndMapF64NeedsAnOldTarget() {
        List<String> bad = new ArrayList<>();
        int checked = 0;
        for (Row r : section("options")) {
            Matcher mt = ONE_OPTION.matcher(r.target());
            PtxVersion v = PtxVersion.parse(r.version());
            if (!mt.matches() || Targets.optionMinVersion(mt.group(2)) == null) {
                continue;
            }
            checked++;
            String option = mt.group(2);
            String m = r.messages();
            boolean tooOld = m.contains("Feature '" + option + "' requires PTX ISA .version "
                    + Targets.optionMinVersion(option) + " or later");
            if (tooOld == v.atLeast(Targets.optionMinVersion(option))) {
                bad.add(r.id() + " " + r.version() + " " + r.target() + " ptxas: " + m);
            }
            boolean mapRejected = m.contains("Directive map_f64_to_f32 is not supported with SM 1.3 or higher");
            boolean mapExpected = option.equals("map_f64_to_f32")
                    && Target.parse(mt.group(1)).satisfies(Targets.MAP_F64_TO_F32_BELOW);
            if (mapRejected != mapExpected) {
                bad.add(r.id() + " " + r.target() + " ptxas: " + m);
            }
            boolean debugRejected = m.contains("Debug information not found in presence of .target debug");
            if (debugRejected != (option.equals("debug") && !r.module().equals("D"))) {
                bad.add(r.id() + " " + r.module() + " " + r.target() + " ptxas: " + m);
            }
        }
        assertAllAgree(bad, checked, 800);
    }

    @Test
    void baseFeaturesGoByTheTargetNumber() {
        List<String> bad = new ArrayList<>();
        List<Row> rs = section("feature");
        for (Row r : rs) {
            int needs = Integer.parseInt(r.module().substring(1));
            Target t = Target.parse(r.target());
            if (t.satisfies(needs) != r.accepted()) {
                bad.add(r.id() + " " + r.target() + " needs sm_" + needs + " ptxas: " + r.messages());
            }
        }
        assertAllAgree(bad, rs.size(), 130);
    }

    @Test
    void featureVersionRequirementsCompareAsAtLeast() {
        List<String> bad = new ArrayList<>();
        List<Row> rs = section("compare");
        for (Row r : rs) {
            PtxVersion needs = r.module().equals("V60") ? PtxVersion.of(6, 0) : PtxVersion.of(7, 4);
            if (PtxVersion.parse(r.version()).atLeast(needs) != r.accepted()) {
                bad.add(r.id() + " " + r.version() + " needs " + needs + " ptxas: " + r.messages());
            }
        }
        assertAllAgree(bad, rs.size(), 10);
    }
}
