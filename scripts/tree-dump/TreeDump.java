import dev.ptxlint.syntax.*;
import java.io.*;
import java.nio.file.*;
import java.util.*;

/**
 * Prints the parse of each PTX file: every top-level item's toString (the records and one-token
 * nodes print every node, token and span), every syntax problem, and, parsed a second time with a
 * body listener, the events that listener gets. Run by scripts/compare-trees.sh with one build of
 * ptxlint on the class path: two builds whose dumps are equal parse alike.
 *
 * <p>java -cp ptxlint.jar scripts/tree-dump/TreeDump.java OUT PATH...
 */
public class TreeDump {
    public static void main(String[] args) throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            Path p = Paths.get(args[i]);
            if (Files.isDirectory(p)) {
                try (var s = Files.walk(p)) {
                    s.filter(f -> f.toString().endsWith(".ptx")).sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        try (PrintWriter out = new PrintWriter(new BufferedWriter(new FileWriter(args[0])))) {
            for (Path f : files) {
                out.println("== " + f);
                for (int mode = 0; mode < 2; mode++) {
                    try (InputStream in = new BufferedInputStream(Files.newInputStream(f))) {
                        List<String> lines = new ArrayList<>();
                        Parser p = new Parser(Lexer.ofUtf8(in), sp -> lines.add("P " + sp));
                        if (mode == 1) {
                            p.setBodyListener(new Parser.BodyListener() {
                                public void bodyStart(Ast.Function h) { lines.add("BS " + h); }
                                public void blockOpen(Token t) { lines.add("BO " + t); }
                                public void statement(Ast.Statement s) { lines.add("S " + s); }
                                public void blockClose(Span s) { lines.add("BC " + s); }
                            });
                        }
                        Ast.TopLevel t;
                        while ((t = p.next()) != null) {
                            lines.add("I " + t);
                        }
                        for (String l : lines) {
                            out.println(l);
                        }
                    } catch (Throwable e) {
                        out.println("X " + e);
                    }
                }
            }
        }
    }
}
