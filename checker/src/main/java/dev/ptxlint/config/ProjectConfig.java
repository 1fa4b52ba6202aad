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
 * {@code note}, {@code off}), {@code default-version}, {@code default-target} and {@code cuda-arch}. Works on any
 * {@link java.nio.file.FileSystem}.
 */
public final class ProjectConfig {

    /** The name of the configuration file. */
    public static final String FILE_NAME = ".ptxlintrc";

    static final String DEFAULT_VERSION = "default-version";
    static final String DEFAULT_TARGET = "default-target";
    static final String CUDA_ARCH = "cuda-arch";
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
            checkLink(configFile);
            if (!Files.isRegularFile(configFile) && Files.exists(configFile)) {
                throw new ConfigException(configFile, 0, "cannot read the configuration file: not a regular file"
                        + " (a directory, a device or a pipe)");
            }
            byte[] bytes;
            try (java.io.InputStream in = Files.newInputStream(configFile)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) {
                throw new ConfigException(configFile, 0, "larger than " + MAX_BYTES / 1024 + " KiB, which is not a"
                        + " ptxlint configuration: not read (docs/limits.md)");
            }
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ConfigException(configFile, 0, "not valid UTF-8");
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(configFile, 0, "no such file");
        } catch (ConfigException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ConfigException(configFile, 0, "cannot read the configuration file: "
                    + excerpt(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        return parse(configFile, text);
    }

    /** Largest configuration file read (docs/limits.md). */
    public static final int MAX_BYTES = 1 << 20;

    /** Longest excerpt of the file quoted in a message. */
    static final int EXCERPT = 60;

    /**
     * A configuration that is a symbolic link is read only when its target is a file in the
     * directory that holds the link, or below it (docs/config.md): a link out of the project (to
     * {@code ~/.git-credentials}, say) is refused without reading it, so that no part of another
     * file reaches a log.
     */
    private static void checkLink(Path configFile) throws IOException {
        if (!Files.isSymbolicLink(configFile)) {
            return;
        }
        Path dir = configFile.toAbsolutePath().normalize().getParent();
        Path real;
        try {
            real = configFile.toRealPath();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(configFile, 0, "a symbolic link to a file that does not exist");
        }
        if (dir == null || !real.startsWith(dir.toRealPath())) {
            throw new ConfigException(configFile, 0, "a symbolic link to a file outside its directory; ptxlint"
                    + " does not read it (docs/config.md): make it a regular file or a link within the project");
        }
    }

    /**
     * Text from the file (or from anywhere) made safe to print: at most {@value #EXCERPT}
     * characters, with control characters (NUL, ESC, DEL, C1), line and bidirectional-text
     * controls written as escapes, so a message can neither drive a terminal nor carry a long
     * line into a log.
     */
    public static String excerpt(String s) {
        return excerpt(s, EXCERPT);
    }

    /** {@link #excerpt(String)} with another length limit (the language server's log lines). */
    public static String excerpt(String s, int max) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (n >= max) {
                b.append("...");
                break;
            }
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || (c >= 0x200B && c <= 0x200F)
                    || (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF
                    || Character.isSurrogate(c)) {
                switch (c) {
                    case '\t' -> b.append("\\t");
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case 0 -> b.append("\\0");
                    case 0x1B -> b.append("\\e");
                    default -> b.append(String.format("\\u%04X", (int) c));
                }
            } else {
                b.append(c);
            }
            n++;
        }
        return b.toString();
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
                throw new ConfigException(source, lineNo, "expected 'key = value', found '" + excerpt(line)
                        + "'; for example 'PTX0250 = off' or 'default-target = sm_90'");
            }
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            if (key.isEmpty()) {
                throw new ConfigException(source, lineNo, "missing key before '='");
            }
            if (value.isEmpty()) {
                throw new ConfigException(source, lineNo, "missing value for '" + excerpt(key) + "'");
            }
            String id = key.toLowerCase(Locale.ROOT);
            if (!id.equals(DEFAULT_VERSION) && !id.equals(DEFAULT_TARGET) && !id.equals(CUDA_ARCH)) {
                Rule r = Rules.byCodeOrName(key);
                if (r == null) {
                    throw new ConfigException(source, lineNo, unknownKey(key));
                }
                id = r.code();
            }
            Integer first = seen.putIfAbsent(id, lineNo);
            if (first != null) {
                throw new ConfigException(source, lineNo, "'" + excerpt(key) + "' is set twice (first on line " + first
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
            case CUDA_ARCH -> {
                return s.withCudaArch(parseCudaArch(value));
            }
            default -> {
                String level = value.toLowerCase(Locale.ROOT);
                if (!LEVELS.contains(level)) {
                    throw new IllegalArgumentException("'" + excerpt(value) + "' is not a level for " + excerpt(key)
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
            throw new IllegalArgumentException("'" + excerpt(value) + "' is not a PTX ISA version; write MAJOR.MINOR,"
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
            throw new IllegalArgumentException("'" + excerpt(value) + "' is not a target ptxas knows; write e.g. sm_90,"
                    + " sm_90a or sm_100f");
        }
        return t;
    }

    /**
     * The architectures nvcc 13.0 accepts as {@code -arch} (measured: {@code nvcc -ptx -arch=A}
     * writes {@code .target A} and {@code .version 9.0} for each; sm_50 to sm_72, sm_101 and the
     * {@code a}/{@code f} forms of the others are refused with "Unsupported gpu architecture").
     */
    static final List<String> NVCC_ARCHS = List.of("sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90",
            "sm_90a", "sm_100", "sm_100a", "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a", "sm_110f",
            "sm_120", "sm_120a", "sm_120f", "sm_121", "sm_121a", "sm_121f");

    /**
     * A value of {@code cuda-arch}: what nvcc takes as {@code -arch} ({@code sm_90a}, or the
     * virtual {@code compute_90a}, which gives the same PTX target), one that nvcc 13 accepts.
     *
     * @throws IllegalArgumentException with a message for users when it is not one
     */
    public static Target parseCudaArch(String value) {
        String v = value.toLowerCase(Locale.ROOT);
        if (v.startsWith("-arch=") || v.startsWith("--gpu-architecture=")) {
            v = v.substring(v.indexOf('=') + 1);
        }
        if (v.startsWith("compute_")) {
            v = "sm_" + v.substring("compute_".length());
        }
        Target t = NVCC_ARCHS.contains(v) ? Target.parse(v) : null;
        if (t == null || !Targets.isKnown(t)) {
            throw new IllegalArgumentException("'" + excerpt(value) + "' is not an architecture nvcc 13 accepts for"
                    + " -arch; write one of " + String.join(", ", NVCC_ARCHS) + " (or compute_NN for the same"
                    + " target)");
        }
        return t;
    }

    private static String unknownKey(String key) {
        List<String> keys = new ArrayList<>(List.of(DEFAULT_VERSION, DEFAULT_TARGET, CUDA_ARCH));
        for (Rule r : Rules.all().values()) {
            keys.add(r.name());
        }
        List<String> near = key.length() > 64 ? List.of()
                : Opcodes.Suggest.closest(key.toLowerCase(Locale.ROOT), keys, 1);
        return "unknown key '" + excerpt(key) + "'" + (near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?")
                + " (keys are rule codes such as PTX0250, rule names such as modifier-order, default-version,"
                + " default-target and cuda-arch)";
    }

    @Override
    public String toString() {
        return "ProjectConfig[" + path + ", " + settings + "]";
    }
}
