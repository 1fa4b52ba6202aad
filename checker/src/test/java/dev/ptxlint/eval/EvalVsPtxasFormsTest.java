package dev.ptxlint.eval;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.ptxlint.checker.TestData;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The forms the evaluator accepts against ptxas's verdicts in testdata/ptxas/set-family.tsv
 * (.version 9.0, .target sm_90): every accepted instruction must evaluate, and every one that ptxas
 * rejects only for its modifiers and types must throw.
 */
class EvalVsPtxasFormsTest {
    private static final Set<String> FORM_ERRORS = Set.of(
            "Unexpected instruction types specified for",
            "Mismatch between instruction type and comparison qualifier",
            "Illegal modifier '.ftz' for instruction",
            "Instruction 'slct' applies only to signed numeric types");

    static boolean formError(String message) {
        String m = message.trim().replaceFirst("^error: ", "");
        return FORM_ERRORS.stream().anyMatch(m::startsWith);
    }

    static boolean evaluates(GpuVectors.Form f) {
        Semantics.Combine cb = f.bool() == null ? null : new Semantics.Combine(f.bool(), false, true);
        try {
            switch (f.opcode()) {
                case "setp" -> Semantics.setp(f.cmp(), f.stype(), 0, 0, f.ftz(), cb);
                case "set" -> Semantics.set(f.cmp(), f.dtype(), f.stype(), 0, 0, f.ftz(), cb);
                case "selp" -> Semantics.selp(f.stype(), 0, 0, true);
                case "slct" -> Semantics.slct(f.dtype(), f.stype(), 0, 0, 0, f.ftz());
                default -> throw new AssertionError(f);
            }
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Test
    void evaluatorAcceptsExactlyTheFormsPtxasAccepts() throws IOException {
        List<String> rows = Files.readAllLines(TestData.testdata().resolve("ptxas/set-family.tsv"));
        int accepted = 0;
        int rejected = 0;
        List<String> wrong = new ArrayList<>();
        for (String row : rows) {
            if (row.startsWith("#")) {
                continue;
            }
            String[] col = row.split("\t", -1);
            if (!col[2].equals("9.0") || !col[3].equals("sm_90")) {
                continue;
            }
            String instr = col[5];
            String opcode = instr.split("\\s+")[0];
            if (opcode.startsWith("@")) {
                continue;
            }
            GpuVectors.Form f;
            try {
                f = GpuVectors.Form.parse(opcode);
            } catch (IllegalArgumentException e) {
                continue; // modifiers the evaluator does not model (.sat, two CmpOps, ...)
            }
            String verdict = col[6];
            if (verdict.equals("ok")) {
                accepted++;
                if (!evaluates(f)) {
                    wrong.add("ptxas accepts, evaluator rejects: " + instr);
                }
            } else if (verdict.equals("error")) {
                String[] msgs = col[7].split("\\|");
                boolean onlyForm = msgs.length > 0;
                for (String m : msgs) {
                    onlyForm &= formError(m);
                }
                if (onlyForm) {
                    rejected++;
                    if (evaluates(f)) {
                        wrong.add("ptxas rejects (" + col[7] + "), evaluator accepts: " + instr);
                    }
                }
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(30, wrong.size())), wrong.size() + " disagreements");
        System.out.printf("[eval] forms vs ptxas: %d accepted and %d rejected instructions agree%n", accepted, rejected);
        assertTrue(accepted > 1000 && rejected > 1000, accepted + " / " + rejected);
    }
}
