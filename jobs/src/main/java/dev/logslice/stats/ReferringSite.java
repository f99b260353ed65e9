package dev.logslice.stats;

/**
 * The site of a referrer: the host of {@code scheme://[user@]host[:port]/...}, lower-cased, as
 * GoAccess's "referring sites" list it; a referrer with no {@code ://} is kept up to its first
 * {@code /}. Works on bytes into a scratch buffer, with no {@code String} per line.
 */
final class ReferringSite {
    private byte[] site = new byte[256];

    byte[] bytes() {
        return site;
    }

    /** Writes the site of {@code b[start, end)} into {@link #bytes()}; returns its length. */
    int of(byte[] b, int start, int end) {
        int from = start;
        for (int i = start; i + 2 < end; i++) {
            if (b[i] == ':' && b[i + 1] == '/' && b[i + 2] == '/') {
                from = i + 3;
                break;
            }
            if (b[i] == '/' || b[i] == '?') {
                break;
            }
        }
        int to = from;
        while (to < end && b[to] != '/' && b[to] != '?' && b[to] != '#') {
            if (b[to] == '@') {
                from = to + 1;
            }
            to++;
        }
        int length = 0;
        if (site.length < to - from) {
            site = new byte[to - from];
        }
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c == ':' && b[from] != '[') {
                break;
            }
            site[length++] = (c >= 'A' && c <= 'Z') ? (byte) (c + 32) : c;
            if (c == ']') {
                break;
            }
        }
        return length;
    }
}
