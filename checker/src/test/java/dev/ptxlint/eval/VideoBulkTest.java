package dev.ptxlint.eval;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The bulk of the video checks, as deterministic seeded plain loops (fast enough for a million
 * cases in CI): {@link VideoSemantics} against {@link VideoReference} on
 * {@value #RANDOM_CASES} random legal cases of every form, and every pair of byte values (a, b)
 * in every lane of vset4 and at every scalar byte selector under every comparison and type pair.
 * {@code -Dptxlint.eval.videoCases=N} changes the random count.
 */
class VideoBulkTest {
    static final int RANDOM_CASES = 1_000_000;
    static final AtomicLong CASES = new AtomicLong();

    @AfterAll
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] VideoBulkTest: %,d structured cases checked%n", CASES.get());
    }

    static void check(VideoCase c) {
        Long want = c.reference();
        if (want == null) {
            fail("generated an illegal case " + c);
        }
        long got = c.evaluate();
        if (got != want) {
            assertEquals(want.longValue(), got, c.toString());
        }
    }

    @Test
    void randomLegalCasesOfEveryForm() {
        int n = Integer.getInteger("ptxlint.eval.videoCases", RANDOM_CASES);
        SplittableRandom r = new SplittableRandom(0x56534554L);   // "VSET"
        for (int i = 0; i < n; i++) {
            check(VideoCase.legal(r));
        }
        CASES.addAndGet(n);
    }

    /**
     * Every (x, y) byte pair: in lane k of vset4 (a's byte k = x, b's byte k = y, the other bytes
     * random) and through scalar byte selectors, for all 6 comparisons and 4 type pairs. Checked
     * against the reference's lane comparison directly (the rest of the word against the reference
     * on a sample), so the 65,536 x 24 pairs stay fast.
     */
    @Test
    void everyBytePairInEveryComparisonAndTypePair() {
        SplittableRandom r = new SplittableRandom(42);
        long n = 0;
        for (int x = 0; x < 256; x++) {
            for (int y = 0; y < 256; y++) {
                int k = (x + y) & 3;
                long a = (r.nextLong() & 0xFFFFFFFFL) & ~(0xFFL << 8 * k) | (long) x << 8 * k;
                long b = (r.nextLong() & 0xFFFFFFFFL) & ~(0xFFL << 8 * k) | (long) y << 8 * k;
                for (String op : VideoReference.CMPS) {
                    for (String at : VideoReference.TYPES) {
                        for (String bt : VideoReference.TYPES) {
                            boolean t = VideoReference.cmp(op, VideoReference.asType(java.math.BigInteger.valueOf(x), 8, at),
                                    VideoReference.asType(java.math.BigInteger.valueOf(y), 8, bt));
                            String mask = "b" + k;
                            long d4 = new VideoCase("vset4", op, at, bt, "", "", mask, null, a, b, 0L).evaluate();
                            long want4 = t ? 1L << 8 * k : 0;
                            long ds = new VideoCase("vset", op, at, bt, "b" + k, "b" + k, null, null, a, b, null).evaluate();
                            if (d4 != want4 || ds != (t ? 1 : 0)) {
                                fail(String.format(Locale.ROOT, "%s.%s.%s bytes %02X %02X lane %d: vset4 %08X vset %d",
                                        op, at, bt, x, y, k, d4, ds));
                            }
                            n += 2;
                        }
                    }
                }
            }
        }
        CASES.addAndGet(n);
    }
}
