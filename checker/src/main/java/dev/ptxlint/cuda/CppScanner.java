package dev.ptxlint.cuda;

import java.util.ArrayList;
import java.util.List;

/**
 * A small C++ scanner that finds the {@code asm} statements of a source file and reads them:
 * comments, string and character literals (escapes, raw strings, prefixes), line continuations,
 * preprocessor lines, and the statement's four sections (template, outputs, inputs, clobbers).
 * It does not preprocess: a statement whose template is not made only of string literals (a
 * macro, a stringized parameter, a {@code #if} inside) is returned with a skip reason.
 *
 * <p>Recognised keywords: {@code asm}, {@code __asm__}, {@code __asm}, followed by any of
 * {@code volatile}, {@code __volatile__}, {@code __volatile}, {@code inline}, {@code goto}, then
 * {@code (}. An {@code asm} after a declarator ({@code int f() __asm__("name");}) is an assembler
 * label, not a statement, and is not returned.
 */
public final class CppScanner {

    /** Logical characters (line continuations removed) and the source offset of each. */
    private final char[] c;
    private final int[] pos;
    private final int n;
    private final int sourceLength;
    private final String source;
    private int i;
    /** Whether only whitespace (and comments) came before {@code i} on its logical line. */
    private boolean atLineStart = true;
    /** Whether {@code i} is inside a {@code #define} (ends at the end of the logical line). */
    private boolean inDefine;
    /** The last significant token before an {@code asm} keyword: 'i' identifier, or the punctuator. */
    private char lastToken = ';';
    private String lastIdentifier = "";
    /** Object-like macros whose body is one string literal (first definition wins). */
    private final java.util.Map<String, Decoded> stringMacros = new java.util.HashMap<>();
    /** Function-like macros of one parameter whose body is {@code "c"(param)}: their constraint. */
    private final java.util.Map<String, Decoded> constraintMacros = new java.util.HashMap<>();
    /** The conditional groups open at {@code i}: each the condition of its current branch. */
    private final java.util.ArrayDeque<Branch> conditions = new java.util.ArrayDeque<>();

    /** A branch of #if/#elif/#else: its condition's text, and whether it is the negation of it. */
    private record Branch(String condition, boolean negated, String earlier) {
    }

    /** Host architectures in a preprocessor condition: the asm under it is for the CPU. */
    private static final java.util.regex.Pattern HOST_ARCH = java.util.regex.Pattern.compile(
            "X86_64|x86_64|__i386__|_M_X64|_M_IX86|_M_AMD64|ARM64|__aarch64__|__arm__|_M_ARM|__powerpc|__PPC|__ppc|"
                    + "__QNX__|__s390");
    /** A 64-bit pointer test: its #else branch is for 32-bit device code, which nvcc no longer makes. */
    private static final java.util.regex.Pattern POINTER_64 = java.util.regex.Pattern.compile(
            "_PTR_64|__LP64__|_WIN64");

    /** The comments passed so far, in source order, and where the last one starts. */
    private final List<Comment> comments = new ArrayList<>();
    private int lastComment = -1;

    /** A C++ comment ({@code //} or block), as source offsets {@code [start, end)}. */
    public record Comment(int start, int end) {
    }

    /** The asm statements of a source and its comments (outside string literals), both in source order. */
    public record Scanned(List<AsmStatement> statements, List<Comment> comments) {
    }

    private CppScanner(String source) {
        int len = source.length();
        char[] cs = new char[len];
        int[] ps = new int[len + 1];
        int k = 0;
        for (int p = 0; p < len; p++) {
            char ch = source.charAt(p);
            if (ch == '\\') {
                int q = p + 1;
                while (q < len && (source.charAt(q) == ' ' || source.charAt(q) == '\t')) {
                    q++;
                }
                if (q < len && source.charAt(q) == '\n') {
                    p = q;
                    continue;
                }
                if (q + 1 < len && source.charAt(q) == '\r' && source.charAt(q + 1) == '\n') {
                    p = q + 1;
                    continue;
                }
            }
            cs[k] = ch;
            ps[k] = p;
            k++;
        }
        ps[k] = len;
        this.c = cs;
        this.pos = ps;
        this.n = k;
        this.sourceLength = len;
        this.source = source;
    }

