package dev.ptxlint.cli;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
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
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code ptxlint} command line. All file access goes through {@link Path}s of the given
 * {@link FileSystem}, so tests run it on an in-memory file system.
 *
 * <p>Exit status: 0 no errors; 1 errors found; 2 usage or I/O error (other files are still linted).
 */
public final class Cli {

    static final String USAGE = """
            usage: ptxlint [options] PATH...
              Lint NVIDIA PTX files. PATH may be a file, a directory (searched recursively
              for *.ptx files) or '-' for standard input.

            options:
              --format FORMAT   output format: text (default, GCC style) or json
              -q, --quiet       print diagnostics only, without the summary line
              --list-rules      list every rule code with its severity and summary
              --explain CODE    print the documentation of a rule, e.g. --explain PTX0100
              --lsp             run the language server on standard input/output
              --version         print the version and exit
              -h, --help        print this help and exit

            exit status: 0 no errors, 1 errors found, 2 usage or I/O error
            """;

    private final FileSystem fs;
    private final InputStream stdin;
    private final PrintStream out;
    private final PrintStream err;

    public Cli(FileSystem fs, InputStream stdin, PrintStream out, PrintStream err) {
        this.fs = fs;
        this.stdin = stdin;
        this.out = out;
        this.err = err;
    }

    private int usageError(String message) {
        err.println("ptxlint: " + message);
        err.println("Try 'ptxlint --help' for more information.");
        return 2;
    }

    public int run(String[] args) {
        String format = "text";
        boolean quiet = false;
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
                case "--list-rules" -> {
                    for (Rule r : Rules.all().values()) {
                        out.printf("%s  %-8s %-28s %s%n", r.code(), r.severity().label(), r.name(), r.summary());
                    }
                    return 0;
                }
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
                        return usageError("--format needs a value: text or json");
                    }
                    format = args[++i];
                }
                default -> {
                    if (a.startsWith("--format=")) {
                        format = a.substring("--format=".length());
                    } else if (a.startsWith("--explain=")) {
                        return explain(a.substring("--explain=".length()));
                    } else {
                        return usageError("unknown option '" + a + "'");
                    }
                }
            }
        }
        Renderer renderer = Renderer.forName(format);
        if (renderer == null) {
            return usageError("unknown format '" + format + "': use text or json");
        }
        if (paths.isEmpty()) {
            return usageError("no input files");
        }
        return lintAll(paths, renderer, quiet);
    }

    private int explain(String code) {
        Rule r = Rules.byCode(code.toUpperCase(java.util.Locale.ROOT));
        if (r == null) {
            err.println("ptxlint: unknown rule code '" + code + "'; see 'ptxlint --list-rules'");
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

    private int lintAll(List<String> args, Renderer renderer, boolean quiet) {
        Linter linter = new Linter();
        int files = 0;
        int withDiags = 0;
        int errors = 0;
        int warnings = 0;
        int notes = 0;
        int ioErrors = 0;
        for (String arg : args) {
            List<Input> inputs = new ArrayList<>();
            if (arg.equals("-")) {
                inputs.add(new Input("<stdin>", null));
            } else {
                Path p;
                try {
                    p = fs.getPath(arg);
                } catch (RuntimeException e) {
                    err.println("ptxlint: invalid path '" + arg + "'");
                    ioErrors++;
                    continue;
                }
                if (Files.isDirectory(p)) {
                    try (Stream<Path> walk = Files.walk(p)) {
                        walk.filter(q -> q.getFileName() != null && q.getFileName().toString().endsWith(".ptx")
                                        && Files.isRegularFile(q))
                                .sorted()
                                .forEach(q -> inputs.add(new Input(q.toString(), q)));
                    } catch (IOException | java.io.UncheckedIOException e) {
                        err.println("ptxlint: cannot read directory '" + arg + "': " + reason(e));
                        ioErrors++;
                    }
                } else {
                    inputs.add(new Input(arg, p));
                }
            }
            for (Input in : inputs) {
                List<Diagnostic> diags = new ArrayList<>();
                try (InputStream s = in.path == null ? nonClosing(stdin) : Files.newInputStream(in.path)) {
                    linter.lint(s, diags::add);
                } catch (IOException | RuntimeException e) {
                    err.println("ptxlint: cannot read '" + in.display + "': " + reason(e));
                    ioErrors++;
                    continue;
                }
                files++;
                diags.sort(Linter.ORDER);
                if (!diags.isEmpty()) {
                    withDiags++;
                }
                for (Diagnostic d : diags) {
                    if (d.severity() == Severity.ERROR) {
                        errors++;
                    } else if (d.severity() == Severity.WARNING) {
                        warnings++;
                    } else {
                        notes++;
                    }
                }
                renderer.file(in.display, diags, out);
            }
        }
        Renderer.Summary summary = new Renderer.Summary(files, withDiags, errors, warnings, notes, ioErrors);
        renderer.finish(summary, out);
        out.flush();
        if (!quiet && files > 0) {
            err.println("ptxlint: " + plural(errors, "error") + ", " + plural(warnings, "warning")
                    + (notes > 0 ? ", " + plural(notes, "note") : "") + " in " + plural(files, "file")
                    + (ioErrors > 0 ? " (" + plural(ioErrors, "file") + " could not be read)" : ""));
        }
        if (ioErrors > 0) {
            return 2;
        }
        return errors > 0 ? 1 : 0;
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
