package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice sql}: queries over the table logs give what the test's own count of its lines
 * gives.
 */
class SqlCommandITCase {
    @TempDir static Path dir;
    private static Path log;
    private static final List<String[]> requests = new ArrayList<>(); // {path, status}
    private static int malformed;

    @BeforeAll
    static void writeLog() throws IOException {
        // A folder name with the list separator and quotes: the paths are one table option.
        Path folder = Files.createDirectories(dir.resolve("web;'01\""));
        log = folder.resolve("access.log");
        Random random = new Random(7);
        StringBuilder text = new StringBuilder();
        int[] statuses = {200, 200, 200, 301, 404, 500, 502, 503};
        for (int i = 0; i < 5_000; i++) {
            if (i % 307 == 9) {
                // Blank lines are no rows: not even malformed ones.
                text.append(i % 2 == 0 ? "\n" : " \t\r\n");
            }
            if (i % 211 == 5) {
                text.append("not an access line ").append(i).append('\n');
                malformed++;
                continue;
            }
            String path =
                    i % 500 == 0
                            ? "=HYPERLINK(\"http://x\")"
                            : "/api/v" + random.nextInt(3) + "/item/" + random.nextInt(40);
            int status = statuses[random.nextInt(statuses.length)];
            requests.add(new String[] {path, String.valueOf(status)});
            text.append(
                    String.format(
                            Locale.ROOT,
                            "192.0.2.%d - - [01/Dec/2026:10:%02d:%02d +0000] \"GET %s HTTP/1.1\" %d %d \"-\" \"curl/8\"\n",
                            random.nextInt(250),
                            i / 60 % 60,
                            i % 60,
                            path,
                            status,
                            random.nextInt(5000)));
        }
        Files.writeString(log, text);
    }

