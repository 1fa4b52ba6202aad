package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.Opcodes;
import dev.ptxlint.diag.Rule;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.InstructionSet;
import dev.ptxlint.isa.IsaForm;
import dev.ptxlint.isa.PtxType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How one spelling of an instruction ({@code opcode} and its modifiers as written) matches the
 * forms of the ISA data: the forms it fits, with the value of each modifier slot, or why it fits
 * none. Computed once per distinct spelling and cached by {@link IsaChecks}.
 *
 * <p>Matching follows ptxas: the types are read by position (the first written type fills the
 * form's first type slot), every other modifier may stand anywhere, each slot takes at most one
 * modifier, and every required slot must be filled.
 */
final class ModifierMatch {

    /** A form the modifiers fit: the modifier written for each slot (null: an absent optional one). */
    record Binding(IsaForm form, String[] values, boolean inOrder, String typeKey) {
        String value(int slot) {
            return slot < 0 ? null : values[slot];
        }
    }

    /** {@code cvt.bf16.f32}: the opcode and the written types, as the type rules' exceptions name forms. */
    private static String typeKey(String opcode, String[] mods) {
        StringBuilder sb = new StringBuilder(opcode);
        for (String m : mods) {
            if (PtxType.of(m) != null) {
                sb.append(m);
            }
        }
        return sb.toString();
    }

    /** Why the modifiers fit no form: the modifier at {@code index} (-1: the mnemonic as a whole). */
    record Problem(Rule rule, int index, String message) {
    }

    final List<Binding> bindings;
    final List<Problem> problems;

    private ModifierMatch(List<Binding> bindings, List<Problem> problems) {
        this.bindings = bindings;
        this.problems = problems;
    }

    static ModifierMatch of(InstructionSet isa, String opcode, String[] mods) {
        List<IsaForm> forms = isa.forms(opcode);
        List<Binding> ok = new ArrayList<>(2);
        IsaForm limited = null;
        IsaForm closest = null;
        for (IsaForm f : forms) {
            int[] a = assign(f, mods);
            if (a != null && f.pastMaxWords(mods) >= 0) {
                limited = limited == null ? f : limited; // fits, but past a @maxwords limit
                a = null;
            }
            if (a != null) {
                String[] values = new String[f.slotCount()];
                boolean inOrder = true;
                int last = -1;
                for (int i = 0; i < mods.length; i++) {
                    if (values[a[i]] == null) {
                        values[a[i]] = mods[i];
                    }
                    if (a[i] < last) {
                        inOrder = false;
                    }
                    last = Math.max(last, a[i]);
                }
                ok.add(new Binding(f, values, inOrder, typeKey(opcode, mods)));
            }
        }
        if (!ok.isEmpty()) {
            Problem misplaced = null;
            for (Binding b : ok) {
                Problem p = nameOrder(b.form(), mods);
                if (p == null) {
                    return new ModifierMatch(List.copyOf(ok), List.of());
                }
                if (misplaced == null) {
                    misplaced = p;
                }
            }
            return new ModifierMatch(List.of(), List.of(misplaced));
        }
        int bestScore = Integer.MAX_VALUE;
        for (int k = 0; k < forms.size() && limited == null; k++) {
            // no form fits: the closest one whose limit the words break (mma's .row.col.row)
            IsaForm f = forms.get(k);
            int sc = f.pastMaxWords(mods) >= 0 ? score(f, mods) : Integer.MAX_VALUE;
            if (sc < bestScore) {
                bestScore = sc;
                closest = f;
            }
        }
        limited = limited != null ? limited : closest;
        if (limited != null) {
            // ptxas counts these words while it parses ("Parsing error near '.col': too many layout
            // specifiers"), before it looks at anything else
            return new ModifierMatch(List.of(), List.of(new Problem(Rules.CONFLICTING_MODIFIERS,
                    limited.pastMaxWords(mods), "'" + limited.opcode() + "' takes " + limited.maxWordsBroken(mods)
                    + " (ptxas: too many of them): " + limited.mnemonic())));
        }
        for (IsaForm f : forms) {
            if (f.spaceSlots().length >= 2 && assign(f, mods, false) != null) {
                int at = -1;
                for (int i = 0; i < mods.length && at < 0; i++) {
                    at = IsaForm.STATE_SPACES.contains(mods[i]) ? i : -1;
                }
                return new ModifierMatch(List.of(), List.of(new Problem(Rules.ILLEGAL_MODIFIER, at, "'" + f.name()
                        + "' reads its state spaces in order, the destination's first, then the source's: "
                        + f.mnemonic())));
            }
        }
        for (IsaForm f : forms) {
            if (f.positionalSlots().length > 0 && assign(f, mods, true, false) != null) {
                int[] group = misordered(f, mods);
                int at = -1;
                StringBuilder words = new StringBuilder();
                for (int k = 0; k < group.length; k++) {
                    words.append(k == 0 ? "" : k == group.length - 1 ? " then " : ", ").append(f.slot(group[k]).name());
                }
                for (int i = 0; i < mods.length && at < 0 && group.length > 0; i++) {
                    at = inGroup(f, group, mods[i]) ? i : -1;
                }
                return new ModifierMatch(List.of(), List.of(new Problem(Rules.ILLEGAL_MODIFIER, at, "'" + f.name()
                        + "' reads " + words + " by position, in this order: " + f.mnemonic())));
            }
        }
        return new ModifierMatch(List.of(), diagnose(isa, opcode, forms, mods));
    }

    /**
     * Whether the words of the form's name follow the opcode in order ({@code cp.async.bulk.tensor},
     * not {@code cp.async.tensor.bulk} or {@code cp.async.bulk.L2::cache_hint.tensor}): ptxas reads
     * them as the name and rejects them elsewhere ("Unknown modifier"); null when they do, else the
     * problem at the first misplaced word.
     */
    private static Problem nameOrder(IsaForm f, String[] mods) {
        int n = f.nameLength();
        for (int i = 0; i < n; i++) {
            IsaForm.Slot slot = f.slot(i);
            if (i < mods.length && slot.values().contains(mods[i])) {
                continue;
            }
            int at = -1;
            for (int j = 0; j < mods.length; j++) {
                if (slot.values().contains(mods[j])) {
                    at = j;
                    break;
                }
            }
            String want = at >= 0 ? mods[at] : slot.name();
            if (at < 0) {
                at = i < mods.length ? i : -1;
            }
            String name = writtenName(f, mods);
            String rest = restAfterName(f, mods);
            return new Problem(Rules.ILLEGAL_MODIFIER, at, "'" + want + "' is part of the instruction name "
                    + name + ", whose words must follow '" + f.opcode() + "' in this order: write "
                    + name + rest + " (" + f.mnemonic() + ")");
        }
        return null;
    }

    /** The name's words as written ({@code mbarrier.arrive_drop.expect_tx} for {@code mbarrier.op.expect_tx}). */
    private static String writtenName(IsaForm f, String[] mods) {
        StringBuilder sb = new StringBuilder(f.opcode());
        for (int i = 0; i < f.nameLength(); i++) {
            IsaForm.Slot slot = f.slot(i);
            String w = slot.name();
            if (!slot.isLiteral()) {
                for (String m : mods) {
                    if (slot.values().contains(m)) {
                        w = m;
                        break;
                    }
                }
            }
            sb.append(w);
        }
        return sb.toString();
    }

    /** The written modifiers other than the name's words, in their written order. */
    private static String restAfterName(IsaForm f, String[] mods) {
        StringBuilder sb = new StringBuilder();
        boolean[] taken = new boolean[f.nameLength()];
        outer:
        for (String m : mods) {
            for (int i = 0; i < taken.length; i++) {
                if (!taken[i] && f.slot(i).values().contains(m)) {
                    taken[i] = true;
                    continue outer;
                }
            }
            sb.append(m);
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ assignment

    /**
     * The slot of each modifier, or null when the modifiers do not fit the form: types in order
     * onto the type slots, the rest onto distinct slots that hold them, every required slot filled.
     */
    static int[] assign(IsaForm f, String[] mods) {
        return assign(f, mods, true, true);
    }

    private static int[] assign(IsaForm f, String[] mods, boolean spacesByPosition) {
        return assign(f, mods, spacesByPosition, true);
    }

    private static int[] assign(IsaForm f, String[] mods, boolean spacesByPosition, boolean groupsByPosition) {
        int[] slotOf = new int[mods.length];
        boolean[] used = new boolean[f.slotCount()];
        int[] typeSlots = f.typeSlots();
        // types, by position
        int ti = 0;
        for (int i = 0; i < mods.length; i++) {
            if (PtxType.of(mods[i]) == null || typeSlots.length == 0) {
                slotOf[i] = -1;
                continue;
            }
            // the next type slot that holds it, skipping optional type slots
            while (ti < typeSlots.length && !f.slot(typeSlots[ti]).values().contains(mods[i])
                    && f.slot(typeSlots[ti]).optional()) {
                ti++;
            }
            if (ti < typeSlots.length && f.slot(typeSlots[ti]).values().contains(mods[i])) {
                slotOf[i] = typeSlots[ti];
                used[typeSlots[ti]] = true;
                ti++;
            } else if (i > 0 && slotOf[i - 1] >= 0 && f.slot(slotOf[i - 1]).isType() && f.slot(slotOf[i - 1]).optional()
                    && f.slot(slotOf[i - 1]).values().contains(mods[i]) && f.repeatable(mods[i])) {
                // an optional type slot whose values are @repeatable takes a run of them (mma's ignored
                // sub-byte type words: .kind::f8f6f4.f16.e2m3.e2m3.u4.s4.f16)
                slotOf[i] = slotOf[i - 1];
            } else {
                slotOf[i] = -1; // perhaps a non-type slot holds it (a literal .b16 in a mnemonic)
            }
        }
        if (spacesByPosition && !spacesInOrder(f, mods, slotOf, used)) {
            return null;
        }
        if (groupsByPosition) {
            for (int[] group : f.positionalSlots()) {
                if (!inOrder(f, group, mods, slotOf, used)) {
                    return null;
                }
            }
        }
        if (!place(f, mods, slotOf, used, 0)) {
            return null;
        }
        return slotOf;
    }

    /**
     * With two or more state-space slots (cp.async.bulk.shared::cluster.global), the written state
     * spaces fill them in order, as ptxas reads them ("State space incorrect" otherwise); false
     * when they do not fit so.
     */
    private static boolean spacesInOrder(IsaForm f, String[] mods, int[] slotOf, boolean[] used) {
        int[] ss = f.spaceSlots();
        if (ss.length < 2) {
            return true;
        }
        int si = 0;
        for (int i = 0; i < mods.length; i++) {
            if (slotOf[i] >= 0 || !IsaForm.STATE_SPACES.contains(mods[i])) {
                continue;
            }
            while (si < ss.length && !f.slot(ss[si]).values().contains(mods[i]) && f.slot(ss[si]).optional()) {
                si++;
            }
            if (si >= ss.length || !f.slot(ss[si]).values().contains(mods[i])) {
                return false;
            }
            slotOf[i] = ss[si];
            used[ss[si]] = true;
            si++;
        }
        return true;
    }

    /**
     * With an {@code @positional} group of slots (mma's .row/.col layouts, ldmatrix's formats), the
     * written words of the group fill those slots in order, as ptxas reads them ("Illegal alayout
     * '.col'" for mma...col.row); false when they do not fit so.
     */
    private static boolean inOrder(IsaForm f, int[] group, String[] mods, int[] slotOf, boolean[] used) {
        int gi = 0;
        for (int i = 0; i < mods.length; i++) {
            if (slotOf[i] >= 0 || !inGroup(f, group, mods[i])) {
                continue;
            }
            while (gi < group.length && !f.slot(group[gi]).values().contains(mods[i]) && f.slot(group[gi]).optional()) {
                gi++;
            }
            if (gi >= group.length || !f.slot(group[gi]).values().contains(mods[i])) {
                return false;
            }
            slotOf[i] = group[gi];
            used[group[gi]] = true;
            gi++;
        }
        return true;
    }

    /** Whether a slot of the group holds {@code m}. */
    private static boolean inGroup(IsaForm f, int[] group, String m) {
        for (int s : group) {
            if (f.slot(s).values().contains(m)) {
                return true;
            }
        }
        return false;
    }

    /** The first positional group of {@code f} whose written words are out of order. */
    private static int[] misordered(IsaForm f, String[] mods) {
        for (int[] group : f.positionalSlots()) {
            int[] slotOf = new int[mods.length];
            java.util.Arrays.fill(slotOf, -1);
            if (!inOrder(f, group, mods, slotOf, new boolean[f.slotCount()])) {
                return group;
            }
        }
        return new int[0];
    }

    private static boolean place(IsaForm f, String[] mods, int[] slotOf, boolean[] used, int i) {
        while (i < mods.length && slotOf[i] >= 0) {
            i++;
        }
        if (i == mods.length) {
            for (int s = 0; s < used.length; s++) {
                if (!used[s] && !f.slot(s).optional()) {
                    return false;
                }
            }
            return true;
        }
        String m = mods[i];
        for (int s = 0; s < f.slotCount(); s++) {
            IsaForm.Slot sl = f.slot(s);
            if (!sl.values().contains(m)) {
                continue;
            }
            if (used[s]) {
                if (f.repeatable(m) && repeatOf(mods, slotOf, i, s)) {
                    slotOf[i] = s;
                    if (place(f, mods, slotOf, used, i + 1)) {
                        return true;
                    }
                    slotOf[i] = -1;
                }
                continue;
            }
            if (sl.isType() && PtxType.of(m) != null) {
                continue; // types go by position
            }
            if (overtakes(f, slotOf, i, s)) {
                continue;
            }
            used[s] = true;
            slotOf[i] = s;
            if (place(f, mods, slotOf, used, i + 1)) {
                return true;
            }
            used[s] = false;
            slotOf[i] = -1;
        }
        return false;
    }

    /**
     * Whether placing modifier {@code i} in slot {@code s} puts it before an earlier written
     * modifier's slot that shares values with {@code s}: ptxas reads such slots by position
     * (createpolicy.L2::evict_first.L2::evict_normal is primary .L2::evict_first, secondary
     * .L2::evict_normal: "Unsupported modifier '.evict_normal' as secondary_priority").
     */
    private static boolean overtakes(IsaForm f, int[] slotOf, int i, int s) {
        for (int j = 0; j < i; j++) {
            int sj = slotOf[j];
            if (sj > s && !java.util.Collections.disjoint(f.slot(sj).values(), f.slot(s).values())) {
                return true;
            }
        }
        return false;
    }

    private static boolean repeatOf(String[] mods, int[] slotOf, int i, int slot) {
        for (int j = 0; j < i; j++) {
            if (slotOf[j] == slot && mods[j].equals(mods[i])) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ diagnosis

    private static List<Problem> diagnose(InstructionSet isa, String opcode, List<IsaForm> forms, String[] mods) {
        List<Problem> out = new ArrayList<>();
        Set<String> vocab = isa.vocabulary(opcode);
        // 1. words the instruction never takes
        for (int i = 0; i < mods.length; i++) {
            String m = mods[i];
            if (vocab.contains(m)) {
                continue;
            }
            if (PtxType.of(m) != null) {
                out.add(new Problem(Rules.INVALID_TYPE, i, "'" + opcode + "' does not take type '" + m + "'"
                        + legalList(opcode, vocab, true)));
            } else if (isa.isKnownWord(m) || KnownModifiers.isKnown(m)) {
                out.add(new Problem(Rules.ILLEGAL_MODIFIER, i, "'" + opcode + "' does not take '" + m + "'"
                        + legalList(opcode, vocab, false)));
            } else {
                List<String> s = Opcodes.Suggest.closest(m, vocab, 3);
                out.add(new Problem(Rules.UNKNOWN_MODIFIER, i, "'" + m + "' is not a modifier of '" + opcode + "'"
                        + (s.isEmpty() ? legalList(opcode, vocab, false) : "; did you mean " + quoted(s) + "?")));
            }
        }
        // 2. the same word twice
        for (int i = 0; i < mods.length; i++) {
            for (int j = 0; j < i; j++) {
                if (mods[i].equals(mods[j]) && vocab.contains(mods[i]) && PtxType.of(mods[i]) == null) {
                    out.add(new Problem(Rules.DUPLICATE_MODIFIER, i, "'" + mods[i] + "' is written twice"));
                    break;
                }
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        // 3. every word is the instruction's, but no form combines them: explain with the closest form
        IsaForm best = null;
        int bestScore = Integer.MAX_VALUE;
        for (IsaForm f : forms) {
            int s = score(f, mods);
            if (s < bestScore) {
                bestScore = s;
                best = f;
            }
        }
        if (best == null) {
            return out;
        }
        out.add(explain(opcode, forms, best, mods));
        return out;
    }

    /** How far the modifiers are from fitting {@code f}: unplaced modifiers plus empty required slots. */
    private static int score(IsaForm f, String[] mods) {
        boolean[] used = new boolean[f.slotCount()];
        int misses = 0;
        int ti = 0;
        int[] ts = f.typeSlots();
        for (String m : mods) {
            if (PtxType.of(m) != null && ts.length > 0) {
                if (ti < ts.length && f.slot(ts[ti]).values().contains(m)) {
                    used[ts[ti]] = true;
                } else {
                    misses++;
                }
                ti++;
                continue;
            }
            int s = freeSlot(f, used, m);
            if (s < 0) {
                misses++;
            } else {
                used[s] = true;
            }
        }
        for (int s = 0; s < used.length; s++) {
            if (!used[s] && !f.slot(s).optional()) {
                misses++;
            }
        }
        return misses;
    }

    private static int freeSlot(IsaForm f, boolean[] used, String m) {
        for (int s = 0; s < f.slotCount(); s++) {
            if (!used[s] && f.slot(s).values().contains(m)) {
                return s;
            }
        }
        return -1;
    }

    private static Problem explain(String opcode, List<IsaForm> forms, IsaForm best, String[] mods) {
        int[] ts = best.typeSlots();
        int typeCount = 0;
        for (String m : mods) {
            if (PtxType.of(m) != null) {
                typeCount++;
            }
        }
        // the type count matches no form
        boolean anyTypeCount = false;
        for (IsaForm f : forms) {
            if (requiredTypes(f) <= typeCount && typeCount <= f.typeSlots().length) {
                anyTypeCount = true;
                break;
            }
        }
        if (!anyTypeCount) {
            int want = requiredTypes(best);
            return new Problem(Rules.INVALID_TYPE, typeCount > want ? lastType(mods) : -1, "'"
                    + mnemonic(opcode, mods) + "' has " + typeCount + (typeCount == 1 ? " type" : " types")
                    + "; " + best.mnemonic() + " takes " + want + (want == 1 ? "" : ", in this order"));
        }
        // place what fits the best form, then look at what is left
        boolean[] used = new boolean[best.slotCount()];
        int[] slotOf = new int[mods.length];
        int ti = 0;
        int firstBadType = -1;
        for (int i = 0; i < mods.length; i++) {
            slotOf[i] = -1;
            if (PtxType.of(mods[i]) != null && ts.length > 0) {
                if (ti < ts.length && best.slot(ts[ti]).values().contains(mods[i])) {
                    slotOf[i] = ts[ti];
                    used[ts[ti]] = true;
                } else if (firstBadType < 0) {
                    firstBadType = i;
                }
                ti++;
            }
        }
        int firstConflict = -1;
        int conflictWith = -1;
        int firstStray = -1;
        for (int i = 0; i < mods.length; i++) {
            if (slotOf[i] >= 0 || (PtxType.of(mods[i]) != null && ts.length > 0)) {
                continue;
            }
            int s = freeSlot(best, used, mods[i]);
            if (s >= 0) {
                used[s] = true;
                slotOf[i] = s;
                continue;
            }
            int taken = takenSlot(best, mods[i]);
            if (taken >= 0 && firstConflict < 0) {
                firstConflict = i;
                for (int j = 0; j < i; j++) {
                    if (slotOf[j] == taken) {
                        conflictWith = j;
                    }
                }
            } else if (firstStray < 0) {
                firstStray = i;
            }
        }
        if (firstConflict >= 0 && conflictWith >= 0) {
            IsaForm.Slot sl = best.slot(slotOf[conflictWith]);
            return new Problem(Rules.CONFLICTING_MODIFIERS, firstConflict, "'" + mods[conflictWith] + "' and '"
                    + mods[firstConflict] + "' cannot be combined: both are " + sl.name() + " (one of "
                    + String.join(", ", sl.values()) + "); write one");
        }
        if (firstBadType >= 0) {
            String t = mods[firstBadType];
            boolean legalAnywhere = false;
            for (IsaForm f : forms) {
                for (int s : f.typeSlots()) {
                    if (f.slot(s).values().contains(t)) {
                        legalAnywhere = true;
                    }
                }
            }
            if (!legalAnywhere) {
                return new Problem(Rules.INVALID_TYPE, firstBadType, "'" + opcode + "' does not take type '" + t
                        + "'" + legalList(opcode, typesOf(forms), true));
            }
            return new Problem(Rules.INVALID_TYPE_COMBINATION, firstBadType, "no form of '" + opcode + "' takes '"
                    + t + "' with the other modifiers of '" + mnemonic(opcode, mods) + "'; "
                    + formsWith(forms, t, mods, firstBadType));
        }
        if (firstStray >= 0) {
            return new Problem(Rules.ILLEGAL_MODIFIER, firstStray, "no form of '" + opcode + "' takes '"
                    + mods[firstStray] + "' with the other modifiers of '" + mnemonic(opcode, mods) + "'; "
                    + formsWith(forms, mods[firstStray], mods, firstStray));
        }
        // only required slots are missing: name every form the written modifiers fit
        Set<String> fits = new LinkedHashSet<>();
        for (IsaForm f : forms) {
            if (fitsAllWritten(f, mods)) {
                fits.add(f.mnemonic());
            }
        }
        if (fits.size() > 1) {
            return new Problem(Rules.MISSING_MODIFIER, -1, "'" + mnemonic(opcode, mods)
                    + "' needs a modifier: one of " + limit(fits, 6));
        }
        for (int s = 0; s < best.slotCount(); s++) {
            IsaForm.Slot sl = best.slot(s);
            if (!used[s] && !sl.optional()) {
                String what = sl.isLiteral() ? "'" + sl.name() + "'" : sl.name() + " (one of "
                        + limit(sl.values(), 12) + ")";
                return new Problem(Rules.MISSING_MODIFIER, -1, "'" + mnemonic(opcode, mods) + "' needs " + what
                        + ": " + best.mnemonic());
            }
        }
        return new Problem(Rules.ILLEGAL_MODIFIER, -1, "'" + mnemonic(opcode, mods) + "' matches no form of '"
                + opcode + "'");
    }

    private static int requiredTypes(IsaForm f) {
        int n = 0;
        for (int s : f.typeSlots()) {
            if (!f.slot(s).optional()) {
                n++;
            }
        }
        return n;
    }

    private static int lastType(String[] mods) {
        for (int i = mods.length - 1; i >= 0; i--) {
            if (PtxType.of(mods[i]) != null) {
                return i;
            }
        }
        return -1;
    }

    private static int takenSlot(IsaForm f, String m) {
        for (int s = 0; s < f.slotCount(); s++) {
            if (f.slot(s).values().contains(m)) {
                return s;
            }
        }
        return -1;
    }

    private static Set<String> typesOf(List<IsaForm> forms) {
        Set<String> s = new LinkedHashSet<>();
        for (IsaForm f : forms) {
            for (int t : f.typeSlots()) {
                s.addAll(f.slot(t).values());
            }
        }
        return s;
    }

    /** The forms that take {@code word}, for the message: "forms with '.lo': mad.mode.type (...)". */
    private static String formsWith(List<IsaForm> forms, String word, String[] mods, int index) {
        Set<String> with = new LinkedHashSet<>();
        for (IsaForm f : forms) {
            if (takenSlot(f, word) >= 0) {
                with.add(f.mnemonic());
            }
        }
        Set<String> rest = new LinkedHashSet<>();
        String[] others = new String[mods.length - 1];
        for (int i = 0, k = 0; i < mods.length; i++) {
            if (i != index) {
                others[k++] = mods[i];
            }
        }
        for (IsaForm f : forms) {
            if (score(f, others) == 0 || (others.length > 0 && fitsAllWritten(f, others))) {
                rest.add(f.mnemonic());
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("'").append(word).append("' is used in ").append(limit(with, 4));
        if (!rest.isEmpty()) {
            sb.append("; without it: ").append(limit(rest, 4));
        }
        return sb.toString();
    }

    /** Whether every written modifier has a place in {@code f} (required slots may stay empty). */
    private static boolean fitsAllWritten(IsaForm f, String[] mods) {
        boolean[] used = new boolean[f.slotCount()];
        for (String m : mods) {
            int s = freeSlot(f, used, m);
            if (s < 0) {
                return false;
            }
            used[s] = true;
        }
        return true;
    }

    static String mnemonic(String opcode, String[] mods) {
        StringBuilder sb = new StringBuilder(opcode);
        for (String m : mods) {
            sb.append(m);
        }
        return sb.toString();
    }

    private static String legalList(String opcode, Set<String> words, boolean typesOnly) {
        List<String> l = new ArrayList<>();
        for (String w : words) {
            if ((PtxType.of(w) != null) == typesOnly) {
                l.add(w);
            }
        }
        if (l.isEmpty()) {
            return "";
        }
        return "; its " + (typesOnly ? "types" : "modifiers") + " are " + limit(l, 16);
    }

    static String limit(java.util.Collection<String> c, int max) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (String s : c) {
            if (n == max) {
                sb.append(", ... (").append(c.size() - max).append(" more)");
                break;
            }
            if (n > 0) {
                sb.append(", ");
            }
            sb.append(s);
            n++;
        }
        return sb.toString();
    }

    private static String quoted(List<String> s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.size(); i++) {
            if (i > 0) {
                sb.append(i == s.size() - 1 ? " or " : ", ");
            }
            sb.append('\'').append(s.get(i)).append('\'');
        }
        return sb.toString();
    }
}
