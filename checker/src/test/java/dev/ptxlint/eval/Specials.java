package dev.ptxlint.eval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Bit patterns that matter for comparisons, built from digit strings (independently of the code
 * under test): zeros, infinities, NaNs of many payloads, subnormal and normal extremes, one, and
 * the neighbours of each finite one.
 */
final class Specials {
    private Specials() {
    }

    static long pattern(String sign, String exp, String frac) {
        return Long.parseUnsignedLong(sign + exp + frac, 2);
    }

    /** Float specials of a format, both signs. */
    static List<Long> floats(Reference.Fmt f) {
        int e = f.e();
        int m = f.f();
        String ones = "1".repeat(e);
        String zeros = "0".repeat(e);
        List<String[]> bodies = new ArrayList<>();
        bodies.add(new String[] {zeros, "0".repeat(m)});                          // zero
        bodies.add(new String[] {zeros, "0".repeat(m - 1) + "1"});                // min subnormal
        bodies.add(new String[] {zeros, "0".repeat(m - 2) + "10"});               // 2 * min subnormal
        bodies.add(new String[] {zeros, "1".repeat(m)});                          // max subnormal
        bodies.add(new String[] {zeros, "1" + "0".repeat(m - 1)});                // half min normal
        bodies.add(new String[] {"0".repeat(e - 1) + "1", "0".repeat(m)});        // min normal
        bodies.add(new String[] {"0".repeat(e - 1) + "1", "0".repeat(m - 1) + "1"});
        bodies.add(new String[] {"0" + "1".repeat(e - 1), "0".repeat(m)});        // 1.0
        bodies.add(new String[] {"0" + "1".repeat(e - 1), "0".repeat(m - 1) + "1"}); // 1 + ulp
        bodies.add(new String[] {"0" + "1".repeat(e - 2) + "0", "1".repeat(m)});  // 1 - ulp/2
        bodies.add(new String[] {"1" + "0".repeat(e - 1), "1" + "0".repeat(m - 1)}); // 3.0
        bodies.add(new String[] {"1".repeat(e - 1) + "0", "1".repeat(m)});        // max normal
        bodies.add(new String[] {"1".repeat(e - 1) + "0", "1".repeat(m - 1) + "0"});
        bodies.add(new String[] {ones, "0".repeat(m)});                           // infinity
        bodies.add(new String[] {ones, "1" + "0".repeat(m - 1)});                 // canonical quiet NaN
        bodies.add(new String[] {ones, "0".repeat(m - 1) + "1"});                 // signalling NaN, payload 1
        bodies.add(new String[] {ones, "01" + "0".repeat(m - 2)});                // signalling NaN, top payload
        bodies.add(new String[] {ones, "1".repeat(m)});                           // NaN all ones
        bodies.add(new String[] {ones, "1" + "0".repeat(m - 2) + "1"});           // quiet NaN, payload 1
        bodies.add(new String[] {ones, "0" + "1".repeat(m - 1)});                 // signalling, all payload
        Set<Long> res = new LinkedHashSet<>();
        for (String[] b : bodies) {
            res.add(pattern("0", b[0], b[1]));
            res.add(pattern("1", b[0], b[1]));
        }
        return new ArrayList<>(res);
    }

    /** Integer specials of a width: 0, 1, 2, all ones, the signed extremes and those of narrower widths. */
    static List<Long> ints(int width) {
        Set<Long> res = new LinkedHashSet<>();
        long mask = width == 64 ? -1L : (1L << width) - 1;
        res.add(0L);
        res.add(1L);
        res.add(2L);
        res.add(mask);                 // -1
        res.add(mask - 1);             // -2
        for (int w = 8; w <= width; w *= 2) {
            long sign = 1L << (w - 1);
            res.add(sign & mask);          // min signed of width w
            res.add((sign - 1) & mask);    // max signed of width w
            res.add((sign + 1) & mask);
            res.add((w == 64 ? -1L : (1L << w) - 1) & mask);
            if (w < width) {
                res.add((1L << w) & mask);
            }
        }
        return new ArrayList<>(res);
    }

    /** {@code n} seeded uniform patterns of a width. */
    static List<Long> random(int width, int n, long seed) {
        Random r = new Random(seed);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        List<Long> res = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            res.add(r.nextLong() & mask);
        }
        return res;
    }
}
