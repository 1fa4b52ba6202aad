package dev.ptxlint.isa;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One instruction form, compiled from a form line of the ISA data (docs/isa-notation.md): its
 * modifier slots in the manual's order, its operands with kind and type, and what it needs.
 */
public final class IsaForm {

    /**
     * A modifier slot: a literal ({@code .lo}) or an enumeration ({@code .type}), required or
     * optional. A type slot holds only fundamental types and is matched by position.
     */
    public record Slot(String name, boolean optional, boolean isType, Set<String> values) {
        /** {@code .type}, {@code {.sat}}: as the form line writes it. */
        public String text() {
            return optional ? "{" + name + "}" : name;
        }

        public boolean isLiteral() {
            return values.size() == 1 && values.contains(name);
        }
    }

    /**
     * What an operand may be. {@code MEM}: an address that ptxas also takes bare (a register, a
     * variable name or a floating-point constant in place of {@code [a]}). {@code TEXREF},
     * {@code SURFREF}, {@code SAMPLER}, {@code TEXSAMPLER} (either), {@code HANDLE} (any of the
     * three): a texture, surface or sampler handle (a variable of that opaque type or a 64-bit
     * register; as a part of {@code [a, b]} or as the whole {@code [a]});
     * {@code COORDS}: the coordinates of a texture or surface address, whose width the geometry
     * slot ({@code vectorSlot}) gives and whose elements have the operand's type.
     */
    public enum Kind { REG, VAL, IMM, PRED, ADDR, MEM, LABEL, FUNC, VAR, ANY,
        TEXREF, SURFREF, SAMPLER, TEXSAMPLER, HANDLE, COORDS }

    /**
     * One operand. {@code typeSlot} is the index of the slot whose value is its type, or -1 with
     * {@code fixedType} (or neither: untyped). {@code vector} is a fixed element count (0: a
     * scalar) and {@code vectorSlot} the slot ({@code .vec}) whose value gives the count, or -1.
     * {@code typed}: a fixed type that follows the type rule of an instruction-typed operand
     * ({@code @operand ... typed}: the video instructions' 32-bit operands, where ptxas takes an
     * {@code .f16x2} register as it does for {@code add.u32}).
     */
    public record Operand(String name, IsaSource.Shape shape, Kind kind, int typeSlot, PtxType fixedType,
                          boolean wide, int vector, int vectorSlot, boolean optional, boolean sink, boolean neg,
                          boolean relaxed, boolean hasRange, long min, long max, String text, boolean minus,
                          Set<String> selectors, boolean selectorRequired, long[] values, long multiple,
                          List<Operand> parts, boolean typed) {

        /** Whether a selector suffix ({@code %r1.h0}) may follow the register. */
        public boolean takesSelector() {
            return selectors != null;
        }
    }

    /** A removal: the form is an error from {@code version} on, on {@code sm} and later targets. */
    public record Until(PtxVersion version, int sm, String replacement) {
    }

    private final String opcode;
    private final String syntax;
    private final String section;
    private final String file;
    private final int line;
    private final Slot[] slots;
    private final int[] typeSlots;
    private final Operand[] operands;
    private final int minOperands;
    private final Since since;
    private final Map<String, Since> valueSince;
    private final String undocumented;
    private final Set<String> repeatable;
    private final Until until;
    private final String name;
    private final int nameLength;

    /**
     * Instruction names of more than one word. ptxas reads these words as the instruction's name:
     * right after the opcode and in this order ({@code cp.async.bulk.prefetch.tensor}, not
     * {@code cp.async.bulk.tensor.prefetch}: "Unknown modifier '.tensor'"), where other modifiers
     * may stand in any order. Measured on the recorded verdicts (testdata/ptxas/isa, ptxas 13.0).
     */
    static final Set<String> NAMES = Set.of(
            "cp.async.bulk.prefetch.tensor", "cp.async.bulk.tensor", "cp.async.bulk.prefetch", "cp.async.bulk",
            "cp.reduce.async.bulk.tensor", "cp.reduce.async.bulk", "cp.async.mbarrier.arrive",
            "barrier.cluster.arrive", "barrier.cluster.wait",
            "wmma.store.d", "wmma.load.a", "wmma.load.b", "wmma.load.c",
            "tcgen05.alloc", "tcgen05.dealloc", "tcgen05.relinquish_alloc_permit", "tcgen05.ld", "tcgen05.st",
            "tcgen05.cp", "tcgen05.shift", "tcgen05.commit", "tcgen05.mma", "tcgen05.mma.ws", "tcgen05.mma.sp",
            "tcgen05.mma.ws.sp", "tcgen05.wait", "tcgen05.fence", "wmma.mma", "cp.async",
            "cp.async.commit_group", "cp.async.wait_group", "cp.async.wait_all", "cp.async.bulk.commit_group",
            "cp.async.bulk.wait_group",
            "mbarrier.arrive", "mbarrier.arrive_drop", "mbarrier.test_wait", "mbarrier.try_wait",
            "mbarrier.expect_tx", "mbarrier.complete_tx", "mbarrier.init", "mbarrier.inval", "mbarrier.pending_count",
            "multimem.ld_reduce", "multimem.st", "multimem.red", "tensormap.replace", "tensormap.cp_fenceproxy",
            "clusterlaunchcontrol.try_cancel", "clusterlaunchcontrol.query_cancel",
            // measured with ptxas 13.0: suld.2d.b.b32 "Not a name of any known instruction: 'suld'",
            // sust.2d.p.b32 "Unknown modifier '.p'", tex.2d.level "Unknown modifier '.level'"
            "suld.b", "sust.b", "sust.p", "sured.b", "sured.p", "tex.level", "tex.grad", "txq.level");

