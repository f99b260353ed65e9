package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits an embedded run names in a small heap are ones it can run at: the {@code -p} maximum
 * with every reader busy (many small splits), the longest line at a given {@code -p} (without one,
 * the readers fit the input's size); one more reader is refused before the job, on one line.
 */
class EmbeddedMemoryITCase {
    /**
     * The limit, then the -Xmx that would allow more, if any would (none when beyond the machine).
     */
    private static final Pattern MAXIMUM =
            Pattern.compile("at most -p (\\d+)(?:;|$)", Pattern.MULTILINE);

    private static final Pattern LONGEST =
            Pattern.compile("at most (\\d+)m(?:;|$)", Pattern.MULTILINE);
    private static final String SMALL_HEAP = "-Xmx256m";

    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"stats", "parse"})
    void theMaximumNamedRunsAndOneMoreIsRefused(String command) throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 20 << 20, 3, log);

        Matcher maximum = MAXIMUM.matcher(run(command, 10_000, log).stderr());
        assertThat(maximum.find()).isTrue();
        int max = Integer.parseInt(maximum.group(1));
        ProcessRun atMax = run(command, max, log);
        ProcessRun above = run(command, max + 1, log);

        assertThat(max).isGreaterThan(1);
        assertThat(atMax.exitCode()).as(atMax.stderr()).isZero();
        assertThat(above.exitCode()).isEqualTo(2);
        assertThat(above.stderrLines())
                .singleElement()
                .asString()
                .startsWith("logslice: -p " + (max + 1) + " is more readers")
                .containsPattern("at most -p " + max + "(;|$)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "parse"})
    void aLineAsLongAsTheLongestNamedIsRead(String command) throws Exception {
        Path small = Files.writeString(dir.resolve("small.log"), "one line\n");
        Matcher longest =
                LONGEST.matcher(
                        launch(command, "-p", "2", "--max-line-length", "10g", small.toString())
                                .stderr());
        assertThat(longest.find()).isTrue();
        long limit = Long.parseLong(longest.group(1)) << 20;
        Path log = dir.resolve("long-line.log");
        // A line just within the limit (its terminator counts), between two short ones.
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log))) {
            out.write("first\n".getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[1 << 16];
            Arrays.fill(chunk, (byte) 'x');
            for (long written = 0; written < limit - chunk.length; written += chunk.length) {
                out.write(chunk);
            }
            out.write("\nlast\n".getBytes(StandardCharsets.US_ASCII));
        }

        ProcessRun run =
                launch(
                        command,
                        "-p",
                        "2",
                        "--max-line-length",
                        longest.group(1) + "m",
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Path output = dir.resolve(command.equals("parse") ? "events.json" : "stats.json");
        if (command.equals("parse")) {
            assertThat(Files.lines(output)).hasSize(3);
        } else {
            JsonNode stats = new ObjectMapper().readTree(output.toFile());
            assertThat(stats.get("lines").asLong()).isEqualTo(3);
            assertThat(stats.get("oversized").asLong()).isZero();
        }
    }

    private ProcessRun launch(String command, String... args)
            throws IOException, InterruptedException {
        List<String> line =
                new ArrayList<>(
                        List.of(command, "--format", "regex", "--pattern", "(?<message>.*)"));
        line.addAll(
                command.equals("parse")
                        ? List.of("--out", dir.resolve("events.json").toString())
                        : List.of("--quiet", "--json", dir.resolve("stats.json").toString()));
        line.addAll(List.of(args));
        return ProcessRun.launcher(
                dir, Map.of("LOGSLICE_JAVA_OPTS", SMALL_HEAP), line.toArray(String[]::new));
    }

    private ProcessRun run(String command, int parallelism, Path log)
            throws IOException, InterruptedException {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                command,
                                "-p",
                                Integer.toString(parallelism),
                                "--split-size",
                                "64k",
                                "--format",
                                "combined"));
        args.addAll(
                command.equals("parse")
                        ? List.of("--out", dir.resolve("events.json").toString())
                        : List.of("--quiet"));
        args.add(log.toString());
        return ProcessRun.launcher(
                dir, Map.of("LOGSLICE_JAVA_OPTS", SMALL_HEAP), args.toArray(String[]::new));
    }
}
