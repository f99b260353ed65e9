package dev.logslice.format.log4j;

import dev.logslice.format.LogEvent;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The hadoop and zookeeper presets on the real logs, checked against plain regexes. */
class Log4jRealLogTest {
    private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
    private static final ParserContext CONTEXT =
            ParserContext.of(ZONE, Instant.parse("2016-01-01T00:00:00Z"));
    private static final DateTimeFormatter LOG4J_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

    @Test
    void hadoopLinesMatchTheIndependentRegex() {
        Pattern hadoop = Pattern.compile("^(\\S+ \\S+) (\\w+) \\[(.*?)\\] (\\S+): (.*)$");

        forEachLine(
                Log4jPreset.HADOOP,
                "Hadoop_2k.log",
                hadoop,
                (line, event) -> {
                    assertThat(event.logger()).isEqualTo(line.group(4));
                    assertThat(event.message()).isEqualTo(line.group(5));
                });
    }

    @Test
    void zookeeperLinesMatchTheIndependentRegex() {
        Pattern zookeeper =
                Pattern.compile("^(\\S+ \\S+) - (\\w+) +\\[(.*):([\\w$]+)@(\\d+)\\] - (.*)$");

        forEachLine(
                Log4jPreset.ZOOKEEPER,
                "Zookeeper_2k.log",
                zookeeper,
                (line, event) -> {
                    assertThat(event.extra())
                            .containsEntry("callerClass", line.group(4))
                            .containsEntry("callerLine", Long.valueOf(line.group(5)));
                    assertThat(event.message()).isEqualTo(line.group(6));
                });
    }

    /**
     * Parses a real file with a preset and checks every line against a regex whose first three
     * groups are time, level and thread; {@code more} checks the rest.
     */
    private static void forEachLine(
            Log4jPreset preset, String file, Pattern regex, BiConsumer<Matcher, LogEvent> more) {
        List<Matcher> expected = matchAll(regex, file);
        List<ParseResult> results = Parsing.lines(preset.format(), RealLogs.bytes(file), CONTEXT);

        assertThat(results).hasSameSizeAs(expected).hasSize(2000);
        for (int i = 0; i < results.size(); i++) {
            Matcher line = expected.get(i);
            LogEvent event = (LogEvent) results.get(i);
            assertThat(event.timestamp()).isEqualTo(localTime(line.group(1)));
            assertThat(event.level()).isEqualTo(line.group(2));
            assertThat(event.thread()).isEqualTo(line.group(3));
            more.accept(line, event);
        }
    }

    @Test
    void threadNamesWithBracketsAndIpv6AreWhole() {
        List<ParseResult> results =
                Parsing.lines(
                        Log4jPreset.ZOOKEEPER.format(),
                        RealLogs.bytes("Zookeeper_2k.log"),
                        CONTEXT);
        LogEvent first = (LogEvent) results.get(0);

        assertThat(first.thread()).isEqualTo("QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181");
        assertThat(first.extra()).containsEntry("callerClass", "FastLeaderElection");
        assertThat(first.timestampText()).isEqualTo("2015-07-29T17:41:44.747+08:00");
        assertThat(first.message()).isEqualTo("Notification time out: 3200");
    }

    private static OffsetDateTime localTime(String text) {
        return LocalDateTime.parse(text, LOG4J_TIME).atZone(ZONE).toOffsetDateTime();
    }

    private static List<Matcher> matchAll(Pattern pattern, String file) {
        return new String(RealLogs.bytes(file), StandardCharsets.UTF_8)
                .lines()
                .map(
                        line -> {
                            Matcher matcher = pattern.matcher(line);
                            assertThat(matcher.matches()).as(line).isTrue();
                            return matcher;
                        })
                .collect(Collectors.toList());
    }
}
