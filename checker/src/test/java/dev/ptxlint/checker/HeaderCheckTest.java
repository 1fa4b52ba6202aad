package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Parser;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Messages, ranges and quick fixes of the module header checks (PTX0112-PTX0118). */
class HeaderCheckTest {

    private static final String ENTRY = ".visible .entry k() { ret; }\n";

    private static String module(String version, String target) {
        return ".version " + version + "\n.target " + target + "\n.address_size 64\n" + ENTRY;
    }

    private static List<Diagnostic> lint(String src) {
        return new Linter().lint(src);
    }

    /** The one diagnostic of the source (fails if there are more or none). */
    private static Diagnostic only(String src) {
        List<Diagnostic> d = lint(src);
        assertEquals(1, d.size(), () -> "expected one diagnostic, got " + d);
        return d.get(0);
    }

    /** The text the diagnostic's range covers. */
    private static String covered(String src, Diagnostic d) {
        return src.substring((int) d.range().startOffset(), (int) d.range().endOffset());
    }

    /** The source with the diagnostic's first fix applied. */
    private static String applyFix(String src, Diagnostic d, int which) {
        Fix.Edit e = d.fixes().get(which).edits().get(0);
        return src.substring(0, (int) e.range().startOffset()) + e.newText() + src.substring((int) e.range().endOffset());
    }

    private static HeaderCheck header(String src) {
        HeaderCheck h = new HeaderCheck(new Reporter(d -> { }));
        Parser p = new Parser(new Lexer(new StringReader(src)), x -> { });
        Ast.TopLevel item;
        while ((item = p.next()) != null) {
            h.visit(item);
        }
        h.finish(dev.ptxlint.syntax.Span.NONE);
        return h;
    }

    // ------------------------------------------------------------------ PTX0113

    @Test
    void targetTooNewForTheVersion() {
        String src = module("7.8", "sm_90a");
        Diagnostic d = only(src);
        assertEquals(Rules.VERSION_TOO_OLD, d.rule());
        assertEquals("`.target sm_90a` needs PTX ISA 8.0 or later (this file declares 7.8)", d.message());
        assertEquals("sm_90a", covered(src, d));
        assertEquals("Raise .version to 8.0", d.fixes().get(0).title());
        assertEquals(module("8.0", "sm_90a"), applyFix(src, d, 0));
        assertEquals(List.of(), lint(applyFix(src, d, 0)));
    }

    @Test
    void everyTargetOfTheHeaderIsChecked() {
        String src = ".version 7.0\n.target sm_80, sm_86\n.target sm_90\n.address_size 64\n" + ENTRY;
        List<Diagnostic> d = lint(src);
        assertEquals(2, d.size(), d::toString);
        assertEquals("`.target sm_86` needs PTX ISA 7.1 or later (this file declares 7.0)", d.get(0).message());
        assertEquals("`.target sm_90` needs PTX ISA 7.8 or later (this file declares 7.0)", d.get(1).message());
        assertEquals("sm_90", covered(src, d.get(1)));
    }

    @Test
    void optionsAndAddressSizeNeedTheirVersions() {
        String src = ".version 1.4\n.target sm_10, texmode_independent\n.address_size 64\n" + ENTRY;
        List<Diagnostic> d = lint(src);
        assertEquals(2, d.size(), d::toString);
        assertEquals("`.target` option 'texmode_independent' needs PTX ISA 1.5 or later (this file declares 1.4)",
                d.get(0).message());
        assertEquals("texmode_independent", covered(src, d.get(0)));
        assertEquals("`.address_size` needs PTX ISA 2.3 or later (this file declares 1.4)", d.get(1).message());
        assertEquals(".address_size", covered(src, d.get(1)));
        assertEquals("Raise .version to 2.3", d.get(1).fixes().get(0).title());
    }

