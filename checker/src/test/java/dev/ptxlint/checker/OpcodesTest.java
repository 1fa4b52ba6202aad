package dev.ptxlint.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The opcode list (docs/ptx-opcodes.txt) is read sorted and without duplicates, as a TreeSet gave it. */
class OpcodesTest {
    @Test
    void theListIsSortedAndComplete() {
        List<String> all = new ArrayList<>(Opcodes.all());
        assertEquals(new ArrayList<>(new TreeSet<>(all)), all, "sorted, no duplicates");
        assertTrue(all.size() > 100, "the list has its opcodes: " + all.size());
        assertTrue(Opcodes.isKnown("add") && Opcodes.isKnown("wgmma") && Opcodes.isKnown("ld"));
        assertFalse(Opcodes.isKnown("mull") || Opcodes.isKnown("#") || Opcodes.isKnown(""));
        assertTrue(Opcodes.suggestions("mull").contains("mul"));
    }
}
