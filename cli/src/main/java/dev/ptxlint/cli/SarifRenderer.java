package dev.ptxlint.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.diag.TextRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SARIF 2.1.0 (OASIS), as GitHub code scanning reads it: one log with one run, written when the
 * run ends. {@code tool.driver.rules} lists every registered rule, so a result's
 * {@code ruleIndex} is the rule's position in the registry; the full docs page goes into
 * {@code help} for the rules that have results. Regions are 1-based with an exclusive end
 * column, counted in UTF-16 code units ({@code run.columnKind}), the unit ptxlint uses
 * everywhere. Files under the working directory get a relative URI against {@code %SRCROOT%}
 * (the working directory, in {@code originalUriBaseIds}); other files an absolute
 * {@code file:} URI.
 */
final class SarifRenderer implements Renderer {
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    static final String INFORMATION_URI = "https://github.com/ptxlint/ptxlint";
    static final String SRCROOT = "%SRCROOT%";

    private final Path cwd;
    private final List<Rule> rules = new ArrayList<>(Rules.all().values());
    private final Map<String, Integer> ruleIndex = new HashMap<>();
    /** The codes with results, added to by the threads that lint files. */
    private final Set<String> used = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /**
     * The results, as the text of the document's results array: they come after the rules, whose
     * help depends on them, so they are kept (in memory up to a bound, then in a temporary file)
     * until the run ends.
     */
    private final SpillBuffer results = new SpillBuffer(SpillBuffer.DEFAULT_MEMORY);
    private final PrintStream resultsOut = new PrintStream(results, false, StandardCharsets.UTF_8);
    private boolean anyFile;
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    SarifRenderer(Path cwd) {
        this.cwd = cwd;
        for (int i = 0; i < rules.size(); i++) {
            ruleIndex.put(rules.get(i).code(), i);
        }
    }

    @Override
    public FileRenderer file(Source source) {
        return new FileRenderer() {
            private boolean any;

            @Override
            public void diagnostic(Diagnostic d, PrintStream out) {
                out.print(any ? ",\n        " : "\n        ");
                any = true;
                out.print(JsonRenderer.indented(gson.toJson(result(source, d)), "        "));
            }
        };
    }

    @Override
    public PrintStream target(PrintStream diagnostics, PrintStream document) {
        return resultsOut;
    }

    @Override
    public void beginFile(PrintStream target) {
        if (anyFile) {
            target.print(',');
        }
        anyFile = true;
    }

    private JsonObject result(Source source, Diagnostic d) {
        {
            JsonObject r = new JsonObject();
            r.addProperty("ruleId", d.code());
            Integer index = ruleIndex.get(d.code());
            if (index != null) {
                r.addProperty("ruleIndex", index);
            }
            used.add(d.code());
            r.addProperty("level", level(d.severity()));
            r.add("message", text(d.message()));
            JsonArray locations = new JsonArray();
            JsonObject location = new JsonObject();
            location.add("physicalLocation", physicalLocation(source, d.range()));
            locations.add(location);
            r.add("locations", locations);
            if (!d.related().isEmpty()) {
                JsonArray related = new JsonArray();
                int id = 0;
                for (Diagnostic.Related rel : d.related()) {
                    JsonObject o = new JsonObject();
                    o.addProperty("id", id++);
                    o.add("physicalLocation", physicalLocation(source, rel.range()));
                    o.add("message", text(rel.message()));
                    related.add(o);
                }
                r.add("relatedLocations", related);
            }
            if (!d.fixes().isEmpty()) {
                JsonArray fixes = new JsonArray();
                for (Fix fix : d.fixes()) {
                    JsonObject f = new JsonObject();
                    f.add("description", text(fix.title()));
                    JsonObject change = new JsonObject();
                    change.add("artifactLocation", artifactLocation(source));
                    JsonArray replacements = new JsonArray();
                    for (Fix.Edit e : fix.edits()) {
                        JsonObject rep = new JsonObject();
                        rep.add("deletedRegion", region(e.range()));
                        JsonObject inserted = new JsonObject();
                        inserted.addProperty("text", e.newText());
                        rep.add("insertedContent", inserted);
                        replacements.add(rep);
                    }
                    change.add("replacements", replacements);
                    JsonArray changes = new JsonArray();
                    changes.add(change);
                    f.add("artifactChanges", changes);
                    // Whether 'ptxlint --fix' applies it (safe) or only --unsafe-fixes does.
                    JsonObject props = new JsonObject();
                    props.addProperty("safe", fix.safe());
                    f.add("properties", props);
                    fixes.add(f);
                }
                r.add("fixes", fixes);
            }
            return r;
        }
    }

