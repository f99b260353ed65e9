package dev.logslice.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --follow --cluster} on a standalone cluster of three TaskManagers while a writer appends
 * numbered lines at a steady rate. {@code grep --out --checkpoint-dir}: the TaskManager that runs
 * the job's writer is killed (SIGKILL) mid-stream and the job restarts on another from its last
 * checkpoint; the client is stopped with SIGINT (a savepoint), started again (resumed from it)
 * while lines are still appended, and stopped with SIGTERM; {@code --out} holds every appended line
 * exactly once, in order. {@code stats --json-lines}: a TaskManager of the readers is killed
 * likewise, and the report made in the client counts every line once; {@code stats
 * --checkpoint-dir} stopped with SIGINT (a savepoint) and started again counts on from its total,
 * every line once. A follow whose JobManager dies fails within seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FollowClusterITCase {
    private static final Duration DEADLINE = Duration.ofMinutes(3);

    /** About 200 lines a second: many lines after each 2 s checkpoint, few enough for 2 cores. */
    private static final long WRITE_EVERY_MICROS = 5_000;

    /** Kept when a test fails: the clients' stderr, the cluster's logs and the checkpoints. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dir;

    private final Path repo =
            Paths.get(System.getProperty("logslice.repo.dir")).toAbsolutePath().normalize();
    private final ObjectMapper json = new ObjectMapper();
    private StandaloneCluster cluster;
    private final List<CommandRun.Started> clients = new ArrayList<>();
    private ScheduledExecutorService writer;

    /** The first two tests kill one TaskManager each: one is left for the others. */
    @BeforeAll
    void startCluster() throws Exception {
        cluster = StandaloneCluster.start(repo, dir.resolve("cluster"), 3);
    }

    @AfterEach
    void stopTheClientsAndTheWriter() {
        writer.shutdownNow();
        for (CommandRun.Started client : clients) {
            client.process().destroyForcibly();
        }
    }

    @AfterAll
    void stopTheCluster() throws Exception {
        if (cluster != null) {
            cluster.stopIfRunning();
        }
    }

    @Test
    @Order(1)
    void grepOutHoldsEveryLineOnceThroughALostTaskManagerAndAStop() throws Exception {
        FlinkRest rest = cluster.rest();
        Path log = dir.resolve("grep.log");
        Path out = dir.resolve("out.txt");
        Path checkpoints = dir.resolve("checkpoints");
        AtomicInteger appended = startWriting(log);
        List<String> command =
                List.of(
                        "./logslice",
                        "grep",
                        "--follow",
                        "--from-start",
                        "--cluster",
                        cluster.address(),
                        "--out",
                        out.toString(),
                        "--checkpoint-dir",
                        checkpoints.toString(),
                        "-p",
                        "2",
                        "GET /n/",
                        log.toString());

        CommandRun.Started first = start(command);
        String job = awaitRunningJob(rest, "logslice grep --follow");
        // Killed after a checkpoint, with lines written since: the restore must cut them off.
        long checkpointed = awaitCompletedCheckpoints(rest, job, 1);
        int atCheckpoint = appended.get();
        awaitUntil(
                "a line written after checkpoint " + checkpointed,
                first,
                () -> lastWritten(out) >= atCheckpoint);
        int beforeKill = Files.readAllLines(out).size();
        String victim = killTaskManagerOf(job, "matches");
        int atKill = appended.get();
        awaitUntil("the lines appended up to the kill", first, () -> lastWritten(out) >= atKill);
        cluster.printRestartLines();

        CommandRun firstRun = interrupt(first);
        assertThat(firstRun.exitCode()).as(firstRun.toString()).isZero();
        assertThat(firstRun.stderr())
                .as(firstRun.toString())
                .contains("logslice: stopped with a savepoint, ");
        awaitFinished(rest, job);
        int atStop = appended.get();

        CommandRun.Started second = start(command);
        awaitUntil("lines appended after the stop", second, () -> lastWritten(out) > atStop + 400);
        writer.shutdown();
        assertThat(writer.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        int total = appended.get();
        awaitUntil("every appended line", second, () -> lastWritten(out) == total - 1);
        second.process().destroy(); // SIGTERM
        CommandRun secondRun = second.finish(DEADLINE);
        assertThat(secondRun.exitCode()).as(secondRun.toString()).isZero();
        assertThat(secondRun.stderr()).contains("logslice: resuming from " + checkpoints);

        List<String> written = Files.readAllLines(out, StandardCharsets.UTF_8);
        Map<String, Integer> times = new HashMap<>();
        written.forEach(line -> times.merge(line, 1, Integer::sum));
        long duplicates = times.values().stream().filter(n -> n > 1).mapToLong(n -> n - 1).sum();
        long missing = IntStream.range(0, total).filter(n -> !times.containsKey(line(n))).count();
        System.out.printf(
                "follow on a cluster: %d lines appended, %d written to --out, %d duplicates, %d"
                        + " missing; %d in --out when %s was killed (%d appended by then), %d"
                        + " appended at the SIGINT%n",
                total, written.size(), duplicates, missing, beforeKill, victim, atKill, atStop);
        assertThat(duplicates).as("lines in --out twice or more").isZero();
        assertThat(missing).as("lines appended and not in --out").isZero();
        assertThat(written)
                .as("every line once, in the order appended")
                .isEqualTo(IntStream.range(0, total).mapToObj(FollowClusterITCase::line).toList());
    }

    @Test
    @Order(2)
    void statsCountsEveryLineOnceThroughALostTaskManager() throws Exception {
        FlinkRest rest = cluster.rest();
        Path log = dir.resolve("access.log");
        Path reports = dir.resolve("reports.jsonl");
        AtomicInteger appended = startWriting(log);
        CommandRun.Started client = start(statsFollowing(log, reports));
        String job = awaitRunningJob(rest, "logslice stats --follow");
        // Collected partials are handed over at checkpoints: a report of lines follows one.
        awaitUntil("a report of some lines", client, () -> lastReportedLines(reports) > 0);
        long beforeKill = lastReportedLines(reports);
        String victim = killTaskManagerOf(job, "Source: followed log files");
        int atKill = appended.get();
        awaitUntil(
                "a report of the lines appended up to the kill",
                client,
                () -> lastReportedLines(reports) >= atKill);
        CommandRun run = reportEveryLineThenStop(client, reports, appended);
        int total = appended.get();
        long reported = lastReportedLines(reports);
        System.out.printf(
                "stats on a cluster: %d lines appended, %d in the last report; %d reported when"
                        + " %s was killed (%d appended by then)%n",
                total, reported, beforeKill, victim, atKill);
        assertThat(reported).as("lines in the last report").isEqualTo(total);
        assertThat(json.readTree(lastLine(reports)).get("malformed").asLong())
                .as("lines not of the format")
                .isZero();
    }

    @Test
    @Order(3)
    void statsResumedFromItsSavepointCountsEveryLineOnce() throws Exception {
        FlinkRest rest = cluster.rest();
        Path log = dir.resolve("resumed.log");
        Path reports = dir.resolve("resumed.jsonl");
        Path checkpoints = dir.resolve("stats-checkpoints");
        AtomicInteger appended = startWriting(log);
        List<String> command =
                statsFollowing(log, reports, "--checkpoint-dir", checkpoints.toString());

        CommandRun.Started first = start(command);
        String job = awaitRunningJob(rest, "logslice stats --follow");
        awaitUntil("a report of some lines", first, () -> lastReportedLines(reports) > 0);
        CommandRun firstRun = interrupt(first);
        assertThat(firstRun.exitCode()).as(firstRun.toString()).isZero();
        assertThat(firstRun.stderr())
                .as(firstRun.toString())
                .contains("logslice: stopped with a savepoint, ");
        long atStop = lastReportedLines(reports);
        int reportsOfFirst = completeLines(reports).size();
        int appendedAtStop = appended.get();
        awaitFinished(rest, job);

        CommandRun.Started second = start(command);
        awaitUntil(
                "a report of lines appended after the stop",
                second,
                () -> lastReportedLines(reports) > appendedAtStop + 400);
        long firstResumed =
                json.readTree(completeLines(reports).get(reportsOfFirst)).get("lines").asLong();
        assertThat(firstResumed)
                .as("the resumed run's first report counts on from the savepoint's total")
                .isGreaterThanOrEqualTo(atStop);
        CommandRun secondRun = reportEveryLineThenStop(second, reports, appended);
        int total = appended.get();
        assertThat(secondRun.stderr()).contains("logslice: resuming from " + checkpoints);
        long reported = lastReportedLines(reports);
        System.out.printf(
                "stats resumed on a cluster: %d lines appended, %d in the last report; %d in the"
                        + " last report of the run stopped by SIGINT (%d appended by then), %d in"
                        + " the first report of the resumed run%n",
                total, reported, atStop, appendedAtStop, firstResumed);
        assertThat(reported).as("lines in the last report").isEqualTo(total);
    }

    @Test
    @Order(4)
    void aFollowWhoseJobManagerDiesFailsWithinSeconds() throws Exception {
        Path log = dir.resolve("lost.log");
        startWriting(log);
        CommandRun.Started client =
                start(
                        List.of(
                                "./logslice",
                                "grep",
                                "--follow",
                                "--cluster",
                                cluster.address(),
                                "--out",
                                dir.resolve("lost.txt").toString(),
                                "-p",
                                "1",
                                "GET",
                                log.toString()));
        awaitRunningJob(cluster.rest(), "logslice grep --follow");

        cluster.kill("jobmanager");
        long killed = System.nanoTime();
        CommandRun failed = client.finish(DEADLINE);
        Duration toFailure = Duration.ofNanos(System.nanoTime() - killed);
        System.out.printf(
                "lost JobManager: grep --follow failed %d ms after the kill%n",
                toFailure.toMillis());

        // grep's status for an error, a failed job too, as Unix grep's (1 is: nothing matched).
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(2);
        assertThat(toFailure).isLessThan(Duration.ofSeconds(30));
        assertThat(failed.stderr())
                .as(failed.toString())
                .contains(
                        "logslice: job failed: the Flink cluster at "
                                + cluster.address()
                                + " stopped answering (");
    }

    /** Appends 100 lines now, then 200 a second; returns the count of lines appended. */
    private AtomicInteger startWriting(Path log) {
        AtomicInteger appended = new AtomicInteger();
        for (int i = 0; i < 100; i++) {
            append(log, appended);
        }
        writer = Executors.newSingleThreadScheduledExecutor();
        writer.scheduleAtFixedRate(
                () -> append(log, appended), 0, WRITE_EVERY_MICROS, TimeUnit.MICROSECONDS);
        return appended;
    }

    /**
     * Kills (SIGKILL) the TaskManager running a subtask of the job's vertex named {@code
     * vertexPrefix}..., and waits until the job has failed over; returns the TaskManager's name.
     */
    private String killTaskManagerOf(String job, String vertexPrefix) throws Exception {
        FlinkRest rest = cluster.rest();
        String vertex = StandaloneCluster.vertex(rest.get("/jobs/" + job), vertexPrefix);
        String victim =
                rest.await(
                        "the TaskManager of " + vertexPrefix,
                        DEADLINE,
                        FlinkRest.at("/jobs/" + job + "/vertices/" + vertex, cluster::runningHost));
        cluster.kill(victim);
        rest.await(
                "the job failed over after losing " + victim,
                DEADLINE,
                FlinkRest.at(
                        "/jobs/" + job + "/exceptions",
                        exceptions ->
                                exceptions.get("exceptionHistory").get("entries").isEmpty()
                                        ? Optional.empty()
                                        : Optional.of(true)));
        return victim;
    }

    private CommandRun.Started start(List<String> command) throws IOException {
        CommandRun.Started client = CommandRun.started(repo, command);
        clients.add(client);
        return client;
    }

    /**
     * SIGINT, as Ctrl-C sends. A process tree started in the background of a shell without job
     * control ignores SIGINT from the start, which Java cannot undo; SIGTERM then stands in.
     */
    private static CommandRun interrupt(CommandRun.Started client) throws Exception {
        long pid = client.process().pid();
        String signal = ProcFs.ignoresSigint(pid) ? "-TERM" : "-INT";
        System.out.println("stopping the client with kill " + signal);
        Process kill = new ProcessBuilder("kill", signal, String.valueOf(pid)).start();
        assertThat(kill.waitFor()).isZero();
        return client.finish(DEADLINE);
    }

    /** The id of the running job named {@code name}, once there is one. */
    private static String awaitRunningJob(FlinkRest rest, String name) throws Exception {
        return rest.await(
                "a running job " + name,
                DEADLINE,
                FlinkRest.at(
                        "/jobs/overview",
                        overview -> StandaloneCluster.runningJob(overview, name)));
    }

    /** Waits for {@code count} completed checkpoints of the job; returns the latest one's id. */
    private static long awaitCompletedCheckpoints(FlinkRest rest, String job, int count)
            throws InterruptedException {
        return rest.await(
                count + " completed checkpoints",
                DEADLINE,
                FlinkRest.at(
                        "/jobs/" + job + "/checkpoints",
                        checkpoints ->
                                checkpoints.get("counts").get("completed").asInt() >= count
                                        ? Optional.of(
                                                checkpoints
                                                        .get("latest")
                                                        .get("completed")
                                                        .get("id")
                                                        .asLong())
                                        : Optional.empty()));
    }

    /** Polls {@code condition} until it holds; fails when the client ends or time is up. */
    private static void awaitUntil(
            String what, CommandRun.Started client, BooleanSupplier condition) throws Exception {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (!client.process().isAlive()) {
                throw new AssertionError(
                        "the client ended waiting for " + what + ": " + client.finish(DEADLINE));
            }
            assertThat(System.nanoTime()).as("in time: " + what).isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    /** Line {@code n} of the followed log: a combined access log line, its path {@code /n/N}. */
    private static String line(int n) {
        return String.format(
                "10.0.0.%d - - [03/Dec/2026:10:%02d:%02d +0000] \"GET /n/%d HTTP/1.1\" 200 %d \"-\""
                        + " \"agent\"",
                n % 50, n / 60 % 60, n % 60, n, n * 7919 % 100_000);
    }

    /** Appends the next line whole (one write of it and its LF) and counts it. */
    private static void append(Path log, AtomicInteger appended) {
        byte[] bytes = (line(appended.get()) + "\n").getBytes(StandardCharsets.UTF_8);
        try (OutputStream stream =
                Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            stream.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        appended.incrementAndGet();
    }

    /**
     * The number of the last complete line in {@code file}, -1 if none: written in order, no line
     * after it is there yet. Not a count, which lines written twice would reach too soon.
     */
    private static int lastWritten(Path file) {
        try {
            String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            int end = text.lastIndexOf('\n');
            if (end < 0) {
                return -1;
            }
            String last = text.substring(text.lastIndexOf('\n', end - 1) + 1, end);
            int path = last.indexOf("/n/") + 3;
            return Integer.parseInt(last.substring(path, last.indexOf(' ', path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines counted by the last report in {@code reports}; 0 before the first. */
    /**
     * Waits until the stopped job is FINISHED (the REST API caches a job's state a few seconds).
     */
    private static void awaitFinished(FlinkRest rest, String job) throws Exception {
        rest.await(
                "the stopped job FINISHED",
                DEADLINE,
                FlinkRest.at(
                        "/jobs/" + job,
                        details ->
                                Optional.of(details.get("state").asText())
                                        .filter("FINISHED"::equals)));
    }

    /**
     * Stops the writer, waits for a report of every line it appended, then stops {@code client}
     * (SIGTERM), which exits 0.
     */
    private CommandRun reportEveryLineThenStop(
            CommandRun.Started client, Path reports, AtomicInteger appended) throws Exception {
        writer.shutdown();
        assertThat(writer.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        int total = appended.get();
        // A count above total never comes back down: a line counted twice fails the end.
        awaitUntil(
                "a report of every appended line",
                client,
                () -> lastReportedLines(reports) >= total);
        client.process().destroy(); // SIGTERM
        CommandRun run = client.finish(DEADLINE);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    /** {@code stats --follow} of {@code log} on the cluster, a report a line in {@code reports}. */
    private List<String> statsFollowing(Path log, Path reports, String... more) {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                "./logslice",
                                "stats",
                                "--follow",
                                "--from-start",
                                "--format",
                                "combined",
                                "--refresh",
                                "500ms",
                                "--cluster",
                                cluster.address(),
                                "--json-lines",
                                reports.toString(),
                                "-p",
                                "2"));
        command.addAll(List.of(more));
        command.add(log.toString());
        return command;
    }

    private long lastReportedLines(Path reports) {
        try {
            String last = lastLine(reports);
            return last.isEmpty() ? 0 : json.readTree(last).get("lines").asLong();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The complete lines of {@code file}; none if it is not there yet. */
    private static List<String> completeLines(Path file) throws IOException {
        String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        return text.lines().limit(text.chars().filter(c -> c == '\n').count()).toList();
    }

    /** The last complete line of {@code file}; empty if none. */
    private static String lastLine(Path file) throws IOException {
        String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        int end = text.lastIndexOf('\n');
        return end < 0 ? "" : text.substring(text.lastIndexOf('\n', end - 1) + 1, end);
    }
}
