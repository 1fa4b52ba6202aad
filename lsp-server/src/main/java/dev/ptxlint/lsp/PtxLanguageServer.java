package dev.ptxlint.lsp;

import com.google.gson.JsonElement;
import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.config.ConfigException;
import dev.ptxlint.config.ProjectConfig;
import dev.ptxlint.diag.ChunkedText;
import dev.ptxlint.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DiagnosticRegistrationOptions;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentDiagnosticParams;
import org.eclipse.lsp4j.DocumentDiagnosticReport;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RelatedFullDocumentDiagnosticReport;
import org.eclipse.lsp4j.RelatedUnchangedDocumentDiagnosticReport;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensLegend;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SemanticTokensWithRegistrationOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * The ptxlint language server. Documents are kept in memory and linted on one background
 * thread, debounced after each change and incrementally ({@link dev.ptxlint.checker.IncrementalLinter});
 * requests that need the syntax tree run on the same thread after bringing the lint up to date.
 */
public final class PtxLanguageServer implements LanguageServer, LanguageClientAware {

    private final Map<String, Document> documents = new ConcurrentHashMap<>();
    private final ScheduledExecutorService lintThread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ptxlint-lint");
        t.setDaemon(true);
        return t;
    });
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private final TextService textService = new TextService();
    private final Workspace workspaceService = new Workspace();

    private volatile LanguageClient client;
    private volatile LintConfig config = LintConfig.DEFAULTS;
    private volatile boolean pull;
    private volatile boolean refreshSupport;
    private volatile boolean shutdown;
    /** Lints that stored a result, for pull diagnostics' result ids. */
    private final java.util.concurrent.atomic.AtomicLong lints = new java.util.concurrent.atomic.AtomicLong();

    /** Completes with the process exit code when the session ends. */
    public CompletableFuture<Integer> exitCode() {
        return exit;
    }

    @Override
    public void connect(LanguageClient c) {
        this.client = c;
    }

    LintConfig config() {
        return config;
    }

    private void setConfig(LintConfig c) {
        config = c;
        for (String p : c.problems()) {
            log("settings: " + p);
        }
    }

    // ------------------------------------------------------------------ lifecycle

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        ClientCapabilities caps = params == null ? null : params.getCapabilities();
        if (caps != null && caps.getTextDocument() != null && caps.getTextDocument().getDiagnostic() != null) {
            pull = true;
        }
        if (caps != null && caps.getWorkspace() != null && caps.getWorkspace().getDiagnostics() != null
                && Boolean.TRUE.equals(caps.getWorkspace().getDiagnostics().getRefreshSupport())) {
            refreshSupport = true;
        }
        if (params != null && params.getInitializationOptions() instanceof JsonElement json) {
            setConfig(LintConfig.parse(json));
        }
        if (params != null && params.getProcessId() != null) {
            watchParent(params.getProcessId());
        }
        watchConfigFiles = caps != null && caps.getWorkspace() != null
                && caps.getWorkspace().getDidChangeWatchedFiles() != null
                && Boolean.TRUE.equals(caps.getWorkspace().getDidChangeWatchedFiles().getDynamicRegistration());
        ServerCapabilities sc = new ServerCapabilities();
        TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
        sync.setOpenClose(true);
        sync.setChange(TextDocumentSyncKind.Incremental);
        sc.setTextDocumentSync(sync);
        sc.setHoverProvider(true);
        sc.setDefinitionProvider(true);
        sc.setReferencesProvider(true);
        sc.setDocumentSymbolProvider(true);
        CompletionOptions completion = new CompletionOptions(false, List.of(".", "%"));
        sc.setCompletionProvider(completion);
        sc.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix)));
        sc.setSemanticTokensProvider(new SemanticTokensWithRegistrationOptions(
                new SemanticTokensLegend(SemanticTokenScanner.TYPES, List.of()), true));
        if (pull) {
            DiagnosticRegistrationOptions d = new DiagnosticRegistrationOptions(false, false);
            d.setIdentifier("ptxlint");
            sc.setDiagnosticProvider(d);
        }
        InitializeResult result = new InitializeResult(sc, new ServerInfo("ptxlint", version()));
        return CompletableFuture.completedFuture(result);
    }

    private void watchParent(long pid) {
        try {
            ProcessHandle.of(pid).ifPresentOrElse(
                    h -> h.onExit().thenRun(() -> {
                        log("client process " + pid + " ended; exiting");
                        exit.complete(shutdown ? 0 : 1);
                    }),
                    () -> {
                        log("client process " + pid + " is not running; exiting");
                        exit.complete(1);
                    });
        } catch (RuntimeException e) {
            log("cannot watch client process " + pid + ": " + e);
        }
    }

    private volatile boolean watchConfigFiles;

    @Override
    public void initialized(InitializedParams params) {
        LanguageClient c = client;
        if (watchConfigFiles && c != null) {
            // hear about .ptxlintrc edits, to re-lint with the new settings
            var watcher = new org.eclipse.lsp4j.FileSystemWatcher(Either.forLeft("**/" + ProjectConfig.FILE_NAME));
            var options = new org.eclipse.lsp4j.DidChangeWatchedFilesRegistrationOptions(List.of(watcher));
            c.registerCapability(new org.eclipse.lsp4j.RegistrationParams(List.of(new org.eclipse.lsp4j.Registration(
                    "ptxlint-config-files", "workspace/didChangeWatchedFiles", options))))
                    .exceptionally(e -> {
                        log("could not watch " + ProjectConfig.FILE_NAME + " files: " + e);
                        return null;
                    });
        }
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        shutdown = true;
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void exit() {
        lintThread.shutdownNow();
        exit.complete(shutdown ? 0 : 1);
    }

    /** The input stream ended without an exit notification. */
    void inputClosed() {
        lintThread.shutdownNow();
        exit.complete(shutdown ? 0 : 1);
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return textService;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspaceService;
    }

    // ------------------------------------------------------------------ logging

    void log(String message) {
        // one line, no terminal controls, bounded: messages may quote files and client input
        message = ProjectConfig.excerpt(message, 2000);
        System.err.println("ptxlint-lsp: " + message);
        LanguageClient c = client;
        if (c != null) {
            try {
                c.logMessage(new MessageParams(MessageType.Log, message));
            } catch (RuntimeException e) {
                // the client is gone; stderr has it
            }
        }
    }

    /**
     * Runs a notification handler; anything thrown (a stack overflow or out-of-memory error
     * included) is logged in one line, never thrown into LSP4J.
     */
    private void guarded(String what, Runnable r) {
        try {
            r.run();
        } catch (Throwable e) { // StackOverflowError and OutOfMemoryError too: the server goes on
            log(what + " failed: " + dev.ptxlint.checker.Linter.describe(e));
        }
    }

    // ------------------------------------------------------------------ linting

    /** Schedules a lint of {@code doc} after {@code delayMs}, replacing one not yet started. */
    private void schedule(Document doc, long delayMs) {
        synchronized (doc) {
            if (doc.pending != null) {
                doc.pending.cancel(false);
            }
            try {
                doc.pending = lintThread.schedule(() -> guarded("lint", () -> refresh(doc)), delayMs,
                        TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // shutting down
            }
        }
    }

    /** What one lint saw: the text and version the analysis of a request refers to. */
    record Snapshot(ChunkedText source, int version) {
        Snapshot(String text, int version) {
            this(ChunkedText.of(text), version);
        }

        /**
         * The whole text as a String, made on the first request for this version (a copy of the
         * document: requests about one position read {@link #source} instead).
         */
        String text() {
            return source.toString();
        }
    }

    /** Brings {@code doc}'s lint up to date (lint thread only) and returns what it linted. */
    Snapshot refresh(Document doc) {
        ChunkedText text;
        int version;
        int prefix;
        int suffix;
        synchronized (doc) {
            text = doc.text;
            version = doc.version;
            prefix = doc.cleanPrefix;
            suffix = doc.cleanSuffix;
            doc.cleanPrefix = text.length();
            doc.cleanSuffix = text.length();
        }
        if (doc.project == null) {
            doc.project = projectSettings(doc.uri);
        }
        LintSettings settings = config.over(doc.project);
        Snapshot snap = new Snapshot(text, version);
        if (doc.result != null && doc.resultVersion == version && prefix == text.length()
                && doc.linter.settings().equals(settings)) {
            return snap; // nothing changed since the last lint
        }
        List<Diagnostic> result;
        if (doc.cuda) {
            result = new dev.ptxlint.cuda.CudaLinter(settings).lint(text.toString()).diagnostics();
            doc.linter = new IncrementalLinter(settings); // keeps the settings comparison above true
        } else if (!doc.linter.settings().equals(settings)) {
            doc.linter = new IncrementalLinter(settings);
            result = doc.linter.lint(text);
        } else if (prefix < 0 || doc.linter.text() == null) {
            result = doc.linter.lint(text);
        } else {
            int s = Math.min(suffix, Math.min(doc.linter.text().length(), text.length()) - prefix);
            result = doc.linter.update(text, prefix, Math.max(0, s));
        }
        boolean current;
        synchronized (doc) {
            current = doc.open && doc.version == version;
            if (current) {
                doc.result = result;
                doc.resultVersion = version;
                // a re-lint of the same version (new settings) may differ, so the id counts lints
                doc.resultId = version + "." + lints.incrementAndGet();
            }
        }
        if (current && !pull) {
            publish(doc.uri, result, version);
        }
        return snap;
    }

    /** The settings a document is linted with (lint thread only, after {@link #refresh}). */
    private LintSettings settingsOf(Document doc) {
        return config.over(doc.project);
    }

    /** The settings of the nearest {@code .ptxlintrc} above a {@code file:} document, else the defaults. */
    private LintSettings projectSettings(String uri) {
        try {
            java.net.URI u = new java.net.URI(uri);
            if (!"file".equalsIgnoreCase(u.getScheme())) {
                return LintSettings.DEFAULT;
            }
            return ProjectConfig.find(java.nio.file.Paths.get(u)).map(ProjectConfig::settings)
                    .orElse(LintSettings.DEFAULT);
        } catch (ConfigException e) {
            log(e.getMessage() + " (the file's settings are ignored)");
            return LintSettings.DEFAULT;
        } catch (RuntimeException | java.net.URISyntaxException e) {
            return LintSettings.DEFAULT;
        }
    }

    /** Looks up every open document's {@code .ptxlintrc} again and re-lints. */
    private void relintAll() {
        for (Document doc : documents.values()) {
            synchronized (doc) {
                doc.cleanPrefix = -1;
                doc.cleanSuffix = -1;
            }
            lintThread.execute(() -> doc.project = null);
            schedule(doc, 0);
        }
    }

    private void publish(String uri, List<Diagnostic> diags, Integer version) {
        LanguageClient c = client;
        if (c == null || shutdown) {
            return;
        }
        // LSP4J's diagnostics are not made: the launcher's Gson writes these straight (DiagnosticsJson)
        c.publishDiagnostics(new DiagnosticsJson.Params(uri, diags, version));
    }

    /**
     * Runs {@code f} on the lint thread with the document's lint brought up to date; a request for
     * a document that is not open gets {@code absent}.
     */
    private <T> CompletableFuture<T> withDocument(String uri, T absent, java.util.function.BiFunction<Document, Snapshot, T> f) {
        if (shutdown) {
            return CompletableFuture.failedFuture(new org.eclipse.lsp4j.jsonrpc.ResponseErrorException(
                    new org.eclipse.lsp4j.jsonrpc.messages.ResponseError(
                            org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode.InvalidRequest,
                            "the server is shutting down", null)));
        }
        Document doc = uri == null ? null : documents.get(uri);
        if (doc == null) {
            return CompletableFuture.completedFuture(absent);
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            lintThread.execute(() -> {
                try {
                    result.complete(f.apply(doc, refresh(doc)));
                } catch (Throwable e) { // every request is answered, whatever failed
                    log("request on " + uri + " failed: " + dev.ptxlint.checker.Linter.describe(e));
                    result.completeExceptionally(new org.eclipse.lsp4j.jsonrpc.ResponseErrorException(
                            new org.eclipse.lsp4j.jsonrpc.messages.ResponseError(
                                    org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode.InternalError,
                                    "ptxlint failed: " + dev.ptxlint.checker.Linter.describe(e), null)));
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            result.complete(absent);
        }
        return result;
    }

    private static String uri(org.eclipse.lsp4j.TextDocumentIdentifier id) {
        return id == null ? null : id.getUri();
    }

    // ------------------------------------------------------------------ text documents

    private final class TextService implements TextDocumentService {

        @Override
        public void didOpen(DidOpenTextDocumentParams params) {
            if (shutdown) {
                return; // after shutdown nothing is linted or published
            }
            guarded("didOpen", () -> {
                var item = params.getTextDocument();
                String text = item.getText() == null ? "" : item.getText();
                Document doc = new Document(item.getUri(), text, item.getVersion());
                doc.cuda = CudaDocuments.isCuda(item.getLanguageId(), item.getUri());
                Document old = documents.put(item.getUri(), doc);
                if (old != null) {
                    synchronized (old) {
                        old.open = false;
                    }
                }
                schedule(doc, 0);
            });
        }

        @Override
        public void didChange(DidChangeTextDocumentParams params) {
            if (shutdown) {
                return;
            }
            guarded("didChange", () -> {
                Document doc = documents.get(params.getTextDocument().getUri());
                if (doc == null) {
                    log("didChange for a document that is not open: " + params.getTextDocument().getUri());
                    return;
                }
                if (params.getContentChanges() == null || params.getContentChanges().isEmpty()) {
                    log("didChange without changes for " + doc.uri + "; ignored");
                    return;
                }
                Integer v = params.getTextDocument().getVersion();
                synchronized (doc) {
                    int version = v != null ? v : doc.version + 1;
                    for (TextDocumentContentChangeEvent ch : params.getContentChanges()) {
                        String t = ch.getText() == null ? "" : ch.getText();
                        if (ch.getRange() == null) {
                            doc.replaceAll(t, version);
                        } else {
                            int len = doc.text.length();
                            int from = doc.lines.offset(ch.getRange().getStart().getLine(),
                                    ch.getRange().getStart().getCharacter(), len, doc.text);
                            int to = doc.lines.offset(ch.getRange().getEnd().getLine(),
                                    ch.getRange().getEnd().getCharacter(), len, doc.text);
                            if (to < from) {
                                int x = to;
                                to = from;
                                from = x;
                            }
                            doc.edit(from, to, t, version);
                        }
                    }
                    doc.version = version;
                }
                schedule(doc, config.debounceMs());
            });
        }

        @Override
        public void didClose(DidCloseTextDocumentParams params) {
            guarded("didClose", () -> {
                String uri = params.getTextDocument().getUri();
                Document doc = documents.remove(uri);
                if (doc != null) {
                    synchronized (doc) {
                        doc.open = false;
                        if (doc.pending != null) {
                            doc.pending.cancel(false);
                        }
                    }
                }
                if (!pull) {
                    publish(uri, List.of(), null);
                }
            });
        }

        @Override
        public void didSave(DidSaveTextDocumentParams params) {
        }

        @Override
        public CompletableFuture<DocumentDiagnosticReport> diagnostic(DocumentDiagnosticParams params) {
            String uri = uri(params.getTextDocument());
            DocumentDiagnosticReport empty = new DocumentDiagnosticReport(new RelatedFullDocumentDiagnosticReport(List.of()));
            return withDocument(uri, empty, (doc, snap) -> {
                String id = doc.resultId;
                if (doc.result != null && id.equals(params.getPreviousResultId())) {
                    // nothing linted since the client's report: it keeps what it has
                    return new DocumentDiagnosticReport(new RelatedUnchangedDocumentDiagnosticReport(id));
                }
                List<org.eclipse.lsp4j.Diagnostic> out = new ArrayList<>();
                List<Diagnostic> r = doc.result;
                if (r != null) {
                    for (Diagnostic d : r) {
                        out.add(Convert.diagnostic(uri, d));
                    }
                }
                RelatedFullDocumentDiagnosticReport full = new RelatedFullDocumentDiagnosticReport(out);
                full.setResultId(id);
                return new DocumentDiagnosticReport(full);
            });
        }

        @Override
        public CompletableFuture<Hover> hover(HoverParams params) {
            return withDocument(uri(params.getTextDocument()), null,
                    (doc, snap) -> doc.cuda ? CudaDocuments.hover(doc, snap, params.getPosition(), settingsOf(doc))
                            : Hovers.hover(doc, snap, params.getPosition()));
        }

        @Override
        public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
            Either<List<CompletionItem>, CompletionList> none = Either.forLeft(List.of());
            return withDocument(uri(params.getTextDocument()), none,
                    (doc, snap) -> Either.forRight(doc.cuda
                            ? CudaDocuments.complete(doc, snap, params.getPosition(), settingsOf(doc))
                            : Completions.complete(doc, snap, params.getPosition())));
        }

        @Override
        public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(
                DefinitionParams params) {
            Either<List<? extends Location>, List<? extends LocationLink>> none = Either.forLeft(List.of());
            return withDocument(uri(params.getTextDocument()), none,
                    (doc, snap) -> Either.forLeft(doc.cuda ? List.of()
                            : Navigation.definition(doc, snap, params.getPosition())));
        }

        @Override
        public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
            boolean withDecl = params.getContext() == null || params.getContext().isIncludeDeclaration();
            return withDocument(uri(params.getTextDocument()), List.of(),
                    (doc, snap) -> doc.cuda ? List.of()
                            : Navigation.references(doc, snap, params.getPosition(), withDecl));
        }

        @Override
        public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(
                DocumentSymbolParams params) {
            return withDocument(uri(params.getTextDocument()), List.of(),
                    (doc, snap) -> doc.cuda ? List.of() : Navigation.symbols(doc, snap));
        }

        @Override
        public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
            return withDocument(uri(params.getTextDocument()), List.of(),
                    (doc, snap) -> CodeActions.actions(doc, snap, params));
        }

        @Override
        public CompletableFuture<SemanticTokens> semanticTokensFull(SemanticTokensParams params) {
            return withDocument(uri(params.getTextDocument()), new SemanticTokens(List.of()),
                    (doc, snap) -> new SemanticTokens(doc.cuda ? List.of() : SemanticTokenScanner.encode(snap.text())));
        }
    }

    // ------------------------------------------------------------------ workspace

    private final class Workspace implements WorkspaceService {
        @Override
        public void didChangeConfiguration(DidChangeConfigurationParams params) {
            guarded("didChangeConfiguration", () -> {
                Object s = params.getSettings();
                if (s instanceof JsonElement json) {
                    setConfig(LintConfig.parse(json));
                } else if (s == null) {
                    setConfig(LintConfig.DEFAULTS);
                } else {
                    log("ignoring settings of unexpected shape: " + s.getClass().getSimpleName());
                    return;
                }
                relintAll();
                LanguageClient c = client;
                if (pull && refreshSupport && c != null) {
                    lintThread.execute(() -> guarded("refresh", c::refreshDiagnostics));
                }
            });
        }

        @Override
        public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
            guarded("didChangeWatchedFiles", () -> {
                if (params.getChanges() != null && params.getChanges().stream()
                        .anyMatch(e -> e.getUri() != null && e.getUri().endsWith(ProjectConfig.FILE_NAME))) {
                    relintAll();
                }
            });
        }
    }

    /**
     * The version of the command that runs the server: the build's version.properties of the
     * command line (cli/), found on the class path of ptxlint.jar; "unknown" without it (the
     * server run from its own module's tests). The server does not depend on the command line.
     */
    static String version() {
        try (java.io.InputStream in = PtxLanguageServer.class.getResourceAsStream("/dev/ptxlint/cli/version.properties")) {
            java.util.Properties p = new java.util.Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
