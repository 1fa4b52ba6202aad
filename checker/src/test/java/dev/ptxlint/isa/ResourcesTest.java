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

    /** A jar entry is read into an array of the directory's size; a wrong size still gives every byte. */
    @Test
    void readsAnEntryWhateverSizeTheDirectoryGives() throws Exception {
        byte[] data = new byte[20_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + 7);
        }
        for (long size : new long[] {-1, 0, 1, 8191, 19_999, 20_000, 20_001, 100_000, Long.MAX_VALUE}) {
            assertArrayEquals(data, Resources.readAll(new java.io.ByteArrayInputStream(data), size), "size " + size);
        }
        assertArrayEquals(new byte[0], Resources.readAll(new java.io.ByteArrayInputStream(new byte[0]), 10));
    }
}
