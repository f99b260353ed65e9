package dev.logslice.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * logslice on a real Flink cluster of separate JVMs, started and stopped by {@code
 * deploy/standalone/cluster.sh} (one JobManager, two TaskManagers of two slots): {@code scan}
 * submitted through {@code flink run} and through {@code --cluster} gives what the embedded run
 * gives; a job that loses a TaskManager process finishes with exact totals; {@code stop} leaves no
 * process and no listening port behind.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterITCase {
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(3);
    private static final String SOURCE_READ_CALLS = "Source__log_files.readCalls";
    private static final List<String> TINY_SPLITS =
            List.of("-p", "2", "--split-size", "4k", "--buffer-size", "4k");

    private final Path repo =
            Paths.get(System.getProperty("logslice.repo.dir")).toAbsolutePath().normalize();
    private final Path jobJar = Paths.get(System.getProperty("logslice.job.jar"));
    private final Path realLogs = repo.getParent().resolve("shared/testdata/real");
    private final ObjectMapper json = new ObjectMapper();

    @TempDir static Path dir;
    private Path work;
    private int restPort;
    private FlinkRest rest;
    private final Map<String, Long> pids = new LinkedHashMap<>();
    private final Set<Integer> clusterPorts = new HashSet<>();
    private JsonNode embeddedScan;

    @BeforeAll
    void startCluster() throws Exception {
        work = dir.resolve("cluster");
        restPort = freePort();
        long started = System.nanoTime();
        CommandRun start =
                run(
                        "deploy/standalone/cluster.sh",
                        "start",
                        "--work-dir",
                        work.toString(),
                        "--taskmanagers",
                        "2",
                        "--rest-port",
                        String.valueOf(restPort),
                        // Other builds may run clusters on this machine: no fixed ports.
                        "-D",
                        "jobmanager.rpc.port=" + freePort(),
                        // A lost TaskManager is noticed in seconds, and the job restarts at once.
                        "-D",
                        "heartbeat.interval=500",
                        "-D",
                        "heartbeat.timeout=4000",
                        "-D",
                        "restart-strategy.fixed-delay.delay=500ms",
                        "-D",
                        "restart-strategy.fixed-delay.attempts=10",
                        // The REST API's metrics are at most a second old, not ten.
                        "-D",
                        "metrics.fetcher.update-interval=1000");
        assertThat(start.exitCode()).as(start.toString()).isZero();
        System.out.printf(
                "cluster.sh start: ready in %d ms: %s%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), start.stdout().strip());
        try (Stream<Path> files = Files.list(work.resolve("pids"))) {
            for (Path file : files.sorted().toList()) {
                pids.put(
                        file.getFileName().toString().replace(".pid", ""),
                        Long.parseLong(Files.readString(file).strip()));
            }
        }
        assertThat(pids).containsOnlyKeys("jobmanager", "taskmanager-1", "taskmanager-2");
        for (long pid : pids.values()) {
            clusterPorts.addAll(ProcFs.listeningPortsOf(pid));
        }
        assertThat(clusterPorts).contains(restPort);
        rest = new FlinkRest(restPort);
        JsonNode overview = rest.get("/overview");
        assertThat(overview.get("taskmanagers").asInt()).isEqualTo(2);
        assertThat(overview.get("slots-total").asInt()).isEqualTo(4);
    }

    @Test
    @Order(1)
    void scanThroughFlinkRunEqualsTheEmbeddedRun() throws Exception {
        Path report = dir.resolve("flink-run.json");
        List<String> command =
                new ArrayList<>(
                        List.of(
                                "deploy/standalone/flink",
                                "--work-dir",
                                work.toString(),
                                "run",
                                jobJar.toString(),
                                "scan"));
        command.addAll(TINY_SPLITS);
        command.addAll(List.of("--report", report.toString(), realLogs.toString()));
        CommandRun submitted = timed("flink run scan", command);

        assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
        assertThat(submitted.stdout()).contains("Job has been submitted with JobID");
        assertSameScan(json.readTree(report.toFile()), embeddedScan());
    }

    @Test
    @Order(2)
    void scanAndGrepWithTheClusterOptionEqualTheEmbeddedRuns() throws Exception {
        List<String> cluster = List.of("--cluster", "127.0.0.1:" + restPort);

        assertSameScan(scanReport("cluster", cluster), embeddedScan());

        byte[] embeddedMatches = grep("embedded", List.of());
        assertThat(embeddedMatches).isNotEmpty();
        assertThat(grep("cluster", cluster)).isEqualTo(embeddedMatches);
    }

    @Test
    @Order(3)
    void jobThatLosesATaskManagerFinishesWithExactTotals() throws Exception {
        Path log = dir.resolve("failover.log");
        long lines = writeLog(log, 200_000);
        Path report = dir.resolve("failover.json");
        List<String> command =
                new ArrayList<>(
                        List.of("./logslice", "scan", "--cluster", "127.0.0.1:" + restPort));
        command.addAll(TINY_SPLITS);
        command.addAll(List.of("--report", report.toString(), log.toString()));
        long started = System.nanoTime();
        CommandRun.Started scan = CommandRun.started(repo, command);

        String job =
                rest.await(
                        "a running scan job",
                        Duration.ofMinutes(1),
                        FlinkRest.at("/jobs/overview", StandaloneClusterITCase::runningJob));
        String source = sourceVertex(rest.get("/jobs/" + job));
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
                        FlinkRest.at("/jobs/" + job + "/vertices/" + source, this::readersHost));
        System.out.printf(
                "failover: readCalls=%d through REST after %d ms; at %s killing %s (pid %d)%n",
                readCalls,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                java.time.LocalTime.now(),
                victim,
                pids.get(victim));
        ProcessHandle taskManager = ProcessHandle.of(pids.get(victim)).orElseThrow();
        assertThat(taskManager.destroyForcibly()).isTrue();
        taskManager.onExit().get(1, TimeUnit.MINUTES);

        CommandRun finished = scan.finish(COMMAND_LIMIT);
        System.out.printf(
                "failover: scan finished in %d ms%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));

        assertThat(finished.exitCode()).as(finished.toString()).isZero();
        JsonNode result = json.readTree(report.toFile());
        assertThat(result.get("lines").asLong()).isEqualTo(lines);
        assertThat(result.get("bytes").asLong()).isEqualTo(Files.size(log));
        assertSplitsTile(result.get("splits"), Files.size(log));
        JsonNode failures = rest.get("/jobs/" + job + "/exceptions").get("exceptionHistory");
        assertThat(failures.get("entries")).as("the job saw the TaskManager go").isNotEmpty();
        assertThat(rest.get("/jobs/" + job).get("state").asText()).isEqualTo("FINISHED");
        printRestartLines();
    }

    @Test
    @Order(4)
    void stopEndsEveryProcessAndLeavesNothingListening() throws Exception {
        CommandRun stop =
                run("deploy/standalone/cluster.sh", "stop", "--work-dir", work.toString());

        assertThat(stop.exitCode()).as(stop.toString()).isZero();
        for (Map.Entry<String, Long> process : pids.entrySet()) {
            assertThat(ProcFs.running(process.getValue()))
                    .as(process.getKey() + " runs after " + stop)
                    .isFalse();
        }
        Set<Integer> stillListening = ProcFs.allListeningPorts();
        stillListening.retainAll(clusterPorts);
        assertThat(stillListening).as("ports of the cluster still listening").isEmpty();
        CommandRun status =
                run("deploy/standalone/cluster.sh", "status", "--work-dir", work.toString());
        assertThat(status.exitCode()).isEqualTo(3);
    }

    @AfterAll
    void stopWhateverIsLeft() throws Exception {
        for (long pid : pids.values()) {
            if (ProcFs.running(pid)) {
                run("deploy/standalone/cluster.sh", "stop", "--work-dir", work.toString());
                return;
            }
        }
    }

    private JsonNode embeddedScan() throws Exception {
        if (embeddedScan == null) {
            embeddedScan = scanReport("embedded", List.of());
        }
        return embeddedScan;
    }

    private JsonNode scanReport(String name, List<String> target) throws Exception {
        Path report = dir.resolve(name + "-scan.json");
        List<String> command = new ArrayList<>(List.of("./logslice", "scan"));
        command.addAll(target);
        command.addAll(TINY_SPLITS);
        command.addAll(List.of("--report", report.toString(), realLogs.toString()));
        CommandRun scan = timed(name + " scan", command);
        assertThat(scan.exitCode()).as(scan.toString()).isZero();
        return json.readTree(report.toFile());
    }

    private byte[] grep(String name, List<String> target) throws Exception {
        Path out = dir.resolve(name + "-grep.txt");
        List<String> command = new ArrayList<>(List.of("./logslice", "grep"));
        command.addAll(target);
        command.addAll(TINY_SPLITS);
        command.addAll(List.of("--out", out.toString(), "error|Invalid user", realLogs.toString()));
        CommandRun grep = timed(name + " grep", command);
        assertThat(grep.exitCode()).as(grep.toString()).isZero();
        return Files.readAllBytes(out);
    }

    private CommandRun timed(String what, List<String> command) throws Exception {
        long started = System.nanoTime();
        CommandRun run = CommandRun.of(repo, COMMAND_LIMIT, command);
        System.out.printf(
                "%s: %d ms%n", what, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return run;
    }

    private CommandRun run(String... command) throws Exception {
        return CommandRun.of(repo, COMMAND_LIMIT, List.of(command));
    }

    /** Same files, bytes, lines and read calls, split by split. */
    private static void assertSameScan(JsonNode actual, JsonNode expected) {
        for (String total : List.of("files", "bytes", "lines", "readCalls", "oversizedLines")) {
            assertThat(actual.get(total)).as(total).isEqualTo(expected.get(total));
        }
        assertThat(splitFigures(actual)).isEqualTo(splitFigures(expected));
    }

    private static List<String> splitFigures(JsonNode report) {
        List<String> figures = new ArrayList<>();
        for (JsonNode split : report.get("splits")) {
            figures.add(
                    String.join(
                            " ",
                            split.get("path").asText(),
                            split.get("start").asText(),
                            split.get("end").asText(),
                            split.get("bytes").asText(),
                            split.get("lines").asText(),
                            split.get("readCalls").asText()));
        }
        return figures;
    }

    /** Every byte of the file in exactly one split. */
    private static void assertSplitsTile(JsonNode splits, long size) {
        long next = 0;
        for (JsonNode split : splits) {
            assertThat(split.get("start").asLong()).isEqualTo(next);
            next = split.get("end").asLong();
        }
        assertThat(next).isEqualTo(size);
    }

    private static Optional<String> runningJob(JsonNode overview) {
        for (JsonNode job : overview.get("jobs")) {
            if (job.get("name").asText().equals("logslice scan")
                    && job.get("state").asText().equals("RUNNING")) {
                return Optional.of(job.get("jid").asText());
            }
        }
        return Optional.empty();
    }

    private static String sourceVertex(JsonNode job) {
        for (JsonNode vertex : job.get("vertices")) {
            if (vertex.get("name").asText().startsWith("Source: log files")) {
                return vertex.get("id").asText();
            }
        }
        throw new AssertionError("no source vertex in " + job);
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

    /** The TaskManager of a reader that runs now. */
    private Optional<String> readersHost(JsonNode vertex) {
        for (JsonNode subtask : vertex.get("subtasks")) {
            String taskManager = subtask.get("taskmanager-id").asText();
            if (subtask.get("status").asText().equals("RUNNING") && pids.containsKey(taskManager)) {
                return Optional.of(taskManager);
            }
        }
        return Optional.empty();
    }

    /** The JobManager's account of the failover, for the test's output. */
    private void printRestartLines() throws IOException {
        try (Stream<String> lines = Files.lines(work.resolve("log/jobmanager.log"))) {
            lines.dropWhile(line -> !line.contains("to FAILED"))
                    .filter(line -> !line.startsWith("\t"))
                    .filter(
                            line ->
                                    line.contains("to FAILED")
                                            || line.contains("RESTARTING")
                                            || line.contains("timed out")
                                            || line.contains("to FINISHED"))
                    .limit(20)
                    .forEach(line -> System.out.println("jobmanager.log: " + line));
        }
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
