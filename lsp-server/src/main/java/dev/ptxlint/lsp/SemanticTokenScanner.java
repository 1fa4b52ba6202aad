package dev.ptxlint.lsp;

import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Token;
import dev.ptxlint.syntax.TokenKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Semantic tokens from the lexer alone: instructions (the first identifier of a statement),
 * modifiers and directives, registers, labels, numbers, strings and comments. Documents over
 * {@link #LIMIT} characters get none (the client's own highlighting is enough there).
 */
final class SemanticTokenScanner {
    static final List<String> TYPES = List.of("keyword", "modifier", "variable", "label", "number", "string",
            "comment", "function");
    static final int LIMIT = 2_000_000;
    private static final int KEYWORD = 0;
    private static final int MODIFIER = 1;
    private static final int VARIABLE = 2;
    private static final int LABEL = 3;
    private static final int NUMBER = 4;
    private static final int STRING = 5;
    private static final int COMMENT = 6;

    private SemanticTokenScanner() {
    }

    static List<Integer> encode(String text) {
        List<Integer> data = new ArrayList<>();
        if (text.length() > LIMIT) {
            return data;
        }
        List<int[]> toks = new ArrayList<>();
        Lexer lexer = Lexer.of(text);
        lexer.setCommentListener(c -> {
            if (c.span().line() == c.span().endLine()) {
                toks.add(new int[] {c.span().line(), c.span().column(), c.span().length(), COMMENT});
            }
        });
        boolean statementStart = true;
        Token prev = null;
        Token t;
        while ((t = lexer.next()).kind() != TokenKind.EOF) {
            int type = -1;
            switch (t.kind()) {
                case IDENT -> {
                    if (t.text().startsWith("%")) {
                        type = VARIABLE;
                    } else if (statementStart) {
                        type = KEYWORD;
                    } else {
                        type = LABEL;
                    }
                }
                case DOT_NAME -> type = MODIFIER;
                case INTEGER, FLOAT -> type = NUMBER;
                case STRING -> type = STRING;
                default -> {
                }
            }
            if (t.kind() == TokenKind.COLON && prev != null && prev.kind() == TokenKind.IDENT && !toks.isEmpty()) {
                toks.get(toks.size() - 1)[3] = LABEL; // a label definition, not an instruction
            }
            if (type >= 0 && t.span().line() == t.span().endLine()) {
                toks.add(new int[] {t.span().line(), t.span().column(), t.span().length(), type});
            }
            statementStart = switch (t.kind()) {
                case SEMI, LBRACE, RBRACE, COLON -> true;
                case IDENT -> statementStart && prev != null && prev.kind() == TokenKind.AT;
                case BANG -> statementStart;
                case AT -> true;
                default -> false;
            };
            if (t.kind() == TokenKind.AT) {
                statementStart = true;
            }
            prev = t;
        }
        toks.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        int line = 0;
        int col = 0;
        for (int[] k : toks) {
            int dl = k[0] - line;
            int dc = dl == 0 ? k[1] - col : k[1];
            data.add(dl);
            data.add(dc);
            data.add(k[2]);
            data.add(k[3]);
            data.add(0);
            line = k[0];
            col = k[1];
        }
        return data;
    }
}
