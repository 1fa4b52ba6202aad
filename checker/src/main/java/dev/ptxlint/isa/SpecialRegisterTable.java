package dev.ptxlint.isa;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every special register of PTX ISA 9.0 as ptxas 13.0 treats it, read from
 * {@code special-registers.txt} (measured: testdata/ptxas/isa/sreg.tsv.gz; the file's header
 * explains the format). Lookups by name, with or without a component ({@code %tid} and
 * {@code %tid.x} find the same entry). Read from {@code $ptxlint.isa.dir} when that system
 * property is set, else from the class path.
 */
public final class SpecialRegisterTable {
    private SpecialRegisterTable() {
    }

    /** Where a special register may stand (the file's {@code use=} words). */
    public enum Use {
        /** The source of mov. */
        MOV("mov"),
        /** The source of an integer cvt (not a conversion to a float type). */
        CVT("cvt"),
        /** The register of an address {@code [%r]}. */
        ADDRESS("addr"),
        /** An instruction's guard predicate {@code @%p}. */
        GUARD("guard");

        final String word;

        Use(String word) {
            this.word = word;
        }

        /** The use of a {@code use=} word ({@code mov}, {@code cvt}, ...), or null. */
        public static Use ofWord(String w) {
            for (Use u : values()) {
                if (u.word.equals(w)) {
                    return u;
                }
            }
            return null;
        }
    }

    /**
     * One special register.
     *
     * @param name       with its {@code %}
     * @param type       the type of the register or of each component
     * @param readTypes  the mov types a read may have
     * @param components the accepted component suffixes ({@code .x}, ...); empty for a scalar
     * @param uses       where it may be a source
     * @param writable   whether it may be a destination (never, in ptxas 13.0)
     * @param since      the minimum .version and .target
     */
    public record Entry(String name, PtxType type, Set<PtxType> readTypes, List<String> components, Set<Use> uses,
            boolean writable, Requirement since) {

        /** A vector register ({@code %tid}): only its components may be read. */
        public boolean isVector() {
            return !components.isEmpty();
        }

        /** Whether {@code mov.T d, THIS} is accepted. */
        public boolean readableAs(PtxType t) {
            return readTypes.contains(t);
        }

        public boolean usableIn(Use u) {
            return uses.contains(u);
        }

        /** Whether the component suffix (with its dot) is accepted. */
        public boolean hasComponent(String suffix) {
            return components.contains(suffix);
        }
    }

    /**
     * The file's line of each register by name, in the file's order (with its line number); a line
     * is parsed on the first lookup of its register, since a small run reads only a few
     * (docs/performance.md).
     */
    private static final Map<String, Line> LINES = new LinkedHashMap<>();
    private static final Map<String, Entry> BY_NAME = new ConcurrentHashMap<>();

    /** A line of the file: its text is cut out (comment and surrounding space removed) when parsed. */
    private static final class Line {
        final String file;
        final int start;
        final int end;
        final int no;

        Line(String file, int start, int end, int no) {
            this.file = file;
            this.start = start;
            this.end = end;
            this.no = no;
        }

        /** The line as {@link InstructionSet#dataLines} gives it. */
        String text() {
            String line = file.substring(start, end);
            int hash = line.indexOf('#');
            return (hash >= 0 ? line.substring(0, hash) : line).strip();
        }
    }

    static {
        // one pass over the text, cutting out only the names: a small run parses three or four
        // lines, and splitting and stripping every line was a visible part of its start-up
        String file = InstructionSet.read("special-registers.txt");
        int no = 0;
        for (int start = 0; start < file.length() || no == 0; ) {
            int end = file.indexOf('\n', start);
            if (end < 0) {
                end = file.length();
            }
            no++;
            int i = start;
            while (i < end && whitespace(file.charAt(i))) {
                i++;
            }
            int j = i;
            while (j < end && file.charAt(j) != '#' && !whitespace(file.charAt(j))) {
                j++;
            }
            if (j > i) {
                LINES.put(file.substring(i, j), new Line(file, start, end, no));
            }
            start = end + 1;
        }
    }

