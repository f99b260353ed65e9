package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.filter.EventFilter;
import dev.logslice.filter.PathPrefixFilter;
import dev.logslice.filter.StatusFilter;
import dev.logslice.filter.TimeRangeFilter;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.testing.SlowLogs;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Grep's field filters judge an event as the assembler completes it: a slow query log entry by its
 * {@code SET timestamp} line, not by its first line (a {@code # Time:} in the server's zone, or a
 * {@code # User@Host:} with no time at all); and they read the fields they filter on, though the
 * parser sets no other.
 */
class EventGrepDecoderTest {
    private static final Instant START = Instant.parse("2026-12-07T05:00:00Z");
    private static final FileFormats SLOW_LOG =
            FileFormats.of(FormatRegistry.standard().create("mysql-slow", FormatOptions.none()));
    private static final FileFormats COMBINED =
            FileFormats.of(FormatRegistry.standard().create("combined", FormatOptions.none()));
    private static final DateTimeFormatter ACCESS_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    /**
     * Over any slow log, {@code grep --since --until REGEX} (or {@code -v}) writes exactly the
     * lines of the entries whose start is in the range and in one of whose lines the regex finds a
     * match (none with -v), as in the file.
     */
    @Property(tries = 150)
    void slowLogEntriesAreJudgedWhole(
            @ForAll("logs") SlowLogs.Log log,
            @ForAll @IntRange(max = 3_000) int sinceSeconds,
            @ForAll @IntRange(min = 1, max = 3_000) int rangeSeconds,
            @ForAll("regexes") String regex,
            @ForAll boolean invert)
            throws IOException {
        Instant since = START.plusSeconds(sinceSeconds);
        Instant until = since.plusSeconds(rangeSeconds);
        Pattern pattern = Pattern.compile(regex);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (SlowLogs.Event event : log.events()) {
            boolean inRange =
                    event.time() != null
                            && !event.time().isBefore(since)
                            && event.time().isBefore(until);
            boolean found = event.lines().stream().anyMatch(line -> pattern.matcher(line).find());
            if (inRange && found != invert) {
                for (String line : event.lines()) {
                    expected.writeBytes(line.getBytes(StandardCharsets.UTF_8));
                    expected.writeBytes(log.crlf() ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
                }
            }
        }

        byte[] output =
                grep(
                        log.text(),
                        List.of(new TimeRangeFilter(since, until)),
                        LinePattern.compile(regex, 0),
                        new GrepOptions(
                                invert, -1, false, false, false, false, false, -1, -1, false,
                                null));

        assertThat(new String(output, StandardCharsets.UTF_8))
                .isEqualTo(expected.toString(StandardCharsets.UTF_8));
    }

    /** A line of a combined access log the test writes, with the fields the filters read. */
    record AccessLine(int status, String path, int second) {
        String text() {
            return "10.0.0."
                    + (second % 250)
                    + " - - ["
                    + ACCESS_TIME.format(START.plusSeconds(second))
                    + "] \"GET "
                    + path
                    + " HTTP/1.1\" "
                    + status
                    + " 512 \"-\" \"curl/8.5\"";
        }
    }

    /**
     * Over any access log, {@code grep --status S --path-prefix P --since T ''} writes exactly the
     * lines whose status, path and time the test wrote pass all three.
     */
    @Property(tries = 150)
    void accessLogLinesAreJudgedByTheFieldsTheFiltersRead(
            @ForAll("accessLines") List<AccessLine> lines,
            @ForAll("statusLists") String statuses,
            @ForAll("pathPrefixes") String prefix,
            @ForAll @IntRange(max = 3_000) int sinceSeconds)
            throws IOException {
        StatusFilter status = StatusFilter.parse(statuses);
        StringBuilder text = new StringBuilder();
        StringBuilder expected = new StringBuilder();
        for (AccessLine line : lines) {
            text.append(line.text()).append('\n');
            boolean inClass = statuses.equals("5xx") ? line.status() >= 500 : line.status() == 404;
            if (inClass && line.path().startsWith(prefix) && line.second() >= sinceSeconds) {
                expected.append(line.text()).append('\n');
            }
        }

        byte[] output =
                grep(
                        COMBINED,
                        text.toString(),
                        List.of(
                                status,
                                new PathPrefixFilter(prefix),
                                new TimeRangeFilter(START.plusSeconds(sinceSeconds), null)),
                        LinePattern.compile("", 0),
                        new GrepOptions(
                                false, -1, false, false, false, false, false, -1, -1, false, null));

        assertThat(new String(output, StandardCharsets.UTF_8)).isEqualTo(expected.toString());
    }

    @Provide
    Arbitrary<List<AccessLine>> accessLines() {
        return Combinators.combine(
                        Arbitraries.of(200, 301, 404, 500, 503),
                        Arbitraries.of("/", "/api/v1/users", "/api/v2", "/static/app.js"),
                        Arbitraries.integers().between(0, 3_600))
                .as(AccessLine::new)
                .list()
                .ofMaxSize(40);
    }

    @Provide
    Arbitrary<String> statusLists() {
        return Arbitraries.of("5xx", "404");
    }

    @Provide
    Arbitrary<String> pathPrefixes() {
        return Arbitraries.of("/", "/api/", "/api/v1", "/static");
    }

    @Provide
    Arbitrary<SlowLogs.Log> logs() {
        return SlowLogs.specs()
                .list()
                .ofMaxSize(12)
                .flatMap(
                        specs ->
                                Arbitraries.of(true, false)
                                        .map(crlf -> SlowLogs.of(specs, START, crlf)));
    }

    @Provide
    Arbitrary<String> regexes() {
        return Arbitraries.of("", "customers", "Quit", "^SET timestamp", "root\\[", "x{3000}");
    }

    /** The lines the decoder sends on for the slow log {@code text}. */
    private static byte[] grep(
            String text, List<EventFilter> filters, LinePattern pattern, GrepOptions options)
            throws IOException {
        return grep(SLOW_LOG, text, filters, pattern, options);
    }

    /** The lines the decoder sends on for {@code text}, read as one split of one file. */
    private static byte[] grep(
            FileFormats formats,
            String text,
            List<EventFilter> filters,
            LinePattern pattern,
            GrepOptions options)
            throws IOException {
        java.nio.file.Path file = Files.createTempFile("slow", ".log");
        try {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            Files.write(file, bytes);
            EventGrepDecoder decoder =
                    new EventGrepDecoder(formats, ZoneId.of("UTC"), pattern, filters, options);
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            Line line = new Line();
            line.setSplitId("split");
            Path path = new Path(file.toUri());
            long index = 0;
            for (int start = 0; start < bytes.length; index++) {
                int lf = indexOf(bytes, start);
                boolean crlf = lf > start && bytes[lf - 1] == '\r';
                int end = crlf ? lf - 1 : lf;
                line.set(
                        path,
                        bytes,
                        start,
                        end - start,
                        start,
                        crlf ? LineTerminator.CRLF : LineTerminator.LF);
                line.setIndexInSplitOfFile(index);
                write(decoder.decode(line), output);
                start = lf + 1;
            }
            decoder.finishFile("split", match -> write(match, output));
            return output.toByteArray();
        } finally {
            Files.delete(file);
        }
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        throw new UncheckedIOException(new IOException("every line ends in LF here"));
    }

    private static void write(GrepMatch match, ByteArrayOutputStream output) {
        if (match != null) {
            output.writeBytes(match.bytes);
        }
    }
}
