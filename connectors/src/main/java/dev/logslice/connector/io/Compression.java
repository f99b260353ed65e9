package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The compressions a log file may have, told by its name's extension. A compressed file is one
 * split: its lines can only be found by decompressing from the start.
 *
 * <p>Not Flink's {@code StandardDeCompressors}: its bzip2 stream stops after the first of several
 * concatenated streams (as {@code pbzip2} writes them) and its gzip stream refills 512 bytes at a
 * time.
 */
@Internal
public enum Compression {
    NONE("none", ""),
    /** Several concatenated members (logrotate, {@code cat a.gz b.gz}) are one stream. */
    GZIP("gzip", ".gz"),
    /** Several concatenated frames are one stream. */
    ZSTD("zstd", ".zst"),
    /** Several concatenated streams are one stream. */
    BZIP2("bzip2", ".bz2"),
    /** Several concatenated streams are one stream. */
    XZ("xz", ".xz");

    /**
     * Compressions of logs this enum does not read, by extension: their bytes are never read as
     * lines (they would be garbage, and rarely hold the NUL byte that tells a binary file).
     */
    private static final Map<String, String> NOT_READ =
            Map.of(
                    ".lzma", "lzma",
                    ".lz4", "lz4",
                    ".lz", "lzip",
                    ".zip", "zip",
                    ".7z", "7z",
                    ".br", "brotli",
                    ".deflate", "deflate");

    /** Bytes {@link #ofFirstBytes} needs to tell every compression. */
    public static final int MAGIC_BYTES = 6;

    /** Bytes the gzip inflater takes from the (already block-buffered) file stream at a time. */
    private static final int GZIP_INPUT_CHUNK = 64 * 1024;

    private final String displayName;
    private final String extension;

    Compression(String displayName, String extension) {
        this.displayName = displayName;
        this.extension = extension;
    }

    /** The compression a file's name tells, {@link #NONE} when no known extension ends it. */
    public static Compression ofFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (Compression compression : values()) {
            if (compression != NONE && lower.endsWith(compression.extension)) {
                return compression;
            }
        }
        return NONE;
    }

    /**
     * The compression whose magic number starts {@code head[0, length)}, {@link #NONE} when none
     * does: for a stream, which has no name to tell it.
     */
    public static Compression ofFirstBytes(byte[] head, int length) {
        if (startsWith(head, length, 0x1f, 0x8b)) {
            return GZIP;
        }
        if (startsWith(head, length, 0x28, 0xb5, 0x2f, 0xfd)) {
            return ZSTD;
        }
        if (startsWith(head, length, 'B', 'Z', 'h')
                && length > 3
                && head[3] >= '1'
                && head[3] <= '9') {
            return BZIP2;
        }
        if (startsWith(head, length, 0xfd, '7', 'z', 'X', 'Z', 0x00)) {
            return XZ;
        }
        return NONE;
    }

    private static boolean startsWith(byte[] head, int length, int... magic) {
        if (length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((head[i] & 0xff) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** The extension a file of this compression is named with ({@code .gz}); empty for none. */
    public String extension() {
        return extension;
    }

    /**
     * The compression a file's name tells that is not read ({@code lz4}, {@code zip}...), or null.
     */
    @Nullable
    public static String notReadOfFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        int dot = lower.lastIndexOf('.');
        return dot < 0 ? null : NOT_READ.get(lower.substring(dot));
    }

    /**
     * The name reports use: {@code none}, {@code gzip}, {@code zstd}, {@code bzip2}, {@code xz}.
     */
    public String displayName() {
        return displayName;
    }

    public boolean isCompressed() {
        return this != NONE;
    }

    /** The uncompressed bytes of {@code compressed}; closing the result closes it. */
    public InputStream decompress(InputStream compressed) throws IOException {
        switch (this) {
            case GZIP:
                return new GZIPInputStream(compressed, GZIP_INPUT_CHUNK);
            case ZSTD:
                // NoFinalizer: the native context is freed on close, not left to the GC.
                return new ZstdInputStreamNoFinalizer(compressed);
            case BZIP2:
                return new BZip2CompressorInputStream(compressed, true);
            case XZ:
                return new XZCompressorInputStream(compressed, true);
            default:
                return compressed;
        }
    }
}