    /** {@link Character#isWhitespace}, without its calls for the printable ASCII characters of a name. */
    private static boolean whitespace(char c) {
        return (c <= ' ' || c >= 0x7f) && Character.isWhitespace(c);
    }

    private static Entry entry(String name) {
        Entry e = BY_NAME.get(name);
        if (e == null) {
            Line l = LINES.get(name);
            if (l == null) {
                return null;
            }
            e = parse(l.text(), l.no);
            BY_NAME.putIfAbsent(name, e);
        }
        return e;
    }

    private static Entry parse(String line, int no) {
        String[] w = TypeRules.words(line);
        if (w.length < 4 || !w[0].startsWith("%")) {
            throw bad(no, "NAME TYPE key=value... @since VERSION TARGET");
        }
        PtxType type = PtxType.of(w[1]);
        if (type == null) {
            throw bad(no, "unknown type " + w[1]);
        }
        Set<PtxType> reads = EnumSet.noneOf(PtxType.class);
        List<String> comps = List.of();
        Set<Use> uses = EnumSet.noneOf(Use.class);
        boolean writable = false;
        Requirement since = null;
        for (int i = 2; i < w.length; i++) {
            if (w[i].equals("@since")) {
                if (i + 2 >= w.length) {
                    throw bad(no, "@since VERSION TARGET");
                }
                Target t = Target.parse(w[i + 2]);
                since = new Requirement(PtxVersion.parse(w[i + 1]), t.sm());
                i += 2;
                continue;
            }
            int eq = w[i].indexOf('=');
            if (eq < 0) {
                throw bad(no, "expected key=value: " + w[i]);
            }
            String key = w[i].substring(0, eq);
            String[] vals = w[i].substring(eq + 1).split(",");
            switch (key) {
                case "read" -> {
                    for (String v : vals) {
                        PtxType t = PtxType.of("." + v);
                        if (t == null) {
                            throw bad(no, "unknown type " + v);
                        }
                        reads.add(t);
                    }
                }
                case "comp" -> comps = vals.length == 1 && vals[0].equals("-") ? List.of() : List.of(vals);
                case "use" -> {
                    for (String v : vals) {
                        Use u = null;
                        for (Use c : Use.values()) {
                            if (c.word.equals(v)) {
                                u = c;
                            }
                        }
                        if (u == null) {
                            throw bad(no, "unknown use " + v);
                        }
                        uses.add(u);
                    }
                }
                case "write" -> writable = !(vals.length == 1 && vals[0].equals("no"));
                default -> throw bad(no, "unknown key " + key);
            }
        }
        if (since == null) {
            throw bad(no, "missing @since");
        }
        return new Entry(w[0], type, Collections.unmodifiableSet(reads), comps, Collections.unmodifiableSet(uses),
                writable, since);
    }

    private static IllegalStateException bad(int no, String what) {
        return new IllegalStateException("special-registers.txt line " + no + ": " + what);
    }

    /**
     * The special register named {@code name} ({@code %tid}, {@code %tid.x}: a component suffix
     * is ignored here, check it with {@link Entry#hasComponent}), or null.
     */
    public static Entry lookup(String name) {
        Entry e = entry(name);
        if (e == null) {
            int dot = name.indexOf('.');
            if (dot > 0) {
                e = entry(name.substring(0, dot));
            }
        }
        return e;
    }

    /** Whether {@code name} (without a component) is a special register. */
    public static boolean isSpecialRegister(String name) {
        return LINES.containsKey(name);
    }

    /** Every special register, in the file's order. */
    public static Collection<Entry> all() {
        List<Entry> all = new ArrayList<>(LINES.size());
        for (String name : LINES.keySet()) {
            all.add(entry(name));
        }
        return Collections.unmodifiableList(all);
    }
}
