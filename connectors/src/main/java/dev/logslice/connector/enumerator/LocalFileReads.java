package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.LocalPaths;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** {@link FollowedFiles.FileReads} of local files. */
@Internal
final class LocalFileReads implements FollowedFiles.FileReads {
    /** Bytes read at a time backwards from a file's end to find its last LF. */
    private static final int BACKWARD_CHUNK = 64 * 1024;

    @Override
    public byte[] prefix(FollowedFiles.Listed file, int length) throws IOException {
        Compression compression = Compression.ofFileName(file.file().path().getName());
        try (InputStream in = compression.decompress(Channels.newInputStream(open(file)))) {
            return in.readNBytes(length);
        }
    }

    @Override
    public long lastLineStart(FollowedFiles.Listed file) throws IOException {
        try (FileChannel channel = open(file)) {
            ByteBuffer chunk = ByteBuffer.allocate(BACKWARD_CHUNK);
            long end = Math.min(file.file().size(), channel.size());
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

    /**
     * The listed file, opened: still at its path after the open, it is the file opened (a rename
     * away and back between two stat calls aside).
     */
    private static FileChannel open(FollowedFiles.Listed file) throws IOException {
        Path path = LocalPaths.of(file.file().path());
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new FollowedFiles.MovedSinceListed(path.toString());
        }
        try {
            if (FileIdentity.stat(path).identity().equals(file.identity())) {
                return channel;
            }
        } catch (NoSuchFileException e) {
            // renamed away since the open
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        channel.close();
        throw new FollowedFiles.MovedSinceListed(path.toString());
    }
}
