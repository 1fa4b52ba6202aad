package dev.ptxlint.isa;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.CRC32;

/**
 * What {@link InstructionSet} must know of the ISA data before it reads any form: which files
 * hold the forms of each opcode and the form tables of each opcode, every modifier any form uses,
 * and the file-wide {@code @elsewhere}, {@code @ignored}, {@code @ignores}, {@code @names} and {@code @novectorofone} lines. With it a run
 * parses and compiles only the files of the opcodes its input uses (docs/performance.md).
 *
 * <p>The build makes it from a full parse of the data files ({@link #main}, run by Maven in the
 * checker's {@code process-classes} phase) into the resource {@value #RESOURCE}, next to the data
 * files in the jar. The {@code .ptxisa} text stays the source of truth: the index records the
 * CRC-32 of every data file and of {@code index.txt}, and a run that finds a file differing from
 * what the index says (a build that copied the data but did not run the generator) drops the index
 * and parses every file, as it does when the index is missing or {@code ptxlint.isa.dir} is set.
 */
final class IsaIndex {

    /** The generated resource, in this package. */
    static final String RESOURCE = "isa.index";
    private static final String MAGIC = "ptxlint-isa-index 3";

    final List<String> files;
    /** CRC-32 of each file's bytes (0: not known, an index made from texts). */
    final int[] crcs;
    final int listCrc;
    /** Opcode to the indices of the files with its forms, in the order opcodes first appear. */
    final Map<String, int[]> opcodes;
    /** Form-table opcode ({@code @formtable}) to the indices of the files with its blocks, in data order. */
    final Map<String, int[]> tables;
    final Set<String> words;
    final Map<String, Set<String>> elsewhere;
    final Set<String> ignored;
    /** {@code @ignores} words per opcode, without the {@code @ignored} ones. */
    final Map<String, Set<String>> ignores;
    /**
     * The instruction names of more than one word ({@code @names}); forms of every file need all
     * of them, since one opcode's forms and names may sit in different files (cp.async and
     * cp.async.bulk).
     */
    final Set<String> names;
    /**
     * File-wide lines that list opcodes ({@code @novectorofone add mul ...}): keyword to the opcodes
     * of all its lines. The keywords are {@link #OPCODE_SETS}.
     */
    final Map<String, Set<String>> opcodeSets;

    /** The file-wide annotations that list opcodes (docs/isa-notation.md). */
    static final Set<String> OPCODE_SETS = Set.of("novectorofone", "arglists", "vectorintcrash",
            "vectorintcrashfirst", "vectorconstscalar", "vectorconsttyped", "vectorconstnoint");

    IsaIndex(List<String> files, int[] crcs, int listCrc, Map<String, int[]> opcodes,
                     Map<String, int[]> tables, Set<String> words, Map<String, Set<String>> elsewhere,
                     Set<String> ignored, Map<String, Set<String>> ignores, Set<String> names,
                     Map<String, Set<String>> opcodeSets) {
        this.files = List.copyOf(files);
        this.crcs = crcs;
        this.listCrc = listCrc;
        this.opcodes = Collections.unmodifiableMap(opcodes);
        this.tables = Collections.unmodifiableMap(tables);
        this.words = Collections.unmodifiableSet(words);
        this.elsewhere = Collections.unmodifiableMap(elsewhere);
        this.ignored = Collections.unmodifiableSet(ignored);
        this.ignores = Collections.unmodifiableMap(ignores);
        this.names = Collections.unmodifiableSet(names);
        this.opcodeSets = Collections.unmodifiableMap(opcodeSets);
    }

    static int crc(byte[] bytes) {
        CRC32 c = new CRC32();
        c.update(bytes);
        return (int) c.getValue();
    }