    /** Every {@code asm} statement of {@code source}, in source order. */
    public static List<AsmStatement> scan(String source) {
        return new CppScanner(source).run();
    }

    /** Every {@code asm} statement and every comment of {@code source}, in source order. */
    public static Scanned scanWithComments(String source) {
        CppScanner sc = new CppScanner(source);
        List<AsmStatement> statements = sc.run();
        return new Scanned(statements, List.copyOf(sc.comments));
    }

    private char at(int k) {
        return k < n ? c[k] : '\0';
    }

    /** Source offset of logical character {@code k} (the end of the source for {@code k >= n}). */
    private int src(int k) {
        return k < n ? pos[k] : sourceLength;
    }

    /** Source offset just after logical character {@code k - 1}: the end of a range ending before {@code k}. */
    private int srcEnd(int k) {
        return k <= 0 ? 0 : pos[k - 1] + 1;
    }

    private static boolean identStart(char ch) {
        return Character.isLetter(ch) || ch == '_' || ch == '$';
    }

    private static boolean identPart(char ch) {
        return Character.isLetterOrDigit(ch) || ch == '_' || ch == '$';
    }

    private List<AsmStatement> run() {
        List<AsmStatement> out = new ArrayList<>();
        while (i < n) {
            char ch = c[i];
            if (ch == '\n') {
                atLineStart = true;
                if (inDefine) {
                    inDefine = false;
                    lastToken = ';';
                }
                i++;
                continue;
            }
            if (skipBlankOrComment(ch)) {
                continue;
            }
            if (ch == '#' && atLineStart) {
                i++;
                skipSpaces();
                int s = i;
                while (i < n && identPart(c[i])) {
                    i++;
                }
                String directive = new String(c, s, i - s);
                atLineStart = false;
                if (directive.equals("define")) {
                    inDefine = true;
                    skipSpaces();
                    // the macro's name and parameters
                    int nameStart = i;
                    while (i < n && identPart(c[i])) {
                        i++;
                    }
                    String name = new String(c, nameStart, i - nameStart);
                    String param = null;
                    if (at(i) == '(') {
                        int ps = i + 1;
                        while (i < n && c[i] != ')' && c[i] != '\n') {
                            i++;
                        }
                        param = new String(c, ps, Math.max(0, i - ps)).trim();
                        if (at(i) == ')') {
                            i++;
                        }
                    }
                    defineBody(name, param);
                    lastToken = ';';
                } else {
                    int from = i;
                    skipToEndOfLine();
                    conditional(directive, new String(c, from, i - from).trim());
                }
                continue;
            }
            atLineStart = false;
            if (ch == '"') {
                skipString(i);
                lastToken = '"';
                continue;
            }
            if (ch == '\'') {
                skipCharLiteral();
                lastToken = '\'';
                continue;
            }
            if (Character.isDigit(ch) || (ch == '.' && Character.isDigit(at(i + 1)))) {
                skipNumber();
                lastToken = '0';
                continue;
            }
            if (identStart(ch)) {
                int s = i;
                while (i < n && identPart(c[i])) {
                    i++;
                }
                String word = new String(c, s, i - s);
                if (at(i) == '"' && isStringPrefix(word)) {
                    skipString(s);
                    lastToken = '"';
                    continue;
                }
                if (at(i) == '\'' && isCharPrefix(word)) {
                    skipCharLiteral();
                    lastToken = '\'';
                    continue;
                }
                if ((word.equals("asm") || word.equals("__asm__") || word.equals("__asm")) && !afterDeclarator()) {
                    AsmStatement st = readAsm(s);
                    if (st != null) {
                        out.add(st);
                        lastToken = ')';
                        continue;
                    }
                }
                lastToken = 'i';
                lastIdentifier = word;
                continue;
            }
            lastToken = ch;
            i++;
        }
        return out;
    }

