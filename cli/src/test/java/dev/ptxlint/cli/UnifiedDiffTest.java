package dev.ptxlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The unified diff of --diff: its hunks, and that applying it gives the new text back. */
class UnifiedDiffTest {

    @Test
    void equalTextsGiveNoDiff() {
        assertEquals("", UnifiedDiff.diff("a.ptx", "x\ny\n", "x\ny\n"));
    }

    @Test
    void farApartChangesGiveTwoHunksAndCloseOnesOne() {
        StringBuilder a = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            a.append("l").append(i).append('\n');
        }
        String before = a.toString();
        String far = before.replace("l2\n", "L2\n").replace("l18\n", "L18\n");
        assertEquals("""
                --- a/f
                +++ b/f
                @@ -1,5 +1,5 @@
                 l1
                -l2
                +L2
                 l3
                 l4
                 l5
                @@ -15,6 +15,6 @@
                 l15
                 l16
                 l17
                -l18
                +L18
                 l19
                 l20
                """, UnifiedDiff.diff("f", before, far));
        String close = before.replace("l2\n", "L2\n").replace("l9\n", "L9\n");
        String d = UnifiedDiff.diff("f", before, close);
        assertEquals(1, d.lines().filter(l -> l.startsWith("@@")).count(), d);
    }

    @Test
    void aMissingNewlineAtTheEndIsMarked() {
        assertEquals("""
                --- a/f
                +++ b/f
                @@ -1,2 +1,2 @@
                 x
                -y
                \\ No newline at end of file
                +y;
                \\ No newline at end of file
                """, UnifiedDiff.diff("f", "x\ny", "x\ny;"));
        assertEquals("""
                --- a/f
                +++ b/f
                @@ -1 +1 @@
                -x
                \\ No newline at end of file
                +x
                """, UnifiedDiff.diff("f", "x", "x\n"));
    }

    /** Random line edits (change, insert, delete): applying the diff's hunks gives the new text. */
    @Test
    void applyingTheDiffGivesTheNewText() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom r = new SplittableRandom(seed);
        for (int n = 0; n < 500; n++) {
            List<String> a = new ArrayList<>();
            int size = r.nextInt(0, 40);
            for (int i = 0; i < size; i++) {
                a.add("line" + r.nextInt(0, 8));
            }
            List<String> b = new ArrayList<>(a);
            int edits = r.nextInt(0, 5);
            for (int e = 0; e < edits; e++) {
                int k = r.nextInt(0, 3);
                if (k == 0 && !b.isEmpty()) {
                    b.set(r.nextInt(b.size()), "changed" + r.nextInt(0, 3));
                } else if (k == 1) {
                    b.add(r.nextInt(b.size() + 1), "new" + r.nextInt(0, 3));
                } else if (!b.isEmpty()) {
                    b.remove(r.nextInt(b.size()));
                }
            }
            String before = join(a, r.nextBoolean());
            String after = join(b, r.nextBoolean());
            String diff = UnifiedDiff.diff("f", before, after);
            assertEquals(after, patch(before, diff), "seed " + seed + ", case " + n + ":\n" + before + "---\n" + diff);
        }
    }

    private static String join(List<String> lines, boolean finalNewline) {
        String s = String.join("\n", lines);
        return lines.isEmpty() || !finalNewline ? s : s + "\n";
    }

    /** A minimal 'patch': applies the hunks of a unified diff to {@code text}, checking context. */
    static String patch(String text, String diff) {
        if (diff.isEmpty()) {
            return text;
        }
        List<String> src = new ArrayList<>(List.of(text.split("\n", -1)));
        boolean srcOpen = !text.endsWith("\n");
        if (!srcOpen) {
            src.remove(src.size() - 1);
        } else if (text.isEmpty()) {
            src.clear();
        }
        List<String> out = new ArrayList<>();
        boolean outOpen = srcOpen;
        int at = 0;
        String[] lines = diff.split("\n", -1);
        for (int i = 2; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("@@")) {
                String[] parts = l.split(" ");
                String[] old = parts[1].substring(1).split(",");
                int start = Integer.parseInt(old[0]);
                int count = old.length > 1 ? Integer.parseInt(old[1]) : 1;
                int from = count == 0 ? start : start - 1;
                while (at < from) {
                    out.add(src.get(at++));
                }
            } else if (l.startsWith(" ")) {
                assertEquals(src.get(at), l.substring(1));
                out.add(src.get(at++));
                outOpen = at == src.size() && srcOpen;
            } else if (l.startsWith("-")) {
                assertEquals(src.get(at), l.substring(1));
                at++;
            } else if (l.startsWith("+")) {
                out.add(l.substring(1));
                outOpen = false;
            } else if (l.startsWith("\\")) {
                if (lines[i - 1].startsWith("+") || lines[i - 1].startsWith(" ")) {
                    outOpen = true;
                }
            }
        }
        while (at < src.size()) {
            out.add(src.get(at++));
            outOpen = srcOpen;
        }
        String s = String.join("\n", out);
        return out.isEmpty() || outOpen ? s : s + "\n";
    }
}
