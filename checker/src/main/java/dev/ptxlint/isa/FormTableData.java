package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.FormTable.Constants;
import dev.ptxlint.isa.FormTable.Part;
import dev.ptxlint.isa.FormTable.Presence;
import dev.ptxlint.isa.FormTable.Role;
import dev.ptxlint.isa.IsaSource.Annotation;
import dev.ptxlint.isa.IsaSource.Block;
import dev.ptxlint.isa.IsaSource.FormatException;
import dev.ptxlint.isa.IsaSource.Mod;
import dev.ptxlint.isa.IsaSource.Operand;
import dev.ptxlint.isa.IsaSource.Shape;
import dev.ptxlint.isa.Selectors.Odd;
import dev.ptxlint.isa.Selectors.Use;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The form tables of the ISA data files: every block marked {@code @formtable} (the set family
 * in {@code set-family.ptxisa}, the video comparisons in {@code video-compare.ptxisa}) read into
 * {@link FormTable}s, which the rules in {@code dev.ptxlint.checker.instructions} check against.
 * The blocks come from {@link IsaSource}, the one parser of the notation; what the form lines
 * and {@code @} lines of a form table mean is described in docs/isa-notation.md, section "Form
 * tables (set family and video comparisons)".
 *
 * <p>A form line's modifier elements are read as the table's parts: an enumeration of CmpOps is
 * {@link Part#CMP}, one of {@code .and .or .xor} {@link Part#BOOL}, {@code {.ftz}}
 * {@link Part#FTZ}, fundamental types (literal or enumerated) the type slots, anything else a
 * secondary operation. Each combination of types is one {@link Form}; the lines that give the
 * same combination (with and without a BoolOp, say) must agree on everything else.
 */
public final class FormTableData {
    private FormTableData() {
    }

    private static volatile List<FormTable> all;
    /** The tables read so far, by opcode: only the files of the opcodes a run meets are read. */
    private static final java.util.concurrent.ConcurrentHashMap<String, FormTable> BY_OPCODE =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Every form table of the data files, in data order. */
    public static List<FormTable> tables() {
        List<FormTable> l = all;
        if (l == null) {
            synchronized (FormTableData.class) {
                l = all;
                if (l == null) {
                    List<FormTable> out = new ArrayList<>();
                    for (FormTable t : load(InstructionSet.sources())) {
                        FormTable prev = BY_OPCODE.putIfAbsent(t.opcode(), t);
                        out.add(prev != null ? prev : t);
                    }
                    l = List.copyOf(out);
                    all = l;
                }
            }
        }
        return l;
    }

    /** The opcodes that have form tables, in data order (reads no table). */
    public static Set<String> opcodes() {
        return InstructionSet.tableOpcodes();
    }

    /** The form table of {@code opcode}, or null when the data has none. */
    public static FormTable table(String opcode) {
        FormTable t = BY_OPCODE.get(opcode);
        if (t != null || !InstructionSet.tableOpcodes().contains(opcode)) {
            return t;
        }
        synchronized (FormTableData.class) {
            t = BY_OPCODE.get(opcode);
            if (t == null) {
                t = InstructionSet.decodedTable(opcode); // the build's compiled table, when it fits the text
                if (t != null) {
                    BY_OPCODE.put(opcode, t);
                    return t;
                }
                for (FormTable x : load(InstructionSet.tableSources(opcode), opcode)) {
                    t = x;
                    BY_OPCODE.put(opcode, x);
                }
            }
        }
        return t;
    }

    /** The form tables of the {@code @formtable} blocks of {@code sources}, in the order they first appear. */
    public static List<FormTable> load(List<IsaSource> sources) {
        return load(sources, null);
    }

    /** The same, for one opcode only ({@code only}), or for all when it is null. */
    static List<FormTable> load(List<IsaSource> sources, String only) {
        Map<String, TableReader> readers = new LinkedHashMap<>();
        for (IsaSource src : sources) {
            String section = null;
            for (Block b : src.blocks()) {
                String s = b.first("section");
                if (s != null) {
                    section = s;
                }
                List<Annotation> ft = b.annotations("formtable");
                if (ft.isEmpty()) {
                    continue;
                }
                if (ft.size() > 1) {
                    throw new FormatException(b.file(), ft.get(1).line(), "one @formtable per block");
                }
                List<String> w = ft.get(0).words();
                if (w.isEmpty()) {
                    throw new FormatException(b.file(), ft.get(0).line(), "@formtable OPCODE [.typeslot ...]");
                }
                if (section == null) {
                    throw new FormatException(b.file(), b.line(),
                            "a form table block needs a @section (here or before)");
                }
                if (only != null && !only.equals(w.get(0))) {
                    continue;
                }
                TableReader r = readers.computeIfAbsent(w.get(0), TableReader::new);
                r.block(b, section, ft.get(0), w.subList(1, w.size()));
            }
        }
        List<FormTable> out = new ArrayList<>();
        for (TableReader r : readers.values()) {
            out.add(r.build());
        }
        return out;
    }

    // ------------------------------------------------------------------ one table

    /** What one form line says, for the table-wide checks. */
    private record Line(String file, int line, List<Part> parts, List<String> operands, boolean bool,
                        boolean secondaryOrMerge) {
        // equals and hashCode written out, as in Requirement (start-up)
        @Override
        public boolean equals(Object o) {
            return o instanceof Line l && l.line == line && l.bool == bool && l.secondaryOrMerge == secondaryOrMerge
                    && Objects.equals(l.file, file) && Objects.equals(l.parts, parts)
                    && Objects.equals(l.operands, operands);
        }

        @Override
        public int hashCode() {
            return Objects.hash(file, line, parts, operands, bool, secondaryOrMerge);
        }
    }

    /** Everything a form (one combination of types) is, before it becomes a {@link Form}. */
    private record FormFacts(Set<CmpOp> cmp, boolean ftz, Dest dest, Requirement requires, String feature,
                             Set<Form.Quirk> quirks) {
        // equals and hashCode written out, as in Requirement (start-up)
        @Override
        public boolean equals(Object o) {
            return o instanceof FormFacts f && f.ftz == ftz && Objects.equals(f.cmp, cmp) && f.dest == dest
                    && Objects.equals(f.requires, requires) && Objects.equals(f.feature, feature)
                    && Objects.equals(f.quirks, quirks);
        }

        @Override
        public int hashCode() {
            return Objects.hash(cmp, ftz, dest, requires, feature, quirks);
        }
    }

    /** What the table says about one operand slot. */
    private static final class OperandFacts {
        final String name;
        Role role;
        int typeIndex;
        /** The selector name written on the operand ({@code asel} from {@code a{.asel}}), or null. */
        String selectorName;
        boolean selectorRequired;
        Selectors selectors;
        Constants constants;
        /** {@code @operand c : selects}: its value selects the result (selp's c, slct's c). */
        boolean selects;
        /** {@code @operand a b : copied}: its bits go to the destination unchanged (selp's, slct's a and b). */
        boolean copied;
        /** {@code @operand a b : noplus(...)}: where ptxas 13.0 crashes on a register plus a constant. */
        IsaForm.NoPlus noPlus;
        final Set<Line> lines = new LinkedHashSet<>();

        OperandFacts(String name) {
            this.name = name;
        }
    }

    private static final Set<String> BOOL_OPS = Set.of(".and", ".or", ".xor");
    private static final Set<String> KEYWORDS = Set.of("section", "formtable", "since", "feature", "quirk",
            "evidence", "note", "operand", "selectors", "constants", "hint");

    private static final class TableReader {
        final String opcode;
        List<String> typeNames;
        final Set<String> sections = new LinkedHashSet<>();
        final List<Line> lines = new ArrayList<>();
        final Map<List<PtxType>, FormFacts> forms = new LinkedHashMap<>();
        final Map<List<PtxType>, Set<Boolean>> boolSeen = new LinkedHashMap<>();
        final Map<List<PtxType>, Set<Boolean>> secondarySeen = new LinkedHashMap<>();
        final Map<String, OperandFacts> operands = new LinkedHashMap<>();
        final Set<String> secondaryOps = new LinkedHashSet<>();
        /** {@code @hint} texts by operand name or modifier word, from every block. */
        final Map<String, String> hints = new LinkedHashMap<>();
        String cmpName;
        String firstFile;
        int firstLine;

        TableReader(String opcode) {
            this.opcode = opcode;
        }

        FormatException error(String file, int line, String message) {
            return new FormatException(file, line, opcode + ": " + message);
        }

        void block(Block b, String section, Annotation formtable, List<String> slots) {
            if (firstFile == null) {
                firstFile = b.file();
                firstLine = formtable.line();
            }
            if (!slots.isEmpty()) {
                List<String> names = new ArrayList<>();
                for (String s : slots) {
                    if (!s.startsWith(".") || s.length() < 2) {
                        throw error(b.file(), formtable.line(), "type slots are written .name: " + s);
                    }
                    names.add(s.substring(1));
                }
                if (typeNames != null && !typeNames.equals(names)) {
                    throw error(b.file(), formtable.line(), "type slots " + names + " differ from " + typeNames);
                }
                typeNames = List.copyOf(names);
            }
            if (typeNames == null) {
                throw error(b.file(), formtable.line(), "the first @formtable of a table names its type slots");
            }
            sections.add(section);
            if (b.forms().isEmpty()) {
                throw error(b.file(), b.line(), "a form table block without form lines");
            }
            BlockFacts bf = new BlockFacts(this, b);
            Set<OperandFacts> seen = new LinkedHashSet<>();
            for (IsaSource.Form f : b.forms()) {
                seen.addAll(line(b, bf, f));
            }
            bf.declare(seen);
        }

        /** Reads one form line: its parts, operands and the forms it gives; returns its operands. */
        List<OperandFacts> line(Block b, BlockFacts bf, IsaSource.Form f) {
            if (!f.opcode().equals(opcode)) {
                throw error(b.file(), f.line(), "a form of " + f.opcode() + " in the table of " + opcode);
            }
            Requirement requires = bf.requires;
            for (Annotation a : f.annotations()) {
                switch (a.keyword()) {
                    case "since" -> requires = requirement(b.file(), a);
                    case "evidence", "note" -> {
                    }
                    default -> throw error(b.file(), f.line(), "unknown annotation @" + a.keyword() + " on a form");
                }
            }
            if (!requires.equals(Requirement.BASE) && bf.feature.isEmpty()) {
                throw error(b.file(), f.line(), "a form with @since needs the block's @feature (the name in messages)");
            }
            List<Part> parts = new ArrayList<>();
            List<List<PtxType>> slots = new ArrayList<>();
            Set<CmpOp> cmp = Set.of();
            boolean ftz = false;
            boolean bool = false;
            boolean secondary = false;
            for (Mod m : f.mods()) {
                List<String> values = b.enums().get(m.name());
                Part part;
                if (values == null) {
                    PtxType t = PtxType.of(m.name());
                    if (t != null) {
                        part = Part.TYPES;
                        checkSlot(b, f, m, slots.size(), false);
                        slots.add(List.of(t));
                    } else if (m.name().equals(".ftz")) {
                        if (!m.optional()) {
                            throw error(b.file(), f.line(), ".ftz is written {.ftz}");
                        }
                        part = Part.FTZ;
                        ftz = true;
                    } else {
                        part = secondary(b, f, m, List.of(m.name()));
                        secondary = true;
                    }
                } else if (allTypes(values)) {
                    part = Part.TYPES;
                    checkSlot(b, f, m, slots.size(), true);
                    PtxType[] ts = new PtxType[values.size()];
                    for (int i = 0; i < ts.length; i++) {
                        ts[i] = PtxType.of(values.get(i));
                    }
                    slots.add(List.of(ts));
                } else if (allCmpOps(values)) {
                    part = Part.CMP;
                    String name = m.name().substring(1);
                    if (m.optional()) {
                        throw error(b.file(), f.line(), "the comparison " + m.name() + " is required");
                    }
                    if (cmpName != null && !cmpName.equals(name)) {
                        throw error(b.file(), f.line(), "the comparison is ." + cmpName + " elsewhere, " + m.name()
                                + " here");
                    }
                    cmpName = name;
                    cmp = EnumSet.noneOf(CmpOp.class);
                    for (String v : values) {
                        cmp.add(CmpOp.of(v));
                    }
                } else if (BOOL_OPS.containsAll(values)) {
                    if (m.optional()) {
                        throw error(b.file(), f.line(), "write the forms with and without " + m.name()
                                + " as two lines");
                    }
                    part = Part.BOOL;
                    bool = true;
                } else {
                    part = secondary(b, f, m, values);
                    secondary = true;
                }
                if (part == Part.TYPES && !parts.isEmpty() && parts.get(parts.size() - 1) == Part.TYPES) {
                    continue; // consecutive type slots are one part
                }
                if (parts.contains(part)) {
                    throw error(b.file(), f.line(), "the modifiers of " + part + " must stand together");
                }
                parts.add(part);
            }
            if (slots.size() != typeNames.size()) {
                throw error(b.file(), f.line(), "a form needs " + typeNames.size() + " types, this has "
                        + slots.size());
            }

            // operands
            List<Operand> ops = f.operands();
            if (ops.isEmpty()) {
                throw error(b.file(), f.line(), "a form needs operands");
            }
            List<String> names = new ArrayList<>();
            Dest dest = null;
            boolean merge = false;
            List<OperandFacts> facts = new ArrayList<>();
            for (int i = 0; i < ops.size(); i++) {
                Operand o = ops.get(i);
                if (o.optional()) {
                    throw error(b.file(), f.line(), "write the forms with and without " + o.text() + " as two lines");
                }
                String name = o.name();
                String selector = o.suffix() == null ? null : o.suffix().substring(1); // d.dsel or a{.asel}
                boolean required = o.suffixRequired();
                if (selector != null && (o.shape() != Shape.PLAIN || selector.isEmpty())) {
                    throw error(b.file(), f.line(), "a selector goes on a plain operand: " + o.text());
                }
                if (names.contains(name)) {
                    throw error(b.file(), f.line(), "operand " + name + " twice");
                }
                names.add(name);
                List<String> spec = bf.operandSpecs.getOrDefault(name, List.of());
                boolean pred = spec.contains("pred");
                Role role;
                int typeIndex;
                if (i == 0) {
                    role = Role.DEST;
                    typeIndex = 0;
                    dest = switch (o.shape()) {
                        case OPTIONAL_PAIR -> Dest.PREDICATE_OR_PAIR;
                        case PAIR -> Dest.PREDICATE_PAIR;
                        case PLAIN -> pred ? Dest.PREDICATE : Dest.REGISTER;
                        default -> throw error(b.file(), f.line(), "a destination is d, p, p|q or p[|q]: " + o.text());
                    };
                    merge = required;
                } else {
                    if (o.shape() != Shape.PLAIN) {
                        throw error(b.file(), f.line(), "a source is a plain operand: " + o.text());
                    }
                    if (o.negatable() || pred) {
                        role = Role.PREDICATE;
                        typeIndex = -1;
                    } else {
                        role = Role.SOURCE;
                        typeIndex = typeNames.size() - 1;
                        for (String w : spec) {
                            if (w.startsWith(".")) {
                                typeIndex = typeNames.indexOf(w.substring(1));
                                if (typeIndex < 0) {
                                    throw error(b.file(), f.line(), "@operand " + name + ": no type slot " + w);
                                }
                            }
                        }
                    }
                    if (required) {
                        throw error(b.file(), f.line(), "only the destination may require a selector: " + o.text());
                    }
                }
                OperandFacts of = operands.computeIfAbsent(name, OperandFacts::new);
                of.selects |= spec.contains("selects");
                of.copied |= spec.contains("copied");
                for (String w : spec) {
                    if (w.startsWith("noplus(") && of.noPlus == null) {
                        of.noPlus = FormCompiler.noPlusClauses(b, spec);
                    }
                }
                if (of.role == null) {
                    of.role = role;
                    of.typeIndex = typeIndex;
                } else if (of.role != role || of.typeIndex != typeIndex) {
                    throw error(b.file(), f.line(), "operand " + name + " is " + role + " of type slot " + typeIndex
                            + " here, " + of.role + " of type slot " + of.typeIndex + " elsewhere");
                }
                if (selector != null) {
                    if (of.selectorName != null && !of.selectorName.equals(selector)) {
                        throw error(b.file(), f.line(), "operand " + name + " carries ." + of.selectorName
                                + " elsewhere, ." + selector + " here");
                    }
                    if (of.selectorName != null && of.selectorRequired != required) {
                        throw error(b.file(), f.line(), "operand " + name + ": ." + selector
                                + " is required in one form and optional in another");
                    }
                    of.selectorName = selector;
                    of.selectorRequired = required;
                }
                facts.add(of);
            }
            Line line = new Line(b.file(), f.line(), List.copyOf(parts), List.copyOf(names), bool,
                    secondary || merge);
            lines.add(line);
            for (OperandFacts of : facts) {
                of.lines.add(line);
            }

            // the forms: every combination of the slots' types
            FormFacts ff = new FormFacts(Set.copyOf(cmp), ftz, dest, requires, bf.feature, bf.quirks);
            for (List<PtxType> types : FormTable.cross(slots)) {
                FormFacts old = forms.putIfAbsent(types, ff);
                if (old != null && !old.equals(ff)) {
                    throw error(b.file(), f.line(), name(types) + " is " + ff + " here, " + old
                            + " in an earlier line");
                }
                boolSeen.computeIfAbsent(types, k -> new HashSet<>()).add(bool);
                secondarySeen.computeIfAbsent(types, k -> new HashSet<>()).add(secondary);
            }
            return facts;
        }

        String name(List<PtxType> types) {
            StringBuilder sb = new StringBuilder(opcode);
            types.forEach(t -> sb.append(t.text()));
            return sb.toString();
        }

        Part secondary(Block b, IsaSource.Form f, Mod m, List<String> values) {
            if (m.optional()) {
                throw error(b.file(), f.line(), "write the forms with and without " + m.name() + " as two lines");
            }
            for (String v : values) {
                if (PtxType.of(v) != null || CmpOp.of(v) != null || BOOL_OPS.contains(v) || v.equals(".ftz")) {
                    throw error(b.file(), f.line(), m.name() + " mixes a secondary operation with " + v);
                }
            }
            secondaryOps.addAll(values);
            return Part.SECONDARY;
        }

        void checkSlot(Block b, IsaSource.Form f, Mod m, int slot, boolean enumeration) {
            if (m.optional()) {
                throw error(b.file(), f.line(), "a type is required: {" + m.name() + "}");
            }
            if (slot >= typeNames.size()) {
                throw error(b.file(), f.line(), "more types than the table's slots " + typeNames);
            }
            if (enumeration && !m.name().equals("." + typeNames.get(slot))) {
                throw error(b.file(), f.line(), "type slot " + (slot + 1) + " is ." + typeNames.get(slot) + ", not "
                        + m.name());
            }
        }

        FormTable build() {
            // the modifier order: the longest line's, which every line must follow
            List<Part> order = List.of();
            for (Line l : lines) {
                if (l.parts().size() > order.size()) {
                    order = l.parts();
                }
            }
            for (Line l : lines) {
                if (!subsequence(l.parts(), order)) {
                    throw error(l.file(), l.line(), "modifier order " + l.parts() + " differs from " + order);
                }
            }
            List<String> operandOrder = List.of();
            for (Line l : lines) {
                if (l.operands().size() > operandOrder.size()) {
                    operandOrder = l.operands();
                }
            }
            for (Line l : lines) {
                if (!subsequence(l.operands(), operandOrder)) {
                    throw error(l.file(), l.line(), "operands " + l.operands() + " differ from " + operandOrder);
                }
            }
            for (var e : forms.entrySet()) {
                if (order.contains(Part.BOOL) && boolSeen.get(e.getKey()).size() != 2) {
                    throw error(firstFile, firstLine, name(e.getKey()) + " needs a form line with a BoolOp and one"
                            + " without");
                }
                if (order.contains(Part.SECONDARY) && secondarySeen.get(e.getKey()).size() != 2) {
                    throw error(firstFile, firstLine, name(e.getKey()) + " needs a form line with a secondary"
                            + " operation and one without");
                }
            }

            FormTable.Builder tb = FormTable.builder(opcode, String.join(", ", sections))
                    .types(typeNames.toArray(String[]::new))
                    .modifiers(order.toArray(Part[]::new));
            if (cmpName != null) {
                tb.cmpName(cmpName);
            }
            if (!secondaryOps.isEmpty()) {
                tb.secondary(secondaryOps.toArray(String[]::new));
            }
            for (String n : operandOrder) {
                OperandFacts o = operands.get(n);
                Presence presence = presence(o);
                switch (o.role) {
                    case DEST -> tb.dest(n);
                    case PREDICATE -> {
                        if (presence == Presence.WITH_BOOLOP) {
                            tb.boolOpPredicate(n);
                        } else if (presence == Presence.ALWAYS) {
                            tb.predicate(n);
                        } else {
                            throw error(firstFile, firstLine, "predicate " + n + " is present only with a secondary"
                                    + " operation");
                        }
                    }
                    case SOURCE -> {
                        if (presence == Presence.ALWAYS) {
                            tb.source(n, o.typeIndex);
                        } else if (presence == Presence.WITH_SECONDARY) {
                            tb.mergeSource(n, o.typeIndex);
                        } else {
                            throw error(firstFile, firstLine, "source " + n + " is present only with a BoolOp");
                        }
                    }
                }
                if (o.role == Role.DEST && presence != Presence.ALWAYS) {
                    throw error(firstFile, firstLine, "the destination " + n + " is missing from some forms");
                }
                if (o.selectorName != null && o.selectors == null) {
                    throw error(firstFile, firstLine, "operand " + n + " carries ." + o.selectorName
                            + ": say which selectors with @selectors");
                }
                tb.selectors(o.selectors == null ? Selectors.NONE : o.selectors);
                tb.constants(o.constants == null ? Constants.TYPED : o.constants);
                tb.roles(o.selects, o.copied);
                if (o.noPlus != null) {
                    tb.noPlus(o.noPlus);
                }
            }
            for (Map.Entry<String, String> h : hints.entrySet()) {
                tb.hint(h.getKey(), h.getValue());
            }
            for (var e : forms.entrySet()) {
                List<PtxType> types = e.getKey();
                FormFacts ff = e.getValue();
                @SuppressWarnings("unchecked")
                Set<PtxType>[] sets = new Set[types.size()];
                for (int i = 0; i < types.size(); i++) {
                    sets[i] = FormTable.of(types.get(i));
                }
                FormTable.Row row = tb.forms(sets).cmp(ff.cmp()).dest(ff.dest());
                if (ff.ftz()) {
                    row.ftz();
                }
                if (!ff.requires().equals(Requirement.BASE) || !ff.feature().isEmpty()) {
                    row.since(ff.requires().version().toString(), ff.requires().sm(), ff.feature());
                }
                for (Form.Quirk q : ff.quirks()) {
                    row.quirk(q);
                }
            }
            return tb.build();
        }

        /** When operand {@code o} is present: in every form line, or exactly in those with a BoolOp / secondary op. */
        Presence presence(OperandFacts o) {
            if (o.lines.size() == lines.size()) {
                return Presence.ALWAYS;
            }
            Set<Line> withBool = new HashSet<>();
            Set<Line> withSecondary = new HashSet<>();
            for (Line l : lines) {
                if (l.bool()) {
                    withBool.add(l);
                }
                if (l.secondaryOrMerge()) {
                    withSecondary.add(l);
                }
            }
            if (o.lines.equals(withBool)) {
                return Presence.WITH_BOOLOP;
            }
            if (o.lines.equals(withSecondary)) {
                return Presence.WITH_SECONDARY;
            }
            throw error(firstFile, firstLine, "operand " + o.name + " is in some forms only, but not exactly in those"
                    + " with a BoolOp or with a secondary operation or merging selector");
        }
    }

    // ------------------------------------------------------------------ block annotations

    /** The {@code @} lines of one block, read. */
    private static final class BlockFacts {
        final TableReader table;
        final Block block;
        Requirement requires = Requirement.BASE;
        String feature = "";
        final Set<Form.Quirk> quirks = EnumSet.noneOf(Form.Quirk.class);
        final Map<String, List<String>> operandSpecs = new LinkedHashMap<>();
        final Map<String, Annotation> selectorSpecs = new LinkedHashMap<>();
        final Map<String, Constants> constants = new LinkedHashMap<>();
        /** {@code @hint NAMES : "TEXT"}: by operand name, or by modifier word ({@code .min}). */
        final Map<String, String> hints = new LinkedHashMap<>();
        boolean evidence;

        BlockFacts(TableReader table, Block b) {
            this.table = table;
            this.block = b;
            boolean needsEvidence = false;
            Annotation first = null;
            for (Annotation a : b.annotations()) {
                if (!KEYWORDS.contains(a.keyword())) {
                    throw table.error(b.file(), a.line(), "@" + a.keyword() + " has no meaning in a form table");
                }
                switch (a.keyword()) {
                    case "since" -> {
                        if (requires != Requirement.BASE) {
                            throw table.error(b.file(), a.line(), "one @since per form table block");
                        }
                        requires = requirement(b.file(), a);
                    }
                    case "feature" -> {
                        List<String> w = a.words();
                        if (w.size() != 1 || !feature.isEmpty()) {
                            throw table.error(b.file(), a.line(), "one @feature \"NAME\" per block");
                        }
                        feature = w.get(0);
                    }
                    case "quirk" -> {
                        for (String w : a.words()) {
                            try {
                                quirks.add(Form.Quirk.valueOf(w));
                            } catch (IllegalArgumentException e) {
                                throw table.error(b.file(), a.line(), "no quirk " + w + "; quirks are "
                                        + List.of(Form.Quirk.values()));
                            }
                        }
                        needsEvidence = true;
                        first = first == null ? a : first;
                    }
                    case "evidence" -> evidence = true;
                    case "operand" -> {
                        List<String> spec = afterColon(a);
                        for (String w : spec) {
                            if (!w.equals("pred") && !w.equals("neg") && !w.equals("selects") && !w.equals("copied")
                                    && !w.startsWith(".") && !w.startsWith("noplus(")) {
                                throw table.error(b.file(), a.line(), "in a form table @operand says .typeslot, pred,"
                                        + " neg, selects, copied or noplus(...), not " + w);
                            }
                        }
                        for (String n : beforeColon(a)) {
                            operandSpecs.put(n, spec);
                        }
                    }
                    case "selectors" -> {
                        for (String n : beforeColon(a)) {
                            selectorSpecs.put(n, a);
                        }
                    }
                    case "hint" -> {
                        List<String> text = afterColon(a);
                        if (text.size() != 1 || text.get(0).isEmpty()) {
                            throw table.error(b.file(), a.line(), "@hint NAMES : \"TEXT\"");
                        }
                        for (String n : beforeColon(a)) {
                            hints.put(n, text.get(0));
                        }
                    }
                    case "constants" -> {
                        List<String> spec = afterColon(a);
                        Constants c = spec.size() != 1 ? null : switch (spec.get(0)) {
                            case "typed" -> Constants.TYPED;
                            case "none" -> Constants.NONE;
                            case "undocumented-integers" -> Constants.UNDOCUMENTED_INTEGERS;
                            default -> null;
                        };
                        if (c == null) {
                            throw table.error(b.file(), a.line(),
                                    "@constants NAMES : typed|none|undocumented-integers");
                        }
                        if (c == Constants.UNDOCUMENTED_INTEGERS) {
                            needsEvidence = true;
                            first = first == null ? a : first;
                        }
                        for (String n : beforeColon(a)) {
                            constants.put(n, c);
                        }
                    }
                    default -> {
                    }
                }
            }
            if (needsEvidence && !evidence) {
                throw table.error(b.file(), first.line(), "a block that states where ptxas differs from the manual"
                        + " (@quirk, undocumented-integers) needs @evidence");
            }
            if (!feature.isEmpty() && requires.equals(Requirement.BASE)) {
                throw table.error(b.file(), b.line(), "@feature names the feature of the block's @since");
            }
        }

        List<String> beforeColon(Annotation a) {
            int colon = a.args().indexOf(':');
            if (colon < 0) {
                throw table.error(block.file(), a.line(), "@" + a.keyword() + " NAMES : SPEC");
            }
            return IsaSource.splitWords(a.args().substring(0, colon));
        }

        List<String> afterColon(Annotation a) {
            int colon = a.args().indexOf(':');
            if (colon < 0) {
                throw table.error(block.file(), a.line(), "@" + a.keyword() + " NAMES : SPEC");
            }
            return IsaSource.splitWords(a.args().substring(colon + 1));
        }

        /** Gives the block's operands its selectors and constants, once all its form lines are read. */
        void declare(Set<OperandFacts> facts) {
            Set<String> names = new HashSet<>();
            facts.forEach(o -> names.add(o.name));
            for (Map<String, ?> m : List.of(operandSpecs, selectorSpecs, constants, hints)) {
                for (String n : m.keySet()) {
                    if (!names.contains(n) && !(m == hints && n.startsWith("."))) {
                        throw table.error(block.file(), block.line(), "an @ line names operand " + n
                                + ", which no form of the block has");
                    }
                }
            }
            for (var h : hints.entrySet()) {
                String prev = table.hints.putIfAbsent(h.getKey(), h.getValue());
                if (prev != null && !prev.equals(h.getValue())) {
                    throw table.error(block.file(), block.line(), "@hint " + h.getKey() + ": another text than in an"
                            + " earlier block");
                }
            }
            for (OperandFacts o : facts) {
                Annotation sel = selectorSpecs.get(o.name);
                if (sel != null) {
                    Selectors s = selectors(o, sel);
                    if (o.selectors != null && !same(o.selectors, s)) {
                        throw table.error(block.file(), sel.line(), "operand " + o.name + ": other selectors than"
                                + " in an earlier block");
                    }
                    o.selectors = s;
                }
                Constants c = constants.get(o.name);
                if (c != null) {
                    if (o.constants != null && o.constants != c) {
                        throw table.error(block.file(), block.line(), "operand " + o.name + ": @constants " + c
                                + " here, " + o.constants + " in an earlier block");
                    }
                    o.constants = c;
                }
            }
        }

        /**
         * {@code @selectors NAMES : KIND ...}: {@code none}, {@code merge "SYNTAX"}, {@code source "SYNTAX"}
         * (the values: the block's enumeration named by the operand's selector),
         * {@code source lanes(.L,N,0..M) default=.X}, {@code mask masks(.L,N) default=.X}; and
         * {@code odd=accepted|invalid|fatal} (default accepted).
         */
        Selectors selectors(OperandFacts o, Annotation a) {
            List<String> w = afterColon(a);
            if (w.isEmpty()) {
                throw table.error(block.file(), a.line(), "@selectors NAMES : none|merge|source|mask ...");
            }
            String kind = w.get(0);
            Odd odd = Odd.ACCEPTED;
            String syntax = null;
            String generator = null;
            String defaultValue = null;
            for (String x : w.subList(1, w.size())) {
                if (x.startsWith("odd=")) {
                    odd = switch (x.substring(4)) {
                        case "accepted" -> Odd.ACCEPTED;
                        case "invalid" -> Odd.INVALID;
                        case "fatal" -> Odd.FATAL;
                        default -> throw table.error(block.file(), a.line(), "odd=accepted|invalid|fatal, not " + x);
                    };
                } else if (x.startsWith("default=")) {
                    defaultValue = x.substring(8);
                } else if (x.startsWith("lanes(") || x.startsWith("masks(")) {
                    generator = x;
                } else if (a.args().contains("\"" + x + "\"")) {
                    syntax = x;
                } else {
                    throw table.error(block.file(), a.line(), "@selectors: what is " + x + "?");
                }
            }
            Role role = o.role;
            String sel = o.selectorName;
            List<String> listed = sel == null ? null : block.enums().get("." + sel);
            Selectors s;
            switch (kind) {
                case "none" -> {
                    if (sel != null || syntax != null || generator != null || defaultValue != null) {
                        throw table.error(block.file(), a.line(), "@selectors " + o.name + " : none takes only odd=");
                    }
                    s = Selectors.none(odd);
                }
                case "merge", "source" -> {
                    Use use = kind.equals("merge") ? Use.MERGE : Use.SOURCE;
                    if (use == Use.MERGE && (role != Role.DEST || sel == null || !o.selectorRequired)) {
                        throw table.error(block.file(), a.line(), "merge selectors are required on the destination"
                                + " (d.dsel)");
                    }
                    if (use == Use.SOURCE && (role != Role.SOURCE || sel == null || o.selectorRequired)) {
                        throw table.error(block.file(), a.line(), "source selectors are optional on a source"
                                + " (a{.asel})");
                    }
                    if (generator != null) {
                        if (use != Use.SOURCE || !generator.startsWith("lanes(") || syntax != null) {
                            throw table.error(block.file(), a.line(), "lanes(...) is for source selectors, without"
                                    + " a syntax text");
                        }
                        int[] g = generator(a, generator, 3);
                        s = Selectors.lanes(sel, (char) g[0], g[1], g[2] + 1, defaultValue, odd);
                    } else {
                        if (listed == null || syntax == null || defaultValue != null) {
                            throw table.error(block.file(), a.line(), "listed selectors need the enumeration ." + sel
                                    + " and a \"syntax\" text (and no default)");
                        }
                        s = Selectors.of(use, sel, syntax, odd, listed.toArray(String[]::new));
                    }
                }
                case "mask" -> {
                    if (role != Role.DEST || sel == null || o.selectorRequired || generator == null
                            || !generator.startsWith("masks(") || syntax != null) {
                        throw table.error(block.file(), a.line(), "a mask is optional on the destination (d{.mask})"
                                + " and written masks(.L,N)");
                    }
                    int[] g = generator(a, generator, 2);
                    s = Selectors.masks((char) g[0], g[1], odd);
                    if (!s.name().equals(sel)) {
                        throw table.error(block.file(), a.line(), "a mask is written {.mask}, not {." + sel + "}");
                    }
                    if (defaultValue != null && !defaultValue.equals(s.defaultValue())) {
                        throw table.error(block.file(), a.line(), "the default mask is " + s.defaultValue()
                                + ", not " + defaultValue);
                    }
                }
                default -> throw table.error(block.file(), a.line(), "@selectors NAMES : none|merge|source|mask");
            }
            if (listed != null && !new HashSet<>(listed).equals(s.legal())) {
                throw table.error(block.file(), a.line(), "the enumeration ." + sel + " is not the set " + generator
                        + " gives");
            }
            return s;
        }

        /** {@code lanes(.b,4,0..7)} is {'b', 4, 7}; {@code masks(.h,2)} is {'h', 2}. */
        int[] generator(Annotation a, String text, int n) {
            String inner = text.substring(text.indexOf('(') + 1, text.length() - 1);
            String[] p = inner.split(",");
            try {
                if (p.length != n || !p[0].strip().matches("\\.[a-z]")) {
                    throw new IllegalArgumentException();
                }
                int[] out = new int[n];
                out[0] = p[0].strip().charAt(1);
                out[1] = Integer.parseInt(p[1].strip());
                if (n == 3) {
                    String r = p[2].strip();
                    if (!r.startsWith("0..")) {
                        throw new IllegalArgumentException();
                    }
                    out[2] = Integer.parseInt(r.substring(3));
                }
                return out;
            } catch (IllegalArgumentException e) {
                throw table.error(block.file(), a.line(), "lanes(.L,LANES,0..MAX) or masks(.L,LANES), not " + text);
            }
        }
    }

    // loops, not streams: a small run reads the setp table, and a stream pipeline with lambdas costs
    // its start-up (docs/performance.md)
    private static boolean allTypes(List<String> values) {
        for (String v : values) {
            if (PtxType.of(v) == null) {
                return false;
            }
        }
        return true;
    }

    private static boolean allCmpOps(List<String> values) {
        for (String v : values) {
            if (CmpOp.of(v) == null) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(Selectors x, Selectors y) {
        return x.use() == y.use() && x.name().equals(y.name()) && x.legal().equals(y.legal())
                && x.syntax().equals(y.syntax()) && Objects.equals(x.defaultValue(), y.defaultValue())
                && x.odd() == y.odd();
    }

    /** {@code @since 4.2 sm_53}: a version and a plain target (form tables have no arch-specific forms). */
    private static Requirement requirement(String file, Annotation a) {
        List<String> w = a.words();
        if (w.size() != 2) {
            throw new FormatException(file, a.line(), "@since VERSION sm_N");
        }
        PtxVersion v = PtxVersion.parse(w.get(0));
        Target t = Target.parse(w.get(1));
        if (v == null || t == null || !t.suffix().isEmpty()) {
            throw new FormatException(file, a.line(), "@since VERSION sm_N (a plain target), not " + a.args());
        }
        return new Requirement(v, t.sm());
    }

    private static <T> boolean subsequence(List<T> part, List<T> whole) {
        int j = 0;
        for (T x : part) {
            while (j < whole.size() && !whole.get(j).equals(x)) {
                j++;
            }
            if (j == whole.size()) {
                return false;
            }
            j++;
        }
        return true;
    }
}
