package dev.ptxlint.checker.instructions;

import dev.ptxlint.checker.CheckContext;
import dev.ptxlint.checker.Symbol;
import dev.ptxlint.checker.instructions.FormAnalysis.Kind;
import dev.ptxlint.diag.Rules;
import dev.ptxlint.isa.IsaForm;
import dev.ptxlint.isa.IsaSource;
import dev.ptxlint.isa.PtxType;
import dev.ptxlint.isa.PtxVersion;
import dev.ptxlint.isa.Since;
import dev.ptxlint.isa.Target;
import dev.ptxlint.isa.TypeRules;
import dev.ptxlint.syntax.Ast;
import java.util.List;

/**
 * The parts of a texture or surface address ({@code [a, b]}, {@code [a, b, c]} of tex, tld4,
 * suld, sust, sured; {@code [a]} of txq and suq), as the ISA data describes them
 * ({@code @operand a : handle(.texref|.tex) ...}, {@code @operand c : coords(.geom) sampled}; docs/isa-notation.md).
 * Nothing here names an instruction: what each operand takes is the data's.
 * The rules are ptxas 13.0's, measured case by case (the evidence is in the data files and in
 * docs/rules/PTX0270.md, PTX0271.md); where ptxas was not measured nothing is reported.
 * Allocates nothing on the way to a verdict except the operand classification; messages are built
 * only for an operand that fails.
 */
final class TextureOperands {

    private TextureOperands() {
    }

    // ------------------------------------------------------------------ handles

    /**
     * A texture, sampler or surface handle ({@code @operand a : handle(.texref|.tex) only(.b64,.u64,.s64)
     * regsince(3.1 sm_20)}, docs/isa-notation.md): a variable of a type the data lists (in the module's
     * texturing mode: {@code independent(...)}), a register of its {@code only(...)} types (which may
     * need a version and target: {@code regsince(...)}), or a 32-bit register by {@code sampler32(...)}.
     * {@code e} is the part itself, or for {@code [a]} the address (then it must have one part).
     */
    static int handle(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e, CheckContext ctx,
                      List<IsaChecks.Finding> out) {
        if (spec.shape() == IsaSource.Shape.ADDRESS && !(e instanceof Ast.Address)) {
            // suq.width.b32 %r1, %rd1: "Address expected for argument 1 of instruction 'suq'"
            return out == null ? 1 : failHandle(insn, spec, false, e, "write it as an address [" + spec.name() + "]", out);
        }
        if (e instanceof Ast.Address a) {
            if (a.items().size() != 1) {
                return out == null ? 1 : failHandle(insn, spec, false, a, "[" + spec.name() + "] has one part; this "
                        + "address has " + a.items().size(), out);
            }
            e = a.items().get(0);
        }
        IsaForm.Handle h = spec.limits().handle();
        boolean independent = independent(ctx);
        for (IsaForm.ModeSince m : h.requirements()) {
            // since(V TARGET [MODE]): the operand itself needs them (tex's explicit sampler in texmode_unified)
            if (!m.register() && m.applies(independent) && requires(m.since(), e, "operand " + spec.name() + " of '"
                    + insn.mnemonic() + "'" + modeText(m), "", ctx, out) > 0) {
                return 1;
            }
        }
        if (e instanceof Ast.Name n && n.suffixes().isEmpty()) {
            Symbol s = ctx.resolve(n.token());
            if (s == null) {
                return 0; // undeclared: the name resolver reports it
            }
            if (s.isRegister()) {
                PtxType r = s.vector() == 1 ? TypeCache.of(s.type()) : null;
                if (r != null && spec.only() != null && spec.only().contains(r)) {
                    return registerSince(insn, h, independent, e, ctx, out);
                }
                // sampler32(.T) belongs to the variables of texmode_unified: independent(...) replaces it
                if (r != null && r != PtxType.F32 && r.bits() == 32 && !(independent && h.independent() != null)
                        && sampler32(insn, spec, e)) {
                    return 0;
                }
                return out == null ? 1 : failHandle(insn, spec, independent && h.independent() != null, e, "'"
                        + s.name() + "' is " + (s.vector() > 1 ? ".v" + s.vector() + " " : "") + s.type() + ", not a " + registers(spec)
                        + " register", out);
            }
            java.util.Set<String> types = h.types(independent);
            if (s.kind() == Symbol.Kind.VARIABLE && (types.contains(s.type())
                    || ".tex".equals(s.space()) && types.contains(".tex"))) {
                return 0;
            }
            return out == null ? 1 : failHandle(insn, spec, independent && h.independent() != null, e, "'" + s.name()
                    + "' is " + (s.kind() == Symbol.Kind.VARIABLE ? "a " + (s.type() == null ? "" : s.type() + " ")
                    + "variable" : "not a variable"), out);
        }
        return failHandle(insn, spec, false, e, "this one is not a name", out);
    }

