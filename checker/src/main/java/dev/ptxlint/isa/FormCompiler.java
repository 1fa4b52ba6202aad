package dev.ptxlint.isa;

import dev.ptxlint.isa.IsaForm.Kind;
import dev.ptxlint.isa.IsaSource.Annotation;
import dev.ptxlint.isa.IsaSource.Block;
import dev.ptxlint.isa.IsaSource.FormatException;
import dev.ptxlint.isa.IsaSource.Shape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Turns the form lines of one block of ISA data into {@link IsaForm}s (docs/isa-notation.md). */
final class FormCompiler {
    private FormCompiler() {
    }

    /**
     * The {@code @positional} groups of a file: words ptxas reads by position, filling the form's
     * slots that hold them in the form's order ({@code @positional .row .col}).
     */
    static List<Set<String>> positional(IsaSource src) {
        List<Set<String>> out = new ArrayList<>();
        for (Annotation a : src.fileAnnotations()) {
            if (a.keyword().equals("positional")) {
                List<String> w = a.words();
                if (w.size() < 2) {
                    throw new FormatException(src.file(), a.line(), "@positional .WORD .WORD ...");
                }
                out.add(Set.copyOf(w));
            }
        }
        return out.isEmpty() ? List.of() : List.copyOf(out);
    }

    /**
     * The {@code @maxwords N .w1 .w2 ...} lines of a file: at most N of these words in all on any of
     * its instructions; as entries of a form's repeatable set ({@link IsaForm#maxWordsEntry}).
     */
    static List<String> maxWords(IsaSource src) {
        List<String> out = new ArrayList<>();
        for (Annotation a : src.fileAnnotations()) {
            if (a.keyword().equals("maxwords")) {
                List<String> w = a.words();
                int n;
                try {
                    n = w.size() < 3 ? 0 : Integer.parseInt(w.get(0));
                } catch (NumberFormatException e) {
                    n = 0;
                }
                for (int i = 1; i < w.size() && n > 0; i++) {
                    n = w.get(i).startsWith(".") ? n : 0;
                }
                if (n < 1) {
                    throw new FormatException(src.file(), a.line(), "@maxwords N .WORD .WORD ...");
                }
                out.add(IsaForm.maxWordsEntry(n, w.subList(1, w.size())));
            }
        }
        return out.isEmpty() ? List.of() : List.copyOf(out);
    }

    static List<IsaForm> compile(Block b, String section, Set<String> names, List<Set<String>> positional) {
        return compile(b, section, names, positional, Map.of(), List.of());
    }

    /** {@code geometries}: the file's {@code @geometry} lines, for its {@code coords()} operands. */
    static List<IsaForm> compile(Block b, String section, Set<String> names, List<Set<String>> positional,
                                 Map<String, IsaForm.Geometry> geometries) {
        return compile(b, section, names, positional, geometries, List.of());
    }

