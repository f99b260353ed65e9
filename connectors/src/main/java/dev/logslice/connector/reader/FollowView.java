package dev.logslice.connector.reader;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.io.ReadChannel;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reader that follows files sees of the file system and of time: injected, so that the state
 * machine of a followed file ({@link FollowedFile}) can be driven by a test through any order of
 * appends, renames, truncations and deletions without sleeping.
 */
@Internal
public interface FollowView {

    /** The identity and size of the file at {@code path}; null when there is none. */
    @Nullable
    FileIdentity.Stat stat(Path path) throws IOException;

    /**
     * Opens the file at {@code path}; it stays readable, by its identity, when renamed or deleted.
     */
    OpenFile open(Path path) throws IOException;

    /** The files in {@code path}'s directory, where a file renamed by rotation is looked for. */
    List<Path> siblings(Path path) throws IOException;

    /** Monotonic time. */
    long nanoTime();

    /** An open file: reads and size through the open handle, whatever its name is now. */
    interface OpenFile extends ReadChannel {
        FileIdentity identity();

        long size() throws IOException;
    }

    /** The local file system and the system clock. */
    static FollowView local(int bufferSize) {
        return new Local(bufferSize);
    }

    /** {@link FollowView} of the local file system. */
    final class Local implements FollowView {
        private final int bufferSize;

        /** One for all files: the fetch thread reads one at a time. */
        @Nullable private ByteBuffer readBuffer;

        private Local(int bufferSize) {
            this.bufferSize = bufferSize;
        }

        @Nullable
        @Override
        public FileIdentity.Stat stat(Path path) throws IOException {
            try {
                return FileIdentity.stat(path);
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        @Override
        public OpenFile open(Path path) throws IOException {
            FileChannel channel;
            FileIdentity.Stat opened;
            while (true) {
                FileIdentity.Stat before = FileIdentity.stat(path);
                channel = FileChannel.open(path, StandardOpenOption.READ);
                opened = FileIdentity.stat(path);
                if (before.identity().equals(opened.identity())) {
                    break;
                }
                channel.close(); // replaced between the two looks: look again
            }
            FileChannel size = channel;
            FileIdentity identity = opened.identity();
            if (readBuffer == null) {
                readBuffer = LocalFileReadChannel.alignedBuffer(bufferSize);
            }
            LocalFileReadChannel reads = new LocalFileReadChannel(channel, readBuffer);
            return new OpenFile() {
                @Override
                public FileIdentity identity() {
                    return identity;
                }

                @Override
                public long size() throws IOException {
                    return size.size();
                }

                @Override
                public int read(long position, byte[] target, int offset, int length)
                        throws IOException {
                    return reads.read(position, target, offset, length);
                }

                @Override
                public void close() throws IOException {
                    reads.close();
                }
            };
        }

        @Override
        public List<Path> siblings(Path path) throws IOException {
            Path directory = path.toAbsolutePath().getParent();
            List<Path> files = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
                entries.forEach(files::add);
            } catch (NoSuchFileException e) {
                return List.of();
            }
            return files;
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }
    }
}
