package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Severity overrides, rules turned off, and the default .version/.target, as the linter applies them. */
class LintSettingsTest {

    static final String HEADER = ".version 9.0\n.target sm_90\n.address_size 64\n";
    static final String BODY = ".visible .entry k()\n{\n    .reg .pred %p<3>;\n    .reg .f32 %f<4>;\n"
            + "    .reg .b16 %h<4>;\n    setp.f32.ftz.lt %p1, %f1, %f2;\n    mov.f32 %f9, %f1;\n    ret;\n}\n";

    static List<String> codes(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::code).collect(Collectors.toList());
    }

    @Test
    void defaultsChangeNothing() {
        List<Diagnostic> d = new Linter(LintSettings.DEFAULT).lint(HEADER + BODY);
        assertEquals(List.of("PTX0250", "PTX0101"), codes(d));
        assertEquals(Severity.WARNING, d.get(0).severity());
        assertEquals(codes(new Linter().lint(HEADER + BODY)), codes(d));
    }

    @Test
    void severityOverrideKeepsTheRuleAndEverythingElse() {
        LintSettings s = LintSettings.DEFAULT.withSeverity("PTX0250", Severity.ERROR)
                .withSeverity("undeclared-identifier", Severity.NOTE);
        List<Diagnostic> plain = new Linter().lint(HEADER + BODY);
        List<Diagnostic> d = new Linter(s).lint(HEADER + BODY);
        assertEquals(2, d.size());
        assertEquals(Severity.ERROR, d.get(0).severity());
        assertEquals(Rules.MODIFIER_ORDER, d.get(0).rule());
        assertEquals(Severity.WARNING, d.get(0).rule().severity(), "the rule's own default is untouched");
        assertEquals(plain.get(0).range(), d.get(0).range());
        assertEquals(plain.get(0).message(), d.get(0).message());
        assertEquals(plain.get(0).fixes(), d.get(0).fixes());
        assertEquals(Severity.NOTE, d.get(1).severity());
        assertEquals(Map.of("PTX0250", Severity.ERROR, "PTX0101", Severity.NOTE), s.severities());
    }

    @Test
    void disabledRulesAreDroppedAndANewSeverityTurnsThemBackOn() {
        LintSettings off = LintSettings.DEFAULT.withDisabled("modifier-order");
        assertEquals(Set.of("PTX0250"), off.disabled());
        assertFalse(off.isEnabled(Rules.MODIFIER_ORDER));
        assertEquals(List.of("PTX0101"), codes(new Linter(off).lint(HEADER + BODY)));
        LintSettings on = off.withSeverity("ptx0250", Severity.NOTE);
        assertTrue(on.disabled().isEmpty());
        assertEquals(List.of("PTX0250", "PTX0101"), codes(new Linter(on).lint(HEADER + BODY)));
        assertEquals(Severity.NOTE, on.severityOf(Rules.MODIFIER_ORDER));
    }

    @Test
    void unknownRulesAndSyntaxErrorsCannotBeConfigured() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LintSettings.DEFAULT.withDisabled("PTX9999"));
        assertEquals("unknown rule 'PTX9999'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LintSettings.DEFAULT.withSeverity("missing-semicolon", Severity.NOTE));
        assertTrue(e.getMessage().contains("PTX0002 (missing-semicolon) is a syntax error and cannot be"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LintSettings.DEFAULT.withDisabled("PTX0004"));
        assertThrows(IllegalArgumentException.class,
                () -> LintSettings.DEFAULT.withDefaultVersion(PtxVersion.of(7, 9)));
        assertThrows(IllegalArgumentException.class,
                () -> LintSettings.DEFAULT.withDefaultTarget(Target.of(91, "")));
        // The record's map and set are copies: later changes to the caller's collections do not leak in.
        java.util.Map<String, Severity> m = new java.util.HashMap<>(Map.of("PTX0250", Severity.ERROR));
        LintSettings s = new LintSettings(m, Set.of(), null, null);
        m.clear();
        assertEquals(Severity.ERROR, s.severityOf(Rules.MODIFIER_ORDER));
    }

    @Test
    void syntaxErrorsStayWhateverTheSettings() {
        LintSettings s = LintSettings.DEFAULT.withDisabled("PTX0250").withDisabled("PTX0101");
        List<Diagnostic> d = new Linter(s).lint(HEADER + ".visible .entry k()\n{\n    ret\n}\n");
        assertEquals(List.of("PTX0002"), codes(d));
        assertEquals(Severity.ERROR, d.get(0).severity());
    }

    static final String FRAGMENT = ".visible .entry k()\n{\n    .reg .pred %p<3>;\n    .reg .b16 %h<4>;\n"
            + "    setp.lt.bf16 %p1, %h1, %h2;\n    ret;\n}\n";

    @Test
    void withoutDefaultsAFragmentGetsTheHeaderErrors() {
        assertEquals(List.of("PTX0105"), codes(new Linter().lint(FRAGMENT)));
    }

    @Test
    void defaultVersionAndTargetStandInForAMissingHeader() {
        LintSettings s = LintSettings.DEFAULT.withDefaultVersion(PtxVersion.of(8, 0))
                .withDefaultTarget(Target.of(90, ""));
        assertEquals(List.of(), codes(new Linter(s).lint(FRAGMENT)));
        // The instruction checks see the defaults: bf16 compares need PTX ISA 7.8 and sm_90.
        List<Diagnostic> old = new Linter(s.withDefaultTarget(Target.of(80, ""))).lint(FRAGMENT);
        assertEquals(List.of("PTX0216"), codes(old));
        assertTrue(old.get(0).message().contains("sm_90 or newer (it targets sm_80)"), old.get(0).message());
        List<Diagnostic> oldVersion = new Linter(s.withDefaultVersion(PtxVersion.of(7, 0))).lint(FRAGMENT);
        assertEquals(List.of("PTX0216"), codes(oldVersion));
        assertTrue(oldVersion.get(0).message().contains("the file has no .version and the configured default is 7.0"),
                oldVersion.get(0).message());
        assertTrue(oldVersion.get(0).fixes().isEmpty(), "no .version to raise");
        // An empty file is fine too.
        assertEquals(List.of(), codes(new Linter(s).lint("// nothing here\n")));
    }

    @Test
    void theFileHeaderWinsOverTheDefaults() {
        LintSettings s = LintSettings.DEFAULT.withDefaultVersion(PtxVersion.of(9, 0))
                .withDefaultTarget(Target.of(90, ""));
        List<Diagnostic> d = new Linter(s).lint(".version 7.0\n.target sm_80\n.address_size 64\n" + FRAGMENT);
        assertEquals(List.of("PTX0216"), codes(d));
        assertTrue(d.get(0).message().contains("this file declares 7.0"), d.get(0).message());
    }

    @Test
    void onlyOneDefaultKeepsTheOtherHeaderRule() {
        LintSettings versionOnly = LintSettings.DEFAULT.withDefaultVersion(PtxVersion.of(8, 0));
        List<Diagnostic> d = new Linter(versionOnly).lint(FRAGMENT);
        assertEquals(List.of("PTX0106"), codes(d));
        assertTrue(d.get(0).message().contains("no default target is configured"), d.get(0).message());
        assertEquals(List.of("PTX0106"), codes(new Linter(versionOnly).lint("")));
        // .target in the file with only a default version: fine, and the target's own version need is checked.
        assertEquals(List.of(), codes(new Linter(versionOnly).lint(".target sm_90\n" + FRAGMENT)));
        List<Diagnostic> tooNew = new Linter(versionOnly).lint(".target sm_100\n" + FRAGMENT);
        assertEquals(List.of("PTX0113"), codes(tooNew));
        assertTrue(tooNew.get(0).message().contains("the file has no .version and the configured default is 8.0"),
                tooNew.get(0).message());
        assertTrue(tooNew.get(0).fixes().isEmpty());
        LintSettings targetOnly = LintSettings.DEFAULT.withDefaultTarget(Target.of(90, ""));
        assertEquals(List.of("PTX0105"), codes(new Linter(targetOnly).lint(FRAGMENT)));
        assertEquals(List.of(), codes(new Linter(targetOnly).lint(".version 8.0\n" + FRAGMENT)));
    }

    @Test
    void applyReturnsNullForRulesThatAreOff() {
        Diagnostic d = new Linter().lint(HEADER + BODY).get(0);
        assertNull(LintSettings.DEFAULT.withDisabled("PTX0250").apply(d));
        assertEquals(d, LintSettings.DEFAULT.apply(d));
    }
}
