package dev.ptxlint.lsp;

import dev.ptxlint.checker.Opcodes;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.eval.BoolOp;
import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.Form;
import dev.ptxlint.isa.FormTable;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.syntax.Ast;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Completion: opcodes; the modifiers the form tables allow next (after {@code setp.} the CmpOps,
 * after {@code setp.lt.} BoolOps, {@code .ftz} and the types that take {@code .lt}); in operand
 * position the registers declared before the cursor in the enclosing function, filtered by the
 * type the form tables give the operand slot, and labels after a branch; module variables in an
 * address ({@code [...]}), of the state space an ld/st/atom/red is written with, and as the operand
 * of mov/cvta; functions in a call's target slot.
 */
final class Completions {
    private Completions() {
    }

    private static final Pattern LEAD = Pattern.compile("^\\s*(?:[A-Za-z_$][\\w$]*:\\s*)?(?:@!?[%\\w$]+\\s+)?");
    private static final Pattern MNEMONIC = Pattern.compile("[A-Za-z_][\\w]*(?:\\.[\\w]*)*");
    private static final Pattern OPERANDS = Pattern.compile("([A-Za-z_][\\w.:]*)\\s+(.*)");
    private static final int RANGE_LIMIT = 64;

    /** A declared register (or a range's members) visible at the cursor. */
    record Register(String name, String type, String space, String declaration) {
    }

    /** Instructions whose {@code [address]} operand names a variable of the state space they are written with. */
    private static final Set<String> MEMORY = Set.of("ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu",
            "cp", "multimem", "isspacep");
    private static final List<String> SPACES = List.of(".global", ".shared", ".const", ".param", ".local");

    static CompletionList complete(Document doc, PtxLanguageServer.Snapshot snap, Position p) {
        int cursor = Analysis.docOffset(doc, snap, p);
        dev.ptxlint.diag.ChunkedText text = snap.source();
        int lineStart = cursor;
        while (lineStart > 0 && text.charAt(lineStart - 1) != '\n' && text.charAt(lineStart - 1) != '\r') {
            lineStart--;
        }
        String before = text.substring(lineStart, cursor);
        int comment = before.indexOf("//");
        if (comment >= 0) {
            return new CompletionList(false, List.of());
        }
        Matcher lead = LEAD.matcher(before);
        String rest = lead.find() ? before.substring(lead.end()) : before;
        List<CompletionItem> items = new ArrayList<>();
        if (MNEMONIC.matcher(rest).matches()) {
            int dot = rest.lastIndexOf('.');
            String partial = dot < 0 ? rest : rest.substring(dot + 1);
            Range replace = new Range(new Position(p.getLine(), p.getCharacter() - partial.length()), p);
            if (dot < 0) {
                for (String op : new java.util.TreeSet<>(Opcodes.all())) {
                    if (op.startsWith(partial)) {
                        items.add(item(op, CompletionItemKind.Keyword, "instruction", replace));
                    }
                }
            } else {
                String[] parts = rest.substring(0, dot).split("\\.");
                List<String> mods = new ArrayList<>();
                for (int k = 1; k < parts.length; k++) {
                    mods.add("." + parts[k]);
                }
                for (Map.Entry<String, String> m : modifiers(parts[0], mods).entrySet()) {
                    if (m.getKey().startsWith("." + partial)) {
                        items.add(item(m.getKey().substring(1), CompletionItemKind.EnumMember, m.getValue(), replace));
                    }
                }
            }
            return new CompletionList(false, items);
        }
        Matcher ops = OPERANDS.matcher(rest);
        if (ops.matches()) {
            String mnemonic = ops.group(1);
            String operands = ops.group(2);
            int slot = 0;
            for (char c : operands.toCharArray()) {
                if (c == ',') {
                    slot++;
                }
            }
            int w = operands.length();
            while (w > 0 && isNameChar(operands.charAt(w - 1))) {
                w--;
            }
            String partial = operands.substring(w);
            Range replace = new Range(new Position(p.getLine(), p.getCharacter() - partial.length()), p);
            String[] parts = mnemonic.split("\\.");
            Analysis a = Analysis.at(doc, snap, p);
            if (parts[0].equals("bra") || parts[0].equals("brx")) {
                for (Analysis.Ref r : a.refs) {
                    if (r.declaration() && r.symbol() != null
                            && r.symbol().kind() == dev.ptxlint.checker.Symbol.Kind.LABEL
                            && r.token().text().startsWith(partial)) {
                        items.add(item(r.token().text(), CompletionItemKind.Reference, "label", replace));
                    }
                }
                return new CompletionList(false, dedupe(items));
            }
            List<String> mods = new ArrayList<>();
            for (int k = 1; k < parts.length; k++) {
                mods.add("." + parts[k]);
            }
            List<Symbol> module = doc.linter.moduleSymbols(a.offset);
            if (parts[0].equals("call") && depth(operands, '(', ')') == 0) {
                // the target slot: functions declared before this one (or this one)
                for (Symbol s : module) {
                    if (s.kind() == Symbol.Kind.FUNCTION && s.name().startsWith(partial)) {
                        items.add(item(s.name(), CompletionItemKind.Function, "function", replace));
                    }
                }
                return new CompletionList(false, dedupe(items));
            }
            if (depth(operands, '[', ']') > 0) {
                // an address: registers, and the variables of the instruction's state space
                String space = MEMORY.contains(parts[0]) ? space(mods) : null;
                for (Register r : registers(a)) {
                    if (r.name().startsWith(partial) && (r.space() == null || r.space().equals(".reg")
                            || space == null || space.equals(r.space()))) {
                        items.add(item(r.name(), CompletionItemKind.Variable, r.declaration(), replace));
                    }
                }
                moduleVariables(module, space, partial, replace, items);
                return new CompletionList(false, dedupe(items));
            }
            String wanted = null;
            FormTable t = FormTables.of(parts[0]);
            if (t != null) {
                List<PtxType> types = FormTables.types(mods);
                Form form = types.size() == t.typeCount() ? t.form(types) : null;
                wanted = FormTables.wantedType(t, form, slot);
            }
            PtxType isaType = t == null ? dev.ptxlint.checker.instructions.InstructionInfo.operandType(parts[0], mods, slot)
                    : null;
            for (Register r : registers(a)) {
                if (r.name().startsWith(partial) && compatible(r.type(), wanted)
                        && dev.ptxlint.checker.instructions.InstructionInfo.fits(isaType, PtxType.of(r.type()))) {
                    items.add(item(r.name(), CompletionItemKind.Variable, r.declaration(), replace));
                }
            }
            if (parts[0].equals("mov") || parts[0].equals("cvta") || parts[0].equals("isspacep")) {
                // a variable's address
                moduleVariables(module, parts[0].equals("mov") ? null : space(mods), partial, replace, items);
            }
            return new CompletionList(false, dedupe(items));
        }
        return new CompletionList(false, items);
    }

