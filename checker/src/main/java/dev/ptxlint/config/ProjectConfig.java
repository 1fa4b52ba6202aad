package dev.ptxlint.config;

import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.checker.Opcodes;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.isa.Targets;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A project's {@code .ptxlintrc}: lines of {@code key = value}, {@code #} starts a comment (see
 * docs/config.md). Keys are rule codes or rule names with a level ({@code error}, {@code warning},
 * {@code note}, {@code off}), {@code default-version} and {@code default-target}. Works on any
 * {@link java.nio.file.FileSystem}.
 */
public final class ProjectConfig {

    /** The name of the configuration file. */
    public static final String FILE_NAME = ".ptxlintrc";

    static final String DEFAULT_VERSION = "default-version";
    static final String DEFAULT_TARGET = "default-target";
    static final List<String> LEVELS = List.of("error", "warning", "note", "off");

    private final Path path;
    private final LintSettings settings;

    private ProjectConfig(Path path, LintSettings settings) {
        this.path = path;
        this.settings = settings;
    }

    /** The file this configuration was read from. */
    public Path path() {
        return path;
    }

    /** The settings the file gives (defaults for everything it does not set). */
    public LintSettings settings() {
        return settings;
    }

    /**
     * The configuration that governs {@code file}: the nearest {@value #FILE_NAME} in the file's
     * directory or above it, up to the root of its file system (for a directory, the search starts
     * in the directory itself). Empty when there is none.
     *
     * @throws ConfigException when the nearest file cannot be read or is invalid
     */
    public static Optional<ProjectConfig> find(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path dir = Files.isDirectory(abs) ? abs : abs.getParent();
        for (Path d = dir; d != null; d = d.getParent()) {
            Path candidate = d.resolve(FILE_NAME);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(load(candidate));
            }
        }
        return Optional.empty();
    }

    /**
     * Reads one configuration file (UTF-8).
     *
     * @throws ConfigException when it cannot be read or is invalid
     */
    public static ProjectConfig load(Path configFile) {
        String text;
        try {
            byte[] bytes = Files.readAllBytes(configFile);
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ConfigException(configFile, 0, "not valid UTF-8");
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(configFile, 0, "no such file");
        } catch (IOException | RuntimeException e) {
            throw new ConfigException(configFile, 0, "cannot read the configuration file: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        return parse(configFile, text);
    }

    /**
     * Parses configuration text; {@code source} names it in errors.
     *
     * @throws ConfigException at the first invalid line
     */
    public static ProjectConfig parse(Path source, String text) {
        LintSettings s = LintSettings.DEFAULT;
        Map<String, Integer> seen = new HashMap<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i];
            if (lineNo == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new ConfigException(source, lineNo, "expected 'key = value', found '" + line
                        + "'; for example 'PTX0250 = off' or 'default-target = sm_90'");
            }
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            if (key.isEmpty()) {
                throw new ConfigException(source, lineNo, "missing key before '='");
            }
            if (value.isEmpty()) {
                throw new ConfigException(source, lineNo, "missing value for '" + key + "'");
            }
            String id = key.toLowerCase(Locale.ROOT);
            if (!id.equals(DEFAULT_VERSION) && !id.equals(DEFAULT_TARGET)) {
                Rule r = Rules.byCodeOrName(key);
                if (r == null) {
                    throw new ConfigException(source, lineNo, unknownKey(key));
                }
                id = r.code();
            }
            Integer first = seen.putIfAbsent(id, lineNo);
            if (first != null) {
                throw new ConfigException(source, lineNo, "'" + key + "' is set twice (first on line " + first
                        + "); keep one");
            }
            try {
                s = apply(s, id, key, value);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(source, lineNo, e.getMessage());
            }
        }
        return new ProjectConfig(source, s);
    }

    private static LintSettings apply(LintSettings s, String id, String key, String value) {
        switch (id) {
            case DEFAULT_VERSION -> {
                return s.withDefaultVersion(parseVersion(value));
            }
            case DEFAULT_TARGET -> {
                return s.withDefaultTarget(parseTarget(value));
            }
            default -> {
                String level = value.toLowerCase(Locale.ROOT);
                if (!LEVELS.contains(level)) {
                    throw new IllegalArgumentException("'" + value + "' is not a level for " + key
                            + "; use one of error, warning, note, off");
                }
                return level.equals("off") ? s.withDisabled(id) : s.withSeverity(id, Severity.valueOf(
                        level.toUpperCase(Locale.ROOT)));
            }
        }
    }

    /**
     * A PTX ISA version for {@code default-version} (and {@code --default-version}).
     *
     * @throws IllegalArgumentException with a message for users when it is not one
     */
    public static PtxVersion parseVersion(String value) {
        PtxVersion v = PtxVersion.parse(value);
        if (v == null || !Targets.isKnownVersion(v)) {
            throw new IllegalArgumentException("'" + value + "' is not a PTX ISA version; write MAJOR.MINOR,"
                    + " one of " + Targets.knownVersions().get(0) + " to " + Targets.newestVersion()
                    + ", e.g. 8.0");
        }
        return v;
    }

    /**
     * A target for {@code default-target} (and {@code --default-target}): {@code sm_NN},
     * optionally with {@code a} or {@code f}, that ptxas knows.
     *
     * @throws IllegalArgumentException with a message for users when it is not one
     */
    public static Target parseTarget(String value) {
        Target t = Target.parse(value);
        if (t == null || !Targets.isKnown(t)) {
            throw new IllegalArgumentException("'" + value + "' is not a target ptxas knows; write e.g. sm_90,"
                    + " sm_90a or sm_100f");
        }
        return t;
    }

    private static String unknownKey(String key) {
        List<String> keys = new ArrayList<>(List.of(DEFAULT_VERSION, DEFAULT_TARGET));
        for (Rule r : Rules.all().values()) {
            keys.add(r.name());
        }
        List<String> near = Opcodes.Suggest.closest(key.toLowerCase(Locale.ROOT), keys, 1);
        return "unknown key '" + key + "'" + (near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?")
                + " (keys are rule codes such as PTX0250, rule names such as modifier-order, default-version"
                + " and default-target)";
    }

    @Override
    public String toString() {
        return "ProjectConfig[" + path + ", " + settings + "]";
    }
}
