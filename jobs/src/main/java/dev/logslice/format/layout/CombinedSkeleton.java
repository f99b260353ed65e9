package dev.logslice.format.layout;

import dev.logslice.format.Bytes;

import javax.annotation.Nullable;

import java.util.List;

/**
 * The way the combined access log and its kin match, in straight-line code: Apache's {@code common}
 * and {@code combined}, nginx's {@code combined}, and any layout whose literals and capture shapes
 * are the same as one of theirs. Most logs are in one of these, and the generic {@link
 * LayoutMatcher} spends about a third of its time working out what to do next (benchmarks/
 * RESULTS.md, section 11).
 *
 * <p>Each delimited field ends at the first place where the literal after it matches: that is the
 * generic matcher's first try too, so when this matches it records what the generic matcher would.
 * When it does not (a request holding an unescaped {@code "} followed by a space, say), the caller
 * runs the generic search, which tries later ends and explains a failure.
 */
final class CombinedSkeleton {
    /** Apache's {@code %h %l %u [}, with the identity as a capture. */
    private static final String APACHE_HEAD = "TOKEN' 'TOKEN' 'TEXT' ['";

    /** nginx's {@code $remote_addr - $remote_user [}, with the identity as a literal dash. */
    private static final String NGINX_HEAD = "TOKEN' - 'TEXT' ['";

    /** {@code %t] "%r" %>s %b}. */
    private static final String REQUEST = "TIMESTAMP'] \"'TEXT'\" 'DIGITS' 'DIGITS_OR_DASH";

    /** {@code "%{Referer}i" "%{User-Agent}i"}. */
    private static final String HEADERS = "' \"'TEXT'\" \"'TEXT'\"'";

    private final boolean identityCaptured;
    private final boolean hasHeaders;
    private final boolean allowsTrailing;

    private CombinedSkeleton(boolean identityCaptured, boolean hasHeaders, boolean allowsTrailing) {
        this.identityCaptured = identityCaptured;
        this.hasHeaders = hasHeaders;
        this.allowsTrailing = allowsTrailing;
    }

    /** The skeleton of a layout, or null when the layout is not of this kin. */
    @Nullable
    static CombinedSkeleton of(Layout layout) {
        String signature = signature(layout);
        for (String head : List.of(APACHE_HEAD, NGINX_HEAD)) {
            for (boolean headers : new boolean[] {false, true}) {
                if (signature.equals(head + REQUEST + (headers ? HEADERS : ""))) {
                    return new CombinedSkeleton(
                            head.equals(APACHE_HEAD), headers, layout.allowsTrailing());
                }
            }
        }
        return null;
    }

    /**
     * Literals quoted, captures by shape; a capture with a width limit or trimming, which the
     * straight-line match does not apply, spoils the signature.
     */
    private static String signature(Layout layout) {
        StringBuilder signature = new StringBuilder();
        for (LayoutPart part : layout.parts()) {
            if (part instanceof Literal) {
                signature.append('\'').append(((Literal) part).text()).append('\'');
            } else {
                Capture capture = (Capture) part;
                signature.append(capture.shape);
                if (capture.maxWidth != Integer.MAX_VALUE || capture.trim) {
                    signature.append('!');
                }
            }
        }
        return signature.toString();
    }

