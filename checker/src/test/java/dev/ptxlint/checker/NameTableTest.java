package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.syntax.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The compact table of module names: every entry reads back exactly, whatever its shape. */
class NameTableTest {

    private record Entry(String name, int flags, int info, Integer value, Span span) {
    }

    /** A random name: mostly identifiers, sometimes wide characters, empty-ish or very long. */
    private static String name(SplittableRandom r, int i) {
        if (r.nextInt(2000) == 0) {
            return "long_" + "x".repeat(r.nextInt(300_000)) + i; // longer than a page
        }
        return switch (r.nextInt(10)) {
            case 0 -> "%r\u00e9" + i;                      // Latin-1, one byte a character
            case 1 -> "$L\u4e2d\u6587_" + i;             // wide: two bytes a character
            case 2 -> "long_" + "x".repeat(r.nextInt(300)) + i;
            default -> "f" + i;
        };
    }

    private static Span span(SplittableRandom r, String name) {
        long start = r.nextLong(0, 1L << 40);
        int line = r.nextInt(0, Integer.MAX_VALUE);
        int column = r.nextInt(4) == 0 ? r.nextInt(0, Integer.MAX_VALUE - 1_000_000) : r.nextInt(0, 200);
        if (column > start) {
            start += column; // a real span starts at or after its line's start
        }
        if (r.nextInt(8) == 0) { // a span that is not the name alone (a name with suffixes, two lines)
            return new Span(start, start + name.length() + 5, line, column, line + 1, 3);
        }
        return new Span(start, start + name.length(), line, column, line, column + name.length());
    }

    @Test
    void everyEntryReadsBackAsStored() {
        long seed = new SplittableRandom().nextLong();
        try {
            SplittableRandom r = new SplittableRandom(seed);
            NameTable t = new NameTable();
            List<Entry> entries = new ArrayList<>();
            Map<String, Integer> addresses = new HashMap<>();
            int n = 30_000;
            for (int i = 0; i < n; i++) {
                String name = name(r, i);
                int flags = r.nextInt(NameTable.USER_FLAGS + 1);
                int info = r.nextInt(1 << 13);
                Span s = span(r, name);
                Entry e;
                int a;
                if (r.nextBoolean()) {
                    int value = r.nextInt();
                    a = t.addWithValue(name, flags, info, value, s);
                    e = new Entry(name, flags, info, value, s);
                } else {
                    a = t.add(name, flags, info, s);
                    e = new Entry(name, flags, info, null, s);
                }
                entries.add(e);
                addresses.put(name, a);
            }
            assertEquals(n, t.size());
            List<Integer> order = new ArrayList<>();
            t.forEach(order::add);
            assertEquals(n, order.size(), "forEach visits every record once (seed " + seed + ")");
            for (int i = 0; i < n; i++) {
                Entry e = entries.get(i);
                int a = t.find(e.name());
                assertEquals(addresses.get(e.name()), a, e.name() + " (seed " + seed + ")");
                assertEquals(a, order.get(i), "forEach in insertion order (seed " + seed + ")");
                assertEquals(e.name(), t.name(a));
                assertEquals(e.flags(), t.flags(a));
                assertEquals(e.info(), t.info(a));
                assertEquals(e.value() == null ? 0 : e.value(), t.value(a));
                assertEquals(e.span(), t.span(a), e.name() + " (seed " + seed + ")");
                String padded = "<<" + e.name() + "123";
                assertEquals(a, t.find(padded, 2, 2 + e.name().length()));
            }
            assertEquals(-1, t.find("f" + n));
            assertEquals(-1, t.find("f"));
            assertEquals(-1, t.find("f1x", 0, 1));
            int a = t.find("f" + 3) >= 0 ? t.find("f3") : -1;
            if (a >= 0) {
                t.setFlags(a, 2);
                assertTrue((t.flags(a) & 2) != 0);
            }
        } catch (AssertionError e) {
            throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
        }
    }

    @Test
    void anEmptyTableFindsNothing() {
        NameTable t = new NameTable();
        assertEquals(-1, t.find("x"));
        assertEquals(-1, t.find("abc", 0, 2));
        List<Integer> order = new ArrayList<>();
        t.forEach(order::add);
        assertTrue(order.isEmpty());
    }

    /** What a million module names cost: the records and the index, without the JVM's per-object overhead. */
    @Test
    void aMillionNamesTakeAboutThirtyBytesEach() {
        NameTable t = new NameTable();
        for (int i = 0; i < 1_000_000; i++) {
            String n = "f" + i;
            long start = 60 + 21L * i;
            t.add(n, 1, 1, new Span(start, start + n.length(), 0, (int) start, 0, (int) start + n.length()));
        }
        assertEquals(1_000_000, t.size());
        long bytes = t.footprint();
        assertTrue(bytes < 32_000_000L, "a million names take " + bytes + " bytes");
        assertEquals(new Span(60 + 21L * 999_999, 60 + 21L * 999_999 + 7, 0, 60 + 21 * 999_999, 0,
                60 + 21 * 999_999 + 7), t.span(t.find("f999999")));
    }
}
