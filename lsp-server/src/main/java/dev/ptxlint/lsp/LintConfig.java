package dev.ptxlint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.forms.PtxVersion;
import dev.ptxlint.forms.Target;
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
public record LintConfig(LintSettings settings, int debounceMs, List<String> problems) {

    public static final int DEFAULT_DEBOUNCE_MS = 200;

    public static final LintConfig DEFAULTS = new LintConfig(LintSettings.DEFAULT, DEFAULT_DEBOUNCE_MS, List.of());

    public LintConfig {
        problems = List.copyOf(problems);
        debounceMs = Math.max(0, Math.min(debounceMs, 10_000));
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
        LintSettings settings = LintSettings.DEFAULT;
        for (Map.Entry<String, String> e : sev.entrySet()) {
            try {
                settings = switch (e.getValue()) {
                    case "off" -> settings.withDisabled(e.getKey());
                    case "note" -> settings.withSeverity(e.getKey(), Severity.NOTE);
                    case "warning" -> settings.withSeverity(e.getKey(), Severity.WARNING);
                    case "error" -> settings.withSeverity(e.getKey(), Severity.ERROR);
                    default -> throw new IllegalArgumentException("'" + e.getValue() + "' for " + e.getKey()
                            + " is not a level: use off, note, warning or error");
                };
            } catch (IllegalArgumentException ex) {
                problems.add(ex.getMessage());
            }
        }
        String version = string(o, "defaultVersion");
        if (version != null) {
            try {
                settings = settings.withDefaultVersion(PtxVersion.parse(version));
            } catch (RuntimeException ex) {
                problems.add("defaultVersion " + version + ": " + ex.getMessage());
            }
        }
        String target = string(o, "defaultTarget");
        if (target != null) {
            try {
                settings = settings.withDefaultTarget(Target.parse(target));
            } catch (RuntimeException ex) {
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
        return new LintConfig(settings, debounce, problems);
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
