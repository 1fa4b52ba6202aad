package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The build's index of the ISA data ({@link IsaIndex}, made in the checker's process-classes
 * phase) and the lazy instruction set that reads through it give exactly what a full parse of the
 * {@code .ptxisa} text gives; an index that does not fit the text is dropped.
 */
class InstructionSetIndexTest {

    private static InstructionSet full() {
        return InstructionSet.load(InstructionSet.Texts.ofClasspath(), false);
    }

    private static InstructionSet lazy() {
        return InstructionSet.load(InstructionSet.Texts.ofClasspath(), true);
    }

    @Test
    void theShippedIndexIsThatOfAFullParse() {
        byte[] shipped = InstructionSet.Texts.ofClasspath().bytesOrNull(IsaIndex.RESOURCE);
        assertNotNull(shipped, "the build makes " + IsaIndex.RESOURCE + " (checker/pom.xml, process-classes)");
        IsaIndex read = IsaIndex.read(new String(shipped, StandardCharsets.UTF_8));
        assertNotNull(read);
        IsaIndex fromText = full().index();
        assertEquals(fromText.write(), read.write());
        assertEquals(fromText, read);
        assertEquals(fromText, IsaIndex.read(fromText.write()), "write and read round-trip");
    }

    @Test
    void theLazySetAnswersAsTheFullParse() {
        InstructionSet full = full();
        InstructionSet lazy = lazy();
        assertEquals(0, lazy.parsedFiles(), "nothing parsed before an opcode is asked for");
        lazy.forms("add");
        int afterAdd = lazy.parsedFiles();
        assertTrue(afterAdd >= 1 && afterAdd < lazy.index().files.size(),
                "only the files of add are parsed: " + afterAdd);
        assertEquals(List.copyOf(full.opcodes()), List.copyOf(lazy.opcodes()));
        assertEquals(full.knownWords(), lazy.knownWords());
        assertEquals(full.ignored(), lazy.ignored());
        List<String> ops = new ArrayList<>(full.opcodes());
        ops.addAll(FormTableData.opcodes());
        ops.add("no.such.opcode");
        ops.add("ret");
        for (String op : ops) {
            assertEquals(full.has(op), lazy.has(op), op);
            assertEquals(describe(full, full.forms(op)), describe(lazy, lazy.forms(op)), op);
            assertEquals(List.copyOf(full.vocabulary(op)), List.copyOf(lazy.vocabulary(op)), op);
            assertEquals(full.ignored(op), lazy.ignored(op), op);
            assertEquals(full.elsewhere(op), lazy.elsewhere(op), op);
            assertSame(lazy.forms(op), lazy.forms(op), "compiled once: " + op);
        }
        assertEquals(full.formCount(), lazy.formCount());
        assertTrue(full.formCount() > 1000, "the data has its forms");
        for (String w : full.knownWords()) {
            assertTrue(lazy.isKnownWord(w), w);
        }
    }

    @Test
    void formTablesReadOnePerOpcodeAreThoseOfTheWholeData() {
        InstructionSet full = full();
        List<FormTable> all = FormTableData.load(full.sources(full.index().files));
        List<String> opcodes = new ArrayList<>();
        for (FormTable t : all) {
            opcodes.add(t.opcode());
            List<IsaSource> sources = InstructionSet.tableSources(t.opcode());
            assertEquals(FormTableDump.dump(List.of(t)),
                    FormTableDump.dump(FormTableData.load(sources, t.opcode())), t.opcode());
            assertEquals(FormTableDump.dump(List.of(t)), FormTableDump.dump(List.of(FormTableData.table(t.opcode()))));
        }
        assertEquals(opcodes, List.copyOf(FormTableData.opcodes()));
    }

    private static final String LIST = "a.ptxisa\nb.ptxisa\n";
    private static final String A = "@ignored .weird\n---\nadd.type d, a, b;\n.type = { .u32, .s32 };\n";
    private static final String B = "@ignores .pred : sub\n---\nsub.type d, a, b;\n.type = { .u32 };\n---\n"
            + "mul.lo.type d, a, b;\n.type = { .u32 };\n";

