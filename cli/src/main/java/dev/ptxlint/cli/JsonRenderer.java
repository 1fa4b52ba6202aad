package dev.ptxlint.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.TextRange;
import java.io.PrintStream;

/**
 * The stable JSON format (schema version 1), documented in {@code docs/json-format.md}. One
 * document for the whole run, written as it goes: its start before the first file, each file's
 * object as its diagnostics come, one diagnostic at a time, the summary when the run ends. The
 * bytes are those Gson's pretty printer writes for the whole document (each element is printed
 * by Gson and indented to its depth; a JSON string holds no raw line break).
 */
final class JsonRenderer implements Renderer {
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    /** Whether the document's start is written; whether a file's object is. */
    private boolean started;
    private boolean anyFile;

    @Override
    public FileRenderer file(Source source) {
        return new FileRenderer() {
            private boolean open;
            private boolean any;

            private void open(PrintStream out) {
                if (!open) {
                    open = true;
                    out.print("\n    {\n      \"path\": " + gson.toJson(new JsonPrimitive(source.display()))
                            + ",\n      \"diagnostics\": [");
                }
            }

            @Override
            public void diagnostic(Diagnostic d, PrintStream out) {
                open(out);
                out.print(any ? ",\n        " : "\n        ");
                any = true;
                out.print(indented(gson.toJson(JsonRenderer.diagnostic(d)), "        "));
            }

            @Override
            public void end(PrintStream out) {
                open(out);
                out.print(any ? "\n      ]\n    }" : "]\n    }");
            }
        };
    }

    @Override
    public PrintStream target(PrintStream diagnostics, PrintStream document) {
        return document;
    }

    @Override
    public void beginFile(PrintStream out) {
        start(out);
        if (anyFile) {
            out.print(',');
        }
        anyFile = true;
    }

    private void start(PrintStream out) {
        if (!started) {
            started = true;
            out.print("{\n  \"version\": 1,\n  \"tool\": \"ptxlint\",\n  \"toolVersion\": "
                    + gson.toJson(new JsonPrimitive(Main.version())) + ",\n  \"files\": [");
        }
    }

    /** Gson's pretty text of an element, its lines after the first indented by {@code indent}. */
    static String indented(String json, String indent) {
        return json.replace("\n", "\n" + indent);
    }

    /** {@code --list-rules --format json}: here rather than in Cli, so that a text run loads no Gson class. */
    static void listRules(PrintStream out) {
        JsonArray rules = new JsonArray();
        for (dev.ptxlint.diag.Rule r : dev.ptxlint.diag.Rules.all().values()) {
            JsonObject o = new JsonObject();
            o.addProperty("code", r.code());
            o.addProperty("rule", r.name());
            o.addProperty("severity", r.severity().label());
            o.addProperty("category", r.category());
            o.addProperty("summary", r.summary());
            o.addProperty("docs", r.docsUrl());
            rules.add(o);
        }
        JsonObject root = new JsonObject();
        root.addProperty("version", 1);
        root.addProperty("tool", "ptxlint");
        root.addProperty("toolVersion", Main.version());
        root.add("rules", rules);
        out.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root));
    }

    static JsonObject diagnostic(Diagnostic d) {
        JsonObject o = new JsonObject();
        o.addProperty("code", d.code());
        o.addProperty("rule", d.rule().name());
        o.addProperty("severity", d.severity().label());
        o.addProperty("message", d.message());
        o.add("range", range(d.range()));
        o.addProperty("docs", d.rule().docsUrl());
        JsonArray fixes = new JsonArray();
        for (Fix fix : d.fixes()) {
            JsonObject fo = new JsonObject();
            fo.addProperty("title", fix.title());
            fo.addProperty("safe", fix.safe());
            JsonArray edits = new JsonArray();
            for (Fix.Edit e : fix.edits()) {
                JsonObject eo = new JsonObject();
                eo.add("range", range(e.range()));
                eo.addProperty("newText", e.newText());
                edits.add(eo);
            }
            fo.add("edits", edits);
            fixes.add(fo);
        }
        o.add("fixes", fixes);
        JsonArray related = new JsonArray();
        for (Diagnostic.Related r : d.related()) {
            JsonObject ro = new JsonObject();
            ro.add("range", range(r.range()));
            ro.addProperty("message", r.message());
            related.add(ro);
        }
        o.add("related", related);
        return o;
    }

    static JsonObject range(TextRange r) {
        JsonObject o = new JsonObject();
        o.add("start", position(r.startLine(), r.startColumn(), r.startOffset()));
        o.add("end", position(r.endLine(), r.endColumn(), r.endOffset()));
        return o;
    }

    private static JsonObject position(int line, int column, long offset) {
        JsonObject o = new JsonObject();
        o.addProperty("line", line + 1);
        o.addProperty("column", column + 1);
        o.addProperty("offset", offset);
        return o;
    }

    @Override
    public void finish(Summary s, PrintStream out) {
        start(out);
        out.print(anyFile ? "\n  ],\n  \"summary\": " : "],\n  \"summary\": ");
        JsonObject sum = new JsonObject();
        sum.addProperty("files", s.files());
        sum.addProperty("errors", s.errors());
        sum.addProperty("warnings", s.warnings());
        sum.addProperty("notes", s.notes());
        sum.addProperty("ioErrors", s.ioErrors());
        out.print(indented(gson.toJson(sum), "  "));
        out.println("\n}");
    }
}
