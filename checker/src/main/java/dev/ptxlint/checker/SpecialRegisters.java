package dev.ptxlint.checker;

import java.util.HashSet;
import java.util.Set;

/** Predefined identifiers of PTX ISA 9.0: special registers and {@code WARP_SZ}. */
public final class SpecialRegisters {
    private SpecialRegisters() {
    }

    private static final Set<String> NAMES = new HashSet<>();

    static {
        for (String s : new String[] {"%tid", "%ntid", "%laneid", "%warpid", "%nwarpid", "%ctaid", "%nctaid",
                "%smid", "%nsmid", "%gridid", "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge",
                "%lanemask_gt", "%clock", "%clock_hi", "%clock64", "%globaltimer", "%globaltimer_lo",
                "%globaltimer_hi", "%reserved_smem_offset_begin", "%reserved_smem_offset_end",
                "%reserved_smem_offset_cap", "%reserved_smem_offset_0", "%reserved_smem_offset_1",
                "%total_smem_size", "%aggr_smem_size", "%dynamic_smem_size", "%current_graph_exec",
                "%is_explicit_cluster", "%clusterid", "%nclusterid", "%cluster_ctaid", "%cluster_nctaid",
                "%cluster_ctarank", "%cluster_nctarank", "WARP_SZ"}) {
            NAMES.add(s);
        }
        for (int i = 0; i < 8; i++) {
            NAMES.add("%pm" + i);
            NAMES.add("%pm" + i + "_64");
        }
        for (int i = 0; i < 32; i++) {
            NAMES.add("%envreg" + i);
        }
    }

    public static boolean isPredefined(String name) {
        return NAMES.contains(name);
    }
}
