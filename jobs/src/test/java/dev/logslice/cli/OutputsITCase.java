package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Output files and folders are checked before the job runs, written whole or not at all (a failed
 * run leaves any earlier file as it was and no temporary file behind), and {@code -} is stdout.
 */
class OutputsITCase {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"--json", "--html", "--csv"})
    void aStatsOutputInAMissingFolderIsRefusedBeforeTheJob(String option) throws IOException {
        Path log = log();
        Path target = dir.resolve("missing-dir").resolve("x");

        CliRun run =
                CliRun.of(
                        "stats", "--format", "combined", option, target.toString(), log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .isEqualTo(
                        "logslice: "
                                + option
                                + " "
                                + target
                                + ": folder "
                                + target.getParent()
                                + " does not exist"
                                + System.lineSeparator());
        assertThat(run.stdout()).as("no summary: the job never ran").isEmpty();
    }

    @Test
    void outputsThatAreFoldersOrUnwritableAreRefused() throws IOException {
        Path log = log();
        Path readOnly = Files.createDirectories(dir.resolve("read-only"));
        assertThat(readOnly.toFile().setWritable(false)).isTrue();
        try {
            CliRun folder = CliRun.of("grep", "--out", dir.toString(), "x", log.toString());
            CliRun report =
                    CliRun.of(
                            "scan",
                            "--report",
                            readOnly.resolve("r.json").toString(),
                            log.toString());

            assertThat(folder.exitCode()).isEqualTo(2);
            assertThat(folder.stderr()).contains("--out " + dir + " is a folder; name a file");
            if (!Files.isWritable(readOnly)) { // root writes anywhere
                assertThat(report.exitCode()).isEqualTo(2);
                assertThat(report.stderr()).contains("is not writable").hasLineCount(1);
            }
        } finally {
            readOnly.toFile().setWritable(true);
        }
    }

    /**
     * A query over a cut archive fails (a query's rows cannot be partial; grep and parse answer
     * from what came before the cut, DamagedGzipITCase): its output file is left as it was.
     */
    @Test
    void aFailedRunLeavesTheEarlierOutputAsItWas() throws IOException {
        Path corrupt = dir.resolve("corrupt.log.gz");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(corrupt))) {
            for (int i = 0; i < 20_000; i++) {
                gz.write(
                        ("127.0.0.1 - - [01/Mar/2026:00:00:00 +0000] \"GET /"
                                        + i
                                        + " HTTP/1.1\" 200 5 \"-\" \"x\"\n")
                                .getBytes());
            }
        }
        byte[] bytes = Files.readAllBytes(corrupt);
        Files.write(corrupt, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Path out = Files.writeString(dir.resolve("out.log"), "the earlier run's\n");

        CliRun run =
                CliRun.of(
                        "sql",
                        "--format",
                        "combined",
                        "--out",
                        out.toString(),
                        "SELECT path FROM logs",
                        corrupt.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains(corrupt + ": the gzip");
        assertThat(Files.readString(out)).isEqualTo("the earlier run's\n");
        assertThat(filesIn(dir)).containsExactlyInAnyOrder("corrupt.log.gz", "out.log");
    }

    @Test
    void anOutputWhereNoFileCanBeCreatedFailsInOneLineNamingIt() throws IOException {
        // Even root cannot create files in /proc: the folder looks writable, the write fails.
        CliRun parse =
                CliRun.of(
                        "parse",
                        "--format",
                        "combined",
                        "--out",
                        "/proc/logslice-out.json",
                        log().toString());

        assertThat(parse.exitCode()).isEqualTo(2);
        assertThat(parse.stderr())
                .contains("/proc/logslice-out.json")
                .doesNotContain("job failed", ".logslice-out.json.")
                .hasLineCount(1);
    }

    @Test
    void anOutputThatIsAnInputIsRefusedAndTheInputKept() throws IOException {
        Path log = log();
        byte[] before = Files.readAllBytes(log);
        Path sameFileByLink = Files.createSymbolicLink(dir.resolve("link.log"), log);

        CliRun parse = CliRun.of("parse", "--out", log.toString(), log.toString());
        CliRun stats =
                CliRun.of(
                        "stats",
                        "--quiet",
                        "--json",
                        sameFileByLink.toString(),
                        dir.resolve("access.log").toString());

        assertThat(parse.exitCode()).isEqualTo(2);
        assertThat(parse.stderr())
                .contains("--out " + log + " is also an input; name another file")
                .hasLineCount(1);
        assertThat(stats.exitCode()).isEqualTo(2);
        assertThat(stats.stderr()).contains("--json " + sameFileByLink + " is also an input");
        assertThat(Files.readAllBytes(log)).isEqualTo(before);
    }

    /** A folder or glob reads every file in it: an output there would replace or join a log. */
    @Test
    void anOutputInAnInputFolderOrGlobIsRefusedAndTheLogsKept() throws IOException {
        Path log = log();
        byte[] before = Files.readAllBytes(log);
        String folder = dir.toString();

        CliRun stats = CliRun.of("stats", "--json", log.toString(), folder);
        CliRun parse = CliRun.of("parse", "--out", dir.resolve("new.jsonl").toString(), folder);
        CliRun grep = CliRun.of("grep", "--out", log.toString(), "GET", dir + "/*.log");
        CliRun csv = CliRun.of("stats", "--csv", dir.resolve("csv").toString(), folder);

        for (CliRun run : List.of(stats, parse, grep, csv)) {
            assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
            assertThat(run.stderr())
                    .contains("would be read as input (it lies in ")
                    .hasLineCount(1);
        }
        assertThat(stats.stderr())
                .contains("--json " + log + " would be read as input (it lies in " + folder + ")");
        assertThat(Files.readAllBytes(log)).isEqualTo(before);
        assertThat(filesIn(dir)).containsExactly("access.log");
    }

    @Test
    void aSuccessfulRunReplacesTheOutputAndLeavesNoTemporaryFile() throws IOException {
        Path log = log();
        Path out = Files.writeString(dir.resolve("out.log"), "stale\n".repeat(100_000));

        CliRun run = CliRun.of("grep", "--out", out.toString(), " 404 ", log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<String> expected =
                Files.readAllLines(log).stream().filter(l -> l.contains(" 404 ")).toList();
        assertThat(expected).isNotEmpty();
        assertThat(Files.readAllLines(out)).isEqualTo(expected);
        assertThat(filesIn(dir)).containsExactlyInAnyOrder("access.log", "out.log");
    }

    /**
     * An output that is no regular file is written in place: the rename of a temporary file put a
     * regular file where {@code --out /dev/null} was (as root, for every later process). A FIFO
     * stands in for the device here, read by the test as the run writes; a symbolic link to a file
     * keeps its link and the file it leads to gets the output.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoOrALinkIsWrittenThroughNotReplaced() throws Exception {
        Path log = log();
        Path fifo = dir.resolve("out.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Path real = Files.writeString(dir.resolve("real.json"), "stale");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
        CompletableFuture<byte[]> grepped = readInBackground(fifo);

        CliRun grep = CliRun.of("grep", "--out", fifo.toString(), " 404 ", log.toString());
        CompletableFuture<byte[]> reported = readInBackground(fifo);
        CliRun stats =
                CliRun.of(
                        "stats",
                        "--format",
                        "combined",
                        "--quiet",
                        "--json",
                        fifo.toString(),
                        "--html",
                        link.toString(),
                        log.toString());

        assertThat(grep.exitCode()).as(grep.stderr()).isZero();
        List<String> expected =
                Files.readAllLines(log).stream().filter(l -> l.contains(" 404 ")).toList();
        assertThat(new String(grepped.get(60, TimeUnit.SECONDS)).lines().toList())
                .isNotEmpty()
                .isEqualTo(expected);
        assertThat(stats.exitCode()).as(stats.stderr()).isZero();
        assertThat(
                        new ObjectMapper()
                                .readTree(reported.get(60, TimeUnit.SECONDS))
                                .get("lines")
                                .asLong())
                .isEqualTo(Files.readAllLines(log).size());
        assertThat(Files.isRegularFile(fifo)).as("still a FIFO").isFalse();
        assertThat(Files.isSymbolicLink(link)).as("still a link").isTrue();
        assertThat(Files.readString(real)).startsWith("<!DOCTYPE html>");
    }

    /**
     * A summary that stdout refuses (a full disk: {@code /dev/full}) ended in 0, {@link
     * java.io.PrintStream} keeping the failure to itself; a reader gone ({@code | head}) ends as a
     * broken pipe, quietly, as grep does.
     */
    @Test
    void aSummaryStdoutRefusesIsAWriteErrorAndAReaderGoneABrokenPipe() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(
                Files.exists(full) && !Files.isRegularFile(full),
                "/dev/full, a device, not available");
        Path log = log();
        String stats = "'" + ProcessRun.LAUNCHER + "' stats --format combined '" + log + "'";

        ProcessRun toFull = bash(stats + " > /dev/full");
        ProcessRun toHead = bash("set -o pipefail; " + stats + " | head -c 10");

        assertThat(toFull.exitCode()).as(toFull.stderr()).isEqualTo(2);
        assertThat(toFull.stderrLines())
                .containsExactly("logslice: write error: standard output: No space left on device");
        assertThat(toHead.exitCode()).as(toHead.stderr()).isEqualTo(141);
        assertThat(toHead.stdout()).hasSize(10);
        assertThat(toHead.stderrLines()).isEmpty();
    }

    private ProcessRun bash(String script) throws IOException, InterruptedException {
        return ProcessRun.of(
                List.of("bash", "-c", script), dir, env -> env.remove("LOGSLICE_LOG_LEVEL"));
    }

    /** The bytes of {@code pipe}, read in another thread from when a writer opens it. */
    private static CompletableFuture<byte[]> readInBackground(Path pipe) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return Files.readAllBytes(pipe);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                },
                runnable -> {
                    // A FIFO nobody opens for writing blocks open(2) for ever: no exit waits on it.
                    Thread reader = new Thread(runnable);
                    reader.setDaemon(true);
                    reader.start();
                });
    }

    @Test
    void dashMeansStdoutForReports() throws IOException {
        Path log = log();
        Path csv = dir.resolve("csv");

        CliRun stats =
                CliRun.of(
                        "stats",
                        "--format",
                        "combined",
                        "--quiet",
                        "--json",
                        "-",
                        "--csv",
                        csv.toString(),
                        log.toString());
        CliRun scan = CliRun.of("scan", "--report", "-", log.toString());

        assertThat(stats.exitCode()).as(stats.stderr()).isZero();
        assertThat(new ObjectMapper().readTree(stats.stdout()).get("lines").asLong())
                .isEqualTo(Files.readAllLines(log).size());
        assertThat(stats.stderr()).as("the summary").contains("lines");
        assertThat(filesIn(csv)).contains("status.csv");
        assertThat(new ObjectMapper().readTree(scan.stdout()).get("files").asInt()).isEqualTo(1);
        assertThat(filesIn(dir)).containsExactlyInAnyOrder("access.log", "csv");
    }

    private Path log() throws IOException {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 100_000, 11, log);
        return log;
    }

    private static List<String> filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).toList();
        }
    }
}
