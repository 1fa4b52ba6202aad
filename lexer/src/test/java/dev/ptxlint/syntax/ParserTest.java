package dev.ptxlint.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.syntax.Ast.Address;
import dev.ptxlint.syntax.Ast.Block;
import dev.ptxlint.syntax.Ast.Directive;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Ast.Instruction;
import dev.ptxlint.syntax.Ast.Name;
import dev.ptxlint.syntax.Ast.PredPair;
import dev.ptxlint.syntax.Ast.Section;
import dev.ptxlint.syntax.Ast.TopLevel;
import dev.ptxlint.syntax.Ast.VarDecl;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParserTest {

    record Result(List<TopLevel> items, List<SyntaxProblem> problems) {
    }

    static Result parse(String s) {
        List<SyntaxProblem> problems = new ArrayList<>();
        Parser p = new Parser(Lexer.of(s), problems::add);
        List<TopLevel> items = new ArrayList<>();
        TopLevel t;
        while ((t = p.next()) != null) {
            items.add(t);
        }
        return new Result(items, problems);
    }

    static Result clean(String s) {
        Result r = parse(s);
        assertEquals(List.of(), r.problems(), "unexpected problems");
        return r;
    }

    static List<Instruction> body(String stmts) {
        Result r = clean(".version 9.0\n.target sm_90\n.entry k()\n{\n" + stmts + "\n}\n");
        Function f = (Function) r.items().get(2);
        List<Instruction> out = new ArrayList<>();
        collect(f.body(), out);
        return out;
    }

    private static void collect(Block b, List<Instruction> out) {
        for (Ast.Statement s : b.statements()) {
            if (s instanceof Instruction i) {
                out.add(i);
            } else if (s instanceof Block inner) {
                collect(inner, out);
            }
        }
    }

    @Test
    void moduleDirectives() {
        Result r = clean(".version 9.0\n.target sm_100a, debug, texmode_independent\n.address_size 64\n"
                + ".file 1 \"/tmp/a.cu\", 1700000000, 1234\n.pragma \"nounroll\";\n");
        assertEquals(5, r.items().size());
        Directive target = (Directive) r.items().get(1);
        assertEquals(3, target.args().size());
        assertEquals("debug", ((Name) target.args().get(1)).text());
    }

    @Test
    void instructionKeepsModifierAndOperandSpans() {
        Instruction i = body("setp.lt.s32 %p1|%p2, %r1, -5;").get(0);
        assertEquals("setp", i.opcode().text());
        assertEquals(List.of(".lt", ".s32"), i.modifiers().stream().map(Token::text).toList());
        assertEquals(4, i.modifiers().get(0).span().column());
        PredPair pp = assertInstanceOf(PredPair.class, i.operands().get(0));
        assertEquals("%p2", ((Name) pp.second()).text());
        assertEquals(3, i.operands().size());
        assertInstanceOf(Ast.Unary.class, i.operands().get(2));
    }

    @Test
    void guardsSelectorsAddressesVectorsSinkAndCall() {
        List<Instruction> is = body(String.join("\n",
                ".reg .pred %p<3>; .reg .b32 %r<9>; .reg .b64 %rd<3>;",
                "@!%p1 bra $L1;",
                "$L1: vset2.u32.u32.lt %r1.h10, %r2.h32, %r3.h10, %r4;",
                "ld.global.v4.u32 {%r1, %r2, _, %r4}, [%rd1+-16];",
                "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex, {%f5, %f6}];",
                "call.uni (retval0), foo, (param0, param1);",
                "mov.u32 %r1, %tid.x;",
                "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r4];"));
        Instruction bra = is.get(0);
        assertTrue(bra.guard().negated());
        assertEquals("%p1", bra.guard().predicate().text());
        Name sel = (Name) is.get(1).operands().get(0);
        assertEquals(".h10", sel.suffixes().get(0).text());
        Ast.VectorExpr v = (Ast.VectorExpr) is.get(2).operands().get(0);
        assertInstanceOf(Ast.Sink.class, v.items().get(2));
        Address a = (Address) is.get(2).operands().get(1);
        assertInstanceOf(Ast.Binary.class, a.items().get(0));
        Address tex = (Address) is.get(3).operands().get(1);
        assertEquals(2, tex.items().size());
        assertEquals(3, is.get(4).operands().size());
        assertInstanceOf(Ast.Group.class, is.get(4).operands().get(0));
        assertEquals(".x", ((Name) is.get(5).operands().get(1)).suffixes().get(0).text());
        assertEquals(".shared::cluster", is.get(6).modifiers().get(4).text());
    }

    @Test
    void selectorAfterWhiteSpaceCommentOrLineBreak() {
        List<Instruction> is = body(String.join("\n",
                ".reg .b32 %r<4>;",
                "vset2.u32.u32.lt.add %r0 .h0 , %r1 /* asel */ .h10, %r2/*b*/.h32, %r3 ;",
                "vset4.u32.u32.lt %r0, %r1",
                "    .b3210, %r2, %r3;",
                "mov.u32 %r1, %tid .x;"));
        Instruction v2 = is.get(0);
        assertEquals(".h0", ((Name) v2.operands().get(0)).suffixes().get(0).text());
        assertEquals(".h10", ((Name) v2.operands().get(1)).suffixes().get(0).text());
        assertEquals(".h32", ((Name) v2.operands().get(2)).suffixes().get(0).text());
        assertEquals(4, v2.operands().size());
        assertEquals(".b3210", ((Name) is.get(1).operands().get(1)).suffixes().get(0).text());
        assertEquals(".x", ((Name) is.get(2).operands().get(1)).suffixes().get(0).text());
    }

    @Test
    void aDirectiveOnTheNextLineIsNoSelector() {
        Result r = parse(".version 9.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<4>;\nmov.u32 %r1, %r2\n"
                + ".loc 1 2 3\nret;\n}\n");
        assertEquals(1, r.problems().size(), r.problems()::toString);
        assertTrue(r.problems().get(0).message().contains("expected ';'"), r.problems()::toString);
    }

    @Test
    void selectorSyntaxErrorsPtxasRejects() {
        for (String[] c : new String[][] {
                {"vset2.u32.u32.lt %r0, %r1.h10.h10, %r2, %r3;", ".h10", "second suffix"},
                {"vset2.u32.u32.lt %r0.h1 .h0, %r1, %r2, %r3;", ".h0", "second suffix"},
                {"vset.u32.u32.lt %r0, %tid.x.b1, %r2;", ".b1", "second suffix"},
                {"vset.u32.u32.lt %r0, WARP_SZ.b1, %r2;", ".b1", "WARP_SZ takes no"},
                {"selp.b32 %r0, %r1, %r2, !%p1.b1;", ".b1", "negated operand"},
                {"mov.u32 %r0, ~%r1;", "%r1", "'~' complements constants only"},
                {"mov.u32 %r0, ~(%r1 + 1);", "%r1", "'~' complements constants only"}}) {
            Result r = parse(".version 9.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .pred %p<2>;\n"
                    + c[0] + "\nret;\n}\n");
            assertEquals(1, r.problems().size(), () -> c[0] + ": " + r.problems());
            SyntaxProblem p = r.problems().get(0);
            assertEquals(6, p.span().line(), c[0]);
            assertEquals(c[1], c[0].substring(p.span().column(), p.span().column() + c[1].length()), c[0]);
            assertTrue(p.message().contains(c[2]), () -> c[0] + ": " + p.message());
        }
        body(".reg .b32 %r<4>;\nmov.u32 %r0, ~1;\nmov.u32 %r0, ~WARP_SZ;\nmov.u32 %r0, -%r1;");
    }

    @Test
    void declarationsInEveryForm() {
        Result r = clean(String.join("\n", ".version 9.0", ".target sm_90",
                ".global .align 4 .u32 g[4] = {1, 2, 3, 4};",
                ".global .u64 p = generic(g);",
                ".const .v4 .f32 c;",
                ".extern .shared .align 16 .b8 smem[];",
                ".visible .global .attribute(.managed) .u32 m;",
                ".global .texref tex;",
                ".global .b8 arr[2][3] = {{1, 2, 3}, {4, 5, 6}};",
                ".visible .entry k(.param .u64 .ptr .global .align 8 k_p, .param .align 8 .b8 k_s[16])",
                ".maxntid 256, 1, 1 .minnctapersm 2",
                "{ .reg .b32 %r<100>; .local .align 8 .b8 __local_depot0[32]; ret; }"));
        VarDecl g = (VarDecl) r.items().get(2);
        assertEquals(".align", g.attrs().get(1).name().text());
        assertInstanceOf(Ast.Brace.class, g.declarators().get(0).init());
        VarDecl p = (VarDecl) r.items().get(3);
        assertInstanceOf(Ast.Call.class, p.declarators().get(0).init());
        Function k = (Function) r.items().get(9);
        assertEquals(2, k.params().size());
        assertEquals(2, k.performance().size());
        VarDecl regs = (VarDecl) k.body().statements().get(0);
        assertTrue(regs.declarators().get(0).isRange());
    }

    @Test
    void functionsPrototypesAndCallTargets() {
        Result r = clean(String.join("\n", ".version 9.0", ".target sm_90",
                ".extern .func (.param .b32 func_retval0) vprintf (.param .b64 a, .param .b64 b);",
                ".weak .func f() .noreturn;",
                ".visible .func (.param .b32 r) g(.param .b32 x)",
                "{",
                "  .reg .b32 %r<2>;",
                "  .reg .b64 %rd<2>;",
                "  prototype_0 : .callprototype (.param .b32 _) _ (.param .b64 _, .param .b64 _);",
                "  ts: .branchtargets L1, L2;",
                "  call (%r1), %rd1, (%rd1, %rd1), prototype_0;",
                "  L1: L2: ret;",
                "}",
                ".alias galias, g;"));
        Function proto = (Function) r.items().get(2);
        assertNull(proto.body());
        assertEquals(1, proto.returns().size());
        assertEquals(".noreturn", ((Function) r.items().get(3)).performance().get(0).name().text());
        // the .callprototype keeps its parameter declarations (the indirect call checks read them)
        Directive cp = ((Function) r.items().get(4)).body().statements().stream()
                .filter(st -> st instanceof Directive d && d.name().text().equals(".callprototype"))
                .map(st -> (Directive) st).findFirst().orElseThrow();
        assertEquals(1, ((Ast.Params) cp.args().get(0)).decls().size());
        assertEquals(2, ((Ast.Params) cp.args().get(2)).decls().size());
        assertEquals(".b64", ((Ast.Params) cp.args().get(2)).decls().get(1).attrs().get(1).name().text());
    }

    @Test
    void prototypeWithoutSemicolonEndsAtTheNextModuleItem() {
        // nvopencc (CUDA 2.x-4.x) wrote prototypes without ';'; ptxas 13.0 accepts this module
        // (.version 2.3 and 9.0 alike) with -arch=sm_75.
        Result r = clean(String.join("\n", ".version 2.3", ".target sm_20", ".address_size 64",
                ".visible .func (.param .f32 r) f (.param .u64 a)",
                ".visible .func g ()",
                ".func h ()",
                ".const .u32 VERTICES;",
                ".file 1 \"a.cu\"",
                ".entry k ()",
                "{", "ret;", "}",
                ".visible .func (.param .f32 r) f (.param .u64 a)", "{", "ret;", "}",
                ".visible .func g ()", "{", "ret;", "}",
                ".func h ()", "{", "ret;", "}"));
        assertNull(((Function) r.items().get(3)).body());
        assertNull(((Function) r.items().get(4)).body());
        assertNull(((Function) r.items().get(5)).body());
        assertInstanceOf(VarDecl.class, r.items().get(6));
        assertEquals("k", ((Function) r.items().get(8)).name().text());
        // ptxas: "Parsing error near '.target'"; an instruction instead of '{' is still reported
        assertEquals(1, parse(".version 9.0\n.target sm_90\n.func f()\n.target sm_90\n").problems().size());
        // an .entry needs '{' or ';' (ptxas 13.0: "Parsing error near '.global'", also before .entry and .file)
        assertEquals(1, parse(".version 2.3\n.target sm_20\n.entry k (.param .u32 a)\n.global .u32 x;\n")
                .problems().size());
        assertTrue(parse(".version 9.0\n.target sm_90\n.func f()\nret;\n}\n").problems().get(0).message()
                .contains("'{' to start the body of f"));
    }

    @Test
    void constantBanks() {
        // PTX ISA 1.5-2.1; ptxas 13.0 accepts this module with -arch=sm_75 (at 2.2 and later:
        // "Deprecated feature: 'explicit constant banks'"); with a space, '.const [2]', it is a syntax error
        Result r = clean(String.join("\n", ".version 1.5", ".target sm_13",
                ".extern .const[2] .b8 bank2[];",
                ".entry k()", "{", ".reg .u32 %r<2>;",
                "ld.const[2].u32 %r1, [bank2+8];",
                "exit;", "}"));
        VarDecl bank = (VarDecl) r.items().get(2);
        assertEquals(".const", bank.attrs().get(0).name().text());
        assertEquals("2", ((Ast.IntLit) bank.attrs().get(0).args().get(0)).token().text());
        Instruction ld = body("ld.const[2].u32 %r1, [bank2+8];").get(0);
        assertEquals("ld.const.u32", ld.mnemonic());
        assertEquals(2, ld.operands().size());
        assertTrue(parse(".version 1.5\n.target sm_13\n.extern .const [2] .b8 bank2[];\n").problems().size() > 0);
    }

    @Test
    void debugSectionsAndLoc() {
        Result r = clean(String.join("\n", ".version 9.0", ".target sm_90, debug",
                ".entry k()", "{", ".loc 1 10 5", "$L__tmp0:",
                ".loc 1 11 3, function_name $L__info_string0, inlined_at 1 20 3", "ret;", "}",
                ".section .debug_info", "{", ".b32 128", ".b8 2, 0", ".b32 .debug_abbrev", ".b64 $L__func_begin0",
                "$L__info_end:", ".b8 95,90,51+1", "}"));
        Section s = (Section) r.items().get(3);
        assertEquals(".debug_info", s.name().text());
        assertEquals(List.of("$L__info_end"), s.labels().stream().map(l -> l.name().text()).toList());
    }

    @Test
    void nestedBlocksThreeDeep() {
        List<Instruction> is = body("{ .reg .pred p; { .reg .b32 x; { add.s32 x, x, 1; } } }");
        assertEquals(1, is.size());
    }

    // ------------------------------------------------------------ recovery

    @Test
    void oneMistakeGivesOneProblem() {
        Result r = parse(".version 9.0\n.target sm_90\n.entry k()\n{\n  add.s32 %r1, , %r2;\n  ret;\n}\n");
        assertEquals(1, r.problems().size(), r.problems()::toString);
        assertEquals(4, r.problems().get(0).span().line());
        assertEquals(15, r.problems().get(0).span().column());
    }

    @Test
    void independentMistakesEachReportedOnce() {
        Result r = parse(String.join("\n", ".version 9.0", ".target sm_90", ".entry k()", "{",
                "  add.s32 %r1, , %r2;",
                "  mov.u32 %r1 %r2;",
                "  ld.global.u32 %r1, [%rd1;",
                "  ret;",
                "}",
                ".entry j()", "{", "  sub.s32 %r1, %r2, ;", "}"));
        assertEquals(4, r.problems().size(), r.problems()::toString);
        assertEquals(List.of(4, 5, 6, 11), r.problems().stream().map(p -> p.span().line()).toList());
    }

    @Test
    void missingSemicolonAtLineEndIsInsertedWithoutCascade() {
        Result r = parse(".version 9.0\n.target sm_90\n.entry k()\n{\n  mov.u32 %r1, 1\n  mov.u32 %r2, 2;\n}\n");
        assertEquals(1, r.problems().size(), r.problems()::toString);
        SyntaxProblem p = r.problems().get(0);
        assertEquals(ProblemKind.MISSING_SEMICOLON, p.kind());
        assertEquals(4, p.span().line());
        assertEquals(16, p.span().column());
        assertEquals(";", p.fixText());
    }

    @Test
    void missingClosingBraceEndsFunctionAtNextEntry() {
        Result r = parse(".version 9.0\n.target sm_90\n.entry k()\n{\n  ret;\n.entry j()\n{\n  ret;\n}\n");
        assertEquals(1, r.problems().size(), r.problems()::toString);
        assertEquals(ProblemKind.UNCLOSED_BLOCK, r.problems().get(0).kind());
        assertEquals(4, r.items().size());
        assertEquals("j", ((Function) r.items().get(3)).name().text());
    }

    @Test
    void malformedLiteralIsNotReportedTwice() {
        Result r = parse(".version 9.0\n.target sm_90\n.entry k()\n{\n  mov.f32 %f1, 0f3F80;\n  ret;\n}\n");
        assertEquals(1, r.problems().size(), r.problems()::toString);
        assertEquals(ProblemKind.MALFORMED_NUMBER, r.problems().get(0).kind());
    }

    @Test
    void instructionOutsideFunction() {
        Result r = parse(".version 9.0\n.target sm_90\nadd.s32 %r1, %r2, %r3;\n.entry k() { ret; }\n");
        assertEquals(1, r.problems().size(), r.problems()::toString);
        assertTrue(r.problems().get(0).message().contains("outside a function"));
        assertInstanceOf(Function.class, r.items().get(r.items().size() - 1));
    }

    @Test
    void unknownDirectivesAreReported() {
        Result r = parse(".version 9.0\n.target sm_90\n.bogus 1;\n.entry k() { .frob; ret; }\n");
        assertEquals(2, r.problems().size(), r.problems()::toString);
        assertTrue(r.problems().stream().allMatch(p -> p.kind() == ProblemKind.UNKNOWN_DIRECTIVE));
    }

    @Test
    void preprocessorLinesAreReported() {
        Result r = parse("#include <x>\n.version 9.0\n.target sm_90\n");
        assertEquals(1, r.problems().size());
        assertEquals(ProblemKind.PREPROCESSOR, r.problems().get(0).kind());
        assertEquals(2, r.items().size());
    }

    @Test
    void versionNumbersAreDigitsDotDigits() {
        for (String v : new String[] {"9.0", "10.12", "07.08", "1.5"}) {
            assertTrue(Parser.isVersionNumber(v), v);
        }
        for (String v : new String[] {".5", "5.", "1.2.3", "1.5e3", "1e5", "", ".", "a.b", "1.\u0661"}) {
            assertTrue(!Parser.isVersionNumber(v), v);
            assertEquals(v.matches("[0-9]+\\.[0-9]+"), Parser.isVersionNumber(v), v);
        }
    }
    /** Asserts that a node's position accessors equal its span's (asked before the span is made). */
    private static void positionsAreTheSpans(Ast.Node n) {
        long start = n.start();
        long end = n.end();
        int line = n.line();
        int column = n.column();
        int endLine = n.endLine();
        int endColumn = n.endColumn();
        Span s = n.span();
        assertEquals(s, new Span(start, end, line, column, endLine, endColumn), n.toString());
    }

    @Test
    void oneTokenNodesTakeTheirSpanFromTheirToken() {
        Instruction i = body("add.s32 %r1, %r2.x, 4;\n@!%p1 bra $L1;\n$L1:\nmov.f32 %f1, 0f3F800000;\n"
                + "ld.global.u32 %r3, [%rd1+-8];\nsetp.eq.s32 _|%p2, %r1, -(%r2);").get(0);
        Name r1 = (Name) i.operands().get(0);
        Name r2x = (Name) i.operands().get(1);
        positionsAreTheSpans(r1);
        positionsAreTheSpans(r2x);
        positionsAreTheSpans(i.operands().get(2));
        // a name without suffixes shares its token's span; with suffixes it runs to the last one
        assertSame(r1.token().span(), r1.span());
        assertEquals(r2x.token().span().to(r2x.suffixes().get(0).span()), r2x.span());
        assertSame(r2x.span(), r2x.span());
        assertEquals(new Span(53, 58, 4, 13, 4, 18), r2x.span()); // '%r2.x' on line 5 of the module
        // a node built with a span of its own keeps it (the language server's shifted copies), and
        // equals compares every component, the span by value, as the records did
        Span other = new Span(100, 103, 9, 0, 9, 3);
        Name moved = new Name(r1.token(), List.of(), other);
        assertSame(other, moved.span());
        assertEquals(100, moved.start());
        assertEquals(9, moved.endLine());
        assertNotEquals(r1, moved);
        assertEquals(r1, new Name(r1.token(), List.of(), r1.token().span()));
        assertEquals(r1.hashCode(), new Name(r1.token(), List.of(), r1.token().span()).hashCode());
        assertEquals(new Ast.IntLit(r1.token()), new Ast.IntLit(r1.token(), r1.token().span()));
        assertNotEquals(new Ast.IntLit(r1.token()), new Ast.FloatLit(r1.token()));
        assertEquals("Name[token=IDENT(%r1)@5:9-5:12, suffixes=[], span=5:9-5:12]", r1.toString());
    }

    @Test
    void nodesOfSeveralTokensSpanTheirOperands() {
        List<Instruction> is = body("ld.global.u32 %r3, [%rd1+-8];\nsetp.eq.s32 _|%p2, %r1, -(%r2);\n"
                + "add.s32 %r1, %r1, (1+2)*3;");
        for (Instruction i : is) {
            for (Ast.Expr e : i.operands()) {
                positionsAreTheSpans(e);
            }
        }
        Address a = (Address) is.get(0).operands().get(1);
        Ast.Binary sum = (Ast.Binary) a.items().get(0);
        assertEquals(sum.left().span().to(sum.right().span()), sum.span());
        Ast.Unary neg = (Ast.Unary) sum.right();
        assertEquals(neg.op().span().to(neg.operand().span()), neg.span());
        PredPair pp = (PredPair) is.get(1).operands().get(0);
        assertInstanceOf(Ast.Sink.class, pp.first());
        assertEquals(pp.first().span().to(pp.second().span()), pp.span());
        Ast.Binary product = (Ast.Binary) is.get(2).operands().get(2);
        assertEquals(product.left().span().to(product.right().span()), product.span());
    }
    @Test
    void anInstructionsListsHoldExactlyItsItems() {
        List<Instruction> is = body("ld.global.nc.v2.u32 {%r1, %r2}, [%rd1+8];\nret;\nmov.u32 %r3, %tid.x;");
        Instruction ld = is.get(0);
        assertEquals(List.of(".global", ".nc", ".v2", ".u32"), ld.modifiers().stream().map(Token::text).toList());
        assertEquals(2, ld.operands().size());
        Ast.VectorExpr v = (Ast.VectorExpr) ld.operands().get(0);
        assertEquals(List.of("%r1", "%r2"), v.items().stream().map(e -> ((Name) e).text()).toList());
        Address a = (Address) ld.operands().get(1);
        assertEquals(1, a.items().size());
        // equal to (and hashed as) any list of the same items; not modifiable
        assertEquals(new ArrayList<>(ld.operands()), ld.operands());
        assertEquals(new ArrayList<>(ld.operands()).hashCode(), ld.operands().hashCode());
        assertEquals(new ArrayList<>(ld.operands()).toString(), ld.operands().toString());
        org.junit.jupiter.api.Assertions.assertThrows(UnsupportedOperationException.class,
                () -> ld.operands().add(a));
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class, () -> ld.operands().get(2));
        assertEquals(List.of(), is.get(1).operands());
        assertEquals(List.of(), is.get(1).modifiers());
        Name tid = (Name) is.get(2).operands().get(1);
        assertEquals(List.of(".x"), tid.suffixes().stream().map(Token::text).toList());
    }
}