    @Test
    void ptxasComparisonQuirksAreFollowed() {
        assertEquals(List.of(), lint(module("5.1", "sm_70")), "ptxas treats 5.1 as 6.0");
        assertEquals(Rules.VERSION_TOO_OLD, only(module("5.1", "sm_72")).rule());
        assertEquals(List.of(), lint(module("7.3", "sm_88")), "ptxas takes sm_88 from 7.3 (manual: 9.0)");
        assertEquals(List.of(), lint(module("1.0", "sm_10").replace(".address_size 64\n", "")));
    }

    // ------------------------------------------------------------------ PTX0112 / PTX0114

    @Test
    void unknownTargetWithDidYouMean() {
        String src = module("9.0", "sm_91");
        Diagnostic d = only(src);
        assertEquals(Rules.UNKNOWN_TARGET, d.rule());
        assertEquals("unknown target architecture 'sm_91'; did you mean 'sm_90'? (ptxas 13.0: Unsupported .target)",
                d.message());
        assertEquals("sm_91", covered(src, d));
        assertEquals("Change to 'sm_90'", d.fixes().get(0).title());
        assertEquals(module("9.0", "sm_90"), applyFix(src, d, 0));
    }

    @Test
    void suffixThatTheArchitectureDoesNotHave() {
        Diagnostic d = only(module("9.0", "sm_75a"));
        assertEquals("'sm_75a' is not a target: sm_75 has no 'a' variant; did you mean 'sm_75'?"
                + " (ptxas 13.0: Unsupported .target)", d.message());
        assertEquals("sm_90a", HeaderCheck.suggestTarget("sm_90f"));
        assertEquals("sm_89", HeaderCheck.suggestTarget("sm_89a"));
    }

    @Test
    void suggestions() {
        assertEquals("sm_90", HeaderCheck.suggestTarget("SM_90"));
        assertEquals("sm_90", HeaderCheck.suggestTarget("sm90"));
        assertEquals("sm_90", HeaderCheck.suggestTarget("sm_9"));
        assertEquals("sm_100", HeaderCheck.suggestTarget("sm_99"));
        assertEquals("sm_103", HeaderCheck.suggestTarget("sm_102"));
        assertEquals("sm_121", HeaderCheck.suggestTarget("sm_1000"));
        assertNull(HeaderCheck.suggestTarget("foo"));
        assertNull(HeaderCheck.suggestTarget("sm_"));
    }

    @Test
    void firstEntryMustBeAnArchitecture() {
        Diagnostic d = only(module("9.0", "debug, sm_90").replace(".address_size 64\n", ""));
        assertEquals(Rules.UNKNOWN_TARGET, d.rule());
        assertEquals(".target must name the architecture first; 'debug' is an option: write e.g."
                + " '.target sm_90, debug' (ptxas: Target architecture not defined)", d.message());
        String src = module("9.0", "SM_90");
        d = only(src);
        assertEquals("'SM_90' is not a target architecture, and .target must start with one; did you mean"
                + " 'sm_90'? (ptxas: Target architecture not defined)", d.message());
        assertEquals(module("9.0", "sm_90"), applyFix(src, d, 0));
    }

    @Test
    void unknownOption() {
        String src = module("9.0", "sm_90, Debug, foo");
        List<Diagnostic> d = lint(src);
        assertEquals(2, d.size(), d::toString);
        assertEquals(Rules.UNKNOWN_TARGET_OPTION, d.get(0).rule());
        assertEquals("unknown .target option 'Debug'; did you mean 'debug'? (the options are texmode_unified,"
                + " texmode_independent, debug, map_f64_to_f32; ptxas 13.0: Unsupported .target)", d.get(0).message());
        assertEquals("Debug", covered(src, d.get(0)));
        assertEquals("unknown .target option 'foo' (the options are texmode_unified, texmode_independent, debug,"
                + " map_f64_to_f32; ptxas 13.0: Unsupported .target)", d.get(1).message());
        assertTrue(d.get(1).fixes().isEmpty());
        Diagnostic p = only(module("9.0", "sm_90, texmode_indep"));
        assertEquals("texmode_independent", p.fixes().get(0).edits().get(0).newText());
    }

