package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code logslice grep}: exact bytes, input order, at any parallelism and split size. */
class GrepCommandITCase {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Apache_2k.log",
                "Hadoop_2k.log",
                "Linux_2k.log",
                "OpenSSH_2k.log",
                "Zookeeper_2k.log",
                "hackers-access.log"
            })
    void emptyRegexReproducesTheFile(String name) throws IOException {
        Path log = RealLogs.file(name);

        byte[] output = grep("", log);

        assertThat(output).isEqualTo(withFinalNewline(Files.readAllBytes(log)));
    }

    @Test
    void keepsMatchingLinesWithTheirOwnTerminatorsInArgumentOrder() throws IOException {
        Path crlf = RealLogs.file("Apache_2k.log");
        Path lf = RealLogs.file("OpenSSH_2k.log");

        byte[] output = grep("error|Invalid user", lf, crlf);

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (Path file : new Path[] {lf, crlf}) {
            for (byte[] line : linesWithTerminators(withFinalNewline(Files.readAllBytes(file)))) {
                String text = new String(line, StandardCharsets.UTF_8);
                if (text.contains("error") || text.contains("Invalid user")) {
                    expected.write(line);
                }
            }
        }
        assertThat(expected.size()).isPositive();
        assertThat(output).isEqualTo(expected.toByteArray());
    }

    @Test
    void invalidRegexIsAUsageError() {
        CliRun run = CliRun.of("grep", "(unclosed", RealLogs.file("Linux_2k.log").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("invalid regex '(unclosed'");
    }

    private byte[] grep(String regex, Path... logs) throws IOException {
        Path out = dir.resolve("out");
        String[] args = {
            "grep",
            "-p",
            "2",
            "--split-size",
            "4k",
            "--buffer-size",
            "4k",
            "--out",
            out.toString(),
            regex
        };
        String[] withPaths = Arrays.copyOf(args, args.length + logs.length);
        for (int i = 0; i < logs.length; i++) {
            withPaths[args.length + i] = logs[i].toString();
        }
        CliRun run = CliRun.of(withPaths);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return Files.readAllBytes(out);
    }

    /** grep ends a last line that had no terminator with LF, as Unix grep does. */
    private static byte[] withFinalNewline(byte[] bytes) {
        if (bytes.length == 0 || bytes[bytes.length - 1] == '\n') {
            return bytes;
        }
        byte[] extended = Arrays.copyOf(bytes, bytes.length + 1);
        extended[bytes.length] = '\n';
        return extended;
    }

    private static Iterable<byte[]> linesWithTerminators(byte[] bytes) {
        java.util.List<byte[]> lines = new java.util.ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(Arrays.copyOfRange(bytes, start, i + 1));
                start = i + 1;
            }
        }
        return lines;
    }
}
