package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The sarif, github and checkstyle output formats, and --list-rules --format json. */
class CliFormatsTest extends CliHarness {

    /** The example of docs/json-format.md: an emoji (two UTF-16 units) before 'mvo' on line 8. */
    static final String KERNEL = ".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n"
            + "    .reg .b32 %r<2>;\n    /* \uD83D\uDE80 */ mvo.u32 %r1, 0\nL1:\nL1:\n    ret;\n}\n";

    static JsonSchema sarifSchema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = Files.newInputStream(TestData.testdata().resolve("sarif/sarif-schema-2.1.0.json"))) {
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
            sarifSchema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        // Jimfs's Unix working directory is /work.
        fs = Jimfs.newFileSystem(Configuration.unix());
        Files.createDirectories(fs.getPath("/work/src"));
        Files.createDirectories(fs.getPath("/elsewhere"));
        Files.writeString(fs.getPath("/work/src/kernel.ptx"), KERNEL);
        Files.writeString(fs.getPath("/work/src/clean.ptx"), CliTest.CLEAN);
        Files.writeString(fs.getPath("/work/src/has space.ptx"), CliTest.BAD);
        Files.writeString(fs.getPath("/elsewhere/bad.ptx"), CliTest.BAD);
    }

    private static Set<ValidationMessage> validate(String sarif) {
        return sarifSchema.validate(sarif, InputFormat.JSON);
    }

    // ---- SARIF

    @Test
    void sarifIsValidAgainstTheOfficialSchema() {
        assertEquals(1, run("", "--format", "sarif", "src/kernel.ptx", "src/clean.ptx", "/work/src/has space.ptx",
                "/elsewhere/bad.ptx"));
        Set<ValidationMessage> errors = validate(stdout());
        assertTrue(errors.isEmpty(), errors.toString());
        // stdin and a run without results are valid too
        assertEquals(1, run(CliTest.BAD, "--format=sarif", "-"));
        assertTrue(validate(stdout()).isEmpty(), validate(stdout()).toString());
        assertEquals(0, run("", "--format=sarif", "src/clean.ptx"));
        assertTrue(validate(stdout()).isEmpty(), validate(stdout()).toString());
    }

    @Test
    void theSchemaCheckCanFail() {
        assertEquals(1, run("", "--format", "sarif", "src/kernel.ptx"));
        String bad = stdout().replace("\"level\": \"error\"", "\"level\": \"fatal\"");
        assertFalse(validate(bad).isEmpty());
        String badColumn = stdout().replaceFirst("\"startColumn\": \\d+", "\"startColumn\": 0");
        assertFalse(validate(badColumn).isEmpty());
        assertFalse(validate("{\"version\": \"2.1.0\"}").isEmpty());
    }

    @Test
    void sarifDriverRulesAndResults() {
        assertEquals(1, run("", "--format", "sarif", "src/kernel.ptx"));
        JsonObject root = JsonParser.parseString(stdout()).getAsJsonObject();
        assertEquals("2.1.0", root.get("version").getAsString());
        JsonObject run = root.getAsJsonArray("runs").get(0).getAsJsonObject();
        assertEquals("utf16CodeUnits", run.get("columnKind").getAsString());
        JsonObject driver = run.getAsJsonObject("tool").getAsJsonObject("driver");
        assertEquals("ptxlint", driver.get("name").getAsString());
        assertEquals(Main.version(), driver.get("version").getAsString());
        assertEquals("https://github.com/ptxlint/ptxlint", driver.get("informationUri").getAsString());
        JsonArray rules = driver.getAsJsonArray("rules");
        assertEquals(Rules.all().size(), rules.size());
        List<Rule> registry = List.copyOf(Rules.all().values());
        for (int i = 0; i < rules.size(); i++) {
            JsonObject r = rules.get(i).getAsJsonObject();
            Rule rule = registry.get(i);
            assertEquals(rule.code(), r.get("id").getAsString());
            assertEquals(rule.name(), r.get("name").getAsString());
            assertEquals(rule.summary(), r.getAsJsonObject("shortDescription").get("text").getAsString());
            assertFalse(r.getAsJsonObject("fullDescription").get("text").getAsString().isBlank());
            assertEquals(rule.docsUrl(), r.get("helpUri").getAsString());
            assertEquals(rule.severity().label(), r.getAsJsonObject("defaultConfiguration").get("level").getAsString());
        }
        JsonObject ptx0100 = rules.get(index(registry, "PTX0100")).getAsJsonObject();
        assertTrue(ptx0100.getAsJsonObject("fullDescription").get("text").getAsString()
                .startsWith("Reports an instruction whose name is not part of PTX ISA 9.0."));
        assertTrue(ptx0100.getAsJsonObject("help").get("markdown").getAsString().startsWith("# PTX0100"));
        assertFalse(rules.get(index(registry, "PTX0250")).getAsJsonObject().has("help"), "help only for used rules");

        JsonArray results = run.getAsJsonArray("results");
        assertEquals(4, results.size());
        // the emoji: one character, two UTF-16 code units, end column exclusive
        JsonObject emoji = results.get(0).getAsJsonObject();
        assertEquals("PTX0004", emoji.get("ruleId").getAsString());
        assertEquals(index(registry, "PTX0004"), emoji.get("ruleIndex").getAsInt());
        assertEquals("error", emoji.get("level").getAsString());
        assertRegion(region(emoji), 8, 8, 8, 10);
        JsonObject mvo = results.get(1).getAsJsonObject();
        assertEquals("unknown instruction 'mvo'; did you mean 'mov'?", mvo.getAsJsonObject("message").get("text")
                .getAsString());
        assertRegion(region(mvo), 8, 14, 8, 17);
        JsonObject art = mvo.getAsJsonArray("locations").get(0).getAsJsonObject().getAsJsonObject("physicalLocation")
                .getAsJsonObject("artifactLocation");
        assertEquals("src/kernel.ptx", art.get("uri").getAsString());
        assertEquals("%SRCROOT%", art.get("uriBaseId").getAsString());
        assertTrue(run.getAsJsonObject("originalUriBaseIds").getAsJsonObject("%SRCROOT%").get("uri").getAsString()
                .endsWith("/work/"));
        // the fix
        JsonObject fix = mvo.getAsJsonArray("fixes").get(0).getAsJsonObject();
        assertEquals("Change to 'mov'", fix.getAsJsonObject("description").get("text").getAsString());
        JsonObject change = fix.getAsJsonArray("artifactChanges").get(0).getAsJsonObject();
        assertEquals("src/kernel.ptx", change.getAsJsonObject("artifactLocation").get("uri").getAsString());
        JsonObject rep = change.getAsJsonArray("replacements").get(0).getAsJsonObject();
        assertRegion(rep.getAsJsonObject("deletedRegion"), 8, 14, 8, 17);
        assertEquals("mov", rep.getAsJsonObject("insertedContent").get("text").getAsString());
        // an insertion point: an empty region
        JsonObject semicolon = results.get(2).getAsJsonObject();
        assertEquals("PTX0002", semicolon.get("ruleId").getAsString());
        assertRegion(region(semicolon), 8, 28, 8, 28);
        // related information
        JsonObject dup = results.get(3).getAsJsonObject();
        assertEquals("PTX0104", dup.get("ruleId").getAsString());
        JsonObject rel = dup.getAsJsonArray("relatedLocations").get(0).getAsJsonObject();
        assertEquals("first definition of 'L1'", rel.getAsJsonObject("message").get("text").getAsString());
        assertRegion(rel.getAsJsonObject("physicalLocation").getAsJsonObject("region"), 9, 1, 9, 3);
        assertFalse(dup.has("fixes"));
        assertTrue(run.getAsJsonArray("invocations").get(0).getAsJsonObject().get("executionSuccessful")
                .getAsBoolean());
    }

    @Test
    void sarifUrisOutsideTheWorkingDirectoryAreAbsoluteAndEncoded() {
        assertEquals(1, run("", "--format", "sarif", "/work/src/has space.ptx", "/elsewhere/bad.ptx", "-"));
        JsonArray results = JsonParser.parseString(stdout()).getAsJsonObject().getAsJsonArray("runs").get(0)
                .getAsJsonObject().getAsJsonArray("results");
        assertEquals("src/has%20space.ptx", artifact(results.get(0)).get("uri").getAsString());
        JsonObject outside = artifact(results.get(2));
        assertTrue(outside.get("uri").getAsString().endsWith("/elsewhere/bad.ptx"), outside.toString());
        assertFalse(outside.has("uriBaseId"));
        JsonObject stdin = artifact(results.get(4));
        assertFalse(stdin.has("uri"));
        assertEquals("standard input", stdin.getAsJsonObject("description").get("text").getAsString());
    }

    @Test
    void sarifLevelsFollowTheConfiguration() throws IOException {
        Files.writeString(fs.getPath("/work/src/.ptxlintrc"), "PTX0100 = note\nPTX0101 = warning\n");
        assertEquals(0, run("", "--format", "sarif", "src/has space.ptx"));
        JsonObject run = JsonParser.parseString(stdout()).getAsJsonObject().getAsJsonArray("runs").get(0)
                .getAsJsonObject();
        JsonArray results = run.getAsJsonArray("results");
        assertEquals("note", results.get(0).getAsJsonObject().get("level").getAsString());
        assertEquals("warning", results.get(1).getAsJsonObject().get("level").getAsString());
        assertTrue(validate(stdout()).isEmpty());
    }

    @Test
    void sarifReportsAnUnsuccessfulExecutionOnIoErrors() {
        assertEquals(2, run("", "--format", "sarif", "src/nope.ptx", "src/clean.ptx"));
        JsonObject run = JsonParser.parseString(stdout()).getAsJsonObject().getAsJsonArray("runs").get(0)
                .getAsJsonObject();
        assertFalse(run.getAsJsonArray("invocations").get(0).getAsJsonObject().get("executionSuccessful")
                .getAsBoolean());
        assertTrue(validate(stdout()).isEmpty());
    }

    private static int index(List<Rule> registry, String code) {
        for (int i = 0; i < registry.size(); i++) {
            if (registry.get(i).code().equals(code)) {
                return i;
            }
        }
        throw new AssertionError(code);
    }

    private static JsonObject artifact(com.google.gson.JsonElement result) {
        return result.getAsJsonObject().getAsJsonArray("locations").get(0).getAsJsonObject()
                .getAsJsonObject("physicalLocation").getAsJsonObject("artifactLocation");
    }

    private static JsonObject region(JsonObject result) {
        return result.getAsJsonArray("locations").get(0).getAsJsonObject().getAsJsonObject("physicalLocation")
                .getAsJsonObject("region");
    }

    private static void assertRegion(JsonObject region, int startLine, int startColumn, int endLine, int endColumn) {
        assertEquals(List.of(startLine, startColumn, endLine, endColumn), List.of(region.get("startLine").getAsInt(),
                region.get("startColumn").getAsInt(), region.get("endLine").getAsInt(),
                region.get("endColumn").getAsInt()), region.toString());
    }

    // ---- GitHub Actions

    @Test
    void githubWorkflowCommands() {
        assertEquals(1, run("", "--format", "github", "src/kernel.ptx", "/work/src/clean.ptx"));
        assertEquals(List.of(
                "::error file=src/kernel.ptx,line=8,col=8,endLine=8,endColumn=9,title=PTX0004::non-ASCII character in a"
                        + " comment or string: ptxas rejects any byte above 0x7F anywhere in the file; use ASCII only",
                "::error file=src/kernel.ptx,line=8,col=14,endLine=8,endColumn=16,title=PTX0100::unknown instruction"
                        + " 'mvo'; did you mean 'mov'? (fixable with --unsafe-fixes)",
                "::error file=src/kernel.ptx,line=8,col=28,endLine=8,endColumn=28,title=PTX0002::expected ';' after"
                        + " the instruction 'mvo' (fixable with --fix)",
                "::error file=src/kernel.ptx,line=10,col=1,endLine=10,endColumn=2,title=PTX0104::'L1' is already"
                        + " defined in this scope; rename the label%0Asrc/kernel.ptx:9:1: note: first definition of"
                        + " 'L1'"),
                stdout().lines().toList());
    }

    @Test
    void githubSeveritiesAreErrorWarningAndNotice() throws IOException {
        Files.writeString(fs.getPath("/work/src/.ptxlintrc"), "PTX0100 = note\nPTX0101 = warning\n");
        assertEquals(0, run("", "--format", "github", "src/has space.ptx"));
        List<String> lines = stdout().lines().toList();
        assertTrue(lines.get(0).startsWith("::notice file=src/has space.ptx,line=8,"), lines.get(0));
        assertTrue(lines.get(1).startsWith("::warning file=src/has space.ptx,line=9,"), lines.get(1));
    }

    @Test
    void githubEscapesDataAndProperties() throws IOException {
        Files.writeString(fs.getPath("/work/src/a,b:c%d.ptx"), CliTest.BAD);
        assertEquals(1, run("", "--format", "github", "src/a,b:c%d.ptx"));
        assertTrue(stdout().startsWith("::error file=src/a%2Cb%3Ac%25d.ptx,line=8,col=3,endLine=8,endColumn=6,"
                + "title=PTX0100::unknown instruction 'movv'; did you mean 'mov'? (fixable with --unsafe-fixes)\n"), stdout());

        // a message with every character that needs escaping
        Diagnostic d = Diagnostic.of(Rules.UNKNOWN_INSTRUCTION, new TextRange(0, 1, 0, 0, 0, 1),
                "100% sure: a,b\r\nnext line\rend\nlast");
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        new GithubRenderer(fs.getPath("/work")).file(new Renderer.Source("x:y,z.ptx", null), List.of(d),
                new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertEquals("::error file=x%3Ay%2Cz.ptx,line=1,col=1,endLine=1,endColumn=1,title=PTX0100::"
                + "100%25 sure: a,b%0D%0Anext line%0Dend%0Alast\n", buf.toString(StandardCharsets.UTF_8));
        assertEquals("a%25b%0D%0Ac", GithubRenderer.escapeData("a%b\r\nc"));
        assertEquals("a%25b%0D%0Ac%3Ad%2Ce", GithubRenderer.escapeProperty("a%b\r\nc:d,e"));
    }

    @Test
    void githubMultiLineRangesHaveNoColumns() {
        Diagnostic d = Diagnostic.of(Rules.UNTERMINATED_COMMENT, new TextRange(0, 20, 2, 4, 5, 0), "open comment");
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        new GithubRenderer(fs.getPath("/work")).file(new Renderer.Source("k.ptx", fs.getPath("/work/k.ptx")),
                List.of(d), new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertEquals("::error file=k.ptx,line=3,endLine=6,title=PTX0008::open comment\n",
                buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void errorOnWarningDecidesTheExitStatusInEveryFormat() throws IOException {
        Files.writeString(fs.getPath("/work/src/.ptxlintrc"), "PTX0100 = warning\nPTX0101 = warning\n");
        for (String format : Renderer.FORMATS) {
            assertEquals(0, run("", "--format", format, "src/has space.ptx"), format);
            assertEquals(1, run("", "--format", format, "--error-on", "warning", "src/has space.ptx"), format);
            assertFalse(stdout().isEmpty(), format);
        }
    }

    // ---- Checkstyle

    @Test
    void checkstyleXmlParsesAndCarriesEveryDiagnostic() throws Exception {
        assertEquals(1, run("", "--format", "checkstyle", "src/kernel.ptx", "src/clean.ptx"));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(out.toByteArray()));
        Element root = doc.getDocumentElement();
        assertEquals("checkstyle", root.getTagName());
        NodeList files = root.getElementsByTagName("file");
        assertEquals(2, files.getLength());
        Element kernel = (Element) files.item(0);
        assertEquals("src/kernel.ptx", kernel.getAttribute("name"));
        NodeList errors = kernel.getElementsByTagName("error");
        assertEquals(4, errors.getLength());
        Element mvo = (Element) errors.item(1);
        assertEquals("8", mvo.getAttribute("line"));
        assertEquals("14", mvo.getAttribute("column"));
        assertEquals("error", mvo.getAttribute("severity"));
        assertEquals("PTX0100", mvo.getAttribute("source"));
        assertEquals("unknown instruction 'mvo'; did you mean 'mov'? (fixable with --unsafe-fixes)",
                mvo.getAttribute("message"));
        assertEquals(0, ((Element) files.item(1)).getElementsByTagName("error").getLength());
    }

    @Test
    void checkstyleEscapesMarkupAndDropsCharactersXmlCannotCarry() throws Exception {
        Files.writeString(fs.getPath("/work/src/a&b<c>.ptx"), CliTest.BAD);
        Files.writeString(fs.getPath("/work/src/note.ptx"), CliTest.BAD);
        Files.writeString(fs.getPath("/work/src/.ptxlintrc"), "PTX0101 = note\n");
        assertEquals(1, run("", "--format", "checkstyle", "src/a&b<c>.ptx"));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(out.toByteArray()));
        Element file = (Element) doc.getElementsByTagName("file").item(0);
        assertEquals("src/a&b<c>.ptx", file.getAttribute("name"));
        assertEquals("info", ((Element) file.getElementsByTagName("error").item(1)).getAttribute("severity"));
        assertEquals("a\uFFFDb\uFFFD\uD83D\uDE80\uFFFD", CheckstyleRenderer.xmlSafe("a\u0001b\uFFFF\uD83D\uDE80\uD800"));
        assertEquals("tab\tok", CheckstyleRenderer.xmlSafe("tab\tok"));
    }

    // ---- --list-rules

    @Test
    void listRulesAsJson() {
        assertEquals(0, run("", "--list-rules", "--format", "json"));
        JsonObject root = JsonParser.parseString(stdout()).getAsJsonObject();
        assertEquals(1, root.get("version").getAsInt());
        JsonArray rules = root.getAsJsonArray("rules");
        assertEquals(Rules.all().size(), rules.size());
        JsonObject first = rules.get(0).getAsJsonObject();
        Rule r = Rules.all().values().iterator().next();
        assertEquals(r.code(), first.get("code").getAsString());
        assertEquals(r.name(), first.get("rule").getAsString());
        assertEquals(r.severity().label(), first.get("severity").getAsString());
        assertEquals(r.category(), first.get("category").getAsString());
        assertEquals(r.summary(), first.get("summary").getAsString());
        assertEquals(r.docsUrl(), first.get("docs").getAsString());
        // the format may come first, and other formats are refused without a stack trace
        assertEquals(0, run("", "--format=json", "--list-rules"));
        assertNotNull(JsonParser.parseString(stdout()));
        assertEquals(2, run("", "--list-rules", "--format", "sarif"));
        assertEquals("", stdout());
        assertTrue(stderr().startsWith("ptxlint: --list-rules supports --format text or json"), stderr());
    }

    @Test
    void unknownFormatNamesEveryFormat() {
        assertEquals(2, run("", "--format", "xml", "src"));
        assertTrue(stderr().startsWith("ptxlint: unknown format 'xml': use text, json, sarif, github, checkstyle\n"),
                stderr());
        assertEquals(0, run("", "--help"));
        for (String f : Renderer.FORMATS) {
            assertTrue(stdout().contains(f), f);
        }
    }
}
