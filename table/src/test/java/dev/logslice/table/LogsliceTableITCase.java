package dev.logslice.table;

import dev.logslice.table.functions.LogsliceFunctions;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.metrics.groups.TaskMetricGroup;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * Flink SQL over {@code 'connector' = 'logslice'}: the rows of a query are the events of the lines
 * the test wrote, each line once, whatever the splits; malformed lines are rows too.
 */
class LogsliceTableITCase {
    /** Keeps each job's metrics after it ends: what the source read is checked after a query. */
    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    () ->
                            new MiniClusterResourceConfiguration.Builder()
                                    .setConfiguration(
                                            METRICS.addToConfiguration(new Configuration()))
                                    .build());

    private static final DateTimeFormatter CLF_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
    private static final int[] STATUSES = {200, 200, 200, 304, 404, 500, 503};

    @TempDir static Path dir;
    private static Path log;

    /** What the test wrote, line by line: null for a malformed line. */
    private static final List<Written> written = new ArrayList<>();

    private record Written(long offset, String line, Integer status, Long bytes, Instant time) {}

    @BeforeAll
    static void writeLog() throws IOException {
        log = dir.resolve("access log #1.log");
        Random random = new Random(42);
        StringBuilder text = new StringBuilder();
        long offset = 0;
        Instant time = Instant.parse("2026-11-30T23:59:00Z");
        for (int i = 0; i < 20_000; i++) {
            time = time.plusMillis(random.nextInt(2_000));
            String line;
            Written entry;
            if (i % 97 == 13) {
                line = "garbage \"" + i + " no request here";
                entry = new Written(offset, line, null, null, null);
            } else {
                int status = STATUSES[random.nextInt(STATUSES.length)];
                Long bytes = random.nextInt(10) == 0 ? null : (long) random.nextInt(100_000);
                String path = "/wiki/" + (random.nextBoolean() ? "日本" : "a%20b") + "/" + i;
                line =
                        String.format(
                                Locale.ROOT,
                                "10.%d.%d.%d - %s [%s] \"GET %s HTTP/1.1\" %d %s \"-\" \"Mozilla/5.0 (X11; Linux)\"",
                                random.nextInt(256),
                                random.nextInt(256),
                                random.nextInt(256),
                                random.nextBoolean() ? "-" : "bob",
                                CLF_TIME.format(
                                        ZonedDateTime.ofInstant(time, ZoneOffset.ofHours(1))),
                                path,
                                status,
                                bytes == null ? "-" : bytes.toString());
                entry =
                        new Written(
                                offset,
                                line,
                                status,
                                bytes,
                                time.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
            }
            written.add(entry);
            String terminator = i % 5 == 0 ? "\r\n" : "\n";
            text.append(line).append(terminator);
            offset += line.getBytes(StandardCharsets.UTF_8).length + terminator.length();
        }
        Files.writeString(log, text);
    }

    /** A batch table environment on the test's MiniCluster, two readers. */
    private static TableEnvironment batchTables() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        return StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
    }

    private static TableEnvironment tables(String extraOptions) {
        TableEnvironment tables = batchTables();
        tables.executeSql(
                "CREATE TABLE logs ("
                        + " ts TIMESTAMP_LTZ(3), status INT, `bytes` BIGINT, path STRING,"
                        + " `file` STRING METADATA, `offset` BIGINT METADATA,"
                        + " `line` STRING METADATA, malformed STRING METADATA"
                        + ") WITH ('connector' = 'logslice', 'format' = 'combined', 'path' = '"
                        + log
                        + "'"
                        + extraOptions
                        + ")");
        return tables;
    }

    private static List<Row> rows(TableEnvironment tables, String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void statusCountsAreTheLinesWrittenWithMalformedLinesAsNull() throws Exception {
        Map<Integer, Long> expected = new HashMap<>();
        written.forEach(w -> expected.merge(w.status(), 1L, Long::sum));

        Map<Integer, Long> counted = new HashMap<>();
        for (Row row : rows(tables(""), "SELECT status, COUNT(*) FROM logs GROUP BY status")) {
            counted.put((Integer) row.getField(0), (Long) row.getField(1));
        }

        assertThat(counted).isEqualTo(expected);
        assertThat(counted.get(null)).isPositive();
    }

    @Test
    void everyRowIsItsLineWithFieldsAndMetadata() throws Exception {
        Map<Long, Written> byOffset = new HashMap<>();
        written.forEach(w -> byOffset.put(w.offset(), w));

        List<Row> rows =
                rows(
                        tables(""),
                        "SELECT `offset`, `line`, status, `bytes`, ts, malformed, `file` FROM logs");

        assertThat(rows).hasSize(written.size());
        for (Row row : rows) {
            Written line = byOffset.get((Long) row.getField(0));
            assertThat(line).as("a line starts at %s", row.getField(0)).isNotNull();
            assertThat(row.getField(1)).isEqualTo(line.line());
            assertThat(row.getField(2)).isEqualTo(line.status());
            assertThat(row.getField(3)).isEqualTo(line.bytes());
            assertThat(row.getField(4)).isEqualTo(line.time());
            assertThat(row.getField(5) == null).isEqualTo(line.status() != null);
            assertThat(row.getField(6)).isEqualTo(log.toString());
        }
    }

    @Test
    void tinySplitsAndBuffersGiveTheSameRows() throws Exception {
        long bytes =
                written.stream().filter(w -> w.bytes() != null).mapToLong(Written::bytes).sum();
        for (String size : List.of("4k", "64k")) {
            List<Row> rows =
                    rows(
                            tables(", 'split-size' = '" + size + "', 'read-buffer-size' = '4k'"),
                            "SELECT COUNT(*), SUM(`bytes`), COUNT(DISTINCT `offset`) FROM logs");
            assertThat(rows)
                    .containsExactly(Row.of((long) written.size(), bytes, (long) written.size()));
        }
    }

    @Test
    void malformedLinesCanBeSkippedOrFailTheQuery() throws Exception {
        long events = written.stream().filter(w -> w.status() != null).count();
        assertThat(rows(tables(", 'malformed' = 'skip'"), "SELECT COUNT(*) FROM logs"))
                .containsExactly(Row.of(events));

        Written first = written.stream().filter(w -> w.status() == null).findFirst().orElseThrow();
        assertThatThrownBy(
                        () -> rows(tables(", 'malformed' = 'fail'"), "SELECT COUNT(*) FROM logs"))
                .hasStackTraceContaining(log + ":" + first.offset() + ":");
    }

    @Test
    void linesTooLongToReadAreMalformedRowsWithTheirOffsets(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("long.log");
        String event = written.stream().filter(w -> w.status() != null).findFirst().get().line();
        StringBuilder text = new StringBuilder();
        List<Long> longOffsets = new ArrayList<>();
        int lines = 0;
        for (int i = 0; i < 75; i++, lines++) {
            if (i % 3 == 1) {
                longOffsets.add((long) text.toString().getBytes(StandardCharsets.UTF_8).length);
                text.append(event).append(" ").append("x".repeat(5_000 + i)).append('\n');
            } else {
                text.append(event).append('\n');
            }
        }
        Files.writeString(file, text);
        String table =
                "CREATE TABLE logs (status INT, `offset` BIGINT METADATA,"
                        + " `file` STRING METADATA, malformed STRING METADATA)"
                        + " WITH ('connector' = 'logslice', 'format' = 'combined',"
                        + " 'max-line-length' = '4kb', 'path' = '"
                        + file
                        + "'";
        TableEnvironment tables = batchTables();
        tables.executeSql(table + ")");

        assertThat(rows(tables, "SELECT COUNT(*) FROM logs")).containsExactly(Row.of((long) lines));
        List<Row> tooLong =
                rows(
                        tables,
                        "SELECT `offset`, `file`, status, malformed FROM logs"
                                + " WHERE malformed IS NOT NULL");
        assertThat(tooLong).hasSize(longOffsets.size());
        assertThat(tooLong)
                .allSatisfy(
                        row -> {
                            assertThat(row.getField(1)).isEqualTo(file.toString());
                            assertThat(row.getField(2)).isNull();
                            assertThat((String) row.getField(3))
                                    .isEqualTo(
                                            "line longer than max-line-length 4096 bytes, not"
                                                    + " read");
                        });
        // The reader keeps the offsets of each split's first ten; the rest are NULL.
        List<Long> offsets =
                tooLong.stream().map(row -> (Long) row.getField(0)).filter(o -> o != null).toList();
        assertThat(offsets).doesNotHaveDuplicates().hasSizeGreaterThanOrEqualTo(10);
        assertThat(longOffsets).containsAll(offsets);

        TableEnvironment failing = batchTables();
        failing.executeSql(table + ", 'malformed' = 'fail')");
        assertThatThrownBy(() -> rows(failing, "SELECT COUNT(*) FROM logs"))
                .hasStackTraceContaining(file + ":" + longOffsets.get(0) + ": line longer");
    }

    @Test
    void aColumnThatIsNoEventFieldIsRefusedNamingTheFields() {
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tables.executeSql(
                "CREATE TABLE logs (stat INT) WITH ('connector' = 'logslice', 'path' = '"
                        + log
                        + "', 'format' = 'combined')");
        assertThatThrownBy(() -> tables.executeSql("SELECT * FROM logs"))
                .isInstanceOf(ValidationException.class)
                .hasStackTraceContaining("column 'stat' is no field of a logslice event")
                .hasStackTraceContaining("status");
    }

    @Test
    void aColumnOfTheWrongTypeIsRefusedWithTheTypeToDeclare() {
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tables.executeSql(
                "CREATE TABLE logs (status BOOLEAN) WITH ('connector' = 'logslice', 'path' = '"
                        + log
                        + "', 'format' = 'combined')");
        assertThatThrownBy(() -> tables.executeSql("SELECT * FROM logs"))
                .hasStackTraceContaining("declare it as INT");
    }

    @Test
    void autoDetectsEachFileAndLeavesOutFilesThatAreNoLog(@TempDir Path folder) throws Exception {
        Files.copy(log, folder.resolve("access.log"));
        Files.writeString(
                folder.resolve("README"),
                "These are the logs of the web servers.\nRotate them weekly.\n");
        TableEnvironment tables = batchTables();
        tables.executeSql(
                "CREATE TABLE logs (status INT, `file` STRING METADATA) WITH ("
                        + "'connector' = 'logslice', 'path' = '"
                        + folder
                        + "')");

        List<Row> rows = rows(tables, "SELECT `file`, COUNT(*) FROM logs GROUP BY `file`");

        assertThat(rows)
                .containsExactly(
                        Row.of(folder.resolve("access.log").toString(), (long) written.size()));
    }

    @Test
    void aJavaEventWithItsStackTraceIsOneRowWhateverTheSplits(@TempDir Path folder)
            throws Exception {
        StringBuilder text = new StringBuilder();
        int events = 3_000;
        for (int i = 0; i < events; i++) {
            boolean fails = i % 10 == 3;
            text.append(
                    String.format(
                            Locale.ROOT,
                            "2026-12-01T10:%02d:%02d.%03dZ %5s 4242 --- [RMI TCP Connection(%d)-127.0.0.1]"
                                    + " o.e.shop.OrderService                    : order %d %s%n",
                            i / 60 % 60,
                            i % 60,
                            i % 1000,
                            fails ? "ERROR" : "INFO",
                            i % 7,
                            i,
                            fails ? "failed" : "placed"));
            if (fails) {
                text.append("java.lang.IllegalStateException: stock of item ")
                        .append(i)
                        .append('\n');
                text.append("\tat o.e.shop.OrderService.place(OrderService.java:42)\n");
                text.append("\t... 12 more\n");
            }
        }
        Path app = folder.resolve("app.log");
        Files.writeString(app, text);
        TableEnvironment tables = batchTables();
        tables.executeSql(
                "CREATE TABLE app (level STRING, thread STRING, message STRING,"
                        + " `line` STRING METADATA) WITH ('connector' = 'logslice', 'path' = '"
                        + app
                        + "', 'format' = 'spring-boot', 'split-size' = '4k',"
                        + " 'read-buffer-size' = '4k')");

        List<Row> rows =
                rows(tables, "SELECT level, COUNT(*), MIN(thread) FROM app GROUP BY level");

        assertThat(rows)
                .containsExactlyInAnyOrder(
                        Row.of("INFO", events * 9L / 10, "RMI TCP Connection(0)-127.0.0.1"),
                        Row.of("ERROR", events / 10L, "RMI TCP Connection(0)-127.0.0.1"));
        List<Row> traces = rows(tables, "SELECT message, `line` FROM app WHERE level = 'ERROR'");
        assertThat(traces)
                .allSatisfy(
                        row -> {
                            assertThat((String) row.getField(0))
                                    .contains("java.lang.IllegalStateException: stock of item")
                                    .endsWith("\t... 12 more");
                            assertThat(((String) row.getField(1)).split("\n"))
                                    .hasSize(4)
                                    .endsWith("\t... 12 more");
                        });
    }

    @Test
    void aFolderOfSeveralFormatsParsesEachFileInItsOwn(@TempDir Path folder) throws Exception {
        Files.copy(log, folder.resolve("access.log"));
        StringBuilder app = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            app.append(
                    String.format(
                            Locale.ROOT,
                            "2026-12-01T10:00:%02d.%03dZ %5s 77 --- [  worker %d] o.e.Sync"
                                    + "                                 : round %d%n",
                            i % 60,
                            i % 1000,
                            i % 50 == 0 ? "WARN" : "INFO",
                            i % 3,
                            i));
        }
        Files.writeString(folder.resolve("app.log"), app);
        TableEnvironment tables =
                logsOf(folder, "status INT, level STRING, malformed STRING METADATA");

        List<Row> rows =
                rows(
                        tables,
                        "SELECT COUNT(status), COUNT(level), COUNT(malformed), COUNT(*) FROM logs");

        long events = written.stream().filter(w -> w.status() != null).count();
        assertThat(rows)
                .containsExactly(
                        Row.of(events, 500L, written.size() - events, written.size() + 500L));
    }

    @Test
    void levelsAreTheirSeveritysOneNameWhateverTheFormatWrote(@TempDir Path folder)
            throws Exception {
        // Per severity: its name in a JSON log, in syslog's priority, in a Spring Boot log.
        String[][] spellings = {
            {"INFO", "info", "6", "INFO"},
            {"WARN", "warning", "4", "WARN"},
            {"ERROR", "error", "3", "ERROR"}
        };
        StringBuilder json = new StringBuilder();
        StringBuilder syslog = new StringBuilder();
        StringBuilder spring = new StringBuilder();
        Map<String, Long> expected = new TreeMap<>();
        for (int i = 0; i < 300; i++) {
            String[] level = spellings[i % 7 == 0 ? 2 : i % 3 == 0 ? 1 : 0];
            expected.merge(level[0], 3L, Long::sum);
            json.append(
                    String.format(
                            Locale.ROOT,
                            "{\"time\":\"2026-12-01T10:00:%02dZ\",\"level\":\"%s\",\"msg\":\"m %d\"}%n",
                            i % 60,
                            level[1],
                            i));
            syslog.append(
                    String.format(
                            Locale.ROOT,
                            "<%d>1 2026-12-01T10:00:%02dZ host app - - - m %d%n",
                            8 + Integer.parseInt(level[2]),
                            i % 60,
                            i));
            spring.append(
                    String.format(
                            Locale.ROOT,
                            "2026-12-01T10:00:%02d.000Z %5s 7 --- [main] o.e.App : m %d%n",
                            i % 60,
                            level[3],
                            i));
        }
        Files.writeString(folder.resolve("app.json"), json);
        Files.writeString(folder.resolve("sys.log"), syslog);
        Files.writeString(folder.resolve("spring.log"), spring);
        TableEnvironment tables = logsOf(folder, "level STRING, message STRING");

        Map<String, Long> counted = new TreeMap<>();
        for (Row row : rows(tables, "SELECT level, COUNT(*) FROM logs GROUP BY level")) {
            counted.put((String) row.getField(0), (Long) row.getField(1));
        }
        List<Row> pushed = rows(tables, "SELECT message FROM logs WHERE level = 'WARN'");

        assertThat(counted).isEqualTo(expected);
        assertThat(pushed)
                .hasSize(expected.get("WARN").intValue())
                .containsExactlyInAnyOrderElementsOf(
                        rows(tables, "SELECT message FROM logs WHERE CONCAT(level, '') = 'WARN'"));
    }

    /** Batch tables with {@code logs} of {@code columns} over the files of {@code folder}. */
    private static TableEnvironment logsOf(Path folder, String columns) {
        TableEnvironment tables = batchTables();
        tables.executeSql(
                "CREATE TABLE logs ("
                        + columns
                        + ") WITH ('connector' = 'logslice', 'path' = '"
                        + folder
                        + "')");
        return tables;
    }

    /** Conditions the source takes, each beside the same condition in a form it cannot take. */
    private static final List<String[]> CONDITIONS =
            List.of(
                    new String[] {"status >= 500", "ABS(status) >= 500"},
                    new String[] {"500 > status", "500 > ABS(status)"},
                    new String[] {"status <> 200", "ABS(status) <> 200"},
                    new String[] {"`bytes` < 5000", "ABS(`bytes`) < 5000"},
                    new String[] {"path LIKE '/wiki/日本%'", "CONCAT(path, '') LIKE '/wiki/日本%'"},
                    new String[] {"path = '/wiki/a%20b/17'", "CONCAT(path, '') = '/wiki/a%20b/17'"},
                    new String[] {
                        "ts >= TO_TIMESTAMP_LTZ(1796090000000, 3)",
                        "ts + INTERVAL '0' SECOND >= TO_TIMESTAMP_LTZ(1796090000000, 3)"
                    },
                    new String[] {
                        "status = 404 AND ts < TO_TIMESTAMP_LTZ(1796090000000, 3)",
                        "ABS(status) = 404 AND ts + INTERVAL '0' SECOND < TO_TIMESTAMP_LTZ(1796090000000, 3)"
                    });

    /** A source scan in EXPLAIN's plan that took some condition. */
    private static final String PUSHED_FILTER =
            "TableSourceScan\\(table=\\[\\[[^\\n]*filter=\\[[^\\]]";

    @Test
    void conditionsTheSourceTakesGiveTheRowsFlinksOwnFilterGives() throws Exception {
        TableEnvironment tables = tables("");
        for (String[] condition : CONDITIONS) {
            String pushed = "SELECT `offset` FROM logs WHERE " + condition[0];
            String plain = "SELECT `offset` FROM logs WHERE " + condition[1];
            assertThat(tables.explainSql(pushed)).as(condition[0]).containsPattern(PUSHED_FILTER);
            assertThat(tables.explainSql(plain))
                    .as(condition[1])
                    .doesNotContainPattern(PUSHED_FILTER);
            List<Row> rows = rows(tables, pushed);
            assertThat(rows).as(condition[0]).isNotEmpty().hasSizeLessThan(written.size());
            assertThat(rows)
                    .as(condition[0])
                    .containsExactlyInAnyOrderElementsOf(rows(tables, plain));
        }
    }

    @Test
    void aPushedConditionCountsWhatTheTestWrote() throws Exception {
        long expected =
                written.stream().filter(w -> w.status() != null && w.status() >= 500).count();
        assertThat(rows(tables(""), "SELECT COUNT(*) FROM logs WHERE status >= 500"))
                .containsExactly(Row.of(expected));
    }

    /** Read calls of the source's readers in a query, all readers together. */
    private static long readCalls(TableResult result) {
        JobID job = result.getJobClient().orElseThrow().getJobID();
        // By group: a task of only the source (its local aggregate pushed into it) has the task's
        // and the operator's metrics under one identifier, which getMetricsByIdentifiers refuses.
        return METRICS.getMetricsByGroup().entrySet().stream()
                .filter(
                        group ->
                                job.toString()
                                        .equals(group.getKey().getAllVariables().get("<job_id>")))
                .map(group -> group.getValue().get("readCalls"))
                .filter(metric -> metric instanceof Counter)
                .mapToLong(metric -> ((Counter) metric).getCount())
                .sum();
    }

    private static List<Row> rows(TableResult result) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void aLimitStopsTheReadersAfterTheirFirstRead() throws Exception {
        Map<Long, Written> byOffset = new HashMap<>();
        written.forEach(w -> byOffset.put(w.offset(), w));
        // Small splits and reads: the whole file takes hundreds of read calls.
        TableEnvironment tables = tables(", 'split-size' = '64k', 'read-buffer-size' = '4k'");
        String query = "SELECT `offset`, `line` FROM logs LIMIT 5";
        assertThat(tables.explainSql(query)).contains("limit=[5]");

        TableResult limited = tables.executeSql(query);
        List<Row> rows = rows(limited);

        assertThat(rows).hasSize(5);
        assertThat(rows)
                .allSatisfy(
                        row ->
                                assertThat(row.getField(1))
                                        .isEqualTo(byOffset.get((Long) row.getField(0)).line()));
        TableResult everything = tables.executeSql("SELECT COUNT(`line`) FROM logs");
        assertThat(rows(everything)).containsExactly(Row.of((long) written.size()));
        assertThat(readCalls(everything)).isGreaterThan(100);
        // Each of the two readers reads one buffer of its first split, then no more.
        assertThat(readCalls(limited)).isBetween(1L, 2L);
    }

    @Test
    void aLimitAfterPushedConditionsCountsOnlyTheRowsThatHoldThem() throws Exception {
        Map<Long, Written> byOffset = new HashMap<>();
        written.forEach(w -> byOffset.put(w.offset(), w));
        TableEnvironment tables = tables(", 'split-size' = '64k', 'read-buffer-size' = '4k'");
        String query = "SELECT `offset`, status FROM logs WHERE status >= 500 LIMIT 40";
        assertThat(tables.explainSql(query)).containsPattern(PUSHED_FILTER).contains("limit=[40]");

        List<Row> rows = rows(tables, query);

        assertThat(rows).hasSize(40);
        assertThat(rows)
                .allSatisfy(
                        row ->
                                assertThat(byOffset.get((Long) row.getField(0)).status())
                                        .isEqualTo(row.getField(1))
                                        .isGreaterThanOrEqualTo(500));
    }

    @Test
    void aGroupByAggregatesInTwoPhasesTheLocalOneChainedToTheReader() throws Exception {
        TableEnvironment tables = tables("");
        // An AVG the source does not compute (see AggregatePushDownITCase for what it does).
        String query = "SELECT status, AVG(`bytes`) FROM logs GROUP BY status";

        // Flink's default strategy (AUTO) in batch, as in the SQL Client: no option set.
        String plan = tables.explainSql(query);
        TableResult result = tables.executeSql(query);
        List<Row> rows = rows(result);

        String optimized = plan.substring(plan.indexOf("== Optimized Physical Plan =="));
        assertThat(optimized)
                .containsPattern(
                        "HashAggregate\\(isMerge=\\[true\\], groupBy=\\[status\\][^\\n]*\\n"
                                + "\\+- Exchange\\(distribution=\\[hash\\[status\\]\\]\\)\\n"
                                + " +\\+- LocalHashAggregate\\(groupBy=\\[status\\][^\\n]*\\n"
                                + " +\\+- TableSourceScan\\(table=\\[\\[[^\\n]*logs, project=\\[status, bytes\\]");
        // Local aggregate and reader are one task: only partial counts cross the exchange.
        List<String> tasks =
                METRICS
                        .findTaskMetricGroups(result.getJobClient().orElseThrow().getJobID(), "")
                        .stream()
                        .map(TaskMetricGroup::taskName)
                        .distinct()
                        .toList();
        assertThat(tasks)
                .anyMatch(
                        task -> task.matches("Source: logs\\[\\d+\\] -> HashAggregate\\[\\d+\\]"));
        assertThat(rows).hasSize((int) written.stream().map(Written::status).distinct().count());
    }

    /** The table over small splits read by two readers, with logslice's functions. */
    private static TableEnvironment tablesWithFunctions() {
        return tablesWithFunctions("64k");
    }

    private static TableEnvironment tablesWithFunctions(String splitSize) {
        TableEnvironment tables = tables(", 'split-size' = '" + splitSize + "'");
        LogsliceFunctions.register(tables);
        return tables;
    }

    /** The share of {@code sorted} that is at most {@code value}. */
    private static double rank(List<Long> sorted, double value) {
        return (double) sorted.stream().filter(v -> v <= value).count() / sorted.size();
    }

    @Test
    void approxPercentileIsWithinTheSketchsRankErrorAndMergesAcrossReaders() throws Exception {
        Map<Integer, List<Long>> bytesByStatus = new HashMap<>();
        written.stream()
                .filter(w -> w.bytes() != null)
                .forEach(
                        w ->
                                bytesByStatus
                                        .computeIfAbsent(w.status(), s -> new ArrayList<>())
                                        .add(w.bytes()));
        bytesByStatus.values().forEach(Collections::sort);
        TableEnvironment tables = tablesWithFunctions();
        String query =
                "SELECT status, APPROX_PERCENTILE(`bytes`, 0.5), APPROX_PERCENTILE(`bytes`, 0.99)"
                        + " FROM logs WHERE status IS NOT NULL GROUP BY status";
        assertThat(tables.explainSql(query))
                .containsPattern("Local\\w*Aggregate\\([^\\n]*APPROX_PERCENTILE");

        List<Row> rows = rows(tables, query);

        assertThat(rows).hasSize(bytesByStatus.size());
        for (Row row : rows) {
            List<Long> sorted = bytesByStatus.get((Integer) row.getField(0));
            // KLL's rank error at its default size is 1.65% at 99% confidence.
            assertThat(rank(sorted, (Double) row.getField(1))).isCloseTo(0.5, within(0.025));
            assertThat(rank(sorted, (Double) row.getField(2))).isCloseTo(0.99, within(0.025));
        }
    }

    @Test
    void approxPercentileOfFewValuesIsExactAndNullForNone() throws Exception {
        // Under the sketch's size (200) it keeps every value: the percentile is exact. In splits
        // of some 35 lines each reader has part of them: the readers' sketches are merged.
        List<Long> sorted =
                written.subList(0, 150).stream()
                        .map(Written::bytes)
                        .filter(b -> b != null)
                        .sorted()
                        .toList();
        long end = written.get(150).offset();

        List<Row> rows =
                rows(
                        tablesWithFunctions("4k"),
                        "SELECT APPROX_PERCENTILE(`bytes`, 0.9), APPROX_PERCENTILE(`bytes`, 0),"
                                + " APPROX_PERCENTILE(CAST(NULL AS DOUBLE), 0.5)"
                                + " FROM logs WHERE `offset` < "
                                + end);

        assertThat(rows)
                .containsExactly(
                        Row.of(
                                (double) sorted.get((int) Math.ceil(0.9 * sorted.size()) - 1),
                                (double) sorted.get(0),
                                null));
    }

    @Test
    void flinksApproxCountDistinctCountsThePathsWrittenInTwoPhases() throws Exception {
        long distinct =
                written.stream()
                        .filter(w -> w.status() != null)
                        .map(w -> w.line().split(" ")[6])
                        .distinct()
                        .count();
        TableEnvironment tables = tablesWithFunctions();
        String query = "SELECT APPROX_COUNT_DISTINCT(path) FROM logs";
        assertThat(tables.explainSql(query))
                .containsPattern(
                        "Local\\w*Aggregate\\([^\\n]*COUNT\\(APPROXIMATE DISTINCT path\\)");

        List<Row> rows = rows(tables, query);

        assertThat((Long) rows.get(0).getField(0)).isCloseTo(distinct, withinPercentage(3));
    }

    @Test
    void timeBucketCountsTheLinesOfEachFiveMinutes() throws Exception {
        Map<Instant, Long> expected = new HashMap<>();
        long size = Duration.ofMinutes(5).toMillis();
        written.forEach(
                w ->
                        expected.merge(
                                w.time() == null
                                        ? null
                                        : Instant.ofEpochMilli(
                                                Math.floorDiv(w.time().toEpochMilli(), size)
                                                        * size),
                                1L,
                                Long::sum));

        assertThat(expected).hasSizeGreaterThan(10);
        assertThat(bucketCounts("ts, INTERVAL '5' MINUTE")).isEqualTo(expected);
        // The size first, as DuckDB and TimescaleDB write it.
        assertThat(bucketCounts("INTERVAL '5' MINUTE, ts")).isEqualTo(expected);
    }

    private static Map<Instant, Long> bucketCounts(String arguments) throws Exception {
        Map<Instant, Long> counted = new HashMap<>();
        String bucket = "TIME_BUCKET(" + arguments + ")";
        for (Row row :
                rows(
                        tablesWithFunctions(),
                        "SELECT " + bucket + ", COUNT(*) FROM logs GROUP BY " + bucket)) {
            counted.put((Instant) row.getField(0), (Long) row.getField(1));
        }
        return counted;
    }

    @Test
    void aTimeBucketOfNoLengthIsRefused() {
        assertThatThrownBy(
                        () ->
                                rows(
                                        tablesWithFunctions(),
                                        "SELECT TIME_BUCKET(ts, INTERVAL '0' SECOND) FROM logs"))
                .hasStackTraceContaining("TIME_BUCKET: the bucket size PT0S is not a positive");
    }
}
