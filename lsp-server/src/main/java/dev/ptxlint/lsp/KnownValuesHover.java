package dev.ptxlint.lsp;

import dev.ptxlint.checker.IncrementalLinter;
import dev.ptxlint.checker.fold.KnownValues;
import java.util.ArrayList;
import java.util.List;

/**
 * The hover contributor of the evaluator ({@code dev.ptxlint.checker.fold.KnownValues}): the known
 * value of the register under the cursor, and the outcome of a decided comparison, selection or
 * guard. The evaluator works on one function at a time, so it is given the module with the other
 * functions' bodies blanked out (positions unchanged) and nothing after the function: a hover in
 * a 20 MB file does not re-analyse the file. Results are cached per document version and function.
 */
final class KnownValuesHover {
    private KnownValuesHover() {
    }

    private record Key(String uri, int version, long start) {
    }

    private static Key cachedKey;
    private static KnownValues cached;

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
            if (isFunction) {
                before.add(it);
            }
        }
        if (fn == null) {
            return null;
        }
        Key key = new Key(doc.uri, a.snap.version(), fn.range().startOffset());
        if (!key.equals(cachedKey)) {
            String text = a.snap.text();
            int end = (int) Math.min(text.length(), fn.range().endOffset());
            char[] module = text.substring(0, end).toCharArray();
            for (IncrementalLinter.TopItem other : before) {
                for (int i = (int) other.range().startOffset(); i < other.range().endOffset() && i < end; i++) {
                    if (module[i] != '\n' && module[i] != '\r') {
                        module[i] = ' ';
                    }
                }
            }
            cached = KnownValues.of(new String(module));
            cachedKey = key;
        }
        List<String> lines = new ArrayList<>();
        for (KnownValues.Entry e : cached.at(a.offset)) {
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
