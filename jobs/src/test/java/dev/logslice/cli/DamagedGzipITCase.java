package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A folder of rotated logs where one .gz is damaged, cut short or with garbage inside: every
 * command that reads it says so in one line naming the file as given (no {@code file:} URI, no
 * stack trace), as zcat would, and exits 2. scan, grep, parse and stats answer with what came out
 * of it before the damage and the other files whole, as {@code zgrep} does; sql, whose answer
 * cannot be partial, fails.
 */
class DamagedGzipITCase {
    private static final Pattern AFTER = Pattern.compile("after ([0-9,]+) uncompressed bytes");

    @TempDir Path dir;
    private Path logs;
    private byte[] gzip;
    private byte[] uncompressed;
    private int uncompressedLength;

    @BeforeEach
    void writeLogs() throws IOException {
        logs = Files.createDirectories(dir.resolve("logs"));
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            text.append(
                    String.format(
                            "198.51.100.%d - - [01/Dec/2026:10:%02d:%02d +0000] \"GET /item/%d"
                                    + " HTTP/1.1\" %d %d \"-\" \"curl/8\"\n",
                            i % 250,
                            i / 60 % 60,
                            i % 60,
                            i * 7919 % 100_000,
                            i % 13 == 0 ? 404 : 200,
                            i * 31 % 5000));
        }
        byte[] bytes = text.toString().getBytes();
        uncompressed = bytes;
        uncompressedLength = bytes.length;
        Files.write(logs.resolve("access.log"), bytes);
        java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(buffer)) {
            out.write(bytes);
        }
        gzip = buffer.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"scan", "grep", "parse", "stats", "sql"})
    void aTruncatedGzipIsOneLineNamingTheFileAsGiven(String command) throws IOException {
        Files.write(logs.resolve("access.log.2.gz"), Arrays.copyOf(gzip, gzip.length / 2));

        CliRun run = run(command, logs.toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        String line = onlyLine(run.stderr());
        assertThat(line)
                .startsWith(
                        "logslice: "
                                + logs
                                + "/access.log.2.gz: the gzip stream ends early (truncated?) after ")
                .doesNotContain("file:");
        long after = uncompressedBytesIn(line);
        // Half the compressed bytes hold about half the text: some of it came out, not all.
        assertThat(after).isPositive().isLessThan(uncompressedLength);
    }

    @Test
    void theLinesBeforeTheCutAreInTheAnswerBesideTheWholeFile() throws IOException {
        Files.write(logs.resolve("access.log.2.gz"), Arrays.copyOf(gzip, gzip.length / 2));

        CliRun grep = run("grep", logs.toString());
        CliRun stats = run("stats", logs.toString());

        assertThat(grep.exitCode()).as(grep.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(stats.exitCode()).as(stats.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        long came = uncompressedBytesIn(onlyLine(grep.stderr()));
        assertThat(uncompressedBytesIn(onlyLine(stats.stderr()))).isEqualTo(came);
        // What a cut stream gives is the start of the text: its lines, the last one cut.
        List<String> before =
                new String(uncompressed, 0, (int) came, StandardCharsets.US_ASCII).lines().toList();
        long matchingBefore = before.stream().filter(line -> line.contains("item")).count();
        assertThat(Files.readAllLines(Path.of(out("g.log"))))
                .hasSize(40_000 + (int) matchingBefore);
        JsonNode json = new ObjectMapper().readTree(new File(out("s.json")));
        assertThat(json.get("lines").asLong()).isEqualTo(40_000 + before.size());
        assertThat(json.get("damagedFiles")).hasSize(1);
        assertThat(json.get("damagedFiles").get(0).get("lines").asLong()).isEqualTo(before.size());
        assertThat(json.get("damagedFiles").get(0).get("path").asText())
                .isEqualTo(logs.resolve("access.log.2.gz").toString());
    }

    /** As GNU grep's -q: a line matched is 0 even though an input was damaged; else 2. */
    @Test
    void quietGrepSaysWhetherALineMatchedDespiteTheDamage() throws IOException {
        Path cut =
                Files.write(logs.resolve("access.log.2.gz"), Arrays.copyOf(gzip, gzip.length / 2));

        CliRun matched = CliRun.of("grep", "-q", "item", cut.toString());
        CliRun none = CliRun.of("grep", "-q", "never-in-the-log", cut.toString());

        assertThat(matched.exitCode()).as(matched.stderr()).isZero();
        assertThat(onlyLine(matched.stderr())).contains("the gzip stream ends early");
        assertThat(none.exitCode()).as(none.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
    }

    /** Piped in, the input is named as GNU grep names it, not by its spooled copy. */
    @ParameterizedTest
    @ValueSource(strings = {"scan", "grep", "stats"})
    void aTruncatedGzipOnStandardInputIsNamedSo(String command) {
        List<String> args = new ArrayList<>(List.of(command));
        if (command.equals("grep")) {
            args.addAll(List.of("--out", out("g.log"), "item"));
        }
        args.add("-");

        CliRun run =
                CliRun.withInput(Arrays.copyOf(gzip, gzip.length / 2), args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(onlyLine(run.stderr()))
                .startsWith("logslice: (standard input): the gzip stream ends early (truncated?)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"scan", "grep", "parse", "stats", "sql"})
    void garbageInsideAGzipIsOneLineNamingTheFileAsGiven(String command) throws IOException {
        byte[] corrupt = gzip.clone();
        for (int i = corrupt.length / 3; i < corrupt.length / 3 + 200; i++) {
            corrupt[i] ^= (byte) 0xA5;
        }
        // A hostile name: an OSC title sequence must not reach the terminal raw.
        Path file = Files.write(logs.resolve("access\u001b]0;owned\u0007.log.3.gz"), corrupt);

        CliRun run = run(command, file.toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(onlyLine(run.stderr()))
                .startsWith(
                        "logslice: "
                                + logs
                                + "/access\\x1b]0;owned\\x07.log.3.gz: the gzip data is corrupt"
                                + " after ")
                .doesNotContain("file:")
                .doesNotContain("\u001b");
    }

    private CliRun run(String command, String input) {
        List<String> args = new ArrayList<>(List.of(command));
        switch (command) {
            case "grep" -> args.addAll(List.of("--out", out("g.log"), "item"));
            case "parse" -> args.addAll(List.of("--format", "combined", "--out", out("p.jsonl")));
            case "stats" -> args.addAll(List.of("--quiet", "--json", out("s.json")));
            case "sql" ->
                    args.addAll(
                            List.of(
                                    "--out",
                                    out("q.csv"),
                                    "SELECT status, COUNT(*) AS hits FROM logs GROUP BY status"));
            default -> {}
        }
        args.add(input);
        return CliRun.of(args.toArray(String[]::new));
    }

    private String out(String name) {
        return dir.resolve(name).toString();
    }

    /** The one error line; others ("format: combined (detected...)") are notes, not traces. */
    private static String onlyLine(String stderr) {
        assertThat(stderr).doesNotContain("\tat ").doesNotContain("Exception");
        List<String> lines = stderr.lines().filter(line -> line.startsWith("logslice:")).toList();
        assertThat(lines).as(stderr).hasSize(1);
        return lines.get(0);
    }

    private static long uncompressedBytesIn(String line) {
        Matcher matcher = AFTER.matcher(line);
        assertThat(matcher.find()).as(line).isTrue();
        return Long.parseLong(matcher.group(1).replace(",", ""));
    }
}
