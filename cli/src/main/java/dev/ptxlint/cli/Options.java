package dev.ptxlint.cli;

import dev.ptxlint.config.ProjectConfig;
import dev.ptxlint.diag.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command line, parsed once, in one place: {@link Main} asks it whether to start the language
 * server, and {@link Cli} runs what it says. Arguments are read left to right; {@code --} ends the
 * options (everything after it is a path, even {@code --lsp}), and an option's value is taken
 * whole ({@code --config --lsp} names a configuration file called {@code --lsp}). The first
 * action ({@code --help}, {@code --version}, {@code --explain}, {@code --lsp}) or the first
 * usage error ends the reading.
 */
final class Options {

    /** What the command does. */
    enum Mode { LINT, HELP, VERSION, EXPLAIN, LSP, LIST_RULES }

    /** Options that take a value, as {@code --name VALUE} or {@code --name=VALUE}. */
    private static final List<String> VALUED = List.of("--format", "--jobs", "--config", "--error-on",
            "--default-version", "--default-target", "--explain", "--baseline", "--write-baseline",
            "--stdin-filename");

    Mode mode = Mode.LINT;
    /** A usage error for users (the command exits 2), or null. */
    String error;
    String format = "text";
    boolean quiet;
    /** --cuda: C++ files given (and standard input) are read as CUDA C++. */
    boolean cuda;
    /** --verbose: say which asm statements were skipped and why. */
    boolean verbose;
    int jobs = Runtime.getRuntime().availableProcessors();
    /** Whether --jobs was given (else one large file's functions get the linter's automatic threads). */
    boolean jobsGiven;
    Severity errorOn = Severity.ERROR;
    final Cli.SettingsOptions settings = new Cli.SettingsOptions();
    final List<String> paths = new ArrayList<>();
    /** The argument of --explain. */
    String explain;
    /** --fix: apply safe fixes; with {@link #unsafeFixes}, all fixes. */
    boolean fix;
    boolean unsafeFixes;
    /** --diff: print what --fix would change as a unified diff; write nothing. */
    boolean diff;
    String baseline;
    String writeBaseline;
    /** The name standard input is linted under (config lookup, output). */
    String stdinFilename;

    private Options() {
    }

    /** Whether fixes are to be computed (--fix, --unsafe-fixes or --diff). */
    boolean fixing() {
        return fix || unsafeFixes || diff;
    }

    static Options parse(String[] args) {
        Options o = new Options();
        boolean endOfOptions = false;
        for (int i = 0; i < args.length && o.error == null && (o.mode == Mode.LINT || o.mode == Mode.LIST_RULES); i++) {
            String a = args[i];
            if (endOfOptions || a.equals("-") || !a.startsWith("-")) {
                o.paths.add(a);
                continue;
            }
            if (a.equals("--")) {
                endOfOptions = true;
                continue;
            }
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            String canonical = name.equals("-j") ? "--jobs" : name;
            if (VALUED.contains(canonical)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        o.error = missingValue(name);
                        break;
                    }
                    value = args[++i];
                }
                o.valued(canonical, name, value);
                continue;
            }
            if (value != null) {
                o.error = VALUED.contains(name) || !known(name)
                        ? "unknown option '" + a + "'"
                        : name + " takes no value";
                break;
            }
            switch (a) {
                case "-h", "--help" -> o.mode = Mode.HELP;
                case "--version" -> o.mode = Mode.VERSION;
                case "--lsp" -> o.mode = Mode.LSP;
                case "--stdio" -> {
                    // some LSP clients add it; meaningful only with --lsp, harmless otherwise
                }
                case "-q", "--quiet" -> o.quiet = true;
                case "--list-rules" -> o.mode = Mode.LIST_RULES;
                case "--no-config" -> o.settings.noConfig = true;
                case "--fix" -> o.fix = true;
                case "--unsafe-fixes" -> o.unsafeFixes = true;
                case "--diff" -> o.diff = true;
                case "--cuda" -> o.cuda = true;
                case "--verbose" -> o.verbose = true;
                default -> o.error = "unknown option '" + a + "'";
            }
        }
        if (o.error == null && o.mode == Mode.LINT) {
            o.checkCombinations();
        }
        if (o.error == null && o.mode == Mode.LIST_RULES && o.settings.noConfig && o.settings.configFile != null) {
            o.error = "--config and --no-config exclude each other";
        }
        return o;
    }

    private static boolean known(String name) {
        return List.of("-h", "--help", "--version", "--lsp", "--stdio", "-q", "--quiet", "--list-rules", "--cuda", "--verbose",
                "--no-config", "--fix", "--unsafe-fixes", "--diff").contains(name);
    }

    private static String missingValue(String name) {
        return switch (name) {
            case "-j", "--jobs" -> name + " needs a number of files to lint at once, e.g. " + name + " 4";
            case "--explain" -> "--explain needs a rule code or name, e.g. --explain PTX0100";
            case "--format" -> "--format needs a value: " + String.join(", ", Renderer.FORMATS);
            case "--baseline", "--write-baseline" -> name + " needs a file, e.g. " + name + " ptxlint-baseline.json";
            case "--stdin-filename" -> "--stdin-filename needs the name standard input stands for, e.g. kernel.ptx";
            default -> name + " needs a value";
        };
    }

    private void valued(String option, String given, String value) {
        switch (option) {
            case "--format" -> format = value;
            case "--jobs" -> {
                jobs = jobs(value);
                jobsGiven = true;
                if (jobs < 1) {
                    error = "invalid number '" + value + "' for " + given + ": use 1 or more";
                }
            }
            case "--explain" -> {
                mode = Mode.EXPLAIN;
                explain = value;
            }
            case "--config" -> settings.configFile = value;
            case "--error-on" -> {
                String v = value.toLowerCase(Locale.ROOT);
                if (!List.of("error", "warning", "note").contains(v)) {
                    error = "unknown level '" + value + "' for --error-on: use error, warning or note";
                } else {
                    errorOn = Severity.valueOf(v.toUpperCase(Locale.ROOT));
                }
            }
            case "--default-version" -> {
                try {
                    settings.defaultVersion = ProjectConfig.parseVersion(value);
                } catch (IllegalArgumentException e) {
                    error = "--default-version: " + e.getMessage();
                }
            }
            case "--default-target" -> {
                try {
                    settings.defaultTarget = ProjectConfig.parseTarget(value);
                } catch (IllegalArgumentException e) {
                    error = "--default-target: " + e.getMessage();
                }
            }
            case "--baseline" -> baseline = value;
            case "--write-baseline" -> writeBaseline = value;
            case "--stdin-filename" -> {
                if (value.isEmpty()) {
                    error = "--stdin-filename needs a non-empty name";
                } else {
                    stdinFilename = value;
                }
            }
            default -> throw new IllegalStateException(option);
        }
    }

    private void checkCombinations() {
        if (settings.noConfig && settings.configFile != null) {
            error = "--config and --no-config exclude each other";
        } else if (fixing() && writeBaseline != null) {
            error = "--write-baseline records findings as they are: use it without --fix, --unsafe-fixes or --diff";
        } else if (diff && !format.equals("text")) {
            error = "--diff prints a unified diff: use it without --format";
        }
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
}
