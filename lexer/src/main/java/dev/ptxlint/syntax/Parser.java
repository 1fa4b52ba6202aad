package dev.ptxlint.syntax;

import dev.ptxlint.syntax.Ast.Address;
import dev.ptxlint.syntax.Ast.Attr;
import dev.ptxlint.syntax.Ast.Binary;
import dev.ptxlint.syntax.Ast.Block;
import dev.ptxlint.syntax.Ast.Brace;
import dev.ptxlint.syntax.Ast.Call;
import dev.ptxlint.syntax.Ast.Cast;
import dev.ptxlint.syntax.Ast.Declarator;
import dev.ptxlint.syntax.Ast.Directive;
import dev.ptxlint.syntax.Ast.DotRef;
import dev.ptxlint.syntax.Ast.Expr;
import dev.ptxlint.syntax.Ast.FloatLit;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Ast.Group;
import dev.ptxlint.syntax.Ast.Guard;
import dev.ptxlint.syntax.Ast.Instruction;
import dev.ptxlint.syntax.Ast.IntLit;
import dev.ptxlint.syntax.Ast.Label;
import dev.ptxlint.syntax.Ast.Missing;
import dev.ptxlint.syntax.Ast.Name;
import dev.ptxlint.syntax.Ast.Params;
import dev.ptxlint.syntax.Ast.PredPair;
import dev.ptxlint.syntax.Ast.Section;
import dev.ptxlint.syntax.Ast.Sink;
import dev.ptxlint.syntax.Ast.Skipped;
import dev.ptxlint.syntax.Ast.Statement;
import dev.ptxlint.syntax.Ast.StringLit;
import dev.ptxlint.syntax.Ast.Ternary;
import dev.ptxlint.syntax.Ast.TopLevel;
import dev.ptxlint.syntax.Ast.Unary;
import dev.ptxlint.syntax.Ast.VarDecl;
import dev.ptxlint.syntax.Ast.VectorExpr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hand-written recursive-descent parser for a PTX module.
 *
 * <p>It is streaming: {@link #next()} returns one top-level item (a directive, a variable
 * declaration, a whole function, a debug section) at a time, so memory is bounded by the largest
 * function rather than by the file.
 *
 * <p>Error recovery: a syntax error is reported once, at the offending token, through the problem
 * consumer; the parser then skips to the next {@code ;}, the {@code }} that closes the current
 * block, or the next top-level directive, and goes on. Tokens the lexer already reported as
 * malformed are not reported a second time, and a statement with one error yields one problem.
 */
public final class Parser {

    /** Directives that start a top-level item; recovery inside a function stops at them. */
    private static final Set<String> TOP_LEVEL_STARTS = Set.of(
            ".version", ".target", ".address_size", ".file", ".section", ".entry", ".func",
            ".visible", ".extern", ".weak", ".common", ".alias");

    /** State spaces that begin a variable declaration. */
    static final Set<String> STATE_SPACES = Set.of(
            ".reg", ".sreg", ".const", ".global", ".local", ".param", ".shared", ".tex");

    static final Set<String> LINKAGE = Set.of(".visible", ".extern", ".weak", ".common");

    /** Performance-tuning and other directives that may follow a function's parameter list. */
    static final Set<String> FUNCTION_DIRECTIVES = Set.of(
            ".maxntid", ".reqntid", ".minnctapersm", ".maxnctapersm", ".maxnreg", ".maxclusterrank",
            ".reqnctapercluster", ".explicitcluster", ".noreturn", ".blocksareclusters",
            ".abi_preserve", ".abi_preserve_control", ".pragma");

    /** Directives allowed after a .func's parameters but not after an .entry's. */
    private static final Set<String> FUNC_ONLY_DIRECTIVES = Set.of(".noreturn");

    /** Data directives allowed in a {@code .section} body. */
    private static final Set<String> SECTION_DATA = Set.of(".b8", ".b16", ".b32", ".b64");

    private final Lexer lexer;
    private final Consumer<SyntaxProblem> problems;

    /**
     * The lookahead (up to three tokens: the current one, {@code peek(1)}, {@code peek(2)}) and the
     * previous token, in a ring of four slots: the current token is in slot {@link #head}, the k-th
     * after it in {@code (head + k) & 3}, the previous one in {@link #prevSlot}. A slot holds the
     * token's kind, and either its {@link Token} or, for punctuation the lexer did not make into a
     * token ({@link Lexer#LIGHT}), its position: a {@code Token} is made of those only when the
     * parser asks for the object (what a node keeps, or an error's span), so that commas,
     * semicolons and brackets cost no object.
     */
    private static final int RING = 4;
    private final TokenKind[] kinds = new TokenKind[RING];
    /** The slot's token, or null for punctuation not made yet. */
    private final Token[] toks = new Token[RING];
    private final long[] starts = new long[RING];
    private final int[] lines = new int[RING];
    private final int[] columns = new int[RING];
    /** A punctuation token's length, with bit 31 set when it has white space before it. */
    private final int[] lengths = new int[RING];
    private int head;
    private int laCount;

    /**
     * The items of the lists being parsed (an instruction's modifiers and operands, the items of
     * an address, a vector, a group or an initializer, a name's suffixes), a list nested in
     * another above it: each is kept as a list of its exact size ({@link ItemList}) instead of a
     * growing {@code ArrayList}.
     */
    private Object[] items = new Object[64];
    private int itemsTop;

    private void push(Object item) {
        if (itemsTop == items.length) {
            items = Arrays.copyOf(items, itemsTop * 2);
        }
        items[itemsTop++] = item;
    }

    /** The items pushed from {@code base} on, as a list of exactly them (they are taken off). */
    private <E> List<E> listFrom(int base) {
        int n = itemsTop - base;
        itemsTop = base;
        return ItemList.of(items, base, n);
    }

    /** The slot of the previous token (the last one advanced past), or -1 before the first. */
    private int prevSlot = -1;
    /** Deepest nesting of blocks and expressions the parser follows (guards the Java stack). */
    public static final int MAX_DEPTH = 200;
    private int depth;
    /** Estimate of ptxas's parser stack for the expression being parsed ({@link #PTXAS_STACK}). */
    private int cost;
    /** {@link #cost} inside the innermost middle operand of {@code ?:} being parsed, or -1. */
    private int thenCost = -1;
    /**
     * Most binary operators one statement may hold. A chain {@code 1+1+...+1} is a left-leaning
     * tree as deep as it is long, and the checks walk trees recursively: with this bound and
     * {@link #MAX_DEPTH} no expression tree is deeper than their sum (docs/limits.md).
     */
    public static final int MAX_OPERATORS = 1000;
    private int operators;

