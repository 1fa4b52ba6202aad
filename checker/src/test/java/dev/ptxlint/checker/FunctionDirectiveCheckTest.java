package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The version and target each function directive needs (PTX0216), and conflicting directives (PTX0126). */
class FunctionDirectiveCheckTest {

    private static List<String> lint(String version, String target, String directives) {
        String src = ".version " + version + "\n.target " + target + "\n.address_size 64\n.visible .entry k() "
                + directives + "\n{\nret;\n}\n";
        return new Linter().lint(src).stream().map(d -> d.code() + " " + d.message()).toList();
    }

    @Test
    void directivesNameWhatTheyNeedInTheWordsOfTheInstructionChecks() {
        assertEquals(List.of("PTX0216 '.reqnctapercluster' requires .target sm_90 or later; the module targets sm_80"),
                lint("8.7", "sm_80", ".reqnctapercluster 2, 1, 1"));
        assertEquals(List.of("PTX0216 '.explicitcluster' requires .version 7.8 or later; the module declares 7.5"),
                lint("7.5", "sm_80", ".explicitcluster"));
        assertEquals(List.of(), lint("7.8", "sm_90", ".reqnctapercluster 2, 1, 1"));
        assertEquals(List.of(), lint("9.0", "sm_80", ".abi_preserve 8"));
    }

    @Test
    void maxntidAndReqntidConflict() {
        assertEquals("PTX0126", lint("8.7", "sm_90", ".reqntid 64 .maxntid 32").get(0).split(" ")[0]);
        assertEquals(List.of(), lint("8.7", "sm_90", ".maxntid 1025, 1, 1"));
    }
}
