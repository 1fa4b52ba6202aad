package dev.ptxlint.checker.instructions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Lints one instruction inside a small module (a header, one entry, the given register
 * declarations) and gives its findings with the text they cover and the result of their fixes:
 * the harness of the rule message tests.
 */
final class OneInstruction {

    private final String decls;

    OneInstruction(String decls) {
        this.decls = decls;
    }

    /** A module around one instruction; .address_size (PTX ISA 2.3) only where the version has it. */
    String module(String version, String target, String insn) {
        boolean addressSize = Double.parseDouble(version) >= 2.3;
        return ".version " + version + "\n.target " + target + "\n" + (addressSize ? ".address_size 64\n" : "")
                + ".visible .entry k()\n{\n" + decls + "\n" + insn + "\nret;\n}\n";
    }

    /** One finding of a lint run, with the source text it covers. */
    record Finding(Diagnostic d, String source, String decls) {
        String covered() {
            return source.substring((int) d.range().startOffset(), (int) d.range().endOffset());
        }

        String code() {
            return d.code();
        }

        String message() {
            return d.message();
        }

        /** The whole source after applying fix {@code i}. */
        String applied(int i) {
            Fix f = d.fixes().get(i);
            StringBuilder sb = new StringBuilder(source);
            List<Fix.Edit> edits = new ArrayList<>(f.edits());
            edits.sort(Comparator.comparingLong((Fix.Edit e) -> e.range().startOffset()).reversed());
            for (Fix.Edit e : edits) {
                sb.replace((int) e.range().startOffset(), (int) e.range().endOffset(), e.newText());
            }
            return sb.toString();
        }

        /** The instruction line after applying fix {@code i}. */
        String appliedLine(int i) {
            String[] lines = applied(i).split("\n");
            return lines[List.of(lines).indexOf(decls) + 1];
        }
    }

    List<Finding> lint(String version, String target, String insn) {
        String src = module(version, target, insn);
        List<Finding> out = new ArrayList<>();
        for (Diagnostic d : new Linter().lint(src)) {
            out.add(new Finding(d, src, decls));
        }
        return out;
    }

    Finding only(String insn) {
        return only("9.0", "sm_90", insn);
    }

    Finding only(String version, String target, String insn) {
        List<Finding> f = lint(version, target, insn);
        assertEquals(1, f.size(), () -> "expected one finding for " + insn + ", got "
                + f.stream().map(x -> x.code() + " " + x.message()).toList());
        return f.get(0);
    }

    void clean(String insn) {
        List<Finding> f = lint("9.0", "sm_90", insn);
        assertEquals(List.of(), f.stream().map(x -> x.code() + " " + x.message()).toList(), insn);
    }

    static void assertMessage(Finding f, String code, String covered, String... fragments) {
        assertEquals(code, f.code(), f.message());
        assertEquals(covered, f.covered());
        for (String s : fragments) {
            assertTrue(f.message().contains(s), () -> "message '" + f.message() + "' lacks '" + s + "'");
        }
    }
}
