package dev.ptxlint.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Severity;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The server's settings (section {@code ptxlint}): rule severities ({@code "PTX0250": "off" |
 * "note" | "warning" | "error"}), the version and target assumed for a file without a header,
 * and the debounce delay.
 *
 * <p>This is the adapter the server codes against until the checker's own settings model
 * ({@code LintSettings}, built on another branch) lands: severities and disabled rules are
 * applied here to the linter's output; the default header is applied by {@link HeaderlessText}.
 * Switching means building a {@code LintSettings} in {@link #parse} and passing it to the linter.
 */
public record LintConfig(Map<String, String> severities, String defaultVersion, String defaultTarget,
                         int debounceMs) {

    public static final int DEFAULT_DEBOUNCE_MS = 200;

    public static final LintConfig DEFAULTS = new LintConfig(Map.of(), null, null, DEFAULT_DEBOUNCE_MS);

    public LintConfig {
        severities = Map.copyOf(severities);
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
        Map<String, String> sev = new HashMap<>();
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
                        if (level.matches("off|note|warning|error")) {
                            sev.put(e.getKey().toUpperCase(Locale.ROOT), level);
                        }
                    }
                }
            }
        }
        String version = string(o, "defaultVersion");
        String target = string(o, "defaultTarget");
        int debounce = DEFAULT_DEBOUNCE_MS;
        try {
            if (o.has("debounceMs") && o.get("debounceMs").isJsonPrimitive()) {
                debounce = o.get("debounceMs").getAsInt();
            }
        } catch (RuntimeException e) {
            // keep the default
        }
        return new LintConfig(sev, version, target, debounce);
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

    /** Whether files without a {@code .version} line are linted as if they had the default header. */
    public boolean hasDefaultHeader() {
        return defaultVersion != null || defaultTarget != null;
    }

    /** The header prepended to a header-less file. */
    public String defaultHeader() {
        return ".version " + (defaultVersion != null ? defaultVersion : "9.0") + "\n.target "
                + (defaultTarget != null ? defaultTarget : "sm_90") + "\n";
    }

    /** The diagnostic with this configuration's severity, or null when its rule is off. */
    public Diagnostic apply(Diagnostic d) {
        String level = severities.get(d.code());
        if (level == null) {
            return d;
        }
        Severity s = switch (level) {
            case "off" -> null;
            case "note" -> Severity.NOTE;
            case "warning" -> Severity.WARNING;
            default -> Severity.ERROR;
        };
        if (s == null) {
            return null;
        }
        return s == d.severity() ? d : new Diagnostic(d.rule(), s, d.range(), d.message(), d.fixes(), d.related());
    }
}
