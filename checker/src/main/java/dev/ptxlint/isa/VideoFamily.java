package dev.ptxlint.isa;

import dev.ptxlint.eval.CmpOp;
import static dev.ptxlint.isa.FormTable.of;
import static dev.ptxlint.isa.PtxType.S32;
import static dev.ptxlint.isa.PtxType.U32;

import dev.ptxlint.isa.FormTable.Constants;
import dev.ptxlint.isa.FormTable.Part;
import dev.ptxlint.isa.Selectors.Odd;
import dev.ptxlint.isa.Selectors.Use;
import java.util.List;
import java.util.Set;

/**
 * The video comparisons: scalar {@code vset} (manual 9.7.17) and the SIMD {@code vset2},
 * {@code vset4} (9.7.18.2.2, 9.7.18.2.3), as ptxas 13.0 accepts them (docs/ptxas-video.md).
 * Where ptxas is more lenient than the manual the table says so, and the checks report the
 * lenient forms as warnings.
 */
public final class VideoFamily {
    private VideoFamily() {
    }

    /** {@code .atype = .btype = { .u32, .s32 }}. */
    private static final Set<PtxType> TYPES = of(U32, S32);
    /** {@code .cmp = { .eq, .ne, .lt, .le, .gt, .ge }} for every type pair (signedness comes from the types). */
    private static final Set<CmpOp> CMP = CmpOp.SIGNED;

    /** 9.7.17 vset (scalar). */
    public static final FormTable VSET;
    /** 9.7.18.2.2 vset2. */
    public static final FormTable VSET2;
    /** 9.7.18.2.3 vset4. */
    public static final FormTable VSET4;

    static {
        // vset.atype.btype.cmp       d, a{.asel}, b{.bsel};
        // vset.atype.btype.cmp.op2   d, a{.asel}, b{.bsel}, c;     .op2 = { .add, .min, .max }
        // vset.atype.btype.cmp       d.dsel, a{.asel}, b{.bsel}, c;
        // .dsel = .asel = .bsel = { .b0, .b1, .b2, .b3, .h0, .h1 }
        // ptxas also takes: integer constants as a, b and c; c without .op2 and without .dsel;
        // .b01/.b12/.b23 on d and c (accepted, undocumented) and on a/b (a fatal parse error).
        String syntax = ".b0, .b1, .b2, .b3 (a byte) or .h0, .h1 (a half-word)";
        String[] sels = {".b0", ".b1", ".b2", ".b3", ".h0", ".h1"};
        FormTable.Builder b = FormTable.builder("vset", "9.7.17 vset")
                .types("atype", "btype").cmpName("cmp")
                .modifiers(Part.TYPES, Part.CMP, Part.SECONDARY).secondary(".add", ".min", ".max")
                .dest("d").selectors(Selectors.of(Use.MERGE, "dsel", syntax, Odd.ACCEPTED, sels))
                .source("a", 0).selectors(Selectors.of(Use.SOURCE, "asel", syntax, Odd.FATAL, sels))
                .constants(Constants.UNDOCUMENTED_INTEGERS)
                .source("b", 1).selectors(Selectors.of(Use.SOURCE, "bsel", syntax, Odd.FATAL, sels))
                .constants(Constants.UNDOCUMENTED_INTEGERS)
                .mergeSource("c", 1).selectors(Selectors.none(Odd.ACCEPTED))
                .constants(Constants.UNDOCUMENTED_INTEGERS);
        b.forms(TYPES, TYPES).cmp(CMP).since("2.0", 20, "vset");
        VSET = b.build();
    }

    static {
        // vset2.atype.btype.cmp      d{.mask}, a{.asel}, b{.bsel}, c;   // merge
        // vset2.atype.btype.cmp.add  d{.mask}, a{.asel}, b{.bsel}, c;   // accumulate
        // .mask = { .h0, .h1, .h10 } (default .h10); .asel = .bsel = .hxy, x, y in 0..3
        // (defaults .h10 and .h32); registers only.
        FormTable.Builder b = FormTable.builder("vset2", "9.7.18.2.2 vset2")
                .types("atype", "btype").cmpName("cmp")
                .modifiers(Part.TYPES, Part.CMP, Part.SECONDARY).secondary(".add")
                .dest("d").selectors(Selectors.masks('h', 2, Odd.INVALID))
                .source("a", 0).selectors(Selectors.lanes("asel", 'h', 2, 4, ".h10", Odd.INVALID))
                .constants(Constants.NONE)
                .source("b", 1).selectors(Selectors.lanes("bsel", 'h', 2, 4, ".h32", Odd.INVALID))
                .constants(Constants.NONE)
                .source("c", 1).selectors(Selectors.none(Odd.INVALID)).constants(Constants.NONE);
        b.forms(TYPES, TYPES).cmp(CMP).since("3.0", 30, "vset2");
        VSET2 = b.build();
    }

    static {
        // vset4.atype.btype.cmp      d{.mask}, a{.asel}, b{.bsel}, c;
        // vset4.atype.btype.cmp.add  d{.mask}, a{.asel}, b{.bsel}, c;
        // .mask = { .b0 … .b3210 }: lanes in descending order (default .b3210);
        // .asel = .bsel = .bxyzw, x, y, z, w in 0..7 (defaults .b3210 and .b7654); registers only.
        FormTable.Builder b = FormTable.builder("vset4", "9.7.18.2.3 vset4")
                .types("atype", "btype").cmpName("cmp")
                .modifiers(Part.TYPES, Part.CMP, Part.SECONDARY).secondary(".add")
                .dest("d").selectors(Selectors.masks('b', 4, Odd.INVALID))
                .source("a", 0).selectors(Selectors.lanes("asel", 'b', 4, 8, ".b3210", Odd.INVALID))
                .constants(Constants.NONE)
                .source("b", 1).selectors(Selectors.lanes("bsel", 'b', 4, 8, ".b7654", Odd.INVALID))
                .constants(Constants.NONE)
                .source("c", 1).selectors(Selectors.none(Odd.INVALID)).constants(Constants.NONE);
        b.forms(TYPES, TYPES).cmp(CMP).since("3.0", 30, "vset4");
        VSET4 = b.build();
    }

    /** Every table of this family. */
    public static List<FormTable> tables() {
        return List.of(VSET, VSET2, VSET4);
    }
}
