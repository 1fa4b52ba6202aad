package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A complete, deterministic text dump of form tables: everything a {@link FormTable} holds (its
 * modifier order, operands with their selectors, every form with its CmpOps, ftz, destination,
 * requirement, feature and quirks), one fact per line, so that two ways of building the same
 * tables can be compared line by line ({@code FormTableDataTest}).
 *
 * <p>Sets are written in a fixed order (CmpOps and quirks by declaration order); lists and the
 * forms keep the table's order, because the rules and the editor read them in that order
 * (legal types in messages, completions).
 */
public final class FormTableDump {
    private FormTableDump() {
    }

    /** Selectors per line in a {@code legal} list. */
    private static final int PER_LINE = 16;

    public static List<String> dump(List<FormTable> tables) {
        List<String> out = new ArrayList<>();
        for (FormTable t : tables) {
            dump(t, out);
        }
        return out;
    }

    private static void dump(FormTable t, List<String> out) {
        out.add("table " + t.opcode());
        out.add("  manual " + t.manual());
        out.add("  typeNames " + String.join(" ", t.typeNames()));
        out.add("  order " + t.order().stream().map(Enum::name).collect(Collectors.joining(" ")));
        out.add("  secondaryOps " + (t.secondaryOps().isEmpty() ? "-" : String.join(" ", t.secondaryOps())));
        out.add("  cmpName " + t.cmpName());
        out.add("  hasSelectors " + t.hasSelectors() + " cmpOpsIndependentOfTypes " + t.cmpOpsIndependentOfTypes()
                + " anyFtz " + t.anyFtz());
        for (FormTable.Operand o : t.operands()) {
            out.add("  operand " + o.name() + " role=" + o.role() + " typeIndex=" + o.typeIndex() + " presence="
                    + o.presence() + " constants=" + o.constants() + " withBoolOp=" + o.withBoolOp());
            Selectors s = o.selectors();
            out.add("    selectors use=" + s.use() + " name=" + s.name() + " odd=" + s.odd() + " default="
                    + s.defaultValue() + " allowsAny=" + s.allowsAny() + " syntax=\"" + s.syntax() + "\"");
            List<String> legal = new ArrayList<>(s.legal());
            out.add("    legal " + legal.size());
            for (int i = 0; i < legal.size(); i += PER_LINE) {
                out.add("      " + String.join(" ", legal.subList(i, Math.min(legal.size(), i + PER_LINE))));
            }
        }
        out.add("  forms " + t.forms().size());
        for (var e : t.forms().entrySet()) {
            Form f = e.getValue();
            if (!f.types().equals(e.getKey())) {
                throw new IllegalStateException(t.opcode() + ": form keyed by " + e.getKey() + " has " + f.types());
            }
            out.add("  form " + f.name(t.opcode())
                    + " cmp=" + f.cmpOps().stream().sorted().map(CmpOp::text).collect(Collectors.joining(","))
                    + " ftz=" + f.ftz()
                    + " dest=" + f.dest()
                    + " requires=" + f.requires().version() + "/sm_" + f.requires().sm()
                    + " feature=\"" + f.feature() + "\""
                    + " quirks=" + f.quirks().stream().sorted(Comparator.naturalOrder()).map(Enum::name)
                            .collect(Collectors.joining(",")));
        }
        out.add("end " + t.opcode());
    }

    /** Writes the dump of {@code tables} to {@code file}, with a header naming what it is. */
    public static void write(List<FormTable> tables, Path file, String header) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String h : header.split("\n")) {
            lines.add("# " + h);
        }
        lines.addAll(dump(tables));
        Files.createDirectories(file.getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
