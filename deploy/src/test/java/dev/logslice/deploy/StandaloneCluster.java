package dev.logslice.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
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
 * A cluster of {@code deploy/standalone/cluster.sh} for a test: started with free ports and a quick
 * failover (a lost TaskManager noticed in seconds), its processes by name ({@code jobmanager},
 * {@code taskmanager-N}) and pid, its REST API, and what a test asks of its jobs through it.
 */
final class StandaloneCluster {
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(3);

    private final Path repo;
    private final Path work;
    private final int restPort;
    private final FlinkRest rest;
    private final Map<String, Long> pids;
    private final Set<Integer> ports;

    private StandaloneCluster(
            Path repo, Path work, int restPort, Map<String, Long> pids, Set<Integer> ports) {
        this.repo = repo;
        this.work = work;
        this.restPort = restPort;
        this.rest = new FlinkRest(restPort);
        this.pids = pids;
        this.ports = ports;
    }

    /**
     * Starts {@code taskManagers} TaskManagers (two slots each) and a JobManager working in {@code
     * work}, and checks that all registered and listen where said.
     */
    static StandaloneCluster start(Path repo, Path work, int taskManagers) throws Exception {
        int restPort = freePort();
        long started = System.nanoTime();
        CommandRun start =
                CommandRun.of(
                        repo,
                        COMMAND_LIMIT,
                        List.of(
                                "deploy/standalone/cluster.sh",
                                "start",
                                "--work-dir",
                                work.toString(),
                                "--taskmanagers",
                                String.valueOf(taskManagers),
                                "--rest-port",
                                String.valueOf(restPort),
                                // Other builds may run clusters on this machine: no fixed ports.
                                "-D",
                                "jobmanager.rpc.port=" + freePort(),
                                // A lost TaskManager is noticed in seconds, and the job restarts
                                // at once.
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
                                "metrics.fetcher.update-interval=1000"));
        assertThat(start.exitCode()).as(start.toString()).isZero();
        System.out.printf(
                "cluster.sh start: ready in %d ms: %s%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), start.stdout().strip());
        Map<String, Long> pids = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(work.resolve("pids"))) {
            for (Path file : files.sorted().toList()) {
                pids.put(
                        file.getFileName().toString().replace(".pid", ""),
                        Long.parseLong(Files.readString(file).strip()));
            }
        }
        List<String> names = new ArrayList<>(List.of("jobmanager"));
        for (int i = 1; i <= taskManagers; i++) {
            names.add("taskmanager-" + i);
        }
        assertThat(pids).containsOnlyKeys(names);
        Set<Integer> ports = new HashSet<>();
        for (long pid : pids.values()) {
            ports.addAll(ProcFs.listeningPortsOf(pid));
        }
        assertThat(ports).contains(restPort);
        StandaloneCluster cluster = new StandaloneCluster(repo, work, restPort, pids, ports);
        JsonNode overview = cluster.rest.get("/overview");
        assertThat(overview.get("taskmanagers").asInt()).isEqualTo(taskManagers);
        assertThat(overview.get("slots-total").asInt()).isEqualTo(2 * taskManagers);
        return cluster;
    }

    FlinkRest rest() {
        return rest;
    }

    int restPort() {
        return restPort;
    }

    /** What {@code --cluster} takes. */
    String address() {
        return "127.0.0.1:" + restPort;
    }

    Path work() {
        return work;
    }

    /** The processes started, by name, as they were at the start. */
    Map<String, Long> pids() {
        return pids;
    }

    /** The ports the cluster's processes listened on at the start. */
    Set<Integer> ports() {
        return ports;
    }

    /** Kills the process {@code name} (SIGKILL) and waits until it is gone. */
    void kill(String name) throws Exception {
        System.out.printf("at %s killing %s (pid %d)%n", LocalTime.now(), name, pids.get(name));
        ProcessHandle process = ProcessHandle.of(pids.get(name)).orElseThrow();
        assertThat(process.destroyForcibly()).isTrue();
        process.onExit().get(1, TimeUnit.MINUTES);
    }

    /** {@code cluster.sh COMMAND} (stop, status) on this cluster's work folder. */
    CommandRun script(String command) throws Exception {
        return CommandRun.of(
                repo,
                COMMAND_LIMIT,
                List.of("deploy/standalone/cluster.sh", command, "--work-dir", work.toString()));
    }

    /** Stops the cluster if any of its processes still runs. */
    void stopIfRunning() throws Exception {
        for (long pid : pids.values()) {
            if (ProcFs.running(pid)) {
                script("stop");
                return;
            }
        }
    }

    /** The job named {@code name} that runs now. */
    static Optional<String> runningJob(JsonNode overview, String name) {
        for (JsonNode job : overview.get("jobs")) {
            if (job.get("name").asText().equals(name)
                    && job.get("state").asText().equals("RUNNING")) {
                return Optional.of(job.get("jid").asText());
            }
        }
        return Optional.empty();
    }

    /** The id of the job's vertex whose name starts with {@code namePrefix}. */
    static String vertex(JsonNode job, String namePrefix) {
        for (JsonNode vertex : job.get("vertices")) {
            if (vertex.get("name").asText().startsWith(namePrefix)) {
                return vertex.get("id").asText();
            }
        }
        throw new AssertionError("no vertex " + namePrefix + "... in " + job);
    }

    /** The TaskManager of one of the vertex's subtasks that runs now (of those started here). */
    Optional<String> runningHost(JsonNode vertex) {
        for (JsonNode subtask : vertex.get("subtasks")) {
            String taskManager = subtask.get("taskmanager-id").asText();
            if (subtask.get("status").asText().equals("RUNNING") && pids.containsKey(taskManager)) {
                return Optional.of(taskManager);
            }
        }
        return Optional.empty();
    }

    /** The JobManager's account of a failover, for the test's output. */
    void printRestartLines() throws IOException {
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