    /**
     * Records a macro whose body is one string literal ({@code #define PTR "l"}), or, with one
     * parameter, a constraint applied to it ({@code #define PTR_CONSTRAINT(x) "l"(x)}). Leaves
     * {@code i} at the start of the body.
     */
    private void defineBody(String name, String param) {
        int save = i;
        skipSpaces();
        if (at(i) != '"' || name.isEmpty()) {
            i = save;
            return;
        }
        Decoded d = new Decoded();
        if (decodeString(i, d) != null) {
            i = save;
            return;
        }
        skipSpaces();
        if (param == null) {
            if (at(i) == '\n' || i >= n || (at(i) == '/' && (at(i + 1) == '/' || at(i + 1) == '*'))) {
                stringMacros.putIfAbsent(name, d);
            }
        } else if (param.matches("[A-Za-z_][A-Za-z0-9_]*") && at(i) == '(') {
            i++;
            skipSpaces();
            int w = i;
            while (i < n && identPart(c[i])) {
                i++;
            }
            String used = new String(c, w, i - w);
            skipSpaces();
            if (used.equals(param) && at(i) == ')') {
                constraintMacros.putIfAbsent(name, d);
            }
        }
        i = save;
    }

    /** Follows #if/#ifdef/#ifndef/#elif/#else/#endif. */
    private void conditional(String directive, String text) {
        switch (directive) {
            case "if", "ifdef", "ifndef" -> conditions.push(new Branch(
                    directive.equals("ifndef") ? "!" + text : directive.equals("ifdef") ? "defined " + text : text,
                    false, ""));
            case "elif", "elifdef", "elifndef" -> {
                Branch b = conditions.poll();
                String earlier = b == null ? "" : b.earlier() + " " + b.condition();
                conditions.push(new Branch(text, false, earlier));
            }
            case "else" -> {
                Branch b = conditions.poll();
                String earlier = b == null ? "" : b.earlier() + " " + b.condition();
                conditions.push(new Branch(earlier, true, earlier));
            }
            case "endif" -> conditions.poll();
            default -> {
            }
        }
    }

