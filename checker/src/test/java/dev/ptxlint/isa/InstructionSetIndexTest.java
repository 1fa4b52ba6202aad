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

    private static InstructionSet full;

    /** A full parse of the shipped text (made once: the tests only read it). */
    private static synchronized InstructionSet full() {
        if (full == null) {
            full = InstructionSet.load(InstructionSet.Texts.ofClasspath(), false);
        }
        return full;
    }

    /** Lazy, parsing the text of the opcodes asked for (the build's binary not used). */
    private static InstructionSet lazy() {
        return InstructionSet.load(InstructionSet.Texts.ofClasspath(), true, false);
    }

    /** Lazy, decoding the build's compiled forms ({@link IsaBinary}). */
    private static InstructionSet decoding() {
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
    void theShippedBinaryIsThatOfAFullParse() {
        InstructionSet.Texts texts = InstructionSet.Texts.ofClasspath();
        byte[] shipped = texts.bytesOrNull(IsaBinary.RESOURCE);
        assertNotNull(shipped, "the build makes " + IsaBinary.RESOURCE + " (checker/pom.xml, process-classes)");
        Map<String, List<IsaForm>> forms = new HashMap<>();
        IsaIndex index = InstructionSet.fullIndex(texts, forms);
        byte[] made = IsaIndex.binary(texts, index, index.write().getBytes(StandardCharsets.UTF_8), forms);
        assertTrue(Arrays.equals(made, shipped), "the shipped binary is the one the text gives, byte for byte");
        byte[] text = texts.bytesOrNull(IsaIndex.RESOURCE);
        IsaBinary read = IsaBinary.read(shipped, IsaIndex.crc(text));
        assertNotNull(read, "it fits the shipped index");
        // the index the binary answers from is the shipped one, part for part
        IsaIndex decoded = read.index();
        assertEquals(new String(text, StandardCharsets.UTF_8), decoded.write());
        assertEquals(index, decoded);
        assertEquals(decoded, index);
        for (String op : index.opcodes.keySet()) {
            assertTrue(decoded.opcodes.containsKey(op), op);
            assertTrue(Arrays.equals(index.opcodes.get(op), decoded.opcodes.get(op)), op);
        }
        for (String w : index.words) {
            assertTrue(decoded.words.contains(w), w);
            assertTrue(!decoded.words.contains(w + "x"), w);
        }
        for (String op : List.of("add", "no.such.opcode", "", "ld")) {
            assertEquals(index.opcodes.containsKey(op), decoded.opcodes.containsKey(op), op);
            assertEquals(index.elsewhere.get(op), decoded.elsewhere.get(op), op);
            assertEquals(index.ignores.get(op), decoded.ignores.get(op), op);
            assertEquals(index.tables.containsKey(op), decoded.tables.containsKey(op), op);
        }
        assertTrue(!decoded.words.contains(null) && !decoded.opcodes.containsKey(42));
    }

    @Test
    void theDecodedFormsAreThoseOfTheFullParse() {
        InstructionSet full = full();
        InstructionSet decoding = decoding();
        assertTrue(decoding.decodes(), "the shipped binary is used");
        answersAsTheFullParse(full, decoding);
        assertEquals(0, decoding.parsedFiles(), "no data file parsed: every form was decoded");
        assertTrue(decoding.decodes(), "the data files are those the binary was made from");
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
        answersAsTheFullParse(full, lazy);
    }

    private static void answersAsTheFullParse(InstructionSet full, InstructionSet lazy) {
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
        InstructionSet decoding = decoding();
        for (FormTable t : all) {
            opcodes.add(t.opcode());
            assertEquals(FormTableDump.dump(List.of(t)), FormTableDump.dump(List.of(decoding.decodeTable(t.opcode()))),
                    "decoded: " + t.opcode());
            assertEqualTables(t, decoding.decodeTable(t.opcode()));
            List<IsaSource> sources = InstructionSet.tableSources(t.opcode());
            assertEquals(FormTableDump.dump(List.of(t)),
                    FormTableDump.dump(FormTableData.load(sources, t.opcode())), t.opcode());
            assertEquals(FormTableDump.dump(List.of(t)), FormTableDump.dump(List.of(FormTableData.table(t.opcode()))));
        }
        assertEquals(opcodes, List.copyOf(FormTableData.opcodes()));
    }

    /** The forms compared as objects too (the dump compares the operands' selectors, which have no equals). */
    private static void assertEqualTables(FormTable a, FormTable b) {
        assertEquals(a.forms(), b.forms(), a.opcode());
        assertEquals(a.typeNames(), b.typeNames(), a.opcode());
        assertEquals(a.order(), b.order(), a.opcode());
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

    /** The texts with the build's index and binary, as bytes. */
    private static Map<String, byte[]> withBinary(Map<String, String> texts) {
        Map<String, List<IsaForm>> forms = new HashMap<>();
        InstructionSet.Texts t = InstructionSet.Texts.ofMap(texts);
        IsaIndex idx = InstructionSet.fullIndex(t, forms);
        byte[] index = idx.write().getBytes(StandardCharsets.UTF_8);
        Map<String, byte[]> m = new LinkedHashMap<>();
        texts.forEach((k, v) -> m.put(k, v.getBytes(StandardCharsets.UTF_8)));
        m.put(IsaIndex.RESOURCE, index);
        m.put(IsaBinary.RESOURCE, IsaIndex.binary(t, idx, index, forms));
        return m;
    }

    private static InstructionSet.Texts bytes(Map<String, byte[]> files) {
        return new InstructionSet.Texts() {
            @Override
            byte[] bytesOrNull(String name) {
                byte[] b = files.get(name);
                return b == null ? null : b.clone();
            }
        };
    }

    @Test
    void aBinaryAnswersWithoutParsing() {
        InstructionSet s = InstructionSet.load(bytes(withBinary(texts(A, B))), true);
        assertTrue(s.decodes());
        assertEquals("mul.lo.type d, a, b;", s.forms("mul").get(0).syntax());
        assertEquals(Set.of(".u32", ".s32"), s.vocabulary("add"));
        assertEquals(Set.of(".pred", ".weird"), s.ignored("sub"));
        assertEquals(List.of(), s.forms("div"));
        assertEquals(0, s.parsedFiles());
        InstructionSet full = InstructionSet.load(InstructionSet.Texts.ofMap(texts(A, B)), false);
        for (String op : List.of("add", "sub", "mul")) {
            assertEquals(describe(full, full.forms(op)), describe(s, s.forms(op)), op);
        }
    }

    @Test
    void aBinaryThatDoesNotFitIsNotUsed() {
        Map<String, byte[]> good = withBinary(texts(A, B));
        byte[] bin = good.get(IsaBinary.RESOURCE);
        List<byte[]> bad = new ArrayList<>();
        byte[] corrupt = bin.clone();
        corrupt[corrupt.length - 3] ^= 0x20; // a payload byte: its CRC differs
        bad.add(corrupt);
        bad.add(Arrays.copyOf(bin, bin.length - 1)); // truncated
        bad.add(Arrays.copyOf(bin, 10)); // shorter than its header
        byte[] version = bin.clone();
        version[7]++; // another format version
        bad.add(version);
        byte[] magic = bin.clone();
        magic[0] = 'X';
        bad.add(magic);
        // made with the index of other data: the index CRC in its header differs
        bad.add(withBinary(texts(A, B.replace("mul.lo", "mul.hi"))).get(IsaBinary.RESOURCE));
        for (byte[] b : bad) {
            Map<String, byte[]> m = new LinkedHashMap<>(good);
            m.put(IsaBinary.RESOURCE, b);
            InstructionSet s = InstructionSet.load(bytes(m), true);
            assertTrue(!s.decodes(), "not used");
            assertEquals("mul.lo.type d, a, b;", s.forms("mul").get(0).syntax(), "read from the text");
            assertEquals(1, s.parsedFiles(), "through the index, one file");
        }
        assertNotNull(IsaBinary.read(bin, IsaIndex.crc(good.get(IsaIndex.RESOURCE))));

        // data edited after the build (the index and binary copied along): the text wins
        Map<String, byte[]> stale = new LinkedHashMap<>(good);
        stale.put("b.ptxisa", B.replace("mul.lo.type", "mul.hi.type").getBytes(StandardCharsets.UTF_8));
        InstructionSet s = InstructionSet.load(bytes(stale), true);
        assertTrue(s.decodes(), "the binary fits the index");
        assertEquals(1, s.forms("add").size(), "a.ptxisa is as built: decoded");
        assertEquals(0, s.parsedFiles());
        assertEquals("mul.hi.type d, a, b;", s.forms("mul").get(0).syntax(), "the text wins");
        assertTrue(!s.decodes(), "dropped once a file differs");
        assertTrue(s.isKnownWord(".hi"));
        assertEquals(2, s.parsedFiles());

        // the same, the vocabulary asked first (the binary has it too)
        InstructionSet v = InstructionSet.load(bytes(stale), true);
        assertEquals(Set.of(".u32", ".s32"), v.vocabulary("add"));
        assertTrue(v.decodes());
        assertEquals(List.of(".hi", ".u32"), List.copyOf(v.vocabulary("mul")), "the text wins");
        assertTrue(!v.decodes());

        // no binary: the index alone
        Map<String, byte[]> none = new LinkedHashMap<>(good);
        none.remove(IsaBinary.RESOURCE);
        InstructionSet n = InstructionSet.load(bytes(none), true);
        assertTrue(!n.decodes());
        assertEquals(1, n.forms("add").size());
        assertEquals(1, n.parsedFiles());
    }

    /** What {@code -Dptxlint.isa.dir} gives: the files of a directory, edited, parsed in full. */
    @Test
    void aDirectoryOfEditedDataIsReadInFull() throws Exception {
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
            Path dir = fs.getPath("/isa");
            Files.createDirectories(dir);
            Map<String, byte[]> m = withBinary(texts(A, B));
            m.put("a.ptxisa", A.replace(".s32 }", ".s32, .u64 }").getBytes(StandardCharsets.UTF_8));
            for (Map.Entry<String, byte[]> e : m.entrySet()) {
                Files.write(dir.resolve(e.getKey()), e.getValue());
            }
            InstructionSet s = InstructionSet.load(InstructionSet.Texts.ofDirectory(dir), false);
            assertTrue(!s.decodes(), "neither the index nor the binary is used");
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
                    .append(" | ").append(Arrays.deepToString(f.positionalSlots())).append(" | ")
                    .append(Arrays.toString(f.spaceSlots())).append(" | ").append(new java.util.TreeMap<>(f.valueSince()))
                    .append(" | ").append(new java.util.TreeSet<>(f.repeatableValues()));
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
                } else if (v instanceof Set<?> set && c.getName().equals("selectors")) {
                    sb.append(new java.util.TreeSet<>(set)); // a Set.copyOf: no order of its own
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
