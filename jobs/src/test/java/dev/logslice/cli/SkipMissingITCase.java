package dev.logslice.cli;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.job.GrepDecoder;
import dev.logslice.job.GrepJob;
import dev.logslice.job.GrepMatch;
import dev.logslice.job.GrepOptions;
import dev.logslice.job.LinePattern;
import dev.logslice.job.ReaderOutput;
import dev.logslice.job.ScanJob;
import dev.logslice.job.ScanResult;
import dev.logslice.job.SplitReportDecoder;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.function.FunctionWithException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A file deleted after the job listed it and before its split is read: with {@code --skip-missing}
 * a skip the scan report names, without it a failure that names the file. One reader reads the two
 * files one after the other, and the first line it reads deletes the other file, whichever comes
 * first: the deletion falls between listing and reading without any timing.
 */
class SkipMissingITCase {
    @TempDir Path dir;

    @Test
    void skipMissingReportsTheFileDeletedBeforeItsSplitWasRead() throws Exception {
        ScanCommand scan = parse("scan", "--skip-missing", "-p", "1", logs().toString());

        ScanResult result = run(scan);

        Path report = dir.resolve("scan.json");
        ScanReportJson.write(result, 1, report);
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("skippedFiles")).hasSize(1);
        JsonNode skipped = json.get("skippedFiles").get(0);
        assertThat(skipped.get("path").asText()).matches(".*/logs/[ab]\\.log");
        assertThat(skipped.get("reason").asText()).isEqualTo("deleted before it was read");
        assertThat(skipped.get("bytes").asLong()).isEqualTo(4 * 1000);
        assertThat(json.get("lines").asLong()).isEqualTo(1000);
    }

    @Test
    void withoutSkipMissingTheDeletedFileFailsTheJob() throws Exception {
        ScanCommand scan = parse("scan", "-p", "1", logs().toString());

        assertThatThrownBy(() -> run(scan))
                .hasStackTraceContaining("was deleted before it was read")
                .hasStackTraceContaining(dir.resolve("logs").toString());
    }

    @Test
    void grepWithSkipMissingNamesTheSkippedFile() throws Exception {
        GrepCommand grep = parse("grep", "--skip-missing", "-p", "1", "", logs().toString());
        LogFileSource<GrepMatch> source =
                grep.read
                        .sourceFor(grep.paths, ReaderOutput.LINES)
                        .setLineDecoder(
                                new DeletingTheOtherFile<>(
                                        new GrepDecoder(
                                                LinePattern.compile("", 0), GrepOptions.PLAIN)))
                        .build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        GrepJob.Notes notes =
                run(
                        grep.execution,
                        grep.paths,
                        env -> GrepJob.run(env, source, Channels.newChannel(out)));

        assertThat(notes.skippedFiles())
                .singleElement(InstanceOfAssertFactories.STRING)
                .matches(".*/logs/[ab]\\.log \\(deleted before it was read\\)");
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(1000);
    }

    private Path logs() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("a.log"), "aaa\n".repeat(1000));
        Files.writeString(logs.resolve("b.log"), "bbb\n".repeat(1000));
        return logs;
    }

    @SuppressWarnings("unchecked")
    private static <C> C parse(String... args) {
        CommandLine commandLine = new CommandLine(new Logslice());
        return (C) commandLine.parseArgs(args).subcommand().commandSpec().userObject();
    }

    /** Runs the scan as its command would, with a decoder that deletes the other file. */
    private static ScanResult run(ScanCommand scan) throws Exception {
        LogFileSource<SplitReport> source =
                scan.read
                        .sourceFor(scan.paths, ReaderOutput.LINES)
                        .setLineDecoder(new DeletingTheOtherFile<>(new SplitReportDecoder()))
                        .build();
        return run(scan.execution, scan.paths, env -> ScanJob.run(env, source));
    }

    /** Runs a job at parallelism 1 where {@code execution} says, its notes on stderr dropped. */
    private static <T> T run(
            ExecutionTarget execution,
            List<String> paths,
            FunctionWithException<StreamExecutionEnvironment, T, Exception> job)
            throws Exception {
        return execution.run(1, paths, new PrintStream(PrintStream.nullOutputStream()), job);
    }

    /** A decoder that deletes the other file of the two on the first line it decodes. */
    private static final class DeletingTheOtherFile<T> implements LineDecoder<T> {
        private final LineDecoder<T> decoder;
        private boolean deleted;

        DeletingTheOtherFile(LineDecoder<T> decoder) {
            this.decoder = decoder;
        }

        @Override
        public T decode(Line line) {
            if (!deleted) {
                Path file = Path.of(line.file().toUri());
                for (String name : new String[] {"a.log", "b.log"}) {
                    Path other = file.resolveSibling(name);
                    if (!other.equals(file)) {
                        try {
                            Files.delete(other);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                }
                deleted = true;
            }
            return decoder.decode(line);
        }

        @Override
        public void finishSplit(SplitReport report, Consumer<T> output) {
            decoder.finishSplit(report, output);
        }

        @Override
        public TypeInformation<T> getProducedType() {
            return decoder.getProducedType();
        }
    }
}
