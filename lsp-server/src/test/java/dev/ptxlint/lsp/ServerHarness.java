package dev.ptxlint.lsp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;

/**
 * Runs {@link ServerLauncher#launch} in-process, as {@code ptxlint --lsp} runs it over stdio, on
 * a loopback socket (piped streams break when a writer thread of LSP4J's pool ends).
 */
final class ServerHarness implements AutoCloseable {
    final CompletableFuture<Integer> exitCode = new CompletableFuture<>();
    private final Socket clientSide;

    ServerHarness() throws IOException {
        this(ServerLauncher.MAX_MESSAGE_BYTES);
    }

    ServerHarness(long maxMessageBytes) throws IOException {
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            clientSide = new Socket(InetAddress.getLoopbackAddress(), ss.getLocalPort());
            Socket serverSide = ss.accept();
            // no Nagle delay on loopback: stdio has none, and it would add ~40 ms to each exchange
            clientSide.setTcpNoDelay(true);
            serverSide.setTcpNoDelay(true);
            Thread t = new Thread(() -> {
                try {
                    exitCode.complete(ServerLauncher.launch(serverSide.getInputStream(), serverSide.getOutputStream(),
                            maxMessageBytes));
                } catch (Throwable e) {
                    exitCode.completeExceptionally(e);
                } finally {
                    try {
                        serverSide.close();
                    } catch (IOException e) {
                        // ignore
                    }
                }
            }, "server-under-test");
            t.setDaemon(true);
            t.start();
        }
    }

    RawClient client() throws IOException {
        return new RawClient(clientSide.getInputStream(), clientSide.getOutputStream());
    }

    @Override
    public void close() throws IOException {
        clientSide.close();
    }
}
