package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.LocalPaths;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/** {@link FollowedFiles.FileReads} of local files. */
@Internal
final class LocalFileReads implements FollowedFiles.FileReads {
    /** Bytes read at a time backwards from a file's end to find its last LF. */
    private static final int BACKWARD_CHUNK = 64 * 1024;

    @Override
    public byte[] prefix(InputFile file, int length) throws IOException {
        Compression compression = Compression.ofFileName(file.path().getName());
        try (InputStream in =
                compression.decompress(Files.newInputStream(LocalPaths.of(file.path())))) {
            return in.readNBytes(length);
        }
    }

    @Override
    public long lastLineStart(InputFile file) throws IOException {
        try (FileChannel channel =
                FileChannel.open(LocalPaths.of(file.path()), StandardOpenOption.READ)) {
            ByteBuffer chunk = ByteBuffer.allocate(BACKWARD_CHUNK);
            long end = Math.min(file.size(), channel.size());
            while (end > 0) {
                long start = Math.max(0, end - BACKWARD_CHUNK);
                chunk.clear().limit((int) (end - start));
                while (chunk.hasRemaining()) {
                    if (channel.read(chunk, start + chunk.position()) < 0) {
                        break; // truncated meanwhile: what was read is all there is
                    }
                }
                for (int i = chunk.position() - 1; i >= 0; i--) {
                    if (chunk.get(i) == '\n') {
                        return start + i + 1;
                    }
                }
                end = start;
            }
            return 0;
        }
    }
}
