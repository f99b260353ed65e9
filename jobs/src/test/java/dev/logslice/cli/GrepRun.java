package dev.logslice.cli;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One run of {@code logslice grep} at parallelism 2 with 4 KiB splits and reads (so events and
 * lines cross many split and buffer boundaries): what it wrote and its notes; and the lines of a
 * file as grep writes them.
 */
record GrepRun(byte[] output, String stderr, int exitCode) {

    /** Runs grep with these options, regex and paths; fails unless it succeeds. */
    static GrepRun of(Path dir, List<String> options, String regex, Path... logs)
            throws IOException {
        GrepRun run = ending(dir, options, regex, logs);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run;
    }

    /**
     * Runs grep with these options, regex (none when null: the options give -e or -f) and paths,
     * whatever its exit status.
     */
    static GrepRun ending(Path dir, List<String> options, @Nullable String regex, Path... logs)
            throws IOException {
        Path out = dir.resolve("grep.out");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "grep",
                                "-p",
                                "2",
                                "--split-size",
                                "4k",
                                "--buffer-size",
                                "4k",
                                "--out",
                                out.toString()));
        args.addAll(options);
        if (regex != null) {
            args.add(regex);
        }
        for (Path log : logs) {
            args.add(log.toString());
        }
        CliRun run = CliRun.of(args.toArray(String[]::new));
        byte[] output = Files.exists(out) ? Files.readAllBytes(out) : new byte[0];
        return new GrepRun(output, run.stderr(), run.exitCode());
    }

    /**
     * The lines of a file, each with its terminator; a last line without one gets LF, as grep (and
     * Unix grep) writes it.
     */
    static List<byte[]> linesOf(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(Arrays.copyOfRange(bytes, start, i + 1));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            byte[] last = Arrays.copyOfRange(bytes, start, bytes.length + 1);
            last[last.length - 1] = '\n';
            lines.add(last);
        }
        return lines;
    }

    /** Each line of {@code text} after {@code name} and {@code :}, as grep names a file's lines. */
    static String named(String name, String text) {
        return text.lines().map(line -> name + ":" + line + "\n").collect(Collectors.joining());
    }

    /**
     * The lines of {@code text} that start with {@code prefix} (a file's name as grep writes it
     * before its lines), in order, each with its LF.
     */
    static String linesStartingWith(String text, String prefix) {
        return text.lines()
                .filter(line -> line.startsWith(prefix))
                .map(line -> line + "\n")
                .collect(Collectors.joining());
    }

    static byte[] concatenated(List<byte[]> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        lines.forEach(out::writeBytes);
        return out.toByteArray();
    }
}
