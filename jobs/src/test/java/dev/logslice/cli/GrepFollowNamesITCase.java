package dev.logslice.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow --out} through the launcher names each line's file as batch grep does: with
 * several files or a glob, with {@code -H} on one file, in colour with {@code --color=always}, each
 * line of a multi-line event; and with {@code -o} writes each match on a line of its own after the
 * name, of lines and of events, as batch grep does. The files grow in appends cut mid-line while
 * followed; once stopped, each file's lines in {@code --out} are, in order, what batch grep with
 * the same options and paths writes for the final content.
 */
class GrepFollowNamesITCase extends FollowRunsTest {
    /** GNU grep's colour of a file's name, and the end of a colour: fn=35. */
    private static final String NAME_COLOUR = "\u001b[35m\u001b[K";

    private static final String END_COLOUR = "\u001b[m\u001b[K";

    /** Some lines of each round, and each file's last line. */
    private static final String LINES_REGEX = "error|last of \\S+";

    /** The traces of the events with 4 or more frames, and each file's last event. */
    private static final String EVENTS_REGEX = "Step3|the last of \\S+";

    @Test
    void severalFilesNamedAsBatchGrepNamesThem() throws Exception {
        List<Path> files = List.of(dir.resolve("a.log"), dir.resolve("b.log"));
        List<String> options = List.of("-i");
        String followed = followPlainLines(options, files);
        assertSameLinesPerFile(
                followed, batch(options, LINES_REGEX, files), files, file -> file + ":");
    }

    @Test
    void onlyTheMatchesAfterTheNamesAsBatchGrep() throws Exception {
        List<Path> files = List.of(dir.resolve("a.log"), dir.resolve("b.log"));
        List<String> options = List.of("-o", "-i");
        String followed = followPlainLines(options, files);
        assertSameLinesPerFile(
                followed, batch(options, LINES_REGEX, files), files, file -> file + ":");
    }

    @Test
    void withFileNameNamesTheOneFileFollowed() throws Exception {
        List<Path> files = List.of(dir.resolve("a.log"));
        List<String> options = List.of("-i", "-H");
        assertThat(followPlainLines(options, files))
                .startsWith(files.get(0) + ":")
                .isEqualTo(batch(options, LINES_REGEX, files));
    }

    /** A glob's files, each event's every line after its name, in GNU grep's colours. */
    @Test
    void aGlobsEventsNamedInColourAsBatchGrep() throws Exception {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        List<Path> files = List.of(logs.resolve("a.log"), logs.resolve("b.log"));
        List<String> options =
                List.of("--color=always", "--format", "spring-boot", "--level", "error");
        String expected = followEvents(options, files, logs.resolve("*.log"));
        assertThat(expected).contains(NAME_COLOUR);
    }

    /** -o on events: the matches in the lines of each selected event, after the name. */
    @Test
    void onlyTheMatchesOfEventsAsBatchGrep() throws Exception {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        List<Path> files = List.of(logs.resolve("a.log"), logs.resolve("b.log"));
        followEvents(List.of("-o", "--format", "spring-boot", "--level", "error"), files, logs);
    }

    /**
     * Follows {@code path} with {@code options} and {@link #EVENTS_REGEX} while Spring Boot logs
     * {@code files} grow, and asserts that each file's lines are batch grep's; returns batch grep's
     * output.
     */
    private String followEvents(List<String> options, List<Path> files, Path path)
            throws Exception {
        SpringBootLogWriter writer = new SpringBootLogWriter(files);
        writer.writeNext();
        Path out = dir.resolve("followed.out");
        List<String> args = new ArrayList<>(List.of("--event-timeout", "500ms"));
        args.addAll(options);
        args.addAll(List.of(EVENTS_REGEX, path.toString()));
        startFollowing(out, args);
        writer.start();
        runs.await("events", () -> lines(out) > 100);
        writer.stopWriting();
        for (Path file : files) {
            Files.writeString(
                    file,
                    "2026-12-07T10:00:00.000Z ERROR 4242 --- [shop] [           main]"
                            + " c.s.Checkout                             : last\n"
                            + "\tat com.shop.Step3.run(Step.java:13) the last of "
                            + file.getFileName()
                            + "\n",
                    StandardOpenOption.APPEND);
        }
        awaitLast(out, files, file -> "the last of " + file.getFileName());
        runs.stop();

        String expected = new String(GrepRun.of(dir, options, EVENTS_REGEX, path).output(), UTF_8);
        assertSameLinesPerFile(
                Files.readString(out),
                expected,
                files,
                file ->
                        options.contains("--color=always")
                                ? NAME_COLOUR + file + END_COLOUR
                                : file + ":");
        return expected;
    }

