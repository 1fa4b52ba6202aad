package dev.ptxlint.checker;

import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Block;
import dev.ptxlint.syntax.Ast.Declarator;
import dev.ptxlint.syntax.Ast.Expr;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Ast.Instruction;
import dev.ptxlint.syntax.Ast.Label;
import dev.ptxlint.syntax.Ast.Name;
import dev.ptxlint.syntax.Ast.Statement;
import dev.ptxlint.syntax.Ast.VarDecl;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import dev.ptxlint.syntax.TokenKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Declarations and uses, following ptxas's scoping rules (measured, see docs/ptxas-behaviour.md):
 * <ul>
 * <li>module-scope variables and functions are visible only after their declaration (a call needs
 *     a prior declaration or prototype);
 * <li>a function's parameters share one scope with the declarations of its body; each nested
 *     {@code { }} block opens a scope that may shadow outer names and ends at its {@code }};
 * <li>labels live in the same namespace as registers, are scoped to their block, and may be used
 *     before their definition; registers must be declared before use;
 * <li>{@code %r<N>} declares {@code %r0} to {@code %r(N-1)}; the numeric suffix of a use is read
 *     as a number, so {@code %r007} is {@code %r7}.
 * </ul>
 *
 * <p>Also reports unknown instruction names, with did-you-mean suggestions.
 */
final class NameResolver {

    /** One scope: plain names and register ranges ({@code %r} to count). */
    private static final class Scope {
        final Map<String, Symbol> names = new HashMap<>();
        final Map<String, Range> ranges = new HashMap<>();
        /** Labels of this block, collected before its statements so they can be used early. */
        final Map<String, Span> labels = new HashMap<>();
        /** Labels of this block defined so far in source order (declarations after them clash). */
        final Map<String, Span> definedLabels = new HashMap<>();
        /** Labels of a {@code .branchtargets} list ({@code ts: .branchtargets L1, L2;}), or null. */
        java.util.Set<String> branchTargets;
    }

    private record Range(int count, Span span, Symbol symbol) {
    }

    private final Reporter out;
    private final Scope module = new Scope();
    private final Deque<Scope> scopes = new ArrayDeque<>();

    private final java.util.List<InstructionCheck> checks;
    private final HeaderCheck header;
    private final CheckContext context = new CheckContext() {
        @Override
        public Symbol resolve(String name) {
            return NameResolver.this.resolve(name);
        }

        @Override
        public Ast.Directive version() {
            return header.version();
        }

        @Override
        public Ast.Directive target() {
            return header.target();
        }

        @Override
        public Reporter reporter() {
            return out;
        }

        @Override
        public PtxVersion declaredVersion() {
            return header.declaredVersion();
        }

        @Override
        public Target declaredTarget() {
            return header.declaredTarget();
        }
    };

    private final DeclarationCheck declarations;

    NameResolver(Reporter out, HeaderCheck header, java.util.List<InstructionCheck> checks) {
        this.out = out;
        this.header = header;
        this.checks = checks;
        this.declarations = new DeclarationCheck(out, header, this::resolve);
    }

    void visit(Ast.TopLevel item) {
        if (item instanceof VarDecl d) {
            declarations.check(d, DeclarationCheck.Scope.MODULE);
            declareAll(module, d);
        } else if (item instanceof Function f) {
            function(f);
        } else if (item instanceof Ast.Directive d && d.name().text().equals(".alias")) {
            for (Expr e : d.args()) {
                if (e instanceof Name n && d.args().indexOf(e) == 1) {
                    use(n.token(), false);
                }
            }
            if (!d.args().isEmpty() && d.args().get(0) instanceof Name n) {
                declare(module, n.token(), new Symbol(n.text(), Symbol.Kind.FUNCTION, null, null, 1, n.span()));
            }
        }
    }

    /** Receives declarations and resolved uses (null: not set; the language server sets one). */
    private NameListener listener;

    void setListener(NameListener listener) {
        this.listener = listener;
    }

    /**
     * The module-level effects of {@code item} only: what a later item can see (module variables,
     * function names and whether they have a body), without checking a function's body.
     */
    void visitDeclarations(Ast.TopLevel item) {
        if (item instanceof Function f) {
            declareFunction(f);
        } else {
            visit(item);
        }
    }

