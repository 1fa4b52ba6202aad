package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Token;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The incremental path must give exactly what a full lint of the edited text gives. */
class IncrementalLinterTest {

    private static final String[] SNIPPETS = {"x", "\n", ";", "}", "{", "/*", "*/", "//", "\"", " ", "\tadd.s32 %r1, %r2, 1;\n",
        "\tsetp.lt.s32 %p1, %r1, %r2;\n", "\t// ptxlint-disable-next-line PTX0101\n", "// ptxlint-disable-line\n",
        "\tmov.u32 %r1, 5;\n\tsetp.lt.u32 %p1, %r1, 3;\n", "L_new:\n", "\tbra L_new;\n", "\t.reg .b32 %q<4>;\n", "%r9999", ".s32", "mull",
        ".func g()\n{\n}\n", "\tret;\n", "@%p1 ", "\u00e9"};

    private static void check(String before, String after, int prefix, int suffix, String what) {
        IncrementalLinter inc = new IncrementalLinter();
        inc.lint(before);
        List<Diagnostic> got = inc.update(after, prefix, suffix);
        List<Diagnostic> want = new Linter().lint(after);
        assertEquals(want, got, what);
        assertEquals(want, inc.diagnostics(), what);
    }

    private static List<Path> corpus() {
        List<Path> files = new ArrayList<>(TestData.ptxFiles("valid"));
        files.addAll(TestData.ptxFiles("fixtures"));
        return files;
    }

    @Test
    void randomEditsMatchAFullLint() throws IOException {
        randomEdits(LintSettings.DEFAULT, 42);
    }

    @Test
    void randomEditsMatchAFullLintWithSettings() throws IOException {
        LintSettings s = LintSettings.DEFAULT.withSeverity("PTX0101", dev.ptxlint.diag.Severity.WARNING)
                .withDisabled("PTX0250").withDefaultVersion(dev.ptxlint.isa.PtxVersion.parse("8.0"))
                .withDefaultTarget(dev.ptxlint.isa.Target.parse("sm_80"));
        randomEdits(s, 43);
    }

    private static void randomEdits(LintSettings settings, long seed) throws IOException {
        Random rnd = new Random(Long.getLong("incremental.seed", seed));
        int incremental = 0;
        int total = 0;
        for (Path f : corpus()) {
            String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
            if (text.length() > 200_000) {
                continue;
            }
            IncrementalLinter inc = new IncrementalLinter(settings);
            inc.lint(text);
            for (int round = 0; round < Integer.getInteger("incremental.rounds", 8); round++) {
                int at = rnd.nextInt(text.length() + 1);
                int del = rnd.nextInt(4) == 0 ? Math.min(text.length() - at, rnd.nextInt(12)) : 0;
                String ins = rnd.nextInt(5) == 0 ? "" : SNIPPETS[rnd.nextInt(SNIPPETS.length)];
                if (del == 0 && ins.isEmpty()) {
                    ins = "\n";
                }
                String next = text.substring(0, at) + ins + text.substring(at + del);
                int suffix = text.length() - at - del;
                List<Diagnostic> got = inc.update(next, at, suffix);
                List<Diagnostic> want = new Linter(settings).lint(next);
                total++;
                if (inc.lastWasIncremental()) {
                    incremental++;
                }
                if (!want.equals(got)) {
                    assertEquals(want, got, diff(want, got) + f + " edit at " + at + " deleting " + del + " inserting "
                            + ins.strip() + (inc.lastWasIncremental() ? " (incremental)" : " (full)"));
                }
                text = next;
            }
        }
        assertTrue(incremental > total / 4, "incremental " + incremental + " of " + total);
    }

    private static String diff(List<Diagnostic> want, List<Diagnostic> got) {
        List<Diagnostic> missing = new ArrayList<>(want);
        missing.removeAll(got);
        List<Diagnostic> extra = new ArrayList<>(got);
        extra.removeAll(want);
        return "missing " + missing.stream().limit(3).map(d -> d.code() + "@" + d.range() + " " + d.message()).toList()
                + "\nextra " + extra.stream().limit(3).map(d -> d.code() + "@" + d.range() + " " + d.message()).toList()
                + "\n";
    }

    /**
     * Found by the random edits: '[%rd1}]' closes the body at '}', and whether the stray ']' after it
     * is reported depends on the parser's recovery inside the body, which an edit further up changes.
     */
    @Test
    void strayTokensAfterTheBodyAreLintedAgain() {
        String before = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
                + "    .reg .b32 %r<16>;\n    .reg .b64 %rd<4>;\n\n    ld.u32 %r1, [%rd1}];\n    ret;\n}\n";
        int at = before.indexOf(".reg .b64") + 2;
        String after = before.substring(0, at) + "//" + before.substring(at);
        List<Diagnostic> want = new Linter().lint(after);
        assertTrue(want.stream().anyMatch(d -> d.message().contains("found ']'")), want.toString());
        check(before, after, at, before.length() - at, after);
    }

