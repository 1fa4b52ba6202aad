package dev.ptxlint.cli;

import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.config.ConfigException;
import dev.ptxlint.config.ProjectConfig;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * The {@code ptxlint} command line. All file access goes through {@link Path}s of the given
 * {@link FileSystem}, so tests run it on an in-memory file system.
 *
 * <p>Exit status: 0 no errors (no diagnostic at the {@code --error-on} level or above); 1 errors found;
 * 2 usage, configuration or I/O error (other files are still linted).
 */
public final class Cli {

    static final String USAGE = """
            usage: ptxlint [options] PATH...
              Lint NVIDIA PTX files, and the inline PTX (asm statements) of CUDA C++
              sources (*.cu, *.cuh). PATH may be a file, a directory (searched recursively
              for *.ptx, *.cu and *.cuh files) or '-' for standard input.

            options:
              --format FORMAT   output format: text (default, GCC style), json,
                                sarif (SARIF 2.1.0, for GitHub code scanning),
                                github (GitHub Actions annotations) or checkstyle (XML)
              -q, --quiet       print diagnostics only, without the summary line
              -j, --jobs N      lint up to N files at once (default: the number of
                                processors); output keeps the order of the inputs
              --config FILE     read settings from FILE instead of the nearest .ptxlintrc
              --no-config       ignore .ptxlintrc files: default settings
              --error-on LEVEL  exit 1 when a diagnostic at LEVEL or above is found:
                                error (default), warning or note
              --default-version X.Y
                                PTX ISA version for files without .version (e.g. 8.0)
              --default-target sm_XX
                                target for files without .target (e.g. sm_90)
              --list-rules      list every rule code with its severity and summary
                                (--format json: as a JSON document)
              --explain CODE    print the documentation of a rule, e.g. --explain PTX0100,
                                or the forms of an instruction, e.g. --explain ld.global.v4.f32
              --cuda            read standard input and files without a known extension
                                as CUDA C++, and include C++ files (.h, .hpp, .cpp, ...)
                                when searching directories (C++ files named on the
                                command line are always read as CUDA C++)
              --verbose         say which asm statements were skipped and why
              --lsp             run the language server on standard input/output
              --version         print the version and exit
              -h, --help        print this help and exit

            Settings come from the nearest .ptxlintrc in the file's directory or above it
            (docs/config.md); --default-version and --default-target override it.

            exit status: 0 no errors (no diagnostic at the --error-on level), 1 errors
            found, 2 usage, configuration or I/O error
            """;

    private final FileSystem fs;
    private final InputStream stdin;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean stderrIsTerminal;
    /** Milliseconds, for throttling the progress line; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    /** A command whose standard error is not a terminal: no progress line. */
    public Cli(FileSystem fs, InputStream stdin, PrintStream out, PrintStream err) {
        this(fs, stdin, out, err, false);
    }

    /**
     * @param stderrIsTerminal whether standard error is a terminal; only then is a progress line
     *     shown while many files are linted
     */
    public Cli(FileSystem fs, InputStream stdin, PrintStream out, PrintStream err, boolean stderrIsTerminal) {
        this.fs = fs;
        this.stdin = stdin;
        this.out = out;
        this.err = err;
        this.stderrIsTerminal = stderrIsTerminal;
    }

    /** A progress line is shown from this many files on. */
    static final int PROGRESS_MIN_FILES = 10;
    /** The progress line is rewritten at most this often (milliseconds), and for the last file. */
    static final long PROGRESS_INTERVAL_MS = 100;

    private int usageError(String message) {
        err.println("ptxlint: " + message);
        err.println("Try 'ptxlint --help' for more information.");
        return 2;
    }

    /** Options that decide the settings of each file. */
    private static final class SettingsOptions {
        String configFile;
        boolean noConfig;
        PtxVersion defaultVersion;
        Target defaultTarget;
    }

