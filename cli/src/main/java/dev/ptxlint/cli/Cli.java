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

/**
 * The {@code ptxlint} command line. All file access goes through {@link Path}s of the given
 * {@link FileSystem}, so tests run it on an in-memory file system.
 *
 * <p>Exit status: 0 no errors (no diagnostic at the {@code --error-on} level or above); 1 errors found;
 * 2 usage, configuration or I/O error; 3 internal error: ptxlint failed on a file (out of memory, a
 * bug), reported in one line (other files are still linted).
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
                                processors); output keeps the order of the inputs;
                                N threads in all check the functions of a large file
                                (default: 1 on 2 processors or fewer, else all)
              --config FILE     read settings from FILE instead of the nearest .ptxlintrc
              --no-config       ignore .ptxlintrc files: default settings
              --error-on LEVEL  exit 1 when a diagnostic at LEVEL or above is found:
                                error (default), warning or note
              --default-version X.Y
                                PTX ISA version for files without .version (e.g. 8.0)
              --default-target sm_XX
                                target for files without .target (e.g. sm_90)
              --fix             apply every safe fix in place, then report what is left
              --unsafe-fixes    with --fix or --diff: apply the unsafe fixes too (guesses,
                                changes of meaning: review them)
              --diff            print the fixes as a unified diff instead of writing them
              --baseline FILE   report only findings that FILE does not list (see
                                --write-baseline; matched by file, code and line text)
              --write-baseline FILE
                                write the findings to FILE as a baseline (JSON)
              --stdin-filename NAME
                                lint standard input ('-') as NAME: its .ptxlintrc and the
                                name in the output
              --list-rules      list every rule code with its severity and summary
                                (--format json: as a JSON document)
              --explain RULE    print the documentation of a rule, by code or name, e.g.
                                --explain PTX0100 or --explain modifier-order, or the forms
                                of an instruction, e.g. --explain ld.global.v4.f32
              --cuda            read standard input and files without a known extension
                                as CUDA C++, and include C++ files (.h, .hpp, .cpp, ...)
                                when searching directories (C++ files named on the
                                command line are always read as CUDA C++)
              --verbose         say which asm statements were skipped and why
              --lsp             run the language server on standard input/output
              --version         print the version and the commit, and exit
              -h, --help        print this help and exit
              --                the arguments that follow are paths, even if they start with '-'

            Settings come from the nearest .ptxlintrc in the file's directory or above it
            (docs/config.md); --default-version and --default-target override it.

            exit status: 0 no errors (no diagnostic at the --error-on level), 1 errors
            found (with --fix: left after fixing; with --baseline: new ones), 2 usage,
            configuration or I/O error, 3 internal error (ptxlint failed on a file; the
            others are still linted)
            """;

    private final FileSystem fs;
    private final InputStream stdin;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean stderrIsTerminal;
    /** Milliseconds, for throttling the progress line; tests replace it. */
    LongSupplier clock = new LongSupplier() {
        @Override
        public long getAsLong() {
            return System.currentTimeMillis();
        }
    };

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
    static final class SettingsOptions {
        String configFile;
        boolean noConfig;
        PtxVersion defaultVersion;
        Target defaultTarget;
    }

    public int run(String[] args) {
        return run(Options.parse(args));
    }

    /** Runs a parsed command line (see {@link Options}). */
    int run(Options o) {
        if (o.error != null) {
            return usageError(o.error);
        }
        switch (o.mode) {
            case HELP -> {
                out.print(USAGE);
                return 0;
            }
            case VERSION -> {
                out.println("ptxlint " + Main.version() + " (commit " + Main.commit() + ")");
                return 0;
            }
            case EXPLAIN -> {
                return explain(o.explain);
            }
            case LSP -> {
                return startLanguageServer();
            }
            case LIST_RULES -> {
                return listRules(o.format);
            }
            default -> {
            }
        }
        SettingsOptions so = o.settings;
        Path cwd;
        try {
            cwd = fs.getPath("").toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            cwd = null;
        }
        Renderer renderer = Renderer.forName(o.format, cwd);
        if (renderer == null) {
            return usageError("unknown format '" + o.format + "': use " + String.join(", ", Renderer.FORMATS));
        }
        if (o.paths.isEmpty()) {
            return usageError("no input files");
        }
        if (o.stdinFilename != null) {
            try {
                stdinNamed = fs.getPath(o.stdinFilename);
            } catch (RuntimeException e) {
                return usageError("invalid path '" + o.stdinFilename + "' for --stdin-filename");
            }
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
        if (o.baseline != null) {
            try {
                baseline = Baseline.read(fs.getPath(o.baseline));
            } catch (IOException | RuntimeException e) {
                err.println("ptxlint: cannot read baseline '" + o.baseline + "': " + reason(e));
                return 2;
            }
        }
        if (o.writeBaseline != null) {
            newBaseline = new Baseline();
            try {
                newBaseline.writingTo(fs.getPath(o.writeBaseline));
            } catch (RuntimeException e) {
                return usageError("invalid path '" + o.writeBaseline + "' for --write-baseline");
            }
        }
        fixMode = o.fixing() ? o : null;
        this.cuda = o.cuda;
        this.verbose = o.verbose;
        // also the threads, in all, that check the functions of one large file; without -j, one on 2
        // processors or fewer (docs/performance.md "Why -j 2 was slower than -j 1 on 2 cores")
        Linter.setDefaultThreads(o.jobsGiven ? o.jobs : Linter.automaticThreads());
        int code = lintAll(o.paths, renderer, o.quiet, o.errorOn, so, explicit, o.jobs);
        if (newBaseline != null) {
            try {
                newBaseline.write(fs.getPath(o.writeBaseline));
            } catch (IOException | RuntimeException e) {
                err.println("ptxlint: cannot write baseline '" + o.writeBaseline + "': " + reason(e));
                return 2;
            }
            if (!o.quiet) {
                err.println("ptxlint: wrote " + plural(newBaseline.size(), "finding") + " to " + o.writeBaseline);
            }
        }
        return code;
    }

    /** What --stdin-filename names (for settings and output), or null. */
    private Path stdinNamed;
    /** The findings to leave out (--baseline), or null. */
    private Baseline baseline;
    /** The findings to record (--write-baseline), or null. */
    private Baseline newBaseline;
    /** The options when fixing (--fix, --unsafe-fixes, --diff), else null. */
    private Options fixMode;

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
                Object found = dir == null ? LintSettings.DEFAULT : byDirectory.get(dir);
                if (found == null) {
                    try {
                        java.util.Optional<ProjectConfig> c = ProjectConfig.find(dir);
                        found = c.isPresent() ? c.get().settings() : LintSettings.DEFAULT;
                    } catch (ConfigException e) {
                        found = e;
                    }
                    byDirectory.put(dir, found);
                }
                if (found instanceof ConfigException e) {
                    if (reported.add(e.path())) {
                        report("ptxlint: " + e.getMessage());
                    }
                    return null;
                }
                base = (LintSettings) found;
            }
            if (so.defaultVersion != null) {
                base = base.withDefaultVersion(so.defaultVersion).withCudaArch(null);
            }
            if (so.defaultTarget != null) {
                base = base.withDefaultTarget(so.defaultTarget).withCudaArch(null); // the command line wins
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
                JsonRenderer.listRules(out); // Gson is loaded only here, not for a text run
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
            r = Rules.byName(code.toLowerCase(java.util.Locale.ROOT)); // a rule name, e.g. modifier-order
        }
        if (r == null) {
            String insn = dev.ptxlint.checker.instructions.InstructionInfo.explain(code);
            if (insn != null) {
                out.print(insn);
                return 0;
            }
            List<String> names = new ArrayList<>();
            for (Rule x : Rules.all().values()) {
                names.add(x.name());
            }
            List<String> near = dev.ptxlint.checker.Opcodes.Suggest.closest(code.toLowerCase(java.util.Locale.ROOT),
                    names, 1);
            err.println("ptxlint: '" + code + "' is neither a rule code or name (see 'ptxlint --list-rules') nor an"
                    + " instruction ptxlint describes" + (near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?"));
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
            err.println("ptxlint: the language server is not part of this build (run cli/target/ptxlint.jar)");
            return 2;
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("ptxlint: language server failed: " + cause);
            return 2;
        }
    }

    /** An input in the window of files being linted; {@code result} is null after a configuration error. */
    /**
     * A result linted on this thread. (Not CompletableFuture: its class initialisation links
     * VarHandles through java.lang.invoke, a cost a one-file run should not pay; docs/performance.md.)
     */
    private static final class Done implements java.util.concurrent.Future<Linted> {
        private final Linted value;

        Done(Linted value) {
            this.value = value;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return false;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean isDone() {
            return true;
        }

        @Override
        public Linted get() {
            return value;
        }

        @Override
        public Linted get(long timeout, java.util.concurrent.TimeUnit unit) {
            return value;
        }
    }

    /** {@code output}: the file's output when it is linted on another thread and streamed, else null. */
    private record Pending(Input in, java.util.concurrent.Future<Linted> result, FileOutput output) {
    }

    /** The totals of one file's diagnostics, counted as they are printed (streamed files). */
    private static final class Tally {
        private final Severity errorOn;
        int shown;
        int failing;
        int errors;
        int warnings;
        int notes;
        /** The message of the first internal error (PTX0900) printed, or null. */
        String internalError;

        Tally(Severity errorOn) {
            this.errorOn = errorOn;
        }

        void add(Diagnostic d) {
            shown++;
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
            if (d.rule() == Rules.INTERNAL_ERROR && internalError == null) {
                internalError = d.message();
            }
        }
    }

    /**
     * What linting one input gave: its diagnostics, or why it could not be read. With --fix,
     * --diff or a baseline also its text; with --fix or --diff the fixed text, the number of fixes
     * applied and the diagnostics are those of the fixed text; {@code note} says why a file was
     * not (wholly) fixed; {@code crashed} when ptxlint itself failed on it (exit status 3).
     */
    private record Linted(List<Diagnostic> diagnostics, String problem, String text, String fixed, int fixes,
                          String note, List<String> verbose, boolean crashed, Tally tally) {
        Linted(List<Diagnostic> diagnostics, String problem) {
            this(diagnostics, problem, null, null, 0, null, List.of(), false, null);
        }

        Linted(List<Diagnostic> diagnostics, String problem, List<String> verbose) {
            this(diagnostics, problem, null, null, 0, null, verbose, false, null);
        }

        Linted(List<Diagnostic> diagnostics, String problem, boolean crashed) {
            this(diagnostics, problem, null, null, 0, null, List.of(), crashed, null);
        }

        Linted(List<Diagnostic> diagnostics, String problem, String text, String fixed, int fixes, String note,
               List<String> verbose) {
            this(diagnostics, problem, text, fixed, fixes, note, verbose, false, null);
        }

        /** A streamed file: its diagnostics were printed and counted in {@code tally}. */
        static Linted streamed(String problem, boolean crashed, Tally tally) {
            return new Linted(null, problem, null, null, 0, null, List.of(), crashed, tally);
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

    /**
     * Most bytes read from an input that is not a regular file (standard input, a pipe, a device
     * such as /dev/zero) before ptxlint stops reading it (docs/limits.md); tests lower it.
     */
    static final long MAX_STREAM_BYTES = 1L << 30;
    long maxStreamBytes = MAX_STREAM_BYTES;

    /** Thrown through the lexer when a non-regular input passes {@link #maxStreamBytes}. */
    private static final class InputTooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        InputTooLarge(long limit) {
            super("stopped reading after " + limit + " bytes: an input that is not a regular file (standard input,"
                    + " a pipe or a device) may hold at most " + limit + " bytes (docs/limits.md)");
        }
    }

    /** {@code in}, failing with {@link InputTooLarge} once more than {@code limit} bytes were read. */
    private static InputStream limited(InputStream in, long limit) {
        return new java.io.FilterInputStream(in) {
            private long count;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0 && ++count > limit) {
                    throw new InputTooLarge(limit);
                }
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0 && (count += n) > limit) {
                    throw new InputTooLarge(limit);
                }
                return n;
            }
        };
    }

    /** How one input is linted; tests replace it to make a file fail. */
    interface LintFunction {
        void lint(LintSettings settings, InputStream in, java.util.function.Consumer<Diagnostic> sink)
                throws IOException;

        /**
         * Lints, telling {@code settled} the offsets before which every diagnostic has reached the
         * sink ({@link Linter#lint(InputStream, java.util.function.Consumer,
         * java.util.function.LongConsumer)}); by default never (the file is sorted when it ends).
         */
        default void lint(LintSettings settings, InputStream in, java.util.function.Consumer<Diagnostic> sink,
                          java.util.function.LongConsumer settled) throws IOException {
            lint(settings, in, sink);
        }
    }

    LintFunction linter = new LintFunction() {
        @Override
        public void lint(LintSettings settings, InputStream in, java.util.function.Consumer<Diagnostic> sink)
                throws IOException {
            new Linter(settings).lint(in, sink);
        }

        @Override
        public void lint(LintSettings settings, InputStream in, java.util.function.Consumer<Diagnostic> sink,
                         java.util.function.LongConsumer settled) throws IOException {
            new Linter(settings).lint(in, sink, settled);
        }
    };

    /**
     * Lints one PTX input and prints its diagnostics as it goes (docs/limits.md "Output"): sorted
     * as the buffered output is ({@link SortedOutput}), rendered on this thread into the file's
     * {@code output}, which is always closed. Memory: the diagnostics of the item being checked
     * (and those held back, see {@link SortedOutput}), not those of the file.
     */
    private Linted lintStreamed(Input in, LintSettings settings, FileOutput output, Renderer renderer,
                                Severity errorOn) {
        Tally tally = new Tally(errorOn);
        try {
            InputStream s;
            boolean regular;
            try {
                s = in.path == null ? nonClosing(stdin) : Files.newInputStream(in.path);
                regular = in.path != null && Files.isRegularFile(in.path);
            } catch (IOException | RuntimeException e) {
                return new Linted(null, "ptxlint: cannot read '" + in.display + "': " + reason(e));
            }
            Renderer.FileRenderer file = renderer.file(new Renderer.Source(in.display, in.path));
            PrintStream fileOut = new PrintStream(output, false, java.nio.charset.StandardCharsets.UTF_8);
            SortedOutput sorted = new SortedOutput(new java.util.function.Consumer<Diagnostic>() {
                @Override
                public void accept(Diagnostic d) {
                    tally.add(d);
                    file.diagnostic(d, fileOut);
                }
            });
            String problem = null;
            Throwable crash = null;
            try (s) {
                linter.lint(settings, regular ? s : limited(s, maxStreamBytes), sorted, sorted);
            } catch (InputTooLarge e) {
                problem = "ptxlint: '" + in.display + "': " + e.getMessage();
            } catch (IOException e) {
                problem = "ptxlint: cannot read '" + in.display + "': " + reason(e);
            } catch (Throwable e) { // the file boundary: one line, never a trace; later files are linted
                crash = e;
            }
            try {
                if (crash == null) {
                    sorted.finish(); // after a read error: what was read is printed too
                }
                if (problem == null && crash == null || tally.shown > 0) {
                    file.end(fileOut); // a document format closes the file's element
                }
                fileOut.flush();
            } catch (Throwable e) {
                crash = crash == null ? e : crash;
            }
            if (crash != null) {
                return Linted.streamed(crashMessage(in.display, crash), true, tally);
            }
            if (problem != null) {
                return Linted.streamed(problem, false, tally);
            }
            if (tally.internalError != null) {
                return Linted.streamed(crashMessage(in.display, tally.internalError), true, tally);
            }
            return Linted.streamed(null, false, tally);
        } finally {
            output.close();
        }
    }

    /** Lints one input with a linter of its own (check objects keep per-module state). */
    private Linted lintOne(Input in, LintSettings settings) {
        if (isCuda(in)) {
            return lintCuda(in, settings);
        }
        if (fixMode != null || baseline != null || newBaseline != null) {
            return lintText(in, settings);
        }
        List<Diagnostic> diags = new ArrayList<>();
        InputStream s;
        boolean regular;
        try {
            s = in.path == null ? nonClosing(stdin) : Files.newInputStream(in.path);
            regular = in.path != null && Files.isRegularFile(in.path);
        } catch (IOException | RuntimeException e) {
            return new Linted(null, "ptxlint: cannot read '" + in.display + "': " + reason(e));
        }
        try (s) {
            linter.lint(settings, regular ? s : limited(s, maxStreamBytes), diags::add);
        } catch (InputTooLarge e) {
            return new Linted(null, "ptxlint: '" + in.display + "': " + e.getMessage());
        } catch (IOException e) {
            return new Linted(null, "ptxlint: cannot read '" + in.display + "': " + reason(e));
        } catch (Throwable e) { // the file boundary: one line, never a trace; later files are linted
            diags = null;
            return new Linted(null, crashMessage(in.display, e), true);
        }
        diags.sort(Linter.ORDER);
        for (Diagnostic d : diags) {
            if (d.rule() == Rules.INTERNAL_ERROR) {
                return new Linted(diags, crashMessage(in.display, d.message()), true);
            }
        }
        return new Linted(diags, null);
    }

    /** Lints one input read whole (--fix, --diff, baselines need its text), fixing it when asked. */
    private Linted lintText(Input in, LintSettings settings) {
        byte[] bytes;
        try (InputStream s = in.path == null ? nonClosing(stdin) : Files.newInputStream(in.path)) {
            bytes = s.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return new Linted(null, "ptxlint: cannot read '" + in.display + "': " + reason(e));
        } catch (OutOfMemoryError e) {
            return new Linted(null, "ptxlint: cannot read '" + in.display + "': too large to hold in memory");
        }
        String text;
        boolean utf8 = true;
        try {
            text = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            utf8 = false;
            text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        }
        List<Diagnostic> diags = new ArrayList<>();
        try {
            if (utf8) {
                diags.addAll(new Linter(settings).lint(text));
            } else {
                new Linter(settings).lint(new java.io.ByteArrayInputStream(bytes), diags::add);
                diags.sort(Linter.ORDER);
            }
        } catch (IOException | RuntimeException e) {
            return new Linted(null, "ptxlint: cannot lint '" + in.display + "': " + reason(e));
        }
        if (fixMode == null) {
            return new Linted(diags, null, text, null, 0, null, List.of());
        }
        if (!utf8) {
            return new Linted(diags, null, text, null, 0, "not fixed: the file is not valid UTF-8", List.of());
        }
        Fixer.Result r = Fixer.fix(text, diags, t -> new Linter(settings).lint(t), fixMode.unsafeFixes);
        return new Linted(r.remaining(), null, text, r.text(), r.applied(), r.converged() ? null
                : "fixes still apply after " + Fixer.MAX_ROUNDS + " rounds; run ptxlint --fix again", List.of());
    }

    private static String crashMessage(String file, Object what) {
        String w = what instanceof Throwable t ? "ptxlint failed (" + Linter.describe(t) + ")" : String.valueOf(what);
        return "ptxlint: internal error on '" + file + "': " + w + "; other files are still linted (exit status 3)";
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
        int fixes = 0;
        int filesFixed = 0;
        int baselined = 0;
        int crashes = 0;
        // All inputs first (so the progress line knows the total); a file named twice, or found
        // again under a directory argument, is linted once, where it first appears.
        List<Input> inputs = new ArrayList<>();
        java.util.Set<Object> seen = new java.util.HashSet<>();
        for (String arg : args) {
            if (arg.equals("-")) {
                if (seen.add("-")) {
                    inputs.add(new Input(stdinNamed != null ? stdinNamed.toString() : "<stdin>", null));
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
                ioErrors += collect(p, arg, found);
                if (found.isEmpty()) {
                    err.println("ptxlint: '" + arg + "' holds no .ptx or CUDA files to lint");
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
        // Where the document formats write: standard error when the fixed text of standard input
        // goes to standard output.
        boolean fixedStdin = fixMode != null && !fixMode.diff && args.contains("-");
        PrintStream document = fixedStdin ? err : out;
        // A PTX file is streamed (its diagnostics printed as they are found) unless --fix, --diff
        // or a baseline need its whole text and diagnostics first.
        boolean streaming = fixMode == null && baseline == null && newBaseline == null;
        PrintStream streamTarget = renderer.target(out, document);
        // Files are linted on up to `jobs` threads, a bounded window ahead of the output, which
        // is written on this thread in the order of the inputs: the file being printed streams
        // its output, the others hold up to FileOutput.BOUND bytes and then wait (docs/limits.md).
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
                while (next < inputs.size() && window.size() < (pool == null ? 1 : 2 * threads)) {
                    Input in = inputs.get(next++);
                    LintSettings ls = settings.settingsFor(in.path != null ? in.path : stdinNamed);
                    if (ls == null) {
                        window.add(new Pending(in, null, null));
                    } else if (streaming && !isCuda(in)) {
                        if (pool == null) {
                            FileOutput direct = FileOutput.direct(new Printer(renderer, streamTarget), outputChunk);
                            window.add(new Pending(in, new Done(lintStreamed(in, ls, direct, renderer, errorOn)),
                                    null));
                        } else {
                            FileOutput queued = FileOutput.queued(outputChunk, outputBound);
                            window.add(new Pending(in, pool.submit(() -> lintStreamed(in, ls, queued, renderer,
                                    errorOn)), queued));
                            outputs.add(queued);
                        }
                    } else if (pool == null) {
                        window.add(new Pending(in, new Done(lintOne(in, ls)), null));
                    } else {
                        window.add(new Pending(in, pool.submit(() -> lintOne(in, ls)), null));
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
                    if (head.output() != null) {
                        // the file's turn: its output is copied as its thread produces it
                        Printer printer = new Printer(renderer, streamTarget);
                        byte[] chunk;
                        while ((chunk = head.output().take()) != null) {
                            printer.chunk(chunk, chunk.length);
                        }
                        outputs.remove(head.output());
                    }
                    result = head.result().get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    result = new Linted(null, "ptxlint: interrupted while linting '" + in.display + "'");
                } catch (java.util.concurrent.ExecutionException e) {
                    result = new Linted(null, crashMessage(in.display, e.getCause()), true);
                }
                if (result.crashed()) {
                    report(result.problem());
                    crashes++;
                    if (result.diagnostics() == null && result.tally() == null) {
                        continue;
                    }
                } else if (result.problem() != null) {
                    report(result.problem());
                    ioErrors++;
                    continue;
                }
                Tally tally = result.tally();
                if (tally != null) { // streamed: printed already
                    files++;
                    if (tally.shown > 0) {
                        withDiags++;
                    }
                    failing += tally.failing;
                    errors += tally.errors;
                    warnings += tally.warnings;
                    notes += tally.notes;
                    continue;
                }
                for (String line : result.verbose()) {
                    report(line);
                }
                List<Diagnostic> diags = result.diagnostics();
                if (result.note() != null) {
                    report("ptxlint: " + in.display + ": " + result.note());
                }
                // What goes to standard output for this file: the diagnostics, except with --diff
                // (the diff) and when fixing standard input (the fixed text; diagnostics to stderr).
                PrintStream diagOut = out;
                if (fixMode != null && result.fixed() != null) {
                    fixes += result.fixes();
                    boolean changed = !result.fixed().equals(result.text());
                    if (changed) {
                        filesFixed++;
                    }
                    if (fixMode.diff) {
                        diagOut = null;
                        if (changed) {
                            if (progress != null) {
                                progress.clear();
                            }
                            out.print(UnifiedDiff.diff(in.display.replace('\\', '/'), result.text(), result.fixed()));
                            out.flush();
                        }
                    } else if (in.path == null) {
                        diagOut = err;
                        out.print(result.fixed());
                        out.flush();
                    } else if (changed) {
                        try {
                            Fixer.writeAtomically(in.path, result.fixed());
                        } catch (IOException | RuntimeException e) {
                            report("ptxlint: cannot write the fixes to '" + in.display + "': " + reason(e));
                            ioErrors++;
                        }
                    }
                } else if (fixMode != null && fixMode.diff) {
                    diagOut = null;
                }
                Path named = in.path != null ? in.path : stdinNamed;
                if (newBaseline != null) {
                    newBaseline.add(in.display, named, result.text(), diags);
                }
                if (baseline != null) {
                    int before = diags.size();
                    diags = baseline.filter(in.display, named, result.text(), diags);
                    baselined += before - diags.size();
                }
                files++;
                if (!diags.isEmpty()) {
                    withDiags++;
                }
                Tally counted = new Tally(errorOn); // as a streamed file is counted
                for (Diagnostic d : diags) {
                    counted.add(d);
                }
                failing += counted.failing;
                errors += counted.errors;
                warnings += counted.warnings;
                notes += counted.notes;
                // One write per file: its lines stay together even when several ptxlint processes
                // share one output (pre-commit runs batches in parallel).
                buffer.reset();
                if (diagOut == null) {
                    continue;
                }
                renderer.file(new Renderer.Source(in.display, in.path), diags, fileOut);
                fileOut.flush();
                if (buffer.size() > 0) {
                    new Printer(renderer, renderer.target(diagOut, document)).chunk(buffer.toByteArray(), buffer.size());
                }
            }
        } finally {
            if (pool != null) {
                for (FileOutput o : outputs) {
                    o.abandon(); // wakes a thread waiting for its turn
                }
                pool.shutdownNow();
            }
        }
        if (progress != null) {
            progress.update(done);
            progress.clear();
            progress = null;
        }
        Renderer.Summary summary = new Renderer.Summary(files, withDiags, errors, warnings, notes, ioErrors);
        renderer.finish(summary, document);
        out.flush();
        if (!quiet && fixMode != null) {
            err.println("ptxlint: " + (fixMode.diff ? plural(fixes, "fix") + " would be applied to " + plural(filesFixed, "file")
                    : "applied " + plural(fixes, "fix") + " to " + plural(filesFixed, "file"))
                    + (fixMode.unsafeFixes ? "" : " (safe fixes only; --unsafe-fixes applies the others)"));
        }
        if (!quiet && files > 0) {
            err.println("ptxlint: " + plural(errors, "error") + ", " + plural(warnings, "warning")
                    + (notes > 0 ? ", " + plural(notes, "note") : "") + " in " + plural(files, "file")
                    + (fixMode != null ? (fixMode.diff ? " would be left" : " left") : "")
                    + (baselined > 0 ? " (" + plural(baselined, "known finding") + " from the baseline not shown)" : "")
                    + (ioErrors > 0 ? " (" + plural(ioErrors, "file") + " could not be read)" : ""));
        }
        if (configErrors > 0) {
            err.println("ptxlint: " + plural(configErrors, "file") + " not linted because of configuration errors");
        }
        if (crashes > 0) {
            return 3;
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

    /**
     * The {@code .ptx} files under a directory argument, sorted. The argument itself is followed
     * when it is a symbolic link (or a path through one, {@code link/}); links inside it are
     * followed to files only, never into directories. An entry that cannot be read (a
     * subdirectory without permission, a dangling {@code .ptx} link) is reported on standard
     * error and the walk goes on; returns how many were.
     */
    private int collect(Path dir, String arg, List<Path> found) {
        Path start = dir;
        Path real = null;
        try {
            real = dir.toRealPath();
            if (!real.equals(dir.toAbsolutePath().normalize())) {
                start = real; // walk the target, report paths under the argument as given
            } else {
                real = null;
            }
        } catch (IOException | RuntimeException e) {
            real = null;
        }
        final Path target = real;
        int[] problems = {0};
        try {
            Files.walkFileTree(start, java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class), Integer.MAX_VALUE,
                    new java.nio.file.SimpleFileVisitor<Path>() {
                        @Override
                        public java.nio.file.FileVisitResult visitFile(Path q,
                                java.nio.file.attribute.BasicFileAttributes attrs) {
                            if (q.getFileName() == null || !lintedInDirectory(q.getFileName().toString())) {
                                return java.nio.file.FileVisitResult.CONTINUE;
                            }
                            Path shown = target == null ? q : dir.resolve(target.relativize(q).toString());
                            if (Files.isRegularFile(q)) {
                                found.add(shown);
                            } else if (attrs.isSymbolicLink()) {
                                report("ptxlint: cannot read '" + shown + "': "
                                        + (Files.exists(q) ? "not a regular file" : "dangling symbolic link"));
                                problems[0]++;
                            }
                            return java.nio.file.FileVisitResult.CONTINUE;
                        }

                        @Override
                        public java.nio.file.FileVisitResult visitFileFailed(Path q, IOException e) {
                            Path shown = target == null ? q : dir.resolve(target.relativize(q).toString());
                            report("ptxlint: cannot read '" + shown + "': " + reason(e) + " (skipped)");
                            problems[0]++;
                            return java.nio.file.FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException | RuntimeException e) {
            report("ptxlint: cannot read directory '" + arg + "': " + reason(e));
            problems[0]++;
        }
        found.sort(null);
        return problems[0];
    }

    /** The progress line of the run in progress, or null. */
    private Progress progress;
    /** A streamed file's output is handed on in chunks of this many bytes (FileOutput.CHUNK); tests lower it. */
    int outputChunk = FileOutput.CHUNK;
    /** Most bytes a file waiting for its turn holds (FileOutput.BOUND); tests lower it. */
    int outputBound = FileOutput.BOUND;
    /** The outputs of the files being linted on other threads and not printed yet. */
    private final java.util.Set<FileOutput> outputs = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Copies one file's output to {@code target}, a chunk at a time, on the output thread: clears
     * the progress line first, and lets the renderer write what comes before the file.
     */
    private final class Printer implements FileOutput.Sink {
        private final Renderer renderer;
        private final PrintStream target;
        private boolean begun;

        Printer(Renderer renderer, PrintStream target) {
            this.renderer = renderer;
            this.target = target;
        }

        @Override
        public void chunk(byte[] bytes, int length) {
            if (progress != null) {
                progress.clear();
            }
            if (!begun) {
                begun = true;
                renderer.beginFile(target);
            }
            target.write(bytes, 0, length);
            target.flush();
        }
    }

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
        return n + " " + word + (n == 1 ? "" : word.endsWith("x") ? "es" : "s");
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
