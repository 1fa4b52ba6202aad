package dev.ptxlint.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.diag.Diagnostic;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The C++ scanner and the map from the PTX back into the string literals, on generated inputs. */
class CppScannerTest {

    /** One character of a template written as C++ in a random way; the decoded char and the spelling. */
    private static String spell(char ch, Random rnd) {
        int how = rnd.nextInt(6);
        if (ch == '"' || ch == '\\') {
            return "\\" + ch;
        }
        if (ch == '\n') {
            return "\\n";
        }
        if (ch == '\t') {
            return rnd.nextBoolean() ? "\\t" : "\\11";
        }
        return switch (how) {
            case 0 -> String.format("\\x%02x", (int) ch);
            case 1 -> String.format("\\%03o", (int) ch);
            default -> String.valueOf(ch);
        };
    }

    /**
     * Random templates written as random concatenations of literals (plain, escaped, raw, u8, with
     * comments, continuations and newlines between them) decode to the template, and every decoded
     * character maps to exactly the source text that spells it.
     */
    @Test
    void randomConcatenationsAndEscapesRoundTrip() {
        Random rnd = new Random(14);
        String alphabet = "abcdefghijklmnopqrstuvwxyz.%0123456789,;[]{} \t\n\"\\";
        for (int iter = 0; iter < 2000; iter++) {
            int len = 1 + rnd.nextInt(40);
            StringBuilder tpl = new StringBuilder();
            for (int k = 0; k < len; k++) {
                tpl.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            StringBuilder src = new StringBuilder("__device__ void f() {\n  asm volatile(");
            String[] spellings = new String[len];
            int[] at = new int[len];
            int k = 0;
            while (k < len) {
                int piece = 1 + rnd.nextInt(Math.min(8, len - k));
                int kind = rnd.nextInt(4);
                boolean rawOk = kind == 0;
                for (int q = k; q < k + piece && rawOk; q++) {
                    rawOk = tpl.charAt(q) != ')';
                }
                if (rawOk) {
                    src.append("R\"x(");
                    for (int q = k; q < k + piece; q++) {
                        at[q] = src.length();
                        spellings[q] = String.valueOf(tpl.charAt(q));
                        src.append(tpl.charAt(q));
                        // a backslash before a newline: a continuation, which a raw string keeps
                        if (tpl.charAt(q) == '\\' && q + 1 < k + piece && tpl.charAt(q + 1) == '\n') {
                            spellings[q] = "\\";
                        }
                    }
                    src.append(")x\"");
                } else {
                    src.append(kind == 1 ? "u8\"" : "\"");
                    for (int q = k; q < k + piece; q++) {
                        String s = spell(tpl.charAt(q), rnd);
                        // an octal or hex escape followed by a digit would swallow it
                        if (s.startsWith("\\x") || s.matches("\\\\[0-7]+")) {
                            if (q + 1 < k + piece && Character.digit(tpl.charAt(q + 1), 16) >= 0) {
                                s = tpl.charAt(q) == '\t' ? "\\t" : String.valueOf(tpl.charAt(q));
                            }
                        }
                        at[q] = src.length();
                        spellings[q] = s;
                        src.append(s);
                    }
                    src.append('"');
                }
                k += piece;
                switch (rnd.nextInt(4)) {
                    case 0 -> src.append(" /* c */ ");
                    case 1 -> src.append(" // c\n    ");
                    case 2 -> src.append("\n");
                    default -> src.append(' ');
                }
            }
            src.append(" : \"=r\"(x) : \"r\"(f(a, b)));\n}\n");
            List<AsmStatement> found = CppScanner.scan(src.toString());
            assertEquals(1, found.size(), src.toString());
            AsmStatement st = found.get(0);
            assertNull(st.skipReason(), src.toString());
            Decoded d = st.template();
            assertEquals(tpl.toString(), d.text(), src.toString());
            for (int q = 0; q < len; q++) {
                assertEquals(spellings[q], src.substring(d.start(q), d.end(q)), "char " + q + " of " + src);
                assertEquals(at[q], d.start(q));
            }
            assertEquals(2, st.operands().size());
            assertEquals("f ( a , b )", st.operands().get(1).expression());
        }
    }

    @Test
    void lineContinuationsInsideLiteralsAndBetweenTokens() {
        String src = "void f() { as\\\nm(\"mov.u32 %0, \\\n1;\" : \"=r\"(x)); }";
        List<AsmStatement> found = CppScanner.scan(src);
        assertEquals(1, found.size());
        Decoded d = found.get(0).template();
        assertEquals("mov.u32 %0, 1;", d.text());
        assertEquals('1', src.charAt(d.start(12)));
    }

    @Test
    void keywordsQualifiersAndWhatIsNotAStatement() {
        String src = """
                int g __asm__("sym");
                void h() __asm__("other");
                // asm("in a comment");
                const char *s = "asm(\\"in a string\\")";
                char c = '"'; int n = 1'000;
                __device__ void f() {
                  asm("a;"); asm volatile("b;"); __asm__ __volatile__("c;"); asm __volatile__("d;");
                  __asm__("e;" ::: "memory"); asm goto("bra %l0;" :::: L);
                L:;
                }
                """;
        List<AsmStatement> found = CppScanner.scan(src);
        // 'int g __asm__("sym")' follows a declarator: no statement; after ')' it cannot be told from
        // 'if (x) asm(...)', and the single word without ';' is skipped
        assertEquals(7, found.size());
        assertEquals("a single word without ';': an assembler label or host asm", found.get(0).skipReason());
        assertEquals("a;", found.get(1).template().text());
        assertEquals("d;", found.get(4).template().text());
        assertEquals(4, found.get(5).sections());
        assertEquals("asm goto (nvcc does not support it in device code)", found.get(6).skipReason());
    }

    @Test
    void skipReasons() {
        String src = """
                #define STR(x) #x
                __device__ void f() {
                  asm(TEMPLATE);
                  asm("a;" "b" STR(c));
                  asm("a;"
                #if X
                      "b;"
                #endif
                  );
                  asm(L"w;");
                  asm("x;" : "=r" x);
                }
                """;
        List<AsmStatement> found = CppScanner.scan(src);
        assertEquals(5, found.size());
        assertTrue(found.get(0).skipReason().contains("'TEMPLATE' (a macro?)"), found.get(0).skipReason());
        assertTrue(found.get(1).skipReason().contains("'STR'"), found.get(1).skipReason());
        assertEquals("a preprocessor directive ('#if') inside the statement", found.get(2).skipReason());
        assertTrue(found.get(3).skipReason().contains("L\"...\""), found.get(3).skipReason());
        assertTrue(found.get(4).skipReason().contains("operand 0"), found.get(4).skipReason());
    }

    @Test
    void macrosInDefinesAndConstraintMacros() {
        String src = """
                #define PTR "l"
                #define PTR_C(x) "l"(x)
                #define LOAD(r, p) asm("ld.global.u32 %0, [%1];" : "=r"(r) : PTR(p))
                __device__ void f(unsigned *p) { unsigned r; asm("st.global.u32 [%0], %1;" :: PTR_C(p), "r"(r)); }
                """;
        List<AsmStatement> found = CppScanner.scan(src);
        assertEquals(2, found.size());
        assertNull(found.get(0).skipReason());
        assertEquals("l", found.get(0).operands().get(1).constraint());
        assertEquals("l", found.get(1).operands().get(0).constraint());
        assertEquals("p", found.get(1).operands().get(0).expression());
    }

    @Test
    void preprocessorConditions() {
        String src = """
                #if defined(__x86_64__)
                void pause() { asm volatile("pause" ::: "memory"); }
                #endif
                #if __CUDA_ARCH__ < 700
                __device__ void a() { asm("shfl.idx.b32 %0, %0, 0, 31;" : "+r"(x)); }
                #elif __CUDA_ARCH__ >= 900
                __device__ void b() { asm("x;"); }
                #else
                __device__ void c() { asm("y;"); }
                #endif
                """;
        List<AsmStatement> found = CppScanner.scan(src);
        assertEquals(4, found.size());
        assertTrue(found.get(0).skipReason().startsWith("host asm"), found.get(0).skipReason());
        assertEquals(700, found.get(1).archBelow());
        assertEquals(0, found.get(2).archBelow());
        assertNull(found.get(3).skipReason());
    }

    /** Operand substitution and the mapped columns, for every operand count and position. */
    @Test
    void operandsMapToTheirPercentN() {
        CudaLinter linter = new CudaLinter(LintSettings.DEFAULT);
        for (int count = 1; count <= 12; count++) {
            for (int bad = 0; bad <= count; bad++) {
                StringBuilder tpl = new StringBuilder("{ ");
                StringBuilder ops = new StringBuilder();
                for (int k = 0; k < count; k++) {
                    tpl.append("mov.b32 %").append(k == bad ? count : k).append(", 1; ");
                    ops.append(k == 0 ? "" : ", ").append("\"+r\"(v").append(k).append(')');
                }
                tpl.append("}");
                String src = "__device__ void f() {\n  asm(\"" + tpl + "\" : " + ops + ");\n}\n";
                CudaLinter.Result r = linter.lint(src);
                if (bad == count) {
                    assertEquals(List.of(), r.diagnostics(), src);
                    continue;
                }
                assertEquals(1, r.diagnostics().size(), src);
                Diagnostic d = r.diagnostics().get(0);
                assertEquals("PTX0500", d.code());
                int col = src.indexOf("%" + count) - src.indexOf("  asm");
                assertEquals(1, d.range().startLine());
                assertEquals(col, d.range().startColumn());
                assertEquals(col + 1 + String.valueOf(count).length(), d.range().endColumn());
            }
        }
    }

    @Test
    void messagesNameOperandsAsWrittenAndSyntheticLinesNeverLeak() {
        CudaLinter linter = new CudaLinter(LintSettings.DEFAULT);
        String src = "__device__ void f() {\n  asm(\"add.f64 %0, %0, %1;\" : \"+r\"(a) : \"h\"(b));\n}\n";
        List<Diagnostic> ds = linter.lint(src).diagnostics();
        assertTrue(!ds.isEmpty());
        for (Diagnostic d : ds) {
            assertTrue(!d.message().contains("ptxlint_op"), d.message());
            assertEquals(1, d.range().startLine(), d.toString());
        }
        // an unbalanced '{': the error the module's end gets is reported on the template
        src = "__device__ void f() {\n  asm volatile(\"{ membar.gl;\");\n}\n";
        ds = linter.lint(src).diagnostics();
        assertEquals(1, ds.size(), ds.toString());
        assertEquals(1, ds.get(0).range().startLine());
        assertEquals(16, ds.get(0).range().startColumn());
    }

    @Test
    void immediatesTakeTheirValueOrDropWhatDependsOnIt() {
        CudaLinter linter = new CudaLinter(LintSettings.DEFAULT);
        assertEquals(List.of(), linter.lint("__device__ void f() { asm(\"bar.sync %0;\" :: \"n\"(0)); }").diagnostics());
        assertNotNull(CppLiterals.integer("0x10u"));
        assertEquals("16", CppLiterals.integer("0x10u"));
        assertEquals("-7", CppLiterals.integer("(-7)"));
        assertEquals("5", CppLiterals.integer("0b101"));
        assertEquals("8", CppLiterals.integer("010"));
        assertNull(CppLiterals.integer("N + 1"));
        // bar.sync with a count that is not a multiple of 32 is an error ptxlint knows; an unknown
        // value is not judged
        assertEquals(List.of(), linter.lint("__device__ void f() { asm(\"bar.sync 0, %0;\" :: \"n\"(N)); }")
                .diagnostics());
    }
}
