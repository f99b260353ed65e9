package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;

/**
 * The uncompressed bytes of a compressed file as a {@link ReadChannel}: positions are offsets in
 * the uncompressed stream. The file is read in blocks of the read buffer's size, and those read
 * calls, not the reads of uncompressed bytes, are counted in {@link #fileReads()}.
 *
 * <p>Reads go forward only. A read at a later position decompresses and drops the bytes before it:
 * that is how a split restored from a checkpoint gets back to its uncompressed offset, since a
 * compressed stream cannot be entered in the middle.
 *
 * <p>A failure to decompress (a corrupt or truncated file) ends the stream where it happens, as
 * {@code zcat} does: the bytes before it are read, and {@link #damage()} tells what is wrong, so
 * that one damaged archive among many costs its own rest, not the whole answer. A corrupt gzip
 * member is often found only at its end, by its checksum: the bytes before it were read then. A
 * failure to read the file itself is thrown.
 */
@Internal
public final class DecompressingReadChannel implements ReadChannel {
    private static final int SKIP_CHUNK = 64 * 1024;

    private final String fileName;
    private final Compression compression;
    private final long compressedSize;
    private final ReadCounts fileReads = new ReadCounts();
    private final BlockInputStream compressed;
    private InputStream decompressed;
    private long position;
    @Nullable private DamagedCompressedFileException damage;

    /**
     * @param file the compressed file
     * @param compressedSize bytes of the file to read: its size when the job started
     * @param blockSize bytes asked for by each read call on the file
     */
    public DecompressingReadChannel(
            ReadChannel file,
            String fileName,
            Compression compression,
            long compressedSize,
            int blockSize) {
        this.fileName = fileName;
        this.compression = compression;
        this.compressedSize = compressedSize;
        this.compressed =
                new BlockInputStream(
                        new CountingReadChannel(file, fileReads),
                        fileName,
                        compressedSize,
                        blockSize);
    }

    public Compression compression() {
        return compression;
    }

    /** The read calls made on the compressed file so far. */
    public ReadCounts fileReads() {
        return fileReads;
    }

    /** What ended the stream before its end, or null while it is whole. */
    @Nullable
    public DamagedCompressedFileException damage() {
        return damage;
    }

    @Override
    public int read(long targetPosition, byte[] target, int offset, int length) throws IOException {
        if (targetPosition < position) {
            throw new IllegalArgumentException(
                    "cannot go back to " + targetPosition + " in the stream at " + position);
        }
        if (compressedSize == 0 || damage != null) {
            // An empty file (logrotate leaves some) holds no lines; it has no header to check.
            return -1;
        }
        try {
            if (decompressed == null) {
                // Opening reads the first header, so it fails here, in a read, with the file's
                // name.
                decompressed = compression.decompress(compressed);
            }
            if (!skipTo(targetPosition)) {
                return -1;
            }
            int n = decompressed.read(target, offset, length);
            if (n > 0) {
                position += n;
            }
            return n;
        } catch (IOException e) {
            String message =
                    DamagedCompressedFileException.message(
                            fileName, compression, position, fileReads.bytes(), e);
            if (compressed.failed()) {
                IOException named = new IOException(message);
                named.addSuppressed(e);
                throw named;
            }
            damage =
                    new DamagedCompressedFileException(fileName, compression, position, message, e);
            return -1;
        }
    }

    /** Decompresses and drops bytes up to {@code target}; false when the stream ends before. */
    private boolean skipTo(long target) throws IOException {
        byte[] scratch = null;
        while (position < target) {
            if (scratch == null) {
                scratch = new byte[SKIP_CHUNK];
            }
            int n = decompressed.read(scratch, 0, (int) Math.min(SKIP_CHUNK, target - position));
            if (n < 0) {
                return false;
            }
            position += n;
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        if (decompressed != null) {
            decompressed.close();
        } else {
            compressed.close();
        }
    }
}