    /** Why the statement at {@code i} is under a condition that keeps it from device code, or null. */
    private String hostOnly() {
        for (Branch b : conditions) {
            if (!b.negated() && HOST_ARCH.matcher(b.condition()).find() && !b.condition().contains("__CUDA_ARCH__")) {
                return "host asm (under '#if " + b.condition() + "')";
            }
            if (b.negated() && POINTER_64.matcher(b.condition()).find()) {
                return "32-bit device code (under the #else of '#if " + b.condition().trim() + "')";
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern ARCH_BELOW = java.util.regex.Pattern.compile(
            "__CUDA_ARCH__\\s*(<=?)\\s*(\\d+)");
    private static final java.util.regex.Pattern ARCH_AT_LEAST = java.util.regex.Pattern.compile(
            "__CUDA_ARCH__\\s*>=\\s*(\\d+)");

    /**
     * N when the statement is only compiled for {@code __CUDA_ARCH__ < N}: under {@code #if ...
     * __CUDA_ARCH__ < N} or the #else of {@code #if __CUDA_ARCH__ >= N}; else 0.
     */
    private int archBelow() {
        int below = 0;
        for (Branch b : conditions) {
            java.util.regex.Matcher m = (b.negated() ? ARCH_AT_LEAST : ARCH_BELOW).matcher(b.condition());
            if (m.find()) {
                int v = b.negated() ? Integer.parseInt(m.group(1))
                        : Integer.parseInt(m.group(2)) + (m.group(1).equals("<=") ? 1 : 0);
                below = below == 0 ? v : Math.min(below, v);
            }
        }
        return below;
    }

    /** Whether an {@code asm} keyword here follows a declarator, making it an assembler label. */
    private boolean afterDeclarator() {
        if (lastToken == ']') {
            return true;
        }
        if (lastToken != 'i') {
            return false;
        }
        return switch (lastIdentifier) {
            case "else", "do", "return", "case", "default", "__device__", "__forceinline__", "inline",
                 "__host__", "__global__", "static", "_CCCL_DEVICE", "_CCCL_HOST_DEVICE" -> false;
            default -> true;
        };
    }

    private static boolean isStringPrefix(String w) {
        return switch (w) {
            case "R", "u8", "u8R", "L", "LR", "u", "uR", "U", "UR" -> true;
            default -> false;
        };
    }

    private static boolean isCharPrefix(String w) {
        return switch (w) {
            case "u8", "L", "u", "U" -> true;
            default -> false;
        };
    }

    private void skipSpaces() {
        while (i < n && (c[i] == ' ' || c[i] == '\t')) {
            i++;
        }
    }

    /** Skips the whitespace character or the comment that starts at {@code i}; false when none does. */
    private boolean skipBlankOrComment(char ch) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\u000b') {
            i++;
            return true;
        }
        if (ch == '/' && at(i + 1) == '/') {
            skipLineComment();
            return true;
        }
        if (ch == '/' && at(i + 1) == '*') {
            skipBlockComment();
            return true;
        }
        return false;
    }

    private void skipLineComment() {
        int s = i;
        while (i < n && c[i] != '\n') {
            i++;
        }
        comment(s, i);
    }

    private void skipBlockComment() {
        int s = i;
        i += 2;
        while (i < n && !(c[i] == '*' && at(i + 1) == '/')) {
            i++;
        }
        i = Math.min(n, i + 2);
        comment(s, i);
    }

    /** Records the comment of logical characters {@code [s, e)} once (the scanner may pass one twice). */
    private void comment(int s, int e) {
        int start = src(s);
        if (start <= lastComment) {
            return;
        }
        lastComment = start;
        comments.add(new Comment(start, srcEnd(e)));
    }

    /** Skips the rest of a preprocessor line (comments may continue it over lines). */
    private void skipToEndOfLine() {
        while (i < n && c[i] != '\n') {
            if (c[i] == '/' && at(i + 1) == '*') {
                skipBlockComment();
            } else if (c[i] == '/' && at(i + 1) == '/') {
                skipLineComment();
            } else if (c[i] == '"') {
                skipString(i);
            } else if (c[i] == '\'') {
                skipCharLiteral();
            } else {
                i++;
            }
        }
    }

    private void skipNumber() {
        // pp-number: digits, letters, '.', digit separators, and signs after exponents
        while (i < n) {
            char ch = c[i];
            if ((ch == '+' || ch == '-') && i > 0 && "eEpP".indexOf(c[i - 1]) >= 0) {
                i++;
            } else if (identPart(ch) || ch == '.') {
                i++;
            } else if (ch == '\'' && identPart(at(i + 1))) {
                i += 2;
            } else {
                break;
            }
        }
    }

    private void skipCharLiteral() {
        i++;
        while (i < n && c[i] != '\'' && c[i] != '\n') {
            if (c[i] == '\\') {
                i++;
            }
            i++;
        }
        if (at(i) == '\'') {
            i++;
        }
    }

    /** Skips a string literal that starts (with its prefix) at {@code s}; {@code i} is at the quote. */
    private void skipString(int s) {
        decodeString(s, null);
    }

    /**
     * Reads the string literal whose prefix starts at {@code s} ({@code i} at its opening quote),
     * appending its characters to {@code into} (when not null). Returns a problem, or null.
     */
    private String decodeString(int s, Decoded into) {
        String prefix = new String(c, s, i - s);
        boolean raw = prefix.endsWith("R");
        i++; // the quote
        if (raw) {
            int d = i;
            while (i < n && c[i] != '(' && c[i] != '"' && c[i] != '\n' && i - d <= 16) {
                i++;
            }
            if (at(i) != '(') {
                return "a malformed raw string";
            }
            String delim = ")" + new String(c, d, i - d) + "\"";
            i++;
            while (i < n) {
                if (c[i] == ')' && matches(i, delim)) {
                    i += delim.length();
                    return null;
                }
                if (into != null) {
                    into.append(c[i], src(i), src(i) + 1);
                    // a line continuation is reverted inside a raw string: its characters count
                    for (int p = src(i) + 1; i + 1 < n && p < src(i + 1); p++) {
                        into.append(source.charAt(p), p, p + 1);
                    }
                }
                i++;
            }
            return "an unterminated raw string";
        }
        while (i < n) {
            char ch = c[i];
            if (ch == '"') {
                i++;
                return null;
            }
            if (ch == '\n') {
                return "an unterminated string literal";
            }
            if (ch != '\\') {
                if (into != null) {
                    into.append(ch, src(i), src(i) + 1);
                }
                i++;
                continue;
            }
            int from = i;
            i++;
            char e = at(i);
            int value;
            if (e >= '0' && e <= '7') {
                value = 0;
                for (int k = 0; k < 3 && at(i) >= '0' && at(i) <= '7'; k++) {
                    value = value * 8 + (c[i] - '0');
                    i++;
                }
            } else if (e == 'x') {
                i++;
                value = 0;
                int digits = 0;
                while (Character.digit(at(i), 16) >= 0) {
                    value = value * 16 + Character.digit(c[i], 16);
                    i++;
                    digits++;
                }
                if (digits == 0) {
                    return "a \\x escape without digits";
                }
            } else if (e == 'u' || e == 'U') {
                int len = e == 'u' ? 4 : 8;
                i++;
                value = 0;
                for (int k = 0; k < len; k++) {
                    int dgt = Character.digit(at(i), 16);
                    if (dgt < 0) {
                        return "a malformed universal character name";
                    }
                    value = value * 16 + dgt;
                    i++;
                }
            } else {
                value = switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'a' -> 7;
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'v' -> 11;
                    case '\\', '"', '\'', '?' -> e;
                    default -> -1;
                };
                if (value < 0) {
                    return "an unknown escape sequence '\\" + e + "'";
                }
                i++;
            }
            if (into != null) {
                int a = src(from);
                int b = srcEnd(i);
                if (Character.isBmpCodePoint(value)) {
                    into.append((char) value, a, b);
                } else {
                    into.append(Character.highSurrogate(value), a, b);
                    into.append(Character.lowSurrogate(value), a, b);
                }
            }
        }
        return "an unterminated string literal";
    }

