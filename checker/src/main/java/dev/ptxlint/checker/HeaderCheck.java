package dev.ptxlint.checker;

import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.isa.Targets;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Directive;
import dev.ptxlint.syntax.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Module header rules, as ptxas 13.0 applies them (docs/ptxas-behaviour.md, section 12, and
 * docs/ptxas-targets.md): the module starts with {@code .version}; {@code .target} comes directly
 * after it (repeated {@code .target} lines are accepted there and nowhere else); {@code .version}
 * and {@code .address_size} appear once, and {@code .address_size} before any function. The
 * version must be one ptxas knows, every {@code .target} entry a known architecture or option,
 * each supported by the declared version; the options must not conflict. Also checks
 * {@code .file} indices and records the declared version and target for other checks.
 */
final class HeaderCheck {

    private enum State {
        /** Nothing seen yet: the first item must be .version. */
        START,
        /** .version seen: the next item must be .target. */
        AFTER_VERSION,
        /** Inside the run of .target lines after .version. */
        TARGETS,
        /** Past the header. */
        BODY,
        /** The header is broken and was reported once; only duplicates are reported from now on. */
        BROKEN
    }

    private final Reporter out;
    private State state = State.START;
    private Directive version;
    private Directive target;
    private Directive addressSize;
    /** The declared .address_size, 32 or 64; 0 when none is declared (or it is neither). */
    private int addressBits;
    private boolean sawFunction;
    private final Map<String, Span> fileIndices = new HashMap<>();

    /** The declared version, parsed (null when missing or unparseable). */
    private PtxVersion declaredVersion;
    /** The version token, for quick fixes that raise it. */
    private Ast.FloatLit versionLit;
    /** Whether ptxas accepts the declared version, so that requirements can be checked against it. */
    private boolean versionUsable;
    /** The target ptxas compiles for: the last architecture named in the header (null: none known). */
    private Target effectiveTarget;
    /** The first texturing-mode option, for the conflict check. */
    private Ast.Name texmode;
    /** The first {@code debug} option and the entry before it (for the removal fix). */
    private Ast.Name debugOption;
    private Span beforeDebug;
    private boolean sawSection;

    /** The configured defaults for a file without .version / .target (null: none). */
    private final PtxVersion defaultVersion;
    private final Target defaultTarget;

    HeaderCheck(Reporter out) {
        this(out, null, null);
    }

    /**
     * With a default version (target), a module without .version (.target) is not reported
     * (PTX0105, PTX0106) and the checks see the default; a header in the file wins.
     */
    HeaderCheck(Reporter out, PtxVersion defaultVersion, Target defaultTarget) {
        this.out = out;
        this.defaultVersion = defaultVersion;
        this.defaultTarget = defaultTarget;
    }

    /**
     * What the checks of a function body can see of the header at this point ({@link #version},
     * {@link #target}, {@link #declaredVersion}, {@link #declaredTarget}, {@link
     * #texmodeIndependent}), copied: a body checked on another thread sees the header as it was
     * when its function was read, while this one reads on. The copy reports nothing.
     */
    HeaderCheck frozen() {
        HeaderCheck h = new HeaderCheck(null, defaultVersion, defaultTarget);
        h.state = State.BROKEN;
        h.version = version;
        h.target = target;
        h.declaredVersion = declaredVersion;
        h.effectiveTarget = effectiveTarget;
        h.texmode = texmode;
        h.addressBits = addressBits;
        return h;
    }

    Directive version() {
        return version;
    }

    Directive target() {
        return target;
    }

    /**
     * The declared PTX ISA version as written (7.10 stays 7.10; compare with
     * {@link PtxVersion#atLeast}), or null when .version is missing or not MAJOR.MINOR. Set also
     * when ptxas does not know the version (that is reported as PTX0110 or PTX0116).
     */
    PtxVersion declaredVersion() {
        return declaredVersion;
    }

    /**
     * The target ptxas compiles the module for: the last architecture named in the header's
     * {@code .target} lines (ptxas lets a later one override an earlier one: {@code .target sm_90,
     * sm_80} checks features against sm_80), as ptxas reads it ({@code compute_90} is sm_90).
     * Unknown names are skipped (the module is already in error): {@code .target sm_90, sm_91} gives
     * sm_90. Null when the header names no architecture ptxas knows.
     */
    Target declaredTarget() {
        return effectiveTarget;
    }

