package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What comes before a log's text or ends its lines, in a folder of access logs as Windows and log
 * rotation leave them: a log after copytruncate (a hole of NULs longer than a split, then lines),
 * one with a UTF-8 byte order mark, one in UTF-16 and one with CR line ends. The first two are read
 * whole with every client as written; the other two are left out and listed with why.
 */
class FileStartsITCase {
    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource({"1, 64m", "2, 4k"})
    void everyLineIsReadAfterAHoleOrAByteOrderMarkAndTheUnreadableAreListed(
            int parallelism, String splitSize) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        try (OutputStream out = Files.newOutputStream(logs.resolve("app.log"))) {
            out.write(new byte[300_000]);
            out.write(lines(40, "10.0.1.").getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(logs.resolve("win.log"), "\uFEFF" + lines(20, "10.0.2."));
        Files.write(logs.resolve("ps.log"), ("\uFEFF" + lines(5, "10.0.3.")).getBytes("UTF-16LE"));
        Files.writeString(logs.resolve("mac.log"), lines(5, "10.0.4.").replace('\n', '\r'));
        Path json = dir.resolve("stats.json");

        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        String.valueOf(parallelism),
                        "--split-size",
                        splitSize,
                        "--json",
                        json.toString(),
                        logs.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        assertThat(stats.get("lines").asLong()).isEqualTo(60);
        assertThat(stats.get("events").asLong()).isEqualTo(60);
        assertThat(stats.get("malformed").asLong()).isZero();
        List<String> clients = new ArrayList<>();
        stats.get("topClients").forEach(client -> clients.add(client.get("value").asText()));
        assertThat(clients).hasSize(10).allMatch(client -> client.matches("10\\.0\\.[12]\\.\\d"));
        Map<String, String> skipped = new HashMap<>();
        stats.get("skippedFiles")
                .forEach(
                        file ->
                                skipped.put(
                                        Path.of(file.get("path").asText()).getFileName().toString(),
                                        file.get("reason").asText()));
        assertThat(skipped)
                .containsOnly(Map.entry("ps.log", "UTF-16"), Map.entry("mac.log", "CR line ends"));
    }

    /** Access lines whose clients are {@code prefix} and 0-4 (the top 10 of two files show all). */
    private static String lines(int count, String prefix) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(prefix)
                    .append(i % 5)
                    .append(" - - [10/Oct/2024:13:55:")
                    .append(String.format("%02d", i % 60))
                    .append(" +0000] \"GET /p")
                    .append(i)
                    .append(" HTTP/1.1\" 200 ")
                    .append(i)
                    .append(" \"-\" \"curl/8\"\n");
        }
        return text.toString();
    }

    /** A named format read a CR-ended file as one line: its first record counted, the rest lost. */
    @Test
    void aNamedFormatIsRefusedAFileOfCrLineEnds() throws IOException {
        Path mac = dir.resolve("mac-named.log");
        Files.writeString(mac, lines(3, "10.0.5.").replace('\n', '\r'));

        CliRun run = CliRun.of("stats", "--format", "combined", mac.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip())
                .isEqualTo(
                        "logslice: "
                                + mac
                                + " ends its lines with CR alone (classic Mac OS), which logslice"
                                + " does not read as line ends: convert it first (tr '\\r' '\\n')");
    }
}
