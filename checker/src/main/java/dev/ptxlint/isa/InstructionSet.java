package dev.ptxlint.isa;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every instruction form of the ISA data files ({@code dev/ptxlint/isa/*.ptxisa}, listed in
 * {@code index.txt}), compiled once and shared. Blocks marked {@code @formtable} are read by
 * {@code FormTableData} instead (the set family and the video comparisons keep their own rules).
 *
 * <p>The system property {@code ptxlint.isa.dir} names a directory to read the data files from
 * instead of the classpath (for editing the data without rebuilding).
 */
public final class InstructionSet {

    private final Map<String, List<IsaForm>> byOpcode;
    private final Map<String, Set<String>> vocabulary;
    private final Set<String> allWords;
    private final Map<String, Set<String>> elsewhere;
    private final Set<String> ignored;
    private final Map<String, Set<String>> ignoredByOpcode;
    private final List<IsaSource> sources;

    private InstructionSet(List<IsaSource> sources) {
        this.sources = List.copyOf(sources);
        Map<String, List<IsaForm>> m = new LinkedHashMap<>();
        Map<String, Set<String>> vocab = new HashMap<>();
        Set<String> all = new HashSet<>();
        Map<String, Set<String>> els = new HashMap<>();
        Set<String> ign = new HashSet<>();
        Map<String, Set<String>> perOpcode = new HashMap<>();
        Set<String> names = new HashSet<>();
        for (IsaSource src : sources) {
            for (IsaSource.Annotation a : src.fileAnnotations()) {
                if (a.keyword().equals("names")) {
                    names.addAll(IsaSource.splitWords(a.args()));
                }
            }
        }
        for (IsaSource src : sources) {
            for (IsaSource.Annotation a : src.fileAnnotations()) {
                List<String> w = a.words();
                if (a.keyword().equals("elsewhere")) {
                    if (w.size() < 2) {
                        throw new IsaSource.FormatException(src.file(), a.line(), "@elsewhere OPCODE .word");
                    }
                    els.computeIfAbsent(w.get(0), k -> new HashSet<>()).addAll(w.subList(1, w.size()));
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
            for (IsaSource.Block b : src.blocks()) {
                String s = b.first("section");
                if (s != null) {
                    section = s;
                }
                if (b.first("formtable") != null) {
                    continue;
                }
                for (IsaForm f : FormCompiler.compile(b, section, names)) {
                    m.computeIfAbsent(f.opcode(), k -> new ArrayList<>()).add(f);
                    Set<String> v = vocab.computeIfAbsent(f.opcode(), k -> new LinkedHashSet<>());
                    for (IsaForm.Slot sl : f.slots()) {
                        v.addAll(sl.values());
                        all.addAll(sl.values());
                    }
                }
            }
        }
        m.replaceAll((k, v) -> List.copyOf(v));
        vocab.replaceAll((k, v) -> Collections.unmodifiableSet(v));
        this.byOpcode = Collections.unmodifiableMap(m);
        this.vocabulary = Collections.unmodifiableMap(vocab);
        this.allWords = Collections.unmodifiableSet(all);
        this.elsewhere = Collections.unmodifiableMap(els);
        this.ignored = Collections.unmodifiableSet(ign);
        Map<String, Set<String>> io = new HashMap<>();
        perOpcode.forEach((op, words) -> {
            Set<String> merged = new HashSet<>(words);
            merged.addAll(ign);
            io.put(op, Collections.unmodifiableSet(merged));
        });
        // A word ignored on every instruction is still the own modifier of the opcodes whose forms
        // use it (testp.finite, tensormap.replace.box_dim): there it is not ignored.
        vocab.forEach((op, words) -> {
            Set<String> base = io.getOrDefault(op, ign);
            if (!Collections.disjoint(base, words)) {
                Set<String> own = new HashSet<>(base);
                own.removeAll(words);
                io.put(op, Collections.unmodifiableSet(own));
            }
        });
        this.ignoredByOpcode = Collections.unmodifiableMap(io);
    }

    private static volatile InstructionSet instance;

    /** The instruction set of the data files (loaded on first use). */
    public static InstructionSet get() {
        InstructionSet s = instance;
        if (s == null) {
            synchronized (InstructionSet.class) {
                s = instance;
                if (s == null) {
                    s = load();
                    instance = s;
                }
            }
        }
        return s;
    }

    /** An instruction set of the given data texts (file name to content), for tests. */
    public static InstructionSet of(Map<String, String> files) {
        List<IsaSource> l = new ArrayList<>();
        files.forEach((name, text) -> l.add(IsaSource.parse(name, text)));
        return new InstructionSet(l);
    }

    /** The parsed data files, in index order (every block, {@code @formtable} ones included). */
    public static List<IsaSource> sources() {
        return get().sources;
    }

    private static InstructionSet load() {
        List<IsaSource> l = new ArrayList<>();
        for (String name : index()) {
            l.add(IsaSource.parse(name, read(name)));
        }
        return new InstructionSet(l);
    }

    private static List<String> index() {
        List<String> names = new ArrayList<>();
        for (String line : read("index.txt").split("\n")) {
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
        List<String> out = new ArrayList<>();
        for (String line : read(name).split("\n", -1)) {
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
        String dir = System.getProperty("ptxlint.isa.dir");
        try {
            if (dir != null && !dir.isEmpty()) {
                return Files.readString(Path.of(dir, name), StandardCharsets.UTF_8);
            }
            try (InputStream in = InstructionSet.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("ISA data file missing from the classpath: " + name);
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The forms of an opcode ({@code add}), in data order; empty when the data has none. */
    public List<IsaForm> forms(String opcode) {
        List<IsaForm> l = byOpcode.get(opcode);
        return l == null ? List.of() : l;
    }

    public boolean has(String opcode) {
        return byOpcode.containsKey(opcode);
    }

    /** Every opcode with forms. */
    public Set<String> opcodes() {
        return byOpcode.keySet();
    }

    /** Every modifier the opcode's forms use. */
    public Set<String> vocabulary(String opcode) {
        Set<String> v = vocabulary.get(opcode);
        return v == null ? Set.of() : v;
    }

    /** Whether any form of any instruction uses the modifier. */
    public boolean isKnownWord(String word) {
        return allWords.contains(word);
    }

    /** The words that make an instruction of this opcode unchecked ({@code @elsewhere}). */
    public Set<String> elsewhere(String opcode) {
        Set<String> s = elsewhere.get(opcode);
        return s == null ? Set.of() : s;
    }

    /** Words ptxas accepts and ignores on any instruction ({@code @ignored}). */
    public Set<String> ignored() {
        return ignored;
    }

    /** Words ptxas ignores on this opcode: {@code @ignored} ones and its {@code @ignores} ones. */
    public Set<String> ignored(String opcode) {
        Set<String> s = ignoredByOpcode.get(opcode);
        return s == null ? ignored : s;
    }

    /** How many forms the data has. */
    public int formCount() {
        int n = 0;
        for (List<IsaForm> l : byOpcode.values()) {
            n += l.size();
        }
        return n;
    }
}
