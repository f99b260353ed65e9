package dev.logslice.job;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Writes each split's matches to its own part file, named by split id, so that concatenating the
 * parts by name gives the input order whatever the parallelism. A split read again after a failure
 * rewrites its part from the start.
 */
public final class SplitPartSink implements Sink<GrepMatch> {
    private static final long serialVersionUID = 1L;
    static final String SUFFIX = ".part";
    private static final int BUFFER_SIZE = 1 << 20;

    private final String directory;

    public SplitPartSink(Path directory) {
        this.directory = directory.toString();
    }

    @Override
    public SinkWriter<GrepMatch> createWriter(WriterInitContext context) {
        return new PartWriter(Paths.get(directory));
    }

    private static final class PartWriter implements SinkWriter<GrepMatch> {
        private final Path directory;
        private String splitId;
        private OutputStream out;

        PartWriter(Path directory) {
            this.directory = directory;
        }

        @Override
        public void write(GrepMatch match, Context context) throws IOException {
            if (!match.splitId.equals(splitId)) {
                close();
                splitId = match.splitId;
                out =
                        new BufferedOutputStream(
                                Files.newOutputStream(directory.resolve(splitId + SUFFIX)),
                                BUFFER_SIZE);
            }
            out.write(match.line);
        }

        @Override
        public void flush(boolean endOfInput) throws IOException {
            if (out != null) {
                out.flush();
            }
        }

        @Override
        public void close() throws IOException {
            if (out != null) {
                out.close();
                out = null;
            }
        }
    }
}
