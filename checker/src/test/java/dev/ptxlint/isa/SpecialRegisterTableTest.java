package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.SpecialRegisters;
import dev.ptxlint.checker.TestData;
import dev.ptxlint.isa.SpecialRegisterTable.Entry;
import dev.ptxlint.isa.SpecialRegisterTable.Use;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays testdata/ptxas/isa/sreg.tsv.gz (scripts/ptxas-diff/isa/gen_sreg.py): every recorded
 * ptxas verdict on a special register must be what {@link SpecialRegisterTable} predicts.
 */
class SpecialRegisterTableTest {
    private static final List<Map<String, String>> ROWS = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        ROWS.addAll(TestData.namedColumnsTsvGz("sreg.tsv.gz"));
        assertTrue(ROWS.size() > 60000, ROWS.size() + " cases");
    }

    private static PtxType type(String w) {
        return PtxType.of("." + w);
    }

    /** The instruction's destination type: the last type modifier of mov/cvt.T.A (cvt: the first). */
    private static PtxType destType(String instruction) {
        String[] parts = instruction.split("\\s+")[0].split("\\.");
        for (int i = 1; i < parts.length; i++) {
            PtxType t = type(parts[i]);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private static boolean predict(Map<String, String> r) {
        Entry e = SpecialRegisterTable.lookup(r.get("sreg"));
        if (e == null) {
            return false;
        }
        String op = r.get("operand");
        String insn = r.get("instruction");
        switch (r.get("section")) {
            case "type":
                return e.readableAs(type(op));
            case "comp":
                return op.equals("(bare)") ? !e.isVector() : e.hasComponent(op);
            case "write":
                return e.writable();
            case "since":
                return PtxVersion.parse(r.get("version")).atLeast(e.since().version())
                        && Target.parse(r.get("target")).satisfies(e.since().sm());
            case "use":
                if (op.startsWith("guard")) {
                    return e.usableIn(Use.GUARD);
                }
                if (op.endsWith("-addr")) {
                    return e.usableIn(Use.ADDRESS);
                }
                if (op.startsWith("mov.")) {
                    return e.usableIn(Use.MOV) && e.readableAs(destType(insn));
                }
                if (op.startsWith("cvt.")) {
                    PtxType d = destType(insn);
                    return e.usableIn(Use.CVT) && d.kind() != PtxType.Kind.FLOAT && d.kind() != PtxType.Kind.PREDICATE;
                }
                return false;
            default:
                throw new AssertionError(r.get("section"));
        }
    }

    @Test
    void everyVerdictIsPredicted() {
        Map<String, Integer> n = new HashMap<>();
        List<String> wrong = new ArrayList<>();
        for (Map<String, String> r : ROWS) {
            n.merge(r.get("section"), 1, Integer::sum);
            boolean p = predict(r);
            if (p != r.get("verdict").equals("ok")) {
                wrong.add(r.get("id") + " " + r.get("version") + " " + r.get("target") + " " + r.get("instruction")
                        + " -> " + r.get("verdict") + " " + r.get("message") + "; predicted " + (p ? "ok" : "error"));
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " of " + ROWS.size() + " mispredicted, e.g. "
                + wrong.subList(0, Math.min(10, wrong.size())));
        assertTrue(n.get("since") > 50000 && n.get("use") > 1000 && n.get("type") > 1000, n.toString());
    }

    @Test
    void everyRegisterOfTheIsaIsThere() {
        assertEquals(85, SpecialRegisterTable.all().size());
        for (String s : new String[] {"%tid", "%ntid", "%laneid", "%warpid", "%nwarpid", "%ctaid", "%nctaid", "%smid",
                "%nsmid", "%gridid", "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt",
                "%clock", "%clock_hi", "%clock64", "%pm0", "%pm7", "%pm0_64", "%pm7_64", "%envreg0", "%envreg31",
                "%globaltimer", "%globaltimer_lo", "%globaltimer_hi", "%reserved_smem_offset_begin",
                "%reserved_smem_offset_end", "%reserved_smem_offset_cap", "%reserved_smem_offset_0",
                "%reserved_smem_offset_1", "%total_smem_size", "%aggr_smem_size", "%dynamic_smem_size",
                "%current_graph_exec", "%is_explicit_cluster", "%clusterid", "%nclusterid", "%cluster_ctaid",
                "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank"}) {
            assertNotNull(SpecialRegisterTable.lookup(s), s);
            assertTrue(SpecialRegisters.isPredefined(s), s);
        }
        assertTrue(SpecialRegisters.isPredefined("WARP_SZ"));
        assertFalse(SpecialRegisters.isPredefined("%envreg32"));
        assertFalse(SpecialRegisters.isPredefined("%tid.x"));
        assertNull(SpecialRegisterTable.lookup("%pm8"));
    }

    @Test
    void lookups() {
        Entry tid = SpecialRegisterTable.lookup("%tid.y");
        assertEquals("%tid", tid.name());
        assertEquals(PtxType.U32, tid.type());
        assertTrue(tid.isVector());
        assertTrue(tid.hasComponent(".w"));
        assertTrue(tid.readableAs(PtxType.U16));
        assertFalse(tid.readableAs(PtxType.U64));
        assertFalse(tid.usableIn(Use.ADDRESS));
        assertEquals(Requirement.of("1.0", 10), tid.since());
        Entry cl = SpecialRegisterTable.lookup("%clusterid");
        assertFalse(cl.readableAs(PtxType.U16));
        assertEquals(Requirement.of("7.8", 90), cl.since());
        Entry g = SpecialRegisterTable.lookup("%gridid");
        assertEquals(PtxType.U64, g.type());
        assertTrue(g.readableAs(PtxType.U32));
        Entry p = SpecialRegisterTable.lookup("%is_explicit_cluster");
        assertEquals(PtxType.PRED, p.type());
        assertTrue(p.usableIn(Use.GUARD));
        assertFalse(p.usableIn(Use.CVT));
        Entry lane = SpecialRegisterTable.lookup("%laneid");
        assertFalse(lane.isVector());
        assertFalse(lane.writable());
        assertEquals(Requirement.of("1.3", 10), lane.since());
    }
}