    /** {@code maxWords}: the file's {@code @maxwords} lines ({@link #maxWords(IsaSource)}). */
    static List<IsaForm> compile(Block b, String section, Set<String> names, List<Set<String>> positional,
                                 Map<String, IsaForm.Geometry> geometries, List<String> maxWords) {
        Since blockSince = Since.NONE;
        Map<String, Since> valueSince = new HashMap<>();
        Set<String> repeatable = new HashSet<>();
        Map<String, List<String>> operandSpecs = new HashMap<>();
        for (Annotation a : b.annotations()) {
            switch (a.keyword()) {
                case "since" -> {
                    int eq = a.args().indexOf('=');
                    try {
                        if (eq < 0) {
                            blockSince = blockSince.and(Since.parse(a.args()));
                        } else {
                            Since s = Since.parse(a.args().substring(eq + 1));
                            for (String w : IsaSource.splitWords(a.args().substring(0, eq))) {
                                valueSince.merge(w, s, Since::and);
                            }
                        }
                    } catch (IllegalArgumentException e) {
                        throw new FormatException(b.file(), a.line(), e.getMessage());
                    }
                }
                case "repeatable" -> repeatable.addAll(a.words());
                case "operand" -> {
                    int colon = a.args().indexOf(':');
                    if (colon < 0) {
                        throw new FormatException(b.file(), a.line(), "@operand NAMES : SPEC");
                    }
                    List<String> spec = IsaSource.splitWords(a.args().substring(colon + 1));
                    for (String n : IsaSource.splitWords(a.args().substring(0, colon))) {
                        if (operandSpecs.put(n, spec) != null) {
                            // two lines for one operand: the second would silently replace the first
                            throw new FormatException(b.file(), a.line(), "@operand " + n
                                    + " is given twice in this block: write its words on one line");
                        }
                        checkSpec(b, a, spec);
                    }
                }
                case "section", "evidence", "formtable", "quirk", "feature", "note" -> {
                }
                default -> {
                    // other @ lines are read by other readers (FormTableData) or are documentation
                }
            }
        }
        Set<String> blockExcept = new HashSet<>();
        for (Annotation a : b.annotations("except")) {
            blockExcept.addAll(except(b, a));
        }
        for (Annotation a : b.annotations("lowered")) {
            blockExcept.addAll(lowered(b, a));
        }
        IsaForm.Until blockUntil = null;
        for (Annotation a : b.annotations("until")) {
            blockUntil = until(b, a);
        }
        Set<String> usedNames = new HashSet<>();
        List<IsaForm> out = new ArrayList<>();
        for (IsaSource.Form f : b.forms()) {
            Since since = blockSince;
            IsaForm.Until until = blockUntil;
            String undocumented = null;
            String crash = null;
            Set<String> formExcept = new HashSet<>(blockExcept);
            for (Annotation a : f.annotations()) {
                if (a.keyword().equals("since")) {
                    try {
                        since = since.and(Since.parse(a.args()));
                    } catch (IllegalArgumentException e) {
                        throw new FormatException(b.file(), f.line(), e.getMessage());
                    }
                } else if (a.keyword().equals("until")) {
                    until = until(b, a);
                } else if (a.keyword().equals("except")) {
                    formExcept.addAll(except(b, a));
                } else if (a.keyword().equals("lowered")) {
                    formExcept.addAll(lowered(b, a));
                } else if (a.keyword().equals("undocumented")) {
                    undocumented = a.words().isEmpty() ? "" : a.words().get(0);
                } else if (a.keyword().equals("crash")) {
                    crash = IsaForm.crashEntry(a.words().isEmpty() ? "" : a.words().get(0));
                } else if (!a.keyword().equals("evidence") && !a.keyword().equals("note")) {
                    throw new FormatException(b.file(), f.line(), "unknown annotation @" + a.keyword() + " on a form");
                }
            }
            List<IsaForm.Slot> slots = new ArrayList<>();
            for (IsaSource.Mod m : f.mods()) {
                List<String> values = b.enums().get(m.name());
                Set<String> vs = new LinkedHashSet<>(values != null ? values : List.of(m.name()));
                boolean isType = true;
                for (String v : vs) {
                    if (PtxType.of(v) == null) {
                        isType = false;
                        break;
                    }
                }
                // declaration order kept for messages
                slots.add(new IsaForm.Slot(m.name(), m.optional(), isType, java.util.Collections.unmodifiableSet(vs)));
            }
            Map<String, Since> vsince = new HashMap<>();
            for (IsaForm.Slot s : slots) {
                for (String v : s.values()) {
                    Since x = valueSince.get(v);
                    if (x != null) {
                        vsince.put(v, x);
                    }
                }
                Since x = valueSince.get(s.name());
                if (x != null && !s.isLiteral()) {
                    for (String v : s.values()) {
                        vsince.merge(v, x, Since::and);
                    }
                }
            }
            // @since .w1+.w2 = V TARGET: the words written together; kept when the form has a slot for each
            for (Map.Entry<String, Since> e : valueSince.entrySet()) {
                if (e.getKey().indexOf('+') < 0) {
                    continue;
                }
                boolean all = true;
                for (String w : e.getKey().split("\\+")) {
                    boolean found = false;
                    for (IsaForm.Slot s : slots) {
                        found |= s.values().contains(w);
                    }
                    all &= found;
                }
                if (all) {
                    vsince.merge(e.getKey(), e.getValue(), Since::and);
                }
            }
            List<IsaForm.Operand> ops = new ArrayList<>();
            int typeFirst = -1;
            int typeLast = -1;
            for (int i = 0; i < slots.size(); i++) {
                if (slots.get(i).isType()) {
                    if (typeFirst < 0) {
                        typeFirst = i;
                    }
                    typeLast = i;
                }
            }
            for (int i = 0; i < f.operands().size(); i++) {
                IsaSource.Operand o = f.operands().get(i);
                usedNames.add(o.name());
                usedNames.addAll(o.inner());
                IsaForm.Operand op = operand(b, o, i == 0, slots, typeFirst, typeLast, operandSpecs.get(o.name()),
                        geometries);
                boolean described = false;
                for (String n : o.inner()) {
                    described |= operandSpecs.containsKey(n) && !n.equals(o.name());
                }
                if (described && o.inner().size() > 1 && (o.shape() == Shape.ADDRESS && !o.text().contains("{,")
                        || o.shape() == Shape.VECTOR)) {
                    // [tensorMap, tensorCoords]: the parts that have @operand lines are checked; {byte-id-a,
                    // thread-id-a}: elements with @operand lines of their own are checked by them (the first
                    // element by the vector's), the others by the vector's (mma's block-scale selectors)
                    List<IsaForm.Operand> parts = new ArrayList<>();
                    for (String n : o.inner()) {
                        List<String> spec = operandSpecs.get(n);
                        IsaSource.Operand part = new IsaSource.Operand(n, Shape.PLAIN, 1, false, false, null, n, false,
                                false, List.of(n));
                        parts.add(spec == null ? null : operand(b, part, false, slots, typeFirst, typeLast, spec,
                                geometries));
                    }
                    op = withParts(op, parts);
                }
                ops.add(op);
            }
            for (IsaForm.Operand op : ops) {
                String other = op.limits().atMost();
                if (other != null && ops.stream().noneMatch(x -> x.name().equals(other))) {
                    throw new FormatException(b.file(), f.line(), "atmost(" + other + "): the form has no such operand");
                }
                List<String> np = op.limits().negProduct();
                for (int k = 0; np != null && k < np.size(); k++) {
                    String factor = np.get(k);
                    if (ops.stream().noneMatch(x -> x.name().equals(factor))) {
                        throw new FormatException(b.file(), f.line(), "negproduct(): the form has no operand " + factor);
                    }
                }
            }
            String syntax = f.text();
            int semi = syntax.indexOf(';');
            syntax = semi < 0 ? syntax : syntax.substring(0, semi + 1);
            Set<String> formRepeatable = repeatable;
            if (!formExcept.isEmpty() || crash != null) {
                formRepeatable = new HashSet<>(repeatable);
                formRepeatable.addAll(formExcept);
                if (crash != null) {
                    formRepeatable.add(crash);
                }
            }
            for (String limit : maxWords) {
                // a file's @maxwords limit, on the forms that have a slot for one of its words
                boolean has = false;
                for (String w : limit.substring(limit.indexOf(' ') + 1).split(" ")) {
                    for (IsaForm.Slot s : slots) {
                        has |= s.values().contains(w);
                    }
                }
                if (has) {
                    formRepeatable = formRepeatable == repeatable ? new HashSet<>(repeatable) : formRepeatable;
                    formRepeatable.add(limit);
                }
            }
            out.add(new IsaForm(f.opcode(), oneSpace(syntax), section, b.file(), f.line(), slots, ops,
                    since, vsince, undocumented, formRepeatable, until, names, positional));
        }
        for (String n : operandSpecs.keySet()) {
            if (!usedNames.contains(n) && !b.forms().isEmpty()) {
                throw new FormatException(b.file(), b.line(), "@operand names '" + n + "', which no form of the block has");
            }
        }
        return out;
    }

