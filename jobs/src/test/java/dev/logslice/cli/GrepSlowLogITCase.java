package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;
import dev.logslice.format.testing.SlowLogs;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice grep} with a time range on slow query logs, at p=2 with 4 KiB splits (see {@link
 * GrepRun}): an entry is judged by its {@code SET timestamp}, which comes lines after its first
 * ({@code # Time:} in the server's zone, or {@code # User@Host:} for an entry of the same second).
 */
class GrepSlowLogITCase {
    private static final Instant START = Instant.parse("2026-12-07T05:00:00Z");
    private static final Instant SINCE = Instant.parse("2026-12-07T09:00:00Z");
    private static final Instant UNTIL = Instant.parse("2026-12-07T15:00:00Z");
    private static final Pattern SET_TIMESTAMP = Pattern.compile("SET timestamp=(\\d+);");

    @TempDir Path dir;

    /**
     * Hundreds of entries of every server, over many splits: the lines of those in range with their
     * numbers, and with -o the matches from the first line with one, each after its line's number.
     */
    @Property(tries = 3)
    void timeRangeSelectsWholeEntriesByTheirStart(
            @ForAll("bigLogs") SlowLogs.Log log, @ForAll("regexes") String regexText)
            throws IOException {
        Path tries = Files.createTempDirectory("grep-slow-log");
        Path file = Files.writeString(tries.resolve("slow.log"), log.text());
        Pattern regex = Pattern.compile(regexText);
        List<String> options =
                List.of(
                        "--format",
                        "mysql-slow",
                        "--since",
                        SINCE.toString(),
                        "--until",
                        UNTIL.toString(),
                        "-n");
        List<String> withO = new ArrayList<>(options);
        withO.add("-o");

        GrepRun lines = GrepRun.ending(tries, options, regex.pattern(), file);
        GrepRun matches = GrepRun.ending(tries, withO, regex.pattern(), file);
        try (Stream<Path> files = Files.list(tries)) {
            for (Path written : files.toList()) {
                Files.delete(written);
            }
        }
        Files.delete(tries);

        StringBuilder expectedLines = new StringBuilder();
        StringBuilder expectedMatches = new StringBuilder();
        String terminator = log.crlf() ? "\r\n" : "\n";
        int number = 0;
        int selected = 0;
        for (SlowLogs.Event event : log.events()) {
            boolean inRange =
                    event.time() != null
                            && !event.time().isBefore(SINCE)
                            && event.time().isBefore(UNTIL);
            boolean found = event.lines().stream().anyMatch(l -> regex.matcher(l).find());
            for (String line : event.lines()) {
                number++;
                if (inRange && found) {
                    expectedLines.append(number).append(':').append(line).append(terminator);
                    Matcher match = regex.matcher(line);
                    while (match.find()) {
                        if (!match.group().isEmpty()) {
                            expectedMatches.append(number).append(':').append(match.group());
                            expectedMatches.append('\n');
                        }
                    }
                }
            }
            selected += inRange && found ? 1 : 0;
        }
        for (GrepRun run : List.of(lines, matches)) {
            assertThat(run.exitCode()).as(run.stderr()).isEqualTo(selected > 0 ? 0 : 1);
            assertThat(run.stderr()).doesNotContain("malformed");
        }
        assertThat(new String(lines.output(), StandardCharsets.UTF_8))
                .isEqualTo(expectedLines.toString());
        assertThat(new String(matches.output(), StandardCharsets.UTF_8))
                .isEqualTo(expectedMatches.toString());
    }

    /**
     * -c per file of the real slow logs: the entries whose SET timestamp is at or after --since.
     */
    @Test
    void countsOfTheRealSlowLogs() throws IOException {
        Path folder = RealLogs.file("filebeat/mysql/slowlog");
        List<Path> logs;
        try (Stream<Path> files = Files.list(folder)) {
            logs = files.filter(f -> f.toString().endsWith(".log")).sorted().toList();
        }
        // The second of the 5.5 log's eleven entries, ten of which have no # Time: line.
        Instant since = Instant.parse("2016-12-09T14:37:59Z");

        GrepRun run =
                GrepRun.of(
                        dir,
                        List.of("--format", "mysql-slow", "--since", since.toString(), "-c"),
                        "",
                        logs.toArray(Path[]::new));

        List<String> expected = new ArrayList<>();
        for (Path log : logs) {
            long entries =
                    entryTimes(Files.readAllLines(log, StandardCharsets.ISO_8859_1)).stream()
                            .filter(time -> !time.isBefore(since))
                            .count();
            expected.add(log + ":" + entries);
        }
        assertThat(expected).anyMatch(c -> !c.endsWith(":0")).anyMatch(c -> c.endsWith(":0"));
        assertThat(new String(run.output(), StandardCharsets.UTF_8).lines()).isEqualTo(expected);
    }

    /**
     * The times of a slow log's entries, found here without logslice: an entry starts at # Time:,
     * at a # User@Host: not right after one, or at a server's start-up line (which has no time);
     * its time is its SET timestamp, or the # Time: of an entry cut after it at the file's end.
     */
    private static List<Instant> entryTimes(List<String> lines) {
        List<Instant> times = new ArrayList<>();
        String previous = "";
        int entry = -1;
        for (String line : lines) {
            boolean starts =
                    line.startsWith("# Time: ")
                            || (line.startsWith("# User@Host: ")
                                    && !previous.startsWith("# Time: "))
                            || line.endsWith(" started with:");
            if (starts) {
                times.add(null);
                entry = times.size() - 1;
                if (line.startsWith("# Time: 20")) {
                    times.set(entry, OffsetDateTime.parse(line.substring(8)).toInstant());
                }
            }
            Matcher set = SET_TIMESTAMP.matcher(line);
            if (entry >= 0 && set.matches()) {
                times.set(entry, Instant.ofEpochSecond(Long.parseLong(set.group(1))));
            }
            previous = line;
        }
        times.removeIf(Objects::isNull);
        return times;
    }

    /** The regex of no # line, and the empty one of every line. */
    @Provide
    Arbitrary<String> regexes() {
        return Arbitraries.of("customers|Quit", "");
    }

    @Provide
    Arbitrary<SlowLogs.Log> bigLogs() {
        return Combinators.combine(SlowLogs.specs().list().ofSize(400), Arbitraries.of(true, false))
                .as((specs, crlf) -> SlowLogs.of(specs, START, crlf));
    }
}