    /**
     * Follows {@code files} with {@code options} and {@link #LINES_REGEX} while they grow by lines
     * cut mid-line; returns {@code --out} once each file's last line is in it.
     */
    private String followPlainLines(List<String> options, List<Path> files) throws Exception {
        for (Path file : files) {
            appendRound(file, 0); // there before the run, read from the start
        }
        Path out = dir.resolve("followed.out");
        List<String> args = new ArrayList<>(options);
        args.add(LINES_REGEX);
        files.forEach(file -> args.add(file.toString()));
        startFollowing(out, args);
        runs.await("the first lines", () -> lines(out) > 0);
        for (int round = 1; round <= 30; round++) {
            for (Path file : files) {
                appendRound(file, round);
            }
            if (round % 10 == 0) {
                int written = lines(out);
                runs.await("lines of round " + round, () -> lines(out) > written);
            }
        }
        for (Path file : files) {
            Files.writeString(
                    file, "ERROR last of " + file.getFileName() + "\n", StandardOpenOption.APPEND);
        }
        awaitLast(out, files, file -> "last of " + file.getFileName());
        runs.stop();
        return Files.readString(out);
    }

    /** Starts {@code grep --follow --from-start --out OUT ARGS}. */
    private void startFollowing(Path out, List<String> args) throws IOException {
        List<String> all =
                new ArrayList<>(
                        List.of("grep", "--follow", "--from-start", "--out", out.toString()));
        all.addAll(args);
        runs = new FollowRuns(dir, dir.resolve("unused"), all.toArray(String[]::new));
        runs.start();
    }

    private static int lines(Path out) {
        return FollowRuns.completeLines(out).size();
    }

    /** Waits until each file's last line, as {@code last} tells it, is in a line of {@code out}. */
    private void awaitLast(Path out, List<Path> files, Function<Path, String> last)
            throws IOException {
        runs.await(
                "the last lines",
                () ->
                        files.stream()
                                .allMatch(
                                        file ->
                                                FollowRuns.completeLines(out).stream()
                                                        .anyMatch(
                                                                line ->
                                                                        line.contains(
                                                                                last.apply(
                                                                                        file)))));
    }

    /** Ten lines, every third selected, in two appends cut in a line. */
    private static void appendRound(Path file, int round) throws IOException {
        byte[] text =
                IntStream.range(0, 10)
                        .mapToObj(
                                i ->
                                        "n="
                                                + (round * 10 + i)
                                                + (i % 3 == 0 ? " an Error in " : " info of ")
                                                + file.getFileName()
                                                + "\n")
                        .collect(Collectors.joining())
                        .getBytes(UTF_8);
        int cut = text.length / 2 + 3;
        Files.write(
                file,
                Arrays.copyOfRange(text, 0, cut),
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        Files.write(file, Arrays.copyOfRange(text, cut, text.length), StandardOpenOption.APPEND);
    }

    private String batch(List<String> options, String regex, List<Path> files) throws IOException {
        return new String(
                GrepRun.of(dir, options, regex, files.toArray(Path[]::new)).output(), UTF_8);
    }

    /**
     * Each file's lines (those after its name as {@code prefix} writes it) in order alike in both,
     * and no line in {@code followed} that names none: the files' lines interleave as they come.
     */
    private static void assertSameLinesPerFile(
            String followed, String expected, List<Path> files, Function<Path, String> prefix) {
        for (Path file : files) {
            assertThat(GrepRun.linesStartingWith(followed, prefix.apply(file)))
                    .as("the lines of %s", file)
                    .isNotEmpty()
                    .isEqualTo(GrepRun.linesStartingWith(expected, prefix.apply(file)));
        }
        assertThat(followed.lines().count()).isEqualTo(expected.lines().count());
    }
}
