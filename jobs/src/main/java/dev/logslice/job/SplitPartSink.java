package dev.logslice.job;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Writes each split's matches to its own part file in a directory the client can read (the embedded
 * run's), through a {@link SplitPartWriter}.
 */
public final class SplitPartSink implements Sink<GrepMatch> {
    private static final long serialVersionUID = 1L;

    private final String directory;

    public SplitPartSink(Path directory) {
        this.directory = directory.toString();
    }

    @Override
    public SinkWriter<GrepMatch> createWriter(WriterInitContext context) {
        return new PartWriter(new SplitPartWriter(Paths.get(directory)));
    }

    private static final class PartWriter implements SinkWriter<GrepMatch> {
        private final SplitPartWriter parts;

        PartWriter(SplitPartWriter parts) {
            this.parts = parts;
        }

        @Override
        public void write(GrepMatch match, Context context) throws IOException {
            parts.write(match);
        }

        @Override
        public void flush(boolean endOfInput) throws IOException {
            parts.flush();
        }

        @Override
        public void close() throws IOException {
            parts.close();
        }
    }
}
