package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;
import dev.logslice.generate.LogGenerator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice grep} with field filters, at p=2 with 4 KiB splits, against the events chosen
 * here by separate regexes on the raw lines: the same bytes in the same order, multi-line events
 * whole.
 */
class GrepFiltersITCase {
    /** Time, path and status of a combined line, found independently of logslice's parser. */
    private static final Pattern ACCESS =
            Pattern.compile("^\\S+ \\S+ \\S+ \\[([^\\]]+)\\] \"[A-Z]+ (\\S+)[^\"]*\" (\\d{3}) ");

    private static final DateTimeFormatter ACCESS_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH);

    /** The first line of a Java log event: an ISO date, a time, then the level. */
    private static final Pattern JAVA_EVENT =
            Pattern.compile("^\\d{4}-\\d\\d-\\d\\d[T ][0-9:,.]+ (?:- )?([A-Z]+)");

    private static final Set<String> WARN_AND_WORSE = Set.of("WARN", "ERROR", "FATAL");

    @TempDir Path dir;

    @Test
    void statusClassesCodesAndPathPrefixOnTheRealAccessLog() throws IOException {
        Path log = RealLogs.file("hackers-access.log");

        byte[] output =
                GrepRun.of(dir, List.of("--status", "3xx,404", "--path-prefix", "/linux"), "", log)
                        .output();

        List<byte[]> expected =
                matchingLines(
                        log,
                        access -> {
                            int status = Integer.parseInt(access.group(3));
                            return (status / 100 == 3 || status == 404)
                                    && access.group(2).startsWith("/linux");
                        });
        assertThat(expected).hasSizeGreaterThan(10);
        assertThat(output).isEqualTo(GrepRun.concatenated(expected));
    }

    @Test
    void timeRangeWithADateInTheZoneAndTheRegexOnTheRealAccessLog() throws IOException {
        Path log = RealLogs.file("hackers-access.log");
        Instant since = Instant.parse("2015-10-27T11:00:00Z");
        Instant until = Instant.parse("2015-10-29T00:00:00Z");

        byte[] output =
                GrepRun.of(
                                dir,
                                List.of(
                                        "--since",
                                        "2015-10-27T12:00:00+01:00",
                                        "--until",
                                        "2015-10-29",
                                        "--zone",
                                        "UTC"),
                                "POST",
                                log)
                        .output();

        List<byte[]> expected =
                matchingLines(
                        log,
                        access -> {
                            Instant time =
                                    OffsetDateTime.parse(access.group(1), ACCESS_TIME).toInstant();
                            return !time.isBefore(since)
                                    && time.isBefore(until)
                                    && access.group().contains("\"POST ");
                        });
        assertThat(expected).hasSizeGreaterThan(10);
        assertThat(output).isEqualTo(GrepRun.concatenated(expected));
    }

    @Test
    void errorLevelTakesFatalToo() throws IOException {
        Path log = RealLogs.file("Hadoop_2k.log");

        byte[] output = GrepRun.of(dir, List.of("--level", "error"), "", log).output();

        List<List<byte[]>> expected =
                matchingEvents(log, level -> level.equals("ERROR") || level.equals("FATAL"), "");
        assertThat(expected).hasSize(152);
        assertThat(output).isEqualTo(GrepRun.concatenated(flatten(expected)));
        assertThat(new String(output, StandardCharsets.UTF_8)).contains(" FATAL [");
    }

    @Test
    void levelFilterReadsColouredLinesAndWritesThemAsInTheFile() throws IOException {
        String esc = "\u001b";
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String level =
                    i % 4 == 0
                            ? esc + "[31mERROR" + esc + "[0;39m"
                            : esc + "[32m INFO" + esc + "[0;39m";
            lines.add(
                    esc
                            + "[2m2024-05-10T01:34:"
                            + (10 + i)
                            + ".612Z"
                            + esc
                            + "[0;39m "
                            + level
                            + " 88909 --- [           main] c.e.App                                  : event "
                            + i);
        }
        Path log = Files.writeString(dir.resolve("coloured.log"), String.join("\n", lines) + "\n");

        byte[] output = GrepRun.of(dir, List.of("--level", "error"), "", log).output();

        List<byte[]> expected = new java.util.ArrayList<>();
        for (String line : lines) {
            if (line.contains("[31mERROR")) {
                expected.add((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        assertThat(expected).hasSize(10);
        assertThat(output).isEqualTo(GrepRun.concatenated(expected));
    }

    @Test
    void errorLevelKeepsCrlfAndEndsAnUnterminatedLastLine() throws IOException {
        Path log = RealLogs.file("Apache_2k.log");

        byte[] output = GrepRun.of(dir, List.of("--level", "ERROR"), "", log).output();

        List<byte[]> expected = new ArrayList<>();
        for (byte[] line : GrepRun.linesOf(log)) {
            if (new String(line, StandardCharsets.UTF_8)
                    .matches("(?s)^\\[[^\\]]+\\] \\[error\\] .*")) {
                expected.add(line);
            }
        }
        assertThat(expected).hasSizeGreaterThan(10);
        assertThat(output).isEqualTo(GrepRun.concatenated(expected));
        assertThat(new String(output, StandardCharsets.UTF_8)).contains("\r\n");
    }

    @Test
    void multiLineEventsMatchWholeWhenTheRegexMeetsAStackTraceLine() throws IOException {
        Path log = dir.resolve("app.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 300_000, 7, log);

        byte[] output = GrepRun.of(dir, List.of("--level", "WARN"), "Exception", log).output();

        List<List<byte[]>> expected = matchingEvents(log, WARN_AND_WORSE::contains, "Exception");
        assertThat(expected)
                .as("events whose first line lacks the regex")
                .anyMatch(event -> !text(event.get(0)).contains("Exception"));
        assertThat(expected).as("events with stack traces").allMatch(event -> event.size() > 1);
        assertThat(output).isEqualTo(GrepRun.concatenated(flatten(expected)));
    }

    /**
     * GNU grep's -c, -l, -m, -n, -H and --color on events: counts and -m are of events, every line
     * of an event is written with its file's name and number.
     */
    @Test
    void grepOptionsCountAndNumberWholeEvents() throws IOException {
        Path first = dir.resolve("app.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 200_000, 11, first);
        Path second = dir.resolve("app2.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 100_000, 12, second);
        List<String> warn = List.of("--level", "WARN");
        List<List<Integer>> firstEvents =
                matchingEventLines(first, WARN_AND_WORSE::contains, "Exception");
        List<List<Integer>> secondEvents =
                matchingEventLines(second, WARN_AND_WORSE::contains, "Exception");
        assertThat(firstEvents).hasSizeGreaterThan(3).anyMatch(event -> event.size() > 1);

        GrepRun counts = GrepRun.of(dir, plus(warn, "-c"), "Exception", first, second);
        assertThat(text(counts.output()))
                .isEqualTo(
                        first
                                + ":"
                                + firstEvents.size()
                                + "\n"
                                + second
                                + ":"
                                + secondEvents.size()
                                + "\n");

        GrepRun numbered = GrepRun.of(dir, plus(warn, "-n", "-m", "3"), "Exception", first);
        assertThat(numbered.output())
                .isEqualTo(numberedLines(first, "", firstEvents.subList(0, 3)));

        GrepRun named = GrepRun.of(dir, plus(warn, "-n"), "Exception", first, second);
        ByteArrayOutputStream both = new ByteArrayOutputStream();
        both.writeBytes(numberedLines(first, first + ":", firstEvents));
        both.writeBytes(numberedLines(second, second + ":", secondEvents));
        assertThat(named.output()).isEqualTo(both.toByteArray());

        GrepRun coloured =
                GrepRun.of(dir, plus(warn, "-n", "--color=always"), "Exception", first, second);
        assertThat(text(coloured.output()).replaceAll("\u001b\\[[0-9;]*m\u001b\\[K", ""))
                .isEqualTo(text(both.toByteArray()));

        GrepRun files = GrepRun.of(dir, plus(warn, "-l"), "Exception", first, second);
        assertThat(text(files.output())).isEqualTo(first + "\n" + second + "\n");

        List<List<Integer>> without =
                eventLines(first, WARN_AND_WORSE::contains, "Exception", true);
        assertThat(without).hasSizeGreaterThan(3);
        GrepRun inverted = GrepRun.of(dir, plus(warn, "-v", "-n"), "Exception", first);
        assertThat(inverted.output()).isEqualTo(numberedLines(first, "", without));
        GrepRun invertedCount = GrepRun.of(dir, plus(warn, "-v", "-c"), "Exception", first);
        assertThat(text(invertedCount.output())).isEqualTo(without.size() + "\n");
    }

    /** -o on events: each match in the selected events' lines, after its file and line number. */
    @Test
    void onlyMatchingWritesTheMatchesOfTheSelectedEventsLines() throws IOException {
        Path log = dir.resolve("app.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 300_000, 9, log);
        List<byte[]> lines = GrepRun.linesOf(log);
        String regex = "[A-Za-z]+Exception";

        byte[] output =
                GrepRun.of(dir, List.of("--level", "WARN", "-o", "-n", "-m", "7"), regex, log)
                        .output();

        StringBuilder expected = new StringBuilder();
        Pattern exception = Pattern.compile(regex);
        List<List<Integer>> events = matchingEventLines(log, WARN_AND_WORSE::contains, "Exception");
        assertThat(events).hasSizeGreaterThan(7);
        for (List<Integer> event : events.subList(0, 7)) {
            for (int i : event) {
                Matcher match = exception.matcher(text(lines.get(i)));
                while (match.find()) {
                    expected.append(i + 1).append(':').append(match.group()).append('\n');
                }
            }
        }
        assertThat(text(output)).isEqualTo(expected.toString());
    }

    /** -v on events, plain: the events that pass the filters and have no line with a match. */
    @Test
    void invertedEventsAreThoseWithoutAMatchingLine() throws IOException {
        Path log = dir.resolve("app.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 300_000, 5, log);
        List<byte[]> lines = GrepRun.linesOf(log);

        byte[] output =
                GrepRun.of(dir, List.of("--level", "WARN", "-v"), "Exception", log).output();

        List<byte[]> expected = new ArrayList<>();
        for (List<Integer> event : eventLines(log, WARN_AND_WORSE::contains, "Exception", true)) {
            event.forEach(i -> expected.add(lines.get(i)));
        }
        assertThat(expected).hasSizeGreaterThan(10);
        assertThat(output).isEqualTo(GrepRun.concatenated(expected));
    }

    @Test
    void namedFormatAloneMatchesWholeEventsAndCountsLinesBeforeTheFirst() throws IOException {
        Path log = dir.resolve("app.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 300_000, 3, log);
        byte[] generated = Files.readAllBytes(log);
        Files.write(
                log,
                ("not an event\n\tnor this\n" + text(generated)).getBytes(StandardCharsets.UTF_8));

        GrepRun run = GrepRun.of(dir, List.of("--format", "hadoop"), "Caused by", log);

        assertThat(run.stderr()).contains("malformed lines left out (no hadoop events): 2");
        List<List<byte[]>> expected = matchingEvents(log, level -> true, "Caused by");
        assertThat(expected).isNotEmpty();
        assertThat(run.output()).isEqualTo(GrepRun.concatenated(flatten(expected)));
    }

    @Test
    void malformedLinesNeverMatchAFilterAndAreCounted() throws IOException {
        List<byte[]> real = GrepRun.linesOf(RealLogs.file("hackers-access.log")).subList(0, 300);
        List<byte[]> lines = new ArrayList<>(real);
        lines.add(100, "200 OK\n".getBytes(StandardCharsets.US_ASCII));
        lines.add(
                0, "- - - [garbage] \"GET / HTTP/1.1\" 200\n".getBytes(StandardCharsets.US_ASCII));
        lines.add("\n".getBytes(StandardCharsets.US_ASCII));
        Path log = Files.write(dir.resolve("mixed.log"), GrepRun.concatenated(lines));

        GrepRun run = GrepRun.of(dir, List.of("--format", "combined", "--status", "200"), "", log);

        // The blank line is left out too, but it is no malformed line: nothing of the log is lost.
        assertThat(run.stderr()).contains("malformed lines left out (no combined events): 2");
        List<byte[]> expected = new ArrayList<>();
        for (byte[] line : real) {
            if (text(line).contains("\" 200 ")) {
                expected.add(line);
            }
        }
        assertThat(run.output()).isEqualTo(GrepRun.concatenated(expected));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--status|1000|--status: '1000' is no status",
                "--status|404,|--status: '' is no status",
                "--level|LOUD|--level: 'LOUD' is no level",
                "--since|last week|--since 'last week' is no time",
                "--until|2015-13-01|--until '2015-13-01' is no time"
            })
    void badFilterValuesAreUsageErrors(String option, String value, String message) {
        CliRun run =
                CliRun.of(
                        "grep", option, value, "", RealLogs.file("hackers-access.log").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines()).singleElement().asString().contains(message);
    }

    @Test
    void anEmptyTimeRangeIsAUsageError() {
        CliRun run =
                CliRun.of(
                        "grep",
                        "--since",
                        "2015-10-26",
                        "--until",
                        "2015-10-26T00:00",
                        "",
                        RealLogs.file("hackers-access.log").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines())
                .singleElement()
                .asString()
                .contains("--until 2015-10-26T00:00 must be after --since 2015-10-26");
    }

    /** The lines of an access log that the regex reads and {@code keep} accepts. */
    private static List<byte[]> matchingLines(Path log, Predicate<Matcher> keep)
            throws IOException {
        List<byte[]> kept = new ArrayList<>();
        for (byte[] line : GrepRun.linesOf(log)) {
            Matcher access = ACCESS.matcher(text(line));
            assertThat(access.find()).as(text(line)).isTrue();
            if (keep.test(access)) {
                kept.add(line);
            }
        }
        return kept;
    }

    /**
     * The events of a Java log (a line that starts with a date starts one; lines before the first
     * belong to none) whose level {@code level} accepts and one of whose lines contains {@code
     * text}.
     */
    private static List<List<byte[]>> matchingEvents(Path log, Predicate<String> level, String text)
            throws IOException {
        List<byte[]> lines = GrepRun.linesOf(log);
        return matchingEventLines(log, level, text).stream()
                .map(event -> event.stream().map(lines::get).toList())
                .toList();
    }

    /** The events {@link #matchingEvents} finds, each as the indexes of its lines in the file. */
    private static List<List<Integer>> matchingEventLines(
            Path log, Predicate<String> level, String text) throws IOException {
        return eventLines(log, level, text, false);
    }

    /** With {@code without}, the events none of whose lines contains {@code text}. */
    private static List<List<Integer>> eventLines(
            Path log, Predicate<String> level, String text, boolean without) throws IOException {
        List<byte[]> lines = GrepRun.linesOf(log);
        List<List<Integer>> events = new ArrayList<>();
        List<Integer> event = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher start = JAVA_EVENT.matcher(text(lines.get(i)));
            if (start.find()) {
                event = new ArrayList<>();
                if (level.test(start.group(1))) {
                    events.add(event);
                }
            }
            if (event != null) {
                event.add(i);
            }
        }
        events.removeIf(
                indexes ->
                        indexes.stream().noneMatch(i -> text(lines.get(i)).contains(text))
                                != without);
        return events;
    }

    /** The events' lines, each after {@code prefix}, its number in the file and a colon. */
    private static byte[] numberedLines(Path log, String prefix, List<List<Integer>> events)
            throws IOException {
        List<byte[]> lines = GrepRun.linesOf(log);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (List<Integer> event : events) {
            for (int i : event) {
                out.writeBytes((prefix + (i + 1) + ":").getBytes(StandardCharsets.UTF_8));
                out.writeBytes(lines.get(i));
            }
        }
        return out.toByteArray();
    }

    private static List<String> plus(List<String> options, String... more) {
        List<String> all = new ArrayList<>(options);
        all.addAll(List.of(more));
        return all;
    }

    private static List<byte[]> flatten(List<List<byte[]>> events) {
        List<byte[]> lines = new ArrayList<>();
        events.forEach(lines::addAll);
        return lines;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
