package dev.logslice.format;

/**
 * What a status field may hold and which statuses are errors, the same for every format. A status
 * is three digits ({@code 000} to {@code 999}): nginx logs {@code 000} for a request answered with
 * nothing and {@code 009} for HTTP/0.9, and systems past HTTP use 600 to 999 (RFC 9110, section
 * 15), so those are kept as logged; a value of more or fewer digits is no status.
 */
public final class HttpStatus {
    private HttpStatus() {}

    /** Whether a number may be a status. */
    public static boolean isStatus(long value) {
        return value >= 0 && value <= 999;
    }

    /**
     * Whether a status is an error: the 5xx class only, as {@code --status 5xx} selects and the
     * status panel shows it; 6xx to 9xx are shown as their own classes.
     */
    public static boolean isError(long status) {
        return status / 100 == 5;
    }
}
