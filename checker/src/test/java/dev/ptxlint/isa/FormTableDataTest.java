package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The form tables read from set-family.ptxisa and video-compare.ptxisa are exactly the tables
 * the Java code (SetFamily, VideoFamily) built before they moved into data: compared line by line
 * with the frozen dump set-video-tables.txt. And the loader rejects data that does not say one
 * thing clearly.
 */
class FormTableDataTest {

    private static List<String> frozen() throws IOException {
        try (InputStream in = FormTableDataTest.class.getResourceAsStream("set-video-tables.txt")) {
            assertNotNull(in, "set-video-tables.txt is missing");
            List<String> out = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!l.startsWith("#") && !l.isEmpty()) {
                    out.add(l);
                }
            }
            return out;
        }
    }

    /** The two data files, read directly (so that this test does not depend on the other data files). */
    private static List<FormTable> fromFiles() throws IOException {
        List<IsaSource> sources = new ArrayList<>();
        for (String f : List.of("set-family.ptxisa", "video-compare.ptxisa")) {
            try (InputStream in = FormTableData.class.getResourceAsStream(f)) {
                assertNotNull(in, f + " is missing");
                sources.add(IsaSource.parse(f, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            }
        }
        return FormTableData.load(sources);
    }

    @Test
    void tablesFromDataAreTheFrozenJavaTables() throws IOException {
        List<String> want = frozen();
        List<String> got = FormTableDump.dump(fromFiles());
        for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
            if (!want.get(i).equals(got.get(i))) {
                fail("line " + (i + 1) + " of the dump differs:\n  frozen: " + want.get(i) + "\n  data:   "
                        + got.get(i));
            }
        }
        assertEquals(want.size(), got.size(), "number of lines of the dump");
    }

    @Test
    void theSevenTablesInOrder() throws IOException {
        List<String> opcodes = FormTableData.tables().stream().map(FormTable::opcode).toList();
        assertEquals(List.of("setp", "set", "selp", "slct", "vset", "vset2", "vset4"), opcodes);
        assertEquals(FormTableDump.dump(fromFiles()), FormTableDump.dump(FormTableData.tables()),
                "the tables of the index are those of the two files");
        assertSame(FormTableData.table("vset2"), FormTableData.table("vset2"));
        assertNull(FormTableData.table("add"));
    }

    @Test
    void formTableBlocksAreNotGeneralForms() {
        for (String op : List.of("setp", "set", "selp", "slct", "vset", "vset2", "vset4")) {
            assertTrue(InstructionSet.get().forms(op).isEmpty(), op + " is read by FormTableData only");
        }
    }

    // ------------------------------------------------------------------ malformed data

    private static List<FormTable> load(String text) {
        return FormTableData.load(List.of(IsaSource.parse("t.ptxisa", text)));
    }

    private static String error(String text) {
        return assertThrows(IsaSource.FormatException.class, () -> load(text)).getMessage();
    }

    private static final String SELP = """
            @section 9.7.6.3 selp
            @formtable selp .type
            selp.type  d, a, b, c;
            .type = { .b32, .f32 };
            @operand c : pred
            """;

    @Test
    void aSmallTable() {
        FormTable t = load(SELP).get(0);
        assertEquals("selp", t.opcode());
        assertEquals("9.7.6.3 selp", t.manual());
        assertEquals(List.of(List.of(PtxType.B32), List.of(PtxType.F32)), List.copyOf(t.forms().keySet()));
        assertEquals(FormTable.Role.PREDICATE, t.operands().get(3).role());
        assertEquals(List.of(FormTable.Part.TYPES), t.order());
    }

    @Test
    void aQuirkNeedsEvidence() {
        assertTrue(error(SELP + "@quirk CONSTANT_PREDICATE\n").contains("needs @evidence"));
        load(SELP + "@quirk CONSTANT_PREDICATE\n@evidence \"measured\"\n");
    }

    @Test
    void unknownQuirkOrAnnotation() {
        assertTrue(error(SELP + "@quirk NO_SUCH\n@evidence \"x\"\n").contains("no quirk NO_SUCH"));
        assertTrue(error(SELP + "@repeatable .type\n").contains("has no meaning in a form table"));
    }

    @Test
    void theFirstBlockNamesTheTypeSlots() {
        assertTrue(error(SELP.replace("@formtable selp .type", "@formtable selp")).contains("names its type slots"));
        assertTrue(error(SELP.replace("@formtable selp .type", "@formtable selp .dtype")).contains("type slot 1"));
    }

    @Test
    void linesOfTheSameFormMustAgree() {
        String text = """
                @section s
                @formtable setp .type
                setp.CmpOp{.ftz}.type         p[|q], a, b;
                setp.CmpOp.BoolOp.type        p[|q], a, b, {!}c;
                .CmpOp = { .eq, .ne };
                .BoolOp = { .and, .or, .xor };
                .type = { .f32 };
                """;
        assertTrue(error(text).contains("in an earlier line"));
        FormTable t = load(text.replace("BoolOp.type", "BoolOp{.ftz}.type")).get(0);
        assertTrue(t.form(List.of(PtxType.F32)).ftz());
        assertEquals(FormTable.Presence.WITH_BOOLOP, t.operands().get(3).presence());
        assertEquals(Dest.PREDICATE_OR_PAIR, t.form(List.of(PtxType.F32)).dest());
    }

    @Test
    void everyFormWithAndWithoutItsBoolOp() {
        String text = """
                @section s
                @formtable setp .type
                setp.CmpOp.type               p, a, b;
                setp.CmpOp.BoolOp.type        p, a, b, {!}c;
                setp.CmpOp.u32                p, a, b;
                .CmpOp = { .eq, .ne };
                .BoolOp = { .and, .or, .xor };
                .type = { .b32 };
                @operand p : pred
                """;
        assertTrue(error(text).contains("setp.u32 needs a form line with a BoolOp and one without"));
    }

    @Test
    void aSinceNeedsAFeature() {
        assertTrue(error(SELP + "@since 2.0 sm_20\n").contains("@feature"));
        assertTrue(error(SELP + "@since 2.0 sm_90a\n@feature \"x\"\n").contains("plain target"));
        FormTable t = load(SELP + "@since 2.0 sm_20\n@feature \"selp\"\n").get(0);
        Form f = t.form(List.of(PtxType.B32));
        assertEquals(Requirement.of("2.0", 20), f.requires());
        assertEquals("selp", f.feature());
    }

    @Test
    void selectorsMustBeDeclaredAndMatchTheManualsList() {
        String text = """
                @section s
                @formtable vset2 .atype .btype
                vset2.atype.btype.cmp      d{.mask}, a{.asel}, b, c;
                vset2.atype.btype.cmp.add  d{.mask}, a{.asel}, b, c;
                .atype = .btype = { .u32 };
                .cmp = { .eq };
                .mask = { .h0, .h1, .h10 };
                @operand a : .atype
                @selectors d : mask masks(.h,2) default=.h10
                @selectors a : source lanes(.h,2,0..3) default=.h10
                """;
        FormTable t = load(text).get(0);
        assertEquals(16, t.operands().get(1).selectors().legal().size());
        assertEquals(List.of(".add"), t.secondaryOps());
        assertTrue(error(text.replace("@selectors a : source lanes(.h,2,0..3) default=.h10\n", ""))
                .contains("say which selectors"));
        assertTrue(error(text.replace(".h0, .h1, .h10", ".h0, .h1, .h01")).contains("not the set"));
        assertTrue(error(text.replace("default=.h10\n@selectors a", "default=.h01\n@selectors a"))
                .contains("default mask"));
    }

    @Test
    void aMergingDestinationMakesCPresentWithASecondaryOp() {
        String text = """
                @section s
                @formtable vset .atype .btype
                vset.atype.btype.cmp       d, a, b;
                vset.atype.btype.cmp.op2   d, a, b, c;
                vset.atype.btype.cmp       d.dsel, a, b, c;
                .atype = .btype = { .u32 };
                .cmp = { .eq };
                .dsel = { .b0, .h0 };
                .op2 = { .add, .min };
                @operand a : .atype
                @selectors d : merge "a byte or a half"
                @constants a b c : undocumented-integers
                @evidence "measured"
                """;
        FormTable t = load(text).get(0);
        assertEquals(FormTable.Presence.WITH_SECONDARY, t.operands().get(3).presence());
        assertEquals(Selectors.Use.MERGE, t.operands().get(0).selectors().use());
        assertEquals(FormTable.Constants.UNDOCUMENTED_INTEGERS, t.operands().get(1).constants());
        assertEquals("cmp", t.cmpName());
        assertTrue(error(text.replace("@evidence \"measured\"\n", "")).contains("needs @evidence"));
        assertTrue(error(text.replace("@selectors d : merge", "@selectors d : source"))
                .contains("optional on a source"));
    }

    @Test
    void hintsAndOperandRoles() {
        String text = SELP + "@operand a b : copied\n@operand c : pred selects\n"
                + "@hint a b : \"the predicate goes last\"\n@hint .lt : \"compare with setp\"\n";
        FormTable t = load(text).get(0);
        assertEquals("the predicate goes last", t.hint("a"));
        assertEquals("the predicate goes last", t.hint("b"));
        assertEquals("compare with setp", t.hint(".lt"));
        assertNull(t.hint("c"));
        assertTrue(t.copies(0));
        assertEquals("c", t.selecting().name());
        assertTrue(!t.operands().get(1).selects() && t.operands().get(1).copied());
        FormTable plain = load(SELP).get(0);
        assertNull(plain.selecting());
        assertTrue(!plain.copies(0));
        assertTrue(error(SELP + "@hint q : \"x\"\n").contains("names operand q"));
        assertTrue(error(SELP + "@hint a : \"x\" \"y\"\n").contains("@hint NAMES"));
        assertTrue(error(SELP + "@operand a : chosen\n").contains("not chosen"));
        String two = SELP + "@hint a : \"x\"\n---\n@formtable selp\nselp.type d, a, b, c;\n.type = { .b64 };\n"
                + "@operand c : pred\n@hint a : \"y\"\n";
        assertTrue(error(two).contains("another text"));
    }

    /** Each operand's name, whether it selects and whether it is copied (Selectors compare by identity). */
    private static List<String> roles(FormTable t) {
        return t.operands().stream().map(o -> o.name() + " " + o.selects() + " " + o.copied()).toList();
    }

    @Test
    void theIndexKeepsHintsAndRoles() throws IOException {
        List<FormTable> files = fromFiles();
        List<FormTable> index = FormTableData.tables();
        for (int i = 0; i < files.size(); i++) {
            assertEquals(files.get(i).hints(), index.get(i).hints(), files.get(i).opcode());
            assertEquals(roles(files.get(i)), roles(index.get(i)), files.get(i).opcode());
        }
        assertEquals("to get a predicate use setp", FormTableData.table("set").hint("d"));
        assertEquals("c", FormTableData.table("slct").selecting().name());
        assertTrue(FormTableData.table("selp").copies(0) && !FormTableData.table("set").copies(0));
    }
}
