package dev.ptxlint.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What selector (or mask) one operand slot may carry: the video instructions' {@code d{.mask}},
 * {@code a{.asel}}, {@code b{.bsel}} and {@code d.dsel}, written as a suffix of the register
 * ({@code %r1.h10}). A slot that takes none has {@link #NONE} (or {@link #none(Odd)}).
 *
 * <p>Besides its legal set, a slot says how ptxas treats the three tokens {@code .b01},
 * {@code .b12} and {@code .b23}, which ptxas 13.0 does not handle as video selectors
 * (docs/ptxas-video.md): accepted without a message on most operands, a misleading fatal
 * "Parsing error" on scalar vset's a and b, and ordinary invalid selectors on vset2/vset4.
 */
public final class Selectors {

    /** What a selector on this slot does. */
    public enum Use {
        /** No selector allowed. */
        NONE,
        /** A destination mask: which lanes of the result are written ({@code vset2 d.h0}). */
        MASK,
        /** A source selector: which bytes or half-words are read ({@code a.h10}). */
        SOURCE,
        /**
         * A destination selector that merges the result into operand {@code c} (scalar vset's
         * {@code d.dsel}): it needs c and excludes a secondary operation.
         */
        MERGE
    }

    /** How ptxas treats {@code .b01}, {@code .b12}, {@code .b23} on this slot. */
    public enum Odd {
        /** Accepted without a message (meaning undocumented): reported as a warning. */
        ACCEPTED,
        /** An invalid selector like any other ({@code Incorrect video selector}). */
        INVALID,
        /** A fatal {@code Parsing error near ';'} that ptxas locates in {@code <builtin>}. */
        FATAL
    }

    /** The three tokens ptxas does not read as video selectors. */
    public static final Set<String> ODD_TOKENS = Set.of(".b01", ".b12", ".b23");

    /** No selector; {@code .b01/.b12/.b23} accepted, as on every non-video instruction. */
    public static final Selectors NONE = none(Odd.ACCEPTED);

    private final Use use;
    private final String name;
    private final Set<String> legal;
    private final String syntax;
    private final String defaultValue;
    private final Odd odd;

    private Selectors(Use use, String name, Set<String> legal, String syntax, String defaultValue, Odd odd) {
        this.use = use;
        this.name = name;
        this.legal = Collections.unmodifiableSet(new LinkedHashSet<>(legal));
        this.syntax = syntax;
        this.defaultValue = defaultValue;
        this.odd = odd;
    }

    /** Selectors as {@link IsaBinary} decodes them: every field as the build's had it. */
    static Selectors decoded(Use use, String name, Set<String> legal, String syntax, String defaultValue, Odd odd) {
        return new Selectors(use, name, legal, syntax, defaultValue, odd);
    }

    /** A slot without selectors, with ptxas's treatment of the odd tokens there. */
    public static Selectors none(Odd odd) {
        return new Selectors(Use.NONE, "", Set.of(), "", null, odd);
    }

    /** An explicit list, e.g. scalar vset's {@code .b0 .b1 .b2 .b3 .h0 .h1}. */
    public static Selectors of(Use use, String name, String syntax, Odd odd, String... legal) {
        return new Selectors(use, name, new LinkedHashSet<>(List.of(legal)), syntax, null, odd);
    }

    /**
     * Every {@code .Lxy…} with {@code lanes} digits, each below {@code values}: vset2's
     * {@code .hxy} (2 lanes, digits 0..3) and vset4's {@code .bxyzw} (4 lanes, digits 0..7).
     */
    public static Selectors lanes(String name, char letter, int lanes, int values, String defaultValue, Odd odd) {
        List<String> all = new ArrayList<>();
        all.add("." + letter);
        for (int i = 0; i < lanes; i++) {
            List<String> next = new ArrayList<>();
            for (String p : all) {
                for (int v = 0; v < values; v++) {
                    next.add(p + v);
                }
            }
            all = next;
        }
        String digits = letter == 'h' ? "xy" : "xyzw";
        String syntax = "." + letter + digits.substring(0, lanes) + " with " + String.join(", ",
                digits.substring(0, lanes).chars().mapToObj(c -> String.valueOf((char) c)).toList())
                + " from 0.." + (values - 1);
        return new Selectors(Use.SOURCE, name, new LinkedHashSet<>(all), syntax, defaultValue, odd);
    }

    /**
     * Destination masks over {@code lanes} lanes: every non-empty set of lanes, written with its
     * digits in strictly descending order ({@code .h0 .h1 .h10}; {@code .b0} … {@code .b3210}).
     */
    public static Selectors masks(char letter, int lanes, Odd odd) {
        Set<String> all = new LinkedHashSet<>();
        for (int bits = 1; bits < (1 << lanes); bits++) {
            StringBuilder sb = new StringBuilder(".").append(letter);
            for (int l = lanes - 1; l >= 0; l--) {
                if ((bits & (1 << l)) != 0) {
                    sb.append(l);
                }
            }
            all.add(sb.toString());
        }
        List<String> sorted = new ArrayList<>(all);
        sorted.sort((x, y) -> x.length() != y.length() ? x.length() - y.length() : x.compareTo(y));
        String full = sorted.get(sorted.size() - 1);
        return new Selectors(Use.MASK, "mask", new LinkedHashSet<>(sorted), "." + letter
                + " followed by the lanes to write, in descending order", full, odd);
    }

    public Use use() {
        return use;
    }

    /** {@code mask}, {@code asel}, {@code bsel} or {@code dsel}, as the manual calls it. */
    public String name() {
        return name;
    }

    public boolean allowsAny() {
        return use != Use.NONE;
    }

    /** Every legal selector, in the manual's order (short ones first for masks). */
    public Set<String> legal() {
        return legal;
    }

    public boolean isLegal(String selector) {
        return legal.contains(selector);
    }

    /** How the manual describes the set, e.g. {@code .hxy with x, y from 0..3}. */
    public String syntax() {
        return syntax;
    }

    /** The selector that applies when none is written, or null. */
    public String defaultValue() {
        return defaultValue;
    }

    public Odd odd() {
        return odd;
    }

    /**
     * Whether ptxas knows {@code text} as a video selector at all: {@code .h} with digits
     * 0..3, or {@code .b} with at most four digits 0..7. Anything else ({@code .h4},
     * {@code .b8}, {@code .b32100}, {@code .x}, {@code .H10}) it reports as
     * {@code Unknown video selector}.
     */
    public static boolean isVideoSelectorToken(String text) {
        if (text.length() < 2 || text.charAt(0) != '.') {
            return false;
        }
        char l = text.charAt(1);
        String digits = text.substring(2);
        if (l == 'h') {
            return digits.chars().allMatch(c -> c >= '0' && c <= '3');
        }
        if (l == 'b') {
            return digits.length() <= 4 && digits.chars().allMatch(c -> c >= '0' && c <= '7');
        }
        return false;
    }
}