    /**
     * The module's {@code .address_size} so far: 32 or 64 as declared, 0 when none is declared
     * (or it is neither 32 nor 64).
     */
    int addressSize() {
        return addressBits;
    }

    /** Whether the .target names texmode_independent (the default is texmode_unified). */
    boolean texmodeIndependent() {
        return texmode != null && texmode.token().text().equals("texmode_independent");
    }

    void visit(Ast.TopLevel item) {
        String name = item instanceof Directive d ? d.name().text() : "";
        Directive d = item instanceof Directive dd ? dd : null;
        if (item instanceof Ast.Section) {
            sawSection = true;
        }
        if (state == State.START) {
            if (name.equals(".version")) {
                version = d;
                checkVersion(d);
                state = State.AFTER_VERSION;
                return;
            }
            if (defaultVersion != null) {
                useDefaultVersion();
            } else {
                missingVersion(item, name.equals(".target"), name.equals(".address_size"));
                state = State.BROKEN;
            }
        }
        if (state == State.AFTER_VERSION && defaultTarget != null && !name.equals(".target")) {
            effectiveTarget = defaultTarget; // no .target: the configured default stands in for it
            state = State.BODY;
        }
        switch (state) {
            case AFTER_VERSION -> {
                if (name.equals(".target")) {
                    target = d;
                    checkTargets(d, true);
                    state = State.TARGETS;
                    return;
                }
                out.report(Rules.MISSING_TARGET, firstLine(item.span()), version == null
                        ? "the module has no .target directive and no default target is configured: add e.g."
                        + " '.target sm_90' before this line, or set default-target in the configuration"
                        : name.equals(".version")
                        ? "second .version where .target should follow the first: replace it by a .target directive"
                        : ".target must come directly after .version: add e.g. '.target sm_90' before this line");
                state = State.BROKEN;
                if (name.equals(".version")) {
                    return;
                }
            }
            case TARGETS -> {
                if (name.equals(".target")) {
                    checkTargets(d, false); // ptxas accepts repeated .target lines right after .version
                    return;
                }
                state = State.BODY;
            }
            default -> {
            }
        }
        if (item instanceof Ast.Function) {
            sawFunction = true;
        }
        if (d == null) {
            return;
        }
        switch (name) {
            case ".version" -> {
                if (version != null) {
                    duplicate(d, version);
                } else {
                    version = d;
                }
            }
            case ".target" -> {
                if (target != null) {
                    duplicate(d, target);
                } else {
                    target = d;
                }
            }
            case ".address_size" -> addressSize(d);
            case ".file" -> fileIndex(d);
            default -> {
            }
        }
    }

    private void useDefaultVersion() {
        declaredVersion = defaultVersion;
        versionUsable = true;
        state = State.AFTER_VERSION;
    }

    /**
     * No .version first. The fix inserts one (and a .target), except before an .address_size: there
     * the header is more likely out of order than missing, and inserting would duplicate it.
     */
    private void missingVersion(Ast.TopLevel item, boolean itemIsTarget, boolean itemIsAddressSize) {
        Span s = item.span();
        Span at = new Span(s.start(), s.start(), s.line(), s.column(), s.line(), s.column());
        String insert = itemIsTarget ? ".version 9.0\n" : ".version 9.0\n.target sm_90\n";
        Diagnostic d = Diagnostic.of(Rules.MISSING_VERSION, TextRange.of(firstLine(s)),
                "the module must begin with a .version directive, e.g. '.version 9.0'"
                        + (itemIsTarget ? " before .target" : ", followed by .target"));
        if (!itemIsAddressSize) {
            d = d.withFix(Fix.unsafe("Insert '" + insert.strip().replace("\n", "' and '") + "'",
                    TextRange.of(at), insert));
        }
        out.report(d);
    }

    private void addressSize(Directive d) {
        if (addressSize != null) {
            duplicate(d, addressSize);
            return;
        }
        addressSize = d;
        if (sawFunction) {
            out.report(Rules.MISPLACED_HEADER, d.name().span(),
                    ".address_size must come before the first function; move it after .target");
        }
        requireVersion(Targets.ADDRESS_SIZE_SINCE, d.name().span(), "`.address_size`");
        if (!d.args().isEmpty() && d.args().get(0) instanceof Ast.IntLit lit) {
            String v = lit.token().text();
            addressBits = v.equals("32") ? 32 : v.equals("64") ? 64 : 0;
            if (v.equals("32")) {
                out.report(Diagnostic.of(Rules.UNSUPPORTED_ADDRESS_SIZE, TextRange.of(lit.span()),
                                ".address_size 32: ptxas 13.0 no longer compiles 32-bit code ('32-Bit compilation"
                                        + " is no longer supported'); use .address_size 64")
                        .withFix(Fix.unsafe("Use .address_size 64", TextRange.of(lit.span()), "64")));
            } else if (!v.equals("64")) {
                out.report(Rules.INVALID_ADDRESS_SIZE, lit.span(), "illegal .address_size " + v
                        + ": it must be 32 or 64 (sm_90 and later support only 64)");
            }
        }
    }

