package dev.ptxlint.diag;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one registry of diagnostic codes. A code, once published, is never reused for another
 * meaning; retired codes stay listed in {@code RETIRED}.
 */
public final class Rules {
    private Rules() {
    }

    private static final Map<String, Rule> BY_CODE = new LinkedHashMap<>();

    private static Rule register(String code, String name, Severity severity, String category, String summary) {
        if (!wellFormed(code)) {
            throw new IllegalArgumentException("bad code " + code);
        }
        Rule r = new Rule(code, name, severity, category, summary);
        if (BY_CODE.putIfAbsent(code, r) != null) {
            throw new IllegalStateException("duplicate code " + code);
        }
        return r;
    }

    /**
     * Whether {@code code} is PTX and four ASCII digits (a loop, not {@code matches}: registering
     * the rules is on every run's path, and a regular expression there loads and links
     * {@code java.util.regex} and a lambda, docs/performance.md).
     */
    private static boolean wellFormed(String code) {
        if (code.length() != 7 || !code.startsWith("PTX")) {
            return false;
        }
        for (int i = 3; i < 7; i++) {
            char c = code.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    // ---- lexical and syntax (0001-0099)
    public static final Rule SYNTAX_ERROR = register("PTX0001", "syntax-error", Severity.ERROR, "syntax",
            "A token appears where the PTX grammar does not allow it.");
    public static final Rule MISSING_SEMICOLON = register("PTX0002", "missing-semicolon", Severity.ERROR, "syntax",
            "A statement is not terminated by ';'.");
    public static final Rule UNCLOSED_BLOCK = register("PTX0003", "unclosed-block", Severity.ERROR, "syntax",
            "A function body, block or section is missing its closing '}'.");
    public static final Rule INVALID_CHARACTER = register("PTX0004", "invalid-character", Severity.ERROR, "lexical",
            "A character that cannot appear in PTX source outside comments and strings.");
    public static final Rule INVALID_UTF8 = register("PTX0005", "invalid-utf8", Severity.ERROR, "lexical",
            "Bytes that are not valid UTF-8 outside comments and strings.");
    public static final Rule MALFORMED_NUMBER = register("PTX0006", "malformed-number", Severity.ERROR, "lexical",
            "A malformed integer or floating-point literal.");
    public static final Rule UNTERMINATED_STRING = register("PTX0007", "unterminated-string", Severity.ERROR,
            "lexical", "A string literal without its closing quote.");
    public static final Rule UNTERMINATED_COMMENT = register("PTX0008", "unterminated-comment", Severity.ERROR,
            "lexical", "A block comment without its closing '*/'.");
    public static final Rule PREPROCESSOR = register("PTX0009", "preprocessor-directive", Severity.ERROR, "lexical",
            "A '#' preprocessor line, which ptxas does not accept.");
    public static final Rule UNKNOWN_DIRECTIVE = register("PTX0010", "unknown-directive", Severity.ERROR, "syntax",
            "A directive that PTX does not define, or one used where it is not allowed.");

    // ---- limits and robustness (0011-0019, 0900-0909): see docs/limits.md
    public static final Rule TOO_MANY_OPERATORS = register("PTX0011", "too-many-operators", Severity.WARNING,
            "limits", "A statement with more binary operators than ptxlint checks (1000); ptxas accepts it.");
    public static final Rule EXPRESSION_TOO_DEEP = register("PTX0015", "expression-too-deep", Severity.WARNING,
            "limits", "An expression nested more than 200 levels deep, which ptxlint does not check; ptxas accepts it.");
    public static final Rule DIAGNOSTIC_LIMIT = register("PTX0012", "diagnostic-limit", Severity.NOTE, "limits",
            "More diagnostics of one code (1000) or in all (10000) than ptxlint reports for one file.");
    public static final Rule COUNT_TOO_LARGE = register("PTX0013", "count-too-large", Severity.ERROR, "names",
            "A register count %r<N> of 2^31 or more, which ptxas cannot declare.");
    public static final Rule UTF16_FILE = register("PTX0014", "utf16-file", Severity.ERROR, "lexical",
            "A file saved as UTF-16, which ptxas cannot read: save it as UTF-8 or ASCII.");
    public static final Rule INTERNAL_ERROR = register("PTX0900", "internal-error", Severity.ERROR, "internal",
            "ptxlint failed while checking the file (out of memory, or a bug); its diagnostics are incomplete.");

    // ---- names and module structure (0100-0199)
    public static final Rule UNKNOWN_INSTRUCTION = register("PTX0100", "unknown-instruction", Severity.ERROR,
            "names", "An instruction name that is not part of PTX ISA 9.0.");
    public static final Rule UNDECLARED_IDENTIFIER = register("PTX0101", "undeclared-identifier", Severity.ERROR,
            "names", "A register, variable or function that is used but never declared in scope.");
    public static final Rule UNDECLARED_LABEL = register("PTX0102", "undeclared-label", Severity.ERROR, "names",
            "A branch target or label operand that no label in the function defines.");
    public static final Rule FORWARD_LABEL = register("PTX0276", "forward-label-reference", Severity.ERROR, "names",
            "A label operand that names a label defined further down where ptxas takes only one defined above"
            + " (call's target list or prototype, brx.idx's .branchtargets list): only a branch target may refer forward.");
    public static final Rule DUPLICATE_DECLARATION = register("PTX0103", "duplicate-declaration", Severity.ERROR,
            "names", "A name declared twice in the same scope.");
    public static final Rule DUPLICATE_LABEL = register("PTX0104", "duplicate-label", Severity.ERROR, "names",
            "A label defined twice in the same function.");
    public static final Rule MISSING_VERSION = register("PTX0105", "missing-version", Severity.ERROR, "module",
            "The module does not begin with a .version directive.");
    public static final Rule MISSING_TARGET = register("PTX0106", "missing-target", Severity.ERROR, "module",
            "The module has no .target directive after .version.");
    public static final Rule DUPLICATE_HEADER = register("PTX0107", "duplicate-header-directive", Severity.ERROR,
            "module", "A .version, .target or .address_size directive appears more than once.");

    public static final Rule DUPLICATE_FILE_INDEX = register("PTX0108", "duplicate-file-index", Severity.ERROR,
            "module", "Two .file directives use the same file index.");
    public static final Rule INVALID_ADDRESS_SIZE = register("PTX0109", "invalid-address-size", Severity.ERROR,
            "module", "An .address_size other than 32 or 64.");
    public static final Rule UNSUPPORTED_VERSION = register("PTX0110", "unsupported-version", Severity.ERROR,
            "module", "A .version newer than the PTX ISA the toolchain supports (9.0).");
    public static final Rule MISPLACED_HEADER = register("PTX0111", "misplaced-header-directive", Severity.ERROR,
            "module", "An .address_size directive after the first function.");
    public static final Rule UNKNOWN_TARGET = register("PTX0112", "unknown-target", Severity.ERROR, "module",
            "A .target architecture that ptxas does not know, or a .target that does not start with one.");
    public static final Rule VERSION_TOO_OLD = register("PTX0113", "version-too-old", Severity.ERROR, "module",
            "A .target architecture, .target option or .address_size that needs a newer .version than declared.");
    public static final Rule UNKNOWN_TARGET_OPTION = register("PTX0114", "unknown-target-option", Severity.ERROR,
            "module", "A .target entry that is neither an architecture nor one of the .target options.");
    public static final Rule INVALID_TARGET_OPTION = register("PTX0115", "invalid-target-option", Severity.ERROR,
            "module", "Conflicting texturing modes, map_f64_to_f32 on sm_13 or later, or debug without debug sections.");
    public static final Rule UNKNOWN_VERSION = register("PTX0116", "unknown-version", Severity.ERROR, "module",
            "A .version that names no PTX ISA version, such as 7.9.");
    public static final Rule NONSTANDARD_HEADER = register("PTX0117", "nonstandard-header-spelling",
            Severity.WARNING, "module",
            "A .version or .target that ptxas accepts but reads differently from how it is written.");
    public static final Rule UNSUPPORTED_ADDRESS_SIZE = register("PTX0118", "unsupported-address-size",
            Severity.ERROR, "module", "An .address_size 32, which ptxas 13.0 no longer compiles.");

    // declarations as ptxas 13.0 checks them (0120-0129; measured, see docs/ptxas-declarations.md)
    public static final Rule DECLARATION_STATE_SPACE = register("PTX0120", "declaration-state-space",
            Severity.ERROR, "declaration",
            "A variable or parameter declared in a state space its scope does not allow (a .param at module scope, "
                    + "an entry parameter outside .param, a .reg at module scope).");
    public static final Rule DECLARATION_TYPE = register("PTX0121", "declaration-type", Severity.ERROR,
            "declaration", "A type or vector width that a declaration in this state space or scope cannot have "
                    + "(.bf16, .pred outside .reg, vectors over 128 bits, .texref outside module .global).");
    public static final Rule INCOMPLETE_ARRAY = register("PTX0122", "incomplete-array", Severity.ERROR,
            "declaration", "An array dimension [] or [0] that nothing sizes: not .extern, no initializer, "
                    + "or not the first dimension.");
    public static final Rule DECLARATION_ATTRIBUTE = register("PTX0123", "declaration-attribute", Severity.ERROR,
            "declaration", "An .align that is not a power of two, .ptr outside kernel parameters, a register array, "
                    + "or a linkage the declaration cannot have.");
    public static final Rule DECLARATION_INITIALIZER = register("PTX0124", "declaration-initializer",
            Severity.ERROR, "declaration", "An initializer ptxas rejects: on an .extern or outside .global/.const, "
                    + "of the wrong kind for the type, or with more elements than the variable.");
    public static final Rule MODULE_SCOPE_REGISTER = register("PTX0125", "module-scope-register", Severity.WARNING,
            "declaration", "A .reg or .local at module scope in PTX ISA before 3.0, which ptxas accepts with a "
                    + "warning (an error from 3.0).");
    public static final Rule FUNCTION_DIRECTIVE = register("PTX0126", "function-directive", Severity.ERROR,
            "declaration", "Performance-tuning or cluster directives ptxas rejects: .maxntid with .reqntid, "
                    + ".reqnctapercluster with .maxclusterrank, a zero thread or register count, .blocksareclusters "
                    + "without .reqntid and .reqnctapercluster, the removed .maxnctapersm.");
    public static final Rule IGNORED_FUNCTION_DIRECTIVE = register("PTX0127", "ignored-function-directive",
            Severity.WARNING, "declaration", "A function directive ptxas accepts but ignores, such as .minnctapersm "
                    + "without .maxntid or .reqntid.");
    public static final Rule INVALID_ALIAS = register("PTX0128", "invalid-alias", Severity.ERROR, "declaration",
            "An .alias ptxas rejects: the alias not declared as a function prototype before it, an aliasee that is "
                    + "not a function defined before it, an entry, or prototypes that differ.");
    public static final Rule SHARED_MEMORY_LIMIT = register("PTX0129", "shared-memory-limit", Severity.ERROR,
            "declaration", "A kernel whose static .shared variables need more than the 48 KB (0xc000 bytes) "
                    + "ptxas allows.");
    public static final Rule UNDEFINED_FUNCTION = register("PTX0130", "undefined-function", Severity.ERROR,
            "declaration", "A function prototype (.func or .entry, not .extern) that the module never defines; ptxas"
                    + " refuses it (Unresolved extern function) even when it is not called.");
    public static final Rule INCONSISTENT_FUNCTION_DECLARATION = register("PTX0131",
            "inconsistent-function-declaration", Severity.ERROR, "declaration", "A second declaration of a function"
                    + " that ptxas refuses: after its definition, a definition after an .extern prototype, another"
                    + " linkage or kind, or other parameters, return parameters or .noreturn.");
    public static final Rule ABI_NARROW_PARAMETER = register("PTX0132", "abi-narrow-parameter", Severity.WARNING,
            "declaration", "A .func parameter or return value that is .pred or an 8- or 16-bit signed or unsigned"
                    + " integer (PTX ISA 3.1 and later): ptxas accepts the declaration but refuses every call to the"
                    + " function (the call is PTX0286).");

    // ---- instruction forms (0200-0299): errors follow ptxas, warnings keep the manual's stricter rules
    public static final Rule UNKNOWN_MODIFIER = register("PTX0200", "unknown-modifier", Severity.ERROR,
            "instruction", "A dotted modifier that is not part of PTX.");
    public static final Rule ILLEGAL_MODIFIER = register("PTX0201", "illegal-modifier", Severity.ERROR,
            "instruction", "A PTX modifier that this instruction does not take.");
    public static final Rule DUPLICATE_MODIFIER = register("PTX0202", "duplicate-modifier", Severity.ERROR,
            "instruction", "The same modifier written twice.");
    public static final Rule CONFLICTING_MODIFIERS = register("PTX0203", "conflicting-modifiers", Severity.ERROR,
            "instruction", "Two modifiers of the same kind, such as two comparison operators or two BoolOps.");
    public static final Rule FTZ_NOT_ALLOWED = register("PTX0204", "ftz-not-allowed", Severity.ERROR,
            "instruction", "`.ftz` on an instruction form that does not flush subnormals.");
    public static final Rule MISSING_CMPOP = register("PTX0205", "missing-comparison", Severity.ERROR,
            "instruction", "A comparison instruction without its comparison operator.");
    public static final Rule CMPOP_TYPE_MISMATCH = register("PTX0206", "comparison-type-mismatch", Severity.ERROR,
            "instruction", "A comparison operator that the instruction type does not support.");
    public static final Rule INVALID_TYPE = register("PTX0207", "invalid-instruction-type", Severity.ERROR,
            "instruction", "An instruction type the instruction does not take, or a missing or extra type.");
    public static final Rule INVALID_TYPE_COMBINATION = register("PTX0208", "invalid-type-combination",
            Severity.ERROR, "instruction", "Two instruction types (dtype and stype) that no form combines.");
    public static final Rule BOOLOP_WITHOUT_OPERAND = register("PTX0209", "boolop-without-operand", Severity.ERROR,
            "instruction", "A BoolOp (.and/.or/.xor) without the predicate operand c it combines.");
    public static final Rule OPERAND_WITHOUT_BOOLOP = register("PTX0210", "operand-without-boolop", Severity.ERROR,
            "instruction", "A predicate operand c without the BoolOp that combines it.");
    public static final Rule INVALID_DESTINATION = register("PTX0211", "invalid-destination", Severity.ERROR,
            "instruction", "A destination the instruction form does not allow (p|q, the _ sink, a non-register).");
    public static final Rule OPERAND_COUNT = register("PTX0212", "operand-count", Severity.ERROR, "instruction",
            "An instruction with too many or too few operands.");
    public static final Rule OPERAND_TYPE_MISMATCH = register("PTX0213", "operand-type-mismatch", Severity.ERROR,
            "instruction", "A register whose type the instruction type does not accept in that operand.");
    public static final Rule INVALID_IMMEDIATE = register("PTX0214", "invalid-immediate", Severity.ERROR,
            "instruction", "A constant whose kind (integer, 0f, 0d, decimal float) does not fit the operand's type.");
    public static final Rule INVALID_OPERAND_KIND = register("PTX0215", "invalid-operand-kind", Severity.ERROR,
            "instruction", "A special register, vector, predicate or address where a data register is required.");
    public static final Rule REQUIRES_NEWER = register("PTX0216", "form-requires-newer-target", Severity.ERROR,
            "instruction", "An instruction form that needs a newer .version or .target than the module declares.");
    public static final Rule INVALID_NEGATION = register("PTX0217", "invalid-negation", Severity.ERROR,
            "instruction", "`!` applied to something other than a predicate.");

    public static final Rule MISSING_MODIFIER = register("PTX0218", "missing-modifier", Severity.ERROR,
            "instruction", "An instruction without a modifier every form of it requires, such as mad's .lo/.hi/.wide.");

    public static final Rule REMOVED_FORM = register("PTX0225", "removed-form", Severity.ERROR, "instruction",
            "An instruction form that newer PTX ISA versions no longer accept on newer targets (vote without .sync).");

    public static final Rule ADDRESS_SPACE_MISMATCH = register("PTX0226", "address-space-mismatch", Severity.ERROR,
            "instruction", "An address of a variable in another state space than the one the instruction names"
            + " (atom.global on a .shared variable).");

    public static final Rule INPUT_PARAMETER_WRITE = register("PTX0278", "input-parameter-write", Severity.ERROR,
            "instruction", "A store to a parameter of the function or kernel itself (st.param [pa], ...), which"
            + " ptxas does not allow.");

    public static final Rule CALL_SIGNATURE = register("PTX0285", "call-signature", Severity.ERROR, "instruction",
            "A direct call whose return or argument list has another number of values than the callee declares, or"
            + " whose callee is a kernel.");
    public static final Rule CALL_ARGUMENT = register("PTX0286", "call-argument", Severity.ERROR, "instruction",
            "A value in a call's return or argument list that its formal parameter does not take: another size or"
            + " type, an array of another size or alignment, or a register for an array.");
    public static final Rule GUARDED_CALL_PARAMETER = register("PTX0281", "guarded-call-parameter", Severity.ERROR,
            "instruction", "A predicated instruction that names a call parameter, a .param variable of the body"
            + " (@%p st.param [cpb], ...), or reads a return parameter; ptxas does not allow the predicate.");

    public static final Rule CALL_PARAMETER_ADDRESS = register("PTX0283", "call-parameter-address", Severity.ERROR,
            "instruction", "The address of a call parameter, a .param variable of the body (mov.u64 %rd1, cpa;"
            + " cvta.param.u64 %rd1, cpa), which ptxas does not take.");

    public static final Rule PTXAS_CRASH = register("PTX0289", "ptxas-crash", Severity.ERROR, "instruction",
            "An instruction on which ptxas 13.0 is killed (SIGSEGV) instead of reporting an error: a generic atom"
            + " on a .local variable, st.param through a register in a kernel on sm_90 and later, ld.param of a"
            + " .param variable of the body that no call above returned into.");

    public static final Rule ADDRESS_32_BIT = register("PTX0273", "address-32-bit", Severity.ERROR,
            "instruction", "A 32-bit register as a .global or generic address (ld.global [%r1]), which makes ptxas"
            + " compile 32-bit code; ptxas 13.0 no longer does.");

    // video selectors and masks (0220-0239)
    public static final Rule INVALID_VIDEO_MASK = register("PTX0220", "invalid-video-mask", Severity.ERROR,
            "instruction", "A destination mask of vset2/vset4 that is not one of the instruction's masks.");
    public static final Rule INVALID_VIDEO_SELECTOR = register("PTX0221", "invalid-video-selector", Severity.ERROR,
            "instruction", "A byte or half-word selector that the operand does not take (wrong letter, digit or length).");
    public static final Rule SELECTOR_NOT_ALLOWED = register("PTX0222", "selector-not-allowed", Severity.ERROR,
            "instruction", "A video selector on an operand that takes none, such as source c of vset2.");
    public static final Rule DSEL_WITHOUT_C = register("PTX0223", "dsel-without-c", Severity.ERROR,
            "instruction", "A scalar vset destination selector without the operand c it merges into.");
    public static final Rule DSEL_WITH_SECONDARY_OP = register("PTX0224", "dsel-with-secondary-op",
            Severity.ERROR, "instruction",
            "A scalar vset with both a destination selector and a secondary operation (.add, .min, .max).");

    public static final Rule MODIFIER_ORDER = register("PTX0250", "modifier-order", Severity.WARNING,
            "instruction", "Modifiers in another order than the manual's Syntax block (ptxas accepts any order).");
    public static final Rule SINGLE_PACKED_DESTINATION = register("PTX0251", "packed-compare-single-destination",
            Severity.WARNING, "instruction",
            "A packed x2 setp with one destination: the upper lane's result is dropped.");
    public static final Rule HALF_SETP_PAIR = register("PTX0252", "half-setp-pair-destination", Severity.WARNING,
            "instruction", "setp.f16 or setp.bf16 with a p|_ destination, which the manual does not give.");
    public static final Rule CONSTANT_PREDICATE = register("PTX0253", "constant-predicate-operand",
            Severity.WARNING, "instruction", "An integer constant where the manual requires a .pred operand.");
    public static final Rule UNDOCUMENTED_OPERAND = register("PTX0254", "undocumented-operand-form",
            Severity.WARNING, "instruction",
            "A vector or predicate source that ptxas accepts for bf16 compares but the manual does not allow.");
    public static final Rule IMMEDIATE_TRUNCATED = register("PTX0255", "immediate-truncated", Severity.WARNING,
            "instruction", "An integer constant that does not fit the operand's type and is truncated.");

    public static final Rule UNDOCUMENTED_FORM = register("PTX0256", "undocumented-form", Severity.WARNING,
            "instruction", "An instruction form that ptxas accepts but the PTX ISA manual does not list.");

    public static final Rule IGNORED_MODIFIER = register("PTX0257", "ignored-modifier", Severity.WARNING,
            "instruction", "A modifier that ptxas accepts on any instruction and ignores, such as '.finite' on tex.");

    public static final Rule REGISTER_PLUS_CONSTANT = register("PTX0272", "register-plus-constant",
            Severity.WARNING, "instruction", "A register plus an integer constant as an operand (%r1+1), which ptxas"
            + " accepts but the PTX ISA manual does not describe.");
    public static final Rule PLUS_CONSTANT_CRASH = register("PTX0282", "register-plus-constant-crash",
            Severity.ERROR, "instruction", "A register plus a constant (%f3+1) in an operand where ptxas 13.0 crashes"
            + " (SIGSEGV), does not terminate, or cannot parse it (a vector element; an instruction it expands into"
            + " a built-in routine), so the file cannot be assembled.");

    // texture and surface addresses (0270-0274)
    public static final Rule TEXTURE_HANDLE = register("PTX0270", "texture-handle", Severity.ERROR, "instruction",
            "A texture, sampler or surface operand that is neither a variable of that kind (.texref, .samplerref,"
            + " .surfref) nor a 64-bit register holding a handle.");
    public static final Rule TEXTURE_COORDINATES = register("PTX0271", "texture-coordinates", Severity.ERROR,
            "instruction", "Coordinates of a texture or surface access that do not fit its geometry: a vector of the"
            + " wrong width, a floating-point array index, mixed or wrongly typed elements.");
    public static final Rule VECTOR_ELEMENT_KINDS = register("PTX0280", "vector-element-kinds", Severity.ERROR,
            "instruction", "A vector operand that ptxas reads as one value (the destination of tex and tld4, the lod"
            + " of tex.level) with registers of different kinds side by side (.f32 next to .u32, .f16x2 or .pred),"
            + " or any vector with a constant next to an element of another kind (1.0 next to a .u32 register,"
            + " 1 next to an .f32 one or to 1.0, any constant next to .f16x2).");

    public static final Rule UNDOCUMENTED_VIDEO_SELECTOR = register("PTX0260", "undocumented-video-selector",
            Severity.WARNING, "instruction",
            "The suffix .b01, .b12 or .b23, which ptxas accepts on some operands but the manual does not define.");
    public static final Rule VIDEO_IMMEDIATE = register("PTX0261", "video-immediate-operand", Severity.WARNING,
            "instruction", "An integer constant as a source of scalar vset, whose manual syntax takes registers only.");
    public static final Rule VSET_C_WITHOUT_MERGE = register("PTX0262", "vset-c-without-op2", Severity.WARNING,
            "instruction",
            "A scalar vset with operand c but neither a secondary operation nor a destination selector.");

    // ---- constant folding (0300-0349): facts the evaluator proves from known operand values
    public static final Rule CONSTANT_COMPARISON = register("PTX0300", "constant-comparison", Severity.WARNING,
            "evaluation", "A comparison whose operands are known, so its result is decided before the program runs.");
    public static final Rule CONSTANT_SELECTION = register("PTX0301", "constant-selection", Severity.WARNING,
            "evaluation", "A selp or slct whose condition is known, or whose a and b are the same register, so it always"
            + " picks the same value.");
    public static final Rule CONSTANT_GUARD = register("PTX0302", "constant-guard", Severity.WARNING,
            "evaluation", "A guard predicate whose value is known, so the instruction always or never runs.");
    public static final Rule CONSTANT_NAN_TEST = register("PTX0303", "constant-nan-test", Severity.WARNING,
            "evaluation", "A num or nan comparison whose operands are known, so the NaN test is decided.");
    public static final Rule NAN_LITERAL_COMPARISON = register("PTX0304", "nan-literal-comparison",
            Severity.WARNING, "evaluation",
            "A comparison with a NaN constant: ordered comparisons are then always false, unordered always true.");
    public static final Rule SELF_COMPARISON = register("PTX0305", "self-comparison", Severity.WARNING,
            "evaluation", "A comparison of a register with itself whose result does not depend on the value.");

    // ---- suppression comments and configuration (0400-0409)
    public static final Rule UNKNOWN_SUPPRESSION_CODE = register("PTX0400", "unknown-suppression-code",
            Severity.WARNING, "suppression", "A suppression comment names a code or rule name that does not exist.");
    public static final Rule UNUSED_SUPPRESSION = register("PTX0401", "unused-suppression", Severity.WARNING,
            "suppression", "A suppression comment (or one of its codes) that suppresses nothing.");
    public static final Rule UNSUPPRESSIBLE_CODE = register("PTX0402", "unsuppressible-code", Severity.WARNING,
            "suppression",
            "A suppression comment names a syntax error or a suppression diagnostic, which comments cannot silence.");
    public static final Rule UNKNOWN_SUPPRESSION_DIRECTIVE = register("PTX0403", "unknown-suppression-directive",
            Severity.WARNING, "suppression",
            "A comment starting with 'ptxlint-' that is not one of the suppression directives.");

    public static final Rule TOO_MANY_SUPPRESSIONS = register("PTX0279", "too-many-suppressions", Severity.WARNING,
            "suppression", "More suppression comments in one file than ptxlint applies (10,000, or 10,000 codes named in"
            + " them): the later ones are ignored.");

    // ---- inline PTX in CUDA sources (0500-0519)
    public static final Rule ASM_OPERAND_OUT_OF_RANGE = register("PTX0500", "asm-operand-out-of-range",
            Severity.ERROR, "cuda", "An asm template refers to an operand (%N) that the statement does not have.");
    public static final Rule ASM_OPERAND_MODIFIER = register("PTX0501", "asm-operand-modifier", Severity.ERROR,
            "cuda", "An asm template uses '%' in a way nvcc rejects: an operand modifier (%c0), a named "
                    + "operand (%[x]) or a '%' at the end.");
    public static final Rule ASM_CC_CLOBBER = register("PTX0502", "asm-cc-clobber", Severity.ERROR, "cuda",
            "An asm statement in device code lists the \"cc\" clobber, which nvcc rejects.");
    public static final Rule ASM_PERCENT_WITHOUT_OPERANDS = register("PTX0503", "asm-percent-without-operands",
            Severity.ERROR, "cuda", "An asm statement without operands writes '%%', which nvcc passes through "
                    + "unchanged, so ptxas sees '%%'.");
    public static final Rule ASM_32_BIT_ADDRESS = register("PTX0504", "asm-32-bit-address", Severity.ERROR, "cuda",
            "A 32-bit asm operand (\"r\") is the address of a global or generic memory access, which ptxas "
                    + "refuses in the 64-bit modules nvcc writes.");

    public static Rule byCode(String code) {
        return BY_CODE.get(code);
    }

    /** The rule with this kebab-case name ({@code modifier-order}), or null. */
    public static Rule byName(String name) {
        for (Rule r : BY_CODE.values()) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        return null;
    }

    /**
     * The rule named by {@code key}: a code ({@code PTX0250}, any case) or a rule name
     * ({@code modifier-order}); null when it names none.
     */
    public static Rule byCodeOrName(String key) {
        if (key == null) {
            return null;
        }
        Rule r = BY_CODE.get(key.toUpperCase(java.util.Locale.ROOT));
        return r != null ? r : byName(key.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * Whether settings and suppression comments may change or silence the rule: not for lexical and
     * syntax errors (PTX0001-PTX0010; the rest of the file cannot be read reliably around them).
     * Suppression diagnostics (PTX0400-PTX0409) can be reconfigured but not silenced by comments;
     * see {@link #suppressibleByComment}.
     */
    public static boolean configurable(Rule r) {
        return !r.category().equals("syntax") && !r.category().equals("lexical") && !r.category().equals("internal");
    }

    /** Whether a suppression comment may silence the rule: configurable, and not a suppression diagnostic. */
    public static boolean suppressibleByComment(Rule r) {
        return configurable(r) && !r.category().equals("suppression");
    }

    /** Every registered rule, in code order. */
    public static Map<String, Rule> all() {
        return Collections.unmodifiableMap(BY_CODE);
    }
}
