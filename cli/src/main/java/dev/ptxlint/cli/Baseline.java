package dev.ptxlint.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.LineIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Known findings ({@code --baseline FILE}, {@code --write-baseline FILE}; docs/baseline.md): a
 * count per key of file, code and the text of the finding's line (trimmed), so that moving code or
 * editing other lines keeps a finding matched, and a line that has the same finding twice is
 * counted twice. File names are relative to the baseline's directory, with '/' separators, so
 * that the baseline works from any working directory. Safe to use from one thread.
 */
final class Baseline {
    /** The format version this class reads and writes. */
    static final int VERSION = 1;

    /** A finding's key. */
    record Key(String file, String code, String line) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = file.compareTo(o.file);
            if (c == 0) {
                c = code.compareTo(o.code);
            }
            return c != 0 ? c : line.compareTo(o.line);
        }
    }

    private final Map<Key, Integer> counts = new TreeMap<>();
    /** The directory file names are relative to; null: names as given. */
    private Path dir;

    Baseline() {
    }

    /** Reads a baseline written by {@link #write}. */
    static Baseline read(Path file) throws IOException {
        Baseline b = new Baseline();
        b.dir = directoryOf(file);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (RuntimeException e) {
            throw new IOException("not a JSON document");
        }
        if (!root.isJsonObject() || !root.getAsJsonObject().has("findings")
                || !root.getAsJsonObject().get("findings").isJsonArray()) {
            throw new IOException("not a ptxlint baseline (no \"findings\" array)");
        }
        JsonElement v = root.getAsJsonObject().get("version");
        if (v != null && (!v.isJsonPrimitive() || v.getAsInt() != VERSION)) {
            throw new IOException("baseline version " + v + " is not supported (this ptxlint reads version " + VERSION + ")");
        }
        for (JsonElement e : root.getAsJsonObject().getAsJsonArray("findings")) {
            if (!e.isJsonObject()) {
                throw new IOException("a finding is not an object: " + e);
            }
            JsonObject o = e.getAsJsonObject();
            String f = string(o, "file");
            String code = string(o, "code");
            String line = string(o, "line");
            int count = o.has("count") ? o.get("count").getAsInt() : 1;
            if (count > 0) {
                b.counts.merge(new Key(f, code, line), count, Integer::sum);
            }
        }
        return b;
    }

    private static String string(JsonObject o, String name) throws IOException {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonPrimitive()) {
            throw new IOException("a finding has no \"" + name + "\"");
        }
        return e.getAsString();
    }

    /** Writes the baseline to {@code file}; names are made relative to its directory. */
    void write(Path file) throws IOException {
        JsonArray findings = new JsonArray();
        for (Map.Entry<Key, Integer> e : counts.entrySet()) {
            JsonObject o = new JsonObject();
            o.addProperty("file", e.getKey().file());
            o.addProperty("code", e.getKey().code());
            o.addProperty("line", e.getKey().line());
            o.addProperty("count", e.getValue());
            findings.add(o);
        }
        JsonObject root = new JsonObject();
        root.addProperty("version", VERSION);
        root.addProperty("tool", "ptxlint");
        root.add("findings", findings);
        String json = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, json, StandardCharsets.UTF_8);
    }

    /** Sets the directory names are relative to, for a baseline that will be written to {@code file}. */
    void writingTo(Path file) {
        dir = directoryOf(file);
    }

    int size() {
        int n = 0;
        for (int c : counts.values()) {
            n += c;
        }
        return n;
    }

    /** Records the findings of one file. */
    void add(String display, Path path, String text, List<Diagnostic> diags) {
        String name = name(display, path);
        LineIndex lines = new LineIndex(text);
        for (Diagnostic d : diags) {
            counts.merge(new Key(name, d.code(), line(lines, text, d.range().startLine())), 1, Integer::sum);
        }
    }

    /**
     * The findings of one file that the baseline does not hold, in their order; each baseline
     * entry matches as many findings as its count.
     */
    List<Diagnostic> filter(String display, Path path, String text, List<Diagnostic> diags) {
        String name = name(display, path);
        LineIndex lines = new LineIndex(text);
        Map<Key, Integer> left = new TreeMap<>();
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : diags) {
            Key k = new Key(name, d.code(), line(lines, text, d.range().startLine()));
            int used = left.getOrDefault(k, 0);
            if (used < counts.getOrDefault(k, 0)) {
                left.put(k, used + 1);
            } else {
                out.add(d);
            }
        }
        return out;
    }

    /** A file's name in the baseline: relative to the baseline's directory, '/'-separated. */
    private String name(String display, Path path) {
        if (path == null || dir == null) {
            return display.replace('\\', '/');
        }
        try {
            Path rel = dir.relativize(path.toAbsolutePath().normalize());
            StringBuilder sb = new StringBuilder();
            for (Path p : rel) {
                if (sb.length() > 0) {
                    sb.append('/');
                }
                sb.append(p);
            }
            return sb.toString();
        } catch (RuntimeException e) {
            return display.replace('\\', '/');
        }
    }

    private static Path directoryOf(Path file) {
        try {
            return file.toAbsolutePath().normalize().getParent();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The trimmed text of 0-based line {@code n} (lines end at {@code \n}, {@code \r\n} or
     * {@code \r}, as diagnostics count them).
     */
    private static String line(LineIndex lines, String text, int n) {
        if (n < 0 || n >= lines.lineCount()) {
            return "";
        }
        int s = lines.lineStart(n);
        int e = n + 1 < lines.lineCount() ? lines.lineStart(n + 1) : text.length();
        return text.substring(s, e).strip();
    }
}