    private void fileIndex(Directive d) {
        if (!d.args().isEmpty() && d.args().get(0) instanceof Ast.IntLit n) {
            Span prev = fileIndices.putIfAbsent(n.token().text(), n.span());
            if (prev != null) {
                out.report(Diagnostic.of(Rules.DUPLICATE_FILE_INDEX, TextRange.of(n.span()), "file index "
                                + n.token().text() + " is already used by an earlier .file; use a new index")
                        .withRelated(new Diagnostic.Related(TextRange.of(prev), "file index first defined here")));
            }
        }
    }

    // ------------------------------------------------------------------ .version

    /**
     * ptxas 13.0 supports PTX ISA versions up to 9.0, and only the versions that exist: it looks a
     * version up as 10 * major + minor, so 7.9 is unknown but 7.10 (= the number of 8.0) passes.
     */
    private void checkVersion(Directive d) {
        if (d.args().isEmpty() || !(d.args().get(0) instanceof Ast.FloatLit f)) {
            return; // the parser already reported it
        }
        String text = f.token().text();
        PtxVersion v = PtxVersion.parse(text);
        if (v == null) {
            return;
        }
        declaredVersion = v;
        versionLit = f;
        if (v.compareTo(Targets.newestVersion()) > 0) {
            out.report(Rules.UNSUPPORTED_VERSION, f.span(), "PTX ISA " + text
                    + " is newer than the newest version ptxas 13.0 supports (9.0); use .version 9.0 or lower");
            return;
        }
        if (!Targets.acceptedByPtxas(v)) {
            unknownVersion(f, text, v);
            return;
        }
        versionUsable = true;
        if (!Targets.isKnownVersion(v)) {
            nonstandardVersion(f, text, v);
        }
    }

    /**
     * A version ptxas accepts only through its 10 * major + minor lookup (7.10, 0.90, 6.30 ...):
     * not a PTX ISA version, and compared as written, so 7.10 passes the 7.8 checks but not 8.0's.
     */
    private void nonstandardVersion(Ast.FloatLit f, String text, PtxVersion v) {
        String real = codeName(v);
        List<String> meant = new ArrayList<>();
        PtxVersion digit = PtxVersion.of(v.major(), v.minor() / 10);
        if (v.minor() >= 10 && Targets.isKnownVersion(digit)) {
            meant.add(digit.toString());
        }
        meant.add(real);
        out.report(Rules.NONSTANDARD_HEADER, f.span(), "'.version " + text + "' is not a PTX ISA version: ptxas"
                + " accepts it only because " + v.major() + "*10+" + v.minor() + " is the internal number of "
                + real + ", yet compares it as major " + v.major() + ", minor " + v.minor()
                + " against targets and features; write " + String.join(" or ", meant));
    }

    /** The real version whose 10 * major + minor equals that of {@code v}. */
    private static String codeName(PtxVersion v) {
        long code = 10L * v.major() + v.minor();
        for (PtxVersion k : Targets.knownVersions()) {
            if (10L * k.major() + k.minor() == code) {
                return k.toString();
            }
        }
        return "?";
    }

    private void unknownVersion(Ast.FloatLit f, String text, PtxVersion v) {
        PtxVersion below = null;
        PtxVersion above = null;
        for (PtxVersion k : Targets.knownVersions()) {
            if (k.compareTo(v) < 0) {
                below = k;
            } else if (above == null) {
                above = k;
            }
        }
        StringBuilder msg = new StringBuilder("PTX ISA " + text + " does not exist (ptxas: Unsupported .version)");
        if (below != null && above != null) {
            msg.append("; the versions around it are ").append(below).append(" and ").append(above);
        } else if (above != null) {
            msg.append("; the oldest version is ").append(above);
        }
        Diagnostic diag = Diagnostic.of(Rules.UNKNOWN_VERSION, TextRange.of(f.span()), msg.toString());
        for (PtxVersion k : new PtxVersion[] {below, above}) {
            if (k != null) {
                diag = diag.withFix(Fix.unsafe("Use .version " + k, TextRange.of(f.span()), k.toString()));
            }
        }
        out.report(diag);
    }

