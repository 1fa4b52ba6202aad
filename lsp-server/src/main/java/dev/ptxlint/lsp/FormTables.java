package dev.ptxlint.lsp;

import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.Dest;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.FormTableData;
import dev.ptxlint.isa.PtxType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The checker's form tables by opcode, and how the server describes them. */
final class FormTables {
    private FormTables() {
    }

    private static final Map<String, String> SUMMARIES = Map.of(
            "setp", "Compares `a` and `b` with the CmpOp and writes the result to predicate `p` (and its complement"
                    + " to `q`); with a BoolOp the result is combined with predicate `c` first.",
            "set", "Compares `a` and `b` with the CmpOp and writes all ones (integer) or 1.0 (float) to `d` when"
                    + " true, else 0; with a BoolOp the result is combined with predicate `c` first.",
            "selp", "Selects `a` when predicate `c` is true, else `b`, and writes it to `d`.",
            "slct", "Selects `a` when `c` >= 0 (for float `c`: when `c` is not negative), else `b`, and writes it"
                    + " to `d`.",
            "vset", "Compares (parts of) `a` and `b`, picked by their selectors, and writes 1 or 0 to `d`,"
                    + " optionally combined with `c` by the secondary operation.",
            "vset2", "Compares the two 16-bit halves of `a` and `b` and writes one 0/1 per half to `d`, optionally"
                    + " added to `c`.",
            "vset4", "Compares the four bytes of `a` and `b` and writes one 0/1 per byte to `d`, optionally added"
                    + " to `c`.");

    /** One sentence on what the instruction does, or null. */
    static String summary(String opcode) {
        return SUMMARIES.get(opcode);
    }

    static FormTable of(String opcode) {
        return FormTableData.table(opcode);
    }

    /** The types written among {@code modifiers}, in order (unknown ones skipped). */
    static List<PtxType> types(List<String> modifiers) {
        List<PtxType> out = new ArrayList<>();
        for (String m : modifiers) {
            PtxType t = PtxType.of(m);
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    static CmpOp cmp(List<String> modifiers) {
        for (String m : modifiers) {
            CmpOp c = CmpOp.of(m);
            if (c != null) {
                return c;
            }
        }
        return null;
    }

    /** The Syntax-block shape of a table, e.g. {@code setp.CmpOp{.BoolOp}{.ftz}.type p[|q], a, b{, {!}c}}. */
    static String syntax(FormTable t) {
        StringBuilder sb = new StringBuilder(t.opcode());
        for (FormTable.Part p : t.order()) {
            switch (p) {
                case CMP -> sb.append('.').append(t.cmpName());
                case BOOL -> sb.append("{.BoolOp}");
                case FTZ -> sb.append("{.ftz}");
                case TYPES -> t.typeNames().forEach(n -> sb.append('.').append(n));
                case SECONDARY -> sb.append("{").append(String.join("|", t.secondaryOps())).append("}");
            }
        }
        sb.append(' ');
        sb.append(t.operands().stream().map(o -> switch (o.presence()) {
            case ALWAYS -> o.name();
            case WITH_BOOLOP -> "{!}" + o.name();
            case WITH_SECONDARY -> "{" + o.name() + "}";
        }).collect(Collectors.joining(", ")));
        return sb.toString();
    }

    /** The type each operand of {@code form} has, e.g. {@code p: .pred, a: .s32, b: .s32, c: .pred}. */
    static String operandTypes(FormTable t, Form form) {
        List<String> parts = new ArrayList<>();
        for (FormTable.Operand o : t.operands()) {
            parts.add(o.name() + ": " + operandType(t, form, o));
        }
        return String.join(", ", parts);
    }

    static String operandType(FormTable t, Form form, FormTable.Operand o) {
        return switch (o.role()) {
            case PREDICATE -> ".pred";
            case SOURCE -> form.types().get(o.typeIndex()).text();
            case DEST -> switch (form.dest()) {
                case PREDICATE_OR_PAIR -> ".pred (or p|q)";
                case PREDICATE_PAIR -> ".pred p|q";
                case PREDICATE -> ".pred";
                case REGISTER -> form.types().get(0).text();
            };
        };
    }

    /** The register type an operand slot wants, or null when any (or unknown). */
    static String wantedType(FormTable t, Form form, int slot) {
        if (slot < 0 || slot >= t.operands().size()) {
            return null;
        }
        FormTable.Operand o = t.operands().get(slot);
        if (o.role() == FormTable.Role.PREDICATE) {
            return ".pred";
        }
        if (o.role() == FormTable.Role.DEST && form != null && form.dest() != Dest.REGISTER) {
            return ".pred";
        }
        if (o.role() == FormTable.Role.DEST && form == null && t.opcode().equals("setp")) {
            return ".pred";
        }
        if (form == null) {
            return null;
        }
        int idx = o.role() == FormTable.Role.DEST ? 0 : o.typeIndex();
        return idx >= 0 && idx < form.types().size() ? form.types().get(idx).text() : null;
    }
}
