package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Directive;
import dev.ptxlint.syntax.Span;
import java.util.HashMap;
import java.util.Map;

/**
 * Module header rules, as ptxas 13.0 applies them (docs/ptxas-behaviour.md, section 12): the
 * module starts with {@code .version}; {@code .target} comes directly after it (repeated
 * {@code .target} lines are accepted there and nowhere else); {@code .version} and
 * {@code .address_size} appear once, and {@code .address_size} before any function. Also checks
 * {@code .file} indices and records the declared version and target for other checks.
 */
final class HeaderCheck {

    private enum State {
        /** Nothing seen yet: the first item must be .version. */
        START,
        /** .version seen: the next item must be .target. */
        AFTER_VERSION,
        /** Inside the run of .target lines after .version. */
        TARGETS,
        /** Past the header. */
        BODY,
        /** The header is broken and was reported once; only duplicates are reported from now on. */
        BROKEN
    }

    private final Reporter out;
    private State state = State.START;
    private Directive version;
    private Directive target;
    private Directive addressSize;
    private boolean sawFunction;
    private final Map<String, Span> fileIndices = new HashMap<>();

    HeaderCheck(Reporter out) {
        this.out = out;
    }

    Directive version() {
        return version;
    }

    Directive target() {
        return target;
    }

    void visit(Ast.TopLevel item) {
        String name = item instanceof Directive d ? d.name().text() : "";
        Directive d = item instanceof Directive dd ? dd : null;
        switch (state) {
            case START -> {
                if (name.equals(".version")) {
                    version = d;
                    checkVersionSupported(d);
                    state = State.AFTER_VERSION;
                    return;
                }
                missingVersion(item, name.equals(".target"));
                state = State.BROKEN;
            }
            case AFTER_VERSION -> {
                if (name.equals(".target")) {
                    target = d;
                    state = State.TARGETS;
                    return;
                }
                out.report(Rules.MISSING_TARGET, firstLine(item.span()), name.equals(".version")
                        ? "second .version where .target should follow the first: replace it by a .target directive"
                        : ".target must come directly after .version: add e.g. '.target sm_90' before this line");
                state = State.BROKEN;
                if (name.equals(".version")) {
                    return;
                }
            }
            case TARGETS -> {
                if (name.equals(".target")) {
                    return; // ptxas accepts repeated .target lines right after .version
                }
                state = State.BODY;
            }
            default -> {
            }
        }
        if (item instanceof Ast.Function) {
            sawFunction = true;
        }
        if (d == null) {
            return;
        }
        switch (name) {
            case ".version" -> {
                if (version != null) {
                    duplicate(d, version);
                } else {
                    version = d;
                }
            }
            case ".target" -> {
                if (target != null) {
                    duplicate(d, target);
                } else {
                    target = d;
                }
            }
            case ".address_size" -> addressSize(d);
            case ".file" -> fileIndex(d);
            default -> {
            }
        }
    }

    private void missingVersion(Ast.TopLevel item, boolean itemIsTarget) {
        Span s = item.span();
        Span at = new Span(s.start(), s.start(), s.line(), s.column(), s.line(), s.column());
        String insert = itemIsTarget ? ".version 9.0\n" : ".version 9.0\n.target sm_90\n";
        out.report(Diagnostic.of(Rules.MISSING_VERSION, TextRange.of(firstLine(s)),
                        "the module must begin with a .version directive, e.g. '.version 9.0'"
                                + (itemIsTarget ? " before .target" : ", followed by .target"))
                .withFix(Fix.replace("Insert '" + insert.strip().replace("\n", "' and '") + "'",
                        TextRange.of(at), insert)));
    }

    private void addressSize(Directive d) {
        if (addressSize != null) {
            duplicate(d, addressSize);
            return;
        }
        addressSize = d;
        if (sawFunction) {
            out.report(Rules.MISPLACED_HEADER, d.name().span(),
                    ".address_size must come before the first function; move it after .target");
        }
        if (!d.args().isEmpty() && d.args().get(0) instanceof Ast.IntLit lit
                && !lit.token().text().equals("32") && !lit.token().text().equals("64")) {
            out.report(Rules.INVALID_ADDRESS_SIZE, lit.span(), "illegal .address_size " + lit.token().text()
                    + ": it must be 32 or 64 (sm_90 and later support only 64)");
        }
    }

    private void fileIndex(Directive d) {
        if (!d.args().isEmpty() && d.args().get(0) instanceof Ast.IntLit n) {
            Span prev = fileIndices.putIfAbsent(n.token().text(), n.span());
            if (prev != null) {
                out.report(Diagnostic.of(Rules.DUPLICATE_FILE_INDEX, TextRange.of(n.span()), "file index "
                                + n.token().text() + " is already used by an earlier .file; use a new index")
                        .withRelated(new Diagnostic.Related(TextRange.of(prev), "file index first defined here")));
            }
        }
    }

    /** ptxas 13.0 supports PTX ISA versions up to 9.0. */
    private void checkVersionSupported(Directive d) {
        if (d.args().isEmpty() || !(d.args().get(0) instanceof Ast.FloatLit f)) {
            return;
        }
        String[] parts = f.token().text().split("\\.");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = Integer.parseInt(parts[1]);
            if (major > 9 || (major == 9 && minor > 0)) {
                out.report(Rules.UNSUPPORTED_VERSION, f.span(), "PTX ISA " + f.token().text()
                        + " is newer than the newest version ptxas 13.0 supports (9.0); use .version 9.0 or lower");
            }
        } catch (RuntimeException e) {
            // not a number: the parser already reported it
        }
    }

    private static Span firstLine(Span s) {
        if (s.endLine() == s.line()) {
            return s;
        }
        return new Span(s.start(), s.start() + 1, s.line(), s.column(), s.line(), s.column() + 1);
    }

    private void duplicate(Directive d, Directive first) {
        out.report(Diagnostic.of(Rules.DUPLICATE_HEADER, TextRange.of(d.name().span()),
                        d.name().text() + " appears more than once; keep only the first")
                .withRelated(new Diagnostic.Related(TextRange.of(first.span()), "first " + first.name().text()
                        + " is here")));
    }

    void finish(Span end) {
        switch (state) {
            case START -> out.report(Diagnostic.of(Rules.MISSING_VERSION, TextRange.of(end),
                    "empty module: a PTX module must begin with a .version directive, e.g. '.version 9.0'"));
            case AFTER_VERSION -> out.report(Rules.MISSING_TARGET, version.span(),
                    "the module has no .target directive: add e.g. '.target sm_90' after .version");
            default -> {
            }
        }
    }
}
