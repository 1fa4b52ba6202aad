package dev.ptxlint.diag;

import java.util.Locale;

/** How serious a diagnostic is. Only errors make the command exit with status 1. */
public enum Severity {
    ERROR, WARNING, NOTE;

    /** The lower-case word used in GCC-style output: {@code error}, {@code warning}, {@code note}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
