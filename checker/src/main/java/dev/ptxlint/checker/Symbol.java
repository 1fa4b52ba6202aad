package dev.ptxlint.checker;

import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Span;
import java.util.Set;

/**
 * What a name refers to at a point of use: a variable (register, parameter, global...), a
 * function, a label, or a predefined special register. For variables, {@code space} is the
 * state space ({@code .reg}, {@code .param}, ...), {@code type} the declared type
 * ({@code .b32}, {@code .pred}, {@code .f16x2}...), and {@code vector} 1, 2, 4 or 8.
 * {@code input}: a parameter of the function or kernel in whose body the name is used (its parameter
 * list, not its return parameters nor a {@code .param} declared in the body): ptxas does not let
 * {@code st.param} write it ("Illegal to write to function input parameter").
 */
public record Symbol(String name, Kind kind, String space, String type, int vector, Span declaration,
                     boolean input) {

    public Symbol(String name, Kind kind, String space, String type, int vector, Span declaration) {
        this(name, kind, space, type, vector, declaration, false);
    }

    public enum Kind { VARIABLE, FUNCTION, LABEL, SPECIAL_REGISTER }

    static final Set<String> TYPES = Set.of(".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
            ".s8", ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".pred",
            ".e4m3", ".e5m2", ".e4m3x2", ".e5m2x2", ".tf32", ".texref", ".samplerref", ".surfref");
    static final Set<String> SPACES = Set.of(".reg", ".sreg", ".const", ".global", ".local", ".param", ".shared",
            ".tex");

    /** {@link #SPACES} and {@link #TYPES} in a fixed order, for {@link #info()}. */
    private static final String[] SPACE_NAMES = {".reg", ".sreg", ".const", ".global", ".local", ".param", ".shared",
        ".tex"};
    private static final String[] TYPE_NAMES = {".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
        ".s8", ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".pred",
        ".e4m3", ".e5m2", ".e4m3x2", ".e5m2x2", ".tf32", ".texref", ".samplerref", ".surfref"};
    private static final Kind[] KINDS = Kind.values();

    /**
     * Everything but the name and declaration as one int (kind, space, type and vector size), for
     * compact tables; {@link #of(String, int, Span)} is its inverse. Spaces and types outside
     * {@link #SPACES} and {@link #TYPES} never occur ({@link #of(String, Ast.VarDecl, Span)} takes
     * only those).
     */
    int info() {
        int v = vector == 8 ? 3 : vector == 4 ? 2 : vector == 2 ? 1 : 0;
        return kind.ordinal() | indexOf(SPACE_NAMES, space) << 2 | indexOf(TYPE_NAMES, type) << 6 | v << 11;
    }

    private static int indexOf(String[] names, String s) {
        if (s != null) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(s)) {
                    return i + 1;
                }
            }
        }
        return 0;
    }

    /** The symbol {@code info} describes ({@link #info()}). */
    static Symbol of(String name, int info, Span declaration) {
        int space = info >>> 2 & 0xf;
        int type = info >>> 6 & 0x1f;
        return new Symbol(name, KINDS[info & 3], space == 0 ? null : SPACE_NAMES[space - 1],
                type == 0 ? null : TYPE_NAMES[type - 1], 1 << (info >>> 11 & 3), declaration);
    }

    /**
     * The symbol declared by one declarator of {@code decl}. Its space and type are the Strings of
     * {@link #SPACE_NAMES} and {@link #TYPE_NAMES} (not the declaration's token texts), so that the
     * per-operand tests ({@link #isRegister()}, {@code ".shared".equals(space)}, the type caches keyed
     * by identity) compare with a constant that is always in the cache and usually the same object.
     */
    static Symbol of(String name, Ast.VarDecl decl, Span at) {
        String space = null;
        String type = null;
        int vector = 1;
        java.util.List<Ast.Attr> attrs = decl.attrs();
        for (int k = 0, n = attrs.size(); k < n; k++) {
            String t = attrs.get(k).name().text();
            int i;
            if (space == null && (i = indexOf(SPACE_NAMES, t)) > 0) {
                space = SPACE_NAMES[i - 1];
            } else if (type == null && (i = indexOf(TYPE_NAMES, t)) > 0) {
                type = TYPE_NAMES[i - 1];
            } else if (t.equals(".v2")) {
                vector = 2;
            } else if (t.equals(".v4")) {
                vector = 4;
            } else if (t.equals(".v8")) {
                vector = 8;
            }
        }
        return new Symbol(name, Kind.VARIABLE, space, type, vector, at);
    }

    public boolean isRegister() {
        return kind == Kind.VARIABLE && ".reg".equals(space);
    }

    Symbol named(String n) {
        return new Symbol(n, kind, space, type, vector, declaration, input);
    }

    /** This symbol as an input parameter of the function whose parameter list declares it. */
    Symbol asInput() {
        return new Symbol(name, kind, space, type, vector, declaration, true);
    }
}
