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
}
