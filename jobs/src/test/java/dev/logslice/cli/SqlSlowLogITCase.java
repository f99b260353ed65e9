package dev.logslice.cli;

import dev.logslice.format.testing.SlowLogs;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice sql} over a slow query log, at p=2 with 4 KiB splits: the table has the columns
 * of the entries' later lines (the query time as {@code request_time}, the user), which no line
 * alone has, and its rows are the test's own count of the entries.
 */
class SqlSlowLogITCase {
    private static final Instant START = Instant.parse("2026-12-07T05:00:00Z");

    @Property(tries = 2)
    void rowsPerUserAreTheEntriesOfEachUser(@ForAll("logs") SlowLogs.Log log) throws IOException {
        Path dir = Files.createTempDirectory("sql-slow-log");
        Path file = Files.writeString(dir.resolve("slow.log"), log.text());
        Path out = dir.resolve("out.csv");

        CliRun run =
                CliRun.of(
                        "sql",
                        "-p",
                        "2",
                        "--split-size",
                        "4k",
                        "--output",
                        "csv",
                        "--out",
                        out.toString(),
                        "SELECT remote_user, COUNT(*), MAX(request_time), MIN(client),"
                                + " COUNT(malformed) FROM logs GROUP BY remote_user",
                        file.toString());
        List<String> rows = run.exitCode() == 0 ? Files.readAllLines(out) : List.of();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path written : files.toList()) {
                Files.delete(written);
            }
        }
        Files.delete(dir);

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        // The start-up blocks have no user; no line is malformed.
        Map<String, String> expected = new TreeMap<>();
        Map<String, List<SlowLogs.Event>> byUser = new TreeMap<>();
        for (SlowLogs.Event event : log.events()) {
            byUser.computeIfAbsent(Objects.toString(event.user(), ""), u -> new ArrayList<>())
                    .add(event);
        }
        byUser.forEach(
                (user, events) -> {
                    String fields = ",";
                    if (!user.isEmpty()) {
                        double max =
                                events.stream()
                                        .mapToDouble(SlowLogs.Event::queryTime)
                                        .max()
                                        .getAsDouble();
                        fields =
                                max
                                        + ","
                                        + events.stream()
                                                .map(SlowLogs.Event::client)
                                                .sorted()
                                                .findFirst()
                                                .get();
                    }
                    expected.put(user, events.size() + "," + fields + ",0");
                });
        Map<String, String> counted = new TreeMap<>();
        for (String row : rows.subList(1, rows.size())) {
            int comma = row.indexOf(',');
            counted.put(row.substring(0, comma), row.substring(comma + 1));
        }
        assertThat(counted).isEqualTo(expected);
    }

    @Provide
    Arbitrary<SlowLogs.Log> logs() {
        return Combinators.combine(SlowLogs.specs().list().ofSize(300), Arbitraries.of(true, false))
                .as((specs, crlf) -> SlowLogs.of(specs, START, crlf));
    }
}