    private static CliRun sql(Path out, String... args) {
        List<String> all = new ArrayList<>(List.of("sql", "-p", "2", "--out", out.toString()));
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    @Test
    void statusCountsAsCsvEqualTheLinesWrittenWithMalformedLinesAsAnEmptyStatus(@TempDir Path out)
            throws IOException {
        Path csv = out.resolve("status.csv");
        CliRun run =
                sql(
                        csv,
                        "--output",
                        "csv",
                        "SELECT status, COUNT(*) AS hits FROM logs GROUP BY status",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Map<String, Long> expected =
                requests.stream().collect(Collectors.groupingBy(r -> r[1], Collectors.counting()));
        expected.put("", (long) malformed);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("status,hits");
        Map<String, Long> counted = new HashMap<>();
        lines.subList(1, lines.size())
                .forEach(l -> counted.put(l.split(",")[0], Long.parseLong(l.split(",")[1])));
        assertThat(counted).isEqualTo(expected);
    }

    /**
     * Counts of computed groups, directly and through a subquery whose computed column is named as
     * the table's: Flink 2.3 would push them into the scan with the computation dropped (per status
     * instead of per class).
     */
    @Test
    void countsOfComputedGroupsAreTheTestsOwnCount(@TempDir Path out) throws IOException {
        Map<String, Long> expected =
                requests.stream()
                        .collect(
                                Collectors.groupingBy(
                                        r -> String.valueOf(Integer.parseInt(r[1]) / 100),
                                        Collectors.counting()));
        expected.put("", (long) malformed);
        for (String query :
                List.of(
                        "SELECT status / 100, COUNT(*) FROM logs GROUP BY status / 100",
                        "SELECT status, COUNT(*) FROM (SELECT status / 100 AS status FROM logs)"
                                + " GROUP BY status")) {
            Path csv = out.resolve(Integer.toHexString(query.hashCode()) + ".csv");
            CliRun run = sql(csv, "--output", "csv", query, log.toString());

            assertThat(run.exitCode()).as(run.stderr()).isZero();
            List<String> lines = Files.readAllLines(csv);
            Map<String, Long> counted = new HashMap<>();
            lines.subList(1, lines.size())
                    .forEach(l -> counted.put(l.split(",")[0], Long.parseLong(l.split(",")[1])));
            assertThat(counted).as(query).isEqualTo(expected);
        }
    }

    @Test
    void topFailingPathsAsJsonLinesAreTheTestsOwnCount(@TempDir Path out) throws IOException {
        Path jsonl = out.resolve("top.jsonl");
        CliRun run =
                sql(
                        jsonl,
                        "--output",
                        "jsonl",
                        "SELECT path, COUNT(*) AS hits FROM logs WHERE status >= 500"
                                + " GROUP BY path ORDER BY hits DESC, path LIMIT 5",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<Map.Entry<String, Long>> expected =
                requests.stream()
                        .filter(r -> Integer.parseInt(r[1]) >= 500)
                        .collect(Collectors.groupingBy(r -> r[0], Collectors.counting()))
                        .entrySet()
                        .stream()
                        .sorted(
                                Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                                        .thenComparing(Map.Entry.comparingByKey()))
                        .limit(5)
                        .toList();
        List<String> lines = Files.readAllLines(jsonl);
        assertThat(lines).hasSize(5);
        ObjectMapper mapper = new ObjectMapper();
        for (int i = 0; i < 5; i++) {
            JsonNode row = mapper.readTree(lines.get(i));
            assertThat(row.get("path").asText()).isEqualTo(expected.get(i).getKey());
            assertThat(row.get("hits").asLong()).isEqualTo(expected.get(i).getValue());
        }
    }

    /**
     * A query's hash tables and shuffles take memory per slot: with pools of a fixed size a join
     * failed from -p 4 on ("The minBucketMemorySize is not valid!") and a GROUP BY from -p 16 on,
     * the default on a machine of that many cores.
     */
    @Test
    void aJoinOfAggregatesAtSixteenReadersIsTheTestsOwnCount(@TempDir Path out) throws IOException {
        Path csv = out.resolve("joined.csv");
        CliRun run =
                CliRun.of(
                        "sql",
                        "-p",
                        "16",
                        "--output",
                        "csv",
                        "--out",
                        csv.toString(),
                        "WITH per_path AS (SELECT path, COUNT(*) AS n FROM logs GROUP BY path),"
                                + " per_status AS (SELECT status, COUNT(*) AS n FROM logs"
                                + " GROUP BY status)"
                                + " SELECT l.status, COUNT(*) AS hits, MAX(pp.n) AS busiest_path,"
                                + " MAX(ps.n) AS status_hits FROM logs l"
                                + " JOIN per_path pp ON l.path = pp.path"
                                + " JOIN per_status ps ON l.status = ps.status GROUP BY l.status",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Map<String, Long> hitsOfPath =
                requests.stream().collect(Collectors.groupingBy(r -> r[0], Collectors.counting()));
        Map<String, String> expected = new HashMap<>();
        requests.stream()
                .collect(Collectors.groupingBy(r -> r[1]))
                .forEach(
                        (status, ofStatus) ->
                                expected.put(
                                        status,
                                        ofStatus.size()
                                                + ","
                                                + ofStatus.stream()
                                                        .mapToLong(r -> hitsOfPath.get(r[0]))
                                                        .max()
                                                        .orElseThrow()
                                                + ","
                                                + ofStatus.size()));
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("status,hits,busiest_path,status_hits");
        Map<String, String> joined = new HashMap<>();
        lines.subList(1, lines.size())
                .forEach(
                        l ->
                                joined.put(
                                        l.substring(0, l.indexOf(',')),
                                        l.substring(l.indexOf(',') + 1)));
        assertThat(joined).isEqualTo(expected);
    }

    @Test
    void bytesAndArraysAQueryMakesAreWrittenAsThemselves(@TempDir Path out) throws IOException {
        Path jsonl = out.resolve("values.jsonl");
        CliRun run =
                sql(
                        jsonl,
                        "--output",
                        "jsonl",
                        "SELECT ENCODE('GET', 'UTF-8') AS b, ARRAY[status, 7] AS a FROM logs"
                                + " WHERE status = 200 LIMIT 1",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readAllLines(jsonl))
                .containsExactly("{\"b\":\"x'474554'\",\"a\":[200,7]}");
    }

    @Test
    void aSyslogYearAndAJsonTimeKeyReadAsTheOtherCommandsReadThem(@TempDir Path out)
            throws IOException {
        Path syslog = Files.writeString(dir.resolve("messages"), syslogLines());
        // The default keys would take "time"; --time-field names the other.
        Path json =
                Files.writeString(
                        dir.resolve("app.jsonl"),
                        "{\"when\":\"2021-03-04T05:06:07Z\",\"time\":\"2000-01-01T00:00:00Z\","
                                + "\"msg\":\"started\"}\n"
                                + "{\"when\":\"2021-03-04T05:06:08Z\",\"time\":\"2000-01-01T00:00:00Z\","
                                + "\"msg\":\"ready\"}\n");
        Path syslogRows = out.resolve("syslog.csv");
        Path jsonRows = out.resolve("json.csv");

        CliRun syslogRun =
                sql(
                        syslogRows,
                        "--output",
                        "csv",
                        "--zone",
                        "UTC",
                        "--year",
                        "2019",
                        "SELECT ts FROM logs ORDER BY ts",
                        syslog.toString());
        CliRun jsonRun =
                sql(
                        jsonRows,
                        "--output",
                        "csv",
                        "--zone",
                        "UTC",
                        "--time-field",
                        "when",
                        "SELECT ts, message FROM logs ORDER BY ts",
                        json.toString());

        assertThat(syslogRun.exitCode()).as(syslogRun.stderr()).isZero();
        assertThat(Files.readAllLines(syslogRows))
                .containsExactly("ts", "2019-12-01T10:00:00Z", "2019-12-01T10:00:01Z");
        assertThat(jsonRun.exitCode()).as(jsonRun.stderr()).isZero();
        assertThat(Files.readAllLines(jsonRows))
                .containsExactly(
                        "ts,message", "2021-03-04T05:06:07Z,started", "2021-03-04T05:06:08Z,ready");
    }

    private static String syslogLines() {
        return "Dec  1 10:00:00 web1 sshd[101]: Accepted publickey for deploy\n"
                + "Dec  1 10:00:01 web1 sshd[101]: session opened for user deploy\n";
    }

    @Test
    void describeListsTheColumnsTheFormatHasAndTheQueryMayComeFromAFile(@TempDir Path out)
            throws IOException {
        Path query = Files.writeString(out.resolve("q.sql"), "DESCRIBE logs");
        Path tsv = out.resolve("describe.tsv");
        CliRun run = sql(tsv, "-f", query.toString(), log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<String> names =
                Files.readAllLines(tsv).stream().skip(1).map(l -> l.split("\t")[0]).toList();
        assertThat(names)
                .contains("ts", "client", "path", "status", "bytes", "user_agent", "file", "line")
                .doesNotContain("level", "thread", "logger", "extra");
    }

    @Test
    void csvCellsThatASpreadsheetWouldRunAreNeutralised(@TempDir Path out) throws IOException {
        Path csv = out.resolve("paths.csv");
        CliRun run =
                sql(
                        csv,
                        "--output",
                        "csv",
                        "SELECT DISTINCT path FROM logs WHERE path LIKE '=%'",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readAllLines(csv))
                .containsExactly("path", "\"'=HYPERLINK(\"\"http://x\"\")\"");
    }

    /**
     * A row larger than the 2 MiB Flink's collect takes by default: a 1.4 MiB URL, with its line,
     * comes out whole rather than failing the query.
     */
    @Test
    void aRowOfAFewMebibytesComesOutWhole(@TempDir Path out) throws IOException {
        String path = "/" + "<a>&é".repeat(250_000);
        Path big = out.resolve("big.log");
        Files.writeString(
                big,
                "192.0.2.1 - - [01/Dec/2026:10:00:00 +0000] \"GET "
                        + path
                        + " HTTP/1.1\" 200 5 \"-\" \"curl/8\"\n");
        Path json = out.resolve("rows.json");

        CliRun run =
                sql(
                        json,
                        "--format",
                        "combined",
                        "--output",
                        "json",
                        "SELECT path, line FROM logs",
                        big.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode rows = new ObjectMapper().readTree(json.toFile());
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("path").asText()).isEqualTo(path);
        assertThat(rows.get(0).get("line").asText()).contains(path);
    }

    @Test
    void anUnknownColumnIsOneLineNamingTheColumnsAndExit2(@TempDir Path out) {
        assertThat(refusal(out, "SELECT stauts FROM logs", log))
                .contains("From line 1, column 8 to line 1, column 13: Column 'stauts' not found")
                .contains("the columns of logs: ts, client");
    }

    /** Flink compares the text with TRUE as text: the query would run and count 0. */
    @Test
    void malformedComparedWithTrueIsOneLineAndExit2NotASilentZero(@TempDir Path out) {
        assertThat(refusal(out, "SELECT COUNT(*) FROM logs WHERE malformed = TRUE", log))
                .contains("write malformed IS NOT NULL");
    }

    /** A JSON log's "level":"error" is ERROR in the table: 'error' would count 0. */
    @Test
    void levelComparedWithItsSpellingInTheLogIsOneLineNamingItsReportedName(@TempDir Path out)
            throws IOException {
        Path json =
                Files.writeString(
                        out.resolve("app.jsonl"),
                        "{\"time\":\"2021-03-04T05:06:07Z\",\"level\":\"error\",\"msg\":\"x\"}\n");

        assertThat(refusal(out, "SELECT COUNT(*) FROM logs WHERE level = 'error'", json))
                .contains("level is never 'error'")
                .endsWith("write 'ERROR'");
    }

    /** Flink reads LIMIT as an int: 4294967299 would silently be 3 rows. */
    @Test
    void aLimitBeyondAnIntIsOneLineAndExit2NotAWrappedLimit(@TempDir Path out) {
        assertThat(refusal(out, "SELECT path FROM logs LIMIT 4294967299", log))
                .contains("LIMIT 4294967299 is beyond what Flink applies exactly");
    }

    /** Flink's sort with a limit allocates its queue of LIMIT slots before the first row. */
    @Test
    void anOrderByLimitBeyondTheSortBoundIsOneLineAndExit2(@TempDir Path out) {
        assertThat(refusal(out, "SELECT path FROM logs ORDER BY path LIMIT 1000000000", log))
                .contains("in memory in Flink's sort: at most 1,000,000")
                .doesNotContain("heap");
    }

    /** The one line of a query refused with exit 2, no stack trace and no output file written. */
    private String refusal(Path out, String query, Path input) {
        CliRun run = sql(out.resolve("x"), query, input.toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
        assertThat(run.stderr()).doesNotContain("\tat ");
        assertThat(out.resolve("x")).doesNotExist();
        List<String> lines = run.stderr().lines().filter(l -> l.startsWith("logslice:")).toList();
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }

    @Test
    void aSyntaxErrorIsOneLineAndExit2(@TempDir Path out) {
        CliRun run = sql(out.resolve("x"), "SELECT COUNT(* FROM logs", log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("logslice: sql: ").doesNotContain("\tat ");
    }

    @Test
    void aQueryFileThatCannotBeReadIsOneLineAndExit2(@TempDir Path out) throws IOException {
        Path notUtf8 = Files.write(out.resolve("latin1.sql"), new byte[] {'S', (byte) 0xe9});

        CliRun missing = CliRun.of("sql", "-f", out.resolve("none.sql").toString(), log.toString());
        CliRun undecodable = CliRun.of("sql", "-f", notUtf8.toString(), log.toString());

        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.stderr().strip())
                .isEqualTo("logslice: -f " + out.resolve("none.sql") + ": no such file");
        assertThat(undecodable.exitCode()).isEqualTo(2);
        assertThat(undecodable.stderr().strip())
                .isEqualTo("logslice: -f " + notUtf8 + ": not UTF-8 text");
    }

    /** Flink SQL can plan neither of the two kinds of distinct count beside the other. */
    @Test
    void aQueryThePlannerCannotRunIsOneLineAndExit2(@TempDir Path out) {
        CliRun run =
                sql(
                        out.resolve("x"),
                        "SELECT COUNT(DISTINCT client), APPROX_COUNT_DISTINCT(path) FROM logs",
                        log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .contains("logslice: sql: There are both Distinct AggCall and Approximate")
                .doesNotContain("\tat ")
                .doesNotContain("job failed");
    }

    /** {@code bytes}, {@code user}, {@code time}: columns whose names Flink SQL reserves. */
    @Test
    void aReservedColumnNameUnquotedIsNamedWithItsQuotedForm(@TempDir Path out) {
        CliRun run = sql(out.resolve("x"), "SELECT status, SUM(bytes) FROM logs", log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines().filter(l -> l.startsWith("logslice:")))
                .singleElement()
                .asString()
                .contains("Encountered \"bytes\"")
                .endsWith("bytes is a reserved word in Flink SQL: write `bytes`");
    }

    @Test
    void aReservedAliasIsNamedWithItsQuotedForm(@TempDir Path out) {
        CliRun run = sql(out.resolve("x"), "SELECT COUNT(*) AS\n groups FROM logs", log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines().filter(l -> l.startsWith("logslice:")))
                .singleElement()
                .asString()
                .contains("Encountered \"groups\" at line 2")
                .endsWith("groups is a reserved word in Flink SQL: write `groups`");
    }

    /** DuckDB's and PostgreSQL's words, the first a user of them writes. */
    @Test
    void aFunctionOfAnotherDialectIsNamedWithFlinksForm(@TempDir Path out) {
        CliRun median = sql(out.resolve("x"), "SELECT MEDIAN(status) FROM logs", log.toString());
        CliRun ordered =
                sql(
                        out.resolve("y"),
                        "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY status) FROM logs",
                        log.toString());

        assertThat(median.exitCode()).isEqualTo(2);
        assertThat(median.stderr().lines().filter(l -> l.startsWith("logslice:")))
                .singleElement()
                .asString()
                .contains("No match found for function signature MEDIAN(")
                .endsWith(
                        "; in Flink SQL: PERCENTILE(x, 0.5) (exact), or APPROX_PERCENTILE(x, 0.5)");
        assertThat(ordered.exitCode()).as(ordered.stderr()).isEqualTo(2);
        assertThat(ordered.stderr().lines().filter(l -> l.startsWith("logslice:")))
                .singleElement()
                .asString()
                .startsWith("logslice: sql: Unsupported Function: 'PERCENTILE_CONT'")
                .endsWith("in Flink SQL: PERCENTILE(x, p) (exact), or APPROX_PERCENTILE(x, p)");
    }

    @Test
    void theSizeOfATimeBucketMayComeFirstAsInDuckDb(@TempDir Path out) throws IOException {
        Path sizeLast = out.resolve("last.tsv");
        Path sizeFirst = out.resolve("first.tsv");

        CliRun last =
                sql(
                        sizeLast,
                        "SELECT TIME_BUCKET(ts, INTERVAL '1' MINUTE) AS m, COUNT(*) FROM logs"
                                + " GROUP BY TIME_BUCKET(ts, INTERVAL '1' MINUTE) ORDER BY m",
                        log.toString());
        CliRun first =
                sql(
                        sizeFirst,
                        "SELECT TIME_BUCKET(INTERVAL '1' MINUTE, ts) AS m, COUNT(*) FROM logs"
                                + " GROUP BY TIME_BUCKET(INTERVAL '1' MINUTE, ts) ORDER BY m",
                        log.toString());

        assertThat(last.exitCode()).as(last.stderr()).isZero();
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(Files.readAllLines(sizeLast)).hasSizeGreaterThan(2);
        assertThat(Files.readAllLines(sizeFirst)).isEqualTo(Files.readAllLines(sizeLast));
    }

    @Test
    void anOutputFormThatDoesNotExistIsRefusedBeforeReading(@TempDir Path out) {
        CliRun run = sql(out.resolve("x"), "--output", "xml", "SELECT 1", log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("--output xml: give table, csv, json or jsonl");
    }

    @Test
    void explainShowsTheLocalAggregateInTheScanAndALimitInTheScan(@TempDir Path out)
            throws IOException {
        Path plan = out.resolve("plan.tsv");
        Path limited = out.resolve("limited.tsv");

        CliRun group =
                sql(
                        plan,
                        "EXPLAIN SELECT status, COUNT(*) FROM logs GROUP BY status",
                        log.toString());
        CliRun limit = sql(limited, "EXPLAIN SELECT path FROM logs LIMIT 3", log.toString());

        assertThat(group.exitCode()).as(group.stderr()).isZero();
        // The plan's own lines, as Flink's SQL Client prints it, not one cell with \n in it.
        assertThat(Files.readString(plan))
                .startsWith("== Abstract Syntax Tree ==\n")
                .contains("\n\n== Optimized Physical Plan ==\n")
                .doesNotContain("\\n")
                .contains(
                        "HashAggregate(isMerge=[true], groupBy=[status]",
                        "Exchange(distribution=[hash[status]])",
                        "TableSourceScan(table=[[default_catalog, default_database, logs,"
                                + " project=[status], metadata=[],"
                                + " aggregates=[grouping=[status],"
                                + " aggFunctions=[Count1AggFunction()]]]]");
        assertThat(limit.exitCode()).as(limit.stderr()).isZero();
        assertThat(Files.readString(limited))
                .containsPattern("TableSourceScan[^\\n]*limit=\\[3\\]");
    }

    @Test
    void timeBucketsAndPercentilesAreRegisteredAndCountWhatWasWritten(@TempDir Path out)
            throws IOException {
        // The lines' minutes as written, with each line's status: ten-minute buckets of them.
        long[] hits = new long[6];
        int[] lowest = {999, 999, 999, 999, 999, 999};
        int[] highest = new int[6];
        int request = 0;
        for (int i = 0; i < 5_000; i++) {
            if (i % 211 == 5) {
                continue;
            }
            int bucket = i / 60 % 60 / 10;
            int status = Integer.parseInt(requests.get(request++)[1]);
            hits[bucket]++;
            lowest[bucket] = Math.min(lowest[bucket], status);
            highest[bucket] = Math.max(highest[bucket], status);
        }
        Path jsonl = out.resolve("buckets.jsonl");

        CliRun run =
                sql(
                        jsonl,
                        "--output",
                        "jsonl",
                        "SELECT TIME_BUCKET(ts, INTERVAL '10' MINUTE) AS ten, COUNT(*) AS hits,"
                                + " APPROX_PERCENTILE(status, 0) AS lowest,"
                                + " APPROX_PERCENTILE(status, 1) AS highest"
                                + " FROM logs WHERE status IS NOT NULL"
                                + " GROUP BY TIME_BUCKET(ts, INTERVAL '10' MINUTE) ORDER BY ten",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<String> lines = Files.readAllLines(jsonl);
        assertThat(lines).hasSize(6);
        ObjectMapper mapper = new ObjectMapper();
        for (int bucket = 0; bucket < 6; bucket++) {
            JsonNode row = mapper.readTree(lines.get(bucket));
            assertThat(row.get("ten").asText()).contains(String.format("10:%d0:00", bucket));
            assertThat(row.get("hits").asLong()).isEqualTo(hits[bucket]);
            assertThat(row.get("lowest").asDouble()).isEqualTo(lowest[bucket]);
            assertThat(row.get("highest").asDouble()).isEqualTo(highest[bucket]);
        }
    }
}
