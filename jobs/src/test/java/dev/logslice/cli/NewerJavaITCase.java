package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * logslice on the newest Java installed beside the one running the build (a JDK in {@code
 * /usr/lib/jvm} newer than 21; the test is skipped, saying so, when there is none): the README
 * promises Java 17 or later, and DataSketches' memory library refuses every Java after 21 unless
 * {@code SketchMemory} steps in, which the build's own Java never shows. stats writes its partials
 * with DataSketches, sql's APPROX_PERCENTILE hands a sketch from one phase to the next.
 */
class NewerJavaITCase {
    private static final Path JVMS = Paths.get("/usr/lib/jvm");
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    @TempDir static Path dir;
    private static Path log;
    private static Map<String, Long> statusCounts;

    @BeforeAll
    static void writeLog() throws IOException {
        log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 2 * 1024 * 1024, 11, log);
        // The status is the first word after the request's closing quote.
        statusCounts = new TreeMap<>();
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            statusCounts.merge(line.split("\"")[2].trim().split(" ")[0], 1L, Long::sum);
        }
    }

    @Test
    void statsOnTheNewestJavaCountsAsOnThisOneAndWarnsOfNothing() throws Exception {
        Path javaHome = newestJava();
        Path json = dir.resolve("stats.json");

        ProcessRun run =
                ProcessRun.launcher(
                        dir,
                        Map.of("JAVA_HOME", javaHome.toString()),
                        "stats",
                        "--quiet",
                        "--split-size",
                        "256k",
                        "--json",
                        json.toString(),
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        // No JVM warning (sun.misc.Unsafe, native access, the class archive) beside the format.
        assertThat(run.stderrLines()).allMatch(line -> line.startsWith("format: "), run.stderr());
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        Map<String, Long> counted = new TreeMap<>();
        report.get("status")
                .fields()
                .forEachRemaining(e -> counted.put(e.getKey(), e.getValue().asLong()));
        assertThat(counted).isEqualTo(statusCounts);
        assertThat(report.get("topClients").size()).isPositive();
    }

    @Test
    void sqlPercentilesOnTheNewestJava() throws Exception {
        Path javaHome = newestJava();
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin/java").toString());
        command.addAll(
                List.of(
                        "--sun-misc-unsafe-memory-access=allow",
                        "--illegal-native-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Logslice.class.getName(),
                        "sql",
                        "-p",
                        "2",
                        "--split-size",
                        "256k",
                        "SELECT status, COUNT(*), APPROX_PERCENTILE(CAST(`bytes` AS DOUBLE), 0.5)"
                                + " FROM logs GROUP BY status",
                        log.toString()));

        ProcessRun run = ProcessRun.of(command, dir, environment -> {});

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Map<String, Long> counted = new TreeMap<>();
        for (String row : run.stdout().lines().skip(1).toList()) {
            String[] cells = row.split("\t");
            counted.put(cells[0], Long.parseLong(cells[1]));
            assertThat(cells[2]).as(row).matches("NULL|\\d+\\.\\d+");
        }
        assertThat(counted).isEqualTo(statusCounts);
    }

    /** The newest JDK in /usr/lib/jvm after 21, or the test is skipped. */
    private static Path newestJava() throws IOException {
        Optional<Path> newest = Optional.empty();
        int newestVersion = 21;
        if (Files.isDirectory(JVMS)) {
            try (Stream<Path> homes = Files.list(JVMS)) {
                for (Path home : homes.sorted().toList()) {
                    int version = featureVersion(home);
                    if (version > newestVersion && Files.isExecutable(home.resolve("bin/java"))) {
                        newest = Optional.of(home);
                        newestVersion = version;
                    }
                }
            }
        }
        assumeTrue(newest.isPresent(), "no JDK newer than 21 in " + JVMS);
        return newest.get();
    }

    private static int featureVersion(Path home) throws IOException {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return 0;
        }
        Matcher version = JAVA_VERSION.matcher(Files.readString(release));
        return version.find() ? Integer.parseInt(version.group(1)) : 0;
    }
}
