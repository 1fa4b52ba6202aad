package dev.ptxlint.lsp;

/** Whether a document starts with a {@code .version} directive (after blanks and comments). */
final class HeaderlessText {
    private HeaderlessText() {
    }

    static boolean hasVersion(String text) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (text.startsWith("//", i)) {
                int e = text.indexOf('\n', i);
                i = e < 0 ? n : e + 1;
            } else if (text.startsWith("/*", i)) {
                int e = text.indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
            } else {
                return text.startsWith(".version", i);
            }
        }
        return false;
    }
}
