package dev.logslice.job;

import dev.logslice.connector.source.LogFileSource;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the matching lines of the input, each exactly as in its file, files in the order given and
 * lines in file order: matches go to one part file per split, then the parts are joined.
 */
public final class GrepJob {
    private GrepJob() {}

    public static void run(
            StreamExecutionEnvironment env,
            LogFileSource<GrepMatch> source,
            WritableByteChannel target)
            throws Exception {
        Path parts = Files.createTempDirectory("logslice-grep");
        try {
            env.fromSource(source, WatermarkStrategy.noWatermarks(), "log files")
                    .sinkTo(new SplitPartSink(parts))
                    .name("split parts");
            env.execute("logslice grep");
            for (Path part : sortedParts(parts)) {
                try (FileChannel in = FileChannel.open(part, StandardOpenOption.READ)) {
                    long size = in.size();
                    for (long done = 0; done < size; ) {
                        done += in.transferTo(done, size - done, target);
                    }
                }
            }
        } finally {
            deleteRecursively(parts);
        }
    }

    private static List<Path> sortedParts(Path directory) throws IOException {
        List<Path> parts = new ArrayList<>();
        try (DirectoryStream<Path> stream =
                Files.newDirectoryStream(directory, "*" + SplitPartSink.SUFFIX)) {
            stream.forEach(parts::add);
        }
        parts.sort(null);
        return parts;
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            for (Path file : stream) {
                Files.delete(file);
            }
        }
        Files.delete(directory);
    }
}
