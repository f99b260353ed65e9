package dev.logslice.format.layout;

/**
 * How far a captured value reaches. Delimited shapes end where the next literal matches (trying
 * later matches when the rest of the layout fails); the others scan their own characters.
 */
public enum Shape {
    /** Any bytes up to the next literal. */
    TEXT(true),
    /**
     * Any bytes up to the next literal but a {@code "] ["}, which would close a bracket and open
     * the next: what a layout puts in brackets side by side ({@code [%X{app}] [%t]}), where a
     * thread name may hold brackets of its own ({@code pool-3 [worker] (7)}) but never that.
     */
    BRACKETED(true),
    /** Bytes without spaces or tabs up to the next literal. */
    TOKEN(true),
    /**
     * A host name or address ({@code 10.0.0.2}, {@code 2001:db8::1}, {@code fe80::1%eth0}): a token
     * without commas or quotes, so that an {@code X-Forwarded-For} list is never one.
     */
    ADDRESS(true),
    /**
     * Addresses separated by commas, as {@code X-Forwarded-For} holds them ({@code 10.0.0.2,
     * 127.0.0.1}): no quotes, and blanks only after a comma.
     */
    ADDRESS_LIST(true),
    /**
     * What nginx's {@code $upstream_*} variables hold: a value per upstream tried, {@code ", "}
     * between tries and {@code " : "} between internal redirects ({@code 0.050, 0.055 : 0.010}). No
     * quotes, blanks only in those separators, and no value ends in one: a list never takes the
     * first value of the field after it.
     */
    UPSTREAM_LIST(true),
    /** Letters, digits, {@code _ $ .}: a Java class name. */
    JAVA_NAME(false),
    /** Letters, like a level. */
    WORD(false),
    /** One to 18 digits. */
    DIGITS(false),
    /** Exactly three digits, as {@link dev.logslice.format.HttpStatus} says a status is. */
    STATUS(false),
    /** Digits or a {@code -}. */
    DIGITS_OR_DASH(false),
    /** A decimal number ({@code 0.123}) or a {@code -}. */
    DECIMAL_OR_DASH(false),
    /** A timestamp of the capture's pattern. */
    TIMESTAMP(false);

    private final boolean delimited;

    Shape(boolean delimited) {
        this.delimited = delimited;
    }

    /** Whether the value ends at the next literal rather than where its characters end. */
    public boolean isDelimited() {
        return delimited;
    }

    /** For scanned shapes but TIMESTAMP: the end of the value at {@code pos}, or -1. */
    int scan(byte[] b, int pos, int end) {
        int i = pos;
        switch (this) {
            case JAVA_NAME:
                while (i < end && isJavaNameChar(b[i])) {
                    i++;
                }
                break;
            case WORD:
                while (i < end && isLetter(b[i])) {
                    i++;
                }
                break;
            case DIGITS_OR_DASH:
            case DECIMAL_OR_DASH:
                if (i < end && b[i] == '-') {
                    return i + 1;
                }
                i = digits(b, i, end);
                if (this == DECIMAL_OR_DASH
                        && i > pos
                        && i + 1 < end
                        && b[i] == '.'
                        && isDigit(b[i + 1])) {
                    i = digits(b, i + 1, end);
                }
                break;
            case STATUS:
                i = digits(b, i, end);
                return i - pos == 3 ? i : -1;
            default:
                i = digits(b, i, end);
        }
        return i > pos ? i : -1;
    }

    /**
     * For delimited shapes: whether {@code b[from, to)} may be part of a value that starts at
     * {@code valueStart}; a value is checked piece by piece as its candidate ends move on.
     */
    boolean allows(byte[] b, int valueStart, int from, int to) {
        switch (this) {
            case BRACKETED:
                // From two bytes back: a "] [" may straddle the pieces.
                for (int i = Math.max(valueStart, from - 2); i + 2 < to; i++) {
                    if (b[i] == ']' && b[i + 1] == ' ' && b[i + 2] == '[') {
                        return false;
                    }
                }
                return true;
            case TOKEN:
                return hasNoBlank(b, from, to);
            case ADDRESS:
                for (int i = from; i < to; i++) {
                    if (isBlank(b[i]) || b[i] == ',' || b[i] == '"') {
                        return false;
                    }
                }
                return true;
            case ADDRESS_LIST:
                for (int i = from; i < to; i++) {
                    if (b[i] == '"'
                            || (isBlank(b[i]) && (i == valueStart || !isListSeparator(b[i - 1])))) {
                        return false;
                    }
                }
                return true;
            case UPSTREAM_LIST:
                for (int i = from; i < to; i++) {
                    if (b[i] == '"'
                            || (isBlank(b[i]) && !inUpstreamSeparator(b, valueStart, i, to))) {
                        return false;
                    }
                }
                return true;
            default:
                return true;
        }
    }

    /**
     * For delimited shapes: whether a value may end at {@code to}, where the next literal matches;
     * when not, a later match is tried. A list does not end in a separator, nor before {@code " :
     * "}: the next field would take a value of the list.
     */
    boolean mayEnd(byte[] b, int valueStart, int to, int end) {
        if (this != UPSTREAM_LIST || to == valueStart) {
            return true;
        }
        byte last = b[to - 1];
        return last != ','
                && !isBlank(last)
                && !(last == ':' && to - 2 > valueStart && b[to - 2] == ' ')
                && !(to + 2 < end && b[to] == ' ' && b[to + 1] == ':' && b[to + 2] == ' ');
    }

    /**
     * Whether the byte at {@code i} of a value in {@code [valueStart, to)} is a blank of {@code ",
     * "} or {@code " : "}.
     */
    private static boolean inUpstreamSeparator(byte[] b, int valueStart, int i, int to) {
        if (i <= valueStart || b[i] != ' ') {
            return false;
        }
        return b[i - 1] == ','
                || (i + 1 < to && b[i + 1] == ':')
                || (i - 2 >= valueStart && b[i - 1] == ':' && b[i - 2] == ' ');
    }

    /** After a comma, or after the blanks that follow one. */
    private static boolean isListSeparator(byte c) {
        return c == ',' || isBlank(c);
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }

    /** For TOKEN: whether {@code b[start, end)} may be a value. */
    static boolean hasNoBlank(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (b[i] == ' ' || b[i] == '\t') {
                return false;
            }
        }
        return true;
    }

    /**
     * The end of the digits at {@code i}; -1 when there are more than 18, which a long cannot hold:
     * such a number is no value of a shape, rather than its first 18 digits.
     */
    private static int digits(byte[] b, int i, int end) {
        int limit = Math.min(end, i + 18);
        while (i < limit && isDigit(b[i])) {
            i++;
        }
        return i < end && isDigit(b[i]) ? -1 : i;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isJavaNameChar(byte c) {
        return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.';
    }
}
