package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.isa.Targets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a user may change about a lint run, shared by the command line and the language server
 * (no editor-protocol types). Immutable; derive changed copies with the {@code with...} methods.
 *
 * <ul>
 *   <li>{@code severities}: per-rule severity overrides, keyed by code ({@code PTX0250}). The
 *       diagnostic keeps its rule; only its {@link Diagnostic#severity()} changes.</li>
 *   <li>{@code disabled}: codes of rules that are turned off; their diagnostics are dropped. A code
 *       is never in both (turning a rule off removes its override, and setting a severity turns it
 *       back on). This is the {@code off} level of the configuration file.</li>
 *   <li>{@code defaultVersion}, {@code defaultTarget}: the PTX ISA version and target for a file
 *       whose header lacks {@code .version} or {@code .target} (a fragment, such as inline asm
 *       cut out of a CUDA file). Such a file then gets no PTX0105 / PTX0106, and the instruction
 *       checks see the defaults. A header in the file always wins over the defaults. Null: no
 *       default, the header is required.</li>
 *   <li>{@code cudaArch}: the {@code -arch} of nvcc for the asm statements of CUDA sources
 *       ({@code cuda-arch} in {@code .ptxlintrc}): when set, inline asm is checked for this
 *       target and the PTX ISA version nvcc emits for it ({@link #NVCC_PTX_VERSION}), whatever
 *       {@code defaultVersion} and {@code defaultTarget} say; .ptx files do not use it. Null: the
 *       defaults apply to inline asm too.</li>
 * </ul>
 *
 * <p>Lexical and syntax errors (PTX0001-PTX0010) cannot be reconfigured or turned off
 * ({@link Rules#configurable}): the {@code with...} methods reject them with an
 * {@link IllegalArgumentException}, as they do unknown codes and names.
 */
public record LintSettings(Map<String, Severity> severities, Set<String> disabled, PtxVersion defaultVersion,
                           Target defaultTarget, Target cudaArch) {

    /** No overrides, no rule disabled, no default version or target. */
    public static final LintSettings DEFAULT = new LintSettings(Map.of(), Set.of(), null, null);

    /** The PTX ISA version that nvcc 13.0 writes for every {@code -arch} it accepts (measured with nvcc -ptx). */
    public static final PtxVersion NVCC_PTX_VERSION = PtxVersion.of(9, 0);

    /** Settings without a CUDA architecture. */
    public LintSettings(Map<String, Severity> severities, Set<String> disabled, PtxVersion defaultVersion,
                        Target defaultTarget) {
        this(severities, disabled, defaultVersion, defaultTarget, null);
    }

    public LintSettings {
        Map<String, Severity> s = new TreeMap<>();
        for (Map.Entry<String, Severity> e : severities.entrySet()) {
            s.put(configurableRule(e.getKey()).code(), java.util.Objects.requireNonNull(e.getValue()));
        }
        Set<String> d = new TreeSet<>();
        for (String code : disabled) {
            String c = configurableRule(code).code();
            d.add(c);
            s.remove(c);
        }
        severities = java.util.Collections.unmodifiableMap(s);
        disabled = java.util.Collections.unmodifiableSet(d);
        if (defaultVersion != null && !Targets.isKnownVersion(defaultVersion)) {
            throw new IllegalArgumentException("PTX ISA " + defaultVersion + " is not a PTX ISA version");
        }
        if (defaultTarget != null && !Targets.isKnown(defaultTarget)) {
            throw new IllegalArgumentException(defaultTarget + " is not a target ptxas knows");
        }
        if (cudaArch != null && !Targets.isKnown(cudaArch)) {
            throw new IllegalArgumentException(cudaArch + " is not a target ptxas knows");
        }
    }

    /**
     * The rule named by {@code codeOrName} ({@code PTX0250} or {@code modifier-order}, any case).
     *
     * @throws IllegalArgumentException when it names no rule, or a lexical or syntax error
     */
    public static Rule configurableRule(String codeOrName) {
        Rule r = Rules.byCodeOrName(codeOrName);
        if (r == null) {
            throw new IllegalArgumentException("unknown rule '" + codeOrName + "'");
        }
        if (!Rules.configurable(r)) {
            throw new IllegalArgumentException(r.code() + " (" + r.name() + ") is a " + r.category()
                    + " error and cannot be reconfigured or turned off");
        }
        return r;
    }

    /** A copy in which the rule ({@code PTX0250} or {@code modifier-order}) has this severity and is on. */
    public LintSettings withSeverity(String codeOrName, Severity severity) {
        String code = configurableRule(codeOrName).code();
        Map<String, Severity> s = new TreeMap<>(severities);
        s.put(code, java.util.Objects.requireNonNull(severity));
        Set<String> d = new TreeSet<>(disabled);
        d.remove(code);
        return new LintSettings(s, d, defaultVersion, defaultTarget, cudaArch);
    }

    /** A copy in which the rule is turned off (its diagnostics are dropped). */
    public LintSettings withDisabled(String codeOrName) {
        String code = configurableRule(codeOrName).code();
        Set<String> d = new TreeSet<>(disabled);
        d.add(code);
        return new LintSettings(severities, d, defaultVersion, defaultTarget, cudaArch);
    }

    /** A copy with this default {@code .version} (null: none). */
    public LintSettings withDefaultVersion(PtxVersion version) {
        return new LintSettings(severities, disabled, version, defaultTarget, cudaArch);
    }

    /** A copy with this default {@code .target} (null: none). */
    public LintSettings withDefaultTarget(Target target) {
        return new LintSettings(severities, disabled, defaultVersion, target, cudaArch);
    }

    /** A copy with this CUDA architecture for inline asm (null: none; see {@code cudaArch} above). */
    public LintSettings withCudaArch(Target arch) {
        return new LintSettings(severities, disabled, defaultVersion, defaultTarget, arch);
    }

    /** A copy without rule overrides (levels and turned-off rules), keeping the version, target and arch. */
    public LintSettings withoutRuleSettings() {
        return severities.isEmpty() && disabled.isEmpty() ? this
                : new LintSettings(Map.of(), Set.of(), defaultVersion, defaultTarget, cudaArch);
    }

    /** Whether the rule's diagnostics are reported at all. */
    public boolean isEnabled(Rule rule) {
        return !disabled.contains(rule.code());
    }

    /** The severity the rule's diagnostics get: the override, else the rule's default. */
    public Severity severityOf(Rule rule) {
        return severities.getOrDefault(rule.code(), rule.severity());
    }

    /**
     * {@code d} as these settings report it: null when its rule is off, else {@code d} with the
     * overridden severity (same rule, range, message and fixes).
     */
    public Diagnostic apply(Diagnostic d) {
        if (!isEnabled(d.rule())) {
            return null;
        }
        Severity s = severities.get(d.code());
        if (s == null || s == d.severity()) {
            return d;
        }
        return new Diagnostic(d.rule(), s, d.range(), d.message(), d.fixes(), d.related());
    }
}
