package dev.ptxlint.isa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ptxlint.checker.Opcodes;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** {@link Resources} reads what {@code getResourceAsStream} reads, without asking the parent loaders. */
class ResourcesTest {

    private static byte[] standard(Class<?> anchor, String name) throws Exception {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    @Test
    void readsTheResourcesOfTheClassPath() throws Exception {
        for (String name : new String[] {"index.txt", "type-rules.txt", IsaIndex.RESOURCE, IsaBinary.RESOURCE}) {
            byte[] b = Resources.bytes(InstructionSet.class, name);
            assertArrayEquals(standard(InstructionSet.class, name), b, name);
            assertEquals(IsaIndex.crc(b), Resources.crc(InstructionSet.class, name), name);
        }
        assertArrayEquals(standard(Opcodes.class, "ptx-opcodes.txt"), Resources.bytes(Opcodes.class, "ptx-opcodes.txt"));
        assertNull(Resources.bytes(InstructionSet.class, "no-such-file.txt"));
        assertThrows(IllegalStateException.class, () -> Resources.crc(InstructionSet.class, "no-such-file.txt"));
    }
}
