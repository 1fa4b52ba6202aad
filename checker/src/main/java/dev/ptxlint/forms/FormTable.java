package dev.ptxlint.forms;

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
 * combination of instruction types. The checks in {@code dev.ptxlint.checker.forms} read only
 * this data; adding a family means adding a table, not code.
 */
public final class FormTable {

    /** The kinds of modifier, in the order a Syntax block lists them. */
    public enum Part { CMP, BOOL, FTZ, TYPES }

    /** What an operand slot holds. */
    public enum Role {
        /** The destination: see {@link Form#dest()}. */
        DEST,
        /** A data source of instruction type {@code typeIndex}. */
        SOURCE,
        /** A predicate source ({@code c} of selp, or the BoolOp's {@code c} of set/setp), {@code !} allowed. */
        PREDICATE
    }

    /**
     * One operand slot. {@code withBoolOp}: present exactly when the instruction has a BoolOp
     * (set/setp's {@code c}).
     */
    public record Operand(String name, Role role, int typeIndex, boolean withBoolOp) {
    }

    private final String opcode;
    private final String manual;
    private final List<String> typeNames;
    private final List<Part> order;
    private final List<Operand> operands;
    private final Map<List<PtxType>, Form> forms;

    private FormTable(Builder b) {
        this.opcode = b.opcode;
        this.manual = b.manual;
        this.typeNames = List.copyOf(b.typeNames);
        this.order = List.copyOf(b.order);
        this.operands = List.copyOf(b.operands);
        Map<List<PtxType>, Form> m = new LinkedHashMap<>();
        for (Row r : b.rows) {
            if (!r.noConstantPredicate && b.constantPredicate) {
                r.quirks.add(Form.Quirk.CONSTANT_PREDICATE);
            }
            for (List<PtxType> types : cross(r.typeSets)) {
                Form f = new Form(types, r.cmp, r.ftz, r.dest, r.requires, r.feature, r.quirks);
                if (m.putIfAbsent(types, f) != null) {
                    throw new IllegalStateException(opcode + ": two rows for " + f.name(opcode));
                }
            }
        }
        this.forms = Collections.unmodifiableMap(m);
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

    private static List<List<PtxType>> cross(List<Set<PtxType>> sets) {
        List<List<PtxType>> out = new ArrayList<>();
        out.add(List.of());
        for (Set<PtxType> s : sets) {
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

    // ------------------------------------------------------------------ building

    public static Builder builder(String opcode, String manual) {
        return new Builder(opcode, manual);
    }

    /** The types of one slot of a row, in the order given. */
    public static Set<PtxType> of(PtxType... types) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(types)));
    }

    public static final class Builder {
        private final String opcode;
        private final String manual;
        private List<String> typeNames = List.of("type");
        private List<Part> order = List.of(Part.TYPES);
        private final List<Operand> operands = new ArrayList<>();
        private final List<Row> rows = new ArrayList<>();
        private boolean constantPredicate;

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

        public Builder dest(String name) {
            operands.add(new Operand(name, Role.DEST, 0, false));
            return this;
        }

        public Builder source(String name, int typeIndex) {
            operands.add(new Operand(name, Role.SOURCE, typeIndex, false));
            return this;
        }

        public Builder predicate(String name) {
            operands.add(new Operand(name, Role.PREDICATE, -1, false));
            return this;
        }

        /** The BoolOp's {@code c}: present exactly when a BoolOp is. */
        public Builder boolOpPredicate(String name) {
            operands.add(new Operand(name, Role.PREDICATE, -1, true));
            return this;
        }

        /**
         * ptxas accepts an integer constant as the predicate operand c in every row of this table
         * except those marked {@link Row#noConstantPredicate()}.
         */
        public Builder constantPredicate() {
            this.constantPredicate = true;
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
        private boolean noConstantPredicate;

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

        /** ptxas rejects an integer constant as c in this row (the bf16 forms). */
        public Row noConstantPredicate() {
            this.noConstantPredicate = true;
            return this;
        }

        public Row quirk(Form.Quirk q) {
            quirks.add(q);
            return this;
        }
    }
}
