package dev.logslice.job;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.report.InputFileNotes.DamagedFile;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Writes the matching lines of the input, each exactly as in its file, files in the order given and
 * lines in file order: matches go to one part file per split, then the parts are joined. Embedded,
 * the readers write the parts themselves; on a cluster their disks are not the client's, so the
 * matches come to the client (Flink's collect) and the client writes the parts.
 */
public final class GrepJob {
    private GrepJob() {}

    /**
     * What a run noted besides its output.
     *
     * @param malformedLines lines left out as no event of the format
     * @param oversizedLines lines skipped as longer than the maximum line length
     * @param skippedFiles the files skipped because they were gone, each with why
     * @param damagedFiles the compressed files whose stream ended early, read up to there
     * @param matched whether a line was selected (grep's exit status 0)
     */
    public record Notes(
            long malformedLines,
            long oversizedLines,
            List<String> skippedFiles,
            List<DamagedFile> damagedFiles,
            boolean matched) {}

    /** Runs the job and writes the matches, each line exactly as in its file, to {@code target}. */
    public static Notes run(
            StreamExecutionEnvironment env,
            LogFileSource<GrepMatch> source,
            WritableByteChannel target)
            throws Exception {
        return run(env, source, target, GrepOptions.PLAIN, Function.identity());
    }

    /**
     * Runs the job and writes its output to {@code target} in the form {@code options} ask for,
     * files named by {@code displayName}; the source's decoder must be made with the same options.
     */
    public static Notes run(
            StreamExecutionEnvironment env,
            LogFileSource<GrepMatch> source,
            WritableByteChannel target,
            GrepOptions options,
            Function<String, String> displayName)
            throws Exception {
        Path parts = Files.createTempDirectory("logslice-grep");
        try {
            DataStream<GrepMatch> matches =
                    env.fromSource(source, WatermarkStrategy.noWatermarks(), "log files");
            if (EmbeddedFlink.isEmbedded(env)) {
                matches.sinkTo(new SplitPartSink(parts)).name("split parts");
                env.execute("logslice grep");
            } else {
                collectParts(matches, parts);
            }
            boolean matched =
                    options.structured()
                            ? GrepOutput.write(parts, options, displayName, target)
                            : joinParts(parts, target);
            return new Notes(
                    SplitPartWriter.malformedLines(parts),
                    SplitPartWriter.oversizedLines(parts),
                    SplitPartWriter.skippedFiles(parts),
                    SplitPartWriter.damagedFiles(parts),
                    matched);
        } finally {
            deleteRecursively(parts);
        }
    }

    /** Writes the parts, lines exactly as in their files, one after the other; true if any. */
    private static boolean joinParts(Path parts, WritableByteChannel target) throws IOException {
        long written = 0;
        for (Path part : sortedParts(parts)) {
            try (FileChannel in = FileChannel.open(part, StandardOpenOption.READ)) {
                long size = in.size();
                for (long done = 0; done < size; ) {
                    done += in.transferTo(done, size - done, target);
                }
                written += size;
            }
        }
        return written > 0;
    }

    private static void collectParts(DataStream<GrepMatch> matches, Path parts) throws Exception {
        try (CloseableIterator<GrepMatch> collected = matches.executeAndCollect("logslice grep");
                SplitPartWriter writer = new SplitPartWriter(parts)) {
            while (collected.hasNext()) {
                writer.write(collected.next());
            }
        }
    }

    private static List<Path> sortedParts(Path directory) throws IOException {
        List<Path> parts = new ArrayList<>();
        try (DirectoryStream<Path> stream =
                Files.newDirectoryStream(directory, "*" + SplitPartWriter.SUFFIX)) {
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