    /** Module variables of {@code space} (null: any) whose name starts with {@code partial}. */
    private static void moduleVariables(List<Symbol> module, String space, String partial, Range replace,
            List<CompletionItem> items) {
        for (Symbol s : module) {
            if (s.kind() == Symbol.Kind.VARIABLE && !s.isRegister() && s.name().startsWith(partial)
                    && (space == null || space.equals(s.space()))) {
                String detail = (s.space() == null ? "" : s.space() + " ") + (s.type() == null ? "" : s.type());
                items.add(item(s.name(), CompletionItemKind.Variable, "module " + detail.trim(), replace));
            }
        }
    }

    /** The state space among an instruction's modifiers ({@code .shared::cta} is {@code .shared}), or null. */
    static String space(List<String> mods) {
        for (String m : mods) {
            int colons = m.indexOf("::");
            String base = colons < 0 ? m : m.substring(0, colons);
            if (SPACES.contains(base)) {
                return base;
            }
        }
        return null;
    }

    /** How many {@code open} brackets are still open at the end of {@code s}. */
    private static int depth(String s, char open, char close) {
        int d = 0;
        for (char c : s.toCharArray()) {
            if (c == open) {
                d++;
            } else if (c == close && d > 0) {
                d--;
            }
        }
        return d;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '%' || c == '_' || c == '$';
    }

    private static List<CompletionItem> dedupe(List<CompletionItem> items) {
        Map<String, CompletionItem> m = new LinkedHashMap<>();
        for (CompletionItem i : items) {
            m.putIfAbsent(i.getLabel(), i);
        }
        return new ArrayList<>(m.values());
    }

    private static CompletionItem item(String label, CompletionItemKind kind, String detail, Range replace) {
        CompletionItem i = new CompletionItem(label);
        i.setKind(kind);
        i.setDetail(detail);
        i.setTextEdit(Either.forLeft(new TextEdit(replace, label)));
        return i;
    }