    /** Every run of white space as one blank (without a regular expression: start-up). */
    private static String oneSpace(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r') { // regex \s
                if (!space) {
                    sb.append(' ');
                }
                space = true;
            } else {
                sb.append(c);
                space = false;
            }
        }
        return sb.toString();
    }

    /**
     * {@code @lowered sm_LO..sm_HI ... [.TYPE] [OPERAND ...]} (a form line's or a block's): the target ranges on
     * which ptxas lowers the form into per-element instructions, the type its elements are moved as (default:
     * the operand's) and the operands concerned (default: every vector operand). As repeatable-set entries
     * {@code "lowered LO HI TYPE OPERANDS"}.
     */
    private static List<String> lowered(Block b, Annotation a) {
        List<String> ranges = new ArrayList<>();
        String type = "-";
        List<String> operands = new ArrayList<>();
        for (String w : a.words()) {
            if (w.contains("..")) {
                ranges.add(w);
            } else if (w.startsWith(".")) {
                if (PtxType.of(w) == null || !type.equals("-")) {
                    throw new FormatException(b.file(), a.line(), "@lowered sm_LO..sm_HI ... [.TYPE] [OPERAND ...]: one fundamental type");
                }
                type = w;
            } else {
                operands.add(w);
            }
        }
        if (ranges.isEmpty()) {
            throw new FormatException(b.file(), a.line(), "@lowered sm_LO..sm_HI ... [.TYPE] [OPERAND ...]");
        }
        List<String> out = new ArrayList<>();
        String ops = operands.isEmpty() ? "-" : String.join(",", operands);
        for (String e : except(b, new Annotation(a.keyword(), String.join(" ", ranges), a.line()))) {
            String[] p = e.split(" ");
            out.add(IsaForm.loweredEntry(Integer.parseInt(p[1]), Integer.parseInt(p[2]), type, ops));
        }
        return out;
    }

    /**
     * {@code @except sm_LO..sm_HI ...} (a form line's or a block's): the target ranges, by number and
     * any suffix, on which the form does not apply; {@code sm_LO..} is open. As repeatable-set entries.
     */
    private static List<String> except(Block b, Annotation a) {
        List<String> out = new ArrayList<>();
        for (String w : a.words()) {
            int dots = w.indexOf("..");
            Target lo = dots < 0 ? null : Target.parse(w.substring(0, dots));
            String rest = dots < 0 ? "" : w.substring(dots + 2);
            Target hi = rest.isEmpty() ? null : Target.parse(rest);
            if (lo == null || !lo.suffix().isEmpty() || !rest.isEmpty() && (hi == null || !hi.suffix().isEmpty())) {
                throw new FormatException(b.file(), a.line(), "@except sm_LO..sm_HI (or sm_LO..) ...");
            }
            out.add(IsaForm.exceptEntry(lo.sm(), hi == null ? Integer.MAX_VALUE : hi.sm()));
        }
        if (out.isEmpty()) {
            throw new FormatException(b.file(), a.line(), "@except sm_LO..sm_HI (or sm_LO..) ...");
        }
        return out;
    }

    private static IsaForm.Until until(Block b, Annotation a) {
        List<String> w = a.words();
        PtxVersion v = w.isEmpty() ? null : PtxVersion.parse(w.get(0));
        Target t = w.size() > 1 ? Target.parse(w.get(1)) : null;
        if (v == null || t == null) {
            throw new FormatException(b.file(), a.line(), "@until VERSION TARGET [\"replacement\"]");
        }
        return new IsaForm.Until(v, t.sm(), w.size() > 2 ? w.get(2) : null);
    }

    private static IsaForm.Operand withParts(IsaForm.Operand o, List<IsaForm.Operand> parts) {
        // [a, b] with @operand a : texref: the handle kind is the part's, the whole is an address
        Kind kind = isHandle(o.kind()) ? Kind.ADDR : o.kind();
        return new IsaForm.Operand(o.name(), o.shape(), kind, o.typeSlot(), o.fixedType(), o.wide(), o.vector(),
                o.vectorSlot(), o.optional(), o.sink(), o.neg(), o.relaxed(), o.hasRange(), o.min(), o.max(), o.text(),
                o.minus(), o.selectors(), o.selectorRequired(), o.values(), o.multiple(),
                java.util.Collections.unmodifiableList(parts), o.typed(), o.exactConstant(), o.spaces(), o.only(),
                o.widths(), o.literals(), o.noFunction(), o.writes(), o.limits());
    }

    /** A texture, surface or sampler handle ({@code @operand a : handle(.texref)} ...). */
    private static boolean isHandle(Kind k) {
        return k == Kind.HANDLE;
    }

    /** The variable kinds {@code handle(...)} and {@code independent(...)} may list. */
    private static final Set<String> HANDLE_TYPES = Set.of(".texref", ".samplerref", ".surfref", ".tex");

    /** {@code handle(.texref|.tex)}: the listed items, each a handle type, {@code .tex} or a variable's type. */
    private static Set<String> handleTypes(Block b, String w, int open) {
        Set<String> ts = new LinkedHashSet<>();
        for (String x : w.substring(open, w.length() - 1).split("\\|")) {
            if (!HANDLE_TYPES.contains(x.strip()) && PtxType.of(x.strip()) == null) {
                throw new FormatException(b.file(), b.line(), w + ": '" + x + "' is neither a type nor one of "
                        + HANDLE_TYPES);
            }
            ts.add(x.strip());
        }
        return java.util.Collections.unmodifiableSet(ts);
    }

    private static final Set<String> FLAGS = Set.of("reg", "imm", "val", "pred", "addr", "mem", "label", "func", "var",
            "any", "wide", "sink", "neg", "relaxed", "typed", "exact", "nofunc", "writes", "pow2", "nonzero",
            "literal", "fixed", "generic", "predelements", "anyreg", "branchtargets", "addr64", "vectorofone", "whole",
            "sampled", "forward", "nosum", "nosinkelement", "localcrash");

    private static void checkSpec(Block b, Annotation a, List<String> spec) {
        for (String w : spec) {
            if (FLAGS.contains(w) || w.startsWith("vec(") || w.startsWith("coords(") || w.startsWith("range(")
                    || w.startsWith("values(") || w.startsWith("multiple(") || w.startsWith("space(")
                    || w.startsWith("only(") || w.startsWith("literals(") || w.startsWith("atmost(")
                    || w.startsWith("sampler32(") || w.startsWith("sreg(") || w.startsWith("handle(")
                    || w.startsWith("independent(") || w.startsWith("regsince(") || w.startsWith("pairsince(")
                    || w.startsWith("since(") || w.startsWith("noplus(") || w.startsWith("negproduct(")) {
                continue;
            }
            if (w.startsWith(".")) {
                if (PtxType.of(w) == null && !b.enums().containsKey(w)) {
                    throw new FormatException(b.file(), a.line(), "'" + w + "' is neither a type nor an enumeration of the block");
                }
                continue;
            }
            throw new FormatException(b.file(), a.line(), "unknown @operand word '" + w + "'");
        }
    }

    /**
     * {@code noplus(float .rn)}: what ptxas 13.0 does with a register plus a constant in the operand
     * (docs/isa-notation.md): {@code hang}, or the registers it crashes on ({@code float}, {@code any}),
     * then the conditions: modifier values that must be written ({@code .rn}) and {@code pair}. A second
     * {@code noplus(...)} on the operand is an alternative ({@code or}: the earlier ones are tried first).
     */
    /** The {@code noplus(...)} words of an operand's spec, as one chain of alternatives (null: none). */
    static IsaForm.NoPlus noPlusClauses(Block b, List<String> spec) {
        IsaForm.NoPlus np = null;
        for (String w : spec) {
            if (w.startsWith("noplus(")) {
                np = noPlus(b, w, np);
            }
        }
        return np;
    }

    private static IsaForm.NoPlus noPlus(Block b, String w, IsaForm.NoPlus before) {
        boolean hang = false;
        boolean floats = false;
        boolean any = false;
        boolean pair = false;
        List<String> mods = new ArrayList<>();
        List<String> constants = new ArrayList<>();
        boolean builtin = false;
        int below = 0;
        String inner = w.substring(7, w.length() - 1);
        int bt = inner.indexOf("before(");
        if (bt >= 0) { // before(sm_90): only below that target
            int e = inner.indexOf(")", bt);
            String t = inner.substring(bt + 7, e).trim();
            Target target = t.startsWith("sm_") ? Target.parse(t) : null;
            if (target == null || !target.suffix().isEmpty()) {
                throw new FormatException(b.file(), b.line(), w + ": before(...) takes a target without suffix"
                        + " (before(sm_90)), not " + t);
            }
            below = target.sm();
            inner = inner.substring(0, bt) + inner.substring(e + 1);
        }
        int ft = inner.indexOf("from(");
        if (ft >= 0) { // from(sm_100): only on that target and later (stored as -100)
            int e = inner.indexOf(")", ft);
            String t = inner.substring(ft + 5, e).trim();
            Target target = t.startsWith("sm_") ? Target.parse(t) : null;
            if (target == null || !target.suffix().isEmpty() || below != 0) {
                throw new FormatException(b.file(), b.line(), w + ": from(...) takes a target without suffix"
                        + " (from(sm_100)), not with before(...), not " + t);
            }
            below = -target.sm();
            inner = inner.substring(0, ft) + inner.substring(e + 1);
        }
        int at = inner.indexOf("const(");
        if (at >= 0) { // const(a-desc b-desc): operand names
            int e = inner.indexOf(")", at);
            constants.addAll(IsaSource.splitWords(inner.substring(at + 6, e).replace(',', ' ')));
            inner = inner.substring(0, at) + inner.substring(e + 1);
        }
        for (String x : IsaSource.splitWords(inner.replace(',', ' '))) {
            switch (x) {
                case "hang" -> hang = true;
                case "float" -> floats = true;
                case "any" -> any = true;
                case "pair" -> pair = true;
                case "builtin" -> builtin = true;
                default -> {
                    if (!x.startsWith(".") && !x.startsWith("!.")) {
                        throw new FormatException(b.file(), b.line(), w + ": '" + x
                                + "' is none of hang, float, any, builtin, pair, a modifier value (.a|.b: one of"
                                + " them) or one that must not be written (!.a)");
                    }
                    mods.add(x);
                }
            }
        }
        if ((hang ? 1 : 0) + (floats ? 1 : 0) + (any ? 1 : 0) + (builtin ? 1 : 0) != 1) {
            throw new FormatException(b.file(), b.line(), w + ": say one of hang, float (the registers ptxas"
                    + " crashes on are floating-point ones), any, builtin (a parsing error in the routine ptxas"
                    + " expands the instruction into)");
        }
        IsaForm.NoPlus np = new IsaForm.NoPlus(hang, floats, any, pair, mods.toArray(new String[0]),
                constants.toArray(new String[0]), builtin, below, null);
        if (before == null) {
            return np;
        }
        // keep the written order: the new clause goes last
        java.util.ArrayDeque<IsaForm.NoPlus> chain = new java.util.ArrayDeque<>();
        for (IsaForm.NoPlus c = before; c != null; c = c.or()) {
            chain.push(c);
        }
        while (!chain.isEmpty()) {
            np = chain.pop().or(np);
        }
        return np;
    }

    private static int slotNamed(List<IsaForm.Slot> slots, String name) {
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static IsaForm.Operand operand(Block b, IsaSource.Operand o, boolean first,
                                           List<IsaForm.Slot> slots, int typeFirst, int typeLast, List<String> spec,
                                           Map<String, IsaForm.Geometry> geometries) {
        Kind kind = null;
        int typeSlot = -2; // -2: not given
        PtxType fixed = null;
        boolean wide = false;
        boolean sink = false;
        boolean neg = o.negatable();
        boolean relaxed = false;
        boolean typed = false;
        boolean hasRange = false;
        long min = 0;
        long max = 0;
        int vector = o.shape() == Shape.VECTOR ? o.count() : 0;
        int vectorSlot = -1;
        long[] values = null;
        long multiple = 0;
        boolean exact = false;
        String[] spaces = null;
        Set<PtxType> only = null;
        int[] widths = null;
        int literals = -1;
        boolean noFunction = false;
        boolean writes = false;
        boolean pow2 = false;
        boolean nonzero = false;
        boolean literal = false;
        boolean floatRange = false;
        double floatMin = 0;
        boolean floatMinOpen = false;
        double floatMax = 0;
        String atMost = null;
        boolean generic = false;
        String sampler32 = null;
        boolean coords = false;
        boolean predElements = false;
        boolean anyRegister = false;
        SpecialRegisterTable.Use specialRegisters = null;
        boolean branchTargets = false;
        boolean forward = false;
        boolean address64 = false;
        boolean vectorOfOne = false;
        boolean whole = false;
        boolean noSum = false;
        boolean noSinkElement = false;
        boolean localCrash = false;
        List<String> negProduct = null;
        Set<String> handleTypes = null;
        Set<String> independent = null;
        List<IsaForm.ModeSince> handleSince = new ArrayList<>();
        boolean sampled = false;
        Since pairSince = null;
        IsaForm.NoPlus noPlus = null;
        boolean fixedType = spec != null && spec.contains("fixed");
        if (spec != null) {
            for (String w : spec) {
                switch (w) {
                    case "pow2" -> pow2 = true;
                    case "nonzero" -> nonzero = true;
                    case "literal" -> literal = true;
                    case "generic" -> generic = true;
                    case "predelements" -> predElements = true;
                    case "anyreg" -> anyRegister = true;
                    case "branchtargets" -> branchTargets = true;
                    case "forward" -> forward = true;
                    case "addr64" -> address64 = true;
                    case "vectorofone" -> vectorOfOne = true;
                    case "whole" -> whole = true;
                    case "nosum" -> noSum = true;
                    case "nosinkelement" -> noSinkElement = true;
                    case "localcrash" -> localCrash = true;
                    case "sampled" -> sampled = true;
                    case "fixed" -> {
                    }
                    case "reg" -> kind = Kind.REG;
                    case "imm" -> kind = Kind.IMM;
                    case "val" -> kind = Kind.VAL;
                    case "pred" -> {
                        kind = Kind.PRED;
                        fixed = PtxType.PRED;
                        typeSlot = -1;
                    }
                    case "addr" -> kind = Kind.ADDR;
                    case "mem" -> kind = Kind.MEM;
                    case "label" -> kind = Kind.LABEL;
                    case "func" -> kind = Kind.FUNC;
                    case "var" -> kind = Kind.VAR;
                    case "any" -> kind = Kind.ANY;
                    case "wide" -> wide = true;
                    case "sink" -> sink = true;
                    case "neg" -> neg = true;
                    case "relaxed" -> relaxed = true;
                    case "typed" -> typed = true;
                    case "exact" -> exact = true;
                    case "nofunc" -> noFunction = true;
                    case "writes" -> writes = true;
                    default -> {
                        if (w.startsWith("handle(")) {
                            kind = Kind.HANDLE;
                            handleTypes = handleTypes(b, w, 7);
                        } else if (w.startsWith("independent(")) {
                            independent = handleTypes(b, w, 12);
                        } else if (w.startsWith("regsince(") || w.startsWith("since(") || w.startsWith("pairsince(")) {
                            // regsince(3.1 sm_20), since(4.3 sm_30 unified): a texturing mode may follow
                            String arg = w.substring(w.indexOf('(') + 1, w.length() - 1).strip();
                            int mode = arg.endsWith(" unified") ? 1 : arg.endsWith(" independent") ? 2 : 0;
                            if (mode > 0) {
                                arg = arg.substring(0, arg.lastIndexOf(' '));
                            }
                            Since since;
                            try {
                                since = Since.parse(arg);
                            } catch (IllegalArgumentException e) {
                                throw new FormatException(b.file(), b.line(), w + ": " + e.getMessage());
                            }
                            if (w.startsWith("pairsince(")) {
                                if (mode > 0) {
                                    throw new FormatException(b.file(), b.line(), w + ": no texturing mode here");
                                }
                                pairSince = since;
                            } else {
                                handleSince.add(new IsaForm.ModeSince(since, w.startsWith("regsince("), mode));
                            }
                        }
                        if (w.startsWith("noplus(")) {
                            noPlus = noPlus(b, w, noPlus);
                        }
                        if (w.startsWith("only(")) {
                            Set<PtxType> ts = new LinkedHashSet<>();
                            String list = w.substring(5, w.length() - 1).strip();
                            // only(): no register alone (mbarrier's discard takes only '_')
                            for (String x : list.isEmpty() ? new String[0] : list.split(",")) {
                                PtxType pt = PtxType.of(x.strip());
                                if (pt == null) {
                                    throw new FormatException(b.file(), b.line(), "only(): '" + x + "' is not a type");
                                }
                                ts.add(pt);
                            }
                            only = java.util.Collections.unmodifiableSet(ts);
                        }
                        if (w.startsWith("literals(")) {
                            literals = 0;
                            for (String x : IsaSource.splitWords(w.substring(9, w.length() - 1).replace(',', ' '))) {
                                TypeRules.LiteralKind k = TypeRules.LiteralKind.ofWord(x);
                                if (k == null) {
                                    throw new FormatException(b.file(), b.line(), "literals(): '" + x
                                            + "' is not a constant kind (int, 0f, 0d, dec)");
                                }
                                literals |= 1 << k.ordinal();
                            }
                        }
                        if (w.startsWith("space(")) {
                            spaces = w.substring(6, w.length() - 1).split("\\|");
                            for (String sp : spaces) {
                                String slot = sp.startsWith("{") ? sp.substring(1, sp.length() - 1) : sp;
                                boolean written = false; // a modifier some form of the block writes
                                for (var fl : b.forms()) {
                                    written |= fl.text().contains(sp);
                                }
                                if (!IsaForm.STATE_SPACES.contains(sp) && !sp.equals("generic") && !written
                                        && slotNamed(slots, slot) < 0 && !b.enums().containsKey(slot)) {
                                    throw new FormatException(b.file(), b.line(), "space(): '" + sp
                                            + "' is neither a state space nor a modifier of the block");
                                }
                            }
                        }
                        if (w.startsWith("sreg(")) {
                            specialRegisters = SpecialRegisterTable.Use.ofWord(w.substring(5, w.length() - 1).strip());
                            if (specialRegisters != SpecialRegisterTable.Use.MOV
                                    && specialRegisters != SpecialRegisterTable.Use.CVT) {
                                throw new FormatException(b.file(), b.line(), "sreg(): '" + w
                                        + "' names no source use of special-registers.txt (mov, cvt)");
                            }
                        }
                        if (w.startsWith("atmost(")) {
                            atMost = w.substring(7, w.length() - 1).strip();
                        } else if (w.startsWith("negproduct(")) {
                            // negproduct(a b): the two factors of the product this operand is added to
                            negProduct = List.of(w.substring(11, w.length() - 1).strip().split("\\s+"));
                            if (negProduct.size() != 2) {
                                throw new FormatException(b.file(), b.line(), "negproduct(): two operand names, '"
                                        + w + "'");
                            }
                        } else if (w.startsWith("sampler32(")) {
                            sampler32 = w.substring(10, w.length() - 1).strip();
                            if (PtxType.of(sampler32) == null) {
                                throw new FormatException(b.file(), b.line(), "sampler32(): '" + sampler32
                                        + "' is not a type");
                            }
                        } else if (w.startsWith("coords(")) {
                            // coords(.geom): the geometry slot gives the coordinate count
                            // (several: coords(.dim) coords(.adim), the one the form has)
                            coords = true;
                            kind = Kind.COORDS;
                            int g = slotNamed(slots, w.substring(7, w.length() - 1).strip());
                            vectorSlot = g >= 0 ? g : vectorSlot;
                            for (String v : g >= 0 ? slots.get(g).values() : Set.<String>of()) {
                                if (!geometries.containsKey(v)) {
                                    throw new FormatException(b.file(), b.line(), "coords(): geometry " + v
                                            + " has no @geometry line in the file");
                                }
                            }
                        } else if (w.startsWith("vec(")) {
                            String arg = w.substring(4, w.length() - 1).strip();
                            if (arg.indexOf('|') >= 0) {
                                // vec(0|1|2|4|8): a vector of one of these widths; 0: a scalar too
                                String[] ws = arg.split("\\|");
                                widths = new int[ws.length];
                                for (int k = 0; k < ws.length; k++) {
                                    // *: a vector of any width, its elements unchecked (wgmma.sp's sp-meta)
                                    widths[k] = ws[k].strip().equals("*") ? -1 : Integer.parseInt(ws[k].strip());
                                }
                                vector = 0;
                            } else if (arg.startsWith(".")) {
                                vectorSlot = slotNamed(slots, arg);
                                if (vectorSlot < 0) {
                                    vector = 0; // the form has no such modifier: a scalar
                                }
                            } else if (arg.equals("0")) {
                                // vec(0): a scalar only, where {x} is not read as x (sust's wider source)
                                widths = new int[] {0};
                                vector = 0;
                            } else {
                                vector = Integer.parseInt(arg);
                            }
                        } else if (w.startsWith("values(")) {
                            String[] r = w.substring(7, w.length() - 1).split(",");
                            values = new long[r.length];
                            for (int k = 0; k < r.length; k++) {
                                values[k] = Long.decode(r[k].strip());
                            }
                        } else if (w.startsWith("multiple(")) {
                            multiple = Long.decode(w.substring(9, w.length() - 1).strip());
                        } else if (w.startsWith("range(") && w.indexOf('.') >= 0) {
                            // range(>0.0,1.0): a floating-point constant, rounded to .f32
                            String[] r = w.substring(6, w.length() - 1).split(",");
                            String lo = r[0].strip();
                            floatMinOpen = lo.startsWith(">");
                            try {
                                floatMin = Double.parseDouble(floatMinOpen ? lo.substring(1) : lo);
                                floatMax = Double.parseDouble(r[1].strip());
                            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                                throw new FormatException(b.file(), b.line(), "range(LO,HI): '" + w + "'");
                            }
                            floatRange = true;
                        } else if (w.startsWith("range(")) {
                            String[] r = w.substring(6, w.length() - 1).split(",");
                            hasRange = true;
                            min = Long.decode(r[0].strip());
                            max = Long.decode(r[1].strip());
                        } else if (w.startsWith(".")) {
                            int s = fixedType && PtxType.of(w) != null ? -1 : slotNamed(slots, w);
                            if (s >= 0) {
                                typeSlot = s;
                            } else if (PtxType.of(w) != null) {
                                typeSlot = -1;
                                fixed = PtxType.of(w);
                            }
                            // an enumeration this form does not use: the default type applies
                        }
                    }
                }
            }
        }
        if ((independent != null || !handleSince.isEmpty()) && handleTypes == null) {
            throw new FormatException(b.file(), b.line(), "independent(), regsince() and since() go with handle(...)");
        }
        if (pairSince != null && o.shape() != Shape.OPTIONAL_PAIR) {
            throw new FormatException(b.file(), b.line(), "pairsince() is for an operand written d{|p}");
        }
        if (o.shape() == Shape.ADDRESS && !isHandle(kind)) {
            kind = Kind.ADDR; // [a] with @operand a : texref stays a handle: the address's one part
        }
        if ((o.shape() == Shape.PAIR || o.shape() == Shape.OPTIONAL_PAIR) && spec == null) {
            kind = Kind.PRED; // p|q: both halves predicates; with an @operand line the spec is the first half's
            fixed = PtxType.PRED;
            typeSlot = -1;
        }
        if (kind == null) {
            kind = typeFirst < 0 && typeSlot == -2 ? Kind.ANY : first ? Kind.REG : Kind.VAL;
        }
        if (typeSlot == -2) {
            typeSlot = kind == Kind.ANY || kind == Kind.ADDR || kind == Kind.MEM || kind == Kind.LABEL || kind == Kind.FUNC
                    || isHandle(kind) ? -1 : first ? typeFirst : typeLast;
        }
        if (kind == Kind.PRED && fixed == null && typeSlot < 0) {
            fixed = PtxType.PRED;
        }
        Set<String> selectors = null;
        if (o.suffix() != null && o.shape() != Shape.ADDRESS) {
            List<String> vs = b.enums().get(o.suffix());
            selectors = vs == null ? Set.of() : Set.copyOf(vs); // empty: any selector
        }
        // [a]{.unified}: ld's address may be followed by .unified
        boolean unified = o.shape() == Shape.ADDRESS && ".unified".equals(o.suffix());
        IsaForm.Limits limits = IsaForm.Limits.NONE;
        if (pow2 || nonzero || literal || floatRange || atMost != null || generic || sampler32 != null || coords
                || predElements || anyRegister || specialRegisters != null || branchTargets || address64
                || vectorOfOne || whole || handleTypes != null || sampled || pairSince != null || forward
                || noPlus != null || noSum || noSinkElement || unified || negProduct != null || localCrash) {
            limits = new IsaForm.Limits(pow2, nonzero, literal, floatRange, floatMin, floatMinOpen, floatMax, atMost, generic,
                    sampler32, coords ? geometries : Map.of(), predElements, anyRegister, specialRegisters,
                    branchTargets, address64, vectorOfOne, whole,
                    handleTypes == null ? null : new IsaForm.Handle(handleTypes, independent,
                            List.copyOf(handleSince)), sampled,
                    pairSince, forward, noPlus, noSum, noSinkElement, unified, negProduct, localCrash);
        }
        return new IsaForm.Operand(o.name(), o.shape(), kind, typeSlot, fixed, wide, vector, vectorSlot,
                o.optional(), sink, neg, relaxed, hasRange, min, max, o.text(), o.minus(), selectors,
                o.suffixRequired(), values, multiple, null, typed, exact, spaces, only, widths, literals, noFunction,
                writes, limits);
    }
}
