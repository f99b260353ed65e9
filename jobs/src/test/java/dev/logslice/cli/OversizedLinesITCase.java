package dev.logslice.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A line longer than {@code --max-line-length} is skipped, and every command says so in one line:
 * grep and parse as scan and stats count it; the lines around it come out whole.
 */
class OversizedLinesITCase {
    private static final int LINES = 10;

    @TempDir Path dir;

    @ParameterizedTest(name = "{0}, long line {1}")
    @CsvSource({
        "plain, middle",
        "plain, last without newline",
        "gzip, middle",
        "gzip, last without newline"
    })
    void everyCommandSaysItSkippedTheLongLine(String compression, String where) throws IOException {
        Path log = write(compression.equals("gzip"), where.equals("middle"));

        Out grep = run(log, "grep", "GET");
        Out count = run(log, "grep", "-c", "GET");
        Out parse = run(log, "parse");

        assertThat(grep.out().lines()).hasSize(LINES).allMatch(l -> l.endsWith("\"curl\""));
        assertThat(count.out()).isEqualTo(LINES + "\n");
        assertThat(parse.out().lines()).hasSize(LINES).allMatch(l -> l.contains("\"/p"));
        for (Out run : new Out[] {grep, count, parse}) {
            assertThat(run.cli().exitCode()).as(run.cli().stderr()).isZero();
            assertThat(run.cli().stderr())
                    .contains("logslice: skipped 1 line longer than --max-line-length 1.0 KiB");
        }
    }

    private record Out(CliRun cli, String out) {}

    /** One command with a 1 KiB line limit, what it wrote to its --out file. */
    private Out run(Path log, String command, String... args) throws IOException {
        Path out = dir.resolve(command + args.length + ".out");
        List<String> all =
                new ArrayList<>(
                        List.of(command, "--max-line-length", "1k", "--out", out.toString()));
        all.addAll(List.of(args));
        all.add(log.toString());
        CliRun cli = CliRun.of(all.toArray(String[]::new));
        return new Out(cli, Files.exists(out) ? Files.readString(out) : "");
    }

    /** Ten combined lines and one of 3,000 bytes, in the middle or last without a newline. */
    private Path write(boolean gzip, boolean middle) throws IOException {
        StringBuilder text = new StringBuilder();
        String longLine =
                "10.0.0.99 - - [10/Oct/2000:13:55:36 +0000] \"GET /"
                        + "x".repeat(3000)
                        + " HTTP/1.1\" 200 5 \"-\" \"curl\"";
        for (int i = 0; i < LINES; i++) {
            if (middle && i == LINES / 2) {
                text.append(longLine).append('\n');
            }
            text.append(
                    String.format(
                            "10.0.0.%d - - [10/Oct/2000:13:55:%02d +0000] \"GET /p%d HTTP/1.1\""
                                    + " 200 5 \"-\" \"curl\"\n",
                            i, i, i));
        }
        if (!middle) {
            text.append(longLine);
        }
        Path log = dir.resolve(gzip ? "access.log.gz" : "access.log");
        try (OutputStream out =
                gzip
                        ? new GZIPOutputStream(Files.newOutputStream(log))
                        : Files.newOutputStream(log)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        return log;
    }
}
