package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Suppression comments ({@code // ptxlint-disable-next-line PTX0250}, see docs/suppressions.md)
 * and the settings, applied to the diagnostic stream of one file.
 *
 * <p>Streaming: comments arrive from the lexer as it passes them; diagnostics that a comment may
 * silence are held until the lexer is past their line ({@link #settle}: the linter calls it with
 * the first line of each new top-level item), so memory is bounded by the diagnostics of one item
 * plus the suppression comments of the file. Lexical and syntax errors and the suppression
 * diagnostics themselves pass straight through.
 *
 * <p>Public for the CUDA reader ({@code dev.ptxlint.cuda.CudaLinter}), which hands it the C++
 * comments of a {@code .cu} file as comment tokens and the asm statements' diagnostics mapped
 * back to the file ({@link #statementLines}).
 */
public final class Suppressions {

    enum Kind {
        NEXT_LINE("disable-next-line"), SAME_LINE("disable-line"), DISABLE("disable"), ENABLE("enable");

        final String word;

        Kind(String word) {
            this.word = word;
        }

        String directive() {
            return PREFIX + word;
        }
    }

    static final String PREFIX = "ptxlint-";

    /** One code or name written in a comment. */
    static final class Code {
        final String text;
        final Span span;
        /** The rule, when the text names a rule that comments may suppress; else null. */
        final Rule rule;
        boolean used;

        Code(String text, Span span, Rule rule) {
            this.text = text;
            this.span = span;
            this.rule = rule;
        }
    }

    /** One suppression comment. */
    static final class Directive {
        final Kind kind;
        final Token comment;
        /** Everything written after the directive word, valid or not, in order. */
        final List<Code> written;
        /** No codes written: every suppressible rule. */
        final boolean all;
        boolean used;

        Directive(Kind kind, Token comment, List<Code> written) {
            this.kind = kind;
            this.comment = comment;
            this.written = written;
            this.all = written.isEmpty();
        }

        /** The code this directive names for {@code code}, or null; for an all-rules directive, null too. */
        Code find(String code) {
            for (Code c : written) {
                if (c.rule != null && c.rule.code().equals(code)) {
                    return c;
                }
            }
            return null;
        }

        boolean covers(String code) {
            return all || find(code) != null;
        }

        void markUsed(String code) {
            used = true;
            Code c = find(code);
            if (c != null) {
                c.used = true;
            }
        }

        String describe() {
            StringBuilder b = new StringBuilder(kind.directive());
            for (Code c : written) {
                b.append(' ').append(quote(c.text));
            }
            return b.toString();
        }
    }

    /**
     * Most suppression comments applied in one file (docs/limits.md): a later one is ignored (it
     * suppresses nothing and is not checked), with one {@link Rules#TOO_MANY_SUPPRESSIONS} warning
     * at the first one ignored. Bounds the memory the comments take and the time they cost.
     */
    public static final int MAX_DIRECTIVES = 10_000;
    /** Most codes and rule names written in the suppression comments of one file, all together, as above. */
    public static final int MAX_CODES = 10_000;

    private final LintSettings settings;
    private final Consumer<Diagnostic> sink;
    private final List<Diagnostic> pending = new ArrayList<>();
    /** Codes written in the directives so far (at most {@link #MAX_CODES}). */
    private int codesSoFar;
    /** Whether a comment was ignored for {@link #MAX_DIRECTIVES} or {@link #MAX_CODES} (reported once). */
    private boolean overLimit;
    /**
     * How many diagnostics of one rule and line are held for their line to settle: more would all
     * be left out by the sink's cap anyway ({@link DiagnosticCap#perCode}), so past this many the
     * rest of that line are only counted (see {@link #report}); no limit when the sink is no cap.
     */
    private final int hold;
    /** Per rule, the run of its latest diagnostics held (on one line). */
    private final Map<Rule, Run> runs = new HashMap<>();
    /** The overflows, by the marker that stands for each in {@link #pending} (a copy of its first diagnostic). */
    private final Map<Diagnostic, Overflow> overflows = new java.util.IdentityHashMap<>();
    /** The overflows, by the first diagnostic of each that is counted rather than held. */
    private final Map<Diagnostic, Overflow> counted = new java.util.IdentityHashMap<>();
    /** Per code, the indices in {@link #ranges} of the directives that name it; and of those naming no code. */
    private final Map<String, IntList> rangesByCode = new HashMap<>();
    private final IntList rangesForAll = new IntList();

    /** A run of held diagnostics of one rule on one line. */
    private static final class Run {
        final int line;
        /** Held before the overflow, and held that no range directive silences (before it and in it). */
        int held;
        int out;
        Overflow overflow;

        Run(int line) {
            this.line = line;
        }
    }

    /**
     * The diagnostics of one rule and line after {@link #hold} of them are held. A line directive
     * silences all of them or none. Of those no range directive silences, {@code hold} in all are
     * held; the ones after them would all be left out by the cap (at least {@code hold} of that
     * rule are passed on before them), so only the first of them is held and the rest counted. Of
     * those a range directive silences, only the directives are kept.
     */
    private static final class Overflow {
        /** How many are counted, the first of them held. */
        long countOut;
        long minStart = Long.MAX_VALUE;
        /** The range directives that silence some of them (marked used when the line settles). */
        final java.util.Set<Directive> ranges = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    }

    /** A growable list of ints. */
    private static final class IntList {
        int[] a = new int[4];
        int n;

        void add(int v) {
            if (n == a.length) {
                a = java.util.Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }

        /** The largest element below {@code bound} (the list is ascending), or -1. */
        int lastBelow(int bound) {
            int lo = 0;
            int hi = n - 1;
            int found = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (a[mid] < bound) {
                    found = a[mid];
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }
    /** Line directives by the 0-based line they apply to. */
    private final Map<Integer, List<Directive>> byLine = new HashMap<>();
    /** Range directives (disable/enable) in source order. */
    private final List<Directive> ranges = new ArrayList<>();
    /** Every directive, in source order, for the unused check. */
    private final List<Directive> all = new ArrayList<>();
    /** Running range state as the comments arrive: every rule disabled, and per-code exceptions. */
    private boolean allDisabled;
    private final Map<String, Boolean> codeDisabled = new HashMap<>();

    /**
     * Line ranges of statements that line directives treat as one line: first line -> last line
     * (a {@code disable-next-line} before a multi-line asm statement covers all of it).
     */
    private final java.util.TreeMap<Integer, Integer> statements = new java.util.TreeMap<>();

    public Suppressions(LintSettings settings, Consumer<Diagnostic> sink) {
        this.settings = settings;
        this.sink = sink;
        this.hold = sink instanceof DiagnosticCap cap ? cap.perCode() : Integer.MAX_VALUE;
    }

    // ------------------------------------------------------------------ diagnostics

    /** The lowest start of the diagnostics held in {@link #pending} (Long.MAX_VALUE: none). */
    private long pendingFrom = Long.MAX_VALUE;
    /** Index in {@link #all} of the first directive that may still be reported as unused. */
    private int openFrom;

    /**
     * The lowest offset at which a diagnostic may still be passed on for text already read: the
     * earliest diagnostic held for its line to settle, and the earliest suppression comment that
     * {@link #finish} may still report as unused (one that has not silenced all it names);
     * {@code Long.MAX_VALUE} when there is neither.
     */
    long lowestOpen() {
        while (openFrom < all.size() && done(all.get(openFrom))) {
            openFrom++;
        }
        long at = pendingFrom;
        if (openFrom < all.size()) {
            at = Math.min(at, all.get(openFrom).comment.span().start());
        }
        return at;
    }

    /** Whether {@code x} can no longer be reported at the end: an enable, or used for all it names. */
    private static boolean done(Directive x) {
        if (x.kind == Kind.ENABLE) {
            return true;
        }
        if (x.all) {
            return x.used;
        }
        for (Code c : x.written) {
            if (c.rule != null && !c.used) {
                return false;
            }
        }
        return true;
    }

    /**
     * A diagnostic from the checks: held until its line is settled, unless no comment can touch it.
     * Of one rule on one line, at most {@link #hold} that no range directive silences are held
     * (a line directive silences all of them or none); the ones after them are counted in an
     * {@link Overflow}, so that a line of any length holds a bounded number of diagnostics.
     */
    public void report(Diagnostic d) {
        if (!Rules.suppressibleByComment(d.rule())) {
            emit(d);
            return;
        }
        long start = d.range().startOffset();
        pendingFrom = Math.min(pendingFrom, start);
        if (hold != Integer.MAX_VALUE) {
            int line = d.range().startLine();
            Run run = runs.get(d.rule());
            if (run == null || run.line != line) {
                run = new Run(line);
                runs.put(d.rule(), run);
            }
            Directive range = rangeCover(d.code(), start);
            if (run.held >= hold) {
                Overflow o = run.overflow;
                if (o == null) {
                    o = new Overflow();
                    run.overflow = o;
                    Diagnostic marker = new Diagnostic(d.rule(), d.severity(), d.range(), d.message(), d.fixes(),
                            d.related());
                    overflows.put(marker, o);
                    pending.add(marker);
                }
                o.minStart = Math.min(o.minStart, start);
                if (range != null) {
                    o.ranges.add(range);
                } else if (run.out < hold) {
                    run.out++;
                    pending.add(d);
                } else if (o.countOut++ == 0) {
                    counted.put(d, o);
                    pending.add(d);
                }
                return;
            }
            run.held++;
            if (range == null) {
                run.out++;
            }
        }
        pending.add(d);
    }

    private void emit(Diagnostic d) {
        Diagnostic out = settings.apply(d);
        if (out != null) {
            sink.accept(out);
        }
    }

    /** Decides every held diagnostic that starts before 0-based {@code line}: all comments up to it are known. */
    void settle(int line) {
        if (pending.isEmpty()) {
            return;
        }
        long from = Long.MAX_VALUE;
        for (Iterator<Diagnostic> it = pending.iterator(); it.hasNext(); ) {
            Diagnostic d = it.next();
            Overflow o = overflows.isEmpty() ? null : overflows.get(d);
            if (d.range().startLine() < line) {
                it.remove();
                if (o != null) {
                    overflows.remove(d);
                    if (!suppressedOnLine(d.range().startLine(), d.code())) {
                        for (Directive x : o.ranges) {
                            x.markUsed(d.code());
                        }
                    }
                } else {
                    Overflow c = counted.isEmpty() ? null : counted.remove(d);
                    if (!suppressed(d)) {
                        Diagnostic out = settings.apply(d);
                        if (out != null) {
                            sink.accept(out);
                            if (c != null) {
                                ((DiagnosticCap) sink).leftOutMore(out.rule(), c.countOut - 1);
                            }
                        }
                    }
                }
            } else {
                from = Math.min(from, o != null ? o.minStart : d.range().startOffset());
            }
        }
        pendingFrom = from;
        if (!runs.isEmpty()) {
            runs.values().removeIf(r -> r.line < line);
        }
    }

    /** How many diagnostics are held and how many directives kept (for tests of the bounds). */
    int held() {
        return pending.size();
    }

    int directives() {
        return all.size();
    }

    /** End of input: decides everything held, then reports the suppressions that silenced nothing. */
    public void finish() {
        settle(Integer.MAX_VALUE);
        for (Directive x : all) {
            if (x.kind != Kind.ENABLE) {
                reportUnused(x);
            }
        }
    }

    /**
     * Makes line directives that apply to 0-based line {@code first} apply to the lines up to
     * {@code last} as well: the lines of one statement (an asm statement of a CUDA source).
     */
    public void statementLines(int first, int last) {
        if (last > first) {
            statements.merge(first, last, Math::max);
        }
    }

    private boolean suppressed(Diagnostic d) {
        String code = d.code();
        int line = d.range().startLine();
        if (suppressedOnLine(line, code)) {
            return true;
        }
        java.util.Map.Entry<Integer, Integer> st = statements.floorEntry(line);
        if (st != null && st.getKey() < line && line <= st.getValue() && suppressedOnLine(st.getKey(), code)) {
            return true;
        }
        Directive active = rangeCover(code, d.range().startOffset());
        if (active != null) {
            active.markUsed(code);
            return true;
        }
        return false;
    }

    /**
     * The range directive that silences {@code code} at {@code offset}: the last one that ends
     * before it and names the code (or every rule), when it is a disable; else null.
     */
    private Directive rangeCover(String code, long offset) {
        if (ranges.isEmpty()) {
            return null;
        }
        // ranges come in source order: how many end at or before the offset
        int lo = 0;
        int hi = ranges.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ranges.get(mid).comment.span().end() <= offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        IntList named = rangesByCode.get(code);
        int k = Math.max(rangesForAll.lastBelow(lo), named == null ? -1 : named.lastBelow(lo));
        if (k < 0) {
            return null;
        }
        Directive x = ranges.get(k);
        return x.kind == Kind.DISABLE ? x : null;
    }

    /** Adds a range directive to {@link #ranges} and to the index {@link #rangeCover} searches. */
    private void addRange(Directive x) {
        int k = ranges.size();
        ranges.add(x);
        if (x.all) {
            rangesForAll.add(k);
            return;
        }
        for (Code c : x.written) {
            if (c.rule != null) {
                IntList l = rangesByCode.computeIfAbsent(c.rule.code(), key -> new IntList());
                if (l.n == 0 || l.a[l.n - 1] != k) {
                    l.add(k);
                }
            }
        }
    }

    private boolean suppressedOnLine(int line, String code) {
        for (Directive x : byLine.getOrDefault(line, List.of())) {
            if (x.covers(code)) {
                x.markUsed(code);
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ comments

    /** A comment token from the lexer; anything but a suppression directive is ignored. */
    public void comment(Token t) {
        String text = t.text();
        boolean block = text.startsWith("/*");
        int end = block && text.endsWith("*/") && text.length() >= 4 ? text.length() - 2 : text.length();
        int i = 2;
        while (i < end && isSpace(text.charAt(i))) {
            i++;
        }
        if (!text.startsWith(PREFIX, i)) {
            return;
        }
        int wordStart = i;
        while (i < end && isWordChar(text.charAt(i))) {
            i++;
        }
        String word = text.substring(wordStart, i);
        Kind kind = null;
        for (Kind k : Kind.values()) {
            if (k.directive().equals(word)) {
                kind = k;
            }
        }
        Walker walk = new Walker(t);
        if (kind == null) {
            unknownDirective(t, word, walk.span(wordStart, i));
            return;
        }
        // where the codes are, counted before any is looked at: a comment past the limits is ignored whole
        IntList bounds = new IntList();
        while (i < end) {
            char c = text.charAt(i);
            if (isSpace(c) || c == ',') {
                i++;
                continue;
            }
            if (text.startsWith("--", i)) {
                break; // the rest is a reason, as in ESLint
            }
            int s = i;
            while (i < end && !isSpace(text.charAt(i)) && text.charAt(i) != ',') {
                i++;
            }
            if (codesSoFar + bounds.n / 2 >= MAX_CODES) {
                tooMany(t);
                return;
            }
            bounds.add(s);
            bounds.add(i);
        }
        if (all.size() >= MAX_DIRECTIVES) {
            tooMany(t);
            return;
        }
        codesSoFar += bounds.n / 2;
        List<Code> written = new ArrayList<>(bounds.n / 2);
        for (int k = 0; k < bounds.n; k += 2) {
            int s = bounds.a[k];
            int e = bounds.a[k + 1];
            written.add(code(t, text.substring(s, e), walk.span(s, e)));
        }
        Directive x = new Directive(kind, t, written);
        all.add(x);
        switch (kind) {
            case NEXT_LINE -> byLine.computeIfAbsent(t.span().endLine() + 1, k -> new ArrayList<>()).add(x);
            case SAME_LINE -> byLine.computeIfAbsent(t.span().line(), k -> new ArrayList<>()).add(x);
            case DISABLE -> {
                addRange(x);
                if (x.all) {
                    allDisabled = true;
                    codeDisabled.clear();
                } else {
                    for (Code c : written) {
                        if (c.rule != null) {
                            codeDisabled.put(c.rule.code(), true);
                        }
                    }
                }
            }
            case ENABLE -> {
                addRange(x);
                enable(x);
            }
        }
    }

    /** A suppression comment past {@link #MAX_DIRECTIVES} or {@link #MAX_CODES}: ignored; the first one is reported. */
    private void tooMany(Token t) {
        if (overLimit) {
            return;
        }
        overLimit = true;
        emit(Diagnostic.of(Rules.TOO_MANY_SUPPRESSIONS, TextRange.of(t.span()), "more than "
                + String.format(java.util.Locale.ROOT, "%,d", MAX_DIRECTIVES) + " suppression comments or "
                + String.format(java.util.Locale.ROOT, "%,d", MAX_CODES) + " codes named in them in this file:"
                + " ptxlint ignores this comment and every later one (they suppress nothing and are not checked);"
                + " use fewer comments, for instance one ptxlint-disable ... ptxlint-enable range, or set the rules"
                + " in .ptxlintrc"));
    }

    private void enable(Directive x) {
        if (x.all) {
            boolean active = allDisabled || codeDisabled.containsValue(true);
            allDisabled = false;
            codeDisabled.clear();
            if (!active) {
                emit(Diagnostic.of(Rules.UNUSED_SUPPRESSION, TextRange.of(x.comment.span()), "'"
                                + x.describe() + "' ends no disabled range: no rule is disabled here; remove it")
                        .withFix(removeComment(x)));
            }
            return;
        }
        List<Code> idle = new ArrayList<>();
        for (Code c : x.written) {
            if (c.rule == null) {
                continue;
            }
            if (!codeDisabled.getOrDefault(c.rule.code(), allDisabled)) {
                idle.add(c);
            }
            codeDisabled.put(c.rule.code(), false);
        }
        reportIdle(x, idle, c -> c.rule.code() + " (" + c.rule.name() + ") is not disabled here");
    }

    /**
     * The names of the rules comments may suppress, which an unknown name is compared with: made on
     * the first unknown name (a holder class, and a loop, not a stream with method references,
     * which every run would link, docs/performance.md).
     */
    private static final class SuppressibleNames {
        static final List<String> NAMES;

        static {
            List<String> names = new ArrayList<>();
            for (Rule r : Rules.all().values()) {
                if (Rules.suppressibleByComment(r)) {
                    names.add(r.name());
                }
            }
            NAMES = java.util.Collections.unmodifiableList(names);
        }
    }
    /** The suggestion for each unknown name seen in this file (a comment may repeat one many times). */
    private final Map<String, List<String>> suggestions = new HashMap<>();

    private Code code(Token t, String text, Span span) {
        Rule r = Rules.byCodeOrName(text);
        if (r == null) {
            boolean looksLikeCode = text.toUpperCase(java.util.Locale.ROOT).startsWith("PTX");
            List<String> near = looksLikeCode ? List.of() : suggestions.computeIfAbsent(text,
                    w -> Opcodes.Suggest.closest(w.toLowerCase(java.util.Locale.ROOT), SuppressibleNames.NAMES, 1));
            String msg = "'" + quote(text) + "' is neither a ptxlint rule code nor a rule name, so nothing is suppressed"
                    + " for it";
            Diagnostic d;
            if (near.isEmpty()) {
                d = Diagnostic.of(Rules.UNKNOWN_SUPPRESSION_CODE, TextRange.of(span), msg
                        + "; write a code such as PTX0250 or a name such as modifier-order (see ptxlint --list-rules)");
            } else {
                Rule meant = Rules.byName(near.get(0));
                d = Diagnostic.of(Rules.UNKNOWN_SUPPRESSION_CODE, TextRange.of(span), msg + "; did you mean '"
                                + meant.name() + "' (" + meant.code() + ")?")
                        .withFix(Fix.unsafe("Change to '" + meant.name() + "'", TextRange.of(span), meant.name()));
            }
            emit(d);
            return new Code(text, span, null);
        }
        if (!Rules.suppressibleByComment(r)) {
            String why = Rules.configurable(r)
                    ? " is a suppression diagnostic; comments cannot silence it; fix the comment it points at, or"
                    + " set '" + r.code() + " = off' in the configuration file"
                    : " is a " + r.category() + " error, which cannot be suppressed: ptxas rejects the file, and"
                    + " the code around it cannot be read reliably; fix the error instead";
            emit(Diagnostic.of(Rules.UNSUPPRESSIBLE_CODE, TextRange.of(span), r.code() + " (" + r.name() + ")" + why));
            return new Code(text, span, null);
        }
        return new Code(text, span, r);
    }

    private void unknownDirective(Token t, String word, Span span) {
        List<String> words = new ArrayList<>();
        for (Kind k : Kind.values()) {
            words.add(k.directive());
        }
        List<String> near = Opcodes.Suggest.closest(word, words, 1);
        String msg = "'" + quote(word) + "' is not a ptxlint directive, so this comment suppresses nothing; the directives"
                + " are " + String.join(", ", words);
        Diagnostic d = Diagnostic.of(Rules.UNKNOWN_SUPPRESSION_DIRECTIVE, TextRange.of(span),
                near.isEmpty() ? msg : msg + "; did you mean '" + near.get(0) + "'?");
        if (!near.isEmpty()) {
            d = d.withFix(Fix.unsafe("Change to '" + near.get(0) + "'", TextRange.of(span), near.get(0)));
        }
        emit(d);
    }

    // ------------------------------------------------------------------ unused

    private void reportUnused(Directive x) {
        if (x.all) {
            if (!x.used) {
                String where = switch (x.kind) {
                    case NEXT_LINE -> "no diagnostic starts on the next line (line " + (x.comment.span().endLine() + 2)
                            + ")";
                    case SAME_LINE -> "no diagnostic starts on its line";
                    default -> "no diagnostic is reported between it and the next ptxlint-enable (or the end of"
                            + " the file)";
                };
                emit(Diagnostic.of(Rules.UNUSED_SUPPRESSION, TextRange.of(x.comment.span()), "'" + x.kind.directive()
                                + "' suppresses nothing: " + where + "; remove the comment")
                        .withFix(removeComment(x)));
            }
            return;
        }
        List<Code> idle = new ArrayList<>();
        for (Code c : x.written) {
            if (c.rule != null && !c.used) {
                idle.add(c);
            }
        }
        String where = switch (x.kind) {
            case NEXT_LINE -> "on the next line (line " + (x.comment.span().endLine() + 2) + ")";
            case SAME_LINE -> "on this line";
            default -> "between this comment and the next ptxlint-enable (or the end of the file)";
        };
        reportIdle(x, idle, c -> c.rule.code() + " (" + c.rule.name() + ") is not reported " + where);
    }

    /**
     * Reports the codes of {@code x} that did nothing: one diagnostic for the whole comment when
     * they are all it names, else one per code with a fix removing that code from the list.
     * {@code fact} says why one code did nothing.
     */
    private void reportIdle(Directive x, List<Code> idle, java.util.function.Function<Code, String> fact) {
        if (idle.isEmpty()) {
            return;
        }
        if (idle.size() == x.written.size()) {
            String msg;
            if (idle.size() == 1) {
                msg = "'" + x.describe() + "' " + (x.kind == Kind.ENABLE ? "ends no disabled range: "
                        : "suppresses nothing: ") + fact.apply(idle.get(0)) + "; remove the comment";
            } else {
                msg = "'" + x.describe() + "' " + (x.kind == Kind.ENABLE
                        ? "ends no disabled range: none of its codes is disabled here; remove the comment"
                        : "suppresses nothing: none of its codes is reported where it applies; remove the comment");
            }
            emit(Diagnostic.of(Rules.UNUSED_SUPPRESSION, TextRange.of(x.comment.span()), msg)
                    .withFix(removeComment(x)));
            return;
        }
        for (Code c : idle) {
            emit(Diagnostic.of(Rules.UNUSED_SUPPRESSION, TextRange.of(c.span), fact.apply(c) + ", so "
                            + (x.kind == Kind.ENABLE ? "enabling" : "suppressing") + " it does nothing; remove "
                            + c.text + " from the comment")
                    .withFix(Fix.safe("Remove '" + c.text + "' from the comment", TextRange.of(removal(x, c)), "")));
        }
    }

    /** The text to delete to drop {@code c} from the list: with the separator before it, or after it when first. */
    private static Span removal(Directive x, Code c) {
        int k = x.written.indexOf(c);
        if (k > 0) {
            Span prev = x.written.get(k - 1).span;
            return new Span(prev.end(), c.span.end(), prev.endLine(), prev.endColumn(), c.span.endLine(),
                    c.span.endColumn());
        }
        Span next = x.written.get(k + 1).span;
        return new Span(c.span.start(), next.start(), c.span.line(), c.span.column(), next.line(), next.column());
    }

    private static Fix removeComment(Directive x) {
        return Fix.safe("Remove the suppression comment", TextRange.of(x.comment.span()), "");
    }

    // ------------------------------------------------------------------ helpers

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    private static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }

    /** Text from a comment for a message: as written, or an excerpt when it is long. */
    private static String quote(String s) {
        return s.length() <= 60 ? s : dev.ptxlint.config.ProjectConfig.excerpt(s);
    }

    /**
     * Spans of characters of a comment token's text, asked for from left to right: walks the
     * text once however many are asked for (one walk of the text for all its codes).
     */
    static final class Walker {
        private final Token t;
        private int i;
        private long offset;
        private int line;
        private int col;

        Walker(Token t) {
            this.t = t;
            Span s = t.span();
            offset = s.start();
            line = s.line();
            col = s.column();
        }

        private void walkTo(int to) {
            String text = t.text();
            for (; i < to; i++) {
                char c = text.charAt(i);
                offset++;
                if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                    line++;
                    col = 0;
                } else {
                    col++;
                }
            }
        }

        /** The span of {@code [from, to)}; {@code from} is at or after the end of the last span asked for. */
        Span span(int from, int to) {
            walkTo(from);
            long startOffset = offset;
            int startLine = line;
            int startCol = col;
            walkTo(to);
            return new Span(startOffset, offset, startLine, startCol, line, col);
        }
    }
}