    private boolean matches(int k, String s) {
        if (k + s.length() > n) {
            return false;
        }
        for (int j = 0; j < s.length(); j++) {
            if (c[k + j] != s.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    // ---- asm statements

    /** A token inside the statement's parentheses. */
    private record Tok(char kind, int from, int to, String text, Decoded string, String prefix) {
        // kind: '"' string, 'i' identifier, '0' number, '#' directive or stringizing, else the punctuator
    }

    /**
     * Reads the asm statement whose keyword starts at logical {@code s} ({@code i} just after it).
     * Returns null when no '(' follows (not a statement), leaving {@code i} after the keyword.
     */
    private AsmStatement readAsm(int s) {
        int save = i;
        boolean isGoto = false;
        int keywordEnd = i;
        while (true) {
            skipTrivia();
            if (!identStart(at(i))) {
                break;
            }
            int w = i;
            while (i < n && identPart(c[i])) {
                i++;
            }
            String q = new String(c, w, i - w);
            if (q.equals("goto")) {
                isGoto = true;
            } else if (!(q.equals("volatile") || q.equals("__volatile__") || q.equals("__volatile")
                    || q.equals("inline") || q.equals("__inline__"))) {
                i = save;
                return null;
            }
            keywordEnd = i;
        }
        if (at(i) != '(') {
            i = save;
            return null;
        }
        int start = src(s);
        int kwEnd = srcEnd(keywordEnd);
        i++;
        // Tokens up to the matching ')', split into sections at ':' on the outer level.
        List<List<Tok>> sections = new ArrayList<>();
        List<Tok> cur = new ArrayList<>();
        sections.add(cur);
        int depth = 0;
        String problem = null;
        boolean closed = false;
        while (i < n) {
            char ch = c[i];
            if (ch == '\n') {
                if (inDefine) {
                    problem = "the statement is not complete in its macro definition";
                    break;
                }
                atLineStart = true;
                i++;
                continue;
            }
            if (skipBlankOrComment(ch)) {
                continue;
            }
            if (ch == '#') {
                int f = i;
                if (atLineStart) {
                    i++;
                    skipSpaces();
                    int w = i;
                    while (i < n && identPart(c[i])) {
                        i++;
                    }
                    String d = new String(c, w, i - w);
                    skipToEndOfLine();
                    if (problem == null) {
                        problem = "a preprocessor directive ('#" + d + "') inside the statement";
                    }
                } else {
                    i++;
                    if (problem == null) {
                        problem = "'#' (stringizing or pasting a macro parameter) inside the statement";
                    }
                }
                cur.add(new Tok('#', src(f), srcEnd(i), "#", null, null));
                continue;
            }
            atLineStart = false;
            if (ch == '"') {
                int f = i;
                Decoded d = new Decoded();
                String p = decodeString(i, d);
                if (p != null && problem == null) {
                    problem = p;
                }
                cur.add(new Tok('"', src(f), srcEnd(i), null, d, ""));
                continue;
            }
            if (ch == '\'') {
                int f = i;
                skipCharLiteral();
                cur.add(new Tok('\'', src(f), srcEnd(i), null, null, null));
                continue;
            }
            if (Character.isDigit(ch) || (ch == '.' && Character.isDigit(at(i + 1)))) {
                int f = i;
                skipNumber();
                cur.add(new Tok('0', src(f), srcEnd(i), new String(c, f, i - f), null, null));
                continue;
            }
            if (identStart(ch)) {
                int f = i;
                while (i < n && identPart(c[i])) {
                    i++;
                }
                String word = new String(c, f, i - f);
                if (at(i) == '"' && isStringPrefix(word)) {
                    Decoded d = new Decoded();
                    String p = decodeString(f, d);
                    if (p != null && problem == null) {
                        problem = p;
                    }
                    cur.add(new Tok('"', src(f), srcEnd(i), null, d, word));
                    continue;
                }
                if (at(i) == '\'' && isCharPrefix(word)) {
                    skipCharLiteral();
                    cur.add(new Tok('\'', src(f), srcEnd(i), null, null, null));
                    continue;
                }
                cur.add(new Tok('i', src(f), srcEnd(i), word, null, null));
                continue;
            }
            if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                if (depth == 0) {
                    if (ch == ')') {
                        i++;
                        closed = true;
                        break;
                    }
                } else {
                    depth--;
                }
            } else if (ch == ';' && depth == 0) {
                if (problem == null) {
                    problem = "no ')' closes the statement before ';'";
                }
                break;
            }
            if (ch == ':' && depth == 0) {
                cur = new ArrayList<>();
                sections.add(cur);
                i++;
                continue;
            }
            cur.add(new Tok(ch, src(i), src(i) + 1, String.valueOf(ch), null, null));
            i++;
        }
        int end = srcEnd(i);
        if (!closed && problem == null) {
            problem = "no ')' closes the statement";
        }
        if (problem != null) {
            return skipped(start, kwEnd, end, problem);
        }
        if (isGoto) {
            return skipped(start, kwEnd, end, "asm goto (nvcc does not support it in device code)");
        }
        if (sections.size() > 4) {
            return skipped(start, kwEnd, end, "more than four sections");
        }
        // The template: string literals only.
        List<Tok> tpl = sections.get(0);
        if (tpl.isEmpty()) {
            return skipped(start, kwEnd, end, "no template");
        }
        Decoded template = new Decoded();
        for (Tok t : tpl) {
            if (t.kind() != '"') {
                String what = t.kind() == 'i' ? "'" + t.text() + "' (a macro?)"
                        : t.kind() == '0' ? "a number" : t.text() == null ? "a character literal" : "'" + t.text() + "'";
                return skipped(start, kwEnd, end, "the template is not only string literals: it uses " + what);
            }
            if (!t.prefix().isEmpty() && !t.prefix().equals("u8") && !t.prefix().equals("R")
                    && !t.prefix().equals("u8R")) {
                return skipped(start, kwEnd, end, "the template is a " + t.prefix() + "\"...\" string, not a narrow one");
            }
            template.append(t.string());
        }
        String host = hostOnly();
        if (host != null) {
            return skipped(start, kwEnd, end, host);
        }
        if (sections.size() == 1 && template.text().strip().matches("[A-Za-z_.$][A-Za-z0-9_.$]*")) {
            return skipped(start, kwEnd, end, "a single word without ';': an assembler label or host asm");
        }
        List<AsmStatement.Operand> operands = new ArrayList<>();
        for (int sec = 1; sec <= 2 && sec < sections.size(); sec++) {
            for (List<Tok> op : splitCommas(sections.get(sec))) {
                AsmStatement.Operand o = operand(op, sec == 1);
                if (o == null) {
                    return skipped(start, kwEnd, end, "operand " + operands.size()
                            + " is not of the form \"constraint\"(expression)");
                }
                operands.add(o);
            }
        }
        List<AsmStatement.Clobber> clobbers = new ArrayList<>();
        if (sections.size() > 3) {
            for (List<Tok> cl : splitCommas(sections.get(3))) {
                StringBuilder text = new StringBuilder();
                for (Tok t : cl) {
                    if (t.kind() != '"') {
                        return skipped(start, kwEnd, end, "a clobber that is not a string literal");
                    }
                    text.append(t.string().text());
                }
                clobbers.add(new AsmStatement.Clobber(text.toString(), cl.get(0).from(), cl.get(cl.size() - 1).to()));
            }
        }
        return new AsmStatement(start, kwEnd, end, template, sections.size(), operands, clobbers, null, archBelow());
    }

    private static AsmStatement skipped(int start, int kwEnd, int end, String reason) {
        return new AsmStatement(start, kwEnd, end, null, 0, List.of(), List.of(), reason);
    }

    /** Splits a section at the commas of its outer level; an empty section has no items. */
    private static List<List<Tok>> splitCommas(List<Tok> toks) {
        List<List<Tok>> out = new ArrayList<>();
        if (toks.isEmpty()) {
            return out;
        }
        List<Tok> cur = new ArrayList<>();
        int depth = 0;
        for (Tok t : toks) {
            char k = t.kind();
            if (k == '(' || k == '[' || k == '{') {
                depth++;
            } else if (k == ')' || k == ']' || k == '}') {
                depth--;
            } else if (k == ',' && depth == 0) {
                out.add(cur);
                cur = new ArrayList<>();
                continue;
            }
            cur.add(t);
        }
        out.add(cur);
        return out;
    }

    /** {@code [name] "constraint" (expression)}, or null when the tokens do not have that shape. */
    private AsmStatement.Operand operand(List<Tok> toks, boolean output) {
        int k = 0;
        if (k < toks.size() && toks.get(k).kind() == '[') {
            if (toks.size() < 3 || toks.get(1).kind() != 'i' || toks.get(2).kind() != ']') {
                return null;
            }
            k = 3;
        }
        Decoded constraint = new Decoded();
        int cs = -1;
        int ce = -1;
        if (k < toks.size() && toks.get(k).kind() == 'i') {
            Tok t = toks.get(k);
            Decoded viaFunction = constraintMacros.get(t.text());
            Decoded viaString = stringMacros.get(t.text());
            if (viaFunction != null && k + 1 < toks.size() && toks.get(k + 1).kind() == '(') {
                constraint.append(viaFunction);
                cs = t.from();
                ce = t.to();
                k++; // the macro's argument is the expression
            } else if (viaString != null) {
                constraint.append(viaString);
                cs = t.from();
                ce = t.to();
                k++;
            }
        }
        while (k < toks.size() && toks.get(k).kind() == '"') {
            if (cs < 0) {
                cs = toks.get(k).from();
            }
            ce = toks.get(k).to();
            constraint.append(toks.get(k).string());
            k++;
        }
        if (cs < 0 || k >= toks.size() || toks.get(k).kind() != '(' || toks.get(toks.size() - 1).kind() != ')') {
            return null;
        }
        int exprFrom = toks.get(k).to();
        int exprTo = toks.get(toks.size() - 1).from();
        StringBuilder expr = new StringBuilder();
        Decoded literal = null;
        List<Tok> inner = toks.subList(k + 1, toks.size() - 1);
        if (inner.size() == 1 && inner.get(0).kind() == '"') {
            literal = inner.get(0).string();
        }
        for (Tok t : inner) {
            if (expr.length() > 0) {
                expr.append(' ');
            }
            expr.append(t.text() != null ? t.text() : t.string() != null ? "\"" + t.string().text() + "\"" : "?");
        }
        if (exprTo < exprFrom) {
            return null;
        }
        return new AsmStatement.Operand(constraint.text(), cs, ce, output, expr.toString(), literal);
    }

    private void skipTrivia() {
        while (i < n) {
            char ch = c[i];
            if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\u000b' || (ch == '\n' && !inDefine)) {
                i++;
            } else if (ch == '/' && at(i + 1) == '/') {
                skipLineComment();
            } else if (ch == '/' && at(i + 1) == '*') {
                skipBlockComment();
            } else {
                break;
            }
        }
    }
}
