package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.luben.zstd.ZstdOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One generated access log, and the same log cut into a plain part, a gzip part of two members, a
 * zstd part of two frames, a bzip2 and an xz part of two streams each: {@code stats} and {@code
 * scan} through the command line find the same lines and the same figures in both.
 */
class CompressedInputITCase {
    /** Figures that depend on files, splits, timing and the command, not on the lines. */
    private static final List<String> RUN_FIELDS =
            List.of(
                    "splits",
                    "splitsTotal",
                    "splitsShown",
                    "otherSplits",
                    "readCalls",
                    "readNanos",
                    "elapsedNanos",
                    "parallelism",
                    "commandLine",
                    "formats",
                    "panelFormats",
                    "malformedByFile",
                    "malformedSamples");

    @TempDir Path dir;

    @Test
    void statsOfCompressedPartsEqualStatsOfThePlainLog() throws IOException {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 1_500_000, 7, log);
        Path parts = writeInParts(log, dir.resolve("parts"));

        JsonNode plain = stats(log, "plain.json");
        JsonNode compressed = stats(parts, "parts.json");

        assertThat(plain.get("lines").asLong()).isPositive();
        assertThat(withoutRunFields(compressed)).isEqualTo(withoutRunFields(plain));
        assertThat(compressed.get("skippedFiles")).isEmpty();
    }

    @Test
    void scanReportsCompressedAndUncompressedBytes() throws IOException {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 500_000, 8, log);
        Path parts = writeInParts(log, dir.resolve("parts"));
        Path report = dir.resolve("scan.json");

        CliRun run =
                CliRun.of(
                        "scan",
                        "-p",
                        "2",
                        "--split-size",
                        "16k",
                        "--report",
                        report.toString(),
                        parts.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("compressed  4 files");
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("lines").asLong()).isEqualTo(Files.readAllLines(log).size());
        long compressedSizes = 0;
        for (JsonNode split : json.get("splits")) {
            String name =
                    Path.of(split.get("path").asText().replace("file:", ""))
                            .getFileName()
                            .toString();
            if (!split.get("compression").asText().equals("none")) {
                long size = Files.size(parts.resolve(name));
                assertThat(split.get("compressedBytes").asLong()).as(name).isEqualTo(size);
                assertThat(split.get("end").asLong()).as(name).isEqualTo(size);
                assertThat(split.get("bytes").asLong()).as(name).isGreaterThan(size);
                compressedSizes += size;
            }
        }
        assertThat(json.get("compressedBytesRead").asLong()).isEqualTo(compressedSizes);
    }

    /** The lines that came out before the damage are counted, and the damage is the exit's 2. */
    @Test
    void corruptGzipIsToldNamingTheFile() throws IOException {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 200_000, 9, log);
        byte[] gzip = compress(GZIPOutputStream::new, Files.readAllBytes(log));
        Arrays.fill(gzip, gzip.length / 2, gzip.length / 2 + 100, (byte) 7);
        Path corrupt = Files.write(dir.resolve("access.log.gz"), gzip);

        CliRun run = CliRun.of("scan", corrupt.toString());

        assertThat(run.exitCode()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr()).contains("logslice: " + corrupt + ": the gzip data is corrupt");
        assertThat(run.stdout())
                .containsPattern(
                        "damaged +"
                                + Pattern.quote(corrupt.toString())
                                + ": the gzip data is corrupt after .*; its")
                .containsPattern("lines +[1-9]");
    }

    private JsonNode stats(Path input, String jsonName) throws IOException {
        Path json = dir.resolve(jsonName);
        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        "2",
                        "--split-size",
                        "64k",
                        "--quiet",
                        "--json",
                        json.toString(),
                        input.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return new ObjectMapper().readTree(json.toFile());
    }

    private static JsonNode withoutRunFields(JsonNode report) {
        ObjectNode copy = report.deepCopy();
        copy.remove(RUN_FIELDS);
        return copy;
    }

    /** The log in five parts cut at line starts, four of them compressed, in a new folder. */
    private static Path writeInParts(Path log, Path folder) throws IOException {
        byte[] bytes = Files.readAllBytes(log);
        int[] cuts = {
            0,
            lineStartAfter(bytes, bytes.length / 5),
            lineStartAfter(bytes, bytes.length * 2 / 5),
            lineStartAfter(bytes, bytes.length * 3 / 5),
            lineStartAfter(bytes, bytes.length * 4 / 5),
            bytes.length
        };
        Files.createDirectories(folder);
        Files.write(folder.resolve("access.log.1"), part(bytes, cuts, 0));
        Files.write(
                folder.resolve("access.log.2.gz"),
                twice(GZIPOutputStream::new, part(bytes, cuts, 1)));
        Files.write(
                folder.resolve("access.log.3.zst"),
                twice(ZstdOutputStream::new, part(bytes, cuts, 2)));
        Files.write(
                folder.resolve("access.log.4.bz2"),
                twice(BZip2CompressorOutputStream::new, part(bytes, cuts, 3)));
        Files.write(
                folder.resolve("access.log.5.xz"),
                twice(XZCompressorOutputStream::new, part(bytes, cuts, 4)));
        return folder;
    }

    private static int lineStartAfter(byte[] bytes, int from) {
        int i = from;
        while (bytes[i - 1] != '\n') {
            i++;
        }
        return i;
    }

    private static byte[] part(byte[] bytes, int[] cuts, int index) {
        return Arrays.copyOfRange(bytes, cuts[index], cuts[index + 1]);
    }

    /** A compressor stream writing to the given stream. */
    private interface Compressor {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    /** Two members, frames or streams, cut in the middle of a line. */
    private static byte[] twice(Compressor compressor, byte[] content) throws IOException {
        int half = content.length / 2;
        ByteArrayOutputStream both = new ByteArrayOutputStream();
        both.writeBytes(compress(compressor, Arrays.copyOfRange(content, 0, half)));
        both.writeBytes(compress(compressor, Arrays.copyOfRange(content, half, content.length)));
        return both.toByteArray();
    }

    private static byte[] compress(Compressor compressor, byte[] content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream compressing = compressor.wrap(out)) {
            compressing.write(content);
        }
        return out.toByteArray();
    }
}
