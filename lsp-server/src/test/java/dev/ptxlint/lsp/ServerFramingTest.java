package dev.ptxlint.lsp;

import static dev.ptxlint.lsp.RawClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed input on the server's stdin (issue 15, item 2): whatever one message holds, the server
 * reads exactly its Content-Length bytes, answers what it can, and the messages after it are
 * answered as if nothing had happened; {@code shutdown} and {@code exit} still end the session.
 * Each case is generated here and written through the real launcher ({@link ServerHarness}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerFramingTest {

    static final String URI = "file:///work/framing.ptx";
    static final long WAIT = 30_000; // generous: the first lint loads the ISA tables, slow on a loaded machine
    /** Requests sent after the malformed input; every one must be answered. */
    static final int AFTER = 20;
    static final long SMALL_LIMIT = 1 << 20;

    static byte[] frame(String body) {
        return frame(body.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] frame(byte[] body) {
        return concat(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static String didOpen(String uri, String text) {
        JsonObject item = new JsonObject();
        item.addProperty("uri", uri);
        item.addProperty("languageId", "ptx");
        item.addProperty("version", 1);
        item.addProperty("text", text);
        JsonObject p = new JsonObject();
        p.add("textDocument", item);
        JsonObject m = new JsonObject();
        m.addProperty("jsonrpc", "2.0");
        m.addProperty("method", "textDocument/didOpen");
        m.add("params", p);
        return m.toString();
    }

    static String hover(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\""
                + URI + "\"},\"position\":{\"line\":0,\"character\":1}}}";
    }

    /** A malformed input; {@code errorCode} is the error the server must answer it with (id null), 0 if none. */
    record Case(String name, byte[] bytes, int errorCode) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> malformed() {
        SplittableRandom rnd = new SplittableRandom(Long.getLong("framing.seed", 15));
        List<Case> cases = new ArrayList<>();
        String pad100k = "x".repeat(100_000);
        cases.add(new Case("100 KB message whose id is an object",
                frame("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":\"" + pad100k + "\"},\"method\":\"textDocument/hover\",\"params\":{}}"),
                -32600));
        StringBuilder array = new StringBuilder("[");
        while (array.length() < 200_000) {
            array.append(hover(9_000 + array.length())).append(',');
        }
        array.setLength(array.length() - 1);
        cases.add(new Case("200 KB top-level JSON array", frame(array.append(']').toString()), -32600));
        String umlauts = didOpen("file:///work/u.ptx", "// gr\u00fc\u00df \u00fc\u00fc\u00fc\n".repeat(50));
        byte[] umlautBytes = umlauts.getBytes(StandardCharsets.UTF_8);
        cases.add(new Case("Content-Length counted in characters (didOpen with \u00fc)",
                concat(ascii("Content-Length: " + umlauts.length() + "\r\n\r\n"), umlautBytes), -32700));
        cases.add(new Case("Content-Length larger than the body, next message glued on",
                concat(ascii("Content-Length: " + (umlautBytes.length + 60) + "\r\n\r\n"), umlautBytes,
                        frame(hover(8_001))), -32700));
        cases.add(new Case("Content-Type with charset=bogus",
                concat(ascii("Content-Length: " + umlautBytes.length
                        + "\r\nContent-Type: application/vscode-jsonrpc; charset=bogus\r\n\r\n"), umlautBytes), 0));
        cases.add(new Case("truncated header", ascii("Content-Len"), 0));
        cases.add(new Case("header without a colon, then a blank line", ascii("Content-Length 12\r\n\r\n"), 0));
        cases.add(new Case("Content-Length not a number", concat(ascii("Content-Length: twelve\r\n\r\n"), ascii("{}")), -32600));
        cases.add(new Case("negative Content-Length", ascii("Content-Length: -5\r\n\r\n"), -32600));
        cases.add(new Case("Content-Length above 2^63", ascii("Content-Length: 99999999999999999999999\r\n\r\n"), -32600));
        cases.add(new Case("body that is not JSON", frame("{this is not json"), -32700));
        byte[] invalidUtf8 = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        cases.add(new Case("body that is not UTF-8", frame(invalidUtf8), -32700));
        cases.add(new Case("JSON nested 10,000 deep", frame("[".repeat(10_000) + "]".repeat(10_000)), -32700));
        cases.add(new Case("method is a number", frame("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":42}"), 0));
        cases.add(new Case("two messages in one body", frame(hover(8_002) + hover(8_003)), -32700));
        byte[] line = new byte[1 << 20];
        for (int i = 0; i < line.length; i++) {
            line[i] = (byte) ('a' + rnd.nextInt(26));
        }
        cases.add(new Case("1 MB header line without a newline, then a message", concat(line, frame(hover(8_004))), 0));
        byte[] noise = new byte[64 * 1024];
        rnd.nextBytes(noise);
        cases.add(new Case("64 KB of random bytes", concat(noise, ascii("\r\n\r\n")), 0));
        cases.add(new Case("message above the size limit", frame("{\"id\":1,\"x\":\"" + "y".repeat((int) SMALL_LIMIT) + "\"}"),
                -32600));
        cases.add(new Case("stray blank lines between messages", ascii("\r\n\r\n\n\n"), 0));
        cases.add(new Case("a JSON number", frame("12345"), -32600));
        cases.add(new Case("request without params", frame("{\"jsonrpc\":\"2.0\",\"id\":7001,\"method\":\"textDocument/hover\"}"),
                0));
        return cases.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void afterMalformedInputTheNextRequestsAreAnsweredAndShutdownWorks(Case c) throws Exception {
        try (ServerHarness h = new ServerHarness(SMALL_LIMIT); RawClient client = h.client()) {
            ServerEndToEndTest.initialize(client, "{}", "{\"debounceMs\":0}");
            ServerEndToEndTest.open(client, URI, ServerEndToEndTest.KERNEL, 1);
            client.sendBytes(c.bytes());
            if (c.errorCode() != 0) {
                JsonObject err = client.nullIdError(WAIT);
                assertEquals(c.errorCode(), err.getAsJsonObject("error").get("code").getAsInt(), err.toString());
            }
            answersAndEnds(client, h);
        }
    }

    /** {@link #AFTER} requests are answered, then shutdown answers and exit ends the session with 0. */
    static void answersAndEnds(RawClient client, ServerHarness h) throws Exception {
        for (int i = 0; i < AFTER; i++) {
            int id = client.request("textDocument/documentSymbol", json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}"));
            JsonObject r = client.response(id, WAIT);
            assertFalse(r.has("error"), r.toString());
            assertTrue(r.get("result").toString().contains("scale"), r.toString());
        }
        JsonObject down = client.response(client.request("shutdown", null), WAIT);
        assertFalse(down.has("error"), down.toString());
        client.notify("exit", null);
        assertEquals(0, h.exitCode.get(WAIT, TimeUnit.MILLISECONDS));
    }

    @Test
    void requestsBeforeInitializeAreRefusedWithServerNotInitialized() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient client = h.client()) {
            int early = client.request("textDocument/documentSymbol", json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}"));
            JsonObject r = client.response(early, WAIT);
            assertEquals(MessageGate.SERVER_NOT_INITIALIZED, r.getAsJsonObject("error").get("code").getAsInt(), r.toString());
            // a notification before initialize is dropped: this document is never opened
            client.sendRaw(didOpen("file:///work/early.ptx", ".version 9.0\n"));
            ServerEndToEndTest.initialize(client, "{}", null);
            JsonObject symbols = ServerEndToEndTest.call(client, "textDocument/documentSymbol",
                    json("{\"textDocument\":{\"uri\":\"file:///work/early.ptx\"}}"));
            assertEquals("[]", symbols.get("result").toString());
            ServerEndToEndTest.open(client, URI, ServerEndToEndTest.KERNEL, 1);
            answersAndEnds(client, h);
        }
    }

    @Test
    void aRequestWithNullParamsGetsInvalidParams() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient client = h.client()) {
            ServerEndToEndTest.initialize(client, "{}", null);
            for (String m : new String[] {"textDocument/hover", "textDocument/documentSymbol", "textDocument/completion",
                "textDocument/diagnostic", "textDocument/codeAction"}) {
                client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":4242,\"method\":\"" + m + "\",\"params\":null}");
                JsonObject r = client.response(4242, WAIT);
                assertEquals(-32602, r.getAsJsonObject("error").get("code").getAsInt(), m + ": " + r);
            }
            ServerEndToEndTest.open(client, URI, ServerEndToEndTest.KERNEL, 1);
            answersAndEnds(client, h);
        }
    }

    @Test
    void aChangeAtAPositionAbove2To31IsAppliedAtTheEndNotDropped() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient client = h.client()) {
            ServerEndToEndTest.initialize(client, "{}", "{\"debounceMs\":0}");
            ServerEndToEndTest.open(client, URI, ".version 9.0\n.target sm_90\n", 1);
            ServerEndToEndTest.diagnosticsFor(client, URI, 1);
            // line 1, character 3,000,000,000: past the end of the line, so the end of the line
            client.sendRaw("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\""
                    + URI + "\",\"version\":2},\"contentChanges\":[{\"range\":{\"start\":{\"line\":1,\"character\":3000000000},"
                    + "\"end\":{\"line\":99999999999,\"character\":3000000000}},\"text\":\" bogus\"}]}}");
            List<String> codes = ServerEndToEndTest.codes(ServerEndToEndTest.diagnosticsFor(client, URI, 2));
            assertFalse(codes.isEmpty(), "the edit ('.target sm_90 bogus') must have been applied");
            JsonObject down = client.response(client.request("shutdown", null), WAIT);
            assertFalse(down.has("error"), down.toString());
            client.notify("exit", null);
            assertEquals(0, h.exitCode.get(WAIT, TimeUnit.MILLISECONDS));
        }
    }

    /**
     * Issue 15 item 1, at the server's boundary: a document the linter cannot get through (today a
     * stack overflow on a long flat expression or deeply nested ?:) still gets every request on it
     * answered, with a result or an error, and the server goes on serving the others.
     */
    @Test
    void requestsOnADocumentTheLinterFailsOnAreAnswered() throws Exception {
        String head = ".version 9.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<3>;\nadd.s32 %r1, %r2, ";
        String[] texts = {head + "1+".repeat(20_000) + "1;\nret;\n}\n",
            head + "1?".repeat(10_000) + "1" + ":1".repeat(10_000) + ";\nret;\n}\n"};
        try (ServerHarness h = new ServerHarness(); RawClient client = h.client()) {
            ServerEndToEndTest.initialize(client, "{}", "{\"debounceMs\":0}");
            for (int i = 0; i < texts.length; i++) {
                String uri = "file:///work/deep" + i + ".ptx";
                client.sendRaw(didOpen(uri, texts[i]));
                for (String m : new String[] {"textDocument/documentSymbol", "textDocument/diagnostic"}) {
                    JsonObject r = ServerEndToEndTest.call(client, m, json("{\"textDocument\":{\"uri\":\"" + uri + "\"}}"));
                    assertTrue(r.has("result") || r.has("error"), r.toString());
                }
                JsonObject hover = ServerEndToEndTest.call(client, "textDocument/hover",
                        json("{\"textDocument\":{\"uri\":\"" + uri + "\"},\"position\":{\"line\":5,\"character\":2}}"));
                assertTrue(hover.has("result") || hover.has("error"), hover.toString());
            }
            ServerEndToEndTest.open(client, URI, ServerEndToEndTest.KERNEL, 1);
            answersAndEnds(client, h);
        }
    }

    @Test
    void afterShutdownADidOpenPublishesNothing() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient client = h.client()) {
            ServerEndToEndTest.initialize(client, "{}", "{\"debounceMs\":0}");
            JsonObject down = client.response(client.request("shutdown", null), WAIT);
            assertFalse(down.has("error"), down.toString());
            String late = "file:///work/late.ptx";
            client.sendRaw(didOpen(late, "@@@ not ptx"));
            // a request after shutdown is refused, and the document was never opened
            JsonObject r = ServerEndToEndTest.call(client, "textDocument/documentSymbol",
                    json("{\"textDocument\":{\"uri\":\"" + late + "\"}}"));
            assertTrue(r.has("error"), r.toString());
            client.notify("exit", null);
            assertEquals(0, h.exitCode.get(WAIT, TimeUnit.MILLISECONDS));
            assertFalse(client.hasPublishFor(late), "a didOpen after shutdown published diagnostics");
        }
    }
}
