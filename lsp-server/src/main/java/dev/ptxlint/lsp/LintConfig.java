package dev.ptxlint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.diag.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server's settings (section {@code ptxlint}): rule severities ({@code "PTX0250": "off" |
 * "note" | "warning" | "error"}, codes or rule names), the version and target assumed for a file
 * without a header, and the debounce delay. The lint settings become the checker's
 * {@link LintSettings}; what it rejects (unknown codes, syntax rules, unknown versions) is
 * skipped with a log line.
 */
public record LintConfig(Map<String, String> levels, PtxVersion defaultVersion, Target defaultTarget, int debounceMs,
                         List<String> problems) {

    public static final int DEFAULT_DEBOUNCE_MS = 200;

    public static final LintConfig DEFAULTS = new LintConfig(Map.of(), null, null, DEFAULT_DEBOUNCE_MS, List.of());

    public LintConfig {
        levels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(levels));
        problems = List.copyOf(problems);
        debounceMs = Math.max(0, Math.min(debounceMs, 10_000));
    }

    /** These settings alone. */
    public LintSettings settings() {
        return over(LintSettings.DEFAULT);
    }

    /**
     * These settings on top of {@code base} (a project's {@code .ptxlintrc}): the editor's rule
     * levels and defaults win where it sets them.
     */
    public LintSettings over(LintSettings base) {
        LintSettings s = base;
        for (Map.Entry<String, String> e : levels.entrySet()) {
            s = level(s, e.getKey(), e.getValue());
        }
        if (defaultVersion != null) {
            s = s.withDefaultVersion(defaultVersion).withCudaArch(null);
        }
        if (defaultTarget != null) {
            s = s.withDefaultTarget(defaultTarget).withCudaArch(null); // the editor's setting wins over cuda-arch
        }
        return s;
    }

    private static LintSettings level(LintSettings s, String rule, String level) {
        return switch (level) {
            case "off" -> s.withDisabled(rule);
            case "note" -> s.withSeverity(rule, Severity.NOTE);
            case "warning" -> s.withSeverity(rule, Severity.WARNING);
            case "error" -> s.withSeverity(rule, Severity.ERROR);
            default -> throw new IllegalArgumentException("'" + level + "' for " + rule
                    + " is not a level: use off, note, warning or error");
        };
    }

    /**
     * Reads {@code {"ptxlint": {...}}} or the section itself: {@code rules} (or {@code severity})
     * maps codes to levels, {@code defaultVersion}, {@code defaultTarget}, {@code debounceMs}.
     * Anything malformed is ignored and the default kept.
     */
    public static LintConfig parse(JsonElement json) {
        if (json == null || !json.isJsonObject()) {
            return DEFAULTS;
        }
        JsonObject o = json.getAsJsonObject();
        if (o.has("ptxlint") && o.get("ptxlint").isJsonObject()) {
            o = o.getAsJsonObject("ptxlint");
        }
        Map<String, String> sev = new java.util.LinkedHashMap<>();
        for (String key : new String[] {"rules", "severity", "severities"}) {
            if (o.has(key) && o.get(key).isJsonObject()) {
                for (Map.Entry<String, JsonElement> e : o.getAsJsonObject(key).entrySet()) {
                    if (e.getValue().isJsonPrimitive()) {
                        String level = e.getValue().getAsString().toLowerCase(Locale.ROOT);
                        if (level.equals("off") || level.equals("none") || level.equals("ignore")) {
                            level = "off";
                        }
                        if (level.equals("info") || level.equals("information") || level.equals("hint")) {
                            level = "note";
                        }
                        sev.put(e.getKey(), level);
                    }
                }
            }
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> levels = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, String> e : sev.entrySet()) {
            try {
                level(LintSettings.DEFAULT, e.getKey(), e.getValue());
                levels.put(e.getKey(), e.getValue());
            } catch (IllegalArgumentException ex) {
                problems.add(ex.getMessage());
            }
        }
        PtxVersion defaultVersion = null;
        String version = string(o, "defaultVersion");
        if (version != null) {
            try {
                defaultVersion = PtxVersion.parse(version);
                LintSettings.DEFAULT.withDefaultVersion(defaultVersion);
            } catch (RuntimeException ex) {
                defaultVersion = null;
                problems.add("defaultVersion " + version + ": " + ex.getMessage());
            }
        }
        Target defaultTarget = null;
        String target = string(o, "defaultTarget");
        if (target != null) {
            try {
                defaultTarget = Target.parse(target);
                LintSettings.DEFAULT.withDefaultTarget(defaultTarget);
            } catch (RuntimeException ex) {
                defaultTarget = null;
                problems.add("defaultTarget " + target + ": " + ex.getMessage());
            }
        }
        int debounce = DEFAULT_DEBOUNCE_MS;
        try {
            if (o.has("debounceMs") && o.get("debounceMs").isJsonPrimitive()) {
                debounce = o.get("debounceMs").getAsInt();
            }
        } catch (RuntimeException e) {
            problems.add("debounceMs must be a number of milliseconds");
        }
        return new LintConfig(levels, defaultVersion, defaultTarget, debounce, problems);
    }

    private static String string(JsonObject o, String key) {
        if (o.has(key) && o.get(key).isJsonPrimitive()) {
            String s = o.get(key).getAsString().strip();
            if (s.matches("[0-9]+\\.[0-9]+|sm_[0-9]+[af]?|compute_[0-9]+[af]?")) {
                return s;
            }
        }
        return null;
    }
}
