package dev.logslice.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
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
 * {@code grep --follow --cluster --out --checkpoint-dir} on a standalone cluster of two
 * TaskManagers while a writer appends numbered lines at a steady rate: the TaskManager that runs
 * the job's writer is killed (SIGKILL) mid-stream and the job restarts on the other one from its
 * last checkpoint; the client is stopped with SIGINT (a savepoint), started again (resumed from it)
 * while lines are still appended, and stopped with SIGTERM. {@code --out} holds every appended line
 * exactly once, in order.
 */
class FollowClusterITCase {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final String JOB = "logslice grep --follow";

    /** About 200 lines a second: many lines after each 2 s checkpoint, few enough for 2 cores. */
    private static final long WRITE_EVERY_MICROS = 5_000;

    /** Kept when the test fails: the clients' stderr, the cluster's logs and the checkpoints. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    private final Path repo =
            Paths.get(System.getProperty("logslice.repo.dir")).toAbsolutePath().normalize();
    private StandaloneCluster cluster;
    private final List<CommandRun.Started> clients = new ArrayList<>();
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopEverything() throws Exception {
        writer.shutdownNow();
        for (CommandRun.Started client : clients) {
            client.process().destroyForcibly();
        }
        if (cluster != null) {
            cluster.stopIfRunning();
        }
    }

    @Test
    void outHoldsEveryLineOnceThroughALostTaskManagerAndAStop() throws Exception {
        cluster = StandaloneCluster.start(repo, dir.resolve("cluster"), 2);
        FlinkRest rest = cluster.rest();
        Path log = dir.resolve("app.log");
        Path out = dir.resolve("out.txt");
        Path checkpoints = dir.resolve("checkpoints");
        AtomicInteger appended = new AtomicInteger();
        // Some lines before the first run, which --from-start reads.
        for (int i = 0; i < 100; i++) {
            append(log, appended);
        }
        writer.scheduleAtFixedRate(
                () -> append(log, appended), 0, WRITE_EVERY_MICROS, TimeUnit.MICROSECONDS);
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
                        "^n=",
                        log.toString());

        CommandRun.Started first = start(command);
        String job =
                rest.await(
                        "a running follow job",
                        DEADLINE,
                        FlinkRest.at("/jobs/overview", overview -> runningFollow(overview)));
        // Killed after a checkpoint, with lines written since: the restore must cut them off.
        long checkpointed = awaitCompletedCheckpoints(rest, job, 1);
        int atCheckpoint = appended.get();
        awaitUntil(
                "a line written after checkpoint " + checkpointed,
                first,
                () -> lastWritten(out) >= atCheckpoint);
        String writerVertex = StandaloneCluster.vertex(rest.get("/jobs/" + job), "matches");
        String victim =
                rest.await(
                        "the TaskManager of the job's writer",
                        DEADLINE,
                        FlinkRest.at(
                                "/jobs/" + job + "/vertices/" + writerVertex,
                                cluster::runningHost));
        int beforeKill = Files.readAllLines(out).size();
        cluster.kill(victim);
        int atKill = appended.get();
        rest.await(
                "the job restarted after losing " + victim,
                DEADLINE,
                FlinkRest.at(
                        "/jobs/" + job + "/exceptions",
                        exceptions ->
                                exceptions.get("exceptionHistory").get("entries").isEmpty()
                                        ? Optional.empty()
                                        : Optional.of(true)));
        awaitUntil("the lines appended up to the kill", first, () -> lastWritten(out) >= atKill);
        cluster.printRestartLines();

        CommandRun firstRun = interrupt(first);
        assertThat(firstRun.exitCode()).as(firstRun.toString()).isZero();
        assertThat(firstRun.stderr())
                .as(firstRun.toString())
                .contains("logslice: stopped with a savepoint, ");
        // The REST API caches a job's state for a few seconds.
        rest.await(
                "the stopped job FINISHED",
                DEADLINE,
                FlinkRest.at(
                        "/jobs/" + job,
                        details ->
                                Optional.of(details.get("state").asText())
                                        .filter("FINISHED"::equals)));
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

    private static Optional<String> runningFollow(JsonNode overview) {
        return StandaloneCluster.runningJob(overview, JOB);
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

    /** Line {@code n} of the followed log. */
    private static String line(int n) {
        return String.format("n=%07d GET /item/%d HTTP/1.1 200 %d", n, n, n * 7919 % 100_000);
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
            return Integer.parseInt(last.substring(2, last.indexOf(' ')));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
