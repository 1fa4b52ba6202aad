package dev.ptxlint.forms;

/** A PTX ISA version as written in {@code .version}. */
public record PtxVersion(int major, int minor) implements Comparable<PtxVersion> {

    public static PtxVersion parse(String text) {
        if (text == null || !text.matches("\\d{1,4}\\.\\d{1,4}")) {
            return null;
        }
        int dot = text.indexOf('.');
        return new PtxVersion(Integer.parseInt(text.substring(0, dot)), Integer.parseInt(text.substring(dot + 1)));
    }

    public static PtxVersion of(int major, int minor) {
        return new PtxVersion(major, minor);
    }

    public boolean atLeast(PtxVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(PtxVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
