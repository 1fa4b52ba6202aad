package dev.ptxlint.lsp;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.TextRange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.PublishDiagnosticsParams;

/**
 * The JSON of {@code textDocument/publishDiagnostics}, written straight from the checker's
 * diagnostics. LSP4J's reflective Gson adapters took a fifth of the lint thread's time per edit of
 * a large document (every diagnostic of the document is published again after each edit, through
 * six reflective adapters per diagnostic) and made an LSP4J object graph of each diagnostic first
 * (docs/performance.md "The language server"). The JSON is the same as LSP4J's for
 * {@link Convert#diagnostic} (the tests compare the two).
 */
final class DiagnosticsJson {
    private DiagnosticsJson() {
    }

    /**
     * The parameters of one publication, holding the checker's diagnostics; LSP4J's diagnostics
     * are made only if something asks for them ({@link #getDiagnostics}), which the wire does not.
     */
    static final class Params extends PublishDiagnosticsParams {
        final List<Diagnostic> model;
        private List<org.eclipse.lsp4j.Diagnostic> converted;

        Params(String uri, List<Diagnostic> model, Integer version) {
            super(uri, List.of(), version);
            this.model = List.copyOf(model);
        }

        @Override
        public List<org.eclipse.lsp4j.Diagnostic> getDiagnostics() {
            if (converted == null) {
                List<org.eclipse.lsp4j.Diagnostic> out = new ArrayList<>(model.size());
                for (Diagnostic d : model) {
                    out.add(Convert.diagnostic(getUri(), d));
                }
                converted = out;
            }
            return converted;
        }
    }

    /** Gives Gson {@link #ADAPTER} for {@link Params}; registered on the launcher's Gson. */
    static final TypeAdapterFactory FACTORY = new TypeAdapterFactory() {
        @Override
        @SuppressWarnings("unchecked")
        public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
            return type.getRawType() == Params.class ? (TypeAdapter<T>) ADAPTER : null;
        }
    };

    static final TypeAdapter<Params> ADAPTER = new TypeAdapter<>() {
        @Override
        public void write(JsonWriter out, Params p) throws IOException {
            if (p == null) {
                out.nullValue();
                return;
            }
            out.beginObject();
            if (p.getUri() != null) {
                out.name("uri").value(p.getUri());
            }
            // the array as one piece of text: JsonWriter's calls per value (each a write to a
            // synchronized StringBuffer) took as long as the rest of the serialisation
            out.name("diagnostics").jsonValue(array(p.getUri(), p.model));
            if (p.getVersion() != null) {
                out.name("version").value(p.getVersion());
            }
            out.endObject();
        }

        @Override
        public Params read(JsonReader in) {
            throw new UnsupportedOperationException("the server does not read its own notifications");
        }
    };

    /** The part of a diagnostic's JSON that depends on its rule only, by rule. */
    private static final java.util.concurrent.ConcurrentHashMap<dev.ptxlint.diag.Rule, String> RULE_JSON =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static String ruleJson(dev.ptxlint.diag.Rule rule) {
        String s = RULE_JSON.get(rule);
        if (s == null) {
            StringBuilder b = new StringBuilder(",\"code\":");
            string(b, rule.code());
            b.append(",\"codeDescription\":{\"href\":");
            string(b, rule.docsUrl());
            b.append("},\"source\":\"ptxlint\",\"message\":");
            s = b.toString();
            RULE_JSON.put(rule, s);
        }
        return s;
    }

    /** The JSON array of {@code diagnostics}, as LSP4J writes {@link Convert#diagnostic}'s results. */
    static String array(String uri, List<Diagnostic> diagnostics) {
        StringBuilder b = new StringBuilder(64 + 256 * diagnostics.size());
        b.append('[');
        for (int i = 0, n = diagnostics.size(); i < n; i++) {
            if (i > 0) {
                b.append(',');
            }
            diagnostic(b, uri, diagnostics.get(i));
        }
        return b.append(']').toString();
    }

    private static void diagnostic(StringBuilder b, String uri, Diagnostic d) {
        b.append("{\"range\":");
        range(b, d.range());
        b.append(",\"severity\":").append(switch (d.severity()) {
            case ERROR -> 1;
            case WARNING -> 2;
            case NOTE -> 3;
        });
        b.append(ruleJson(d.rule()));
        string(b, d.message() == null ? "" : d.message());
        if (!d.related().isEmpty()) {
            b.append(",\"relatedInformation\":[");
            for (int k = 0; k < d.related().size(); k++) {
                Diagnostic.Related r = d.related().get(k);
                b.append(k == 0 ? "{\"location\":{" : ",{\"location\":{");
                if (uri != null) {
                    b.append("\"uri\":");
                    string(b, uri);
                    b.append(',');
                }
                b.append("\"range\":");
                range(b, r.range());
                b.append('}');
                if (r.message() != null) {
                    b.append(",\"message\":");
                    string(b, r.message());
                }
                b.append('}');
            }
            b.append(']');
        }
        b.append('}');
    }

    private static void range(StringBuilder b, TextRange r) {
        b.append("{\"start\":{\"line\":").append(r.startLine()).append(",\"character\":").append(r.startColumn())
                .append("},\"end\":{\"line\":").append(r.endLine()).append(",\"character\":").append(r.endColumn())
                .append("}}");
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** A JSON string: quotes, backslashes, control characters and the line and paragraph separators escaped. */
    static void string(StringBuilder b, String s) {
        b.append('"');
        int from = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && c != '\u2028' && c != '\u2029') {
                continue;
            }
            b.append(s, from, i);
            from = i + 1;
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append("\\u").append(HEX[c >> 12 & 15]).append(HEX[c >> 8 & 15]).append(HEX[c >> 4 & 15])
                        .append(HEX[c & 15]);
            }
        }
        b.append(s, from, s.length()).append('"');
    }
}
