package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetTest {

    @Test
    void parsesSmNumberAndSuffix() {
        assertEquals(Target.of(90, "a"), Target.parse("sm_90a"));
        assertEquals(Target.of(100, "f"), Target.parse("sm_100f"));
        assertEquals(Target.of(75, ""), Target.parse("sm_75"));
        assertEquals(Target.of(10, ""), Target.parse("sm_10"));
        assertEquals("sm_90a", Target.parse("sm_90a").name());
        assertEquals("sm_121f", Target.of(121, "f").toString());
        // the form only, not whether ptxas knows it
        assertEquals(Target.of(91, ""), Target.parse("sm_91"));
        assertEquals(Target.of(75, "a"), Target.parse("sm_75a"));
    }

    @Test
    void rejectsOtherForms() {
        for (String s : new String[] {null, "", "sm_", "sm_a", "sm90", "SM_90", "compute_90", "sm_90b", "sm_90af",
                "sm_90_a", "sm_90A", "sm_-1", "sm_9 0", "sm_12345678901", "lto_90", "debug"}) {
            assertNull(Target.parse(s), String.valueOf(s));
        }
        assertThrows(IllegalArgumentException.class, () -> Target.of(90, "b"));
    }

    @Test
    void orderIsNumberThenPlainFamilyArch() {
        List<Target> l = new ArrayList<>(List.of(Target.of(100, "a"), Target.of(90, ""), Target.of(100, ""),
                Target.of(100, "f"), Target.of(90, "a")));
        l.sort(null);
        assertEquals(List.of(Target.of(90, ""), Target.of(90, "a"), Target.of(100, ""), Target.of(100, "f"),
                Target.of(100, "a")), l);
    }

    @Test
    void suffixHelpers() {
        assertTrue(Target.of(90, "a").isArchSpecific());
        assertTrue(Target.of(100, "f").isFamilySpecific());
        assertFalse(Target.of(90, "").isArchSpecific());
        assertEquals(Target.of(90, ""), Target.of(90, "a").base());
    }

    @Test
    void satisfiesGoesByTheNumber() {
        assertTrue(Target.of(90, "a").satisfies(90));
        assertTrue(Target.of(90, "a").satisfies(80));
        assertFalse(Target.of(90, "a").satisfies(100));
        assertTrue(Target.of(100, "f").satisfies(90));
        assertTrue(Target.of(120, "a").satisfies(100));
        assertFalse(Target.of(89, "").satisfies(90));
        assertFalse(Target.of(88, "").satisfies(89));
        assertTrue(Target.of(13, "").satisfies(13));
    }
}
