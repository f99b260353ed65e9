package dev.logslice.connector.source;

import dev.logslice.connector.enumerator.BlockAlignedFileEnumerator;
import dev.logslice.connector.enumerator.LogFileSplitEnumerator;
import dev.logslice.connector.reader.LogFileSourceReader;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitSerializer;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.PendingSplitsCheckpointSerializer;
import org.apache.flink.connector.file.src.assigners.LocalityAwareSplitAssigner;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.Collection;
import java.util.List;

/**
 * A bounded source of the lines of log files: each file is cut into block-aligned byte ranges so
 * that many readers share one big file, each reading with large aligned buffers and finding lines
 * on bytes. Every line of every file is emitted exactly once; see {@link
 * dev.logslice.connector.reader.SplitLineReader} for the line contract. Files named {@code .gz},
 * {@code .zst} or {@code .bz2} are decompressed, each as one split, and their line offsets are
 * offsets in the uncompressed stream. A file that grew since the job listed it is read up to its
 * listed size; one that shrank or was rewritten fails the job (see {@link SplitReport}).
 *
 * <pre>{@code
 * LogFileSource<String> source = LogFileSource.builder()
 *         .addPath(new Path("/var/log/nginx"))
 *         .setReadBufferSize(MemorySize.parse("1m"))
 *         .build();
 * }</pre>
 *
 * <p>Splits and checkpoints are Flink's {@link FileSourceSplit} (the checkpointed position is the
 * exact offset of the next line) and {@link PendingSplitsCheckpoint}, with their versioned
 * serializers.
 *
 * @param <T> the record type the {@link LineDecoder} makes of each line
 */
@PublicEvolving
public final class LogFileSource<T>
        implements Source<T, FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>,
                ResultTypeQueryable<T> {
    private static final long serialVersionUID = 1L;

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
        return Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<T, FileSourceSplit> createReader(SourceReaderContext readerContext) {
        return new LogFileSourceReader<>(readerContext, decoder, settings);
    }

    @Override
    public SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>
            createEnumerator(SplitEnumeratorContext<FileSourceSplit> context) throws Exception {
        Collection<FileSourceSplit> splits =
                new BlockAlignedFileEnumerator(settings.splitSize())
                        .enumerateSplits(
                                paths,
                                context.currentParallelism() * settings.minSplitsPerReader());
        return new LogFileSplitEnumerator(context, new LocalityAwareSplitAssigner(splits));
    }

    @Override
    public SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>
            restoreEnumerator(
                    SplitEnumeratorContext<FileSourceSplit> context,
                    PendingSplitsCheckpoint<FileSourceSplit> checkpoint) {
        return new LogFileSplitEnumerator(
                context, new LocalityAwareSplitAssigner(checkpoint.getSplits()));
    }

    @Override
    public SimpleVersionedSerializer<FileSourceSplit> getSplitSerializer() {
        return FileSourceSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<PendingSplitsCheckpoint<FileSourceSplit>>
            getEnumeratorCheckpointSerializer() {
        return new PendingSplitsCheckpointSerializer<>(getSplitSerializer());
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return decoder.getProducedType();
    }
}