    /**
     * Reports {@code what} (a target, option or directive) when the declared version is older than
     * {@code min}, with a fix raising .version to {@code min}.
     */
    private void requireVersion(PtxVersion min, Span at, String what) {
        if (!versionUsable || declaredVersion.atLeast(min)) {
            return;
        }
        Diagnostic diag = Diagnostic.of(Rules.VERSION_TOO_OLD, TextRange.of(at), what + " needs PTX ISA " + min
                + " or later (" + (versionLit == null ? "the file has no .version and the configured default is "
                + declaredVersion : "this file declares " + versionLit.token().text()) + ")");
        if (versionLit != null && min.compareTo(Targets.newestVersion()) <= 0) {
            diag = diag.withFix(Fix.unsafe("Raise .version to " + min, TextRange.of(versionLit.span()),
                    min.toString()));
        }
        out.report(diag);
    }

    // ------------------------------------------------------------------ .target

    /**
     * One {@code .target} line of the header. ptxas reads the entries left to right: the first
     * entry of the first line must be an architecture; later architectures override earlier ones;
     * options apply to the module (map_f64_to_f32 is checked against the architecture named
     * before it).
     */
    private void checkTargets(Directive d, boolean firstLine) {
        List<Ast.Name> entries = new ArrayList<>();
        for (Ast.Expr e : d.args()) {
            if (e instanceof Ast.Name n) {
                entries.add(n);
            }
        }
        for (int i = 0; i < entries.size(); i++) {
            Ast.Name e = entries.get(i);
            String text = e.token().text();
            Span before = i == 0 ? null : entries.get(i - 1).span();
            if (i == 0 && firstLine && !Targets.looksLikeArchitecture(text)) {
                notAnArchitecture(e, text);
                return; // ptxas stops here ("Target architecture not defined")
            }
            if (Targets.looksLikeArchitecture(text)) {
                architecture(e, text);
            } else if (Targets.optionMinVersion(text) != null) {
                option(e, text, before);
            } else {
                unknownOption(e, text);
            }
        }
    }

    private void architecture(Ast.Name e, String text) {
        Target t = Targets.ptxasReading(text);
        if (t == null) {
            unknownTarget(e, text);
            return;
        }
        effectiveTarget = t;
        requireVersion(Targets.minVersion(t), e.span(), "`.target " + text + "`");
        if (!text.equals(t.name())) {
            out.report(Diagnostic.of(Rules.NONSTANDARD_HEADER, TextRange.of(e.span()), "ptxas reads '" + text
                            + "' as " + t.name() + why(text, t) + "; write '" + t.name() + "'")
                    .withFix(Fix.safe("Write '" + t.name() + "'", TextRange.of(e.span()), t.name())));
        } else if (t.sm() == 82) {
            out.report(Rules.NONSTANDARD_HEADER, e.span(), "sm_82 is not a documented target: ptxas 13.0 knows it,"
                    + " but the PTX ISA manual and nvcc do not; use a documented one such as sm_80 or sm_86");
        } else if (t.sm() == 101 && versionUsable && declaredVersion.atLeast(PtxVersion.of(9, 0))) {
            String renamed = "sm_110" + t.suffix();
            out.report(Diagnostic.of(Rules.NONSTANDARD_HEADER, TextRange.of(e.span()), text
                            + " was renamed " + renamed + " in PTX ISA 9.0 (ptxas 13.0 still accepts the old name);"
                            + " write '" + renamed + "'")
                    .withFix(Fix.safe("Write '" + renamed + "'", TextRange.of(e.span()), renamed)));
        }
    }

    private static String why(String text, Target t) {
        if (text.startsWith("compute_")) {
            return " (a virtual architecture name is taken for the sm_ one)";
        }
        String rest = text.substring(3).replaceFirst("^[0-9]+", "");
        if (rest.isEmpty()) {
            return " (leading zeros are ignored)";
        }
        return t.suffix().isEmpty()
                ? " (it ignores the trailing '" + rest + "')"
                : " (it goes by the last character alone)";
    }