    /**
     * Whether {@code e} is the sampler of {@code [a, b, c]} on an instruction whose coordinates are
     * of the type of the operand's {@code sampler32(.T)} (the last type modifier is the coordinate
     * type), where a 32-bit register other than .f32 may stand for the sampler.
     */
    private static boolean sampler32(Ast.Instruction insn, IsaForm.Operand spec, Ast.Expr e) {
        String want = spec.limits().sampler32();
        if (want == null) {
            return false;
        }
        boolean middle = false;
        for (Ast.Expr o : insn.operands()) {
            if (o instanceof Ast.Address a && a.items().size() == 3 && a.items().get(1) == e) {
                middle = true;
            }
        }
        if (!middle) {
            return false;
        }
        String ctype = null;
        for (var m : insn.modifiers()) {
            if (PtxType.of(m.text()) != null) {
                ctype = m.text();
            }
        }
        return want.equals(ctype);
    }

    /**
     * A register in place of the handle variable: what {@code regsince(V TARGET)} says it needs
     * (ptxas 13.0: "Feature 'indirect surface access' requires PTX ISA .version 3.1 or later",
     * "Instruction 'indirect texture access' requires .target sm_20 or higher").
     */
    private static int registerSince(Ast.Instruction insn, IsaForm.Handle h, boolean independent, Ast.Expr e,
                                     CheckContext ctx, List<IsaChecks.Finding> out) {
        for (IsaForm.ModeSince m : h.requirements()) {
            if (m.register() && m.applies(independent)) {
                String v = variables(h.types(independent));
                if (requires(m.since(), e, "a register in place of a " + v + " variable (indirect access)" + modeText(m),
                        "; use a " + v + " variable instead", ctx, out) > 0) {
                    return 1;
                }
            }
        }
        return 0;
    }

    private static String modeText(IsaForm.ModeSince m) {
        return m.mode() == 1 ? " in texmode_unified" : m.mode() == 2 ? " in texmode_independent" : "";
    }

    /**
     * Whether the module meets {@code since}, else (with {@code out}) an error at {@code e} that says
     * what needs it ({@code what}) and what the module declares.
     */
    static int requires(Since since, Ast.Expr e, String what, String advice, CheckContext ctx,
                        List<IsaChecks.Finding> out) {
        PtxVersion v = ctx.declaredVersion();
        Target t = ctx.declaredTarget();
        boolean version = since.versionMet(v);
        boolean target = since.targetMet(t);
        if (version && target) {
            return 0;
        }
        if (out != null) {
            out.add(new IsaChecks.Finding(Rules.REQUIRES_NEWER, e.span(), what + " requires "
                    + (since.version() == null ? "" : ".version " + since.version())
                    + (since.version() != null && !since.targets().isEmpty() ? " and " : "")
                    + (since.targets().isEmpty() ? "" : ".target " + since.targetText()) + " or later; the module declares "
                    + (version ? ".target " + t.name() : ".version " + v) + advice));
        }
        return 1;
    }

