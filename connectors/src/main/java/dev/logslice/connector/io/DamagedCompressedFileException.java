package dev.logslice.connector.io;

import java.io.EOFException;
import java.io.IOException;
import java.util.Locale;

/**
 * A compressed file that cannot be decompressed to its end: cut short (a copy interrupted, a
 * rotation caught half-written) or with damaged bytes inside. Its own type, so that the command
 * line tells it as a damaged input the user can act on, not as a failed job.
 */
public final class DamagedCompressedFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String compression;
    private final long uncompressedBytes;
    private final boolean truncated;
    private final String reason;

    DamagedCompressedFileException(
            String file,
            Compression compression,
            long uncompressedBytes,
            String message,
            IOException cause) {
        super(message);
        this.file = file;
        this.compression = compression.displayName();
        this.uncompressedBytes = uncompressedBytes;
        this.truncated = isTruncation(cause);
        this.reason = cause.getMessage();
        // Suppressed, not chained: error reports show the root cause, and the decompressor's
        // ("Not in GZIP format") does not name the file.
        addSuppressed(cause);
    }

    /** The message for Flink's log, naming the file and where in it decompressing failed. */
    static String message(
            String file,
            Compression compression,
            long uncompressedBytes,
            long compressedBytes,
            IOException cause) {
        return "Cannot decompress "
                + file
                + " ("
                + compression.displayName()
                + ") at uncompressed byte "
                + uncompressedBytes
                + ", after "
                + compressedBytes
                + " compressed bytes: "
                + (cause.getMessage() != null
                        ? cause.getMessage()
                        : "unexpected end (a truncated file?)");
    }

    /** The file as the source names it ({@code file:/...}). */
    public String file() {
        return file;
    }

    /** The uncompressed bytes read before the damage. */
    public long uncompressedBytes() {
        return uncompressedBytes;
    }

    /** Whether the stream ends early, as a cut file's does, rather than holding garbage. */
    public boolean truncated() {
        return truncated;
    }

    /**
     * What is wrong, after the file's name as the user gave it, as {@code zcat} would say it:
     * {@code cut.gz: the gzip stream ends early (truncated?) after 123,456 uncompressed bytes}.
     */
    public String describe(String fileAsGiven) {
        String after =
                String.format(Locale.ROOT, "after %,d uncompressed bytes", uncompressedBytes);
        return fileAsGiven
                + ": the "
                + compression
                + (truncated
                        ? " stream ends early (truncated?) " + after
                        : " data is corrupt "
                                + after
                                + (reason == null ? "" : " (" + reason + ")"));
    }

    /**
     * gzip and zstd end a cut stream with an {@link EOFException} or a message saying so; bzip2
     * with a message on the stream's end.
     */
    private static boolean isTruncation(IOException cause) {
        if (cause instanceof EOFException) {
            return true;
        }
        String message =
                cause.getMessage() == null ? "" : cause.getMessage().toLowerCase(Locale.ROOT);
        return message.isEmpty()
                || message.contains("truncated")
                || message.contains("end of stream");
    }
}
