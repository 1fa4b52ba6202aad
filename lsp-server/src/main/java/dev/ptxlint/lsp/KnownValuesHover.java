package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.fold.KnownValues;
import java.util.ArrayList;
import java.util.List;

/**
 * The hover contributor of the evaluator ({@code dev.ptxlint.checker.fold.KnownValues}): the known
 * value of the register under the cursor, and the outcome of a decided comparison, selection or
 * guard. The evaluator works on one function at a time, so it is given a small module: the items
 * before the function (earlier functions reduced to prototypes) and the function itself, whose
 * offsets are the document's moved by a constant: a hover in a 20 MB file does not re-analyse
 * the file. Results are cached per document version and function.
 */
final class KnownValuesHover {
    private KnownValuesHover() {
    }

    private record Key(String uri, int version, long start) {
    }

    private static Key cachedKey;
    private static KnownValues cached;
    /** Document offset minus offset in the small module, for the cached function. */
    private static long shift;

    static synchronized Hovers.Section hover(Analysis a, Document doc) {
        IncrementalLinter.TopItem fn = null;
        List<IncrementalLinter.TopItem> before = new ArrayList<>();
        for (IncrementalLinter.TopItem it : doc.linter.outline()) {
            boolean isFunction = it.kind() == IncrementalLinter.ItemKind.ENTRY
                    || it.kind() == IncrementalLinter.ItemKind.FUNCTION;
            if (it.range().startOffset() <= a.offset && a.offset <= it.range().endOffset()) {
                fn = isFunction ? it : null;
                break;
            }
            before.add(it);
        }
        if (fn == null) {
            return null;
        }
        Key key = new Key(doc.uri, a.snap.version(), fn.range().startOffset());
        if (!key.equals(cachedKey)) {
            // a small module: the earlier items (functions as prototypes), then the function
            dev.ptxlint.diag.ChunkedText text = a.snap.source();
            StringBuilder module = new StringBuilder();
            for (IncrementalLinter.TopItem other : before) {
                int from = (int) other.range().startOffset();
                int to = (int) Math.min(text.length(), other.range().endOffset());
                boolean isFunction = other.kind() == IncrementalLinter.ItemKind.ENTRY
                        || other.kind() == IncrementalLinter.ItemKind.FUNCTION;
                if (isFunction) {
                    int nameEnd = other.names().isEmpty() ? from : (int) other.names().get(0).range().endOffset();
                    int brace = text.indexOf("{", nameEnd);
                    if (brace >= 0 && brace < to) {
                        module.append(text, from, brace).append(";\n");
                    } else {
                        module.append(text, from, to).append('\n');
                    }
                } else {
                    module.append(text, from, to).append('\n');
                }
            }
            int fnStart = (int) fn.range().startOffset();
            shift = fnStart - module.length();
            module.append(text, fnStart, (int) Math.min(text.length(), fn.range().endOffset()));
            cached = KnownValues.of(module.toString());
            cachedKey = key;
        }
        List<String> lines = new ArrayList<>();
        for (KnownValues.Entry e : cached.at(a.offset - shift)) {
            if (e.kind() == KnownValues.Kind.OPERAND) {
                lines.add("`" + e.subject() + "` = " + e.value() + " (`" + e.type() + "`"
                        + (e.destination() ? ", after this instruction" : "") + ")");
            } else {
                lines.add("**" + e.value() + "** (" + e.subject() + "): " + e.detail());
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        return new Hovers.Section("**Known values**\n\n" + String.join("\n\n", lines), null);
    }
}