    /**
     * The index of fully parsed data files, compiling every form on the way (which checks them);
     * the compiled forms go to {@code forms} by opcode, in data order.
     */
    static IsaIndex build(List<IsaSource> sources, int[] crcs, int listCrc, Map<String, List<IsaForm>> forms) {
        List<String> files = new ArrayList<>();
        Map<String, Set<Integer>> ops = new LinkedHashMap<>();
        Map<String, Set<Integer>> tabs = new LinkedHashMap<>();
        Set<String> all = new HashSet<>();
        Map<String, Set<String>> els = new HashMap<>();
        Set<String> ign = new HashSet<>();
        Map<String, Set<String>> perOpcode = new HashMap<>();
        Set<String> names = names(sources);
        Map<String, Set<String>> opSets = new HashMap<>();
        for (int fi = 0; fi < sources.size(); fi++) {
            IsaSource src = sources.get(fi);
            files.add(src.file());
            for (IsaSource.Annotation a : src.fileAnnotations()) {
                List<String> w = a.words();
                if (a.keyword().equals("elsewhere")) {
                    if (w.size() < 2) {
                        throw new IsaSource.FormatException(src.file(), a.line(), "@elsewhere OPCODE .word");
                    }
                    els.computeIfAbsent(w.get(0), k -> new HashSet<>()).addAll(w.subList(1, w.size()));
                } else if (OPCODE_SETS.contains(a.keyword())) {
                    if (w.isEmpty()) {
                        throw new IsaSource.FormatException(src.file(), a.line(), "@" + a.keyword() + " OPCODE ...");
                    }
                    opSets.computeIfAbsent(a.keyword(), k -> new HashSet<>()).addAll(w);
                } else if (a.keyword().equals("ignored")) {
                    ign.addAll(w);
                } else if (a.keyword().equals("ignores")) {
                    int colon = a.args().indexOf(':');
                    if (colon < 0) {
                        throw new IsaSource.FormatException(src.file(), a.line(), "@ignores .WORD ... : OPCODE ...");
                    }
                    List<String> words = IsaSource.splitWords(a.args().substring(0, colon));
                    for (String op : IsaSource.splitWords(a.args().substring(colon + 1))) {
                        perOpcode.computeIfAbsent(op, k -> new HashSet<>()).addAll(words);
                    }
                }
            }
            String section = "";
            List<Set<String>> positional = FormCompiler.positional(src);
            List<String> maxWords = FormCompiler.maxWords(src);
            for (IsaSource.Block b : src.blocks()) {
                String s = b.first("section");
                if (s != null) {
                    section = s;
                }
                if (b.first("formtable") != null) {
                    for (IsaSource.Annotation a : b.annotations("formtable")) {
                        List<String> w = a.words();
                        if (!w.isEmpty()) {
                            tabs.computeIfAbsent(w.get(0), k -> new LinkedHashSet<>()).add(fi);
                        }
                    }
                    continue;
                }
                for (IsaForm f : FormCompiler.compile(b, section, names, positional, src.geometries(), maxWords)) {
                    forms.computeIfAbsent(f.opcode(), k -> new ArrayList<>()).add(f);
                    ops.computeIfAbsent(f.opcode(), k -> new LinkedHashSet<>()).add(fi);
                    for (IsaForm.Slot sl : f.slots()) {
                        all.addAll(sl.values());
                    }
                }
            }
        }
        forms.replaceAll((k, v) -> List.copyOf(v));
        els.replaceAll((k, v) -> Collections.unmodifiableSet(v));
        perOpcode.replaceAll((k, v) -> Collections.unmodifiableSet(v));
        opSets.replaceAll((k, v) -> Collections.unmodifiableSet(v));
        return new IsaIndex(files, crcs, listCrc, toArrays(ops), toArrays(tabs), all, els, ign, perOpcode, names,
                opSets);
    }

    /** The words of every {@code @names} line. */
    static Set<String> names(List<IsaSource> sources) {
        Set<String> names = new HashSet<>();
        for (IsaSource src : sources) {
            for (IsaSource.Annotation a : src.fileAnnotations()) {
                if (a.keyword().equals("names")) {
                    names.addAll(IsaSource.splitWords(a.args()));
                }
            }
        }
        return names;
    }