    /** Compiled on the first unknown target only (a holder class): start-up, docs/performance.md. */
    private static final class ArchLike {
        static final Pattern PATTERN = Pattern.compile("(?:sm|compute|lto)?[_-]?0*([0-9]{1,4})([a-z_]*)");
    }

    /** A documented target that the unknown name probably meant, or null. */
    static String suggestTarget(String text) {
        Matcher m = ArchLike.PATTERN.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return null;
        }
        int n = Integer.parseInt(m.group(1));
        String tail = m.group(2);
        String suffix = tail.endsWith("a") ? "a" : tail.endsWith("f") ? "f" : "";
        if (n > 0 && n < 10 && documented(Target.of(n * 10, suffix))) {
            return Target.of(n * 10, suffix).name(); // sm_9 -> sm_90
        }
        if (documented(Target.of(n, suffix))) {
            return Target.of(n, suffix).name();
        }
        if (!suffix.isEmpty()) {
            String other = suffix.equals("a") ? "f" : "a";
            if (documented(Target.of(n, other))) {
                return Target.of(n, other).name();
            }
            if (documented(Target.of(n, ""))) {
                return Target.of(n, "").name();
            }
        }
        Target best = null;
        for (Target t : Targets.all()) {
            if (documented(t) && t.suffix().equals(suffix)
                    && (best == null || Math.abs(t.sm() - n) < Math.abs(best.sm() - n))) {
                best = t;
            }
        }
        return best == null ? null : best.name();
    }

    /** Known targets we suggest: not the undocumented sm_82 and not the renamed sm_101 ones. */
    private static boolean documented(Target t) {
        return Targets.isKnown(t) && t.sm() != 82 && t.sm() != 101;
    }

    private void unknownTarget(Ast.Name e, String text) {
        String guess = suggestTarget(text);
        String msg = "unknown target architecture '" + text + "'";
        Matcher m = ArchLike.PATTERN.matcher(text);
        if (m.matches() && (m.group(2).equals("a") || m.group(2).equals("f"))
                && Targets.isKnown(Target.of(Integer.parseInt(m.group(1)), ""))) {
            msg = "'" + text + "' is not a target: sm_" + Integer.parseInt(m.group(1)) + " has no '" + m.group(2)
                    + "' variant";
        }
        report(Rules.UNKNOWN_TARGET, e, msg, " (ptxas 13.0: Unsupported .target)", guess);
    }

    private void notAnArchitecture(Ast.Name e, String text) {
        if (Targets.optionMinVersion(text) != null) {
            out.report(Rules.UNKNOWN_TARGET, e.span(), ".target must name the architecture first; '" + text
                    + "' is an option: write e.g. '.target sm_90, " + text + "'"
                    + " (ptxas: Target architecture not defined)");
            return;
        }
        report(Rules.UNKNOWN_TARGET, e, "'" + text + "' is not a target architecture, and .target must start with"
                + " one", " (ptxas: Target architecture not defined)", suggestTarget(text));
    }

    /** Reports {@code what}, then "did you mean" with a fix when there is a guess, then {@code tail}. */
    private void report(Rule rule, Ast.Name e, String what, String tail, String guess) {
        Diagnostic diag = Diagnostic.of(rule, TextRange.of(e.span()),
                what + (guess == null ? "" : "; did you mean '" + guess + "'?") + tail);
        if (guess != null) {
            diag = diag.withFix(Fix.unsafe("Change to '" + guess + "'", TextRange.of(e.span()), guess));
        }
        out.report(diag);
    }

    private void unknownOption(Ast.Name e, String text) {
        String guess = null;
        String lower = text.toLowerCase(Locale.ROOT);
        for (String o : Targets.options()) {
            if (o.equals(lower) || (lower.length() >= 4 && o.startsWith(lower))) {
                guess = o;
            }
        }
        if (guess == null) {
            List<String> near = Opcodes.Suggest.closest(lower, Targets.options(), 1);
            guess = near.isEmpty() ? null : near.get(0);
        }
        report(Rules.UNKNOWN_TARGET_OPTION, e, "unknown .target option '" + text + "'", " (the options are "
                + String.join(", ", Targets.options()) + "; ptxas 13.0: Unsupported .target)", guess);
    }

    private void option(Ast.Name e, String text, Span before) {
        requireVersion(Targets.optionMinVersion(text), e.span(), "`.target` option '" + text + "'");
        switch (text) {
            case "texmode_unified", "texmode_independent" -> {
                if (texmode == null) {
                    texmode = e;
                } else if (!texmode.token().text().equals(text)) {
                    out.report(Diagnostic.of(Rules.INVALID_TARGET_OPTION, TextRange.of(e.span()),
                                    "conflicting .target options: '" + text + "' after '" + texmode.token().text()
                                            + "'; a module has one texturing mode, keep one of them")
                            .withRelated(new Diagnostic.Related(TextRange.of(texmode.span()),
                                    "texturing mode first set here")));
                }
            }
            case "map_f64_to_f32" -> {
                if (effectiveTarget != null && effectiveTarget.satisfies(Targets.MAP_F64_TO_F32_BELOW)) {
                    Diagnostic diag = Diagnostic.of(Rules.INVALID_TARGET_OPTION, TextRange.of(e.span()),
                            "map_f64_to_f32 is only for targets below sm_13 (which lack double precision), and the"
                                    + " target here is " + effectiveTarget.name() + ": remove it");
                    out.report(withRemoval(diag, before, e, "map_f64_to_f32"));
                }
            }
            case "debug" -> {
                if (debugOption == null) {
                    debugOption = e;
                    beforeDebug = before;
                }
            }
            default -> {
            }
        }
    }

    /** Adds a fix deleting {@code ", NAME"} (the entry and the comma before it), when there is an entry before. */
    private static Diagnostic withRemoval(Diagnostic diag, Span before, Ast.Name e, String what) {
        if (before == null) {
            return diag;
        }
        Span s = e.span();
        Span gone = new Span(before.end(), s.end(), before.endLine(), before.endColumn(), s.endLine(), s.endColumn());
        return diag.withFix(Fix.unsafe("Remove '" + what + "'", TextRange.of(gone), ""));
    }

    // ------------------------------------------------------------------ helpers

    private static Span firstLine(Span s) {
        if (s.endLine() == s.line()) {
            return s;
        }
        return new Span(s.start(), s.start() + 1, s.line(), s.column(), s.line(), s.column() + 1);
    }

    private void duplicate(Directive d, Directive first) {
        out.report(Diagnostic.of(Rules.DUPLICATE_HEADER, TextRange.of(d.name().span()),
                        d.name().text() + " appears more than once; keep only the first")
                .withRelated(new Diagnostic.Related(TextRange.of(first.span()), "first " + first.name().text()
                        + " is here")));
    }

    /**
     * The lowest offset before the end of the module at which {@link #finish} may still report:
     * the .version when no .target followed it (and none is configured), the .target option
     * 'debug' while the module has no .section; else {@code Long.MAX_VALUE}.
     */
    long lowestLate() {
        long at = Long.MAX_VALUE;
        if (state == State.AFTER_VERSION && version != null && defaultTarget == null) {
            at = version.span().start();
        }
        if (debugOption != null && !sawSection) {
            at = Math.min(at, debugOption.span().start());
        }
        return at;
    }

    void finish(Span end) {
        if (state == State.START && defaultVersion != null) {
            useDefaultVersion();
        }
        if (state == State.AFTER_VERSION && defaultTarget != null) {
            effectiveTarget = defaultTarget;
            state = State.BODY;
        }
        if (state == State.AFTER_VERSION && version == null) {
            out.report(Rules.MISSING_TARGET, end, "the module has no .target directive and no default target is"
                    + " configured: add e.g. '.target sm_90' at the top, or set default-target in the configuration");
            state = State.BODY;
        }
        switch (state) {
            case START -> out.report(Diagnostic.of(Rules.MISSING_VERSION, TextRange.of(end),
                    "empty module: a PTX module must begin with a .version directive, e.g. '.version 9.0'"));
            case AFTER_VERSION -> out.report(Rules.MISSING_TARGET, version.span(),
                    "the module has no .target directive: add e.g. '.target sm_90' after .version");
            default -> {
            }
        }
        if (debugOption != null && !sawSection) {
            Diagnostic diag = Diagnostic.of(Rules.INVALID_TARGET_OPTION, TextRange.of(debugOption.span()),
                    ".target option 'debug' needs debug information, and the module has no .section (ptxas: Debug"
                            + " information not found in presence of .target debug); remove 'debug', or emit the"
                            + " DWARF sections with it (nvcc -G)");
            out.report(withRemoval(diag, beforeDebug, debugOption, "debug"));
        }
    }
}
