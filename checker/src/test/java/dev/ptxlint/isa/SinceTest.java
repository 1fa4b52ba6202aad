package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which unmet target requirement a message names. */
class SinceTest {

    private static Since plain(int sm) {
        return new Since(null, List.of(new Since.TargetReq(sm, ' ')));
    }

    @Test
    void severalPlainLevelsNameTheHighest() {
        Since s = plain(70).and(plain(75)).and(plain(72));
        assertEquals("sm_75", s.strictestUnmet(Target.parse("sm_62")).targetText());
        assertEquals("sm_75", s.strictestUnmet(Target.parse("sm_72")).targetText());
        // the first unmet level alone, as before, for the text of an alternative or a suffixed target
        Since arch = plain(70).and(new Since(null, List.of(new Since.TargetReq(90, 'a'), new Since.TargetReq(100, 'a'))));
        assertEquals(arch.unmet(Target.parse("sm_62")), arch.strictestUnmet(Target.parse("sm_62")));
        assertEquals("sm_90a or sm_100a", arch.strictestUnmet(Target.parse("sm_80")).targetText());
    }

    @Test
    void theMessageNamesATargetThatIsEnough() {
        // .L1::evict_normal needs sm_70, .L2::64B sm_75: on sm_62 ptxas says sm_75 ("cache prefetching")
        String src = ".version 9.0\n.target sm_62\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"
                + ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [p];\n"
                + "ld.global.nc.L1::evict_normal.L2::64B.u32 %r1, [%rd1];\nret;\n}\n";
        List<Diagnostic> d = new Linter().lint(src).stream().filter(x -> x.code().equals("PTX0216")).toList();
        assertEquals(1, d.size(), d.toString());
        assertEquals("'ld.global.nc.L1::evict_normal.L2::64B.u32' requires .target sm_75 or later; the module"
                + " targets sm_62", d.get(0).message());
    }
}
