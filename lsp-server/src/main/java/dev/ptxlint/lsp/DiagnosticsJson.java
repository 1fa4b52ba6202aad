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
            out.name("diagnostics").beginArray();
            for (Diagnostic d : p.model) {
                diagnostic(out, p.getUri(), d);
            }
            out.endArray();
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

    /** One diagnostic, as LSP4J writes {@link Convert#diagnostic}'s result. */
    static void diagnostic(JsonWriter out, String uri, Diagnostic d) throws IOException {
        out.beginObject();
        range(out.name("range"), d.range());
        out.name("severity").value(switch (d.severity()) {
            case ERROR -> 1;
            case WARNING -> 2;
            case NOTE -> 3;
        });
        out.name("code").value(d.code());
        out.name("codeDescription").beginObject().name("href").value(d.rule().docsUrl()).endObject();
        out.name("source").value("ptxlint");
        out.name("message").value(d.message());
        if (!d.related().isEmpty()) {
            out.name("relatedInformation").beginArray();
            for (Diagnostic.Related r : d.related()) {
                out.beginObject().name("location").beginObject();
                if (uri != null) {
                    out.name("uri").value(uri);
                }
                range(out.name("range"), r.range());
                out.endObject();
                if (r.message() != null) {
                    out.name("message").value(r.message());
                }
                out.endObject();
            }
            out.endArray();
        }
        out.endObject();
    }

    private static void range(JsonWriter out, TextRange r) throws IOException {
        out.beginObject();
        out.name("start").beginObject().name("line").value(r.startLine()).name("character").value(r.startColumn())
                .endObject();
        out.name("end").beginObject().name("line").value(r.endLine()).name("character").value(r.endColumn())
                .endObject();
        out.endObject();
    }
}
