package dev.logslice.format.detect;

/** No format, or more than one, fits the first lines of a file; the message says what to do. */
public final class FormatDetectionException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String shortReason;

    FormatDetectionException(String message, String shortReason) {
        super(message);
        this.shortReason = shortReason;
    }

    /**
     * A few words for lists of skipped files: {@code binary}, {@code no known format}, {@code
     * ambiguous format}, {@code no lines}.
     */
    public String shortReason() {
        return shortReason;
    }
}
