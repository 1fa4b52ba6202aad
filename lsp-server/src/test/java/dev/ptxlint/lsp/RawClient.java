package dev.ptxlint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A minimal JSON-RPC client that writes and reads raw LSP frames (so tests can send garbage). */
final class RawClient implements AutoCloseable {
    private final OutputStream out;
    private final BlockingQueue<JsonObject> inbox = new LinkedBlockingQueue<>();
    private final Thread reader;
    private int nextId = 1;

    RawClient(InputStream raw, OutputStream out) {
        this.out = out;
        InputStream in = new java.io.BufferedInputStream(raw, 1 << 16);
        this.reader = new Thread(() -> {
            try {
                while (true) {
                    String body = readFrame(in);
                    if (body == null) {
                        return;
                    }
                    try {
                        inbox.add(JsonParser.parseString(body).getAsJsonObject());
                    } catch (RuntimeException e) {
                        JsonObject bad = new JsonObject();
                        bad.addProperty("unparseable", body);
                        inbox.add(bad);
                    }
                }
            } catch (IOException e) {
                // closed
            }
        }, "raw-client-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private static String readFrame(InputStream in) throws IOException {
        int length = -1;
        StringBuilder line = new StringBuilder();
        while (true) {
            int c = in.read();
            if (c < 0) {
                return null;
            }
            if (c == '\n') {
                String l = line.toString().strip();
                line.setLength(0);
                if (l.isEmpty()) {
                    break;
                }
                if (l.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(l.substring(15).strip());
                }
            } else {
                line.append((char) c);
            }
        }
        byte[] buf = in.readNBytes(length);
        return new String(buf, StandardCharsets.UTF_8);
    }

    synchronized void sendRaw(String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(("Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        frame.write(b);
        out.write(frame.toByteArray());
        out.flush();
    }

    /** Writes bytes as they are: a frame of the test's own making, or garbage. */
    synchronized void sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    int request(String method, JsonElement params) throws IOException {
        int id = nextId++;
        JsonObject o = new JsonObject();
        o.addProperty("jsonrpc", "2.0");
        o.addProperty("id", id);
        o.addProperty("method", method);
        if (params != null) {
            o.add("params", params);
        }
        sendRaw(o.toString());
        return id;
    }

    void notify(String method, JsonElement params) throws IOException {
        JsonObject o = new JsonObject();
        o.addProperty("jsonrpc", "2.0");
        o.addProperty("method", method);
        if (params != null) {
            o.add("params", params);
        }
        sendRaw(o.toString());
    }

    /** The next message matching {@code p}, skipping others (log messages and the like). */
    JsonObject await(Predicate<JsonObject> p, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (true) {
            long left = deadline - System.currentTimeMillis();
            JsonObject m = left <= 0 ? null : inbox.poll(left, TimeUnit.MILLISECONDS);
            if (m == null) {
                throw new AssertionError("no matching message within " + timeoutMs + " ms");
            }
            if (p.test(m)) {
                return m;
            }
        }
    }

    /** The next error response to a message whose id the server could not read (id null). */
    JsonObject nullIdError(long timeoutMs) throws InterruptedException {
        return await(m -> m.has("error") && !m.has("method") && (!m.has("id") || m.get("id").isJsonNull()), timeoutMs);
    }

    JsonObject response(int id, long timeoutMs) throws InterruptedException {
        return await(m -> m.has("id") && !m.has("method") && m.get("id").isJsonPrimitive()
                && m.get("id").getAsInt() == id, timeoutMs);
    }

    JsonObject publish(String uri, long timeoutMs) throws InterruptedException {
        return await(m -> "textDocument/publishDiagnostics".equals(str(m, "method"))
                && uri.equals(m.getAsJsonObject("params").get("uri").getAsString()), timeoutMs);
    }

    /**
     * Whether a publishDiagnostics for {@code uri} came, among everything the server wrote until
     * it closed its output (waits for that).
     */
    boolean hasPublishFor(String uri) throws InterruptedException {
        reader.join(10_000);
        return inbox.stream().anyMatch(m -> "textDocument/publishDiagnostics".equals(str(m, "method"))
                && uri.equals(m.getAsJsonObject("params").get("uri").getAsString()));
    }

    static String str(JsonObject o, String k) {
        return o.has(k) && o.get(k).isJsonPrimitive() ? o.get(k).getAsString() : null;
    }

    static JsonElement json(String s) {
        return JsonParser.parseString(s);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
