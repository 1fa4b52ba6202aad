package dev.ptxlint.cuda;

import dev.ptxlint.checker.LintSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Which files are CUDA C++ sources, and linting one from a stream. */
public final class CudaFiles {
    private CudaFiles() {
    }

    /** Whether a file of this name is always read as CUDA C++ ({@code .cu}, {@code .cuh}). */
    public static boolean isCudaName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return n.endsWith(".cu") || n.endsWith(".cuh");
    }

    /**
     * Whether a file of this name is C++ that {@code --cuda} makes ptxlint read for asm statements
     * ({@code .h .hpp .hh .hxx .inl .cpp .cc .cxx}, and the CUDA names).
     */
    public static boolean isCppName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return isCudaName(n) || n.endsWith(".h") || n.endsWith(".hpp") || n.endsWith(".hh") || n.endsWith(".hxx")
                || n.endsWith(".inl") || n.endsWith(".cpp") || n.endsWith(".cc") || n.endsWith(".cxx");
    }

    /** Reads UTF-8 (malformed bytes replaced) and lints the asm statements of the text. */
    public static CudaLinter.Result lint(InputStream in, LintSettings settings) throws IOException {
        String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .decode(java.nio.ByteBuffer.wrap(in.readAllBytes())).toString();
        return new CudaLinter(settings).lint(text);
    }
}
