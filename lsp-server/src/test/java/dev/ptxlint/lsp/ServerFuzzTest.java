package dev.ptxlint.lsp;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Coverage-guided fuzz test of the server's message handling (Jazzer): the input bytes are what a
 * client writes on the server's stdin after {@code initialize}; they go through the real launcher
 * ({@link MessageFramer}, {@link MessageGate}, LSP4J's dispatch and the handlers), then the input
 * ends. In {@code mvn verify} it replays the committed corpus
 * ({@code src/test/resources/dev/ptxlint/lsp/ServerFuzzTestInputs/messages/}: sessions of real
 * requests and every crasher found); {@code scripts/fuzz.sh} fuzzes it (docs/fuzzing.md).
 *
 * <p>Invariants: the session ends when its input ends (no hang, no exception out of the
 * launcher), with exit status 0 or 1, and everything the server wrote is a sequence of well-formed
 * frames, each a JSON object, of bounded total size.
 */
class ServerFuzzTest {

    private static final int MAX_INPUT = 256 * 1024;

    private static final byte[] INITIALIZE = frame("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"processId\":null,\"rootUri\":null,\"capabilities\":{},\"initializationOptions\":{\"debounceMs\":0}}}");

    static byte[] frame(String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        byte[] h = ("Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[h.length + b.length];
        System.arraycopy(h, 0, out, 0, h.length);
        System.arraycopy(b, 0, out, h.length, b.length);
        return out;
    }

    @FuzzTest(maxDuration = "30s")
    void messages(byte[] input) throws Exception {
        byte[] bytes = input.length > MAX_INPUT ? java.util.Arrays.copyOf(input, MAX_INPUT) : input;
        InputStream in = new SequenceInputStream(new ByteArrayInputStream(INITIALIZE), new ByteArrayInputStream(bytes));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OutputStream sink = new OutputStream() {
            // LSP4J writes a message as header, body, flush (under its lock): keep whole messages only,
            // as a write may still be under way when the launcher returns
            private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

            @Override
            public synchronized void write(int b) {
                pending.write(b);
            }

            @Override
            public synchronized void write(byte[] b, int off, int len) {
                pending.write(b, off, len);
            }

            @Override
            public synchronized void flush() {
                synchronized (out) {
                    out.writeBytes(pending.toByteArray());
                }
                pending.reset();
            }
        };
        int code = ServerLauncher.launch(in, sink, 1 << 20);
        assertTrue(code == 0 || code == 1, "exit status " + code);
        byte[] written;
        synchronized (out) {
            written = out.toByteArray();
        }
        List<String> bodies = frames(written);
        // each input byte can cause at most a few answers, and each answer is bounded
        long bound = 64L * 1024 + 64L * bytes.length;
        if (written.length > bound && bodies.size() > 3 + bytes.length / 4) {
            fail(written.length + " bytes in " + bodies.size() + " messages written for " + bytes.length + " bytes of input");
        }
        for (String body : bodies) {
            JsonElement e = JsonParser.parseString(body);
            assertTrue(e.isJsonObject(), body);
        }
    }

    /** The bodies of {@code Content-Length} frames; fails on anything else. */
    static List<String> frames(byte[] b) {
        List<String> out = new java.util.ArrayList<>();
        int i = 0;
        while (i < b.length) {
            int end = indexOf(b, i, "\r\n\r\n");
            if (end < 0) {
                fail("output ends inside a header: " + new String(b, i, Math.min(80, b.length - i), StandardCharsets.ISO_8859_1));
            }
            String header = new String(b, i, end - i, StandardCharsets.US_ASCII);
            if (!header.startsWith("Content-Length: ")) {
                fail("not a frame header: " + header);
            }
            int len = Integer.parseInt(header.substring(16).strip());
            int start = end + 4;
            if (start + len > b.length) {
                fail("output ends inside a body");
            }
            out.add(new String(b, start, len, StandardCharsets.UTF_8));
            i = start + len;
        }
        return out;
    }

    private static int indexOf(byte[] b, int from, String s) {
        outer:
        for (int i = from; i <= b.length - s.length(); i++) {
            for (int k = 0; k < s.length(); k++) {
                if (b[i + k] != s.charAt(k)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
