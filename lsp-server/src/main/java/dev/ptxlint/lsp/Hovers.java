package dev.ptxlint.lsp;

import dev.ptxlint.checker.Opcodes;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Hover: a list of contributors, each adding a Markdown section for what is under the cursor:
 * the instruction's form, the name's declaration, and the evaluator's known values
 * ({@link KnownValuesHover}).
 */
final class Hovers {

    /** One section of a hover: null when it has nothing to say about the cursor. */
    interface Contributor {
        Section hover(Analysis a, Document doc);
    }

    record Section(String markdown, Span span) {
    }

    static final List<Contributor> CONTRIBUTORS = List.of((a, d) -> instruction(a), (a, d) -> name(a),
            KnownValuesHover::hover);

    private Hovers() {
    }

    static Hover hover(Document doc, PtxLanguageServer.Snapshot snap, Position p) {
        Analysis a = Analysis.at(doc, snap, p);
        if (a.item == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        Range range = null;
        for (Contributor c : CONTRIBUTORS) {
            Section s;
            try {
                s = c.hover(a, doc);
            } catch (RuntimeException e) {
                s = null; // one contributor failing must not take the others' sections away
            }
            if (s != null) {
                parts.add(s.markdown());
                if (range == null && s.span() != null) {
                    range = a.range(s.span());
                }
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        Hover h = new Hover(new MarkupContent(MarkupKind.MARKDOWN, String.join("\n\n---\n\n", parts)));
        h.setRange(range);
        return h;
    }

    /** On an opcode or one of its modifiers: the form, operand types, requirements. */
    static Section instruction(Analysis a) {
        Ast.Instruction i = a.instructionAtCursor();
        if (i == null) {
            return null;
        }
        Token op = i.opcode();
        Span mnemonic = i.modifiers().isEmpty() ? op.span() : op.span().to(i.modifiers().get(i.modifiers().size() - 1).span());
        if (a.offset < mnemonic.start() || a.offset > mnemonic.end()) {
            return null;
        }
        String name = op.text();
        StringBuilder md = new StringBuilder();
        md.append("```ptx\n").append(i.mnemonic()).append("\n```\n");
        FormTable t = FormTables.of(name);
        if (t == null) {
            String isa = dev.ptxlint.checker.instructions.InstructionInfo.markdown(name,
                    i.modifiers().stream().map(Token::text).toList());
            if (isa != null) {
                md.append(isa);
            } else if (Opcodes.isKnown(name)) {
                md.append("PTX instruction `").append(name).append("`. ptxlint checks its name and that its operands ")
                        .append("are declared; its forms are not in ptxlint's tables yet (see the PTX ISA manual).");
            } else {
                md.append("`").append(name).append("` is not a PTX ISA 9.0 instruction.");
            }
            return new Section(md.toString(), mnemonic);
        }
        List<String> mods = i.modifiers().stream().map(Token::text).toList();
        if (FormTables.summary(name) != null) {
            md.append(FormTables.summary(name)).append("\n\n");
        }
        md.append("**Syntax** (manual ").append(t.manual()).append("): `").append(FormTables.syntax(t)).append("`\n\n");
        List<PtxType> types = FormTables.types(mods);
        Form form = types.size() == t.typeCount() ? t.form(types) : null;
        if (form != null) {
            md.append("**Form** `").append(form.name(name)).append("`\n\n");
            md.append("**Operands** ").append(FormTables.operandTypes(t, form)).append("\n\n");
            if (!form.cmpOps().isEmpty()) {
                md.append("**").append(t.cmpName()).append("** ")
                        .append(form.cmpOps().stream().sorted().map(c -> c.text()).collect(Collectors.joining(" ")))
                        .append("\n\n");
            }
            if (form.ftz()) {
                md.append("`.ftz` allowed\n\n");
            }
            md.append("**Requires** PTX ISA ").append(form.requires().version()).append(", target sm_")
                    .append(form.requires().sm());
            if (!form.feature().isEmpty()) {
                md.append(" (").append(form.feature()).append(")");
            }
            md.append('\n');
        } else {
            md.append("**Types** ");
            List<String> slots = new ArrayList<>();
            for (int k = 0; k < t.typeCount(); k++) {
                slots.add("." + t.typeNames().get(k) + " = " + t.typesAt(k).stream().map(PtxType::text)
                        .collect(Collectors.joining(" ")));
            }
            md.append(String.join("; ", slots)).append('\n');
        }
        return new Section(md.toString(), mnemonic);
    }

    /** On a register, variable, label or function: its declaration. */
    static Section name(Analysis a) {
        Analysis.Ref r = a.refAtCursor();
        if (r == null) {
            return null;
        }
        Symbol s = r.symbol();
        String n = r.token().text();
        if (s == null) {
            return new Section("`" + n + "` is not declared in this scope", r.token().span());
        }
        StringBuilder md = new StringBuilder();
        switch (s.kind()) {
            case LABEL -> md.append("label `").append(n).append('`');
            case FUNCTION -> md.append("function `").append(n).append('`');
            case SPECIAL_REGISTER -> md.append("special register `").append(n).append("` (predefined, read-only)");
            case VARIABLE -> {
                md.append(s.isRegister() ? "register `" : "variable `").append(n).append('`');
                if (s.type() != null || s.space() != null) {
                    md.append(": `").append(s.space() == null ? "" : s.space() + " ")
                            .append(s.vector() > 1 ? ".v" + s.vector() + " " : "")
                            .append(s.type() == null ? "" : s.type()).append('`');
                }
            }
        }
        if (s.declaration() != null) {
            Span d = s.declaration();
            md.append("\n\n```ptx\n").append(a.lineText(d).strip()).append("\n```\n")
                    .append(r.declaration() ? "declared here" : "declared")
                    .append(" at line ").append(d.line() + 1)
                    .append(", column ").append(d.column() + 1);
        }
        return new Section(md.toString(), r.token().span());
    }
}
