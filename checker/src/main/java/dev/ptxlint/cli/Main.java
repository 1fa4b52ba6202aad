package dev.ptxlint.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.util.Properties;

/** Entry point of the {@code ptxlint} command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int code = new Cli(FileSystems.getDefault(), System.in, System.out, System.err).run(args);
        System.out.flush();
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
