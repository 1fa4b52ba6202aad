package dev.ptxlint.checker.instructions;

import dev.ptxlint.isa.InstructionSet;
import dev.ptxlint.isa.IsaForm;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.isa.Since;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the ISA data says about an instruction, for people: the hover text of the language
 * server, its completion of modifiers and operands, and {@code ptxlint --explain OPCODE}. It reads
 * the same {@link InstructionSet} as {@link IsaChecks}, so the editor and the checks agree.
 */
public final class InstructionInfo {
    private InstructionInfo() {
    }

    /** At most this many forms are listed when a spelling selects none. */
    static final int MAX_FORMS = 12;

    /** Whether the ISA data describes the opcode. */
    public static boolean has(String opcode) {
        return InstructionSet.get().has(opcode) && !FormChecks.opcodes().contains(opcode);
    }

    /** The forms the written modifiers fit exactly (empty when none, or the opcode has no data). */
    static List<ModifierMatch.Binding> matching(String opcode, List<String> mods) {
        return ModifierMatch.of(InstructionSet.get(), opcode, mods.toArray(new String[0])).bindings;
    }

    /**
     * Markdown for a hover on {@code opcode} written with {@code mods}: the forms it selects (or,
     * when it selects none, the opcode's forms), each with its operand types and what it needs.
     * Null when the data does not describe the opcode.
     */
    public static String markdown(String opcode, List<String> mods) {
        if (!has(opcode)) {
            return null;
        }
        List<IsaForm> all = InstructionSet.get().forms(opcode);
        List<ModifierMatch.Binding> m = matching(opcode, mods);
        StringBuilder md = new StringBuilder();
        if (!m.isEmpty()) {
            ModifierMatch.Binding b = m.get(0);
            IsaForm f = b.form();
            md.append("**Syntax**").append(f.section().isEmpty() ? "" : " (manual " + f.section() + ")")
                    .append(": `").append(f.syntax()).append("`\n\n");
            md.append("**Operands** ").append(operands(b)).append("\n\n");
            md.append("**Requires** ").append(requirement(b)).append('\n');
            if (m.size() > 1) {
                md.append("\nAlso matches: ");
                for (int i = 1; i < m.size() && i < MAX_FORMS; i++) {
                    md.append(i > 1 ? ", " : "").append('`').append(m.get(i).form().syntax()).append('`');
                }
                md.append('\n');
            }
            if (f.undocumented() != null) {
                md.append("\nNot in the PTX ISA manual; ptxas accepts it.\n");
            }
            return md.toString();
        }
        md.append("**Forms** of `").append(opcode).append("`");
        String section = all.get(0).section();
        if (!section.isEmpty()) {
            md.append(" (manual ").append(section).append(")");
        }
        md.append(":\n\n```\n");
        Set<String> shown = new LinkedHashSet<>();
        for (IsaForm f : all) {
            shown.add(f.syntax());
        }
        int n = 0;
        for (String s : shown) {
            if (n++ == MAX_FORMS) {
                md.append("... (").append(shown.size() - MAX_FORMS).append(" more)\n");
                break;
            }
            md.append(s).append('\n');
        }
        md.append("```\n");
        return md.toString();
    }

    /** {@code d: .s32 register, a: .s32, b: .s32}. */
    static String operands(ModifierMatch.Binding b) {
        StringBuilder sb = new StringBuilder();
        IsaForm.Operand[] ops = b.form().operands();
        for (int i = 0; i < ops.length; i++) {
            IsaForm.Operand o = ops[i];
            if (i > 0) {
                sb.append(", ");
            }
            sb.append('`').append(o.text()).append("`: ");
            PtxType t = type(b, o);
            String kind = switch (o.kind()) {
                case REG -> "register";
                case IMM -> "constant";
                case VAL -> "register or constant";
                case PRED -> "predicate";
                case ADDR -> "address";
                case MEM -> "address (or a register holding one)";
                case LABEL -> "label";
                case FUNC -> "function";
                case VAR -> "variable";
                case ANY -> "operand";
                case HANDLE -> TextureOperands.variables(o.limits().handle().types()) + " (or "
                        + TextureOperands.registers(o) + " register)";
                case COORDS -> "coordinates";
            };
            if (t != null && o.kind() != IsaForm.Kind.PRED) {
                sb.append(t.text()).append(' ');
            }
            sb.append(kind);
            int width = o.kind() == IsaForm.Kind.COORDS ? coordinates(o, o.vectorSlot() < 0 ? null : b.value(o.vectorSlot()))
                    : o.vectorSlot() >= 0 ? width(b.value(o.vectorSlot())) : o.vector();
            if (width > 1) {
                sb.append(", vector of ").append(width);
            }
            if (o.optional()) {
                sb.append(" (optional)");
            }
        }
        return sb.toString();
    }

    /** The coordinate count of a geometry ({@code @geometry} in the data), or 0. */
    private static int coordinates(IsaForm.Operand o, String geometry) {
        IsaForm.Geometry g = o.limits().geometry(geometry);
        return g == null ? 0 : g.count();
    }