    private static Map<String, String> texts(String a, String b) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("index.txt", LIST);
        m.put("a.ptxisa", a);
        m.put("b.ptxisa", b);
        return m;
    }

    private static Map<String, String> withIndex(Map<String, String> texts) {
        IsaIndex idx = InstructionSet.fullIndex(InstructionSet.Texts.ofMap(texts), new HashMap<>());
        Map<String, String> m = new LinkedHashMap<>(texts);
        m.put(IsaIndex.RESOURCE, idx.write());
        return m;
    }

    @Test
    void anIndexReadsOnlyTheFilesOfTheOpcodesAskedFor() {
        InstructionSet s = InstructionSet.load(InstructionSet.Texts.ofMap(withIndex(texts(A, B))), true);
        assertEquals(List.of("add", "sub", "mul"), List.copyOf(s.opcodes()));
        assertTrue(s.isKnownWord(".lo"));
        assertEquals(Set.of(".weird"), s.ignored());
        assertEquals(0, s.parsedFiles());
        assertEquals(1, s.forms("add").size());
        assertEquals(1, s.parsedFiles());
        assertEquals(List.of(), s.forms("div"));
        assertEquals(1, s.parsedFiles());
        assertEquals("mul.lo.type d, a, b;", s.forms("mul").get(0).syntax());
        assertEquals(2, s.parsedFiles());
        assertEquals(Set.of(".pred", ".weird"), s.ignored("sub"));
    }

    @Test
    void anIndexThatDoesNotFitTheTextIsDropped() {
        Map<String, String> stale = withIndex(texts(A, B));
        String b2 = B.replace("mul.lo.type", "mul.hi.type");
        stale.put("b.ptxisa", b2);
        InstructionSet s = InstructionSet.load(InstructionSet.Texts.ofMap(stale), true);
        assertEquals("mul.hi.type d, a, b;", s.forms("mul").get(0).syntax(), "the text wins");
        assertTrue(s.isKnownWord(".hi"));
        assertTrue(!s.isKnownWord(".lo"));
        assertEquals(2, s.parsedFiles(), "every file parsed once the index is found stale");

        // a file added to index.txt: the list's CRC differs, so the index is not used at all
        Map<String, String> listed = withIndex(texts(A, B));
        listed.put("index.txt", LIST + "c.ptxisa\n");
        listed.put("c.ptxisa", "div.type d, a, b;\n.type = { .u32 };\n");
        InstructionSet c = InstructionSet.load(InstructionSet.Texts.ofMap(listed), true);
        assertEquals(3, c.parsedFiles());
        assertEquals(1, c.forms("div").size());

        // no index: a full parse
        InstructionSet none = InstructionSet.load(InstructionSet.Texts.ofMap(texts(A, B)), true);
        assertEquals(2, none.parsedFiles());
        assertEquals(List.of("add", "sub", "mul"), List.copyOf(none.opcodes()));
        assertEquals(3, none.formCount());
    }

    /** What {@code -Dptxlint.isa.dir} gives: the files of a directory, edited, parsed in full. */
    @Test
    void aDirectoryOfEditedDataIsReadInFull() throws Exception {
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
            Path dir = fs.getPath("/isa");
            Files.createDirectories(dir);
            Map<String, String> m = withIndex(texts(A, B));
            m.put("a.ptxisa", A.replace(".s32 }", ".s32, .u64 }"));
            for (Map.Entry<String, String> e : m.entrySet()) {
                Files.writeString(dir.resolve(e.getKey()), e.getValue());
            }
            InstructionSet s = InstructionSet.load(InstructionSet.Texts.ofDirectory(dir), false);
            assertEquals(2, s.parsedFiles());
            assertEquals(Set.of(".u32", ".s32", ".u64"), s.vocabulary("add"), "the edited text, not the index");
        }
    }

    // ------------------------------------------------------------------ comparing forms

    private static List<String> describe(InstructionSet isa, List<IsaForm> forms) {
        List<String> out = new ArrayList<>();
        for (IsaForm f : forms) {
            StringBuilder sb = new StringBuilder();
            sb.append(f.opcode()).append(" | ").append(f.syntax()).append(" | ").append(f.origin()).append(" | ")
                    .append(f.section()).append(" | ").append(f.name()).append('/').append(f.nameLength())
                    .append(" | ").append(Arrays.toString(f.slots())).append(" | ")
                    .append(Arrays.toString(f.typeSlots())).append(" | ").append(f.minOperands()).append('-')
                    .append(f.maxOperands()).append(" | ").append(f.since()).append(" | ").append(f.until())
                    .append(" | ").append(f.undocumented()).append(" | ").append(f.hasValueRequirements())
                    .append(" | ").append(Arrays.deepToString(f.positionalSlots()));
            for (String w : isa.vocabulary(f.opcode())) {
                if (f.since(w) != null || f.repeatable(w)) {
                    sb.append(" | ").append(w).append(':').append(f.since(w)).append(':').append(f.repeatable(w));
                }
            }
            for (IsaForm.Operand o : f.operands()) {
                sb.append(" | ").append(operand(o));
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static final RecordComponent[] OPERAND = IsaForm.Operand.class.getRecordComponents();
    private static final java.lang.reflect.Method[] ACCESSORS = new java.lang.reflect.Method[OPERAND.length];

    static {
        for (int i = 0; i < OPERAND.length; i++) {
            ACCESSORS[i] = OPERAND[i].getAccessor();
        }
    }

    private static String operand(IsaForm.Operand o) {
        if (o == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder("(");
        try {
            for (int i = 0; i < OPERAND.length; i++) {
                RecordComponent c = OPERAND[i];
                Object v = ACCESSORS[i].invoke(o);
                sb.append(c.getName()).append('=');
                if (v instanceof long[] a) {
                    sb.append(Arrays.toString(a));
                } else if (v instanceof int[] a) {
                    sb.append(Arrays.toString(a)); // widths()
                } else if (v instanceof Object[] a) {
                    sb.append(Arrays.deepToString(a)); // spaces(), only(): by content, not identity
                } else if (v instanceof List<?> l && c.getName().equals("parts")) {
                    for (Object p : l) {
                        sb.append(operand((IsaForm.Operand) p)).append(';');
                    }
                } else {
                    sb.append(v);
                }
                sb.append(' ');
            }
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        return sb.append(')').toString();
    }
}