    public int run(String[] args) {
        String format = "text";
        boolean quiet = false;
        boolean listRules = false;
        boolean cuda = false;
        boolean verbose = false;
        int jobs = Runtime.getRuntime().availableProcessors();
        Severity errorOn = Severity.ERROR;
        SettingsOptions so = new SettingsOptions();
        List<String> paths = new ArrayList<>();
        boolean endOfOptions = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (endOfOptions || a.equals("-") || !a.startsWith("-")) {
                paths.add(a);
                continue;
            }
            switch (a) {
                case "--" -> endOfOptions = true;
                case "-h", "--help" -> {
                    out.print(USAGE);
                    return 0;
                }
                case "--version" -> {
                    out.println("ptxlint " + Main.version());
                    return 0;
                }
                case "-q", "--quiet" -> quiet = true;
                case "-j", "--jobs" -> {
                    if (i + 1 >= args.length) {
                        return usageError(a + " needs a number of files to lint at once, e.g. " + a + " 4");
                    }
                    jobs = jobs(args[++i]);
                    if (jobs < 1) {
                        return usageError("invalid number '" + args[i] + "' for " + a + ": use 1 or more");
                    }
                }
                case "--list-rules" -> listRules = true;
                case "--cuda" -> cuda = true;
                case "--verbose" -> verbose = true;
                case "--explain" -> {
                    if (i + 1 >= args.length) {
                        return usageError("--explain needs a rule code, e.g. --explain PTX0100");
                    }
                    return explain(args[++i]);
                }
                case "--lsp" -> {
                    return startLanguageServer();
                }
                case "--format" -> {
                    if (i + 1 >= args.length) {
                        return usageError("--format needs a value: " + String.join(", ", Renderer.FORMATS));
                    }
                    format = args[++i];
                }
                case "--no-config" -> so.noConfig = true;
                case "--config", "--error-on", "--default-version", "--default-target" -> {
                    if (i + 1 >= args.length) {
                        return usageError(a + " needs a value");
                    }
                    String problem = valueOption(a, args[++i], so);
                    if (problem != null) {
                        return usageError(problem);
                    }
                    if (a.equals("--error-on")) {
                        errorOn = Severity.valueOf(args[i].toUpperCase(java.util.Locale.ROOT));
                    }
                }
                default -> {
                    int eq = a.indexOf('=');
                    String name = eq < 0 ? a : a.substring(0, eq);
                    if (a.startsWith("--format=")) {
                        format = a.substring("--format=".length());
                    } else if (a.startsWith("--jobs=")) {
                        jobs = jobs(a.substring("--jobs=".length()));
                        if (jobs < 1) {
                            return usageError("invalid number '" + a.substring("--jobs=".length())
                                    + "' for --jobs: use 1 or more");
                        }
                    } else if (a.startsWith("--explain=")) {
                        return explain(a.substring("--explain=".length()));
                    } else if (eq > 0 && List.of("--config", "--error-on", "--default-version", "--default-target")
                            .contains(name)) {
                        String value = a.substring(eq + 1);
                        String problem = valueOption(name, value, so);
                        if (problem != null) {
                            return usageError(problem);
                        }
                        if (name.equals("--error-on")) {
                            errorOn = Severity.valueOf(value.toUpperCase(java.util.Locale.ROOT));
                        }
                    } else {
                        return usageError("unknown option '" + a + "'");
                    }
                }
            }
        }
        if (so.noConfig && so.configFile != null) {
            return usageError("--config and --no-config exclude each other");
        }
        if (listRules) {
            return listRules(format);
        }
        Path cwd;
        try {
            cwd = fs.getPath("").toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            cwd = null;
        }
        Renderer renderer = Renderer.forName(format, cwd);
        if (renderer == null) {
            return usageError("unknown format '" + format + "': use " + String.join(", ", Renderer.FORMATS));
        }
        if (paths.isEmpty()) {
            return usageError("no input files");
        }
        LintSettings explicit = null;
        if (so.configFile != null) {
            try {
                explicit = ProjectConfig.load(fs.getPath(so.configFile)).settings();
            } catch (ConfigException e) {
                err.println("ptxlint: " + e.getMessage());
                return 2;
            } catch (RuntimeException e) {
                return usageError("invalid path '" + so.configFile + "'");
            }
        }
        this.cuda = cuda;
        this.verbose = verbose;
        return lintAll(paths, renderer, quiet, errorOn, so, explicit, jobs);
    }

    /** The value of --jobs, or 0 if it is not a positive number. */
    private static int jobs(String value) {
        try {
            int n = Integer.parseInt(value.trim());
            return Math.max(0, Math.min(n, 256));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Checks and stores the value of a settings option; returns a problem for users, or null. */
    private static String valueOption(String option, String value, SettingsOptions so) {
        switch (option) {
            case "--config" -> so.configFile = value;
            case "--error-on" -> {
                if (!List.of("error", "warning", "note").contains(value.toLowerCase(java.util.Locale.ROOT))) {
                    return "unknown level '" + value + "' for --error-on: use error, warning or note";
                }
            }
            case "--default-version" -> {
                try {
                    so.defaultVersion = ProjectConfig.parseVersion(value);
                } catch (IllegalArgumentException e) {
                    return "--default-version: " + e.getMessage();
                }
            }
            case "--default-target" -> {
                try {
                    so.defaultTarget = ProjectConfig.parseTarget(value);
                } catch (IllegalArgumentException e) {
                    return "--default-target: " + e.getMessage();
                }
            }
            default -> throw new IllegalStateException(option);
        }
        return null;
    }

    /** Finds and caches the settings of each file: explicit, none, or the nearest .ptxlintrc. */
    private final class SettingsResolver {
        private final SettingsOptions so;
        private final LintSettings explicit;
        private final Map<Path, Object> byDirectory = new HashMap<>();
        private final java.util.Set<Path> reported = new java.util.HashSet<>();

        SettingsResolver(SettingsOptions so, LintSettings explicit) {
            this.so = so;
            this.explicit = explicit;
        }

        /** The settings for a file (null: standard input), or null after reporting a bad configuration. */
        LintSettings settingsFor(Path file) {
            LintSettings base;
            if (so.noConfig) {
                base = LintSettings.DEFAULT;
            } else if (explicit != null) {
                base = explicit;
            } else {
                Path dir;
                try {
                    Path abs = (file == null ? fs.getPath("") : file).toAbsolutePath().normalize();
                    dir = file == null || Files.isDirectory(abs) ? abs : abs.getParent();
                } catch (RuntimeException e) {
                    dir = null;
                }
                Object found = dir == null ? LintSettings.DEFAULT : byDirectory.computeIfAbsent(dir, d -> {
                    try {
                        return ProjectConfig.find(d).map(ProjectConfig::settings).orElse(LintSettings.DEFAULT);
                    } catch (ConfigException e) {
                        return e;
                    }
                });
                if (found instanceof ConfigException e) {
                    if (reported.add(e.path())) {
                        report("ptxlint: " + e.getMessage());
                    }
                    return null;
                }
                base = (LintSettings) found;
            }
            if (so.defaultVersion != null) {
                base = base.withDefaultVersion(so.defaultVersion);
            }
            if (so.defaultTarget != null) {
                base = base.withDefaultTarget(so.defaultTarget);
            }
            return base;
        }
    }

    private int listRules(String format) {
        switch (format) {
            case "text" -> {
                for (Rule r : Rules.all().values()) {
                    out.printf("%s  %-8s %-28s %s%n", r.code(), r.severity().label(), r.name(), r.summary());
                }
            }
            case "json" -> {
                com.google.gson.JsonArray rules = new com.google.gson.JsonArray();
                for (Rule r : Rules.all().values()) {
                    com.google.gson.JsonObject o = new com.google.gson.JsonObject();
                    o.addProperty("code", r.code());
                    o.addProperty("rule", r.name());
                    o.addProperty("severity", r.severity().label());
                    o.addProperty("category", r.category());
                    o.addProperty("summary", r.summary());
                    o.addProperty("docs", r.docsUrl());
                    rules.add(o);
                }
                com.google.gson.JsonObject root = new com.google.gson.JsonObject();
                root.addProperty("version", 1);
                root.addProperty("tool", "ptxlint");
                root.addProperty("toolVersion", Main.version());
                root.add("rules", rules);
                out.println(new com.google.gson.GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create()
                        .toJson(root));
            }
            default -> {
                return usageError("--list-rules supports --format text or json, not '" + format + "'");
            }
        }
        return 0;
    }

    private int explain(String code) {
        Rule r = Rules.byCode(code.toUpperCase(java.util.Locale.ROOT));
        if (r == null) {
            String insn = dev.ptxlint.checker.instructions.InstructionInfo.explain(code);
            if (insn != null) {
                out.print(insn);
                return 0;
            }
            err.println("ptxlint: '" + code + "' is neither a rule code (see 'ptxlint --list-rules') nor an"
                    + " instruction ptxlint describes");
            return 2;
        }
        try (InputStream in = Cli.class.getResourceAsStream(r.docsResource())) {
            if (in != null) {
                out.print(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                return 0;
            }
        } catch (IOException e) {
            // fall through to the summary
        }
        out.println(r.code() + " (" + r.name() + "): " + r.summary());
        return 0;
    }

    /** Starts the language server if the jar carries it; keeps LSP4J off the linting path. */
    private int startLanguageServer() {
        return startLanguageServer(stdin, out, err);
    }

    /**
     * Runs the language server over {@code in}/{@code out} until the client ends the session and
     * returns the exit code. The server class is loaded by name so that the command-line path
     * never loads LSP4J (and a jar without the server still lints).
     */
    public static int startLanguageServer(InputStream in, java.io.OutputStream rpcOut, PrintStream err) {
        try {
            Class<?> c = Class.forName("dev.ptxlint.lsp.ServerLauncher");
            Method m = c.getMethod("launch", InputStream.class, java.io.OutputStream.class);
            Object code = m.invoke(null, in, rpcOut);
            return code instanceof Integer i ? i : 0;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            err.println("ptxlint: the language server is not part of this build (run lsp-server/target/ptxlint.jar)");
            return 2;
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("ptxlint: language server failed: " + cause);
            return 2;
        }
    }

    /** An input in the window of files being linted; {@code result} is null after a configuration error. */
    private record Pending(Input in, java.util.concurrent.Future<Linted> result) {
    }

    /** What linting one input gave: its diagnostics, or why it could not be read; {@code verbose}: lines for --verbose. */
    private record Linted(List<Diagnostic> diagnostics, String problem, List<String> verbose) {
        Linted(List<Diagnostic> diagnostics, String problem) {
            this(diagnostics, problem, List.of());
        }
    }

    /** Whether --cuda was given: C++ files (and standard input) are read as CUDA. */
    private boolean cuda;
    /** The files named on the command line (a C++ file named there is read as CUDA). */
    private final java.util.Set<Path> named = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Whether --verbose was given. */
    private boolean verbose;

    /** Whether an input is read as CUDA C++ (its asm statements linted). */
    private boolean isCuda(Input in) {
        if (in.path == null || in.path.getFileName() == null) {
            return cuda;
        }
        String name = in.path.getFileName().toString();
        return dev.ptxlint.cuda.CudaFiles.isCudaName(name) || (cuda && !name.endsWith(".ptx"))
                || (dev.ptxlint.cuda.CudaFiles.isCppName(name) && named.contains(in.path));
    }

    /** Lints the asm statements of a CUDA C++ input. */
    private Linted lintCuda(Input in, LintSettings settings) {
        dev.ptxlint.cuda.CudaLinter.Result r;
        try (InputStream s = in.path == null ? nonClosing(stdin) : Files.newInputStream(in.path)) {
            r = dev.ptxlint.cuda.CudaFiles.lint(s, settings);
        } catch (IOException | RuntimeException e) {
            return new Linted(null, "ptxlint: cannot read '" + in.display + "': " + reason(e));
        }
        List<String> lines = new ArrayList<>();
        if (verbose) {
            for (dev.ptxlint.cuda.CudaLinter.Skipped k : r.skipped()) {
                lines.add("ptxlint: " + in.display + ":" + (k.line() + 1) + ":" + (k.column() + 1)
                        + ": asm statement skipped: " + k.reason());
            }
            lines.add("ptxlint: " + in.display + ": " + plural(r.statements(), "asm statement") + ", "
                    + (r.statements() - r.skipped().size()) + " linted, " + r.skipped().size() + " skipped");
        }
        return new Linted(r.diagnostics(), null, lines);
    }

    /** Lints one input with a linter of its own (check objects keep per-module state). */
    private Linted lintOne(Input in, LintSettings settings) {
        if (isCuda(in)) {
            return lintCuda(in, settings);
        }
        List<Diagnostic> diags = new ArrayList<>();
        try (InputStream s = in.path == null ? nonClosing(stdin) : Files.newInputStream(in.path)) {
            new Linter(settings).lint(s, diags::add);
        } catch (IOException | RuntimeException e) {
            return new Linted(null, "ptxlint: cannot read '" + in.display + "': " + reason(e));
        }
        diags.sort(Linter.ORDER);
        return new Linted(diags, null);
    }

    private int lintAll(List<String> args, Renderer renderer, boolean quiet, Severity errorOn, SettingsOptions so,
                        LintSettings explicit, int jobs) {
        SettingsResolver settings = new SettingsResolver(so, explicit);
        int failing = 0;
        int configErrors = 0;
        int files = 0;
        int withDiags = 0;
        int errors = 0;
        int warnings = 0;
        int notes = 0;
        int ioErrors = 0;
        // All inputs first (so the progress line knows the total); a file named twice, or found
        // again under a directory argument, is linted once, where it first appears.
        List<Input> inputs = new ArrayList<>();
        java.util.Set<Object> seen = new java.util.HashSet<>();
        for (String arg : args) {
            if (arg.equals("-")) {
                if (seen.add("-")) {
                    inputs.add(new Input("<stdin>", null));
                }
                continue;
            }
            Path p;
            try {
                p = fs.getPath(arg);
            } catch (RuntimeException e) {
                err.println("ptxlint: invalid path '" + arg + "'");
                ioErrors++;
                continue;
            }
            if (Files.isDirectory(p)) {
                List<Path> found = new ArrayList<>();
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(q -> q.getFileName() != null && lintedInDirectory(q.getFileName().toString())
                                    && Files.isRegularFile(q))
                            .sorted()
                            .forEach(found::add);
                } catch (IOException | java.io.UncheckedIOException e) {
                    err.println("ptxlint: cannot read directory '" + arg + "': " + reason(e));
                    ioErrors++;
                }
                for (Path q : found) {
                    if (seen.add(identity(q))) {
                        inputs.add(new Input(q.toString(), q));
                    }
                }
            } else if (seen.add(identity(p))) {
                named.add(p);
                inputs.add(new Input(arg, p));
            }
        }
        progress = !quiet && stderrIsTerminal && inputs.size() >= PROGRESS_MIN_FILES
                ? new Progress(inputs.size()) : null;
        java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        PrintStream fileOut = new PrintStream(buffer, false, java.nio.charset.StandardCharsets.UTF_8);
        int done = 0;
        // Files are linted on up to `jobs` threads, a bounded window ahead of the output, which
        // is written on this thread in the order of the inputs.
        int threads = Math.min(jobs, inputs.size());
        java.util.concurrent.ExecutorService pool = threads > 1
                ? java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
                    Thread t = new Thread(r, "ptxlint-lint");
                    t.setDaemon(true);
                    return t;
                })
                : null;
        java.util.ArrayDeque<Pending> window = new java.util.ArrayDeque<>();
        int next = 0;
        try {
            while (next < inputs.size() || !window.isEmpty()) {
                while (next < inputs.size() && window.size() < Math.max(1, 2 * threads)) {
                    Input in = inputs.get(next++);
                    LintSettings ls = settings.settingsFor(in.path);
                    if (ls == null) {
                        window.add(new Pending(in, null));
                    } else if (pool == null) {
                        window.add(new Pending(in,
                                java.util.concurrent.CompletableFuture.completedFuture(lintOne(in, ls))));
                    } else {
                        window.add(new Pending(in, pool.submit(() -> lintOne(in, ls))));
                    }
                }
                Pending head = window.poll();
                Input in = head.in();
                if (progress != null) {
                    progress.update(done++);
                }
                if (head.result() == null) {
                    configErrors++;
                    continue;
                }
                Linted result;
                try {
                    result = head.result().get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    result = new Linted(null, "ptxlint: interrupted while linting '" + in.display + "'");
                } catch (java.util.concurrent.ExecutionException e) {
                    result = new Linted(null, "ptxlint: cannot lint '" + in.display + "': " + e.getCause());
                }
                if (result.problem() != null) {
                    report(result.problem());
                    ioErrors++;
                    continue;
                }
                for (String line : result.verbose()) {
                    report(line);
                }
                List<Diagnostic> diags = result.diagnostics();
                files++;
                if (!diags.isEmpty()) {
                    withDiags++;
                }
                for (Diagnostic d : diags) {
                    if (d.severity().compareTo(errorOn) <= 0) {
                        failing++;
                    }
                    if (d.severity() == Severity.ERROR) {
                        errors++;
                    } else if (d.severity() == Severity.WARNING) {
                        warnings++;
                    } else {
                        notes++;
                    }
                }
                // One write per file: its lines stay together even when several ptxlint processes
                // share one output (pre-commit runs batches in parallel).
                buffer.reset();
                renderer.file(new Renderer.Source(in.display, in.path), diags, fileOut);
                fileOut.flush();
                if (buffer.size() > 0) {
                    if (progress != null) {
                        progress.clear();
                    }
                    out.write(buffer.toByteArray(), 0, buffer.size());
                    out.flush();
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        if (progress != null) {
            progress.update(done);
            progress.clear();
            progress = null;
        }
        Renderer.Summary summary = new Renderer.Summary(files, withDiags, errors, warnings, notes, ioErrors);
        renderer.finish(summary, out);
        out.flush();
        if (!quiet && files > 0) {
            err.println("ptxlint: " + plural(errors, "error") + ", " + plural(warnings, "warning")
                    + (notes > 0 ? ", " + plural(notes, "note") : "") + " in " + plural(files, "file")
                    + (ioErrors > 0 ? " (" + plural(ioErrors, "file") + " could not be read)" : ""));
        }
        if (configErrors > 0) {
            err.println("ptxlint: " + plural(configErrors, "file") + " not linted because of configuration errors");
        }
        if (ioErrors > 0 || configErrors > 0) {
            return 2;
        }
        return failing > 0 ? 1 : 0;
    }

    /** Whether a file found under a directory argument is linted: PTX, CUDA, and with --cuda C++. */
    private boolean lintedInDirectory(String name) {
        return name.endsWith(".ptx") || dev.ptxlint.cuda.CudaFiles.isCudaName(name)
                || (cuda && dev.ptxlint.cuda.CudaFiles.isCppName(name));
    }

    /** The progress line of the run in progress, or null. */
    private Progress progress;

    /** Writes a line to standard error, clearing the progress line first. */
    private void report(String line) {
        if (progress != null) {
            progress.clear();
        }
        err.println(line);
    }

    /** What makes two paths the same file for de-duplication: the absolute, normalised path. */
    private static Object identity(Path p) {
        try {
            return p.toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            return p;
        }
    }

    /**
     * {@code ptxlint: 120/465 files...} on standard error, rewritten in place with {@code \r}
     * at most every {@link #PROGRESS_INTERVAL_MS}, and cleared before anything else is written
     * and at the end.
     */
    private final class Progress {
        private final int total;
        private int shown;
        private long last;
        private boolean drawn;

        Progress(int total) {
            this.total = total;
        }

        void update(int done) {
            long now = clock.getAsLong();
            if (drawn && done != total && now - last < PROGRESS_INTERVAL_MS) {
                return;
            }
            last = now;
            drawn = true;
            String line = "ptxlint: " + done + "/" + total + " files...";
            err.print("\r" + line + " ".repeat(Math.max(0, shown - line.length())));
            shown = line.length();
            err.flush();
        }

        void clear() {
            if (shown > 0) {
                err.print("\r" + " ".repeat(shown) + "\r");
                err.flush();
                shown = 0;
            }
        }
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static String reason(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    private static InputStream nonClosing(InputStream in) {
        return new java.io.FilterInputStream(in) {
            @Override
            public void close() {
            }
        };
    }

    private record Input(String display, Path path) {
    }
}
