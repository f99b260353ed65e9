package dev.logslice.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow -m NUM} through the launcher, the idiom {@code tail -f app.log | grep -m1
 * Started} to wait for a line: the run ends by itself, exit status 0, once NUM selected lines (or
 * events, with field filters) are written, and exactly NUM are, though more are there to select.
 */
class GrepFollowMaxCountITCase extends FollowRunsTest {
    @Test
    void endsOnceNumLinesAreWritten() throws Exception {
        Path log = Files.writeString(dir.resolve("app.log"), "INFO Started one\nINFO idle\n");
        Process grep = grepFollow("-m", "3", "Started", log.toString());
        runs.await("the first line", () -> !FollowRuns.lines(runs.stdoutFile(1)).isEmpty());
        // In one write: the rest of the selected lines come in one batch, past -m.
        Files.writeString(
                log,
                "INFO Started two\nINFO not this\nINFO Started three\nINFO Started four\n",
                StandardOpenOption.APPEND);

        assertThat(grep.waitFor(FollowRuns.DEADLINE.toMinutes(), TimeUnit.MINUTES))
                .as("ended by itself")
                .isTrue();
        assertThat(grep.exitValue()).as(runs.stderr(1)).isZero();
        List<String> selected =
                Files.readAllLines(log).stream().filter(line -> line.contains("Started")).toList();
        assertThat(FollowRuns.lines(runs.stdoutFile(1))).isEqualTo(selected.subList(0, 3));
    }

    /** With field filters, -m counts events: the first error is written whole, with its trace. */
    @Test
    void countsEventsWithFieldFilters() throws Exception {
        List<String> firstError =
                List.of(
                        "2026-12-07T09:00:01.000Z ERROR 4242 --- [shop] [           main]"
                                + " c.s.Checkout : order 1 failed",
                        "java.lang.IllegalStateException: order 1",
                        "\tat com.shop.Step1.run(Step.java:11)");
        String text =
                "2026-12-07T09:00:00.000Z  INFO 4242 --- [shop] [           main] c.s.Checkout :"
                        + " started\n"
                        + String.join("\n", firstError)
                        + "\n2026-12-07T09:00:02.000Z ERROR 4242 --- [shop] [           main]"
                        + " c.s.Checkout : order 2 failed\n";
        Path log = Files.writeString(dir.resolve("app.log"), text);
        Process grep =
                grepFollow(
                        "--format",
                        "spring-boot",
                        "--level",
                        "error",
                        "--max-count",
                        "1",
                        "",
                        log.toString());

        assertThat(grep.waitFor(FollowRuns.DEADLINE.toMinutes(), TimeUnit.MINUTES))
                .as("ended by itself")
                .isTrue();
        assertThat(grep.exitValue()).as(runs.stderr(1)).isZero();
        assertThat(FollowRuns.lines(runs.stdoutFile(1))).isEqualTo(firstError);
    }

    /** {@code logslice grep --follow --from-start ARGS}, started. */
    private Process grepFollow(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("grep", "--follow", "--from-start"));
        command.addAll(List.of(args));
        runs = new FollowRuns(dir, dir.resolve("unused"), command.toArray(String[]::new));
        return runs.start();
    }
}
