package dev.logslice.cli;

import javax.annotation.Nullable;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Where commands that write lines write them: stdout or {@code --out FILE}, maybe cut short. */
final class Outputs {
    private Outputs() {}

    /** {@code --out FILE} (created or truncated), or stdout when null. */
    static WritableByteChannel open(@Nullable Path out) throws IOException {
        if (out == null) {
            return new FileOutputStream(FileDescriptor.out).getChannel();
        }
        return FileChannel.open(
                out,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** A channel that passes the first {@code lines} lines on and drops the rest. */
    static WritableByteChannel firstLines(WritableByteChannel target, long lines) {
        return new WritableByteChannel() {
            private long left = lines;

            @Override
            public int write(ByteBuffer source) throws IOException {
                int offered = source.remaining();
                int end = source.position();
                while (left > 0 && end < source.limit()) {
                    if (source.get(end++) == '\n') {
                        left--;
                    }
                }
                ByteBuffer kept = source.duplicate().limit(end);
                while (kept.hasRemaining()) {
                    target.write(kept);
                }
                source.position(source.limit());
                return offered;
            }

            @Override
            public boolean isOpen() {
                return target.isOpen();
            }

            @Override
            public void close() throws IOException {
                target.close();
            }
        };
    }
}
