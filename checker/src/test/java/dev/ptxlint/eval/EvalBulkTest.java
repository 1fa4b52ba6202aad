package dev.ptxlint.eval;

import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The set family's bulk random checks: the same generators and the same assertions as the
 * {@link EvalPropertiesTest} properties (compare, setp, set, slct), drawn from a seeded
 * {@link Random} in a plain loop, because jqwik's per-try bookkeeping costs more than the check
 * itself (each loop is one jqwik {@code @Example}, since the generators need a jqwik thread). {@value #PER_PROPERTY} cases per property; {@code -Dptxlint.eval.bulk=N} changes it.
 */
class EvalBulkTest {
    static final AtomicLong CASES = new AtomicLong();

    @AfterContainer
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] EvalBulkTest: %,d random cases checked%n", CASES.get());
    }

    private final EvalPropertiesTest props = new EvalPropertiesTest();

    private static <T> void run(int count, Arbitrary<T> arbitrary, long seed, Consumer<T> check) {
        long n = (long) count * Integer.getInteger("ptxlint.eval.bulkScale", 1);
        RandomGenerator<T> gen = arbitrary.generator(1000);
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            check.accept(gen.next(r).value());
        }
    }

    @Example
    void compare() {
        long before = EvalPropertiesTest.CASES.get();
        run(100_000, props.compareCases(), 1, props::compareMatchesReference);
        CASES.addAndGet(EvalPropertiesTest.CASES.getAndSet(before) - before);
    }

    @Example
    void setp() {
        long before = EvalPropertiesTest.CASES.get();
        run(50_000, props.setpCases(), 2, props::setpMatchesReference);
        CASES.addAndGet(EvalPropertiesTest.CASES.getAndSet(before) - before);
    }

    @Example
    void set() {
        long before = EvalPropertiesTest.CASES.get();
        run(10_000, props.setCases(), 3, props::setMatchesReference);
        CASES.addAndGet(EvalPropertiesTest.CASES.getAndSet(before) - before);
    }

    @Example
    void slct() {
        long before = EvalPropertiesTest.CASES.get();
        run(20_000, props.slctCases(), 4, props::slctMatchesReference);
        CASES.addAndGet(EvalPropertiesTest.CASES.getAndSet(before) - before);
    }
}