    /** {@code .texref or .samplerref}: the variable types of a handle, for messages ({@code .tex} left out). */
    static String variables(java.util.Set<String> types) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (String t : types) {
            n += t.equals(".tex") ? 0 : 1;
        }
        int k = 0;
        for (String t : types) {
            if (!t.equals(".tex")) {
                sb.append(k == 0 ? "" : k == n - 1 ? " or " : ", ").append(t);
                k++;
            }
        }
        return sb.toString();
    }

    /** {@code .b64, .u64 or .s64}: the register types of a handle ({@code only(...)}), for messages. */
    static String registers(IsaForm.Operand spec) {
        if (spec.only() == null) {
            return "handle";
        }
        StringBuilder sb = new StringBuilder();
        int k = 0;
        for (PtxType t : spec.only()) {
            sb.append(k == 0 ? "" : k == spec.only().size() - 1 ? " or " : ", ").append(t.text());
            k++;
        }
        return sb.toString();
    }

    private static int failHandle(Ast.Instruction insn, IsaForm.Operand spec, boolean independent, Ast.Expr e,
                                  String why, List<IsaChecks.Finding> out) {
        if (out != null) {
            IsaForm.Handle h = spec.limits().handle();
            out.add(new IsaChecks.Finding(Rules.TEXTURE_HANDLE, e.span(), "operand " + spec.name() + " of '"
                    + insn.mnemonic() + "' is a " + variables(h.types(independent)) + " variable"
                    + (spec.only() == null ? "" : " or a " + registers(spec) + " register holding its handle")
                    + (independent ? " in texmode_independent" : "") + "; " + why));
        }
        return 1;
    }

    // ------------------------------------------------------------------ coordinates

    /**
     * The coordinates of a texture or surface address for the geometry {@code geometry} with
     * elements of {@code type} ({@code .f32} or {@code .s32}: a texture's .ctype; {@code .b32}: a
     * surface, whose coordinates are 32-bit integers). What each geometry needs is the data's
     * ({@code @geometry} lines: the element count, the layout, whether the first element is an
     * array index or left apart, whether one register may stand for the vector, whether a cubemap
     * refuses an explicit sampler). Measured with ptxas 13.0:
     * <ul>
     * <li>a vector has 1, 2 or 4 elements ("Illegal vector size: 3") and at least as many as the
     *     geometry needs ("Operand vector size doesn't match geometry"); every element is a
     *     32-bit register (.b32 .u32 .s32 .f32) or a constant, never '_';</li>
     * <li>the elements may not mix floating-point (.f32 registers, float constants) and integer
     *     ones (.u32/.s32 registers, integer constants): "Vector with elements of different types
     *     are not allowed"; .b32 registers go with either; a texture's array index (the first
     *     element of .a1d .a2d .acube .a2dms: {@code index}, {@code apart}) is not counted;</li>
     * <li>integer coordinates (.s32, surfaces) of floating-point elements only are "Arguments
     *     mismatch" (a .b32 register among them makes the vector untyped);</li>
     * <li>a texture's array index (.a1d .a2d .acube: {@code index}) is an integer: an .f32 register there is
     *     "Array index ... has unexpected type. Expecting type .u32";</li>
     * <li>one register in place of the vector: of the element type's class (.f32 or .b32 for
     *     .f32; .b32 .u32 .s32 for integers), except on the texture array and multi-sample
     *     geometries ({@code vector}: "Arguments mismatch"); a constant, '_' or special register there is a
     *     syntax error.</li>
     * </ul>
     */
    static int coordinates(Ast.Instruction insn, IsaForm.Operand spec, String geometry, PtxType type, Ast.Expr e,
                           CheckContext ctx, List<IsaChecks.Finding> out) {
        int p = coordinateProblems(insn, spec, geometry, type, e, ctx, out);
        if (p > 0) {
            return p;
        }
        IsaForm.Geometry g = spec.limits().geometry(geometry);
        if (g != null && g.samplerCrash() && spec.limits().sampled() && parts(insn, e) == 3 && !independent(ctx)) {
            // samplercrash: ptxas 13.0 is killed by SIGSEGV on tex.a1d.v4.f32.s32 d, [tex, tex, {%s1, %s2}] (any
            // sampler, type and coordinate type, tex and tex.level, tld4 .a2d), after its other checks passed
            if (out != null) {
                out.add(new IsaChecks.Finding(Rules.PTXAS_CRASH, e.span(), "in texmode_unified (the default) an explicit"
                        + " sampler with " + g.name() + " kills ptxas 13.0 (SIGSEGV): write [a, c] (or declare"
                        + " texmode_independent, where it assembles)"));
            }
            return 1;
        }
        return 0;
    }

    private static int coordinateProblems(Ast.Instruction insn, IsaForm.Operand spec, String geometry, PtxType type,
                                          Ast.Expr e, CheckContext ctx, List<IsaChecks.Finding> out) {
        IsaForm.Geometry g = spec.limits().geometry(geometry);
        if (g == null || type == null) {
            return 0;
        }
        int need = g.count();
        // sampled: the address of a sampled texture, [a, c] or [a, b, c] with an explicit sampler, as the
        // texturing mode allows
        int parts = spec.limits().sampled() ? parts(insn, e) : 0;
        if (parts == 2 && independent(ctx)) {
            // texmode_independent: "Argument 2 of instruction 'tex': .samplerref or .u64 register expected"
            return out == null ? 1 : failAddress(out, e, "in texmode_independent '" + insn.mnemonic()
                    + "' takes a sampler: [a, b, c] with a .samplerref or a 64-bit register b");
        }
        boolean unifiedSampler = parts == 3 && !independent(ctx);
        if (unifiedSampler && g.nosampler()) {
            // ptxas 13.0: "Illegal modifier '.cube' for instruction 'tex'" with [tex, tex, {...}]
            return out == null ? 1 : failAddress(out, e, "in texmode_unified (the default) '" + insn.mnemonic()
                    + "' takes no explicit sampler with " + g.name() + ": write [a, c] (or declare texmode_independent)");
        }
        if (!(e instanceof Ast.VectorExpr v)) {
            return scalarCoordinate(insn, spec, g, type, e, ctx, out);
        }
        int k = v.items().size();
        if (k != 1 && k != 2 && k != 4 || k < need) {
            return out == null ? 1 : fail(out, e, "'" + insn.mnemonic() + "' takes " + (need == 4 ? "a 4-element" : need == 2
                    ? "a 2-element (or 4-element)" : "a 1-, 2- or 4-element") + " coordinate vector " + g.layout()
                    + "; this one has " + k + (k == 3 || k > 4 ? " (vectors have 1, 2 or 4 elements)" : ""));
        }
        // the sample (apart) and the array index (index) are left out of the element-kind test, except with
        // an explicit sampler in texmode_unified ("Vector with elements of different types" for [tex, tex,
        // {%u1, %f2}]); the index is the first element, or the one after the sample
        int indexAt = g.index() ? (g.apart() ? 1 : 0) : -1;
        int skip = unifiedSampler ? 0 : (g.apart() ? 1 : 0) + (g.index() ? 1 : 0);
        boolean hasFloat = false;
        boolean hasFloatD = false;
        boolean hasBits = false;
        boolean others = false;
        boolean constants = false;
        // ptxas compares each element with the one before it: {%f1, %r1, %u1, %u2} assembles
        // (.b32 between), {%f1, %u1, %u2, %u3} and {%f1, %f2, %u2, %u3} are "Vector with elements
        // of different types" (measured with ptxas 13.0)
        boolean mixed = false;
        // ptxas 13.0 takes .f32 registers next to a decimal constant as integer coordinates
        // ({1.5, %f13} and {%f13, 1.5} assemble with .s32; {%f13}, {1.5} and {0f3F800000, %f2} do not)
        boolean decimal = false;
        // the vector's type when all elements are registers: that of its registers when all have one
        // (.u32/.s32 read as .b32), else .b32 (IsaChecks' whole vectors)
        PtxType common = null;
        boolean commonMixed = false;
        int previous = 0; // 1 float, 2 integer, 3 packed, 0 anything else
        int before = 0; // the element before: 1 a special register, 2 a constant, 0 anything else
        for (int i = 0; i < k; i++) {
            Ast.Expr item = v.items().get(i);
            if (item instanceof Ast.Sink) {
                return out == null ? 1 : fail(out, item, "'_' cannot stand in the coordinates of '" + insn.mnemonic() + "'");
            }
            FormAnalysis.Operand o = FormAnalysis.classify(item, ctx);
            int here = o.kind() == Kind.SPECIAL_REGISTER ? 1 : o.kind() == Kind.INTEGER || o.kind() == Kind.FLOAT_DECIMAL
                    || o.kind() == Kind.FLOAT_HEX_F || o.kind() == Kind.FLOAT_HEX_D ? 2 : 0;
            if (here != 0 && before != 0 && here != before) {
                // a special register beside a constant: ptxas 13.0 "Argument 2 of instruction 'tex': must be register
                // or constant" ({%tid.x, 1}, {1.0, %ctaid.y}; beside registers it assembles: tex, suld, slots-mixedvec)
                return out == null ? 1 : fail(out, item, "the coordinates of '" + insn.mnemonic() + "' put a special"
                        + " register next to a constant, which ptxas refuses: copy the special register into a register");
            }
            before = here;
            if (i == indexAt && (o.kind() == Kind.FLOAT_DECIMAL || o.kind() == Kind.FLOAT_HEX_F
                    || o.kind() == Kind.FLOAT_HEX_D)) {
                // "Array index in the 'tex' instruction has unexpected type. Expecting type .u32" for 1.0, 0f, 0d
                // (beside registers of any kind and among constants; an integer assembles: slots-mixedvec)
                return out == null ? 1 : fail(out, item, "the array index of '" + insn.mnemonic() + "', element "
                        + (i + 1) + " of " + g.layout() + ", is a .u32 integer; this is a floating-point constant");
            }
            switch (o.kind()) {
                case REGISTER -> {
                    PtxType r = o.type();
                    if (r == null) {
                        others = true;
                    } else if (r.bits() != 32) {
                        return out == null ? 1 : fail(out, item, "coordinates of '" + insn.mnemonic() + "' are 32-bit ("
                                + type.text() + "); '" + o.symbol().name() + "' is " + r.text());
                    } else if (i == indexAt && (r.kind() == PtxType.Kind.FLOAT)) {
                        // "Array index in the 'tex' instruction has unexpected type. Expecting type .u32" (.f32, .f16x2)
                        return out == null ? 1 : fail(out, item, "the array index of '" + insn.mnemonic() + "', element "
                                + (i + 1) + " of " + g.layout() + ", is a .u32 integer; '" + o.symbol().name() + "' is "
                                + r.text());
                    } else if (r == PtxType.B32) {
                        hasBits |= i >= skip;
                    } else if (r == PtxType.F32) {
                        hasFloat |= i >= skip;
                    }
                    if (r != null) {
                        PtxType n = r.kind() == PtxType.Kind.SIGNED || r.kind() == PtxType.Kind.UNSIGNED ? r.bitType() : r;
                        commonMixed |= common != null && common != n;
                        common = common == null ? n : common;
                    }
                }
                case INTEGER -> constants = true;
                case FLOAT_DECIMAL -> {
                    hasFloat |= i >= skip;
                    decimal = true;
                    constants = true;
                }
                case FLOAT_HEX_F -> {
                    hasFloat |= i >= skip;
                    constants = true;
                }
                case FLOAT_HEX_D -> {
                    // floating-point only in a vector of constants ({0d3FF0000000000000} for .s32 coordinates:
                    // 'Arguments mismatch'); beside a register ptxas 13.0 takes it ({%f5, 0d3FF0000000000000}
                    // as integer coordinates: slots-lowering, slots-mixedvec)
                    hasFloatD |= i >= skip;
                    constants = true;
                }
                case OTHER_SYMBOL -> {
                    Symbol s = o.symbol();
                    if (s.isRegister()) {
                        others = true; // a vector register: not measured
                    } else {
                        return out == null ? 1 : fail(out, item, "coordinates of '" + insn.mnemonic() + "' are registers or constants, not '"
                                + s.name() + "'");
                    }
                }
                default -> others = true; // special registers, undeclared names: not measured
            }
            int now = i < skip ? 0 : kindOf(o, item);
            mixed |= previous != 0 && now != 0 && previous != now;
            previous = now;
        }
        if (mixed) {
            return out == null ? 1 : fail(out, e, "the coordinates of '" + insn.mnemonic() + "' put elements of different kinds (.f32, .s32/.u32, .f16x2) next to each other"
                    + (skip > 0 ? " (after the " + (skip == 2 ? "sample and the " : "") + "array index)" : "")
                    + "; ptxas takes a vector of one kind: " + type.text() + " " + g.layout());
        }
        if (!constants && !others && common != null) {
            // all registers: the vector is read as one value of its type (four .f32 registers for .s32
            // coordinates, four .f16x2 for .f32 ones: "Arguments mismatch"; measured with ptxas 13.0)
            PtxType whole = commonMixed ? PtxType.B32 : common;
            return fitsWhole(spec, type, whole) ? 0 : out == null ? 1 : fail(out, e, "the coordinates of '"
                    + insn.mnemonic() + "' are one " + type.text() + " vector " + g.layout() + "; ptxas reads this one of "
                    + whole.text() + " registers as " + whole.text() + ", which does not fit: use " + wholeText(spec, type)
                    + " registers (or one .b32 register among them)");
        }
        if (hasFloatD) {
            // a 0d constant: floating-point in a vector of constants only, not judged beside registers
            if (common == null && !others) {
                hasFloat = true;
            } else {
                others = true;
            }
        }
        boolean integer = !fitsWhole(spec, type, PtxType.F32);
        if (integer && hasFloat && !hasBits && !others && skip == 0 && (!decimal || k == 1)) {
            return out == null ? 1 : fail(out, e, "'" + insn.mnemonic() + "' takes integer (" + wholeText(spec, type)
                    + ") coordinates " + g.layout() + "; these are floating-point");
        }
        return 0;
    }

    /** Whether a vector of registers read as one value of type {@code r} fits coordinates of {@code type}. */
    private static boolean fitsWhole(IsaForm.Operand spec, PtxType type, PtxType r) {
        return spec.only() != null ? spec.only().contains(r) : OperandFit.register(null, -1, TypeRules.Origin.TYPED, type, r);
    }

    /** The 32-bit register types whose vectors fit coordinates of {@code type}, for messages. */
    private static String wholeText(IsaForm.Operand spec, PtxType type) {
        StringBuilder sb = new StringBuilder();
        for (PtxType t : PtxType.values()) {
            if (t.isRegisterType() && t.bits() == 32 && fitsWhole(spec, type, t.kind() == PtxType.Kind.SIGNED
                    || t.kind() == PtxType.Kind.UNSIGNED ? t.bitType() : t)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t.text());
            }
        }
        return sb.toString();
    }

    /**
     * 1 for a floating-point element, 2 for an integer one, 3 for a packed half (.f16x2 next to .s32
     * or .f32 elements is "different types"; two of them with .s32 coordinates assemble), 0 for
     * elements that sit next to anything (.b32) or are not measured (special registers...).
     */
    private static int kindOf(FormAnalysis.Operand o, Ast.Expr item) {
        return switch (o.kind()) {
            case REGISTER -> o.type() == PtxType.F32 ? 1 : o.type() == PtxType.U32 || o.type() == PtxType.S32 ? 2
                    : o.type() == PtxType.F16X2 || o.type() == PtxType.BF16X2 ? 3 : 0;
            case INTEGER -> item instanceof Ast.Name ? 0 : 2;
            case FLOAT_DECIMAL, FLOAT_HEX_F, FLOAT_HEX_D -> 1; // 0d too: {%s1, 0d3FF0000000000000} is "different types"
            default -> 0;
        };
    }

    /** How many parts the address holding coordinates {@code c} has (2: [a, c], 3: [a, b, c]), or 0. */
    private static int parts(Ast.Instruction insn, Ast.Expr c) {
        for (Ast.Expr o : insn.operands()) {
            if (o instanceof Ast.Address a && !a.items().isEmpty() && a.items().get(a.items().size() - 1) == c) {
                return a.items().size();
            }
        }
        return 0;
    }

    /** Whether the module's .target names texmode_independent (the default is texmode_unified). */
    static boolean independent(CheckContext ctx) {
        Ast.Directive t = ctx.target();
        if (t == null) {
            return false;
        }
        for (Ast.Expr e : t.args()) {
            if (e instanceof Ast.Name n && n.token().text().equals("texmode_independent")) {
                return true;
            }
        }
        return false;
    }

    private static int scalarCoordinate(Ast.Instruction insn, IsaForm.Operand spec, IsaForm.Geometry g, PtxType type,
                                        Ast.Expr e, CheckContext ctx, List<IsaChecks.Finding> out) {
        FormAnalysis.Operand o = FormAnalysis.classify(e, ctx);
        if (o.kind() == Kind.UNDECLARED || o.kind() == Kind.OTHER || o.kind() == Kind.REGISTER_EXPRESSION) {
            return 0;
        }
        if (o.kind() == Kind.OTHER_SYMBOL && o.symbol().isRegister()) {
            return 0; // a vector register: not measured
        }
        if (g.vector()) {
            return out == null ? 1 : fail(out, e, "'" + insn.mnemonic() + "' takes a coordinate vector " + g.layout()
                    + ", not one operand");
        }
        if (o.kind() != Kind.REGISTER) {
            return out == null ? 1 : fail(out, e, "the coordinates of '" + insn.mnemonic() + "' are a vector " + g.layout()
                    + " or one register");
        }
        PtxType r = o.type();
        if (r == null) {
            return 0;
        }
        // one register: as an instruction-typed operand (.f32 or .b32 for .f32; .b32 .u32 .s32 .f16x2 for .s32:
        // tex.1d.v4.f32.s32 d, [tex, %hh10] assembles), or only(...) (surfaces: [surf, %hh10] is "Arguments mismatch")
        boolean fits = spec.only() != null ? spec.only().contains(r)
                : OperandFit.register(null, -1, TypeRules.Origin.TYPED, type, r);
        return fits ? 0 : out == null ? 1 : fail(out, e, "'" + o.symbol().name() + "' is " + r.text() + "; the coordinate of '"
                + insn.mnemonic() + "' is one " + type.text() + " register (" + scalarText(spec, type)
                + "), or a vector " + g.layout());
    }

    /** The register types one register in place of the coordinates may have, for messages. */
    private static String scalarText(IsaForm.Operand spec, PtxType type) {
        StringBuilder sb = new StringBuilder();
        for (PtxType t : PtxType.values()) {
            if (t.isRegisterType() && (spec.only() != null ? spec.only().contains(t)
                    : OperandFit.register(null, -1, TypeRules.Origin.TYPED, type, t))) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t.text());
            }
        }
        return sb.toString();
    }

    private static int failAddress(List<IsaChecks.Finding> out, Ast.Expr e, String message) {
        out.add(new IsaChecks.Finding(Rules.TEXTURE_HANDLE, e.span(), message));
        return 1;
    }

    private static int fail(List<IsaChecks.Finding> out, Ast.Expr e, String message) {
        if (out != null) {
            out.add(new IsaChecks.Finding(Rules.TEXTURE_COORDINATES, e.span(), message));
        }
        return 1;
    }
}