    // ------------------------------------------------------------------ PTX0115

    @Test
    void conflictingTexturingModes() {
        String src = ".version 9.0\n.target sm_90, texmode_unified\n.target sm_90, texmode_independent\n" + ENTRY;
        Diagnostic d = only(src);
        assertEquals(Rules.INVALID_TARGET_OPTION, d.rule());
        assertEquals("conflicting .target options: 'texmode_independent' after 'texmode_unified'; a module has one"
                + " texturing mode, keep one of them", d.message());
        assertEquals("texmode_independent", covered(src, d));
        assertEquals("texturing mode first set here", d.related().get(0).message());
        assertEquals(List.of(), lint(module("9.0", "sm_90, texmode_unified, texmode_unified")));
    }

    @Test
    void mapF64ToF32OnlyBelowSm13() {
        String src = module("9.0", "sm_90, map_f64_to_f32");
        Diagnostic d = only(src);
        assertEquals("map_f64_to_f32 is only for targets below sm_13 (which lack double precision), and the target"
                + " here is sm_90: remove it", d.message());
        assertEquals(module("9.0", "sm_90"), applyFix(src, d, 0));
        assertEquals(List.of(), lint(module("9.0", "sm_12, map_f64_to_f32")));
        assertEquals(List.of(), lint(module("9.0", "sm_10, map_f64_to_f32, sm_20")), "checked against the target before it");
        assertEquals(Rules.INVALID_TARGET_OPTION, only(module("9.0", "sm_10, sm_13, map_f64_to_f32")).rule());
    }

    @Test
    void debugNeedsASection() {
        String src = module("9.0", "sm_90, debug");
        Diagnostic d = only(src);
        assertEquals(Rules.INVALID_TARGET_OPTION, d.rule());
        assertEquals(".target option 'debug' needs debug information, and the module has no .section (ptxas: Debug"
                + " information not found in presence of .target debug); remove 'debug', or emit the DWARF sections"
                + " with it (nvcc -G)", d.message());
        assertEquals("debug", covered(src, d));
        assertEquals(module("9.0", "sm_90"), applyFix(src, d, 0));
        assertEquals(List.of(), lint(src + ".section .debug_abbrev { .b8 0 }\n"));
    }

    // ------------------------------------------------------------------ PTX0116 / PTX0117 / PTX0118

    @Test
    void versionThatDoesNotExist() {
        String src = module("7.9", "sm_90");
        Diagnostic d = only(src);
        assertEquals(Rules.UNKNOWN_VERSION, d.rule());
        assertEquals("PTX ISA 7.9 does not exist (ptxas: Unsupported .version); the versions around it are 7.8 and"
                + " 8.0", d.message());
        assertEquals("7.9", covered(src, d));
        assertEquals(List.of("Use .version 7.8", "Use .version 8.0"),
                d.fixes().stream().map(Fix::title).toList());
        assertEquals(module("8.0", "sm_90"), applyFix(src, d, 1));
        assertEquals("PTX ISA 0.5 does not exist (ptxas: Unsupported .version); the oldest version is 1.0",
                only(module("0.5", "sm_10").replace(".address_size 64\n", "")).message());
        assertEquals(Rules.UNSUPPORTED_VERSION, only(module("9.1", "sm_90")).rule());
        assertEquals(Rules.UNSUPPORTED_VERSION, only(module("10.0", "sm_90")).rule());
    }

    @Test
    void twoDigitMinorIsOnlyAWarning() {
        String src = module("7.10", "sm_89");
        Diagnostic d = only(src);
        assertEquals(Rules.NONSTANDARD_HEADER, d.rule());
        assertEquals(Severity.WARNING, d.severity());
        assertEquals("'.version 7.10' is not a PTX ISA version: ptxas accepts it only because 7*10+10 is the"
                + " internal number of 8.0, yet compares it as major 7, minor 10 against targets and features;"
                + " write 7.1 or 8.0", d.message());
        assertEquals("7.10", covered(src, d));
        assertEquals(List.of(), lint(module("7.08", "sm_89")));
        assertEquals(List.of(), lint(module("9.00", "sm_90")));
    }

