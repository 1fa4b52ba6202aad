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
        if (java.util.Arrays.asList(args).contains("--lsp")) {
            // JSON-RPC owns the real standard output; anything else printed goes to standard error
            // so that a stray print cannot corrupt the stream.
            java.io.OutputStream rpcOut = new FileOutputStream(FileDescriptor.out);
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
            code = new Cli(FileSystems.getDefault(), System.in, out, err, stderrIsTerminal()).run(args);
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
        try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
