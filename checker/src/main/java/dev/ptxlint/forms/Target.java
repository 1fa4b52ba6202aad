package dev.ptxlint.forms;

/** A {@code .target} architecture such as {@code sm_90a}. */
public record Target(int sm, String suffix) implements Comparable<Target> {

    public static Target parse(String text) {
        if (text == null || !text.matches("sm_\\d{1,4}[af]?")) {
            return null;
        }
        char last = text.charAt(text.length() - 1);
        boolean suffixed = last == 'a' || last == 'f';
        String digits = text.substring(3, suffixed ? text.length() - 1 : text.length());
        return new Target(Integer.parseInt(digits), suffixed ? String.valueOf(last) : "");
    }

    public String name() {
        return "sm_" + sm + suffix;
    }

    /** Whether code for this target may use a feature that needs {@code sm_requiredSm}. */
    public boolean satisfies(int requiredSm) {
        return sm >= requiredSm;
    }

    @Override
    public int compareTo(Target o) {
        return sm != o.sm ? Integer.compare(sm, o.sm) : suffix.compareTo(o.suffix);
    }
}
