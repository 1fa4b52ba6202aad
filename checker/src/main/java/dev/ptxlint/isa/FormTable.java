package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The forms of one instruction family as declarative data: which modifier kinds it takes and in
 * which order the manual writes them, its operand layout, and one {@link Form} per legal
 * combination of instruction types. The tables are read from the ISA data files by
 * {@link FormTableData} (set-family.ptxisa, video-compare.ptxisa); the checks in
 * {@code dev.ptxlint.checker.instructions} read only them, so adding a family means adding data,
 * not code.
 */
public final class FormTable {

    /**
     * The kinds of modifier, in the order a Syntax block lists them. {@code SECONDARY} is the
     * video instructions' secondary operation ({@code .add}, scalar vset's {@code .op2}); the
     * table lists which ones it takes ({@link #secondaryOps()}).
     */
    public enum Part { CMP, BOOL, FTZ, TYPES, SECONDARY }

    /** What an operand slot holds. */
    public enum Role {
        /** The destination: see {@link Form#dest()}. */
        DEST,
        /** A data source of instruction type {@code typeIndex}. */
        SOURCE,
        /** A predicate source ({@code c} of selp, or the BoolOp's {@code c} of set/setp), {@code !} allowed. */
        PREDICATE
    }

    /** When an operand slot is present. */
    public enum Presence {
        /** Always. */
        ALWAYS,
        /** Exactly when the instruction has a BoolOp (set/setp's {@code c}). */
        WITH_BOOLOP,
        /**
         * The manual has it exactly when the instruction has a secondary operation or a merging
         * destination selector (scalar vset's {@code c}); ptxas also accepts it without either.
         */
        WITH_SECONDARY
    }

    /** Whether a source slot takes constants. */
    public enum Constants {
        /** As the slot's type allows (the manual's operand type-checking rules). */
        TYPED,
        /** Registers only, in the manual and in ptxas. */
        NONE,
        /** The manual shows registers only; ptxas also accepts any integer constant. */
        UNDOCUMENTED_INTEGERS
    }

    /**
     * One operand slot: its name in the manual, role, the instruction type it has (an index into
     * the form's types), when it is present, the selector it may carry, whether it takes
     * constants, whether its value selects the result ({@code selects}: selp's predicate c, slct's
     * c whose sign selects) and whether its bits are copied to the destination unchanged
     * ({@code copied}: selp's and slct's a and b), and where ptxas 13.0 crashes on a register plus a
     * constant in it ({@code noPlus}: {@code noplus(...)}, or null).
     */
    public record Operand(String name, Role role, int typeIndex, Presence presence, Selectors selectors,
                          Constants constants, boolean selects, boolean copied, IsaForm.NoPlus noPlus) {

        /** An operand that neither selects nor is copied. */
        public Operand(String name, Role role, int typeIndex, Presence presence, Selectors selectors,
                       Constants constants) {
            this(name, role, typeIndex, presence, selectors, constants, false, false, null);
        }

        // equals and hashCode written out: a record's own are linked through invokedynamic
        // (ObjectMethods) on first use, which costs a small run tens of milliseconds of start-up
        // (docs/performance.md); FormAnalysis compares operands for every set-family instruction.
        @Override
        public boolean equals(Object o) {
            return o instanceof Operand x && x.typeIndex == typeIndex && x.role == role && x.presence == presence
                    && x.constants == constants && x.selects == selects && x.copied == copied && x.noPlus == noPlus
                    && java.util.Objects.equals(x.name, name)
                    && java.util.Objects.equals(x.selectors, selectors);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(name, role, typeIndex, presence, selectors, constants, selects, copied);
        }

        /** set/setp's {@code c}: present exactly when a BoolOp is. */
        public boolean withBoolOp() {
            return presence == Presence.WITH_BOOLOP;
        }

        Operand with(Selectors s) {
            return new Operand(name, role, typeIndex, presence, s, constants, selects, copied, noPlus);
        }

        Operand with(Constants c) {
            return new Operand(name, role, typeIndex, presence, selectors, c, selects, copied, noPlus);
        }

        Operand with(boolean selects, boolean copied) {
            return new Operand(name, role, typeIndex, presence, selectors, constants, selects, copied, noPlus);
        }

        Operand with(IsaForm.NoPlus np) {
            return new Operand(name, role, typeIndex, presence, selectors, constants, selects, copied, np);
        }
    }

    private final String opcode;
    private final String manual;
    private final List<String> typeNames;
    private final List<Part> order;
    private final List<Operand> operands;
    private final List<String> secondaryOps;
    private final String cmpName;
    private final Map<List<PtxType>, Form> forms;
    /** Message hints ({@code @hint}) by operand name or modifier word. */
    private final Map<String, String> hints;

