package dev.logslice.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * logslice on a real Flink cluster of separate JVMs, started and stopped by {@code
 * deploy/standalone/cluster.sh} (one JobManager, two TaskManagers of two slots): {@code scan} and
 * {@code stats} submitted through {@code flink run} and through {@code --cluster}, and {@code grep}
 * (plain and with field filters) through {@code --cluster}, give what the embedded runs give;
 * Flink's own SQL Client counts a log through the {@code logslice} connector of the SQL connector
 * jar; a job that loses a TaskManager process finishes with exact totals; a client whose JobManager
 * dies fails within seconds; {@code stop} leaves no process and no listening port behind.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterITCase {
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(3);
    private static final String SOURCE_READ_CALLS = "Source__log_files.readCalls";

    /** A row of the SQL Client's tableau output: {@code | value | count |}. */
    private static final Pattern TABLEAU_ROW =
            Pattern.compile("^\\|\\s*(\\S+)\\s*\\|\\s*(\\d+)\\s*\\|$");

    private static final List<String> TINY_SPLITS =
            List.of("-p", "2", "--split-size", "4k", "--buffer-size", "4k");

    /** Report fields that say how long something took or when, which differ from run to run. */
    private static final List<String> TIMINGS =
            List.of(
                    "readNanos",
                    "elapsedNanos",
                    "readingMillis",
                    "startedAtMillis",
                    "finishedAtMillis");

    /** Where a command runs. */
    private enum Target {
        EMBEDDED,
        /** Submitted with {@code --cluster}. */
        CLUSTER,
        /** The job jar run by Flink's {@code CliFrontend}. */
        FLINK_RUN
    }

    private final Path repo =
            Paths.get(System.getProperty("logslice.repo.dir")).toAbsolutePath().normalize();
    private final Path jobJar = Paths.get(System.getProperty("logslice.job.jar"));
    private final Path sqlConnectorJar =
            Paths.get(System.getProperty("logslice.sql.connector.jar"));
    private final ObjectMapper json = new ObjectMapper();

    @TempDir static Path dir;
    private StandaloneCluster cluster;
    private FlinkRest rest;
    private final Map<String, JsonNode> embeddedReports = new HashMap<>();

    @BeforeAll
    void startCluster() throws Exception {
        cluster = StandaloneCluster.start(repo, dir.resolve("cluster"), 2);
        rest = cluster.rest();
    }

    @Test
    @Order(1)
    void scanAndStatsThroughFlinkRunEqualTheEmbeddedRuns() throws Exception {
        assertSameReport(scanReport(Target.FLINK_RUN), scanReport(Target.EMBEDDED));
        assertSameReport(statsReport(Target.FLINK_RUN), statsReport(Target.EMBEDDED));
    }

    @Test
    @Order(2)
    void scanStatsAndGrepWithTheClusterOptionEqualTheEmbeddedRuns() throws Exception {
        assertSameReport(scanReport(Target.CLUSTER), scanReport(Target.EMBEDDED));
        assertSameReport(statsReport(Target.CLUSTER), statsReport(Target.EMBEDDED));

        List<List<String>> greps =
                List.of(
                        List.of("error|Invalid user", realLogs().toString()),
                        // Parsed in the TaskManagers: events of a multi-line format.
                        List.of(
                                "--level",
                                "error",
                                "",
                                realLogs().resolve("Hadoop_2k.log").toString()),
                        // Events with their files and line numbers, collected from the cluster.
                        List.of(
                                "-n",
                                "--level",
                                "warn",
                                "",
                                realLogs().resolve("Hadoop_2k.log").toString(),
                                realLogs().resolve("Zookeeper_2k.log").toString()));
        for (List<String> grep : greps) {
            byte[] embeddedMatches = grep(Target.EMBEDDED, grep);
            assertThat(embeddedMatches).isNotEmpty();
            assertThat(grep(Target.CLUSTER, grep)).isEqualTo(embeddedMatches);
        }
    }

    @Test
    @Order(3)
    void flinksOwnSqlClientCountsWithTheSqlConnectorJar() throws Exception {
        Path log = dir.resolve("sql-client-access.log");
        Map<String, Long> expected = writeStatusLog(log, 30_000);
        Path script = dir.resolve("status-counts.sql");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "ADD JAR " + sqlString(sqlConnectorJar.toString()) + ";",
                        "CREATE TABLE logs (status INT) WITH ('connector' = 'logslice',"
                                + " 'path' = "
                                + sqlString(log.toString())
                                + ", 'format' = 'combined', 'split-size' = '256kb');",
                        // Bounded, so one final row per group instead of a changelog.
                        "SET 'execution.runtime-mode' = 'batch';",
                        "SET 'sql-client.execution.result-mode' = 'tableau';",
                        "SELECT status, COUNT(*) AS n FROM logs GROUP BY status;",
                        ""));

        CommandRun sql =
                timed(
                        "sql-client -f",
                        List.of(
                                "deploy/standalone/sql-client",
                                "--work-dir",
                                cluster.work().toString(),
                                "-f",
                                script.toString()));

        assertThat(sql.exitCode()).as(sql.toString()).isZero();
        assertThat(tableauRows(sql.stdout())).as(sql.toString()).isEqualTo(expected);
        String job =
                rest.await(
                        "the SQL Client's job",
                        Duration.ofMinutes(1),
                        FlinkRest.at(
                                "/jobs/overview",
                                overview -> jobNamed(overview, "SELECT `logs`.`status`")));
        rest.await(
                "the SQL Client's job FINISHED",
                Duration.ofMinutes(1),
                FlinkRest.at(
                        "/jobs/" + job,
                        details ->
                                Optional.of(details.get("state").asText())
                                        .filter("FINISHED"::equals)));
    }

    @Test
    @Order(4)
    void jobThatLosesATaskManagerFinishesWithExactTotals() throws Exception {
        Path log = dir.resolve("failover.log");
        long lines = writeLog(log, 200_000);
        Path report = dir.resolve("failover.json");
        List<String> command = commandLine(Target.CLUSTER, "scan");
        command.addAll(List.of("--report", report.toString(), log.toString()));
        long started = System.nanoTime();
        CommandRun.Started scan = CommandRun.started(repo, command);

        String job =
                rest.await(
                        "a running scan job",
                        Duration.ofMinutes(1),
                        FlinkRest.at("/jobs/overview", StandaloneClusterITCase::runningScan));
        String source = StandaloneCluster.vertex(rest.get("/jobs/" + job), "Source: log files");
        String metrics = "/jobs/" + job + "/vertices/" + source + "/subtasks/metrics";
        long readCalls =
                rest.await(
                        "readCalls above 0 while the job runs",
                        Duration.ofMinutes(1),
                        FlinkRest.at(metrics + "?get=" + SOURCE_READ_CALLS, this::readCallsSum));
        String victim =
                rest.await(
                        "a reader running on one of the TaskManagers",
                        Duration.ofMinutes(1),
                        FlinkRest.at("/jobs/" + job + "/vertices/" + source, cluster::runningHost));
        System.out.printf(
                "failover: readCalls=%d through REST after %d ms%n",
                readCalls, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        cluster.kill(victim);

        CommandRun finished = scan.finish(COMMAND_LIMIT);
        System.out.printf(
                "failover: scan finished in %d ms%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));

        assertThat(finished.exitCode()).as(finished.toString()).isZero();
        JsonNode result = json.readTree(report.toFile());
        assertThat(result.get("lines").asLong()).isEqualTo(lines);
        assertThat(result.get("bytes").asLong()).isEqualTo(Files.size(log));
        assertSplitsTile(result, Files.size(log));
        JsonNode failures = rest.get("/jobs/" + job + "/exceptions").get("exceptionHistory");
        assertThat(failures.get("entries")).as("the job saw the TaskManager go").isNotEmpty();
        assertThat(rest.get("/jobs/" + job).get("state").asText()).isEqualTo("FINISHED");
        cluster.printRestartLines();
    }

    @Test
    @Order(5)
    void clientWhoseJobManagerDiesFailsWithinSeconds() throws Exception {
        Path log = dir.resolve("lost.log");
        writeLog(log, 200_000);
        List<String> command = commandLine(Target.CLUSTER, "scan");
        command.add(log.toString());
        CommandRun.Started scan = CommandRun.started(repo, command);
        rest.await(
                "a running scan job",
                Duration.ofMinutes(1),
                FlinkRest.at("/jobs/overview", StandaloneClusterITCase::runningScan));

        cluster.kill("jobmanager");
        long killed = System.nanoTime();
        CommandRun failed = scan.finish(COMMAND_LIMIT);
        Duration toFailure = Duration.ofNanos(System.nanoTime() - killed);
        System.out.printf(
                "lost JobManager: scan failed %d ms after the kill%n", toFailure.toMillis());

        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        // Flink's REST client alone retried for over two minutes.
        assertThat(toFailure).isLessThan(Duration.ofSeconds(30));
        List<String> stderr = failed.stderr().lines().toList();
        assertThat(stderr).as(failed.toString()).allMatch(line -> line.startsWith("logslice: "));
        assertThat(stderr.get(stderr.size() - 1))
                .as(failed.toString())
                .startsWith(
                        "logslice: job failed: the Flink cluster at 127.0.0.1:"
                                + cluster.restPort()
                                + " stopped answering (");
    }

    @Test
    @Order(6)
    void stopEndsEveryProcessAndLeavesNothingListening() throws Exception {
        CommandRun stop = cluster.script("stop");

        assertThat(stop.exitCode()).as(stop.toString()).isZero();
        for (Map.Entry<String, Long> process : cluster.pids().entrySet()) {
            assertThat(ProcFs.running(process.getValue()))
                    .as(process.getKey() + " runs after " + stop)
                    .isFalse();
        }
        Set<Integer> stillListening = ProcFs.allListeningPorts();
        stillListening.retainAll(cluster.ports());
        assertThat(stillListening).as("ports of the cluster still listening").isEmpty();
        CommandRun status = cluster.script("status");
        assertThat(status.exitCode()).isEqualTo(3);
    }

    @AfterAll
    void stopWhateverIsLeft() throws Exception {
        if (cluster != null) {
            cluster.stopIfRunning();
        }
    }

    /**
     * The real logs of {@code shared/testdata/real} (the setting {@code LOGSLICE_REAL_LOGS}, as in
     * the jobs module's tests); a test that needs them is skipped without it, and fails when it
     * names no folder.
     */
    private static Path realLogs() {
        String setting = System.getenv("LOGSLICE_REAL_LOGS");
        Assumptions.assumeTrue(
                setting != null && !setting.isBlank(),
                "real logs not available: set LOGSLICE_REAL_LOGS to the shared/testdata/real folder");
        Path dir = Paths.get(setting).toAbsolutePath();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("LOGSLICE_REAL_LOGS=" + setting + " is not a folder");
        }
        return dir;
    }

    /** scan's report on every real log. */
    private JsonNode scanReport(Target target) throws Exception {
        return report(target, "scan", "--report", realLogs().toString());
    }

    /** stats' JSON report on the real access log, every panel filled. */
    private JsonNode statsReport(Target target) throws Exception {
        return report(
                target,
                "stats",
                "--json",
                "--quiet",
                realLogs().resolve("hackers-access.log").toString());
    }

    /** The JSON report a job command writes; an embedded run's is made once. */
    private JsonNode report(Target target, String command, String reportOption, String... args)
            throws Exception {
        if (target == Target.EMBEDDED && embeddedReports.containsKey(command)) {
            return embeddedReports.get(command);
        }
        JsonNode report = json.readTree(output(target, command, reportOption, args).toFile());
        if (target == Target.EMBEDDED) {
            embeddedReports.put(command, report);
        }
        return report;
    }

    private byte[] grep(Target target, List<String> args) throws Exception {
        return Files.readAllBytes(output(target, "grep", "--out", args.toArray(String[]::new)));
    }

    /**
     * Runs a job command that writes its result to the file it is given with {@code outputOption},
     * and returns that file.
     */
    private Path output(Target target, String command, String outputOption, String... args)
            throws Exception {
        String name = target.name().toLowerCase(Locale.ROOT) + " " + command;
        Path output = dir.resolve(name.replace(' ', '-') + ".out");
        List<String> line = commandLine(target, command);
        line.addAll(List.of(outputOption, output.toString()));
        line.addAll(List.of(args));
        CommandRun run = timed(name, line);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        if (target == Target.FLINK_RUN) {
            assertThat(run.stdout()).contains("Job has been submitted with JobID");
        }
        return output;
    }

    /** A job command run at p=2 with tiny splits, where {@code target} says, up to its options. */
    private List<String> commandLine(Target target, String command) {
        List<String> line =
                switch (target) {
                    case EMBEDDED -> new ArrayList<>(List.of("./logslice", command));
                    case CLUSTER ->
                            new ArrayList<>(
                                    List.of("./logslice", command, "--cluster", cluster.address()));
                    case FLINK_RUN ->
                            new ArrayList<>(
                                    List.of(
                                            "deploy/standalone/flink",
                                            "--work-dir",
                                            cluster.work().toString(),
                                            "run",
                                            jobJar.toString(),
                                            command));
                };
        line.addAll(TINY_SPLITS);
        return line;
    }

    private CommandRun timed(String what, List<String> command) throws Exception {
        long started = System.nanoTime();
        CommandRun run = CommandRun.of(repo, COMMAND_LIMIT, command);
        System.out.printf(
                "%s: %d ms%n", what, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return run;
    }

    /** Equal reports, split by split, but for how long things took and the command that ran. */
    private static void assertSameReport(JsonNode actual, JsonNode expected) {
        assertThat(withoutTimings(actual)).isEqualTo(withoutTimings(expected));
        assertThat(actual.get("lines").asLong()).isPositive();
    }

    private static JsonNode withoutTimings(JsonNode report) {
        ObjectNode copy = report.deepCopy();
        copy.remove(TIMINGS);
        copy.remove("commandLine");
        if (copy.get("otherSplits") instanceof ObjectNode others) {
            others.remove(TIMINGS);
        }
        for (JsonNode split : copy.get("splits")) {
            ((ObjectNode) split).remove(TIMINGS);
            // A split that packs small files times each of them too.
            for (JsonNode file : split.path("files")) {
                ((ObjectNode) file).remove(TIMINGS);
            }
        }
        return copy;
    }

    /**
     * Every byte of the file in exactly one split: as many splits as 4 KiB blocks, none reported
     * twice, and those the report lists (it lists the largest and sums the others) one block each.
     */
    private static void assertSplitsTile(JsonNode report, long size) {
        long blocks = (size + 4095) / 4096;
        assertThat(report.get("splitsTotal").asLong()).isEqualTo(blocks);
        Set<Long> starts = new HashSet<>();
        for (JsonNode split : report.get("splits")) {
            long start = split.get("start").asLong();
            assertThat(start % 4096).isZero();
            assertThat(split.get("end").asLong()).isEqualTo(Math.min(start + 4096, size));
            assertThat(starts.add(start)).as("split at %d once", start).isTrue();
        }
    }

    /** A SQL string literal. */
    private static String sqlString(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /**
     * The rows of the SQL Client's tableau output of two columns, the second a count: first
     * column's text (NULL as the client prints it) to the count.
     */
    private static Map<String, Long> tableauRows(String output) {
        Map<String, Long> rows = new TreeMap<>();
        for (String line : output.lines().toList()) {
            Matcher row = TABLEAU_ROW.matcher(line);
            if (row.matches()) {
                assertThat(rows.put(row.group(1), Long.parseLong(row.group(2))))
                        .as("one row for %s", row.group(1))
                        .isNull();
            }
        }
        return rows;
    }

    private static Optional<String> jobNamed(JsonNode overview, String namePrefix) {
        for (JsonNode job : overview.get("jobs")) {
            if (job.get("name").asText().startsWith(namePrefix)) {
                return Optional.of(job.get("jid").asText());
            }
        }
        return Optional.empty();
    }

    private static Optional<String> runningScan(JsonNode overview) {
        return StandaloneCluster.runningJob(overview, "logslice scan");
    }

    private Optional<Long> readCallsSum(JsonNode metrics) {
        for (JsonNode metric : metrics) {
            if (metric.get("id").asText().equals(SOURCE_READ_CALLS)
                    && metric.get("sum").asLong() > 0) {
                return Optional.of(metric.get("sum").asLong());
            }
        }
        return Optional.empty();
    }

    /** An access log of {@code lines} lines; returns the count. */
    private static long writeLog(Path file, int lines) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < lines; i++) {
                out.write(
                        "10.0.0."
                                + (i % 250)
                                + " - - [30/Nov/2026:06:00:00 +0000] \"GET /item/"
                                + i
                                + " HTTP/1.1\" "
                                + (i % 17 == 0 ? 500 : 200)
                                + " "
                                + (i * 7919 % 100_000)
                                + "\n");
            }
        }
        return lines;
    }

    /**
     * A combined-format access log of {@code lines} lines, the middle one malformed; returns how
     * many lines have each status, counted as they are written ({@code <NULL>}, the SQL Client's
     * NULL, for the malformed line: the table's row for it has no status).
     */
    private static Map<String, Long> writeStatusLog(Path file, int lines) throws IOException {
        int[] statuses = {200, 200, 304, 404, 200, 500, 301, 200, 503};
        Map<String, Long> counts = new TreeMap<>();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < lines; i++) {
                if (i == lines / 2) {
                    out.write("this line is no access log entry\n");
                    counts.merge("<NULL>", 1L, Long::sum);
                    continue;
                }
                int status = statuses[(i * 7 + i / 1000) % statuses.length];
                out.write(
                        "192.168."
                                + (i % 7)
                                + "."
                                + (i % 250)
                                + " - - [01/Dec/2026:10:"
                                + String.format(Locale.ROOT, "%02d", i / 1000 % 60)
                                + ":00 +0000] \"GET /page/"
                                + (i % 300)
                                + " HTTP/1.1\" "
                                + status
                                + " "
                                + (i * 31 % 5000)
                                + " \"-\" \"Mozilla/5.0 (test "
                                + (i % 3)
                                + ")\"\n");
                counts.merge(String.valueOf(status), 1L, Long::sum);
            }
        }
        return counts;
    }
}