    private void function(Function f) {
        declareFunction(f);
        if (f.returns() != null) {
            for (VarDecl p : f.returns()) {
                declarations.check(p, DeclarationCheck.Scope.FUNC_RETURN);
            }
        }
        DeclarationCheck.Scope ps = f.isEntry() ? DeclarationCheck.Scope.ENTRY_PARAM : DeclarationCheck.Scope.FUNC_PARAM;
        for (VarDecl p : f.params()) {
            declarations.check(p, ps);
        }
        if (f.body() == null) {
            return;
        }
        Scope fs = new Scope();
        if (f.returns() != null) {
            for (VarDecl p : f.returns()) {
                declareAll(fs, p);
            }
        }
        for (VarDecl p : f.params()) {
            declareAll(fs, p);
        }
        scopes.push(fs);
        for (InstructionCheck c : checks) {
            if (c instanceof FunctionCheck fc) {
                fc.begin(f, context);
            }
        }
        block(fs, f.body());
        for (InstructionCheck c : checks) {
            if (c instanceof FunctionCheck fc) {
                fc.end(f, context);
            }
        }
        scopes.pop();
    }

    private void declareFunction(Function f) {
        if (f.name() != null) {
            if (listener != null) {
                listener.declared(f.name(), new Symbol(f.name().text(), Symbol.Kind.FUNCTION, null, null, 1,
                        f.name().span()));
            }
            String n = f.name().text();
            Symbol prevSym = module.names.get(n);
            Span previous = prevSym == null ? null : prevSym.declaration();
            if (previous == null) {
                module.names.put(n, new Symbol(n, Symbol.Kind.FUNCTION, null, null, 1, f.name().span()));
                functions.add(n);
            } else if (!functions.contains(n)) {
                out.report(Diagnostic.of(Rules.DUPLICATE_DECLARATION, TextRange.of(f.name().span()),
                                "'" + n + "' is already declared as a variable; a function cannot reuse its name")
                        .withRelated(new Diagnostic.Related(TextRange.of(previous), "variable '" + n + "'")));
            } else if (f.body() != null && definitions.contains(n)) {
                // A declaration (prototype) followed by the definition is allowed; two bodies are not.
                duplicate(f.name(), previous);
            }
            if (f.body() != null) {
                definitions.add(n);
            }
        }
    }

    private void block(Scope scope, Block b) {
        collectLabels(scope, b);
        body(b.statements());
    }

    /** Functions defined with a body, and every name declared as a function. */
    private final java.util.Set<String> definitions = new java.util.HashSet<>();
    private final java.util.Set<String> functions = new java.util.HashSet<>();

    private void collectLabels(Scope scope, Block b) {
        Statement previous = null;
        for (Statement s : b.statements()) {
            if (previous instanceof Label pl && s instanceof Ast.Directive d && d.name().text().equals(".branchtargets")) {
                if (scope.branchTargets == null) {
                    scope.branchTargets = new java.util.HashSet<>();
                }
                scope.branchTargets.add(pl.name().text());
            }
            previous = s;
            if (s instanceof Label l) {
                Token name = l.name();
                Span prev = scope.labels.get(name.text());
                if (prev != null) {
                    out.report(Diagnostic.of(Rules.DUPLICATE_LABEL, TextRange.of(name.span()),
                                    "'" + name.text() + "' is already defined in this scope; rename the label")
                            .withRelated(new Diagnostic.Related(TextRange.of(prev), "first definition of '"
                                    + name.text() + "'")));
                } else {
                    scope.labels.put(name.text(), name.span());
                }
                if (listener != null) {
                    listener.declared(name, new Symbol(name.text(), Symbol.Kind.LABEL, null, null, 1, name.span()));
                }
            }
        }
    }

    /** A label may not reuse the name of a register or variable declared before it in its scope. */
    private void labelAgainstDeclarations(Scope scope, Token name) {
        Symbol sym = scope.names.get(name.text());
        Span prev = sym == null ? null : sym.declaration();
        if (prev == null) {
            Range r = rangeOf(scope, name.text());
            prev = r == null ? null : r.span();
        }
        if (prev != null) {
            out.report(Diagnostic.of(Rules.DUPLICATE_LABEL, TextRange.of(name.span()),
                            "'" + name.text() + "' is already declared in this scope; labels and registers share one "
                                    + "namespace, so rename the label")
                    .withRelated(new Diagnostic.Related(TextRange.of(prev), "declaration of '" + name.text() + "'")));
        }
    }

    private void body(List<Statement> statements) {
        for (Statement s : statements) {
            if (s instanceof VarDecl d) {
                declarations.check(d, DeclarationCheck.Scope.BODY);
                declareAll(scopes.peek(), d);
            } else if (s instanceof Block b) {
                Scope inner = new Scope();
                scopes.push(inner);
                block(inner, b);
                scopes.pop();
            } else if (s instanceof Instruction i) {
                instruction(i);
            } else if (s instanceof Label l) {
                labelAgainstDeclarations(scopes.peek(), l.name());
                scopes.peek().definedLabels.putIfAbsent(l.name().text(), l.name().span());
            } else if (s instanceof Ast.Directive d) {
                String n = d.name().text();
                if (n.equals(".branchtargets") || n.equals(".calltargets")) {
                    for (Expr e : d.args()) {
                        if (e instanceof Name nm) {
                            use(nm.token(), n.equals(".branchtargets"));
                        }
                    }
                }
            }
        }
    }

