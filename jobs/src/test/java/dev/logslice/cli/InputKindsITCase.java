package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Inputs that are no plain file named in ASCII: a named pipe ({@code <(zcat a.gz)}) and {@code -}
 * (standard input) are read as a file of their bytes would be, compressed or not; devices and
 * sockets are refused before anything opens them, a FIFO in a folder is left out, names in any
 * script (and with spaces, {@code %}, {@code #}) work as arguments, in globs and in reports, and an
 * empty compressed file holds no lines.
 */
class InputKindsITCase {
    /** Names that a URI would have to escape, or that some JDKs refuse in a raw URI. */
    private static final List<String> ODD_NAMES =
            List.of("accès.log", "日本.log", "a b%20c#d.log", "100%.log", "ünï #2.log");

    @TempDir Path dir;

    @Test
    // A pipe nobody writes to blocks open(2) for ever, which no interrupt ends: the test runs
    // apart.
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aNamedPipeIsReadAsTheFileWouldBeEvenCompressed() throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 200_000, 5, log);
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (OutputStream gzip = new GZIPOutputStream(gzipped)) {
            Files.copy(log, gzip);
        }
        Path pipe = fifo("access.log.pipe");
        Thread writer = writeInBackground(pipe, gzipped.toByteArray());

        JsonNode fromPipe = statsJson(CliRun.of(statsArgs(pipe.toString())));
        JsonNode fromFile = statsJson(CliRun.of(statsArgs(log.toString())));
        writer.join();

        assertThat(fromPipe.get("lines").asLong())
                .isEqualTo(lineCount(Files.readAllBytes(log)))
                .isPositive();
        for (String key : List.of("lines", "bytes", "events", "status", "topPaths", "timeline")) {
            assertThat(fromPipe.get(key)).as(key).isEqualTo(fromFile.get(key));
        }
        // The report names the pipe as given, never the copy in the cache folder.
        assertThat(fromPipe.get("formats").get(0).get("files").get(0).asText())
                .isEqualTo(pipe.toString());
        assertThat(fromPipe.get("splits"))
                .isNotEmpty()
                .allSatisfy(
                        split -> assertThat(split.get("path").asText()).isEqualTo(pipe.toString()));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void grepNamesAPipeAsGivenAndReadsAPipeNamedTwiceOnce() throws Exception {
        Path pipe = fifo("pipe");
        Thread writer =
                writeInBackground(
                        pipe, "one ERROR\ntwo\nthree ERROR".getBytes(StandardCharsets.UTF_8));
        Path file = dir.resolve("file.log");
        Files.writeString(file, "four ERROR\n");

        Path out = dir.resolve("out.log");
        CliRun run =
                CliRun.of(
                        "grep",
                        "--out",
                        out.toString(),
                        "-n",
                        "ERROR",
                        pipe.toString(),
                        file.toString(),
                        pipe.toString());
        writer.join();

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        // As a file named twice: read once, not a second time.
        assertThat(Files.readAllLines(out))
                .containsExactlyInAnyOrder(
                        pipe + ":1:one ERROR", pipe + ":3:three ERROR", file + ":1:four ERROR");
    }

    @ParameterizedTest
    @ValueSource(strings = {"grep", "stats", "scan"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPipeToFollowIsRefusedWithoutBeingOpened(String command) throws Exception {
        Path pipe = fifo("pipe");

        CliRun run =
                command.equals("grep")
                        ? CliRun.of("grep", "--follow", "x", pipe.toString())
                        : CliRun.of(command, "--follow", pipe.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .isEqualTo(
                        "logslice: input path "
                                + pipe
                                + " is not a regular file (a FIFO), which the source can neither"
                                + " split nor follow; save it to a file first"
                                + System.lineSeparator());
    }

    @Test
    void aCompressedStandardInputIsDecompressed() throws IOException {
        byte[] log = "a ERROR\nb\nc ERROR\n".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream xz = new ByteArrayOutputStream();
        try (OutputStream out = new XZOutputStream(xz, new LZMA2Options())) {
            out.write(log);
        }

        Path out = dir.resolve("out.log");
        CliRun run =
                CliRun.withInput(
                        xz.toByteArray(), "grep", "--out", out.toString(), "-c", "ERROR", "-");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readString(out)).isEqualTo("2\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/zero", "/dev/urandom", "/dev/null"})
    void aDeviceIsRefused(String device) {
        CliRun run = CliRun.of("scan", device);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .startsWith("logslice: input path " + device)
                .contains("is not a regular file (a character device)");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void aPseudoFileOfSizeZeroIsReadWhole() throws IOException {
        // The kernel says 0 bytes for /proc/cpuinfo, yet it holds a block of lines per processor.
        Path cpuinfo = Path.of("/proc/cpuinfo");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isReadable(cpuinfo) && Files.size(cpuinfo) == 0, "a Linux /proc");
        long lines = lineCount(Files.readAllBytes(cpuinfo));

        Path out = dir.resolve("count.txt");
        CliRun grep = CliRun.of("grep", "--out", out.toString(), "-c", "", cpuinfo.toString());
        CliRun scan = CliRun.of("scan", cpuinfo.toString());

        assertThat(lines).isPositive();
        assertThat(grep.exitCode()).as(grep.stderr()).isZero();
        assertThat(Files.readString(out)).isEqualTo(lines + "\n");
        assertThat(scan.exitCode()).as(scan.stderr()).isZero();
        assertThat(scan.stdout()).containsPattern("lines +" + String.format("%,d", lines) + "\\b");
    }

    /** Standard input from a pseudo-file refuses the count of available bytes a copy asks for. */
    @Test
    void aPseudoFileOnStandardInputIsReadWhole() throws Exception {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isReadable(cpuinfo) && Files.size(cpuinfo) == 0, "a Linux /proc");
        long lines = lineCount(Files.readAllBytes(cpuinfo));

        ProcessRun grep =
                ProcessRun.of(
                        List.of(
                                "bash",
                                "-c",
                                "bash '" + ProcessRun.LAUNCHER + "' grep -c '' - < " + cpuinfo),
                        dir,
                        environment -> {});

        assertThat(grep.exitCode()).as(grep.stderr()).isZero();
        assertThat(grep.stdout()).isEqualTo(lines + "\n");
    }

    @Test
    void aSocketIsRefused() throws IOException {
        Path socket = dir.resolve("app.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));

            CliRun run = CliRun.of("stats", "--format", "combined", socket.toString());

            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.stderr()).contains("is not a regular file (a socket)");
        }
    }

    @Test
    void specialFilesInsideAFolderAreLeftOut() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("app.log"), "one\ntwo\n");
        Process mkfifo = new ProcessBuilder("mkfifo", logs.resolve("pipe").toString()).start();
        assertThat(mkfifo.waitFor()).isZero();

        CliRun run = CliRun.of("scan", logs.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).containsPattern("lines +2\\b");
    }

    @Test
    void dashReadsStandardInputForGrep() throws IOException {
        byte[] input = "héllo ERROR\r\nfine\n日本 ERROR at end".getBytes(StandardCharsets.UTF_8);
        Path out = dir.resolve("out.log");

        CliRun run = CliRun.withInput(input, "grep", "--out", out.toString(), "ERROR", "-");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readString(out)).isEqualTo("héllo ERROR\r\n日本 ERROR at end\n");
    }

    @Test
    void dashReadsStandardInputForStatsScanAndParseAsTheFileWouldBe() throws IOException {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 300_000, 3, log);
        byte[] input = Files.readAllBytes(log);

        JsonNode fromStdin = statsJson(CliRun.withInput(input, statsArgs("-")));
        JsonNode fromFile = statsJson(CliRun.of(statsArgs(log.toString())));
        CliRun scan = CliRun.withInput(input, "scan", "-p", "2", "--split-size", "64k", "-");
        Path parsed = dir.resolve("parsed.json");
        CliRun parse =
                CliRun.withInput(
                        input,
                        "parse",
                        "--limit",
                        "2",
                        "--fields",
                        "status",
                        "--out",
                        parsed.toString(),
                        "-");

        assertThat(fromStdin.get("lines").asLong()).isEqualTo(lineCount(input)).isPositive();
        for (String key : List.of("lines", "bytes", "events", "status", "topPaths", "timeline")) {
            assertThat(fromStdin.get(key)).as(key).isEqualTo(fromFile.get(key));
        }
        assertThat(fromStdin.get("formats").get(0).get("files").get(0).asText())
                .isEqualTo("(standard input)");
        assertThat(fromStdin.get("formats").get(0).get("events"))
                .isEqualTo(fromFile.get("formats").get(0).get("events"));
        assertThat(scan.exitCode()).as(scan.stderr()).isZero();
        assertThat(scan.stdout())
                .containsPattern("lines +" + String.format("%,d", lineCount(input)) + "\\b")
                .containsPattern("splits +[2-9]");
        assertThat(parse.exitCode()).as(parse.stderr()).isZero();
        assertThat(Files.readAllLines(parsed)).hasSize(2).allMatch(l -> l.contains("\"status\""));
    }

    @Test
    void dashTwiceOrWithAClusterIsAUsageError() {
        CliRun twice = CliRun.of("scan", "-", "-");
        CliRun cluster = CliRun.of("scan", "--cluster", "localhost:1", "-");

        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.stderr()).contains("'-' (standard input) may be given once");
        assertThat(cluster.exitCode()).isEqualTo(2);
        assertThat(cluster.stderr()).contains("cannot be read with --cluster").hasLineCount(1);
    }

    @Test
    void namesInAnyScriptWorkAsArgumentsInGlobsAndInReports() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("dossier é #1"));
        List<String> lines = new ArrayList<>();
        for (String name : ODD_NAMES) {
            String line = "line of " + name;
            Files.writeString(logs.resolve(name), line + "\n");
            lines.add(line);
        }

        for (String name : ODD_NAMES) {
            Path file = logs.resolve(name);
            CliRun parse = CliRun.of(parseArgs(file.toString()));
            assertThat(parse.exitCode()).as(name + ": " + parse.stderr()).isZero();
            JsonNode event = new ObjectMapper().readTree(dir.resolve("parsed.json").toFile());
            assertThat(event.get("message").asText()).isEqualTo("line of " + name);
            assertThat(event.get("file").asText()).endsWith(name);
        }
        Path report = dir.resolve("scan.json");
        CliRun glob =
                CliRun.of("scan", "--report", report.toString(), logs.resolve("*.log").toString());
        assertThat(glob.exitCode()).as(glob.stderr()).isZero();
        List<String> reported = new ArrayList<>();
        for (JsonNode split : new ObjectMapper().readTree(report.toFile()).get("splits")) {
            split.findValues("path").forEach(path -> reported.add(path.asText()));
        }
        assertThat(reported)
                .hasSize(ODD_NAMES.size())
                .allMatch(path -> ODD_NAMES.stream().anyMatch(path::endsWith));
        CliRun folder = CliRun.of(parseArgs(logs.toString()));
        assertThat(folder.exitCode()).as(folder.stderr()).isZero();
        assertThat(Files.readAllLines(dir.resolve("parsed.json"))).hasSize(ODD_NAMES.size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"empty.gz", "empty.zst", "empty.bz2", "empty.xz"})
    void anEmptyCompressedFileHoldsNoLines(String name) throws IOException {
        Path empty = Files.createFile(dir.resolve(name));
        Files.writeString(dir.resolve("plain.log"), "one\n");

        CliRun run = CliRun.of("scan", empty.toString(), dir.resolve("plain.log").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).containsPattern("lines +1\\b");
    }

    private Path fifo(String name) throws Exception {
        Path fifo = dir.resolve(name);
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        return fifo;
    }

    /** Writes {@code bytes} into {@code pipe} once a reader opens it. */
    private static Thread writeInBackground(Path pipe, byte[] bytes) {
        Thread writer =
                new Thread(
                        () -> {
                            try {
                                Files.write(pipe, bytes);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
        writer.setDaemon(true);
        writer.start();
        return writer;
    }

    /** Parses into {@code parsed.json}: parse's stdout is the JVM's, not System.out. */
    private String[] parseArgs(String path) {
        return new String[] {
            "parse",
            "--format",
            "regex",
            "--pattern",
            "(?<message>.*)",
            "--out",
            dir.resolve("parsed.json").toString(),
            path
        };
    }

    private String[] statsArgs(String path) {
        return new String[] {"stats", "--format", "combined", "--quiet", "--json", "-", path};
    }

    private static JsonNode statsJson(CliRun run) throws IOException {
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return new ObjectMapper().readTree(run.stdout());
    }

    private static long lineCount(byte[] bytes) {
        long lines = 0;
        for (byte b : bytes) {
            lines += b == '\n' ? 1 : 0;
        }
        return lines;
    }
}