    @Test
    void targetSpellingsPtxasReadsDifferently() {
        String src = module("9.0", "sm_90_a");
        Diagnostic d = only(src);
        assertEquals(Rules.NONSTANDARD_HEADER, d.rule());
        assertEquals("ptxas reads 'sm_90_a' as sm_90a (it goes by the last character alone); write 'sm_90a'",
                d.message());
        assertEquals(module("9.0", "sm_90a"), applyFix(src, d, 0));
        assertEquals("ptxas reads 'compute_90' as sm_90 (a virtual architecture name is taken for the sm_ one);"
                + " write 'sm_90'", only(module("9.0", "compute_90")).message());
        assertEquals("ptxas reads 'sm_100b' as sm_100 (it ignores the trailing 'b'); write 'sm_100'",
                only(module("9.0", "sm_100b")).message());
        assertEquals("ptxas reads 'sm_090' as sm_90 (leading zeros are ignored); write 'sm_90'",
                only(module("9.0", "sm_090")).message());
    }

    @Test
    void renamedAndUndocumentedTargets() {
        Diagnostic d = only(module("9.0", "sm_101f"));
        assertEquals("sm_101f was renamed sm_110f in PTX ISA 9.0 (ptxas 13.0 still accepts the old name);"
                + " write 'sm_110f'", d.message());
        assertEquals(List.of(), lint(module("8.8", "sm_101f")));
        assertEquals(Rules.NONSTANDARD_HEADER, only(module("9.0", "sm_82")).rule());
    }

    @Test
    void addressSize32() {
        String src = module("9.0", "sm_75").replace("64", "32");
        Diagnostic d = only(src);
        assertEquals(Rules.UNSUPPORTED_ADDRESS_SIZE, d.rule());
        assertEquals(".address_size 32: ptxas 13.0 no longer compiles 32-bit code ('32-Bit compilation is no longer"
                + " supported'); use .address_size 64", d.message());
        assertEquals("32", covered(src, d));
        assertEquals(module("9.0", "sm_75"), applyFix(src, d, 0));
    }

    // ------------------------------------------------------------------ accessors for other checks

    @Test
    void declaredVersionAndTarget() {
        HeaderCheck h = header(module("8.0", "sm_90a"));
        assertEquals(PtxVersion.of(8, 0), h.declaredVersion());
        assertEquals(Target.of(90, "a"), h.declaredTarget());
        h = header(".version 9.0\n.target sm_90a, sm_80\n.target sm_86, debug\n" + ENTRY);
        assertEquals(Target.of(86, ""), h.declaredTarget(), "the last architecture wins, as in ptxas");
        assertEquals(Target.of(90, ""), header(module("9.0", "compute_90")).declaredTarget());
        assertEquals(PtxVersion.of(7, 10), header(module("7.10", "sm_90")).declaredVersion());
        assertNull(header(module("9.0", "sm_91")).declaredTarget());
        assertEquals(PtxVersion.of(9, 0), header(module("9.0", "sm_91")).declaredVersion());
        assertNull(header(".target sm_90\n" + ENTRY).declaredVersion());
        assertNull(header(".version 9\n.target sm_90\n" + ENTRY).declaredVersion());
        assertNull(header(".version 9.0\n" + ENTRY).declaredTarget());
    }

    @Test
    void nothingToSayAboutCommonHeaders() {
        List<String> clean = new ArrayList<>();
        for (String t : new String[] {"sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_100f",
                "sm_103a", "sm_110", "sm_120a", "sm_121f", "sm_90, texmode_independent"}) {
            if (!lint(module("9.0", t)).isEmpty()) {
                clean.add(t);
            }
        }
        assertEquals(List.of(), clean);
    }
}
