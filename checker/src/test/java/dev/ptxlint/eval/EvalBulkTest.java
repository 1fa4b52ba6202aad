package dev.ptxlint.eval;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The set family's bulk random checks: the same generators and the same assertions as the
 * {@link EvalPropertiesTest} properties (compare, setp, set, slct), with far more cases, drawn by
 * {@link Gen#forAll} from fixed seeds (a failure names its case and seed). 100,000 + 50,000 + 10,000 +
 * 20,000 cases; {@code -Dptxlint.eval.bulkScale=K} multiplies them.
 */
class EvalBulkTest {
    static final AtomicLong CASES = new AtomicLong();

    @AfterAll
    static void report() {
        System.out.printf(Locale.ROOT, "[eval] EvalBulkTest: %,d random cases checked%n", CASES.get());
    }

    private static <T> void run(String name, int count, Gen<T> gen, long seed, Consumer<T> check) {
        long n = (long) count * Integer.getInteger("ptxlint.eval.bulkScale", 1);
        CASES.addAndGet(Gen.forAll(name, seed, n, gen, check));
    }

    @Test
    void compare() {
        run("bulk compare", 100_000, EvalPropertiesTest.compareCases(), 1, EvalPropertiesTest::checkCompare);
    }

    @Test
    void setp() {
        run("bulk setp", 50_000, EvalPropertiesTest.setpCases(), 2, EvalPropertiesTest::checkSetp);
    }

    @Test
    void set() {
        run("bulk set", 10_000, EvalPropertiesTest.setCases(), 3, EvalPropertiesTest::checkSet);
    }

    @Test
    void slct() {
        run("bulk slct", 20_000, EvalPropertiesTest.slctCases(), 4, EvalPropertiesTest::checkSlct);
    }
}
