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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The renderers as they were before output was streamed (commit c397b58): each file's sorted
 * diagnostics given whole, the JSON, SARIF and checkstyle documents built whole and printed when
 * the run ends (Gson trees, StAX). {@link CliStreamingTest} compares the streamed output with
 * theirs byte for byte.
 */
final class BufferedRenderers {
    private BufferedRenderers() {
    }

    /** A renderer of the buffered design. */
    interface Buffered {
        void file(Renderer.Source source, List<Diagnostic> diagnostics, PrintStream out);

        default void finish(Renderer.Summary summary, PrintStream out) {
        }
    }

    static Buffered forName(String format, Path cwd) {
        return switch (format) {
            case "text" -> new TextRenderer();
            case "json" -> new JsonRenderer();
            case "sarif" -> new SarifRenderer(cwd);
            case "github" -> new GithubRenderer(cwd);
            case "checkstyle" -> new CheckstyleRenderer();
            default -> throw new IllegalArgumentException(format);
        };
    }

    static final class TextRenderer implements Buffered {
        public void file(Renderer.Source source, List<Diagnostic> diagnostics, PrintStream out) {
            String path = source.display();
            StringBuilder sb = new StringBuilder();
            for (Diagnostic d : diagnostics) {
                sb.setLength(0);
                sb.append(path).append(':').append(d.range().startLine() + 1).append(':')
                        .append(d.range().startColumn() + 1).append(": ").append(d.severity().label()).append(": ")
                        .append(d.message()).append(" [").append(d.code()).append(']').append(Renderer.fixNote(d));
                out.println(sb);
                for (Diagnostic.Related r : d.related()) {
                    out.println(path + ":" + (r.range().startLine() + 1) + ":" + (r.range().startColumn() + 1)
                            + ": note: " + r.message());
                }
            }
        }
    }

    static final class GithubRenderer implements Buffered {
        private final Path cwd;

        GithubRenderer(Path cwd) {
            this.cwd = cwd;
        }

        public void file(Renderer.Source source, List<Diagnostic> diagnostics, PrintStream out) {
            String relative = source.relativeTo(cwd);
            String file = relative != null ? relative : source.display();
            StringBuilder sb = new StringBuilder();
            for (Diagnostic d : diagnostics) {
                TextRange r = d.range();
                sb.setLength(0);
                sb.append("::").append(command(d)).append(" file=").append(escapeProperty(file))
                        .append(",line=").append(r.startLine() + 1);
                if (r.startLine() == r.endLine()) {
                    int col = r.startColumn() + 1;
                    sb.append(",col=").append(col);
                    sb.append(",endLine=").append(r.endLine() + 1);
                    sb.append(",endColumn=").append(Math.max(col, r.endColumn()));
                } else {
                    sb.append(",endLine=").append(r.endLine() + 1);
                }
                sb.append(",title=").append(escapeProperty(d.code())).append("::");
                StringBuilder message = new StringBuilder(d.message()).append(Renderer.fixNote(d));
                for (Diagnostic.Related rel : d.related()) {
                    message.append('\n').append(file).append(':').append(rel.range().startLine() + 1).append(':')
                            .append(rel.range().startColumn() + 1).append(": note: ").append(rel.message());
                }
                sb.append(escapeData(message.toString()));
                out.println(sb);
            }
        }

        private static String command(Diagnostic d) {
            return switch (d.severity()) {
                case ERROR -> "error";
                case WARNING -> "warning";
                case NOTE -> "notice";
            };
        }

        static String escapeData(String s) {
            return dev.ptxlint.cli.GithubRenderer.escapeData(s);
        }

        static String escapeProperty(String s) {
            return dev.ptxlint.cli.GithubRenderer.escapeProperty(s);
        }
    }

    static final class JsonRenderer implements Buffered {
        private final JsonArray files = new JsonArray();
        private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