    IsaForm(String opcode, String syntax, String section, String file, int line, List<Slot> slots,
            List<Operand> operands, Since since, Map<String, Since> valueSince, String undocumented,
            Set<String> repeatable, Until until) {
        this.until = until;
        this.opcode = opcode;
        this.syntax = syntax;
        this.section = section;
        this.file = file;
        this.line = line;
        this.slots = slots.toArray(new Slot[0]);
        this.typeSlots = java.util.stream.IntStream.range(0, this.slots.length).filter(i -> this.slots[i].isType())
                .toArray();
        this.operands = operands.toArray(new Operand[0]);
        int min = 0;
        for (Operand o : this.operands) {
            if (!o.optional()) {
                min++;
            }
        }
        this.minOperands = min;
        this.since = since;
        this.valueSince = Map.copyOf(valueSince);
        this.undocumented = undocumented;
        this.repeatable = Set.copyOf(repeatable);
        // the longest run of leading required literal slots that spells a name of NAMES
        StringBuilder sb = new StringBuilder(opcode);
        String best = opcode;
        int bestLength = 0;
        for (int i = 0; i < this.slots.length; i++) {
            Slot s = this.slots[i];
            if (s.optional() || s.isType() || !s.isLiteral()) {
                break;
            }
            sb.append(s.name());
            if (NAMES.contains(sb.toString())) {
                best = sb.toString();
                bestLength = i + 1;
            }
        }
        this.name = best;
        this.nameLength = bestLength;
    }

    /**
     * The instruction's name ({@code cp.async.bulk.prefetch.tensor}): the opcode and the words that
     * ptxas reads with it, which must follow it in this order; the first {@link #nameLength()} slots.
     */
    public String name() {
        return name;
    }

    /** How many of the leading slots are words of the {@link #name()}. */
    public int nameLength() {
        return nameLength;
    }

    public String opcode() {
        return opcode;
    }

    /** The form line as written in the data, without its annotations: {@code add{.sat}.s32 d, a, b;}. */
    public String syntax() {
        return syntax;
    }

    /** The manual section ({@code @section}), or "". */
    public String section() {
        return section;
    }

    /** {@code int-arith.ptxisa:12}: where the form is written. */
    public String origin() {
        return file + ":" + line;
    }

    public Slot[] slots() {
        return slots;
    }

    public int slotCount() {
        return slots.length;
    }

    public Slot slot(int i) {
        return slots[i];
    }

    /** The indices of the type slots, in order. */
    public int[] typeSlots() {
        return typeSlots;
    }

    public Operand[] operands() {
        return operands;
    }

    public int minOperands() {
        return minOperands;
    }

    public int maxOperands() {
        return operands.length;
    }

    /** What the form itself needs (not its modifiers' values). */
    public Since since() {
        return since;
    }

    /** What a modifier value needs in this form, or null. */
    public Since since(String value) {
        return valueSince.get(value);
    }

    public boolean hasValueRequirements() {
        return !valueSince.isEmpty();
    }

    /** The evidence of a form ptxas accepts but the manual does not list, or null. */
    public String undocumented() {
        return undocumented;
    }

    /** When the form stopped being accepted ({@code @until}), or null. */
    public Until until() {
        return until;
    }

    public boolean repeatable(String value) {
        return repeatable.contains(value);
    }

    /** The mnemonic part of the syntax: {@code add{.sat}.s32}. */
    public String mnemonic() {
        int sp = syntax.indexOf(' ');
        int semi = syntax.indexOf(';');
        int end = sp < 0 ? semi : sp;
        return end < 0 ? syntax : syntax.substring(0, end);
    }

    @Override
    public String toString() {
        return syntax;
    }
}