    private static Map<String, int[]> toArrays(Map<String, Set<Integer>> m) {
        Map<String, int[]> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
        return out;
    }

    // ------------------------------------------------------------------ the resource

    /**
     * The text of the index: one record a line, fields separated by tabs (no data word holds a
     * tab or a line break; {@link #write} checks). Sets are written sorted, so that the same data
     * gives the same bytes.
     */
    String write() {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        sb.append("list\t").append(Integer.toHexString(listCrc)).append('\n');
        for (int i = 0; i < files.size(); i++) {
            line(sb, "file", files.get(i), List.of(Integer.toHexString(crcs[i])));
        }
        opcodes.forEach((op, f) -> line(sb, "op", op, ints(f)));
        tables.forEach((op, f) -> line(sb, "table", op, ints(f)));
        line(sb, "words", "", new TreeSet<>(words));
        new TreeSet<>(elsewhere.keySet()).forEach(op -> line(sb, "elsewhere", op, new TreeSet<>(elsewhere.get(op))));
        line(sb, "ignored", "", new TreeSet<>(ignored));
        new TreeSet<>(ignores.keySet()).forEach(op -> line(sb, "ignores", op, new TreeSet<>(ignores.get(op))));
        line(sb, "names", "", new TreeSet<>(names));
        new TreeSet<>(opcodeSets.keySet()).forEach(k -> line(sb, "opcodes", k, new TreeSet<>(opcodeSets.get(k))));
        return sb.toString();
    }

    private static List<String> ints(int[] a) {
        List<String> l = new ArrayList<>();
        for (int i : a) {
            l.add(Integer.toString(i));
        }
        return l;
    }

    private static void line(StringBuilder sb, String kind, String key, java.util.Collection<String> values) {
        sb.append(kind).append('\t').append(check(key));
        for (String v : values) {
            sb.append('\t').append(check(v));
        }
        sb.append('\n');
    }

    private static String check(String s) {
        if (s.indexOf('\t') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a tab or line break in an ISA word: " + s);
        }
        return s;
    }

