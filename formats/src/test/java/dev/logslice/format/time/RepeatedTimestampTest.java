package dev.logslice.format.time;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RepeatedTimestampTest {
    private static final List<TimestampPattern> PATTERNS =
            List.of(
                    TimestampPattern.of("dd/MMM/yyyy:HH:mm:ss Z"),
                    TimestampPattern.of("yyyy-MM-dd HH:mm:ss,SSS"),
                    TimestampPattern.of("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"),
                    TimestampPattern.of("MMM d HH:mm:ss"),
                    TimestampPattern.epochSeconds());

    /** Texts near each pattern's, with endings that make the parser look past the timestamp. */
    private static final List<String> TEXTS =
            List.of(
                    "10/Oct/2000:13:55:36 -0700",
                    "10/Oct/2000:13:55:36 +01:",
                    "10/Oct/2000:13:55:36 +0",
                    "2016-01-01 10:00:00,123",
                    "2016-01-01 10:00:00",
                    "2016-01-01T10:00:00.5+01:00",
                    "2016-01-01T10:00:00Z",
                    "Jun  9 06:06:20",
                    "1447232001.123",
                    "1447232001");

    /**
     * Parsing a sequence of lines through one {@link RepeatedTimestamp} gives what a fresh parse of
     * each line gives, whatever repeats, whatever follows the timestamp and wherever a line ends.
     */
    @Property(tries = 300)
    void givesWhatAFreshParseGives(@ForAll("lines") List<String> lines) {
        LocalTimeResolver resolver =
                new LocalTimeResolver(
                        ZoneId.of("Europe/Berlin"), Instant.parse("2016-06-01T00:00:00Z"));
        for (TimestampPattern pattern : PATTERNS) {
            RepeatedTimestamp repeated = new RepeatedTimestamp();
            for (String line : lines) {
                byte[] b = ("<" + line).getBytes(StandardCharsets.US_ASCII);
                TimestampValue fresh = new TimestampValue();
                TimestampValue cached = new TimestampValue();
                int expected = pattern.parse(b, 1, b.length, resolver, fresh);

                assertThat(repeated.parse(pattern, b, 1, b.length, resolver, cached))
                        .as("%s on %s", pattern, line)
                        .isEqualTo(expected);
                if (expected >= 0) {
                    assertThat(cached).usingRecursiveComparison().isEqualTo(fresh);
                }
            }
        }
    }

    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> tails =
                Arbitraries.strings().withChars("0123456789+-:.,Z T]x\"/|\t").ofMaxLength(9);
        Arbitrary<String> line =
                Arbitraries.oneOf(
                        Arbitraries.of(TEXTS).flatMap(text -> tails.map(tail -> text + tail)),
                        Arbitraries.of(TEXTS)
                                .flatMap(
                                        text ->
                                                Arbitraries.integers()
                                                        .between(0, text.length())
                                                        .map(cut -> text.substring(0, cut))));
        // Runs of the same line, as logs repeat a timestamp.
        return line.flatMap(
                        l ->
                                Arbitraries.integers()
                                        .between(1, 4)
                                        .map(
                                                n ->
                                                        List.of(l).stream()
                                                                .flatMap(
                                                                        x ->
                                                                                java
                                                                                        .util
                                                                                        .Collections
                                                                                        .nCopies(
                                                                                                n,
                                                                                                x)
                                                                                        .stream())
                                                                .toList()))
                .list()
                .ofMaxSize(12)
                .map(runs -> runs.stream().flatMap(List::stream).toList());
    }
}
