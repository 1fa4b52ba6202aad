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
     * variable name or a floating-point constant in place of {@code [a]}). {@code HANDLE}: a
     * texture, surface or sampler handle ({@code handle(.texref|...)}: a variable of one of the
     * types {@link Limits#handle()} lists, or a register of {@code only(...)}; as a part of
     * {@code [a, b]} or as the whole {@code [a]});
     * {@code COORDS}: the coordinates of a texture or surface address, whose width the geometry
     * slot ({@code vectorSlot}) gives and whose elements have the operand's type.
     */
    public enum Kind { REG, VAL, IMM, PRED, ADDR, MEM, LABEL, FUNC, VAR, ANY, HANDLE, COORDS }

    /**
     * One operand. {@code typeSlot} is the index of the slot whose value is its type, or -1 with
     * {@code fixedType} (or neither: untyped). {@code vector} is a fixed element count (0: a
     * scalar) and {@code vectorSlot} the slot ({@code .vec}) whose value gives the count, or -1.
     * {@code typed}: a fixed type that follows the type rule of an instruction-typed operand
     * ({@code @operand ... typed}: the video instructions' 32-bit operands, where ptxas takes an
     * {@code .f16x2} register as it does for {@code add.u32}).
     * {@code spaces}: the state spaces a variable in this address may be in ({@code space(...)}),
     * or null: each a state space, or the name of a modifier slot (its value; an absent optional
     * slot stands for the words after it); on a {@code var} operand, the spaces of the variable named.
     * {@code only}: the register types it takes ({@code only(...)}),
     * or null: those of the type rules; when given it decides alone (it may name a type the
     * rules refuse: mma.sp's metadata takes a {@code .pred}); empty ({@code only()}): no register
     * alone ({@code _} where the operand is {@code sink}, a register plus a constant).
     * {@code widths}: the vector widths of {@code vec(A|B|...)} (0: a scalar too), or null: the
     * single width {@code vector} (or {@code vectorSlot}). {@code literals}: the constant kinds of
     * {@code literals(...)} as a mask over {@link TypeRules.LiteralKind#ordinal()}, or -1: those of
     * the type rules.
     * {@code noFunction}: a function's name (its address) is refused where the type rules would take it
     * ({@code nofunc}). {@code writes}: the address is written, so a parameter of the function itself
     * is refused ({@code writes}).
     */
    public record Operand(String name, IsaSource.Shape shape, Kind kind, int typeSlot, PtxType fixedType,
                          boolean wide, int vector, int vectorSlot, boolean optional, boolean sink, boolean neg,
                          boolean relaxed, boolean hasRange, long min, long max, String text, boolean minus,
                          Set<String> selectors, boolean selectorRequired, long[] values, long multiple,
                          List<Operand> parts, boolean typed, boolean exact, String[] spaces,
                          Set<PtxType> only, int[] widths, int literals, boolean noFunction,
                          boolean writes, Limits limits) {

        /**
         * Whether a constant must meet range(), values() and multiple() as written, all 64 bits
         * ({@code exact}), rather than as written or as its low 32 bits.
         */
        public boolean exactConstant() {
            return exact;
        }

        /** {@code vec(0|*)}: a vector of any width is taken as written, its elements unchecked (wgmma.sp's sp-meta). */
        public boolean anyVector() {
            if (widths != null) {
                for (int w : widths) {
                    if (w == -1) {
                        return true;
                    }
                }
            }
            return false;
        }

        /**
         * Whether the operand may be written as a vector of {@code n} elements (0: as a scalar), with {@code vec(A|B)};
         * {@code vec(0|*)}: any width ({@link #anyVector}).
         */
        public boolean takesWidth(int n) {
            for (int w : widths) {
                if (w == n || w == -1 && n > 0) {
                    return true;
                }
            }
            return false;
        }

        /** Whether a constant of this kind may stand here, when {@code literals(...)} says ({@code literals >= 0}). */
        public boolean takesLiteral(TypeRules.LiteralKind k) {
            return (literals & (1 << k.ordinal())) != 0;
        }

        /** Whether a selector suffix ({@code %r1.h0}) may follow the register. */
        public boolean takesSelector() {
            return selectors != null;
        }
    }

    /**
     * The rarer things an operand's data says ({@code @operand} words, docs/isa-notation.md), one
     * object per operand, {@link #NONE} when it says none of them.
     * {@code pow2}: a constant must be a power of two; {@code nonzero}: a constant must not be 0
     * (all 64 bits); {@code literal}: a constant written as a number, not a function's or
     * variable's name (whose address ptxas takes as a constant elsewhere); {@code floatRange}: a floating-point constant, rounded to .f32, must lie in
     * [{@code floatMin}, {@code floatMax}] ({@code floatMinOpen}: above floatMin);
     * {@code atMost}: the name of another operand whose constant this one's may not exceed (both
     * read as unsigned 32-bit numbers), or null; {@code generic}: an address that is generic when
     * the instruction names no state space; {@code sampler32}: the coordinate type with which a
     * sampler may also be a 32-bit register, or null; {@code geometries}: the coordinate layouts of
     * a {@code coords()} operand by geometry ({@code @geometry} lines of the file); {@code predElements}:
     * a {@code .pred} register may be an element of the vector where each element next to it is a
     * {@code .b32} or {@code .pred} register ({@code predelements}); {@code anyRegister}: the register
     * of an untyped address {@code [r]} may be of any type but {@code .b128} ({@code anyreg}).
     * {@code specialRegisters}: the special registers a source may be, as the {@code use=} class of
     * special-registers.txt says ({@code sreg(mov)}, {@code sreg(cvt)}), or null: none;
     * {@code branchTargets}: a label must be that of a {@code .branchtargets} list ({@code branchtargets});
     * {@code address64}: when the address is in {@code .global} or generic, its register must be a
     * 64-bit one: a 32-bit register makes ptxas 13.0 compile 32-bit code, which it no longer does
     * ({@code addr64});
     * {@code vectorOfOne}: a vector of one {@code {x}} is read as {@code x} here even where the opcode
     * is listed in {@code @novectorofone} ({@code vectorofone}: multimem.ld_reduce's destination);
     * {@code whole}: ptxas reads a written vector as one value ({@code whole}: its registers are of one
     * size, no two neighbours of different kinds, and the vector's type fits the operand's type);
     * {@code handle}: what a {@code HANDLE} operand takes ({@code handle(...)}, {@code independent(...)},
     * {@code regsince(...)}), or null; {@code sampled}: coordinates of a sampled texture, whose address
     * the texturing mode shapes ({@code sampled}); {@code pairSince}: what the second half of a pair
     * {@code d{|p}} needs when written ({@code pairsince(V TARGET)}), or null;
     * {@code forward}: a label operand that may name a label defined further down ({@code forward}:
     * bra's target); every other label operand takes only a label defined above it;
     * {@code noPlus}: a register plus a constant ({@code %f3+1}) here makes ptxas 13.0 crash or not
     * terminate ({@code noplus(...)}), or null;
     * {@code noSum}: ptxas reads what follows the register here as a video selector, so a register plus a
     * constant is refused as a selector would be ({@code nosum}: the c of the SIMD video instructions,
     * "Incorrect video selector for operand 3").
     * {@code noSinkElement}: no element of a written vector may be {@code _}, though the operand is a
     * destination ({@code nosinkelement}: tex's {@code .v2.f16x2} destination, which ptxas 13.0 lowers
     * through a mov: "Result discard mode is not allowed for instruction 'mov'");
     * {@code unified}: the address may be followed by {@code .unified} (the form writes
     * {@code [a]{.unified}}), which ptxas 13.0 takes after a register address only;
     * {@code negProduct}: the two operands whose product this operand is added to ({@code negproduct(a b)}:
     * vmad's c): the product is negated when exactly one of them is written with {@code -}, and ptxas
     * 13.0 takes that or this operand's own {@code -}, not both; where this operand takes no {@code -}
     * ({@code .po}), no negated product either; or null.
     * {@code localCrash}: with no state space named, a {@code .local} variable as this generic address kills
     * ptxas 13.0 when the instruction's result (its first operand) is written, not {@code _} ({@code localcrash}:
     * atom).
     */
    public record Limits(boolean pow2, boolean nonzero, boolean literal, boolean floatRange, double floatMin,
                         boolean floatMinOpen, double floatMax, String atMost, boolean generic, String sampler32,
                         Map<String, Geometry> geometries, boolean predElements, boolean anyRegister,
                         SpecialRegisterTable.Use specialRegisters, boolean branchTargets, boolean address64,
                         boolean vectorOfOne, boolean whole, Handle handle, boolean sampled, Since pairSince, boolean forward,
                         NoPlus noPlus, boolean noSum, boolean noSinkElement, boolean unified, List<String> negProduct,
                         boolean localCrash) {
        public static final Limits NONE = new Limits(false, false, false, false, 0, false, 0, null, false, null,
                Map.of(), false, false, null, false, false, false, false, null, false, null, false, null, false,
                false, false, null, false);

        /** The layout of a geometry's coordinates, or null for a word that is no geometry of the file. */
        public Geometry geometry(String name) {
            return name == null ? null : geometries.get(name);
        }
    }

    /**
     * How the coordinates of a texture or surface address are laid out for one geometry
     * ({@code @geometry .a1d 2 "{index, x}" index vector}): how many elements a vector needs,
     * the manual's layout (messages), whether an element is an array index (an integer, left out of
     * the element-kind test: {@code index}; the first element, or the second after a sample),
     * whether the first element is a sample left out of that test ({@code apart}: .a2dms), whether one
     * register in place of the vector is refused ({@code vector}), and whether texmode_unified
     * refuses an explicit sampler ({@code [a, b, c]}) with it ({@code nosampler}: cubemaps), or ptxas 13.0 is
     * killed by one there ({@code samplercrash}: the array and multi-sample geometries).
     */
    public record Geometry(String name, int count, String layout, boolean index, boolean apart, boolean vector,
                           boolean nosampler, boolean samplerCrash) {
    }

    /**
     * Where ptxas 13.0 fails on a register plus a constant ({@code %f3+1}) in the operand
     * ({@code noplus(WORDS)}, docs/isa-notation.md): {@code hang}: it does not terminate, whatever the
     * register (predicates: its memory grows without bound); otherwise it is killed by SIGSEGV, when the
     * register is of a floating-point type ({@code floats}: {@code .f16 .f16x2 .f32 .f64}) or of any type
     * ({@code any}). Only when every word of {@code modifiers} is a written modifier value ({@code .rn}),
     * with {@code pair} a pair {@code p|q} or {@code d|p} is written with both halves, and every operand of
     * {@code constants} that the form has is written as a constant ({@code const(a-desc b-desc)}: wgmma);
     * {@code builtin}: not a crash but a fatal "Parsing error near '+'": ptxas expands the instruction into
     * a built-in PTX routine and substitutes the operand's text into it, where the sum does not parse
     * (any register); {@code before}: only when the module's target is below sm_{@code before}
     * ({@code before(sm_90)}: shfl.sync, redux.sync and match.sync are expanded below sm_90), minus N for
     * sm_N and later ({@code from(sm_100)}: mma.sp's metadata), 0 for every target; {@code or}: the next {@code noplus(...)} of the operand, tried when this one does not apply,
     * or null.
     */
    public record NoPlus(boolean hang, boolean floats, boolean any, boolean pair, String[] modifiers,
                         String[] constants, boolean builtin, int before, NoPlus or) {
        /** With the words of its arrays (the loaded and the lazily read sets are compared by their text). */
        @Override
        public String toString() {
            return "NoPlus[hang=" + hang + ", floats=" + floats + ", any=" + any + ", pair=" + pair + ", modifiers="
                    + java.util.Arrays.toString(modifiers) + ", constants=" + java.util.Arrays.toString(constants)
                    + ", builtin=" + builtin + ", before=" + before + ", or=" + or + "]";
        }

        /** This clause with {@code next} as its alternative. */
        public NoPlus or(NoPlus next) {
            return new NoPlus(hang, floats, any, pair, modifiers, constants, builtin, before, next);
        }

        /** Whether a register of this type plus a constant fails under this clause (its conditions apart). */
        public boolean fails(PtxType register) {
            return hang || any || builtin || floats && (register == PtxType.F16 || register == PtxType.F16X2
                    || register == PtxType.F32 || register == PtxType.F64);
        }
    }

    /**
     * A texture, sampler or surface handle ({@code @operand a : handle(.texref|.tex) only(.b64,.u64,.s64)
     * regsince(3.1 sm_20)}): the variables it takes, by type ({@code .texref}, {@code .samplerref},
     * {@code .surfref}) or, for {@code .tex}, by state space (the texture declaration of PTX ISA 1.x);
     * those it takes instead when the module declares {@code texmode_independent}
     * ({@code independent(...)}, or null: the same); and what it needs ({@code requirements}):
     * a register in its place ({@code regsince(V TARGET [MODE])}) or the operand itself when written
     * ({@code since(V TARGET [MODE])}), in either texturing mode or only in one. The registers it takes
     * are the operand's {@code only(...)}.
     */
    public record Handle(Set<String> types, Set<String> independent, List<ModeSince> requirements) {
        /** The variables it takes in the module's texturing mode. */
        public Set<String> types(boolean independentMode) {
            return independentMode && independent != null ? independent : types;
        }
    }

    /**
     * A requirement of a handle: {@code register} (a register in place of the variable) or the operand
     * itself; {@code mode} 0 in either texturing mode, 1 only in texmode_unified, 2 only in
     * texmode_independent.
     */
    public record ModeSince(Since since, boolean register, int mode) {
        /** Whether it applies in this texturing mode. */
        public boolean applies(boolean independentMode) {
            return mode == 0 || (mode == 2) == independentMode;
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
    private final int[] spaceSlots;
    private final int[][] positionalSlots;
    private final Operand[] operands;
    private final int minOperands;
    private final Since since;
    private final Map<String, Since> valueSince;
    /** The requirements of modifiers written together ({@code @since .shared+.b64 = - sm_20}): words, then what they need. */
    private final String[][] comboWords;
    private final Since[] comboSince;
    private final String undocumented;
    private final Set<String> repeatable;
    /**
     * {@code @maxwords N .w1 .w2 ...}: at most {@code maxCount[i]} of the words {@code maxWords[i]} in
     * all; carried in the repeatable set as {@code "N .w1 .w2"} (no binary format change).
     */
    private final String[][] maxWords;
    private final int[] maxCount;
    /**
     * {@code @except sm_LO..sm_HI}: the targets (by number, any suffix; pairs of bounds, inclusive) on
     * which the form does not apply; carried in the repeatable set as {@code "except LO HI"}.
     */
    private final int[] except;
    /**
     * {@code @lowered sm_LO..sm_HI [.TYPE] [OPERAND ...]}: the targets on which ptxas lowers the form into
     * per-element instructions, so that a constant among the registers of a vector operand (of the named
     * operands, or of every one) is judged as a lone constant of {@code .TYPE} (or of the operand's type);
     * carried in the repeatable set as {@code "lowered LO HI TYPE OPERANDS"} ({@code -}: none given).
     */
    private final Lowering[] lowered;

    /** One {@code @lowered} annotation: targets {@code lo..hi}, the type (null: the operand's), the operands (null: all). */
    private record Lowering(int lo, int hi, PtxType type, Set<String> operands) {
    }
    /**
     * {@code @crash "why"}: ptxas 13.0 is killed (SIGSEGV) or does not terminate on this form, which it parses
     * and checks; carried in the repeatable set as {@code "crash why"}; null when the form has none.
     */
    private final String crash;
    private final Until until;
    private final String name;
    private final int nameLength;

    IsaForm(String opcode, String syntax, String section, String file, int line, List<Slot> slots,
            List<Operand> operands, Since since, Map<String, Since> valueSince, String undocumented,
            Set<String> repeatable, Until until, Set<String> names, List<Set<String>> positional) {
        this.until = until;
        this.opcode = opcode;
        this.syntax = syntax;
        this.section = section;
        this.file = file;
        this.line = line;
        this.slots = slots.toArray(new Slot[0]);
        int types = 0;
        for (Slot s : this.slots) {
            types += s.isType() ? 1 : 0;
        }
        this.typeSlots = new int[types];
        for (int i = 0, k = 0; i < this.slots.length; i++) {
            if (this.slots[i].isType()) {
                this.typeSlots[k++] = i;
            }
        }
        int spaces = 0;
        for (Slot s : this.slots) {
            spaces += STATE_SPACES.containsAll(s.values()) ? 1 : 0;
        }
        this.spaceSlots = new int[spaces];
        for (int i = 0, k = 0; i < this.slots.length; i++) {
            if (STATE_SPACES.containsAll(this.slots[i].values())) {
                this.spaceSlots[k++] = i;
            }
        }
        List<int[]> groups = new java.util.ArrayList<>();
        for (Set<String> g : positional) {
            int n = 0;
            for (Slot s : this.slots) {
                n += g.containsAll(s.values()) ? 1 : 0;
            }
            if (n < 2) {
                continue;
            }
            int[] idx = new int[n];
            for (int i = 0, k = 0; i < this.slots.length; i++) {
                if (g.containsAll(this.slots[i].values())) {
                    idx[k++] = i;
                }
            }
            groups.add(idx);
        }
        this.positionalSlots = groups.toArray(new int[0][]);
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
        this.comboWords = comboWords(this.valueSince);
        this.comboSince = comboSince(this.valueSince, this.comboWords);
        this.undocumented = undocumented;
        this.repeatable = Set.copyOf(repeatable);
        this.maxWords = maxWords(this.repeatable);
        this.maxCount = maxCount(this.repeatable, this.maxWords);
        this.except = ranges(this.repeatable, "except ");
        this.lowered = lowered(this.repeatable);
        this.crash = crash(this.repeatable);
        // the longest run of leading required non-type slots that spells names of @names: a literal
        // or an enumeration each of whose values continues every candidate to a name
        List<String> prefixes = List.of(opcode);
        String best = opcode;
        int bestLength = 0;
        for (int i = 0; i < this.slots.length && !names.isEmpty(); i++) {
            Slot s = this.slots[i];
            if (s.optional() || s.isType() || prefixes.size() * s.values().size() > 16) {
                break;
            }
            List<String> next = new java.util.ArrayList<>();
            boolean all = true;
            for (String p : prefixes) {
                for (String v : s.values()) {
                    String n = p + v;
                    next.add(n);
                    all &= names.contains(n);
                }
            }
            prefixes = next;
            if (all) {
                bestLength = i + 1;
            }
        }
        if (bestLength > 0) {
            StringBuilder sb = new StringBuilder(opcode);
            for (int i = 0; i < bestLength; i++) {
                sb.append(this.slots[i].name()); // an enumeration's name stands for its values (mbarrier.op)
            }
            best = sb.toString();
        }
        this.name = best;
        this.nameLength = bestLength;
    }

    /** A form as {@link IsaBinary} decodes it: every field as the build's compiled form had it. */
    IsaForm(String opcode, String syntax, String section, String file, int line, Slot[] slots, int[] typeSlots,
            int[] spaceSlots, int[][] positionalSlots, Operand[] operands, int minOperands, Since since,
            Map<String, Since> valueSince, String undocumented, Set<String> repeatable, Until until, String name,
            int nameLength) {
        this.opcode = opcode;
        this.syntax = syntax;
        this.section = section;
        this.file = file;
        this.line = line;
        this.slots = slots;
        this.typeSlots = typeSlots;
        this.spaceSlots = spaceSlots;
        this.positionalSlots = positionalSlots;
        this.operands = operands;
        this.minOperands = minOperands;
        this.since = since;
        this.valueSince = valueSince;
        this.comboWords = comboWords(valueSince);
        this.comboSince = comboSince(valueSince, this.comboWords);
        this.undocumented = undocumented;
        this.repeatable = repeatable;
        this.maxWords = maxWords(repeatable);
        this.maxCount = maxCount(repeatable, this.maxWords);
        this.except = ranges(repeatable, "except ");
        this.lowered = lowered(repeatable);
        this.crash = crash(repeatable);
        this.until = until;
        this.name = name;
        this.nameLength = nameLength;
    }

    /** The file and line the form is written at (for {@link IsaBinary}). */
    String file() {
        return file;
    }

    int line() {
        return line;
    }

    /** Every modifier value with a requirement of its own in this form (for {@link IsaBinary} and tests). */
    Map<String, Since> valueSince() {
        return valueSince;
    }

    /** The values that may be repeated (for {@link IsaBinary} and tests). */
    Set<String> repeatableValues() {
        return repeatable;
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

    /** The state-space words of PTX ({@code .shared::cta} included). */
    public static final Set<String> STATE_SPACES = Set.of(".global", ".shared", ".shared::cta", ".shared::cluster",
            ".local", ".const", ".param", ".param::entry", ".param::func");

    /**
     * The indices of the slots that hold only state spaces, in order: ptxas reads the state spaces
     * of an instruction with two of them by position (destination, then source).
     */
    public int[] spaceSlots() {
        return spaceSlots;
    }

    /**
     * The slots ptxas reads by position, one array of slot indices per {@code @positional} group
     * of the form's file that two or more of its slots hold ({@code .row .col}: mma's A and B
     * layouts; ldmatrix's destination and source formats).
     */
    public int[][] positionalSlots() {
        return positionalSlots;
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

    /**
     * What the modifiers written together need beyond their own requirements: the requirements of
     * {@code @since .w1+.w2 = V TARGET} whose words are all among {@code values} (a binding's written
     * values, nulls allowed), joined to {@code s}; {@code s} itself when there are none. Allocates
     * nothing unless a combination applies.
     */
    public Since comboSince(Since s, String[] values) {
        for (int i = 0; i < comboWords.length; i++) {
            boolean all = true;
            for (String w : comboWords[i]) {
                boolean found = false;
                for (String v : values) {
                    if (w.equals(v)) {
                        found = true;
                        break;
                    }
                }
                if (!found) {
                    all = false;
                    break;
                }
            }
            if (all) {
                s = s.and(comboSince[i]);
            }
        }
        return s;
    }

    /** The keys of {@code valueSince} that name words written together ({@code .shared+.b64}), split, in key order. */
    private static String[][] comboWords(Map<String, Since> valueSince) {
        List<String> keys = new java.util.ArrayList<>();
        for (String k : valueSince.keySet()) {
            if (k.indexOf('+') > 0) {
                keys.add(k);
            }
        }
        java.util.Collections.sort(keys);
        String[][] out = new String[keys.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = keys.get(i).split("\\+");
        }
        return out;
    }

    private static Since[] comboSince(Map<String, Since> valueSince, String[][] words) {
        Since[] out = new Since[words.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = valueSince.get(String.join("+", words[i]));
        }
        return out;
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

    /**
     * The entry of the repeatable set that says {@code @maxwords N .w1 .w2 ...}: {@code "N .w1 .w2"}
     * (a modifier never starts with a digit, so it never reads as a repeatable word).
     */
    static String maxWordsEntry(int n, List<String> words) {
        return n + " " + String.join(" ", words);
    }

    /** The entry of the repeatable set that says {@code @except sm_LO..sm_HI} ({@code hi}: MAX_VALUE when open). */
    static String exceptEntry(int lo, int hi) {
        return "except " + lo + " " + hi;
    }

    /** The entry of the repeatable set that says {@code @crash "why"}. */
    static String crashEntry(String why) {
        return "crash " + why;
    }

    private static String crash(Set<String> repeatable) {
        for (String r : repeatable) {
            if (r.startsWith("crash ")) {
                return r.substring(6);
            }
        }
        return null;
    }

    /**
     * What {@code @crash "why"} says: ptxas 13.0 is killed or does not terminate on this form (PTX0289), or
     * null.
     */
    public String crash() {
        return crash;
    }

    /**
     * The entry of the repeatable set that says {@code @lowered sm_LO..sm_HI [.TYPE] [OPERAND ...]}: {@code type}
     * and {@code operands} are {@code "-"} when not given (the operand's type; every operand).
     */
    static String loweredEntry(int lo, int hi, String type, String operands) {
        return "lowered " + lo + " " + hi + " " + type + " " + operands;
    }

    private static Lowering[] lowered(Set<String> repeatable) {
        List<Lowering> out = new java.util.ArrayList<>();
        for (String r : new java.util.TreeSet<>(repeatable)) {
            if (r.startsWith("lowered ")) {
                String[] p = r.split(" ");
                out.add(new Lowering(Integer.parseInt(p[1]), Integer.parseInt(p[2]), p[3].equals("-") ? null
                        : PtxType.of(p[3]), p[4].equals("-") ? null : Set.of(p[4].split(","))));
            }
        }
        return out.toArray(new Lowering[0]);
    }

    private static int[] ranges(Set<String> repeatable, String prefix) {
        int n = 0;
        for (String r : repeatable) {
            n += r.startsWith(prefix) ? 2 : 0;
        }
        if (n == 0) {
            return new int[0];
        }
        int[] out = new int[n];
        int i = 0;
        for (String r : new java.util.TreeSet<>(repeatable)) {
            if (r.startsWith(prefix)) {
                String[] p = r.split(" ");
                out[i++] = Integer.parseInt(p[1]);
                out[i++] = Integer.parseInt(p[2]);
            }
        }
        return out;
    }

    /**
     * Whether the form does not apply on target {@code sm} ({@code @except}): ptxas reads the
     * instruction differently there (cp.async.bulk.shared::cluster.global on the sm_120 family
     * converts its addresses with a mov), and another form of the data says how.
     */
    public boolean excludes(int sm) {
        for (int i = 0; i < except.length; i += 2) {
            if (sm >= except[i] && sm <= except[i + 1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * The type ptxas moves the elements of operand {@code operand} as where it lowers the form into
     * per-element instructions on target {@code sm} ({@code @lowered}): the annotation's type, or
     * {@code type} (the operand's) when it names none; null when the form is not lowered there. FP8 mma
     * on sm_90 ... sm_119 ("Arguments mismatch for instruction 'mov'" / "'add'"), wmma.store's data and
     * wmma.mma's .f16 c with .f32 d on every target (as .b32: "... 'mov'").
     */
    public PtxType loweredAs(int sm, String operand, PtxType type) {
        for (Lowering l : lowered) {
            if (sm >= l.lo() && sm <= l.hi() && (l.operands() == null || l.operands().contains(operand))) {
                return l.type() == null ? type : l.type();
            }
        }
        return null;
    }

    /** Whether the form has an {@code @except} list. */
    public boolean hasExcept() {
        return except.length > 0;
    }

    private static String[][] maxWords(Set<String> repeatable) {
        List<String[]> out = new java.util.ArrayList<>();
        for (String r : new java.util.TreeSet<>(repeatable)) {
            if (!r.isEmpty() && Character.isDigit(r.charAt(0))) {
                String[] p = r.split(" ");
                out.add(java.util.Arrays.copyOfRange(p, 1, p.length));
            }
        }
        return out.toArray(new String[0][]);
    }

    private static int[] maxCount(Set<String> repeatable, String[][] words) {
        int[] out = new int[words.length];
        int i = 0;
        for (String r : new java.util.TreeSet<>(repeatable)) {
            if (!r.isEmpty() && Character.isDigit(r.charAt(0))) {
                out[i++] = Integer.parseInt(r.substring(0, r.indexOf(' ')));
            }
        }
        return out;
    }

    /**
     * The first written modifier past a {@code @maxwords} limit ({@code movmatrix...row.row.col}:
     * the {@code .col}, the third layout word where ptxas takes two: "too many layout specifiers"),
     * or -1 when every limit holds.
     */
    public int pastMaxWords(String[] mods) {
        for (int g = 0; g < maxWords.length; g++) {
            int n = 0;
            for (int i = 0; i < mods.length; i++) {
                for (String w : maxWords[g]) {
                    if (w.equals(mods[i])) {
                        if (++n > maxCount[g]) {
                            return i;
                        }
                        break;
                    }
                }
            }
        }
        return -1;
    }

    /**
     * The {@code @maxwords} limit that {@code mods} break, as text for messages ({@code at most 2 of
     * .row, .col}), or null.
     */
    public String maxWordsBroken(String[] mods) {
        for (int g = 0; g < maxWords.length; g++) {
            int n = 0;
            for (String m : mods) {
                for (String w : maxWords[g]) {
                    if (w.equals(m)) {
                        n++;
                        break;
                    }
                }
            }
            if (n > maxCount[g]) {
                return "at most " + maxCount[g] + " of " + String.join(", ", maxWords[g]) + " in all";
            }
        }
        return null;
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