    /** Found by LinterFuzzTest: a text of suppression comments and no item threw IndexOutOfBounds. */
    @Test
    void aTextOfCommentsOnlyLintsLikeTheFullLinter() {
        for (String text : new String[] {"// ptxlint-disable-line\n", "/* ptxlint-disable PTX0101 */",
            "// ptxlint-disable-next-line PTX0001\n// ptxlint-enable\n"}) {
            assertEquals(new Linter().lint(text), new IncrementalLinter().lint(text), text);
            check(text, text + "\n", text.length(), 0, text);
            check(".version 8.0\n" + text, text, 0, text.length(), text);
        }
    }

    @Test
    void oneLineEditInsideABodyIsIncrementalAndShiftsLaterItems() {
        String text = ".version 9.0\n.target sm_90\n.address_size 64\n"
                + ".visible .entry f()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r2, 1;\n\tret;\n}\n"
                + ".visible .entry g()\n{\n\t.reg .b32 %r<3>;\n\tmull.s32 %r1, %r2, 1;\n\tret;\n}\n";
        int at = text.indexOf("\tret;");
        String edit = "\tadd.s32 %r7, %r2, 1;\n";
        String after = text.substring(0, at) + edit + text.substring(at);
        IncrementalLinter inc = new IncrementalLinter();
        inc.lint(text);
        List<Diagnostic> got = inc.update(after, at, text.length() - at);
        assertTrue(inc.lastWasIncremental());
        assertEquals(new Linter().lint(after), got);
        assertEquals(2, got.size(), got.toString());
        check(text, after, at, text.length() - at, "fresh instance");
    }

    /**
     * A module of functions that call functions and read variables declared before and after
     * them, with errors here and there: each body is checked against the module tables of the
     * first lint (what a function sees is what was declared before it), whatever edits came before.
     */
    private static String callingModule(int functions) {
        StringBuilder b = new StringBuilder(".version 8.0\n.target sm_80\n.address_size 64\n\n");
        for (int i = 0; i < functions; i++) {
            b.append(".global .u32 g").append(i).append(";\n");
            b.append(".func f").append(i).append("()\n{\n\t.reg .b32 %r<4>;\n\t.reg .pred %p<2>;\n");
            b.append("\tld.global.u32 %r1, [g").append(i).append("];\n");
            if (i > 0) {
                b.append("\tcall f").append(i - 1).append(";\n");
            }
            if (i % 3 == 1) {
                b.append("\tmull.s32 %r2, %r1, 2;\n");
            }
            b.append("\tadd.s32 %r2, %r1, 1;\n\tret;\n}\n");
        }
        return b.toString();
    }

    @Test
    void bodyEditsAfterOtherEditsCheckTheFunctionAloneAndMatchAFullLint() {
        int functions = 12;
        String text = callingModule(functions);
        IncrementalLinter inc = new IncrementalLinter();
        assertEquals(new Linter().lint(text), inc.lint(text));
        Random rnd = new Random(7);
        String[] lines = {"\tcall f0;\n", "\tcall f11;\n", "\tcall f5;\n", "\tld.global.u32 %r3, [g0];\n",
            "\tld.global.u32 %r3, [g11];\n", "\tld.global.u32 %r3, [g6];\n", "\tmull.s32 %r1, %r2, 1;\n",
            "\t.reg .b32 %r<4>;\n", "\tmov.u32 %r1, 7;\n\tsetp.lt.u32 %p1, %r1, 3;\n",
            "\tld.global.L2::256B.u32 %r3, [g1];\n", "\tadd.s32 %r9, %r1, 1;\n", "\n", "\t// ptxlint-disable-next-line\n"};
        int alone = 0;
        int edits = 150;
        for (int e = 0; e < edits; e++) {
            int f = rnd.nextInt(functions);
            int body = text.indexOf("{\n", text.indexOf(".func f" + f + "()")) + 2;
            int end = text.indexOf("\tret;", body);
            String next;
            int prefix;
            int suffix;
            if (rnd.nextBoolean() && end > body) {
                // delete one line of the body
                int from = body;
                for (int skip = rnd.nextInt(6); skip > 0 && text.indexOf('\n', from) + 1 < end; skip--) {
                    from = text.indexOf('\n', from) + 1;
                }
                int to = text.indexOf('\n', from) + 1;
                next = text.substring(0, from) + text.substring(to);
                prefix = from;
                suffix = text.length() - to;
            } else {
                int at = body;
                for (int skip = rnd.nextInt(6); skip > 0 && text.indexOf('\n', at) + 1 <= end; skip--) {
                    at = text.indexOf('\n', at) + 1;
                }
                next = text.substring(0, at) + lines[rnd.nextInt(lines.length)] + text.substring(at);
                prefix = at;
                suffix = text.length() - at;
            }
            List<Diagnostic> got = inc.update(next, prefix, suffix);
            List<Diagnostic> want = new Linter().lint(next);
            if (!want.equals(got)) {
                assertEquals(want, got, diff(want, got) + "edit " + e + " in f" + f);
            }
            if (inc.lastWasIncremental() && inc.lastReplayed() == 0) {
                alone++;
            }
            text = next;
        }
        assertTrue(alone > edits / 2, "checked alone " + alone + " of " + edits);
    }

