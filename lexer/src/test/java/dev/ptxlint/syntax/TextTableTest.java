package dev.ptxlint.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TextTableTest {

    private static String get(TextTable t, String s) {
        // the text in the middle of a larger buffer, as the lexer passes it
        byte[] b = ("xy" + s + "z").getBytes(StandardCharsets.ISO_8859_1);
        return t.get(b, 2, s.length());
    }

    @Test
    void aRepeatedSpellingIsTheSameStringShortOrLong() {
        TextTable t = new TextTable();
        int seeded = t.size();
        for (String s : new String[] {"_", "%r1", ".b32", "%rd12345", "%rd123456", "$L__BB0_1",
                "_ZN3cub17CUB_300001_SM_9006detail11EmptyKernelIvEEvv_param_0"}) {
            String first = get(t, s);
            assertEquals(s, first);
            assertSame(first, get(t, s), s);
        }
        assertEquals(seeded + 6, t.size()); // '_' is there from the start
    }

    @Test
    void theSinkIsTheLexersConstant() {
        assertSame(Lexer.SINK, get(new TextTable(), "_"));
        Lexer lx = Lexer.of("mov.b32 _, %r1;");
        Token t;
        int sinks = 0;
        while ((t = lx.next()).kind() != TokenKind.EOF) {
            if (t.text().equals("_")) {
                assertSame(Lexer.SINK, t.text());
                sinks++;
            }
        }
        assertEquals(1, sinks);
    }

    @Test
    void spellingsThatShareBytesStayApart() {
        TextTable t = new TextTable();
        int seeded = t.size();
        // same bytes with a shorter length, a prefix, and texts of 8 and 9 bytes around the packed keys
        String[] all = {"a", "aa", "aaa", "aaaaaaaa", "aaaaaaaaa", "%r1", "%r10", "%r100", ".u32", ".u3", "ab", "ba"};
        Map<String, String> seen = new HashMap<>();
        for (int round = 0; round < 3; round++) {
            for (String s : all) {
                String got = get(t, s);
                assertEquals(s, got);
                String before = seen.putIfAbsent(s, got);
                if (before != null) {
                    assertSame(before, got, s);
                }
            }
        }
        assertEquals(seeded + all.length, t.size());
    }

    @Test
    void aTextLongerThanTheLimitIsMadeEachTime() {
        TextTable t = new TextTable();
        int seeded = t.size();
        String s = "_Z" + "x".repeat(TextTable.MAX_LEN);
        String first = get(t, s);
        assertEquals(s, first);
        assertNotSame(first, get(t, s));
        assertEquals(seeded, t.size());
    }

    @Test
    void manySpellingsGrowTheTableAndKeepEveryOneUntilItIsFull() {
        TextTable t = new TextTable();
        int seeded = t.size();
        Random r = new Random(13);
        Map<String, String> first = new HashMap<>();
        int n = TextTable.MAX_ENTRIES + 5000;
        for (int i = 0; i < n; i++) {
            String s = i % 3 == 0 ? "%r" + i : i % 3 == 1 ? "$L__BB" + i + "_" + r.nextInt(50) : "v" + Long.toString(r.nextLong() & Long.MAX_VALUE, 36);
            String got = get(t, s);
            assertEquals(s, got);
            first.putIfAbsent(s, got);
        }
        assertEquals(TextTable.MAX_ENTRIES, t.size());
        int kept = 0;
        for (Map.Entry<String, String> e : first.entrySet()) {
            String again = get(t, e.getKey());
            assertEquals(e.getKey(), again);
            if (again == e.getValue()) {
                kept++;
            }
        }
        // nothing was evicted: the first MAX_ENTRIES spellings are still the same Strings, the rest are new each time
        assertEquals(TextTable.MAX_ENTRIES - seeded, kept);
        assertEquals(TextTable.MAX_ENTRIES, t.size());
    }

    /** A register-like spelling of 1 to 40 bytes over three letters, so that many repeat. */
    private static String spelling(Random r) {
        int len = 1 + r.nextInt(40);
        StringBuilder sb = new StringBuilder("%");
        for (int k = 1; k < len; k++) {
            sb.append((char) ('a' + r.nextInt(3)));
        }
        return sb.toString();
    }

    @Test
    void idsAreDenseInOrderOfFirstAppearanceAndTheSameForTheSameSpelling() {
        TextTable t = new TextTable();
        assertSame(Lexer.SINK, get(t, "_"));
        assertEquals(TextTable.SINK_ID, t.lastId);
        Random r = new Random(7);
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            String s = spelling(r); // short (packed) and long (arena) texts, many repeated
            String got = get(t, s);
            int id = t.lastId;
            Integer before = ids.putIfAbsent(s, id);
            if (before == null) {
                assertEquals(ids.size(), id, s); // the next id (0 is the sink's)
            } else {
                assertEquals(before, id, s);
            }
            assertSame(got, t.text(id));
        }
        assertEquals(ids.size() + 1, t.size());
        String longText = "_Z" + "x".repeat(TextTable.MAX_LEN);
        get(t, longText);
        assertEquals(-1, t.lastId, "a text that is not kept has no id");
    }

    @Test
    void theLexersTokensCarryTheIds() {
        Lexer lx = Lexer.of("add.s32 %r1, %r2, 1;\nadd.s32 %r2, %r1, _;\n// c\n\"s\" ;");
        Map<String, Integer> ids = new HashMap<>();
        Token t;
        int n = 0;
        while ((t = lx.next()).kind() != TokenKind.EOF) {
            switch (t.kind()) {
                case IDENT, DOT_NAME, INTEGER, FLOAT -> {
                    Integer before = ids.putIfAbsent(t.text(), t.id());
                    assertEquals(before == null ? t.id() : before, t.id(), t.text());
                    n++;
                }
                default -> assertEquals(-1, t.id(), t.toString());
            }
        }
        assertEquals(10, n);
        assertEquals(TextTable.SINK_ID, ids.get("_"));
        assertEquals(6, ids.size());
        assertEquals(6, new java.util.HashSet<>(ids.values()).size());
    }

    @Test
    void cachesOfOneSharedTableShareItsNumbering() {
        TextTable shared = new TextTable();
        TextTable a = new TextTable(shared);
        TextTable b = new TextTable(shared);
        Random r = new Random(11);
        Map<String, Integer> ids = new HashMap<>();
        Map<String, String> texts = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            String s = spelling(r);
            // the caches see the spellings in different orders, and each only some of them
            TextTable t = r.nextBoolean() ? a : b;
            String got = get(t, s);
            int id = t.lastId;
            Integer before = ids.putIfAbsent(s, id);
            String first = texts.putIfAbsent(s, got);
            if (before == null) {
                assertEquals(ids.size(), id, s); // the shared table's next id (0 is the sink's)
            } else {
                assertEquals(before, id, s);
                assertSame(first, got, s);
            }
            assertSame(got, t.text(id));
            assertSame(got, shared.text(id));
        }
        get(a, "_");
        assertEquals(TextTable.SINK_ID, a.lastId);
        get(b, "_" + "y".repeat(TextTable.MAX_LEN));
        assertEquals(-1, b.lastId, "a text that is not kept has no id");
    }
}