    private static int width(String v) {
        return v == null ? 0 : Integer.parseInt(v.replaceAll("\\D", "").isEmpty() ? "0" : v.replaceAll("\\D", ""));
    }

    private static PtxType type(ModifierMatch.Binding b, IsaForm.Operand o) {
        PtxType t = o.typeSlot() >= 0 ? PtxType.of(b.value(o.typeSlot())) : o.fixedType();
        return o.wide() && t != null ? OperandFit.wide(t) : t;
    }

    static String requirement(ModifierMatch.Binding b) {
        Since s = b.form().since();
        for (String v : b.values()) {
            if (v != null && b.form().since(v) != null) {
                s = s.and(b.form().since(v));
            }
        }
        s = b.form().comboSince(s, b.values());
        String v = s.version() == null ? "any PTX ISA version" : "PTX ISA " + s.version();
        String t = s.targets().isEmpty() ? "any target" : "target " + s.targetText();
        return v + ", " + t;
    }

    /**
     * The modifiers that may still be written after {@code mods}, each with the slot it fills
     * ({@code .rnd}), in the order of the forms: every value of an empty slot of a form that
     * all the written modifiers fit.
     */
    public static Map<String, String> nextModifiers(String opcode, List<String> mods) {
        Map<String, String> out = new LinkedHashMap<>();
        if (!has(opcode)) {
            return out;
        }
        for (IsaForm f : InstructionSet.get().forms(opcode)) {
            boolean[] used = new boolean[f.slotCount()];
            boolean fits = true;
            for (String m : mods) {
                int s = -1;
                for (int k = 0; k < f.slotCount(); k++) {
                    if (!used[k] && f.slot(k).values().contains(m)) {
                        s = k;
                        break;
                    }
                }
                if (s < 0) {
                    fits = false;
                    break;
                }
                used[s] = true;
            }
            if (!fits) {
                continue;
            }
            for (int k = 0; k < f.slotCount(); k++) {
                if (!used[k]) {
                    IsaForm.Slot sl = f.slot(k);
                    for (String v : sl.values()) {
                        out.putIfAbsent(v, sl.isLiteral() ? f.mnemonic() : sl.name() + " in " + f.mnemonic());
                    }
                }
            }
        }
        return out;
    }

    /**
     * The type of operand {@code index} when the modifiers select a form, or null: completion
     * offers registers of a fitting type.
     */
    public static PtxType operandType(String opcode, List<String> mods, int index) {
        if (!has(opcode)) {
            return null;
        }
        for (ModifierMatch.Binding b : matching(opcode, mods)) {
            IsaForm.Operand[] ops = b.form().operands();
            if (index < ops.length) {
                return type(b, ops[index]);
            }
        }
        return null;
    }

    /** Whether a register of type {@code reg} fits an operand of type {@code slot} (for completion). */
    public static boolean fits(PtxType slot, PtxType reg) {
        return slot == null || reg == null || OperandFit.register(slot, reg, false, false);
    }

    /**
     * Plain text for {@code ptxlint --explain add.s32} (or {@code --explain add}): the forms the
     * spelling selects with operand types and requirements, or every form of the opcode; null when
     * the data does not describe it.
     */
    public static String explain(String spelling) {
        int dot = spelling.indexOf('.');
        String opcode = dot < 0 ? spelling : spelling.substring(0, dot);
        if (!has(opcode)) {
            return null;
        }
        List<String> mods = splitMods(dot < 0 ? "" : spelling.substring(dot));
        StringBuilder sb = new StringBuilder();
        List<ModifierMatch.Binding> m = mods.isEmpty() ? List.of() : matching(opcode, mods);
        if (m.isEmpty()) {
            if (!mods.isEmpty()) {
                sb.append("'").append(spelling).append("' matches no form of '").append(opcode).append("'.\n\n");
            }
            sb.append("Forms of ").append(opcode).append(":\n");
            String section = null;
            for (IsaForm f : InstructionSet.get().forms(opcode)) {
                if (!f.section().equals(section)) {
                    section = f.section();
                    sb.append("\n  [").append(section).append("]\n");
                }
                sb.append("  ").append(f.syntax()).append('\n');
            }
            return sb.toString();
        }
        for (ModifierMatch.Binding b : m) {
            IsaForm f = b.form();
            sb.append(spelling).append(": ").append(f.syntax());
            if (!f.section().isEmpty()) {
                sb.append("   (manual ").append(f.section()).append(")");
            }
            sb.append("\n  operands: ").append(operands(b).replace("`", "")).append("\n  requires: ")
                    .append(requirement(b)).append('\n');
            if (f.undocumented() != null) {
                sb.append("  not in the PTX ISA manual; ptxas accepts it\n");
            }
        }
        return sb.toString();
    }

    /** {@code .shared::cta.u32} into {@code .shared::cta}, {@code .u32}. */
    static List<String> splitMods(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            int j = i + 1;
            while (j < s.length() && !(s.charAt(j) == '.' && s.charAt(j - 1) != ':')) {
                j++;
            }
            out.add(s.substring(i, j));
            i = j;
        }
        return out;
    }
}