    /**
     * Whether {@code b[pos, end)} matches taking the first end of each delimited field; records the
     * captures in {@code matcher} as it goes.
     */
    boolean match(LayoutMatcher matcher, byte[] b, int pos, int end) {
        int capture = 0;
        int p = tokenEnd(b, pos, end);
        if (p < 0) {
            return false;
        }
        matcher.record(capture++, pos, p);
        pos = Bytes.skipSpaces(b, p + 1, end);
        if (identityCaptured) {
            p = tokenEnd(b, pos, end);
            if (p < 0) {
                return false;
            }
            matcher.record(capture++, pos, p);
            pos = Bytes.skipSpaces(b, p + 1, end);
        } else {
            if (pos + 1 >= end || b[pos] != '-' || b[pos + 1] != ' ') {
                return false;
            }
            pos = Bytes.skipSpaces(b, pos + 2, end);
        }

        // The user ends at the first space before spaces and a '['.
        int user = pos;
        int afterBracket = -1;
        for (int from = pos; afterBracket < 0; ) {
            p = Bytes.indexOf(b, from, end, (byte) ' ');
            if (p < 0) {
                return false;
            }
            // A space between p and from would find the same non-'[' byte.
            from = Bytes.skipSpaces(b, p + 1, end);
            if (from < end && b[from] == '[') {
                afterBracket = from + 1;
            }
        }
        matcher.record(capture++, user, p);

        pos = matcher.scanTimestamp(capture, afterBracket);
        if (pos < 0) {
            return false;
        }
        matcher.record(capture++, afterBracket, pos);
        if (pos + 1 >= end || b[pos] != ']' || b[pos + 1] != ' ') {
            return false;
        }
        pos = Bytes.skipSpaces(b, pos + 2, end);
        if (pos >= end || b[pos] != '"') {
            return false;
        }

        int request = pos + 1;
        p = closingQuote(b, request, end, false);
        if (p < 0) {
            return false;
        }
        matcher.record(capture++, request, p);
        pos = Bytes.skipSpaces(b, p + 2, end);

        p = Shape.DIGITS.scan(b, pos, end);
        if (p < 0 || p >= end || b[p] != ' ') {
            return false;
        }
        matcher.record(capture++, pos, p);
        pos = Bytes.skipSpaces(b, p + 1, end);
        p = Shape.DIGITS_OR_DASH.scan(b, pos, end);
        if (p < 0) {
            return false;
        }
        matcher.record(capture++, pos, p);
        pos = p;

        if (hasHeaders) {
            if (pos >= end || b[pos] != ' ') {
                return false;
            }
            pos = Bytes.skipSpaces(b, pos + 1, end);
            if (pos >= end || b[pos] != '"') {
                return false;
            }
            int referrer = pos + 1;
            p = closingQuote(b, referrer, end, true);
            if (p < 0) {
                return false;
            }
            matcher.record(capture++, referrer, p);
            // closingQuote checked that spaces and a quote follow.
            int userAgent = Bytes.skipSpaces(b, p + 2, end) + 1;
            p = closingQuote(b, userAgent, end);
            if (p < 0) {
                return false;
            }
            matcher.record(capture, userAgent, p);
            pos = p + 1;
        }
        return allowsTrailing || matcher.onlyBlanks(pos);
    }

    /** The first space after a token at {@code pos}, or -1 when a tab comes first or none. */
    private static int tokenEnd(byte[] b, int pos, int end) {
        int space = Bytes.indexOf(b, pos, end, (byte) ' ');
        return space >= 0 && Shape.hasNoBlank(b, pos, space) ? space : -1;
    }

    /** The first unescaped quote of a value starting at {@code value}, or -1. */
    private static int closingQuote(byte[] b, int value, int end) {
        for (int p = value; (p = Bytes.indexOf(b, p, end, (byte) '"')) >= 0; p++) {
            if (!Literal.isEscaped(b, value, p)) {
                return p;
            }
        }
        return -1;
    }

    /**
     * The first unescaped quote of a value starting at {@code value} that a space follows, and
     * then, when {@code quoteAfterSpaces}, more spaces and a quote; or -1.
     */
    private static int closingQuote(byte[] b, int value, int end, boolean quoteAfterSpaces) {
        for (int p = value; (p = Bytes.indexOf(b, p, end, (byte) '"')) >= 0; p++) {
            if (p + 1 < end && b[p + 1] == ' ' && !Literal.isEscaped(b, value, p)) {
                if (!quoteAfterSpaces) {
                    return p;
                }
                int next = Bytes.skipSpaces(b, p + 2, end);
                if (next < end && b[next] == '"') {
                    return p;
                }
            }
        }
        return -1;
    }
}
