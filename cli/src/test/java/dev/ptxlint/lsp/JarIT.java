package dev.ptxlint.lsp;

import static dev.ptxlint.lsp.RawClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the shaded jar as a separate process, as an editor does: {@code java -jar ptxlint.jar --lsp}.
 * Runs in {@code mvn verify} (failsafe, after the jar is built).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JarIT {

    static Path jar() {
        Path p = Paths.get(System.getProperty("ptxlint.jar", "target/ptxlint.jar"));
        Assumptions.assumeTrue(Files.isRegularFile(p), "the shaded jar " + p.toAbsolutePath()
                + " is missing: run 'mvn verify' (this test runs after packaging)");
        return p;
    }

    static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void theJarServesLspOverStdioAndExitsZeroAfterShutdown() throws Exception {
        Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "--lsp")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (RawClient c = new RawClient(p.getInputStream(), p.getOutputStream())) {
            JsonObject init = ServerEndToEndTest.initialize(c, "{}", "{\"debounceMs\":20}");
            assertEquals("ptxlint", init.getAsJsonObject("serverInfo").get("name").getAsString());
            ServerEndToEndTest.open(c, ServerEndToEndTest.URI, ServerEndToEndTest.KERNEL, 1);
            assertEquals(List.of("PTX0100"),
                    ServerEndToEndTest.codes(ServerEndToEndTest.diagnosticsFor(c, ServerEndToEndTest.URI, 1)));
            String k = ServerEndToEndTest.KERNEL;
            int line = ServerEndToEndTest.lineOf(k, "mull");
            int col = ServerEndToEndTest.colOf(k, "mull");
            ServerEndToEndTest.change(c, ServerEndToEndTest.URI, 2, ServerEndToEndTest.range(line, col, line, col + 4), "mul");
            assertEquals(0, ServerEndToEndTest.diagnosticsFor(c, ServerEndToEndTest.URI, 2).size());
            JsonObject unknown = ServerEndToEndTest.call(c, "nonsense/method", json("{}"));
            assertEquals(-32601, unknown.getAsJsonObject("error").get("code").getAsInt());
            assertTrue(ServerEndToEndTest.call(c, "shutdown", null).has("result"));
            c.notify("exit", null);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theServerExitsWhenTheClientProcessDies() throws Exception {
        // a stand-in for the editor: a JVM that lives until its standard input closes
        Process fakeClient = new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"),
                FakeClient.class.getName()).redirectErrorStream(true).start();
        Process p = new ProcessBuilder(java(), "-jar", jar().toString(), "--lsp")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (RawClient c = new RawClient(p.getInputStream(), p.getOutputStream())) {
            int id = c.request("initialize", json("{\"processId\":" + fakeClient.pid() + ",\"capabilities\":{}}"));
            c.response(id, 20_000);
            assertTrue(p.isAlive(), "the server must run while its client does");
            fakeClient.getOutputStream().close();
            fakeClient.waitFor();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "server still running after its client died");
            assertEquals(1, p.exitValue());
        } finally {
            p.destroyForcibly();
            fakeClient.destroyForcibly();
        }
    }

    /** Issue 15 item 9: JAVA_OPTS=-Xlog:gc printed GC lines into the protocol's standard output. */
    @Test
    void theLauncherKeepsTheJvmsOwnOutputOffTheProtocolStream() throws Exception {
        jar();
        Path launcher = Paths.get(System.getProperty("ptxlint.root", "..")).resolve("ptxlint");
        Assumptions.assumeTrue(Files.isExecutable(launcher) && new File("/bin/sh").exists());
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--lsp").redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JAVA_OPTS", "-Xlog:gc*=debug -verbose:gc");
        Process p = pb.start();
        try {
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            for (String body : new String[] {
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"processId\":null,\"capabilities\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"}) {
                byte[] b = body.getBytes(StandardCharsets.UTF_8);
                in.write(("Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                in.write(b);
            }
            p.getOutputStream().write(in.toByteArray());
            p.getOutputStream().flush();
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
            // nothing but frames: two responses, each a JSON object
            List<String> bodies = ServerFuzzTest.frames(out);
            assertEquals(2, bodies.size(), new String(out, StandardCharsets.UTF_8));
            bodies.forEach(b -> assertTrue(json(b).isJsonObject(), b));
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * The start-up path of a small clean file (docs/performance.md, "What a small run no longer
     * pays for"): no regular expression, stream, lambda or invokedynamic linkage. Each came back once
     * through a new static initialiser ({@code Rules}' code check, {@code Suppressions}' names), unseen
     * until the class counts were compared.
     */
    @Test
    void aSmallCleanFileLinksNoRegexStreamOrLambda() throws Exception {
        Path root = Paths.get(System.getProperty("ptxlint.root", ".."));
        File example = root.resolve("examples/scale.ptx").toFile();
        Assumptions.assumeTrue(example.isFile());
        Process p = new ProcessBuilder(java(), "-XX:TieredStopAtLevel=1", "-verbose:class", "-jar",
                jar().toString(), example.getPath()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("dev.ptxlint.checker.Linter"), "class loading was not traced");
        for (String line : out.split("\n")) {
            assertFalse(line.contains("java.util.regex.") || line.contains("java.util.stream.")
                    || line.contains("LambdaMetafactory") || line.contains("$$Lambda")
                    || line.contains("java.lang.runtime.ObjectMethods"), line);
        }
    }

    /** Waits until standard input ends. */
    public static final class FakeClient {
        public static void main(String[] args) throws java.io.IOException {
            System.in.readAllBytes();
        }
    }

    @Test
    void theCommandLineDoesNotLoadLsp4j() throws Exception {
        Path root = Paths.get(System.getProperty("ptxlint.root", ".."));
        File example = root.resolve("examples/mistakes.ptx").toFile();
        Assumptions.assumeTrue(example.isFile());
        Process p = new ProcessBuilder(java(), "-verbose:class", "-jar", jar().toString(), example.getPath())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("dev.ptxlint.checker.Linter"), "class loading was not traced");
        assertFalse(out.contains("org.eclipse.lsp4j"), "LSP4J loaded on the command-line path");
        assertFalse(out.contains("dev.ptxlint.lsp."), "the server loaded on the command-line path");
    }
}
