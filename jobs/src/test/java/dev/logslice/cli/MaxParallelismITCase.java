package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code -p} an embedded run names as its maximum is one it can run, in a small heap and with
 * every reader busy (many small splits); one more is refused before the job, on one line.
 */
class MaxParallelismITCase {
    private static final Pattern MAXIMUM = Pattern.compile("at most -p (\\d+);");

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
                .contains("at most -p " + max + ";");
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
                dir, Map.of("LOGSLICE_JAVA_OPTS", "-Xmx256m"), args.toArray(String[]::new));
    }
}
