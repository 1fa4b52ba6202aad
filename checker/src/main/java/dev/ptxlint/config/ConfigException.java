package dev.ptxlint.config;

import java.nio.file.Path;

/**
 * A configuration file that cannot be used: unreadable, or a line that is not valid. The message
 * is ready for users: {@code PATH:LINE: what is wrong and what would be right} ({@code PATH: ...}
 * when no line applies). Unchecked, so that callers that cannot recover simply report
 * {@link #getMessage()}; the command line exits with status 2.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Path path;
    private final int line;
    private final String problem;

    public ConfigException(Path path, int line, String problem) {
        super(path + (line > 0 ? ":" + line : "") + ": " + problem);
        this.path = path;
        this.line = line;
        this.problem = problem;
    }

    /** The configuration file. */
    public Path path() {
        return path;
    }

    /** The 1-based line of the problem, or 0 when it concerns the whole file. */
    public int line() {
        return line;
    }

    /** The problem without the location. */
    public String problem() {
        return problem;
    }
}
