package dev.ptxlint.checker;

import dev.ptxlint.diag.Rules;
import dev.ptxlint.syntax.Ast;
import dev.ptxlint.syntax.Ast.Declarator;
import dev.ptxlint.syntax.Ast.Function;
import dev.ptxlint.syntax.Ast.VarDecl;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The static shared memory of a kernel, as ptxas 13.0 counts it when it compiles a whole program
 * (measured; docs/ptxas-behaviour.md "Static shared memory"): every {@code .shared} variable the
 * kernel's body names, declared in the body or at module scope (a dead {@code mov} counts), against
 * 48 KB (0xc000 bytes) on every target. ptxas also counts the variables of the functions the kernel
 * calls, alignment padding and, in a whole-program compile, body variables nothing names (which
 * {@code ptxas -c} and nvlink accept); this check leaves those out, so it reports only kernels that
 * are over the limit however they are compiled and whatever they call. {@code .extern .shared}
 * arrays (dynamic shared memory) count nothing. One check per resolver; the module's variables are
 * shared with the worker resolvers (written on the reading thread before a body that names them).
 */
final class SharedMemoryCheck {

    static final long LIMIT = 0xc000;

    /** Module {@code .shared} variables: name to {size in bytes, declaration offset}. */
    final Map<String, long[]> module;

    private Function entry;
    private long bytes;
    private Set<String> seen;

    SharedMemoryCheck() {
        this.module = new ConcurrentHashMap<>();
    }

    SharedMemoryCheck(SharedMemoryCheck moduleCheck) {
        this.module = moduleCheck.module;
    }

    /** A module-scope declaration. */
    void moduleDeclaration(VarDecl d) {
        if (isStaticShared(d)) {
            for (Declarator decl : d.declarators()) {
                module.put(decl.name().text(), new long[] {size(d, decl), decl.name().span().start()});
            }
        }
    }

    void begin(Function f) {
        entry = f.isEntry() ? f : null;
        bytes = 0;
        seen = null;
        body = null;
    }

    /** The kernel's own .shared variables: name to {size, declaration offset} (null until one). */
    private Map<String, long[]> body;

    /** A declaration in the body of the function begun last. */
    void bodyDeclaration(VarDecl d) {
        if (entry != null && isStaticShared(d)) {
            if (body == null) {
                body = new java.util.HashMap<>();
            }
            for (Declarator decl : d.declarators()) {
                body.put(decl.name().text(), new long[] {size(d, decl), decl.name().span().start()});
            }
        }
    }

    /** A use of a name that resolved to {@code s} in the body of the function begun last. */
    void use(String name, Symbol s) {
        if (entry == null || s.kind() != Symbol.Kind.VARIABLE || !".shared".equals(s.space())) {
            return;
        }
        long[] m = body == null ? null : body.get(name);
        if (m == null || s.declaration() == null || s.declaration().start() != m[1]) {
            m = module.get(name);
        }
        if (m == null || s.declaration() == null || s.declaration().start() != m[1]) {
            return;
        }
        if (seen == null) {
            seen = new HashSet<>();
        }
        if (seen.add(name)) {
            bytes = add(bytes, m[0]);
        }
    }

    void end(Function f, Reporter out) {
        if (entry == f || (entry != null && f.name() == entry.name())) {
            if (bytes > LIMIT && f.name() != null) {
                out.report(Rules.SHARED_MEMORY_LIMIT, f.name().span(), "kernel '" + f.name().text() + "' uses "
                        + bytes + " bytes (0x" + Long.toHexString(bytes) + ") of static shared memory, more than the "
                        + LIMIT + " (0xc000) ptxas allows; declare the large buffer as dynamic shared memory "
                        + "(.extern .shared .align 16 .b8 name[];) and size it at launch");
            }
        }
        entry = null;
        seen = null;
        body = null;
    }

    private static boolean isStaticShared(VarDecl d) {
        if (d.attr(".shared") == null) {
            return false;
        }
        for (var t : d.linkage()) {
            if (t.text().equals(".extern")) {
                return false;
            }
        }
        return true;
    }

    /** The bytes one declarator takes: element size times its dimensions; 0 when a size is unknown. */
    static long size(VarDecl d, Declarator decl) {
        if (decl.isRange()) {
            return 0;
        }
        long element = 0;
        int vector = 1;
        for (Ast.Attr a : d.attrs()) {
            String t = a.name().text();
            if (t.equals(".v2") || t.equals(".v4") || t.equals(".v8")) {
                vector = t.charAt(2) - '0';
            } else if (DeclarationCheck.DATA_TYPES.contains(t) && !t.equals(".pred")) {
                element = DeclarationCheck.bits(t) / 8;
            }
        }
        long n = element * vector;
        for (Ast.Expr e : decl.dims()) {
            if (!(e instanceof Ast.IntLit lit)) {
                return 0;
            }
            long k = DeclarationCheck.intValue(lit);
            if (k <= 0) {
                return 0;
            }
            n = k > Long.MAX_VALUE / 4 / Math.max(n, 1) ? Long.MAX_VALUE / 4 : n * k;
        }
        return n;
    }

    private static long add(long a, long b) {
        return Math.min(a + b, Long.MAX_VALUE / 4);
    }
}
