package dev.logslice.format;

import dev.logslice.format.detect.FormatDetector;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines a program coloured for a terminal (ANSI escapes) read as the same lines uncoloured. */
class ColouredLinesTest {
    private static final String ESC = "\u001b";

    private static final String PLAIN =
            "2024-05-10T01:34:33.612Z  INFO 88909 --- [myapp] [           main]"
                    + " c.e.Colour                               : coloured";

    /** Spring Boot's console layout with colours on (spring.output.ansi.enabled=always). */
    private static final String COLOURED =
            ESC
                    + "[2m2024-05-10T01:34:33.612Z"
                    + ESC
                    + "[0;39m "
                    + ESC
                    + "[32m INFO"
                    + ESC
                    + "[0;39m "
                    + ESC
                    + "[35m88909"
                    + ESC
                    + "[0;39m "
                    + ESC
                    + "[2m---"
                    + ESC
                    + "[0;39m "
                    + ESC
                    + "[2m[myapp] [           main]"
                    + ESC
                    + "[0;39m "
                    + ESC
                    + "[36mc.e.Colour                               "
                    + ESC
                    + "[0;39m "
                    + ESC
                    + "[2m:"
                    + ESC
                    + "[0;39m coloured";

    @Test
    void aColouredSpringBootLineIsTheEventOfItsPlainText() {
        List<ParseResult> results =
                Parsing.assemble(
                        FormatRegistry.standard().create("spring-boot", FormatOptions.none()),
                        COLOURED + "\n",
                        EventBounds.DEFAULTS);

        assertThat(results).singleElement().isInstanceOf(LogEvent.class);
        LogEvent event = (LogEvent) results.get(0);
        assertThat(event.level()).isEqualTo("INFO");
        assertThat(event.logger()).isEqualTo("c.e.Colour");
        assertThat(event.message()).isEqualTo("coloured");
    }

    @Test
    void detectionSeesThroughTheColours() throws Exception {
        byte[] line = COLOURED.getBytes(StandardCharsets.UTF_8);
        assertThat(
                        new FormatDetector(FormatRegistry.standard())
                                .detect("coloured.log", List.of(line, line), Parsing.CONTEXT)
                                .format()
                                .name())
                .isEqualTo("spring-boot");
    }

    /** However SGR and cursor escapes are sprinkled into a line, stripping gives the line back. */
    @Property(tries = 500)
    void strippingEscapesGivesThePlainLine(
            @ForAll("plainText") String plain, @ForAll("escapes") List<String> escapes) {
        StringBuilder coloured = new StringBuilder();
        int step = Math.max(1, plain.length() / Math.max(1, escapes.size()));
        int at = 0;
        for (String escape : escapes) {
            int end = Math.min(plain.length(), at + step);
            coloured.append(plain, at, end).append(escape);
            at = end;
        }
        coloured.append(plain.substring(at));
        byte[] in = coloured.toString().getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[in.length];

        int length = AnsiEscapes.strip(in, 0, in.length, out);

        assertThat(new String(out, 0, length, StandardCharsets.UTF_8)).isEqualTo(plain);
    }

    @Provide
    Arbitrary<String> plainText() {
        return Arbitraries.strings()
                .withCharRange(' ', '~')
                .withChars('é', '中', '\t')
                .ofMaxLength(80)
                .map(PLAIN::concat);
    }

    @Provide
    Arbitrary<List<String>> escapes() {
        return Arbitraries.of(
                        ESC + "[0m",
                        ESC + "[1;31m",
                        ESC + "[38;5;208m",
                        ESC + "[38;2;255;0;0m",
                        ESC + "[0;39m",
                        ESC + "[2K",
                        ESC + "[?25l",
                        ESC + "[m")
                .list()
                .ofMaxSize(12);
    }
}
