package dev.ptxlint.lsp;

import static dev.ptxlint.lsp.RawClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.ptxlint.checker.Linter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Speaks real JSON-RPC to the server (framing included) over a socket, as an editor would. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerEndToEndTest {

    static final String URI = "file:///work/kernel.ptx";
    static final long WAIT = 10_000;

    static final String KERNEL = """
            .version 9.0
            .target sm_90
            .address_size 64

            .visible .entry scale(.param .u64 scale_p, .param .u32 scale_n)
            {
              .reg .b32 %r<4>;
              .reg .b64 %rd<4>;
              .reg .f32 %f<3>;
              .reg .pred %p<2>;

              ld.param.u64 %rd1, [scale_p];
              ld.param.u32 %r1, [scale_n];
              mov.u32 %r2, %tid.x;
              setp.ge.u32 %p1, %r2, %r1;
              @%p1 bra $L__done;
              cvta.to.global.u64 %rd2, %rd1;
              mul.wide.u32 %rd3, %r2, 4;
              add.s64 %rd2, %rd2, %rd3;
              ld.global.f32 %f1, [%rd2];
              mull.f32 %f2, %f1, 0f40000000;
              st.global.f32 [%rd2], %f2;
            $L__done:
              ret;
            }
            """;

    // ------------------------------------------------------------------ helpers

    static JsonObject initialize(RawClient c, String capabilities, String options) throws Exception {
        int id = c.request("initialize", json("{\"processId\":null,\"rootUri\":null,\"capabilities\":" + capabilities
                + (options == null ? "" : ",\"initializationOptions\":" + options) + "}"));
        JsonObject r = c.response(id, WAIT);
        c.notify("initialized", json("{}"));
        return r.getAsJsonObject("result");
    }

    static void open(RawClient c, String uri, String text, int version) throws Exception {
        JsonObject item = new JsonObject();
        item.addProperty("uri", uri);
        item.addProperty("languageId", "ptx");
        item.addProperty("version", version);
        item.addProperty("text", text);
        JsonObject p = new JsonObject();
        p.add("textDocument", item);
        c.notify("textDocument/didOpen", p);
    }

    static JsonObject range(int l1, int c1, int l2, int c2) {
        return json("{\"start\":{\"line\":" + l1 + ",\"character\":" + c1 + "},\"end\":{\"line\":" + l2
                + ",\"character\":" + c2 + "}}").getAsJsonObject();
    }

    static void change(RawClient c, String uri, int version, JsonObject range, String text) throws Exception {
        JsonObject ch = new JsonObject();
        if (range != null) {
            ch.add("range", range);
        }
        ch.addProperty("text", text);
        JsonArray changes = new JsonArray();
        changes.add(ch);
        JsonObject p = new JsonObject();
        p.add("textDocument", json("{\"uri\":\"" + uri + "\",\"version\":" + version + "}"));
        p.add("contentChanges", changes);
        c.notify("textDocument/didChange", p);
    }

    static JsonObject at(String uri, int line, int col) {
        return json("{\"textDocument\":{\"uri\":\"" + uri + "\"},\"position\":{\"line\":" + line + ",\"character\":"
                + col + "}}").getAsJsonObject();
    }

    static JsonObject call(RawClient c, String method, JsonElement params) throws Exception {
        return c.response(c.request(method, params), WAIT);
    }

    /** The diagnostics of the publish for {@code version} (earlier ones are skipped; none may be newer). */
    static JsonArray diagnosticsFor(RawClient c, String uri, int version) throws Exception {
        while (true) {
            JsonObject p = c.publish(uri, WAIT).getAsJsonObject("params");
            int v = p.get("version").getAsInt();
            assertTrue(v <= version, "published version " + v + " is newer than the last edit " + version);
            if (v == version) {
                return p.getAsJsonArray("diagnostics");
            }
        }
    }

    static List<String> codes(JsonArray diags) {
        List<String> out = new ArrayList<>();
        diags.forEach(d -> out.add(d.getAsJsonObject().get("code").getAsString()));
        return out;
    }

    static List<String> labels(JsonObject completionResponse) {
        JsonElement r = completionResponse.get("result");
        JsonArray items = r.isJsonArray() ? r.getAsJsonArray() : r.getAsJsonObject().getAsJsonArray("items");
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.getAsJsonObject().get("label").getAsString()));
        return out;
    }

    /** Applies LSP text edits (non-overlapping) to {@code text}. */
    static String apply(String text, JsonArray edits) {
        List<int[]> spans = new ArrayList<>();
        List<String> news = new ArrayList<>();
        for (JsonElement e : edits) {
            JsonObject r = e.getAsJsonObject().getAsJsonObject("range");
            spans.add(new int[] {offset(text, r.getAsJsonObject("start")), offset(text, r.getAsJsonObject("end"))});
            news.add(e.getAsJsonObject().get("newText").getAsString());
        }
        StringBuilder sb = new StringBuilder(text);
        for (int k = spans.size() - 1; k >= 0; k--) {
            sb.replace(spans.get(k)[0], spans.get(k)[1], news.get(k));
        }
        return sb.toString();
    }

    static int offset(String text, JsonObject pos) {
        int line = pos.get("line").getAsInt();
        int off = 0;
        for (int l = 0; l < line; l++) {
            off = text.indexOf('\n', off) + 1;
        }
        return off + pos.get("character").getAsInt();
    }

    static int lineOf(String text, String needle) {
        int at = text.indexOf(needle);
        return (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count();
    }

    static int colOf(String text, String needle) {
        int at = text.indexOf(needle);
        return at - (text.lastIndexOf('\n', at) + 1);
    }

    // ------------------------------------------------------------------ tests

    @Test
    void editDiagnoseHoverCompleteFixAndExit() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            JsonObject caps = initialize(c, "{}", "{\"debounceMs\":30}").getAsJsonObject("capabilities");
            assertEquals(2, caps.getAsJsonObject("textDocumentSync").get("change").getAsInt(), "incremental sync");
            assertFalse(caps.has("diagnosticProvider"), "push mode for a client without pull support");

            String text = KERNEL;
            open(c, URI, text, 1);
            JsonArray d1 = diagnosticsFor(c, URI, 1);
            assertEquals(List.of("PTX0100"), codes(d1));
            JsonObject mull = d1.get(0).getAsJsonObject();
            assertTrue(mull.getAsJsonObject("codeDescription").get("href").getAsString().endsWith("/PTX0100.md"));
            assertEquals("ptxlint", mull.get("source").getAsString());

            // one-line incremental edit: use an undeclared register
            int line = lineOf(text, "  ret;");
            String inserted = "  add.s32 %r9, %r1, 1;\n";
            change(c, URI, 2, range(line, 0, line, 0), inserted);
            text = apply(text, json("[{\"range\":" + range(line, 0, line, 0) + ",\"newText\":\"" + inserted.replace("\n", "\\n")
                    + "\"}]").getAsJsonArray());
            JsonArray d2 = diagnosticsFor(c, URI, 2);
            assertEquals(List.of("PTX0100", "PTX0101"), codes(d2));
            assertEquals(new Linter().lint(text).size(), d2.size());

            // hover: the instruction's form and requirements, and a register's declaration
            int setpLine = lineOf(text, "setp.ge.u32");
            JsonObject hover = call(c, "textDocument/hover", at(URI, setpLine, colOf(text, "setp") + 1));
            String md = hover.getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
            assertTrue(md.contains("setp.u32") && md.contains("p: .pred") && md.contains("a: .u32")
                    && md.contains("PTX ISA 1.0"), md);
            hover = call(c, "textDocument/hover", at(URI, setpLine, colOf(text, "%r2, %r1;") + 2));
            md = hover.getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
            assertTrue(md.contains("register `%r2`") && md.contains(".reg .b32 %r<4>;") && md.contains("line 7"), md);

            // completion: after 'setp.' only CmpOps; after 'setp.lt.' BoolOps and types
            int cl = lineOf(text, "  ret;");
            change(c, URI, 3, range(cl, 0, cl, 0), "  setp.\n");
            JsonObject comp = call(c, "textDocument/completion", at(URI, cl, 7));
            List<String> l = labels(comp);
            assertTrue(l.contains("lt") && l.contains("hs") && !l.contains("s32") && !l.contains("and"), l.toString());
            change(c, URI, 4, range(cl, 7, cl, 7), "lt.");
            l = labels(call(c, "textDocument/completion", at(URI, cl, 10)));
            assertTrue(l.contains("s32") && l.contains("and") && l.contains("ftz") && !l.contains("lt"), l.toString());
            change(c, URI, 5, range(cl, 10, cl, 10), "s32 ");
            l = labels(call(c, "textDocument/completion", at(URI, cl, 14)));
            assertTrue(l.contains("%p1") && !l.contains("%r1") && !l.contains("%f1"), l.toString());
            change(c, URI, 6, range(cl, 14, cl, 14), "%p1, ");
            l = labels(call(c, "textDocument/completion", at(URI, cl, 19)));
            assertTrue(l.contains("%r1") && !l.contains("%p1") && !l.contains("%f1") && !l.contains("%rd1"), l.toString());
            l = labels(call(c, "textDocument/completion", at(URI, cl, 3)));
            assertTrue(l.contains("setp") && l.contains("selp") && !l.contains("add"), l.toString());
            // take the completion line out again
            change(c, URI, 7, range(cl, 0, cl + 1, 0), "");
            JsonArray d7 = diagnosticsFor(c, URI, 7);
            assertEquals(List.of("PTX0100", "PTX0101"), codes(d7));

            // code actions: the fix for 'mull', and disable-next-line for both
            JsonObject mullDiag = d7.get(0).getAsJsonObject();
            JsonObject params = new JsonObject();
            params.add("textDocument", json("{\"uri\":\"" + URI + "\"}"));
            params.add("range", mullDiag.get("range"));
            JsonObject ctx = new JsonObject();
            JsonArray ds = new JsonArray();
            ds.add(mullDiag);
            ctx.add("diagnostics", ds);
            params.add("context", ctx);
            JsonArray actions = call(c, "textDocument/codeAction", params).getAsJsonArray("result");
            JsonObject fix = null;
            JsonObject disable = null;
            for (JsonElement a : actions) {
                String title = a.getAsJsonObject().get("title").getAsString();
                if (title.equals("Change to 'mul'")) {
                    fix = a.getAsJsonObject();
                } else if (title.startsWith("Disable PTX0100")) {
                    disable = a.getAsJsonObject();
                }
            }
            assertNotNull(fix, actions.toString());
            assertNotNull(disable, actions.toString());
            assertEquals(mullDiag, fix.getAsJsonArray("diagnostics").get(0));
            // a guess ('did you mean') is offered but not preferred: editors' auto fix leaves it
            assertTrue(!fix.has("isPreferred") || !fix.get("isPreferred").getAsBoolean(), fix.toString());
            JsonArray edits = fix.getAsJsonObject("edit").getAsJsonObject("changes").getAsJsonArray(URI);
            String fixed = apply(text, edits);
            assertTrue(fixed.contains("  mul.f32 %f2"));
            // the disable action inserts an indented comment line above
            String disabled = apply(text, disable.getAsJsonObject("edit").getAsJsonObject("changes").getAsJsonArray(URI));
            assertTrue(disabled.contains("  // ptxlint-disable-next-line PTX0100\n  mull.f32"), disabled);
            // send the fix as an edit, and remove the undeclared register's line: clean
            JsonObject e = edits.get(0).getAsJsonObject();
            change(c, URI, 8, e.getAsJsonObject("range"), e.get("newText").getAsString());
            int bad = lineOf(fixed, "  add.s32 %r9");
            change(c, URI, 9, range(bad, 0, bad + 1, 0), "");
            assertEquals(0, diagnosticsFor(c, URI, 9).size());
            // the suppression comment silences the diagnostic on the next line
            change(c, URI, 10, range(bad, 0, bad, 0), "  // ptxlint-disable-next-line PTX0101\n  add.s32 %r9, %r1, 1;\n");
            assertEquals(0, diagnosticsFor(c, URI, 10).size());

            // navigation: definition of a label use, references of a register, outline
            String now = fixed.replace("  add.s32 %r9, %r1, 1;\n", "").replace("  ret;",
                    "  // ptxlint-disable-next-line PTX0101\n  add.s32 %r9, %r1, 1;\n  ret;");
            int braLine = lineOf(now, "bra $L__done");
            JsonArray def = call(c, "textDocument/definition", at(URI, braLine, colOf(now, "$L__done;") + 1))
                    .getAsJsonArray("result");
            assertEquals(lineOf(now, "$L__done:"), def.get(0).getAsJsonObject().getAsJsonObject("range")
                    .getAsJsonObject("start").get("line").getAsInt());
            JsonObject refParams = at(URI, setpLine, colOf(now, "%p1, %r2") + 1);
            refParams.add("context", json("{\"includeDeclaration\":false}"));
            JsonArray refs = call(c, "textDocument/references", refParams).getAsJsonArray("result");
            assertEquals(2, refs.size(), refs.toString()); // setp's %p1 and the guard @%p1
            JsonArray symbols = call(c, "textDocument/documentSymbol",
                    json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}")).getAsJsonArray("result");
            JsonObject entry = symbols.get(0).getAsJsonObject();
            assertEquals("scale", entry.get("name").getAsString());
            assertEquals("$L__done", entry.getAsJsonArray("children").get(0).getAsJsonObject().get("name").getAsString());

            // close: empty diagnostics
            c.notify("textDocument/didClose", json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}"));
            JsonObject closed = c.publish(URI, WAIT).getAsJsonObject("params");
            while (closed.has("version") && !closed.get("version").isJsonNull()) {
                closed = c.publish(URI, WAIT).getAsJsonObject("params");
            }
            assertEquals(0, closed.getAsJsonArray("diagnostics").size());

            assertTrue(call(c, "shutdown", null).has("result"));
            JsonObject late = call(c, "textDocument/hover", at(URI, 0, 0));
            assertEquals(-32600, late.getAsJsonObject("error").get("code").getAsInt(), "requests after shutdown");
            c.notify("exit", null);
            assertEquals(0, h.exitCode.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void malformedInputAndUnknownMethodsGetErrorsAndTheServerKeepsWorking() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", null);
            open(c, URI, KERNEL, 1);
            diagnosticsFor(c, URI, 1);

            c.sendRaw("{this is not json");
            JsonObject unknown = call(c, "ptxlint/noSuchMethod", json("{}"));
            assertEquals(-32601, unknown.getAsJsonObject("error").get("code").getAsInt());
            c.notify("ptxlint/noSuchNotification", json("{\"x\":1}"));
            c.notify("$/noSuchNotification", json("{}"));
            JsonObject badParams = call(c, "textDocument/hover", new JsonPrimitive("garbage"));
            assertTrue(badParams.has("error"), badParams.toString());
            JsonObject missingFields = call(c, "textDocument/hover", json("{}"));
            assertTrue(missingFields.has("error") || missingFields.get("result").isJsonNull(), missingFields.toString());
            JsonObject unopened = call(c, "textDocument/hover", at("file:///nowhere.ptx", 0, 0));
            assertTrue(unopened.get("result").isJsonNull());
            JsonObject outOfRange = call(c, "textDocument/hover", at(URI, 99_999, 99_999));
            assertFalse(outOfRange.has("error"), outOfRange.toString());
            JsonObject negative = call(c, "textDocument/completion", at(URI, -5, -3));
            assertFalse(negative.has("error"), negative.toString());
            // a change with a range beyond the end and a change for an unopened document
            change(c, URI, 2, range(500, 0, 900, 4), "");
            change(c, "file:///nowhere.ptx", 2, range(0, 0, 0, 0), "x");
            c.notify("textDocument/didChange", json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}"));
            c.notify("textDocument/didOpen", json("{\"textDocument\":42}"));
            diagnosticsFor(c, URI, 2);

            // still serving
            int setpLine = lineOf(KERNEL, "setp.ge.u32");
            JsonObject hover = call(c, "textDocument/hover", at(URI, setpLine, colOf(KERNEL, "setp") + 1));
            assertTrue(hover.getAsJsonObject("result").toString().contains("setp"));

            // exit without shutdown: status 1
            c.notify("exit", null);
            assertEquals(1, h.exitCode.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void pullDiagnosticsWhenTheClientSupportsThem() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            JsonObject caps = initialize(c, "{\"textDocument\":{\"diagnostic\":{\"dynamicRegistration\":false}}}", null)
                    .getAsJsonObject("capabilities");
            assertTrue(caps.has("diagnosticProvider"));
            open(c, URI, KERNEL, 1);
            JsonObject report = call(c, "textDocument/diagnostic", json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}"))
                    .getAsJsonObject("result");
            assertEquals("full", report.get("kind").getAsString());
            assertEquals(List.of("PTX0100"), codes(report.getAsJsonArray("items")));
            // asked again with the report's id and nothing changed: unchanged, same id
            String id = report.get("resultId").getAsString();
            String again = "{\"textDocument\":{\"uri\":\"" + URI + "\"},\"previousResultId\":\"" + id + "\"}";
            JsonObject same = call(c, "textDocument/diagnostic", json(again)).getAsJsonObject("result");
            assertEquals("unchanged", same.get("kind").getAsString(), same.toString());
            assertEquals(id, same.get("resultId").getAsString());
            assertFalse(same.has("items"));
            // an edit: a full report with a new id
            int line = lineOf(KERNEL, "  ret;");
            change(c, URI, 2, range(line, 0, line, 0), "  add.s32 %r9, %r1, 1;\n");
            JsonObject edited = call(c, "textDocument/diagnostic", json(again)).getAsJsonObject("result");
            assertEquals("full", edited.get("kind").getAsString());
            assertEquals(List.of("PTX0100", "PTX0101"), codes(edited.getAsJsonArray("items")));
            assertFalse(id.equals(edited.get("resultId").getAsString()));
            // new settings re-lint the same version: the old id is not unchanged any more
            String id2 = edited.get("resultId").getAsString();
            c.notify("workspace/didChangeConfiguration", json("{\"settings\":{\"ptxlint\":{\"rules\":{\"PTX0101\":\"off\"}}}}"));
            String asked2 = "{\"textDocument\":{\"uri\":\"" + URI + "\"},\"previousResultId\":\"" + id2 + "\"}";
            JsonObject relinted = null;
            for (long end = System.currentTimeMillis() + WAIT; System.currentTimeMillis() < end; Thread.sleep(20)) {
                relinted = call(c, "textDocument/diagnostic", json(asked2)).getAsJsonObject("result");
                if (relinted.get("kind").getAsString().equals("full")) {
                    break;
                }
            }
            assertEquals("full", relinted.get("kind").getAsString());
            assertEquals(List.of("PTX0100"), codes(relinted.getAsJsonArray("items")));
            call(c, "shutdown", null);
            c.notify("exit", null);
            assertEquals(0, h.exitCode.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void burstsOfEditsNeverPublishAStaleVersion() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", "{\"ptxlint\":{\"debounceMs\":5}}");
            open(c, URI, KERNEL, 1);
            diagnosticsFor(c, URI, 1);
            int line = lineOf(KERNEL, "  ret;");
            for (int v = 2; v <= 60; v++) {
                change(c, URI, v, range(line, 0, line, 0), "  add.s32 %r1, %r1, " + v + ";\n");
                if (v % 7 == 0) {
                    Thread.sleep(15);
                }
            }
            int last = 0;
            while (last != 60) {
                JsonObject p = c.publish(URI, WAIT).getAsJsonObject("params");
                int v = p.get("version").getAsInt();
                assertTrue(v > last, "version " + v + " after " + last);
                last = v;
            }
        }
    }

    @Test
    void configurationChangesSeveritiesAndTheDefaultHeader() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", null);
            String body = KERNEL.substring(KERNEL.indexOf(".visible")).replace("mull", "mul");
            open(c, URI, body, 1);
            assertEquals(List.of("PTX0105"), codes(diagnosticsFor(c, URI, 1)));
            c.notify("workspace/didChangeConfiguration", json("{\"settings\":{\"ptxlint\":{\"defaultVersion\":\"9.0\","
                    + "\"defaultTarget\":\"sm_90\",\"rules\":{\"PTX0101\":\"warning\"}}}}"));
            assertEquals(List.of(), codes(diagnosticsFor(c, URI, 1)));
            int line = lineOf(body, "  ret;");
            change(c, URI, 2, range(line, 0, line, 0), "  add.s32 %r9, %r1, 1;\n");
            JsonArray d = diagnosticsFor(c, URI, 2);
            assertEquals(List.of("PTX0101"), codes(d));
            JsonObject only = d.get(0).getAsJsonObject();
            assertEquals(2, only.get("severity").getAsInt(), "warning");
            assertEquals(line, only.getAsJsonObject("range").getAsJsonObject("start").get("line").getAsInt(),
                    "positions are the document's, not the assumed header's");
            c.notify("workspace/didChangeConfiguration", json("{\"settings\":{\"ptxlint\":{\"rules\":{\"PTX0101\":\"off\"}}}}"));
            assertEquals(List.of("PTX0105"), codes(diagnosticsFor(c, URI, 2)));
        }
    }

    @Test
    void hoverShowsTheEvaluatorsKnownValues() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", null);
            String text = KERNEL.replace("mull", "mul").replace("  ret;",
                    "  mov.u32 %r3, 5;\n  setp.lt.u32 %p1, %r3, 3;\n  ret;");
            open(c, URI, text, 1);
            assertEquals(List.of("PTX0300"), codes(diagnosticsFor(c, URI, 1)));
            int line = lineOf(text, "setp.lt.u32");
            JsonObject hover = call(c, "textDocument/hover", at(URI, line, colOf(text, "%r3, 3;") + 1));
            String md = hover.getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
            assertTrue(md.contains("Known values") && md.contains("`%r3` = 0x00000005 (5)"), md);
            assertTrue(md.contains("register `%r3`"), md);
            hover = call(c, "textDocument/hover", at(URI, line, colOf(text, "setp.lt.u32") + 2));
            md = hover.getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
            assertTrue(md.contains("always false") && md.contains("PTX0300"), md);
        }
    }

    @Test
    void theProjectsPtxlintrcAppliesAndTheEditorsSettingsWin(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve(".ptxlintrc"), "PTX0100 = warning\nPTX0101 = off\n");
        String uri = dir.resolve("k.ptx").toUri().toString();
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", null);
            String text = KERNEL.replace("st.global.f32 [%rd2], %f2;", "st.global.f32 [%rd2], %f9;");
            open(c, uri, text, 1);
            JsonArray d = diagnosticsFor(c, uri, 1);
            assertEquals(List.of("PTX0100"), codes(d), "PTX0101 is off in .ptxlintrc");
            assertEquals(2, d.get(0).getAsJsonObject().get("severity").getAsInt(), "PTX0100 is a warning there");
            c.notify("workspace/didChangeConfiguration",
                    json("{\"settings\":{\"ptxlint\":{\"rules\":{\"PTX0101\":\"error\"}}}}"));
            assertEquals(List.of("PTX0100", "PTX0101"), codes(diagnosticsFor(c, uri, 1)));
            java.nio.file.Files.writeString(dir.resolve(".ptxlintrc"), "PTX0100 = off\n");
            c.notify("workspace/didChangeWatchedFiles", json("{\"changes\":[{\"uri\":\""
                    + dir.resolve(".ptxlintrc").toUri() + "\",\"type\":2}]}"));
            assertEquals(List.of("PTX0101"), codes(diagnosticsFor(c, uri, 1)));
        }
    }

    @Test
    void semanticTokensAndLabelCompletion() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            JsonObject caps = initialize(c, "{}", null).getAsJsonObject("capabilities");
            JsonArray legend = caps.getAsJsonObject("semanticTokensProvider").getAsJsonObject("legend")
                    .getAsJsonArray("tokenTypes");
            open(c, URI, KERNEL, 1);
            diagnosticsFor(c, URI, 1);
            JsonArray data = call(c, "textDocument/semanticTokens/full",
                    json("{\"textDocument\":{\"uri\":\"" + URI + "\"}}")).getAsJsonObject("result").getAsJsonArray("data");
            assertTrue(data.size() > 0 && data.size() % 5 == 0, data.toString());
            // the first token of line 'ld.param.u64 ...' is an instruction (keyword)
            int line = lineOf(KERNEL, "  ld.param.u64");
            int l = 0;
            int kind = -1;
            for (int i = 0; i < data.size(); i += 5) {
                l += data.get(i).getAsInt();
                if (l == line) {
                    kind = data.get(i + 3).getAsInt();
                    break;
                }
            }
            assertEquals("keyword", legend.get(kind).getAsString());
            int bra = lineOf(KERNEL, "@%p1 bra $L__done;");
            int col = colOf(KERNEL, "$L__done;");
            change(c, URI, 2, range(bra, col, bra, col + 8), "$L");
            List<String> labels = labels(call(c, "textDocument/completion", at(URI, bra, col + 2)));
            assertEquals(List.of("$L__done"), labels);
        }
    }

    static final String MODULE = """
            .version 9.0
            .target sm_90
            .address_size 64

            .global .u32 counter;
            .const .u32 limit;
            .shared .u32 scratch;
            .func (.param .b32 r) helper (.param .b32 a);

            .visible .entry k1()
            {
              .reg .b32 %r<3>;
              ld.global.u32 %r1, [counter];
              call (%r2), helper, (%r1);
              st.global.u32 [counter], %r2;
              ret;
            }

            .visible .entry k2()
            {
              .reg .b32 %r<2>;
              .shared .u32 counter;
              ld.shared.u32 %r1, [counter];
              st.shared.u32 [counter], %r1;
              ret;
            }

            .func (.param .b32 r) helper (.param .b32 a)
            {
              .reg .b32 %r<2>;
              ld.param.b32 %r1, [a];
              atom.global.add.u32 %r1, [counter], %r1;
              st.param.b32 [r], %r1;
              ret;
            }
            """;

    static JsonArray references(RawClient c, String text, String needle, int nth, boolean withDecl) throws Exception {
        int at = -1;
        for (int k = 0; k <= nth; k++) {
            at = text.indexOf(needle, at + 1);
        }
        int line = (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count();
        JsonObject p = at(URI, line, at - (text.lastIndexOf('\n', at) + 1) + 1);
        p.add("context", json("{\"includeDeclaration\":" + withDecl + "}"));
        return call(c, "textDocument/references", p).getAsJsonArray("result");
    }

    static List<Integer> lines(JsonArray locations) {
        List<Integer> out = new ArrayList<>();
        locations.forEach(l -> out.add(l.getAsJsonObject().getAsJsonObject("range").getAsJsonObject("start")
                .get("line").getAsInt()));
        return out;
    }

    static int line(String text, String needle, int nth) {
        int at = -1;
        for (int k = 0; k <= nth; k++) {
            at = text.indexOf(needle, at + 1);
        }
        return (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count();
    }

    @Test
    void referencesAndDefinitionOfModuleVariablesAndFunctionsSpanTheDocument() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", null);
            String t = MODULE;
            open(c, URI, t, 1);
            diagnosticsFor(c, URI, 1);
            int decl = line(t, ".global .u32 counter", 0);
            int k1ld = line(t, "[counter]", 0);
            int k1st = line(t, "[counter]", 1);
            int atom = line(t, "atom.global", 0);
            List<Integer> expected = List.of(decl, k1ld, k1st, atom);
            // from a use in k1, from the declaration, from the use in another function: the same
            // list; k2's own .shared 'counter' shadows the module one and is not in it
            assertEquals(expected, lines(references(c, t, "[counter]", 0, true)));
            assertEquals(expected, lines(references(c, t, "counter;", 0, true)));
            assertEquals(expected, lines(references(c, t, "[counter], %r1;", 1, true)));
            assertEquals(expected.subList(1, 4), lines(references(c, t, "[counter]", 1, false)));
            // the shadowing local: its declaration and k2's two uses only
            int local = line(t, ".shared .u32 counter", 0);
            assertEquals(List.of(local, local + 1, local + 2), lines(references(c, t, "[counter]", 2, true)));

            // a function: the prototype, the call and the definition
            int proto = line(t, ".func (.param .b32 r) helper", 0);
            int callLine = line(t, "call (%r2), helper", 0);
            int defn = line(t, ".func (.param .b32 r) helper", 1);
            assertEquals(List.of(proto, callLine, defn), lines(references(c, t, "helper,", 0, true)));
            assertEquals(List.of(callLine), lines(references(c, t, "helper (", 1, false)));

            // go to definition: a call goes to the body, a module variable to its declaration,
            // the shadowing local to itself
            JsonObject p = at(URI, callLine, colOf(t, "helper,") + 1);
            assertEquals(List.of(defn), lines(call(c, "textDocument/definition", p).getAsJsonArray("result")));
            p = at(URI, atom, colOf(t, "atom.global.add.u32 %r1, [counter]") + 27);
            assertEquals(List.of(decl), lines(call(c, "textDocument/definition", p).getAsJsonArray("result")));
            p = at(URI, local + 1, colOf(t, "[counter]") + 2);
            assertEquals(List.of(local), lines(call(c, "textDocument/definition", p).getAsJsonArray("result")));
        }
    }

    @Test
    void operandCompletionOffersModuleVariablesByStateSpaceAndFunctionsAsCallTargets() throws Exception {
        try (ServerHarness h = new ServerHarness(); RawClient c = h.client()) {
            initialize(c, "{}", "{\"debounceMs\":30}");
            open(c, URI, MODULE, 1);
            diagnosticsFor(c, URI, 1);
            int l = lineOf(MODULE, "  ret;"); // in k1
            int[] version = {1};
            java.util.function.Function<String, List<String>> complete = typed -> {
                try {
                    change(c, URI, ++version[0], range(l, 0, l, 0), "  " + typed + "\n");
                    List<String> got = labels(call(c, "textDocument/completion", at(URI, l, typed.length() + 2)));
                    change(c, URI, ++version[0], range(l, 0, l + 1, 0), "");
                    return got;
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            };
            List<String> g = complete.apply("ld.global.u32 %r1, [");
            assertTrue(g.contains("counter") && g.contains("%r1") && !g.contains("limit") && !g.contains("scratch")
                    && !g.contains("helper"), g.toString());
            g = complete.apply("ld.shared::cta.u32 %r1, [");
            assertTrue(g.contains("scratch") && !g.contains("counter") && !g.contains("limit"), g.toString());
            g = complete.apply("ld.const.u32 %r1, [li");
            assertEquals(List.of("limit"), g);
            g = complete.apply("atom.global.add.u32 %r1, [c");
            assertEquals(List.of("counter"), g);
            g = complete.apply("ld.u32 %r1, ["); // generic addressing: any space
            assertTrue(g.contains("counter") && g.contains("limit") && g.contains("scratch"), g.toString());
            g = complete.apply("mov.u64 %rd1, ");
            assertTrue(g.contains("counter") && g.contains("scratch"), g.toString());
            g = complete.apply("add.u32 %r1, "); // not an address
            assertFalse(g.contains("counter"), g.toString());
            g = complete.apply("call (%r2), ");
            assertEquals(List.of("helper"), g);
            g = complete.apply("call (%r2), helper, (");
            assertTrue(g.contains("%r1") && !g.contains("helper"), g.toString());
        }
    }
}
