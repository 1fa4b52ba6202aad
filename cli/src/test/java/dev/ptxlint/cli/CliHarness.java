package dev.ptxlint.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/** Runs {@link Cli} on an in-memory file system that the subclass sets up, capturing its output. */
abstract class CliHarness {

    FileSystem fs;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    /** Whether the command is told that standard error is a terminal. */
    boolean stderrIsTerminal;
    /** The command's clock (milliseconds) for the progress line; null: the real one. */
    java.util.function.LongSupplier clock;

    @AfterEach
    void closeFileSystem() throws IOException {
        if (fs != null) {
            fs.close();
        }
    }

    /** Runs the command with {@code stdin} as standard input; output of earlier runs is dropped. */
    int run(String stdin, String... args) {
        out.reset();
        err.reset();
        Cli cli = new Cli(fs, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                stderrIsTerminal);
        if (clock != null) {
            cli.clock = clock;
        }
        return cli.run(args);
    }

    String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