    /**
     * Unwinds the parse of a statement that exceeds a limit (the problem is already reported);
     * caught where a statement starts, which then skips to its end. No stack trace is taken.
     */
    private static final class LimitExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LimitExceeded() {
            super(null, null, false, false);
        }
    }

    private static final LimitExceeded LIMIT_EXCEEDED = new LimitExceeded();

    /** Offset up to which errors are suppressed (one error per statement). */
    private long quietUntil = -1;

    /** Whether the parser is reading an instruction's operands (where selectors may follow a register). */
    private boolean inOperands;

    /**
     * Directives that, at the start of a line after an operand, begin a new statement rather than
     * being the operand's selector (a missing ';' before them is reported as such).
     */
    private static final Set<String> STATEMENT_DIRECTIVES = Set.of(".loc", ".pragma", ".callprototype", ".alias",
            ".section", ".file");

    /**
     * Receives a function body's statements as they are parsed, so that a body need not be held
     * whole (docs/limits.md "Memory"). With a listener set, the blocks of a function body that
     * {@link #next()} returns hold no statements.
     */
    public interface BodyListener {
        /** A function definition's body starts; {@code header} has no body yet. */
        void bodyStart(Function header);

        /** A nested block {@code {} starts. */
        void blockOpen(Token brace);

        /** One statement of the innermost open block (never a {@link Block}). */
        void statement(Statement s);

        /** The innermost open nested block ends. */
        void blockClose(Span span);
    }

    private BodyListener bodyListener;

    /** Streams function bodies to {@code listener} (null: bodies are returned whole). */
    public void setBodyListener(BodyListener listener) {
        this.bodyListener = listener;
    }

    public Parser(Lexer lexer, Consumer<SyntaxProblem> problems) {
        this.lexer = lexer;
        this.problems = problems;
        lexer.light = true; // punctuation as positions (the lookahead ring); only the parser reads this lexer
        // a class, not a lambda: no invokedynamic on a small run's path (start-up, docs/performance.md)
        lexer.setTriviaProblemListener(new Consumer<Token>() {
            @Override
            public void accept(Token t) {
                problems.accept(new SyntaxProblem(t.errorKind(), t.span(), t.error()));
            }
        });
    }

    /** {@code # 12 "file.cu"} or {@code #line 12 "file.cu" 1 3}: the one '#' form ptxas accepts. */
    static boolean isLineMarker(String text) {
        int i = 1;
        int n = text.length();
        while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        if (text.startsWith("line", i)) {
            i += 4;
        }
        while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        int digits = i;
        while (i < n && Character.isDigit(text.charAt(i))) {
            i++;
        }
        if (i == digits || i >= n || (text.charAt(i) != ' ' && text.charAt(i) != '\t')) {
            return false;
        }
        while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        if (i >= n || text.charAt(i) != '"') {
            return false;
        }
        int close = text.indexOf('"', i + 1);
        if (close < 0) {
            return false;
        }
        for (i = close + 1; i < n; i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && !Character.isDigit(c)) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- token stream

    private Token fetch() {
        while (true) {
            Token t = lexer.next();
            if (t == Lexer.LIGHT) {
                return t;
            }
            if (t.kind() == TokenKind.ERROR) {
                // a malformed token in a statement already being skipped after its error is not a
                // second error of that statement (unterminated strings and comments still are:
                // they run on past it)
                if (!skipping || t.errorKind() == ProblemKind.UNTERMINATED_COMMENT
                        || t.errorKind() == ProblemKind.UNTERMINATED_STRING) {
                    problems.accept(new SyntaxProblem(t.errorKind(), t.span(), t.error()));
                }
                return t;
            }
            if (t.kind() == TokenKind.PREPROCESSOR) {
                if (isLineMarker(t.text())) {
                    continue;
                }
                problems.accept(new SyntaxProblem(ProblemKind.PREPROCESSOR, t.span(),
                        "ptxas does not run the C preprocessor: remove '" + abbreviate(t.text())
                                + "' or preprocess the file before assembling it"));
                continue;
            }
            return t;
        }
    }

    private static String abbreviate(String s) {
        s = s.strip();
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /**
     * The slot of the k-th token after the current one, read into the ring if it is not there yet
     * (small, so that C1 inlines it into the accessors: they run for every token).
     */
    private int slot(int k) {
        if (laCount <= k) {
            fill(k);
        }
        return (head + k) & (RING - 1);
    }

    /** Reads tokens into the ring up to the k-th after the current one. */
    private void fill(int k) {
        while (laCount <= k) {
            int s = (head + laCount) & (RING - 1);
            Token t = fetch();
            if (t == Lexer.LIGHT) {
                Lexer x = lexer;
                kinds[s] = x.lightKind;
                toks[s] = null;
                starts[s] = x.lightStart;
                lines[s] = x.lightLine;
                columns[s] = x.lightColumn;
                lengths[s] = x.lightLength;
            } else {
                kinds[s] = t.kind();
                toks[s] = t;
            }
            laCount++;
        }
    }

    /** The token in slot {@code s}, made now (once) if it is punctuation kept as its position. */
    private Token token(int s) {
        Token t = toks[s];
        return t != null ? t : make(s);
    }

    private Token make(int s) {
        Token t = Lexer.punctToken(kinds[s], starts[s], lines[s], columns[s], lengths[s]);
        toks[s] = t;
        return t;
    }

    private Token peek(int k) {
        return token(slot(k));
    }

    private TokenKind peekKind(int k) {
        return kinds[slot(k)];
    }

    private Token cur() {
        return token(slot(0));
    }

    private TokenKind curKind() {
        return kinds[slot(0)];
    }

    /** {@code cur().start()}, {@code line()}, {@code column()}, {@code spaceBefore()}, without making the token. */
    private long curStart() {
        int s = slot(0);
        Token t = toks[s];
        return t != null ? t.start() : starts[s];
    }

    private int curLine() {
        int s = slot(0);
        Token t = toks[s];
        return t != null ? t.line() : lines[s];
    }

    private int curColumn() {
        int s = slot(0);
        Token t = toks[s];
        return t != null ? t.column() : columns[s];
    }

    private boolean curSpaceBefore() {
        int s = slot(0);
        Token t = toks[s];
        return t != null ? t.spaceBefore() : lengths[s] < 0;
    }

    /** Moves past the current token (not past the end of input) and returns it. */
    private Token advance() {
        int s = slot(0);
        Token t = token(s);
        if (kinds[s] == TokenKind.EOF) {
            return t;
        }
        prevSlot = s;
        head = (s + 1) & (RING - 1);
        laCount--;
        return t;
    }

    /** {@link #advance()} without the token (no object is made for punctuation). */
    private void skip() {
        int s = slot(0);
        if (kinds[s] == TokenKind.EOF) {
            return;
        }
        prevSlot = s;
        head = (s + 1) & (RING - 1);
        laCount--;
    }

    /** The previous token (made now if it is punctuation kept as its position), or null before the first. */
    private Token prevToken() {
        return prevSlot < 0 ? null : token(prevSlot);
    }

    /** {@code prev.end()}, {@code endLine()}, {@code endColumn()} (there is a previous token), without making it. */
    private long prevEnd() {
        Token t = toks[prevSlot];
        return t != null ? t.end() : starts[prevSlot] + (lengths[prevSlot] & ~(1 << 31));
    }

    private int prevEndLine() {
        Token t = toks[prevSlot];
        return t != null ? t.endLine() : lines[prevSlot];
    }

    private int prevEndColumn() {
        Token t = toks[prevSlot];
        return t != null ? t.endColumn() : columns[prevSlot] + (lengths[prevSlot] & ~(1 << 31));
    }

    /** {@code prev.span()}: made from the position of punctuation (not made into a token). */
    private Span prevSpan() {
        Token t = toks[prevSlot];
        if (t != null) {
            return t.span();
        }
        int n = lengths[prevSlot] & ~(1 << 31);
        long start = starts[prevSlot];
        int line = lines[prevSlot];
        int column = columns[prevSlot];
        return new Span(start, start + n, line, column, line, column + n);
    }

    private boolean at(TokenKind k) {
        return kinds[slot(0)] == k;
    }

    private boolean atDot(String name) {
        return at(TokenKind.DOT_NAME) && cur().text().equals(name);
    }

    /** Moves past the current token if it is of kind {@code k} (not {@code EOF}). */
    private boolean accept(TokenKind k) {
        int s = slot(0);
        if (kinds[s] != k) {
            return false;
        }
        prevSlot = s;
        head = (s + 1) & (RING - 1);
        laCount--;
        return true;
    }

    // ---------------------------------------------------------------- errors & recovery

    private void error(ProblemKind kind, Span span, String message) {
        error(kind, span, message, null, null);
    }

    private void error(ProblemKind kind, Span span, String message, Span fixSpan, String fixText) {
        if (span.start() < quietUntil) {
            return;
        }
        quietUntil = span.end() + 1;
        problems.accept(new SyntaxProblem(kind, span, message, fixSpan, fixText));
    }

    /** Reports that {@code what} was expected at the current token (unless it is a lexer error). */
    private void expected(String what) {
        Token t = cur();
        if (t.kind() == TokenKind.ERROR) {
            quietUntil = Math.max(quietUntil, t.span().end() + 1);
            return;
        }
        error(ProblemKind.UNEXPECTED_TOKEN, t.span(), "expected " + what + ", found " + t.describe());
    }

    /** {@link #expect} of punctuation: whether it was there (and skipped), without making its token. */
    private boolean expectPunct(TokenKind k, String what) {
        if (at(k)) {
            skip();
            return true;
        }
        expected(what);
        return false;
    }

    private Token expect(TokenKind k, String what) {
        if (at(k)) {
            return advance();
        }
        expected(what);
        return null;
    }

    private Span endOfPrev() {
        if (prevSlot < 0) {
            return cur().span();
        }
        long end = prevEnd();
        int line = prevEndLine();
        int column = prevEndColumn();
        return new Span(end, end, line, column, line, column);
    }

    /**
     * Ends a statement at {@code ;}. If the semicolon is missing but the next token starts a new
     * line, reports the missing semicolon after the previous token and goes on without skipping.
     */
    private void endStatement(String after) {
        endStatement(after, null);
    }

    /**
     * {@link #endStatement(String)} after {@code "the instruction 'OPCODE'"}: the words are put
     * together only when the ';' is missing, not for every instruction.
     */
    private void endInstruction(Token opcode) {
        endStatement(null, opcode);
    }

    private void endStatement(String after, Token opcode) {
        if (accept(TokenKind.SEMI)) {
            return;
        }
        if (opcode != null) {
            after = "the instruction '" + opcode.text() + "'";
        }
        TokenKind k = curKind();
        boolean newLine = prevSlot >= 0 && curLine() > prevEndLine();
        if (newLine || k == TokenKind.RBRACE || k == TokenKind.EOF) {
            Span at = endOfPrev();
            if (k != TokenKind.ERROR) {
                error(ProblemKind.MISSING_SEMICOLON, at, "expected ';' after " + after, at, ";");
            }
            return;
        }
        expected("';' after " + after);
        skipStatement();
    }

    /** Whether {@link #skipStatement} is skipping the rest of a statement after its error. */
    private boolean skipping;

    /** Skips to just after the next {@code ;}, or to a {@code }} or top-level directive. */
    private void skipStatement() {
        skipStatement(0);
    }

    /** Skips to the end of the statement from inside {@code open} vector operands ({@code {a, b}}). */
    private void skipStatement(int open) {
        skipping = true;
        try {
            skipStatementInner(open);
        } finally {
            skipping = false;
        }
    }

    private void skipStatementInner(int open) {
        int depth = open;
        while (true) {
            switch (curKind()) {
                case EOF:
                    return;
                case SEMI:
                    if (depth == 0) {
                        skip();
                        return;
                    }
                    break;
                case LBRACE:
                    // An operand vector may be open; a '{' at the start of a line is a new block.
                    if (prevSlot >= 0 && curLine() > prevEndLine() && depth == 0) {
                        return;
                    }
                    depth++;
                    break;
                case RBRACE:
                    if (depth == 0) {
                        return;
                    }
                    depth--;
                    break;
                case DOT_NAME:
                    if (TOP_LEVEL_STARTS.contains(cur().text())) {
                        return;
                    }
                    break;
                default:
                    break;
            }
            skip();
        }
    }

    // ---------------------------------------------------------------- top level

    /** The next top-level item, or null at the end of the input. */
    public TopLevel next() {
        while (true) {
            Token t = cur();
            if (quietUntil == Long.MAX_VALUE) {
                quietUntil = t.span().start();
            }
            switch (t.kind()) {
                case EOF:
                    return null;
                case SEMI:
                    emptyStatement();
                    continue;
                case DOT_NAME: {
                    Token first = t;
                    operators = 0;
                    itemsTop = 0;
                    try {
                        return topLevelDirective();
                    } catch (LimitExceeded e) {
                        return new Skipped(first.span().to(skipAfterLimit()));
                    }
                }
                default: {
                    long start = t.span().start();
                    if (t.kind() == TokenKind.IDENT) {
                        error(ProblemKind.UNEXPECTED_TOKEN, t.span(), "instruction '" + t.text()
                                + "' outside a function: instructions must be inside the body of an .entry or .func");
                    } else if (t.kind() == TokenKind.LBRACE) {
                        error(ProblemKind.UNEXPECTED_TOKEN, t.span(),
                                "block '{' outside a function: a body must follow an .entry or .func header");
                    } else {
                        expected("a directive such as .version, .target, .entry or .func");
                    }
                    Span first = t.span();
                    skipTopLevel();
                    if (curStart() == start) {
                        skip();
                    }
                    return new Skipped(first.to(prevSlot < 0 ? first : prevSpan()));
                }
            }
        }
    }

    /** Skips to the next top-level directive, balancing braces. */
    private void skipTopLevel() {
        int depth = 0;
        while (!at(TokenKind.EOF)) {
            Token t = cur();
            if (t.kind() == TokenKind.LBRACE) {
                depth++;
            } else if (t.kind() == TokenKind.RBRACE) {
                depth = Math.max(0, depth - 1);
                if (depth == 0) {
                    skip();
                    return;
                }
            } else if (depth == 0 && t.kind() == TokenKind.DOT_NAME && TOP_LEVEL_STARTS.contains(t.text())) {
                return;
            } else if (depth == 0 && t.kind() == TokenKind.SEMI) {
                skip();
                return;
            }
            skip();
        }
    }

    private TopLevel topLevelDirective() {
        Token t = cur();
        String name = t.text();
        switch (name) {
            case ".version":
                return versionDirective();
            case ".target":
                return targetDirective();
            case ".address_size":
                return simpleDirective(1, 1, false);
            case ".file":
                return fileDirective();
            case ".section":
                return section();
            case ".pragma":
                return pragma();
            case ".alias":
                return alias();
            case ".loc":
                return locDirective();
            default:
                break;
        }
        List<Token> linkage = new ArrayList<>();
        while (LINKAGE.contains(cur().text()) && at(TokenKind.DOT_NAME)) {
            linkage.add(advance());
        }
        Token k = cur();
        if (k.isDot(".entry") || k.isDot(".func")) {
            return function(linkage);
        }
        if (k.kind() == TokenKind.DOT_NAME && (STATE_SPACES.contains(k.text()) || isDeclAttribute(k.text()))) {
            VarDecl d = varDecl(linkage, true);
            return d;
        }
        if (k.kind() == TokenKind.DOT_NAME) {
            error(ProblemKind.UNKNOWN_DIRECTIVE, k.span(), "unknown or misplaced directive '" + k.text()
                    + "' at module level: expected .version, .target, .address_size, .entry, .func, "
                    + "or a variable declaration such as .global");
        } else {
            expected(".entry, .func or a variable declaration after " + linkage.get(linkage.size() - 1).text());
        }
        Span first = k.span();
        skipTopLevel();
        return new Skipped(linkage.isEmpty() ? first : linkage.get(0).span().to(first));
    }

    private static boolean isDeclAttribute(String s) {
        return s.equals(".align");
    }

    /**
     * {@code [0-9]+\.[0-9]+}, without a regular expression: this was the only one a small run
     * compiled, and it loaded the regex classes (start-up, docs/performance.md).
     */
    static boolean isVersionNumber(String s) {
        int dot = s.indexOf('.');
        if (dot <= 0 || dot == s.length() - 1) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (i != dot && (c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    private Directive versionDirective() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        Token v = cur();
        if (v.kind() == TokenKind.FLOAT && isVersionNumber(v.text())) {
            skip();
            args.add(new FloatLit(v));
        } else {
            expected("a version number such as 9.0 after .version");
            skipLine(name);
        }
        return new Directive(name, args, spanFrom(name));
    }

    private Directive targetDirective() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        do {
            Token t = cur();
            if (t.kind() == TokenKind.IDENT) {
                skip();
                args.add(new Name(t, List.of()));
            } else {
                expected("a target such as sm_90 after .target");
                skipLine(name);
                break;
            }
        } while (accept(TokenKind.COMMA));
        return new Directive(name, args, spanFrom(name));
    }

    /** Skips the rest of the directive's line (for line-oriented directives without ';'). */
    private void skipLine(Token directive) {
        int line = directive.span().line();
        while (!at(TokenKind.EOF) && cur().span().line() == line && !at(TokenKind.SEMI)) {
            skip();
        }
        accept(TokenKind.SEMI);
    }

    /** A directive whose arguments are integers, e.g. {@code .address_size 64}, {@code .maxntid 1, 2, 3}. */
    private Directive simpleDirective(int min, int max, boolean semicolon) {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        if (min > 0 || at(TokenKind.INTEGER)) {
            do {
                Token t = cur();
                if (t.kind() == TokenKind.INTEGER) {
                    skip();
                    args.add(new IntLit(t));
                } else {
                    expected("an integer after " + name.text());
                    skipLine(name);
                    return new Directive(name, args, spanFrom(name));
                }
            } while (accept(TokenKind.COMMA));
        }
        if (args.size() > max) {
            error(ProblemKind.UNEXPECTED_TOKEN, args.get(max).span(), name.text() + " takes at most " + max
                    + (max == 1 ? " argument" : " arguments") + ", found " + args.size());
        }
        if (semicolon) {
            accept(TokenKind.SEMI);
        }
        return new Directive(name, args, spanFrom(name));
    }

    private Directive fileDirective() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        Token n = expect(TokenKind.INTEGER, "a file number after .file");
        if (n == null) {
            skipLine(name);
            return new Directive(name, args, spanFrom(name));
        }
        args.add(new IntLit(n));
        Token s = expect(TokenKind.STRING, "a file name string after .file " + n.text());
        if (s == null) {
            skipLine(name);
            return new Directive(name, args, spanFrom(name));
        }
        args.add(new StringLit(s));
        while (accept(TokenKind.COMMA)) {
            Token i = expect(TokenKind.INTEGER, "a timestamp or file size in .file");
            if (i == null) {
                skipLine(name);
                break;
            }
            args.add(new IntLit(i));
        }
        return new Directive(name, args, spanFrom(name));
    }

    /** {@code .loc file line col [, function_name label [+ off]] [, inlined_at file line col]}. */
    private Directive locDirective() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Token t = expect(TokenKind.INTEGER, "an integer (file, line, column) in .loc");
            if (t == null) {
                skipLine(name);
                return new Directive(name, args, spanFrom(name));
            }
            args.add(new IntLit(t));
        }
        while (accept(TokenKind.COMMA)) {
            Token key = cur();
            if (key.isIdent("function_name")) {
                skip();
                args.add(new Name(key, List.of()));
                args.add(expression());
            } else if (key.isIdent("inlined_at")) {
                skip();
                args.add(new Name(key, List.of()));
                for (int i = 0; i < 3; i++) {
                    Token t = expect(TokenKind.INTEGER, "an integer (file, line, column) after inlined_at");
                    if (t == null) {
                        skipLine(name);
                        return new Directive(name, args, spanFrom(name));
                    }
                    args.add(new IntLit(t));
                }
            } else {
                expected("function_name or inlined_at in .loc");
                skipLine(name);
                break;
            }
        }
        return new Directive(name, args, spanFrom(name));
    }

    private Directive pragma() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        do {
            Token s = expect(TokenKind.STRING, "a string after .pragma");
            if (s == null) {
                skipStatement();
                return new Directive(name, args, spanFrom(name));
            }
            args.add(new StringLit(s));
        } while (accept(TokenKind.COMMA));
        endStatement(".pragma");
        return new Directive(name, args, spanFrom(name));
    }

    private Directive alias() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        Token a = expect(TokenKind.IDENT, "the alias name after .alias");
        if (a != null) {
            args.add(new Name(a, List.of()));
            if (expectPunct(TokenKind.COMMA, "',' between the alias and the aliased function")) {
                Token b = expect(TokenKind.IDENT, "the aliased function name");
                if (b != null) {
                    args.add(new Name(b, List.of()));
                    endStatement(".alias");
                    return new Directive(name, args, spanFrom(name));
                }
            }
        }
        skipStatement();
        return new Directive(name, args, spanFrom(name));
    }

    private Span spanFrom(Token first) {
        if (prevSlot < 0 || toks[prevSlot] == first) {
            // a node of one token keeps that token's span
            return first.span();
        }
        long end = prevEnd();
        if (end < first.end()) {
            return first.span();
        }
        // made from the two tokens' positions: their own spans are never made
        return new Span(first.start(), end, first.line(), first.column(), prevEndLine(), prevEndColumn());
    }

    /**
     * {@code a.span().to(b.span())}, from the two nodes' positions: a node of one token (a register,
     * a literal) does not make its span for it.
     */
    private static Span between(Ast.Node a, Ast.Node b) {
        return new Span(a.start(), b.end(), a.line(), a.column(), b.endLine(), b.endColumn());
    }

    /** {@code t.span().to(b.span())}, from positions (neither span is made). */
    private static Span between(Token t, Ast.Node b) {
        return new Span(t.start(), b.end(), t.line(), t.column(), b.endLine(), b.endColumn());
    }

    /**
     * The span of a node from its first token, at {@code start}, {@code line}, {@code column} and
     * already moved past (so the previous token is it or a later one), to the previous token.
     */
    private Span spanFrom(long start, int line, int column) {
        return new Span(start, prevEnd(), line, column, prevEndLine(), prevEndColumn());
    }

    /** {@code first.span().to(last)} for a first token at {@code start}, {@code line}, {@code column}. */
    private static Span spanFrom(long start, int line, int column, Span last) {
        return new Span(start, last.end(), line, column, last.endLine(), last.endColumn());
    }

    private Span spanFrom(Span first) {
        if (prevSlot < 0) {
            return first;
        }
        Span last = prevSpan();
        // a node of one token (a register operand) keeps that token's span: no new Span per operand
        return last == first || last.end() < first.end() ? first : first.to(last);
    }

    // ---------------------------------------------------------------- sections

    private Section section() {
        Token kw = advance();
        Token name = cur();
        if (name.kind() != TokenKind.DOT_NAME) {
            expected("a section name such as .debug_info after .section");
            skipTopLevel();
            return new Section(kw, List.of(), spanFrom(kw));
        }
        skip();
        List<Label> labels = new ArrayList<>();
        if (!expectPunct(TokenKind.LBRACE, "'{' to open the section body")) {
            skipTopLevel();
            return new Section(name, labels, spanFrom(kw));
        }
        while (!at(TokenKind.RBRACE) && !at(TokenKind.EOF)) {
            Token t = cur();
            if (t.kind() == TokenKind.IDENT && peekKind(1) == TokenKind.COLON) {
                skip();
                skip();
                labels.add(new Label(t));
            } else if (t.kind() == TokenKind.DOT_NAME && SECTION_DATA.contains(t.text())) {
                skip();
                operators = 0;
                try {
                    do {
                        sectionValue();
                    } while (accept(TokenKind.COMMA));
                    accept(TokenKind.SEMI);
                } catch (LimitExceeded e) {
                    skipAfterLimit();
                }
            } else if (t.kind() == TokenKind.DOT_NAME && TOP_LEVEL_STARTS.contains(t.text())) {
                break;
            } else {
                if (t.kind() == TokenKind.DOT_NAME) {
                    error(ProblemKind.UNKNOWN_DIRECTIVE, t.span(), "'" + t.text()
                            + "' is not allowed in a .section body: use .b8, .b16, .b32 or .b64 data, or a label");
                } else {
                    expected("section data (.b8, .b16, .b32, .b64) or a label");
                }
                skip();
                while (!at(TokenKind.EOF) && !at(TokenKind.RBRACE) && !at(TokenKind.DOT_NAME)
                        && !(at(TokenKind.IDENT) && peekKind(1) == TokenKind.COLON)) {
                    skip();
                }
            }
        }
        if (!accept(TokenKind.RBRACE)) {
            Span at = endOfPrev();
            error(ProblemKind.UNCLOSED_BLOCK, kw.span(), "section " + name.text() + " is not closed: add '}'", at, "}");
        }
        return new Section(name, labels, spanFrom(kw));
    }

    private Expr sectionValue() {
        Token t = cur();
        if (t.kind() == TokenKind.DOT_NAME) {
            skip();
            Expr e = new DotRef(t);
            return binaryRest(e, 0);
        }
        return expression();
    }

    // ---------------------------------------------------------------- declarations

    /**
     * Parses a variable declaration starting at its first attribute. At top level or in a body
     * ({@code statement} true) it may declare several names and ends with ';'; as a parameter it
     * declares one name and has no ';'.
     */
    private VarDecl varDecl(List<Token> linkage, boolean statement) {
        Token first = linkage.isEmpty() ? cur() : linkage.get(0);
        List<Attr> attrs = new ArrayList<>();
        while (at(TokenKind.DOT_NAME)) {
            Token a = advance();
            List<Expr> args = new ArrayList<>();
            if (a.text().equals(".align")) {
                Token t = expect(TokenKind.INTEGER, "an alignment in bytes after .align");
                args.add(t != null ? new IntLit(t) : new Missing(a.span()));
            } else if (a.text().equals(".attribute") || (at(TokenKind.LPAREN) && !curSpaceBefore())) {
                if (at(TokenKind.LPAREN)) {
                    args.add(attributeArgs());
                } else {
                    expected("'(' after .attribute");
                }
            } else if (a.text().equals(".const") && constantBank()) {
                Token bank = peek(1);
                skip();
                skip();
                skip();
                args.add(new IntLit(bank)); // .const[2]: a constant bank (PTX ISA 1.5-2.1)
            }
            attrs.add(new Attr(a, args, spanFrom(a)));
        }
        List<Declarator> decls = new ArrayList<>();
        do {
            Token n = cur();
            if (n.kind() != TokenKind.IDENT) {
                expected("a variable name in the declaration");
                if (statement) {
                    skipStatement();
                }
                return new VarDecl(linkage, attrs, decls, spanFrom(first));
            }
            skip();
            if (statement || !n.text().equals("_")) {
                reservedName(n, "variable"); // '_' names prototype parameters
            }
            Expr range = null;
            if (at(TokenKind.LT)) {
                skip();
                Token c = expect(TokenKind.INTEGER, "a register count in " + n.text() + "<N>");
                range = c == null ? new Missing(n.span()) : new IntLit(c);
                if (c == null || !expectPunct(TokenKind.GT, "'>' to close the register range")) {
                    if (statement) {
                        skipStatement();
                    }
                    decls.add(new Declarator(n, range, List.of(), null, spanFrom(n)));
                    return new VarDecl(linkage, attrs, decls, spanFrom(first));
                }
            }
            List<Expr> dims = new ArrayList<>();
            while (at(TokenKind.LBRACKET)) {
                skip();
                if (at(TokenKind.RBRACKET)) {
                    dims.add(null);
                } else {
                    Token dimStart = cur();
                    Expr dim = statement ? declarationPart(false) : expression();
                    if (dim == null) {
                        // nested past the limit (reported): the name stays declared; the rest was skipped
                        dims.add(new Missing(dimStart.span().to(prevSpan())));
                        decls.add(new Declarator(n, range, dims, null, spanFrom(n)));
                        return new VarDecl(linkage, attrs, decls, spanFrom(first));
                    }
                    dims.add(dim);
                }
                if (!expectPunct(TokenKind.RBRACKET, "']' to close the array dimension")) {
                    if (statement) {
                        skipStatement();
                    }
                    return new VarDecl(linkage, attrs, decls, spanFrom(first));
                }
            }
            Expr init = null;
            if (statement && accept(TokenKind.ASSIGN)) {
                Token initStart = cur();
                init = declarationPart(true);
                if (init == null) {
                    // nested past the limit (reported): declared, with an initializer that is not checked
                    decls.add(new Declarator(n, range, dims, new Missing(initStart.span().to(prevSpan())),
                            spanFrom(n)));
                    return new VarDecl(linkage, attrs, decls, spanFrom(first));
                }
            }
            decls.add(new Declarator(n, range, dims, init, spanFrom(n)));
        } while (statement && accept(TokenKind.COMMA));
        if (statement) {
            endStatement("the declaration");
        }
        return new VarDecl(linkage, attrs, decls, spanFrom(first));
    }

    /**
     * An array dimension or ({@code init}) an initializer of a declaration statement; null when it
     * is nested past a limit: the problem is reported, the rest of the declaration is skipped
     * (its end consumed), and the caller keeps the declaration, so that its name is declared
     * (docs/limits.md).
     */
    private Expr declarationPart(boolean init) {
        boolean outer = inDeclaration;
        inDeclaration = true;
        stmtEntries = inBody > 0 ? DECLARATION_ENTRIES : 0;
        try {
            return init ? initializer() : expression();
        } catch (LimitExceeded e) {
            skipAfterLimit();
            return null;
        } finally {
            inDeclaration = outer;
            stmtEntries = 0;
        }
    }

    /** Whether a declaration's dimension or initializer is being parsed (for the wording of PTX0015). */
    private boolean inDeclaration;

    /** {@code (.managed)} or {@code (.unified(0x1, 0x2))}: dotted names, each with optional arguments. */
    private Expr attributeArgs() {
        Token open = advance();
        List<Expr> items = new ArrayList<>();
        do {
            Token t = cur();
            if (t.kind() != TokenKind.DOT_NAME) {
                expected("an attribute such as .managed or .unified");
                return new Missing(spanFrom(open));
            }
            skip();
            if (at(TokenKind.LPAREN)) {
                Group g = group();
                items.add(new Call(t, g.items(), between(t, g)));
            } else {
                items.add(new DotRef(t));
            }
        } while (accept(TokenKind.COMMA));
        expectPunct(TokenKind.RPAREN, "')' to close .attribute");
        return new Group(items, spanFrom(open));
    }

    private Expr initializer() {
        if (depth >= MAX_DEPTH) {
            deepInitializer();
        }
        if (at(TokenKind.LBRACE)) {
            depth++;
            initializerBraces++;
            try {
                return braceInitializer();
            } finally {
                depth--;
                initializerBraces--;
            }
        }
        return expression();
    }

    /** Braces open in the initializer being parsed. */
    private int initializerBraces;
    /** Whether the element being parsed in the innermost initializer list is not its first. */
    private boolean initLater;

    /**
     * An initializer nested past {@link #MAX_DEPTH}: a warning that it is not checked, or an error
     * where ptxas's parser runs out of stack; its declaration is skipped.
     */
    private void deepInitializer() {
        {
            Token t = cur();
            Token over = scanDeepInitializer(depth + stmtEntries);
            if (over != null) {
                error(ProblemKind.UNEXPECTED_TOKEN, over.span(), "initializer nested deeper than ptxas accepts"
                        + " (its parser stack holds " + PTXAS_BRACES + " nested braces): flatten it");
            } else {
                error(ProblemKind.TOO_DEEP, t.span(), "initializer nested more than " + MAX_DEPTH
                        + " levels deep: ptxlint does not check this initializer (the name is declared; ptxas"
                        + " accepts up to " + PTXAS_BRACES + " nested braces; see docs/limits.md)");
            }
            throw LIMIT_EXCEEDED;
        }
    }

    /** Nested braces ptxas parses in a module-level initializer (measured with CUDA 13.0; 9,987 overflow). */
    public static final int PTXAS_BRACES = 9986;

    /**
     * Scans the rest of an initializer {@code base} levels deep, without recursion, up to the end
     * of its declaration (not consumed), for the first token where its nesting passes what ptxas parses: more than
     * {@link #PTXAS_BRACES} braces, or braces and parentheses together above {@link #PTXAS_STACK}
     * less the operand (both lower bounds). Null if none.
     */
    private Token scanDeepInitializer(int base) {
        long braces = base;
        long total = base;
        Token over = null;
        // ptxas's stack holds 1 more entry for the first element of a brace list, 3 for a later one
        // (measured with CUDA 13.0: 9,986 parentheses in {(...)}, 9,984 in {1, (...)} and {1, 2, (...)},
        // 9,983 in {{1, (...)}}): for the innermost list, the lists opened in the scan on a stack
        boolean later = initLater;
        long laterBits = 0;
        int scanBraces = 0;
        while (true) {
            Token t = cur();
            TokenKind k = t.kind();
            if (k == TokenKind.EOF || k == TokenKind.SEMI
                    || (k == TokenKind.DOT_NAME && TOP_LEVEL_STARTS.contains(t.text()))) {
                return over;
            }
            if (k == TokenKind.LBRACE) {
                braces++;
                total++;
                if (scanBraces < 64) {
                    laterBits = (laterBits << 1) | (later ? 1 : 0);
                }
                scanBraces++;
                later = false;
            } else if (k == TokenKind.LPAREN) {
                total++;
            } else if (k == TokenKind.RBRACE) {
                braces--;
                total--;
                if (scanBraces > 0) {
                    scanBraces--;
                    if (scanBraces < 64) {
                        later = (laterBits & 1) != 0;
                        laterBits >>>= 1;
                    } else {
                        later = false; // not known: the lower bound
                    }
                } else {
                    later = false; // a list opened before the scan: its position is not known
                }
            } else if (k == TokenKind.RPAREN) {
                total--;
            } else if (k == TokenKind.COMMA && total == braces) {
                later = true; // the next element of the innermost list (not inside parentheses)
            }
            long list = initializerBraces > 0 || scanBraces > 0 ? (later ? 3 : 1) : 0;
            if (over == null && (braces > PTXAS_BRACES || total + list > PTXAS_STACK - 1)) {
                over = t;
            }
            skip();
        }
    }

    private Expr braceInitializer() {
        {
            int ps = slot(0); // punctuation: its position is in its slot
            long start = starts[ps];
            int line = lines[ps];
            int column = columns[ps];
            skip(); // {
            int base = itemsTop;
            if (!at(TokenKind.RBRACE)) {
                boolean outerLater = initLater;
                try {
                    do {
                        if (at(TokenKind.RBRACE)) {
                            break; // trailing comma
                        }
                        initLater = itemsTop > base;
                        push(initializer());
                    } while (accept(TokenKind.COMMA));
                } finally {
                    initLater = outerLater;
                }
            }
            List<Expr> items = listFrom(base);
            expectPunct(TokenKind.RBRACE, "'}' to close the initializer list");
            return new Brace(items, spanFrom(start, line, column));
        }
    }

    // ---------------------------------------------------------------- functions

    private Function function(List<Token> linkage) {
        Token kind = advance();
        Span first = linkage.isEmpty() ? kind.span() : linkage.get(0).span();
        List<VarDecl> returns = null;
        boolean isFunc = kind.text().equals(".func");
        if (isFunc && at(TokenKind.LPAREN)) {
            returns = paramList();
        }
        Token name = cur();
        if (name.kind() != TokenKind.IDENT) {
            expected("a function name after " + kind.text());
            skipTopLevel();
            return new Function(linkage, kind, returns, null, List.of(), List.of(), null, spanFrom(first));
        }
        skip();
        List<VarDecl> params = List.of();
        if (at(TokenKind.LPAREN)) {
            params = paramList();
        }
        List<Directive> perf = new ArrayList<>();
        while (at(TokenKind.DOT_NAME) && !TOP_LEVEL_STARTS.contains(cur().text())
                && !STATE_SPACES.contains(cur().text())) {
            Token d = cur();
            if (d.isDot(".pragma")) {
                perf.add(pragma());
            } else if (FUNCTION_DIRECTIVES.contains(d.text())) {
                boolean ok = kind.text().equals(".entry") ? !FUNC_ONLY_DIRECTIVES.contains(d.text())
                        : FUNC_ONLY_DIRECTIVES.contains(d.text()) || d.text().equals(".abi_preserve")
                            || d.text().equals(".abi_preserve_control");
                if (!ok) {
                    error(ProblemKind.UNKNOWN_DIRECTIVE, d.span(), d.text() + " is not allowed on a " + kind.text()
                            + (kind.text().equals(".func") ? ": performance-tuning directives apply to .entry kernels only"
                                : ": it applies to .func only"));
                }
                perf.add(simpleDirective(0, 3, false));
            } else {
                error(ProblemKind.UNKNOWN_DIRECTIVE, d.span(), "unknown function directive '" + d.text()
                        + "': expected a performance directive such as .maxntid, .reqntid, .minnctapersm or .maxnreg");
                skip();
                while (at(TokenKind.INTEGER) || at(TokenKind.COMMA)) {
                    skip();
                }
            }
        }
        Block body = null;
        if (at(TokenKind.LBRACE)) {
            if (bodyListener != null) {
                bodyListener.bodyStart(new Function(linkage, kind, returns, name, params, perf, null, spanFrom(first)));
            }
            body = block(true);
        } else if (!accept(TokenKind.SEMI) && !(isFunc && endsUnterminatedDeclaration())) {
            expected("'{' to start the body of " + name.text() + ", or ';' for a declaration");
            skipTopLevel();
        }
        return new Function(linkage, kind, returns, name, params, perf, body, spanFrom(first));
    }

    /**
     * Whether a .func header not followed by '{' or ';' ends there as a declaration: nvopencc
     * (CUDA 2.x-4.x) wrote prototypes without ';', and ptxas 13.0 accepts them (at any .version)
     * when the next item is another module-level item: a function, a variable in a state space,
     * .file or .section (not .version, .target or .address_size, which are syntax errors there).
     * An .entry header without ';' or a body is always a syntax error.
     */
    private boolean endsUnterminatedDeclaration() {
        Token t = cur();
        if (t.kind() != TokenKind.DOT_NAME) {
            return false;
        }
        String d = t.text();
        return STATE_SPACES.contains(d) || LINKAGE.contains(d) || d.equals(".func") || d.equals(".entry")
                || d.equals(".file") || d.equals(".section");
    }

    /** Whether {@code [N]} follows here without white space: a constant bank after .const. */
    private boolean constantBank() {
        return at(TokenKind.LBRACKET) && !curSpaceBefore() && peekKind(1) == TokenKind.INTEGER
                && !peek(1).spaceBefore() && peekKind(2) == TokenKind.RBRACKET && !peek(2).spaceBefore();
    }

    private List<VarDecl> paramList() {
        skip(); // (
        List<VarDecl> params = new ArrayList<>();
        if (accept(TokenKind.RPAREN)) {
            return params;
        }
        do {
            if (!at(TokenKind.DOT_NAME)) {
                expected("a parameter declaration such as .param .u64 p");
                skipParams();
                return params;
            }
            params.add(varDecl(List.of(), false));
        } while (accept(TokenKind.COMMA));
        if (!expectPunct(TokenKind.RPAREN, "',' or ')' in the parameter list")) {
            skipParams();
        }
        return params;
    }

    private void skipParams() {
        while (!at(TokenKind.EOF) && !at(TokenKind.LBRACE) && !at(TokenKind.SEMI)) {
            if (accept(TokenKind.RPAREN)) {
                return;
            }
            if (at(TokenKind.DOT_NAME) && (TOP_LEVEL_STARTS.contains(cur().text()))) {
                return;
            }
            skip();
        }
    }

    /**
     * Deepest nesting of blocks inside a function body that ptxas accepts (measured with CUDA 13.0:
     * 1,663 nested {@code { }} parse; in the 1,664th any token, even its {@code }}, overflows
     * ptxas's parser stack, "memory exhausted"). Each level takes 6 of that stack's entries, so
     * the expressions inside deep blocks are shallower: 9,978 - 6 x depth nested parentheses.
     */
    public static final int MAX_BLOCK_DEPTH = 1663;
    /** Entries of ptxas's parser stack one nested block takes (see {@link #MAX_BLOCK_DEPTH}). */
    private static final int BLOCK_STACK_ENTRIES = 6;
    /** Blocks open inside the function body being parsed. */
    private int blockDepth;

    /**
     * A {@code { ... }} block. For a function body, a top-level directive before the closing brace
     * ends the function (the missing brace is reported once).
     */
    private Block block(boolean functionBody) {
        if (depth >= MAX_DEPTH) {
            Token open = cur();
            error(ProblemKind.UNEXPECTED_TOKEN, open.span(), "blocks nested more than " + MAX_DEPTH
                    + " levels deep: flatten the nesting");
            skipBalanced();
            return new Block(List.of(), spanFrom(open));
        }
        depth++;
        try {
            return blockBody(functionBody);
        } finally {
            depth--;
        }
    }

    /** Skips a {@code { ... }} (or any bracketed run) without recursion. */
    private void skipBalanced() {
        int d = 0;
        do {
            Token t = advance();
            if (t.kind() == TokenKind.LBRACE || t.kind() == TokenKind.LPAREN || t.kind() == TokenKind.LBRACKET) {
                d++;
            } else if (t.kind() == TokenKind.RBRACE || t.kind() == TokenKind.RPAREN
                    || t.kind() == TokenKind.RBRACKET) {
                d--;
            } else if (t.kind() == TokenKind.EOF) {
                return;
            }
        } while (d > 0);
    }

    /**
     * The statements of a block up to its {@code }}; nested blocks are parsed in the same loop (no
     * recursion, whatever the nesting), each on a stack of the blocks still open.
     */
    private Block blockBody(boolean functionBody) {
        Token open = advance();
        int outerBody = inBody;
        inBody++;
        List<Statement> stmts = new ArrayList<>();
        // the nested blocks still open around the current one, innermost last
        ArrayList<Token> outerOpens = new ArrayList<>();
        ArrayList<List<Statement>> outerStmts = new ArrayList<>();
        int baseDepth = blockDepth;
        try {
            while (true) {
                TokenKind tk = curKind();
                boolean nested = !outerOpens.isEmpty();
                boolean unclosed = tk == TokenKind.EOF
                        || (tk == TokenKind.DOT_NAME && TOP_LEVEL_STARTS.contains(cur().text())
                            && !(cur().isDot(".file")));
                if (tk == TokenKind.RBRACE || unclosed) {
                    if (unclosed) {
                        Span at = endOfPrev();
                        error(ProblemKind.UNCLOSED_BLOCK, open.span(), (functionBody && !nested ? "function body"
                                : "block") + " opened here is not closed before " + cur().describe() + ": add '}'",
                                at, "\n}");
                    } else {
                        skip();
                    }
                    Block b = new Block(stmts, spanFrom(open));
                    if (!nested) {
                        return b;
                    }
                    if (bodyListener != null) {
                        bodyListener.blockClose(b.span());
                    }
                    open = outerOpens.remove(outerOpens.size() - 1);
                    stmts = outerStmts.remove(outerStmts.size() - 1);
                    blockDepth--;
                    if (bodyListener == null) {
                        stmts.add(b);
                    }
                    continue;
                }
                int fs = slot(0);
                Token first = toks[fs]; // (null for a statement that starts with '@')
                long before = first != null ? first.start() : starts[fs];
                if (quietUntil == Long.MAX_VALUE) {
                    quietUntil = before;
                }
                if (tk == TokenKind.LBRACE) {
                    Token t = cur();
                    if (blockDepth >= MAX_BLOCK_DEPTH) {
                        error(ProblemKind.UNEXPECTED_TOKEN, t.span(), "blocks nested more than " + MAX_BLOCK_DEPTH
                                + " levels deep: ptxas's parser runs out of stack ('memory exhausted'); flatten the"
                                + " nesting");
                        skipBalanced();
                        if (bodyListener == null) {
                            stmts.add(new Block(List.of(), spanFrom(t)));
                        }
                        continue;
                    }
                    if (bodyListener != null) {
                        bodyListener.blockOpen(t);
                    }
                    outerOpens.add(open);
                    outerStmts.add(stmts);
                    blockDepth++;
                    open = advance();
                    stmts = new ArrayList<>();
                    continue;
                }
                Statement s;
                operators = 0;
                itemsTop = 0; // (none is left by a statement abandoned at a limit)
                int line = first != null ? 0 : lines[fs];
                int column = first != null ? 0 : columns[fs];
                try {
                    s = statement();
                } catch (LimitExceeded e) {
                    Span last = skipAfterLimit();
                    s = new Skipped(first != null ? first.span().to(last) : spanFrom(before, line, column, last));
                }
                if (s != null) {
                    if (bodyListener == null) {
                        stmts.add(s);
                    } else if (!(s instanceof Block)) {
                        bodyListener.statement(s);
                    }
                }
                if (curStart() == before && !at(TokenKind.RBRACE) && !at(TokenKind.EOF)) {
                    // No progress: drop the token to guarantee termination.
                    skip();
                }
            }
        } finally {
            blockDepth = baseDepth;
            inBody = outerBody;
        }
    }

    /** Function bodies being parsed (0: at module level). */
    private int inBody;

    /** ptxas rejects an empty statement ({@code ;;}, {@code L: ;}, {@code };}) as a syntax error. */
    private void emptyStatement() {
        Token t = advance();
        error(ProblemKind.UNEXPECTED_TOKEN, t.span(), "empty statement: ptxas does not accept a ';' on its own; remove it",
                t.span(), "");
    }

    private Statement statement() {
        switch (curKind()) {
            case SEMI:
                emptyStatement();
                return null;
            case LBRACE:
                return block(false);
            case AT:
                return instruction();
            case IDENT:
                if (peekKind(1) == TokenKind.COLON) {
                    Token t = advance();
                    skip();
                    reservedName(t, "label");
                    return new Label(t);
                }
                return instruction();
            case DOT_NAME:
                return bodyDirective();
            default:
                expected("an instruction, label, declaration or directive");
                Span s = cur().span();
                skipStatement();
                return new Skipped(spanFrom(s));
        }
    }

    /** {@code _} and {@code WARP_SZ} cannot be declared. */
    private void reservedName(Token t, String what) {
        if (t.text().equals("WARP_SZ") || t.text().equals("_")) {
            error(ProblemKind.UNEXPECTED_TOKEN, t.span(), "'" + t.text() + "' is reserved and cannot be used as a "
                    + what + " name; choose another name");
        }
    }

    private Statement bodyDirective() {
        Token t = cur();
        String n = t.text();
        switch (n) {
            case ".loc":
                return locDirective();
            case ".pragma":
                return pragma();
            case ".file":
                return fileDirective();
            case ".branchtargets":
            case ".calltargets":
                return nameListDirective();
            case ".callprototype":
                return callPrototype();
            default:
                break;
        }
        if (STATE_SPACES.contains(n) || n.equals(".align")) {
            return varDecl(List.of(), true);
        }
        if (LINKAGE.contains(n)) {
            List<Token> linkage = new ArrayList<>();
            while (at(TokenKind.DOT_NAME) && LINKAGE.contains(cur().text())) {
                linkage.add(advance());
            }
            if (at(TokenKind.DOT_NAME) && (STATE_SPACES.contains(cur().text()))) {
                return varDecl(linkage, true);
            }
            if (cur().isDot(".func") || cur().isDot(".entry")) {
                error(ProblemKind.UNEXPECTED_TOKEN, cur().span(),
                        "a function cannot be declared inside another function's body; move it to module level");
                skipStatement();
                return new Skipped(spanFrom(linkage.get(0)));
            }
        }
        error(ProblemKind.UNKNOWN_DIRECTIVE, t.span(), "unknown or misplaced directive '" + n
                + "' in a function body: expected an instruction, a declaration such as .reg, or .loc/.pragma");
        skipStatement();
        return new Skipped(spanFrom(t));
    }

    private Directive nameListDirective() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        do {
            Token t = expect(TokenKind.IDENT, "a label or function name in " + name.text());
            if (t == null) {
                skipStatement();
                return new Directive(name, args, spanFrom(name));
            }
            args.add(new Name(t, List.of()));
        } while (accept(TokenKind.COMMA));
        endStatement(name.text());
        return new Directive(name, args, spanFrom(name));
    }

    /** {@code .callprototype (.param .b32 _) _ (.param .b64 _) [.noreturn];} */
    private Directive callPrototype() {
        Token name = advance();
        List<Expr> args = new ArrayList<>();
        if (at(TokenKind.LPAREN)) {
            Span s = cur().span();
            List<VarDecl> returns = paramList();
            args.add(new Params(returns, spanFrom(s)));
        }
        Token u = expect(TokenKind.IDENT, "'_' in .callprototype");
        if (u == null) {
            skipStatement();
            return new Directive(name, args, spanFrom(name));
        }
        args.add(new Sink(u));
        if (at(TokenKind.LPAREN)) {
            Span s = cur().span();
            List<VarDecl> params = paramList();
            args.add(new Params(params, spanFrom(s)));
        }
        while (at(TokenKind.DOT_NAME)) {
            Token d = advance();
            args.add(new DotRef(d));
        }
        endStatement(".callprototype");
        return new Directive(name, args, spanFrom(name));
    }

    // ---------------------------------------------------------------- instructions

    private Statement instruction() {
        // where a guarded instruction starts: its '@' (punctuation: its position is in its slot)
        long start = 0;
        int line = 0;
        int column = 0;
        Guard guard = null;
        int at = slot(0);
        if (kinds[at] == TokenKind.AT) {
            start = starts[at];
            line = lines[at];
            column = columns[at];
            skip();
            boolean neg = accept(TokenKind.BANG);
            Token p = cur();
            if (p.kind() != TokenKind.IDENT) {
                expected("a predicate register after '@" + (neg ? "!" : "") + "'");
                skipStatement();
                return new Skipped(spanFrom(start, line, column));
            }
            skip();
            if (p.text().equals("_")) {
                error(ProblemKind.UNEXPECTED_TOKEN, p.span(), "the sink '_' cannot be a guard: use a predicate register");
            }
            guard = new Guard(neg, p, spanFrom(start, line, column));
        }
        Token op = cur();
        if (op.kind() != TokenKind.IDENT) {
            expected(guard != null ? "an instruction after the guard" : "an instruction");
            skipStatement();
            return new Skipped(guard != null ? spanFrom(start, line, column) : spanFrom(op));
        }
        skip();
        int base = itemsTop;
        while (at(TokenKind.DOT_NAME)) {
            Token m = advance();
            if (Character.isDigit(m.text().charAt(1)) && !isNumericModifier(m.text())) {
                error(ProblemKind.UNEXPECTED_TOKEN, m.span(), "'" + m.text() + "' is not a modifier: ptxas reads a dot "
                        + "followed by a digit as a number; check the spelling");
            }
            push(m);
            if (m.text().equals(".const") && constantBank()) { // ld.const[2].u32: the bank is not checked
                skip();
                skip();
                skip();
            }
        }
        List<Token> mods = listFrom(base);
        List<Expr> operands = ItemList.empty();
        if (!at(TokenKind.SEMI) && !at(TokenKind.RBRACE) && !at(TokenKind.EOF)
                && !(curLine() > prevEndLine() && startsStatement())) {
            inOperands = true;
            stmtEntries = INSTRUCTION_ENTRIES;
            guarded = guard != null;
            parenSeen = false;
            try {
                do {
                    Expr e = operand();
                    push(e);
                    if (e instanceof Missing) {
                        operands = listFrom(base);
                        skipStatement();
                        return new Instruction(guard, op, mods, operands,
                                guard != null ? spanFrom(start, line, column) : spanFrom(op));
                    }
                } while (accept(TokenKind.COMMA));
            } finally {
                inOperands = false;
                stmtEntries = 0;
                guarded = false;
            }
            // (in the parser's array, not through the list: no interface call per operand under C1)
            checkSinksAndPairs(items, base, itemsTop);
            operands = listFrom(base);
        }
        endInstruction(op);
        return new Instruction(guard, op, mods, operands, guard != null ? spanFrom(start, line, column) : spanFrom(op));
    }

    /**
     * ptxas's grammar allows the sink {@code _} and a predicate pair {@code p|q} only as the
     * destination (first operand), at most two predicates in a pair and not {@code _|_}; the sink
     * may also stand inside a vector operand. Anything else is a syntax error there.
     */
    private void checkSinksAndPairs(Object[] operands, int from, int to) {
        for (int k = from; k < to; k++) {
            Expr e = (Expr) operands[k];
            if (k == from) {
                if (e instanceof PredPair pp && pp.first() instanceof Sink && pp.second() instanceof Sink) {
                    error(ProblemKind.UNEXPECTED_TOKEN, pp.second().span(),
                            "a predicate pair cannot discard both results ('_|_'): name at least one predicate");
                } else if (e instanceof Binary b && b.op().kind() == TokenKind.PIPE && mentionsName(b)) {
                    Expr neg = negated(b);
                    error(ProblemKind.UNEXPECTED_TOKEN, neg != null ? neg.span() : b.op().span(), neg != null
                            ? "a destination cannot be negated: remove the '!'"
                            : "a destination takes at most two predicates, 'p|q'");
                }
                continue;
            }
            if (e instanceof Sink sk) {
                error(ProblemKind.UNEXPECTED_TOKEN, sk.span(),
                        "the sink '_' can only be a destination (the first operand), not a source");
            } else if (e instanceof PredPair pp) {
                error(ProblemKind.UNEXPECTED_TOKEN, pipeSpan(pp),
                        "a predicate pair 'p|q' can only be the destination (the first operand)");
            } else if (e instanceof Binary b && b.op().kind() == TokenKind.PIPE && mentionsName(b)) {
                error(ProblemKind.UNEXPECTED_TOKEN, b.op().span(),
                        "a predicate pair 'p|q' can only be the destination (the first operand)");
            } else if (e instanceof Ast.Unary u && u.operand() instanceof Sink sk) {
                error(ProblemKind.UNEXPECTED_TOKEN, sk.span(),
                        "the sink '_' can only be a destination (the first operand), not a source");
            }
        }
    }

    private static Span pipeSpan(PredPair pp) {
        Span a = pp.first().span();
        Span b = pp.second().span();
        return new Span(a.end(), b.start(), a.endLine(), a.endColumn(), b.line(), b.column());
    }

    /** Whether a '|' expression has a register, sink or negated register among its operands. */
    private static boolean mentionsName(Expr e) {
        if (e instanceof Binary b && b.op().kind() == TokenKind.PIPE) {
            return mentionsName(b.left()) || mentionsName(b.right());
        }
        return e instanceof Name || e instanceof Sink || e instanceof PredPair
                || (e instanceof Ast.Unary u && u.op().kind() == TokenKind.BANG && u.operand() instanceof Name);
    }

    /** The first negated operand {@code !p} inside a '|' expression, or null. */
    private static Expr negated(Expr e) {
        if (e instanceof Binary b && b.op().kind() == TokenKind.PIPE) {
            Expr l = negated(b.left());
            return l != null ? l : negated(b.right());
        }
        return e instanceof Ast.Unary u && u.op().kind() == TokenKind.BANG ? e : null;
    }

    /**
     * Modifiers that start with a digit: tensor dimensions ({@code .1d} to {@code .5d}) and the
     * tcgen05 data-path shapes ({@code .32x32b}, {@code .16x64b}, {@code .16x32bx2}).
     */
    static boolean isNumericModifier(String m) {
        int i = 1;
        int n = m.length();
        int d = i;
        while (i < n && Character.isDigit(m.charAt(i))) {
            i++;
        }
        if (i == d) {
            return false;
        }
        if (i == n - 1 && m.charAt(i) == 'd' || m.startsWith("dms", i) && i + 3 == n) {
            return true; // .1d .2d .3d, tex's .2dms
        }
        if (i < n && m.charAt(i) == 'x') {
            int j = i + 1;
            int d2 = j;
            while (j < n && Character.isDigit(m.charAt(j))) {
                j++;
            }
            if (j == d2 || j >= n || m.charAt(j) != 'b') {
                return false;
            }
            j++;
            if (j == n) {
                return true;
            }
            if (m.charAt(j) != 'x') {
                return false;
            }
            int d3 = ++j;
            while (j < n && Character.isDigit(m.charAt(j))) {
                j++;
            }
            return j == n && j > d3;
        }
        return false;
    }

    /** The first register or symbol name in a constant-style expression (WARP_SZ aside), or null. */
    private static Name firstName(Expr e) {
        if (e instanceof Name n) {
            return n.text().equals("WARP_SZ") ? null : n;
        }
        if (e instanceof Unary u) {
            return firstName(u.operand());
        }
        if (e instanceof Binary b) {
            Name l = firstName(b.left());
            return l != null ? l : firstName(b.right());
        }
        if (e instanceof Group g) {
            for (Expr x : g.items()) {
                Name n = firstName(x);
                if (n != null) {
                    return n;
                }
            }
        }
        return null;
    }

    /** Whether a token on a new line plainly begins a new statement (used for missing-';' recovery). */
    private boolean startsStatement() {
        TokenKind k = curKind();
        return (k == TokenKind.IDENT && peekKind(1) == TokenKind.COLON) || k == TokenKind.AT || k == TokenKind.DOT_NAME;
    }

    /**
     * Whether a dotted name after a name is its suffix ({@code %r1.h10}, {@code %tid.x}). Glued
     * on, always. In an instruction's operands ptxas also takes white space or a comment before
     * it ({@code %r1 .h10}, {@code %r1 /*c*&#47; .h10}), also across a line break unless the name
     * on the new line is a directive that starts a statement.
     */
    private boolean isSuffix(Token t) {
        if (!t.spaceBefore()) {
            return true;
        }
        if (!inOperands) {
            return false;
        }
        if (t.line() == prevEndLine()) {
            return true;
        }
        return !TOP_LEVEL_STARTS.contains(t.text()) && !STATE_SPACES.contains(t.text())
                && !FUNCTION_DIRECTIVES.contains(t.text()) && !STATEMENT_DIRECTIVES.contains(t.text());
    }

    private Expr operand() {
        Expr e = expression();
        if (e instanceof Binary b && b.op().kind() == TokenKind.PIPE
                && (b.left() instanceof Name || b.left() instanceof Sink || b.left() instanceof VectorExpr)
                && (b.right() instanceof Name || b.right() instanceof Sink)) {
            // p|q, r|p (shfl, elect) and {v}|p (tex with a residency predicate)
            return new PredPair(b.left(), b.right(), b.span());
        }
        return e;
    }

    // ---------------------------------------------------------------- expressions

    /** Binary operator precedence (higher binds tighter), or -1. */
    private static int precedence(TokenKind k) {
        return PRECEDENCE[k.ordinal()]; // (asked after every operand: a table, not a switch)
    }

    private static final byte[] PRECEDENCE = new byte[TokenKind.values().length];

    static {
        for (TokenKind k : TokenKind.values()) {
            PRECEDENCE[k.ordinal()] = (byte) precedenceOf(k);
        }
    }

    private static int precedenceOf(TokenKind k) {
        return switch (k) {
            case PIPE_PIPE -> 1;
            case AMP_AMP -> 2;
            case PIPE -> 3;
            case CARET -> 4;
            case AMP -> 5;
            case EQ_EQ, NOT_EQ -> 6;
            case LT, GT, LE, GE -> 7;
            case SHL, SHR -> 8;
            case PLUS, MINUS -> 9;
            case STAR, SLASH, PERCENT -> 10;
            default -> -1;
        };
    }

    private Expr expression() {
        Expr c = binaryRest(unary(), 0);
        if (at(TokenKind.QUESTION)) {
            if (depth >= MAX_DEPTH) {
                tooDeep();
            }
            depth++;
            try {
                skip();
                cost += 2;
                int outerThen = thenCost;
                thenCost = cost;
                Expr a = expression();
                thenCost = outerThen;
                cost -= 2;
                if (!expectPunct(TokenKind.COLON, "':' in a conditional expression")) {
                    return new Missing(c.span());
                }
                cost += 4;
                Expr b = expression();
                cost -= 4;
                return new Ternary(c, a, b, between(c, b));
            } finally {
                depth--;
            }
        }
        return c;
    }

    /**
     * Entries of ptxas's parser stack (CUDA 13.0): it rejects a statement whose expression needs
     * more (9,989 entries, counting the innermost operand, are left to an expression after the
     * shortest statement start). Measured: 9,978 nested parentheses in an instruction operand, 9,988 in a module-level
     * initializer, 4,989 unary operators, 4,988 {@code ?:} nested in the middle operand, 2,494 in
     * the last, 3,326 of {@code (1+} or {@code -(} (docs/limits.md). A parenthesis costs one entry,
     * a pending unary operator, {@code c ?} or {@code a op} two, {@code c ? a :} four.
     */
    public static final int PTXAS_STACK = 9989;
    /**
     * Entries of ptxas's parser stack the statement being parsed takes before its expression, over
     * a module-level initializer's (measured with CUDA 13.0, nested parentheses ptxas accepts:
     * 9,988 in a module-level initializer, 9,979 in an initializer in a function body, 9,978 in
     * any operand of an instruction, 9,977 with a guard): {@link #INSTRUCTION_ENTRIES} (plus one
     * for a guard), {@link #DECLARATION_ENTRIES} or 0. An address's {@code [} takes one more and
     * the {@code +} of {@code [base+offset} one more than another binary operator (9,977 in
     * {@code [(...)]}, 9,974 in {@code [%rd1+(...)]}); a vector operand's {@code {} one and each
     * element before two (9,977 and 9,975).
     */
    private int stmtEntries;
    /** Vector operands open where the statement being abandoned hit a limit ({@link #skipAfterLimit}). */
    private int limitVectors;
    /** {@link #cost} at the top level of the address being parsed, or -1. */
    private int addressCost = -1;
    private static final int INSTRUCTION_ENTRIES = 10;
    /**
     * Whether the instruction being parsed has a guard, and whether its operands hold a
     * parenthesis yet: a guard takes one more entry of ptxas's stack once they do (measured:
     * guarded, 9,977 nested parentheses and 3,325 levels of {@code (1+} parse, one less than
     * unguarded; 4,989 unary operators and a plain operand inside 1,663 blocks, as unguarded).
     */
    private boolean guarded;
    private boolean parenSeen;
    private static final int DECLARATION_ENTRIES = 9;

    /** The entries ptxas's stack holds around the expression being parsed: the statement's and the blocks'. */
    private long around() {
        return stmtEntries + (guarded && parenSeen ? 1 : 0) + (long) BLOCK_STACK_ENTRIES * blockDepth;
    }

    /**
     * Reports an expression nested deeper than {@link #MAX_DEPTH} and abandons its statement. The
     * rest of the statement is scanned without recursion to estimate what ptxas's parser needs
     * for it (a lower bound, so that a statement ptxas accepts never gets an error): past
     * {@link #PTXAS_STACK} it is an error, otherwise a warning that ptxlint does not check it.
     */
    private void tooDeep() {
        if (initializerBraces > 0) {
            deepInitializer();
        }
        Token first = cur();
        Token over = scanDeepStatement((int) (cost + around()));
        if (over != null) {
            error(ProblemKind.UNEXPECTED_TOKEN, over.span(), "expression nested deeper than ptxas accepts"
                    + " (its parser stack holds 10,000 entries: about 9,980 nested parentheses, 4,990 unary"
                    + " operators or '?:' in the middle operand, 2,490 '?:' in the last): simplify it");
        } else {
            error(ProblemKind.TOO_DEEP, first.span(), "expression nested more than " + MAX_DEPTH
                    + " levels deep: ptxlint does not check this " + (inDeclaration
                    ? "part of the declaration, whose name is declared" : "statement")
                    + " (ptxas's parser stack holds it; see docs/limits.md)");
        }
        throw LIMIT_EXCEEDED;
    }

    /**
     * Scans from the current token (an operand position {@code base} levels deep) to the end of
     * the statement, without consuming its end, simulating ptxas's parser stack with the weights
     * of {@link #PTXAS_STACK}. Returns the first token at which the estimate exceeds
     * {@link #PTXAS_STACK}, or null. Where the scan cannot tell what a closer closes (a frame
     * opened before it started) it drops the levels counted before it, so the estimate stays a
     * lower bound.
     */
    private Token scanDeepStatement(int base) {
        // the statement's and the blocks' entries stay whatever the scan cannot attribute
        final int floor = (int) around();
        int[] weights = new int[64];
        byte[] kinds = new byte[64];
        int top = 0;
        int sum = 0;
        int pending = 0;
        int braces = 0;
        int thenBase = thenCost;
        boolean operand = true;
        final byte paren = 0;
        final byte then = 1;
        final byte orElse = 2;
        while (true) {
            Token t = cur();
            TokenKind k = t.kind();
            if (k == TokenKind.EOF
                    || (k == TokenKind.SEMI && braces == 0)
                    || (k == TokenKind.RBRACE && braces == 0)
                    || (k == TokenKind.LBRACE && braces == 0 && prevSlot >= 0 && curLine() > prevEndLine())
                    || (k == TokenKind.DOT_NAME && TOP_LEVEL_STARTS.contains(t.text()))) {
                return null;
            }
            int add = 0;
            byte push = -1;
            switch (k) {
                case LPAREN -> {
                    push = paren;
                    if (guarded && !parenSeen) {
                        parenSeen = true; // the guard's entry (see guarded)
                        base++;
                    }
                    add = 1 + pending;
                    pending = 0;
                    operand = true;
                }
                case RPAREN -> {
                    while (top > 0 && kinds[top - 1] != paren) {
                        sum -= weights[--top];
                    }
                    if (top > 0) {
                        sum -= weights[--top];
                    } else {
                        base = floor;
                    }
                    pending = 0;
                    operand = false;
                }
                case QUESTION -> {
                    push = then;
                    add = 2;
                    pending = 0;
                    operand = true;
                }
                case COLON -> {
                    while (top > 0 && kinds[top - 1] == orElse) {
                        sum -= weights[--top];
                    }
                    if (top > 0 && kinds[top - 1] == then) {
                        kinds[top - 1] = orElse;
                        weights[top - 1] += 2;
                        sum += 2;
                    } else if (top == 0 && thenBase >= 0) {
                        // ends the middle operand of a '?:' opened before the scan
                        base = floor + thenBase + 2;
                        thenBase = -1;
                    } else {
                        base = floor;
                    }
                    pending = 0;
                    operand = true;
                }
                case COMMA -> {
                    if (top == 0 && braces == 0) {
                        base = floor;
                    }
                    pending = 0;
                    operand = true;
                }
                case LBRACE, LBRACKET -> {
                    braces++;
                    operand = true;
                }
                case RBRACE, RBRACKET -> {
                    braces = Math.max(0, braces - 1);
                    operand = false;
                }
                case MINUS, PLUS, BANG, TILDE -> {
                    if (operand) {
                        pending += 2;
                    } else {
                        pending = 2;
                        operand = true;
                    }
                }
                case STAR, SLASH, PERCENT, SHL, SHR, AMP, AMP_AMP, PIPE, PIPE_PIPE, CARET,
                        LT, GT, LE, GE, EQ_EQ, NOT_EQ -> {
                    pending = 2;
                    operand = true;
                }
                default -> {
                    // an operand: the pending operators are reduced with it
                    add = 0;
                    if ((long) base + sum + pending + 1 > PTXAS_STACK) {
                        return t;
                    }
                    pending = 0;
                    operand = false;
                }
            }
            if (push >= 0) {
                if (top == weights.length) {
                    weights = java.util.Arrays.copyOf(weights, top * 2);
                    kinds = java.util.Arrays.copyOf(kinds, top * 2);
                }
                weights[top] = add;
                kinds[top++] = push;
                sum += add;
                if ((long) base + sum > PTXAS_STACK) {
                    return t;
                }
            }
            skip();
        }
    }

    /**
     * After a statement was abandoned at a limit: skips to its end (iteratively, whatever the
     * nesting) with every later error of the statement suppressed, and returns the last token's span.
     */
    private Span skipAfterLimit() {
        cost = 0;
        thenCost = -1;
        quietUntil = Long.MAX_VALUE;
        inOperands = false;
        int open = limitVectors;
        limitVectors = 0;
        skipStatement(open);
        quietUntil = curStart();
        return prevSlot < 0 ? cur().span() : prevSpan();
    }

    private Expr binaryRest(Expr left, int minPrec) {
        while (true) {
            int p = precedence(curKind());
            if (p < 0 || p < minPrec) {
                return left;
            }
            if (++operators > MAX_OPERATORS) {
                Token t = cur();
                error(ProblemKind.TOO_MANY_OPERATORS, t.span(), "more than " + MAX_OPERATORS
                        + " operators in one statement: ptxlint does not check this statement (ptxas accepts it;"
                        + " see docs/limits.md)");
                throw LIMIT_EXCEEDED;
            }
            Token op = advance();
            // ptxas's stack: a pending left side takes 2, the base of an address ([base+offset]) 3
            int pendingCost = cost == addressCost && op.kind() == TokenKind.PLUS ? 3 : 2;
            cost += pendingCost;
            Expr right = unary();
            while (true) {
                int q = precedence(curKind());
                if (q > p) {
                    right = binaryRest(right, q);
                } else {
                    break;
                }
            }
            cost -= pendingCost;
            left = new Binary(op, left, right, between(left, right));
            if (right instanceof Missing) {
                return left;
            }
        }
    }

    private Expr unary() {
        if (depth >= MAX_DEPTH) {
            tooDeep();
        }
        depth++;
        try {
            return unaryInner();
        } finally {
            depth--;
        }
    }

    private Expr unaryInner() {
        switch (curKind()) {
            case MINUS:
            case PLUS:
            case BANG:
            case TILDE: {
                Token t = advance();
                cost += 2;
                Expr e = unary();
                cost -= 2;
                if (inOperands && t.kind() == TokenKind.BANG && e instanceof Name n && !n.suffixes().isEmpty()) {
                    error(ProblemKind.UNEXPECTED_TOKEN, n.suffixes().get(0).span(), "'" + n.suffixes().get(0).text()
                            + "' cannot follow the negated operand '!" + n.text() + "': '!' takes a plain predicate "
                            + "register");
                } else if (inOperands && t.kind() == TokenKind.TILDE) {
                    Name n = firstName(e);
                    if (n != null) {
                        error(ProblemKind.UNEXPECTED_TOKEN, n.token().span(), "'~' complements constants only, not "
                                + "'" + n.text() + "': to complement a register's bits use not.b32 (or not.b64)");
                    }
                }
                return new Unary(t, e, between(t, e));
            }
            case LPAREN:
                if (peekKind(1) == TokenKind.DOT_NAME && peekKind(2) == TokenKind.RPAREN) {
                    int ps = slot(0); // punctuation: its position is in its slot
                    long start = starts[ps];
                    int line = lines[ps];
                    int column = columns[ps];
                    skip();
                    Token type = advance();
                    skip();
                    Expr e = unary();
                    return new Cast(type, e, new Span(start, e.end(), line, column, e.endLine(), e.endColumn()));
                }
                cost += 1;
                parenSeen = true;
                if (blockDepth > 0 && cost + around() > PTXAS_STACK - 1) {
                    // ptxas's stack holds the blocks around the statement too (MAX_BLOCK_DEPTH)
                    error(ProblemKind.UNEXPECTED_TOKEN, cur().span(), "expression nested deeper than ptxas accepts"
                            + " inside " + blockDepth + " nested blocks (each takes 6 entries of ptxas's parser"
                            + " stack, which leaves " + Math.max(0, PTXAS_STACK - 1 - around())
                            + " nested parentheses): simplify it or flatten the blocks");
                    throw LIMIT_EXCEEDED;
                }
                Expr g = group();
                cost -= 1;
                return g;
            default:
                if (blockDepth > 0) {
                    blockStackCheck();
                }
                return primary();
        }
    }

    /**
     * An operand inside nested blocks: ptxas's parser stack holds the blocks (6 entries each) and
     * the expression around the operand, so a shallow expression deep in blocks can overflow it.
     * Measured with CUDA 13.0 at 1,000 and 1,650 blocks: the expression may take 9,978 - 6 x
     * blocks entries, a parenthesis 1, a unary operator 2, a binary operator's pending left side
     * 2, a '?:' around its last operand 4, around its middle one 2, and 2 more when the operand
     * is itself a middle operand (at 1,650 blocks: 78 parentheses, 39 unary operators, 38 '?:' in the middle operand,
     * 19 in the last, 26 of '(1+' or '-('). The estimate is the parser's {@link #cost}.
     */
    private void blockStackCheck() {
        long need = cost + (thenCost == cost && cost > 0 ? 2 : 0) + around();
        if (need > PTXAS_STACK - 1) {
            error(ProblemKind.UNEXPECTED_TOKEN, cur().span(), "expression nested deeper than ptxas accepts inside "
                    + blockDepth + " nested blocks (each takes 6 entries of ptxas's parser stack, which leaves "
                    + Math.max(0, PTXAS_STACK - 1 - around()) + " entries to the expression: a"
                    + " parenthesis takes 1, a unary or binary operator 2, a '?:' 2 to 4): simplify it or flatten the"
                    + " blocks");
            throw LIMIT_EXCEEDED;
        }
    }

    private Group group() {
        int ps = slot(0); // punctuation: its position is in its slot
        long start = starts[ps];
        int line = lines[ps];
        int column = columns[ps];
        skip(); // (
        int base = itemsTop;
        if (!at(TokenKind.RPAREN)) {
            do {
                Expr e = operand();
                push(e);
                if (e instanceof Missing) {
                    return new Group(listFrom(base), spanFrom(start, line, column));
                }
            } while (accept(TokenKind.COMMA));
        }
        List<Expr> items = listFrom(base);
        expectPunct(TokenKind.RPAREN, "')'");
        return new Group(items, spanFrom(start, line, column));
    }

    private Expr primary() {
        switch (curKind()) {
            case IDENT: {
                Token t = advance();
                if (t.text() == Lexer.SINK) { // the lexer's '_' is always this String

                    return new Sink(t);
                }
                if (at(TokenKind.LPAREN) && !curSpaceBefore()) {
                    Group g = group();
                    return new Call(t, g.items(), between(t, g));
                }
                List<Token> suffixes = List.of();
                if (at(TokenKind.DOT_NAME) && isSuffix(cur())) {
                    int base = itemsTop;
                    while (at(TokenKind.DOT_NAME) && isSuffix(cur())) {
                        push(advance());
                    }
                    suffixes = listFrom(base);
                }
                if (inOperands && suffixes.size() > 1) {
                    Token second = suffixes.get(1);
                    error(ProblemKind.UNEXPECTED_TOKEN, second.span(), "'" + t.text() + suffixes.get(0).text()
                            + "' is followed by a second suffix '" + second.text() + "': an operand takes at most one "
                            + "selector or field");
                } else if (inOperands && !suffixes.isEmpty() && t.text().equals("WARP_SZ")) {
                    error(ProblemKind.UNEXPECTED_TOKEN, suffixes.get(0).span(), "the constant WARP_SZ takes no '"
                            + suffixes.get(0).text() + "' suffix");
                }
                Name name = new Name(t, suffixes);
                if (inOperands && at(TokenKind.LBRACKET) && !curSpaceBefore() && suffixes.isEmpty()
                        && !t.text().startsWith("%")) {
                    // mov.u32 p, A[5]: the address of an array element
                    Token open = advance();
                    Expr index = operand();
                    if (index instanceof Missing || !expectPunct(TokenKind.RBRACKET, "']' after the array index")) {
                        return new Missing(spanFrom(t));
                    }
                    return new Binary(open, name, index, spanFrom(t));
                }
                return name;
            }
            case INTEGER:
                return new IntLit(advance());
            case FLOAT:
                return new FloatLit(advance());
            case LBRACE: {
                int ps = slot(0); // punctuation: its position is in its slot
                long start = starts[ps];
                int line = lines[ps];
                int column = columns[ps];
                skip();
                int base = itemsTop;
                int outerCost = cost;
                cost += 1; // ptxas's stack: the '{', and two for each element before (stmtEntries)
                try {
                    if (!at(TokenKind.RBRACE)) {
                        do {
                            Expr e = operand();
                            push(e);
                            if (e instanceof Missing) {
                                return new VectorExpr(listFrom(base), spanFrom(start, line, column));
                            }
                            cost += 2;
                        } while (accept(TokenKind.COMMA));
                    }
                } catch (LimitExceeded e) {
                    limitVectors++; // the skip starts inside this vector: its '}' does not end a block
                    throw e;
                } finally {
                    cost = outerCost;
                }
                List<Expr> items = listFrom(base);
                if (!expectPunct(TokenKind.RBRACE, "',' or '}' in the vector operand")) {
                    return new Missing(spanFrom(start, line, column));
                }
                return new VectorExpr(items, spanFrom(start, line, column));
            }
            case LBRACKET: {
                int ps = slot(0); // punctuation: its position is in its slot
                long start = starts[ps];
                int line = lines[ps];
                int column = columns[ps];
                skip();
                int base = itemsTop;
                int outerCost = cost;
                int outerAddress = addressCost;
                cost += 1; // ptxas's stack: the '[' (stmtEntries)
                addressCost = cost;
                try {
                    do {
                        Expr e = operand();
                        push(e);
                        if (e instanceof Missing) {
                            itemsTop = base;
                            return new Missing(spanFrom(start, line, column));
                        }
                    } while (accept(TokenKind.COMMA));
                } finally {
                    cost = outerCost;
                    addressCost = outerAddress;
                }
                List<Expr> items = listFrom(base);
                if (!expectPunct(TokenKind.RBRACKET, "']' to close the address")) {
                    return new Missing(spanFrom(start, line, column));
                }
                Token unified = null;
                if (inOperands && at(TokenKind.DOT_NAME) && cur().text().equals(".unified") && !cur().spaceBefore()) {
                    unified = cur();
                    skip(); // ld [a].unified: the address is in the unified space (part of the address)
                }
                return new Address(items, unified, spanFrom(start, line, column));
            }
            case ERROR:
                // Already reported by the lexer: stand in for the operand, and stay quiet for the
                // rest of this statement, whose tokens after a bad character are unreliable.
                quietUntil = Long.MAX_VALUE;
                return new Name(advance(), List.of());
            default:
                expected("an operand");
                return new Missing(cur().span());
        }
    }
}
