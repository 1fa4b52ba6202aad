package dev.ptxlint.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw content of one ISA data file ({@code *.ptxisa}, docs/isa-notation.md): its blocks, each
 * with form lines, enumerations and {@code @} lines, exactly as written. {@link InstructionSet}
 * compiles it into {@link IsaForm}s; other readers (the set family's form tables) read the same
 * model, so there is one parser of the notation.
 */
public final class IsaSource {

    /** A malformed data file: the message names the file and line. */
    public static final class FormatException extends RuntimeException {
        public FormatException(String file, int line, String message) {
            super(file + ":" + line + ": " + message);
        }
    }

    /** An {@code @keyword args} line (or the part of a form line after the {@code ;}). */
    public record Annotation(String keyword, String args, int line) {
        /** The arguments split at white space and commas, quotes kept together. */
        public List<String> words() {
            return splitWords(args);
        }
    }

    /** One modifier element of a form line: {@code .type} or {@code {.sat}}. */
    public record Mod(String name, boolean optional) {
    }

    /** The shape of an operand as the form line writes it. */
    public enum Shape {
        /** {@code d}. */
        PLAIN,
        /** {@code [a]}. */
        ADDRESS,
        /** {@code {a, b, c, d}}. */
        VECTOR,
        /** {@code p|q}. */
        PAIR,
        /** {@code p[|q]}. */
        OPTIONAL_PAIR
    }

    /**
     * One operand of a form line. {@code name} is the name {@code @operand} lines use (the first
     * name inside an address or vector); {@code count} is a vector's element count;
     * {@code optional} marks a {@code {, x}} trailing operand; {@code negatable} a {@code {!}c};
     * {@code suffix} the selector after a name ({@code a{.asel}} optional, {@code d.dsel} required:
     * {@code suffixRequired}) or an optional {@code {.unified}} after an address; {@code text} the
     * operand as written; {@code minus} a {@code {-}a} that may be negated; {@code inner} the names
     * inside an address or vector ({@code [tensorMap, tensorCoords]}).
     */
    public record Operand(String name, Shape shape, int count, boolean optional, boolean negatable, String suffix,
                          String text, boolean minus, boolean suffixRequired, List<String> inner) {
    }

    /** A form line: {@code add{.sat}.s32 d, a, b;} with its trailing annotations. */
    public record Form(String text, int line, String opcode, List<Mod> mods, List<Operand> operands,
                       List<Annotation> annotations) {
    }

    /** A block: the lines between two {@code ---} separators. */
    public record Block(String file, int line, List<Form> forms, Map<String, List<String>> enums,
                        List<Annotation> annotations) {

        /** The block's {@code @keyword} lines. */
        public List<Annotation> annotations(String keyword) {
            List<Annotation> l = new ArrayList<>();
            for (Annotation a : annotations) {
                if (a.keyword().equals(keyword)) {
                    l.add(a);
                }
            }
            return l;
        }

        /** The argument text of the block's first {@code @keyword} line, or null. */
        public String first(String keyword) {
            for (Annotation a : annotations) {
                if (a.keyword().equals(keyword)) {
                    return a.args();
                }
            }
            return null;
        }
    }

    private final String file;
    private final List<Block> blocks;
    private final List<Annotation> fileAnnotations;

    private IsaSource(String file, List<Block> blocks, List<Annotation> fileAnnotations) {
        this.file = file;
        this.blocks = Collections.unmodifiableList(blocks);
        this.fileAnnotations = Collections.unmodifiableList(fileAnnotations);
    }

    public String file() {
        return file;
    }

    public List<Block> blocks() {
        return blocks;
    }

    /**
     * {@code @} lines that apply to the whole file ({@code @elsewhere}, {@code @ignored}): those
     * of every block, collected.
     */
    public List<Annotation> fileAnnotations() {
        return fileAnnotations;
    }

    /**
     * The coordinate layouts of the file's geometries ({@code @geometry} lines), for its
     * {@code coords()} operands; empty when it has none.
     */
    public Map<String, IsaForm.Geometry> geometries() {
        Map<String, IsaForm.Geometry> g = geometries;
        if (g == null) {
            g = new LinkedHashMap<>();
            for (Annotation a : fileAnnotations) {
                if (a.keyword().equals("geometry")) {
                    IsaForm.Geometry x = geometry(file, a);
                    if (g.put(x.name(), x) != null) {
                        throw new FormatException(file, a.line(), "@geometry " + x.name() + " is given twice");
                    }
                }
            }
            g = Collections.unmodifiableMap(g);
            geometries = g;
        }
        return g;
    }

    private volatile Map<String, IsaForm.Geometry> geometries;

    /** {@code @geometry .a1d 2 "{index, x}" index vector} (docs/isa-notation.md). */
    private static IsaForm.Geometry geometry(String file, Annotation a) {
        List<String> w = a.words();
        int count;
        try {
            count = w.size() < 3 ? -1 : Integer.parseInt(w.get(1));
        } catch (NumberFormatException e) {
            count = -1;
        }
        if (count < 1 || !w.get(0).startsWith(".")) {
            throw new FormatException(file, a.line(), "@geometry .GEOM COUNT \"LAYOUT\" [index] [apart] [vector]"
                    + " [nosampler] [samplercrash]");
        }
        boolean nosampler = false;
        boolean samplerCrash = false;
        boolean index = false;
        boolean apart = false;
        boolean vector = false;
        for (String f : w.subList(3, w.size())) {
            switch (f) {
                case "index" -> index = true;
                case "apart" -> apart = true;
                case "vector" -> vector = true;
                case "nosampler" -> nosampler = true;
                case "samplercrash" -> samplerCrash = true;
                default -> throw new FormatException(file, a.line(), "@geometry: unknown word '" + f + "'");
            }
        }
        return new IsaForm.Geometry(w.get(0), count, w.get(2), index, apart, vector, nosampler, samplerCrash);
    }

    private static final java.util.Set<String> FILE_KEYWORDS = java.util.Set.of("elsewhere", "ignored", "ignores", "names", "novectorofone", "arglists", "vectorintcrash", "vectorintcrashfirst", "vectorconstscalar", "vectorconsttyped", "vectorconstnoint",
            "positional", "geometry", "maxwords");

    // ------------------------------------------------------------------ parsing

    /** Parses one data file. */
    public static IsaSource parse(String file, String text) {
        List<Block> blocks = new ArrayList<>();
        List<Annotation> fileAnns = new ArrayList<>();
        BlockBuilder cur = new BlockBuilder(file, 1);
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = stripComments(lines[i]).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("---")) {
                if (!cur.isEmpty()) {
                    blocks.add(cur.build());
                }
                cur = new BlockBuilder(file, lineNo + 1);
                continue;
            }
            if (line.startsWith("@")) {
                Annotation a = annotation(line, lineNo);
                if (FILE_KEYWORDS.contains(a.keyword())) {
                    fileAnns.add(a);
                } else {
                    cur.annotations.add(a);
                }
                continue;
            }
            if (line.startsWith(".")) {
                // an enumeration, possibly over several lines: .a = .b = { ... };
                StringBuilder sb = new StringBuilder(line);
                int start = lineNo;
                while (sb.indexOf("}") < 0 && i + 1 < lines.length) {
                    i++;
                    sb.append(' ').append(stripComments(lines[i]).strip());
                }
                enumeration(file, start, sb.toString(), cur.enums);
                continue;
            }
            cur.forms.add(form(file, lineNo, line));
        }
        if (!cur.isEmpty()) {
            blocks.add(cur.build());
        }
        return new IsaSource(file, blocks, fileAnns);
    }

    private static final class BlockBuilder {
        final String file;
        final int line;
        final List<Form> forms = new ArrayList<>();
        final Map<String, List<String>> enums = new LinkedHashMap<>();
        final List<Annotation> annotations = new ArrayList<>();

        BlockBuilder(String file, int line) {
            this.file = file;
            this.line = line;
        }

        boolean isEmpty() {
            return forms.isEmpty() && enums.isEmpty() && annotations.isEmpty();
        }

        Block build() {
            return new Block(file, line, List.copyOf(forms), Collections.unmodifiableMap(enums),
                    List.copyOf(annotations));
        }
    }

    /** Removes {@code #} and {@code //} comments (outside double quotes). */
    static String stripComments(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '#' || (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/'))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static Annotation annotation(String line, int lineNo) {
        int sp = 1;
        while (sp < line.length() && !Character.isWhitespace(line.charAt(sp))) {
            sp++;
        }
        return new Annotation(line.substring(1, sp), line.substring(sp).strip(), lineNo);
    }

    private static void enumeration(String file, int lineNo, String text, Map<String, List<String>> enums) {
        int open = text.indexOf('{');
        int close = text.indexOf('}');
        if (open < 0 || close < open) {
            throw new FormatException(file, lineNo, "an enumeration needs { ... }: " + text);
        }
        List<String> names = new ArrayList<>();
        for (String n : text.substring(0, open).split("=")) {
            n = n.strip();
            if (!n.isEmpty()) {
                if (!n.startsWith(".")) {
                    throw new FormatException(file, lineNo, "an enumeration name starts with '.': " + n);
                }
                names.add(n);
            }
        }
        if (names.isEmpty()) {
            throw new FormatException(file, lineNo, "an enumeration needs a name: " + text);
        }
        List<String> values = new ArrayList<>();
        for (String v : text.substring(open + 1, close).split(",")) {
            v = v.strip();
            if (v.isEmpty()) {
                continue;
            }
            if (!v.startsWith(".")) {
                throw new FormatException(file, lineNo, "enumeration values start with '.': " + v);
            }
            values.add(v);
        }
        if (values.isEmpty()) {
            throw new FormatException(file, lineNo, "an empty enumeration: " + text);
        }
        for (String n : names) {
            enums.put(n, List.copyOf(values));
        }
    }

    static Form form(String file, int lineNo, String line) {
        int semi = line.indexOf(';');
        if (semi < 0) {
            throw new FormatException(file, lineNo, "a form line ends with ';': " + line);
        }
        String body = line.substring(0, semi).strip();
        String rest = line.substring(semi + 1).strip();
        List<Annotation> anns = new ArrayList<>();
        while (!rest.isEmpty()) {
            if (!rest.startsWith("@")) {
                throw new FormatException(file, lineNo, "after a form's ';' only @ annotations may follow: " + rest);
            }
            int next = nextAt(rest, 1);
            anns.add(annotation(rest.substring(0, next).strip(), lineNo));
            rest = rest.substring(next).strip();
        }
        int sp = 0;
        while (sp < body.length() && !Character.isWhitespace(body.charAt(sp))) {
            sp++;
        }
        String mnemonic = body.substring(0, sp);
        String ops = body.substring(sp).strip();
        int dot = indexOfModStart(mnemonic);
        String opcode = dot < 0 ? mnemonic : mnemonic.substring(0, dot);
        if (opcode.isEmpty() || !Character.isLetter(opcode.charAt(0))) {
            throw new FormatException(file, lineNo, "a form line starts with the opcode: " + line);
        }
        List<Mod> mods = dot < 0 ? List.of() : mods(file, lineNo, mnemonic.substring(dot));
        return new Form(line, lineNo, opcode, mods, operands(file, lineNo, ops), List.copyOf(anns));
    }

    /** The next '@' that starts an annotation (outside quotes), or the end. */
    private static int nextAt(String s, int from) {
        boolean quoted = false;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '@' && !quoted && Character.isWhitespace(s.charAt(i - 1))) {
                return i;
            }
        }
        return s.length();
    }

    private static int indexOfModStart(String mnemonic) {
        for (int i = 0; i < mnemonic.length(); i++) {
            char c = mnemonic.charAt(i);
            if (c == '.' || c == '{') {
                return i;
            }
        }
        return -1;
    }

    private static List<Mod> mods(String file, int lineNo, String s) {
        List<Mod> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '{') {
                int close = s.indexOf('}', i);
                if (close < 0) {
                    throw new FormatException(file, lineNo, "unclosed '{' in " + s);
                }
                String inner = s.substring(i + 1, close);
                if (!inner.startsWith(".") || inner.indexOf('.', 1) >= 0) {
                    throw new FormatException(file, lineNo, "an optional modifier is {.word}: {" + inner + "}");
                }
                out.add(new Mod(inner, true));
                i = close + 1;
            } else if (c == '.') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '.' && s.charAt(j) != '{') {
                    j++;
                }
                out.add(new Mod(s.substring(i, j), false));
                i = j;
            } else {
                throw new FormatException(file, lineNo, "unexpected '" + c + "' in the modifiers " + s);
            }
        }
        return out;
    }

    private static List<Operand> operands(String file, int lineNo, String s) {
        List<Operand> out = new ArrayList<>();
        new OperandScanner(file, lineNo, s).list(out, false);
        return out;
    }

    /** Reads a form line's operand list. */
    private static final class OperandScanner {
        final String file;
        final int line;
        final String s;
        int i;

        OperandScanner(String file, int line, String s) {
            this.file = file;
            this.line = line;
            this.s = s;
        }

        void skipSpace() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        boolean at(String t) {
            return s.startsWith(t, i);
        }

        FormatException error(String m) {
            return new FormatException(file, line, m + " in operands '" + s + "'");
        }

        /** Operands separated by commas until the end or a closing '}' of an optional group. */
        void list(List<Operand> out, boolean optional) {
            skipSpace();
            while (i < s.length()) {
                skipSpace();
                if (at("}") && optional) {
                    return;
                }
                if (at("{,") || at("{ ,")) {
                    i = s.indexOf(',', i) + 1;
                    list(out, true);
                    skipSpace();
                    if (!at("}")) {
                        throw error("unclosed optional operands");
                    }
                    i++;
                    continue;
                }
                if (at(",")) {
                    i++;
                    continue;
                }
                out.add(operand(optional));
            }
        }

        Operand operand(boolean optional) {
            int start = i;
            boolean neg = false;
            boolean minus = false;
            if (at("{!}")) {
                neg = true;
                i += 3;
            } else if (at("!")) {
                neg = true;
                i++;
            } else if (at("{-}")) {
                minus = true;
                i += 3;
            }
            skipSpace();
            if (at("[")) {
                int close = matching('[', ']');
                String inner = s.substring(i + 1, close);
                i = close + 1;
                String suffix = null;
                if (at("{.")) {
                    int c = s.indexOf('}', i);
                    suffix = s.substring(i + 1, c);
                    i = c + 1;
                }
                return new Operand(firstName(inner), Shape.ADDRESS, 1, optional, neg, suffix,
                        s.substring(start, i).strip(), minus, false, names(inner));
            }
            if (at("{")) {
                int close = matching('{', '}');
                String inner = s.substring(i + 1, close);
                i = close + 1;
                int n = inner.isBlank() ? 0 : inner.split(",").length;
                return new Operand(firstName(inner), Shape.VECTOR, n, optional, neg, null,
                        s.substring(start, i).strip(), minus, false, names(inner));
            }
            String name = name();
            if (name.isEmpty()) {
                throw error("expected an operand at " + i);
            }
            String suffix = null;
            boolean required = false;
            if (at("{.")) { // a{.asel}
                int c = s.indexOf('}', i);
                suffix = s.substring(i + 1, c);
                i = c + 1;
            } else if (at(".")) { // d.dsel
                i++;
                suffix = "." + name();
                required = true;
            }
            if (at("[|") || at("{|")) { // p[|q], d{|p}
                int close = s.indexOf(at("[|") ? ']' : '}', i);
                i = close + 1;
                return new Operand(name, Shape.OPTIONAL_PAIR, 1, optional, neg, suffix, s.substring(start, i).strip(),
                        minus, required, List.of(name));
            }
            if (at("|")) {
                i++;
                name();
                return new Operand(name, Shape.PAIR, 1, optional, neg, suffix, s.substring(start, i).strip(), minus,
                        required, List.of(name));
            }
            return new Operand(name, Shape.PLAIN, 1, optional, neg, suffix, s.substring(start, i).strip(), minus,
                    required, List.of(name));
        }

        String name() {
            int st = i;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '%') {
                    i++;
                } else {
                    break;
                }
            }
            return s.substring(st, i);
        }

        int matching(char open, char close) {
            int depth = 0;
            for (int j = i; j < s.length(); j++) {
                char c = s.charAt(j);
                if (c == open) {
                    depth++;
                } else if (c == close && --depth == 0) {
                    return j;
                }
            }
            throw error("unclosed '" + open + "'");
        }
    }

    private static String firstName(String inner) {
        int j = 0;
        while (j < inner.length() && !(Character.isLetterOrDigit(inner.charAt(j)) || inner.charAt(j) == '_')) {
            j++;
        }
        int k = j;
        while (k < inner.length() && (Character.isLetterOrDigit(inner.charAt(k)) || inner.charAt(k) == '_'
                || inner.charAt(k) == '-')) {
            k++;
        }
        return inner.substring(j, k);
    }

    /** The names inside an address or vector: {@code tensorMap, tensorCoords}. */
    private static List<String> names(String inner) {
        List<String> out = new ArrayList<>();
        for (String p : inner.split(",")) {
            String n = firstName(p);
            if (!n.isEmpty()) {
                out.add(n);
            }
        }
        return List.copyOf(out);
    }

    static List<String> splitWords(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == ',') {
                i++;
            } else if (c == '"') {
                int close = s.indexOf('"', i + 1);
                close = close < 0 ? s.length() : close;
                out.add(s.substring(i + 1, close));
                i = close + 1;
            } else {
                int j = i;
                int depth = 0;
                while (j < s.length()) {
                    char d = s.charAt(j);
                    if (d == '(') {
                        depth++;
                    } else if (d == ')') {
                        depth--;
                    } else if (depth == 0 && (Character.isWhitespace(d) || d == ',')) {
                        break;
                    }
                    j++;
                }
                out.add(s.substring(i, j));
                i = j;
            }
        }
        return out;
    }
}
