package dev.ptxlint.cli;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Applies the fixes of a file's diagnostics, as {@code --fix} does: in each round, the
 * {@link #permitted} fix of each diagnostic (safe ones; with {@code unsafe}, any) whose edits touch none of
 * the edits already chosen in that round; then the text is linted again and the next round picks
 * up the fixes that overlapped or that the new text offers. It stops when no fix is left, or
 * after {@link #MAX_ROUNDS} rounds. The result is idempotent: fixing it again changes nothing
 * (unless the bound was reached, which {@link Result#converged()} tells).
 */
final class Fixer {
    /** At most this many lint-and-fix rounds per file. */
    static final int MAX_ROUNDS = 10;

    private Fixer() {
    }

    /**
     * @param text the file's text after fixing
     * @param applied how many fixes were applied, over all rounds
     * @param remaining the diagnostics of {@code text}
     * @param converged false if fixes were still applicable after {@link #MAX_ROUNDS} rounds
     */
    record Result(String text, int applied, List<Diagnostic> remaining, boolean converged) {
    }

    /**
     * Fixes {@code text}, whose diagnostics are {@code diagnostics}; {@code lint} lints a text
     * (a fresh linter each time) and returns its diagnostics.
     */
    static Result fix(String text, List<Diagnostic> diagnostics, Function<String, List<Diagnostic>> lint,
                      boolean unsafe) {
        int applied = 0;
        List<Diagnostic> diags = diagnostics;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            Round r = choose(text, diags, unsafe);
            if (r.fixes() == 0) {
                return new Result(text, applied, diags, true);
            }
            applied += r.fixes();
            text = apply(text, r.edits());
            diags = lint.apply(text);
        }
        return new Result(text, applied, diags, choose(text, diags, unsafe).fixes() == 0);
    }

    /** The fixes of one round: their edits, sorted by position, and how many fixes they make. */
    private record Round(List<Fix.Edit> edits, int fixes) {
    }

    /**
     * The fix of {@code d} that may be applied, or null: its one safe fix; else, with
     * {@code unsafe}, its one fix. Several fixes are alternatives (two "did you mean" spellings,
     * either of two conflicting modifiers): choosing among them is left to the user.
     */
    static Fix permitted(Diagnostic d, boolean unsafe) {
        Fix safe = null;
        int safeCount = 0;
        for (Fix f : d.fixes()) {
            if (f.safe() && !f.edits().isEmpty()) {
                safe = f;
                safeCount++;
            }
        }
        if (safeCount == 1) {
            return safe;
        }
        if (safeCount == 0 && unsafe && d.fixes().size() == 1 && !d.fixes().get(0).edits().isEmpty()) {
            return d.fixes().get(0);
        }
        return null;
    }

    /** The edits of the fixes applied in one round: non-overlapping, sorted by position. */
    private static Round choose(String text, List<Diagnostic> diags, boolean unsafe) {
        List<Fix.Edit> chosen = new ArrayList<>();
        int fixes = 0;
        for (Diagnostic d : diags) {
            Fix f = permitted(d, unsafe);
            if (f == null || !fits(f, text.length()) || overlapsAny(f.edits(), chosen)) {
                continue;
            }
            chosen.addAll(f.edits());
            fixes++;
        }
        chosen.sort(Comparator.comparingLong((Fix.Edit e) -> e.range().startOffset())
                .thenComparingLong(e -> e.range().endOffset()));
        return new Round(chosen, fixes);
    }

    private static boolean fits(Fix f, int length) {
        List<Fix.Edit> own = new ArrayList<>();
        for (Fix.Edit e : f.edits()) {
            long s = e.range().startOffset();
            long t = e.range().endOffset();
            if (s < 0 || t < s || t > length || overlapsAny(List.of(e), own)) {
                return false;
            }
            own.add(e);
        }
        return true;
    }

    /**
     * Whether an edit overlaps or touches one of {@code chosen}: two edits at the same point, or
     * one ending where the other starts, would leave their order to chance, so they wait for the
     * next round.
     */
    private static boolean overlapsAny(List<Fix.Edit> edits, List<Fix.Edit> chosen) {
        for (Fix.Edit e : edits) {
            for (Fix.Edit c : chosen) {
                if (e.range().startOffset() <= c.range().endOffset() && c.range().startOffset() <= e.range().endOffset()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Applies non-overlapping edits sorted by position. */
    static String apply(String text, List<Fix.Edit> sorted) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        int at = 0;
        for (Fix.Edit e : sorted) {
            int s = (int) e.range().startOffset();
            sb.append(text, at, s).append(e.newText());
            at = (int) e.range().endOffset();
        }
        sb.append(text, at, text.length());
        return sb.toString();
    }

    /**
     * Replaces a file's content atomically: the text goes to a temporary file next to it, which
     * is then renamed over it, so that a reader (or a crash) never sees half a file. A symbolic
     * link is followed (the file it points to is replaced); the file's POSIX permissions are kept.
     */
    static void writeAtomically(java.nio.file.Path file, String text) throws java.io.IOException {
        java.nio.file.Path target = file.toRealPath();
        java.nio.file.Path dir = target.toAbsolutePath().getParent();
        java.nio.file.Path tmp = java.nio.file.Files.createTempFile(dir, "." + target.getFileName() + ".",
                ".ptxlint-tmp");
        try {
            java.nio.file.Files.write(tmp, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            try {
                java.nio.file.Files.setPosixFilePermissions(tmp, java.nio.file.Files.getPosixFilePermissions(target));
            } catch (UnsupportedOperationException | java.io.IOException e) {
                // no POSIX permissions on this file system
            }
            try {
                java.nio.file.Files.move(tmp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                java.nio.file.Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            java.nio.file.Files.deleteIfExists(tmp);
        }
    }
}
