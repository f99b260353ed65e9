package dev.logslice.connector.reader;

import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LineDecoders;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A file that is not the one enumerated fails its split with an error naming the file. */
class ChangedFileTest {
    private static final int BUFFER = 4096;

    @TempDir java.nio.file.Path dir;
    private java.nio.file.Path file;
    private LogFileSplitReader<String> reader;

    @BeforeEach
    void setUp() throws IOException {
        file = dir.resolve("access.log");
        Files.writeString(file, "GET /index.html 200\n".repeat(2000));
        reader =
                new LogFileSplitReader<>(
                        LineDecoders.strings(),
                        new LogSourceSettings(1 << 20, 1, BUFFER, 1 << 20),
                        new LogSourceReaderMetrics(
                                UnregisteredMetricsGroup.createSourceReaderMetricGroup()));
        reader.handleSplitsChanges(new SplitsAddition<>(List.of(wholeFileAsEnumerated())));
    }

    @Test
    void appendedBeforeReading() throws IOException {
        Files.writeString(file, "late line\n", StandardOpenOption.APPEND);

        assertThatThrownBy(reader::fetch)
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("changed");
    }

    @Test
    void touchedBeforeReading() throws IOException {
        Files.setLastModifiedTime(
                file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 60_000));

        assertThatThrownBy(reader::fetch).hasMessageContaining(file.toString());
    }

    @Test
    void deletedBeforeReading() throws IOException {
        Files.delete(file);

        assertThatThrownBy(reader::fetch)
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void truncatedWhileReading() throws IOException {
        reader.fetch();
        try (RandomAccessFile truncate = new RandomAccessFile(file.toFile(), "rw")) {
            truncate.setLength(BUFFER * 2);
        }

        assertThatThrownBy(
                        () -> {
                            for (int i = 0; i < 100; i++) {
                                reader.fetch();
                            }
                        })
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString());
    }

    private LogFileSplit wholeFileAsEnumerated() throws IOException {
        return LogFileSplit.of(
                "0000000001",
                FileSegment.wholeFile(
                        new Path(file.toUri()),
                        Files.size(file),
                        Files.getLastModifiedTime(file).toMillis()),
                List.of());
    }
}
