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
