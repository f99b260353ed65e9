package dev.logslice.format.layout;

import dev.logslice.format.Bytes;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * The way the combined access log and its kin match, in straight-line code: Apache's {@code
 * common}, {@code combined} and {@code vcombined}, nginx's {@code combined} and {@code main}, and
 * any layout that begins with the same literals and capture shapes as one of them, whatever
 * follows. Most access logs are in one of these, and the generic {@link LayoutMatcher} spends about
 * a third of their parse time working out what to do next (benchmarks/RESULTS.md, section 12).
 *
 * <p>The skeleton matches the layout's first parts, taking for each delimited field the first end
 * where the literal after it matches: that is the generic search's first try too, so the generic
 * search goes on from where the skeleton stops, and whatever they match together is what the
 * generic search alone would. When they do not match (a request holding an unescaped {@code "}
 * followed by a space, say), the generic search starts again from the beginning: it tries later
 * ends and explains a failure.
 */
final class CombinedSkeleton {
    /** Apache's {@code %v:%p } before {@code %h} in {@code vcombined}: virtual host and port. */
    private static final List<String> VIRTUAL_HOST = List.of("TOKEN", "':'", "DIGITS", "' '");

    /** Apache's {@code %h %l %u [}, with the identity a capture. */
    private static final List<String> APACHE_HEAD =
            List.of("ADDRESS", "' '", "TOKEN", "' '", "TOKEN", "' ['");

    /** nginx's {@code $remote_addr - $remote_user [}, with the identity a literal dash. */
    private static final List<String> NGINX_HEAD = List.of("ADDRESS", "' - '", "TOKEN", "' ['");

    /** {@code %t] "%r" %>s %b}. */
    private static final List<String> REQUEST =
            List.of("TIMESTAMP", "'] \"'", "TEXT", "'\" '", "STATUS", "' '", "DIGITS_OR_DASH");

    /**
     * {@code "%{Referer}i" "%{User-Agent}i"}, the agent ending at a literal that starts with a
     * quote, as {@code "} or {@code " "} before another quoted field.
     */
    private static final List<String> HEADERS = List.of("' \"'", "TEXT", "'\" \"'", "TEXT");

    private final boolean virtualHost;
    private final boolean identityCaptured;

    /** The literal that ends the user agent, when the skeleton reaches that far. */
    @Nullable private final Literal afterUserAgent;

    /** How many of the layout's parts the skeleton matches. */
    private final int parts;

    /** Candidate ends the generic search would have tried in those parts: one per field. */
    private final int delimitedFields;

    private CombinedSkeleton(
            boolean virtualHost,
            boolean identityCaptured,
            @Nullable Literal afterUserAgent,
            int parts,
            int delimitedFields) {
        this.virtualHost = virtualHost;
        this.identityCaptured = identityCaptured;
        this.afterUserAgent = afterUserAgent;
        this.parts = parts;
        this.delimitedFields = delimitedFields;
    }

    /** The skeleton of a layout, or null when the layout does not begin like the combined kin. */
    @Nullable
    static CombinedSkeleton of(Layout layout) {
        List<String> signature = signature(layout);
        boolean virtualHost = startsWith(signature, VIRTUAL_HOST);
        for (List<String> head : List.of(APACHE_HEAD, NGINX_HEAD)) {
            List<String> request = concat(virtualHost ? VIRTUAL_HOST : List.of(), head, REQUEST);
            if (!startsWith(signature, request)) {
                continue;
            }
            List<String> headers = concat(request, HEADERS);
            boolean withHeaders =
                    startsWith(signature, headers)
                            && signature.size() > headers.size()
                            && signature.get(headers.size()).startsWith("'\"");
            int parts = withHeaders ? headers.size() + 1 : request.size();
            int delimitedFields = 0;
            for (int i = 0; i < parts; i++) {
                if (layout.parts()[i] instanceof Capture
                        && ((Capture) layout.parts()[i]).shape.isDelimited()) {
                    delimitedFields++;
                }
            }
            return new CombinedSkeleton(
                    virtualHost,
                    head == APACHE_HEAD,
                    withHeaders ? (Literal) layout.parts()[headers.size()] : null,
                    parts,
                    delimitedFields);
        }
        return null;
    }

    /** How many of the layout's parts {@link #match} matches. */
    int parts() {
        return parts;
    }

    /** Candidate ends the generic search would have tried to get as far as {@link #match}. */
    int delimitedFields() {
        return delimitedFields;
    }

    /**
     * Literals quoted, captures by shape; a capture with a width limit or trimming, which the
     * straight-line match does not apply, spoils the signature.
     */
    private static List<String> signature(Layout layout) {
        List<String> signature = new ArrayList<>();
        for (LayoutPart part : layout.parts()) {
            if (part instanceof Literal) {
                signature.add('\'' + ((Literal) part).text() + '\'');
            } else {
                Capture capture = (Capture) part;
                boolean plain = capture.maxWidth == Integer.MAX_VALUE && !capture.trim;
                signature.add(capture.shape + (plain ? "" : "!"));
            }
        }
        return signature;
    }

    private static boolean startsWith(List<String> list, List<String> prefix) {
        return list.size() >= prefix.size() && list.subList(0, prefix.size()).equals(prefix);
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        List<String> all = new ArrayList<>();
        for (List<String> list : lists) {
            all.addAll(list);
        }
        return all;
    }

    /**
     * Matches the skeleton's parts at {@code pos}, taking the first end of each delimited field,
     * and records the captures in {@code matcher} as it goes.
     *
     * @return the index after the skeleton's parts, or -1 when they do not match that way
     */
    int match(LayoutMatcher matcher, byte[] b, int pos, int end) {
        int capture = 0;
        int p;
        if (virtualHost) {
            p = Bytes.indexOf(b, pos, end, (byte) ':');
            if (p < 0 || !Shape.hasNoBlank(b, pos, p)) {
                return -1;
            }
            matcher.record(capture++, pos, p);
            pos = p + 1;
            p = Shape.DIGITS.scan(b, pos, end);
            if (p < 0 || p >= end || b[p] != ' ') {
                return -1;
            }
            matcher.record(capture++, pos, p);
            pos = Bytes.skipSpaces(b, p + 1, end);
        }
        p = addressEnd(b, pos, end);
        if (p < 0) {
            return -1;
        }
        matcher.record(capture++, pos, p);
        pos = Bytes.skipSpaces(b, p + 1, end);
        if (identityCaptured) {
            p = tokenEnd(b, pos, end);
            if (p < 0) {
                return -1;
            }
            matcher.record(capture++, pos, p);
            pos = Bytes.skipSpaces(b, p + 1, end);
        } else {
            if (pos + 1 >= end || b[pos] != '-' || b[pos + 1] != ' ') {
                return -1;
            }
            pos = Bytes.skipSpaces(b, pos + 2, end);
        }

        // The user is a token: it ends at the first space, and spaces and a '[' follow.
        int user = pos;
        p = tokenEnd(b, pos, end);
        if (p < 0) {
            return -1;
        }
        int afterBracket = Bytes.skipSpaces(b, p + 1, end);
        if (afterBracket >= end || b[afterBracket++] != '[') {
            return -1;
        }
        matcher.record(capture++, user, p);

        pos = matcher.scanTimestamp(capture, afterBracket);
        if (pos < 0) {
            return -1;
        }
        matcher.record(capture++, afterBracket, pos);
        if (pos + 1 >= end || b[pos] != ']' || b[pos + 1] != ' ') {
            return -1;
        }
        pos = Bytes.skipSpaces(b, pos + 2, end);
        if (pos >= end || b[pos] != '"') {
            return -1;
        }

        int request = pos + 1;
        p = closingQuote(b, request, end, false);
        if (p < 0) {
            return -1;
        }
        matcher.record(capture++, request, p);
        pos = Bytes.skipSpaces(b, p + 2, end);

        p = Shape.STATUS.scan(b, pos, end);
        if (p < 0 || p >= end || b[p] != ' ') {
            return -1;
        }
        matcher.record(capture++, pos, p);
        pos = Bytes.skipSpaces(b, p + 1, end);
        p = Shape.DIGITS_OR_DASH.scan(b, pos, end);
        if (p < 0) {
            return -1;
        }
        matcher.record(capture++, pos, p);
        pos = p;

        if (afterUserAgent != null) {
            if (pos >= end || b[pos] != ' ') {
                return -1;
            }
            pos = Bytes.skipSpaces(b, pos + 1, end);
            if (pos >= end || b[pos] != '"') {
                return -1;
            }
            int referrer = pos + 1;
            p = closingQuote(b, referrer, end, true);
            if (p < 0) {
                return -1;
            }
            matcher.record(capture++, referrer, p);
            // closingQuote checked that spaces and a quote follow.
            int userAgent = Bytes.skipSpaces(b, p + 2, end) + 1;
            p = afterUserAgent.find(b, userAgent, end, userAgent);
            if (p < 0) {
                return -1;
            }
            matcher.record(capture, userAgent, p);
            pos = afterUserAgent.matchAt(b, p, end);
        }
        return pos;
    }

    /**
     * The first space after an address at {@code pos}, or -1 when none, or a tab, comma or quote
     * comes first (as {@link Shape#ADDRESS} allows).
     */
    private static int addressEnd(byte[] b, int pos, int end) {
        for (int i = pos; i < end; i++) {
            byte c = b[i];
            if (c == ' ') {
                return i;
            }
            if (c == '\t' || c == ',' || c == '"') {
                return -1;
            }
        }
        return -1;
    }

    /** The first space after a token at {@code pos}, or -1 when a tab comes first or none. */
    private static int tokenEnd(byte[] b, int pos, int end) {
        int space = Bytes.indexOf(b, pos, end, (byte) ' ');
        return space >= 0 && Shape.hasNoBlank(b, pos, space) ? space : -1;
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
