package dev.ptxlint.diag;

/**
 * Metadata of one check: its stable code ({@code PTX} plus four digits, never reused), a short
 * kebab-case name, the default severity, a one-line summary, and the category it belongs to.
 * The long explanation lives in the rule's docs page, {@code docs/rules/CODE.md}.
 */
public record Rule(String code, String name, Severity severity, String category, String summary) {

    /** Base of the published docs pages; a rule's page is {@code DOCS_BASE + code + ".md"}. */
    public static final String DOCS_BASE = "https://github.com/ptxlint/ptxlint/blob/main/docs/rules/";

    public String docsUrl() {
        return DOCS_BASE + code + ".md";
    }

    /** Resource path of the docs page inside the jar. */
    public String docsResource() {
        return "/dev/ptxlint/rules/" + code + ".md";
    }
}
