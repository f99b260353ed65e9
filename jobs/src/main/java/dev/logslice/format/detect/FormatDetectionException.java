package dev.logslice.format.detect;

/** No format, or more than one, fits the first lines of a file; the message says what to do. */
public final class FormatDetectionException extends Exception {
    private static final long serialVersionUID = 1L;

    FormatDetectionException(String message) {
        super(message);
    }
}
