package dev.logslice.connector.source;

import dev.logslice.connector.enumerator.BlockAlignedFileEnumerator;
import dev.logslice.connector.enumerator.FollowingSplitEnumerator;
import dev.logslice.connector.enumerator.InputPaths;
import dev.logslice.connector.enumerator.LogFileSplitAssigner;
import dev.logslice.connector.enumerator.LogFileSplitEnumerator;
import dev.logslice.connector.enumerator.PendingSplits;
import dev.logslice.connector.enumerator.PendingSplitsSerializer;
import dev.logslice.connector.reader.LogFileSourceReader;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitSerializer;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * A bounded source of the lines of log files: each file is cut into block-aligned byte ranges so
 * that many readers share one big file, small files are packed together so that many make few
 * splits, and each reader reads with large aligned buffers and finds lines on bytes. Every line of
 * every file is emitted exactly once; see {@link dev.logslice.connector.reader.SplitLineReader} for
 * the line contract and {@link InputPaths} for how paths (directories, globs, links) become files.
 * Files named {@code .gz}, {@code .zst} or {@code .bz2} are decompressed, each as one split, and
 * their line offsets are offsets in the uncompressed stream. A file that grew since the job listed
 * it is read up to its listed size; one that shrank or was rewritten fails the job (see {@link
 * SplitReport}).
 *
 * <p>With {@link LogFileSourceBuilder#monitorContinuously} the source is unbounded: it lists the
 * paths again every interval for new files and follows every file as it grows and is rotated, by
 * its identity (see {@link FollowingSplitEnumerator} and {@code FollowedFile}); a checkpoint holds
 * per followed file its identity and the offset of its next line, so that a restart emits every
 * line once.
 *
 * <pre>{@code
 * LogFileSource<String> source = LogFileSource.builder()
 *         .addPath(new Path("/var/log/nginx"))
 *         .setReadBufferSize(MemorySize.parse("1m"))
 *         .build();
 * }</pre>
 *
 * <p>Splits are {@link LogFileSplit}s (the checkpointed position is the segment and exact offset of
 * the next line, with the split's counts up to it), the enumerator's checkpoint {@link
 * PendingSplits}; both serializers also read the Flink {@code FileSourceSplit} bytes of earlier
 * versions.
 *
 * @param <T> the record type the {@link LineDecoder} makes of each line
 */
@PublicEvolving
public final class LogFileSource<T>
        implements Source<T, LogFileSplit, PendingSplits>, ResultTypeQueryable<T> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LogFileSource.class);

    private final Path[] paths;
    private final LineDecoder<T> decoder;
    private final LogSourceSettings settings;

    LogFileSource(List<Path> paths, LineDecoder<T> decoder, LogSourceSettings settings) {
        this.paths = paths.toArray(new Path[0]);
        this.decoder = decoder;
        this.settings = settings;
    }

    /** A builder for a source of {@code String} lines until another decoder is set. */
    public static LogFileSourceBuilder<String> builder() {
        return new LogFileSourceBuilder<>(LineDecoders.strings());
    }

    public LogSourceSettings settings() {
        return settings;
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.follow() == null ? Boundedness.BOUNDED : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<T, LogFileSplit> createReader(SourceReaderContext readerContext) {
        return new LogFileSourceReader<>(readerContext, decoder, settings);
    }

    @Override
    public SplitEnumerator<LogFileSplit, PendingSplits> createEnumerator(
            SplitEnumeratorContext<LogFileSplit> context) throws Exception {
        if (settings.follow() != null) {
            return new FollowingSplitEnumerator(context, List.of(paths), settings, null);
        }
        InputPaths.Expansion inputs = InputPaths.expand(List.of(paths));
        // INFO, not WARN: the command line tells the user itself, on one line of its own.
        inputs.skipped().forEach(skipped -> LOG.info("Input: {}", skipped));
        List<LogFileSplit> splits =
                new BlockAlignedFileEnumerator(settings.splitSize())
                        .enumerateSplits(
                                inputs.files(),
                                context.currentParallelism() * settings.minSplitsPerReader());
        return new LogFileSplitEnumerator(context, new LogFileSplitAssigner(splits));
    }

    @Override
    public SplitEnumerator<LogFileSplit, PendingSplits> restoreEnumerator(
            SplitEnumeratorContext<LogFileSplit> context, PendingSplits checkpoint) {
        if (settings.follow() != null) {
            return new FollowingSplitEnumerator(context, List.of(paths), settings, checkpoint);
        }
        return new LogFileSplitEnumerator(context, new LogFileSplitAssigner(checkpoint.splits()));
    }

    @Override
    public SimpleVersionedSerializer<LogFileSplit> getSplitSerializer() {
        return LogFileSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<PendingSplits> getEnumeratorCheckpointSerializer() {
        return new PendingSplitsSerializer();
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return decoder.getProducedType();
    }
}