        public void file(Renderer.Source source, List<Diagnostic> diagnostics, PrintStream out) {
            JsonObject f = new JsonObject();
            f.addProperty("path", source.display());
            JsonArray diags = new JsonArray();
            for (Diagnostic d : diagnostics) {
                diags.add(diagnostic(d));
            }
            f.add("diagnostics", diags);
            files.add(f);
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

        public void finish(Renderer.Summary s, PrintStream out) {
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

    static final class SarifRenderer implements Buffered {
        static final String SCHEMA = dev.ptxlint.cli.SarifRenderer.SCHEMA;
        static final String INFORMATION_URI = dev.ptxlint.cli.SarifRenderer.INFORMATION_URI;
        static final String SRCROOT = dev.ptxlint.cli.SarifRenderer.SRCROOT;

        private final Path cwd;
        private final List<Rule> rules = new ArrayList<>(Rules.all().values());
        private final Map<String, Integer> ruleIndex = new HashMap<>();
        private final Set<String> used = new LinkedHashSet<>();
        private final JsonArray results = new JsonArray();
        private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

        SarifRenderer(Path cwd) {
            this.cwd = cwd;
            for (int i = 0; i < rules.size(); i++) {
                ruleIndex.put(rules.get(i).code(), i);
            }
        }

        public void file(Renderer.Source source, List<Diagnostic> diagnostics, PrintStream out) {
            for (Diagnostic d : diagnostics) {
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
                results.add(r);
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

        private JsonObject physicalLocation(Renderer.Source source, TextRange range) {
            JsonObject o = new JsonObject();
            o.add("artifactLocation", artifactLocation(source));
            o.add("region", region(range));
            return o;
        }

        private JsonObject artifactLocation(Renderer.Source source) {
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

        public void finish(Renderer.Summary s, PrintStream out) {
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
            run.add("results", results);
            run.addProperty("columnKind", "utf16CodeUnits");
            JsonArray runs = new JsonArray();
            runs.add(run);
            root.add("runs", runs);
            out.println(gson.toJson(root));
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
            try (InputStream in = BufferedRenderers.class.getResourceAsStream(rule.docsResource())) {
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

    static final class CheckstyleRenderer implements Buffered {
        private record Entry(String path, List<Diagnostic> diagnostics) {
        }

        private final List<Entry> files = new ArrayList<>();

        public void file(Renderer.Source source, List<Diagnostic> diagnostics, PrintStream out) {
            files.add(new Entry(source.display(), List.copyOf(diagnostics)));
        }

        public void finish(Renderer.Summary summary, PrintStream out) {
            try {
                XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
                w.writeStartDocument("UTF-8", "1.0");
                w.writeCharacters("\n");
                w.writeStartElement("checkstyle");
                w.writeAttribute("version", "4.3");
                for (Entry f : files) {
                    w.writeCharacters("\n  ");
                    w.writeStartElement("file");
                    w.writeAttribute("name", xmlSafe(f.path()));
                    for (Diagnostic d : f.diagnostics()) {
                        w.writeCharacters("\n    ");
                        w.writeEmptyElement("error");
                        w.writeAttribute("line", Integer.toString(d.range().startLine() + 1));
                        w.writeAttribute("column", Integer.toString(d.range().startColumn() + 1));
                        w.writeAttribute("severity", switch (d.severity()) {
                            case ERROR -> "error";
                            case WARNING -> "warning";
                            case NOTE -> "info";
                        });
                        w.writeAttribute("message", xmlSafe(d.message() + Renderer.fixNote(d)));
                        w.writeAttribute("source", d.code());
                    }
                    if (!f.diagnostics().isEmpty()) {
                        w.writeCharacters("\n  ");
                    }
                    w.writeEndElement();
                }
                w.writeCharacters("\n");
                w.writeEndElement();
                w.writeEndDocument();
                w.flush();
                w.close();
                out.println();
            } catch (XMLStreamException e) {
                throw new IllegalStateException("cannot write checkstyle XML: " + e.getMessage(), e);
            }
        }

        static String xmlSafe(String s) {
            return dev.ptxlint.cli.CheckstyleRenderer.xmlSafe(s);
        }
    }
}
