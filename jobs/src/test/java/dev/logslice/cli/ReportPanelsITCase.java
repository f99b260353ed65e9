package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stats} on a folder of an access log, a syslog and a Java (ZooKeeper) log: templates of
 * every event, programs, hosts and classes, {@code --top-field} panels, and panels that say which
 * formats fed them, in every output, with counts made here as the lines are written.
 */
class ReportPanelsITCase {
    private static final String[] PROGRAMS = {"sshd[%d]", "CRON[%d]", "postfix/smtpd[%d]"};
    private static final String[] CLASSES = {"FastLeaderElection", "QuorumPeer", "Learner"};

    @TempDir Path dir;
    private final Random random = new Random(18);
    private final Map<String, Long> programs = new HashMap<>();
    private final Map<String, Long> classes = new HashMap<>();
    private final Map<String, Long> status = new HashMap<>();

    @Test
    void aMixedFolderGetsPanelsOfItsFormatsInEveryOutput() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve("access.log"), accessLines(200));
        Files.write(logs.resolve("syslog"), syslogLines(150));
        Files.write(logs.resolve("zookeeper.log"), zookeeperLines(120));
        Path json = dir.resolve("stats.json");
        Path csv = dir.resolve("csv");
        Path html = dir.resolve("stats.html");

        CliRun run =
                statsInSmallSplits(
                        "--top-field",
                        "status,extra.callerClass",
                        "--top-field",
                        "no.such.key",
                        "--json",
                        json.toString(),
                        "--csv",
                        csv.toString(),
                        "--html",
                        html.toString(),
                        logs.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr().lines().filter(line -> line.contains("warning")).toList())
                .singleElement()
                .asString()
                .contains("no event has no.such.key (--top-field)");
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertThat(counts(report.get("topPrograms"))).isEqualTo(programs);
        assertThat(counts(report.get("topClasses"))).isEqualTo(classes);
        assertThat(counts(report.get("topTemplates")))
                .containsEntry("Accepted password for root from <ip> port <n> ssh2", 150L)
                .containsEntry("Notification time out: <n>", 120L)
                .hasSize(2);
        JsonNode fields = report.get("topFields");
        assertThat(fields).hasSize(3);
        assertThat(fields.get(0).get("field").asText()).isEqualTo("status");
        assertThat(counts(fields.get(0).get("values"))).isEqualTo(status);
        assertThat(counts(fields.get(1).get("values"))).isEqualTo(classes);
        assertThat(fields.get(2).get("field").asText()).isEqualTo("no.such.key");
        assertThat(fields.get(2).get("values")).isEmpty();
        JsonNode panelFormats = report.get("panelFormats");
        assertThat(panelFormats.get("topPaths").toString())
                .isEqualTo("[{\"format\":\"combined\",\"files\":1}]");
        assertThat(panelFormats.get("topPrograms").toString())
                .isEqualTo("[{\"format\":\"syslog\",\"files\":1}]");
        assertThat(panelFormats.get("topTemplates").toString())
                .isEqualTo(
                        "[{\"format\":\"syslog\",\"files\":1},{\"format\":\"zookeeper\",\"files\":1}]");

        assertThat(run.stdout())
                .contains("Top paths — combined: 1 file")
                .contains("Top message templates — syslog: 1 file, zookeeper: 1 file")
                .contains("Top classes — zookeeper: 1 file")
                .contains("Top values of no.such.key: no event has this field");
        assertThat(Files.readAllLines(csv.resolve("topField-extra.callerClass.csv")))
                .hasSize(classes.size() + 1);
        assertThat(Files.readAllLines(csv.resolve("topField-no.such.key.csv")))
                .containsExactly("value,count");
        assertThat(Files.readAllLines(csv.resolve("topTemplates.csv"))).hasSize(3);
        assertThat(Files.readString(html))
                .contains("Top values of extra.callerClass")
                .contains("Top message templates &mdash; syslog: 1 file, zookeeper: 1 file")
                .contains("Notification time out: &lt;n&gt;");
    }

    @Test
    void rowTotalsOnlyWhenAskedForAndThenEqualToTheLinesSums() throws IOException {
        Map<String, Long> bytesByPath = new HashMap<>();
        Map<String, java.util.Set<String>> clientsByPath = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            String path = "/p/" + random.nextInt(6);
            String client = "10.0.0." + random.nextInt(8);
            int size = random.nextInt(9000);
            bytesByPath.merge(path, (long) size, Long::sum);
            clientsByPath.computeIfAbsent(path, k -> new java.util.HashSet<>()).add(client);
            lines.add(
                    String.format(
                            "%s - - [15/Jan/2024:10:%02d:%02d +0000] \"GET %s HTTP/1.1\" 200 %d"
                                    + " \"-\" \"Mozilla/5.0 (X11)\"",
                            client, i / 60, i % 60, path, size));
        }
        Path log = dir.resolve("access.log");
        Files.write(log, lines);
        Path plain = dir.resolve("plain.json");
        Path totals = dir.resolve("totals.json");

        CliRun withoutRows = statsInSmallSplits("--json", plain.toString(), log.toString());
        CliRun withRows =
                statsInSmallSplits("--row-totals", "--json", totals.toString(), log.toString());

        assertThat(withoutRows.exitCode()).as(withoutRows.stderr()).isZero();
        assertThat(withRows.exitCode()).as(withRows.stderr()).isZero();
        JsonNode plainRows = new ObjectMapper().readTree(plain.toFile()).get("topPaths");
        assertThat(plainRows).isNotEmpty();
        plainRows.forEach(
                row -> {
                    assertThat(row.has("share")).isTrue();
                    assertThat(row.has("visitors")).isFalse();
                    assertThat(row.has("bytes")).isFalse();
                });
        JsonNode rows = new ObjectMapper().readTree(totals.toFile()).get("topPaths");
        assertThat(rows).hasSize(bytesByPath.size());
        rows.forEach(
                row -> {
                    String path = row.get("value").asText();
                    assertThat(row.get("bytes").asLong()).as(path).isEqualTo(bytesByPath.get(path));
                    assertThat(row.get("visitors").asLong())
                            .as(path)
                            .isEqualTo(clientsByPath.get(path).size());
                });
    }

    /** {@code stats} at parallelism 2 in 4 KiB splits (many partials to merge), quiet. */
    private static CliRun statsInSmallSplits(String... args) {
        List<String> command = new ArrayList<>(List.of("stats", "-p", "2", "--split-size", "4k"));
        command.add("--quiet");
        command.addAll(List.of(args));
        return CliRun.of(command.toArray(String[]::new));
    }

    private List<String> accessLines(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int code = new int[] {200, 200, 304, 404, 503}[random.nextInt(5)];
            status.merge(String.valueOf(code), 1L, Long::sum);
            lines.add(
                    String.format(
                            "10.0.%d.%d - - [15/Jan/2024:10:%02d:%02d +0000] \"GET /p/%d?q=%d"
                                    + " HTTP/1.1\" %d %d \"-\" \"Mozilla/5.0 (X11)\"",
                            random.nextInt(4),
                            random.nextInt(250),
                            i / 60,
                            i % 60,
                            random.nextInt(30),
                            i,
                            code,
                            random.nextInt(9000)));
        }
        return lines;
    }

    private List<String> syslogLines(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String program = PROGRAMS[random.nextInt(PROGRAMS.length)];
            programs.merge(program.replaceAll("\\[.*", ""), 1L, Long::sum);
            lines.add(
                    String.format(
                            "Jan 15 10:%02d:%02d web-%d %s: Accepted password for root from"
                                    + " 203.0.113.%d port %d ssh2",
                            i / 60,
                            i % 60,
                            random.nextInt(2),
                            String.format(program, 1000 + random.nextInt(9000)),
                            random.nextInt(250),
                            1024 + random.nextInt(60000)));
        }
        return lines;
    }

    private List<String> zookeeperLines(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String caller = CLASSES[random.nextInt(CLASSES.length)];
            classes.merge(caller, 1L, Long::sum);
            lines.add(
                    String.format(
                            "2015-07-29 17:%02d:%02d,%03d - INFO  [QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181:"
                                    + "%s@%d] - Notification time out: %d",
                            i / 60,
                            i % 60,
                            random.nextInt(1000),
                            caller,
                            100 + random.nextInt(900),
                            random.nextInt(60000)));
        }
        return lines;
    }

    private static Map<String, Long> counts(JsonNode rows) {
        Map<String, Long> counts = new HashMap<>();
        rows.forEach(row -> counts.put(row.get("value").asText(), row.get("count").asLong()));
        return counts;
    }
}
