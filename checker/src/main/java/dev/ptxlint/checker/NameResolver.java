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
import dev.ptxlint.syntax.Lexer;
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
        /**
         * The first {@link #FAST_RANGES} ranges again, by name: a use is compared with these names
         * in place, without a substring and a hash of its prefix.
         */
        String[] rangeNames;
        Range[] rangeList;
        int rangeCount;
        /** Labels of this block, collected before its statements so they can be used early. */
        final Map<String, Span> labels = new HashMap<>();
        /** Labels of this block defined so far in source order (declarations after them clash). */
        final Map<String, Span> definedLabels = new HashMap<>();
        /** Labels of a {@code .branchtargets} list ({@code ts: .branchtargets L1, L2;}), or null. */
        java.util.Set<String> branchTargets;
        /** Streamed bodies only: branch targets used here before any label of their name was defined. */
        PendingUses pending;
        /** Opened inside a function's scope ({@link #push}). */
        boolean nested;
        /** A nested scope's declared names and labels (tokens), whose cache entries its end makes stale. */
        Token[] declared;
        int declaredCount;
        /** A name without a spelling id was declared here: its end makes every cache entry stale. */
        boolean unkeyed;

        /** Notes {@code name}, declared in this nested scope. */
        void declared(Token name) {
            if (!ResolveCache.forgettable(name)) {
                unkeyed = true;
                return;
            }
            if (declared == null) {
                declared = new Token[4];
            } else if (declaredCount == declared.length) {
                declared = java.util.Arrays.copyOf(declared, declaredCount * 2);
            }
            declared[declaredCount++] = name;
        }
    }

    /**
     * Uses of a label not defined yet, as positions (docs/limits.md "Memory"): a streamed body
     * can branch forward to one label a million times.
     */
    private static final class PendingUses {
        String[] names = new String[16];
        long[] starts = new long[16];
        int[] lines = new int[16];
        int[] columns = new int[16];
        /** The instruction of a use where only a label defined above is taken (PTX0276 if one comes later), else null. */
        String[] backOnly = new String[16];
        int size;

        void add(String name, Span at, String backOnlyIn) {
            if (size == names.length) {
                int n = size * 2;
                names = java.util.Arrays.copyOf(names, n);
                backOnly = java.util.Arrays.copyOf(backOnly, n);
                starts = java.util.Arrays.copyOf(starts, n);
                lines = java.util.Arrays.copyOf(lines, n);
                columns = java.util.Arrays.copyOf(columns, n);
            }
            names[size] = name;
            backOnly[size] = backOnlyIn;
            starts[size] = at.start();
            lines[size] = at.line();
            columns[size] = at.column();
            size++;
        }

        Span span(int i) {
            int len = names[i].length();
            return new Span(starts[i], starts[i] + len, lines[i], columns[i], lines[i], columns[i] + len);
        }
    }

    /** A register range of a scope: {@code %r<count>} declared at {@code span}. */
    private static final class Range {
        final int count;
        final Span span;
        final Symbol symbol;
        /** The symbols of the registers used so far, by index (each made on its first use). */
        private Symbol[] byIndex;

        Range(int count, Span span, Symbol symbol) {
            this.count = count;
            this.span = span;
            this.symbol = symbol;
        }

        int count() {
            return count;
        }

        Span span() {
            return span;
        }

        Symbol symbol() {
            return symbol;
        }

        /** The symbol of the register {@code n} of this range, at {@code index} (below {@link #count}). */
        Symbol register(String n, long index) {
            if (index >= MAX_CACHED_REGISTERS) {
                return symbol.named(n);
            }
            int k = (int) index;
            Symbol[] b = byIndex;
            if (b == null || k >= b.length) {
                int size = Math.max(k + 1, b == null ? 64 : Math.min(2 * b.length, MAX_CACHED_REGISTERS));
                b = byIndex = b == null ? new Symbol[size] : java.util.Arrays.copyOf(b, size);
            }
            Symbol s = b[k];
            if (s == null || (s.name() != n && !s.name().equals(n))) {
                s = symbol.named(n); // (%r007 and %r7 are the same register under two names)
                b[k] = s;
            }
            return s;
        }
    }

    /** Ranges of a scope found without a substring ({@link Scope#rangeNames}). */
    private static final int FAST_RANGES = 8;

    /** Registers of a range past this index get a new symbol per use (a range can declare 2^31). */
    private static final int MAX_CACHED_REGISTERS = 1 << 16;

    private final Reporter out;
    /**
     * The module's names and register ranges, in compact tables (docs/limits.md "Memory"): a
     * module can declare millions. Flags: {@link #FN_DECLARED} (declared as a function by .func or
     * .entry) and {@link #FN_DEFINED} (with a body).
     */
    private final NameTable moduleNames;
    private final NameTable moduleRanges;
    /**
     * Set while function bodies are checked on other threads ({@link FunctionPool}): this thread
     * changes the module tables under its write lock, the checking threads read them under its
     * read lock. Null when everything runs on one thread.
     */
    private java.util.concurrent.locks.StampedLock moduleLock;
    /** Whether this resolver checks one function body on a worker thread (it reads the module tables of another). */
    private final boolean worker;
    /** A worker sees only the module names and ranges declared before its function ({@link NameTable#nextAddress}). */
    private final int namesLimit;
    private final int rangesLimit;
    /** Where function bodies go to be checked on other threads, or null. */
    private FunctionPool pool;
    /**
     * This thread's error count when the last function body ended (or was handed to the pool):
     * the constant folding skips a function with errors reported since then ({@code FoldCheck}).
     */
    private long foldMark;
    private static final int FN_DECLARED = 1;
    private static final int FN_DEFINED = 2;
    /** A module variable: declared .extern (at first), and declared without .extern since. */
    private static final int VAR_EXTERN = 4;
    private static final int VAR_DEFINED = 8;
    /**
     * The symbols of recently resolved module names, by record address (direct-mapped); made on
     * first use: a worker makes a resolver per body, and 200,000 bodies of one `ret;` each
     * allocated 300 MB of these (docs/performance.md "-j 2 against -j 1 after the batch change").
     */
    private int[] cachedAddress;
    private Symbol[] cachedSymbol;
    /**
     * The open scopes, innermost last (an array stack: the lookup of a name walks it on every cache
     * miss, and an iterator per walk was an allocation per lookup under C1, which does no escape analysis).
     */
    private Scope[] scopes = new Scope[8];
    private int depth;

    /** The innermost open scope, or null. */
    private Scope innermost() {
        return depth == 0 ? null : scopes[depth - 1];
    }

    /**
     * What names resolved to, while nothing has changed since ({@link ResolveCache#epoch}): the
     * instruction checks ask again for every operand the resolver has just resolved. By spelling
     * id; a worker's resolvers share their worker's.
     */
    private final ResolveCache cache;
    /** Cached for a name that resolves to nothing. */
    private static final Symbol UNRESOLVED = new Symbol("", Symbol.Kind.LABEL, null, null, 1, null);

    /** What any name resolves to may have changed. */
    private void changed() {
        cache.changed();
        memoCount = 0;
    }

    /**
     * The name tokens of the current instruction resolved so far, and what they resolved to (not
     * an unresolved name, whose answer a provisional label can change): the checks ask again for
     * the very tokens the resolver has just resolved, and find them here, in a few references
     * compared, before the cache by id. Emptied for each instruction and by any change.
     */
    private static final int MEMO = 16;
    private final Token[] memoTokens = new Token[MEMO];
    private final Symbol[] memoSymbols = new Symbol[MEMO];
    private int memoCount;

    /** {@code name}'s entries are stale ({@link ResolveCache#forget}). */
    private void forget(Token name) {
        cache.forget(name);
        memoCount = 0;
    }

    /**
     * Opens {@code s}. A block inside a function changes nothing by being opened (its declarations
     * do, {@link #declare}); the function's own scope changes everything.
     */
    private void push(Scope s) {
        if (depth == scopes.length) {
            scopes = java.util.Arrays.copyOf(scopes, depth * 2);
        }
        s.nested = depth > 0;
        scopes[depth++] = s;
        if (!s.nested) {
            changed();
        }
    }

    /**
     * Closes the innermost scope. A nested block that declared only names and labels with spelling
     * ids (no register range, no {@code .branchtargets}) changes only what those names resolve to;
     * any other scope everything.
     */
    private Scope pop() {
        if (depth == 0) {
            throw new java.util.NoSuchElementException();
        }
        Scope s = scopes[--depth];
        scopes[depth] = null;
        if (s.nested && s.ranges.isEmpty() && s.branchTargets == null && !s.unkeyed) {
            for (int k = 0; k < s.declaredCount; k++) {
                forget(s.declared[k]);
            }
        } else {
            changed();
        }
        return s;
    }

    private final java.util.List<InstructionCheck> checks;
    /** {@link #checks} as an array: the per-instruction loop makes no iterator. */
    private final InstructionCheck[] checkArray;
    private final HeaderCheck header;
    private final CheckContext context = new CheckContext() {
        @Override
        public Symbol resolve(String name) {
            return NameResolver.this.resolve(name);
        }

        @Override
        public Symbol resolve(Token name) {
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

        @Override
        public int addressSize() {
            return header.addressSize();
        }
    };

    private final DeclarationCheck declarations;
    /** The module's functions as .alias needs them (filled by the reading thread's resolver only). */
    private final AliasCheck aliases = new AliasCheck();
    /** Static shared memory per kernel (PTX0129); its module variables are shared with the workers. */
    private final SharedMemoryCheck shared;

    /** Direct calls against their callee's declaration (PTX0285, PTX0286). */
    private final CallSignatures calls;

    /** The declarations of each function against each other and the module's end (PTX0130, PTX0131). */
    private final FunctionDeclarations functionDecls = new FunctionDeclarations();

    NameResolver(Reporter out, HeaderCheck header, java.util.List<InstructionCheck> checks) {
        this(out, header, checks, Long.MAX_VALUE);
    }

    /**
     * A resolver that holds at most {@code bodyBudget} statements of a function body streamed to
     * its {@link #bodyListener} and checks a larger body as it arrives.
     */
    NameResolver(Reporter out, HeaderCheck header, java.util.List<InstructionCheck> checks, long bodyBudget) {
        this.bodyBudget = bodyBudget;
        this.out = out;
        this.header = header;
        this.checks = checks;
        this.checkArray = checks.toArray(new InstructionCheck[0]);
        this.declarations = new DeclarationCheck(out, header, new java.util.function.Function<String, Symbol>() {
            @Override
            public Symbol apply(String n) {
                return NameResolver.this.resolve(n);
            }
        });
        this.moduleNames = new NameTable();
        this.moduleRanges = new NameTable();
        this.calls = new CallSignatures();
        this.shared = new SharedMemoryCheck();
        this.worker = false;
        this.cache = new ResolveCache();
        this.namesLimit = Integer.MAX_VALUE;
        this.rangesLimit = Integer.MAX_VALUE;
    }

    /**
     * A resolver that checks one function body on a worker thread: its own scopes and checks,
     * {@code module}'s module tables as they were when the function was read (names below the
     * given marks), read under the module lock.
     */
    private NameResolver(Reporter out, HeaderCheck header, java.util.List<InstructionCheck> checks, NameResolver module,
                         int namesLimit, int rangesLimit, ResolveCache cache) {
        this.bodyBudget = Long.MAX_VALUE;
        this.out = out;
        this.header = header;
        this.checks = checks;
        this.checkArray = checks.toArray(new InstructionCheck[0]);
        this.declarations = new DeclarationCheck(out, header, new java.util.function.Function<String, Symbol>() {
            @Override
            public Symbol apply(String n) {
                return NameResolver.this.resolve(n);
            }
        });
        this.moduleNames = module.moduleNames;
        this.moduleRanges = module.moduleRanges;
        this.calls = new CallSignatures(module.calls);
        this.shared = new SharedMemoryCheck(module.shared);
        this.moduleLock = module.moduleLock;
        // without a lock no thread changes the tables any more (IncrementalLinter): read them as they are
        this.worker = moduleLock != null;
        this.cache = cache;
        cache.changed(); // what it holds is another body's
        this.namesLimit = namesLimit;
        this.rangesLimit = rangesLimit;
    }

    /**
     * Hands the function bodies that {@code pool} accepts to it instead of checking them here;
     * from now on the module tables are changed under a lock.
     */
    void setPool(FunctionPool pool) {
        this.pool = pool;
        pool.module = this;
        this.moduleLock = new java.util.concurrent.locks.StampedLock();
    }

    /**
     * Checks the body of {@code f} on a worker thread, as {@link #visit} would have after
     * declaring {@code f} (the module-level part stays with the reading thread).
     */
    static void checkBody(Function f, Reporter out, HeaderCheck header, java.util.List<InstructionCheck> checks,
                          NameResolver module, int namesLimit, int rangesLimit) {
        checkBody(f, out, header, checks, module, namesLimit, rangesLimit, new ResolveCache());
    }

    /** As above, with a cache of resolved names that the caller keeps for its next body (one thread's). */
    static void checkBody(Function f, Reporter out, HeaderCheck header, java.util.List<InstructionCheck> checks,
                          NameResolver module, int namesLimit, int rangesLimit, ResolveCache cache) {
        NameResolver r = new NameResolver(out, header, checks, module, namesLimit, rangesLimit, cache);
        Scope fs = r.openFunction(f, true);
        r.block(fs, f.body());
        r.functionEnd(f);
    }

    /**
     * Where the next module name goes ({@link NameTable#nextAddress}): a body checked later by
     * {@link #checkBody} with this mark sees the module names declared so far.
     */
    int moduleNamesMark() {
        return moduleNames.nextAddress();
    }

    /** As {@link #moduleNamesMark}, for the module's register ranges. */
    int moduleRangesMark() {
        return moduleRanges.nextAddress();
    }

    /**
     * A resolver holding only this one's module tables (shared, not copied), to be the module of
     * {@link #checkBody} after this resolver and its checks are dropped ({@link IncrementalLinter}).
     */
    NameResolver tablesOnly() {
        return new NameResolver(new Reporter(d -> { }), header, java.util.List.of(), this, 0, 0, new ResolveCache());
    }

    void visit(Ast.TopLevel item) {
        if (streamed != null && item instanceof Function f && f.name() == streamed.name()) {
            finishStreamedBody(f);
        } else if (item instanceof VarDecl d) {
            declarations.check(d, DeclarationCheck.Scope.MODULE);
            shared.moduleDeclaration(d);
            declareAll(null, d);
        } else if (item instanceof Function f) {
            function(f);
        } else if (item instanceof Ast.Directive d && d.name().text().equals(".alias")) {
            for (Expr e : d.args()) {
                if (e instanceof Name n && d.args().indexOf(e) == 1) {
                    use(n.token(), NOT_OPERAND);
                }
            }
            // The alias is a function declared before (measured: PTX0128); only an undeclared one is declared here.
            if (aliases.check(d, out, header, n -> moduleNames.find(n) >= 0)
                    && d.args().get(0) instanceof Name n && moduleNames.find(n.text()) < 0) {
                declare(null, n.token(), new Symbol(n.text(), Symbol.Kind.FUNCTION, null, null, 1, n.span()));
            }
            if (!d.args().isEmpty() && d.args().get(0) instanceof Name n) {
                functionDecls.alias(n.text());
            }
        } else if (item instanceof Ast.Skipped) {
            functionDecls.skipped();
        }
    }

    /**
     * At the end of the module: the diagnostics that need all of it (function prototypes never
     * defined, PTX0130).
     */
    void finish() {
        functionDecls.finish(out);
    }

    /**
     * Where the earliest diagnostic {@link #finish} may still report starts, Long.MAX_VALUE for none
     * (Linter's settled offsets stay behind it).
     */
    long lowestLate() {
        return functionDecls.lowestLate();
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
            declareFunction(f, f.body() != null);
        } else {
            visit(item);
        }
    }

    private void function(Function f) {
        Scope fs = functionStart(f, f.body() != null);
        if (fs == null) {
            return;
        }
        block(fs, f.body());
        functionEnd(f);
    }

    /**
     * Declares {@code f}, checks its parameters and, for a definition, opens its scope, calls
     * {@link FunctionCheck#begin} and returns the scope (null for a declaration).
     */
    private Scope functionStart(Function f, boolean hasBody) {
        declareFunction(f, hasBody);
        return openFunction(f, hasBody);
    }

    /** {@link #functionStart} after the function's declaration: its parameters, scope and checks. */
    private Scope openFunction(Function f, boolean hasBody) {
        FunctionDirectiveCheck.check(f, hasBody, out, header);
        declarations.functionReturns(f.isEntry() || f.returns() == null ? 0 : f.returns().size());
        if (hasBody) {
            lastLabel = null;
            calls.clearLocals();
            if (f.returns() != null) {
                for (VarDecl p : f.returns()) {
                    calls.local(p);
                }
            }
            for (VarDecl p : f.params()) {
                calls.local(p);
            }
        }
        if (f.returns() != null) {
            for (VarDecl p : f.returns()) {
                declarations.check(p, DeclarationCheck.Scope.FUNC_RETURN);
            }
        }
        DeclarationCheck.Scope ps = f.isEntry() ? DeclarationCheck.Scope.ENTRY_PARAM : DeclarationCheck.Scope.FUNC_PARAM;
        for (VarDecl p : f.params()) {
            declarations.check(p, ps);
        }
        if (!hasBody) {
            return null;
        }
        shared.begin(f);
        Scope fs = new Scope();
        if (f.returns() != null) {
            for (VarDecl p : f.returns()) {
                declareAll(fs, p);
            }
        }
        for (VarDecl p : f.params()) {
            declareAll(fs, p, true);
        }
        push(fs);
        for (InstructionCheck c : checks) {
            if (c instanceof FunctionCheck fc) {
                fc.begin(f, context);
            }
        }
        return fs;
    }

    private void functionEnd(Function f) {
        shared.end(f, out);
        for (InstructionCheck c : checks) {
            if (c instanceof FunctionCheck fc) {
                fc.end(f, context);
            }
        }
        pop();
        foldMark = out.errorCount();
    }

    // The module tables change only on the reading thread; while a pool checks bodies, under the lock.

    private int addModuleName(String n, int flags, int info, Span at) {
        return addModuleName(n, flags, info, 0, at);
    }

    /** As above; {@code elements}: a module array's declared element count (0: a scalar or not known). */
    private int addModuleName(String n, int flags, int info, int elements, Span at) {
        changed();
        if (moduleLock == null) {
            return elements > 0 ? moduleNames.addWithValue(n, flags, info, elements, at) : moduleNames.add(n, flags, info, at);
        }
        long stamp = moduleLock.writeLock();
        try {
            return elements > 0 ? moduleNames.addWithValue(n, flags, info, elements, at) : moduleNames.add(n, flags, info, at);
        } finally {
            moduleLock.unlockWrite(stamp);
        }
    }

    private void setModuleFlags(int address, int flags) {
        if (moduleLock == null) {
            moduleNames.setFlags(address, flags);
            return;
        }
        long stamp = moduleLock.writeLock();
        try {
            moduleNames.setFlags(address, flags);
        } finally {
            moduleLock.unlockWrite(stamp);
        }
    }

    private int addModuleRange(String n, int info, int count, Span at) {
        changed();
        if (moduleLock == null) {
            return moduleRanges.addWithValue(n, 0, info, count, at);
        }
        long stamp = moduleLock.writeLock();
        try {
            return moduleRanges.addWithValue(n, 0, info, count, at);
        } finally {
            moduleLock.unlockWrite(stamp);
        }
    }

    private void declareFunction(Function f, boolean hasBody) {
        PtxVersion v = header.declaredVersion();
        calls.declare(f, v == null || v.atLeast(PtxVersion.of(3, 1)));
        aliases.function(f, hasBody);
        functionDecls.declare(f, hasBody, out);
        if (f.name() != null) {
            if (listener != null) {
                listener.declared(f.name(), new Symbol(f.name().text(), Symbol.Kind.FUNCTION, null, null, 1,
                        f.name().span()));
            }
            String n = f.name().text();
            int a = moduleNames.find(n);
            if (a < 0) {
                a = addModuleName(n, FN_DECLARED, FUNCTION_INFO, f.name().span());
            } else if ((moduleNames.flags(a) & FN_DECLARED) == 0) {
                Span previous = moduleNames.span(a);
                out.report(Diagnostic.of(Rules.DUPLICATE_DECLARATION, TextRange.of(f.name().span()),
                                "'" + n + "' is already declared as a variable; a function cannot reuse its name")
                        .withRelated(new Diagnostic.Related(TextRange.of(previous), "variable '" + n + "'")));
            } else if (hasBody && (moduleNames.flags(a) & FN_DEFINED) != 0) {
                // A declaration (prototype) followed by the definition is allowed; two bodies are not.
                duplicate(f.name(), moduleNames.span(a));
            }
            if (hasBody && (moduleNames.flags(a) & FN_DECLARED) != 0) {
                setModuleFlags(a, FN_DEFINED);
            }
        }
    }

    /** A block and the blocks inside it, each in its own scope (no recursion, whatever the nesting). */
    private void block(Scope scope, Block b) {
        collectLabels(scope, b);
        Deque<java.util.Iterator<Statement>> open = new ArrayDeque<>();
        open.push(b.statements().iterator());
        while (!open.isEmpty()) {
            java.util.Iterator<Statement> it = open.peek();
            if (!it.hasNext()) {
                open.pop();
                if (!open.isEmpty()) {
                    pop();
                }
                continue;
            }
            Statement s = it.next();
            if (s instanceof Block inner) {
                lastLabel = null;
                Scope sc = new Scope();
                push(sc);
                collectLabels(sc, inner);
                open.push(inner.statements().iterator());
            } else {
                statement(s);
            }
        }
    }

    private static final int FUNCTION_INFO = new Symbol("", Symbol.Kind.FUNCTION, null, null, 1, null).info();

    private void collectLabels(Scope scope, Block b) {
        Statement previous = null;
        for (Statement s : b.statements()) {
            if (previous instanceof Label pl && s instanceof Ast.Directive d && d.name().text().equals(".branchtargets")) {
                if (scope.branchTargets == null) {
                    scope.branchTargets = new java.util.HashSet<>();
                }
                scope.branchTargets.add(pl.name().text());
                changed();
            }
            previous = s;
            if (s instanceof Label l) {
                declareLabel(scope, l);
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

    /** One statement other than a block, in the innermost scope. */
    /** The label just before the current statement (a .callprototype's or .calltargets' name), else null. */
    private Token lastLabel;

    private void statement(Statement s) {
        Token label = lastLabel;
        lastLabel = s instanceof Label l ? l.name() : null;
        if (s instanceof VarDecl d) {
            declarations.check(d, DeclarationCheck.Scope.BODY);
            shared.bodyDeclaration(d);
            declareAll(innermost(), d);
            calls.local(d);
        } else if (s instanceof Instruction i) {
            instruction(i);
        } else if (s instanceof Label l) {
            labelAgainstDeclarations(innermost(), l.name());
            innermost().definedLabels.putIfAbsent(l.name().text(), l.name().span());
        } else if (s instanceof Ast.Directive d) {
            String n = d.name().text();
            if (n.equals(".branchtargets") || n.equals(".calltargets")) {
                for (Expr e : d.args()) {
                    if (e instanceof Name nm) {
                        use(nm.token(), n.equals(".branchtargets") ? FORWARD_LIST : NOT_OPERAND);
                    }
                }
            }
            if (label != null && (n.equals(".callprototype") || n.equals(".calltargets"))) {
                calls.directive(label.text(), d);
            }
        }
    }

    private void instruction(Instruction i) {
        if (!provisional.isEmpty()) {
            provisional.clear();
        }
        if (memoCount > 0) {
            java.util.Arrays.fill(memoTokens, 0, memoCount, null); // (holds no token of a finished instruction)
            memoCount = 0;
        }
        Token opcode = i.opcode();
        String op = opcode.text();
        int facts = cache.opcode(opcode); // (by its spelling id: no String compared or hashed)
        if (opcode.kind() == TokenKind.IDENT && (facts & ResolveCache.KNOWN_OPCODE) == 0) {
            unknownOpcode(opcode);
        }
        if (i.guard() != null) {
            use(i.guard().predicate(), NOT_OPERAND);
        }
        currentOp = op;
        currentInsn = i;
        List<Expr> operands = i.operands();
        for (int k = 0, n = operands.size(); k < n; k++) {
            uses(operands.get(k), k);
        }
        InstructionCheck[] cs = checkArray;
        for (int k = 0; k < cs.length; k++) {
            cs[k].check(i, context);
        }
        if ((facts & ResolveCache.CALL) != 0) {
            calls.check(i, context::resolve, out);
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

    /**
     * The names of operand {@code at} of the instruction being checked ({@link #currentOp}), or of
     * a non-operand context ({@link #NOT_OPERAND}, {@link #FORWARD_LIST}).
     */
    private void uses(Expr e, int at) {
        if (e instanceof Name n) {
            if (n.token().kind() == TokenKind.IDENT) {
                use(n.token(), at);
            }
        } else if (e instanceof Ast.Unary u) {
            uses(u.operand(), at);
        } else if (e instanceof Ast.Binary b) {
            uses(b.left(), at);
            uses(b.right(), at);
        } else if (e instanceof Ast.Ternary t) {
            uses(t.cond(), at);
            uses(t.then(), at);
            uses(t.otherwise(), at);
        } else if (e instanceof Ast.Cast c) {
            uses(c.operand(), at);
        } else if (e instanceof Ast.Group g) {
            usesAll(g.items(), at);
        } else if (e instanceof Ast.VectorExpr v) {
            usesAll(v.items(), at);
        } else if (e instanceof Ast.Address a) {
            usesAll(a.items(), NOT_OPERAND);
        } else if (e instanceof Ast.PredPair p) {
            uses(p.first(), NOT_OPERAND);
            uses(p.second(), NOT_OPERAND);
        } else if (e instanceof Ast.Brace b) {
            usesAll(b.items(), NOT_OPERAND);
        } else if (e instanceof Ast.Call c) {
            usesAll(c.args(), NOT_OPERAND);
        }
    }

    private void usesAll(List<Expr> items, int at) {
        for (int k = 0, n = items.size(); k < n; k++) {
            uses(items.get(k), at);
        }
    }

    /** A name that is no instruction operand's (a guard, an address part, an {@code .alias}). */
    private static final int NOT_OPERAND = -1;
    /** A name of a {@code .branchtargets} list: a label, which may be defined further down. */
    private static final int FORWARD_LIST = -2;
    /** {@link #labelMode} bits: the operand is a label operand; it may name a label defined further down. */
    private static final int LABEL = 1, FORWARD = 2;
    /** The opcode of the instruction whose operands are being resolved, and the instruction. */
    private String currentOp = "";
    private Instruction currentInsn;
    /** {@link #labelMasks} of the opcodes seen, by the text's identity (direct-mapped); made on first need. */
    private String[] maskKeys;
    private long[] maskValues;
    private static final java.util.concurrent.ConcurrentHashMap<String, Long> LABEL_MASKS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Whether operand {@code at} of {@link #currentOp} is a label operand ({@link #LABEL}) and may
     * name a label defined further down ({@link #FORWARD}), as the ISA data says ({@code @operand
     * tgt : label forward}, bra.ptxisa); asked only on the way to a finding or a pending use.
     */
    private int labelMode(int at) {
        if (at == FORWARD_LIST) {
            return LABEL | FORWARD;
        }
        if (at < 0 || at >= 32) {
            return 0;
        }
        String op = currentOp;
        String[] keys = maskKeys;
        if (keys == null) {
            keys = maskKeys = new String[64];
            maskValues = new long[64];
        }
        int h = op.hashCode();
        int slot = (h ^ (h >>> 16)) & (keys.length - 1);
        long m;
        if (keys[slot] == op) {
            m = maskValues[slot];
        } else {
            // (no computeIfAbsent: a method reference would link LambdaMetafactory on a clean run, JarIT)
            Long known = LABEL_MASKS.get(op);
            if (known == null) {
                known = dev.ptxlint.isa.InstructionSet.get().has(op) ? labelMasks(op) : 0L;
                LABEL_MASKS.putIfAbsent(op, known);
            }
            m = known;
            keys[slot] = op;
            maskValues[slot] = m;
        }
        return (int) (m >>> at & 1) | (int) (m >>> (32 + at) & 1) << 1;
    }

    /**
     * The positions of the label operands of {@code op}'s forms (bits 0..31) and of those that may
     * refer forward (bits 32..63), over all its forms.
     */
    private static long labelMasks(String op) {
        long m = 0;
        for (dev.ptxlint.isa.IsaForm f : dev.ptxlint.isa.InstructionSet.get().forms(op)) {
            dev.ptxlint.isa.IsaForm.Operand[] ops = f.operands();
            for (int k = 0; k < ops.length && k < 32; k++) {
                if (ops[k].kind() == dev.ptxlint.isa.IsaForm.Kind.LABEL) {
                    m |= 1L << k;
                    if (ops[k].limits().forward()) {
                        m |= 1L << (32 + k);
                    }
                }
            }
        }
        return m;
    }

    private String mnemonic() {
        return currentInsn == null ? currentOp : currentInsn.mnemonic();
    }

    /**
     * Label {@code n}, used at {@code at} by instruction {@code mnemonic} where only a label defined
     * above it is taken, is defined further down at {@code definition} (PTX0276).
     */
    private void forwardLabel(String n, Span at, Span definition, String mnemonic) {
        // (the definition goes with it as a related location, not as a line in the text: an incremental
        // lint shifts the ranges of a diagnostic it keeps, never its message)
        out.report(Diagnostic.of(Rules.FORWARD_LABEL, TextRange.of(at), "label '" + n
                        + "' is defined further down, but " + mnemonic
                        + " takes only a label defined above it here (ptxas refuses a forward reference there);"
                        + " define '" + n + ":' before this instruction")
                .withRelated(new Diagnostic.Related(TextRange.of(definition), "definition of '" + n + "'")));
    }

    private void use(Token name, int at) {
        String n = name.text();
        if (n == Lexer.SINK) { // the lexer's '_' is always this String (names come from its tokens)
            return;
        }
        Symbol resolved = resolve(name);
        if (listener != null) {
            listener.used(name, resolved);
        }
        if (resolved != null) {
            shared.use(n, resolved);
            if (at >= 0 && resolved.kind() == Symbol.Kind.LABEL) {
                // labels are collected before their block's statements: one defined further down resolves too
                Span d = resolved.declaration();
                if (d != null && d.start() > name.span().start() && labelMode(at) == LABEL) {
                    forwardLabel(n, name.span(), d, mnemonic());
                }
            }
            return;
        }
        int mode = at == NOT_OPERAND ? 0 : labelMode(at);
        if ((mode & LABEL) != 0 && streaming) {
            // a label later in this block or an enclosing one may define it: decided when the block ends
            // (where only a label defined above is taken, such a definition is PTX0276)
            Scope s = innermost();
            if (s.pending == null) {
                s.pending = new PendingUses();
            }
            boolean forward = (mode & FORWARD) != 0;
            s.pending.add(n, name.span(), forward ? null : mnemonic());
            if (forward) {
                provisional.add(n);
            }
            return;
        }
        if ((mode & LABEL) != 0) {
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
        ResolveCache c = cache;
        int slot = c.stringSlot(n);
        Symbol sym = c.stringGet(slot, n);
        if (sym == null) {
            sym = lookup(n);
            if (sym == null) {
                sym = UNRESOLVED;
            }
            c.stringPut(slot, n, sym);
        }
        return sym != UNRESOLVED ? sym : provisional(n);
    }

    /**
     * What the name {@code t} refers to in the current scope, or null: as {@link #resolve(String)}
     * of its text, found by its spelling id without reading the text on a hit.
     */
    Symbol resolve(Token t) {
        Token[] mt = memoTokens;
        for (int k = 0, m = memoCount; k < m; k++) {
            if (mt[k] == t) {
                return memoSymbols[k];
            }
        }
        int id = t.id();
        String n = t.text();
        if (id < 0) {
            return resolve(n);
        }
        ResolveCache c = cache;
        Symbol sym = c.get(id, n);
        if (sym == null) {
            sym = lookup(n, id);
            if (sym == null) {
                sym = UNRESOLVED;
            }
            c.put(id, n, sym);
        }
        if (sym != UNRESOLVED && memoCount < MEMO) {
            mt[memoCount] = t;
            memoSymbols[memoCount++] = sym;
        }
        return sym != UNRESOLVED ? sym : provisional(n);
    }

    /** A branch target taken as a label not defined yet ({@link #provisional}), or null. */
    private Symbol provisional(String n) {
        if (!provisional.isEmpty() && provisional.contains(n)) {
            return new Symbol(n, Symbol.Kind.LABEL, null, null, 1, null);
        }
        return null;
    }

    /** {@link #resolve} without the cache and the provisional labels. */
    private Symbol lookup(String n) {
        return lookup(n, -1);
    }

    /**
     * As {@link #lookup(String)}; {@code id}, when not -1, is {@code n}'s spelling id, whose cache
     * entry keeps where its numeric suffix starts and its value (found once per spelling, not once
     * per function), and the name of the range that covered it last (the same String in the next
     * function that declares that range: found without comparing texts).
     */
    private Symbol lookup(String n, int id) {
        ResolveCache c = cache;
        int suffix = id < 0 ? -2 : c.suffix(id, n); // where n's numeric suffix starts (-1: none), found on first need
        long index = id < 0 ? -1 : c.index(id, n);
        for (int d = depth - 1; d >= 0; d--) {
            Scope s = scopes[d];
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
            if (!s.ranges.isEmpty()) {
                if (suffix == -2) {
                    suffix = suffixStart(n);
                    if (id >= 0) {
                        c.setSuffix(id, n, suffix);
                    }
                }
                Range r = null;
                if (suffix >= 0) {
                    String known = id < 0 ? null : c.prefix(id, n);
                    r = known == null ? null : rangeNamedAgain(s, known);
                    if (r == null) {
                        r = rangeNamed(s, n, suffix);
                        if (r != null && id >= 0) {
                            c.setPrefix(id, n, r.symbol().name());
                        }
                    }
                }
                if (r != null) {
                    if (index < 0) {
                        index = rangeIndex(n, suffix);
                        if (id >= 0) {
                            c.setIndex(id, n, index);
                        }
                    }
                    if (index < r.count()) {
                        return r.register(n, index);
                    }
                }
            }
        }
        Symbol m;
        if (worker) {
            long stamp = moduleLock.readLock();
            try {
                m = moduleSymbol(n);
            } finally {
                moduleLock.unlockRead(stamp);
            }
        } else {
            m = moduleSymbol(n);
        }
        if (m != null) {
            return m;
        }
        if (SpecialRegisters.isPredefined(n)) {
            return new Symbol(n, Symbol.Kind.SPECIAL_REGISTER, ".sreg", null, 1, null);
        }
        return null;
    }

    /** The module name or register {@code n} (declared before this function, for a worker), or null. */
    private Symbol moduleSymbol(String n) {
        int a = moduleNames.find(n);
        if (a >= 0 && a < namesLimit) {
            return moduleSymbol(a, n);
        }
        a = moduleRangeOf(n);
        if (a >= 0) {
            return Symbol.of(n, moduleRanges.info(a), moduleRanges.span(a));
        }
        return null;
    }

    /** The symbol of the module name at {@code address} (named {@code n}), from a small cache. */
    private Symbol moduleSymbol(int address, String n) {
        int slot = (address * 0x9E3779B9) >>> 24;
        Symbol[] symbols = cachedSymbol;
        if (symbols == null) {
            symbols = cachedSymbol = new Symbol[256];
            cachedAddress = new int[256];
        }
        Symbol s = symbols[slot];
        if (s != null && cachedAddress[slot] == address) {
            return s;
        }
        s = Symbol.of(n, moduleNames.info(address), moduleNames.span(address));
        symbols[slot] = s;
        cachedAddress[slot] = address;
        return s;
    }

    /** The module's register range that covers {@code n}, as an address in {@link #moduleRanges}, or -1. */
    private int moduleRangeOf(String n) {
        if (moduleRanges.size() == 0) {
            return -1;
        }
        int i = suffixStart(n);
        if (i < 0) {
            return -1;
        }
        int a = moduleRanges.find(n, 0, i);
        return a >= 0 && a < rangesLimit && rangeIndex(n, i) < moduleRanges.value(a) ? a : -1;
    }

    /** The value of the digits of {@code n} from {@code from} on (leading zeros allowed), saturating. */
    private static long rangeIndex(String n, int from) {
        long v = 0;
        for (int k = from; k < n.length(); k++) {
            v = v * 10 + (n.charAt(k) - '0');
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
        Range r = rangeNamed(scope, n, i);
        return r != null && rangeIndex(n, i) < r.count() ? r : null;
    }

    /**
     * The range of {@code scope} among its first {@link #FAST_RANGES} whose name is the String
     * {@code name} (a range that covered the same spelling before), or null: as {@link #rangeNamed}
     * without reading the name being resolved (a scope has one range of a name).
     */
    private static Range rangeNamedAgain(Scope scope, String name) {
        String[] names = scope.rangeNames;
        for (int k = 0; k < scope.rangeCount; k++) {
            if (names[k] == name) {
                return scope.rangeList[k];
            }
        }
        return null;
    }

    /** The range of {@code scope} named {@code n}'s first {@code i} characters (its prefix), or null. */
    private static Range rangeNamed(Scope scope, String n, int i) {
        for (int k = 0; k < scope.rangeCount; k++) {
            String rn = scope.rangeNames[k];
            if (rn.length() == i && n.startsWith(rn)) {
                return scope.rangeList[k];
            }
        }
        // the ranges past the first FAST_RANGES (their names differ from those above)
        return scope.ranges.size() > scope.rangeCount ? scope.ranges.get(n.substring(0, i)) : null;
    }

    /** Explains a use like %r100 when %r<100> is declared. */
    private String rangeHint(String n) {
        int i = suffixStart(n);
        if (i < 0) {
            return null;
        }
        String prefix = n.substring(0, i);
        for (int d = depth - 1; d >= 0; d--) {
            Range r = scopes[d].ranges.get(prefix);
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

    /** Declares every declarator of {@code d} in {@code scope} (null: the module). */
    private void declareAll(Scope scope, VarDecl d) {
        declareAll(scope, d, false);
    }

    /** As {@link #declareAll(Scope, VarDecl)}; {@code input}: the parameters of the function being opened. */
    private void declareAll(Scope scope, VarDecl d, boolean input) {
        for (Declarator decl : d.declarators()) {
            if (listener != null) {
                listener.declared(decl.name(), Symbol.of(decl.name().text(), d, decl.name().span()));
            }
            if (decl.isRange()) {
                Range prev = scope == null ? null : scope.ranges.get(decl.name().text());
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
                if (scope == null) {
                    declareModuleRange(decl, Symbol.of(decl.name().text(), d, decl.name().span()), count);
                    continue;
                }
                Range range = new Range(count, decl.name().span(), Symbol.of(decl.name().text(), d, decl.name().span()));
                if (prev != null) {
                    duplicate(decl.name(), prev.span());
                    continue;
                }
                scope.ranges.put(decl.name().text(), range);
                if (scope.rangeCount < FAST_RANGES) {
                    if (scope.rangeNames == null) {
                        scope.rangeNames = new String[FAST_RANGES];
                        scope.rangeList = new Range[FAST_RANGES];
                    }
                    scope.rangeNames[scope.rangeCount] = decl.name().text();
                    scope.rangeList[scope.rangeCount++] = range;
                }
                changed();
                for (Map.Entry<String, Symbol> e : scope.names.entrySet()) {
                    if (rangeOf(scope, e.getKey()) == range) {
                        duplicate(decl.name(), e.getValue().declaration());
                        break;
                    }
                }
            } else {
                Symbol sym = Symbol.of(decl.name().text(), d, decl.name().span());
                if (scope == null && !decl.name().text().equals("_")) {
                    declareModuleVariable(decl.name(), sym, decl, d);
                } else {
                    declare(scope, decl.name(), input ? sym.asInput() : sym);
                }
            }
        }
    }

    private void declareModuleRange(Declarator decl, Symbol symbol, int count) {
        String n = decl.name().text();
        int prev = moduleRanges.find(n);
        if (prev >= 0) {
            duplicate(decl.name(), moduleRanges.span(prev));
            return;
        }
        int range = addModuleRange(n, symbol.info(), count, decl.name().span());
        // the first name declared before that the range covers (in declaration order)
        int[] clash = {-1};
        moduleNames.forEach(a -> {
            if (clash[0] < 0 && moduleRangeOf(moduleNames.name(a)) == range) {
                clash[0] = a;
            }
        });
        if (clash[0] >= 0) {
            duplicate(decl.name(), moduleNames.span(clash[0]));
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

    /**
     * A module variable: as {@link #declare} at module scope, but a variable may be declared again
     * where ptxas 13.0 allows it (measured, decls3; docs/ptxas-behaviour.md §22): an .extern
     * declaration before or after any other, and a .visible or .weak definition after .extern ones
     * (not a definition without linkage: "'.extern' variable cannot be resolved by a '.static'"),
     * with the same type and vector size (another type is "Inconsistent redefinition").
     */
    private void declareModuleVariable(Token name, Symbol symbol, Declarator decl, VarDecl d) {
        int elements = 0;
        if (!decl.dims().isEmpty()) {
            long e = 1;
            for (Expr x : decl.dims()) {
                long k = x instanceof Ast.IntLit l ? DeclarationCheck.intValue(l) : 0;
                e = k <= 0 ? 0 : Math.min(e * k, Integer.MAX_VALUE);
                if (e == 0) {
                    break;
                }
            }
            elements = (int) e;
        }
        boolean extern = false;
        boolean linkage = false;
        for (Token t : d.linkage()) {
            extern |= t.text().equals(".extern");
            linkage = true;
        }
        String n = name.text();
        int a = moduleNames.find(n);
        if (a >= 0) {
            int flags = moduleNames.flags(a);
            boolean variable = (flags & FN_DECLARED) == 0 && (flags & VAR_EXTERN) != 0 || extern;
            int before = moduleNames.value(a);
            boolean sameType = (moduleNames.info(a) >>> 6 & 0x7f) == (symbol.info() >>> 6 & 0x7f)
                    && (moduleNames.info(a) & 3) == (symbol.info() & 3)
                    && (before == 0 || elements == 0 || before == elements); // a[] matches a[4]; a[4] not a[8]
            if (variable && sameType && (flags & FN_DECLARED) == 0
                    && (extern || linkage && d.linkage().size() == 1 && (flags & VAR_DEFINED) == 0)) {
                if (!extern) {
                    setModuleFlags(a, VAR_DEFINED);
                }
                return;
            }
            String why = null;
            if (variable && (flags & FN_DECLARED) == 0 && !sameType) {
                why = "'" + n + "' is declared above with another type or array size, and an .extern declaration and"
                        + " the definition must agree on both: declare it the same way";
            } else if (variable && (flags & FN_DECLARED) == 0 && !linkage && (flags & VAR_DEFINED) == 0) {
                why = "'" + n + "' is declared .extern above, which a definition without linkage cannot resolve"
                        + " (ptxas: 'cannot be resolved by a .static'): write .visible or .weak here";
            }
            if (why != null) {
                out.report(Diagnostic.of(Rules.DUPLICATE_DECLARATION, TextRange.of(name.span()), why)
                        .withRelated(new Diagnostic.Related(TextRange.of(moduleNames.span(a)),
                                "previous declaration of '" + n + "'")));
                return;
            }
        }
        if (a < 0 && moduleRangeOf(n) < 0) {
            addModuleName(n, extern ? VAR_EXTERN : VAR_DEFINED, symbol.info(), elements, symbol.declaration());
            return;
        }
        declare(null, name, symbol);
    }

    /** Declares {@code name} in {@code scope} (null: the module) unless it clashes. */
    private void declare(Scope scope, Token name, Symbol symbol) {
        if (name.text().equals("_")) {
            return;
        }
        if (scope == null) {
            String n = name.text();
            int a = moduleNames.find(n);
            Span prev = a >= 0 ? moduleNames.span(a) : null;
            if (prev == null) {
                a = moduleRangeOf(n);
                prev = a >= 0 ? moduleRanges.span(a) : null;
            }
            if (prev != null) {
                duplicate(name, prev);
            } else {
                addModuleName(n, 0, symbol.info(), symbol.declaration());
            }
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
            declaredIn(scope, name);
        }
    }

    /**
     * {@code name} was declared in {@code scope}: in a block nested in a function, only what its
     * spelling resolves to changes (now, and again when the block ends); elsewhere anything may.
     */
    private void declaredIn(Scope scope, Token name) {
        if (scope != null && scope.nested) {
            scope.declared(name);
            if (ResolveCache.forgettable(name)) {
                forget(name);
                return;
            }
        }
        changed();
    }

    private void duplicate(Token name, Span prev) {
        out.report(Diagnostic.of(Rules.DUPLICATE_DECLARATION, TextRange.of(name.span()),
                        "'" + name.text() + "' is already declared in this scope; rename or remove one declaration")
                .withRelated(new Diagnostic.Related(TextRange.of(prev), "previous declaration of '" + name.text() + "'")));
    }

    // ------------------------------------------------------------------ streamed function bodies

    /** Statements of one body held before it is checked whole; past it the body is checked as it streams. */
    private final long bodyBudget;
    /** The function whose body is arriving through {@link #bodyListener}, or null. */
    private Function streamed;
    /** While held: the statements of the body (0) and of each nested block still open. */
    private final ArrayList<ArrayList<Statement>> frames = new ArrayList<>();
    private long held;
    /** Whether the body of {@link #streamed} is checked as it arrives. */
    private boolean streaming;
    /** Branch targets of the instruction being checked that resolve to a label not defined yet. */
    private final ArrayList<String> provisional = new ArrayList<>();
    /** Told the line of each statement checked as it streams (suppression comments before it are known). */
    private java.util.function.IntConsumer settle = new java.util.function.IntConsumer() {
        @Override
        public void accept(int line) {
        }
    };

    /**
     * Receives function bodies as the parser reads them. A body of at most the budget's statements
     * is held and checked whole when its function ends, exactly as {@link #visit} checks a whole
     * function; a larger one is checked as it arrives, holding only its declarations, labels and
     * the positions of branches to labels not defined yet (docs/limits.md "Memory").
     */
    dev.ptxlint.syntax.Parser.BodyListener bodyListener(java.util.function.IntConsumer settle) {
        this.settle = settle;
        return new dev.ptxlint.syntax.Parser.BodyListener() {
            @Override
            public void bodyStart(Function header) {
                streamed = header;
                frames.clear();
                frames.add(new ArrayList<>());
                held = 0;
                streaming = false;
            }

            @Override
            public void blockOpen(Token brace) {
                if (streaming) {
                    push(new Scope());
                    return;
                }
                frames.add(new ArrayList<>());
                hold();
            }

            @Override
            public void statement(Statement s) {
                if (streaming) {
                    NameResolver.this.settle.accept(s.span().line());
                    streamStatement(s);
                    return;
                }
                frames.get(frames.size() - 1).add(s);
                hold();
            }

            @Override
            public void blockClose(Span span) {
                if (streaming) {
                    closeStreamedBlock();
                    return;
                }
                List<Statement> inner = frames.remove(frames.size() - 1);
                frames.get(frames.size() - 1).add(new Block(inner, span));
            }
        };
    }

    private void hold() {
        if (++held > bodyBudget) {
            startStreaming();
        }
    }

    /** The body outgrew the budget: checks what is held, in order, and then the rest as it comes. */
    private void startStreaming() {
        if (pool != null) {
            pool.drain(); // its diagnostics and those of the bodies before it come first
        }
        streaming = true;
        Scope fs = functionStart(streamed, true);
        ArrayList<ArrayList<Statement>> open = new ArrayList<>(frames);
        frames.clear();
        for (int k = 0; k < open.size(); k++) {
            if (k > 0) {
                push(new Scope());
            }
            List<Statement> list = open.get(k);
            open.set(k, null);
            for (Statement s : list) {
                streamTree(s);
            }
        }
    }

    /** Checks a held statement as if it streamed: a block opens a scope, its statements, closes it (no recursion). */
    private void streamTree(Statement first) {
        if (!(first instanceof Block)) {
            streamStatement(first);
            return;
        }
        Deque<java.util.Iterator<Statement>> open = new ArrayDeque<>();
        push(new Scope());
        open.push(((Block) first).statements().iterator());
        while (!open.isEmpty()) {
            java.util.Iterator<Statement> it = open.peek();
            if (!it.hasNext()) {
                open.pop();
                closeStreamedBlock();
                continue;
            }
            Statement s = it.next();
            if (s instanceof Block b) {
                push(new Scope());
                open.push(b.statements().iterator());
            } else {
                streamStatement(s);
            }
        }
    }

    /** Declares a label in {@code scope}; a second label of the same name there is PTX0104. */
    private void declareLabel(Scope scope, Label l) {
        Token name = l.name();
        Span prev = scope.labels.get(name.text());
        if (prev != null) {
            out.report(Diagnostic.of(Rules.DUPLICATE_LABEL, TextRange.of(name.span()),
                            "'" + name.text() + "' is already defined in this scope; rename the label")
                    .withRelated(new Diagnostic.Related(TextRange.of(prev), "first definition of '"
                            + name.text() + "'")));
        } else {
            scope.labels.put(name.text(), name.span());
            declaredIn(scope, name);
        }
        if (listener != null) {
            listener.declared(name, new Symbol(name.text(), Symbol.Kind.LABEL, null, null, 1, name.span()));
        }
    }

    /** One statement of a streamed body, in the innermost open scope. */
    private void streamStatement(Statement s) {
        Scope scope = innermost();
        if (s instanceof Label l) {
            declareLabel(scope, l);
        }
        statement(s);
    }

    /**
     * Ends the innermost scope of a streamed body: its branches to labels it never defined go to
     * the enclosing block (where a later label may still define them); at the function's own
     * scope they are reported.
     */
    private void closeStreamedBlock() {
        Scope done = pop();
        settlePending(done, innermost());
    }

    /** Passes the branch targets {@code done} does not define on to {@code outer}, or reports them (outer null). */
    private void settlePending(Scope done, Scope outer) {
        PendingUses p = done.pending;
        done.pending = null;
        if (p == null) {
            return;
        }
        for (int k = 0; k < p.size; k++) {
            String n = p.names[k];
            Span definition = done.labels.get(n);
            if (definition != null) {
                if (p.backOnly[k] != null) {
                    forwardLabel(n, p.span(k), definition, p.backOnly[k]);
                }
                continue;
            }
            if (outer == null) {
                out.report(Rules.UNDECLARED_LABEL, p.span(k), "label '" + n
                        + "' is not defined in this scope (labels are visible in their own { } block and the blocks inside it);"
                        + " define '" + n + ":' before an instruction");
            } else {
                if (outer.pending == null) {
                    outer.pending = new PendingUses();
                }
                outer.pending.add(n, p.span(k), p.backOnly[k]);
            }
        }
    }

    /** The parser returned the function whose body streamed: checks it whole if it was held, else ends it. */
    private void finishStreamedBody(Function f) {
        Function h = streamed;
        streamed = null;
        if (!streaming) {
            while (frames.size() > 1) { // (the parser closes every block it opens)
                List<Statement> inner = frames.remove(frames.size() - 1);
                frames.get(frames.size() - 1).add(new Block(inner, f.body().span()));
            }
            ArrayList<Statement> body = frames.isEmpty() ? new ArrayList<>() : frames.get(0);
            frames.clear();
            Function whole = new Function(f.linkage(), f.kind(), f.returns(), f.name(), f.params(), f.performance(),
                    new Block(body, f.body() != null ? f.body().span() : h.span()), f.span());
            if (pool != null && pool.accepts(whole)) {
                declareFunction(whole, true);
                pool.submit(whole, held, out.errorCount() - foldMark, out.lastSyntaxErrorOffset(),
                        header.frozen(), moduleNames.nextAddress(), moduleRanges.nextAddress());
                foldMark = out.errorCount();
                return;
            }
            function(whole);
            return;
        }
        streaming = false;
        provisional.clear();
        while (depth > 1) {
            closeStreamedBlock();
        }
        // the function's scope: branches to labels never defined are reported here
        settlePending(innermost(), null);
        // FunctionCheck.end sees no body: the whole-function analyses skip a streamed one
        functionEnd(new Function(f.linkage(), f.kind(), f.returns(), f.name(), f.params(), f.performance(), null,
                f.span()));
    }
}
