package dev.logslice.table;

import dev.logslice.table.AccessLog.Entry;
import dev.logslice.table.AccessLog.Kind;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GROUP BY queries whose local phase the readers compute ({@link AggregatingDecoder}): the same
 * rows as Flink's own two phases, and the counts of the lines the test wrote.
 */
class AggregatePushDownITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension();

    /**
     * Flink 2.3 has no option to turn aggregate pushdown off (the planner has no
     * table.optimizer.source.aggregate-pushdown-enabled any more): a one-phase aggregate has no
     * local phase to push, so Flink computes the whole aggregate itself.
     */
    private static void withoutPushdown(TableEnvironment tables) {
        tables.getConfig().set("table.optimizer.agg-phase-strategy", "ONE_PHASE");
    }

    @TempDir static Path dir;
    private static Path access;
    private static AccessLog log;

    @BeforeAll
    static void writeLog() throws Exception {
        access = dir.resolve("access.log");
        log = new AccessLog().write(access, 7, 30_000, 89, 0, 40);
    }

    /** A batch table environment of two readers, the GROUP BY's local phase pushed or not. */
    private static TableEnvironment batchTables(boolean pushdown) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        TableEnvironment tables =
                StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
        if (!pushdown) {
            withoutPushdown(tables);
        }
        return tables;
    }

    /** A batch environment of two readers, over a table of {@code paths}. */
    static TableEnvironment tables(boolean pushdown, String paths, String options) {
        TableEnvironment tables = batchTables(pushdown);
        tables.executeSql(
                "CREATE TABLE logs (ts TIMESTAMP_LTZ(3), status INT, `bytes` BIGINT,"
                        + " `method` STRING, path STRING, `file` STRING METADATA,"
                        + " `offset` BIGINT METADATA, malformed STRING METADATA)"
                        + " WITH ('connector' = 'logslice', 'format' = 'combined', 'path' = '"
                        + paths
                        + "', 'zone' = 'UTC'"
                        + options
                        + ")");
        return tables;
    }

    static List<Row> rows(TableEnvironment tables, String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    /**
     * The query's rows with the aggregate pushed into the source, checked to be those Flink gives
     * without; in order when {@code ordered}.
     */
    static List<Row> pushedRows(String paths, String options, String query, boolean ordered)
            throws Exception {
        TableEnvironment pushed = tables(true, paths, options);
        assertThat(pushed.explainSql(query)).as(query).contains("aggregates=[grouping=[");
        TableEnvironment plain = tables(false, paths, options);
        assertThat(plain.explainSql(query)).as(query).doesNotContain("aggregates=[");
        List<Row> rows = rows(pushed, query);
        List<Row> flinks = rows(plain, query);
        if (ordered) {
            assertThat(rows).as(query).containsExactlyElementsOf(flinks);
        } else {
            assertThat(rows).as(query).containsExactlyInAnyOrderElementsOf(flinks);
        }
        return rows;
    }

    private static <K> Map<K, Long> counts(List<Entry> entries, Function<Entry, K> key) {
        Map<K, Long> counts = new HashMap<>();
        entries.forEach(entry -> counts.merge(key.apply(entry), 1L, Long::sum));
        return counts;
    }

    private static Map<Object, Long> countsOf(List<Row> rows) {
        Map<Object, Long> counts = new HashMap<>();
        rows.forEach(row -> counts.put(row.getField(0), (Long) row.getField(1)));
        return counts;
    }

    @Test
    void statusCountsAreTheLinesWrittenWithMalformedLinesInTheNullGroup() throws Exception {
        List<Row> rows =
                pushedRows(
                        access.toString(),
                        "",
                        "SELECT status, COUNT(*) FROM logs GROUP BY status",
                        false);

        assertThat(countsOf(rows)).isEqualTo(counts(log.entries, Entry::status));
        assertThat(countsOf(rows).get(null)).isEqualTo(30_000L / 89);
    }

    @Test
    void theTopPathsOf5xxAreThoseWritten() throws Exception {
        String query =
                "SELECT path, COUNT(*) AS hits FROM logs WHERE status >= 500"
                        + " GROUP BY path ORDER BY hits DESC, path LIMIT 10";
        List<Row> rows = pushedRows(access.toString(), "", query, true);

        List<Map.Entry<String, Long>> expected =
                counts(
                                log.entries.stream()
                                        .filter(e -> e.status() != null && e.status() >= 500)
                                        .toList(),
                                Entry::path)
                        .entrySet()
                        .stream()
                        .sorted(
                                Map.Entry.<String, Long>comparingByValue()
                                        .reversed()
                                        .thenComparing(Map.Entry.comparingByKey()))
                        .limit(10)
                        .toList();
        assertThat(rows)
                .containsExactlyElementsOf(
                        expected.stream().map(e -> Row.of(e.getKey(), e.getValue())).toList());
    }

    @Test
    void sumsAndTimesPerStatusAreThoseWritten() throws Exception {
        List<Row> rows =
                pushedRows(
                        access.toString(),
                        ", 'split-size' = '64k'",
                        "SELECT status, SUM(`bytes`), MIN(ts), MAX(ts), COUNT(`bytes`),"
                                + " MIN(path), MAX(`offset`) FROM logs GROUP BY status",
                        false);

        Map<Integer, List<Entry>> byStatus = new HashMap<>();
        log.entries.forEach(
                e -> byStatus.computeIfAbsent(e.status(), s -> new ArrayList<>()).add(e));
        assertThat(rows).hasSize(byStatus.size());
        for (Row row : rows) {
            List<Entry> entries = byStatus.get((Integer) row.getField(0));
            List<Long> bytes = entries.stream().map(Entry::bytes).filter(Objects::nonNull).toList();
            List<Instant> times =
                    entries.stream().map(Entry::time).filter(Objects::nonNull).sorted().toList();
            assertThat(row.getField(1))
                    .isEqualTo(bytes.isEmpty() ? null : bytes.stream().mapToLong(b -> b).sum());
            assertThat(row.getField(2)).isEqualTo(times.isEmpty() ? null : times.get(0));
            assertThat(row.getField(3))
                    .isEqualTo(times.isEmpty() ? null : times.get(times.size() - 1));
            assertThat(row.getField(4)).isEqualTo((long) bytes.size());
            assertThat(row.getField(5))
                    .isEqualTo(
                            entries.stream()
                                    .map(Entry::path)
                                    .filter(Objects::nonNull)
                                    .min(Comparator.comparing(AggregatePushDownITCase::utf8))
                                    .orElse(null));
            assertThat((Long) row.getField(6)).isPositive();
        }
    }

    /** Flink orders strings by their UTF-8 bytes, unsigned. */
    private static String utf8(String text) {
        StringBuilder bytes = new StringBuilder();
        for (byte b : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            bytes.append(String.format(Locale.ROOT, "%02x", b & 0xff));
        }
        return bytes.toString();
    }

    @Test
    void filesAreCountedEachByItsLines(@TempDir Path folder) throws Exception {
        AccessLog both = new AccessLog();
        both.write(folder.resolve("a.log"), 1, 3_000, 50, 0, 1);
        both.write(folder.resolve("b b.log"), 2, 2_000, 0, 0, 1);

        List<Row> rows =
                pushedRows(
                        folder.toString(),
                        "",
                        // MIN keeps COUNT(malformed) pushed: of COUNTs alone, only COUNT(*) is.
                        "SELECT `file`, COUNT(*), COUNT(malformed), MIN(`offset`) FROM logs"
                                + " GROUP BY `file`",
                        false);

        Map<String, Long> malformed =
                counts(
                        both.entries.stream().filter(e -> e.kind() == Kind.MALFORMED).toList(),
                        Entry::file);
        assertThat(rows)
                .containsExactlyInAnyOrder(
                        Row.of(
                                folder.resolve("a.log").toString(),
                                3_000L,
                                malformed.get(folder.resolve("a.log").toString()),
                                0L),
                        Row.of(folder.resolve("b b.log").toString(), 2_000L, 0L, 0L));
    }

    @Test
    void twoKeysGroupTheirPairs() throws Exception {
        List<Row> rows =
                pushedRows(
                        access.toString(),
                        ", 'split-size' = '32k', 'read-buffer-size' = '4k'",
                        "SELECT `method`, status, COUNT(*) FROM logs GROUP BY `method`, status",
                        false);

        Map<List<Object>, Long> counted = new HashMap<>();
        rows.forEach(
                row ->
                        counted.put(
                                java.util.Arrays.asList(row.getField(0), row.getField(1)),
                                (Long) row.getField(2)));
        assertThat(counted)
                .isEqualTo(
                        counts(log.entries, e -> java.util.Arrays.asList(e.method(), e.status())));
    }

    @Test
    void malformedAndOverLongLinesAreInTheNullGroup(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("long.log");
        AccessLog longLines = new AccessLog().write(file, 3, 5_000, 31, 17, 3);
        String options =
                ", 'split-size' = '64k', 'max-line-length' = '" + AccessLog.MAX_LINE_LENGTH + "'";

        List<Row> rows =
                pushedRows(
                        file.toString(),
                        options,
                        "SELECT status, COUNT(*), COUNT(malformed), COUNT(`offset`),"
                                + " MIN(`offset`) FROM logs GROUP BY status",
                        false);

        Map<Integer, Long> expected = counts(longLines.entries, Entry::status);
        assertThat(countsOf(rows)).isEqualTo(new HashMap<Object, Long>(expected));
        long bad = longLines.entries.stream().filter(e -> e.kind() != Kind.EVENT).count();
        Row nulls = rows.stream().filter(r -> r.getField(0) == null).findFirst().orElseThrow();
        assertThat(nulls.getField(2)).isEqualTo(bad);
        assertThat(longLines.entries.stream().filter(e -> e.kind() == Kind.OVERSIZED).count())
                .isGreaterThan(200);
        // Skipped, they are in no group.
        List<Row> skipped =
                pushedRows(
                        file.toString(),
                        options + ", 'malformed' = 'skip'",
                        "SELECT status, COUNT(*) FROM logs GROUP BY status",
                        false);
        expected.remove(null);
        assertThat(countsOf(skipped)).isEqualTo(new HashMap<Object, Long>(expected));
    }

    @Test
    void anEmptyFileHasNoGroupsAndACountOfNothing(@TempDir Path folder) throws Exception {
        Path empty = Files.createFile(folder.resolve("empty.log"));

        assertThat(
                        pushedRows(
                                empty.toString(),
                                "",
                                "SELECT status, COUNT(*) FROM logs GROUP BY status",
                                false))
                .isEmpty();
        assertThat(
                        pushedRows(
                                empty.toString(),
                                "",
                                "SELECT COUNT(*), SUM(`bytes`), MAX(ts) FROM logs",
                                false))
                .containsExactly(Row.of(0L, null, null));
    }

    @Test
    void aMultiLineEventIsOneRowOfItsLevelWhateverTheSplits(@TempDir Path folder) throws Exception {
        StringBuilder text = new StringBuilder();
        int events = 3_000;
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < events; i++) {
            String level = i % 10 == 3 ? "ERROR" : i % 3 == 0 ? "WARN" : "INFO";
            expected.merge(level, 1L, Long::sum);
            text.append(
                    String.format(
                            Locale.ROOT,
                            "2026-12-01T10:%02d:%02d.%03dZ %5s 4242 --- [worker-%d]"
                                    + " o.e.shop.OrderService                    : order %d%n",
                            i / 60 % 60,
                            i % 60,
                            i % 1000,
                            level,
                            i % 7,
                            i));
            if (level.equals("ERROR")) {
                text.append("java.lang.IllegalStateException: stock of item ").append(i);
                text.append("\n\tat o.e.shop.OrderService.place(OrderService.java:42)\n");
            }
        }
        Path app = folder.resolve("app.log");
        Files.writeString(app, text);
        String query = "SELECT level, COUNT(*), MIN(thread), MAX(thread) FROM app GROUP BY level";
        List<List<Row>> answers = new ArrayList<>();
        for (boolean pushdown : new boolean[] {true, false}) {
            TableEnvironment tables = batchTables(pushdown);
            tables.executeSql(
                    "CREATE TABLE app (level STRING, thread STRING) WITH ('connector' ="
                            + " 'logslice', 'path' = '"
                            + app
                            + "', 'format' = 'spring-boot', 'split-size' = '4k',"
                            + " 'read-buffer-size' = '4k')");
            assertThat(tables.explainSql(query).contains("aggregates=[")).isEqualTo(pushdown);
            answers.add(rows(tables, query));
        }

        assertThat(answers.get(0)).containsExactlyInAnyOrderElementsOf(answers.get(1));
        assertThat(
                        answers.get(0).stream()
                                .collect(
                                        Collectors.toMap(
                                                r -> (String) r.getField(0),
                                                r -> (Long) r.getField(1))))
                .isEqualTo(expected);
        assertThat(answers.get(0))
                .allSatisfy(
                        row -> {
                            assertThat(row.getField(2)).isEqualTo("worker-0");
                            assertThat(row.getField(3)).isEqualTo("worker-6");
                        });
    }

    @Test
    void explainShowsTheAggregateInTheScanAndOnlyWhenPushedDown() {
        String query = "SELECT status, COUNT(*), SUM(`bytes`) FROM logs GROUP BY status";

        String pushed = tables(true, access.toString(), "").explainSql(query);
        String plain = tables(false, access.toString(), "").explainSql(query);

        String optimized = pushed.substring(pushed.indexOf("== Optimized Physical Plan =="));
        assertThat(optimized)
                .containsPattern(
                        "TableSourceScan\\(table=\\[\\[[^\\n]*logs, project=\\[status, bytes\\],"
                                + " metadata=\\[\\], aggregates=\\[grouping=\\[status\\],"
                                + " aggFunctions=\\[[^\\n]*\\]\\]\\]\\]")
                .doesNotContain("LocalHashAggregate");
        assertThat(plain).contains("HashAggregate(isMerge=[false]").doesNotContain("aggregates=[");
    }

    @Test
    void theOptionOffLeavesEveryAggregateToFlink() {
        String query = "SELECT status, COUNT(*) FROM logs GROUP BY status";

        assertThat(tables(true, access.toString(), "").explainSql(query)).contains("aggregates=[");
        assertThat(
                        tables(true, access.toString(), ", 'aggregate-pushdown' = 'false'")
                                .explainSql(query))
                .contains("LocalHashAggregate")
                .doesNotContain("aggregates=[");
    }

    @Test
    void anAggregateTheSourceCannotComputeExactlyIsLeftToFlink() throws Exception {
        for (String query :
                List.of(
                        "SELECT status, AVG(`bytes`) FROM logs GROUP BY status",
                        "SELECT status, COUNT(DISTINCT path) FROM logs GROUP BY status",
                        "SELECT path, COUNT(*) FROM logs WHERE path LIKE '%a%' GROUP BY path",
                        "SELECT status, SUM(`bytes` + 1) FROM logs GROUP BY status",
                        // Flink 2.3 would push these counts with the computed key or argument
                        // turned into the column it reads: per second, per status, every row.
                        "SELECT FLOOR(ts TO MINUTE), COUNT(*) FROM logs GROUP BY FLOOR(ts TO MINUTE)",
                        "SELECT status / 100, COUNT(*) FROM logs GROUP BY status / 100",
                        "SELECT c, COUNT(*) FROM (SELECT status / 100 AS c FROM logs) GROUP BY c",
                        "SELECT UPPER(path), COUNT(*) FROM logs GROUP BY UPPER(path)",
                        "SELECT path, COUNT(CASE WHEN status >= 500 THEN 1 END) FROM logs"
                                + " GROUP BY path",
                        "SELECT COUNT(CASE WHEN status >= 500 THEN 1 END) FROM logs")) {
            TableEnvironment tables = tables(true, access.toString(), "");
            assertThat(tables.explainSql(query)).as(query).doesNotContain("aggregates=[");
            assertThat(rows(tables, query))
                    .as(query)
                    .containsExactlyInAnyOrderElementsOf(
                            rows(tables(false, access.toString(), ""), query));
        }
    }
}
