package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.diag.Diagnostic;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The name resolver answers a repeated name from a cache and makes one symbol per register of a
 * range: a declaration, a block opened or closed in between must still change the answer, and a
 * register spelled two ways ({@code %f007}, {@code %f7}) keeps its own spelling in messages.
 */
class ResolverCacheTest {

    private static final String TEXT = ".version 8.0\n.target sm_90\n.address_size 64\n"
            + ".visible .entry k()\n{\n"
            + "\t.reg .b32 %r<10>;\n\t.reg .f32 %f<10>;\n\t.reg .pred %p<2>;\n"
            + "\tadd.s32 %r1, %r5, 1;\n" // line 8: %r5 of the range, .b32
            + "\t{\n"
            + "\tadd.s32 %r1, %r5, 2;\n" // 10: still the range's
            + "\t.reg .f32 %r5;\n"
            + "\tadd.s32 %r1, %r5, 3;\n" // 12: the block's .f32 %r5
            + "\t{\n\tadd.s32 %r1, %r5, 4;\n\t}\n" // 14: seen from a nested block
            + "\tadd.s32 %r1, %r5, 5;\n" // 16: after the nested block closed
            + "\t}\n"
            + "\tadd.s32 %r1, %r5, 6;\n" // 18: the block's %r5 is gone
            + "\tadd.s32 %r1, %f007, %f7;\n" // 19
            + "\tadd.s32 %r1, %f07, %f007;\n" // 20
            + "\tadd.s32 %r1, %r10, 7;\n" // 21: past the range
            + "\t@%p1 bra $L_later;\n$L_later:\n\tret;\n}\n";

    private static final String EXPECTED = String.join("\n",
            "PTX0213 12 '%r5' is .f32", "PTX0213 14 '%r5' is .f32", "PTX0213 16 '%r5' is .f32",
            "PTX0213 19 '%f007' is .f32", "PTX0213 19 '%f7' is .f32",
            "PTX0213 20 '%f07' is .f32", "PTX0213 20 '%f007' is .f32",
            "PTX0101 21 '%r10' is not declared");

    private static String summary(List<Diagnostic> ds) {
        return ds.stream().map(d -> d.code() + " " + d.range().startLine() + " "
                        + d.message().substring(0, d.message().indexOf(d.code().equals("PTX0101") ? " in " : ", but")))
                .collect(Collectors.joining("\n"));
    }

    @Test
    void declarationsAndBlocksChangeWhatANameResolvesTo() {
        assertEquals(EXPECTED, summary(new Linter().lint(TEXT)));
    }

    @Test
    void theSameWhenTheBodyIsCheckedAsItStreams() {
        assertEquals(EXPECTED, summary(new Linter().withBodyBudget(0).lint(TEXT)));
    }

    @Test
    void aSecondModuleGetsItsOwnAnswers() {
        // the same spellings in a module where %f<10> is .b32: %f007, %f7 and %f07 now fit add.s32
        Linter l = new Linter();
        assertEquals(EXPECTED, summary(l.lint(TEXT)));
        String other = TEXT.replace(".reg .f32 %f<10>;", ".reg .b32 %f<10>;");
        assertEquals(String.join("\n", "PTX0213 12 '%r5' is .f32", "PTX0213 14 '%r5' is .f32",
                "PTX0213 16 '%r5' is .f32", "PTX0101 21 '%r10' is not declared"), summary(l.lint(other)));
    }

    /**
     * Blocks that declare a name or a label change only what that name resolves to (the cache
     * keeps the other answers): the name must change when the block opens, in a block inside it,
     * and back when each closes; a block's register range changes every answer.
     */
    private static final String NESTED = ".version 8.0\n.target sm_90\n.address_size 64\n"
            + ".visible .entry k()\n{\n"
            + "\t.reg .b32 %r<10>;\n\t.reg .pred %p<2>;\n"
            + "\t@%p1 bra $L_in;\n" // 8: the block's label is not visible here
            + "\tadd.s32 %r1, q, 1;\n" // 9: q is not declared yet
            + "\t{\n"
            + "\t@%p1 bra $L_in;\n" // 11: the block's label, defined below
            + "\t.reg .b32 q;\n"
            + "\tadd.s32 %r1, q, 1;\n" // 13: the block's .b32 q
            + "\t{\n\t.reg .f32 q;\n\tadd.s32 %r1, q, 2;\n\t}\n" // 16: the inner .f32 q
            + "\tadd.s32 %r1, q, 3;\n" // 18: .b32 q again
            + "$L_in:\n"
            + "\tadd.s32 %r1, %r2, 1;\n"
            + "\t}\n"
            + "\t@%p1 bra $L_in;\n" // 22: the label is gone
            + "\tadd.s32 %r1, q, 4;\n" // 23: q is gone
            + "\t{\n\t.reg .f32 %r<3>;\n\tadd.s32 %r1, %r2, %r5;\n\t}\n" // 26: %r1 and %r2 are the block's .f32
            + "\tadd.s32 %r1, %r2, %r5;\n" // 28: the function's again
            + "\tret;\n}\n";

    private static String codes(List<Diagnostic> ds) {
        return ds.stream().map(d -> d.code() + " " + (d.range().startLine() + 1) + ":" + (d.range().startColumn() + 1))
                .collect(Collectors.joining("\n"));
    }

    private static final String NESTED_EXPECTED = String.join("\n", "PTX0102 8:11", "PTX0101 9:15",
            "PTX0213 16:15", "PTX0102 22:11", "PTX0101 23:15", "PTX0213 26:10", "PTX0213 26:15");

    @Test
    void aBlockChangesOnlyTheNamesItDeclares() {
        assertEquals(NESTED_EXPECTED, codes(new Linter().lint(NESTED)));
    }

    @Test
    void aBlockChangesOnlyTheNamesItDeclaresAsTheBodyStreams() {
        assertEquals(NESTED_EXPECTED, codes(new Linter().withBodyBudget(0).lint(NESTED)));
    }
}