    private FormTable(Builder b) {
        this.opcode = b.opcode;
        this.manual = b.manual;
        this.typeNames = List.copyOf(b.typeNames);
        this.order = List.copyOf(b.order);
        this.operands = List.copyOf(b.operands);
        this.secondaryOps = List.copyOf(b.secondaryOps);
        this.cmpName = b.cmpName;
        this.hints = Collections.unmodifiableMap(new LinkedHashMap<>(b.hints));
        if (order.contains(Part.SECONDARY) == secondaryOps.isEmpty()) {
            throw new IllegalStateException(opcode + ": Part.SECONDARY and secondary(...) go together");
        }
        Map<List<PtxType>, Form> m = new LinkedHashMap<>();
        for (Row r : b.rows) {
            for (List<PtxType> types : cross(r.typeSets)) {
                Form f = new Form(types, r.cmp, r.ftz, r.dest, r.requires, r.feature, r.quirks);
                if (m.putIfAbsent(types, f) != null) {
                    throw new IllegalStateException(opcode + ": two rows for " + f.name(opcode));
                }
            }
        }
        this.forms = Collections.unmodifiableMap(m);
    }

    /** A table as {@link IsaBinary} decodes it: every field as the build's table had it. */
    FormTable(String opcode, String manual, List<String> typeNames, List<Part> order, List<Operand> operands,
              List<String> secondaryOps, String cmpName, Map<List<PtxType>, Form> forms, Map<String, String> hints) {
        this.opcode = opcode;
        this.hints = hints;
        this.manual = manual;
        this.typeNames = typeNames;
        this.order = order;
        this.operands = operands;
        this.secondaryOps = secondaryOps;
        this.cmpName = cmpName;
        this.forms = Collections.unmodifiableMap(forms);
    }

    public String opcode() {
        return opcode;
    }

    /** The manual sections the table transcribes. */
    public String manual() {
        return manual;
    }

    /** {@code ["type"]}, or {@code ["dtype", "stype"]}: what each type modifier is called. */
    public List<String> typeNames() {
        return typeNames;
    }

    public int typeCount() {
        return typeNames.size();
    }

    /** The manual's modifier order. */
    public List<Part> order() {
        return order;
    }

    public boolean has(Part p) {
        return order.contains(p);
    }

    public List<Operand> operands() {
        return operands;
    }

    /** The secondary operations the instruction takes ({@code .add .min .max}), in the manual's order. */
    public List<String> secondaryOps() {
        return secondaryOps;
    }

    /** What the manual's Syntax block calls the comparison operator: {@code CmpOp}, or {@code cmp}. */
    public String cmpName() {
        return cmpName;
    }

    /**
     * The message hint the data gives for an operand (by its name) or a modifier word, or null
     * ({@code @hint NAMES : "TEXT"}, docs/isa-notation.md).
     */
    public String hint(String key) {
        return hints.get(key);
    }

    /** Every hint, by operand name or modifier word. */
    public Map<String, String> hints() {
        return hints;
    }

    /** The source whose value selects the result ({@code selects}), or null. */
    public Operand selecting() {
        for (Operand o : operands) {
            if (o.selects()) {
                return o;
            }
        }
        return null;
    }

    /** Whether an operand of type slot {@code index} is copied to the destination unchanged ({@code copied}). */
    public boolean copies(int index) {
        for (Operand o : operands) {
            if (o.copied() && o.typeIndex() == index) {
                return true;
            }
        }
        return false;
    }

    /** Whether any operand slot may carry a selector or mask (the video instructions). */
    public boolean hasSelectors() {
        return operands.stream().anyMatch(o -> o.selectors().allowsAny());
    }

    /** Whether every form takes the same CmpOps, whatever its types (the video comparisons). */
    public boolean cmpOpsIndependentOfTypes() {
        return forms.values().stream().map(Form::cmpOps).distinct().count() <= 1;
    }

    /** Every legal type combination, in table order. */
    public Map<List<PtxType>, Form> forms() {
        return forms;
    }

    public Form form(List<PtxType> types) {
        return forms.get(types);
    }

    /** Whether any form allows {@code .ftz}. */
    public boolean anyFtz() {
        return forms.values().stream().anyMatch(Form::ftz);
    }

    /** The types legal in slot {@code index} of some form, in table order. */
    public Set<PtxType> typesAt(int index) {
        Set<PtxType> s = new LinkedHashSet<>();
        for (List<PtxType> k : forms.keySet()) {
            s.add(k.get(index));
        }
        return s;
    }

    /** The types legal in slot {@code index} when slot {@code otherIndex} holds {@code other}. */
    public Set<PtxType> typesAt(int index, int otherIndex, PtxType other) {
        Set<PtxType> s = new LinkedHashSet<>();
        for (List<PtxType> k : forms.keySet()) {
            if (k.get(otherIndex) == other) {
                s.add(k.get(index));
            }
        }
        return s;
    }

    /** Every combination of one type from each set, in order. */
    static List<List<PtxType>> cross(List<? extends java.util.Collection<PtxType>> sets) {
        List<List<PtxType>> out = new ArrayList<>();
        out.add(List.of());
        for (java.util.Collection<PtxType> s : sets) {
            List<List<PtxType>> next = new ArrayList<>();
            for (List<PtxType> prefix : out) {
                for (PtxType t : s) {
                    List<PtxType> l = new ArrayList<>(prefix);
                    l.add(t);
                    next.add(List.copyOf(l));
                }
            }
            out = next;
        }
        return out;
    }

