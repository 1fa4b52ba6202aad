package dev.ptxlint.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.diag.TextRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.services.LanguageClient;
import org.junit.jupiter.api.Test;

/** The hand-written publishDiagnostics JSON is the JSON LSP4J writes for the converted diagnostics. */
class DiagnosticsJsonTest {

    private static final Map<String, JsonRpcMethod> METHODS = ServiceEndpoints.getSupportedMethods(LanguageClient.class);

    private static TextRange at(int line, int col, int len) {
        return new TextRange(line * 100L + col, line * 100L + col + len, line, col, line, col + len);
    }

    private static List<Diagnostic> sample() {
        List<Diagnostic> l = new ArrayList<>();
        l.add(Diagnostic.of(Rules.UNKNOWN_INSTRUCTION, at(3, 1, 4), "unknown instruction 'mvo'; did you mean 'mov'?")
                .withFix(Fix.unsafe("Change to 'mov'", at(3, 1, 4), "mov")));
        l.add(Diagnostic.of(Rules.TOO_MANY_OPERATORS, at(7, 0, 0), "quotes \" and \\ back\nslash, tab\t, <html> & 'x' = \u00e9\u4e2d\ud83d\ude00 \r\b\f\u0001\u001f\u007f\u2028\u2029 /"));
        l.add(Diagnostic.of(Rules.DIAGNOSTIC_LIMIT, new TextRange(0, 10, 0, 0, 2, 5), ""));
        l.add(Diagnostic.of(Rules.DUPLICATE_DECLARATION, at(9, 4, 2), "'%r' is already declared")
                .withRelated(new Diagnostic.Related(at(2, 4, 2), "declaration of '%r'"))
                .withRelated(new Diagnostic.Related(at(1, 0, 1), "another")));
        l.add(new Diagnostic(Rules.MODULE_SCOPE_REGISTER, Severity.ERROR, at(1_000_000, 70_000, 3), "as error",
                List.of(), List.of()));
        return l;
    }

    /** The message as LSP4J's own adapters write it, from Convert's LSP4J diagnostics. */
    private static JsonElement lsp4j(String uri, List<Diagnostic> model, Integer version) {
        List<org.eclipse.lsp4j.Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : model) {
            out.add(Convert.diagnostic(uri, d));
        }
        NotificationMessage m = new NotificationMessage();
        m.setMethod("textDocument/publishDiagnostics");
        m.setParams(new PublishDiagnosticsParams(uri, out, version));
        return JsonParser.parseString(new MessageJsonHandler(METHODS).serialize(m));
    }

    /** The message as the server's launcher writes it. */
    private static JsonElement ours(String uri, List<Diagnostic> model, Integer version) {
        NotificationMessage m = new NotificationMessage();
        m.setMethod("textDocument/publishDiagnostics");
        m.setParams(new DiagnosticsJson.Params(uri, model, version));
        MessageJsonHandler h = new MessageJsonHandler(METHODS, g -> g.registerTypeAdapterFactory(DiagnosticsJson.FACTORY));
        return JsonParser.parseString(h.serialize(m));
    }

    @Test
    void sameJsonAsLsp4j() {
        String uri = "file:///tmp/a%20b/k\u00e9.ptx";
        JsonElement expected = lsp4j(uri, sample(), 42);
        assertEquals(expected, ours(uri, sample(), 42));
        JsonObject params = expected.getAsJsonObject().getAsJsonObject("params");
        assertEquals(5, params.getAsJsonArray("diagnostics").size()); // the comparison compared something
        assertFalse(params.getAsJsonArray("diagnostics").get(3).getAsJsonObject().getAsJsonArray("relatedInformation")
                .isEmpty());
    }

    @Test
    void noVersionAndNoDiagnostics() {
        String uri = "untitled:Untitled-1";
        assertEquals(lsp4j(uri, List.of(), null), ours(uri, List.of(), null));
        assertFalse(ours(uri, List.of(), null).getAsJsonObject().getAsJsonObject("params").has("version"));
    }

    @Test
    void lsp4jDiagnosticsOnRequest() {
        DiagnosticsJson.Params p = new DiagnosticsJson.Params("file:///x.ptx", sample(), 1);
        assertEquals(5, p.getDiagnostics().size());
        assertEquals("PTX" , p.getDiagnostics().get(0).getCode().getLeft().substring(0, 3));
        assertNotEquals(p.getDiagnostics().get(0).getRange(), p.getDiagnostics().get(1).getRange());
    }
}
