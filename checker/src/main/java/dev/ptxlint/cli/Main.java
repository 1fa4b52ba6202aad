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
        int code = new Cli(FileSystems.getDefault(), System.in, out, err).run(args);
        out.flush();
        err.flush();
        System.exit(code);
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
