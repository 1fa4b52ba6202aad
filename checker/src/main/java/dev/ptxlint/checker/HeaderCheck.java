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

    void visit(Ast.TopLevel item) {
        items++;
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
                    }
                    return;
                }
                case ".target" -> {
                    if (target != null) {
                        duplicate(d, target);
                    }
                    if (target == null) {
                        target = d;
                    }
                    return;
                }
                case ".address_size" -> {
                    if (addressSize != null) {
                        duplicate(d, addressSize);
                    } else {
                        addressSize = d;
                    }
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
