package dev.ptxlint.checker.fold;

import dev.ptxlint.checker.Checks;
import dev.ptxlint.checker.Exprs;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.eval.ScalarType;
import dev.ptxlint.syntax.Ast;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What the evaluator knows about a document, by position: the value of each register operand
 * where it is known (sources before the instruction runs, destinations after), and the decided
 * comparisons, selections and guards. The language server's hover reads it; it holds no editor
 * types.
 *
 * <p>Built by linting the whole text once ({@link #of}); an instruction or function with errors
 * contributes nothing, exactly as for the fold diagnostics.
 */
public final class KnownValues {

    /** What an entry describes. */
    public enum Kind {
        /** A register operand whose value is known at that instruction. */
        OPERAND,
        /** A comparison, selection or guard whose outcome is decided; the range is the instruction. */
        FOLDED
    }

    /**
     * One fact. For {@link Kind#OPERAND}: {@code subject} is the operand as written ({@code %r1}),
     * {@code type} its register type ({@code .u32}), {@code value} the value as PTX reads it
     * ({@code 7}, {@code 1.0 (0f3F800000)}, {@code true}), {@code bits} the raw bits, and
     * {@code destination} whether the instruction writes it. For {@link Kind#FOLDED}:
     * {@code subject} is the rule code, {@code value} a one-line summary and {@code detail}
     * the diagnostic's message.
     */
    public record Entry(Kind kind, TextRange range, String subject, String type, String value, long bits,
                        boolean destination, String detail) {
    }

    private final List<Entry> entries;

    private KnownValues(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Analyses {@code text} (a whole module). */
    public static KnownValues of(String text) {
        List<Entry> out = new ArrayList<>();
        Machine.Observer obs = new Machine.Observer() {
            @Override
            public void known(Ast.Expr operand, ScalarType type, long bits, boolean destination) {
                out.add(new Entry(Kind.OPERAND, TextRange.of(operand.span()), Exprs.text(operand), type.ptxName(),
                        Display.value(type, bits), bits, destination, null));
            }

            @Override
            public void fact(Fact f) {
                out.add(new Entry(Kind.FOLDED, TextRange.of(f.instruction()), f.rule().code(), null, f.summary(), 0,
                        false, f.message()));
            }
        };
        new Linter(Checks.withFold(new FoldCheck(obs, false))).lint(text);
        out.sort(Comparator.comparingLong((Entry e) -> e.range().startOffset()));
        return new KnownValues(out);
    }

    /** Every entry, in document order. */
    public List<Entry> all() {
        return entries;
    }

    /**
     * The entries whose range contains {@code offset} (a UTF-16 offset into the text), innermost
     * first: an operand before the instruction it is part of.
     */
    public List<Entry> at(long offset) {
        List<Entry> hit = new ArrayList<>();
        for (Entry e : entries) {
            if (e.range().startOffset() > offset) {
                break;
            }
            if (offset < e.range().endOffset() || offset == e.range().endOffset() && e.kind() == Kind.OPERAND) {
                hit.add(e);
            }
        }
        hit.sort(Comparator.comparingLong((Entry e) -> e.range().endOffset() - e.range().startOffset()));
        return hit;
    }
}
