package dev.logslice.job;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.report.InputFileNotes;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.util.function.SerializableFunction;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Writes {@code grep --follow}'s matches as they come, in the order received (run it at parallelism
 * 1: each file's lines then keep their order), to a file or to stdout, each as batch grep writes it
 * ({@link GrepOutput}: after its file's name, in colour, as asked). For a file, a checkpoint holds
 * its length once what was written before the barrier is on disk; a job restored from that
 * checkpoint cuts the file back to that length, so what was written after it, and is read again
 * from the source's offsets of the same checkpoint, is there once. Stdout cannot be cut: lines
 * written after the last checkpoint are written again on a restore. What the source skipped (lines
 * longer than {@code maxLineLength}, a damaged archive) is told on stderr as it comes, in the batch
 * command's words.
 */
public final class FollowOutputSink
        implements Sink<GrepMatch>, SupportsWriterState<GrepMatch, Long> {
    private static final long serialVersionUID = 1L;

    /** The output file, or null for stdout. */
    @Nullable private final String file;

    /** Whether stdout is a terminal: lines are then shown through a {@link TerminalSafeChannel}. */
    private final boolean terminal;

    /** The source's maximum line length, which the lines it skipped were longer than. */
    private final long maxLineLength;

    /**
     * How the selections are written, as batch grep writes them: after their file's name ({@code
     * -H}, several files), only the matches ({@code -o}), in colours ({@code --color}), none
     * coloured under {@code -v}.
     */
    private final GrepOptions options;

    /** The name written for a file as the source names it. */
    private final SerializableFunction<String, String> displayName;

    /** The formats whose malformed lines the source counts, for the note; null: not told. */
    @Nullable private final String malformedOf;

    /** With {@code -m}: the lines (or events) written at most, then the run stops; else null. */
    @Nullable private final Limit limit;

    /** {@code -m}: at most {@code count} written, then the run of {@link FollowStops} id ends. */
    private record Limit(long count, String stopId) implements Serializable {}

    private FollowOutputSink(
            @Nullable String file,
            boolean terminal,
            long maxLineLength,
            GrepOptions options,
            SerializableFunction<String, String> displayName,
            @Nullable String malformedOf,
            @Nullable Limit limit) {
        this.file = file;
        this.terminal = terminal;
        this.maxLineLength = maxLineLength;
        this.options = options;
        this.displayName = displayName;
        this.malformedOf = malformedOf;
        this.limit = limit;
    }

    public static FollowOutputSink toFile(Path file, long maxLineLength) {
        return new FollowOutputSink(
                file.toAbsolutePath().toString(),
                false,
                maxLineLength,
                GrepOptions.PLAIN,
                name -> name,
                null,
                null);
    }

    /** To stdout; {@code terminal} when it is one. */
    public static FollowOutputSink toStdout(boolean terminal, long maxLineLength) {
        return new FollowOutputSink(
                null, terminal, maxLineLength, GrepOptions.PLAIN, name -> name, null, null);
    }

    /**
     * This sink writing the selections as batch grep writes them with {@code options} (its file
     * names, -o, --color, -v), a file named by {@code displayName} from its name in the source.
     */
    public FollowOutputSink writing(
            GrepOptions options, SerializableFunction<String, String> displayName) {
        return new FollowOutputSink(
                file, terminal, maxLineLength, options, displayName, malformedOf, limit);
    }

    /**
     * This sink telling on stderr, as they are counted, how many lines were left out as no events
     * of {@code formats} (grep with {@code --format} or field filters), in the batch note's words.
     */
    public FollowOutputSink notingMalformed(String formats) {
        return new FollowOutputSink(
                file, terminal, maxLineLength, options, displayName, formats, limit);
    }

    /**
     * This sink writing {@code count} selected lines (or events) at most, then ending its run, the
     * one whose stop {@link FollowStops} knows as {@code stopId}: {@code grep --follow -m}. For a
     * sink in this JVM only.
     */
    public FollowOutputSink stoppingAfter(long count, String stopId) {
        return new FollowOutputSink(
                file,
                terminal,
                maxLineLength,
                options,
                displayName,
                malformedOf,
                new Limit(count, stopId));
    }

    /** A first run: the file written afresh. */
    @Override
    public Writer createWriter(WriterInitContext context) throws IOException {
        Writer writer =
                file == null
                        ? Writer.stdout(terminal, maxLineLength)
                        : Writer.file(Paths.get(file), 0, maxLineLength);
        return writer.writing(options, displayName).notingMalformed(malformedOf).limited(limit);
    }

    @Override
    public Writer restoreWriter(WriterInitContext context, Collection<Long> lengths)
            throws IOException {
        if (file == null) {
            return Writer.stdout(terminal, maxLineLength)
                    .writing(options, displayName)
                    .notingMalformed(malformedOf)
                    .limited(limit);
        }
        if (lengths.size() != 1) {
            throw new IOException(
                    "the checkpoint holds " + lengths.size() + " lengths of " + file + ", not 1");
        }
        return Writer.file(Paths.get(file), lengths.iterator().next(), maxLineLength)
                .writing(options, displayName)
                .notingMalformed(malformedOf)
                .limited(limit);
    }

    @Override
    public SimpleVersionedSerializer<Long> getWriterStateSerializer() {
        return new LengthSerializer();
    }

    /** Writes each match straight to the channel: followed lines are shown as they come. */
    static final class Writer implements StatefulSinkWriter<GrepMatch, Long> {
        private final FileChannel out;
        private final WritableByteChannel shown;
        private final boolean isFile;
        private final long maxLineLength;

        /** Writes each selection as batch grep does; see {@link #writing}. */
        private GrepOutput output;

        /** Whether the output is coloured: the colouring then makes the log's escapes safe. */
        private boolean coloured;

        @Nullable private String malformedOf;

        /** The malformed lines told so far in this run: the note gives a running total. */
        private long malformed;

        @Nullable private Limit limit;

        /** The selected lines (or events) written, for the limit. */
        private long selected;

        private Writer(
                FileChannel out, WritableByteChannel shown, boolean isFile, long maxLineLength) {
            this.out = out;
            this.shown = shown;
            this.isFile = isFile;
            this.maxLineLength = maxLineLength;
        }

        static Writer stdout(boolean terminal, long maxLineLength) {
            // Not closed with the writer: stdout is the process's.
            FileChannel stdout = new FileOutputStream(FileDescriptor.out).getChannel();
            return new Writer(
                    stdout,
                    terminal ? new TerminalSafeChannel(stdout) : stdout,
                    false,
                    maxLineLength);
        }

        /** The file cut back to {@code length}, written from there. */
        static Writer file(Path path, long length, long maxLineLength) throws IOException {
            FileChannel channel =
                    FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                long size = channel.size();
                if (size < length) {
                    throw new IOException(
                            path
                                    + " has "
                                    + size
                                    + " bytes, fewer than the "
                                    + length
                                    + " it had at the checkpoint resumed from: it was changed"
                                    + " by another program");
                }
                channel.truncate(length);
                channel.position(length);
                return new Writer(channel, channel, true, maxLineLength);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
        }

        @Override
        public void write(GrepMatch match, Context context) throws IOException {
            // What the source skipped: the batch command's lines, as it comes.
            if (match.oversizedLines > 0) {
                System.err.println(InputFileNotes.oversized(match.oversizedLines, maxLineLength));
            }
            if (match.damagedFile != null) {
                System.err.println(
                        InputFileNotes.damaged(LocalPaths.plain(match.damagedFile), match.damage));
            }
            if (match.malformedLines > 0 && malformedOf != null) {
                malformed += match.malformedLines;
                System.err.printf(
                        "logslice: malformed lines left out (no %s events): %d%n",
                        malformedOf, malformed);
            }
            if (!match.isSelection() || (limit != null && selected >= limit.count())) {
                // A note, or past -m: what comes before the job is cancelled is not written.
                return;
            }
            writeSelected(match);
            selected++;
            if (limit != null && selected == limit.count()) {
                FollowStops.stop(limit.stopId());
            }
        }

        private void writeSelected(GrepMatch match) throws IOException {
            ByteArrayOutputStream written = new ByteArrayOutputStream(match.bytes.length + 64);
            output.writeFollowed(match, written);
            // Coloured, the log's own escapes (and the file names') were made safe by the
            // colouring itself on a terminal, so it goes to the channel as it is.
            WritableByteChannel to = coloured ? out : shown;
            for (ByteBuffer left = ByteBuffer.wrap(written.toByteArray()); left.hasRemaining(); ) {
                to.write(left);
            }
        }

        /** Writes the selections as batch grep does with {@code options}; see {@link #writing}. */
        Writer writing(GrepOptions options, Function<String, String> displayName) {
            this.output = new GrepOutput(options, displayName);
            this.coloured = options.colors() != null;
            return this;
        }

        /** Writes {@code limit}'s count at most, then stops its run; null: no limit. */
        Writer limited(@Nullable Limit limit) {
            this.limit = limit;
            return this;
        }

        /** Tells the malformed lines counted as no events of {@code formats}; null: not. */
        Writer notingMalformed(@Nullable String formats) {
            this.malformedOf = formats;
            return this;
        }

        /** Nothing is buffered here. */
        @Override
        public void flush(boolean endOfInput) {}

        /** The file's length once all written before the barrier is on disk. */
        @Override
        public List<Long> snapshotState(long checkpointId) throws IOException {
            if (!isFile) {
                return List.of();
            }
            out.force(false);
            return List.of(out.position());
        }

        @Override
        public void close() throws IOException {
            if (isFile) {
                out.close();
            }
        }
    }

    /** A length as 8 bytes, version 1. */
    static final class LengthSerializer implements SimpleVersionedSerializer<Long> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Long length) {
            return ByteBuffer.allocate(Long.BYTES).putLong(length).array();
        }

        @Override
        public Long deserialize(int version, byte[] serialized) throws IOException {
            if (version != 1) {
                throw new IOException("unknown version " + version + " of an output length");
            }
            if (serialized.length != Long.BYTES) {
                throw new IOException(
                        "an output length has " + serialized.length + " bytes, not 8");
            }
            return ByteBuffer.wrap(serialized).getLong();
        }
    }
}
