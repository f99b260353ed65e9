package dev.logslice.format.testing;

import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.reader.SplitLineReader;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.LogEventJsonWriter;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParseResult;
import dev.logslice.format.source.LogEventDecoder;

import org.apache.flink.core.fs.Path;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A file read split by split as the source reads it: the event ownership rule, for tests that
 * compare a file's events cut at some offsets with its events read whole.
 */
public final class SplitReads {
    private static final int BUFFER = 4096;
    private static final java.nio.file.Path LOG = temporaryLog();

    private SplitReads() {}

    /**
     * The events of the file cut at the given offsets, split by split, as the source reads them: a
     * {@link SplitLineReader} told which lines start events, feeding a {@link LogEventDecoder}.
     */
    public static List<String> events(
            LogFormat format, byte[] content, List<Integer> cuts, int maxLineLength) {
        TreeSet<Integer> bounds = new TreeSet<>(cuts);
        bounds.add(0);
        bounds.add(content.length);
        List<ParseResult> results = new ArrayList<>();
        try {
            // One path for every call: events name their file, and calls are compared.
            java.nio.file.Path file = Files.write(LOG, content);
            Integer start = bounds.first();
            for (Integer end : bounds.tailSet(start, false)) {
                readSplit(format, maxLineLength, file, content.length, start, end, results);
                start = end;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return json(results);
    }

    private static java.nio.file.Path temporaryLog() {
        try {
            java.nio.file.Path dir = Files.createTempDirectory("split-events");
            dir.toFile().deleteOnExit();
            java.nio.file.Path log = dir.resolve("app.log");
            log.toFile().deleteOnExit();
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void readSplit(
            LogFormat format,
            int maxLineLength,
            java.nio.file.Path file,
            long size,
            long start,
            long end,
            List<ParseResult> out)
            throws IOException {
        LogEventDecoder decoder = new LogEventDecoder(format, ZoneId.of("UTC"));
        Path path = new Path(file.toUri());
        try (LocalFileReadChannel channel = new LocalFileReadChannel(file, BUFFER)) {
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                            channel, path, start, end, size, BUFFER, maxLineLength);
            if (decoder.eventStarts() != null) {
                reader.withEventStarts(decoder.eventStarts());
            }
            while (reader.readNext(
                    line -> {
                        ParseResult result = decoder.decode(line);
                        if (result != null) {
                            out.add(result);
                        }
                    })) {
                // reads until the split's last event is whole
            }
        }
        decoder.finishSplit(
                new SplitReport(
                        "s",
                        path.toString(),
                        start,
                        end,
                        0,
                        0,
                        0,
                        List.of(),
                        0,
                        0,
                        0,
                        0,
                        "none",
                        0,
                        0,
                        null),
                out::add);
    }

    public static List<String> json(List<ParseResult> results) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LogEventJsonWriter writer = new LogEventJsonWriter(out)) {
            for (ParseResult result : results) {
                writer.write(result);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
