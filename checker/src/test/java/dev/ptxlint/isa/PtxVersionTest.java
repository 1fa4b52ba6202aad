package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PtxVersionTest {

    @Test
    void parsesMajorDotMinor() {
        assertEquals(PtxVersion.of(7, 8), PtxVersion.parse("7.8"));
        assertEquals(PtxVersion.of(9, 0), PtxVersion.parse("9.0"));
        assertEquals(PtxVersion.of(10, 0), PtxVersion.parse("10.0"));
        assertEquals("7.8", PtxVersion.parse("7.8").toString());
    }

    @Test
    void minorIsAnIntegerAsPtxasReadsIt() {
        assertEquals(PtxVersion.of(7, 8), PtxVersion.parse("7.08"));
        assertEquals(PtxVersion.of(9, 0), PtxVersion.parse("9.00"));
        assertEquals(PtxVersion.of(9, 0), PtxVersion.parse("09.0"));
        assertEquals(PtxVersion.of(7, 10), PtxVersion.parse("7.10"));
        assertEquals("7.10", PtxVersion.parse("7.10").toString());
    }

    @Test
    void rejectsAnythingElse() {
        for (String s : new String[] {null, "", "9", "9.", ".9", "9.0.0", "9.0f", "9.0e0", "0x9.0", "9 .0", "-1.0",
                "9.-1", "a.b", "1234567890.0"}) {
            assertNull(PtxVersion.parse(s), String.valueOf(s));
        }
        assertThrows(IllegalArgumentException.class, () -> PtxVersion.of(-1, 0));
    }

    @Test
    void naturalOrderIsNumeric() {
        assertTrue(PtxVersion.of(7, 10).compareTo(PtxVersion.of(7, 8)) > 0);
        assertTrue(PtxVersion.of(7, 10).compareTo(PtxVersion.of(8, 0)) < 0);
        assertTrue(PtxVersion.of(10, 0).compareTo(PtxVersion.of(9, 9)) > 0);
        assertEquals(0, PtxVersion.of(9, 0).compareTo(PtxVersion.parse("9.00")));
    }

    @Test
    void atLeastFollowsPtxas() {
        assertTrue(PtxVersion.of(8, 0).atLeast(PtxVersion.of(7, 8)));
        assertTrue(PtxVersion.of(7, 8).atLeast(PtxVersion.of(7, 8)));
        assertFalse(PtxVersion.of(7, 8).atLeast(PtxVersion.of(8, 0)));
        // measured: 6.20 does not satisfy a 7.4 feature (numeric, not 10*major+minor) ...
        assertFalse(PtxVersion.of(6, 20).atLeast(PtxVersion.of(7, 4)));
        // ... 7.10 satisfies 7.4 and 7.8 but not 8.0
        assertTrue(PtxVersion.of(7, 10).atLeast(PtxVersion.of(7, 8)));
        assertFalse(PtxVersion.of(7, 10).atLeast(PtxVersion.of(8, 0)));
        // 5.1 counts as 6.0; 5.10 does not
        assertTrue(PtxVersion.of(5, 1).atLeast(PtxVersion.of(6, 0)));
        assertFalse(PtxVersion.of(5, 1).atLeast(PtxVersion.of(6, 1)));
        assertFalse(PtxVersion.of(5, 10).atLeast(PtxVersion.of(6, 0)));
        assertTrue(PtxVersion.of(6, 0).atLeast(PtxVersion.of(5, 1)));
        assertTrue(PtxVersion.of(5, 1).atLeast(PtxVersion.of(5, 1)));
    }
}
