package dev.ptxlint.lsp;

import static dev.ptxlint.lsp.ServerEndToEndTest.at;
import static dev.ptxlint.lsp.ServerEndToEndTest.call;
import static dev.ptxlint.lsp.ServerEndToEndTest.change;
import static dev.ptxlint.lsp.ServerEndToEndTest.codes;
import static dev.ptxlint.lsp.ServerEndToEndTest.initialize;
import static dev.ptxlint.lsp.ServerEndToEndTest.labels;
import static dev.ptxlint.lsp.ServerEndToEndTest.range;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The server on CUDA documents: diagnostics, hover and completion inside asm strings only. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CudaServerTest {

    static final String URI = "file:///work/kernel.cu";

    static final String SOURCE = """
            __global__ void k(unsigned *p) {
              unsigned v = p[0], r;
              asm("mov.u32 %0, %%laneid;\\n\\t"
                  "addd.u32 %0, %0, %1;" : "=r"(r) : "r"(v));
              p[1] = r;
            }
            """;

    static void open(RawClient c, String uri, String languageId, String text, int version) throws Exception {
        JsonObject item = new JsonObject();
        item.addProperty("uri", uri);
        item.addProperty("languageId", languageId);
        item.addProperty("version", version);
        item.addProperty("text", text);
        JsonObject p = new JsonObject();
        p.add("textDocument", item);
        c.notify("textDocument/didOpen", p);
    }

    /**
     * The publish for {@code version}; the first lint of a fresh server loads the ISA data, which
     * takes longer than the other tests' wait on a loaded machine.
     */
    static JsonArray diagnosticsFor(RawClient c, String uri, int version) throws Exception {
        while (true) {
            JsonObject p = c.publish(uri, 45_000).getAsJsonObject("params");
            int v = p.get("version").getAsInt();
            assertTrue(v <= version, "published version " + v + " is newer than the last edit " + version);
            if (v == version) {
                return p.getAsJsonArray("diagnostics");
            }
        }
    }

    @Test
    void diagnosticsHoverAndCompletionInsideAsmStringsOnly() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", "{\"debounceMs\":0}");
            open(c, URI, "cuda-cpp", SOURCE, 1);
            JsonArray d = diagnosticsFor(c, URI, 1);
            assertEquals(List.of("PTX0100"), codes(d));
            JsonObject start = d.get(0).getAsJsonObject().getAsJsonObject("range").getAsJsonObject("start");
            assertEquals(3, start.get("line").getAsInt());
            assertEquals(7, start.get("character").getAsInt());

            // code action: only "disable for this line", as a C++ comment line before the literal;
            // applying it leaves no diagnostic
            JsonObject ctx = new JsonObject();
            ctx.add("diagnostics", d);
            JsonObject ap = new JsonObject();
            JsonObject td = new JsonObject();
            td.addProperty("uri", URI);
            ap.add("textDocument", td);
            ap.add("range", d.get(0).getAsJsonObject().getAsJsonObject("range"));
            ap.add("context", ctx);
            JsonArray actions = call(c, "textDocument/codeAction", ap).getAsJsonArray("result");
            assertEquals(1, actions.size(), actions.toString());
            JsonObject action = actions.get(0).getAsJsonObject();
            assertEquals("Disable PTX0100 for this line", action.get("title").getAsString());
            JsonObject edit = action.getAsJsonObject("edit").getAsJsonObject("changes").getAsJsonArray(URI).get(0)
                    .getAsJsonObject();
            String inserted = edit.get("newText").getAsString();
            assertEquals("      // ptxlint-disable-next-line PTX0100\n", inserted);
            assertEquals(3, edit.getAsJsonObject("range").getAsJsonObject("start").get("line").getAsInt());
            change(c, URI, 2, range(3, 0, 3, 0), inserted);
            assertEquals(List.of(), codes(diagnosticsFor(c, URI, 2)));
            change(c, URI, 3, range(3, 0, 4, 0), "");
            assertEquals(List.of("PTX0100"), codes(diagnosticsFor(c, URI, 3)));

            // hover on 'mov' inside the literal: the instruction's form; the range is in the literal
            JsonObject hover = call(c, "textDocument/hover", at(URI, 2, 8));
            JsonObject result = hover.getAsJsonObject("result");
            String md = result.getAsJsonObject("contents").get("value").getAsString();
            assertTrue(md.contains("mov"), md);
            assertTrue(!md.contains("ptxlint_op"), md);
            JsonObject r = result.getAsJsonObject("range");
            assertEquals(2, r.getAsJsonObject("start").get("line").getAsInt());
            assertEquals(7, r.getAsJsonObject("start").get("character").getAsInt());
            // on C++ outside the asm strings: nothing
            JsonObject none = call(c, "textDocument/hover", at(URI, 0, 3));
            assertTrue(none.get("result") == null || none.get("result").isJsonNull(), none.toString());

            // completion: after 'addd' is fixed to 'add.', the modifiers and types of add
            change(c, URI, 4, range(3, 7, 3, 15), "add.");
            diagnosticsFor(c, URI, 4);
            List<String> l = labels(call(c, "textDocument/completion", at(URI, 3, 11)));
            assertTrue(l.contains("u32") && l.contains("sat"), l.toString());
            JsonElement items = call(c, "textDocument/completion", at(URI, 4, 4)).get("result");
            assertEquals(0, items.getAsJsonObject().getAsJsonArray("items").size(), "nothing in C++ code");

            // a document opened as CUDA by its language id, whatever its name
            open(c, "file:///work/other.txt", "cuda", SOURCE, 1);
            assertEquals(List.of("PTX0100"), codes(diagnosticsFor(c, "file:///work/other.txt", 1)));
            c.request("shutdown", null);
        }
    }

    @Test
    void languageIdsAndNames() {
        assertTrue(CudaDocuments.isCuda("cuda-cpp", "file:///a.txt"));
        assertTrue(CudaDocuments.isCuda("cuda", "file:///a.txt"));
        assertTrue(CudaDocuments.isCuda(null, "file:///a.cuh"));
        assertTrue(CudaDocuments.isCuda("plaintext", "file:///a.cu"));
        assertTrue(!CudaDocuments.isCuda("ptx", "file:///a.cu"));
        assertTrue(!CudaDocuments.isCuda("ptx", "file:///a.ptx"));
        assertTrue(!CudaDocuments.isCuda(null, "file:///a.ptx"));
    }
}
