package dev.ptxlint.lsp;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Entry point of {@code ptxlint --lsp}, called reflectively by {@code dev.ptxlint.cli.Cli} so that
 * the command line never loads LSP4J.
 */
public final class ServerLauncher {
    private ServerLauncher() {
    }

    /**
     * Serves JSON-RPC on {@code in}/{@code out} until the session ends (exit notification, end of
     * input, or the client process's death) and returns the exit code: 0 after shutdown, else 1.
     */
    public static int launch(InputStream in, OutputStream out) {
        PtxLanguageServer server = new PtxLanguageServer();
        Launcher<LanguageClient> launcher = new LSPLauncher.Builder<LanguageClient>()
                .setLocalService(server)
                .setRemoteInterface(LanguageClient.class)
                .setInput(in)
                .setOutput(out)
                .setExceptionHandler(t -> {
                    Throwable cause = t instanceof java.util.concurrent.CompletionException && t.getCause() != null
                            ? t.getCause() : t;
                    if (!(cause instanceof org.eclipse.lsp4j.jsonrpc.ResponseErrorException)) {
                        server.log("internal error: " + t);
                    }
                    return org.eclipse.lsp4j.jsonrpc.RemoteEndpoint.DEFAULT_EXCEPTION_HANDLER.apply(t);
                })
                .create();
        server.connect(launcher.getRemoteProxy());
        Future<Void> listening = launcher.startListening();
        Thread watcher = new Thread(() -> {
            try {
                listening.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | java.util.concurrent.CancellationException e) {
                // the stream failed: same as closed
            }
            server.inputClosed();
        }, "ptxlint-input-watch");
        watcher.setDaemon(true);
        watcher.start();
        try {
            return server.exitCode().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            return 1;
        } finally {
            listening.cancel(true);
        }
    }
}
