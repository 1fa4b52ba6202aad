package dev.ptxlint.isa;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every instruction form of the ISA data files ({@code dev/ptxlint/isa/*.ptxisa}, listed in
 * {@code index.txt}), compiled on first use and shared. Blocks marked {@code @formtable} are read
 * by {@code FormTableData} instead (the set family and the video comparisons keep their own rules).
 *
 * <p>A run reads only the files of the opcodes it asks for: the build's {@link IsaIndex} says
 * which files those are, and gives what needs every file (the modifiers any form uses, the
 * file-wide {@code @} lines) without parsing them. Without that index, with an index that does not
 * fit the files, and with the system property {@code ptxlint.isa.dir} (a directory to read the data
 * files from instead of the classpath, for editing the data without rebuilding) every file is
 * parsed and compiled at once. Either way the answers are the same (InstructionSetIndexTest).
 */
public final class InstructionSet {

    /** Where the data files come from: the classpath, a directory, or texts given by a test. */
    abstract static class Texts {
        /** The bytes of a data file, or null when there is none. */
        abstract byte[] bytesOrNull(String name);

        final byte[] bytes(String name) {
            byte[] b = bytesOrNull(name);
            if (b == null) {
                throw new IllegalStateException("ISA data file missing: " + name);
            }
            return b;
        }

        /** The CRC-32 of a data file's bytes ({@link IsaIndex#crc}); throws when there is none. */
        int crc(String name) {
            return IsaIndex.crc(bytes(name));
        }

        /** The same, 0 when there is no such file. */
        final int crcOrZero(String name) {
            try {
                return crc(name);
            } catch (IllegalStateException e) {
                return 0;
            }
        }

        static Texts ofDirectory(Path dir) {
            return new Texts() {
                @Override
                byte[] bytesOrNull(String name) {
                    Path p = dir.resolve(name);
                    if (!Files.isRegularFile(p)) {
                        return null;
                    }
                    try {
                        return Files.readAllBytes(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
        }

        /** The data files of the classpath, read through {@link Resources} (the jar's CRCs without reading). */
        static Texts ofClasspath() {
            return CLASSPATH;
        }

        private static final Texts CLASSPATH = new Texts() {
            @Override
            byte[] bytesOrNull(String name) {
                return Resources.bytes(InstructionSet.class, name);
            }

            @Override
            int crc(String name) {
                return Resources.crc(InstructionSet.class, name);
            }
        };

        static Texts ofMap(Map<String, String> files) {
            return new Texts() {
                @Override
                byte[] bytesOrNull(String name) {
                    String t = files.get(name);
                    return t == null ? null : t.getBytes(StandardCharsets.UTF_8);
                }
            };
        }

        /** {@code ptxlint.isa.dir} when set, else the classpath. */
        static Texts standard() {
            String dir = System.getProperty("ptxlint.isa.dir");
            return dir != null && !dir.isEmpty() ? ofDirectory(Path.of(dir)) : ofClasspath();
        }
    }

    /** A data file whose text is not the one the index was made from. */
    private static final class StaleIndex extends RuntimeException {
        StaleIndex(String file) {
            super(file, null, false, false);
        }
    }

    private final Texts texts;
    private volatile IsaIndex index;
    /** The build's compiled forms and tables ({@link IsaBinary}), or null: the text is parsed; guarded by this. */
    private IsaBinary binary;
    /** The data files whose CRC has been checked against the index's; guarded by this. */
    private boolean[] verified;
    /** Parsed files by name; guarded by this. */
    private final Map<String, IsaSource> parsed = new HashMap<>();
    /** Compiled blocks; guarded by this. */
    private final Map<IsaSource.Block, List<IsaForm>> compiled = new IdentityHashMap<>();
    private final ConcurrentHashMap<String, List<IsaForm>> byOpcode = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<String>> vocabulary = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<String>> ignoredByOpcode = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Set<String>> ignoredByName = new ConcurrentHashMap<>();

    /**
     * Lazy: files are parsed when an opcode of theirs is asked for, or, with {@code binary}, the
     * opcode's compiled forms decoded.
     */
    private InstructionSet(Texts texts, IsaIndex index, IsaBinary binary) {
        this.texts = texts;
        this.index = index;
        this.binary = binary;
        this.verified = new boolean[index.files.size()];
    }

    /** Every file of {@code names} parsed and compiled now. */
    private InstructionSet(Texts texts, List<String> names, int listCrc) {
        this.texts = texts;
        Map<String, List<IsaForm>> forms = new HashMap<>();
        this.index = fullIndex(texts, names, listCrc, forms, parsed);
        byOpcode.putAll(forms);
    }

    /** The index of every file of {@code names}, parsed ({@code parsedOut}) and compiled ({@code forms}). */
    static IsaIndex fullIndex(Texts texts, List<String> names, int listCrc, Map<String, List<IsaForm>> forms,
                              Map<String, IsaSource> parsedOut) {
        List<IsaSource> l = new ArrayList<>();
        int[] crcs = new int[names.size()];
        for (int i = 0; i < names.size(); i++) {
            byte[] b = texts.bytes(names.get(i));
            crcs[i] = IsaIndex.crc(b);
            IsaSource src = IsaSource.parse(names.get(i), new String(b, StandardCharsets.UTF_8));
            parsedOut.put(names.get(i), src);
            l.add(src);
        }
        return IsaIndex.build(l, crcs, listCrc, forms);
    }

    /** The index of every file that {@code index.txt} of {@code texts} lists. */
    static IsaIndex fullIndex(Texts texts, Map<String, List<IsaForm>> forms) {
        byte[] list = texts.bytes("index.txt");
        return fullIndex(texts, index(list), IsaIndex.crc(list), forms, new HashMap<>());
    }

    private static volatile InstructionSet instance;

    /** The instruction set of the data files (loaded on first use). */
    public static InstructionSet get() {
        InstructionSet s = instance;
        if (s == null) {
            synchronized (InstructionSet.class) {
                s = instance;
                if (s == null) {
                    s = load(Texts.standard(), System.getProperty("ptxlint.isa.dir") == null
                            || System.getProperty("ptxlint.isa.dir").isEmpty());
                    instance = s;
                }
            }
        }
        return s;
    }

    /** An instruction set of the given data texts (file name to content), for tests. */
    public static InstructionSet of(Map<String, String> files) {
        return new InstructionSet(Texts.ofMap(files), new ArrayList<>(files.keySet()), 0);
    }

    /**
     * The instruction set of {@code texts}: lazy when {@code useIndex} and the texts hold an
     * index made from this {@code index.txt}, else parsed in full.
     */
    static InstructionSet load(Texts texts, boolean useIndex) {
        return load(texts, useIndex, true);
    }

    /** The same; with {@code useBinary} false the build's {@link IsaBinary} is not used (for tests). */
    static InstructionSet load(Texts texts, boolean useIndex, boolean useBinary) {
        if (useIndex) {
            int listCrc = texts.crc("index.txt");
            if (useBinary) {
                // the binary holds the index it was made with, and answers it without parsing the
                // text (docs/performance.md); it is used only with that index (its CRC, from the
                // jar's directory: nothing is read)
                IsaBinary b = IsaBinary.read(texts.bytesOrNull(IsaBinary.RESOURCE), texts.crcOrZero(IsaIndex.RESOURCE));
                if (b != null && b.index().listCrc == listCrc) {
                    return new InstructionSet(texts, b.index(), b);
                }
            }
            byte[] idx = texts.bytesOrNull(IsaIndex.RESOURCE);
            IsaIndex i = idx == null ? null : IsaIndex.read(new String(idx, StandardCharsets.UTF_8));
            if (i != null && i.listCrc == listCrc) {
                return new InstructionSet(texts, i, null);
            }
        }
        byte[] list = texts.bytes("index.txt");
        return new InstructionSet(texts, index(list), IsaIndex.crc(list));
    }

    /** How many data files have been parsed so far (for tests). */
    synchronized int parsedFiles() {
        return parsed.size();
    }

    /** Whether forms are decoded from the build's {@link IsaBinary} (for tests). */
    synchronized boolean decodes() {
        return binary != null;
    }

    /** The index this set answers from (for tests). */
    IsaIndex index() {
        return index;
    }

    /** The parsed data files, in index order (every block, {@code @formtable} ones included). */
    public static List<IsaSource> sources() {
        InstructionSet s = get();
        return s.sources(s.index.files);
    }

    /** The parsed files with the form tables of {@code opcode}, in index order (empty when it has none). */
    static List<IsaSource> tableSources(String opcode) {
        InstructionSet s = get();
        int[] f = s.index.tables.get(opcode);
        if (f == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (int i : f) {
            names.add(s.index.files.get(i));
        }
        return s.sources(names);
    }

    /** The opcodes that have form tables ({@code @formtable}), in data order. */
    static Set<String> tableOpcodes() {
        return get().index.tables.keySet();
    }

    synchronized List<IsaSource> sources(List<String> names) {
        try {
            List<IsaSource> l = new ArrayList<>();
            for (String n : names) {
                l.add(source(n));
            }
            return l;
        } catch (StaleIndex e) {
            rebuild();
            return sources(index.files.containsAll(names) ? names : index.files);
        }
    }

    /** A parsed file; throws StaleIndex when its text is not the one the index was made from. */
    private IsaSource source(String name) {
        IsaSource s = parsed.get(name);
        if (s == null) {
            byte[] b = texts.bytes(name);
            int i = index.files.indexOf(name);
            if (i < 0 || index.crcs[i] != IsaIndex.crc(b)) {
                throw new StaleIndex(name);
            }
            s = IsaSource.parse(name, new String(b, StandardCharsets.UTF_8));
            parsed.put(name, s);
        }
        return s;
    }

    /**
     * Checks that the data files {@code files} are those the index (and so the binary made with
     * it) was made from; throws StaleIndex when one is not. Each file is read once for this.
     */
    private void verify(int[] files) {
        for (int fi : files) {
            if (!verified[fi]) {
                if (index.crcs[fi] != texts.crc(index.files.get(fi))) {
                    throw new StaleIndex(index.files.get(fi));
                }
                verified[fi] = true;
            }
        }
    }

    /**
     * The form table of {@code opcode} decoded from the build's binary, or null when there is no
     * binary, no such table, or the data files differ from it (then the caller reads the text).
     */
    static FormTable decodedTable(String opcode) {
        return get().decodeTable(opcode);
    }

    synchronized FormTable decodeTable(String opcode) {
        return fromBinary(index.tables.get(opcode)) ? binary.table(opcode) : null;
    }

    /**
     * Whether the build's binary answers for the data files {@code files} (null: the index has no such
     * key): there is a binary and the files are those it was built from; a stale index is dropped
     * here ({@link #rebuild}), and the caller then parses instead.
     */
    private boolean fromBinary(int[] files) {
        if (binary == null || files == null) {
            return false;
        }
        try {
            verify(files);
            return true;
        } catch (StaleIndex e) {
            rebuild();
            return false;
        }
    }

    /** Drops a stale index: parses and compiles every file now. */
    private void rebuild() {
        binary = null;
        byte[] list = texts.bytes("index.txt");
        Map<String, List<IsaForm>> forms = new HashMap<>();
        parsed.clear();
        compiled.clear();
        index = fullIndex(texts, index(list), IsaIndex.crc(list), forms, parsed);
        byOpcode.keySet().retainAll(forms.keySet());
        byOpcode.putAll(forms);
        vocabulary.clear();
        ignoredByOpcode.clear();
        ignoredByName.clear();
    }

    private synchronized List<IsaForm> load(String opcode) {
        List<IsaForm> l = byOpcode.get(opcode);
        if (l != null) {
            return l;
        }
        int[] files = index.opcodes.get(opcode);
        if (files == null) {
            return List.of();
        }
        List<IsaForm> out = new ArrayList<>();
        try {
            if (binary != null) {
                verify(files);
                l = binary.forms(opcode);
                if (l != null) {
                    byOpcode.put(opcode, l);
                    return l;
                }
            }
            for (int fi : files) {
                String section = "";
                IsaSource src = source(index.files.get(fi));
                List<Set<String>> positional = FormCompiler.positional(src);
                List<String> maxWords = FormCompiler.maxWords(src);
                for (IsaSource.Block b : src.blocks()) {
                    String s = b.first("section");
                    if (s != null) {
                        section = s;
                    }
                    if (b.first("formtable") != null || !hasForm(b, opcode)) {
                        continue;
                    }
                    List<IsaForm> c = compiled.get(b);
                    if (c == null) {
                        c = FormCompiler.compile(b, section, index.names, positional, src.geometries(), maxWords);
                        compiled.put(b, c);
                    }
                    for (IsaForm f : c) {
                        if (f.opcode().equals(opcode)) {
                            out.add(f);
                        }
                    }
                }
            }
        } catch (StaleIndex e) {
            rebuild();
            l = byOpcode.get(opcode);
            return l == null ? List.of() : l;
        }
        l = List.copyOf(out);
        byOpcode.put(opcode, l);
        return l;
    }

    private static boolean hasForm(IsaSource.Block b, String opcode) {
        for (IsaSource.Form f : b.forms()) {
            if (f.opcode().equals(opcode)) {
                return true;
            }
        }
        return false;
    }

    /** The file names of {@code index.txt}. */
    private static List<String> index(byte[] list) {
        List<String> names = new ArrayList<>();
        for (String line : new String(list, StandardCharsets.UTF_8).split("\n")) {
            line = IsaSource.stripComments(line).strip();
            if (!line.isEmpty()) {
                names.add(line);
            }
        }
        return names;
    }

    /**
     * The lines of a data file of this package with {@code #} comments and surrounding space
     * removed; element {@code i} is line {@code i + 1} (empty lines stay, so numbers are right).
     */
    static List<String> dataLines(String name) {
        return dataLines(Texts.standard().bytes(name));
    }

    /** The same, of a data file's bytes. */
    static List<String> dataLines(byte[] bytes) {
        List<String> out = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n", -1)) {
            int hash = line.indexOf('#');
            out.add((hash >= 0 ? line.substring(0, hash) : line).strip());
        }
        return out;
    }

    /**
     * A data file of this package: from the directory named by the system property
     * {@code ptxlint.isa.dir} when it is set, else from the class path.
     */
    static String read(String name) {
        return new String(Texts.standard().bytes(name), StandardCharsets.UTF_8);
    }

    /** The forms of an opcode ({@code add}), in data order; empty when the data has none. */
    public List<IsaForm> forms(String opcode) {
        List<IsaForm> l = byOpcode.get(opcode);
        return l != null ? l : load(opcode);
    }

    public boolean has(String opcode) {
        return index.opcodes.containsKey(opcode);
    }

    /** Every opcode with forms, in the order they first appear in the data. */
    public Set<String> opcodes() {
        return index.opcodes.keySet();
    }

    /** Every modifier the opcode's forms use, in form order. */
    public Set<String> vocabulary(String opcode) {
        Set<String> v = vocabulary.get(opcode);
        if (v == null) {
            v = decodedVocabulary(opcode); // made by the build: a small run need not walk every form's slots
            if (v == null) {
                List<IsaForm> forms = forms(opcode);
                if (forms.isEmpty()) {
                    return Set.of();
                }
                v = vocabulary(forms);
            }
            Set<String> prev = vocabulary.putIfAbsent(opcode, v);
            v = prev != null ? prev : v;
        }
        return v;
    }

    /** The vocabulary of {@code opcode} from the build's binary, or null (no binary, or no forms there). */
    private synchronized Set<String> decodedVocabulary(String opcode) {
        return binary != null && fromBinary(index.opcodes.get(opcode)) ? binary.vocabulary(opcode) : null;
    }

    /** Every modifier of the slots of {@code forms}, in form order. */
    static Set<String> vocabulary(List<IsaForm> forms) {
        Set<String> s = new LinkedHashSet<>();
        for (IsaForm f : forms) {
            for (IsaForm.Slot sl : f.slots()) {
                s.addAll(sl.values());
            }
        }
        return Collections.unmodifiableSet(s);
    }

    /** Whether any form of any instruction uses the modifier. */
    public boolean isKnownWord(String word) {
        return index.words.contains(word);
    }

    /** Every modifier any form uses (for tests). */
    Set<String> knownWords() {
        return index.words;
    }

    /** The words that make an instruction of this opcode unchecked ({@code @elsewhere}). */
    public Set<String> elsewhere(String opcode) {
        Set<String> s = index.elsewhere.get(opcode);
        return s == null ? Set.of() : s;
    }

    /**
     * Whether a file-wide opcode list of this keyword ({@code novectorofone}: {@code @novectorofone add
     * mul ...}, docs/isa-notation.md) names the opcode.
     */
    public boolean listed(String keyword, String opcode) {
        Set<String> s = index.opcodeSets.get(keyword);
        return s != null && s.contains(opcode);
    }

    /** Words ptxas accepts and ignores on any instruction ({@code @ignored}). */
    public Set<String> ignored() {
        return index.ignored;
    }

    /** Words ptxas ignores on this opcode: {@code @ignored} ones and its {@code @ignores} ones. */
    public Set<String> ignored(String opcode) {
        Set<String> s = ignoredByOpcode.get(opcode);
        if (s == null) {
            IsaIndex x = index;
            Set<String> own = x.ignores.get(opcode);
            s = x.ignored;
            if (own != null) {
                Set<String> merged = new HashSet<>(own);
                merged.addAll(x.ignored);
                s = Collections.unmodifiableSet(merged);
            }
            // A word ignored on every instruction is still the own modifier of the opcodes whose
            // forms use it (testp.finite, tensormap.replace.box_dim): there it is not ignored.
            Set<String> words = vocabulary(opcode);
            if (!Collections.disjoint(s, words)) {
                Set<String> mine = new HashSet<>(s);
                mine.removeAll(words);
                s = Collections.unmodifiableSet(mine);
            }
            Set<String> prev = ignoredByOpcode.putIfAbsent(opcode, s);
            s = prev != null ? prev : s;
        }
        return s;
    }

    /**
     * How many of the leading modifiers are words of the instruction name they spell with the opcode
     * (the longest {@code @names} name: 2 for {@code tcgen05.mma.ws.cta_group::1}), 0 for none.
     */
    public int nameLength(String opcode, String[] mods) {
        Set<String> names = index.names;
        if (names.isEmpty() || mods.length == 0) {
            return 0;
        }
        StringBuilder sb = new StringBuilder(opcode);
        int k = 0;
        for (int i = 0; i < mods.length; i++) {
            sb.append(mods[i]);
            if (names.contains(sb.toString())) {
                k = i + 1;
            }
        }
        return k;
    }

    /**
     * Words ptxas ignores on the instruction these modifiers name ({@code tcgen05.mma}: the opcode and
     * its leading words that spell an {@code @names} name, the longest): those of {@link #ignored(String)},
     * except that a word ignored on every instruction is the own modifier only of the named
     * instructions whose forms use it. ptxas 13.0 ignores tcgen05.cp's {@code .b8x16} on tcgen05.mma,
     * tcgen05.ld, tcgen05.commit, ... and tensormap.replace's {@code .box_dim} on
     * tensormap.cp_fenceproxy. Where the modifiers spell no name with forms: {@link #ignored(String)}.
     */
    public Set<String> ignored(String opcode, String[] mods) {
        Set<String> base = ignored(opcode);
        IsaIndex x = index;
        if (x.names.isEmpty() || mods.length == 0 || x.ignored.isEmpty()) {
            return base;
        }
        int k = nameLength(opcode, mods);
        if (k == 0) {
            return base;
        }
        StringBuilder sb = new StringBuilder(opcode);
        for (int i = 0; i < k; i++) {
            sb.append(mods[i]);
        }
        String name = sb.toString();
        Set<String> s = ignoredByName.get(name);
        if (s == null) {
            Set<String> own = new HashSet<>();
            boolean any = false;
            for (IsaForm f : forms(opcode)) {
                if (f.nameLength() != k) {
                    continue;
                }
                boolean spells = true;
                for (int i = 0; i < k && spells; i++) {
                    spells = f.slot(i).values().contains(mods[i]);
                }
                if (spells) {
                    any = true;
                    for (IsaForm.Slot sl : f.slots()) {
                        own.addAll(sl.values());
                    }
                }
            }
            if (!any) {
                s = base;
            } else {
                Set<String> all = new HashSet<>(x.ignored);
                Set<String> mine = x.ignores.get(opcode);
                if (mine != null) {
                    all.addAll(mine);
                }
                all.removeAll(own);
                s = all.equals(base) ? base : Collections.unmodifiableSet(all);
            }
            Set<String> prev = ignoredByName.putIfAbsent(name, s);
            s = prev != null ? prev : s;
        }
        return s;
    }

    /** How many forms the data has (compiles every form). */
    public int formCount() {
        int n = 0;
        for (String op : opcodes()) {
            n += forms(op).size();
        }
        return n;
    }
}
