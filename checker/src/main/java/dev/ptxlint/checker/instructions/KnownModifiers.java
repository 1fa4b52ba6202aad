package dev.ptxlint.checker.instructions;

import dev.ptxlint.eval.CmpOp;
import dev.ptxlint.isa.PtxType;
import java.util.HashSet;
import java.util.Set;

/**
 * Dotted words that are modifiers of some PTX instruction. A modifier outside this set is
 * "unknown" (probably a typo); one inside it but not taken by the instruction is "illegal".
 */
final class KnownModifiers {
    private KnownModifiers() {
    }

    static final Set<String> ROUNDING = Set.of(".rn", ".rz", ".rm", ".rp", ".rna", ".rni", ".rzi", ".rmi", ".rpi",
            ".rs");
    static final Set<String> BOOL_OPS = Set.of(".and", ".or", ".xor");

    private static final Set<String> ALL = new HashSet<>();

    static {
        for (PtxType t : PtxType.values()) {
            ALL.add(t.text());
        }
        for (CmpOp c : CmpOp.values()) {
            ALL.add(c.text());
        }
        ALL.addAll(ROUNDING);
        ALL.addAll(BOOL_OPS);
        for (String s : new String[] {".ftz", ".sat", ".satfinite", ".approx", ".full", ".cc", ".wide", ".hi",
                ".relu", ".xorsign", ".abs", ".noftz", ".oob", ".uni", ".sync", ".aligned", ".volatile", ".relaxed",
                ".acquire", ".release", ".acq_rel", ".sc", ".weak", ".mmio", ".cta", ".gpu", ".sys", ".cluster",
                ".global", ".shared", ".local", ".const", ".param", ".generic", ".tex", ".v2", ".v4", ".v8", ".x1",
                ".x2", ".x4", ".x16", ".trans", ".add", ".min", ".max", ".inc", ".dec", ".exch", ".cas", ".not",
                ".popc", ".shl", ".shr", ".L1", ".L2", ".ca", ".cg", ".cs", ".lu", ".cv", ".wb", ".wt", ".nc",
                ".to", ".arrive", ".red", ".all", ".any", ".ballot", ".clamp", ".wrap", ".mirror", ".shiftamt",
                ".up", ".down", ".bfly", ".idx", ".pack_ab", ".b0", ".b1", ".b2", ".b3", ".h0", ".h1", ".mode",
                ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16", ".neg", ".pred"}) {
            ALL.add(s);
        }
    }

    static boolean isKnown(String text) {
        return ALL.contains(text);
    }
}
