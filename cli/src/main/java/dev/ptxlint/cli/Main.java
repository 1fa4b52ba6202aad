package dev.ptxlint.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.util.Properties;

/** Entry point of the {@code ptxlint} command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // The command line is read once, here, by Options: '--lsp' as a path (after '--') or as an
        // option's value does not start the server.
        Options options = Options.parse(args);
        if (options.error == null && options.mode == Options.Mode.LSP) {
            // JSON-RPC owns the real standard output; anything else printed goes to standard error
            // so that a stray print cannot corrupt the stream.
            java.io.OutputStream rpcOut = rpcOutput();
            InputStream rpcIn = new java.io.FileInputStream(FileDescriptor.in);
            PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
            System.setOut(err);
            System.exit(Cli.startLanguageServer(rpcIn, rpcOut, err));
            return;
        }
        // Diagnostics are UTF-8 whatever the locale (messages may quote non-ASCII characters).
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int code;
        try {
            code = new Cli(FileSystems.getDefault(), System.in, out, err, stderrIsTerminal()).run(options);
        } catch (Throwable e) { // one line, never a Java stack trace (docs/limits.md)
            out.flush();
            err.println("ptxlint: internal error: " + dev.ptxlint.checker.Linter.describe(e));
            code = 3;
        }
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Where the language server writes JSON-RPC: the real standard output. The {@code ptxlint}
     * launcher hands it over as descriptor 3 ({@code PTXLINT_RPC_FD=3}) and gives the JVM standard
     * error as its standard output, so that the JVM's own printing (JAVA_OPTS=-Xlog:gc) cannot
     * corrupt the stream; without the launcher it is descriptor 1.
     */
    static java.io.OutputStream rpcOutput() {
        String fd = System.getenv("PTXLINT_RPC_FD");
        if (fd != null && fd.matches("[3-9]")) {
            try {
                return new FileOutputStream("/dev/fd/" + fd);
            } catch (IOException | RuntimeException e) {
                System.err.println("ptxlint: cannot open descriptor " + fd + " (" + e.getMessage()
                        + "); JSON-RPC goes to standard output");
            }
        }
        return new FileOutputStream(FileDescriptor.out);
    }

    /**
     * Whether standard error is a terminal. Java cannot ask isatty(2) directly: on Linux the
     * target of /proc/self/fd/2 tells (a /dev/pts or /dev/tty device); elsewhere a console
     * ({@link System#console()}, standard input and output on a terminal) is taken as the sign.
     * TERM=dumb means no.
     */
    static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            java.nio.file.Path fd2 = java.nio.file.Paths.get("/proc/self/fd/2");
            if (java.nio.file.Files.isSymbolicLink(fd2)) {
                String target = java.nio.file.Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            }
        } catch (IOException | RuntimeException e) {
            // fall back to the console
        }
        return System.console() != null;
    }

    /** The project version, from the build. */
    public static String version() {
        return buildProperty("version");
    }

    /** The commit the build was made from ({@code git describe --dirty}), or "unknown". */
    public static String commit() {
        String c = buildProperty("commit");
        return c.isEmpty() || c.startsWith("${") ? "unknown" : c;
    }

    private static String buildProperty(String key) {
        try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty(key, "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
