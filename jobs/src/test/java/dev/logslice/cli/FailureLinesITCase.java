package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failures a user can cause, through the {@code ./logslice} launcher with its own logging set-up:
 * one line on stderr naming the cause (and Flink's log, which has the stack trace, in the cache
 * folder), exit 2 when found before the job or a damaged input stopped it and 1 when the job
 * failed; {@code LOGSLICE_LOG_LEVEL} still shows Flink's log on stderr.
 */
class FailureLinesITCase {
    @TempDir Path dir;

    /**
     * A query cannot answer over part of a file, so a cut archive fails it (the other commands read
     * up to the cut and say so, DamagedGzipITCase): one line for the user, the trace in Flink's
     * log.
     */
    @Test
    void aQueryOverATruncatedArchiveIsOneLineNamingItAsGivenWhileFlinksLogHasTheTrace()
            throws Exception {
        truncatedGzip();

        ProcessRun run = launch(Map.of(), query("access.log.gz"));

        Path flinkLog = dir.resolve("cache/logslice/flink.log");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(linesButTheArchiveNote(run))
                .singleElement()
                .asString()
                .matches(
                        "logslice: access\\.log\\.gz: the gzip stream ends early \\(truncated\\?\\)"
                                + " after [0-9,]+ uncompressed bytes");
        assertThat(Files.readString(flinkLog)).contains("Cannot decompress").contains("\tat ");
    }

    /**
     * Flink logs a task's failure below the level its log keeps: the line must not name a log that
     * holds no trace of it (or a former run's).
     */
    @Test
    void aQueryFailingInItsTaskLeavesItsTraceInTheLogItsLineNames() throws Exception {
        Path log = Files.writeString(dir.resolve("a.log"), "one\ntwo\n");

        ProcessRun run =
                launch(
                        Map.of(),
                        "sql",
                        "--format",
                        "regex",
                        "--pattern",
                        "(?<message>.*)",
                        "SELECT CAST(message AS INT) FROM logs",
                        log.toString());

        Path flinkLog = dir.resolve("cache/logslice/flink.log");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(linesButTheArchiveNote(run))
                .singleElement()
                .asString()
                .startsWith("logslice: job failed: ")
                .endsWith(" (Flink's log: " + flinkLog + ")");
        assertThat(Files.readString(flinkLog)).contains("For input string").contains("\tat ");
    }

    @Test
    void logsliceLogLevelStillShowsFlinksLogOnStderr() throws Exception {
        Path corrupt = truncatedGzip();

        ProcessRun run = launch(Map.of("LOGSLICE_LOG_LEVEL", "ERROR"), query(corrupt.toString()));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("\tat org.apache.flink");
        assertThat(run.stderrLines().get(run.stderrLines().size() - 1))
                .startsWith("logslice: " + corrupt + ": the gzip stream ends early");
    }

    private static String[] query(String path) {
        return new String[] {
            "sql", "--format", "syslog", "--out", "rows.csv", "SELECT COUNT(*) FROM logs", path
        };
    }

    /** sql's first run after a build says it records its class archive: not the failure's line. */
    private static List<String> linesButTheArchiveNote(ProcessRun run) {
        return run.stderrLines().stream().filter(line -> !line.contains("class archive")).toList();
    }

    @Test
    void parseStrictIsOneLineWithFileOffsetAndReason() throws Exception {
        Path log = dir.resolve("access.log");
        String good = "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.0\" 200 2326\n";
        Files.writeString(log, good + "not an access log line\n" + good);

        ProcessRun run =
                launch(Map.of(), "parse", "--format", "common", "--strict", log.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderrLines())
                .singleElement()
                .asString()
                .contains(log + ":" + good.length() + ": ");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "-p 10000 | logslice: -p 10000 is more readers than this JVM's memory holds .*"
                        + " at most -p \\d+(; .*)?",
                "--max-line-length 300m | logslice: --max-line-length 300.0 MiB is longer than a"
                        + " 512.0 MiB heap holds at -p \\d+ .* at most \\d+m; .*"
            })
    void settingsTheMemoryCannotHoldAreRefusedUpFrontWithTheLimit(String option, String line)
            throws Exception {
        Path log = Files.writeString(dir.resolve("a.log"), "one\n");
        List<String> args = new ArrayList<>(List.of("grep", "x", log.toString()));
        args.addAll(1, List.of(option.split(" ")));

        ProcessRun run =
                launch(Map.of("LOGSLICE_JAVA_OPTS", "-Xmx512m"), args.toArray(new String[0]));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderrLines()).singleElement().asString().matches(line);
    }

    private Path truncatedGzip() throws IOException {
        Path gz = dir.resolve("access.log.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            for (int i = 0; i < 50_000; i++) {
                out.write(("line " + i + " of a log that was cut short\n").getBytes());
            }
        }
        byte[] bytes = Files.readAllBytes(gz);
        return Files.write(gz, Arrays.copyOf(bytes, bytes.length / 2));
    }

    private ProcessRun launch(Map<String, String> env, String... args) throws Exception {
        Map<String, String> withCache = new HashMap<>(env);
        withCache.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
        return ProcessRun.launcher(dir, withCache, args);
    }
}
