package dev.ptxlint.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ptxlint.checker.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RulesTest {

    @Test
    void everyRuleHasADocsPageAndEveryPageARule() throws IOException {
        Path dir = TestData.root().resolve("docs/rules");
        Set<String> pages;
        try (Stream<Path> s = Files.list(dir)) {
            pages = s.map(p -> p.getFileName().toString()).filter(n -> n.matches("PTX\\d{4}\\.md"))
                    .map(n -> n.substring(0, 7)).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(new TreeSet<>(Rules.all().keySet()), pages);
        for (Rule r : Rules.all().values()) {
            String text = Files.readString(dir.resolve(r.code() + ".md"));
            assertTrue(text.startsWith("# " + r.code() + ": " + r.name()), r.code() + " page must start with its title");
            assertTrue(text.contains("## Example"), r.code() + " page needs an example");
        }
    }

    @Test
    void docsPagesShipInTheJar() {
        for (Rule r : Rules.all().values()) {
            assertNotNull(Rules.class.getResource(r.docsResource()), r.code() + " page is not on the classpath");
        }
    }

    @Test
    void codesAreWellFormedAndNamesUnique() {
        Set<String> names = new TreeSet<>();
        for (Rule r : Rules.all().values()) {
            assertTrue(r.code().matches("PTX\\d{4}"));
            assertTrue(r.name().matches("[a-z0-9]+(-[a-z0-9]+)*"), r.name());
            assertTrue(names.add(r.name()), "duplicate rule name " + r.name());
            assertTrue(r.summary().endsWith("."), r.code() + " summary should be a sentence");
        }
    }
}
