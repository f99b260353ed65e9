package dev.logslice.format.registry;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;
import dev.logslice.format.testing.SourceLines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A second opinion: Filebeat's module fixtures ({@code $LOGSLICE_REAL_LOGS/filebeat/}) read by our
 * formats, field by field against what Filebeat's pipelines parsed ({@code *-expected.json}). Where
 * we differ on purpose the field is left out of the comparison, with the reason.
 */
class FilebeatFixturesTest {
    /** Filebeat's key, and how our event holds the same value. */
    private static final Map<String, java.util.function.Function<LogEvent, Object>> FIELDS =
            Map.of(
                    "http.response.status_code",
                            e ->
                                    e.hasValue(dev.logslice.format.Field.STATUS)
                                            ? (long) e.status()
                                            : null,
                    "http.request.method", LogEvent::method,
                    "source.address", LogEvent::client,
                    // Filebeat's url.path leaves the query out; ours is the request's path as sent.
                    "url.path", e -> e.path() == null ? null : e.path().split("\\?", 2)[0],
                    "process.pid", e -> e.hasValue(dev.logslice.format.Field.PID) ? e.pid() : null,
                    "log.level", LogEvent::level,
                    "http.response.bytes",
                            e -> e.hasValue(dev.logslice.format.Field.BYTES) ? e.bytes() : null,
                    "message", LogEvent::message,
                    "@timestamp", e -> e.timestamp() == null ? null : e.timestamp().toInstant());

    @ParameterizedTest(name = "{1}")
    @CsvSource({
        "haproxy, haproxy/log/haproxy.log, ''",
        "haproxy, haproxy/log/tcplog.log, ''",
        "haproxy, haproxy/log/httplog-no-headers.log, ''",
        // Filebeat reads the syslog date in its event.timezone; we read the syslog header's.
        // and HAProxy's own notices ("Connect from 1.2.3.4:40780") are syslog events to us.
        "haproxy, haproxy/log/default.log, @timestamp source.address",
        // The fixture's c-ip is "[10.100.118.31](http://10.100.118.31)"; Filebeat's grok keeps the
        // address in it, we keep the column as written.
        "w3c, iis/access/test-iis-7.5.log, source.address",
        "w3c, iis/access/test-iis-7.2.log, ''",
        "w3c, iis/access/test-ipv6zone.log, ''",
        // Filebeat applies the zone of its host (event.timezone) to lines without one.
        // Filebeat also moves "duration: N ms  statement:" out of the message into fields.
        "postgresql, postgresql/log/postgresql-9.6-multi-core.log, @timestamp message",
        "mysql, mysql/error/mysql-ubuntu-5.5.53-extented.log, @timestamp",
    })
    void ourFieldsAgreeWithFilebeats(String format, String log, String notCompared)
            throws Exception {
        Path file = RealLogs.file("filebeat/" + log);
        Path expectedFile = Path.of(file + "-expected.json");
        assertThat(expectedFile).as("Filebeat's fixture").isRegularFile();
        Map<Long, LogEvent> ours =
                events(FormatRegistry.standard().create(format, FormatOptions.none()), file);
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (JsonNode expected : new ObjectMapper().readTree(expectedFile.toFile())) {
            long offset = expected.path("log.offset").asLong(-1);
            LogEvent event = ours.get(offset);
            if (event == null) {
                differences.add("offset " + offset + ": no event");
                continue;
            }
            for (var field : FIELDS.entrySet()) {
                JsonNode theirs = expected.get(field.getKey());
                if (theirs == null || notCompared.contains(field.getKey())) {
                    continue;
                }
                Object mine = field.getValue().apply(event);
                Object their =
                        field.getKey().equals("@timestamp")
                                ? OffsetDateTime.parse(theirs.asText()).toInstant()
                                : theirs.isNumber() ? (Object) theirs.asLong() : theirs.asText();
                compared++;
                if (!Objects.equals(mine, their)) {
                    differences.add(
                            "offset "
                                    + offset
                                    + " "
                                    + field.getKey()
                                    + ": ours "
                                    + mine
                                    + ", Filebeat's "
                                    + their);
                }
            }
        }
        assertThat(differences).isEmpty();
        assertThat(compared).isPositive();
    }

    private static Map<Long, LogEvent> events(LogFormat format, Path file) throws Exception {
        Map<Long, LogEvent> byOffset = new HashMap<>();
        EventAssembler assembler =
                new EventAssembler(
                        format,
                        format.newParser(Parsing.CONTEXT),
                        (ParseResult result) -> {
                            if (result instanceof LogEvent) {
                                byOffset.put(result.offset(), (LogEvent) result);
                            }
                        });
        for (SourceLines.SourceLine line : SourceLines.of(Files.readAllBytes(file))) {
            assembler.accept(line.bytes, 0, line.bytes.length, file.toString(), line.offset);
        }
        assembler.finish();
        return byOffset;
    }
}
