package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;
import dev.logslice.report.SplitRows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code logslice scan} on the real logs, counted independently, at p=1 and p=2. */
class ScanCommandITCase {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void reportCountsEveryLineOfTheRealLogs(int parallelism) throws IOException {
        Path report = dir.resolve("report.json");

        CliRun run =
                CliRun.of(
                        "scan",
                        "-p",
                        String.valueOf(parallelism),
                        "--split-size",
                        "4096",
                        "--buffer-size",
                        "4096",
                        "--report",
                        report.toString(),
                        RealLogs.directory().toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        long expectedLines = 0;
        long expectedBytes = 0;
        Set<String> files = new HashSet<>();
        Path realLogs = RealLogs.directory();
        // Read recursively as scan reads a folder: names starting with '.' or '_' are left out.
        try (Stream<Path> paths =
                Files.walk(realLogs)
                        .filter(Files::isRegularFile)
                        .filter(file -> !hiddenBelow(realLogs, file))) {
            for (Path file : (Iterable<Path>) paths::iterator) {
                byte[] bytes = Files.readAllBytes(file);
                expectedLines += countLines(bytes);
                expectedBytes += bytes.length;
                files.add(realLogs.relativize(file).toString());
            }
        }
        assertThat(json.get("lines").asLong()).isEqualTo(expectedLines);
        assertThat(json.get("bytes").asLong()).isEqualTo(expectedBytes);
        assertThat(json.get("files").asLong()).isEqualTo(files.size());
        long splitLines = 0;
        long splitReadCalls = 0;
        for (JsonNode split : json.get("splits")) {
            // A split is one file's range, or lists the files it packs.
            for (JsonNode range : split.has("files") ? split.get("files") : List.of(split)) {
                assertThat(range.get("end").asLong()).isGreaterThan(range.get("start").asLong());
            }
            assertThat(split.get("readCalls").asLong()).isPositive();
            splitLines += split.get("lines").asLong();
            splitReadCalls += split.get("readCalls").asLong();
        }
        // Every split covers at most the split size: the tiny one cuts the files into many, of
        // which the report lists the largest and sums the others.
        long splitCount = json.get("splitsTotal").asLong();
        assertThat(splitCount).isGreaterThanOrEqualTo(expectedBytes / 4096);
        assertThat(json.get("splits").size())
                .isEqualTo(json.get("splitsShown").asInt())
                .isEqualTo(Math.min(SplitRows.LISTED, splitCount));
        JsonNode others = json.get("otherSplits");
        assertThat(others.get("splits").asLong() + json.get("splits").size()).isEqualTo(splitCount);
        splitLines += others.get("lines").asLong();
        splitReadCalls += others.get("readCalls").asLong();
        assertThat(splitLines).isEqualTo(expectedLines);
        assertThat(json.get("readCalls").asLong()).isEqualTo(splitReadCalls);
    }

    @Test
    void emptyFileHasNoLines() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.log"));
        Path report = dir.resolve("report.json");

        CliRun run = CliRun.of("scan", "--report", report.toString(), empty.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("files").asLong()).isEqualTo(1);
        assertThat(json.get("lines").asLong()).isZero();
        assertThat(json.get("readCalls").asLong()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-such.log", ""})
    void missingInputIsAUsageErrorOnOneLine(String name) {
        Path missing = name.isEmpty() ? dir.resolve("empty-dir") : dir.resolve(name);
        if (name.isEmpty()) {
            missing.toFile().mkdir();
        }

        CliRun run = CliRun.of("scan", missing.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip()).contains(missing.getFileName().toString());
        assertThat(run.stderr().strip().lines()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--split-size=1000", "--buffer-size=5000", "--split-size=lots", "-p=0"})
    void badOptionIsAUsageErrorNamingTheValue(String option) throws IOException {
        Path log = Files.writeString(dir.resolve("a.log"), "one\n");

        CliRun run = CliRun.of("scan", option, log.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip().lines()).hasSize(1);
        assertThat(run.stderr()).contains(option.substring(option.indexOf('=') + 1));
    }

    @Test
    void manySmallFilesArePackedIntoAFewSplitsEachListingItsFiles() throws IOException {
        long expectedLines = 0;
        for (int i = 0; i < 300; i++) {
            String content = ("file " + i + " line\n").repeat(1 + i % 7) + "last line, no LF";
            Files.writeString(dir.resolve(String.format("app-%03d.log", i)), content);
            expectedLines += 2 + i % 7;
        }
        Path report = dir.resolve("report.json");

        CliRun run =
                CliRun.of("scan", "-p", "2", "--report", report.toString(), dir + "/app-*.log");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("files").asLong()).isEqualTo(300);
        assertThat(json.get("lines").asLong()).isEqualTo(expectedLines);
        JsonNode splits = json.get("splits");
        assertThat(splits.size()).isBetween(2, 8);
        List<String> files = new ArrayList<>();
        for (JsonNode split : splits) {
            assertThat(split.has("path")).isFalse();
            long lines = 0;
            for (JsonNode file : split.get("files")) {
                files.add(Path.of(file.get("path").asText()).getFileName().toString());
                assertThat(file.get("start").asLong()).isZero();
                lines += file.get("lines").asLong();
            }
            assertThat(split.get("lines").asLong()).isEqualTo(lines);
        }
        assertThat(files).hasSize(300).isSorted();
    }

    @Test
    void aGlobMatchingNothingIsAUsageErrorOnOneLine() throws IOException {
        Files.writeString(dir.resolve("a.log"), "one\n");

        CliRun run = CliRun.of("scan", dir + "/*.gz");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip().lines()).singleElement().asString().contains("*.gz");
        assertThat(run.stderr()).contains("matches no file");
    }

    @Test
    void readsAFileNamedTwiceOnceAndReportsALinkLoopOnOneLine() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path log = Files.writeString(logs.resolve("a.log"), "one\ntwo\n");
        Files.createSymbolicLink(logs.resolve("loop"), logs);
        Path report = dir.resolve("report.json");

        CliRun run =
                CliRun.of(
                        "scan",
                        "--report",
                        report.toString(),
                        log.toString(),
                        logs.toString(),
                        dir + "/logs/*.log");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr().lines().filter(line -> line.contains("loop")))
                .singleElement()
                .asString()
                .contains(logs.resolve("loop").toString());
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("files").asLong()).isEqualTo(1);
        assertThat(json.get("lines").asLong()).isEqualTo(2);
    }

    /** Lines by the contract: LFs, plus one for a last line without a terminator. */
    private static long countLines(byte[] bytes) {
        long lines = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                lines++;
            }
        }
        return bytes.length > 0 && bytes[bytes.length - 1] != '\n' ? lines + 1 : lines;
    }

    private static boolean hiddenBelow(Path root, Path file) {
        for (Path name : root.relativize(file)) {
            if (name.toString().startsWith(".") || name.toString().startsWith("_")) {
                return true;
            }
        }
        return false;
    }
}
