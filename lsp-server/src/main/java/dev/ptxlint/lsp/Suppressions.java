package dev.ptxlint.lsp;

import dev.ptxlint.diag.Diagnostic;

/**
 * {@code // ptxlint-disable-next-line PTX0101 PTX0250} (codes separated by spaces or commas; none
 * means every rule) on the line before a diagnostic silences it. An adapter until the checker's
 * own suppression comments (branch {@code settings}) land; then this class goes away.
 */
final class Suppressions {
    static final String MARKER = "ptxlint-disable-next-line";

    private Suppressions() {
    }

    static boolean suppressed(String text, Diagnostic d) {
        long lineStart = d.range().startOffset() - d.range().startColumn();
        if (lineStart <= 0 || lineStart > text.length()) {
            return false;
        }
        int end = (int) lineStart - 1; // the line break ending the previous line
        if (end > 0 && text.charAt(end) == '\n' && text.charAt(end - 1) == '\r') {
            end--;
        }
        int start = end;
        while (start > 0 && text.charAt(start - 1) != '\n' && text.charAt(start - 1) != '\r') {
            start--;
        }
        String prev = text.substring(start, end);
        int at = prev.indexOf(MARKER);
        if (at < 0 || prev.lastIndexOf("//", at) < 0) {
            return false;
        }
        String rest = prev.substring(at + MARKER.length()).replace(',', ' ').strip();
        if (rest.isEmpty()) {
            return true;
        }
        for (String code : rest.split("\\s+")) {
            if (code.equalsIgnoreCase(d.code())) {
                return true;
            }
        }
        return false;
    }
}
