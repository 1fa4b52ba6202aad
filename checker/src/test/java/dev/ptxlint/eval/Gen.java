package dev.ptxlint.eval;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A seeded case generator for the property tests: a function of a {@link SplittableRandom}, with
 * weighted choice ({@link #frequency}) for the special values and their neighbours, and
 * {@link #forAll} to check a property on a fixed number of cases. Every case is drawn from its own
 * {@code SplittableRandom(caseSeed)}, the case seeds from one fixed master seed, so a failure names
 * the case, its seed and the master seed, and reproduces with {@link #replay}.
 */
@FunctionalInterface
interface Gen<T> {
    T next(SplittableRandom r);

    default <U> Gen<U> map(Function<? super T, ? extends U> f) {
        return r -> f.apply(next(r));
    }

    default <U> Gen<U> flatMap(Function<? super T, Gen<U>> f) {
        return r -> f.apply(next(r)).next(r);
    }

    static <T> Gen<T> just(T v) {
        return r -> v;
    }

    static <T> Gen<T> of(List<T> xs) {
        if (xs.isEmpty()) {
            throw new IllegalArgumentException("nothing to choose from");
        }
        return r -> xs.get(r.nextInt(xs.size()));
    }

    @SafeVarargs
    static <T> Gen<T> of(T... xs) {
        return of(Arrays.asList(xs));
    }

    static Gen<Boolean> bools() {
        return SplittableRandom::nextBoolean;
    }

    /**
     * An int in [lo, hi]: uniform, but one time in {@value #EDGE_ONE_IN} an edge of the range (lo,
     * lo + 1, hi - 1, hi, or 0 where it lies inside).
     */
    static Gen<Integer> ints(int lo, int hi) {
        return longs(lo, hi).map(Long::intValue);
    }

    /** A long in [lo, hi] (hi &lt; Long.MAX_VALUE): uniform, with the range's edges as {@link #ints}. */
    static Gen<Long> longs(long lo, long hi) {
        long[] edges = lo <= 0 && 0 <= hi ? new long[] {lo, Math.min(lo + 1, hi), Math.max(hi - 1, lo), hi, 0}
                : new long[] {lo, Math.min(lo + 1, hi), Math.max(hi - 1, lo), hi};
        return r -> r.nextInt(EDGE_ONE_IN) == 0 ? edges[r.nextInt(edges.length)] : r.nextLong(lo, hi + 1);
    }

    int EDGE_ONE_IN = 20;

    /** Uniform bits of a width (1..64). */
    static Gen<Long> uniform(int width) {
        long mask = width == 64 ? -1L : (1L << width) - 1;
        return r -> r.nextLong() & mask;
    }

    /**
     * Any long, as an unconstrained {@code long} parameter: one in four a special 64-bit integer
     * ({@link Specials#ints}) or a neighbour within 3, one in four a small value in [-1000, 1000],
     * otherwise uniform bits.
     */
    static Gen<Long> anyLong() {
        List<Long> specials = Specials.ints(64);
        return frequency(
                w(1, of(specials).flatMap(s -> longs(-3, 3).map(d -> s + d))),
                w(1, longs(-1000, 1000)),
                w(2, uniform(64)));
    }

    /**
     * A BigInteger in [0, hi]: one in {@value #EDGE_ONE_IN} an edge (0, 1, hi - 1, hi), otherwise a
     * uniform bit length up to hi's, then uniform bits of that length (redrawn above hi), so small
     * and large magnitudes are equally likely.
     */
    static Gen<BigInteger> bigIntegers(BigInteger hi) {
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, hi.subtract(BigInteger.ONE), hi};
        int bits = hi.bitLength();
        return r -> {
            if (r.nextInt(EDGE_ONE_IN) == 0) {
                return edges[r.nextInt(edges.length)];
            }
            int len = r.nextInt(bits + 1);
            while (true) {
                BigInteger v = BigInteger.ZERO;
                for (int i = 0; i < len; i += 62) {
                    v = v.shiftLeft(Math.min(62, len - i)).or(BigInteger.valueOf(r.nextLong() & ((1L << Math.min(62, len - i)) - 1)));
                }
                if (v.compareTo(hi) <= 0) {
                    return v;
                }
            }
        };
    }

    /** A weighted alternative for {@link #frequency}. */
    record Weighted<T>(int weight, Gen<? extends T> gen) {
    }

    static <T> Weighted<T> w(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }

    /** Picks an alternative with probability weight / total weight, then draws from it. */
    @SafeVarargs
    static <T> Gen<T> frequency(Weighted<? extends T>... alternatives) {
        int total = Arrays.stream(alternatives).mapToInt(Weighted::weight).sum();
        return r -> {
            int k = r.nextInt(total);
            for (Weighted<? extends T> a : alternatives) {
                if (k < a.weight()) {
                    return a.gen().next(r);
                }
                k -= a.weight();
            }
            throw new IllegalStateException();
        };
    }

    /** The default number of cases per property: {@code -Dptxlint.eval.tries=N}, 2000 if unset. */
    static int tries() {
        return Integer.getInteger("ptxlint.eval.tries", 2000);
    }

    /**
     * Checks {@code property} on {@code count} cases of {@code gen}; a failure is rethrown as an
     * AssertionError naming the property, the master seed, the case's index and seed, and the case.
     *
     * @return the number of cases checked (count)
     */
    static <T> long forAll(String property, long masterSeed, long count, Gen<T> gen, Consumer<? super T> check) {
        SplittableRandom master = new SplittableRandom(masterSeed);
        for (long i = 0; i < count; i++) {
            long caseSeed = master.nextLong();
            T c = gen.next(new SplittableRandom(caseSeed));
            try {
                check.accept(c);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(String.format(Locale.ROOT,
                        "%s failed on case %d (master seed %d, case seed %d; Gen.replay(gen, %dL) draws it again): %s%n  %s",
                        property, i, masterSeed, caseSeed, caseSeed, show(c), e), e);
            }
        }
        return count;
    }

    /** The case that {@link #forAll} drew from a case seed. */
    static <T> T replay(Gen<T> gen, long caseSeed) {
        return gen.next(new SplittableRandom(caseSeed));
    }

    static String show(Object o) {
        if (o instanceof long[] a) {
            StringBuilder sb = new StringBuilder("[");
            for (long x : a) {
                sb.append(sb.length() > 1 ? ", " : "").append("0x").append(Long.toHexString(x));
            }
            return sb.append(']').toString();
        }
        return String.valueOf(o);
    }
}
