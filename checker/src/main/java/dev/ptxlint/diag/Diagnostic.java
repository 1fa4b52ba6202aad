package dev.ptxlint.diag;

import java.util.List;

/**
 * One finding. The model is free of editor-protocol types: the language server converts it at
 * its boundary. {@code related} points at other places that explain the finding (for example an
 * earlier declaration).
 */
public record Diagnostic(Rule rule, Severity severity, TextRange range, String message, List<Fix> fixes,
                         List<Related> related) {

    public record Related(TextRange range, String message) {
    }

    public Diagnostic {
        fixes = List.copyOf(fixes);
        related = List.copyOf(related);
    }

    public String code() {
        return rule.code();
    }

    public static Diagnostic of(Rule rule, TextRange range, String message) {
        return new Diagnostic(rule, rule.severity(), range, message, List.of(), List.of());
    }

    public Diagnostic withFix(Fix fix) {
        List<Fix> f = new java.util.ArrayList<>(fixes);
        f.add(fix);
        return new Diagnostic(rule, severity, range, message, f, related);
    }

    public Diagnostic withRelated(Related r) {
        List<Related> l = new java.util.ArrayList<>(related);
        l.add(r);
        return new Diagnostic(rule, severity, range, message, fixes, l);
    }
}
