package dev.logslice.connector.testing;

import dev.logslice.connector.io.Compression;

import com.github.luben.zstd.ZstdOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/**
 * Compressed fixtures: each part becomes its own gzip member, zstd frame, bzip2 or xz stream, and
 * the parts are concatenated, as logrotate and {@code cat a.gz b.gz} leave them.
 */
public final class Compressed {
    private Compressed() {}

    /** A compressor stream writing to the given stream. */
    private interface Compressor {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    public static byte[] gzip(byte[]... members) {
        return concatenated(GZIPOutputStream::new, members);
    }

    public static byte[] zstd(byte[]... frames) {
        return concatenated(ZstdOutputStream::new, frames);
    }

    public static byte[] bzip2(byte[]... streams) {
        return concatenated(BZip2CompressorOutputStream::new, streams);
    }

    public static byte[] xz(byte[]... streams) {
        return concatenated(XZCompressorOutputStream::new, streams);
    }

    /** {@code parts} compressed with {@code compression}, each a member, frame or stream. */
    public static byte[] with(Compression compression, byte[]... parts) {
        return switch (compression) {
            case GZIP -> gzip(parts);
            case ZSTD -> zstd(parts);
            case BZIP2 -> bzip2(parts);
            case XZ -> xz(parts);
            case NONE -> throw new IllegalArgumentException("not compressed");
        };
    }

    private static byte[] concatenated(Compressor compressor, byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try {
            for (byte[] part : parts) {
                ByteArrayOutputStream one = new ByteArrayOutputStream();
                try (OutputStream out = compressor.wrap(one)) {
                    out.write(part);
                }
                all.writeBytes(one.toByteArray());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return all.toByteArray();
    }
}
