package dev.ptxlint.syntax;

import java.util.List;
import java.util.Objects;

/**
 * The PTX syntax tree. Every node keeps the exact {@link Span} of its source, and the tokens of
 * modifiers and names are kept as {@link Token}s so that rules can point at them precisely.
 *
 * <p>The nodes of one token ({@link Name}, {@link IntLit}, {@link FloatLit}, {@link StringLit},
 * {@link Sink}, {@link DotRef}, {@link Label}) are classes, not records: the parser's take their
 * span from their token when it is asked for (most never are: a span is made for a diagnostic),
 * so that an operand does not make its token's {@code Span}. They keep the record's accessors,
 * constructors, {@code equals} (every component, the span by value), {@code hashCode} and
 * {@code toString}; a node built with a span of its own (the language server's shifted copies)
 * keeps that span.
 */
public final class Ast {
    private Ast() {
    }

    /** Any node of the tree. */
    public sealed interface Node permits TopLevel, Statement, Expr {
        Span span();

        /** {@code span().start()}; a node of one token answers without making its span. */
        default long start() {
            return span().start();
        }

        /** {@code span().end()}; a node of one token answers without making its span. */
        default long end() {
            return span().end();
        }

        /** {@code span().line()}; a node of one token answers without making its span. */
        default int line() {
            return span().line();
        }

        /** {@code span().column()}; a node of one token answers without making its span. */
        default int column() {
            return span().column();
        }

        /** {@code span().endLine()}; a node of one token answers without making its span. */
        default int endLine() {
            return span().endLine();
        }

        /** {@code span().endColumn()}; a node of one token answers without making its span. */
        default int endColumn() {
            return span().endColumn();
        }
    }

    /**
     * A node of one token whose span, unless it was given one, is its token's ({@link Token#span()},
     * made when first asked for); the positions are the token's, read without making the span.
     */
    abstract static class TokenNode {
        final Token token;
        /** The span given, or null: the token's. */
        final Span given;

        TokenNode(Token token, Span given) {
            this.token = token;
            this.given = given;
        }

        public final Token token() {
            return token;
        }

        public Span span() {
            return given != null ? given : token.span();
        }

        public long start() {
            return given != null ? given.start() : token.start();
        }

        public long end() {
            return given != null ? given.end() : token.end();
        }

        public int line() {
            return given != null ? given.line() : token.line();
        }

        public int column() {
            return given != null ? given.column() : token.column();
        }

        public int endLine() {
            return given != null ? given.endLine() : token.endLine();
        }

        public int endColumn() {
            return given != null ? given.endColumn() : token.endColumn();
        }

        /** Equal as the record was: same class, equal token and equal span. */
        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (o == null || o.getClass() != getClass()) {
                return false;
            }
            TokenNode n = (TokenNode) o;
            return Objects.equals(token, n.token) && Objects.equals(span(), n.span());
        }

