package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Directive;
import dev.ptxlint.syntax.Span;

/**
 * Module header rules: the module must start with {@code .version}, followed by {@code .target};
 * neither may repeat. Also records the declared version and target for other checks.
 */
final class HeaderCheck {
    private final Reporter out;
    private int items;
    private Directive version;
    private Directive target;
    private Directive addressSize;
    private boolean reportedMissingTarget;

    HeaderCheck(Reporter out) {
        this.out = out;
    }

    Directive version() {
        return version;
    }

    Directive target() {
        return target;
    }

    private boolean lastWasHeader = true;
    private boolean lastWasTarget;
    private final java.util.Map<String, Span> fileIndices = new java.util.HashMap<>();

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

    void visit(Ast.TopLevel item) {
        items++;
        boolean header = item instanceof Directive dd && (dd.name().text().equals(".version"));
        if (!header && !(item instanceof Directive dt && dt.name().text().equals(".target"))) {
            lastWasTarget = false;
        }
        if (item instanceof Directive d) {
            String n = d.name().text();
            switch (n) {
                case ".version" -> {
                    if (version != null) {
                        duplicate(d, version);
                    } else if (items != 1) {
                        out.report(Rules.MISSING_VERSION, d.name().span(),
                                ".version must be the first directive of the module; move it to the top");
                        version = d;
                    } else {
                        version = d;
                        checkVersionSupported(d);
                    }
                    return;
                }
                case ".target" -> {
                    if (version == null) {
                        break; // reported as a missing .version below
                    }
                    // ptxas accepts repeated .target lines directly after .version, nowhere else.
                    if (target == null && lastWasHeader && version != null) {
                        target = d;
                    } else if (target != null && lastWasTarget) {
                        lastWasHeader = true;
                    } else if (target != null) {
                        duplicate(d, target);
                    } else {
                        out.report(Rules.MISSING_TARGET, d.name().span(),
                                ".target must directly follow .version at the start of the module; move it there");
                        reportedMissingTarget = true;
                        target = d;
                    }
                    lastWasTarget = true;
                    return;
                }
                case ".address_size" -> {
                    lastWasTarget = false;
                    if (addressSize != null) {
                        duplicate(d, addressSize);
                    } else {
                        addressSize = d;
                        if (!d.args().isEmpty() && d.args().get(0) instanceof Ast.IntLit lit
                                && !lit.token().text().equals("32") && !lit.token().text().equals("64")) {
                            out.report(Rules.INVALID_ADDRESS_SIZE, lit.span(), "illegal .address_size "
                                    + lit.token().text() + ": it must be 32 or 64 (sm_90 and later support only 64)");
                        }
                    }
                    return;
                }
                case ".file" -> {
                    fileIndex(d);
                    lastWasTarget = false;
                    return;
                }
                default -> {
                }
            }
        }
        if (items == 1 && version == null) {
            Span s = item.span();
            Span at = new Span(s.start(), s.start(), s.line(), s.column(), s.line(), s.column());
            out.report(Diagnostic.of(Rules.MISSING_VERSION, TextRange.of(firstLine(s)),
                            "the module must begin with a .version directive, e.g. '.version 9.0'")
                    .withFix(Fix.replace("Insert '.version 9.0' and '.target sm_90'", TextRange.of(at),
                            ".version 9.0\n.target sm_90\n.address_size 64\n\n")));
        }
        if (target == null && version != null && !reportedMissingTarget && !(item instanceof Directive)) {
            reportedMissingTarget = true;
            out.report(Rules.MISSING_TARGET, firstLine(item.span()),
                    "no .target directive before the first declaration: add e.g. '.target sm_90' after .version");
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
        if (items == 0) {
            out.report(Diagnostic.of(Rules.MISSING_VERSION, TextRange.of(end),
                    "empty module: a PTX module must begin with a .version directive, e.g. '.version 9.0'"));
        } else if (version != null && target == null && !reportedMissingTarget) {
            out.report(Rules.MISSING_TARGET, version.span(),
                    "the module has no .target directive: add e.g. '.target sm_90' after .version");
        }
    }
}