    static String level(Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case NOTE -> "note";
        };
    }

    private static JsonObject text(String s) {
        JsonObject o = new JsonObject();
        o.addProperty("text", s);
        return o;
    }

    private JsonObject physicalLocation(Source source, TextRange range) {
        JsonObject o = new JsonObject();
        o.add("artifactLocation", artifactLocation(source));
        o.add("region", region(range));
        return o;
    }

    private JsonObject artifactLocation(Source source) {
        JsonObject o = new JsonObject();
        String relative = source.relativeTo(cwd);
        String uri = relative == null ? null : Renderer.relativeUri(relative);
        if (uri != null) {
            o.addProperty("uri", uri);
            o.addProperty("uriBaseId", SRCROOT);
        } else if (source.isStdin()) {
            o.add("description", text("standard input"));
        } else {
            String abs = source.absoluteUri();
            if (abs != null) {
                o.addProperty("uri", abs);
            } else {
                o.add("description", text(source.display()));
            }
        }
        return o;
    }

    /** A SARIF region: 1-based lines and columns, the end column being the one after the range. */
    static JsonObject region(TextRange r) {
        JsonObject o = new JsonObject();
        o.addProperty("startLine", r.startLine() + 1);
        o.addProperty("startColumn", r.startColumn() + 1);
        o.addProperty("endLine", r.endLine() + 1);
        o.addProperty("endColumn", r.endColumn() + 1);
        return o;
    }

    @Override
    public void finish(Summary s, PrintStream out) {
        JsonObject root = new JsonObject();
        root.addProperty("$schema", SCHEMA);
        root.addProperty("version", "2.1.0");
        JsonObject run = new JsonObject();
        JsonObject tool = new JsonObject();
        JsonObject driver = new JsonObject();
        driver.addProperty("name", "ptxlint");
        driver.addProperty("version", Main.version());
        driver.addProperty("informationUri", INFORMATION_URI);
        JsonArray ruleArray = new JsonArray();
        for (Rule rule : rules) {
            ruleArray.add(rule(rule, used.contains(rule.code())));
        }
        driver.add("rules", ruleArray);
        tool.add("driver", driver);
        run.add("tool", tool);
        if (cwd != null) {
            JsonObject base = new JsonObject();
            String uri = cwd.toUri().toASCIIString();
            base.addProperty("uri", uri.endsWith("/") ? uri : uri + "/");
            JsonObject bases = new JsonObject();
            bases.add(SRCROOT, base);
            run.add("originalUriBaseIds", bases);
        }
        JsonObject invocation = new JsonObject();
        invocation.addProperty("executionSuccessful", s.ioErrors() == 0);
        JsonArray invocations = new JsonArray();
        invocations.add(invocation);
        run.add("invocations", invocations);
        run.add("results", new JsonArray());
        run.addProperty("columnKind", "utf16CodeUnits");
        JsonArray runs = new JsonArray();
        runs.add(run);
        root.add("runs", runs);
        // The document with an empty results array, the results put in its place: the key's
        // quotes are raw only there (quotes inside strings are escaped).
        String doc = gson.toJson(root);
        String key = "\n      \"results\": []";
        int at = doc.indexOf(key);
        out.print(doc.substring(0, at + key.length() - 1));
        resultsOut.flush();
        try {
            results.transferTo(out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read back the SARIF results: " + e.getMessage(), e);
        } finally {
            results.close();
        }
        out.print(anyFile ? "\n      ]" : "]");
        out.println(doc.substring(at + key.length()));
    }

    private static JsonObject rule(Rule rule, boolean withHelp) {
        JsonObject o = new JsonObject();
        o.addProperty("id", rule.code());
        o.addProperty("name", rule.name());
        o.add("shortDescription", text(rule.summary()));
        String page = docsPage(rule);
        String what = page == null ? null : section(page, "What it does");
        o.add("fullDescription", text(what == null ? rule.summary() : what));
        o.addProperty("helpUri", rule.docsUrl());
        if (withHelp && page != null) {
            JsonObject help = text(page);
            help.addProperty("markdown", page);
            o.add("help", help);
        }
        JsonObject config = new JsonObject();
        config.addProperty("level", level(rule.severity()));
        o.add("defaultConfiguration", config);
        JsonObject props = new JsonObject();
        JsonArray tags = new JsonArray();
        tags.add(rule.category());
        props.add("tags", tags);
        o.add("properties", props);
        return o;
    }

    private static String docsPage(Rule rule) {
        try (InputStream in = SarifRenderer.class.getResourceAsStream(rule.docsResource())) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** The text of a "## title" section of a docs page, lines joined, or null. */
    static String section(String page, String title) {
        StringBuilder sb = new StringBuilder();
        boolean in = false;
        for (String line : page.split("\r?\n", -1)) {
            if (line.startsWith("## ")) {
                if (in) {
                    break;
                }
                in = line.substring(3).trim().equalsIgnoreCase(title);
                continue;
            }
            if (in) {
                if (line.isBlank()) {
                    if (sb.length() > 0) {
                        break;
                    }
                    continue;
                }
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(line.trim());
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }
}