    /**
     * A function before the header, with a default version configured: the body of a later
     * function sees the .version directive (its "Raise .version" fix edits it), which an edit in
     * the first function moves. Its body is then checked after a replay, and matches a full lint.
     */
    @Test
    void editsBeforeTheHeaderStillMatchAFullLint() {
        LintSettings settings = LintSettings.DEFAULT.withDefaultVersion(dev.ptxlint.isa.PtxVersion.parse("6.4"))
                .withDefaultTarget(dev.ptxlint.isa.Target.parse("sm_75"));
        String text = ".func a()\n{\n\tret;\n}\n.version 6.4\n.target sm_75\n.global .u32 g;\n"
                + ".visible .func b()\n{\n\t.reg .b32 %r<4>;\n\t.reg .f16 %h<3>;\n"
                + "\tset.lt.u32.f16 %r1, %h1, %h2;\n\tcall c;\n\tret;\n}\n"
                + ".func c()\n{\n\tret;\n}\n";
        IncrementalLinter inc = new IncrementalLinter(settings);
        List<Diagnostic> first = inc.lint(text);
        assertTrue(first.stream().anyMatch(d -> d.fixes().stream().anyMatch(x -> x.title().startsWith("Raise .version"))),
                first.toString());
        int at = text.indexOf("\tret;");
        String next = text.substring(0, at) + "\tret;\n" + text.substring(at);
        assertEquals(new Linter(settings).lint(next), inc.update(next, at, text.length() - at));
        assertTrue(inc.lastWasIncremental());
        int at2 = next.indexOf("\tcall c;");
        String third = next.substring(0, at2) + "\tcall a;\n" + next.substring(at2);
        assertEquals(new Linter(settings).lint(third), inc.update(third, at2, next.length() - at2));
        assertTrue(inc.lastWasIncremental());
        assertTrue(inc.lastReplayed() > 0, "b's header has directives after the moved items");
    }

    @Test
    void headerChangeFallsBackToAFullLint() {
        String text = ".version 9.0\n.target sm_90\n.visible .entry f()\n{\n\tret;\n}\n";
        String after = text.replace("sm_90", "sm_50");
        IncrementalLinter inc = new IncrementalLinter();
        inc.lint(text);
        int prefix = text.indexOf("sm_90") + 3;
        assertEquals(new Linter().lint(after), inc.update(after, prefix, text.length() - prefix - 2));
        assertTrue(!inc.lastWasIncremental());
    }

    private static final String MODULE = ".version 9.0\n.target sm_90\n.address_size 64\n\n"
            + ".global .u32 counter;\n"
            + ".func helper(.param .u32 x);\n"
            + ".visible .entry a()\n{\n  .reg .b32 %r<2>;\n  ld.global.u32 %r1, [counter];\n  ret;\n}\n"
            + ".visible .entry b()\n{\n  .shared .u32 counter;\n  .reg .b32 %r<2>;\n"
            + "  ld.shared.u32 %r1, [counter];\n  ret;\n}\n"
            + ".visible .entry c()\n{\n  .reg .b32 %r<2>;\n  mov.u32 %r1, 1;\n  ret;\n}\n"
            + ".func helper(.param .u32 x)\n{\n  ret;\n}\n";

    @Test
    void analyzeMentioningParsesOnlyTheItemsThatMentionTheNameAndResolvesWithShadowing() {
        IncrementalLinter inc = new IncrementalLinter();
        inc.lint(MODULE);
        List<String> uses = new ArrayList<>();
        List<Ast.TopLevel> parsed = inc.analyzeMentioning("counter", new NameListener() {
            @Override
            public void used(Token name, Symbol symbol) {
                if (name.text().equals("counter")) {
                    uses.add(name.span().line() + 1 + ":" + (symbol == null ? "null" : symbol.space()));
                }
            }
        });
        // the module variable, entry a and entry b mention it; entry c and helper do not
        assertEquals(3, parsed.size(), parsed.toString());
        // a's use is the module .global; b's own .shared declaration hides it
        assertEquals(List.of("10:.global", "17:.shared"), uses);
    }

    @Test
    void moduleSymbolsListWhatIsDeclaredBeforeTheOffset() {
        IncrementalLinter inc = new IncrementalLinter();
        inc.lint(MODULE);
        List<String> inA = inc.moduleSymbols(MODULE.indexOf("ld.global")).stream().map(Symbol::name).toList();
        assertTrue(inA.contains("counter") && inA.contains("helper"), inA.toString());
        List<String> atStart = inc.moduleSymbols(MODULE.indexOf(".global")).stream().map(Symbol::name).toList();
        assertTrue(!atStart.contains("counter"), "a variable is not visible before its declaration: " + atStart);
    }
}
