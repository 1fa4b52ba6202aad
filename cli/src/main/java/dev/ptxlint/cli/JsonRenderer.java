package dev.ptxlint.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.TextRange;
import java.io.PrintStream;
import java.util.List;

/**
 * The stable JSON format (schema version 1), documented in {@code docs/json-format.md}. One
 * document for the whole run, written when the run ends.
 */
final class JsonRenderer implements Renderer {
    private final JsonArray files = new JsonArray();
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    @Override
    public void file(Source source, List<Diagnostic> diagnostics, PrintStream out) {
        JsonObject f = new JsonObject();
        f.addProperty("path", source.display());
        JsonArray diags = new JsonArray();
        for (Diagnostic d : diagnostics) {
            diags.add(diagnostic(d));
        }
        f.add("diagnostics", diags);
        files.add(f);
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
        JsonObject root = new JsonObject();
        root.addProperty("version", 1);
        root.addProperty("tool", "ptxlint");
        root.addProperty("toolVersion", Main.version());
        root.add("files", files);
        JsonObject sum = new JsonObject();
        sum.addProperty("files", s.files());
        sum.addProperty("errors", s.errors());
        sum.addProperty("warnings", s.warnings());
        sum.addProperty("notes", s.notes());
        sum.addProperty("ioErrors", s.ioErrors());
        root.add("summary", sum);
        out.println(gson.toJson(root));
    }
}