    // ------------------------------------------------------------------ building (FormTableData)

    static Builder builder(String opcode, String manual) {
        return new Builder(opcode, manual);
    }

    /** The types of one slot of a row, in the order given. */
    static Set<PtxType> of(PtxType... types) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(types)));
    }

    public static final class Builder {
        private final String opcode;
        private final String manual;
        private List<String> typeNames = List.of("type");
        private List<Part> order = List.of(Part.TYPES);
        private final List<Operand> operands = new ArrayList<>();
        private final List<String> secondaryOps = new ArrayList<>();
        private String cmpName = "CmpOp";
        private final List<Row> rows = new ArrayList<>();
        private final Map<String, String> hints = new LinkedHashMap<>();

        private Builder(String opcode, String manual) {
            this.opcode = opcode;
            this.manual = manual;
        }

        public Builder types(String... names) {
            this.typeNames = List.of(names);
            return this;
        }

        public Builder modifiers(Part... parts) {
            this.order = List.of(parts);
            return this;
        }

        /** What the Syntax block calls the comparison operator (default {@code CmpOp}). */
        public Builder cmpName(String name) {
            this.cmpName = name;
            return this;
        }

        /** The secondary operations of {@link Part#SECONDARY}. */
        public Builder secondary(String... ops) {
            secondaryOps.addAll(List.of(ops));
            return this;
        }

        public Builder dest(String name) {
            return add(new Operand(name, Role.DEST, 0, Presence.ALWAYS, Selectors.NONE, Constants.TYPED));
        }

        public Builder source(String name, int typeIndex) {
            return add(new Operand(name, Role.SOURCE, typeIndex, Presence.ALWAYS, Selectors.NONE, Constants.TYPED));
        }

        /** A source present only in some forms: see {@link Presence#WITH_SECONDARY}. */
        public Builder mergeSource(String name, int typeIndex) {
            return add(new Operand(name, Role.SOURCE, typeIndex, Presence.WITH_SECONDARY, Selectors.NONE,
                    Constants.TYPED));
        }

        public Builder predicate(String name) {
            return add(new Operand(name, Role.PREDICATE, -1, Presence.ALWAYS, Selectors.NONE, Constants.TYPED));
        }

        /** The BoolOp's {@code c}: present exactly when a BoolOp is. */
        public Builder boolOpPredicate(String name) {
            return add(new Operand(name, Role.PREDICATE, -1, Presence.WITH_BOOLOP, Selectors.NONE, Constants.TYPED));
        }

        /** The selectors the operand added last may carry. */
        public Builder selectors(Selectors s) {
            return replaceLast(operands.get(operands.size() - 1).with(s));
        }

        /** Whether the operand added last takes constants. */
        public Builder constants(Constants c) {
            return replaceLast(operands.get(operands.size() - 1).with(c));
        }

        /** Whether the operand added last selects the result and whether its bits are copied. */
        public Builder roles(boolean selects, boolean copied) {
            return replaceLast(operands.get(operands.size() - 1).with(selects, copied));
        }

        /** Where ptxas crashes on a register plus a constant in the operand added last ({@code noplus(...)}). */
        public Builder noPlus(IsaForm.NoPlus np) {
            return replaceLast(operands.get(operands.size() - 1).with(np));
        }

        /** A message hint for an operand name or a modifier word. */
        public Builder hint(String key, String text) {
            hints.put(key, text);
            return this;
        }

        private Builder add(Operand o) {
            operands.add(o);
            return this;
        }

        private Builder replaceLast(Operand o) {
            operands.set(operands.size() - 1, o);
            return this;
        }

        /** A row for every combination of the given per-slot type sets. */
        @SafeVarargs
        public final Row forms(Set<PtxType>... typeSets) {
            if (typeSets.length != typeNames.size()) {
                throw new IllegalArgumentException(opcode + ": row needs " + typeNames.size() + " type sets");
            }
            Row r = new Row(List.of(typeSets));
            rows.add(r);
            return r;
        }

        public FormTable build() {
            return new FormTable(this);
        }
    }

    /** One row of a table while it is being written. */
    public static final class Row {
        private final List<Set<PtxType>> typeSets;
        private Set<CmpOp> cmp = Set.of();
        private boolean ftz;
        private Dest dest = Dest.REGISTER;
        private Requirement requires = Requirement.BASE;
        private String feature = "";
        private final Set<Form.Quirk> quirks = EnumSet.noneOf(Form.Quirk.class);

        private Row(List<Set<PtxType>> typeSets) {
            this.typeSets = typeSets;
        }

        public Row cmp(Set<CmpOp> ops) {
            this.cmp = ops;
            return this;
        }

        public Row ftz() {
            this.ftz = true;
            return this;
        }

        public Row dest(Dest d) {
            this.dest = d;
            return this;
        }

        /** Minimum {@code .version} and {@code sm_N}, and the feature's name for messages. */
        public Row since(String version, int sm, String feature) {
            this.requires = Requirement.of(version, sm);
            this.feature = feature;
            return this;
        }

        public Row quirk(Form.Quirk q) {
            quirks.add(q);
            return this;
        }
    }
}
