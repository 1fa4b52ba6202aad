package dev.ptxlint.lsp;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.eclipse.lsp4j.jsonrpc.Endpoint;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.json.ConcurrentMessageProcessor;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.json.StreamMessageConsumer;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Entry point of {@code ptxlint --lsp}, called reflectively by {@code dev.ptxlint.cli.Cli} so that
 * the command line never loads LSP4J.
 */
public final class ServerLauncher {
    private ServerLauncher() {
    }

    /**
     * Largest message body read (bytes); a larger one is skipped and answered with an error. A
     * body is held about four times over while it is read (bytes, text, LSP4J's parse), so the
     * default is 64 MiB or a quarter of the heap, whichever is less.
     */
    static final long MAX_MESSAGE_BYTES = Long.getLong("ptxlint.lsp.maxMessageBytes",
            Math.min(64L * 1024 * 1024, Runtime.getRuntime().maxMemory() / 4));

    /**
     * LSP4J's launcher with {@link MessageGate} as the reader of the input instead of LSP4J's
     * stream reader, which loses the framing on some malformed messages.
     */
    static final class GatedBuilder extends LSPLauncher.Builder<LanguageClient> {
        private final java.util.function.Consumer<String> log;
        private MessageJsonHandler jsonHandler;
        private MessageConsumer outgoing;
        private RemoteEndpoint endpoint;

        private final long maxMessageBytes;

        GatedBuilder(java.util.function.Consumer<String> log, long maxMessageBytes) {
            this.log = log;
            this.maxMessageBytes = maxMessageBytes;
            // publishDiagnostics written by hand, not by Gson's reflective adapters
            configureGson(g -> g.registerTypeAdapterFactory(DiagnosticsJson.FACTORY));
        }

        @Override
        protected MessageJsonHandler createJsonHandler() {
            jsonHandler = super.createJsonHandler();
            return jsonHandler;
        }

        @Override
        protected RemoteEndpoint createRemoteEndpoint(MessageJsonHandler handler) {
            // as LSP4J's, keeping the outgoing consumer for the gate's own answers
            outgoing = wrapMessageConsumer(new StreamMessageConsumer(output, handler));
            Endpoint local = ServiceEndpoints.toEndpoint(localServices);
            endpoint = exceptionHandler == null ? new RemoteEndpoint(outgoing, local)
                    : new RemoteEndpoint(outgoing, local, exceptionHandler);
            handler.setMethodProvider(endpoint);
            endpoint.setJsonHandler(handler);
            return endpoint;
        }

        @Override
        protected ConcurrentMessageProcessor createMessageProcessor(MessageProducer reader,
                MessageConsumer messageConsumer, LanguageClient remoteProxy) {
            MessageGate gate = new MessageGate(input, maxMessageBytes, jsonHandler, endpoint, outgoing,
                    getSupportedMethods(), log);
            return super.createMessageProcessor(gate, messageConsumer, remoteProxy);
        }
    }

    /**
     * Serves JSON-RPC on {@code in}/{@code out} until the session ends (exit notification, end of
     * input, or the client process's death) and returns the exit code: 0 after shutdown, else 1.
     */
    public static int launch(InputStream in, OutputStream out) {
        return launch(in, out, MAX_MESSAGE_BYTES);
    }

    /** {@link #launch(InputStream, OutputStream)} with a limit on the size of one message. */
    static int launch(InputStream in, OutputStream out, long maxMessageBytes) {
        PtxLanguageServer server = new PtxLanguageServer();
        // LSP4J's threads (reader, request handlers): daemons, ended with the session
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "ptxlint-jsonrpc");
            t.setDaemon(true);
            return t;
        });
        Launcher<LanguageClient> launcher = new GatedBuilder(server::log, maxMessageBytes)
                .setExecutorService(pool)
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
            pool.shutdown();
        }
    }
}