    /**
     * The modifiers that may follow {@code opcode} and {@code mods}, with a short description,
     * in the table's order: the next parts of the manual's modifier order that are still open.
     */
    static Map<String, String> modifiers(String opcode, List<String> mods) {
        Map<String, String> out = new LinkedHashMap<>();
        FormTable t = FormTables.of(opcode);
        if (t == null) {
            return dev.ptxlint.checker.instructions.InstructionInfo.nextModifiers(opcode, mods);
        }
        CmpOp cmp = FormTables.cmp(mods);
        List<PtxType> types = FormTables.types(mods);
        boolean hasBool = mods.stream().anyMatch(m -> BoolOp.fromPtx(m).isPresent());
        boolean hasFtz = mods.contains(".ftz");
        boolean hasSecondary = mods.stream().anyMatch(t.secondaryOps()::contains);
        // the last part already written: only parts after it may come next
        int lastDone = -1;
        List<FormTable.Part> order = t.order();
        for (int k = 0; k < order.size(); k++) {
            boolean done = switch (order.get(k)) {
                case CMP -> cmp != null;
                case BOOL -> hasBool;
                case FTZ -> hasFtz;
                case TYPES -> !types.isEmpty();
                case SECONDARY -> hasSecondary;
            };
            if (done) {
                lastDone = k;
            }
        }
        // forms still possible with what is written
        List<Form> forms = new ArrayList<>();
        for (Form f : t.forms().values()) {
            if (cmp != null && !f.cmpOps().contains(cmp)) {
                continue;
            }
            if (hasFtz && !f.ftz()) {
                continue;
            }
            boolean prefixOk = types.size() <= f.types().size();
            for (int k = 0; prefixOk && k < types.size(); k++) {
                prefixOk = f.types().get(k) == types.get(k);
            }
            if (prefixOk) {
                forms.add(f);
            }
        }
        boolean typesPartial = !types.isEmpty() && types.size() < t.typeCount();
        int from = typesPartial ? order.indexOf(FormTable.Part.TYPES) : lastDone + 1;
        for (int k = from; k < order.size(); k++) {
            FormTable.Part part = order.get(k);
            switch (part) {
                case CMP -> {
                    Set<CmpOp> ops = new LinkedHashSet<>();
                    forms.forEach(f -> ops.addAll(f.cmpOps()));
                    ops.stream().sorted().forEach(c -> out.put(c.text(), t.cmpName()));
                }
                case BOOL -> {
                    for (BoolOp b : BoolOp.values()) {
                        out.put(b.ptxName(), "BoolOp");
                    }
                }
                case FTZ -> {
                    if (forms.stream().anyMatch(Form::ftz)) {
                        out.put(".ftz", "flush subnormals to zero");
                    }
                }
                case TYPES -> {
                    int slot = types.size();
                    for (Form f : forms) {
                        if (slot < f.types().size()) {
                            out.putIfAbsent(f.types().get(slot).text(), t.typeNames().get(slot));
                        }
                    }
                }
                case SECONDARY -> t.secondaryOps().forEach(s -> out.put(s, "secondary operation"));
            }
            // a mandatory part ends the list: CMP and TYPES must be written before what follows
            if (part == FormTable.Part.CMP && cmp == null || part == FormTable.Part.TYPES) {
                break;
            }
        }
        return out;
    }

    static boolean compatible(String have, String wanted) {
        if (wanted == null) {
            return true;
        }
        if (have == null) {
            return false;
        }
        if (wanted.equals(".pred") || have.equals(".pred")) {
            return wanted.equals(have);
        }
        PtxType h = PtxType.of(have);
        PtxType w = PtxType.of(wanted);
        if (h == null || w == null) {
            return have.equals(wanted);
        }
        if (h == w) {
            return true;
        }
        if (h.bits() != w.bits()) {
            return false;
        }
        boolean hInt = h.kind() != PtxType.Kind.FLOAT;
        boolean wInt = w.kind() != PtxType.Kind.FLOAT;
        return h.kind() == PtxType.Kind.BIT || (hInt && wInt);
    }

    /** The registers declared before the cursor in the function under it (parameters too). */
    static List<Register> registers(Analysis a) {
        List<Register> out = new ArrayList<>();
        if (!(a.item instanceof Ast.Function f)) {
            return out;
        }
        if (f.returns() != null) {
            f.returns().forEach(v -> declare(v, out));
        }
        f.params().forEach(v -> declare(v, out));
        if (f.body() != null) {
            walk(f.body(), a.offset, out);
        }
        return out;
    }

    private static void walk(Ast.Block b, long cursor, List<Register> out) {
        for (Ast.Statement s : b.statements()) {
            if (s.span().start() > cursor) {
                return;
            }
            if (s instanceof Ast.VarDecl v) {
                declare(v, out);
            } else if (s instanceof Ast.Block inner && inner.span().end() >= cursor) {
                walk(inner, cursor, out);
            }
        }
    }

    private static void declare(Ast.VarDecl v, List<Register> out) {
        String type = null;
        String space = null;
        for (Ast.Attr at : v.attrs()) {
            String n = at.name().text();
            if (type == null && PtxType.of(n) != null) {
                type = n;
            } else if (space == null && !n.equals(".align") && !n.startsWith(".v")) {
                space = n;
            }
        }
        String desc = (space == null ? "" : space + " ") + (type == null ? "" : type);
        for (Ast.Declarator d : v.declarators()) {
            String name = d.name().text();
            if (d.isRange()) {
                int count = 0;
                if (d.rangeCount() instanceof Ast.IntLit lit) {
                    try {
                        count = Integer.parseInt(lit.token().text());
                    } catch (NumberFormatException e) {
                        count = 0;
                    }
                }
                for (int k = 0; k < Math.min(count, RANGE_LIMIT); k++) {
                    out.add(new Register(name + k, type, space, desc + " " + name + "<" + count + ">"));
                }
            } else {
                out.add(new Register(name, type, space, desc));
            }
        }
    }
}
