package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The compiled forms ({@link IsaForm}) of every opcode and the {@link FormTable}s of the ISA data,
 * as the build made them, in a compact binary resource ({@value #RESOURCE}) next to
 * {@link IsaIndex}'s: a run decodes the forms of the opcodes it meets instead of parsing and
 * compiling their {@code .ptxisa} text (docs/performance.md, "Performance: start-up").
 *
 * <p>The text stays the source of truth. The build writes this resource from a full parse in the
 * same step as the index ({@link IsaIndex#main}); a run uses it only together with that index: its
 * header holds the CRC-32 of the index's bytes, of its own payload, the format version and a
 * fingerprint of the enumerations it stores by ordinal, and a run that finds any of them
 * different reads the text instead. The data files themselves are checked against the CRCs of the
 * index as before, when an opcode's forms are first decoded ({@link InstructionSet}).
 *
 * <p>The format (big-endian): a header of six ints (magic, version, fingerprint, index CRC,
 * payload length, payload CRC); then the payload: a string table (count, count + 1 offsets, the
 * UTF-8 bytes; a string is decoded on first use), the directory of opcodes and of form tables
 * (string, offset), and one section per opcode (its forms) and per table. Numbers are unsigned
 * or zigzag varints, strings indices into the table (0: null). Not {@code java.io.Serializable}:
 * that would load and link many classes on the start-up path, and tie the resource to the
 * classes' private fields.
 *
 * <p>Not thread-safe (its caches of decoded strings and pool items are plain arrays):
 * {@link InstructionSet} decodes under its own lock.
 */
final class IsaBinary {

    /** The generated resource, in this package. */
    static final String RESOURCE = "isa.forms";
    private static final int MAGIC = 0x50544c46; // "PTLF"
    private static final int VERSION = 8;
    private static final int HEADER = 24;

    // the enumerations stored by ordinal (their names make the fingerprint)
    private static final IsaSource.Shape[] SHAPES = IsaSource.Shape.values();
    private static final IsaForm.Kind[] KINDS = IsaForm.Kind.values();
    private static final PtxType[] TYPES = PtxType.values();
    private static final FormTable.Part[] PARTS = FormTable.Part.values();
    private static final FormTable.Role[] ROLES = FormTable.Role.values();
    private static final FormTable.Presence[] PRESENCES = FormTable.Presence.values();
    private static final FormTable.Constants[] CONSTANTS = FormTable.Constants.values();
    private static final Selectors.Use[] USES = Selectors.Use.values();
    private static final Selectors.Odd[] ODDS = Selectors.Odd.values();
    private static final CmpOp[] CMPS = CmpOp.values();
    private static final Dest[] DESTS = Dest.values();
    private static final Form.Quirk[] QUIRKS = Form.Quirk.values();
    private static final SpecialRegisterTable.Use[] SREG_USES = SpecialRegisterTable.Use.values();

    /** A hash of every enumeration constant this format stores by ordinal, in order. */
    static int fingerprint() {
        int h = VERSION;
        for (Enum<?>[] values : new Enum<?>[][] {SHAPES, KINDS, TYPES, PARTS, ROLES, PRESENCES, CONSTANTS, USES, ODDS,
                CMPS, DESTS, QUIRKS, SREG_USES}) {
            h = 31 * h + values.length;
            for (Enum<?> e : values) {
                h = 31 * h + e.name().hashCode();
            }
        }
        return h;
    }

    // ------------------------------------------------------------------ reading

    private final byte[] b;
    private final int stringCount;
    private final int stringOffsets;
    private final int stringBytes;
    private final String[] strings;
    private final Map<String, Integer> opcodes;
    private final Map<String, Integer> tables;
    /** Where the items of each pool start ({@link #POOLS}), and the items decoded so far. */
    private final int[] poolStart = new int[POOLS];
    private final Object[][] pooled = new Object[POOLS][];

    /**
     * The pools: what many forms share (a slot, its value set, an operand, a requirement) is
     * written once and referred to by index; each is decoded on first use and then shared.
     */
    private static final int SLOT = 0, ORDERED_SET = 1, COPIED_SET = 2, OPERAND = 3, SINCE = 4, POOLS = 5;

    private IsaBinary(byte[] b) {
        this.b = b;
        int p = HEADER;
        stringCount = int32(b, p);
        stringOffsets = p + 4;
        stringBytes = stringOffsets + 4 * (stringCount + 1);
        strings = new String[stringCount + 1];
        int[] pos = {stringBytes + int32(b, stringOffsets + 4 * stringCount)};
        opcodes = directory(pos);
        tables = directory(pos);
        for (int i = 0; i < POOLS; i++) {
            int n = int32(b, pos[0]);
            poolStart[i] = pos[0] + 4;
            pooled[i] = new Object[n];
            pos[0] += 4 + 4 * n;
        }
    }

    /** Item {@code i} of pool {@code pool}, decoded on first use. */
    private Object pooled(int pool, int i) {
        Object x = pooled[pool][i];
        if (x == null) {
            In in = new In(int32(b, poolStart[pool] + 4 * i));
            switch (pool) {
                case SLOT -> {
                    String name = in.str();
                    boolean optional = in.bool();
                    boolean isType = in.bool();
                    x = new IsaForm.Slot(name, optional, isType, in.orderedSet());
                }
                case ORDERED_SET -> x = in.rawOrderedSet();
                case COPIED_SET -> x = in.rawCopiedSet();
                case OPERAND -> x = operand(in);
                default -> x = since(in);
            }
            pooled[pool][i] = x;
        }
        return x;
    }

    private Map<String, Integer> directory(int[] pos) {
        int n = int32(b, pos[0]);
        pos[0] += 4;
        Map<String, Integer> m = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            m.put(string(int32(b, pos[0])), int32(b, pos[0] + 4));
            pos[0] += 8;
        }
        return m;
    }

    /**
     * The resource {@code bytes} when it is one of this format made with the index whose bytes are
     * {@code index}, else null (missing, stale, corrupt or of another version: the text is read).
     */
    static IsaBinary read(byte[] bytes, byte[] index) {
        try {
            if (bytes == null || index == null || bytes.length < HEADER || int32(bytes, 0) != MAGIC
                    || int32(bytes, 4) != VERSION || int32(bytes, 8) != fingerprint()
                    || int32(bytes, 12) != IsaIndex.crc(index) || int32(bytes, 16) != bytes.length - HEADER) {
                return null;
            }
            java.util.zip.CRC32 c = new java.util.zip.CRC32();
            c.update(bytes, HEADER, bytes.length - HEADER);
            if ((int) c.getValue() != int32(bytes, 20)) {
                return null;
            }
            return new IsaBinary(bytes);
        } catch (RuntimeException e) { // a payload that passes its CRC but is not well formed
            return null;
        }
    }

    /** Whether the resource has forms of {@code opcode}. */
    boolean hasForms(String opcode) {
        return opcodes.containsKey(opcode);
    }

    /** The forms of {@code opcode} in data order, or null when the resource has none. */
    List<IsaForm> forms(String opcode) {
        Integer at = opcodes.get(opcode);
        if (at == null) {
            return null;
        }
        In in = new In(at);
        int n = in.uint();
        IsaForm[] out = new IsaForm[n];
        for (int i = 0; i < n; i++) {
            out[i] = form(in);
        }
        return List.of(out);
    }

    /** The form table of {@code opcode}, or null when the resource has none. */
    FormTable table(String opcode) {
        Integer at = tables.get(opcode);
        return at == null ? null : table(new In(at));
    }

    private static int int32(byte[] b, int p) {
        return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
    }

    private String string(int i) {
        if (i == 0) {
            return null;
        }
        String s = strings[i];
        if (s == null) {
            int from = int32(b, stringOffsets + 4 * (i - 1));
            int to = int32(b, stringOffsets + 4 * i);
            s = new String(b, stringBytes + from, to - from, StandardCharsets.UTF_8);
            strings[i] = s;
        }
        return s;
    }

    /** A cursor over the payload. */
    private final class In {
        int p;

        In(int p) {
            this.p = p;
        }

        int uint() {
            int v = 0;
            for (int shift = 0; ; shift += 7) {
                int x = b[p++];
                v |= (x & 0x7f) << shift;
                if (x >= 0) {
                    return v;
                }
            }
        }

        int sint() {
            int v = uint();
            return (v >>> 1) ^ -(v & 1);
        }

        long slong() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int x = b[p++];
                v |= (long) (x & 0x7f) << shift;
                if (x >= 0) {
                    return (v >>> 1) ^ -(v & 1);
                }
            }
        }

        boolean bool() {
            return b[p++] != 0;
        }

        String str() {
            return string(uint());
        }

        /** A nullable array of longs ({@link Out#optLongs}). */
        long[] optLongs() {
            int n = uint();
            if (n == 0) {
                return null;
            }
            long[] a = new long[n - 1];
            for (int i = 0; i < a.length; i++) {
                a[i] = slong();
            }
            return a;
        }

        /** A nullable array of strings ({@link Out#optStrings}). */
        String[] optStrings() {
            int n = uint();
            if (n == 0) {
                return null;
            }
            String[] a = new String[n - 1];
            for (int i = 0; i < a.length; i++) {
                a[i] = str();
            }
            return a;
        }

        int[] ints() {
            int n = uint();
            if (n == 0) {
                return null;
            }
            int[] a = new int[n - 1];
            for (int i = 0; i < a.length; i++) {
                a[i] = sint();
            }
            return a;
        }

        List<String> strs() {
            int n = uint();
            String[] a = new String[n];
            for (int i = 0; i < n; i++) {
                a[i] = str();
            }
            return List.of(a);
        }

        /** A pooled unmodifiable set in the written order (null: reference 0). */
        @SuppressWarnings("unchecked")
        Set<String> orderedSet() {
            int r = uint();
            return r == 0 ? null : (Set<String>) pooled(ORDERED_SET, r - 1);
        }

        /** A pooled immutable set ({@code Set.copyOf}: what the compiler makes), null: reference 0. */
        @SuppressWarnings("unchecked")
        Set<String> copiedSet() {
            int r = uint();
            return r == 0 ? null : (Set<String>) pooled(COPIED_SET, r - 1);
        }

        Set<String> rawOrderedSet() {
            int n = uint();
            Set<String> s = new LinkedHashSet<>();
            for (int i = 0; i < n; i++) {
                s.add(str());
            }
            return Collections.unmodifiableSet(s);
        }

        Set<String> rawCopiedSet() {
            String[] a = new String[uint()];
            for (int i = 0; i < a.length; i++) {
                a[i] = str();
            }
            return Set.of(a);
        }

        IsaForm.Operand operandRef() {
            return (IsaForm.Operand) pooled(OPERAND, uint());
        }

        Since sinceRef() {
            return (Since) pooled(SINCE, uint());
        }
    }

    private IsaForm form(In in) {
        String opcode = in.str();
        String syntax = in.str();
        String section = in.str();
        String file = in.str();
        int line = in.uint();
        IsaForm.Slot[] slots = new IsaForm.Slot[in.uint()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = (IsaForm.Slot) pooled(SLOT, in.uint());
        }
        int[] typeSlots = in.ints();
        int[] spaceSlots = in.ints();
        int[][] positional = new int[in.uint()][];
        for (int i = 0; i < positional.length; i++) {
            positional[i] = in.ints();
        }
        IsaForm.Operand[] operands = new IsaForm.Operand[in.uint()];
        for (int i = 0; i < operands.length; i++) {
            operands[i] = in.operandRef();
        }
        int minOperands = in.uint();
        Since since = in.sinceRef();
        int nv = in.uint();
        Map<String, Since> valueSince;
        if (nv == 0) {
            valueSince = Map.of();
        } else {
            Object[] kv = new Object[2 * nv];
            for (int i = 0; i < nv; i++) {
                kv[2 * i] = in.str();
                kv[2 * i + 1] = in.sinceRef();
            }
            Map<String, Since> m = new HashMap<>();
            for (int i = 0; i < nv; i++) {
                m.put((String) kv[2 * i], (Since) kv[2 * i + 1]);
            }
            valueSince = Map.copyOf(m);
        }
        String undocumented = in.str();
        Set<String> repeatable = in.copiedSet();
        IsaForm.Until until = null;
        if (in.bool()) {
            PtxVersion v = version(in);
            int sm = in.uint();
            until = new IsaForm.Until(v, sm, in.str());
        }
        String name = in.str();
        int nameLength = in.uint();
        return new IsaForm(opcode, syntax, section, file, line, slots, typeSlots, spaceSlots, positional, operands,
                minOperands, since, valueSince, undocumented, repeatable, until, name, nameLength);
    }

    private PtxVersion version(In in) {
        int major = in.uint();
        return major == 0 ? null : new PtxVersion(major - 1, in.uint());
    }

    private Since since(In in) {
        switch (in.uint()) {
            case 0:
                return null;
            case 1:
                return Since.NONE;
            default:
                PtxVersion v = version(in);
                Since.TargetReq[] ts = new Since.TargetReq[in.uint()];
                for (int i = 0; i < ts.length; i++) {
                    int sm = in.uint();
                    ts[i] = new Since.TargetReq(sm, (char) in.uint());
                }
                return new Since(v, List.of(ts), since(in));
        }
    }

    private static final int WIDE = 1, OPTIONAL = 2, SINK = 4, NEG = 8, RELAXED = 16, HAS_RANGE = 32, MINUS = 64,
            SELECTOR_REQUIRED = 128, TYPED = 256, EXACT = 512, NO_FUNCTION = 1024, WRITES = 2048;

    private IsaForm.Operand operand(In in) {
        String name = in.str();
        IsaSource.Shape shape = SHAPES[in.uint()];
        IsaForm.Kind kind = KINDS[in.uint()];
        int typeSlot = in.sint();
        int ft = in.uint();
        PtxType fixedType = ft == 0 ? null : TYPES[ft - 1];
        int flags = in.uint();
        int vector = in.sint();
        int vectorSlot = in.sint();
        long min = in.slong();
        long max = in.slong();
        String text = in.str();
        Set<String> selectors = in.copiedSet();
        long[] values = in.optLongs();
        long multiple = in.slong();
        int np = in.uint();
        List<IsaForm.Operand> parts = null;
        if (np > 0) {
            List<IsaForm.Operand> l = new ArrayList<>(np - 1);
            for (int i = 1; i < np; i++) {
                l.add(in.bool() ? in.operandRef() : null);
            }
            parts = Collections.unmodifiableList(l);
        }
        String[] spaces = in.optStrings();
        int no = in.uint();
        Set<PtxType> only = null;
        if (no > 0) {
            Set<PtxType> s = new LinkedHashSet<>();
            for (int i = 1; i < no; i++) {
                s.add(TYPES[in.uint()]);
            }
            only = Collections.unmodifiableSet(s);
        }
        int[] widths = in.ints();
        int literals = in.sint();
        IsaForm.Limits limits = IsaForm.Limits.NONE;
        if (in.bool()) {
            boolean pow2 = in.bool();
            boolean nonzero = in.bool();
            boolean literal = in.bool();
            boolean floatRange = in.bool();
            double floatMin = Double.longBitsToDouble(in.slong());
            boolean floatMinOpen = in.bool();
            double floatMax = Double.longBitsToDouble(in.slong());
            String atMost = in.str();
            boolean generic = in.bool();
            String sampler32 = in.str();
            int ng = in.uint();
            Map<String, IsaForm.Geometry> geometries = Map.of();
            if (ng > 0) {
                Map<String, IsaForm.Geometry> g = new LinkedHashMap<>();
                for (int i = 0; i < ng; i++) {
                    String gn = in.str();
                    int count = in.uint();
                    String layout = in.str();
                    boolean index = in.bool();
                    boolean apart = in.bool();
                    boolean vec = in.bool();
                    g.put(gn, new IsaForm.Geometry(gn, count, layout, index, apart, vec, in.bool()));
                }
                geometries = Collections.unmodifiableMap(g);
            }
            boolean predElements = in.bool();
            boolean anyRegister = in.bool();
            int sr = in.uint();
            SpecialRegisterTable.Use specialRegisters = sr == 0 ? null : SREG_USES[sr - 1];
            boolean branchTargets = in.bool();
            boolean address64 = in.bool();
            boolean vectorOfOne = in.bool();
            boolean whole = in.bool();
            IsaForm.Handle handle = null;
            if (in.bool()) {
                Set<String> types = in.orderedSet();
                Set<String> independent = in.orderedSet();
                IsaForm.ModeSince[] req = new IsaForm.ModeSince[in.uint()];
                for (int i = 0; i < req.length; i++) {
                    Since rs = since(in);
                    boolean register = in.bool();
                    req[i] = new IsaForm.ModeSince(rs, register, in.uint());
                }
                handle = new IsaForm.Handle(types, independent, List.of(req));
            }
            boolean sampled = in.bool();
            Since pairSince = since(in);
            limits = new IsaForm.Limits(pow2, nonzero, literal, floatRange, floatMin, floatMinOpen, floatMax, atMost,
                    generic, sampler32, geometries, predElements, anyRegister, specialRegisters, branchTargets, address64,
                    vectorOfOne, whole, handle, sampled, pairSince);
        }
        return new IsaForm.Operand(name, shape, kind, typeSlot, fixedType, (flags & WIDE) != 0, vector, vectorSlot,
                (flags & OPTIONAL) != 0, (flags & SINK) != 0, (flags & NEG) != 0, (flags & RELAXED) != 0,
                (flags & HAS_RANGE) != 0, min, max, text, (flags & MINUS) != 0, selectors,
                (flags & SELECTOR_REQUIRED) != 0, values, multiple, parts, (flags & TYPED) != 0,
                (flags & EXACT) != 0, spaces, only, widths, literals, (flags & NO_FUNCTION) != 0,
                (flags & WRITES) != 0, limits);
    }

    private FormTable table(In in) {
        String opcode = in.str();
        String manual = in.str();
        List<String> typeNames = in.strs();
        FormTable.Part[] order = new FormTable.Part[in.uint()];
        for (int i = 0; i < order.length; i++) {
            order[i] = PARTS[in.uint()];
        }
        FormTable.Operand[] operands = new FormTable.Operand[in.uint()];
        for (int i = 0; i < operands.length; i++) {
            String name = in.str();
            FormTable.Role role = ROLES[in.uint()];
            int typeIndex = in.sint();
            FormTable.Presence presence = PRESENCES[in.uint()];
            Selectors selectors;
            if (in.bool()) {
                selectors = Selectors.NONE;
            } else {
                Selectors.Use use = USES[in.uint()];
                String sn = in.str();
                Set<String> legal = in.rawOrderedSet();
                String syntax = in.str();
                String defaultValue = in.str();
                selectors = Selectors.decoded(use, sn, legal, syntax, defaultValue, ODDS[in.uint()]);
            }
            operands[i] = new FormTable.Operand(name, role, typeIndex, presence, selectors, CONSTANTS[in.uint()]);
        }
        List<String> secondaryOps = in.strs();
        String cmpName = in.str();
        int nf = in.uint();
        Map<List<PtxType>, Form> forms = new LinkedHashMap<>();
        for (int i = 0; i < nf; i++) {
            PtxType[] types = new PtxType[in.uint()];
            for (int k = 0; k < types.length; k++) {
                types[k] = TYPES[in.uint()];
            }
            Set<CmpOp> cmp = EnumSet.noneOf(CmpOp.class);
            for (int k = in.uint(); k > 0; k--) {
                cmp.add(CMPS[in.uint()]);
            }
            boolean ftz = in.bool();
            Dest dest = DESTS[in.uint()];
            Requirement requires;
            if (in.bool()) {
                requires = Requirement.BASE;
            } else {
                PtxVersion v = version(in);
                requires = new Requirement(v, in.uint());
            }
            String feature = in.str();
            Set<Form.Quirk> quirks = EnumSet.noneOf(Form.Quirk.class);
            for (int k = in.uint(); k > 0; k--) {
                quirks.add(QUIRKS[in.uint()]);
            }
            List<PtxType> key = List.of(types);
            forms.put(key, new Form(key, cmp, ftz, dest, requires, feature, quirks));
        }
        return new FormTable(opcode, manual, typeNames, List.of(order), List.of(operands), secondaryOps, cmpName, forms);
    }

    // ------------------------------------------------------------------ writing (the build)

    /**
     * The build's side, apart so that a run does not load (or verify) the classes it uses.
     */
    static final class Writer {
        private Writer() {
        }


        /**
         * The resource for the compiled forms {@code forms} (by opcode, in the index's opcode order)
         * and the form tables {@code tables} of the data whose index's bytes are {@code index}.
         */
        static byte[] write(byte[] index, Map<String, List<IsaForm>> forms, List<FormTable> tables) {
            try {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                Out sections = new Out();
                Map<String, Integer> opAt = new LinkedHashMap<>();
                for (Map.Entry<String, List<IsaForm>> e : forms.entrySet()) {
                    opAt.put(e.getKey(), sections.size());
                    sections.uint(e.getValue().size());
                    for (IsaForm f : e.getValue()) {
                        writeForm(sections, f);
                    }
                }
                Map<String, Integer> tableAt = new LinkedHashMap<>();
                for (FormTable t : tables) {
                    tableAt.put(t.opcode(), sections.size());
                    writeTable(sections, t);
                }
                // the directories name their opcodes as strings of the table, so they are laid out first
                List<Integer> opNames = new ArrayList<>();
                for (String op : opAt.keySet()) {
                    opNames.add(sections.index(op));
                }
                List<Integer> tableNames = new ArrayList<>();
                for (String op : tableAt.keySet()) {
                    tableNames.add(sections.index(op));
                }
                // payload: string table, directories, sections
                List<String> table = sections.table;
                DataOutputStream d = new DataOutputStream(body);
                d.writeInt(table.size() - 1);
                byte[][] enc = new byte[table.size()][];
                int off = 0;
                d.writeInt(0);
                for (int i = 1; i < table.size(); i++) {
                    enc[i] = table.get(i).getBytes(StandardCharsets.UTF_8);
                    off += enc[i].length;
                    d.writeInt(off);
                }
                for (int i = 1; i < table.size(); i++) {
                    d.write(enc[i]);
                }
                int sectionsStart = HEADER + d.size() + 4 + 8 * opAt.size() + 4 + 8 * tableAt.size();
                for (int i = 0; i < POOLS; i++) {
                    sectionsStart += 4 + 4 * sections.pools.get(i).size();
                }
                d.writeInt(opAt.size());
                int k = 0;
                for (int at : opAt.values()) {
                    d.writeInt(opNames.get(k++));
                    d.writeInt(sectionsStart + at);
                }
                d.writeInt(tableAt.size());
                k = 0;
                for (int at : tableAt.values()) {
                    d.writeInt(tableNames.get(k++));
                    d.writeInt(sectionsStart + at);
                }
                // the pools' offset tables, then the sections, then the pools' items
                int itemAt = sectionsStart + sections.size();
                for (int i = 0; i < POOLS; i++) {
                    List<byte[]> items = sections.pools.get(i);
                    d.writeInt(items.size());
                    for (byte[] item : items) {
                        d.writeInt(itemAt);
                        itemAt += item.length;
                    }
                }
                sections.bytes.writeTo(d);
                for (int i = 0; i < POOLS; i++) {
                    for (byte[] item : sections.pools.get(i)) {
                        d.write(item);
                    }
                }
                d.flush();
                byte[] payload = body.toByteArray();
                java.util.zip.CRC32 c = new java.util.zip.CRC32();
                c.update(payload);
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                DataOutputStream h = new DataOutputStream(all);
                h.writeInt(MAGIC);
                h.writeInt(VERSION);
                h.writeInt(fingerprint());
                h.writeInt(IsaIndex.crc(index));
                h.writeInt(payload.length);
                h.writeInt((int) c.getValue());
                h.write(payload);
                h.flush();
                return all.toByteArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The sections being written, with the string table and pools they use. */
        private static final class Out {
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            final List<String> table;
            final Map<String, Integer> ids;
            /** Each pool's items (encoded) and their indices by content. */
            final List<List<byte[]>> pools;
            final List<Map<String, Integer>> poolIds;

            Out() {
                table = new ArrayList<>(List.of(""));
                ids = new HashMap<>();
                pools = new ArrayList<>();
                poolIds = new ArrayList<>();
                for (int i = 0; i < POOLS; i++) {
                    pools.add(new ArrayList<>());
                    poolIds.add(new HashMap<>());
                }
            }

            /** An Out for one pool item, sharing the tables of {@code parent}. */
            Out(Out parent) {
                table = parent.table;
                ids = parent.ids;
                pools = parent.pools;
                poolIds = parent.poolIds;
            }

            /** Writes the reference to {@code item} (written with this Out's tables) in pool {@code pool}. */
            void ref(int pool, Out item) {
                byte[] bytes = item.bytes.toByteArray();
                String key = new String(bytes, StandardCharsets.ISO_8859_1);
                Integer i = poolIds.get(pool).get(key);
                if (i == null) {
                    i = pools.get(pool).size();
                    pools.get(pool).add(bytes);
                    poolIds.get(pool).put(key, i);
                }
                uint(i);
            }

            int size() {
                return bytes.size();
            }

            int index(String s) {
                Integer i = ids.get(s);
                if (i == null) {
                    i = table.size();
                    table.add(s);
                    ids.put(s, i);
                }
                return i;
            }

            void uint(int v) {
                if (v < 0) {
                    throw new IllegalArgumentException("negative: " + v);
                }
                while ((v & ~0x7f) != 0) {
                    bytes.write((v & 0x7f) | 0x80);
                    v >>>= 7;
                }
                bytes.write(v);
            }

            void sint(int v) {
                uint((v << 1) ^ (v >> 31));
            }

            void slong(long v) {
                long z = (v << 1) ^ (v >> 63);
                while ((z & ~0x7fL) != 0) {
                    bytes.write((int) (z & 0x7f) | 0x80);
                    z >>>= 7;
                }
                bytes.write((int) z);
            }

            void bool(boolean v) {
                bytes.write(v ? 1 : 0);
            }

            void str(String s) {
                uint(s == null ? 0 : index(s));
            }

            void ints(int[] a) {
                if (a == null) {
                    uint(0);
                    return;
                }
                uint(a.length + 1);
                for (int x : a) {
                    sint(x);
                }
            }

            /** A nullable array: 0 for null, else 1 + its length, then its items. */
            void optLongs(long[] a) {
                if (a == null) {
                    uint(0);
                    return;
                }
                uint(a.length + 1);
                for (long x : a) {
                    slong(x);
                }
            }

            /** A nullable array: 0 for null, else 1 + its length, then its items. */
            void optStrings(String[] a) {
                if (a == null) {
                    uint(0);
                    return;
                }
                uint(a.length + 1);
                for (String x : a) {
                    str(x);
                }
            }

            void strs(List<String> l) {
                uint(l.size());
                for (String s : l) {
                    str(s);
                }
            }

            /** A nullable set, pooled: 0 for null, else 1 + its index in pool {@code pool}. */
            void set(int pool, Set<String> s) {
                if (s == null) {
                    uint(0);
                    return;
                }
                Out item = new Out(this);
                item.uint(s.size());
                // a copied set has no order of its own: written sorted, so that the same data gives the same bytes
                for (String x : pool == COPIED_SET ? new java.util.TreeSet<>(s) : s) {
                    item.str(x);
                }
                byte[] bytes = item.bytes.toByteArray();
                String key = new String(bytes, StandardCharsets.ISO_8859_1);
                Integer i = poolIds.get(pool).get(key);
                if (i == null) {
                    i = pools.get(pool).size();
                    pools.get(pool).add(bytes);
                    poolIds.get(pool).put(key, i);
                }
                uint(i + 1);
            }
        }

        private static void writeForm(Out o, IsaForm f) {
            o.str(f.opcode());
            o.str(f.syntax());
            o.str(f.section());
            o.str(f.file());
            o.uint(f.line());
            o.uint(f.slotCount());
            for (IsaForm.Slot s : f.slots()) {
                Out item = new Out(o);
                item.str(s.name());
                item.bool(s.optional());
                item.bool(s.isType());
                item.set(ORDERED_SET, s.values());
                o.ref(SLOT, item);
            }
            o.ints(f.typeSlots());
            o.ints(f.spaceSlots());
            o.uint(f.positionalSlots().length);
            for (int[] g : f.positionalSlots()) {
                o.ints(g);
            }
            o.uint(f.operands().length);
            for (IsaForm.Operand op : f.operands()) {
                operandRef(o, op);
            }
            o.uint(f.minOperands());
            sinceRef(o, f.since());
            o.uint(f.valueSince().size());
            for (Map.Entry<String, Since> e : new java.util.TreeMap<>(f.valueSince()).entrySet()) {
                o.str(e.getKey());
                sinceRef(o, e.getValue());
            }
            o.str(f.undocumented());
            o.set(COPIED_SET, f.repeatableValues());
            IsaForm.Until u = f.until();
            o.bool(u != null);
            if (u != null) {
                writeVersion(o, u.version());
                o.uint(u.sm());
                o.str(u.replacement());
            }
            o.str(f.name());
            o.uint(f.nameLength());
        }

        private static void writeVersion(Out o, PtxVersion v) {
            if (v == null) {
                o.uint(0);
                return;
            }
            o.uint(v.major() + 1);
            o.uint(v.minor());
        }

        private static void writeSince(Out o, Since s) {
            if (s == null || s == Since.NONE) {
                o.uint(s == null ? 0 : 1);
                return;
            }
            o.uint(2);
            writeVersion(o, s.version());
            o.uint(s.targets().size());
            for (Since.TargetReq t : s.targets()) {
                o.uint(t.sm());
                o.uint(t.kind());
            }
            writeSince(o, s.also());
        }

        private static void operandRef(Out o, IsaForm.Operand op) {
            Out item = new Out(o);
            writeOperand(item, op);
            o.ref(OPERAND, item);
        }

        private static void sinceRef(Out o, Since s) {
            Out item = new Out(o);
            writeSince(item, s);
            o.ref(SINCE, item);
        }

        private static void writeOperand(Out o, IsaForm.Operand op) {
            o.str(op.name());
            o.uint(op.shape().ordinal());
            o.uint(op.kind().ordinal());
            o.sint(op.typeSlot());
            o.uint(op.fixedType() == null ? 0 : op.fixedType().ordinal() + 1);
            o.uint((op.wide() ? WIDE : 0) | (op.optional() ? OPTIONAL : 0) | (op.sink() ? SINK : 0) | (op.neg() ? NEG : 0)
                    | (op.relaxed() ? RELAXED : 0) | (op.hasRange() ? HAS_RANGE : 0) | (op.minus() ? MINUS : 0)
                    | (op.selectorRequired() ? SELECTOR_REQUIRED : 0) | (op.typed() ? TYPED : 0)
                    | (op.exact() ? EXACT : 0) | (op.noFunction() ? NO_FUNCTION : 0) | (op.writes() ? WRITES : 0));
            o.sint(op.vector());
            o.sint(op.vectorSlot());
            o.slong(op.min());
            o.slong(op.max());
            o.str(op.text());
            o.set(COPIED_SET, op.selectors());
            o.optLongs(op.values());
            o.slong(op.multiple());
            if (op.parts() == null) {
                o.uint(0);
            } else {
                o.uint(op.parts().size() + 1);
                for (IsaForm.Operand p : op.parts()) {
                    o.bool(p != null);
                    if (p != null) {
                        operandRef(o, p);
                    }
                }
            }
            o.optStrings(op.spaces());
            if (op.only() == null) {
                o.uint(0);
            } else {
                o.uint(op.only().size() + 1);
                for (PtxType t : op.only()) {
                    o.uint(t.ordinal());
                }
            }
            o.ints(op.widths());
            o.sint(op.literals());
            IsaForm.Limits l = op.limits();
            if (l == IsaForm.Limits.NONE) {
                o.bool(false);
                return;
            }
            o.bool(true);
            o.bool(l.pow2());
            o.bool(l.nonzero());
            o.bool(l.literal());
            o.bool(l.floatRange());
            o.slong(Double.doubleToRawLongBits(l.floatMin()));
            o.bool(l.floatMinOpen());
            o.slong(Double.doubleToRawLongBits(l.floatMax()));
            o.str(l.atMost());
            o.bool(l.generic());
            o.str(l.sampler32());
            o.uint(l.geometries().size());
            for (IsaForm.Geometry g : l.geometries().values()) {
                o.str(g.name());
                o.uint(g.count());
                o.str(g.layout());
                o.bool(g.index());
                o.bool(g.apart());
                o.bool(g.vector());
                o.bool(g.nosampler());
            }
            o.bool(l.predElements());
            o.bool(l.anyRegister());
            o.uint(l.specialRegisters() == null ? 0 : l.specialRegisters().ordinal() + 1);
            o.bool(l.branchTargets());
            o.bool(l.address64());
            o.bool(l.vectorOfOne());
            o.bool(l.whole());
            IsaForm.Handle h = l.handle();
            o.bool(h != null);
            if (h != null) {
                o.set(ORDERED_SET, h.types());
                o.set(ORDERED_SET, h.independent());
                o.uint(h.requirements().size());
                for (IsaForm.ModeSince m : h.requirements()) {
                    writeSince(o, m.since());
                    o.bool(m.register());
                    o.uint(m.mode());
                }
            }
            o.bool(l.sampled());
            writeSince(o, l.pairSince());
        }

        private static void writeTable(Out o, FormTable t) {
            o.str(t.opcode());
            o.str(t.manual());
            o.strs(t.typeNames());
            o.uint(t.order().size());
            for (FormTable.Part p : t.order()) {
                o.uint(p.ordinal());
            }
            o.uint(t.operands().size());
            for (FormTable.Operand op : t.operands()) {
                o.str(op.name());
                o.uint(op.role().ordinal());
                o.sint(op.typeIndex());
                o.uint(op.presence().ordinal());
                Selectors s = op.selectors();
                o.bool(s == Selectors.NONE);
                if (s != Selectors.NONE) {
                    o.uint(s.use().ordinal());
                    o.str(s.name());
                    Out item = new Out(o);
                    item.uint(s.legal().size());
                    for (String x : s.legal()) {
                        item.str(x);
                    }
                    o.bytes.writeBytes(item.bytes.toByteArray());
                    o.str(s.syntax());
                    o.str(s.defaultValue());
                    o.uint(s.odd().ordinal());
                }
                o.uint(op.constants().ordinal());
            }
            o.strs(t.secondaryOps());
            o.str(t.cmpName());
            o.uint(t.forms().size());
            for (Map.Entry<List<PtxType>, Form> e : t.forms().entrySet()) {
                Form f = e.getValue();
                if (!f.types().equals(e.getKey())) {
                    throw new IllegalStateException(t.opcode() + ": a form keyed by other types than its own");
                }
                o.uint(f.types().size());
                for (PtxType x : f.types()) {
                    o.uint(x.ordinal());
                }
                o.uint(f.cmpOps().size());
                for (CmpOp c : EnumSet.copyOf(f.cmpOps().isEmpty() ? EnumSet.noneOf(CmpOp.class) : f.cmpOps())) {
                    o.uint(c.ordinal());
                }
                o.bool(f.ftz());
                o.uint(f.dest().ordinal());
                Requirement r = f.requires();
                o.bool(r == Requirement.BASE);
                if (r != Requirement.BASE) {
                    writeVersion(o, r.version());
                    o.uint(r.sm());
                }
                o.str(f.feature());
                o.uint(f.quirks().size());
                for (Form.Quirk q : EnumSet.copyOf(f.quirks().isEmpty() ? EnumSet.noneOf(Form.Quirk.class) : f.quirks())) {
                    o.uint(q.ordinal());
                }
            }
        }
    }
}
