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
    private final String whatIsWrong;

    DamagedCompressedFileException(
            String file,
            Compression compression,
            long uncompressedBytes,
            String message,
            IOException cause) {
        super(message);
        this.file = file;
        String after =
                String.format(Locale.ROOT, "after %,d uncompressed bytes", uncompressedBytes);
        this.whatIsWrong =
                "the "
                        + compression.displayName()
                        + (isTruncation(cause)
                                ? " stream ends early (truncated?) " + after
                                : " data is corrupt "
                                        + after
                                        + (cause.getMessage() == null
                                                ? ""
                                                : " (" + cause.getMessage() + ")"));
        // Suppressed, not chained: error reports show the root cause, and the decompressor's
        // ("Not in GZIP format") does not name the file.
        addSuppressed(cause);
    }

    /**
     * The damage a reader found and its split's report tells ({@link
     * dev.logslice.connector.source.SplitReport.FileRead#damage()}), for a consumer that cannot
     * give a partial answer and so fails as the read once did.
     */
    public DamagedCompressedFileException(String file, String whatIsWrong) {
        super("Cannot decompress " + file + ": " + whatIsWrong);
        this.file = file;
        this.whatIsWrong = whatIsWrong;
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

    /**
     * What is wrong, after the file's name as the user gave it, as {@code zcat} would say it:
     * {@code cut.gz: the gzip stream ends early (truncated?) after 123,456 uncompressed bytes}.
     */
    public String describe(String fileAsGiven) {
        return fileAsGiven + ": " + whatIsWrong;
    }

    /**
     * {@link #describe} without the file's name: {@code the gzip stream ends early (truncated?)
     * after 123,456 uncompressed bytes} for a cut file, {@code the gzip data is corrupt after ...
     * (REASON)} for garbage inside.
     */
    public String whatIsWrong() {
        return whatIsWrong;
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
