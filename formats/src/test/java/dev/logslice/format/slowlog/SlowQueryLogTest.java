package dev.logslice.format.slowlog;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.PerFileParser;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;
import dev.logslice.format.testing.SourceLines;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MySQL and MariaDB slow query log: every line was refused as no known format. An entry is one
 * event, its query time usable as the request time.
 */
class SlowQueryLogTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();
    private static final LogFormat FORMAT = REGISTRY.create("mysql-slow", FormatOptions.none());

    private static final Pattern SET_TIMESTAMP = Pattern.compile("(?m)^SET timestamp=(\\d+);");

    private static final String MYSQL_57 =
            "/usr/sbin/mysqld, Version: 5.7.22-log (MySQL Community Server (GPL)). started with:\n"
                    + "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
                    + "Time                 Id Command    Argument\n"
                    + "# Time: 2018-08-07T16:27:47.169604+08:00\n"
                    + "# User@Host: root[root] @  [218.76.8.37]  Id:  7234\n"
                    + "# Query_time: 15.000223  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: 0\n"
                    + "SET timestamp=1533630467;\n"
                    + "select sleep(15);\n"
                    + "# Time: 2018-08-07T16:27:48.000001Z\n"
                    + "# User@Host: we@ird[we@ird] @ my host [] Id: 9\n"
                    + "# Query_time: 0.5  Lock_time: 0.000061 Rows_sent: 31  Rows_examined: 81\n"
                    + "use shop;\n"
                    + "SET timestamp=1533630468;\n"
                    + "select concat('a `',\n"
                    + "    TABLE_NAME, '`') -- \u00ff\u00fe\n"
                    + "  from information_schema.TABLES;\n";

    /** MySQL 5.5 leaves # Time: out for an entry of the same second as the one before. */
    private static final String MYSQL_55 =
            "# Time: 161209 14:37:59\r\n"
                    + "# User@Host: debian-sys-maint[debian-sys-maint] @ localhost []\r\n"
                    + "# Query_time: 0.000153  Lock_time: 0.000061 Rows_sent: 1  Rows_examined: 5\r\n"
                    + "SET timestamp=1481294279;\r\n"
                    + "SELECT count(*) FROM mysql.user;\r\n"
                    + "# User@Host: debian-sys-maint[debian-sys-maint] @ localhost []\r\n"
                    + "# Query_time: 0.002456  Lock_time: 0.000095 Rows_sent: 31  Rows_examined: 81\r\n"
                    + "SET timestamp=1481294279;\r\n"
                    + "select 1;\r\n";

    private static final String MARIADB =
            "# Time: 190117  6:04:03\n"
                    + "# User@Host: root[root] @ localhost [127.0.0.1]\n"
                    + "# Thread_id: 8  Schema:   QC_hit: No\n"
                    + "# Query_time: 2.000227  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 0\n"
                    + "# Rows_affected: 0\n"
                    + "#\n"
                    + "# explain: id   select_type     table   type\n"
                    + "SET timestamp=1547705043;\n"
                    + "select sleep(2)\n"
                    + "AS foo;\n"
                    + "mysqld, Version: 10.2.12-MariaDB-log (mariadb.org binary distribution). started"
                    + " with:\n"
                    + "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
                    + "Time                 Id Command    Argument\n"
                    + "# Time: 190117 16:04:18\n"
                    + "# User@Host: root[root] @  [192.168.0.10]\n"
                    + "# Query_time: 178.306017  Lock_time: 0.000000  Rows_sent: 0  Rows_examined:"
                    + " 53022772\n"
                    + "SET timestamp=1547741058;\n"
                    + "call PROC('blah');";

    @Test
    void mysql57EntriesAreEventsWithTheirQueryTime() throws Exception {
        assertThat(Parsing.detected(REGISTRY, MYSQL_57)).isEqualTo("mysql-slow");
        List<LogEvent> events = events(MYSQL_57);

        assertThat(events).hasSize(3);
        assertThat(events.get(0).extra())
                .containsEntry("version", "5.7.22-log (MySQL Community Server (GPL)).");
        assertThat(events.get(0).lineCount()).isEqualTo(3);
        LogEvent sleep = events.get(1);
        assertThat(sleep.timestampText()).isEqualTo("2018-08-07T08:27:47Z");
        assertThat(sleep.requestTime()).isEqualTo(15.000223);
        assertThat(sleep.user()).isEqualTo("root");
        assertThat(sleep.client()).isEqualTo("218.76.8.37");
        assertThat(sleep.thread()).isEqualTo("7234");
        assertThat(sleep.extra())
                .containsEntry("lockTime", "0.000000")
                .containsEntry("rowsSent", "1")
                .containsEntry("rowsExamined", "0");
        assertThat(sleep.message()).isEqualTo("select sleep(15);");
        assertThat(sleep.lineCount()).isEqualTo(5);
        LogEvent concat = events.get(2);
        assertThat(concat.user()).isEqualTo("we@ird");
        assertThat(concat.client()).isEqualTo("my host");
        assertThat(concat.extra()).containsEntry("schema", "shop");
        assertThat(concat.message())
                .isEqualTo(
                        "select concat('a `',\n    TABLE_NAME, '`') -- \u00ff\u00fe\n"
                                + "  from information_schema.TABLES;");
    }

    @Test
    void anEntryWithoutItsTimeLineIsAnEventOfItsOwn() throws Exception {
        assertThat(Parsing.detected(REGISTRY, MYSQL_55)).isEqualTo("mysql-slow");
        List<LogEvent> events = events(MYSQL_55);

        assertThat(events).extracting(LogEvent::lineCount).containsExactly(5, 4);
        assertThat(events).extracting(LogEvent::requestTime).containsExactly(0.000153, 0.002456);
        assertThat(events)
                .extracting(LogEvent::timestampText)
                .containsExactly("2016-12-09T14:37:59Z", "2016-12-09T14:37:59Z");
        assertThat(events.get(1).client()).isEqualTo("localhost");
        assertThat(events.get(1).message()).isEqualTo("select 1;");
    }

    @Test
    void mariadbPairsExplainAndARestart() throws Exception {
        List<LogEvent> events = events(MARIADB);

        assertThat(events).hasSize(3);
        LogEvent first = events.get(0);
        assertThat(first.thread()).isEqualTo("8");
        assertThat(first.extra())
                .containsEntry("schema", "")
                .containsEntry("qcHit", "No")
                .containsEntry("rowsAffected", "0")
                .doesNotContainKey("id");
        assertThat(first.message()).isEqualTo("select sleep(2)\nAS foo;");
        assertThat(events.get(1).program()).isEqualTo("mysqld");
        assertThat(events.get(2).requestTime()).isEqualTo(178.306017);
        assertThat(events.get(2).message()).isEqualTo("call PROC('blah');");
    }

    /** An entry cut by the file's end keeps what it has; no line is lost. */
    @Test
    void anEntryCutAtTheFilesEnd() {
        List<ParseResult> results =
                Parsing.assemble(
                        FORMAT,
                        "# Time: 2018-08-07T16:27:47Z\n# User@Host: root[root] @ x []\n# Query_ti",
                        EventBounds.DEFAULTS);

        assertThat(results).hasSize(1);
        LogEvent event = (LogEvent) results.get(0);
        assertThat(event.lineCount()).isEqualTo(3);
        assertThat(event.has(Field.REQUEST_TIME)).isFalse();
        assertThat(event.message()).isNull();
    }

    /** Lines before the first entry are no event's: malformed, not glued to anything. */
    @Test
    void linesBeforeTheFirstEntryAreMalformed() {
        List<ParseResult> results =
                Parsing.assemble(
                        FORMAT, "select 1;\n# Time: 161209 14:37:59\n", EventBounds.DEFAULTS);

        assertThat(results.get(0)).isInstanceOf(MalformedLine.class);
        assertThat(results.get(1)).isInstanceOf(LogEvent.class);
    }

    /**
     * Cut anywhere, even between an entry's # Time: and its # User@Host:, two splits read the
     * file's events: the source cuts no split before a # User@Host: (before, such a cut made the #
     * Time: an event of its own, judged and counted apart).
     */
    @Test
    void theFilesEventsWhereverTheSplitIs(@TempDir java.nio.file.Path dir) throws Exception {
        String text = MYSQL_57 + MYSQL_55;
        byte[] log = text.getBytes(StandardCharsets.UTF_8);
        Path file = new Path(Files.write(dir.resolve("slow.log"), log).toUri());
        EventStarts eventStarts =
                new PerFileParser(FileFormats.of(FORMAT), ZoneOffset.UTC).eventStarts();
        List<String> whole = eventsOf(assembleSplit(log, 0, log.length));
        assertThat(whole).hasSize(5);

        for (int cut = 1; cut < log.length; cut++) {
            List<String> split = new ArrayList<>();
            for (long[] range : new long[][] {{0, cut}, {cut, log.length}}) {
                List<SourceLines.SourceLine> lines =
                        SourceLines.ofEventSplit(log, file, range[0], range[1], eventStarts);
                split.addAll(eventsOf(assemble(lines)));
            }
            assertThat(split).as("cut at %d", cut).isEqualTo(whole);
        }
    }

    /** Each result as its offset and line count. */
    private static List<String> eventsOf(List<ParseResult> results) {
        return results.stream().map(r -> r.offset() + "+" + ((LogEvent) r).lineCount()).toList();
    }

    /** Any entry comes back with its user, client, thread, query time, rows and query. */
    @Property(tries = 200)
    void anyEntryRoundTrips(
            @ForAll("names") String user,
            @ForAll("names") String host,
            @ForAll @IntRange(min = 1, max = 255) int octet,
            @ForAll @DoubleRange(min = 0, max = 100_000) double seconds,
            @ForAll @IntRange(min = 0) int rows,
            @ForAll("queries") List<String> query) {
        String queryTime = String.format("%.6f", seconds);
        String entry =
                "# Time: 2026-12-07T06:12:01.123456Z\n"
                        + "# User@Host: "
                        + user
                        + "["
                        + user
                        + "] @ "
                        + host
                        + " [10.0.0."
                        + octet
                        + "]  Id:    42\n"
                        + "# Query_time: "
                        + queryTime
                        + "  Lock_time: 0.000100 Rows_sent: "
                        + rows
                        + "  Rows_examined: "
                        + rows
                        + "\n"
                        + "SET timestamp=1796537521;\n"
                        + String.join("\n", query);

        List<LogEvent> events = events(entry);

        assertThat(events).hasSize(1);
        LogEvent event = events.get(0);
        assertThat(event.user()).isEqualTo(user);
        assertThat(event.client()).isEqualTo("10.0.0." + octet);
        assertThat(event.thread()).isEqualTo("42");
        assertThat(event.requestTime()).isEqualTo(Double.parseDouble(queryTime));
        assertThat(event.extra()).containsEntry("rowsExamined", String.valueOf(rows));
        assertThat(event.message()).isEqualTo(String.join("\n", query).stripTrailing());
        assertThat(event.lineCount()).isEqualTo(4 + query.size());
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings()
                .withCharRange('a', 'z')
                .numeric()
                .withChars("_-.")
                .ofMinLength(1)
                .ofMaxLength(40);
    }

    /** Lines of a query: anything but what opens an entry. */
    @Provide
    Arbitrary<List<String>> queries() {
        return Arbitraries.strings()
                .ofMinLength(1)
                .ofMaxLength(120)
                .excludeChars('\n', '\r')
                .filter(
                        l ->
                                !l.startsWith("# Time:")
                                        && !l.startsWith("# User@Host:")
                                        && !l.contains(", Version: "))
                .filter(l -> !l.isBlank())
                .list()
                .ofMinSize(1)
                .ofMaxSize(6);
    }

    /** Every real slow log of the fixtures: one event per entry, each with its query time. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "mariadb-10.1.21.log",
                "mariadb-10.2.12.log",
                "mariadb-10.3.13.log",
                "mariadb-explain.log",
                "mysql-5.7.22.log",
                "mysql-darwin-brew-5.7.10.log",
                "mysql-debian-5.7.17.log",
                "mysql-debian-5.7.19.log",
                "mysql-ubuntu-5.5.53.log",
                "mysql-ubuntu-8.0.15.log",
                "percona-ubuntu-5.7.19-innodb.log",
                "percona-ubuntu-5.7.19.log",
                "percona-ubuntu-8.0.15.log"
            })
    void realSlowLogs(String name) throws Exception {
        byte[] log = RealLogs.bytes("filebeat/mysql/slowlog/" + name);
        String text = new String(log, StandardCharsets.UTF_8);
        List<ParseResult> results = assembleSplit(log, 0, log.length);

        assertThat(results).noneMatch(r -> r instanceof MalformedLine);
        // The others: start-up lines, and a # Time: cut from its entry at the fixture's end.
        List<LogEvent> entries =
                results.stream().map(LogEvent.class::cast).filter(e -> e.user() != null).toList();
        assertThat(entries).hasSize(text.split("# User@Host: ", -1).length - 1);
        assertThat(entries).allMatch(e -> e.has(Field.REQUEST_TIME) && e.timestamp() != null);
        assertThat(entries).allMatch(e -> e.message() != null);
        // Each entry's time is its SET timestamp, also after a use line (Percona 8.0's).
        assertThat(entries)
                .extracting(LogEvent::epochSecond)
                .containsExactlyElementsOf(
                        SET_TIMESTAMP
                                .matcher(text)
                                .results()
                                .map(m -> Long.parseLong(m.group(1)))
                                .toList());
    }

    private static List<LogEvent> events(String content) {
        List<ParseResult> results = Parsing.assemble(FORMAT, content, EventBounds.DEFAULTS);
        assertThat(results).allSatisfy(r -> assertThat(r).isInstanceOf(LogEvent.class));
        return results.stream().map(LogEvent.class::cast).toList();
    }

    /** The results of a split's lines, assembled as the source does. */
    private static List<ParseResult> assembleSplit(byte[] log, long start, long end) {
        return assemble(SourceLines.ofSplit(log, start, end));
    }

    private static List<ParseResult> assemble(List<SourceLines.SourceLine> lines) {
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(FORMAT, FORMAT.newParser(Parsing.CONTEXT), results::add);
        for (SourceLines.SourceLine line : lines) {
            assembler.accept(line.bytes, 0, line.bytes.length, "f", line.offset);
        }
        assembler.finish();
        return results;
    }
}
