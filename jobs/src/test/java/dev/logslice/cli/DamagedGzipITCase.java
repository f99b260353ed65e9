package dev.logslice.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.OutputStream;
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
 * stack trace), as zcat would, and exits 2.
 */
class DamagedGzipITCase {
    private static final Pattern AFTER = Pattern.compile("after ([0-9,]+) uncompressed bytes");

    @TempDir Path dir;
    private Path logs;
    private byte[] gzip;
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