    /** Reads {@link #write}'s text; null when it is not an index of this version. */
    static IsaIndex read(String text) {
        String[] lines = text.split("\n");
        if (lines.length == 0 || !lines[0].equals(MAGIC)) {
            return null;
        }
        List<String> files = new ArrayList<>();
        List<Integer> crcs = new ArrayList<>();
        int listCrc = 0;
        Map<String, int[]> ops = new LinkedHashMap<>();
        Map<String, int[]> tabs = new LinkedHashMap<>();
        Set<String> words = new HashSet<>();
        Map<String, Set<String>> els = new HashMap<>();
        Set<String> ign = new HashSet<>();
        Map<String, Set<String>> ignores = new HashMap<>();
        Set<String> names = new HashSet<>();
        Map<String, Set<String>> opSets = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split("\t", -1);
            switch (f[0]) {
                case "list" -> listCrc = Integer.parseUnsignedInt(f[1], 16);
                case "file" -> {
                    files.add(f[1]);
                    crcs.add(Integer.parseUnsignedInt(f[2], 16));
                }
                case "op" -> ops.put(f[1], parseInts(f));
                case "table" -> tabs.put(f[1], parseInts(f));
                case "words" -> words.addAll(rest(f));
                case "elsewhere" -> els.put(f[1], Collections.unmodifiableSet(new HashSet<>(rest(f))));
                case "ignored" -> ign.addAll(rest(f));
                case "ignores" -> ignores.put(f[1], Collections.unmodifiableSet(new HashSet<>(rest(f))));
                case "names" -> names.addAll(rest(f));
                case "opcodes" -> opSets.put(f[1], Collections.unmodifiableSet(new HashSet<>(rest(f))));
                default -> {
                    return null;
                }
            }
        }
        int[] c = new int[crcs.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = crcs.get(i);
        }
        return new IsaIndex(files, c, listCrc, ops, tabs, words, els, ign, ignores, names, opSets);
    }

    private static int[] parseInts(String[] f) {
        int[] a = new int[f.length - 2];
        for (int i = 0; i < a.length; i++) {
            a[i] = Integer.parseInt(f[i + 2]);
        }
        return a;
    }

    private static List<String> rest(String[] f) {
        return Arrays.asList(f).subList(2, f.length);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof IsaIndex x)) {
            return false;
        }
        return files.equals(x.files) && Arrays.equals(crcs, x.crcs) && listCrc == x.listCrc
                && sameArrays(opcodes, x.opcodes) && sameArrays(tables, x.tables) && words.equals(x.words)
                && elsewhere.equals(x.elsewhere) && ignored.equals(x.ignored) && ignores.equals(x.ignores)
                && names.equals(x.names) && opcodeSets.equals(x.opcodeSets);
    }

    private static boolean sameArrays(Map<String, int[]> a, Map<String, int[]> b) {
        if (!List.copyOf(a.keySet()).equals(List.copyOf(b.keySet()))) {
            return false;
        }
        for (Map.Entry<String, int[]> e : a.entrySet()) {
            if (!Arrays.equals(e.getValue(), b.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Objects.hash(files, listCrc, words);
    }

    @Override
    public String toString() {
        return write();
    }

    /**
     * Writes the index of the data files in {@code DIR/dev/ptxlint/isa} (a classes directory) to
     * {@value #RESOURCE} there: {@code IsaIndex DIR}. Data that does not parse gives a warning and
     * no index (a run then parses the files and reports the same error, as it did before there
     * was an index), so that a build never stops on data being edited.
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0], "dev", "ptxlint", "isa");
        Path out = dir.resolve(RESOURCE);
        Path bin = dir.resolve(IsaBinary.RESOURCE);
        Files.deleteIfExists(out);
        Files.deleteIfExists(bin);
        Path rules = dir.resolve(TypeRules.COMPILED);
        Files.deleteIfExists(rules);
        try {
            byte[] text = Files.readAllBytes(dir.resolve(TypeRules.TEXT));
            write(dir, rules, TypeRules.compile(TypeRules.fromText(InstructionSet.dataLines(text)), crc(text)));
        } catch (RuntimeException e) {
            System.err.println("[WARNING] ptxlint: no " + TypeRules.COMPILED + " made (runs will parse "
                    + TypeRules.TEXT + "): " + e);
        }
        InstructionSet.Texts texts = InstructionSet.Texts.ofDirectory(dir);
        byte[] text;
        byte[] binary;
        try {
            Map<String, List<IsaForm>> forms = new HashMap<>();
            IsaIndex index = InstructionSet.fullIndex(texts, forms);
            text = index.write().getBytes(StandardCharsets.UTF_8);
            binary = binary(texts, index, text, forms);
        } catch (RuntimeException e) {
            System.err.println("[WARNING] ptxlint: no " + RESOURCE + " made (runs will parse every ISA data file): " + e);
            return;
        }
        write(dir, out, text);
        write(dir, bin, binary);
    }

    /**
     * The {@link IsaBinary} resource of the data of {@code index} (whose bytes are {@code text}):
     * every opcode's compiled forms {@code forms}, in the index's opcode order, and every form table.
     */
    static byte[] binary(InstructionSet.Texts texts, IsaIndex index, byte[] text, Map<String, List<IsaForm>> forms) {
        Map<String, List<IsaForm>> ordered = new LinkedHashMap<>();
        for (String op : index.opcodes.keySet()) {
            ordered.put(op, forms.get(op));
        }
        List<IsaSource> sources = new ArrayList<>();
        for (String f : index.files) {
            sources.add(IsaSource.parse(f, new String(texts.bytes(f), StandardCharsets.UTF_8)));
        }
        return IsaBinary.Writer.write(index, text, ordered, FormTableData.load(sources));
    }

    private static void write(Path dir, Path out, byte[] bytes) {
        Path tmp = dir.resolve(out.getFileName() + ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
