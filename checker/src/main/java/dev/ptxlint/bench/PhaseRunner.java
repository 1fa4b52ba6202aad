package dev.ptxlint.bench;

import dev.ptxlint.checker.Checks;
import dev.ptxlint.checker.InstructionCheck;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.syntax.Lexer;
import dev.ptxlint.syntax.Parser;
import dev.ptxlint.syntax.SyntaxProblem;
import dev.ptxlint.syntax.Token;
import dev.ptxlint.syntax.TokenKind;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.function.Consumer;

/**
 * The pipeline cut after one phase, for {@link PairedBench}: {@link PairedBench} defines this class
 * anew in the class loader of each build it compares, so that the same harness code drives both.
 * It uses only API that every build since the byte lexer has (the lexer, the parser, {@link Linter}
 * with a list of checks, {@link Checks#all()}).
 *
 * <p>Phases: 0 read (the bytes only), 1 lex (every token), 2 parse (every top-level item), 3 resolve
 * (the linter without instruction checks: header, declarations, names, suppressions), 4 forms
 * (every instruction check but the last, the constant folding: the form, ISA and operand-syntax
 * checks), 5 fold (every check, as the command line runs them on one thread).
 */
public final class PhaseRunner {
    private PhaseRunner() {
    }

    /** Runs the pipeline up to {@code phase} over {@code file}; returns a count so that nothing is optimised away. */
    public static long run(int phase, String file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(Paths.get(file)), 1 << 16)) {
            switch (phase) {
                case 0: {
                    byte[] b = new byte[1 << 16];
                    long n = 0;
                    int k;
                    while ((k = in.read(b)) > 0) {
                        n += k;
                    }
                    return n;
                }
                case 1: {
                    Lexer lexer = Lexer.ofUtf8(in);
                    long n = 0;
                    Token t;
                    while ((t = lexer.next()).kind() != TokenKind.EOF) {
                        n++;
                    }
                    return n;
                }
                case 2: {
                    Parser parser = new Parser(Lexer.ofUtf8(in), new Consumer<SyntaxProblem>() {
                        @Override
                        public void accept(SyntaxProblem p) {
                        }
                    });
                    long n = 0;
                    while (parser.next() != null) {
                        n++;
                    }
                    return n;
                }
                default: {
                    List<InstructionCheck> checks = List.of();
                    if (phase >= 4) {
                        checks = Checks.all();
                        if (phase == 4) {
                            checks = checks.subList(0, checks.size() - 1);
                        }
                    }
                    Counter count = new Counter();
                    new Linter(checks).lint(in, count);
                    return count.n;
                }
            }
        }
    }

    private static final class Counter implements Consumer<Diagnostic> {
        long n;

        @Override
        public void accept(Diagnostic d) {
            n++;
        }
    }
}
