package dev.ptxlint.isa;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The data files of the checker (ISA data, type rules, opcode list), read from the jar or classes
 * directory this class was loaded from.
 *
 * <p>{@code Class.getResourceAsStream} asks the parent class loaders first, and for a resource
 * outside any module they look it up in every module of the run-time image; a small run reads
 * about ten data files, and that lookup was most of the cost of reading them (JFR, start-up,
 * docs/performance.md). Reading the entry straight from the jar ({@link ZipFile} shares the
 * opened jar with the class loader) skips it, and gives the CRC-32 of an entry from the jar's
 * directory without inflating it. A resource that is not found there (another jar, an unusual
 * class path) is read through {@code getResourceAsStream} as before.
 */
public final class Resources {
    private Resources() {
    }

    /** The jar ({@link ZipFile}) or classes directory ({@link Path}) of this class, or a plain Object: neither. */
    private static volatile Object source;

    private static Object source() {
        Object s = source;
        if (s == null) {
            synchronized (Resources.class) {
                s = source;
                if (s == null) {
                    s = open();
                    source = s;
                }
            }
        }
        return s;
    }

    private static Object open() {
        try {
            CodeSource cs = Resources.class.getProtectionDomain().getCodeSource();
            URL url = cs == null ? null : cs.getLocation();
            if (url != null && "file".equals(url.getProtocol())) {
                Path p = Path.of(url.toURI());
                if (Files.isDirectory(p)) {
                    return p;
                }
                if (Files.isRegularFile(p)) {
                    return new ZipFile(p.toFile());
                }
            }
        } catch (Exception e) {
            // not a local jar or directory: getResourceAsStream
        }
        return new Object();
    }

    /** The path of {@code name} (relative to {@code anchor}'s package) in a jar or classes directory. */
    private static String path(Class<?> anchor, String name) {
        String pkg = anchor.getPackageName();
        return pkg.isEmpty() ? name : pkg.replace('.', '/') + "/" + name;
    }

    /** The bytes of resource {@code name} next to class {@code anchor}, or null when there is none. */
    public static byte[] bytes(Class<?> anchor, String name) {
        Object s = source();
        try {
            if (s instanceof ZipFile z) {
                ZipEntry e = z.getEntry(path(anchor, name));
                if (e != null && !e.isDirectory()) {
                    try (InputStream in = z.getInputStream(e)) {
                        return readAll(in, e.getSize());
                    }
                }
            } else if (s instanceof Path dir) {
                Path p = dir.resolve(path(anchor, name));
                if (Files.isRegularFile(p)) {
                    return Files.readAllBytes(p);
                }
            }
            try (InputStream in = anchor.getResourceAsStream(name)) {
                return in == null ? null : in.readAllBytes();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The bytes of {@code in}, which the jar's directory says are {@code size} (-1: not known): read
     * into one array of that size, where {@code readAllBytes} reads 8 KB buffers and copies them
     * into another (about 1.7 MB allocated and copied for the 579 KB {@code isa.forms} on every run).
     * The result is what {@code readAllBytes} gives even when the directory's size is wrong.
     */
    static byte[] readAll(InputStream in, long size) throws IOException {
        if (size < 0 || size > Integer.MAX_VALUE - 16) {
            return in.readAllBytes();
        }
        byte[] b = new byte[(int) size];
        int n = in.readNBytes(b, 0, b.length);
        if (n < b.length) {
            return java.util.Arrays.copyOf(b, n);
        }
        int next = in.read();
        if (next < 0) {
            return b;
        }
        byte[] rest = in.readAllBytes();
        byte[] all = java.util.Arrays.copyOf(b, b.length + 1 + rest.length);
        all[b.length] = (byte) next;
        System.arraycopy(rest, 0, all, b.length + 1, rest.length);
        return all;
    }

    /**
     * The CRC-32 of resource {@code name} next to {@code anchor}, as {@link java.util.zip.CRC32}
     * gives it: from the jar's directory when it is in this class's jar (nothing is read), else of
     * its bytes. Throws when there is no such resource.
     */
    static int crc(Class<?> anchor, String name) {
        if (source() instanceof ZipFile z) {
            ZipEntry e = z.getEntry(path(anchor, name));
            if (e != null && !e.isDirectory() && e.getCrc() != -1) {
                return (int) e.getCrc();
            }
        }
        byte[] b = bytes(anchor, name);
        if (b == null) {
            throw new IllegalStateException("ISA data file missing: " + name);
        }
        return IsaIndex.crc(b);
    }
}
