package dev.ptxlint.checker;

import dev.ptxlint.diag.ChunkedText;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Parser;
import dev.ptxlint.syntax.Span;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Lints one document again and again as it is edited, re-checking only what changed where it can.
 *
 * <p>The first {@link #lint(String)} lints the whole text like {@link Linter} and remembers, for
 * each top-level item, where it starts, the diagnostics located in its region (from its start to
 * the next item's start), and what later items can see of it (its declarations; for a function,
 * its name and whether it has a body). {@link #update} is then told which part of the text
 * changed (as the lengths of the unchanged prefix and suffix). When the change lies inside one
 * function body and leaves the function's header as it was, only that function is parsed and
 * checked again, with the module-level context replayed from the remembered declarations of the
 * other items; the other items' diagnostics are kept (shifted when lines moved). Anything else
 * (a change to a directive or declaration, a brace that merges or splits functions, an
 * unterminated comment) lints the whole text again. Either way the result equals a full lint.
 *
 * <p>Not thread-safe: one instance per document, used by one thread at a time.
 */
public final class IncrementalLinter {

    /** What a top-level item is, for outlines. */
    public enum ItemKind { ENTRY, FUNCTION, VARIABLE, DIRECTIVE, SECTION, OTHER }

    /** A name and where it is. */
    public record NamedRange(String name, TextRange range) {
    }

    /**
     * A summary of one top-level item: its kind, its names (the function's name, each declarator
     * of a declaration, the directive's name) and, for a function, the labels of its body.
     */
    public record TopItem(ItemKind kind, TextRange range, List<NamedRange> names, List<NamedRange> labels) {
    }

    /** One remembered item. */
    private static final class Item {
        long start;
        int line;
        int column;
        /** What later items see: the item itself, or a function with an emptied body. */
        Ast.TopLevel declaration;
        /** For a function with a body: the text from its start to its body's '{'; else null. */
        String header;
        List<Diagnostic> diagnostics = new ArrayList<>();
        /** Comments in the item's region that may be suppression directives (they mention ptxlint). */
        List<dev.ptxlint.syntax.Token> comments = List.of();
        TopItem summary;
        /**
         * For a function with a body, from the last full lint: the marks of the module tables after
         * its declaration ({@link #moduleTables}) and the header as its body saw it, whose
         * directives (with their spans) are those of the items up to {@link #headerFrom}; with them
         * its body is checked again without replaying the items before it. Null {@link #frozen}: none.
         */
        HeaderCheck frozen;
        int headerFrom;
        int namesMark;
        int rangesMark;
        /**
         * How far the item moved since {@link #declaration} and {@link #summary} were made: shifting
         * is deferred until they are read, so an edit costs two additions per later item.
         */
        long movedChars;
        int movedLines;

        void move(long chars, int lines) {
            start += chars;
            line += lines;
            movedChars += chars;
            movedLines += lines;
        }

        /** Applies the deferred move to the declaration and summary. */
        Item settled() {
            if (movedChars != 0 || movedLines != 0) {
                declaration = new ShiftingCopier(Long.MIN_VALUE, movedChars, movedLines).top(declaration);
                summary = shift(summary, Long.MIN_VALUE, movedChars, movedLines);
                movedChars = 0;
                movedLines = 0;
            }
            return this;
        }
    }

    private final LintSettings settings;
    /** Fresh checks for each pass (checks may keep state from function to function). */
    private final java.util.function.Supplier<List<InstructionCheck>> checks;
    private CharSequence text;
    private List<Item> items = new ArrayList<>();
    private List<Diagnostic> finish = List.of();
    /** Suppression comments of a text with no top-level item (else each item holds its own). */
    private List<dev.ptxlint.syntax.Token> looseComments = List.of();
    private boolean lastIncremental;
    /** Items replayed by the last {@link #update} (0 when it checked the function against the kept module tables). */
    private int lastReplayed;
    /**
     * The module names and register ranges of the last full lint (null: none). The incremental
     * path never changes a declaration, so they stay what a replay would make, except that the
     * spans of the items after an edited one are not moved: those are read only by name listeners,
     * never by a body's checks, and {@link #analyze} replays.
     */
    private NameResolver moduleTables;
    /** The first item moved by an incremental update since the last full lint (a header directive there or after it has old spans). */
    private int firstMoved = Integer.MAX_VALUE;
    /** Whether a diagnostic says a comment, string or block runs on to the end of the text ({@link #runsOn}). */
    private boolean runsOn;

    public IncrementalLinter() {
        this(LintSettings.DEFAULT);
    }

    /** A linter applying {@code settings}, like {@link Linter#Linter(LintSettings)}. */
    public IncrementalLinter(LintSettings settings) {
        this.settings = java.util.Objects.requireNonNull(settings);
        this.checks = Checks::all;
    }

    /** A linter with the given checks, made fresh for each pass (tests use it). */
    IncrementalLinter(LintSettings settings, java.util.function.Supplier<List<InstructionCheck>> checks) {
        this.settings = java.util.Objects.requireNonNull(settings);
        this.checks = checks;
    }

    /** The settings this linter applies. */
    public LintSettings settings() {
        return settings;
    }

    /** The text of the last lint, or null before the first. */
    public CharSequence text() {
        return text;
    }

    /** Whether the last {@link #update} re-checked one function only (for tests and benchmarks). */
    public boolean lastWasIncremental() {
        return lastIncremental;
    }

    /** How many items the last incremental {@link #update} replayed (tests). */
    int lastReplayed() {
        return lastReplayed;
    }

    /**
     * Lints {@code newText} from scratch and returns its diagnostics sorted by position. Each
     * diagnostic is filed under the item whose parsing or checking reported it (an error at the
     * first token of the next item, found while recovering from an error in this one, belongs to
     * this one).
     */
    public List<Diagnostic> lint(CharSequence newText) {
        try {
            return fullLint(newText);
        } catch (Throwable e) { // the document boundary: a crash becomes one diagnostic (docs/limits.md)
            return failed(newText, e);
        }
    }

    /** After a failure: the state of an empty module with one internal-error diagnostic. */
    private List<Diagnostic> failed(CharSequence newText, Throwable e) {
        items = new ArrayList<>();
        dropped = Map.of();
        moduleTables = null;
        runsOn = false;
        text = newText;
        lastIncremental = false;
        finish = List.of(Linter.internalError(e, Span.NONE));
        return diagnostics();
    }

    /**
     * Raw diagnostics kept per lint pass, per code and in all, before suppression comments apply;
     * the published list is capped again by {@link DiagnosticCap}'s own limits.
     */
    static final int RAW_PER_CODE = 2 * DiagnosticCap.PER_CODE;
    static final int RAW_PER_FILE = 2 * DiagnosticCap.PER_FILE;
    /** What the last full lint left out of the raw store (then every edit re-lints in full). */
    private Map<dev.ptxlint.diag.Rule, DiagnosticCap.Dropped> dropped = Map.of();

    private List<Diagnostic> fullLint(CharSequence newText) {
        lastIncremental = false;
        Context cx = new Context(settings, checks.get());
        List<List<Diagnostic>> current = new ArrayList<>();
        current.add(new ArrayList<>());
        cx.sink = d -> current.get(0).add(d);
        List<dev.ptxlint.syntax.Token> comments = new ArrayList<>();
        Lexer lexer = new Lexer(ChunkedText.reader(newText));
        lexer.setCommentListener(t -> keepComment(t, comments));
        Parser parser = new Parser(lexer, p -> cx.out.report(Linter.fromSyntax(p)));
        List<Item> list = new ArrayList<>();
        Span last = Span.NONE;
        Ast.TopLevel top;
        HeaderCheck frozen = null;
        int lastDirective = -1;
        while ((top = next(parser)) != null) {
            last = top.span();
            Item item = remember(top, newText);
            list.add(item);
            cx.header.visit(top);
            // What a body sees of the header changes only at items other than functions and at the
            // first function (which ends the header): later functions share one frozen copy.
            if (!(top instanceof Ast.Function)) {
                frozen = null;
                if (top instanceof Ast.Directive) {
                    lastDirective = list.size() - 1;
                }
            } else if (frozen == null) {
                frozen = cx.header.frozen();
            }
            cx.names.visit(top);
            if (item.header != null) {
                item.frozen = frozen;
                item.headerFrom = lastDirective;
                item.namesMark = cx.names.moduleNamesMark();
                item.rangesMark = cx.names.moduleRangesMark();
            }
            item.diagnostics = current.get(0);
            current.set(0, new ArrayList<>());
        }
        List<Diagnostic> tail = new ArrayList<>(current.get(0)); // found after the last item
        if (!list.isEmpty()) {
            list.get(list.size() - 1).diagnostics.addAll(tail);
            tail.clear();
        }
        cx.sink = tail::add;
        if (!lexer.unreadable()) {
            cx.header.finish(endOf(last));
            cx.names.finish();
        }
        this.text = newText;
        this.items = list;
        this.finish = tail;
        this.dropped = Map.copyOf(cx.cap.dropped());
        this.moduleTables = cx.names.tablesOnly();
        this.firstMoved = Integer.MAX_VALUE;
        this.runsOn = scanRunsOn(list);
        if (list.isEmpty()) {
            looseComments = comments; // a text of comments only: no item to file them under
        } else {
            looseComments = List.of();
            distributeComments(comments, list, 0, list.size());
        }
        return diagnostics();
    }

    private static void keepComment(dev.ptxlint.syntax.Token t, List<dev.ptxlint.syntax.Token> out) {
        if (t.text().contains("ptxlint")) {
            out.add(t);
        }
    }

    /**
     * Lints {@code newText}, which differs from the text of the last lint only between its first
     * {@code prefix} and last {@code suffix} characters. Falls back to a full lint when there was
     * none before or the change is not confined to one function body.
     */
    public List<Diagnostic> update(CharSequence newText, int prefix, int suffix) {
        CharSequence old = text;
        if (old == null || prefix < 0 || suffix < 0 || prefix + suffix > Math.min(old.length(), newText.length())) {
            return lint(newText);
        }
        if (prefix == old.length() && prefix == newText.length()) {
            lastIncremental = true;
            text = newText;
            return diagnostics();
        }
        List<Diagnostic> result;
        try {
            result = tryIncremental(old, newText, prefix, suffix);
        } catch (Throwable e) {
            result = null; // a full lint has its own guard
        }
        return result != null ? result : lint(newText);
    }

    /** The diagnostics of the last lint, sorted by position. */
    public List<Diagnostic> diagnostics() {
        List<Diagnostic> raw = new ArrayList<>();
        List<dev.ptxlint.syntax.Token> comments = new ArrayList<>();
        for (int i = 0, n = items.size(); i < n; i++) {
            Item it = items.get(i);
            if (!it.diagnostics.isEmpty()) {
                raw.addAll(it.diagnostics);
            }
            if (!it.comments.isEmpty()) {
                comments.addAll(it.comments);
            }
        }
        raw.addAll(finish);
        comments.addAll(looseComments);
        raw.sort(Linter.ORDER);
        // The settings and the suppression comments apply to the whole module at once (a comment
        // that silences nothing is itself reported), as Linter applies them.
        List<Diagnostic> out = new ArrayList<>(Math.min(raw.size(), DiagnosticCap.PER_FILE));
        DiagnosticCap cap = new DiagnosticCap(out::add);
        Suppressions suppressions = new Suppressions(settings, cap);
        comments.forEach(suppressions::comment);
        raw.forEach(suppressions::report);
        suppressions.finish();
        // what the raw store left out is counted after the kept ones went through the cap, so that
        // each note is at the earliest one left out by either, as in a full lint (counted first,
        // the store's stood even when the cap left out earlier ones; found by LinterFuzzTest)
        cap.droppedEarlier(dropped);
        cap.finish();
        out.sort(Linter.ORDER);
        return out;
    }

    /** A summary of every top-level item of the last lint, in source order. */
    public List<TopItem> outline() {
        List<TopItem> out = new ArrayList<>(items.size());
        for (Item it : items) {
            out.add(it.settled().summary);
        }
        return out;
    }

    /**
     * Parses the top-level item that contains {@code offset} in the text of the last lint (the
     * last item before it when it falls between items) and resolves its names with the module
     * context of the items before it, reporting declarations and uses to {@code listener}.
     * Returns the item, or null when the text has none.
     */
    public Ast.TopLevel analyze(long offset, NameListener listener) {
        if (items.isEmpty()) {
            return null;
        }
        int k = regionOf(offset);
        Item it = items.get(k);
        long end = k + 1 < items.size() ? items.get(k + 1).start : text.length();
        Context cx = new Context(settings, checks.get());
        cx.sink = d -> { };
        for (int i = 0; i < k; i++) {
            cx.replay(items.get(i).settled().declaration);
        }
        Lexer lexer = new Lexer(new StringReader(ChunkedText.substring(text, (int) it.start, (int) end)))
                .startingAt(it.start, it.line, it.column);
        Parser parser = new Parser(lexer, p -> { });
        Ast.TopLevel top = next(parser);
        if (top == null) {
            return null;
        }
        cx.names.setListener(listener);
        cx.header.visit(top);
        cx.names.visit(top);
        return top;
    }

    /**
     * Parses and resolves, in source order, every top-level item whose text mentions {@code name}
     * (the others only declare what later items see), reporting their declarations and uses to
     * {@code listener}: what document-wide references to a module variable or function need.
     * Instruction checks do not run. Returns the items parsed.
     */
    public List<Ast.TopLevel> analyzeMentioning(String name, NameListener listener) {
        List<Ast.TopLevel> parsed = new ArrayList<>();
        if (items.isEmpty() || name == null || name.isEmpty()) {
            return parsed;
        }
        Context cx = new Context(settings, List.of());
        cx.sink = d -> { };
        int hit = ChunkedText.indexOf(text, name, 0);
        for (int k = 0; k < items.size() && hit >= 0; k++) {
            Item it = items.get(k);
            long end = k + 1 < items.size() ? items.get(k + 1).start : text.length();
            if (hit < it.start) {
                hit = ChunkedText.indexOf(text, name, (int) it.start);
                if (hit < 0) {
                    break;
                }
            }
            if (hit >= end) {
                cx.replay(it.settled().declaration);
                continue;
            }
            Lexer lexer = new Lexer(new StringReader(ChunkedText.substring(text, (int) it.start, (int) end)))
                    .startingAt(it.start, it.line, it.column);
            Ast.TopLevel top = next(new Parser(lexer, p -> { }));
            if (top == null) {
                continue;
            }
            parsed.add(top);
            cx.names.setListener(listener);
            cx.header.visit(top);
            cx.names.visit(top);
            cx.names.setListener(null);
        }
        return parsed;
    }

    /**
     * The module variables and functions visible in the item that holds {@code offset}: those
     * declared by the items before it, and the item's own function name (a function may call
     * itself), in source order; a name declared twice is listed once, as first declared. Entries
     * are left out: nothing can call them.
     */
    public List<Symbol> moduleSymbols(long offset) {
        java.util.Map<String, Symbol> out = new java.util.LinkedHashMap<>();
        if (items.isEmpty()) {
            return List.of();
        }
        int k = regionOf(offset);
        for (int i = 0; i <= k; i++) {
            Ast.TopLevel d = items.get(i).settled().declaration;
            if (d instanceof Ast.VarDecl v && i < k) {
                for (Ast.Declarator decl : v.declarators()) {
                    out.putIfAbsent(decl.name().text(), Symbol.of(decl.name().text(), v, decl.name().span()));
                }
            } else if (d instanceof Ast.Function f && f.name() != null && !f.isEntry()) {
                out.putIfAbsent(f.name().text(), new Symbol(f.name().text(), Symbol.Kind.FUNCTION, null, null, 1,
                        f.name().span()));
            }
        }
        return List.copyOf(out.values());
    }

    // ------------------------------------------------------------------ incremental path

    private List<Diagnostic> tryIncremental(CharSequence old, CharSequence newText, int prefix, int suffix) {
        if (items.isEmpty() || runsOn || !dropped.isEmpty()) {
            return null;
        }
        long delta = (long) newText.length() - old.length();
        int oldEnd = old.length() - suffix;
        int k = regionOf(prefix);
        if (k + 1 < items.size() && items.get(k + 1).start < oldEnd) {
            return null; // the change spans two items
        }
        Item it = items.get(k);
        if (it.header == null || prefix < it.start + it.header.length()) {
            return null; // not inside a function body
        }
        if (k + 1 < items.size() && items.get(k + 1).summary.kind() == ItemKind.OTHER) {
            // stray tokens after the body (an error item): whether the parser reports them depends on
            // how it recovered from the errors just before, inside this function
            // (IncrementalLinterTest's random edits: '[%rd1}]' closes the body, and the report of the
            // ']' after it depends on an edit further up the body)
            return null;
        }
        long regionEnd = k + 1 < items.size() ? items.get(k + 1).start : old.length();
        int dLines = newlines(newText, prefix, newText.length() - suffix) - newlines(old, prefix, oldEnd);
        if (k + 1 < items.size() && sameLine(old, oldEnd, (int) regionEnd)) {
            return null; // the next item shares the changed line, and its columns would move
        }
        int newRegionEnd = (int) (regionEnd + delta);
        List<Diagnostic> found = new ArrayList<>();
        List<dev.ptxlint.syntax.Token> comments = new ArrayList<>();
        // The function's body is checked against the module tables of the last full lint (with the
        // marks of its point, as a body on a worker thread is: FunctionPool) when nothing the
        // declaration of the function reports and no item before it changed since: else the
        // declarations of every item before it are replayed into fresh tables.
        boolean alone = checksAlone(it);
        Context cx = null;
        DiagnosticCap cap;
        Reporter out;
        if (alone) {
            cap = new DiagnosticCap(found::add, RAW_PER_CODE, RAW_PER_FILE);
            out = new Reporter(cap);
            lastReplayed = 0;
        } else {
            cx = new Context(settings, checks.get());
            cx.sink = d -> { };
            for (int i = 0; i < k; i++) {
                cx.replay(items.get(i).settled().declaration);
            }
            cx.sink = found::add;
            cap = cx.cap;
            out = cx.out;
            lastReplayed = k;
        }
        out.setErrorCount(errorsSincePreviousBody(k));
        String region = ChunkedText.substring(newText, (int) it.start, newRegionEnd);
        Lexer lexer = new Lexer(new StringReader(region))
                .startingAt(it.start, it.line, it.column);
        lexer.setCommentListener(t -> keepComment(t, comments));
        int[] problems = {0};
        Parser parser = new Parser(lexer, p -> {
            problems[0]++;
            out.report(Linter.fromSyntax(p));
        });
        Ast.TopLevel top = next(parser);
        if (!(top instanceof Ast.Function f) || f.body() == null || next(parser) != null) {
            return null;
        }
        Item fresh = remember(top, newText);
        if (!it.header.equals(fresh.header) || fresh.start != it.start || cap.droppedAny()) {
            return null;
        }
        // Every finding of the old item lies in its region and no other item's does: otherwise
        // the items' findings depend on each other's error recovery.
        for (int i = 0, n = items.size(); i < n; i++) {
            List<Diagnostic> ds = items.get(i).diagnostics;
            for (int j = 0, m = ds.size(); j < m; j++) {
                long at = ds.get(j).range().startOffset();
                boolean inRegion = at >= it.start && at < regionEnd || i == k && at == regionEnd && k + 1 == items.size();
                if (inRegion != (i == k)) {
                    return null;
                }
            }
        }
        if (alone) {
            NameResolver.checkBody(f, out, it.frozen, checks.get(), moduleTables, it.namesMark, it.rangesMark);
        } else {
            cx.header.visit(top);
            cx.names.visit(top);
        }
        if (cap.droppedAny() || alone && rawCount(k) + found.size() > RAW_PER_CODE) {
            return null; // the raw store may have to leave some out, as a full lint would
        }
        long close = f.body().span().end();
        // (only the parser's error recovery keeps quiet about a brace left open, and it recovers
        // only after a syntax error: a region parsed without one needs no second lexing)
        if (close <= 0 || close > newText.length() || newText.charAt((int) close - 1) != '}'
                || problems[0] > 0 && !closesAt(region, close - it.start)) {
            return null; // the body did not end with its own '}' inside the region
        }
        for (Diagnostic d : found) {
            if (d.rule() == Rules.UNTERMINATED_COMMENT || d.rule() == Rules.UNTERMINATED_STRING
                    || d.rule() == Rules.UNCLOSED_BLOCK || d.range().endOffset() >= close) {
                return null; // in the whole text these may run on into the next items
            }
        }
        // Commit: from here on the new state replaces the old. Later items only move; the header's
        // end-of-module findings cannot change (a function body does not affect the header), so
        // they are kept, moved like everything after the change.
        if (delta != 0 || dLines != 0) {
            firstMoved = Math.min(firstMoved, k + 1);
        }
        for (int i = k + 1; i < items.size(); i++) {
            Item later = items.get(i);
            later.move(delta, dLines);
            if (!later.comments.isEmpty()) {
                ShiftingCopier c = new ShiftingCopier(oldEnd, delta, dLines);
                later.comments = later.comments.stream().map(c::t).toList();
            }
            if (!later.diagnostics.isEmpty()) {
                List<Diagnostic> moved = new ArrayList<>(later.diagnostics.size());
                for (Diagnostic d : later.diagnostics) {
                    moved.add(shift(d, oldEnd, delta, dLines));
                }
                later.diagnostics = moved;
            }
        }
        List<Diagnostic> tail = new ArrayList<>(finish.size());
        for (Diagnostic d : finish) {
            tail.add(shift(d, oldEnd, delta, dLines));
        }
        // comments before the first item belong to it but lie outside the re-parsed region
        List<dev.ptxlint.syntax.Token> keptComments = new ArrayList<>();
        for (dev.ptxlint.syntax.Token t : it.comments) {
            if (t.span().start() < it.start) {
                keptComments.add(t);
            }
        }
        keptComments.addAll(comments);
        // the module tables and the header the body saw stay as they were: its declaration did not change
        fresh.frozen = it.frozen;
        fresh.headerFrom = it.headerFrom;
        fresh.namesMark = it.namesMark;
        fresh.rangesMark = it.rangesMark;
        items.set(k, fresh);
        fresh.diagnostics = found;
        distributeComments(keptComments, items, k, k + 1);
        finish = tail;
        text = newText;
        lastIncremental = true;
        return diagnostics();
    }

    /**
     * Whether the body of {@code it} can be checked against {@link #moduleTables}: the item has
     * them, no directive of the header it saw has moved since (they keep their spans), and nothing was reported about its declaration (what its header reports
     * lies before its body: with nothing there, re-declaring it would report nothing either).
     */
    private boolean checksAlone(Item it) {
        if (moduleTables == null || it.frozen == null || it.headerFrom >= firstMoved) {
            return false;
        }
        long body = it.start + it.header.length();
        for (int j = 0, m = it.diagnostics.size(); j < m; j++) {
            if (it.diagnostics.get(j).range().startOffset() < body) {
                return false;
            }
        }
        return true;
    }

    /** The raw diagnostics stored for every item but {@code k}, and after the last. */
    private long rawCount(int k) {
        long n = finish.size();
        for (int i = 0, size = items.size(); i < size; i++) {
            if (i != k) {
                n += items.get(i).diagnostics.size();
            }
        }
        return n;
    }

    /**
     * The errors a full lint reports between the end of the last function body before item
     * {@code k} and item {@code k}: checks that skip a function after errors (the fold check)
     * compare the error count at its start with the one at the previous function's end.
     */
    private long errorsSincePreviousBody(int k) {
        long from = 0;
        for (int j = k - 1; j >= 0; j--) {
            Item prev = items.get(j);
            if (prev.header != null) {
                from = prev.declaration.span().end() + prev.movedChars; // (where settled() would move it)
                break;
            }
        }
        long to = items.get(k).start;
        long n = 0;
        for (int j = 0; j < k; j++) {
            List<Diagnostic> ds = items.get(j).diagnostics;
            for (int i = 0, m = ds.size(); i < m; i++) {
                Diagnostic d = ds.get(i);
                long at = d.range().startOffset();
                if (d.severity() == dev.ptxlint.diag.Severity.ERROR && at >= from && at < to) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * Whether the braces of {@code region} first balance exactly at {@code end} and nothing but
     * comments follows: error recovery may keep quiet about a brace left open at the end of the
     * region, which in the whole text would run on into the next items.
     */
    private static boolean closesAt(String region, long end) {
        Lexer lexer = Lexer.of(region);
        int depth = 0;
        boolean opened = false;
        dev.ptxlint.syntax.Token t;
        while ((t = lexer.next()).kind() != dev.ptxlint.syntax.TokenKind.EOF) {
            if (opened && depth == 0) {
                return false; // tokens after the function's closing brace
            }
            if (t.kind() == dev.ptxlint.syntax.TokenKind.LBRACE) {
                depth++;
                opened = true;
            } else if (t.kind() == dev.ptxlint.syntax.TokenKind.RBRACE) {
                depth--;
                if (depth < 0) {
                    return false;
                }
                if (depth == 0 && t.span().end() != end) {
                    return false;
                }
            }
        }
        return opened && depth == 0;
    }

    /**
     * Whether the text has a string, comment or block that runs on to the end: an edit anywhere
     * may close it and change how everything after it parses.
     */
    private static boolean scanRunsOn(List<Item> items) {
        for (Item it : items) {
            for (Diagnostic d : it.diagnostics) {
                if (d.rule() == Rules.UNTERMINATED_COMMENT || d.rule() == Rules.UNTERMINATED_STRING
                        || d.rule() == Rules.UNCLOSED_BLOCK) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean sameLine(CharSequence s, int from, int to) {
        for (int i = from; i < to && i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r') {
                return false;
            }
        }
        return true;
    }

    private static int newlines(CharSequence s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                n++;
            } else if (c == '\r' && (i + 1 >= s.length() || s.charAt(i + 1) != '\n')) {
                n++;
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ bookkeeping

    /** The checking state a lint carries from item to item, with a switchable sink. */
    private static final class Context {
        Consumer<Diagnostic> sink;
        final HeaderCheck header;
        final NameResolver names;
        final Reporter out;
        /** Bounds what one pass stores (docs/limits.md); its sink is the switchable one. */
        final DiagnosticCap cap = new DiagnosticCap(d -> sink.accept(d), RAW_PER_CODE, RAW_PER_FILE);

        Context(LintSettings settings, List<InstructionCheck> checks) {
            out = new Reporter(cap);
            header = new HeaderCheck(out, settings.defaultVersion(), settings.defaultTarget());
            names = new NameResolver(out, header, checks);
        }

        void replay(Ast.TopLevel declaration) {
            header.visit(declaration);
            names.visitDeclarations(declaration);
        }
    }

    private static Ast.TopLevel next(Parser parser) {
        return parser.next();
    }

    private static Span endOf(Span last) {
        return new Span(last.end(), last.end(), last.endLine(), last.endColumn(), last.endLine(), last.endColumn());
    }

    /** The index of the item whose region holds {@code offset} (region 0 starts at 0). */
    private int regionOf(long offset) {
        int lo = 0;
        int hi = items.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (items.get(mid).start <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Files each comment under the item of {@code list[from, to)} whose region holds it. */
    private static void distributeComments(List<dev.ptxlint.syntax.Token> comments, List<Item> list, int from, int to) {
        for (int i = from; i < to; i++) {
            list.get(i).comments = new ArrayList<>();
        }
        for (dev.ptxlint.syntax.Token t : comments) {
            list.get(indexIn(list, from, to, t.span().start())).comments.add(t);
        }
    }

    private static int indexIn(List<Item> list, int from, int to, long at) {
        int k = from;
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (list.get(mid).start <= at) {
                k = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return k;
    }

    private static Item remember(Ast.TopLevel top, CharSequence text) {
        Item it = new Item();
        Span s = top.span();
        it.start = s.start();
        it.line = s.line();
        it.column = s.column();
        it.declaration = top;
        if (top instanceof Ast.Function f && f.body() != null) {
            it.header = ChunkedText.substring(text, (int) s.start(), (int) f.body().span().start());
            it.declaration = new Ast.Function(f.linkage(), f.kind(), f.returns(), f.name(), f.params(), f.performance(),
                    new Ast.Block(List.of(), f.body().span()), f.span());
        }
        it.summary = summarize(top);
        return it;
    }

    private static TopItem summarize(Ast.TopLevel top) {
        List<NamedRange> names = new ArrayList<>();
        List<NamedRange> labels = new ArrayList<>();
        ItemKind kind;
        if (top instanceof Ast.Function f) {
            kind = f.isEntry() ? ItemKind.ENTRY : ItemKind.FUNCTION;
            if (f.name() != null) {
                names.add(new NamedRange(f.name().text(), TextRange.of(f.name().span())));
            }
            if (f.body() != null) {
                collectLabels(f.body(), labels);
            }
        } else if (top instanceof Ast.VarDecl d) {
            kind = ItemKind.VARIABLE;
            for (Ast.Declarator decl : d.declarators()) {
                names.add(new NamedRange(decl.name().text(), TextRange.of(decl.name().span())));
            }
        } else if (top instanceof Ast.Directive d) {
            kind = ItemKind.DIRECTIVE;
            names.add(new NamedRange(d.name().text(), TextRange.of(d.name().span())));
        } else if (top instanceof Ast.Section sec) {
            kind = ItemKind.SECTION;
            names.add(new NamedRange(sec.name().text(), TextRange.of(sec.name().span())));
        } else {
            kind = ItemKind.OTHER;
        }
        return new TopItem(kind, TextRange.of(top.span()), List.copyOf(names), List.copyOf(labels));
    }

    private static void collectLabels(Ast.Block b, List<NamedRange> out) {
        for (Ast.Statement s : b.statements()) {
            if (s instanceof Ast.Label l) {
                out.add(new NamedRange(l.name().text(), TextRange.of(l.name().span())));
            } else if (s instanceof Ast.Block inner) {
                collectLabels(inner, out);
            }
        }
    }

    // ------------------------------------------------------------------ shifting positions

    private static Span shift(Span s, long pivot, long delta, int dLines) {
        if (s.start() < pivot) {
            return s;
        }
        return new Span(s.start() + delta, s.end() + delta, s.line() + dLines, s.column(), s.endLine() + dLines,
                s.endColumn());
    }

    private static TextRange shift(TextRange r, long pivot, long delta, int dLines) {
        if (r.startOffset() < pivot) {
            return r;
        }
        return new TextRange(r.startOffset() + delta, r.endOffset() + delta, r.startLine() + dLines, r.startColumn(),
                r.endLine() + dLines, r.endColumn());
    }

    private static Diagnostic shift(Diagnostic d, long pivot, long delta, int dLines) {
        List<dev.ptxlint.diag.Fix> fixes = d.fixes();
        if (!fixes.isEmpty()) {
            List<dev.ptxlint.diag.Fix> moved = new ArrayList<>(fixes.size());
            for (dev.ptxlint.diag.Fix f : fixes) {
                List<dev.ptxlint.diag.Fix.Edit> edits = new ArrayList<>(f.edits().size());
                for (dev.ptxlint.diag.Fix.Edit e : f.edits()) {
                    edits.add(new dev.ptxlint.diag.Fix.Edit(shift(e.range(), pivot, delta, dLines), e.newText()));
                }
                moved.add(f.withEdits(edits));
            }
            fixes = moved;
        }
        List<Diagnostic.Related> related = d.related();
        if (!related.isEmpty()) {
            List<Diagnostic.Related> moved = new ArrayList<>(related.size());
            for (Diagnostic.Related r : related) {
                moved.add(new Diagnostic.Related(shift(r.range(), pivot, delta, dLines), r.message()));
            }
            related = moved;
        }
        return new Diagnostic(d.rule(), d.severity(), shift(d.range(), pivot, delta, dLines), d.message(), fixes,
                related);
    }

    private static TopItem shift(TopItem t, long pivot, long delta, int dLines) {
        return new TopItem(t.kind(), shift(t.range(), pivot, delta, dLines), shift(t.names(), pivot, delta, dLines),
                shift(t.labels(), pivot, delta, dLines));
    }

    private static List<NamedRange> shift(List<NamedRange> l, long pivot, long delta, int dLines) {
        if (l.isEmpty()) {
            return l;
        }
        List<NamedRange> out = new ArrayList<>(l.size());
        for (NamedRange n : l) {
            out.add(new NamedRange(n.name(), shift(n.range(), pivot, delta, dLines)));
        }
        return Collections.unmodifiableList(out);
    }

    /** Copies a declaration's tree with every span and token moved. */
    private static final class ShiftingCopier {
        private final long pivot;
        private final long delta;
        private final int dLines;

        ShiftingCopier(long pivot, long delta, int dLines) {
            this.pivot = pivot;
            this.delta = delta;
            this.dLines = dLines;
        }

        Span s(Span span) {
            return span == null ? null : shift(span, pivot, delta, dLines);
        }

        dev.ptxlint.syntax.Token t(dev.ptxlint.syntax.Token tok) {
            if (tok == null) {
                return null;
            }
            return new dev.ptxlint.syntax.Token(tok.kind(), tok.text(), s(tok.span()), tok.spaceBefore(), tok.error(),
                    tok.errorKind());
        }

        List<dev.ptxlint.syntax.Token> ts(List<dev.ptxlint.syntax.Token> l) {
            return l.stream().map(this::t).toList();
        }

        Ast.TopLevel top(Ast.TopLevel top) {
            if (top instanceof Ast.Function f) {
                return new Ast.Function(ts(f.linkage()), t(f.kind()), f.returns() == null ? null : vars(f.returns()),
                        t(f.name()), vars(f.params()), f.performance().stream().map(this::directive).toList(),
                        f.body() == null ? null : new Ast.Block(List.of(), s(f.body().span())), s(f.span()));
            } else if (top instanceof Ast.VarDecl v) {
                return var(v);
            } else if (top instanceof Ast.Directive d) {
                return directive(d);
            } else if (top instanceof Ast.Section sec) {
                return new Ast.Section(t(sec.name()), sec.labels().stream()
                        .map(l -> new Ast.Label(t(l.name()), s(l.span()))).toList(), s(sec.span()));
            } else if (top instanceof Ast.Skipped sk) {
                return new Ast.Skipped(s(sk.span()));
            }
            return top;
        }

        List<Ast.VarDecl> vars(List<Ast.VarDecl> l) {
            return l.stream().map(this::var).toList();
        }

        Ast.VarDecl var(Ast.VarDecl v) {
            List<Ast.Attr> attrs = v.attrs().stream()
                    .map(a -> new Ast.Attr(t(a.name()), a.args().stream().map(this::e).toList(), s(a.span()))).toList();
            List<Ast.Declarator> decls = v.declarators().stream()
                    .map(d -> new Ast.Declarator(t(d.name()), e(d.rangeCount()), d.dims().stream().map(this::e).toList(),
                            e(d.init()), s(d.span()))).toList();
            return new Ast.VarDecl(ts(v.linkage()), attrs, decls, s(v.span()));
        }

        Ast.Directive directive(Ast.Directive d) {
            return new Ast.Directive(t(d.name()), d.args().stream().map(this::e).toList(), s(d.span()));
        }

        Ast.Expr e(Ast.Expr x) {
            if (x == null) {
                return null;
            }
            if (x instanceof Ast.Name n) {
                return new Ast.Name(t(n.token()), ts(n.suffixes()), s(n.span()));
            } else if (x instanceof Ast.IntLit i) {
                return new Ast.IntLit(t(i.token()), s(i.span()));
            } else if (x instanceof Ast.FloatLit f) {
                return new Ast.FloatLit(t(f.token()), s(f.span()));
            } else if (x instanceof Ast.StringLit st) {
                return new Ast.StringLit(t(st.token()), s(st.span()));
            }
            // Other expressions (initializers, casts) are not looked at by later items' checks.
            return x;
        }
    }
}
