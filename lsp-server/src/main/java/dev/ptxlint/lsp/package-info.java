/**
 * The ptxlint language server (Eclipse LSP4J). A shell for now: the server is built on top of
 * the checker module and converts its diagnostics to LSP types at this module's boundary.
 */
package dev.ptxlint.lsp;
