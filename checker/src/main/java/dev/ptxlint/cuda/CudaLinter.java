package dev.ptxlint.cuda;

import dev.ptxlint.checker.LintSettings;
import dev.ptxlint.checker.Linter;
import dev.ptxlint.checker.Suppressions;
import dev.ptxlint.diag.Diagnostic;
import dev.ptxlint.diag.Fix;
import dev.ptxlint.diag.LineIndex;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.diag.Severity;
import dev.ptxlint.diag.TextRange;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Target;
import dev.ptxlint.syntax.Span;
import dev.ptxlint.syntax.Token;
import dev.ptxlint.syntax.TokenKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lints the inline PTX of a CUDA C++ source: every {@code asm} statement that {@link CppScanner}
 * can read becomes a small PTX module (a {@code .version}/{@code .target} header, one entry
 * function declaring a register for each operand, the template with {@code %0, %1, ...} and
 * {@code %%} replaced as nvcc replaces them), which the {@link Linter} checks. Each diagnostic is
 * mapped back to the characters of the string literals it came from; diagnostics on the lines
 * ptxlint added are never reported as such (an error there, for example a missing {@code '}'},
 * is reported on the whole template).
 *
 * <p>Operand registers get the type nvcc gives each constraint (measured with nvcc 13.0
 * {@code -ptx}): {@code h} .b16, {@code r} .b32, {@code l} .b64, {@code q} .b128, {@code f}
 * .f32 and {@code d} .f64 below sm_100 but .b32 and .b64 from sm_100 on;
 * {@code n} is replaced by its value (an integer literal; otherwise a
 * placeholder, and findings on it are dropped), {@code C} by its string. nvcc replaces nothing in a
 * statement without operands.
 *
 * <p>When neither the settings nor a configuration name a target, a statement whose instructions
 * need a newer or architecture-specific target (PTX0216) is checked again for the
 * architecture-specific targets ({@link #FALLBACK_TARGETS}): CUDA code guards such asm with
 * {@code __CUDA_ARCH__} tests that the scanner does not evaluate.
 */
public final class CudaLinter {

    /** The version and target when the settings name none. */
    public static final PtxVersion DEFAULT_VERSION = PtxVersion.of(9, 0);
    public static final Target DEFAULT_TARGET = Target.parse("sm_90");
    static final List<Target> FALLBACK_TARGETS = List.of(Target.parse("sm_90a"), Target.parse("sm_100a"),
            Target.parse("sm_103a"), Target.parse("sm_110a"), Target.parse("sm_120a"), Target.parse("sm_121a"));

    /** Targets for code under {@code #if __CUDA_ARCH__ < N}, newest first. */
    static final List<Target> OLDER_TARGETS = List.of(Target.parse("sm_89"), Target.parse("sm_87"),
            Target.parse("sm_86"), Target.parse("sm_80"), Target.parse("sm_75"), Target.parse("sm_72"),
            Target.parse("sm_70"), Target.parse("sm_62"), Target.parse("sm_61"), Target.parse("sm_60"),
            Target.parse("sm_53"), Target.parse("sm_52"), Target.parse("sm_50"), Target.parse("sm_37"),
            Target.parse("sm_35"), Target.parse("sm_32"), Target.parse("sm_30"), Target.parse("sm_20"));

    /** The name of operand N's register in the synthetic module. */
    static final String OPERAND_PREFIX = "%ptxlint_op";
    private static final Pattern OPERAND_NAME = Pattern.compile("%ptxlint_op(\\d+)");

    /** A statement that was not linted, and why. Lines and columns are 0-based. */
    public record Skipped(int line, int column, String reason) {
    }

    /**
     * What linting a source gave: its diagnostics (sorted by position), the statements found and
     * the ones skipped.
     */
    public record Result(List<Diagnostic> diagnostics, int statements, List<Skipped> skipped) {
    }

    private final LintSettings settings;
    private final boolean targetFixed;
    /** The settings of the synthetic modules: version and target, no rule levels (applied at the end). */
    private final LintSettings effective;

    public CudaLinter(LintSettings settings) {
        this.settings = settings;
        LintSettings e = settings.withoutRuleSettings();
        if (settings.cudaArch() != null) {
            // nvcc -arch=X writes .target X and .version 9.0 (nvcc 13) whatever else is configured
            e = e.withDefaultVersion(LintSettings.NVCC_PTX_VERSION).withDefaultTarget(settings.cudaArch());
        }
        this.targetFixed = e.defaultTarget() != null;
        if (e.defaultVersion() == null) {
            e = e.withDefaultVersion(DEFAULT_VERSION);
        }
        if (e.defaultTarget() == null) {
            e = e.withDefaultTarget(DEFAULT_TARGET);
        }
        this.effective = e;
    }

    /** The PTX ISA version and target that inline asm is checked for (the header of each statement's module). */
    public PtxVersion version() {
        return effective.defaultVersion();
    }

    public Target target() {
        return effective.defaultTarget();
    }

    /** Lints every asm statement of {@code source}, honouring the suppression comments of the C++ around them. */
    public Result lint(String source) {
        CppScanner.Scanned sc = CppScanner.scanWithComments(source);
        return lint(source, sc.statements(), sc.comments());
    }

    /** Lints the given statements of {@code source} (as {@link CppScanner#scan} found them). */
    public Result lint(String source, List<AsmStatement> statements) {
        return lint(source, statements, List.of());
    }

    /**
     * Lints the given statements of {@code source}; {@code comments} are the C++ comments of the
     * source, whose {@code ptxlint-disable...} directives apply as in a .ptx file
     * (docs/suppressions.md), a line directive for the first line of an asm statement covering
     * the whole statement.
     */
    public Result lint(String source, List<AsmStatement> statements, List<CppScanner.Comment> comments) {
        LineIndex lines = new LineIndex(source);
        List<Diagnostic> found = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        for (AsmStatement st : statements) {
            String reason = st.skipReason();
            if (reason == null) {
                reason = lintStatement(st, lines, found);
            }
            if (reason != null) {
                skipped.add(new Skipped(lines.line(st.start()), lines.column(st.start()), reason));
            }
        }
        List<Diagnostic> out = new ArrayList<>();
        Suppressions sup = new Suppressions(settings, out::add);
        for (CppScanner.Comment c : comments) {
            if (isDirective(source, c)) {
                int l0 = lines.line(c.start());
                int l1 = lines.line(c.end());
                Span span = new Span(c.start(), c.end(), l0, c.start() - lines.lineStart(l0), l1,
                        c.end() - lines.lineStart(l1));
                sup.comment(new Token(TokenKind.COMMENT, source.substring(c.start(), c.end()), span, true));
            }
        }
        for (AsmStatement st : statements) {
            sup.statementLines(lines.line(st.start()), lines.line(Math.max(st.start(), st.end() - 1)));
        }
        for (Diagnostic d : found) {
            sup.report(d);
        }
        sup.finish();
        out.sort(Linter.ORDER);
        return new Result(out, statements.size(), skipped);
    }

    /** Whether a comment starts with a {@code ptxlint-} word (the only ones that can be directives). */
    private static boolean isDirective(String source, CppScanner.Comment c) {
        int k = c.start() + 2;
        while (k < c.end() && Character.isWhitespace(source.charAt(k))) {
            k++;
        }
        return source.startsWith("ptxlint-", k);
    }

    /** The diagnostics of one statement, in source coordinates; null when it is not linted. */
    public List<Diagnostic> lintStatement(String source, AsmStatement st) {
        List<Diagnostic> found = new ArrayList<>();
        if (st.skipReason() != null || lintStatement(st, new LineIndex(source), found) != null) {
            return null;
        }
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : found) {
            Diagnostic a = settings.apply(d);
            if (a != null) {
                out.add(a);
            }
        }
        out.sort(Linter.ORDER);
        return out;
    }

    /** Lints one readable statement into {@code out}; returns a reason to skip it, or null. */
    private String lintStatement(AsmStatement st, LineIndex lines, List<Diagnostic> out) {
        List<AsmStatement.Operand> ops = st.operands();
        for (AsmStatement.Operand op : ops) {
            char l = op.letter();
            if ("rhlqfdnC".indexOf(l) < 0 || l == 0) {
                return "constraint \"" + op.constraint() + "\" is not one nvcc accepts in device code (host asm?)";
            }
        }
        if (!ops.isEmpty()) {
            addresses(st, lines, out);
        }
        Module m = new Module(st, lines, out);
        if (m.skip != null) {
            return m.skip;
        }
        for (AsmStatement.Clobber cl : st.clobbers()) {
            if (cl.text().equals("cc")) {
                report(out, lines, Rules.ASM_CC_CLOBBER, cl.start(), cl.end(),
                        "nvcc rejects the \"cc\" clobber in device code (\"The cc clobber constraint is not supported"
                                + " in device code\"); remove it (\"memory\" is the clobber nvcc accepts)");
            }
        }
        if (m.fatal) {
            return null;
        }
        Target target = effective.defaultTarget();
        if (!targetFixed && st.archBelow() > 0) {
            // under '#if __CUDA_ARCH__ < N': the newest target below N
            for (Target t : OLDER_TARGETS) {
                if (t.sm() * 10 < st.archBelow()) {
                    if (t.sm() < target.sm()) {
                        target = t;
                    }
                    break;
                }
            }
        }
        List<Diagnostic> found = lintModule(m, target);
        if (!targetFixed && has(found, Rules.REQUIRES_NEWER)) {
            for (Target t : FALLBACK_TARGETS) {
                List<Diagnostic> again = lintModule(m, t);
                if (!has(again, Rules.REQUIRES_NEWER)) {
                    found = again;
                    break;
                }
            }
        }
        for (Diagnostic d : found) {
            Diagnostic mapped = m.map(d);
            if (mapped != null && !(mapped.rule() == Rules.ADDRESS_32_BIT && saidAt(out, Rules.ASM_32_BIT_ADDRESS, mapped))) {
                out.add(mapped);
            }
        }
        return null;
    }

    /** Whether {@code ds} holds a finding of {@code rule} at the range of {@code d} (PTX0504 over PTX0273). */
    private static boolean saidAt(List<Diagnostic> ds, Rule rule, Diagnostic d) {
        for (Diagnostic x : ds) {
            if (x.rule() == rule && x.range().equals(d.range())) {
                return true;
            }
        }
        return false;
    }

    /**
     * An instruction of the template that accesses memory through an address ({@code ld st atom
     * red prefetch prefetchu mbarrier multimem}), its modifiers, and its operands up to the end of
     * the statement.
     */
    private static final Pattern MEMORY_ACCESS = Pattern.compile("(?:^|[;{}])\\s*(?:[A-Za-z_$][\\w$]*:\\s*)?"
            + "(?:@!?%*[\\w$]+\\s+)?((?:ld|st|atom|red|prefetchu?|mbarrier|multimem)(?![\\w$])(?:\\.[\\w:]+)*)"
            + "([^;{}]*)");
    /** An address that is one operand, possibly with an offset: {@code [%1]}, {@code [%1+16]}. */
    private static final Pattern OPERAND_ADDRESS = Pattern.compile("\\[\\s*(?<!%)%(\\d+)\\s*(?:[-+][^\\]]*)?\\]");

    /**
     * PTX0504: a 32-bit operand ({@code "r"}) as the address of a global or generic access. nvcc
     * writes 64-bit modules, and ptxas 13.0 stops on a 32-bit address there ("32-Bit ABI ... is not
     * supported on sm_90 or higher architectures", "32-Bit compilation is no longer supported"
     * below; measured on ld, st, atom, red, prefetch, mbarrier and multimem, generic and .global).
     * Shared, local, const and param addresses are 32-bit offsets and fine, as are st.async and
     * red.async (shared::cluster) and cp.async's sources, which ptxas accepts.
     */
    private void addresses(AsmStatement st, LineIndex lines, List<Diagnostic> out) {
        Decoded t = st.template();
        String text = t.text();
        if (text.indexOf('[') < 0) {
            return;
        }
        Matcher m = MEMORY_ACCESS.matcher(text);
        while (m.find()) {
            String opcode = m.group(1);
            if (opcode.contains(".shared") || opcode.contains(".local") || opcode.contains(".const")
                    || opcode.contains(".param") || opcode.contains(".async") || opcode.contains(".tensormap")) {
                continue;
            }
            Matcher a = OPERAND_ADDRESS.matcher(text).region(m.start(2), m.end(2));
            while (a.find()) {
                int num;
                try {
                    num = Integer.parseInt(a.group(1));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (num >= st.operands().size() || st.operands().get(num).letter() != 'r') {
                    continue;
                }
                AsmStatement.Operand op = st.operands().get(num);
                int from = a.start(1) - 1;
                int to = a.end(1) - 1;
                report(out, lines, Rules.ASM_32_BIT_ADDRESS, t.start(from), t.end(to), "'%" + num + "' is a 32-bit"
                        + " operand (constraint \"" + op.constraint() + "\") used as the address of '" + opcode
                        + "', a " + (opcode.contains(".global") ? "global" : "generic") + " address; nvcc writes"
                        + " 64-bit modules and ptxas stops on a 32-bit address there (\"32-Bit ABI ... is not"
                        + " supported\"); pass a 64-bit address with \"l\" (a pointer as unsigned long long), or"
                        + " use a .shared address for a 32-bit shared-memory offset");
            }
        }
    }

    private static boolean has(List<Diagnostic> ds, Rule rule) {
        for (Diagnostic d : ds) {
            if (d.rule() == rule) {
                return true;
            }
        }
        return false;
    }

    private List<Diagnostic> lintModule(Module m, Target target) {
        String header = ".version " + effective.defaultVersion() + "\n.target " + target + "\n.address_size 64\n";
        m.headerLength = header.length();
        return new Linter(effective).lint(header + m.restFor(target));
    }

    /** A diagnostic of the C++ reading (PTX0500-PTX0503); rule levels and comments apply later. */
    private void report(List<Diagnostic> out, LineIndex lines, Rule rule, int from, int to, String message) {
        out.add(Diagnostic.of(rule, lines.range(from, to), message));
    }

    /** The synthetic module of one statement and the map from its body back to the source. */
    private final class Module {
        final AsmStatement st;
        final LineIndex lines;
        /** Everything after the header: the entry, its declarations, the body and the end. */
        String rest;
        int headerLength;
        /** Where the template's text begins and ends in {@link #rest}. */
        int bodyStart;
        int bodyEnd;
        int[] mapStart = new int[64];
        int[] mapEnd = new int[64];
        int mapped;
        /** Body characters whose findings are dropped (placeholders, text reported otherwise). */
        final BitSet opaque = new BitSet();
        /** Where the whole template is, for errors on the added lines. */
        final int templateStart;
        final int templateEnd;
        String skip;
        boolean fatal;
        /** Where the 'f' of each .f32/.f64 operand declaration is in {@link #rest}. */
        int[] floatTypes = new int[0];

        /**
         * {@link #rest} as nvcc writes it for {@code target}: nvcc 13.0 declares "f" and "d" operands
         * .f32 and .f64 below sm_100 and .b32 and .b64 from sm_100 on (measured with nvcc -ptx
         * -arch=compute_80, 90, 90a, 100, 100a, 120); same length, so no offset moves.
         */
        String restFor(Target target) {
            if (floatTypes.length == 0 || target.sm() < 100) {
                return rest;
            }
            char[] cs = rest.toCharArray();
            for (int at : floatTypes) {
                cs[at] = 'b';
            }
            return new String(cs);
        }

        Module(AsmStatement st, LineIndex lines, List<Diagnostic> out) {
            this.st = st;
            this.lines = lines;
            Decoded t = st.template();
            templateStart = t.length() > 0 ? t.start(0) : st.keywordEnd();
            templateEnd = t.length() > 0 ? t.end(t.length() - 1) : st.keywordEnd();
            StringBuilder sb = new StringBuilder(".visible .entry __ptxlint_asm()\n{\n");
            List<AsmStatement.Operand> ops = st.operands();
            for (int k = 0; k < ops.size(); k++) {
                String type = switch (ops.get(k).letter()) {
                    case 'h' -> ".b16";
                    case 'r' -> ".b32";
                    case 'l' -> ".b64";
                    case 'q' -> ".b128";
                    case 'f' -> ".f32";
                    case 'd' -> ".f64";
                    default -> null;
                };
                if (type != null) {
                    sb.append(".reg ");
                    if (type.charAt(1) == 'f') {
                        floatTypes = Arrays.copyOf(floatTypes, floatTypes.length + 1);
                        floatTypes[floatTypes.length - 1] = sb.length() + 1;
                    }
                    sb.append(type).append(' ').append(OPERAND_PREFIX).append(k).append(";\n");
                }
            }
            bodyStart = sb.length();
            boolean substitute = !ops.isEmpty();
            int len = t.length();
            int lineStartK = 0;
            boolean inLineComment = false;
            boolean inBlockComment = false;
            for (int k = 0; k < len; k++) {
                char ch = t.charAt(k);
                // PTX comments, so that '%%' in one is not reported
                if (inLineComment) {
                    if (ch == '\n') {
                        inLineComment = false;
                    }
                } else if (inBlockComment) {
                    if (ch == '*' && k + 1 < len && t.charAt(k + 1) == '/') {
                        inBlockComment = false;
                    }
                } else if (ch == '/' && k + 1 < len && t.charAt(k + 1) == '/') {
                    inLineComment = true;
                } else if (ch == '/' && k + 1 < len && t.charAt(k + 1) == '*') {
                    inBlockComment = true;
                }
                if (ch != '%') {
                    add(sb, ch, t.start(k), t.end(k));
                    continue;
                }
                if (!substitute) {
                    if (k + 1 < len && t.charAt(k + 1) == '%' && !inLineComment && !inBlockComment) {
                        report(out, lines, Rules.ASM_PERCENT_WITHOUT_OPERANDS, t.start(k), t.end(k + 1),
                                "'%%' stays '%%' in an asm statement without operands (nvcc replaces '%%' only"
                                        + " when there are operands); write a single '%'");
                        add(sb, '%', t.start(k), t.end(k + 1)); // checked as the '%' that was meant
                        k++;
                    } else {
                        add(sb, ch, t.start(k), t.end(k));
                    }
                    continue;
                }
                char next = k + 1 < len ? t.charAt(k + 1) : '\0';
                if (k + 1 >= len) {
                    report(out, lines, Rules.ASM_OPERAND_MODIFIER, t.start(k), t.end(k),
                            "'%' at the end of the template: nvcc rejects it (\"%% at end of asm string is invalid\");"
                                    + " write '%%' for a literal '%'");
                    fatal = true;
                } else if (next == '%') {
                    add(sb, '%', t.start(k), t.end(k + 1));
                    k++;
                } else if (next == '=') {
                    add(sb, '0', t.start(k), t.end(k + 1));
                    k++;
                } else if (next >= '0' && next <= '9') {
                    int j = k + 1;
                    long num = 0;
                    while (j < len && t.charAt(j) >= '0' && t.charAt(j) <= '9') {
                        num = Math.min(Integer.MAX_VALUE, num * 10 + (t.charAt(j) - '0'));
                        j++;
                    }
                    int from = t.start(k);
                    int to = t.end(j - 1);
                    if (num >= ops.size()) {
                        String have = ops.size() == 1 ? "one operand (%0)"
                                : ops.size() + " operands (%0 to %" + (ops.size() - 1) + ")";
                        report(out, lines, Rules.ASM_OPERAND_OUT_OF_RANGE, from, to,
                                "'%" + num + "' refers to operand " + num + ", but the statement has " + have
                                        + "; nvcc rejects it (\"asm operand index requested is larger than the"
                                        + " number of asm operands provided\")");
                        fatal = true;
                    } else {
                        operand(sb, (int) num, from, to);
                        if (skip != null) {
                            return;
                        }
                    }
                    k = j - 1;
                } else if (next == ' ' || next == '\t' || next == '\n') {
                    k++; // nvcc drops '%' and the blank after it
                } else if (next == '[' || (isAsciiLetter(next) && k + 2 < len
                        && (Character.isDigit(t.charAt(k + 2)) || t.charAt(k + 2) == '['))) {
                    // nvcc reads %[name] as a named operand and a letter before a digit as a
                    // modifier (%c0); a letter followed by anything else passes through (%laneid).
                    int j = next == '[' ? k + 1 : k + 2;
                    String what;
                    if (t.charAt(j) == '[') {
                        while (j < len && t.charAt(j) != ']') {
                            j++;
                        }
                        j = Math.min(j, len - 1);
                        what = "a named operand reference, which nvcc does not support (\"symbolic operand reference"
                                + " not supported\"); refer to operands by number (%0, %1, ...)";
                    } else {
                        while (j + 1 < len && Character.isDigit(t.charAt(j + 1))) {
                            j++;
                        }
                        String word = t.text().substring(k + 1, j + 1);
                        what = "read by nvcc as the operand modifier '" + next + "' (\"Asm operand modifier not"
                                + " supported\"); in a statement with operands write '%%" + word + "' for the PTX"
                                + " name '%" + word + "'";
                    }
                    report(out, lines, Rules.ASM_OPERAND_MODIFIER, t.start(k), t.end(j),
                            "'" + t.text().substring(k, j + 1) + "' is " + what);
                    fatal = true;
                    k = j;
                } else {
                    add(sb, ch, t.start(k), t.end(k));
                }
            }
            bodyEnd = sb.length();
            sb.append("\n}\n");
            rest = sb.toString();
        }

        private void operand(StringBuilder sb, int num, int from, int to) {
            AsmStatement.Operand op = st.operands().get(num);
            switch (op.letter()) {
                case 'n' -> {
                    String value = CppLiterals.integer(op.expression());
                    if (value == null) {
                        int s = sb.length();
                        for (char x : "1".toCharArray()) {
                            add(sb, x, from, to);
                        }
                        opaque.set(s, sb.length());
                    } else {
                        for (int q = 0; q < value.length(); q++) {
                            add(sb, value.charAt(q), from, to);
                        }
                    }
                }
                case 'C' -> {
                    Decoded lit = op.literal();
                    if (lit == null) {
                        skip = "the template takes text from a \"C\" operand (%" + num + ") that is not a string literal";
                        return;
                    }
                    for (int q = 0; q < lit.length(); q++) {
                        add(sb, lit.charAt(q), lit.start(q), lit.end(q));
                    }
                }
                default -> {
                    String name = OPERAND_PREFIX + num;
                    for (int q = 0; q < name.length(); q++) {
                        add(sb, name.charAt(q), from, to);
                    }
                }
            }
        }

        private void add(StringBuilder sb, char ch, int from, int to) {
            sb.append(ch);
            if (mapped == mapStart.length) {
                mapStart = Arrays.copyOf(mapStart, mapped * 2);
                mapEnd = Arrays.copyOf(mapEnd, mapped * 2);
            }
            mapStart[mapped] = from;
            mapEnd[mapped] = to;
            mapped++;
        }

        /** The source range of synthetic range [s, e) of the whole module, or null when it is not in the body. */
        private int[] sourceRange(long s, long e) {
            int b0 = (int) s - headerLength - bodyStart;
            int b1 = (int) e - headerLength - bodyStart;
            int len = bodyEnd - bodyStart;
            if (b0 < 0 || b0 > len || len == 0) {
                return null;
            }
            if (b1 <= b0) {
                int at = b0 < len ? mapStart[b0] : mapEnd[len - 1];
                return new int[] {at, at};
            }
            if (b0 == len) {
                return null;
            }
            int last = Math.min(b1, len) - 1;
            return new int[] {mapStart[b0], Math.max(mapStart[b0], mapEnd[last])};
        }

        private boolean touchesOpaque(long s, long e) {
            int b0 = (int) s - headerLength;
            int b1 = Math.max(b0 + 1, (int) e - headerLength);
            int next = opaque.nextSetBit(Math.max(0, b0));
            return next >= 0 && next < b1;
        }

        /** {@code d} in source coordinates, or null when it is dropped. */
        Diagnostic map(Diagnostic d) {
            TextRange r = d.range();
            int[] src = sourceRange(r.startOffset(), r.endOffset());
            if (src == null) {
                if (d.severity() != Severity.ERROR) {
                    return null;
                }
                src = new int[] {templateStart, templateEnd};
            } else if (touchesOpaque(r.startOffset(), r.endOffset())) {
                return null;
            }
            List<Fix> fixes = new ArrayList<>();
            for (Fix f : d.fixes()) {
                Fix g = mapFix(f);
                if (g != null) {
                    fixes.add(g);
                }
            }
            List<Diagnostic.Related> related = new ArrayList<>();
            for (Diagnostic.Related rel : d.related()) {
                int[] rs = sourceRange(rel.range().startOffset(), rel.range().endOffset());
                if (rs != null) {
                    related.add(new Diagnostic.Related(lines.range(rs[0], rs[1]), rename(rel.message())));
                }
            }
            return new Diagnostic(d.rule(), d.severity(), lines.range(src[0], src[1]), rename(d.message()), fixes,
                    related);
        }

        /** A fix whose edits fall on plain characters of one literal and insert plain text; else null. */
        private Fix mapFix(Fix f) {
            List<Fix.Edit> edits = new ArrayList<>();
            for (Fix.Edit e : f.edits()) {
                String text = e.newText();
                for (int q = 0; q < text.length(); q++) {
                    char ch = text.charAt(q);
                    if (ch == '"' || ch == '\\' || ch == '%' || ch == '\n' || ch == '\r' || ch < ' ') {
                        return null;
                    }
                }
                long s = e.range().startOffset();
                long en = e.range().endOffset();
                int b0 = (int) s - headerLength - bodyStart;
                int b1 = (int) en - headerLength - bodyStart;
                int len = bodyEnd - bodyStart;
                if (b0 < 0 || b1 > len || b1 < b0 || (b0 == len && len == 0)) {
                    return null;
                }
                for (int q = b0; q < b1; q++) {
                    if (mapEnd[q] - mapStart[q] != 1 || (q > b0 && mapStart[q] != mapEnd[q - 1])) {
                        return null;
                    }
                }
                int[] src = sourceRange(s, en);
                if (src == null) {
                    return null;
                }
                edits.add(new Fix.Edit(lines.range(src[0], src[1]), text));
            }
            return new Fix(rename(f.title()), edits);
        }
    }

    /**
     * The PTX module of the asm statement whose template covers source offset {@code offset} (for
     * an editor's hover and completion inside asm strings), or null when the offset is in no
     * readable statement's string literals. {@code ptxOffset} is the offset's place in {@code ptx}
     * (a cursor just after a template character maps to just after its PTX character).
     */
    public Virtual virtualAt(String source, int offset) {
        for (AsmStatement st : CppScanner.scan(source)) {
            if (st.skipReason() != null || offset < st.start() || offset > st.end()) {
                continue;
            }
            Decoded t = st.template();
            boolean inside = false;
            for (int k = 0; k < t.length() && !inside; k++) {
                inside = t.start(k) <= offset && offset <= t.end(k);
            }
            if (!inside) {
                continue;
            }
            Module m = new Module(st, new LineIndex(source), new ArrayList<>());
            if (m.skip != null) {
                return null;
            }
            String header = ".version " + effective.defaultVersion() + "\n.target " + effective.defaultTarget()
                    + "\n.address_size 64\n";
            m.headerLength = header.length();
            int base = m.headerLength + m.bodyStart;
            int at = -1;
            int len = m.bodyEnd - m.bodyStart;
            for (int b = 0; b < len && at < 0; b++) {
                if (m.mapStart[b] == offset) {
                    at = base + b;
                }
            }
            for (int b = 0; b < len && at < 0; b++) {
                if (m.mapEnd[b] == offset || (m.mapStart[b] < offset && offset < m.mapEnd[b])) {
                    at = base + b + 1;
                }
            }
            if (at < 0) {
                return null;
            }
            return new Virtual(header + m.restFor(effective.defaultTarget()), at, m, source);
        }
        return null;
    }

    /** One statement's PTX module, with the map from its ranges back to the source. */
    public static final class Virtual {
        private final String ptx;
        private final int ptxOffset;
        private final Object module;
        private final LineIndex lines;

        private Virtual(String ptx, int ptxOffset, Object module, String source) {
            this.ptx = ptx;
            this.ptxOffset = ptxOffset;
            this.module = module;
            this.lines = new LineIndex(source);
        }

        public String ptx() {
            return ptx;
        }

        public int ptxOffset() {
            return ptxOffset;
        }

        /** The source range of PTX range [from, to), or null when it is on a line ptxlint added. */
        public TextRange sourceRange(int from, int to) {
            int[] r = ((Module) module).sourceRange(from, to);
            return r == null ? null : lines.range(r[0], r[1]);
        }

        /** A text with the operand registers named as the template names them ({@code %0}). */
        public String rename(String text) {
            return CudaLinter.rename(text);
        }
    }

    private static boolean isAsciiLetter(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    }

    /** A message with the synthetic operand names written as the template writes them ({@code %0}). */
    static String rename(String message) {
        if (message.indexOf("%ptxlint_op") < 0) {
            return message;
        }
        Matcher m = OPERAND_NAME.matcher(message);
        return m.replaceAll("%$1");
    }
}
