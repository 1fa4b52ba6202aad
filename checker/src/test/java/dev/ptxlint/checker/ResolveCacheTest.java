package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * The resolver's cache by spelling id: an entry answers only for its text (by identity) and
 * epoch, and what it keeps of the spelling (its numeric suffix, that suffix's value, the range
 * that covered it) belongs to the text it was noted for.
 */
class ResolveCacheTest {

    private static final Symbol R = new Symbol("%r12", Symbol.Kind.VARIABLE, ".reg", ".b32", 1, null);

    @Test
    void anEntryAnswersForItsTextAndEpochOnly() {
        ResolveCache c = new ResolveCache();
        String n = new String("%r12");
        assertNull(c.get(700, n), "nothing cached yet (and the arrays grow to the id)");
        c.put(700, n, R);
        assertSame(R, c.get(700, n));
        assertNull(c.get(700, new String("%r12")), "another String at the same id: another numbering");
        c.changed();
        assertNull(c.get(700, n), "a new epoch");
        c.put(700, n, R);
        assertSame(R, c.get(700, n));
    }

    @Test
    void whatItKeepsOfASpellingBelongsToItsText() {
        ResolveCache c = new ResolveCache();
        String n = "%rd12";
        assertEquals(-2, c.suffix(3, n));
        assertEquals(-1, c.index(3, n));
        assertNull(c.prefix(3, n));
        c.setSuffix(3, n, 3);
        c.setIndex(3, n, 12);
        c.setPrefix(3, n, "%rd");
        c.changed(); // the scopes changed, the spelling did not
        assertEquals(3, c.suffix(3, n));
        assertEquals(12, c.index(3, n));
        assertEquals("%rd", c.prefix(3, n));
        c.setIndex(3, n, Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, c.index(3, n));
        assertEquals(3, c.suffix(3, n), "the suffix is kept beside the value");
        c.setIndex(3, n, Long.MAX_VALUE); // past 2^31 (NameResolver.rangeIndex saturates)
        assertEquals(Long.MAX_VALUE, c.index(3, n));
        c.setSuffix(4, "x", -1);
        assertEquals(-1, c.suffix(4, "x"), "no suffix");
        String longest = "%r" + "1".repeat(126); // 128 characters: the longest text with an id
        c.setSuffix(5, longest, 2);
        assertEquals(2, c.suffix(5, longest));
        c.setSuffix(5, longest, 127);
        assertEquals(127, c.suffix(5, longest));
        String other = new String("%rd12");
        assertEquals(-2, c.suffix(3, other), "another text at the id knows nothing of it");
        c.put(3, other, R);
        assertEquals(-2, c.suffix(3, n));
        assertEquals(-1, c.index(3, other));
        assertNull(c.prefix(3, other));
    }
}
