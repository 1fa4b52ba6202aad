package dev.ptxlint.checker.fold;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.FunctionCheck;
import dev.ptxlint.checker.Reporter;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.syntax.Ast;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * The constant-folding check: after each function body, propagates known values through it
 * ({@link Dataflow}) and reports the comparisons, selections and guards whose outcome is decided
 * (PTX0300-PTX0305).
 *
 * <p>It must run after every other check on an instruction: an instruction with an error of any
 * kind is not evaluated (its destination becomes unknown), and a function with syntax errors is
 * not analysed at all. A function where no comparison, selection or guard could be decided (see
 * {@link Gate}) is skipped without building its flow graph.
 */
public final class FoldCheck implements FunctionCheck {

    private final Machine.Observer observer;

    private long errorsSeen;
    private boolean skip;
    private final Gate gate = new Gate();
    /** The flow graphs' names by spelling id, kept from one function to the next. */
    private final FlowGraph.Resolved resolved = new FlowGraph.Resolved();
    private final Set<Ast.Instruction> untrusted = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Whether functions the {@link Gate} finds nothing to decide in are skipped. */
    private final boolean gated;

    /** Reports facts as diagnostics. */
    public FoldCheck() {
        this(null, true);
    }

    /**
     * Watches the analysis (the hover index uses this instead of diagnostics), or reports
     * diagnostics when {@code observer} is null. The hover index analyses every function, since a
     * register can be known where nothing is decided; tests turn the gate off to check it.
     */
    FoldCheck(Machine.Observer observer, boolean gated) {
        this.observer = observer;
        this.gated = gated;
    }

    /** The reporter of the module being linted: a linter reuses its checks for the next module. */
    private Reporter reporter;

    @Override
    public void begin(Ast.Function function, CheckContext context) {
        if (context.reporter() != reporter) {
            reporter = context.reporter();
            errorsSeen = 0; // a new module: its error count starts again from zero
        }
        long errors = context.reporter().errorCount();
        // errors since the last function: its own syntax or declaration errors; a body that is
        // checked as it streams (no body here, docs/limits.md "Memory") is not analysed
        skip = errors > errorsSeen || function.body() == null;
        errorsSeen = errors;
        gate.clear();
        untrusted.clear();
    }

    @Override
    public void check(Ast.Instruction insn, CheckContext context) {
        if (skip) {
            return;
        }
        long errors = context.reporter().errorCount();
        if (errors > errorsSeen) {
            untrusted.add(insn);
            errorsSeen = errors;
        }
        gate.add(insn);
    }

    @Override
    public void end(Ast.Function function, CheckContext context) {
        errorsSeen = context.reporter().errorCount();
        // the hover index and the ungated check (tests) track every register in every block
        Set<String> tracked = skip || function.body() == null || observer != null || !gated ? null
                : gate.trackedNames();
        if (skip || function.body() == null || gated && observer == null && tracked == null) {
            untrusted.clear();
            gate.clear();
            return;
        }
        FlowGraph g = FlowGraph.of(function, tracked, gate.recorded(), resolved);
        boolean[] sites = null;
        if (tracked != null) {
            sites = MayKnow.sites(g);
            if (sites == null) {
                untrusted.clear();
                gate.clear();
                return; // nothing in the function can be decided
            }
        }
        Machine.Observer obs = observer != null ? observer : new Machine.Observer() {
            @Override
            public void fact(Fact f) {
                Diagnostic d = Diagnostic.of(f.rule(), TextRange.of(f.range()), f.message());
                if (f.fix() != null) {
                    d = d.withFix(f.fix());
                }
                for (Diagnostic.Related r : f.related()) {
                    d = d.withRelated(r);
                }
                context.reporter().report(d);
            }
        };
        Dataflow.run(g, sites, untrusted, obs);
        untrusted.clear();
        gate.clear();
        errorsSeen = context.reporter().errorCount();
    }
}
