package dev.ptxlint.checker;

import dev.ptxlint.syntax.Token;

/**
 * Observes name resolution: every declaration (registers and variables, including each range
 * declaration such as {@code %r<10>}, labels, functions) and every use with what it resolves to.
 * The language server uses it for go to definition, references and hover.
 */
public interface NameListener {

    /** {@code name} declares {@code symbol}. */
    default void declared(Token name, Symbol symbol) {
    }

    /** {@code name} is a use that resolves to {@code symbol}, or to nothing (null). */
    default void used(Token name, Symbol symbol) {
    }
}
