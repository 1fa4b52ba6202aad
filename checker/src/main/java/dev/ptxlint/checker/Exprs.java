package dev.ptxlint.checker;

import dev.ptxlint.syntax.Ast;

/** Helpers over operand expressions shared by the checks. */
public final class Exprs {
    private static final String OTHER = "this operand";

    private Exprs() {
    }

    /** The source text of an operand, for messages (short forms only). */
    public static String text(Ast.Expr e) {
        if (e instanceof Ast.Name n) {
            if (n.suffixes().isEmpty()) {
                return n.text();
            }
            StringBuilder sb = new StringBuilder(n.text());
            n.suffixes().forEach(s -> sb.append(s.text()));
            return sb.toString();
        }
        if (e instanceof Ast.IntLit i) {
            return i.token().text();
        }
        if (e instanceof Ast.FloatLit f) {
            return f.token().text();
        }
        if (e instanceof Ast.Unary u) {
            return u.op().text() + text(u.operand());
        }
        if (e instanceof Ast.Sink) {
            return "_";
        }
        if (e instanceof Ast.Group g && g.items().size() == 1) {
            return "(" + text(g.items().get(0)) + ")";
        }
        if (e instanceof Ast.Binary b) {
            String l = text(b.left());
            String r = text(b.right());
            if (!l.equals(OTHER) && !r.equals(OTHER)) {
                return l + b.op().text() + r;
            }
        }
        return OTHER;
    }
}