    private void instruction(Instruction i) {
        String op = i.opcode().text();
        if (i.opcode().kind() == TokenKind.IDENT && !Opcodes.isKnown(op)) {
            unknownOpcode(i.opcode());
        }
        if (i.guard() != null) {
            use(i.guard().predicate(), false);
        }
        boolean branch = op.equals("bra") || op.equals("brx");
        for (Expr e : i.operands()) {
            uses(e, branch);
        }
        for (InstructionCheck c : checks) {
            c.check(i, context);
        }
    }

    private void unknownOpcode(Token t) {
        List<String> s = Opcodes.suggestions(t.text());
        String msg = "unknown instruction '" + t.text() + "'";
        Diagnostic d;
        if (s.isEmpty()) {
            d = Diagnostic.of(Rules.UNKNOWN_INSTRUCTION, TextRange.of(t.span()), msg + " (not in PTX ISA 9.0)");
        } else {
            d = Diagnostic.of(Rules.UNKNOWN_INSTRUCTION, TextRange.of(t.span()),
                    msg + "; did you mean " + quoteList(s) + "?");
            for (String c : s) {
                d = d.withFix(Fix.unsafe("Change to '" + c + "'", TextRange.of(t.span()), c));
            }
        }
        out.report(d);
    }

    private static String quoteList(List<String> s) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < s.size(); k++) {
            if (k > 0) {
                sb.append(k == s.size() - 1 ? " or " : ", ");
            }
            sb.append('\'').append(s.get(k)).append('\'');
        }
        return sb.toString();
    }

    private void uses(Expr e, boolean branch) {
        if (e instanceof Name n) {
            if (n.token().kind() == TokenKind.IDENT) {
                use(n.token(), branch);
            }
        } else if (e instanceof Ast.Unary u) {
            uses(u.operand(), branch);
        } else if (e instanceof Ast.Binary b) {
            uses(b.left(), branch);
            uses(b.right(), branch);
        } else if (e instanceof Ast.Ternary t) {
            uses(t.cond(), branch);
            uses(t.then(), branch);
            uses(t.otherwise(), branch);
        } else if (e instanceof Ast.Cast c) {
            uses(c.operand(), branch);
        } else if (e instanceof Ast.Group g) {
            g.items().forEach(x -> uses(x, branch));
        } else if (e instanceof Ast.VectorExpr v) {
            v.items().forEach(x -> uses(x, branch));
        } else if (e instanceof Ast.Address a) {
            a.items().forEach(x -> uses(x, false));
        } else if (e instanceof Ast.PredPair p) {
            uses(p.first(), false);
            uses(p.second(), false);
        } else if (e instanceof Ast.Brace b) {
            b.items().forEach(x -> uses(x, false));
        } else if (e instanceof Ast.Call c) {
            c.args().forEach(x -> uses(x, false));
        }
    }

    private void use(Token name, boolean branchTarget) {
        String n = name.text();
        if (n.equals("_")) {
            return;
        }
        Symbol resolved = resolve(n);
        if (listener != null) {
            listener.used(name, resolved);
        }
        if (resolved != null) {
            return;
        }
        if (branchTarget) {
            out.report(Rules.UNDECLARED_LABEL, name.span(), "label '" + n
                    + "' is not defined in this scope (labels are visible in their own { } block and the blocks inside it);"
                    + " define '" + n + ":' before an instruction");
            return;
        }
        String hint = rangeHint(n);
        out.report(Rules.UNDECLARED_IDENTIFIER, name.span(), "'" + n + "' is not declared in this scope"
                + (hint != null ? "; " + hint : n.startsWith("%") ? "; declare it with a .reg directive" : ""));
    }

    /** What {@code n} refers to in the current scope, or null. */
    Symbol resolve(String n) {
        for (Scope s : scopes) {
            Symbol sym = s.names.get(n);
            if (sym != null) {
                return sym;
            }
            Span label = s.labels.get(n);
            if (label != null) {
                // a label of a .branchtargets list has that "type" (brx.idx needs one)
                return new Symbol(n, Symbol.Kind.LABEL, null, s.branchTargets != null && s.branchTargets.contains(n)
                        ? ".branchtargets" : null, 1, label);
            }
            Range r = rangeOf(s, n);
            if (r != null) {
                return r.symbol().named(n);
            }
        }
        Symbol sym = module.names.get(n);
        if (sym != null) {
            return sym;
        }
        Range r = rangeOf(module, n);
        if (r != null) {
            return r.symbol().named(n);
        }
        if (SpecialRegisters.isPredefined(n)) {
            return new Symbol(n, Symbol.Kind.SPECIAL_REGISTER, ".sreg", null, 1, null);
        }
        return null;
    }

    /** The value of a register's numeric suffix (leading zeros allowed), saturating. */
    private static long rangeIndex(String digits) {
        long v = 0;
        for (int k = 0; k < digits.length(); k++) {
            v = v * 10 + (digits.charAt(k) - '0');
            if (v > Integer.MAX_VALUE) {
                return Long.MAX_VALUE;
            }
        }
        return v;
    }

    /** Where the numeric suffix of a register name starts ({@code %r12} gives 2), or -1 if none. */
    private static int suffixStart(String n) {
        int i = n.length();
        while (i > 0 && Character.isDigit(n.charAt(i - 1))) {
            i--;
        }
        return i == n.length() || i == 0 ? -1 : i;
    }

    /** The range of {@code scope} that covers {@code n}, or null. */
    private static Range rangeOf(Scope scope, String n) {
        if (scope.ranges.isEmpty()) {
            return null;
        }
        int i = suffixStart(n);
        if (i < 0) {
            return null;
        }
        Range r = scope.ranges.get(n.substring(0, i));
        return r != null && rangeIndex(n.substring(i)) < r.count() ? r : null;
    }

    /** Explains a use like %r100 when %r<100> is declared. */
    private String rangeHint(String n) {
        int i = suffixStart(n);
        if (i < 0) {
            return null;
        }
        String prefix = n.substring(0, i);
        for (Scope s : scopes) {
            Range r = s.ranges.get(prefix);
            if (r != null) {
                return prefix + "<" + r.count() + "> declares " + prefix + "0 to " + prefix + (r.count() - 1)
                        + "; raise the count to at least " + prefix + "<" + safeInc(n.substring(i)) + ">";
            }
        }
        return null;
    }

    private static String safeInc(String digits) {
        try {
            return Long.toString(Long.parseLong(digits) + 1);
        } catch (NumberFormatException e) {
            return digits;
        }
    }

    private void declareAll(Scope scope, VarDecl d) {
        for (Declarator decl : d.declarators()) {
            if (listener != null) {
                listener.declared(decl.name(), Symbol.of(decl.name().text(), d, decl.name().span()));
            }
            if (decl.isRange()) {
                Range prev = scope.ranges.get(decl.name().text());
                int count = 0;
                if (decl.rangeCount() instanceof Ast.IntLit lit) {
                    long c = parseCount(lit.token().text());
                    if (c > Integer.MAX_VALUE) {
                        out.report(Rules.COUNT_TOO_LARGE, lit.span(), "register count " + abbreviate(lit.token().text())
                                + " is too large: a range declares fewer than 2^31 registers (ptxas reports 'Constant"
                                + " overflow' from 2^32 and runs out of memory below it); declare only the registers"
                                + " the code uses");
                    }
                    count = (int) Math.min(c, Integer.MAX_VALUE);
                }
                Range range = new Range(count, decl.name().span(), Symbol.of(decl.name().text(), d, decl.name().span()));
                if (prev != null) {
                    duplicate(decl.name(), prev.span());
                    continue;
                }
                scope.ranges.put(decl.name().text(), range);
                for (Map.Entry<String, Symbol> e : scope.names.entrySet()) {
                    if (rangeOf(scope, e.getKey()) == range) {
                        duplicate(decl.name(), e.getValue().declaration());
                        break;
                    }
                }
            } else {
                declare(scope, decl.name(), Symbol.of(decl.name().text(), d, decl.name().span()));
            }
        }
    }

    /** The value of a count literal; one that does not fit in 63 bits gives Long.MAX_VALUE (the lexer checked its form). */
    private static long parseCount(String t) {
        try {
            return Long.decode(t.replace("U", "").replace("u", ""));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 30 ? s.substring(0, 30) + "..." : s;
    }

    private void declare(Scope scope, Token name, Symbol symbol) {
        if (name.text().equals("_")) {
            return;
        }
        Symbol prevSym = scope.names.get(name.text());
        Span prev = prevSym == null ? null : prevSym.declaration();
        if (prev == null) {
            prev = scope.definedLabels.get(name.text());
        }
        if (prev == null) {
            Range r = rangeOf(scope, name.text());
            prev = r == null ? null : r.span();
        }
        if (prev != null) {
            duplicate(name, prev);
        } else {
            scope.names.put(name.text(), symbol);
        }
    }

    private void duplicate(Token name, Span prev) {
        out.report(Diagnostic.of(Rules.DUPLICATE_DECLARATION, TextRange.of(name.span()),
                        "'" + name.text() + "' is already declared in this scope; rename or remove one declaration")
                .withRelated(new Diagnostic.Related(TextRange.of(prev), "previous declaration of '" + name.text() + "'")));
    }

}