        @Override
        public int hashCode() {
            return 31 * Objects.hashCode(token) + Objects.hashCode(span());
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "[token=" + token + ", span=" + span() + "]";
        }
    }

    // ------------------------------------------------------------------ top level

    /** One item of a module, delivered by {@link Parser#next()} one at a time. */
    public sealed interface TopLevel extends Node
            permits Directive, VarDecl, Function, Section, Skipped {
    }

    /**
     * A directive statement: {@code .version 9.0}, {@code .target sm_90a, debug}, {@code .loc 1 2 3},
     * {@code .pragma "nounroll";}, {@code .alias a, b;}, {@code .branchtargets L1, L2;} and the like.
     * {@code args} are the comma/space separated arguments as expressions.
     */
    public record Directive(Token name, List<Expr> args, Span span) implements TopLevel, Statement {
    }

    /**
     * A variable declaration: {@code .reg .b32 %r<10>;}, {@code .global .align 4 .u32 g[4] = {...};}
     * or a parameter. {@code linkage} holds {@code .visible/.extern/.weak/.common}; {@code attrs}
     * holds every other dotted attribute in source order (state space, {@code .align}, vector
     * size, type, {@code .ptr}, {@code .attribute(...)}...).
     */
    public record VarDecl(List<Token> linkage, List<Attr> attrs, List<Declarator> declarators, Span span)
            implements TopLevel, Statement {

        /** The first attribute with this name, or null. */
        public Attr attr(String dotName) {
            for (int k = 0, n = attrs.size(); k < n; k++) { // (no iterator: checks ask this per declaration)
                Attr a = attrs.get(k);
                if (a.name().text().equals(dotName)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** A dotted attribute of a declaration, with its arguments ({@code .align 8}, {@code .attribute(.managed)}). */
    public record Attr(Token name, List<Expr> args, Span span) {
    }

    /**
     * One declared name: {@code %r<100>} has {@code rangeCount} 100; {@code a[4][2]} has dimensions;
     * {@code []} is an unsized dimension (null). {@code init} is the initializer or null.
     */
    public record Declarator(Token name, Expr rangeCount, List<Expr> dims, Expr init, Span span) {
        public boolean isRange() {
            return rangeCount != null;
        }
    }

    /**
     * {@code .entry} or {@code .func}. {@code returns} is null for entries; {@code body} is null for
     * a declaration (prototype) ending in {@code ;}.
     */
    public record Function(List<Token> linkage, Token kind, List<VarDecl> returns, Token name,
                           List<VarDecl> params, List<Directive> performance, Block body, Span span)
            implements TopLevel {
        public boolean isEntry() {
            return kind.text().equals(".entry");
        }
    }

    /**
     * {@code .section .debug_info { ... }}. Debug sections of {@code -G} builds are often most of
     * the file, so the data entries are checked as they stream past and not kept: only the
     * section's labels are.
     */
    public record Section(Token name, List<Label> labels, Span span) implements TopLevel {
    }

    /** Input skipped by error recovery; the syntax error has been reported. */
    public record Skipped(Span span) implements TopLevel, Statement {
    }

    // ------------------------------------------------------------------ statements

    /** A statement in a function body or block. */
    public sealed interface Statement extends Node
            permits Directive, VarDecl, Label, Instruction, Block, Skipped {
    }

    /** {@code name:}; the span is the name's (the colon is not in it). */
    public static final class Label extends TokenNode implements Statement {
        /** A label with its own span (null: the name's). */
        public Label(Token name, Span span) {
            super(name, span);
        }

        /** A label whose span is its name's, made when asked for. */
        public Label(Token name) {
            super(name, null);
        }

        public Token name() {
            return token;
        }

        @Override
        public String toString() {
            return "Label[name=" + token + ", span=" + span() + "]";
        }
    }

    /** {@code { ... }}: a nested scope. */
    public record Block(List<Statement> statements, Span span) implements Statement {
    }

    /** {@code @p} or {@code @!p} before an instruction. */
    public record Guard(boolean negated, Token predicate, Span span) {
    }

    /**
     * An instruction: optional guard, opcode ({@code setp}), dotted modifiers in source order
     * ({@code .lt}, {@code .s32}), and operands.
     */
    public record Instruction(Guard guard, Token opcode, List<Token> modifiers, List<Expr> operands, Span span)
            implements Statement {

        /** The full mnemonic as written, e.g. {@code setp.lt.s32}. */
        public String mnemonic() {
            StringBuilder sb = new StringBuilder(opcode.text());
            for (Token m : modifiers) {
                sb.append(m.text());
            }
            return sb.toString();
        }

        public boolean hasModifier(String dotName) {
            for (int k = 0, n = modifiers.size(); k < n; k++) { // (no iterator: asked per instruction)
                if (modifiers.get(k).text().equals(dotName)) {
                    return true;
                }
            }
            return false;
        }
    }

    // ------------------------------------------------------------------ expressions / operands

    /** An operand or constant expression. */
    public sealed interface Expr extends Node
            permits Name, IntLit, FloatLit, StringLit, Unary, Binary, Ternary, Cast, Group, VectorExpr,
            Address, PredPair, Sink, DotRef, Call, Brace, Missing, Params {
    }

    /**
     * A name: register, variable, label or function, possibly with glued dotted suffixes such as
     * {@code %tid.x} or the video selector {@code %r1.h10}.
     */
    public static final class Name extends TokenNode implements Expr {
        private final List<Token> suffixes;
        /** The span from the token to the last suffix, once made (when it was not given). */
        private Span made;

        /** A name with its own span (null: from its token to its last suffix). */
        public Name(Token token, List<Token> suffixes, Span span) {
            super(token, span);
            this.suffixes = suffixes;
        }

        /** A name whose span runs from its token to its last suffix, made when asked for. */
        public Name(Token token, List<Token> suffixes) {
            super(token, null);
            this.suffixes = suffixes;
        }

        public List<Token> suffixes() {
            return suffixes;
        }

        public String text() {
            return token.text();
        }

        @Override
        public Span span() {
            if (given != null) {
                return given;
            }
            if (suffixes.isEmpty()) {
                return token.span();
            }
            Span s = made;
            if (s == null) {
                // (a benign race between threads makes equal spans)
                Token last = suffixes.get(suffixes.size() - 1);
                s = new Span(token.start(), last.end(), token.line(), token.column(), last.endLine(),
                        last.endColumn());
                made = s;
            }
            return s;
        }

        @Override
        public long end() {
            return given != null || suffixes.isEmpty() ? super.end() : suffixes.get(suffixes.size() - 1).end();
        }

        @Override
        public int endLine() {
            return given != null || suffixes.isEmpty() ? super.endLine()
                    : suffixes.get(suffixes.size() - 1).endLine();
        }

        @Override
        public int endColumn() {
            return given != null || suffixes.isEmpty() ? super.endColumn()
                    : suffixes.get(suffixes.size() - 1).endColumn();
        }

        @Override
        public boolean equals(Object o) {
            return super.equals(o) && Objects.equals(suffixes, ((Name) o).suffixes);
        }

        @Override
        public int hashCode() {
            return 31 * super.hashCode() + Objects.hashCode(suffixes);
        }

        @Override
        public String toString() {
            return "Name[token=" + token + ", suffixes=" + suffixes + ", span=" + span() + "]";
        }
    }

    public static final class IntLit extends TokenNode implements Expr {
        /** A literal with its own span (null: its token's). */
        public IntLit(Token token, Span span) {
            super(token, span);
        }

        /** A literal whose span is its token's, made when asked for. */
        public IntLit(Token token) {
            super(token, null);
        }
    }

    public static final class FloatLit extends TokenNode implements Expr {
        /** A literal with its own span (null: its token's). */
        public FloatLit(Token token, Span span) {
            super(token, span);
        }

        /** A literal whose span is its token's, made when asked for. */
        public FloatLit(Token token) {
            super(token, null);
        }
    }

    public static final class StringLit extends TokenNode implements Expr {
        /** A string with its own span (null: its token's). */
        public StringLit(Token token, Span span) {
            super(token, span);
        }

        /** A string whose span is its token's, made when asked for. */
        public StringLit(Token token) {
            super(token, null);
        }
    }

    /** {@code -x}, {@code !p}, {@code ~x}, {@code +x}. */
    public record Unary(Token op, Expr operand, Span span) implements Expr {
    }

    public record Binary(Token op, Expr left, Expr right, Span span) implements Expr {
    }

    public record Ternary(Expr cond, Expr then, Expr otherwise, Span span) implements Expr {
    }

    /** {@code (.s64) expr}. */
    public record Cast(Token type, Expr operand, Span span) implements Expr {
    }

    /** A parenthesised list: {@code (a)} in an expression, {@code (%r1, %r2)} in a call. */
    public record Group(List<Expr> items, Span span) implements Expr {
    }

    /** A parameter list of a {@code .callprototype}: {@code (.param .b32 _, .param .b64 _)}. */
    public record Params(List<VarDecl> decls, Span span) implements Expr {
    }

    /** A vector operand {@code {a, b, c, d}}. */
    public record VectorExpr(List<Expr> items, Span span) implements Expr {
    }

    /** An initializer list {@code {1, 2, {3, 4}}} in a declaration. */
    public record Brace(List<Expr> items, Span span) implements Expr {
    }

    /**
     * A memory operand {@code [r+imm]}, {@code [sym]}, {@code [tex, {x, y}]}; {@code unified}: the
     * {@code .unified} written right after it ({@code ld [a].unified}), or null.
     */
    public record Address(List<Expr> items, Token unified, Span span) implements Expr {
        public Address(List<Expr> items, Span span) {
            this(items, null, span);
        }
    }

    /** A predicate pair destination {@code p|q}. */
    public record PredPair(Expr first, Expr second, Span span) implements Expr {
    }

    /** The sink {@code _}. */
    public static final class Sink extends TokenNode implements Expr {
        /** A sink with its own span (null: its token's). */
        public Sink(Token token, Span span) {
            super(token, span);
        }

        /** A sink whose span is its token's, made when asked for. */
        public Sink(Token token) {
            super(token, null);
        }
    }

    /** A dotted name used as a value, e.g. {@code .debug_abbrev} in a section. */
    public static final class DotRef extends TokenNode implements Expr {
        /** A name with its own span (null: its token's). */
        public DotRef(Token token, Span span) {
            super(token, span);
        }

        /** A name whose span is its token's, made when asked for. */
        public DotRef(Token token) {
            super(token, null);
        }
    }

    /** A function-like form in an initializer: {@code generic(g)}, {@code mask(x)}. */
    public record Call(Token callee, List<Expr> args, Span span) implements Expr {
    }

    /** Placeholder for an operand that could not be parsed (the error is already reported). */
    public record Missing(Span span) implements Expr {
    }
}
