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
 * payload length, payload CRC); then the payload: a string table (count, whether every string is
 * ASCII, count + 1 offsets, the UTF-8 bytes; a string is decoded on first use), the index (the
 * CRC of {@code index.txt}, the data files and their CRCs, then each keyed part as a hash table,
 * {@link Keys}), the pools' offsets, one section per opcode (its data files, its vocabulary, its
 * forms) and per table (its data files, the table), and the pools' items. Numbers are unsigned
 * or zigzag varints, strings indices into the table (0: null). Not {@code java.io.Serializable}:
 * that would load and link many classes on the start-up path, and tie the resource to the
 * classes' private fields.
 *
 * <p>Not thread-safe (its caches of decoded strings and pool items are plain arrays):
 * {@link InstructionSet} decodes under its own lock. The lookups of {@link #index()} are the
 * exception: they only fill the cache of strings, whose races are benign (a {@code String} is
 * immutable and safely published through its final fields).
 */
final class IsaBinary {

    /** The generated resource, in this package. */
    static final String RESOURCE = "isa.forms";
    private static final int MAGIC = 0x50544c46; // "PTLF"
    private static final int VERSION = 16;
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
    /**
     * ISO-8859-1 when every string is ASCII (the writer says so): the same strings, decoded
     * without the interpreted scan for non-ASCII bytes that UTF-8 decoding makes first.
     */
    private final java.nio.charset.Charset charset;
    /** Opcode to its section: the indices of its data files, its vocabulary, then its forms. */
    private final Keys opcodes;
    /** Form-table opcode to its section: the indices of its data files, then whether it has a table, the table. */
    private final Keys tables;
    /** The index the forms were made with, its lookups answered from the payload ({@link #index()}). */
    private final IsaIndex index;
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
        charset = int32(b, p + 4) != 0 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
        stringOffsets = p + 8;
        stringBytes = stringOffsets + 4 * (stringCount + 1);
        strings = new String[stringCount + 1];
        int[] pos = {stringBytes + int32(b, stringOffsets + 4 * stringCount)};
        int listCrc = int32(b, pos[0]);
        String[] files = new String[int32(b, pos[0] + 4)];
        int[] crcs = new int[files.length];
        pos[0] += 8;
        for (int i = 0; i < files.length; i++) {
            files[i] = string(int32(b, pos[0]));
            crcs[i] = int32(b, pos[0] + 4);
            pos[0] += 8;
        }
        opcodes = new Keys(pos);
        tables = new Keys(pos);
        Keys words = new Keys(pos);
        Keys elsewhere = new Keys(pos);
        Keys ignored = new Keys(pos);
        Keys ignores = new Keys(pos);
        Keys names = new Keys(pos);
        Keys opcodeSets = new Keys(pos);
        index = new IsaIndex(List.of(files), crcs, listCrc, new FileLists(opcodes), new FileLists(tables),
                new KeySet(words), new StringSets(elsewhere), new KeySet(ignored), new StringSets(ignores),
                new KeySet(names), new StringSets(opcodeSets));
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

    /** Where {@link Keys} puts a key: Java's hash of the string, spread (the writer uses the same). */
    static int slot(int hash, int mask) {
        return (hash ^ hash >>> 16) & mask;
    }

    /**
     * A keyed part of the index in the payload, found without decoding it: the count of entries,
     * the count of slots (a power of two), the entries in data order (the key's {@code hashCode},
     * its string, a value: a payload offset or 0), then the slots of an open-addressing hash table
     * (entry + 1, 0: empty; linear probing). A lookup decodes only the keys whose hash matches.
     * Safe to read from several threads: the cache of decoded strings is written racily, but a
     * {@code String} is immutable and safely published through its final fields.
     */
    private final class Keys {
        final int n;
        final int mask;
        final int entries;
        final int slots;

        Keys(int[] pos) {
            n = int32(b, pos[0]);
            mask = int32(b, pos[0] + 4) - 1;
            entries = pos[0] + 8;
            slots = entries + 12 * n;
            pos[0] = slots + 4 * (mask + 1);
        }

        /** The entry of {@code key}, or -1. */
        int find(Object key) {
            if (!(key instanceof String s) || n == 0) {
                return -1;
            }
            int h = s.hashCode();
            for (int i = slot(h, mask); ; i = (i + 1) & mask) {
                int e = int32(b, slots + 4 * i) - 1;
                if (e < 0) {
                    return -1;
                }
                int at = entries + 12 * e;
                if (int32(b, at) == h && s.equals(string(int32(b, at + 4)))) {
                    return e;
                }
            }
        }

        String key(int e) {
            return string(int32(b, entries + 12 * e + 4));
        }

        int value(int e) {
            return int32(b, entries + 12 * e + 8);
        }
    }

    /** The keys of a {@link Keys} as a set (iteration in data order). */
    private final class KeySet extends java.util.AbstractSet<String> {
        final Keys keys;

        KeySet(Keys keys) {
            this.keys = keys;
        }

        @Override
        public boolean contains(Object o) {
            return keys.find(o) >= 0;
        }

        @Override
        public int size() {
            return keys.n;
        }

        @Override
        public java.util.Iterator<String> iterator() {
            return new java.util.Iterator<>() {
                int e;

                @Override
                public boolean hasNext() {
                    return e < keys.n;
                }

                @Override
                public String next() {
                    if (e >= keys.n) {
                        throw new java.util.NoSuchElementException();
                    }
                    return keys.key(e++);
                }
            };
        }
    }

    /** A read-only map over a {@link Keys}, its values decoded on each {@link #get}. */
    private abstract class KeyMap<V> extends java.util.AbstractMap<String, V> {
        final Keys keys;

        KeyMap(Keys keys) {
            this.keys = keys;
        }

        abstract V decode(int e);

        @Override
        public V get(Object key) {
            int e = keys.find(key);
            return e < 0 ? null : decode(e);
        }

        @Override
        public boolean containsKey(Object key) {
            return keys.find(key) >= 0;
        }

        @Override
        public int size() {
            return keys.n;
        }

        @Override
        public Set<String> keySet() {
            return new KeySet(keys);
        }

        @Override
        public Set<Map.Entry<String, V>> entrySet() {
            return new java.util.AbstractSet<>() {
                @Override
                public int size() {
                    return keys.n;
                }

                @Override
                public java.util.Iterator<Map.Entry<String, V>> iterator() {
                    return new java.util.Iterator<>() {
                        int e;

                        @Override
                        public boolean hasNext() {
                            return e < keys.n;
                        }

                        @Override
                        public Map.Entry<String, V> next() {
                            if (e >= keys.n) {
                                throw new java.util.NoSuchElementException();
                            }
                            int i = e++;
                            return new java.util.AbstractMap.SimpleImmutableEntry<>(keys.key(i), decode(i));
                        }
                    };
                }
            };
        }
    }

    /** Opcode to the indices of its data files (the start of its section). */
    private final class FileLists extends KeyMap<int[]> {
        FileLists(Keys keys) {
            super(keys);
        }

        @Override
        int[] decode(int e) {
            In in = new In(keys.value(e));
            int[] a = new int[in.uint()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.uint();
            }
            return a;
        }
    }

    /** Key to a set of strings, each decoded once (racily: the sets are immutable and safely published). */
    private final class StringSets extends KeyMap<Set<String>> {
        private final Object[] decoded;

        StringSets(Keys keys) {
            super(keys);
            decoded = new Object[keys.n];
        }

        @Override
        @SuppressWarnings("unchecked")
        Set<String> decode(int e) {
            Object s = decoded[e];
            if (s == null) {
                s = new In(keys.value(e)).rawCopiedSet();
                decoded[e] = s;
            }
            return (Set<String>) s;
        }
    }

    /** The index the resource was made with, answered from the payload (nothing decoded until asked). */
    IsaIndex index() {
        return index;
    }

    /** The section of entry {@code e} of {@code keys} past its list of data files. */
    private In section(Keys keys, int e) {
        In in = new In(keys.value(e));
        for (int k = in.uint(); k > 0; k--) {
            in.uint();
        }
        return in;
    }

    /**
     * The resource {@code bytes} when it is one of this format made with the index whose CRC-32 is
     * {@code indexCrc}, else null (missing, stale, corrupt or of another version: the text is read).
     */
    static IsaBinary read(byte[] bytes, int indexCrc) {
        try {
            if (bytes == null || bytes.length < HEADER || int32(bytes, 0) != MAGIC
                    || int32(bytes, 4) != VERSION || int32(bytes, 8) != fingerprint()
                    || int32(bytes, 12) != indexCrc || int32(bytes, 16) != bytes.length - HEADER) {
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

    /** The forms of {@code opcode} in data order, or null when the resource has none. */
    List<IsaForm> forms(String opcode) {
        int e = opcodes.find(opcode);
        if (e < 0) {
            return null;
        }
        In in = section(opcodes, e);
        in.uint(); // its vocabulary
        int n = in.uint();
        IsaForm[] out = new IsaForm[n];
        for (int i = 0; i < n; i++) {
            out[i] = form(in);
        }
        return List.of(out);
    }

    /**
     * Every modifier the forms of {@code opcode} use, in form order (what
     * {@link InstructionSet#vocabulary} makes of the forms, made by the build), or null when the
     * resource has no forms of it.
     */
    Set<String> vocabulary(String opcode) {
        int e = opcodes.find(opcode);
        return e < 0 ? null : section(opcodes, e).orderedSet();
    }

    /** The form table of {@code opcode}, or null when the resource has none. */
    FormTable table(String opcode) {
        int e = tables.find(opcode);
        if (e < 0) {
            return null;
        }
        In in = section(tables, e);
        return in.bool() ? table(in) : null;
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
            s = new String(b, stringBytes + from, to - from, charset);
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
                    boolean nosampler = in.bool();
                    g.put(gn, new IsaForm.Geometry(gn, count, layout, index, apart, vec, nosampler, in.bool()));
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
            boolean forward = in.bool();
            IsaForm.NoPlus noPlus = noPlus(in);
            boolean noSum = in.bool();
            boolean noSinkElement = in.bool();
            boolean unified = in.bool();
            int nn = in.uint();
            List<String> negProduct = null;
            if (nn > 0) {
                String[] words = new String[nn - 1];
                for (int i = 0; i < words.length; i++) {
                    words[i] = in.str();
                }
                negProduct = List.of(words);
            }
            boolean localCrash = in.bool();
            limits = new IsaForm.Limits(pow2, nonzero, literal, floatRange, floatMin, floatMinOpen, floatMax, atMost,
                    generic, sampler32, geometries, predElements, anyRegister, specialRegisters, branchTargets, address64,
                    vectorOfOne, whole, handle, sampled, pairSince, forward, noPlus, noSum, noSinkElement, unified,
                    negProduct, localCrash);
        }
        return new IsaForm.Operand(name, shape, kind, typeSlot, fixedType, (flags & WIDE) != 0, vector, vectorSlot,
                (flags & OPTIONAL) != 0, (flags & SINK) != 0, (flags & NEG) != 0, (flags & RELAXED) != 0,
                (flags & HAS_RANGE) != 0, min, max, text, (flags & MINUS) != 0, selectors,
                (flags & SELECTOR_REQUIRED) != 0, values, multiple, parts, (flags & TYPED) != 0,
                (flags & EXACT) != 0, spaces, only, widths, literals, (flags & NO_FUNCTION) != 0,
                (flags & WRITES) != 0, limits);
    }

    /** An operand's {@code noplus(...)} clauses ({@link Writer#writeNoPlus}), chained in written order, or null. */
    private static IsaForm.NoPlus noPlus(In in) {
        IsaForm.NoPlus[] clause = new IsaForm.NoPlus[in.uint()];
        for (int i = 0; i < clause.length; i++) {
            boolean hang = in.bool();
            boolean floats = in.bool();
            boolean any = in.bool();
            boolean pair = in.bool();
            String[] mods = new String[in.uint()];
            for (int k = 0; k < mods.length; k++) {
                mods[k] = in.str();
            }
            String[] constants = new String[in.uint()];
            for (int k = 0; k < constants.length; k++) {
                constants[k] = in.str();
            }
            boolean builtin = in.bool();
            int before = in.sint();
            clause[i] = new IsaForm.NoPlus(hang, floats, any, pair, mods, constants, builtin, before, null);
        }
        IsaForm.NoPlus np = null;
        for (int i = clause.length - 1; i >= 0; i--) {
            np = clause[i].or(np);
        }
        return np;
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
            FormTable.Constants constants = CONSTANTS[in.uint()];
            boolean selects = in.bool();
            boolean copied = in.bool();
            operands[i] = new FormTable.Operand(name, role, typeIndex, presence, selectors, constants, selects,
                    copied, noPlus(in));
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
        Map<String, String> hints = new java.util.LinkedHashMap<>();
        for (int k = in.uint(); k > 0; k--) {
            String key = in.str();
            hints.put(key, in.str());
        }
        return new FormTable(opcode, manual, typeNames, List.of(order), List.of(operands), secondaryOps, cmpName, forms,
                java.util.Collections.unmodifiableMap(hints));
    }

    // ------------------------------------------------------------------ writing (the build)

    /**
     * The build's side, apart so that a run does not load (or verify) the classes it uses.
     */
    static final class Writer {
        private Writer() {
        }


        /**
         * The resource for the index {@code idx} (whose bytes are {@code index}), the compiled forms
         * {@code forms} (by opcode, in the index's opcode order) and the form tables {@code tables}.
         */
        static byte[] write(IsaIndex idx, byte[] index, Map<String, List<IsaForm>> forms, List<FormTable> tables) {
            try {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                Out sections = new Out();
                // each opcode's and table's section: its data files, then its forms or table
                List<String> opKeys = new ArrayList<>(idx.opcodes.keySet());
                int[] opAt = new int[opKeys.size()];
                for (int i = 0; i < opAt.length; i++) {
                    String op = opKeys.get(i);
                    List<IsaForm> l = forms.get(op);
                    if (l == null) {
                        throw new IllegalStateException("no forms compiled for " + op);
                    }
                    opAt[i] = sections.size();
                    files(sections, idx.opcodes.get(op));
                    sections.set(ORDERED_SET, InstructionSet.vocabulary(l));
                    sections.uint(l.size());
                    for (IsaForm f : l) {
                        writeForm(sections, f);
                    }
                }
                Map<String, FormTable> byOpcode = new HashMap<>();
                for (FormTable t : tables) {
                    byOpcode.put(t.opcode(), t);
                }
                List<String> tableKeys = new ArrayList<>(idx.tables.keySet());
                int[] tableAt = new int[tableKeys.size()];
                for (int i = 0; i < tableAt.length; i++) {
                    tableAt[i] = sections.size();
                    files(sections, idx.tables.get(tableKeys.get(i)));
                    FormTable t = byOpcode.get(tableKeys.get(i));
                    sections.bool(t != null);
                    if (t != null) {
                        writeTable(sections, t);
                    }
                }
                List<String> elsewhere = new ArrayList<>(new java.util.TreeSet<>(idx.elsewhere.keySet()));
                int[] elsewhereAt = sets(sections, elsewhere, idx.elsewhere);
                List<String> ignores = new ArrayList<>(new java.util.TreeSet<>(idx.ignores.keySet()));
                int[] ignoresAt = sets(sections, ignores, idx.ignores);
                List<String> opSets = new ArrayList<>(new java.util.TreeSet<>(idx.opcodeSets.keySet()));
                int[] opSetsAt = sets(sections, opSets, idx.opcodeSets);
                List<String> words = new ArrayList<>(new java.util.TreeSet<>(idx.words));
                List<String> ignored = new ArrayList<>(new java.util.TreeSet<>(idx.ignored));
                List<String> names = new ArrayList<>(new java.util.TreeSet<>(idx.names));
                // every key and file name is a string of the table, so they are laid out first
                int[] fileNames = new int[idx.files.size()];
                for (int i = 0; i < fileNames.length; i++) {
                    fileNames[i] = sections.index(idx.files.get(i));
                }
                List<List<String>> keyed = List.of(opKeys, tableKeys, words, elsewhere, ignored, ignores, names, opSets);
                for (List<String> keys : keyed) {
                    for (String k : keys) {
                        sections.index(k);
                    }
                }
                // payload: string table, index, pools' offset tables, sections, pools' items
                List<String> table = sections.table;
                DataOutputStream d = new DataOutputStream(body);
                d.writeInt(table.size() - 1);
                boolean ascii = true;
                for (String x : table) {
                    for (int i = 0; i < x.length() && ascii; i++) {
                        ascii = x.charAt(i) < 0x80;
                    }
                }
                d.writeInt(ascii ? 1 : 0);
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
                int sectionsStart = HEADER + d.size() + 8 + 8 * fileNames.length;
                for (List<String> keys : keyed) {
                    sectionsStart += 8 + 12 * keys.size() + 4 * slots(keys.size());
                }
                for (int i = 0; i < POOLS; i++) {
                    sectionsStart += 4 + 4 * sections.pools.get(i).size();
                }
                d.writeInt(idx.listCrc);
                d.writeInt(fileNames.length);
                for (int i = 0; i < fileNames.length; i++) {
                    d.writeInt(fileNames[i]);
                    d.writeInt(idx.crcs[i]);
                }
                int[] none = null;
                int[][] values = {opAt, tableAt, none, elsewhereAt, none, ignoresAt, none, opSetsAt};
                for (int k = 0; k < keyed.size(); k++) {
                    keys(d, sections, keyed.get(k), values[k], sectionsStart);
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

        /** A list of data file indices, at the start of an opcode's or a table's section. */
        private static void files(Out o, int[] files) {
            o.uint(files.length);
            for (int f : files) {
                o.uint(f);
            }
        }

        /** The sets of {@code m} for {@code keys}, each sorted; their offsets in the sections. */
        private static int[] sets(Out o, List<String> keys, Map<String, Set<String>> m) {
            int[] at = new int[keys.size()];
            for (int i = 0; i < at.length; i++) {
                at[i] = o.size();
                List<String> l = new ArrayList<>(new java.util.TreeSet<>(m.get(keys.get(i))));
                o.uint(l.size());
                for (String x : l) {
                    o.str(x);
                }
            }
            return at;
        }

        /** The slots of a {@link Keys} of {@code n} entries: a power of two, at least twice {@code n}. */
        private static int slots(int n) {
            int m = 1;
            while (m < 2 * n) {
                m <<= 1;
            }
            return m;
        }

        /** A {@link Keys}: entries in the order of {@code keys}, values the offsets {@code at} in the sections (null: 0). */
        private static void keys(DataOutputStream d, Out o, List<String> keys, int[] at, int sectionsStart)
                throws IOException {
            int m = slots(keys.size());
            int[] slot = new int[m];
            d.writeInt(keys.size());
            d.writeInt(m);
            for (int e = 0; e < keys.size(); e++) {
                String k = keys.get(e);
                d.writeInt(k.hashCode());
                d.writeInt(o.index(k));
                d.writeInt(at == null ? 0 : sectionsStart + at[e]);
                int i = slot(k.hashCode(), m - 1);
                while (slot[i] != 0) {
                    i = (i + 1) & (m - 1);
                }
                slot[i] = e + 1;
            }
            for (int x : slot) {
                d.writeInt(x);
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
                o.bool(g.samplerCrash());
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
            o.bool(l.forward());
            writeNoPlus(o, l.noPlus());
            o.bool(l.noSum());
            o.bool(l.noSinkElement());
            o.bool(l.unified());
            List<String> np = l.negProduct();
            o.uint(np == null ? 0 : np.size() + 1);
            for (int i = 0; np != null && i < np.size(); i++) {
                o.str(np.get(i));
            }
            o.bool(l.localCrash());
        }

        /** The {@code noplus(...)} clauses of an operand, in written order (read by {@link IsaBinary#noPlus}). */
        private static void writeNoPlus(Out o, IsaForm.NoPlus np) {
            int clauses = 0;
            for (IsaForm.NoPlus c = np; c != null; c = c.or()) {
                clauses++;
            }
            o.uint(clauses);
            for (IsaForm.NoPlus c = np; c != null; c = c.or()) {
                o.bool(c.hang());
                o.bool(c.floats());
                o.bool(c.any());
                o.bool(c.pair());
                o.strs(List.of(c.modifiers()));
                o.strs(List.of(c.constants()));
                o.bool(c.builtin());
                o.sint(c.before());
            }
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
                o.bool(op.selects());
                o.bool(op.copied());
                writeNoPlus(o, op.noPlus());
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
            o.uint(t.hints().size());
            for (Map.Entry<String, String> e : t.hints().entrySet()) {
                o.str(e.getKey());
                o.str(e.getValue());
            }
        }
    }
}
