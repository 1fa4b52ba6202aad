package dev.ptxlint.isa;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which registers and constants ptxas 13.0 accepts in an operand of a given type, as measured
 * (testdata/ptxas/isa/typerules.tsv.gz) and encoded in {@code type-rules.txt}; the rules in
 * words are docs/ptxas-operand-types.md.
 *
 * <p>An operand slot has a type and an {@link Origin}: whether its type is the instruction type
 * ({@link Origin#TYPED}), an ld/st/cvt data operand ({@link Origin#RELAXED}), an element of a
 * vector ({@link Origin#ELEMENT}), a type the form fixes ({@link Origin#FIXED}: shift amounts,
 * setp's predicate, masks) or the register of an address ({@link Origin#ADDRESS}). Each origin
 * has a rule per slot type; a few measured instruction operands differ from their rule and are
 * exceptions keyed by the form name (opcode and type modifiers in order, {@code setp.u32},
 * {@code cvt.f16x2.f32}) and the operand index (0 = first).
 *
 * <p>All lookups are table reads (bit masks indexed by {@link PtxType#ordinal()}); nothing is
 * allocated per call. The tables are read once, from the class path, or from
 * {@code $ptxlint.isa.dir/type-rules.txt} when that system property is set.
 */
public final class TypeRules {
    private TypeRules() {
    }

    /** Where an operand's type comes from; each has its own rule (type-rules.txt, CLASS). */
    public enum Origin {
        /** The instruction type ({@code add.u32}'s operands) or a type derived from it. */
        TYPED,
        /** The data operand of ld, st, ldu and the operands of cvt (the manual's relaxed rules). */
        RELAXED,
        /** One element of a vector operand ({@code ld.v2}, mov's pack/unpack, cvt's {a, b, e, f}). */
        ELEMENT,
        /** A type the form fixes (shift amounts, setp's/selp's predicate, member masks). */
        FIXED,
        /** The register inside {@code [ ]}. */
        ADDRESS;

        final String word = name().toLowerCase(Locale.ROOT);

        static Origin of(String word) {
            for (Origin o : values()) {
                if (o.word.equals(word)) {
                    return o;
                }
            }
            return null;
        }
    }

    /** The spellings of a constant, as far as the type rules care. */
    public enum LiteralKind {
        /** Decimal, hex, octal or binary integer, with or without U suffix or minus sign. */
        INTEGER("int"),
        /** {@code 0fXXXXXXXX}: a single-precision bit pattern. */
        F32_HEX("0f"),
        /** {@code 0dXXXXXXXXXXXXXXXX}: a double-precision bit pattern. */
        F64_HEX("0d"),
        /** {@code 1.0}, {@code 1e3}, {@code 1.}: a decimal floating-point constant. */
        DECIMAL_FLOAT("dec");

        final String word;

        LiteralKind(String word) {
            this.word = word;
        }

        static LiteralKind ofWord(String w) {
            for (LiteralKind k : values()) {
                if (k.word.equals(w)) {
                    return k;
                }
            }
            return null;
        }

        /**
         * The kind of a constant as written (a leading minus and spaces allowed), or null when
         * ptxas cannot read it at all (a syntax error: {@code -0f3F800000}, {@code 0f3F80}).
         */
        public static LiteralKind of(String text) {
            String t = text.replace(" ", "");
            boolean neg = t.startsWith("-");
            if (neg) {
                t = t.substring(1);
            }
            if (t.isEmpty()) {
                return null;
            }
            String lo = t.toLowerCase(Locale.ROOT);
            if (lo.startsWith("0f")) {
                return !neg && lo.length() == 10 && hex(lo, 2) ? F32_HEX : null;
            }
            if (lo.startsWith("0d")) {
                return lo.length() == 18 && hex(lo, 2) ? F64_HEX : null;
            }
            if (lo.startsWith("0x") || lo.startsWith("0b")) {
                return INTEGER;
            }
            if (lo.indexOf('.') >= 0 || lo.indexOf('e') >= 0) {
                return DECIMAL_FLOAT;
            }
            return INTEGER;
        }

        private static boolean hex(String s, int from) {
            for (int i = from; i < s.length(); i++) {
                if (Character.digit(s.charAt(i), 16) < 0) {
                    return false;
                }
            }
            return true;
        }
    }

    /** What ptxas makes of a constant in an operand. */
    public enum ImmediateFit {
        /** Accepted, and the value fits the operand's size. */
        OK,
        /** Accepted, but the value does not fit the operand's size (ptxas takes it modulo). */
        TRUNCATED,
        /** Rejected: the operand takes no constant of this kind. */
        WRONG_KIND,
        /** Rejected: a destination never takes a constant. */
        DESTINATION;

        /** Whether ptxas accepts it (OK or TRUNCATED). */
        public boolean accepted() {
            return this == OK || this == TRUNCATED;
        }
    }

    private static final PtxType[] TYPES = PtxType.values();
    private static final int N = TYPES.length;
    private static final int ORIGINS = Origin.values().length;
    /** [origin][slot] mask of register types. */
    private static final long[][] REG;
    /** [origin][slot] mask of constant kinds. */
    private static final int[][] IMM;
    private static final boolean[] REGISTER_TYPE;
    private static final Map<String, Exception[]> EXCEPTIONS;

    /** One measured operand that differs from its origin's rule. */
    private record Exception(int operand, Origin origin, PtxType slot, long regs, int imms, boolean hasRegs,
            boolean hasImms) {
    }

    /** The rules of type-rules.txt, as the text or the build's {@link #COMPILED} gives them. */
    static final class Tables {
        final long[][] reg = new long[ORIGINS][N];
        /** The file has a line for [origin][slot] (else see fillFallbacks); not kept by {@link #COMPILED}. */
        final boolean[][] hasReg = new boolean[ORIGINS][N];
        final int[][] imm = new int[ORIGINS][N];
        final boolean[][] hasImm = new boolean[ORIGINS][N];
        final boolean[] registerType = new boolean[N];
        final Map<String, Exception[]> exceptions = new HashMap<>();

        /** The same rules (for tests): every table and exception equal. */
        boolean sameRules(Tables o) {
            if (!java.util.Arrays.deepEquals(reg, o.reg) || !java.util.Arrays.deepEquals(imm, o.imm)
                    || !java.util.Arrays.equals(registerType, o.registerType)
                    || !exceptions.keySet().equals(o.exceptions.keySet())) {
                return false;
            }
            for (Map.Entry<String, Exception[]> e : exceptions.entrySet()) {
                if (!java.util.Arrays.equals(e.getValue(), o.exceptions.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
    }

    static {
        Tables t = load();
        REG = t.reg;
        IMM = t.imm;
        REGISTER_TYPE = t.registerType;
        EXCEPTIONS = t.exceptions;
    }

    /**
     * The build's compiled tables when they were made from this type-rules.txt (docs/performance.md:
     * parsing the text cost a small run about as much as its own lint), else the text's; always the
     * text with {@code ptxlint.isa.dir}.
     */
    private static Tables load() {
        String dir = System.getProperty("ptxlint.isa.dir");
        if (dir == null || dir.isEmpty()) {
            Tables t = decode(Resources.bytes(TypeRules.class, COMPILED), Resources.crc(TypeRules.class, TEXT));
            if (t != null) {
                return t;
            }
        }
        return fromText(InstructionSet.dataLines(TEXT));
    }

    static final String TEXT = "type-rules.txt";

    /** The tables of the text's lines. */
    static Tables fromText(List<String> lines) {
        Tables t = new Tables();
        parse(lines, t);
        fillFallbacks(t);
        return t;
    }

    // ---- the compiled tables (written by the build, IsaIndex.main) ----

    /** The resource the build compiles type-rules.txt into, in this package. */
    static final String COMPILED = "type-rules.bin";
    private static final int MAGIC = 0x50544c52; // "PTLR"
    private static final int FORMAT = 1;

    /** A hash of the format and the names of the enumerations the tables index by ordinal. */
    private static int fingerprint() {
        int h = FORMAT;
        for (Enum<?>[] values : new Enum<?>[][] {TYPES, Origin.values(), LiteralKind.values()}) {
            h = 31 * h + values.length;
            for (Enum<?> e : values) {
                h = 31 * h + e.name().hashCode();
            }
        }
        return h;
    }

    /**
     * The compiled form of {@code t} (from the text: its fallbacks filled): a header (magic,
     * fingerprint, the CRC-32 of the text {@code textCrc}), then the register types, the masks of
     * every origin and slot, and the exceptions by form, sorted (big-endian ints and longs; a
     * string as its length and UTF-8 bytes).
     */
    static byte[] compile(Tables t, int textCrc) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(bytes);
        try {
            d.writeInt(MAGIC);
            d.writeInt(fingerprint());
            d.writeInt(textCrc);
            long types = 0;
            for (int s = 0; s < N; s++) {
                types |= t.registerType[s] ? 1L << s : 0;
            }
            d.writeLong(types);
            for (int o = 0; o < ORIGINS; o++) {
                for (int s = 0; s < N; s++) {
                    d.writeLong(t.reg[o][s]);
                    d.writeInt(t.imm[o][s]);
                }
            }
            d.writeInt(t.exceptions.size());
            for (String form : new java.util.TreeSet<>(t.exceptions.keySet())) {
                byte[] name = form.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                d.writeInt(name.length);
                d.write(name);
                Exception[] es = t.exceptions.get(form);
                d.writeInt(es.length);
                for (Exception e : es) {
                    d.writeInt(e.operand);
                    d.writeInt(e.origin.ordinal());
                    d.writeInt(e.slot.ordinal());
                    d.writeLong(e.regs);
                    d.writeInt(e.imms);
                    d.writeInt((e.hasRegs ? 1 : 0) | (e.hasImms ? 2 : 0));
                }
            }
            d.flush();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * The tables of {@link #compile}'s bytes {@code b} when they were compiled from a text whose
     * CRC-32 is {@code textCrc} with these enumerations, else null (none, stale or malformed: the
     * text is read).
     */
    static Tables decode(byte[] b, int textCrc) {
        try {
            if (b == null || b.length < 20 || int32(b, 0) != MAGIC || int32(b, 4) != fingerprint()
                    || int32(b, 8) != textCrc) {
                return null;
            }
            Tables t = new Tables();
            long types = int64(b, 12);
            int p = 20;
            for (int s = 0; s < N; s++) {
                t.registerType[s] = (types & 1L << s) != 0;
            }
            for (int o = 0; o < ORIGINS; o++) {
                for (int s = 0; s < N; s++) {
                    t.reg[o][s] = int64(b, p);
                    t.imm[o][s] = int32(b, p + 8);
                    p += 12;
                }
            }
            Origin[] origins = Origin.values();
            int k = int32(b, p);
            p += 4;
            for (int i = 0; i < k; i++) {
                int len = int32(b, p);
                String form = new String(b, p + 4, len, java.nio.charset.StandardCharsets.UTF_8);
                p += 4 + len;
                Exception[] es = new Exception[int32(b, p)];
                p += 4;
                for (int j = 0; j < es.length; j++) {
                    int flags = int32(b, p + 24);
                    es[j] = new Exception(int32(b, p), origins[int32(b, p + 4)], TYPES[int32(b, p + 8)],
                            int64(b, p + 12), int32(b, p + 20), (flags & 1) != 0, (flags & 2) != 0);
                    p += 28;
                }
                t.exceptions.put(form, es);
            }
            return p == b.length ? t : null;
        } catch (RuntimeException e) { // truncated or malformed
            return null;
        }
    }

    private static int int32(byte[] b, int p) {
        return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
    }

    private static long int64(byte[] b, int p) {
        return (long) int32(b, p) << 32 | (int32(b, p + 4) & 0xffffffffL);
    }

    private static void parse(List<String> lines, Tables t) {
        Map<String, List<Exception>> exc = new HashMap<>();
        int no = 0;
        for (String line : lines) {
            no++;
            if (line.isEmpty()) {
                continue;
            }
            // no regular expression: a String.split on a pattern compiles it per call, which costs
            // a small run's start-up (docs/performance.md)
            int colon = line.indexOf(':');
            String[] head = words(colon >= 0 ? line.substring(0, colon) : line);
            String[] tail = colon >= 0 ? words(line.substring(colon + 1)) : new String[0];
            switch (head[0]) {
                case "regtypes" -> {
                    for (int i = 1; i < head.length; i++) {
                        t.registerType[type(head[i], no).ordinal()] = true;
                    }
                }
                case "reg", "imm" -> {
                    Origin o = origin(head[1], no);
                    PtxType slot = type(head[2], no);
                    if (head[0].equals("reg")) {
                        t.reg[o.ordinal()][slot.ordinal()] = regMask(tail, no);
                        t.hasReg[o.ordinal()][slot.ordinal()] = true;
                    } else {
                        t.imm[o.ordinal()][slot.ordinal()] = immMask(tail, no);
                        t.hasImm[o.ordinal()][slot.ordinal()] = true;
                    }
                }
                case "reg-except", "imm-except" -> {
                    String form = head[1];
                    int operand = Integer.parseInt(head[2]);
                    Origin o = origin(head[3], no);
                    PtxType slot = type(head[4], no);
                    boolean reg = head[0].equals("reg-except");
                    List<Exception> l = exc.get(form);
                    if (l == null) {
                        l = new ArrayList<>();
                        exc.put(form, l);
                    }
                    Exception old = null;
                    for (int i = 0; i < l.size(); i++) {
                        Exception e = l.get(i);
                        if (e.operand == operand && e.origin == o && e.slot == slot) {
                            old = e;
                            l.remove(i); // by position: a record's equals costs start-up (docs/performance.md)
                            break;
                        }
                    }
                    long regs = reg ? regMask(tail, no) : old != null ? old.regs : 0;
                    int imms = !reg ? immMask(tail, no) : old != null ? old.imms : 0;
                    l.add(new Exception(operand, o, slot, regs, imms, reg || old != null && old.hasRegs,
                            !reg || old != null && old.hasImms));
                }
                default -> throw new IllegalStateException("type-rules.txt line " + no + ": unknown line " + head[0]);
            }
        }
        for (Map.Entry<String, List<Exception>> e : exc.entrySet()) {
            t.exceptions.put(e.getKey(), e.getValue().toArray(new Exception[0]));
        }
    }

    /**
     * Slots the file has no line for: an ELEMENT, FIXED or RELAXED slot takes the TYPED rule of
     * its type; a type without any rule takes a register of its own type (if it is one) or of the
     * bit type of its size (a sub-byte type, which has none: any non-predicate register), and
     * the constants of {@link #genericImmediates(PtxType)}.
     */
    private static void fillFallbacks(Tables t) {
        int typed = Origin.TYPED.ordinal();
        for (PtxType type : TYPES) {
            int s = type.ordinal();
            if (!t.hasReg[typed][s]) {
                long m = 0;
                if (t.registerType[s]) {
                    m |= bit(type);
                }
                if (type.bitType() != null) {
                    m |= bit(type.bitType());
                } else if (type != PtxType.PRED) {
                    // sub-byte element types (.u4, .e2m1, .b1): their operands are packed in
                    // registers whose size the form decides; unmeasured, so nothing is refused
                    for (PtxType r : TYPES) {
                        if (t.registerType[r.ordinal()] && r != PtxType.PRED) {
                            m |= bit(r);
                        }
                    }
                }
                t.reg[typed][s] = m;
            }
            if (!t.hasImm[typed][s]) {
                t.imm[typed][s] = genericImmediates(type);
                t.hasImm[typed][s] = true;
            }
            for (Origin o : Origin.values()) {
                if (!t.hasReg[o.ordinal()][s]) {
                    t.reg[o.ordinal()][s] = t.reg[typed][s];
                }
                if (!t.hasImm[o.ordinal()][s]) {
                    t.imm[o.ordinal()][s] = t.imm[typed][s];
                }
            }
        }
    }

    /**
     * The measured general pattern for constants: integers in bit-size, integer and predicate
     * operands; 0f in f32, f64 and b32; 0d and decimal floats in f32, f64 and b64; nothing in
     * packed, half-precision and narrow floating-point operands.
     */
    static int genericImmediates(PtxType t) {
        int m = 0;
        boolean scalarInt = !t.isPacked() && (t.kind() == PtxType.Kind.BIT || t.kind() == PtxType.Kind.UNSIGNED
                || t.kind() == PtxType.Kind.SIGNED || t.kind() == PtxType.Kind.PREDICATE);
        if (scalarInt) {
            m |= 1 << LiteralKind.INTEGER.ordinal();
        }
        if (t == PtxType.F32 || t == PtxType.F64 || t == PtxType.B32) {
            m |= 1 << LiteralKind.F32_HEX.ordinal();
        }
        if (t == PtxType.F32 || t == PtxType.F64 || t == PtxType.B64) {
            m |= 1 << LiteralKind.F64_HEX.ordinal() | 1 << LiteralKind.DECIMAL_FLOAT.ordinal();
        }
        return m;
    }

    /** The words of {@code s}, split at white space (as {@code s.trim().split("\\s+")}). */
    static String[] words(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(s.substring(start, i));
            }
        }
        return out.isEmpty() ? new String[] {""} : out.toArray(new String[0]);
    }

    private static long bit(PtxType t) {
        return 1L << t.ordinal();
    }

    private static long regMask(String[] words, int no) {
        long m = 0;
        for (String w : words) {
            if (!w.equals("-")) {
                m |= bit(type(w, no));
            }
        }
        return m;
    }

    private static int immMask(String[] words, int no) {
        int m = 0;
        for (String w : words) {
            if (w.equals("-")) {
                continue;
            }
            LiteralKind k = LiteralKind.ofWord(w);
            if (k == null) {
                throw new IllegalStateException("type-rules.txt line " + no + ": unknown constant kind " + w);
            }
            m |= 1 << k.ordinal();
        }
        return m;
    }

    private static PtxType type(String w, int no) {
        PtxType t = PtxType.of("." + w);
        if (t == null) {
            throw new IllegalStateException("type-rules.txt line " + no + ": unknown type " + w);
        }
        return t;
    }

    private static Origin origin(String w, int no) {
        Origin o = Origin.of(w);
        if (o == null) {
            throw new IllegalStateException("type-rules.txt line " + no + ": unknown class " + w);
        }
        return o;
    }

    private static Exception exception(String form, int operand, Origin origin, PtxType slot) {
        if (form == null) {
            return null;
        }
        Exception[] es = EXCEPTIONS.get(form);
        if (es == null) {
            return null;
        }
        for (Exception e : es) {
            if (e.operand == operand && e.origin == origin && e.slot == slot) {
                return e;
            }
        }
        return null;
    }

    // ---- API ----

    /** Whether {@code .reg} may declare a register of this type. */
    public static boolean isRegisterType(PtxType t) {
        return REGISTER_TYPE[t.ordinal()];
    }

    /**
     * Whether a register declared {@code reg} may stand in an operand of type {@code slot} whose
     * type is the instruction type ({@code relaxed} false) or that is an ld/st/cvt data operand
     * ({@code relaxed} true). ptxas treats destinations and sources alike (measured), so
     * {@code destination} does not change the answer; it is there for symmetry with
     * {@link #immediateFits(PtxType, LiteralKind, boolean, boolean)}.
     */
    public static boolean registerFits(PtxType slot, PtxType reg, boolean destination, boolean relaxed) {
        return registerFits(slot, reg, relaxed ? Origin.RELAXED : Origin.TYPED);
    }

    /** Whether a register declared {@code reg} may stand in an operand of type {@code slot} and that origin. */
    public static boolean registerFits(PtxType slot, PtxType reg, Origin origin) {
        return (REG[origin.ordinal()][slot.ordinal()] & bit(reg)) != 0;
    }

    /**
     * As {@link #registerFits(PtxType, PtxType, Origin)}, for operand {@code operand} (0 = first)
     * of the instruction form {@code form} (opcode and type modifiers in order, e.g.
     * {@code cvt.bf16.f32}): a measured exception for that operand wins over the origin's rule.
     */
    public static boolean registerFits(String form, int operand, Origin origin, PtxType slot, PtxType reg) {
        Exception e = exception(form, operand, origin, slot);
        if (e != null && e.hasRegs) {
            return (e.regs & bit(reg)) != 0;
        }
        return registerFits(slot, reg, origin);
    }

    /** The register types that fit, in {@link PtxType} order (for messages; allocates). */
    public static Set<PtxType> fittingRegisters(String form, int operand, Origin origin, PtxType slot) {
        Set<PtxType> s = EnumSet.noneOf(PtxType.class);
        for (PtxType t : TYPES) {
            if (REGISTER_TYPE[t.ordinal()] && registerFits(form, operand, origin, slot, t)) {
                s.add(t);
            }
        }
        return s;
    }

    /**
     * Whether a constant of this kind may stand in an operand of type {@code slot} (no value
     * check): {@link ImmediateFit#OK}, {@link ImmediateFit#WRONG_KIND} or
     * {@link ImmediateFit#DESTINATION}.
     */
    public static ImmediateFit immediateFits(PtxType slot, LiteralKind kind, boolean destination, boolean relaxed) {
        return immediateFits(null, -1, relaxed ? Origin.RELAXED : Origin.TYPED, slot, kind, destination, 0, true);
    }

    /**
     * Whether a constant may stand in operand {@code operand} of {@code form} (null: no form, the
     * origin's rule only). For an integer, {@code value} is its value modulo 2^64 (as ptxas reads
     * it: {@code 0xFFFFFFFFFFFFFFFF} is -1) and {@code exact} says whether that is the written
     * value (false when the literal needs more than 64 bits); the answer is
     * {@link ImmediateFit#TRUNCATED} when the value does not fit the operand's size as a signed
     * or unsigned number: ptxas accepts it all the same. Value ranges of single instructions
     * ({@code bar}'s barrier number, {@code bfe}'s position) are not type rules and are not
     * checked here.
     */
    public static ImmediateFit immediateFits(String form, int operand, Origin origin, PtxType slot, LiteralKind kind,
            boolean destination, long value, boolean exact) {
        if (destination) {
            return ImmediateFit.DESTINATION;
        }
        Exception e = exception(form, operand, origin, slot);
        int mask = e != null && e.hasImms ? e.imms : IMM[origin.ordinal()][slot.ordinal()];
        if ((mask & (1 << kind.ordinal())) == 0) {
            return ImmediateFit.WRONG_KIND;
        }
        if (kind != LiteralKind.INTEGER || slot == PtxType.PRED) {
            return ImmediateFit.OK;
        }
        if (!exact) {
            return ImmediateFit.TRUNCATED;
        }
        int bits = slot.bits();
        if (bits >= 64) {
            return ImmediateFit.OK;
        }
        long min = -(1L << (bits - 1));
        long max = (1L << bits) - 1;
        return value >= min && value <= max ? ImmediateFit.OK : ImmediateFit.TRUNCATED;
    }

    /** The constant kinds an operand takes (for messages; allocates). */
    public static Set<LiteralKind> fittingImmediates(String form, int operand, Origin origin, PtxType slot) {
        Set<LiteralKind> s = EnumSet.noneOf(LiteralKind.class);
        for (LiteralKind k : LiteralKind.values()) {
            if (immediateFits(form, operand, origin, slot, k, false, 0, true).accepted()) {
                s.add(k);
            }
        }
        return s;
    }

    /** The forms with measured exceptions (for tests and documentation). */
    static Set<String> exceptionForms() {
        return EXCEPTIONS.keySet();
    }
}
