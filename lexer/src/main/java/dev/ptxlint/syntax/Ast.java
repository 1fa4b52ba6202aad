package dev.ptxlint.syntax;

import java.util.List;

/**
 * The PTX syntax tree. Every node keeps the exact {@link Span} of its source, and the tokens of
 * modifiers and names are kept as {@link Token}s so that rules can point at them precisely.
 */
public final class Ast {
    private Ast() {
    }

    /** Any node of the tree. */
    public sealed interface Node permits TopLevel, Statement, Expr {
        Span span();
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

    /** {@code name:} */
    public record Label(Token name, Span span) implements Statement {
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
    public record Name(Token token, List<Token> suffixes, Span span) implements Expr {
        public String text() {
            return token.text();
        }
    }

    public record IntLit(Token token, Span span) implements Expr {
    }

    public record FloatLit(Token token, Span span) implements Expr {
    }

    public record StringLit(Token token, Span span) implements Expr {
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
    public record Sink(Token token, Span span) implements Expr {
    }

    /** A dotted name used as a value, e.g. {@code .debug_abbrev} in a section. */
    public record DotRef(Token token, Span span) implements Expr {
    }

    /** A function-like form in an initializer: {@code generic(g)}, {@code mask(x)}. */
    public record Call(Token callee, List<Expr> args, Span span) implements Expr {
    }

    /** Placeholder for an operand that could not be parsed (the error is already reported). */
    public record Missing(Span span) implements Expr {
    }
}
